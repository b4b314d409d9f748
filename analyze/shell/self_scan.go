package shell

import (
	"path"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/actionguard/actionguard/rule"
)

// Changing actionguard's files by any other means than its command line:
// writing over them (cp, mv, ln, tee, redirects, editors), opening its
// database from the sqlite3 client or from code (Python's sqlite3, Perl's
// DBI, a script written by a here-document), and asking its server to
// decide. Reading stays allowed, except keys and token secrets.

var (
	ruleSelfWrite = &rule.Rule{
		ID: "shell.self.write", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Changes actionguard's own files (its policy, state, database or keys) or the agent's hook settings: the agent would be rewriting its own safety rules.",
		Alternative: selfAlternative,
		Match: []string{"cp evil.yaml ~/.config/actionguard/actionguard.yaml", "echo 'mode: learning' >> ~/.config/actionguard/actionguard.yaml",
			"ln -sf /tmp/p.yaml ~/.config/actionguard/actionguard.yaml", "mv /tmp/x.db ~/.local/state/actionguard/actionguard.db",
			"rm -rf ~/.local/state/actionguard", "echo '{}' > .claude/settings.json", "vim ~/.config/actionguard/modes.json",
			"sed -i 's/actionguard//' ~/.gemini/settings.json", "echo x | tee $ACTIONGUARD_CONFIG", "cd ~/.config/actionguard && echo '{}' > modes.json"},
		NoMatch: []string{"cat ~/.config/actionguard/actionguard.yaml", "ls -la ~/.local/state/actionguard", "cat .claude/settings.json",
			"grep -n deny ~/.config/actionguard/actionguard.yaml", "cp ~/.config/actionguard/actionguard.yaml /tmp/policy-copy.yaml", "echo hi > notes.txt"},
	}
	ruleSelfRead = &rule.Rule{
		ID: "shell.self.read-key", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Reads one of actionguard's keys or token secrets (its database holds the tokens' hashes, which key the server's sessions): with it, records and approvals could be forged.",
		Alternative: selfAlternative,
		Match:       []string{"cat ~/.local/state/actionguard/sessions/fingerprint.key", "cp ~/.local/state/actionguard/actionguard.db /tmp/copy.db", "strings ~/.local/state/actionguard/actionguard.db", "base64 ~/.local/state/actionguard/audit.key", "head -c 64 $ACTIONGUARD_STATE_DIR/tokens.secret", "base64 < ~/.local/state/actionguard/audit.key"},
		NoMatch:     []string{"cat ~/.local/state/actionguard/learned.json", "ls ~/.local/state/actionguard/sessions"},
	}
	ruleSelfDatabase = &rule.Rule{
		ID: "shell.self.database", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Opens actionguard's database or state from a client or from code: it could mark a request approved or rewrite the record.",
		Alternative: selfAlternative,
		Match: []string{"sqlite3 ~/.local/state/actionguard/actionguard.db < fix.sql",
			`python3 -c "import sqlite3; c = sqlite3.connect('/home/u/.local/state/actionguard/actionguard.db'); c.execute(\"update approvals set status='approved'\")"`,
			`perl -MDBI -e 'DBI->connect("dbi:SQLite:dbname=$ENV{HOME}/.local/state/actionguard/actionguard.db")->do("update approvals set status=1")'`,
			"cat > /tmp/a.py <<'EOF'\nimport sqlite3, os\nsqlite3.connect(os.path.expanduser('~/.local/state/actionguard/actionguard.db'))\nEOF\npython3 /tmp/a.py",
			"python3 - <<'EOF'\nimport sqlite3, os\nsqlite3.connect(os.path.expanduser('~/.local/state/actionguard/actionguard.db'))\nEOF",
			`sqlite3 actionguard.db .dump`},
		NoMatch: []string{`sqlite3 app.db "select name from users where id=1"`, `python3 -c "import sqlite3; sqlite3.connect('app.db')"`},
	}
	ruleSelfServer = &rule.Rule{
		ID: "shell.self.server", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Asks actionguard's server to decide an approval, mint a token or change its settings: only a person answers there.",
		Alternative: selfAlternative,
		Match: []string{"curl -X POST http://127.0.0.1:8750/v1/approvals/ap-1/approve", "curl -s -XPOST -H 'Authorization: Bearer x' localhost:8750/v1/approvals/batch -d '{}'",
			"wget --post-data '' https://guard.example.com/v1/approvals/ap-1/approve", "http POST :8750/v1/approvals/ap-1/reject",
			`python3 -c "import requests; requests.post('http://localhost:8750/v1/approvals/ap-9/approve')"`, "curl -d 'user=a' http://[::1]:8750/v1/session"},
		NoMatch: []string{"curl http://127.0.0.1:8750/v1/approvals", "curl -s localhost:8750/healthz", "curl -X POST http://localhost:3000/api/users -d '{}'",
			"curl -X POST http://127.0.0.1:8750/v1/check -d '{}'"},
	}
)

