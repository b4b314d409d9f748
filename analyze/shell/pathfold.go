package shell

import (
	"regexp"
	"strings"
	"sync"
)

// Inline code that builds a path from pieces: os.path.join(os.environ
// ['HOME'], '.claude', 'settings.json'), Path.home() / '.claude',
// path.join(os.homedir(), …), join("/", $ENV{HOME}, …), File.join(Dir.home,
// …), '%s/.claude' % home, f-strings, shutil.which('actionguard-hook').
// The evaluator folds the pieces (interp_eval.go, interp_funcs.go); here
// every call that opens a file for writing, changes its mode, copies,
// moves or links onto it, or opens it as a database gets the folded path
// judged as a shell write of that path is (paths_self.go, self_paths.go),
// and a read of a key or token secret as a shell read is. A piece only
// known when the code runs stands for any name there: join(HOME,
// '.claude', name) written is the agent's settings.

// pathUse is what a call does to a path.
type pathUse uint8

const (
	pathReads    pathUse = iota + 1
	pathWrites           // writes the file (or creates, truncates, links it)
	pathAppends          // adds to the end of the file
	pathChanges          // changes the whole tree there: renames, chmods, copies over
	pathDatabase         // opens it as a database
)

// pathArg says which argument of a call is a path and what the call does
// to it. at: the positional index (receiverArg: the object the method
// is called on, fromArg+i: every argument from i on). mode: the index of
// the open mode (Python's open, fopen, File.open), or -1.
type pathArg struct {
	at   int
	use  pathUse
	mode int
	// key is the keyword that names the argument (R's file=, dbname=):
	// when given, the path is that keyword's value.
	key string
	// modeKey is the keyword that names the mode (mode=, flags=).
	modeKey string
	// dsn: the argument is a data source name (dbi:SQLite:dbname=…, sqlite:…).
	dsn bool
}

const (
	receiverArg = -1
	fromArg     = 100
)

// pathCall is a function (or a method, when method is set) whose
// arguments are paths.
type pathCall struct {
	names  []string
	method bool
	args   []pathArg
}

func pa(at int, use pathUse) pathArg { return pathArg{at: at, use: use, mode: -1} }

func paMode(at, mode int, key string) pathArg {
	return pathArg{at: at, use: pathReads, mode: mode, modeKey: key}
}

