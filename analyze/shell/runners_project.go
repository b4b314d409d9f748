package shell

import (
	"path"
	"sort"
	"strings"

	"github.com/actionguard/actionguard/internal/lazy"
)

// Project runners run code of the project without naming its file: npm
// test runs package.json's test script, pytest imports conftest.py, just
// runs a justfile's recipe, tox the commands of tox.ini, pip install . the
// setup.py, cargo build the build.rs. projectRunners lists them as data:
// the program, the project files it reads (found from the command's
// package directory) and how a file says what runs. Each file is read with
// the file machinery of the analysis (what this command line or the
// session wrote, else the disk when the caller lets the analysis read it,
// bounded by MaxScriptReads and MaxScriptBytes) and what it runs is judged
// as the commands and code they are.
//
// A file that cannot be read stays unjudged, as before: the runner is an
// everyday command. A file read from disk keeps only its serious findings
// (judgeFile's rule for files nobody saw being written), and a tree its
// code deletes by a name only known when it runs is passed over. A file
// written here or by the session that cannot be read in full waits for a
// person when it runs programs: code known only by an edit's new text, a
// manifest that does not read as its format (its pairs and words are
// judged all the same). An edit of a manifest is read for its pairs, and
// the file on disk, when readable, is judged as it is now.

// projectRunner is one runner: the programs it is, and what a command of
// it runs of the project.
type projectRunner struct {
	progs []string
	// runs returns the project files the command runs, or nil.
	runs func(w *walker, c *Cmd) []projectRun
}

// projectRun is one project file a runner runs, and how.
type projectRun struct {
	file string // relative to the command's working directory, or absolute
	// alts are other names of the same file, tried in order when file
	// cannot be read (Justfile, justfile, .justfile).
	alts []string
	verb string // "runs the test script of"
	// extract returns what runs of the file's text; nil: the whole text
	// is code in lang.
	extract func(text string) runnerText
	lang    string // the language of the file's code when extract is nil
	// dir is the directory the runner's commands run in ("" the file's).
	dir string
	// chained: named by another file of the runner (not followed further).
	chained bool
	// match, when set, makes file a directory: the runner reads the files
	// in it whose base name match accepts (go generate: *.go), in its
	// subdirectories too when deep. A directory cannot be listed here, so
	// only the ones this line downloaded are judged (the ones it or the
	// session wrote are read by buildHooks).
	match func(base string) bool
	deep  bool
	// pkg names the package the file belongs to when the runner compiles
	// it whole (go run ./cmd/x): a file of it the analysis could not read
	// for want of budget leaves the package not checked in full.
	pkg string
}

// runnerText is what a runner runs of a file: shell command lines, code
// in a language, and whether the reading was whole.
type runnerText struct {
	shell []string
	code  []runnerCode
	runs  []buildRun // commands read from compiled code
	// then are files this one names that run too (a package's bin, a
	// console script's module), absolute or relative to this file's
	// directory; they are read once, not followed further.
	then []projectRun
	// partial: the file could not be read as its format says (bad JSON,
	// an unreadable YAML): what was found is judged, what was missed is
	// not known.
	partial bool
}

type runnerCode struct{ lang, text string }

