package shell

import (
	"encoding/base64"
	"encoding/hex"
	"path"
	"strings"
	"sync"

	"github.com/actionguard/actionguard/rule"
	"mvdan.cc/sh/v3/syntax"
)

var (
	handlersOnce sync.Once
	handlerTable map[string][]handler
)

// handlers returns the program → handlers table, built on first use from
// the families' explicit lists.
func handlers() map[string][]handler {
	handlersOnce.Do(func() {
		parts := []map[string][]handler{coreHandlers(), infraHandlers(), serviceHandlers(), selfHandlers(), exposeHandlers(), containerCopyHandlers(), exposeMachineHandlers(), persistMoreHandlers(), secretStoreHandlers(), atk9Handlers(), runsToldHandlers(), macHandlers()}
		n := 0
		for _, m := range parts {
			n += len(m)
		}
		// Sized once and a part's list kept when no other part has the
		// program: this runs in every hook process.
		handlerTable = make(map[string][]handler, n)
		for _, m := range parts {
			for k, hs := range m {
				if old, ok := handlerTable[k]; ok {
					handlerTable[k] = append(old[:len(old):len(old)], hs...)
				} else {
					handlerTable[k] = hs
				}
			}
		}
	})
	return handlerTable
}

var shells = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "mksh": true, "ash": true, "fish": true, "csh": true, "tcsh": true, "yash": true, "posh": true, "rbash": true,
	// Shells of other languages: each runs what arrives on its standard input.
	"xonsh": true, "nu": true, "elvish": true, "rc": true, "osh": true, "ysh": true, "murex": true}

// sqlClients read SQL on standard input.
var sqlClients = map[string]bool{"psql": true, "mysql": true, "mariadb": true, "sqlite3": true, "sqlite": true, "duckdb": true, "cockroach": true,
	"clickhouse-client": true, "clickhouse": true, "snowsql": true, "cqlsh": true, "sqlcmd": true, "isql": true, "bq": true, "trino": true, "presto": true, "usql": true, "pgcli": true, "mycli": true, "litecli": true}

var interpreters = map[string]bool{"python": true, "python2": true, "python3": true, "pypy": true, "pypy3": true, "node": true, "nodejs": true, "bun": true, "deno": true,
	"perl": true, "ruby": true, "php": true, "lua": true, "luajit": true, "rscript": true, "osascript": true, "pwsh": true, "powershell": true, "tclsh": true, "irb": true, "julia": true, "jshell": false,
	// R's front end (R -e, R -f, R CMD BATCH, R < file) and zx (JavaScript with $`…` shell templates).
	"r": true, "zx": true}

// dispatch runs the analyses for one unwrapped command and returns what it
// writes to standard output.
func (w *walker) dispatch(c *Cmd, in stream, s *syntax.Stmt) stream {
	r := w.r
	if c.viaSudo {
		defer w.sudoFinding(c, r.writes)
		r.writes = false
	}
	if c.Sudo && c.Name == "rm" && c.Has("-r", "-R", "--recursive") && c.Has("-f", "--force") {
		r.add(c.find(ruleSudoRmRf, ""))
	}
	if in.kind == streamLiteral || in.kind == streamDecoded {
		c.Stdin = in.text
	}
	if w.channels(c, in) {
		return stream{kind: streamUnknown, what: "the output of " + c.Name}
	}
	w.arrive(c, in)
	frameworkDBTask(c, r) // services_dbtasks.go: rails db:reset, python manage.py flush
	switch c.Name {
	case "perl":
		perlHandler(c, r) // perl -i edits files in place before its code is read
	case "ruby":
		rubyInPlaceHandler(c, r) // inplace_ruby.go
	}
	switch {
	case shells[c.Name]:
		return w.shell(c, in)
	case interpreters[c.Name] && !packageRunner(c):
		return w.filterOutput(c, in, w.interpreter(c, in)) // perl -pe, ruby -ne: filter_insert_perl.go
	case c.Name == "awk" || c.Name == "gawk" || c.Name == "mawk" || c.Name == "nawk" || c.Name == "busybox-awk":
		w.awk(c)
	}
	if len(w.downloaded) > 0 && strings.ContainsRune(c.Path, '/') {
		if p, ok := w.downloaded[w.r.env.mustAbs(c.Path)]; ok {
			r.add(c.find(ruleRemoteExec, "Runs a program that was just downloaded from "+p+" without checking it."))
			r.mutates()
		}
	}
	w.clientStdin(c, r, in)
	if in.kind == streamLiteral || in.kind == streamDecoded {
		c.Stdin = in.text
	}
	hs := handlers()[c.Name]
	if passIn(c) {
		r.fl().scriptIn = in // docker exec -i C sh: the command inside reads this input
	}
	for _, h := range hs {
		h(c, r)
	}
	r.fl().scriptIn = stream{}
	outputOptionTargets(c, r)
	destTargets(c, r)
	w.selfFeeds(c, in) // self_feeds.go
	if len(hs) == 0 && !readOnlyPrograms[c.Name] {
		r.mutates()
	}
	if isNetworkSender(c) {
		w.sends(c, in)
		w.sendsWrittenSecret(c)
	}
	w.remoteShellStdin(c, in)
	w.stdinCommands(c, in) // stdin_cmds.go
	w.runFiles(c, in)
	w.noteDownload(c)
	return w.runnersLater(c, in, w.projectOutput(c, in, w.output(c, in))) // filter_insert.go
}

