package shell

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// This file models what well-known programs print when what they print
// follows from where the command runs: pwd, git rev-parse --show-toplevel,
// dirname and realpath of known paths, getent passwd, mktemp, which. A
// destructive command fed their output (rm -rf "$(pwd)", pwd | xargs rm
// -rf) is then judged on the directory it really deletes, not on "a value
// only known at run time".

// produced returns what c prints when the analysis can tell; ok is false
// for programs it does not model, or when their arguments are not known.
func (w *walker) produced(c *Cmd, in stream) (stream, bool) {
	if anyTrue(c.Dynamic) {
		return stream{}, false
	}
	lit := func(lines ...string) (stream, bool) {
		return stream{kind: streamLiteral, text: strings.Join(lines, "\n") + "\n", what: "the output of " + c.Name}, true
	}
	env := w.r.env
	switch c.Name {
	case "true", "false", ":":
		return stream{kind: streamLiteral, what: "nothing"}, true
	case "pwd":
		if d := env.absDir(); d != "" {
			return lit(d)
		}
	case "git":
		return w.gitProduced(c, lit)
	case "dirname", "basename", "realpath", "readlink":
		return w.pathProduced(c, lit)
	case "getent":
		p := c.Positional()
		if len(p) >= 2 && p[0] == "passwd" {
			var lines []string
			for _, u := range p[1:] {
				lines = append(lines, passwdLine(u, w.homeOf(u)))
			}
			return lit(lines...)
		}
	case "mktemp":
		return lit(w.mktemp(c))
	case "which", "type":
		// which NAME / type -P NAME: the path of the program NAME runs.
		if c.Name == "type" && !c.Has("-P", "-p") {
			return stream{}, false
		}
		var lines []string
		for _, n := range c.Positional() {
			if n == "" || strings.ContainsAny(n, "/\x00") || !isName(strings.NewReplacer("-", "_", ".", "_", "+", "_").Replace(n)) {
				return stream{}, false
			}
			lines = append(lines, "/usr/bin/"+n)
		}
		if len(lines) > 0 {
			return lit(lines...)
		}
	case "cut":
		return cutProduced(c, w.passwdOr(c, in), lit)
	case "awk", "gawk", "mawk":
		return awkProduced(c, w.passwdOr(c, in), lit)
	case "cat":
		// cat FILE of a file this command line wrote.
		if p := c.Positional(); len(p) == 1 && p[0] != "-" {
			if s := w.fileStream(p[0], false); s.kind == streamLiteral || s.kind == streamDecoded {
				return s, true
			}
		}
	}
	return stream{}, false
}

// homeOf is the home directory of user: the user's own ("$HOME" when the
// analysis does not know its path) when user is the owner of the home
// directory the analysis knows, /root for root, else /home/USER.
func (w *walker) homeOf(user string) string {
	home := w.r.env.home
	switch {
	case user == "root":
		return "/root"
	case home != "" && path.Base(home) == user:
		return home
	case home == "" || strings.ContainsAny(user, "/\x00"):
		return "$HOME"
	}
	return "/home/" + user
}

func passwdLine(user, home string) string {
	return user + ":x:1000:1000::" + home + ":/bin/bash"
}

// passwdOr is the input of a text filter: the user database when its one
// file operand is /etc/passwd, in when it reads standard input.
func (w *walker) passwdOr(c *Cmd, in stream) stream {
	files := c.Positional() // cut and awk read their options through the specs
	if c.Name != "cut" && len(files) > 0 {
		files = files[1:] // awk's program
	}
	switch {
	case len(files) == 0:
		return in
	case len(files) == 1 && w.r.env.mustAbs(files[0]) == "/etc/passwd":
		home := w.r.env.home
		if home == "" {
			home = "$HOME"
		}
		return stream{kind: streamLiteral, text: passwdLine("root", "/root") + "\n" + passwdLine(path.Base(home), home) + "\n", what: "the user database"}
	}
	return stream{}
}