// pathCalls are the calls each language opens, changes and connects to
// files with.
var pathCalls = map[string][]pathCall{
	"python": {
		{names: []string{"open", "io.open", "codecs.open", "gzip.open", "bz2.open", "lzma.open"}, args: []pathArg{paMode(0, 1, "mode"), {key: "file", use: pathReads, mode: 1, modeKey: "mode"}, {key: "filename", use: pathReads, mode: 1, modeKey: "mode"}}},
		{names: []string{"os.open"}, args: []pathArg{paMode(0, 1, "flags")}},
		{names: []string{"os.chmod", "os.lchmod", "os.chown", "os.lchown", "os.truncate", "os.utime", "os.mkfifo", "os.mknod", "shutil.chown", "os.chflags", "os.setxattr"}, args: []pathArg{pa(0, pathChanges)}},
		{names: []string{"os.rename", "os.replace", "os.renames", "shutil.move"}, args: []pathArg{pa(0, pathChanges), pa(1, pathChanges), {key: "dst", use: pathChanges, mode: -1}}},
		{names: []string{"shutil.copy", "shutil.copy2", "shutil.copyfile", "shutil.copymode", "shutil.copystat"}, args: []pathArg{pa(0, pathReads), pa(1, pathWrites), {key: "dst", use: pathWrites, mode: -1}}},
		{names: []string{"shutil.copytree"}, args: []pathArg{pa(0, pathReads), pa(1, pathChanges)}},
		{names: []string{"os.symlink", "os.link"}, args: []pathArg{pa(1, pathWrites)}},
		{names: []string{"sqlite3.connect", "apsw.Connection", "dbm.open", "shelve.open"}, args: []pathArg{pa(0, pathDatabase)}},
		{names: []string{"write_text", "write_bytes", "touch", "symlink_to", "hardlink_to", "mkdir"}, method: true, args: []pathArg{pa(receiverArg, pathWrites)}},
		{names: []string{"chmod", "lchmod", "unlink", "rmdir"}, method: true, args: []pathArg{pa(receiverArg, pathChanges)}},
		{names: []string{"rename", "replace"}, method: true, args: []pathArg{pa(receiverArg, pathChanges), pa(0, pathChanges)}},
		{names: []string{"open"}, method: true, args: []pathArg{{at: receiverArg, use: pathReads, mode: 0, modeKey: "mode"}}},
		{names: []string{"read_text", "read_bytes"}, method: true, args: []pathArg{pa(receiverArg, pathReads)}},
	},
	"node": {
		{names: []string{"appendFile", "appendFileSync"}, args: []pathArg{pa(0, pathAppends)}},
		{names: []string{"writeFile", "writeFileSync", "createWriteStream", "truncate", "truncateSync", "outputFile", "outputFileSync", "writeJson", "writeJsonSync", "writeJSON", "writeJSONSync", "outputJson", "outputJsonSync", "utimes", "utimesSync", "Bun.write", "Deno.writeTextFile", "Deno.writeTextFileSync", "Deno.writeFile", "Deno.writeFileSync", "Deno.truncate", "Deno.truncateSync"}, args: []pathArg{pa(0, pathWrites)}},
		{names: []string{"chmod", "chmodSync", "lchmod", "lchmodSync", "chown", "chownSync", "lchown", "lchownSync", "Deno.chmod", "Deno.chmodSync", "Deno.chown", "Deno.chownSync"}, args: []pathArg{pa(0, pathChanges)}},
		{names: []string{"open", "openSync", "Deno.open", "Deno.openSync"}, args: []pathArg{paMode(0, 1, "flags")}},
		{names: []string{"rename", "renameSync", "move", "moveSync", "Deno.rename", "Deno.renameSync"}, args: []pathArg{pa(0, pathChanges), pa(1, pathChanges)}},
		{names: []string{"copyFile", "copyFileSync", "cp", "cpSync", "copy", "copySync", "Deno.copyFile", "Deno.copyFileSync"}, args: []pathArg{pa(0, pathReads), pa(1, pathChanges)}},
		{names: []string{"symlink", "symlinkSync", "link", "linkSync", "ensureSymlink", "ensureSymlinkSync", "Deno.symlink", "Deno.symlinkSync", "Deno.link", "Deno.linkSync"}, args: []pathArg{pa(1, pathWrites)}},
		{names: []string{"readFile", "readFileSync", "createReadStream", "readJson", "readJsonSync", "Deno.readTextFile", "Deno.readTextFileSync", "Deno.readFile", "Deno.readFileSync", "Bun.file"}, args: []pathArg{pa(0, pathReads)}},
		{names: []string{"Database", "DatabaseSync", "sqlite3.Database", "Deno.openKv"}, args: []pathArg{pa(0, pathDatabase)}},
	},
	"perl": {
		{names: []string{"chmod", "utime"}, args: []pathArg{pa(fromArg+1, pathChanges)}},
		{names: []string{"chown"}, args: []pathArg{pa(fromArg+2, pathChanges)}},
		{names: []string{"truncate"}, args: []pathArg{pa(0, pathWrites)}},
		{names: []string{"rename", "move", "mv", "File::Copy::move"}, args: []pathArg{pa(0, pathChanges), pa(1, pathChanges)}},
		{names: []string{"copy", "cp", "File::Copy::copy"}, args: []pathArg{pa(0, pathReads), pa(1, pathWrites)}},
		{names: []string{"symlink", "link"}, args: []pathArg{pa(1, pathWrites)}},
		{names: []string{"sysopen"}, args: []pathArg{paMode(1, 2, "")}},
		{names: []string{"DBI->connect", "connect"}, args: []pathArg{{at: 0, use: pathDatabase, mode: -1, dsn: true}}},
	},
	"ruby": {
		{names: []string{"File.write", "File.binwrite", "IO.write", "IO.binwrite", "FileUtils.touch", "File.truncate", "FileUtils.mkdir_p"}, args: []pathArg{pa(0, pathWrites)}},
		{names: []string{"File.open", "File.new", "IO.sysopen"}, args: []pathArg{paMode(0, 1, "mode")}},
		{names: []string{"File.chmod", "File.lchmod", "FileUtils.chmod", "FileUtils.chmod_R", "File.utime"}, args: []pathArg{pa(fromArg+1, pathChanges)}},
		{names: []string{"File.chown", "File.lchown", "FileUtils.chown", "FileUtils.chown_R"}, args: []pathArg{pa(fromArg+2, pathChanges)}},
		{names: []string{"File.rename", "FileUtils.mv", "FileUtils.move"}, args: []pathArg{pa(0, pathChanges), pa(1, pathChanges)}},
		{names: []string{"FileUtils.cp", "FileUtils.copy", "FileUtils.copy_file", "FileUtils.install", "IO.copy_stream"}, args: []pathArg{pa(0, pathReads), pa(1, pathWrites)}},
		{names: []string{"FileUtils.cp_r", "FileUtils.copy_entry"}, args: []pathArg{pa(0, pathReads), pa(1, pathChanges)}},
		{names: []string{"File.symlink", "File.link", "FileUtils.ln", "FileUtils.ln_s", "FileUtils.ln_sf", "FileUtils.symlink", "FileUtils.link"}, args: []pathArg{pa(1, pathWrites)}},
		{names: []string{"File.read", "File.readlines", "File.binread", "IO.read", "IO.readlines", "IO.binread", "File.foreach", "IO.foreach"}, args: []pathArg{pa(0, pathReads)}},
		{names: []string{"SQLite3::Database.new", "SQLite3::Database.open", "Sequel.sqlite", "Extralite::Database.new"}, args: []pathArg{pa(0, pathDatabase)}},
		// Pathname's methods: the object is the path.
		{names: []string{"write", "binwrite", "make_symlink", "make_link"}, method: true, args: []pathArg{pa(receiverArg, pathWrites)}},
		{names: []string{"chmod", "lchmod", "chown", "rename", "delete", "unlink", "rmtree"}, method: true, args: []pathArg{pa(receiverArg, pathChanges)}},
		{names: []string{"open"}, method: true, args: []pathArg{{at: receiverArg, use: pathReads, mode: 0}}},
	},
	"php": {
		{names: []string{"file_put_contents", "touch", "tempnam"}, args: []pathArg{pa(0, pathWrites)}},
		{names: []string{"fopen", "gzopen", "SplFileObject"}, args: []pathArg{paMode(0, 1, "")}},
		{names: []string{"chmod", "chown", "chgrp", "lchown", "lchgrp"}, args: []pathArg{pa(0, pathChanges)}},
		{names: []string{"rename"}, args: []pathArg{pa(0, pathChanges), pa(1, pathChanges)}},
		{names: []string{"copy"}, args: []pathArg{pa(0, pathReads), pa(1, pathWrites)}},
		{names: []string{"symlink", "link"}, args: []pathArg{pa(1, pathWrites)}},
		{names: []string{"file_get_contents", "readfile", "file", "parse_ini_file"}, args: []pathArg{pa(0, pathReads)}},
		{names: []string{"SQLite3", "PDO"}, args: []pathArg{{at: 0, use: pathDatabase, mode: -1, dsn: true}}},
	},
	"lua": {
		{names: []string{"io.open"}, args: []pathArg{paMode(0, 1, "")}},
		{names: []string{"io.output"}, args: []pathArg{pa(0, pathWrites)}},
		{names: []string{"os.rename"}, args: []pathArg{pa(0, pathChanges), pa(1, pathChanges)}},
		{names: []string{"io.lines", "io.input"}, args: []pathArg{pa(0, pathReads)}},
	},
	"r": {
		{names: []string{"writeLines", "write", "saveRDS", "save", "write.csv", "write.table", "cat", "sink"}, args: []pathArg{pa(1, pathWrites), {use: pathWrites, mode: -1, key: "file"}, {use: pathWrites, mode: -1, key: "con"}}},
		{names: []string{"file.copy", "file.rename"}, args: []pathArg{pa(0, pathReads), pa(1, pathChanges)}},
		{names: []string{"Sys.chmod", "file.create", "Sys.setFileTime"}, args: []pathArg{pa(0, pathChanges)}},
		{names: []string{"file.symlink", "file.link"}, args: []pathArg{pa(1, pathWrites)}},
		{names: []string{"readLines", "readRDS", "read.csv", "readChar", "scan"}, args: []pathArg{pa(0, pathReads)}},
		{names: []string{"dbConnect", "DBI::dbConnect"}, args: []pathArg{pa(1, pathDatabase), {use: pathDatabase, mode: -1, key: "dbname"}}},
	},
}

