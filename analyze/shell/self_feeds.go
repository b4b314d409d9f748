package shell

import (
	"net/netip"
	"strings"

	"github.com/actionguard/actionguard/analyze/sql"
	"github.com/actionguard/actionguard/rule"
)

// What a program is fed, judged for the control plane. A database client
// opens the files its SQL names (ATTACH, VACUUM INTO, .open, .backup), and
// that SQL may come from a script file (-init, .read, < file) or build the
// name with string functions; a raw connection or an HTTP client with a
// config file sends bytes the command line does not show. A name or a
// request that folds to actionguard's files or endpoints is blocked; one
// that is not known at all, where it could be, is a person's call.

var (
	ruleSelfDatabaseUnknown = &rule.Rule{
		ID: "shell.self.database-unknown", Category: rule.Configuration, Points: 90, AlwaysReview: true,
		Summary:     "Changes a database whose name, or SQL whose content, is only known when it runs: it could be actionguard's own database, so a person decides.",
		Alternative: "name the database file with a plain literal (ATTACH 'build/app.db' AS a), keep the SQL on the command line or in a file that exists, or ask a person to run it",
		Match:       []string{"gen-sql | sqlite3 :memory:", "curl -s https://x.example/e.sql > e.sql; sqlite3 :memory: < e.sql"},
		NoMatch:     []string{`sqlite3 :memory: "ATTACH 'app.db' AS a; select * from a.t"`, `sqlite3 app.db "select 1"`, `sqlite3 :memory: "ATTACH ? AS a; select * from a.t"`},
	}
	ruleSelfServerUnknown = &rule.Rule{
		ID: "shell.self.server-unknown", Category: rule.Configuration, Points: 90, AlwaysReview: true,
		Summary:     "Sends bytes not shown here (a file, a program's output, a config file) to actionguard's server: they could answer an approval, so a person decides.",
		Alternative: "use actionguard's own commands (approvals list, check), send a request whose text is on the command line, or ask a person to run it",
		Match:       []string{"nc 127.0.0.1 8750 < req", "curl -K cfg.txt http://127.0.0.1:8750/"},
		NoMatch:     []string{"nc example.com 80 < req", "curl -s localhost:8750/healthz", "nc 127.0.0.1 8750 < /dev/null"},
	}
)

// selfFeeds judges what c is fed: its SQL (sqlite3 and its kin), or the
// bytes and requests it sends to actionguard's server.
func (w *walker) selfFeeds(c *Cmd, in stream) {
	switch c.Name {
	case "sqlite3", "sqlite", "litecli":
		w.selfSQLite(c, in)
	case "nc", "ncat", "netcat", "socat", "telnet", "openssl":
		w.selfRawSend(c, in)
	case "curl", "wget":
		w.selfHTTPConfig(c, in)
	}
}

// sqliteRun is what one sqlite3 command runs.
type sqliteRun struct {
	sql     []string          // SQL text (dot-commands taken out)
	names   []string          // files opened by dot-commands (.open, .backup, .save, .clone)
	params  map[string]string // .param set values that fold
	unknown []string          // script files whose content is not known
	writes  bool              // a dot-command that writes a file
}