// stdinClients are the database and store clients that read their own
// commands on standard input, with the function that judges them.
var stdinClients = map[string]func(*Cmd, *report, string){
	"redis-cli": svcRedisStdin, "valkey-cli": svcRedisStdin, "keydb-cli": svcRedisStdin, "dragonfly-cli": svcRedisStdin,
}

// clientStdin judges what a database or store client reads on standard
// input as if written on its command line: a here-document, a pipe, or a
// file the same line wrote (echo FLUSHALL | redis-cli, psql < x.sql).
func (w *walker) clientStdin(c *Cmd, r *report, in stream) {
	judge, ok := stdinClients[c.Name]
	if !ok && sqlClients[c.Name] {
		judge, ok = svcClientStdin, true
	}
	if !ok && mongoShells[c.Name] {
		judge, ok = svcMongoStdin, true // echo 'db.dropDatabase()' | mongosh prod
	}
	if !ok {
		return
	}
	if (in.kind == streamLiteral || in.kind == streamDecoded) && strings.TrimSpace(in.text) != "" {
		judge(c, r, in.text)
		return
	}
	if in.kind == streamUnknown && in.written != "" {
		unseenClientInput(c, r, in, judge) // services_db_written.go
		return
	}
	// duckdb < x.sql: the file's SQL and its shell escapes (selfSQLite
	// also reads what SQLite's clients open). A file whose content is not
	// known is a stream of commands nobody has read: held like psql -f.
	if in.kind == streamUnknown && in.file != "" {
		text, known := w.knownFile(c, in.file)
		switch {
		case known:
			judge(c, r, text)
		case !known && in.file != "/dev/null" && clientStdinUnread(w.r.fl(), in.file) && clientReadsStdin(c):
			r.mutates()
			r.add(c.find(svcDBScriptFile, "Runs the commands in "+in.file+" with "+c.Name+"; the file's content is not known here, so what they change cannot be checked.", in.file))
		}
	}
}

// clientStdinUnread reports whether a file fed to a client, whose content
// is not known, holds commands nobody can read here: one the line or the
// session wrote (a copy of an unseen file), or one on disk the reader
// could not read. A file missing on disk stops the shell before the
// client starts; without a reader the project's own file is the
// project's, as its build files are.
func clientStdinUnread(fl *flowState, abs string) bool {
	if _, wrote := fl.files[abs]; wrote {
		return true
	}
	return fl.read != nil && !fl.missing[abs]
}

// clientReadsStdin reports whether a database client takes its commands
// from standard input: no query or script given on its command line.
func clientReadsStdin(c *Cmd) bool {
	if c.Has("--help", "--version", "-V") {
		return false
	}
	if stdinClients[c.Name] != nil {
		return svcRedisReadsStdin(c)
	}
	if mongoShells[c.Name] {
		return !c.Has("--eval", "-f", "--file") && !hasScriptOperand(c, ".js")
	}
	spec, ok := svcSQLClientFor(c.Name)
	if !ok {
		return true
	}
	for _, f := range append(append([]string{}, spec.query...), spec.file...) {
		if c.Has(f) {
			return false
		}
	}
	return !spec.positional || len(c.Positional()) <= 1
}

// mongoShells are MongoDB's shells, which read JavaScript commands on
// standard input.
var mongoShells = map[string]bool{"mongosh": true, "mongo": true}

// hasScriptOperand reports an operand of c ending in ext (a script the
// client runs instead of reading standard input).
func hasScriptOperand(c *Cmd, ext string) bool {
	for _, p := range c.Positional() {
		if strings.HasSuffix(strings.ToLower(p), ext) {
			return true
		}
	}
	return false
}

// packageRunner reports whether bun or deno is used as a package manager
// or task runner (bun add, deno install…) rather than to run code.
func packageRunner(c *Cmd) bool {
	if c.Name != "bun" && c.Name != "deno" {
		return false
	}
	if c.Has("-e", "--eval", "-p", "--print") {
		return false
	}
	first := c.Sub(0)
	switch first {
	case "", "run", "eval", "repl":
		if first == "run" {
			// bun run <script> and deno run file.ts run code; bun run <package.json script> is a task.
			f := c.Sub(1)
			return !(f == "-" || strings.HasSuffix(f, ".js") || strings.HasSuffix(f, ".ts") || strings.HasSuffix(f, ".mjs") || strings.HasSuffix(f, ".cjs") || strings.HasSuffix(f, ".tsx") || strings.Contains(f, "://"))
		}
		return false
	}
	return !strings.ContainsAny(first, "./")
}

