package shell

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Where files land. A program that fetches, checks out or installs files
// writes them into a directory named by an option (wget -P, curl
// --output-dir, aria2c -d, pip install --target) or by an operand (git
// clone URL DIR, scp host:f DIR, git worktree add DIR, svn checkout URL
// DIR), under names that come from its sources (the URL's last part, a
// package's name) or that only the source knows (a repository's files).
// Each such write is judged exactly as a write to that place is: DIR/NAME
// when the name is known, DIR/… (any name under DIR) when it is not, so
// the rules for the agents' settings, actionguard's own files and
// programs, start-up files, credentials, git hooks, user services and the
// directories on PATH fire as they do for cp x DIR/NAME.
//
// The program specs say which options and operands name such a directory
// (the "into" tag and the into=N header attribute, docs/program-specs.md);
// this file knows only how each program names what it writes there.

// intoPlace is the operand of a spec's into=N attribute: op is the
// 1-based operand that names the directory (intoLast: the last one when
// there are two or more); when it is absent, from is the operand whose
// base name the program gives the new directory (0: none).
type intoPlace struct{ op, from int }

const intoLast = -1

// parseIntoPlace reads "2", "2/1" or "last"; a value it cannot read names
// no operand.
func parseIntoPlace(v string) intoPlace {
	op, from, _ := strings.Cut(v, "/")
	var p intoPlace
	switch n, ok := atoiSmall(op); {
	case op == "last":
		p.op = intoLast
	case ok && n > 0:
		p.op = n
	default:
		return intoPlace{}
	}
	if n, ok := atoiSmall(from); ok && n > 0 {
		p.from = n
	}
	return p
}

// intoWrite is one place a command writes into: a file of a known name
// (tree false) or any name under a directory (tree true).
type intoWrite struct {
	path string
	tree bool
	// own: the program's own default place (go install without GOBIN):
	// a write there is routine unless the place is more than outside the
	// project.
	own bool
	// localSelf: go install builds actionguard from a checkout's source
	// into GOBIN (see ruleSelfBuildLocal).
	localSelf bool
}

var ruleSelfBuildLocal = &rule.Rule{
	ID: "shell.self.build-local", Category: rule.Configuration, Points: 50,
	Summary:     "Builds actionguard from the source in this directory and installs it over the program the agent's hook runs: a change to that source would change the guard.",
	Alternative: "build into the project (go build -o bin/ ./cmd/...) and install it yourself once you have reviewed the change",
	Match:       []string{"go install ./cmd/actionguard-hook", "go install ./cmd/actionguard", "go install -v ./cmd/actionguard-hook/"},
	NoMatch:     []string{"go install ./cmd/server", "go build -o bin/ ./cmd/actionguard-hook", "go install golang.org/x/tools/gopls@latest"},
}

// destRules are this file's rules and the git object rules (dest_gitobj.go).
var destRules = []*rule.Rule{ruleSelfBuildLocal, ruleGitObjectSecret, ruleGitStageSecret}

// intoChanges are the places c writes into, for the control-plane pass
// (selfChanges): every write but a local build of actionguard, which
// destTargets judges on its own.
// spread says of each whether it is a place the command was told to put
// files of names it does not show (cargo install --root R, pip install
// --prefix R, npm i -g --prefix R): not the program's own default place.
func intoChanges(c *Cmd) (out []selfChange, spread []bool) {
	ws := intoWrites(c)
	if len(ws) == 0 {
		return nil, nil
	}
	out = make([]selfChange, 0, len(ws))
	spread = make([]bool, 0, len(ws))
	for _, w := range ws {
		if !w.localSelf {
			out = append(out, selfChange{w.path, w.tree})
			spread = append(spread, w.tree && !w.own)
		}
	}
	return out, spread
}

