package shell

import (
	"path"
	"slices"
	"sort"
	"strings"
)

// Python runners: pytest imports conftest.py and the test files (their
// top-level code runs), pip install . runs setup.py, tox and nox the
// commands of tox.ini and noxfile.py, hatch run and poetry run the
// project's scripts, uv run a script, python -m a module's file.

// pytestFile reports a file name pytest imports.
func pytestFile(base string) bool {
	return base == "conftest.py" || strings.HasPrefix(base, "test_") && strings.HasSuffix(base, ".py") || strings.HasSuffix(base, "_test.py")
}

// pytestRuns: pytest [paths…] imports the conftest.py of its paths and of
// the directories above them, and the test files under them.
func pytestRuns(w *walker, c *Cmd) []projectRun {
	if c.Has("--help", "-h", "--version", "-V", "--fixtures-per-test") {
		return nil
	}
	return pytestOver(w, c, c.Positional())
}

// pytestOver returns the files pytest run over roots imports: those this
// command line or the session wrote, and on disk the conftest.py of the
// working directory, of each root and of its tests directory, and the
// test files named.
func pytestOver(w *walker, c *Cmd, roots []string) []projectRun {
	var keep []string
	for _, r := range roots {
		if !dynWord(r) && !strings.HasPrefix(r, "-") {
			r, _, _ = strings.Cut(r, "::") // tests/test_x.py::test_one
			keep = append(keep, r)
		}
	}
	roots = keep
	if len(roots) == 0 {
		roots = []string{"."}
	}
	cwd, ok := c.Resolve(".")
	if !ok {
		return nil
	}
	var dirs []string
	files := map[string]bool{}
	for _, r := range roots {
		abs, ok := c.Resolve(r)
		if !ok {
			continue
		}
		if strings.HasSuffix(abs, ".py") {
			files[abs] = true
			abs = path.Dir(abs)
		}
		dirs = append(dirs, abs)
	}
	dirs = append(dirs, cwd)
	// Written here or by the session.
	for abs := range w.r.fl().files {
		base := path.Base(abs)
		if !pytestFile(base) {
			continue
		}
		for _, d := range dirs {
			// conftest.py files of the directories above a root load too.
			if strings.HasPrefix(abs, d+"/") || base == "conftest.py" && strings.HasPrefix(d+"/", path.Dir(abs)+"/") {
				files[abs] = true
				break
			}
		}
	}
	// On disk: the conftest.py files pytest finds first.
	for _, d := range dirs {
		files[path.Join(d, "conftest.py")] = true
		if d == cwd {
			files[path.Join(d, "tests", "conftest.py")] = true
			if up := path.Dir(d); up != d {
				files[path.Join(up, "conftest.py")] = true // run from a tests directory
			}
		}
	}
	names := make([]string, 0, len(files))
	for f := range files {
		names = append(names, f)
	}
	sort.Strings(names)
	var runs []projectRun
	for _, f := range names {
		runs = append(runs, projectRun{file: f, verb: "imports", lang: "python"})
	}
	return runs
}

// pythonModuleRuns: python -m pytest (as pytest), python -m pip install .
// (as pip), python -m tox and nox, python -m build (setup.py), and python
// -m pkg (pkg/__main__.py; pkg.py is read as the script it is).
func pythonModuleRuns(w *walker, c *Cmd) []projectRun {
	mod, ok := c.Flag("-m")
	if !ok || dynWord(mod) {
		return nil
	}
	rest := modArgs(c, mod)
	sub := &Cmd{Name: mod, Path: mod, Args: rest, Text: c.Text, Depth: c.Depth, env: c.env, Cwd: c.Cwd, index: c.index}
	switch mod {
	case "pytest", "py.test":
		return pytestRuns(w, sub)
	case "pip", "pip3":
		return pipInstallRuns(w, sub)
	case "tox":
		return toxRuns(w, sub)
	case "nox":
		return noxRuns(w, sub)
	case "build":
		return setupPyRun(".")
	case "unittest":
		return nil
	}
	return []projectRun{{file: strings.ReplaceAll(mod, ".", "/") + "/__main__.py", verb: "runs", lang: "python"}}
}

// modArgs returns the words after python -m MOD.
func modArgs(c *Cmd, mod string) []string {
	av := c.Argv()
	_ = av
	for i, a := range c.Args {
		if a == "-m" && i+1 < len(c.Args) && c.Args[i+1] == mod {
			return c.Args[i+2:]
		}
		if a == "-m"+mod {
			return c.Args[i+1:]
		}
	}
	return nil
}