// pathCallREs are the patterns that find the calls of pathCalls, one
// per language, compiled the first time inline code is read.
var pathCallREs = sync.OnceValue(func() map[string]*regexp.Regexp {
	out := map[string]*regexp.Regexp{}
	for lang, calls := range pathCalls {
		seen := map[string]bool{}
		var names []string
		for _, pc := range calls {
			for _, n := range pc.names {
				if last := lastSegment(n); !seen[last] {
					seen[last] = true
					names = append(names, regexp.QuoteMeta(last))
				}
			}
		}
		out[lang] = regexp.MustCompile(`(?:^|[^\w$-])(` + strings.Join(names, "|") + `)\s*[(\s'"]`)
	}
	return out
})

// pathCallOf returns the entry of pathCalls for the call named fn whose
// name starts at start.
func (s *codeScan) pathCallOf(fn string, start int) *pathCall {
	calls := pathCalls[s.lang]
	short := lastSegment(fn)
	for i := range calls {
		pc := &calls[i]
		if pc.method {
			continue
		}
		for _, n := range pc.names {
			switch {
			case fn == n:
				return pc
			case s.lang == "python" && fn == "builtins."+n:
				return pc
			case s.lang == "node" && !strings.Contains(n, ".") && short == n:
				// fs.writeFileSync, fsp.writeFile, require('fs').chmodSync:
				// any module object.
				return pc
			}
		}
	}
	if start == 0 || s.code[start-1] != '.' {
		return nil
	}
	for i := range calls {
		pc := &calls[i]
		if !pc.method {
			continue
		}
		for _, n := range pc.names {
			if short == n {
				return pc
			}
		}
	}
	return nil
}