// destTargets judges each place c writes into as a write to it, and the
// files of a work tree that a git command reads from its objects
// (dest_gitobj.go).
func destTargets(c *Cmd, r *report) {
	if c.Name == "git" {
		gitObjectReads(c, r)
	}
	ws := intoWrites(c)
	if len(ws) == 0 {
		return
	}
	r.mutates()
	env := c.env.in(c.Cwd)
	for _, w := range ws {
		if w.localSelf {
			r.add(c.find(ruleSelfBuildLocal, "Builds "+path.Base(w.path)+" from the source here and installs it as "+w.path+", the program the agent's hook runs: a change to that source would change the guard.", w.path))
			continue
		}
		t := w.path
		if w.tree {
			if abs, ok := env.resolve(w.path); ok {
				if env.home != "" && (abs == env.home || strings.HasPrefix(env.home, abs+"/") || abs == "/" || env.controlAncestor(abs)) {
					// Any name under the home directory: the agents'
					// settings and actionguard's own files among them.
					r.add(c.find(ruleSelfWrite, c.Name+" writes files named by its source into "+w.path+", which holds the agent's settings and actionguard's own files: it could replace them, so a person decides.", w.path))
					continue
				}
				if below, when, ok := persistBelow(abs, env.home); ok {
					// A directory that holds (or is) a place whose files
					// run by themselves: any name may land there.
					where := w.path
					if below != "" {
						where += ", which holds " + strings.TrimSuffix(w.path, "/") + below
					}
					r.add(c.find(ruleWriteAutorun, c.Name+" writes files named by its source into "+where+" ("+when+"): what it puts there runs outside this session.", w.path))
					continue
				}
			}
			t = selfJoin(t, "…")
		}
		j, ok := judgeWrite(env, t, writeCreate)
		if !ok || w.own && j.rule == ruleWriteOutside {
			continue
		}
		r.add(c.find(j.rule, j.message, t))
	}
}

// intoWrites lists the places c writes into; nil for a command that
// writes into no directory it names.
func intoWrites(c *Cmd) []intoWrite {
	switch c.Name {
	case "go":
		return goWrites(c)
	case "aws", "rclone":
		return syncWrites(c)
	case "cargo":
		return cargoWrites(c)
	case "gh", "glab":
		if w := ghCloneWrites(c); w != nil {
			return w
		}
	}
	av := c.Argv()
	if !av.Known {
		return nil
	}
	var dirs []string
	for _, o := range av.Opts {
		if o.Tags&TagInto != 0 && o.HasValue && o.Value != "" && !o.Unknown && !c.dynamicAt(o) {
			dirs = append(dirs, o.Value)
		}
	}
	var spec *Spec
	if len(av.specs) > 0 {
		spec = av.specs[len(av.specs)-1]
	}
	if len(dirs) == 0 && (spec == nil || spec.into.op == 0) && c.Name != "git" {
		return nil
	}
	top, ok := "", true
	if c.Name == "git" {
		if top, ok = gitTop(c); !ok {
			top = "$GIT_DIR" // -C to a place known only at run time
		}
	}
	var out []intoWrite
	if c.Name == "git" && len(av.Sub) > 0 && av.Sub[0] == "pull" {
		out = append(out, pullWrites(c, av, top)...)
	}
	if spec != nil && spec.into.op != 0 {
		out = append(out, operandWrites(c, av, spec.into, top)...)
	}
	for _, d := range dirs {
		out = append(out, optionWrites(c, av, d)...)
	}
	return out
}

// dynamicAt reports whether o's value is known only at run time.
func (c *Cmd) dynamicAt(o Opt) bool {
	i := o.ValueArg
	if i < 0 {
		i = o.Arg
	}
	return i >= 0 && i < len(c.Dynamic) && c.Dynamic[i] && !strings.HasPrefix(o.Value, "$HOME")
}

