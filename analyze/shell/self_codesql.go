package shell

import (
	"strings"

	"github.com/actionguard/actionguard/analyze/sql"
)

// SQL that inline code hands to SQLite opens files too: ATTACH and VACUUM
// INTO name a database with an expression (char(47, …), 'a' || 'b',
// printf, replace), and the code builds the SQL text with its own string
// functions ("UP" + "DATE", ''.join, .format, %, f-strings, chr(),
// reversed slices, base64, Perl's . and x and sprintf, Ruby's + and %).
// The code's strings are evaluated (interp_eval.go), the SQL's names
// folded (analyze/sql/fold.go): a name that folds to actionguard's
// database or state is blocked, a name known only when the code runs in
// code that changes data waits for a person.

// reCodeSQLCall finds the calls that run SQL through a database handle.
var reCodeSQLCall = lazyRegexp(`(?:\.|->|::)\s*(execute|executescript|executemany|execute_batch|execute_batch2|exec|do|prepare|prepare_cached|query|run|all|get|each|selectall_arrayref|selectall_hashref|selectrow_array|selectrow_arrayref|selectcol_arrayref|sqlExec|dbExecute|dbGetQuery|dbSendQuery|dbSendStatement)\s*\(|\b(dbExecute|dbGetQuery|dbSendQuery|dbSendStatement)\s*\(`)

// reCodeSQLModule is code that loads a SQLite binding: only there are
// such calls SQL.
var reCodeSQLModule = lazyRegexp(`(?i)sqlite|\bDBI\b|\bapsw\b|\bSequel\b|\bExtralite\b|\bPDO\b|\bduckdb\b`)

// codeSQL judges the SQL the code runs through a database handle.
func (s *codeScan) codeSQL() {
	if !reCodeSQLModule.MatchString(s.code) {
		return
	}
	texts := s.sqlTexts()
	if len(texts) == 0 {
		return
	}
	script := strings.Join(texts, ";\n")
	writes := sql.SQLiteWrites(strings.ReplaceAll(script, unknownPart, " "))
	if memoryOnly(s.code) {
		for _, t := range texts {
			if strings.HasPrefix(strings.TrimSpace(t), unknownPart) {
				// A statement known only when it runs, on a database of
				// no file: all it can do is open one (ATTACH).
				s.w.r.mutates()
				s.w.r.add(s.c.find(ruleSelfDatabaseUnknown, "Inline "+s.name()+" code runs SQL known only when it runs on an in-memory database: it could attach actionguard's own database.", s.c.Name))
				return
			}
		}
	}
	for _, o := range sql.SQLiteOpens(script, nil) {
		if !o.Known || strings.Contains(o.Expr, unknownPart) || strings.Contains(o.Name, unknownPart) {
			if writes {
				s.w.r.mutates()
				s.w.r.add(s.c.find(ruleSelfDatabaseUnknown, "Inline "+s.name()+" code opens a database named by "+truncateText(showUnknown(o.Expr), 80)+", known only when it runs, and changes data: it could be actionguard's own database.", s.c.Name))
				return
			}
			continue
		}
		if s.judgeSQLName(o) {
			return
		}
	}
}

// sqlTexts are the values of the strings the code hands to a database
// handle's SQL calls.
func (s *codeScan) sqlTexts() []string {
	var texts []string
	for _, m := range reCodeSQLCall.FindAllStringIndex(s.code, 64) {
		args, ok := s.argsAt(m[1] - 1)
		if !ok {
			continue
		}
		for _, v := range positional(args) {
			if t := v.text(); t != "" && len(t) <= 64<<10 {
				texts = append(texts, t)
			}
		}
	}
	return texts
}

// judgeSQLName judges a database name the code's SQL folds to.
func (s *codeScan) judgeSQLName(o sql.Opened) bool {
	env := s.w.r.env
	if s.c.env != nil {
		env = s.c.env.in(s.c.Cwd)
	}
	name := sqliteFileName(o.Name)
	part := env.controlOf(name)
	if !part.ok() {
		part = env.selfReach(selfChange{name, false})
	}
	if !part.ok() {
		return false
	}
	s.w.r.mutates()
	s.w.r.add(s.c.find(ruleSelfDatabase, "Inline "+s.name()+" code opens "+part.what+" ("+truncateText(name, 120)+", from "+o.Verb+" "+truncateText(o.Expr, 80)+"): it could mark a request approved or rewrite the record.", truncateText(o.Expr, 120)))
	return true
}

// memoryOnly reports code whose only database is SQLite's in-memory one.
func memoryOnly(code string) bool {
	return strings.Contains(code, "':memory:'") || strings.Contains(code, `":memory:"`)
}

// showUnknown writes the parts of a value known only when the code runs
// as "…".
func showUnknown(s string) string {
	if strings.TrimSpace(s) == "" {
		return "a name"
	}
	return strings.ReplaceAll(s, unknownPart, "…")
}