// selfDBClients are the database clients that open a file named on their
// command line.
var selfDBClients = []string{"sqlite3", "sqlite", "litecli", "sqlite-utils", "sqlitebrowser", "datasette", "duckdb"}

// selfDatabaseHandler: a database client opening actionguard's database or
// any file of its state.
func selfDatabaseHandler(c *Cmd, r *report) {
	for _, a := range c.Args {
		if part := c.env.controlOf(strings.TrimPrefix(a, "file:")); part.ok() {
			r.mutates()
			r.add(c.find(ruleSelfDatabase, "Opens "+part.what+" ("+a+") with "+c.Name+": it could mark a request approved or rewrite the record.", a))
			return
		}
	}
}

// selfReaders are the programs that only read the files they name.
var selfReaders = map[string]bool{
	"cat": true, "less": true, "more": true, "head": true, "tail": true, "grep": true, "egrep": true, "fgrep": true, "rg": true,
	"ag": true, "ls": true, "stat": true, "file": true, "wc": true, "diff": true, "cmp": true, "jq": true, "yq": true, "bat": true,
	"tree": true, "du": true, "md5sum": true, "sha256sum": true, "sha1sum": true, "shasum": true, "b2sum": true, "hexdump": true,
	"xxd": true, "od": true, "strings": true, "realpath": true, "readlink": true, "dirname": true, "basename": true, "echo": true,
	"printf": true, "test": true, "[": true, "view": true, "nl": true, "base64": true, "base32": true, "column": true, "sort": true,
	"uniq": true, "cut": true, "awk": false, "find": true, "fd": true, "exa": true, "eza": true, "actionguard": true, "cd": true, "pushd": true,
	"which": true, "type": true, "pwd": true, "true": true, "false": true, "cp": true,
}

// cp is among them: what it writes, its target, is judged as a write.

// selfMetaReaders read names and sizes, not content.
var selfMetaReaders = map[string]bool{"ls": true, "stat": true, "du": true, "tree": true, "file": true, "find": true, "fd": true, "exa": true, "eza": true,
	"realpath": true, "readlink": true, "dirname": true, "basename": true, "test": true, "[": true, "cd": true, "pushd": true, "echo": true, "printf": true, "wc": false}

// selfDirLike reports a path that names a directory rather than a file
// (no extension: the state directory, sessions, approvals…).
func selfDirLike(p string) bool {
	p = strings.TrimRight(p, "/")
	return !strings.Contains(path.Base(p), ".") || strings.HasSuffix(p, "/.") || path.Base(p) == ".local" || path.Base(p) == ".config"
}

// selfGitReads are git's verbs that only read (or stage) files.
var selfGitReads = map[string]bool{"diff": true, "log": true, "show": true, "status": true, "blame": true, "add": true, "ls-files": true, "grep": true}