// sudoFinding reports a command run through sudo: a light finding when the
// program only read (its handlers reported no change), the sudo rule
// otherwise. wrote is whether anything earlier in the analysis wrote.
func (w *walker) sudoFinding(c *Cmd, wrote bool) {
	r := w.r
	mutated := r.writes
	r.writes = wrote || mutated
	if !mutated && (readOnlyPrograms[c.Name] || shells[c.Name]) {
		// (A shell that changed nothing ran a -c script of commands that only read.)
		r.add(c.find(ruleSudoRead, "Runs "+c.Name+" as root (it only reads)."))
		return
	}
	r.add(c.find(ruleSudo, "Runs "+c.Name+" as root."))
	r.mutates()
}

// shell handles sh, bash, zsh…: a script in -c, a script file, or commands
// read from standard input.
func (w *walker) shell(c *Cmd, in stream) stream {
	r := w.r
	script, scriptIdx, file, fileIdx := "", -1, "", -1
	hasC := false
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		if a == "--" {
			if i+1 < len(c.Args) && !hasC {
				file, fileIdx = c.Args[i+1], i+1
			}
			break
		}
		if a == "-" || a == "-s" {
			break
		}
		if len(a) > 1 && (a[0] == '-' || a[0] == '+') {
			if a == "-o" || a == "+o" || a == "-O" || a == "+O" || a == "--rcfile" || a == "--init-file" {
				if (a == "--rcfile" || a == "--init-file") && i+1 < len(c.Args) {
					w.shellStartup(c, i+1, in, a)
				}
				i++
				continue
			}
			if a[0] == '-' && a[1] != '-' && strings.IndexByte(a[1:], 'c') >= 0 {
				hasC = true
			}
			continue
		}
		if hasC && scriptIdx < 0 {
			script, scriptIdx = a, i
			break
		}
		if !hasC {
			file, fileIdx = a, i
			break
		}
	}
	if !(hasC && scriptIdx >= 0 && !(scriptIdx < len(c.Dynamic) && c.Dynamic[scriptIdx])) {
		// A literal -c script changes what its own commands change; anything
		// else (a file, standard input, a script known when it runs) may
		// change anything.
		r.mutates()
	}
	switch {
	case hasC && scriptIdx >= 0:
		if scriptIdx < len(c.proc) && c.proc[scriptIdx].kind == streamNetwork {
			if !w.runsConnection(c, c.proc[scriptIdx]) {
				r.add(c.find(w.remoteRule(c), "Runs a script downloaded from the network without showing it first."))
			}
			return stream{kind: streamUnknown}
		}
		if scriptIdx < len(c.Dynamic) && c.Dynamic[scriptIdx] && strings.Contains(script, "$(…)") && strings.TrimSpace(script) == "$(…)" {
			r.add(c.find(ruleEvalDynamic, "Runs a script that is only known when it runs."))
		}
		// The script reads the shell's standard input (echo x | sh -c 'read d; …').
		r.fl().scriptIn = in
		r.script(script, c, c.Name+" -c runs")
		r.fl().scriptIn = stream{}
	case fileIdx >= 0:
		p := stream{}
		if fileIdx < len(c.proc) {
			p = c.proc[fileIdx]
		}
		switch {
		case w.runsConnection(c, p):
		case p.kind == streamNetwork:
			r.add(c.find(w.remoteRule(c), "Runs a script downloaded from the network without showing it first."))
		case p.kind == streamLiteral || p.kind == streamDecoded:
			r.script(p.text, c, c.Name+" runs")
		case isStdinPath(file):
			w.stdinCode(c, in, "shell")
		default:
			if src, ok := w.downloaded[r.env.mustAbs(file)]; ok {
				r.add(c.find(w.remoteRule(c), "Runs a script that was just downloaded from "+src+" without checking it."))
			}
		}
	default:
		w.stdinCode(c, in, "shell")
	}
	return stream{kind: streamUnknown, what: "the output of " + c.Name}
}

// shellStartup judges the file a shell runs before anything else (bash
// --rcfile FILE, --init-file FILE): a text the line shows (a process
// substitution, a file the line wrote) is judged as the commands it is;
// a download or a decoded payload as runFile says.
func (w *walker) shellStartup(c *Cmd, at int, in stream, how string) {
	s := w.runFileStream(c, at, c.Args[at], in)
	w.runFile(c, s, how)
	if s.kind == streamLiteral || s.kind == streamDecoded {
		w.r.mutates()
		w.r.script(s.text, c, c.Name+" "+how+" runs")
	}
}