// pathCallsScan judges the paths inline code opens, changes and connects
// to, each worked out by the evaluator.
func (s *codeScan) pathCallsScan() {
	re := pathCallREs()[s.lang]
	if re == nil {
		return
	}
	code := s.code
	for _, m := range re.FindAllStringSubmatchIndex(code, 64) {
		start, end := m[2], m[3]
		if s.notACall(start) && !(s.lang == "perl" && precededBy(code, start, "DBI->")) {
			continue
		}
		fn := funcName(code, start, end)
		pc := s.pathCallOf(fn, start)
		if pc == nil {
			continue
		}
		args, ok := s.argsAt(end)
		if !ok && !pc.method {
			continue
		}
		pos := positional(args)
		raw := s.rawArgs(end)
		for _, a := range pc.args {
			var targets []val
			switch {
			case a.key != "":
				if v, ok := s.keywordArg(raw, a.key); ok {
					targets = []val{v}
				}
			case a.at == receiverArg:
				targets = []val{s.receiver(start - 1)}
			case a.at >= fromArg:
				if a.at-fromArg < len(pos) {
					targets = pos[a.at-fromArg:]
				}
			case a.at < len(pos):
				targets = []val{pos[a.at]}
			}
			use := a.use
			if a.mode >= 0 || a.modeKey != "" {
				use = s.openUse(pos, raw, a)
			}
			for _, t := range targets {
				if a.dsn {
					t = dsnPath(t)
				}
				s.judgeFolded(t, use)
			}
		}
		s.noteLinkCall(fn, pc, pos, start) // self_linemade.go
	}
	if s.lang == "perl" {
		s.perlOpens()
	}
	if s.lang == "node" {
		// require('better-sqlite3')(file), new (require('sqlite3').Database)(file).
		for _, loc := range reNodeSQLite.FindAllStringIndex(code, 16) {
			if args, ok := s.argsAt(loc[1] - 1); ok {
				if pos := positional(args); len(pos) > 0 {
					s.judgeFolded(pos[0], pathDatabase)
				}
			}
		}
		s.nodeSQLiteAliases()
	}
}