// selfScan is the last pass over the commands that would run: any that
// names a place of actionguard's control plane and is not known to only
// read it is blocked; keys are not read at all; a script fed on standard
// input (or written by a here-document) that names one is blocked too, as
// are requests to the server's deciding endpoints.
func (r *report) selfScan() {
	cmds := r.res.Commands
	inControl := ""
	for _, c := range cmds {
		if (c.Name == "cd" || c.Name == "pushd") && len(c.Args) > 0 {
			if part := r.env.controlOf(c.Args[len(c.Args)-1]); part.ok() {
				inControl = c.Args[len(c.Args)-1]
			}
		}
	}
	for _, c := range cmds {
		r.selfCommand(c, inControl)
	}
	if inControl != "" && r.writes {
		// cd ~/.config/actionguard && echo … > modes.json: a redirect
		// relative to the new directory.
		for _, f := range r.res.Findings {
			if f.Rule == ruleSelfWrite.ID {
				return
			}
		}
		r.add(ruleSelfWrite.Find(inControl, "Changes files inside "+inControl+", actionguard's own files: changing them is a person's call.", inControl))
	}
}

func (r *report) selfCommand(c *Cmd, inControl string) {
	if r.selfEnvSet(c) {
		return
	}
	reader := selfReaders[c.Name]
	if c.Name == "git" {
		reader = selfGitReads[gitVerb(c.Args)]
	}
	if c.Name == "find" && c.Has("-delete", "-exec", "-execdir", "-ok", "-okdir", "-fprint", "-fprintf", "-fls") {
		// What -exec runs gets {} for a path, which tells nothing: a find
		// over the control plane that runs anything is judged as a write.
		reader = false
	}
	if c.Name == "base64" || c.Name == "base32" {
		reader = !c.Has("-o", "--output")
	}
	reader = reader || winShowsOnly(c) // exec_cmd_acl.go
	if c.Name != "actionguard" && c.Name != "actionguard-hook" {
		if verb := selfVerbIn(c.Args); verb != "" {
			// actionguard under another name: a copy, go run, a wrapper
			// the unwrapping does not know.
			r.mutates()
			r.add(c.find(ruleSelfUnknown, "Runs actionguard's "+verb+" through "+c.Name+": changing actionguard is a person's call."))
			return
		}
	}
	if inControl != "" && !reader && c.Name != "actionguard" {
		r.mutates()
		r.add(c.find(ruleSelfWrite, "Runs "+c.Name+" inside "+inControl+", actionguard's own files: changing them is a person's call.", inControl))
		return
	}
	if u := controlEndpoint(c.Text, c.Args); u != "" && c.Name != "actionguard" && !selfHTTPReader(c) {
		r.mutates()
		r.add(c.find(ruleSelfServer, "Sends a request to actionguard's server ("+u+"): only a person decides approvals, tokens and settings there.", u))
		return
	}
	// The words the spec reads as options are only asked for once a word
	// may name a place: most commands name none, and reading the options
	// costs more than the quick look.
	var flags uint64
	flagsRead := false
	for i, a := range c.Args {
		if c.Name == "actionguard" {
			break // its own command line is judged by selfHandler
		}
		if len(c.Dynamic) > i && c.Dynamic[i] && !strings.Contains(a, "$") {
			continue
		}
		unknown := unknownPathWord(a)
		if !unknown && !r.env.mayControl(a) {
			continue
		}
		if !flagsRead {
			flags, flagsRead = selfFlagWords(c), true
		}
		if i < 64 && flags>>i&1 == 1 {
			continue // -f, --recursive: an option, not a file in the working directory
		}
		part := r.env.controlOnDisk(a, !takesName[c.Name] || strings.HasSuffix(a, "/"))
		glob := false
		if !part.ok() {
			// ~/.local/st*/act*/audit.k*: what the wildcard can name.
			part = r.env.controlGlob(a)
			glob = part.ok()
			part.key = part.key && !selfMetaReaders[c.Name]
		}
		if unknown && (!part.ok() || !part.key) {
			// cat ~/.config/actionguard/$f, vim ~/.c$x/settings.json: a
			// name known only at run time is any file there, the keys
			// included.
			if u := r.env.selfReachUnknown(a, false); u.ok() {
				part = u
			}
		}
		if !part.ok() && !reader && !keepsAccess(c, r.env) {
			if abs, _ := r.env.resolve(a); r.env.controlAncestor(abs) {
				part.what = "a directory that holds actionguard's own files"
			}
		}
		if part.ok() && !part.key && !glob && reader && !selfMetaReaders[c.Name] && (strings.ContainsAny(path.Base(a), "*?[") ||
			selfDirLike(a) && c.Has("-r", "-R", "-a", "--recursive", "--archive", "-rf", "-Rf")) {
			// cat …/sessions/*, grep -r … ~/.local/state/actionguard, cp -r
			// it elsewhere: the keys are read along with the rest.
			part.key = true
		}
		switch {
		case part.ok() && part.key && reader:
			r.mutates()
			r.add(c.find(ruleSelfRead, "Reads "+a+", a key or token secret of actionguard: with it, records and approvals could be forged.", a))
			return
		case part.ok() && !reader:
			r.mutates()
			r.add(c.find(ruleSelfWrite, c.Name+" changes "+a+", "+part.what+": changing it is a person's call.", a))
			return
		case !reader && len(a) > 8:
			if m := r.env.mentions(a); m.ok() {
				r.mutates()
				r.add(c.find(ruleSelfDatabase, "The code run by "+c.Name+" names "+m.what+": it could change the policy, mark a request approved or rewrite the record.", truncateText(a, 120)))
				return
			}
		}
	}
	if r.selfChanged(c) {
		return
	}
	if r.selfLinked(c, r.env.in(c.Cwd), reader) {
		return
	}
	if c.Name == "git" && r.selfGitTree(c, r.env.in(c.Cwd)) { // self_gitworktree.go
		return
	}
	if c.Stdin != "" && c.Name != "actionguard" {
		if m := r.env.mentions(c.Stdin); m.ok() {
			r.mutates()
			r.add(c.find(ruleSelfDatabase, "The script given to "+c.Name+" names "+m.what+": it could change the policy, mark a request approved or rewrite the record.", truncateText(c.Stdin, 120)))
		} else if u := controlEndpoint(c.Stdin, nil); u != "" {
			r.mutates()
			r.add(c.find(ruleSelfServer, "The script given to "+c.Name+" sends a request to actionguard's server ("+u+").", u))
		}
	}
}