// remoteRule is the remote-code rule, heavier under sudo.
func (w *walker) remoteRule(c *Cmd) *rule.Rule {
	if c.Sudo {
		return ruleRemoteExecRoot
	}
	return ruleRemoteExec
}

// stdinCode handles a shell or interpreter that reads its program from
// standard input.
func (w *walker) stdinCode(c *Cmd, in stream, lang string) {
	r := w.r
	switch in.kind {
	case streamNetwork:
		if sock, ok := strings.CutPrefix(in.what, socketWhat); ok {
			r.add(c.find(ruleReverseShell, "Runs with "+c.Name+" whatever arrives on the connection to "+sock+": whoever is at the other end controls this machine.", sock))
			return
		}
		r.add(c.find(w.remoteRule(c), "Pipes "+in.what+" straight into "+c.Name+": code from the network runs without being looked at."))
	case streamDecoded:
		r.add(c.find(ruleObfuscated, "Decodes a hidden payload and runs it with "+c.Name+"; decoded, it reads: "+truncateText(oneLine(in.text), 120)))
		w.runCode(c, lang, in.text)
	case streamUndecoded:
		r.add(c.find(ruleObfuscated, "Decodes a hidden payload ("+in.what+") and runs it with "+c.Name+"."))
	case streamLiteral:
		w.runCode(c, lang, in.text)
	case streamSecret:
		r.add(c.find(ruleEvalDynamic, "Runs the content of a credential file as code."))
	case streamUnknown:
		if in.file != "" {
			if fc, ok := w.r.fl().file(in.file); ok {
				// cat script.sh | sh, sh < script.sh: the file on disk runs.
				w.judgeFile(c, in.what, lang, fc, "reads and runs")
				return
			}
		}
		if in.item == "" && in.what != "" && !strings.Contains(in.what, "output of") {
			return // cat script.sh | sh: runs a local file
		}
		// A listing (ls, find) is names, not a script: what runs is made
		// from names only known when it runs.
		r.add(c.find(rulePipeToShell, "Runs commands produced by another command ("+c.Name+" reads them from a pipe), so they cannot be checked first."))
	}
}

func (w *walker) runCode(c *Cmd, lang, code string) {
	if lang == "shell" {
		w.r.script(code, c, c.Name+" reads")
		return
	}
	w.inlineCode(c, lang, code)
}

// interpreter handles python, node, perl, ruby…: inline code, a script
// file, or a program read from standard input.
func (w *walker) interpreter(c *Cmd, in stream) stream {
	r := w.r
	r.mutates()
	lang := langOf(c.Name)
	handled, fileIdx := w.interpreterArgs(c, lang)
	if handled {
		return stream{kind: streamUnknown}
	}
	if fileIdx >= 0 {
		p := stream{}
		if fileIdx < len(c.proc) {
			p = c.proc[fileIdx]
		}
		switch {
		case p.kind == streamNetwork:
			r.add(c.find(w.remoteRule(c), "Runs a program downloaded from the network without showing it first."))
		case c.Args[fileIdx] == "-":
			w.stdinCode(c, in, lang)
		default:
			if src, ok := w.downloaded[r.env.mustAbs(c.Args[fileIdx])]; ok {
				r.add(c.find(w.remoteRule(c), "Runs a program that was just downloaded from "+src+" without checking it."))
			}
		}
		return stream{kind: streamUnknown}
	}
	if in.kind != streamNone {
		w.stdinCode(c, in, lang)
	}
	return stream{kind: streamUnknown}
}

func langOf(name string) string {
	switch name {
	case "python", "python2", "python3", "pypy", "pypy3":
		return "python"
	case "node", "nodejs", "bun", "zx":
		return "node"
	case "deno":
		return "deno"
	case "luajit":
		return "lua"
	case "rscript":
		return "r"
	case "julia":
		return "julia"
	case "pwsh", "powershell":
		return "powershell"
	case "tclsh":
		return "tcl"
	case "irb":
		return "ruby"
	}
	return name
}

func decodeUTF16Base64(s string) (string, bool) {
	b, err := base64.StdEncoding.DecodeString(strings.TrimSpace(s))
	if err != nil || len(b)%2 != 0 {
		return "", false
	}
	r := make([]rune, 0, len(b)/2)
	for i := 0; i+1 < len(b); i += 2 {
		r = append(r, rune(uint16(b[i])|uint16(b[i+1])<<8))
	}
	return string(r), true
}