// operandWrites: the directory an operand names (git clone URL DIR, scp
// … DIR), or the new one named after the source; top is git's -C.
func operandWrites(c *Cmd, av *Argv, p intoPlace, top string) []intoWrite {
	ops := av.Operands
	if p.op == intoLast {
		return lastOperandWrites(c, ops)
	}
	dir := ""
	if p.op <= len(ops) {
		dir = ops[p.op-1]
	} else if p.from > 0 && p.from <= len(ops) {
		dir = repoName(ops[p.from-1])
	}
	if dir == "" || strings.Contains(dir, "://") {
		return nil
	}
	if top != "" && !absLike(dir) {
		dir = selfJoin(top, dir)
	}
	return []intoWrite{{path: dir, tree: true}}
}

// pullWrites: git pull from a repository named on the command line (a
// URL or a path, not one of the work tree's remotes) fills the work tree
// with that repository's files. In the project (or above it) the pull
// rules judge it (arrive_pull.go); elsewhere (git -C DIR, cd DIR, above
// the project) it is a write of any name under the work tree.
func pullWrites(c *Cmd, av *Argv, top string) []intoWrite {
	if len(av.Operands) == 0 || !repoLocation(av.Operands[0]) {
		return nil
	}
	root := top
	if root == "" {
		root = "."
	}
	env := c.env.in(c.Cwd)
	abs, ok := env.resolve(root)
	if ok && (!strings.HasPrefix(abs, "/") || env.cwd != "" && (abs == env.cwd || strings.HasPrefix(abs, env.cwd+"/"))) {
		return nil // the project, or a place relative to it
	}
	if ok && root == "." {
		root = env.showHome(abs) // cd ~/.claude && git pull URL: say where
	}
	return []intoWrite{{path: root, tree: true}}
}

// repoLocation reports a repository named by its location (a URL, an
// scp-like host:path, a local path) rather than by a remote's name.
func repoLocation(s string) bool {
	return strings.Contains(s, "://") || remotePath(s) || absLike(s) || strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../") || s == "." || s == ".."
}

// absLike reports a path that does not depend on the working directory.
func absLike(p string) bool {
	return strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.HasPrefix(p, "$HOME") || strings.HasPrefix(p, "${HOME}")
}

// lastOperandWrites: scp's last operand, when it is on this machine,
// receives each source under its own name (or is the new name of a
// single one), as cp's does.
func lastOperandWrites(c *Cmd, ops []string) []intoWrite {
	if len(ops) < 2 {
		return nil
	}
	dest, srcs := ops[len(ops)-1], ops[:len(ops)-1]
	if dest == "" || remotePath(dest) {
		return nil
	}
	tree := c.Has("-r")
	into := len(srcs) > 1 || strings.HasSuffix(dest, "/") || !fileLike(dest)
	var out []intoWrite
	for _, s := range srcs {
		if !into {
			break
		}
		name := remoteBase(s)
		if name == "" || isGlobPath(name) {
			out = append(out, intoWrite{path: dest, tree: true})
			continue
		}
		out = append(out, intoWrite{path: selfJoin(dest, name), tree: tree})
	}
	if len(srcs) == 1 {
		out = append(out, intoWrite{path: dest, tree: tree})
	}
	return out
}

// remoteBase is the name a copy of src gets: the last part of its path,
// host: and user@ taken off.
func remoteBase(src string) string {
	if remotePath(src) {
		if i := strings.IndexByte(src, ':'); i >= 0 && !strings.Contains(src, "://") {
			src = src[i+1:]
		} else if u := urlBase(src); u != "" {
			return u
		}
	}
	src = strings.TrimRight(src, "/")
	if src == "" || src == "." || src == ".." || src == "~" {
		return ""
	}
	return path.Base(src)
}