// projectRunners is the table of runners, by program.
var projectRunners = []projectRunner{
	{progs: []string{"npm", "pnpm", "yarn", "bun"}, runs: func(w *walker, c *Cmd) []projectRun {
		return append(pkgScriptRuns(w, c), pkgTestRunner(w, c)...)
	}},
	{progs: []string{"composer"}, runs: composerRuns},
	{progs: []string{"deno"}, runs: denoTaskRuns},
	{progs: []string{"pytest", "py.test"}, runs: pytestRuns},
	{progs: []string{"python", "python2", "python3", "pypy", "pypy3"}, runs: pythonModuleRuns},
	{progs: []string{"pip", "pip3", "uv"}, runs: pipInstallRuns},
	{progs: []string{"tox"}, runs: toxRuns},
	{progs: []string{"nox"}, runs: noxRuns},
	{progs: []string{"hatch"}, runs: hatchRuns},
	{progs: []string{"just"}, runs: justRuns},
	{progs: []string{"task", "go-task"}, runs: taskRuns},
	{progs: []string{"rake"}, runs: rakeRuns},
	{progs: []string{"tsx", "ts-node", "ts-node-esm", "esno", "babel-node", "vite-node"}, runs: tsRunnerRuns},
	{progs: []string{"go"}, runs: goRunRuns},
	{progs: []string{"cargo"}, runs: cargoRunRuns},
	{progs: []string{"cmake"}, runs: cmakeProjectRuns},
	{progs: []string{"meson"}, runs: mesonRuns},
	{progs: []string{"ninja", "samu"}, runs: ninjaRuns},
	{progs: []string{"jest", "vitest", "mocha", "ava", "jasmine", "playwright", "tap", "rspec", "rails", "phpunit", "pest", "paratest"}, runs: testRunnerRuns},
	{progs: []string{"gotestsum"}, runs: gotestsumRuns},
	{progs: []string{"gradle", "gradlew"}, runs: gradleRuns},
	{progs: []string{"mvn", "mvnw"}, runs: mavenRuns},
	{progs: []string{"docker", "podman", "nerdctl", "docker-compose", "podman-compose"}, runs: composeRuns},
	{progs: []string{"pre-commit", "lefthook"}, runs: hookManagerRuns},
}

// projectRunnerIndex maps a program to its runner, built from the table
// on first use (the hook's start-up does not pay for it).
var projectRunnerIndex = &lazy.Value[map[string]*projectRunner]{New: func() map[string]*projectRunner {
	m := map[string]*projectRunner{}
	for i := range projectRunners {
		for _, p := range projectRunners[i].progs {
			m[p] = &projectRunners[i]
		}
	}
	return m
}}

// projectRunner judges the project files c runs.
func (w *walker) projectRunner(c *Cmd) {
	pr := projectRunnerIndex.Get()[c.Name]
	if pr == nil || !w.r.fl().knowsFiles() && !w.stdinKnown() {
		return
	}
	for _, run := range pr.runs(w, c) {
		w.runnerFile(c, run)
	}
}

// wrappedRunner judges the project files of the runners that unwrap
// drops to judge the program they run (npx NAME, uv run x.py, poetry run
// NAME): the program is the project's own.
func (w *walker) wrappedRunner(argv []string, dyn []bool, text string) {
	if len(argv) < 2 || dyn[0] {
		return
	}
	switch progName(argv[0]) {
	case "npx", "pnpx", "bunx", "uv", "poetry", "pdm", "pipenv":
	default:
		return
	}
	if progName(argv[0]) == "uv" {
		// uv run --project DIR x: unwrap judges x, this the project it
		// runs in (runners_elsewhere.go).
		w.elsewhereRunners(w.newCmd(argv, dyn, text, w.sudo), stream{})
	}
	if !w.r.fl().knowsFiles() {
		return
	}
	c := w.newCmd(argv, dyn, text, w.sudo)
	var runs []projectRun
	switch c.Name {
	case "npx", "pnpx", "bunx":
		runs = pkgBinRuns(w, c)
	case "uv", "poetry", "pdm", "pipenv":
		pos := c.Positional()
		if len(pos) < 2 || pos[0] != "run" || dynWord(pos[1]) {
			return
		}
		name := pos[1]
		switch {
		case strings.HasSuffix(name, ".py") || strings.HasSuffix(name, ".pyw"):
			runs = []projectRun{{file: name, verb: "runs", lang: "python"}}
		case c.Name == "poetry":
			runs = poetryScriptRuns(name)
		case c.Name == "pdm":
			runs = []projectRun{{file: "pyproject.toml", verb: "runs the script " + name + " of", extract: func(t string) runnerText { return tomlScripts(t, "tool.pdm.scripts", name) }}}
		case c.Name == "pipenv":
			runs = []projectRun{{file: "Pipfile", verb: "runs the script " + name + " of", extract: func(t string) runnerText { return tomlScripts(t, "scripts", name) }}}
		}
	}
	for _, run := range runs {
		w.runnerFile(c, run)
	}
}

// runsDownloaded reports (and judges) a file c runs that the line
// downloaded earlier with curl -o or wget -O (curl -o package.json URL &&
// npm i): what runs came from there.
func (w *walker) runsDownloaded(c *Cmd, abs, show, verb string) bool {
	src := w.downloaded[abs]
	if src == "" {
		return false
	}
	w.r.mutates()
	w.r.add(c.find(w.remoteRule(c), c.Name+" "+verb+" "+show+", which was just downloaded from "+src+", without checking it."))
	return true
}