// output is what a command writes to standard output, as far as the
// analysis can tell: known text, decoded text, network content, secrets.
func (w *walker) output(c *Cmd, in stream) stream {
	if s, ok := w.produced(c, in); ok {
		return s
	}
	if st, ok := echoedSecret(c); ok {
		return st
	}
	if cred := storePrinter(c); cred != "" {
		return stream{kind: streamSecret, cred: cred, what: "the output of " + c.Name}
	}
	if cred := tokenProducer(c); cred != "" {
		return stream{kind: streamSecret, cred: cred, what: "the output of " + c.Name}
	}
	if st, ok := w.encodedSecret(c, in); ok {
		return st
	}
	if st, ok := connectionOutput(c); ok {
		return st
	}
	switch c.Name {
	case "echo":
		args := c.Args
		interp := false
		for len(args) > 0 && echoOptions(args[0]) {
			// bash's echo takes any cluster of n, e and E; the last of e
			// and E wins.
			if i := strings.LastIndexAny(args[0], "eE"); i >= 0 {
				interp = args[0][i] == 'e'
			}
			args = args[1:]
		}
		text := strings.Join(args, " ")
		if interp {
			text = echoEscapes(text)
		}
		if anyTrue(c.Dynamic) {
			if s, ok := netArg(c); ok {
				return s
			}
			return stream{kind: streamUnknown, what: "the output of echo"}
		}
		return stream{kind: streamLiteral, text: text, what: "text"}
	case "printf":
		args := c.Args
		if len(args) > 0 && args[0] == "-v" {
			return stream{kind: streamLiteral, what: "text"} // printf -v assigns; nothing is printed
		}
		if len(args) > 0 && args[0] == "--" {
			args = args[1:]
		}
		if len(args) == 0 || anyTrue(c.Dynamic) {
			if s, ok := netArg(c); ok {
				return s
			}
			return stream{kind: streamUnknown, what: "the output of printf"}
		}
		return stream{kind: streamLiteral, text: printfFormat(args[0], args[1:]), what: "text"}
	case "cat", "tee", "head", "tail", "grep", "sed", "sort", "uniq", "cut", "tac", "less", "more", "strings", "nl", "fold", "column", "jq", "awk":
		files := c.Positional()
		if scriptOperand(c) && len(files) > 0 {
			files = files[1:] // the pattern, script or program, not a file
		}
		if c.Name == "tee" {
			return in
		}
		for _, f := range files {
			if st := w.fileStream(f, false); st.kind == streamSecret || st.kind == streamNetwork {
				return st
			}
		}
		if len(files) == 0 {
			return filtered(c, in)
		}
		if c.Name == "cat" && len(files) == 1 {
			st := stream{kind: streamUnknown, what: files[0]}
			if abs, ok := c.Resolve(files[0]); ok && strings.HasPrefix(abs, "/") {
				st.file = abs
			}
			return st
		}
		return stream{kind: streamUnknown, what: "the output of " + c.Name}
	case "base64", "base32", "basenc":
		if c.Has("-d", "--decode", "-D") {
			if dec, ok := decodeStream(in, c.Name); ok {
				return dec
			}
			if f := c.Positional(); len(f) > 0 {
				return stream{kind: streamUndecoded, what: "the decoded content of " + f[0]}
			}
			return stream{kind: streamUndecoded, what: c.Name + "-encoded data"}
		}
		if in.kind == streamSecret {
			return in
		}
		for _, f := range c.Positional() {
			if st := w.fileStream(f, false); st.kind == streamSecret {
				return st
			}
		}
	case "xxd":
		if c.Has("-r") {
			if in.kind == streamLiteral || in.kind == streamDecoded {
				clean := strings.Map(func(r rune) rune {
					if isHex(byte(r)) && r < 128 {
						return r
					}
					return -1
				}, in.text)
				if b, err := hex.DecodeString(clean); err == nil && c.Has("-p", "-ps", "-plain") {
					return stream{kind: streamDecoded, text: string(b), what: "hex-decoded text"}
				}
			}
			return stream{kind: streamUndecoded, what: "hex-decoded data"}
		}
		if in.kind == streamSecret {
			return in
		}
	case "rev":
		// rev | rev gives the text back: a decoded stream is reversed too.
		if in.kind == streamLiteral || in.kind == streamDecoded {
			lines := strings.Split(in.text, "\n")
			for i, l := range lines {
				rs := []rune(l)
				for a, b := 0, len(rs)-1; a < b; a, b = a+1, b-1 {
					rs[a], rs[b] = rs[b], rs[a]
				}
				lines[i] = string(rs)
			}
			return stream{kind: streamDecoded, text: strings.Join(lines, "\n"), what: "reversed text"}
		}
	case "tr":
		if in.kind == streamLiteral || in.kind == streamDecoded {
			p := c.Positional()
			if len(p) == 2 && !c.Has("-d", "-s", "-c") {
				if out, ok := trTranslate(in.text, p[0], p[1]); ok {
					return stream{kind: streamDecoded, text: out, what: "translated text"}
				}
			}
		}
		if in.kind == streamSecret {
			return in
		}
	case "openssl":
		if c.ArgIs("enc") || c.ArgIs("base64") {
			if c.Has("-d") {
				if c.ArgIs("base64") || c.Contains("-base64", "-a") {
					if dec, ok := decodeStream(in, "base64"); ok {
						return dec
					}
				}
				return stream{kind: streamUndecoded, what: "openssl-decoded data"}
			}
		}
	case "gunzip", "zcat", "gzip", "bunzip2", "bzcat", "xz", "unxz", "xzcat", "zstd", "unzstd", "zstdcat", "uncompress", "brotli":
		if c.Name == "gzip" && !c.Has("-d", "--decompress") || c.Name == "xz" && !c.Has("-d", "--decompress") || c.Name == "zstd" && !c.Has("-d", "--decompress") {
			if in.kind == streamSecret {
				return in
			}
			return stream{kind: streamUnknown, what: "compressed data"}
		}
		if in.kind == streamDecoded || in.kind == streamUndecoded || in.kind == streamNetwork {
			k := streamUndecoded
			if in.kind == streamNetwork {
				k = streamNetwork
			}
			return stream{kind: k, what: "decompressed " + in.what}
		}
		return stream{kind: streamUnknown, what: "the output of " + c.Name}
	case "curl", "wget", "fetch", "http", "https", "xh", "aria2c", "lwp-request", "GET":
		if c.Name == "wget" && !c.Has("-O", "--output-document", "-qO-", "-qO") && !hasValue(c, "-O", "-") {
			return stream{kind: streamUnknown, what: "the output of wget"}
		}
		if c.Name == "curl" && (c.Has("-o", "--output", "-O", "--remote-name", "--remote-name-all")) {
			if v, _ := c.Flag("-o", "--output"); v != "-" {
				return stream{kind: streamUnknown, what: "the output of curl"}
			}
		}
		u := firstURL(c)
		return stream{kind: streamNetwork, what: "the download from " + u}
	case "find", "fd", "fdfind", "locate":
		if c.Name == "find" {
			return stream{kind: streamUnknown, what: "the paths find prints", item: findItem(c)}
		}
		return stream{kind: streamUnknown, what: "the paths " + c.Name + " prints", item: "\x00found"}
	case "ls":
		dir := "."
		if p := c.Positional(); len(p) == 1 {
			dir = p[0]
		}
		if lsDirsThemselves(c) {
			// ls -d lists what it is given, not what is in it: the names
			// themselves, or what one glob takes.
			pos := c.Positional()
			if len(pos) > 1 && !strings.ContainsAny(strings.Join(pos, ""), "*?[$`") {
				return stream{kind: streamLiteral, text: strings.Join(pos, "\n") + "\n", what: "the files ls lists"}
			}
			return stream{kind: streamUnknown, what: "the files ls lists", item: dir}
		}
		if base := path.Base(dir); strings.ContainsAny(base, "*?[") || !strings.HasSuffix(dir, "/") && strings.LastIndexByte(base, '.') > 0 {
			// ls -t logs/*.log, ls -t notes.md: the files the pattern
			// takes, or the file named, printed as they are spelled (a
			// directory the pattern takes lists its names, which the
			// pattern also stands for).
			return stream{kind: streamUnknown, what: "the files ls lists", item: dir}
		}
		return stream{kind: streamUnknown, what: "the files ls lists", item: strings.TrimRight(dir, "/") + "/*"}
	case "env", "printenv", "set", "export", "declare", "compgen":
		if pos := c.Positional(); c.Name == "printenv" && len(pos) > 0 {
			// printenv GITHUB_TOKEN prints that one secret.
			for _, n := range pos {
				if secretVarName(n) {
					return stream{kind: streamSecret, cred: secretVarPrefix + n, what: "the output of printenv"}
				}
			}
		}
		if len(c.Positional()) == 0 || c.Name == "printenv" {
			return stream{kind: streamSecret, cred: "environment variables", what: "the environment"}
		}
	case "tar", "zip", "7z", "gpg", "age", "openssl-enc":
		if in.kind == streamSecret {
			return in
		}
		for _, f := range c.Positional() {
			if cl := c.Class(f); cl.Credential != "" {
				return stream{kind: streamSecret, cred: cl.Credential, what: f}
			}
		}
	case "ssh-keygen":
		return stream{kind: streamUnknown}
	}
	return stream{kind: streamUnknown, what: "the output of " + c.Name}
}