// optionWrites: what a download program writes into the directory an
// option names.
func optionWrites(c *Cmd, av *Argv, dir string) []intoWrite {
	any := intoWrite{path: dir, tree: true}
	named := func(n string) intoWrite {
		if n == "" || strings.ContainsAny(n, "$`") {
			return any
		}
		return intoWrite{path: selfJoin(dir, n)}
	}
	var out []intoWrite
	switch c.Name {
	case "wget":
		if _, ok := c.Flag("--output-document"); ok {
			return nil // -O names the file; -P is not read
		}
		if c.Has("--recursive", "--mirror", "--page-requisites", "--input-file", "--content-disposition", "--trust-server-names", "--force-directories") ||
			len(av.Operands) == 0 {
			out = append(out, any)
		}
		for _, u := range av.Operands {
			n := urlBase(u)
			if n == "" {
				n = "index.html"
			}
			out = append(out, named(n))
		}
	case "curl":
		for _, o := range c.FlagAll("--output") {
			if o != "" && o != "-" && !absLike(o) {
				out = append(out, named(o))
			}
		}
		if c.Has("--remote-header-name") {
			out = append(out, any)
		}
		if c.Has("--remote-name", "--remote-name-all") {
			for _, u := range av.Operands {
				out = append(out, named(urlBase(u)))
			}
		}
	case "aria2c":
		if o, ok := c.Flag("--out"); ok {
			return append(out, named(o))
		}
		out = append(out, any) // the server may name the file
		for _, u := range av.Operands {
			if n := urlBase(u); n != "" {
				out = append(out, named(n))
			}
		}
	case "pip", "pip3":
		if len(av.Operands) > 0 && av.Operands[0] == "install" {
			out = append(out, any)
		}
	default:
		out = append(out, any)
	}
	return out
}

// urlBase is the file name a download gets from its URL: the last part of
// its path, without the query; "" when the path ends with a slash.
func urlBase(u string) string {
	_, rest, ok := strings.Cut(u, "://")
	if !ok {
		rest = u
	}
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	_, p, ok := strings.Cut(rest, "/")
	if !ok || p == "" || strings.HasSuffix(p, "/") {
		return ""
	}
	b := path.Base(p)
	if b == "." || b == ".." || b == "/" {
		return ""
	}
	return b
}

// repoName is the directory git, hg and svn name after a repository
// they check out: its last part, without a trailing .git or /.git.
func repoName(src string) string {
	s := strings.TrimRight(src, "/")
	s = strings.TrimSuffix(s, "/.git")
	s = strings.TrimRight(s, "/")
	if i := strings.IndexAny(s, "?#"); i >= 0 && strings.Contains(s, "://") {
		s = s[:i]
	}
	if i := strings.LastIndexAny(s, "/:"); i >= 0 {
		s = s[i+1:]
	}
	s = strings.TrimSuffix(s, ".git")
	if s == "" || s == "." || s == ".." || strings.ContainsAny(s, "$`") {
		return ""
	}
	return s
}

// gitTop is where git runs for c as written (its -C options joined, ~
// kept): "" when no -C is given; ok is false when one is known only at
// run time.
func gitTop(c *Cmd) (string, bool) {
	av := c.Argv()
	sub := len(c.Args)
	if len(av.wordArg) > 0 {
		sub = av.wordArg[0]
	}
	dir := ""
	for _, o := range av.Opts {
		if o.Arg >= sub {
			break
		}
		if o.Name != "-C" || !o.HasValue {
			continue
		}
		if c.dynamicAt(o) || o.Value == "" {
			return "", false
		}
		switch {
		case dir == "" || absLike(o.Value):
			dir = o.Value
		default:
			dir = selfJoin(dir, o.Value)
		}
	}
	return dir, true
}

// goWrites: go install writes each program it builds into GOBIN (or the
// first GOPATH's bin, or ~/go/bin), named after its package; go build -o
// DIR/ into DIR, -o FILE as FILE.
func goWrites(c *Cmd) []intoWrite {
	pos := c.Positional()
	if len(pos) == 0 || c.Has("-n") {
		return nil // -n prints the commands it would run, and runs none
	}
	var out []intoWrite
	switch pos[0] {
	case "install":
		dir, own := goInstallDir(c)
		for _, p := range pos[1:] {
			n := goBinName(p)
			if n == "" {
				out = append(out, intoWrite{path: dir, tree: true, own: own})
				continue
			}
			w := intoWrite{path: selfJoin(dir, n), own: own}
			w.localSelf = own && goLocal(p) && selfProgram(n)
			out = append(out, w)
		}
	case "build":
		o, ok := c.Flag("-o")
		if !ok || o == "" || o == "-" || o == "/dev/null" {
			return nil
		}
		if !strings.HasSuffix(o, "/") {
			return []intoWrite{{path: o}}
		}
		for _, p := range pos[1:] {
			if n := goBinName(p); n != "" {
				out = append(out, intoWrite{path: selfJoin(o, n)})
			} else {
				out = append(out, intoWrite{path: o, tree: true})
			}
		}
	}
	return out
}