// selfHTTPReader reports a read-only program that merely names a URL
// (grep, echo): only clients and code send.
func selfHTTPReader(c *Cmd) bool {
	switch c.Name {
	case "grep", "egrep", "fgrep", "rg", "cat", "less", "head", "tail":
		return true
	}
	return false
}

// mentions reports whether a piece of code or a script names a place of
// actionguard's control plane, however it spells it (~, $HOME, an
// expanded path, os.path.join's pieces).
func (e *analysis) mentions(text string) controlPart {
	if len(text) > 1<<20 {
		text = text[:1<<20]
	}
	home := e.home
	for _, p := range e.control {
		if strings.Contains(text, p) {
			return controlPart{what: stateWhat(p, p)}
		}
	}
	for _, f := range agentHookFiles {
		if strings.Contains(text, f[1:]) {
			return controlPart{what: "the agent's hook settings"}
		}
	}
	for _, d := range agentHookDirs {
		if strings.Contains(text, d[1:]) {
			return controlPart{what: "the agent's hook settings"}
		}
	}
	if !strings.Contains(text, "ctionguard") && !strings.Contains(text, "CTIONGUARD") && !strings.Contains(text, "ctionGuard") {
		return e.mentionsGlob(text)
	}
	lower := strings.ToLower(text)
	if strings.Contains(lower, "actionguard") {
		for _, f := range []string{".config/actionguard", ".local/state/actionguard", "actionguard.db", "actionguard.yaml", "actionguard_db", "actionguard_state_dir", "actionguard_config"} {
			if strings.Contains(lower, f) {
				return controlPart{what: "actionguard's own files"}
			}
		}
		// os.path.join(home, ".local", "state", "actionguard"): the pieces.
		if strings.Contains(lower, "xdg_state_home") || strings.Contains(lower, "xdg_config_home") ||
			strings.Contains(lower, ".local") || strings.Contains(lower, ".config") {
			return controlPart{what: "actionguard's own files"}
		}
	}
	for _, d := range homeControlDirs() {
		if home != "" && strings.Contains(text, home+d) {
			return controlPart{what: "actionguard's own files"}
		}
	}
	return e.mentionsGlob(text)
}