func hasValue(c *Cmd, flag, value string) bool {
	v, ok := c.Flag(flag)
	return ok && v == value
}

// decodeStream decodes a literal base64 payload.
func decodeStream(in stream, enc string) (stream, bool) {
	if in.kind != streamLiteral && in.kind != streamDecoded {
		return stream{}, false
	}
	if enc != "base64" {
		return stream{}, false
	}
	clean := strings.Map(func(r rune) rune {
		if r == ' ' || r == '\n' || r == '\r' || r == '\t' {
			return -1
		}
		return r
	}, in.text)
	for _, e := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := e.DecodeString(clean); err == nil {
			return stream{kind: streamDecoded, text: string(b), what: "base64-decoded text"}, true
		}
	}
	return stream{}, false
}

// printfFormat renders a printf format with %s/%b/%c arguments and
// escapes; like the shell's printf it reuses the format while arguments
// remain (printf '%s\n' a b prints two lines).
func printfFormat(f string, args []string) string {
	var b strings.Builder
	ai := 0
	for round := 0; round < 64; round++ {
		used := ai
		printfOnce(&b, f, args, &ai)
		if ai >= len(args) || ai == used {
			break
		}
	}
	return b.String()
}

func printfOnce(b *strings.Builder, f string, args []string, aip *int) {
	ai := *aip
	defer func() { *aip = ai }()
	next := func() string {
		if ai < len(args) {
			ai++
			return args[ai-1]
		}
		return ""
	}
	for i := 0; i < len(f); i++ {
		ch := f[i]
		if ch == '%' && i+1 < len(f) {
			i++
			switch f[i] {
			case '%':
				b.WriteByte('%')
			case 's', 'd', 'i', 'u', 'c':
				b.WriteString(next())
			case 'b':
				b.WriteString(echoEscapes(next()))
			default:
				b.WriteString(next())
			}
			continue
		}
		if ch == '\\' && i+1 < len(f) {
			j := i + 1
			for j < len(f) && j < i+5 && (isHex(f[j]) || f[j] == 'x' || f[j] == 'u') {
				j++
			}
			b.WriteString(ansiC(f[i:max(j, i+2)]))
			i = max(j, i+2) - 1
			continue
		}
		b.WriteByte(ch)
	}
}