// goInstallDir is where go install puts programs: GOBIN, the first
// GOPATH's bin, or ~/go/bin (own: the default, no variable set).
func goInstallDir(c *Cmd) (dir string, own bool) {
	env := commandEnv(c)
	dir, own = "~/go/bin", true
	if v, ok := homeValue(c, env, "GOPATH"); ok {
		first, _, _ := strings.Cut(v, ":")
		dir, own = selfJoin(first, "bin"), false
	}
	if v, ok := homeValue(c, env, "GOBIN"); ok {
		dir, own = v, false
	}
	return dir, own
}

// goCleanChanges: go clean -i removes the programs go install made of
// the packages it names, from where go install puts them; a pattern
// (./..., all) or no package (the one here) may name any program there.
func goCleanChanges(c *Cmd) []selfChange {
	pos := c.Positional()
	if len(pos) == 0 || pos[0] != "clean" || !c.Has("-i") || c.Has("-n") {
		return nil // -n prints the commands it would run, and runs none
	}
	dir, _ := goInstallDir(c)
	pkgs := pos[1:]
	if len(pkgs) == 0 {
		pkgs = []string{"."}
	}
	var out []selfChange
	for _, p := range pkgs {
		n := goBinName(p)
		if n == "" || n == "." {
			n = "*"
		}
		out = append(out, selfChange{selfJoin(dir, n), false})
	}
	return out
}

// homeValue is the value the command line assigns name for this command
// (NAME=value go …, env NAME=value go …): a literal, or one under $HOME
// ("$HOME/go/bin"); "$NAME" when it is known only at run time. ok is
// false when it is not assigned.
func homeValue(c *Cmd, env map[string]envValue, name string) (string, bool) {
	v, ok := env[name]
	if !ok {
		return "", false
	}
	if !v.dynamic {
		return v.value, v.value != ""
	}
	// The assignment as written: $HOME is the one variable paths resolve.
	i := strings.Index(c.Text, name+"=")
	if i < 0 {
		return "$" + name, true
	}
	w := c.Text[i+len(name)+1:]
	if j := strings.IndexAny(w, " \t;&|"); j >= 0 {
		w = w[:j]
	}
	w = strings.Trim(w, `"`)
	for _, h := range []string{"$HOME", "${HOME}"} {
		if rest, ok := strings.CutPrefix(w, h); ok && (rest == "" || rest[0] == '/') && !strings.ContainsAny(rest, "$`'\"") {
			return "$HOME" + rest, true
		}
	}
	return "$" + name, true
}

// goBinName is the name go gives the program of a package path: its last
// element, or the one before a major-version suffix (example.com/x/v2 →
// x); "" for a pattern (./..., all) or a file list.
func goBinName(p string) string {
	p, _, _ = strings.Cut(p, "@")
	p = strings.TrimRight(p, "/")
	if p == "" || p == "." || p == ".." || strings.Contains(p, "...") || strings.HasSuffix(p, ".go") || strings.ContainsAny(p, "$`*?[") || p == "all" || p == "std" || p == "cmd" {
		return ""
	}
	parts := strings.Split(p, "/")
	n := parts[len(parts)-1]
	if len(parts) > 1 && len(n) > 1 && n[0] == 'v' && isDigits(n[1:]) {
		n = parts[len(parts)-2]
	}
	if n == "." || n == ".." {
		return ""
	}
	return n
}

// goLocal reports a package path in the directory go runs in.
func goLocal(p string) bool {
	return p == "." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../")
}