// reNodeSQLiteAlias is a SQLite module bound to a name (const D =
// require('better-sqlite3')), whose calls open a database.
var reNodeSQLiteAlias = lazyRegexp(`\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*require\s*\(\s*['"](?:better-sqlite3|node:sqlite|bun:sqlite)['"]\s*\)`)

// nodeSQLiteAliases judges the files opened through a name the module was
// bound to: new D(file), D(file).
func (s *codeScan) nodeSQLiteAliases() {
	for _, m := range reNodeSQLiteAlias.FindAllStringSubmatch(s.code, 4) {
		name := m[1]
		for i := 0; i < len(s.code) && i >= 0; {
			j := strings.Index(s.code[i:], name)
			if j < 0 {
				break
			}
			at := i + j + len(name)
			i = at
			if start := at - len(name); start > 0 && (isIdentByte(s.code[start-1]) || s.code[start-1] == '.' || s.code[start-1] == '$') {
				continue
			}
			if args, ok := s.argsAt(at); ok {
				if pos := positional(args); len(pos) > 0 {
					s.judgeFolded(pos[0], pathDatabase)
				}
			}
		}
	}
}

var reNodeSQLite = lazyRegexp(`\brequire\s*\(\s*['"](?:better-sqlite3|sqlite3|node:sqlite|bun:sqlite|sqlite)['"]\s*\)(?:\.\w+)*\s*\)?\s*\(`)

// rawArgs is the text between the parentheses of the call whose name
// ends at i, or "" for a call without them.
func (s *codeScan) rawArgs(i int) string {
	j := i
	for j < len(s.code) && (s.code[j] == ' ' || s.code[j] == '\t') {
		j++
	}
	if j >= len(s.code) || s.code[j] != '(' {
		return ""
	}
	end := matchClose(s.code, j, '(', ')')
	if end < 0 {
		return ""
	}
	return s.code[j+1 : end]
}

// rawArgList splits a call's argument text at its top-level commas.
func rawArgList(raw string) []string {
	var out []string
	for i := 0; i < len(raw) && len(out) < 64; {
		end := nextComma(raw, i)
		out = append(out, strings.TrimSpace(raw[i:end]))
		i = end + 1
	}
	return out
}

// keywordArg evaluates the argument given as key=value (Python, R) or
// key: value (Ruby, JavaScript options).
func (s *codeScan) keywordArg(raw, key string) (val, bool) {
	for _, a := range rawArgList(raw) {
		rest, ok := strings.CutPrefix(a, key)
		if !ok {
			continue
		}
		rest = strings.TrimLeft(rest, " \t")
		switch {
		case strings.HasPrefix(rest, "==") || strings.HasPrefix(rest, "::"):
		case strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, ":"):
			return s.e.sub(strings.TrimSpace(rest[1:])).expr1(), true
		}
	}
	return val{}, false
}