// setupPyRun is the setup.py of dir.
func setupPyRun(dir string) []projectRun {
	return []projectRun{{file: path.Join(dir, "setup.py"), verb: "runs", lang: "python"}}
}

// pipInstallRuns: pip install . (-e ., ./pkg), pip wheel ., uv pip install
// . run the setup.py of the directory they install; uv build and uv sync
// the project's; uv run x.py runs the script.
func pipInstallRuns(w *walker, c *Cmd) []projectRun {
	pos := c.Positional()
	if c.Name == "uv" {
		switch {
		case len(pos) > 0 && (pos[0] == "build" || pos[0] == "sync"):
			return setupPyRun(".")
		case len(pos) > 1 && pos[0] == "pip":
			pos = pos[1:]
		default:
			return nil
		}
	}
	if len(pos) == 0 || pos[0] != "install" && pos[0] != "wheel" && pos[0] != "download" {
		return nil
	}
	targets := c.FlagAll("-e", "--editable")
	targets = append(targets, pos[1:]...)
	var runs []projectRun
	for _, t := range targets {
		if localDir(t) {
			runs = append(runs, setupPyRun(strings.SplitN(t, "[", 2)[0])...)
		}
	}
	return runs
}

// localDir reports an operand of pip that names a directory of this
// machine (., ./pkg, ../x, /src/x, with extras .[dev]).
func localDir(t string) bool {
	if dynWord(t) || strings.Contains(t, "://") || strings.HasPrefix(t, "git+") {
		return false
	}
	t = strings.SplitN(t, "[", 2)[0]
	for _, ext := range []string{".whl", ".tar.gz", ".zip", ".tgz", ".tar.bz2", ".txt"} {
		if strings.HasSuffix(t, ext) {
			return false
		}
	}
	return t == "." || t == ".." || strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../") || strings.HasPrefix(t, "/") || strings.HasPrefix(t, "~/")
}

// toxRuns: tox runs the commands (and commands_pre, commands_post) of
// tox.ini's test environments.
func toxRuns(w *walker, c *Cmd) []projectRun {
	pos := c.Positional()
	for _, p := range pos {
		switch p {
		case "list", "l", "config", "c", "quickstart", "q", "legacy", "le", "--version", "--help":
			return nil
		}
	}
	conf := "tox.ini"
	if f, ok := c.Flag("-c", "--conf"); ok && !dynWord(f) {
		conf = f
	}
	return []projectRun{{file: conf, verb: "runs the commands of", extract: toxCommands}}
}

// toxCommands returns the commands of a tox.ini (an INI file: a key's
// value continues on the indented lines below it).
func toxCommands(text string) runnerText {
	var rt runnerText
	section := ""
	var cur *[]string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, ";") {
			continue
		}
		if strings.HasPrefix(t, "[") {
			section, cur = strings.Trim(t, "[]"), nil
			continue
		}
		if line[0] == ' ' || line[0] == '\t' {
			if cur != nil {
				*cur = append(*cur, toxLine(t))
			}
			continue
		}
		cur = nil
		k, v, ok := strings.Cut(t, "=")
		if !ok || !strings.HasPrefix(section, "testenv") && section != "tox:tox" {
			continue
		}
		switch strings.TrimSpace(k) {
		case "commands", "commands_pre", "commands_post":
			cur = &rt.shell
			if v = strings.TrimSpace(v); v != "" {
				rt.shell = append(rt.shell, toxLine(v))
			}
		}
		if len(rt.shell) > maxChanRuns {
			break
		}
	}
	return rt
}