// trTranslate applies tr SET1 SET2 for simple ranges (rot13 and the like).
func trTranslate(s, from, to string) (string, bool) {
	a, ok1 := expandTrSet(from)
	b, ok2 := expandTrSet(to)
	if !ok1 || !ok2 || len(a) == 0 || len(b) == 0 {
		return "", false
	}
	m := map[rune]rune{}
	for i, r := range a {
		if i < len(b) {
			m[r] = b[i]
		} else {
			m[r] = b[len(b)-1]
		}
	}
	return strings.Map(func(r rune) rune {
		if t, ok := m[r]; ok {
			return t
		}
		return r
	}, s), true
}

func expandTrSet(s string) ([]rune, bool) {
	rs := []rune(s)
	var out []rune
	for i := 0; i < len(rs); i++ {
		if rs[i] == '[' || rs[i] == '\\' {
			return nil, false
		}
		if i+2 < len(rs) && rs[i+1] == '-' {
			if rs[i+2] < rs[i] || rs[i+2]-rs[i] > 256 {
				return nil, false
			}
			for r := rs[i]; r <= rs[i+2]; r++ {
				out = append(out, r)
			}
			i += 2
			continue
		}
		out = append(out, rs[i])
	}
	return out, true
}

// firstURL returns the first argument that looks like a URL or host.
func firstURL(c *Cmd) string {
	for _, a := range c.Args {
		if strings.Contains(a, "://") {
			return truncateText(a, 100)
		}
	}
	for _, a := range c.Positional() {
		if strings.Contains(a, ".") && !strings.HasPrefix(a, "-") {
			return truncateText(a, 100)
		}
	}
	return "the network"
}

// noteDownload remembers files that curl -o / wget write, so that running
// them later in the same script is seen as running downloaded code.
func (w *walker) noteDownload(c *Cmd) {
	var file string
	switch c.Name {
	case "curl":
		if v, ok := c.Flag("-o", "--output"); ok && v != "-" {
			file = v
		} else if c.Has("-O", "--remote-name") {
			u := firstURL(c)
			if i := strings.LastIndexByte(u, '/'); i >= 0 {
				file = u[i+1:]
			}
		}
	case "wget":
		if v, ok := c.Flag("-O", "--output-document"); ok && v != "-" {
			file = v
		} else if !c.Has("-O", "--output-document") {
			u := firstURL(c)
			if i := strings.LastIndexByte(u, '/'); i >= 0 && i+1 < len(u) {
				file = u[i+1:]
			}
		}
	default:
		return
	}
	if file == "" {
		return
	}
	w.noteDownloaded(w.r.env.mustAbs(file), firstURL(c))
}