// runsDownloadedUnder reports (and judges) the files of the directory
// run names that the line downloaded earlier: the first one found, in
// order of name, stands for them all.
func (w *walker) runsDownloadedUnder(c *Cmd, run projectRun) bool {
	dir, ok := c.Resolve(run.file)
	if !ok || len(w.downloaded) == 0 {
		return false
	}
	var names []string
	for abs := range w.downloaded {
		d := path.Dir(abs)
		if run.match(path.Base(abs)) && (d == dir || run.deep && (dir == "/" || strings.HasPrefix(d, dir+"/"))) {
			names = append(names, abs)
		}
	}
	if len(names) == 0 {
		return false
	}
	sort.Strings(names)
	show := names[0]
	if cwd, ok := c.Resolve("."); ok && strings.HasPrefix(show, cwd+"/") {
		show = strings.TrimPrefix(show, cwd+"/")
	}
	return w.runsDownloaded(c, names[0], show, run.verb)
}

// runnerFile reads one file a runner runs and judges what it runs.
func (w *walker) runnerFile(c *Cmd, run projectRun) {
	if run.match != nil {
		w.runsDownloadedUnder(c, run)
		return
	}
	r := w.r
	fl := r.fl()
	var fc fileContent
	var abs, name string
	found := false
	for _, f := range append([]string{run.file}, run.alts...) {
		a, ok := c.Resolve(f)
		if !ok {
			return
		}
		if w.runsDownloaded(c, a, f, run.verb) {
			return
		}
		if fc, found = w.fileOrStdin(fl, a); found {
			abs, name = a, f
			break
		}
	}
	if !found {
		if run.pkg != "" && fl.read != nil && fl.reads >= MaxScriptReads {
			w.packageUnread(c, run.pkg, 0)
		}
		return // not known: the runner stays an everyday command
	}
	show := name
	if cwd, ok := c.Resolve("."); ok && strings.HasPrefix(abs, cwd+"/") {
		show = strings.TrimPrefix(abs, cwd+"/")
	}
	w.runnerContent(c, run, abs, show, fc)
	if fc.session && fc.partial && fl.read != nil && !fl.unread[abs] {
		// The session's edit is known, the rest of the file is on disk:
		// the file as it is now is judged too.
		if d, ok := fl.readDisk(abs); ok && !fl.sensitive(abs) {
			w.runnerContent(c, run, abs, show, d)
		}
	}
}

// runnerContent judges what a runner runs of the content fc of the file
// at abs.
func (w *walker) runnerContent(c *Cmd, run projectRun, abs, show string, fc fileContent) {
	if part, ok := fc.insertedPart(); ok {
		// Written by a filter: the rest of the file is not known, and its
		// program's literals are read as the file's format says.
		fc.inserted = ""
		w.judgeFile(c, show, "shell", fc, run.verb)
		fc = part
	}
	if fc.disk {
		// A project's own files on disk clean up after themselves
		// (shutil.rmtree(tmp_path) in a conftest.py): a tree only known
		// when the code runs is not a reason to stop a test run. The
		// session's own files keep the finding.
		r := w.r
		n := len(r.res.Findings)
		defer func() {
			out := r.res.Findings[:n]
			for _, f := range r.res.Findings[n:] {
				if f.Rule != ruleInlineDeleteTree.ID {
					out = append(out, f)
				}
			}
			r.res.Findings = out
		}()
	}
	if fc.kind != streamLiteral && fc.kind != streamDecoded {
		w.judgeFile(c, show, "shell", fc, run.verb)
		return
	}
	if run.extract == nil {
		lang := run.lang
		if lang == "auto" {
			lang = fileLang(abs, fc.text)
		}
		w.judgeFile(c, show, lang, fc, run.verb)
		if fc.session && fc.partial && codeRunsPrograms(lang, fc.text) {
			w.runnerUnknown(c, show, run.verb)
		}
		return
	}
	rt := run.extract(fc.text)
	dir := run.dir
	here, _ := c.Resolve(".")
	if dir == "" {
		dir = path.Dir(abs)
		if isStdinPath(abs) {
			dir = here // a file read from standard input is run where the command is
		}
	}
	for _, s := range rt.shell {
		if strings.TrimSpace(s) == "" {
			continue
		}
		if dir != here {
			// The runner runs its commands in the package's directory.
			s = "cd '" + strings.ReplaceAll(dir, "'", `'\''`) + "' || exit\n" + s
		}
		f := fc
		f.text = s
		w.judgeFile(c, show, "shell", f, run.verb)
	}
	for _, code := range rt.code {
		f := fc
		f.text = code.text
		w.judgeFile(c, show, code.lang, f, run.verb)
	}
	if len(rt.runs) > 0 {
		w.runnerBuildRuns(c, show, fc, rt.runs, run.verb)
	}
	if !run.chained {
		for _, next := range rt.then {
			if !path.IsAbs(next.file) {
				next.file = path.Join(path.Dir(abs), next.file)
			}
			next.chained = true
			w.runnerFile(c, next)
		}
	}
	if rt.partial && !fc.disk && strings.TrimSpace(fc.text) != "" {
		// The file does not read as its format says: what the tool makes
		// of it is not known. The whole text is judged as commands, and a
		// file written here or by the session waits for a person.
		f := fc
		f.partial = true
		w.judgeFile(c, show, "shell", f, run.verb)
		if !fc.partial {
			// (An edit's new text is rarely whole JSON or YAML: it
			// is read for its pairs and commands only.)
			w.runnerUnknown(c, show, run.verb)
		}
	}
}