// toxLine is one tox command as a shell line: {posargs} and other
// substitutions are known only when tox runs; a leading - ignores the
// exit status.
func toxLine(s string) string {
	s = strings.TrimPrefix(strings.TrimSpace(s), "- ")
	s = strings.TrimPrefix(s, "-")
	s = strings.TrimSuffix(s, "\\")
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '{' {
			if end := strings.IndexByte(s[i:], '}'); end > 0 {
				name := strings.Map(func(r rune) rune {
					if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
						return r
					}
					return '_'
				}, s[i+1:i+end])
				if strings.HasPrefix(name, "env_") {
					name = strings.TrimPrefix(name, "env_") // {env:HOME}
				} else {
					name = "TOX_" + name
				}
				b.WriteString("${" + name + "}")
				i += end
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// noxRuns: nox imports noxfile.py and runs its sessions.
func noxRuns(w *walker, c *Cmd) []projectRun {
	if c.Has("--list", "-l", "--help", "-h", "--version") {
		return nil
	}
	f := "noxfile.py"
	if v, ok := c.Flag("-f", "--noxfile"); ok && !dynWord(v) {
		f = v
	}
	return []projectRun{{file: f, verb: "runs the sessions of", lang: "python"}}
}

// hatchRuns: hatch run NAME runs the script NAME of the project's hatch
// environments (pyproject.toml's [tool.hatch.envs.*.scripts], hatch.toml).
func hatchRuns(w *walker, c *Cmd) []projectRun {
	pos := c.Positional()
	if len(pos) < 2 || pos[0] != "run" || dynWord(pos[1]) {
		return nil
	}
	name := pos[1]
	if _, n, ok := strings.Cut(name, ":"); ok {
		name = n // hatch run test:cov
	}
	extract := func(t string) runnerText { return tomlScripts(t, "scripts", name) }
	return []projectRun{
		{file: "pyproject.toml", verb: "runs the script " + name + " of", extract: extract},
		{file: "hatch.toml", verb: "runs the script " + name + " of", extract: extract},
	}
}

// hatchRunCommand: hatch run ARGS runs ARGS as a command in the
// environment when ARGS[0] names no script of the project (hatch run
// rm -rf ~), and the project's script otherwise; both are judged (a
// script's name read as a command is a program of that name).
func hatchRunCommand(c *Cmd, r *report) {
	av := c.Argv()
	if len(av.OperandArg) == 0 || c.Args[av.OperandArg[0]] != "run" {
		return
	}
	words := c.Args[av.OperandArg[0]+1:]
	if len(words) > 0 && words[0] == "--" {
		words = words[1:]
	}
	if len(words) == 0 || dynWord(words[0]) {
		return
	}
	argv := slices.Clone(words)
	if _, n, ok := strings.Cut(argv[0], ":"); ok {
		argv[0] = n // hatch run test:cov, hatch run +py=3.12 …
	}
	r.command(argv, c, "hatch run runs")
}

// tomlScripts returns the commands of key NAME in the TOML tables whose
// name ends in section: a string, or an array of strings on one or more
// lines.
func tomlScripts(text, section, name string) runnerText {
	var rt runnerText
	in := false
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		t := strings.TrimSpace(strings.TrimRight(lines[i], "\r"))
		if strings.HasPrefix(t, "[") {
			h := strings.Trim(t, "[] ")
			in = h == section || strings.HasSuffix(h, "."+section)
			continue
		}
		if !in {
			continue
		}
		k, v, ok := strings.Cut(t, "=")
		if !ok || strings.Trim(strings.TrimSpace(k), `"'`) != name {
			continue
		}
		v = strings.TrimSpace(v)
		if strings.HasPrefix(v, "[") {
			for !strings.Contains(v, "]") && i+1 < len(lines) && len(v) < MaxScriptBytes {
				i++
				v += " " + strings.TrimSpace(lines[i])
			}
			rt.shell = append(rt.shell, tomlStrings(v)...)
			continue
		}
		for _, s := range tomlStrings(v) {
			rt.shell = append(rt.shell, s)
			break
		}
	}
	return rt
}

// tomlStrings returns the basic ("…") and literal ('…') strings of a TOML
// value, in order.
func tomlStrings(v string) []string {
	var out []string
	for i := 0; i < len(v) && len(out) < maxChanRuns; i++ {
		switch v[i] {
		case '"':
			s, end := quotedString(v, i)
			out = append(out, s)
			i = end - 1
		case '\'':
			end := strings.IndexByte(v[i+1:], '\'')
			if end < 0 {
				return out
			}
			out = append(out, v[i+1:i+1+end])
			i += end + 1
		case '#':
			return out
		}
	}
	return out
}

// poetryScriptRuns: poetry run NAME runs the console script NAME of
// pyproject.toml ([tool.poetry.scripts] or [project.scripts] NAME =
// "pkg.mod:func"), whose module is imported: pkg/mod.py.
func poetryScriptRuns(name string) []projectRun {
	if dynWord(name) || strings.ContainsAny(name, "/.") {
		return nil
	}
	return []projectRun{{file: "pyproject.toml", verb: "runs the script " + name + " of", extract: func(t string) runnerText {
		var rt runnerText
		for _, sec := range []string{"tool.poetry.scripts", "project.scripts"} {
			for _, target := range tomlScripts(t, sec, name).shell {
				mod, _, _ := strings.Cut(strings.TrimSpace(target), ":")
				if mod == "" || strings.ContainsAny(mod, " /\\") {
					continue
				}
				p := strings.ReplaceAll(mod, ".", "/")
				rt.then = append(rt.then,
					projectRun{file: p + ".py", verb: "runs " + name + ", a script of", lang: "python"},
					projectRun{file: "src/" + p + ".py", verb: "runs " + name + ", a script of", lang: "python"})
			}
		}
		return rt
	}}}
}