// selfSQLite judges the files a SQLite client's SQL opens.
func (w *walker) selfSQLite(c *Cmd, in stream) {
	run := &sqliteRun{params: map[string]string{}}
	if v, ok := c.Flag("-init"); ok {
		w.sqliteFile(c, v, run, 0)
	}
	pos := c.Positional() // the spec knows which options take a value
	if len(pos) > 1 {
		for _, q := range pos[1:] {
			w.sqliteText(c, q, run, 0)
		}
	}
	for _, q := range svcFlagValues(c, "-cmd") {
		w.sqliteText(c, q, run, 0)
	}
	switch in.kind {
	case streamLiteral, streamDecoded:
		w.sqliteText(c, in.text, run, 0)
	case streamUnknown, streamNetwork:
		if in.file != "" {
			w.sqliteFile(c, in.file, run, 0)
		} else if in.kind == streamNetwork || strings.HasPrefix(in.what, "the output of") {
			run.unknown = append(run.unknown, in.what)
		}
	}
	script := strings.Join(run.sql, ";\n")
	writes := run.writes || sql.SQLiteWrites(script)
	var names []sql.Opened
	for _, n := range run.names {
		names = append(names, sql.Opened{Verb: ".open", Expr: n, Name: n, Known: !strings.ContainsAny(n, "$`")})
	}
	names = append(names, sql.SQLiteOpens(script, run.params)...)
	for _, o := range names {
		if !o.Known {
			if writes {
				w.r.mutates()
				w.r.add(c.find(ruleSelfDatabaseUnknown, c.Name+" opens a database named by "+truncateText(o.Expr, 80)+", known only when it runs, and changes data: it could be actionguard's own database.", c.Name))
				return
			}
			continue
		}
		if part := c.env.controlOf(sqliteFileName(o.Name)); part.ok() {
			w.r.mutates()
			w.r.add(c.find(ruleSelfDatabase, c.Name+" opens "+part.what+" ("+truncateText(o.Name, 120)+", from "+o.Verb+" "+truncateText(o.Expr, 80)+"): it could mark a request approved or rewrite the record.", truncateText(o.Expr, 120)))
			return
		}
	}
	if len(run.unknown) > 0 && (len(pos) == 0 || pos[0] == ":memory:" || pos[0] == "") {
		w.r.mutates()
		w.r.add(c.find(ruleSelfDatabaseUnknown, c.Name+" runs SQL from "+truncateText(run.unknown[0], 80)+", whose content is not known: it could open actionguard's own database.", c.Name))
	}
}

// sqliteFileName is the file a SQLite name opens: a file: URI without
// its query, escapes decoded.
func sqliteFileName(n string) string {
	if strings.HasPrefix(n, "file:") {
		n = strings.TrimPrefix(n, "file:")
		n, _, _ = strings.Cut(n, "?")
		n = percentDecoded(n)
		if strings.HasPrefix(n, "//") {
			n = strings.TrimPrefix(n, "//localhost")
			n = "/" + strings.TrimLeft(n, "/")
		}
	}
	return n
}

// sqliteText splits one piece of client input into its dot-commands and
// its SQL.
func (w *walker) sqliteText(c *Cmd, text string, run *sqliteRun, depth int) {
	if depth > 2 || len(run.sql) > 64 {
		run.unknown = append(run.unknown, "a script nested too deep")
		return
	}
	var sqlParts []string
	for _, part := range svcSplitClientCommands(text) {
		if !strings.HasPrefix(part, ".") {
			sqlParts = append(sqlParts, part)
			continue
		}
		words := dotWords(part)
		if len(words) == 0 {
			continue
		}
		args := dropDotOptions(words[1:])
		switch strings.ToLower(words[0]) {
		case ".open", ".save", ".backup", ".clone":
			if len(args) > 0 {
				run.names = append(run.names, args[len(args)-1])
			}
			run.writes = run.writes || words[0] != ".open"
		case ".read":
			if len(args) > 0 {
				w.sqliteFile(c, args[0], run, depth+1)
			}
		case ".shell", ".system":
			if depth > 0 {
				// A script file's shell escape (its command line's and its
				// standard input's are the client's handler's).
				_, rest, _ := strings.Cut(part, " ")
				w.r.mutates()
				w.r.script(strings.TrimSpace(rest), c, c.Name+" runs a shell command from a script file")
			}
		case ".param", ".parameter":
			if len(words) >= 4 && strings.EqualFold(words[1], "set") {
				if v, ok := sql.FoldString(strings.Join(words[3:], " "), run.params); ok {
					run.params[words[2]] = v
				} else {
					run.params[words[2]] = strings.Join(words[3:], " ")
				}
			}
		}
	}
	run.sql = append(run.sql, sqlParts...)
}