// openUse says whether an open call reads or writes, from its mode: a
// mode that writes (w, a, x, +, c for PHP), flags that write (O_WRONLY,
// O_RDWR, O_CREAT, O_TRUNC, O_APPEND, File::WRONLY), or a mode only known
// when the code runs, which may write. No mode reads.
func (s *codeScan) openUse(pos []val, raw string, a pathArg) pathUse {
	var mode val
	given := false
	if a.mode >= 0 && a.mode < len(pos) {
		mode, given = pos[a.mode], true
	}
	if !given && a.modeKey != "" {
		mode, given = s.keywordArg(raw, a.modeKey)
	}
	if !given {
		return pathReads
	}
	if !modeWrites(mode, s.lang) {
		return pathReads
	}
	if m := mode.text(); mode.kind == valStr && mode.known() && strings.ContainsAny(m, "a") && !strings.ContainsAny(m, "w+") || reAppendFlag.MatchString(m) && !reTruncFlag.MatchString(m) {
		return pathAppends
	}
	return pathWrites
}

var (
	reAppendFlag = lazyRegexp(`(?i)APPEND`)
	reTruncFlag  = lazyRegexp(`(?i)TRUNC`)
)

// reWriteFlags are the open flags that write, in every language's spelling.
var reWriteFlags = lazyRegexp(`(?i)WRONLY|RDWR|CREAT|TRUNC|APPEND`)

func modeWrites(mode val, lang string) bool {
	switch mode.kind {
	case valNum:
		return mode.n&3 != 0 || mode.n&0o1000 != 0 // O_WRONLY, O_RDWR, O_TRUNC
	case valStr:
		if !mode.known() {
			return true
		}
		m, _, _ := strings.Cut(mode.s, ":") // Ruby's "r:UTF-8"
		writes := "wax+"
		if lang == "php" {
			writes += "c"
		}
		return strings.ContainsAny(m, writes) || reWriteFlags.MatchString(m)
	}
	return true
}

// dsnPath is the file a data source name opens: dbi:SQLite:dbname=PATH,
// sqlite:PATH, sqlite:///PATH.
func dsnPath(v val) val {
	if v.kind != valStr {
		return v
	}
	lower := strings.ToLower(v.s)
	for _, p := range []string{"dbname=", "database=", "sqlite:///", "sqlite://", "sqlite:", "file:"} {
		if i := strings.Index(lower, p); i >= 0 {
			rest := v.s[i+len(p):]
			if j := strings.IndexAny(rest, ";?"); j >= 0 {
				rest = rest[:j]
			}
			v.s = rest
			return v
		}
	}
	if strings.HasPrefix(lower, "dbi:") {
		return val{} // another driver: not a file
	}
	return v
}

// receiver evaluates the object a method is called on, the expression
// that ends just before the dot at dot: p, Path.home() / 'x',
// (home / '.claude'), Path('~/x').expanduser().
func (s *codeScan) receiver(dot int) val {
	start := receiverStart(s.code, dot)
	if start >= dot {
		return unknownVal()
	}
	return s.e.sub(s.code[start:dot]).expr1()
}

// receiverStart walks back from the dot at dot over names, calls,
// subscripts and string literals to where the object's expression
// starts.
func receiverStart(code string, dot int) int {
	j := dot
	for steps := 0; j > 0 && steps < 256; steps++ {
		c := code[j-1]
		switch {
		case c == ')' || c == ']':
			open := matchOpen(code, j-1)
			if open < 0 {
				return dot
			}
			j = open
		case isIdentChar(c) || c == '.':
			j--
		case c == '\'' || c == '"':
			k := j - 2
			for k >= 0 && (code[k] != c || k > 0 && code[k-1] == '\\') {
				k--
			}
			if k < 0 {
				return dot
			}
			j = k
		case c == ' ' || c == '\t':
			// Python's Path.home() / 'x' / 'y' inside parentheses is
			// found whole by the parenthesis; outside them the method
			// binds to the last piece only.
			return j
		default:
			return j
		}
	}
	return j
}

