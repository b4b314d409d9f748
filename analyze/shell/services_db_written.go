package shell

import "strings"

// SQL files written on the line, then run by a database client: psql -f
// q.sql, mysql db < q.sql. A file whose text the line wrote (printf …
// > q.sql, a here-document) is judged as the SQL and client commands it
// holds. One written from another program's output (python3 gen.py >
// q.sql) holds statements nobody has seen: the client runs them all the
// same, so a person confirms, told so; what a filter's literal program
// put in it (sed 's/…/DROP TABLE users/' a.sql > q.sql) is judged as the
// statements it is.

// unseenClientInput judges a client reading, on its standard input, a
// file the line wrote with content only known when it runs.
func unseenClientInput(c *Cmd, r *report, in stream, judge func(*Cmd, *report, string)) {
	if !clientReadsStdin(c) {
		return
	}
	r.mutates()
	if dumpProducer(in.what) {
		return // a dump of a database restored: its own statements
	}
	name := in.written
	if cwd, ok := c.Resolve("."); ok && strings.HasPrefix(name, cwd+"/") {
		name = strings.TrimPrefix(name, cwd+"/")
	}
	r.add(c.find(svcDBScriptFile, "Runs the commands in "+name+" with "+c.Name+"; this command line wrote that file from "+
		producedBy(in.what)+", only known when it runs, so what they change cannot be checked.", name))
	if strings.TrimSpace(in.inserted) != "" {
		judge(c, r, in.inserted)
	}
}

// writtenSQLFile judges the file f that a client runs with its file
// option (psql -f) when this line or the session wrote it, and reports
// whether it did.
func writtenSQLFile(c *Cmd, r *report, f string) bool {
	abs, ok := c.Resolve(f)
	if !ok {
		return false
	}
	fc, had := r.fl().files[abs]
	if !had || fc.from != "" {
		return false
	}
	switch fc.kind {
	case streamLiteral, streamDecoded:
		r.mutates()
		if fc.partial {
			return false // only an edit's new text is known: the rest runs unread
		}
		svcClientStdin(c, r, fc.text)
		return true
	case streamUnknown:
		r.mutates()
		if dumpProducer(fc.what) {
			return false // a dump restored: judged as any SQL file is
		}
		r.add(c.find(svcDBScriptFile, "Runs the SQL in "+f+" with "+c.Name+"; this command line wrote that file from "+
			producedBy(fc.what)+", only known when it runs, so what it changes cannot be checked.", f))
		if strings.TrimSpace(fc.inserted) != "" {
			svcClientStdin(c, r, fc.inserted)
		}
		return true
	}
	return false
}

// producedBy names where a file's unknown content came from.
func producedBy(what string) string {
	w := strings.TrimPrefix(what, "the output of ")
	if w == "a command's output" || w == "" {
		return "another program's output"
	}
	return "the output of " + truncateText(w, 60)
}

// dumpProducer reports content written by a database dump program
// (pg_dump, mysqldump…), which prints a database's own content as SQL:
// what it writes is the database's statements, restored as they were.
func dumpProducer(what string) bool {
	w := strings.TrimPrefix(what, "the output of ")
	name, _, _ := strings.Cut(w, " ")
	switch name {
	case "pg_dump", "pg_dumpall", "mysqldump", "mariadb-dump", "mysqlpump":
		return true
	}
	return false
}
