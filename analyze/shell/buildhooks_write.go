package shell

import (
	"encoding/json"
	"path"
	"strings"
)

// Hook and script files written now and run later: what they will run is
// judged when they are written, since nothing else on the command line
// shows it. Only serious findings are kept (a hook that deletes the home
// directory, runs a download); a hook whose commands were read and are
// ordinary is reported, not stopped; one whose content is not shown waits
// for a person.

// armedRuns returns the reader of the commands a file at abs will run
// later, or nil when the file is not one.
func armedRuns(abs string, cl PathClass) func(string) []buildRun {
	base := path.Base(abs)
	switch {
	case shellHook(abs, cl):
		return shellRun
	case base == "package.json":
		return func(t string) []buildRun {
			var runs []buildRun
			for _, s := range packageHookCommands(t, nil, true) {
				runs = append(runs, buildRun{shell: s, known: true})
			}
			return runs
		}
	case !cl.ProjectAutorun:
		return nil
	case hookConfigFile(base) || base == ".pre-commit-hooks.yaml" || base == "overcommit.yml" || base == ".overcommit.yml":
		return func(t string) []buildRun { return hookConfigRuns(base, t, nil) }
	}
	return nil
}

// shellHook reports whether the file at abs is a shell script a tool runs
// later (a git or husky hook, direnv's .envrc).
func shellHook(abs string, cl PathClass) bool {
	base := path.Base(abs)
	return strings.Contains(abs, "/.git/hooks/") || strings.Contains(abs, "/.githooks/") ||
		cl.ProjectAutorun && (strings.Contains(abs, "/.husky/") || base == ".envrc" || base == ".envrc.local" || base == ".env.rc")
}

// hookWritten judges the file at abs, just written by this command line,
// when tools run it later. evidence is the writing command's text.
func (w *walker) hookWritten(abs, evidence string) {
	fl := w.r.fl()
	if _, had := fl.files[abs]; !had {
		return
	}
	cl := w.r.env.classify(abs)
	extract := armedRuns(abs, cl)
	if extract == nil {
		return
	}
	r := w.r
	c := &Cmd{Name: path.Base(abs), Path: abs, Text: evidence, Depth: w.depth, env: r.env}
	show := showPath(abs)
	if cwd, ok := r.env.resolve("."); ok && strings.HasPrefix(abs, cwd+"/") {
		show = strings.TrimPrefix(abs, cwd+"/")
	}
	when := cl.Autorun
	if when == "" {
		when = "it runs later"
	}
	fc, ok := fl.file(abs)
	if !ok || fc.kind != streamLiteral && fc.kind != streamDecoded {
		if path.Base(abs) == "package.json" {
			return // a package's manifest, judged when its scripts run
		}
		r.add(c.find(ruleBuildRunsUnknown, "Writes "+show+" with content that is not shown: "+when+".", show))
		return
	}
	n := len(r.res.Findings)
	if shellHook(abs, cl) && (shellContentVerdict(fc.text) == autorunDanger || w.unseenScript(fc.text) != "") {
		// It runs a script nobody was shown, or loads code through a
		// variable or an alias: out of sight whatever its commands say.
		r.add(c.find(ruleWriteAutorun, "Writes "+show+": what it holds runs code out of sight ("+when+").", show))
	}
	runs := extract(fc.text)
	for _, run := range runs {
		if run.known && run.shell != "" {
			r.script(run.shell, c, "written to "+show+": "+when)
		}
	}
	r.res.Findings = keepSerious(r.res.Findings, n)
	if len(r.res.Findings) > n || len(runs) == 0 && strings.TrimSpace(fc.text) != "" {
		// (Text the reader found no command in is not known to be
		// harmless: the write stays a question for a person.)
		return
	}
	// Read and ordinary: the write is reported, not stopped.
	for i := range r.res.Findings[:n] {
		f := &r.res.Findings[i]
		if f.Rule != ruleWriteProjectAutorun.ID || !findingTargets(f.Targets, abs, r.env) {
			continue
		}
		nf := ruleWriteProjectHookRead.Find(f.Evidence, "Writes "+show+": "+when+"; what it runs was read: "+truncateText(oneLine(fc.text), 80), f.Targets...)
		nf.Cmd = f.Cmd
		*f = nf
	}
}

// findingTargets reports whether one of a finding's targets is abs.
func findingTargets(ts []string, abs string, env *analysis) bool {
	for _, t := range ts {
		if a, ok := env.resolve(t); ok && a == abs {
			return true
		}
	}
	return false
}

// hookWrites judges the files tee, cp, mv, install and ln just wrote.
func (w *walker) hookWrites(c *Cmd) {
	switch c.Name {
	case "tee", "cp", "mv", "install", "ln":
	default:
		return
	}
	fl := w.r.fl()
	if len(fl.files) == 0 {
		return
	}
	pos := c.Positional()
	if c.Name != "tee" {
		if len(pos) != 2 {
			return
		}
		src, _ := c.Resolve(pos[0])
		dst, ok := c.Resolve(pos[1])
		if !ok {
			return
		}
		pos = []string{copyDest(pos[1], dst, src)}
	}
	for _, p := range pos {
		if abs, ok := c.Resolve(p); ok {
			w.hookWritten(abs, c.Text)
		}
	}
}

// pkgSet follows npm pkg set scripts.x=… (and npm set-script x …): the
// script is written into package.json, where npm install, npm test or npm
// run find it, and what it runs is judged as armed now.
func (w *walker) pkgSet(c *Cmd) {
	pos := c.Positional()
	var sets [][2]string
	switch {
	case len(pos) >= 3 && pos[0] == "pkg" && pos[1] == "set":
		for _, kv := range pos[2:] {
			k, v, ok := strings.Cut(kv, "=")
			if ok {
				sets = append(sets, [2]string{k, v})
			}
		}
	case len(pos) == 3 && pos[0] == "set-script":
		sets = append(sets, [2]string{"scripts." + pos[1], pos[2]})
	default:
		return
	}
	dir := "."
	if d, ok := c.Flag("--prefix", "-C", "--dir"); ok {
		dir = d
	}
	abs, ok := c.Resolve(path.Join(dir, "package.json"))
	if !ok {
		return
	}
	fl := w.r.fl()
	old, had := fl.files[abs]
	pkg := map[string]any{}
	partial := !had || old.partial
	if had && (old.kind == streamLiteral || old.kind == streamDecoded) {
		if json.Unmarshal([]byte(old.text), &pkg) != nil {
			pkg, partial = map[string]any{}, true
		}
	}
	changed := false
	for _, s := range sets {
		keys := strings.Split(strings.NewReplacer("[", ".", "]", "").Replace(s[0]), ".")
		if len(keys) < 2 || keys[0] != "scripts" && keys[0] != "husky" && keys[0] != "simple-git-hooks" {
			continue
		}
		m := pkg
		for _, k := range keys[:len(keys)-1] {
			next, ok := m[k].(map[string]any)
			if !ok {
				next = map[string]any{}
				m[k] = next
			}
			m = next
		}
		m[keys[len(keys)-1]] = s[1]
		changed = true
	}
	if !changed {
		return
	}
	text, err := json.Marshal(pkg)
	if err != nil {
		return
	}
	fl.setFile(abs, fileContent{text: string(text), kind: streamLiteral, partial: partial})
	w.r.mutates()
	w.hookWritten(abs, c.Text)
}