// cutProduced runs cut -d X -f N (one field) over a known text.
func cutProduced(c *Cmd, in stream, lit func(...string) (stream, bool)) (stream, bool) {
	if in.kind != streamLiteral && in.kind != streamDecoded {
		return stream{}, false
	}
	d, ok1 := c.Flag("-d", "--delimiter")
	f, ok2 := c.Flag("-f", "--fields")
	n, ok3 := atoiSmall(f)
	if !ok1 || !ok2 || !ok3 || len(d) != 1 || n == 0 {
		return stream{}, false
	}
	return fieldsOf(in.text, d, n, lit)
}

// awkProduced runs awk -F X '{print $N}' over a known text.
func awkProduced(c *Cmd, in stream, lit func(...string) (stream, bool)) (stream, bool) {
	if in.kind != streamLiteral && in.kind != streamDecoded {
		return stream{}, false
	}
	sep, ok := c.Flag("-F")
	p := c.Positional()
	if !ok || len(sep) != 1 || len(p) == 0 {
		return stream{}, false
	}
	prog := strings.Join(strings.Fields(p[0]), "")
	if !strings.HasPrefix(prog, "{print$") || !strings.HasSuffix(prog, "}") {
		return stream{}, false
	}
	n, ok := atoiSmall(prog[len("{print$") : len(prog)-1])
	if !ok || n == 0 {
		return stream{}, false
	}
	return fieldsOf(in.text, sep, n, lit)
}

func fieldsOf(text, sep string, n int, lit func(...string) (stream, bool)) (stream, bool) {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		parts := strings.Split(l, sep)
		if n <= len(parts) {
			out = append(out, parts[n-1])
		} else {
			out = append(out, l) // cut prints a line without the delimiter whole
		}
		if len(out) > maxFeedItems {
			break
		}
	}
	return lit(out...)
}

// gitProduced models git rev-parse --show-toplevel and --git-dir: the
// project the command line starts in, while it has not left it.
func (w *walker) gitProduced(c *Cmd, lit func(...string) (stream, bool)) (stream, bool) {
	p := c.Positional()
	if len(p) == 0 || p[0] != "rev-parse" || len(c.Args) < 2 {
		return stream{}, false
	}
	top := w.projectTop()
	if top == "" {
		return stream{}, false
	}
	var lines []string
	for _, a := range c.Args[1:] {
		switch a {
		case "--show-toplevel":
			lines = append(lines, top)
		case "--git-dir", "--absolute-git-dir", "--git-common-dir":
			lines = append(lines, top+"/.git")
		default:
			return stream{}, false
		}
	}
	return lit(lines...)
}

// projectTop is the top of the repository the command runs in: the
// starting directory (the project) while the command line has not moved
// out of it.
func (w *walker) projectTop() string {
	root := w.r.fl().root
	if root == nil || root.cwd == "" || root.broadCwd(root.home) {
		return ""
	}
	d := w.r.env.absDir()
	if d == root.cwd || strings.HasPrefix(d, root.cwd+"/") {
		return root.cwd
	}
	return ""
}

// pathProduced models dirname, basename, realpath and readlink -f/-e/-m
// on paths known when the command is read.
func (w *walker) pathProduced(c *Cmd, lit func(...string) (stream, bool)) (stream, bool) {
	var args []string
	canon := c.Name == "realpath"
	for _, a := range c.Args {
		switch {
		case a == "--":
		case c.Name == "readlink" && (a == "-f" || a == "-e" || a == "-m" || strings.HasPrefix(a, "--canonicalize")):
			canon = true
		case strings.HasPrefix(a, "-") && len(a) > 1:
			if c.Name == "readlink" && isCluster(a) && strings.ContainsAny(a, "fem") {
				canon = true
				continue
			}
			if a == "-z" || a == "--zero" || a == "-a" || a == "--multiple" || a == "-s" || a == "-q" || a == "-n" || a == "-v" || a == "-L" || a == "-P" || a == "-e" || a == "-m" || a == "--logical" || a == "--physical" || a == "--no-symlinks" || a == "--no-newline" || a == "--quiet" || a == "--silent" {
				continue
			}
			return stream{}, false
		default:
			args = append(args, a)
		}
	}
	if len(args) == 0 || c.Name == "readlink" && !canon {
		return stream{}, false
	}
	if c.Name == "basename" && len(args) == 2 && !c.Has("-a", "--multiple") {
		return lit(strings.TrimSuffix(path.Base(args[0]), args[1]))
	}
	var lines []string
	for _, a := range args {
		switch c.Name {
		case "dirname":
			lines = append(lines, shellDirname(a))
		case "basename":
			lines = append(lines, path.Base(a))
		default:
			abs, ok := w.r.env.resolve(a)
			if !ok || !strings.HasPrefix(abs, "/") {
				return stream{}, false
			}
			if strings.HasPrefix(abs, "/\x00home") {
				abs = "$HOME" + abs[len("/\x00home"):]
			}
			if strings.IndexByte(abs, 0) >= 0 {
				return stream{}, false
			}
			lines = append(lines, abs)
		}
	}
	return lit(lines...)
}