// runnerUnknown reports a file written here or by the session that runs
// programs and cannot be read in full.
func (w *walker) runnerUnknown(c *Cmd, show, verb string) {
	w.r.add(c.find(ruleBuildRunsUnknown, c.Name+" "+verb+" "+show+", which was written here or earlier in this session and runs programs; it cannot be read in full, so what it runs cannot all be checked.", show))
}

// runnerBuildRuns judges the commands read from compiled code (a Go or
// Rust program): a literal command is judged as the command it is; one
// only known when it runs holds a file the session wrote, and is passed
// over in a file on disk (build scripts call the compiler they are given).
func (w *walker) runnerBuildRuns(c *Cmd, show string, fc fileContent, runs []buildRun, verb string) {
	r := w.r
	r.mutates()
	if fc.disk {
		n := len(r.res.Findings)
		defer func() { r.res.Findings = keepSerious(r.res.Findings, n) }()
	}
	why := c.Name + " " + verb + " " + show
	for _, run := range runs {
		switch {
		case !run.known:
			if fc.session || !fc.disk {
				r.add(c.find(ruleBuildRunsUnknown, c.Name+" "+verb+" "+show+", which runs a program or deletes a path only known when it runs, so what it does cannot be checked.", show))
			}
		case run.shell != "":
			r.script(run.shell, c, why)
		case len(run.argv) > 0:
			r.commandWords(run.argv, run.dyn, c, why)
		}
	}
}

// fileLang is the language of a program file, by its extension and then
// its first line.
func fileLang(abs, text string) string {
	switch path.Ext(abs) {
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx":
		return "node"
	case ".py":
		return "python"
	case ".rb":
		return "ruby"
	case ".pl":
		return "perl"
	case ".php":
		return "php"
	case ".sh", ".bash":
		return "shell"
	}
	if !strings.HasPrefix(text, "#!") {
		return "node" // a package's bin without a first line is run by node
	}
	return shebangLang(text)
}

// codeRunsPrograms reports whether code calls the language's process or
// deletion functions.
func codeRunsPrograms(lang, code string) bool {
	patternsOnce.Do(compilePatterns)
	switch lang {
	case "", "shell":
		return strings.TrimSpace(code) != ""
	case "go":
		return strings.Contains(code, "exec.Command") || strings.Contains(code, "os.RemoveAll") || strings.Contains(code, "syscall.Exec")
	case "rust":
		return strings.Contains(code, "Command::new") || strings.Contains(code, "remove_dir_all")
	}
	if lang == "deno" || lang == "bun" {
		lang = "node"
	}
	p := langs[lang]
	if p == nil {
		return false
	}
	return p.exec.MatchString(code) || p.delRecursive.MatchString(code)
}