// readOnlyPrograms only read, list or compute: they neither write, delete,
// send nor run anything else (their output redirections are judged apart).
var readOnlyPrograms = map[string]bool{
	"ls": true, "cat": true, "head": true, "tail": true, "less": true, "more": true, "grep": true, "egrep": true, "fgrep": true, "rg": true, "ag": true, "ack": true,
	"wc": true, "sort": true, "uniq": true, "cut": true, "tr": true, "echo": true, "printf": true, "pwd": true, "which": true, "whereis": true, "type": true,
	"file": true, "stat": true, "du": true, "df": true, "tree": true, "diff": true, "cmp": true, "comm": true, "date": true, "cal": true, "whoami": true, "id": true, "groups": true,
	"uname": true, "hostname": true, "uptime": true, "ps": true, "pgrep": true, "top": true, "htop": true, "free": true, "vmstat": true, "iostat": true, "lsof": true, "lsblk": true,
	"jq": true, "yq": true, "test": true, "[": true, "[[": true, "true": true, "false": true, ":": true, "basename": true, "dirname": true, "realpath": true, "readlink": true,
	"md5sum": true, "sha1sum": true, "sha256sum": true, "sha512sum": true, "shasum": true, "cksum": true, "b2sum": true, "xxd": true, "od": true, "hexdump": true, "strings": true,
	"column": true, "seq": true, "sleep": true, "man": true, "help": true, "info": true, "cd": true, "pushd": true, "popd": true, "dirs": true, "nl": true, "fold": true, "fmt": true,
	"paste": true, "join": true, "expand": true, "unexpand": true, "tac": true, "rev": true, "look": true, "locate": true, "whatis": true, "apropos": true, "env": true, "printenv": true,
	"tput": true, "clear": true, "reset": false, "history": true, "alias": true, "read": true, "wait": true, "jobs": true, "fg": false, "bg": false, "exit": true, "return": true,
	"shift": true, "set": true, "unset": true, "export": true, "local": true, "declare": true, "typeset": true, "getopts": true, "trap": true, "ulimit": true, "umask": true,
	"bat": true, "batcat": true, "fd": true, "fdfind": true, "exa": true, "eza": true, "lsd": true, "dust": true, "duf": true, "procs": true, "btop": true, "glances": true,
	"nproc": true, "lscpu": true, "lsusb": true, "lspci": true, "dmesg": true, "w": true, "who": true, "last": true, "finger": true, "getent": true, "locale": true,
	"base64": true, "base32": true, "iconv": true, "numfmt": true, "factor": true, "bc": true, "dc": true, "expr": true, "yes": true, "tty": true, "stty": true, "arch": true,
	"ping": true, "dig": true, "nslookup": true, "host": true, "traceroute": true, "tracepath": true, "mtr": true, "whois": true, "netstat": true, "ss": true, "ip": false,
	"ifconfig": false, "route": false, "nc": false, "telnet": false, "openssl": false, "xmllint": true, "tidy": false, "csvlook": true, "mlr": true, "zcat": true, "bzcat": true, "xzcat": true,
	"zless": true, "zgrep": true, "zdiff": true, "pstree": true, "watch": true, "timeout": true, "time": true, "systemd-analyze": true, "journalctl": true, "lsattr": true, "namei": true,
	"getfacl": true, "sha224sum": true, "sha384sum": true, "md5": true, "sum": true, "sed": true, "awk": true, "gawk": true, "mawk": true, "nawk": true, "find": true, "xargs": true, "tee": false,
	"diff3": true, "sdiff": true, "colordiff": true, "delta": true, "vimdiff": false, "view": true, "pr": true, "ptx": true, "tsort": true, "shuf": true, "split": false, "csplit": false,
}

// scriptOperand reports whether the filter's first operand is its
// pattern, script or program: not when an option gave it (sed -e/-f, grep
// -e/-f, awk -f, jq -f), where every operand is a file it reads.
func scriptOperand(c *Cmd) bool {
	switch c.Name {
	case "sed":
		return !c.Has("-e", "--expression", "-f", "--file")
	case "grep":
		return !c.Has("-e", "--regexp", "-f", "--file")
	case "awk":
		return !c.Has("-f", "--file")
	case "jq":
		return !c.Has("-f", "--from-file")
	}
	return false
}

// isNetworkSender reports whether c sends data to another machine.
func isNetworkSender(c *Cmd) bool {
	switch c.Name {
	case "curl", "wget", "http", "https", "xh", "nc", "ncat", "netcat", "socat", "telnet", "scp", "sftp", "ftp", "tftp", "rsync", "rclone", "ssh",
		"mail", "mailx", "sendmail", "mutt", "swaks", "aws", "gsutil", "gcloud", "az", "s3cmd", "mc", "gh", "glab", "smbclient", "lftp", "nslookup", "dig", "croc", "magic-wormhole", "wormhole", "transfer",
		// Raw connections that send their standard input as it comes.
		"gnutls-cli", "websocat", "wscat", "ncftpput", "pwncat", "cryptcat", "kcat", "kafkacat", "mosquitto_pub":
		return true
	case "openssl":
		// openssl s_client is a TLS client: what it reads on standard input
		// goes to the server.
		return len(c.Args) > 0 && c.ArgIs("s_client")
	}
	return specSends(c)
}