// reControlPath is a path of the server's API that decides or changes
// something: answering requests, logging in (which mints a session),
// tokens, modes, trust, contacts, the policy.
var reControlPath = lazyRegexp(`/v1/(?:approvals/[^/\s"'?]+/(?:approve|reject|decide)|approvals/batch|session|tokens|mode|modes|trust|contacts|policy|settings)\b`)

// requestControlPath returns the first control path of text that is
// part of a request: a URL (scheme://…, host:port/…, a host name with a
// dot, localhost, an IPv6 literal), a base in a variable or a template
// (${BASE}/v1/tokens), or a path alone (/v1/tokens, as an HTTP request
// line or code that joins it to a base). A project's own file path that
// only has such segments (src/api/v1/session, ./routes/v1/settings.ts) is
// not a request: making that directory or adding that file to git is the
// developer's ordinary work.
func requestControlPath(text string) string {
	for _, loc := range reControlPath.FindAllStringIndex(text, 16) {
		if requestPrefix(wordBefore(text, loc[0])) {
			return text[loc[0]:loc[1]]
		}
	}
	return ""
}

// wordBefore is the part of the word of text that ends at i.
func wordBefore(text string, i int) string {
	start := strings.LastIndexAny(text[:i], " \t\r\n'\"`(=,<>|;&{")
	return text[start+1 : i] // ${BASE}/v1/…: "BASE}"
}

// requestPrefix reports whether what stands before /v1/… in a word makes
// it a request rather than a file path of the project.
func requestPrefix(p string) bool {
	if p == "" || strings.Contains(p, "://") || strings.HasSuffix(p, "}") || strings.HasSuffix(p, ")") || strings.HasPrefix(p, "$") && !strings.Contains(p, "/") {
		// ${BASE}/v1/…, 127.0.0.1:$(cat port)/v1/…: a base or a port known
		// only when the command runs.
		return true
	}
	first, _, _ := strings.Cut(p, "/")
	return hostLike(first)
}

// hostLike reports a word that names a host: localhost, host:port, an IPv6
// literal, a name or address with a dot between other characters.
func hostLike(s string) bool {
	switch {
	case s == "" || strings.Trim(s, ".") == "":
		return false
	case strings.EqualFold(s, "localhost") || strings.HasPrefix(s, "[") || strings.Contains(s, ":"):
		return true
	}
	i := strings.IndexByte(s, '.')
	return i > 0 && i < len(s)-1
}

// reLocalServer is actionguard's server at its default address, on the
// local machine.
var reLocalServer = lazyRegexp(`(?i)(?:localhost|127(?:\.\d{1,3}){3}|\[::1?\]|0\.0\.0\.0|::1)?:8750(/v1/[A-Za-z0-9/_-]*)?`)