// matchOpen returns the index of the bracket that closes at i, walking
// back over string literals, or -1.
func matchOpen(code string, i int) int {
	closeC := code[i]
	open := byte('(')
	if closeC == ']' {
		open = '['
	}
	depth := 0
	for j := i; j >= 0 && i-j < 64<<10; j-- {
		switch c := code[j]; c {
		case closeC:
			depth++
		case open:
			depth--
			if depth == 0 {
				return j
			}
		case '\'', '"':
			k := j - 1
			for k >= 0 && (code[k] != c || k > 0 && code[k-1] == '\\') {
				k--
			}
			if k < 0 {
				return -1
			}
			j = k
		}
	}
	return -1
}

// foldedPaths are the paths a folded value may name: the value with each
// piece only known at run time standing for any name there, and, when
// such a piece ends the value right after a name (home + '/.claude' +
// rest), that directory's content too.
func foldedPaths(text string) []string {
	if text == "" || len(text) > 4096 || strings.HasPrefix(text, "\x00module:") {
		return nil
	}
	if !strings.Contains(text, unknownPart) {
		return []string{text}
	}
	p := strings.ReplaceAll(text, unknownPart, selfDynamic)
	out := []string{p}
	if prefix, ok := strings.CutSuffix(text, unknownPart); ok && prefix != "" && !strings.HasSuffix(prefix, "/") && !strings.Contains(prefix, unknownPart) {
		out = append(out, prefix+"/"+selfDynamic)
	}
	return out
}

// judgeFolded judges a path inline code built, by what the code does to
// it, as the shell's self-protection judges a command that names it.
func (s *codeScan) judgeFolded(v val, use pathUse) {
	if v.kind == valList {
		for i, x := range v.list {
			if i >= 64 {
				break
			}
			s.judgeFolded(x, use)
		}
		return
	}
	if v.kind != valStr {
		return
	}
	for _, p := range foldedPaths(v.s) {
		if s.judgePath(p, use) {
			return
		}
	}
}

// judgePath judges one path; it reports whether it found something.
func (s *codeScan) judgePath(p string, use pathUse) bool {
	r := s.w.r
	env := r.env
	if s.c.env != nil {
		env = s.c.env.in(s.c.Cwd)
	}
	who := "Inline " + s.name() + " code"
	shown := showChange(p)
	dynamic := strings.Contains(p, "\x00")
	// A name only known when the code runs stands for any name: what
	// the known part names (…/actionguard/modes.json, …/.claude/settings.json)
	// is the place.
	part := env.controlOf(p)
	if (use == pathWrites || use == pathAppends) && !dynamic {
		// What the code writes there is not worked out: a later command
		// of the line that runs the file runs text only known then
		// (python3 -c "open('x.sh','w').write(…)" && bash x.sh).
		if abs, ok := env.resolve(p); ok {
			s.w.writeFile(abs, stream{kind: streamUnknown, what: "what inline " + s.name() + " code writes"}, use == pathAppends)
		}
	}
	switch use {
	case pathReads:
		if !part.key {
			return false
		}
		r.mutates()
		r.add(s.c.find(ruleSelfRead, env.noteLinks(who+" reads "+shown+", a key or token secret of actionguard: with it, records and approvals could be forged.", p), shown))
		return true
	case pathDatabase:
		if !part.ok() {
			part = env.selfReach(selfChange{p, false})
		}
		if !part.ok() {
			return false
		}
		r.mutates()
		r.add(s.c.find(ruleSelfDatabase, env.noteLinks(who+" opens "+shown+", "+part.what+", as a database: it could mark a request approved or rewrite the record.", p), shown))
		return true
	}
	if !part.ok() {
		part = env.selfReach(selfChange{p, use == pathChanges})
	}
	if !part.ok() && r.linkedFinding(s.c, who, p, r.throughLinks(env, p, s.c.index+1, true, use == pathChanges)) {
		return true // through a link made earlier (self_linemade.go)
	}
	if !part.ok() {
		if dynamic || use == pathChanges {
			return false
		}
		// Any other file is judged as the shell judges a write to it:
		// credentials, startup files, system directories, outside the
		// project.
		mode := writeOverwrite
		if use == pathAppends {
			mode = writeAppend
		}
		j, ok := judgeWrite(env, p, mode)
		if !ok {
			return false
		}
		r.mutates()
		r.add(s.c.find(j.rule, j.message, p))
		return true
	}
	r.mutates()
	r.add(s.c.find(ruleSelfWrite, env.noteLinks(who+" changes "+shown+", "+part.what+": changing it is a person's call.", p), shown))
	return true
}

