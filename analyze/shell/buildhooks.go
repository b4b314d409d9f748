package shell

import (
	"path"
	"sort"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Build tools and hook managers run what project files say: cargo runs
// build.rs, go generate the //go:generate lines of a package, cmake the
// execute_process calls of CMakeLists.txt (and its custom commands when it
// builds), git the hooks of husky, pre-commit and .git/hooks. When this
// command line or an earlier call of the session wrote such a file, the
// commands it holds are judged as the commands they are when the tool
// runs. Writing a hook file judges what it will run on the next commit
// (hookWrite); npm pkg set scripts.x=… writes package.json's scripts.

var (
	ruleBuildRunsUnknown = &rule.Rule{
		ID: "shell.build.runs-unknown", Category: rule.Execution, Points: 75,
		Summary:     "A build or hook file written here, or a package too large to read in full, runs a command that cannot be read from it (a program named at run time, content not shown or not read): it runs with the build.",
		Alternative: "show the file's content and the commands it runs",
		Match: []string{`printf 'fn main(){std::process::Command::new(std::env::var("X").unwrap()).status().unwrap();}' > build.rs && cargo build`,
			"cat /tmp/x > build.rs && cargo build"},
		NoMatch: []string{`printf 'fn main(){println!("cargo:rerun-if-changed=build.rs");}' > build.rs && cargo build`, "cargo build"},
	}
	ruleWriteProjectHookRead = &rule.Rule{
		ID: "shell.fs.write-project-hook", Category: rule.Configuration, Points: 15,
		Summary:     "Writes a project file that tools run by themselves (a commit hook, a pre-commit or lefthook entry); what it runs was read and is ordinary.",
		Alternative: "show the change and let the user make it",
		Match:       []string{`echo "npx lint-staged" > .husky/pre-commit`, `printf "repos: [{repo: local, hooks: [{id: fmt, name: fmt, entry: gofmt -l, language: system}]}]" > .pre-commit-config.yaml`},
		NoMatch:     []string{"cat .husky/pre-commit", "echo x > notes/husky.txt"},
	}
)

// buildRun is one command a build file runs: a shell command line, or an
// argument vector whose words may be known only at run time.
type buildRun struct {
	shell string
	argv  []string
	dyn   []bool
	known bool
}

// buildHooks judges the files a build or hook tool runs.
func (w *walker) buildHooks(c *Cmd) {
	if c.Name == "npm" || c.Name == "pnpm" {
		w.pkgSet(c)
	}
	if c.Name == "cmake" && c.Has("-E") {
		w.cmakeTool(c)
		return
	}
	if len(w.r.fl().files) == 0 {
		return
	}
	switch c.Name {
	case "cargo":
		w.cargoBuildScript(c)
	case "go":
		w.goGenerate(c)
	case "cmake":
		w.cmakeLists(c)
	case "git":
		w.gitHooksRun(c)
	case "pre-commit", "lefthook":
		w.hookManagerRun(c)
	}
}

// writtenUnder returns the files this command line or the session wrote
// under dir (or dir itself when it is a file) whose name match accepts,
// sorted.
func (w *walker) writtenUnder(dir string, deep bool, match func(base string) bool) []string {
	var out []string
	for abs := range w.r.fl().files {
		if !match(path.Base(abs)) {
			continue
		}
		d := path.Dir(abs)
		if abs == dir || d == dir || deep && (strings.HasPrefix(d, dir+"/") || dir == "/") {
			out = append(out, abs)
		}
	}
	sort.Strings(out)
	return out
}

// buildFile judges what the tool c runs from the written file abs:
// extract reads the commands from its text.
func (w *walker) buildFile(c *Cmd, abs, verb string, extract func(string) []buildRun) {
	r := w.r
	fc, ok := r.fl().file(abs)
	show := showPath(abs)
	if cwd, okc := c.Resolve("."); okc && strings.HasPrefix(abs, cwd+"/") {
		show = strings.TrimPrefix(abs, cwd+"/")
	}
	r.mutates()
	if part, okp := fc.insertedPart(); okp && ok {
		// Written by a filter: the rest is not known; its program's
		// literals are read.
		r.add(c.find(ruleBuildRunsUnknown, c.Name+" "+verb+" "+show+", whose content is not shown: what it runs cannot be checked.", show))
		fc = part
	}
	switch {
	case !ok || fc.kind == streamUnknown:
		r.add(c.find(ruleBuildRunsUnknown, c.Name+" "+verb+" "+show+", whose content is not shown: what it runs cannot be checked.", show))
		return
	case fc.kind != streamLiteral && fc.kind != streamDecoded:
		w.judgeFile(c, show, "shell", fc, verb)
		return
	}
	if fc.disk {
		n := len(r.res.Findings)
		defer func() { r.res.Findings = keepSerious(r.res.Findings, n) }()
	}
	why := c.Name + " " + verb + " " + show
	for _, run := range extract(fc.text) {
		switch {
		case !run.known:
			r.add(c.find(ruleBuildRunsUnknown, c.Name+" "+verb+" "+show+", which runs a program only known when it runs, so what it does cannot be checked.", show))
		case run.shell != "":
			r.script(run.shell, c, why)
		case len(run.argv) > 0:
			r.commandWords(run.argv, run.dyn, c, why)
		}
	}
}

// shellRun is the whole text as one shell script.
func shellRun(text string) []buildRun {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	return []buildRun{{shell: text, known: true}}
}

// cargoCompiles are the cargo commands that compile the package, running
// its build script first.
var cargoCompiles = map[string]bool{"build": true, "b": true, "check": true, "c": true, "run": true, "r": true, "test": true, "t": true,
	"bench": true, "clippy": true, "doc": true, "d": true, "fix": true, "install": true, "package": true, "publish": true, "rustc": true, "rustdoc": true}

// cargoBuildScript judges the build.rs files cargo compiles and runs.
func (w *walker) cargoBuildScript(c *Cmd) {
	sub := c.Sub(0)
	if strings.HasPrefix(sub, "+") { // cargo +nightly build
		sub = c.Sub(1)
	}
	if !cargoCompiles[sub] {
		return
	}
	dir := "."
	if m, ok := c.Flag("--manifest-path"); ok {
		dir = path.Dir(m)
	}
	abs, ok := c.Resolve(dir)
	if !ok {
		return
	}
	// A workspace compiles its members' build scripts too.
	for _, f := range w.writtenUnder(abs, true, func(b string) bool { return b == "build.rs" }) {
		w.buildFile(c, f, "runs the build script", rustRuns)
	}
}

// goGenerate judges the //go:generate lines of the packages go generate
// is given (the current one by default; ./... the tree).
func (w *walker) goGenerate(c *Cmd) {
	pos := c.Positional()
	if len(pos) == 0 || pos[0] != "generate" || c.Has("-n") {
		return
	}
	pkgs := pos[1:]
	if len(pkgs) == 0 {
		pkgs = []string{"."}
	}
	seen := map[string]bool{}
	for _, p := range pkgs {
		p, deep := goPackageDir(p)
		abs, ok := c.Resolve(p)
		if !ok {
			continue
		}
		for _, f := range w.writtenUnder(abs, deep, func(b string) bool { return strings.HasSuffix(b, ".go") }) {
			if !seen[f] {
				seen[f] = true
				w.buildFile(c, f, "runs the //go:generate lines of", goGenerateRuns)
			}
		}
	}
}

// goPackageDir is the directory of a package pattern, and whether it
// names the tree below (DIR/... and ...).
func goPackageDir(p string) (string, bool) {
	if p != "..." && !strings.HasSuffix(p, "/...") {
		return p, false
	}
	if p = strings.TrimSuffix(strings.TrimSuffix(p, "..."), "/"); p == "" {
		p = "."
	}
	return p, true
}

// goGenerateRuns returns the commands of a Go file's //go:generate lines.
func goGenerateRuns(text string) []buildRun {
	var runs []buildRun
	// -command NAME ARGS… names a command the later lines of the file run
	// as NAME.
	aliases := map[string]string{}
	for _, line := range strings.Split(text, "\n") {
		cmd, ok := strings.CutPrefix(strings.TrimRight(line, "\r"), "//go:generate")
		if !ok || cmd == "" || cmd[0] != ' ' && cmd[0] != '\t' {
			continue
		}
		cmd = strings.TrimSpace(cmd)
		if def, ok := strings.CutPrefix(cmd, "-command "); ok {
			if name, args, ok := strings.Cut(strings.TrimSpace(def), " "); ok && len(aliases) < maxChanRuns {
				aliases[name] = strings.TrimSpace(args)
			}
			continue
		}
		if name, rest, _ := strings.Cut(cmd, " "); aliases[name] != "" {
			cmd = aliases[name] + " " + rest
		}
		if cmd != "" {
			runs = append(runs, buildRun{shell: cmd, known: true})
		}
		if len(runs) >= maxChanRuns {
			break
		}
	}
	return runs
}

// cmakeLists judges what cmake runs of a CMakeLists.txt written here:
// execute_process when it configures, the custom commands and targets
// when it builds, every command of a script given to -P.
func (w *walker) cmakeLists(c *Cmd) {
	if s, ok := c.Flag("-P"); ok {
		if abs, ok := c.Resolve(s); ok {
			if _, had := w.r.fl().files[abs]; had {
				w.buildFile(c, abs, "runs the script", func(t string) []buildRun { return cmakeRuns(t, true) })
			}
		}
		return
	}
	if c.Has("-E") {
		return // cmakeTool
	}
	build := c.Has("--build", "--install")
	abs, ok := c.Resolve(cmakeSource(c))
	if !ok {
		return
	}
	// The build runs the custom commands of the source tree, wherever the
	// build directory is.
	files := w.writtenUnder(abs, true, isCMakeFile)
	for _, f := range files {
		w.buildFile(c, f, "runs the commands of", func(t string) []buildRun { return cmakeRuns(t, build) })
	}
}

// cmakeSource is the source tree cmake configures: -S DIR, else its
// first word (a directory or its CMakeLists.txt), else the working
// directory (always so for --build and --install).
func cmakeSource(c *Cmd) string {
	if s, ok := c.Flag("-S"); ok {
		return s
	}
	if pos := c.Positional(); len(pos) > 0 && !c.Has("--build", "--install") {
		if path.Base(pos[0]) == "CMakeLists.txt" {
			return path.Dir(pos[0])
		}
		return pos[0]
	}
	return "."
}

// cmakeTool judges cmake -E's file commands as the rm they are: rm,
// remove and remove_directory delete their operands.
func (w *walker) cmakeTool(c *Cmd) {
	pos := c.Positional()
	if len(pos) < 2 {
		return
	}
	flag := ""
	switch pos[0] {
	case "rm":
		flag = "-f"
		for _, a := range c.Args {
			if strings.HasPrefix(a, "-") && strings.ContainsAny(a, "rR") && a != "-E" {
				flag = "-rf"
			}
		}
	case "remove":
		flag = "-f"
	case "remove_directory":
		flag = "-rf"
	default:
		return
	}
	argv := []string{"rm", flag, "--"}
	dyn := []bool{false, false, false}
	for _, p := range pos[1:] {
		argv, dyn = append(argv, p), append(dyn, false)
	}
	w.r.mutates()
	w.r.commandWords(argv, dyn, c, "cmake -E "+pos[0]+" deletes")
}