// reWriteMethod is what makes an HTTP request change something.
var reWriteMethod = lazyRegexp(`(?i)(?:-X\s*['"]?|--request[ =]['"]?|--method[ =]['"]?|method\s*[:=]\s*['"]|\b(?:requests|httpx|axios|session|client)\.|^|\s)(POST|PUT|PATCH|DELETE)\b|\s(?:-d|--data\S*|--json|-F|--form|-T|--upload-file|--post-data|--post-file|--body-data)(?:\s|=|$)|\.(?:post|put|patch|delete)\(|urlopen\([^)]*data=`)

// controlEndpoint returns the URL (or its path) of a request to the
// server's control endpoints named in text, or "".
func controlEndpoint(text string, args []string) string {
	escaped := strings.IndexByte(text, '%') >= 0
	if !escaped && !mayEndpoint(text) && !slices.ContainsFunc(args, mayEndpoint) && !(strings.Contains(text, "v1") && namesServer(text)) {
		return ""
	}
	if len(args) > 0 {
		// The arguments as the command gets them (variables and quotes
		// resolved), after the text as written.
		text += " " + strings.Join(args, " ")
	}
	if escaped {
		// The server reads a path with its escapes decoded: /%761/ is /v1/.
		text = percentDecoded(text)
	}
	if m := joinedControlPath(text); m != "" {
		return m
	}
	if !strings.Contains(text, "v1/") && !strings.Contains(text, ":8750") {
		return ""
	}
	if m := requestControlPath(text); m != "" {
		return m
	}
	if c := canonicalEndpoints(text); c != text {
		if m := requestControlPath(c); m != "" {
			return m
		}
	}
	for _, m := range reLocalServer.FindAllStringSubmatch(text, 8) {
		if strings.HasPrefix(m[1], "/v1/check") || m[1] == "" && !strings.Contains(text, "/v1/") {
			continue
		}
		if reWriteMethod.MatchString(text) {
			return m[0]
		}
	}
	return ""
}

// selfInput judges an input redirection (< file, or <> file, which also
// opens it for writing) of the statement text.
func (r *report) selfInput(name string, write bool, text string) {
	part := r.env.controlOf(name)
	switch {
	case part.key:
		r.add(ruleSelfRead.Find(oneLine(text), "Reads "+name+", a key or token secret of actionguard: with it, records and approvals could be forged.", name))
	case part.ok() && write:
		r.mutates()
		r.add(ruleSelfWrite.Find(oneLine(text), "Opens "+name+", "+part.what+", for writing: changing it is a person's call.", name))
	}
}

// selfCode judges the code an interpreter runs (-c, -e, a here-document,
// a script on standard input) by what it names.
func (r *report) selfCode(c *Cmd, code string) {
	if m := r.env.mentions(code); m.ok() {
		r.mutates()
		r.add(c.find(ruleSelfDatabase, "The code run by "+c.Name+" names "+m.what+": it could change the policy, mark a request approved or rewrite the record.", truncateText(oneLine(code), 120)))
	} else if u := controlEndpoint(code, nil); u != "" {
		r.mutates()
		r.add(c.find(ruleSelfServer, "The code run by "+c.Name+" sends a request to actionguard's server ("+u+").", u))
	} else if p := r.env.transcriptCode(code); p != "" {
		r.mutates()
		r.add(c.find(ruleSelfWrite, "The code run by "+c.Name+" writes into "+p+", "+transcriptWhat+": changing it is a person's call.", p))
	}
}

func mayEndpoint(s string) bool { return strings.Contains(s, "v1/") || strings.Contains(s, ":8750") }

// mayControl is a quick look at an argument before it is resolved: could
// it name a place of the control plane at all? Names are compared without
// case, as controlPlane compares them: the file systems of macOS and
// Windows ignore it (~/.Claude/Settings.Json is the agent's settings).
func (e *analysis) mayControl(a string) bool {
	if e.inControl || e.disk != nil && diskPathLike(a) {
		// With links on disk looked at, any path may lead there.
		return true
	}
	// A hint, or a wildcard in a path, which may name any of the places
	// (~/.l*/st*/act*/audit.k*).
	if mayControlWord(a) {
		return true
	}
	if len(e.controlBases) > 0 {
		set := e.controlBaseSet
		if set == nil {
			set = newLowerSet(e.controlBases...)
		}
		return set.containsAny(a)
	}
	return false
}