// shellDirname is dirname(1): "." for a bare name, the parent otherwise;
// "$HOME" stays symbolic so that paths resolve it.
func shellDirname(p string) string {
	if p == "$HOME" || p == "~" {
		return "$HOME/.."
	}
	t := strings.TrimRight(p, "/")
	if t == "" {
		return "/"
	}
	i := strings.LastIndexByte(t, '/')
	switch {
	case i < 0:
		return "."
	case i == 0:
		return "/"
	}
	return strings.TrimRight(t[:i], "/")
}

// mktemp is the name mktemp prints: a new scratch path (mktemp -d, -t,
// -p DIR, a template).
func (w *walker) mktemp(c *Cmd) string {
	dir := "/tmp"
	if d, ok := c.Flag("-p", "--tmpdir"); ok && d != "" {
		dir = d
	}
	p := c.Positional()
	if len(p) == 0 {
		return strings.TrimRight(dir, "/") + "/tmp.XXXXXXXXXX"
	}
	t := p[0]
	if !strings.Contains(t, "/") && (c.Has("-t") || c.Has("-p", "--tmpdir")) {
		return strings.TrimRight(dir, "/") + "/" + t
	}
	return t
}

// redirInput is what a redirection < WORD feeds when WORD is a process
// substitution, < <(printf …): the output of its commands; ok is false for
// other words.
func (w *walker) redirInput(word *syntax.Word) (stream, bool) {
	if word == nil || len(word.Parts) != 1 {
		return stream{}, false
	}
	ps, ok := word.Parts[0].(*syntax.ProcSubst)
	if !ok || ps.Op != syntax.CmdIn {
		return stream{}, false
	}
	out := w.substitution(ps.Stmts)
	if out.kind == streamNone {
		out = stream{kind: streamLiteral, what: "an empty stream"}
	}
	return out, true
}

// lsDirsThemselves reports ls -d (--directory): directories are listed as
// names, not by their content.
func lsDirsThemselves(c *Cmd) bool {
	for _, a := range c.Args {
		if a == "--directory" || isCluster(a) && strings.IndexByte(a, 'd') > 0 {
			return true
		}
	}
	return false
}

// commandV models command -v NAME (and which-like type -p): it prints
// the path of the program NAME runs, or NAME itself for a function, an
// alias or a builtin, so $(command -v rm) -rf / is judged as rm.
func (w *walker) commandV(argv []string, dyn []bool) (stream, bool) {
	if len(argv) != 3 || argv[0] != "command" || argv[1] != "-v" || anyTrue(dyn) {
		return stream{}, false
	}
	n := argv[2]
	if n == "" || strings.ContainsAny(n, "/\x00 \t\n") {
		return stream{}, false
	}
	st := w.state()
	if _, ok := st.funcs[n]; ok || st.hasAlias(n) || builtinNames[n] {
		return stream{kind: streamLiteral, text: n + "\n", what: "the output of command -v"}, true
	}
	return stream{kind: streamLiteral, text: "/usr/bin/" + n + "\n", what: "the output of command -v"}, true
}

// builtinNames are the shell's builtins, which command -v names as such.
var builtinNames = map[string]bool{"cd": true, "echo": true, "printf": true, "read": true, "eval": true, "exec": true, "source": true, ".": true,
	"set": true, "export": true, "test": true, "[": true, "true": true, "false": true, ":": true, "type": true, "command": true, "builtin": true,
	"alias": true, "unset": true, "trap": true, "kill": true, "pwd": true, "local": true, "declare": true, "mapfile": true, "readarray": true, "let": true}