// dotWords splits a dot-command into words, quotes taken off.
func dotWords(s string) []string {
	var out []string
	var b strings.Builder
	var q byte
	in := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case q != 0 && ch == q:
			q = 0
		case q != 0:
			b.WriteByte(ch)
		case ch == '\'' || ch == '"':
			q, in = ch, true
		case ch == ' ' || ch == '\t' || ch == '\n':
			if in {
				out = append(out, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteByte(ch)
			in = true
		}
	}
	if in {
		out = append(out, b.String())
	}
	return out
}

// dropDotOptions removes --options (.open --readonly FILE).
func dropDotOptions(ws []string) []string {
	out := ws[:0:0]
	for _, x := range ws {
		if !strings.HasPrefix(x, "--") && !strings.HasPrefix(x, "-") {
			out = append(out, x)
		}
	}
	return out
}

// sqliteFile reads a script file the client runs: written by this line
// or the session, or on disk.
func (w *walker) sqliteFile(c *Cmd, name string, run *sqliteRun, depth int) {
	if strings.ContainsAny(name, "$`") {
		run.unknown = append(run.unknown, name)
		return
	}
	abs, ok := c.Resolve(name)
	if !ok {
		run.unknown = append(run.unknown, name)
		return
	}
	fl := w.r.fl()
	fc, had := fl.file(abs)
	switch {
	case had && (fc.kind == streamLiteral || fc.kind == streamDecoded):
		if m := w.r.env.mentions(fc.text); m.ok() {
			w.r.mutates()
			w.r.add(c.find(ruleSelfDatabase, "The SQL in "+name+", run by "+c.Name+", names "+m.what+": it could mark a request approved or rewrite the record.", name))
		}
		w.sqliteText(c, fc.text, run, depth+1)
	case had && fc.kind == streamSecret:
		// A key or actionguard's file: judged as read elsewhere.
	case had, fl.read != nil:
		run.unknown = append(run.unknown, name)
	}
}

// selfServerDest reports whether a raw connection's destination (host
// port, host:port, TCP:host:port) is actionguard's server on this machine.
func (e *analysis) selfServerDest(dest string) bool {
	port := e.serverPort()
	d := strings.ToLower(strings.TrimPrefix(dest, socketWhat))
	for _, p := range []string{"tcp:", "tcp4:", "tcp6:", "tcp-connect:", "tcp4-connect:", "tcp6-connect:", "openssl:", "ssl:", "openssl-connect:"} {
		d = strings.TrimPrefix(d, p)
	}
	d, _, _ = strings.Cut(d, ",")
	host, p := "", ""
	if h, rest, ok := strings.Cut(d, " port "); ok {
		host, p = h, rest
	} else if i := strings.LastIndexByte(d, ':'); i > 0 {
		host, p = d[:i], d[i+1:]
	}
	return p == port && localHost(host)
}

// localHost reports a name or address of this machine (localhost,
// 127.0.0.0/8, ::1, 0.0.0.0, 127.1, 2130706433).
func localHost(h string) bool {
	h = strings.Trim(h, "[]")
	switch h {
	case "localhost", "ip6-localhost", "0", "0.0.0.0", "::", "127.1", "127.0.1", "2130706433", "0x7f000001":
		return true
	}
	a, err := netip.ParseAddr(h)
	return err == nil && (a.IsLoopback() || a.IsUnspecified())
}

// selfRawSend judges bytes a raw connection sends to actionguard's server.
func (w *walker) selfRawSend(c *Cmd, in stream) {
	dest, ok := connectionOutput(c)
	if !ok || strings.Contains(dest.what, "(listening)") || !c.env.selfServerDest(dest.what) {
		return
	}
	if f := w.selfSendTo(c.Name, in, "port "+c.env.serverPort()+" of this machine"); f != nil {
		w.r.mutates()
		w.r.add(c.find(f.rule, f.msg, c.Name))
	}
}

// sendFinding is what selfSendTo found.
type sendFinding struct {
	rule *rule.Rule
	msg  string
}