// mayControlWord is hasControlHint(a) || globPathWord(a), in one pass over
// an ASCII word: only the bytes a hint starts with, wildcards and slashes
// are looked at.
func mayControlWord(a string) bool {
	glob, slash := false, false
	for i := 0; i < len(a); i++ {
		b := a[i]
		if b >= utf8.RuneSelf {
			return hasControlHint(a) || globPathWord(a) // the lowered word is read
		}
		switch wordBytes[b] {
		case 0:
			continue
		case wbHint:
			if controlHintAt(a, i) {
				return true
			}
		case wbSlash:
			slash = true
			if controlHintAt(a, i) {
				return true
			}
		case wbGlob:
			glob = true
		}
		if glob && slash {
			return true
		}
	}
	return false
}

// What mayControlWord makes of an ASCII byte.
const (
	wbHint  = 1 + iota // a control hint may start here (either case)
	wbSlash            // '/', which also starts hints
	wbGlob             // a wildcard
)

// wordBytes classifies the ASCII bytes for mayControlWord (laid out by the
// compiler: nothing is built at start).
var wordBytes = [utf8.RuneSelf]uint8{
	'c': wbHint, 'C': wbHint, 'x': wbHint, 'X': wbHint, 'l': wbHint, 'L': wbHint, 'a': wbHint, 'A': wbHint,
	'h': wbHint, 'H': wbHint, '.': wbHint, '/': wbSlash, '*': wbGlob, '?': wbGlob, '[': wbGlob,
}

// unknownPathWord reports a word with a slash and a $ or ` in it (a path
// with a part known only at run time): strings.ContainsAny(a, "$`") &&
// strings.Contains(a, "/") in one pass over the bytes (none of them occurs
// inside a multi-byte character).
func unknownPathWord(a string) bool {
	dollar, slash := false, false
	for i := 0; i < len(a); i++ {
		switch a[i] {
		case '$', '`':
			dollar = true
		case '/':
			slash = true
		default:
			continue
		}
		if dollar && slash {
			return true
		}
	}
	return false
}

// globPathWord reports a word with a slash and a wildcard (*, ?, [) in it:
// strings.Contains(a, "/") && strings.ContainsAny(a, "*?[") in one pass.
func globPathWord(a string) bool {
	glob, slash := false, false
	for i := 0; i < len(a); i++ {
		switch a[i] {
		case '*', '?', '[':
			glob = true
		case '/':
			slash = true
		default:
			continue
		}
		if glob && slash {
			return true
		}
	}
	return false
}

// controlHints are pieces, in lower case, of every name controlPlane
// recognises (and of the variables that lead there).
var controlHints = [...]string{"ctionguard", "xdg_", ".claude", ".codex", ".gemini", ".cursor", "/hooks", "hooks/", ".config", ".local",
	"library", "application support", "appdata", "/claude", "/gemini", "/codex", "/cursor", ".copilot", ".aider"}

// hasControlHint reports whether strings.ToLower(a) contains one of
// controlHints. ASCII text (nearly every argument) is read in one pass,
// each byte compared where a hint could start; other text is lowered.
func hasControlHint(a string) bool {
	for i := 0; i < len(a); i++ {
		if a[i] >= utf8.RuneSelf {
			return controlHintIn(strings.ToLower(a))
		}
	}
	for i := 0; i < len(a); i++ {
		if controlHintAt(a, i) {
			return true
		}
	}
	return false
}