// perlOpens judges Perl's open: open(FH, MODE, PATH) and open(FH,
// ">PATH"), a mode that writes (>, >>, +<) or reads (<, none).
func (s *codeScan) perlOpens() {
	for _, call := range s.perlOpenCalls() {
		if at := call.at; at > 0 && (s.code[at-1] == '.' || s.code[at-1] == ':') {
			continue // a method or another package's open
		}
		pos := call.pos
		switch {
		case len(pos) >= 3 && pos[1].kind == valStr && pos[1].known():
			mode := strings.TrimSpace(pos[1].s)
			if strings.Contains(mode, "|") {
				continue // a pipe: the command is judged as a command
			}
			use := pathReads
			switch {
			case strings.HasPrefix(mode, ">>"):
				use = pathAppends
			case strings.ContainsAny(mode, ">+"):
				use = pathWrites
			}
			s.judgeFolded(pos[2], use)
		case len(pos) == 2 && pos[1].kind == valStr:
			t := strings.TrimLeft(pos[1].s, " \t")
			if strings.HasPrefix(t, "|") || strings.HasSuffix(strings.TrimSpace(t), "|") {
				continue
			}
			use := pathReads
			switch {
			case strings.HasPrefix(t, ">>"):
				t, use = t[2:], pathAppends
			case strings.HasPrefix(t, "+<"), strings.HasPrefix(t, "+>"):
				t, use = t[2:], pathWrites
			case strings.HasPrefix(t, ">"):
				t, use = t[1:], pathWrites
			case strings.HasPrefix(t, "<"):
				t = t[1:]
			}
			v := pos[1]
			v.s = strings.TrimLeft(t, " \t")
			s.judgeFolded(v, use)
		}
	}
}

// whichVal is the path of the program named by v, where the shell's which
// finds it (producers.go reads $(which NAME) the same way).
func whichVal(v val) val {
	if v.kind != valStr || !v.known() || v.s == "" || strings.ContainsAny(v.s, "/\x00 \t\n") || len(v.s) > 255 {
		return unknownVal()
	}
	return val{kind: valStr, s: "/usr/bin/" + v.s, hidden: v.hidden}
}

// pathPieceVal is the directory (dir) or the last name of a known path.
func pathPieceVal(v val, dir bool) val {
	p := strings.TrimRight(v.s, "/")
	i := strings.LastIndexByte(p, '/')
	switch {
	case p == "":
		return val{kind: valStr, s: "/", hidden: v.hidden}
	case dir && i < 0:
		return val{kind: valStr, s: ".", hidden: v.hidden}
	case dir && i == 0:
		return val{kind: valStr, s: "/", hidden: v.hidden}
	case dir:
		return val{kind: valStr, s: p[:i], hidden: v.hidden}
	}
	return val{kind: valStr, s: p[i+1:], hidden: v.hidden}
}