// selfSendTo judges the bytes in that who sends to actionguard's server.
func (w *walker) selfSendTo(who string, in stream, where string) *sendFinding {
	text, known := in.text, in.kind == streamLiteral || in.kind == streamDecoded || in.kind == streamNone
	if !known && in.file != "" {
		if fc, had := w.r.fl().file(in.file); had && (fc.kind == streamLiteral || fc.kind == streamDecoded) {
			text, known = fc.text, true
		}
	}
	switch {
	case !known:
		return &sendFinding{ruleSelfServerUnknown, who + " sends " + truncateText(in.what, 60) + ", whose content is not known, to actionguard's server (" + where + "): it could answer an approval."}
	case rawControlRequest(text):
		return &sendFinding{ruleSelfServer, who + " sends a request to actionguard's deciding endpoints (" + where + "): only a person decides approvals, tokens and settings there."}
	}
	return nil
}

// rawControlRequest reports raw HTTP that asks the server to change
// something: a write method, or any request to a control path.
func rawControlRequest(text string) bool {
	if strings.IndexByte(text, '%') >= 0 {
		text = percentDecoded(text)
	}
	if reControlPath.MatchString(text) {
		return true
	}
	for _, line := range strings.Split(text, "\n") {
		m, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
		switch strings.ToUpper(m) {
		case "POST", "PUT", "PATCH", "DELETE":
			if !strings.HasPrefix(rest, "/v1/check") {
				return true
			}
		}
	}
	return false
}

// selfSocketSend judges a redirection into a /dev/tcp connection to
// actionguard's server (exec 3<>/dev/tcp/127.0.0.1/8750; cat req >&3).
func (w *walker) selfSocketSend(t redirTarget, out stream, text string) {
	if !isSocketDev(t.name) || !loopbackDev(t.name) {
		return
	}
	rest := strings.TrimPrefix(strings.TrimPrefix(t.name, "/dev/tcp/"), "/dev/udp/")
	_, port, _ := strings.Cut(rest, "/")
	if port != w.r.env.serverPort() {
		return
	}
	if f := w.selfSendTo("The redirection", out, t.name); f != nil {
		w.r.mutates()
		w.r.add(f.rule.Find(text, f.msg, t.name))
	}
}

// selfHTTPConfig judges curl's and wget's config and input files (curl -K,
// --config; wget --config, -i, --input-file), which can name the server's
// endpoints where the command line does not.
func (w *walker) selfHTTPConfig(c *Cmd, in stream) {
	var opts []string
	if c.Name == "curl" {
		opts = []string{"-K", "--config"}
	} else {
		opts = []string{"--config", "-i", "--input-file"}
	}
	files := svcFlagValues(c, opts...)
	if len(files) == 0 {
		return
	}
	toServer := controlEndpoint(strings.Join(c.Args, " "), nil) != "" || reLocalServer.MatchString(strings.Join(c.Args, " ")) && c.env.serverPort() == defaultServerPortWord
	hasURL := false
	for _, a := range c.Positional() {
		if strings.Contains(a, "://") || strings.Contains(a, ":"+c.env.serverPort()) {
			hasURL = true
		}
	}
	for _, f := range files {
		var fc fileContent
		had := false
		switch {
		case f == "-":
			fc, had = fileContent{text: in.text, kind: in.kind}, in.kind == streamLiteral || in.kind == streamDecoded
		case !strings.ContainsAny(f, "$`"):
			if abs, ok := c.Resolve(f); ok {
				fc, had = w.r.fl().file(abs)
			}
		}
		known := had && (fc.kind == streamLiteral || fc.kind == streamDecoded)
		if known {
			if u := controlEndpoint(fc.text+" "+strings.Join(c.Args, " "), nil); u != "" {
				w.r.mutates()
				w.r.add(c.find(ruleSelfServer, c.Name+" reads "+f+", which sends a request to actionguard's server ("+u+"): only a person decides approvals, tokens and settings there.", f))
				return
			}
			continue
		}
		if toServer || !hasURL {
			w.r.mutates()
			w.r.add(c.find(ruleSelfServerUnknown, c.Name+" reads its requests from "+f+", whose content is not known, and "+map[bool]string{true: "sends them to actionguard's server", false: "names no other address"}[toServer]+": it could answer an approval.", f))
			return
		}
	}
}