// reCodeDirScan finds the calls that list files for the code to open:
// glob patterns and directory walks. Group 1 is a call on an object (its
// receiver is the directory: Path.home().rglob('*.db')).
var reCodeDirScan = lazyRegexp(`(\.)?\b(glob\.glob|glob\.iglob|iglob|glob|rglob|os\.walk|walk|os\.listdir|listdir|os\.scandir|scandir|Dir\.glob|Dir\.children|Dir\.entries|readdirSync|readdir|list\.files|bsd_glob|globSync)\s*\(`)

// codeGlobDatabases judges code that opens every database a listing finds
// (for p in glob.glob(…): sqlite3.connect(p)): a listing that can reach
// actionguard's state opens its database.
func (s *codeScan) codeGlobDatabases() {
	if !reCodeSQLModule.MatchString(s.code) || !reCodeDatabaseOpen.MatchString(s.code) {
		return
	}
	unknown := ""
	for _, m := range reCodeDirScan.get().FindAllStringSubmatchIndex(s.code, 32) {
		fn := s.code[m[4]:m[5]]
		recursive := fn == "rglob" || strings.HasSuffix(fn, "walk") || strings.Contains(s.code[m[1]:min(len(s.code), m[1]+512)], "recursive")
		var pats []val
		args, _ := s.argsAt(m[1] - 1)
		pos := positional(args)
		if m[2] >= 0 {
			// Path(dir).glob(pat), Path(dir).rglob(pat): the receiver is the
			// directory, the argument the pattern below it.
			dir := s.receiver(m[2])
			pat := "*"
			if len(pos) > 0 {
				pat = pos[0].text()
			}
			pats = append(pats, val{kind: valStr, s: strings.TrimRight(dir.text(), "/") + "/" + pat})
		} else if len(pos) > 0 {
			p := pos[0]
			if strings.HasSuffix(fn, "walk") || strings.HasSuffix(fn, "listdir") || strings.HasSuffix(fn, "scandir") || fn == "readdirSync" || fn == "readdir" || fn == "list.files" || fn == "Dir.children" || fn == "Dir.entries" {
				p = val{kind: valStr, s: strings.TrimRight(p.text(), "/") + "/*"}
			}
			pats = append(pats, p)
		}
		for _, p := range pats {
			t := p.text()
			if t == "" || strings.HasPrefix(t, unknownPart) {
				unknown = fn
				continue
			}
			if part := s.globReaches(t, recursive); part.ok() {
				s.w.r.mutates()
				s.w.r.add(s.c.find(ruleSelfDatabase, "Inline "+s.name()+" code opens the databases that "+fn+"("+truncateText(showUnknown(t), 80)+") finds, and it reaches "+part.what+": it could mark a request approved or rewrite the record.", truncateText(showUnknown(t), 120)))
				return
			}
		}
	}
	if unknown != "" && sql.SQLiteWrites(strings.ReplaceAll(strings.Join(s.sqlTexts(), ";\n"), unknownPart, " ")) {
		s.w.r.mutates()
		s.w.r.add(s.c.find(ruleSelfDatabaseUnknown, "Inline "+s.name()+" code opens the databases that "+unknown+" finds in a place known only when it runs, and changes data: they could be actionguard's own.", s.c.Name))
	}
}

// reCodeDatabaseOpen is a call that opens a database file.
var reCodeDatabaseOpen = lazyRegexp(`\b(?:sqlite3?\.connect|apsw\.Connection|DBI->connect|connect|Database(?:Sync)?|SQLite3::Database\.(?:new|open)|Sequel\.sqlite|SQLite3|PDO|dbConnect)\s*\(`)

// globReaches is the place of actionguard's a file pattern can find: a
// recursive pattern (**, rglob, os.walk) reaches everything below its
// fixed directories; another one only what its components match.
func (s *codeScan) globReaches(pattern string, recursive bool) controlPart {
	env := s.w.r.env
	if s.c.env != nil {
		env = s.c.env.in(s.c.Cwd)
	}
	if part := env.controlGlob(pattern); part.ok() {
		return part
	}
	if part := env.controlOf(pattern); part.ok() {
		return part
	}
	abs, _ := env.resolve(pattern)
	parts := selfParts(abs)
	fixed := len(parts)
	for i, p := range parts {
		if strings.ContainsAny(p, "*?[") || strings.Contains(p, unknownPart) {
			fixed = i
			recursive = recursive || p == "**"
			break
		}
	}
	for _, p := range parts[fixed:] {
		recursive = recursive || p == "**"
	}
	if !recursive {
		return controlPart{}
	}
	home := env.homeParts()
	for _, pl := range env.places() {
		if !agPlace(pl) || !pl.root && !pl.home {
			continue
		}
		full := pl.parts
		if pl.home {
			if len(home) == 0 {
				continue
			}
			full = append(append([]string(nil), home...), pl.parts...)
		}
		if fixed <= len(full) && selfPrefix(full[:fixed], parts[:fixed]) {
			return controlPart{what: pl.what}
		}
	}
	return controlPart{}
}