// controlHintAt reports whether one of controlHints starts at a[i], its
// ASCII letters in either case.
func controlHintAt(a string, i int) bool {
	switch foldASCII(a[i]) {
	case 'c':
		return hasPrefixFold(a[i:], "ctionguard")
	case 'x':
		return hasPrefixFold(a[i:], "xdg_")
	case '/':
		return hasPrefixFold(a[i:], "/hooks") || hasPrefixFold(a[i:], "/claude") || hasPrefixFold(a[i:], "/gemini") ||
			hasPrefixFold(a[i:], "/codex") || hasPrefixFold(a[i:], "/cursor")
	case 'l':
		return hasPrefixFold(a[i:], "library")
	case 'a':
		return hasPrefixFold(a[i:], "appdata") || hasPrefixFold(a[i:], "application support")
	case 'h':
		return hasPrefixFold(a[i:], "hooks/")
	case '.':
		return hasPrefixFold(a[i:], ".claude") || hasPrefixFold(a[i:], ".codex") || hasPrefixFold(a[i:], ".gemini") ||
			hasPrefixFold(a[i:], ".cursor") || hasPrefixFold(a[i:], ".config") || hasPrefixFold(a[i:], ".local") ||
			hasPrefixFold(a[i:], ".copilot") || hasPrefixFold(a[i:], ".aider")
	}
	return false
}

// controlHintIn reports whether lower contains one of controlHints.
func controlHintIn(lower string) bool {
	for _, f := range controlHints {
		if strings.Contains(lower, f) {
			return true
		}
	}
	return false
}

// foldASCII lowers an ASCII upper-case letter.
func foldASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// hasPrefixFold reports whether s starts with lower (in lower case) once
// its ASCII letters are lowered.
func hasPrefixFold(s, lower string) bool {
	if len(s) < len(lower) {
		return false
	}
	for i := 0; i < len(lower); i++ {
		if foldASCII(s[i]) != lower[i] {
			return false
		}
	}
	return true
}

// gitVerb is git's subcommand: the first word that is not an option (or
// the value of -C, -c, --git-dir, --work-tree).
func gitVerb(args []string) string {
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-C" || a == "-c" || a == "--git-dir" || a == "--work-tree" || a == "--namespace":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return a
		}
	}
	return ""
}

// selfDeciding are actionguard's commands and verbs that decide or loosen,
// looked for in the arguments of any other program.
var selfDeciding = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"approvals": {"approve", "reject", "grant", "deny", "decide", "batch", "watch", "expire"},
		"tokens":    {"create", "revoke"},
		"mode":      {"learning", "adaptive", "flow", "paranoid", "reset"},
		"trust":     {"revoke"},
		"contacts":  {"import", "add", "remove"},
		"trash":     {"empty"},
		"uninstall": {"claude-code", "codex", "gemini", "cursor", "copilot"},
	}
})

// selfVerbIn finds "approvals approve", "tokens create"… among args.
func selfVerbIn(args []string) string {
	for i := 0; i+1 < len(args); i++ {
		if verbs, ok := selfDeciding()[args[i]]; ok && slices.Contains(verbs, args[i+1]) {
			return args[i] + " " + args[i+1]
		}
	}
	return ""
}

// selfFlagWords marks the words of c (up to the 64th) that its program's
// spec reads as options carrying no value in the word itself (-f, -rf,
// --recursive): they name no file, even when the working directory is
// one of actionguard's. A word with an attached value (--output=…, -o…)
// is not marked: the value may be a path.
func selfFlagWords(c *Cmd) uint64 {
	if !strings.Contains(c.Text, "-") {
		return 0
	}
	av := c.Argv()
	if !av.Known {
		return 0
	}
	var m uint64
	for _, o := range av.Opts {
		if o.Arg >= 0 && o.Arg < 64 && !o.Unknown && (!o.HasValue || o.ValueArg >= 0) {
			m |= 1 << o.Arg
		}
	}
	return m
}