// selfProgram reports actionguard's own program names.
func selfProgram(n string) bool {
	n = strings.TrimSuffix(strings.ToLower(n), ".exe")
	return n == "actionguard" || n == "actionguard-hook"
}

// syncWrites: aws s3 cp/sync/mv and rclone's copying verbs write into
// their last operand when it is on this machine.
func syncWrites(c *Cmd) []intoWrite {
	pos := c.Positional()
	var verb string
	var ops []string
	switch {
	case c.Name == "aws" && len(pos) >= 2 && pos[0] == "s3":
		verb, ops = pos[1], pos[2:]
	case c.Name == "rclone" && len(pos) >= 1:
		verb, ops = pos[0], pos[1:]
	default:
		return nil
	}
	if len(ops) < 2 {
		return nil
	}
	dest, src := ops[len(ops)-1], ops[0]
	if dest == "" || strings.Contains(dest, "://") || c.Name == "rclone" && remotePath(dest) || c.Has("--dryrun", "--dry-run") {
		return nil
	}
	switch verb {
	case "sync", "copy", "move", "bisync":
		return []intoWrite{{path: dest, tree: true}}
	case "copyto", "moveto", "copyurl":
		return []intoWrite{{path: dest}}
	case "cp", "mv":
		if c.Has("--recursive") {
			return []intoWrite{{path: dest, tree: true}}
		}
		if strings.HasSuffix(dest, "/") || dest == "." || !fileLike(dest) {
			if n := remoteBase(src); n != "" {
				return []intoWrite{{path: selfJoin(dest, n)}}
			}
			return []intoWrite{{path: dest, tree: true}}
		}
		return []intoWrite{{path: dest}}
	}
	return nil
}

// cargoWrites: cargo install puts each crate's programs into ROOT/bin
// (--root, CARGO_INSTALL_ROOT, CARGO_HOME, else ~/.cargo), named after the
// crate (or --bin); a crate from --git or --path has names only its
// manifest knows.
func cargoWrites(c *Cmd) []intoWrite {
	pos := c.Positional()
	if len(pos) == 0 || pos[0] != "install" || c.Has("--list") {
		return nil
	}
	env := commandEnv(c)
	root, own := "~/.cargo", true
	if v, ok := homeValue(c, env, "CARGO_HOME"); ok {
		root, own = v, false
	}
	if v, ok := homeValue(c, env, "CARGO_INSTALL_ROOT"); ok {
		root, own = v, false
	}
	if v, ok := c.Flag("--root"); ok && v != "" {
		root, own = v, false
	}
	bin := selfJoin(root, "bin")
	var names []string
	if b, ok := c.Flag("--bin"); ok {
		names = append(names, b)
	} else if _, git := c.Flag("--git"); !git {
		if _, local := c.Flag("--path"); !local {
			for _, p := range pos[1:] {
				n, _, _ := strings.Cut(p, "@")
				names = append(names, n)
			}
		}
	}
	if len(names) == 0 {
		return []intoWrite{{path: bin, tree: true, own: own}}
	}
	out := make([]intoWrite, 0, len(names))
	for _, n := range names {
		if n == "" || strings.ContainsAny(n, "/$`") {
			out = append(out, intoWrite{path: bin, tree: true, own: own})
			continue
		}
		out = append(out, intoWrite{path: selfJoin(bin, n), own: own})
	}
	return out
}

// ghCloneWrites: gh repo clone REPO [DIR] (and glab's) fills DIR, else a
// new directory named after the repository.
func ghCloneWrites(c *Cmd) []intoWrite {
	pos := c.Positional()
	if len(pos) < 3 || pos[0] != "repo" || pos[1] != "clone" {
		return nil
	}
	dir := ""
	if len(pos) >= 4 {
		dir = pos[3]
	} else {
		dir = repoName(pos[2])
	}
	if dir == "" || strings.Contains(dir, "://") {
		return nil
	}
	return []intoWrite{{path: dir, tree: true}}
}
