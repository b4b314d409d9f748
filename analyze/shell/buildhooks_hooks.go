package shell

import (
	"encoding/json"
	"path"
	"slices"
	"sort"
	"strings"
)

// Commit hooks: the files git (through husky, pre-commit, lefthook or its
// own .git/hooks) runs on a commit, a push, a merge. Written and run on
// one command line, they are judged when git runs them; written alone,
// what they will run is judged as serious or not when they are written.

// gitHookNames are the hooks a git command runs, by subcommand.
var gitHookNames = map[string][]string{
	"commit":      {"pre-commit", "prepare-commit-msg", "commit-msg", "post-commit"},
	"push":        {"pre-push"},
	"merge":       {"pre-merge-commit", "post-merge"},
	"pull":        {"pre-merge-commit", "post-merge"},
	"checkout":    {"post-checkout"},
	"switch":      {"post-checkout"},
	"clone":       {"post-checkout"},
	"rebase":      {"pre-rebase", "post-rewrite"},
	"am":          {"applypatch-msg", "pre-applypatch", "post-applypatch"},
	"cherry-pick": {"prepare-commit-msg", "commit-msg", "post-commit"},
}

// gitHooksRun judges the hooks a git command runs when this command line
// or the session wrote them.
func (w *walker) gitHooksRun(c *Cmd) {
	pos := c.Positional()
	if len(pos) == 0 {
		return
	}
	hooks := gitHookNames[pos[0]]
	if len(hooks) == 0 {
		return
	}
	if c.Has("--no-verify") || pos[0] == "commit" && c.Has("-n") {
		hooks = hooks[1:] // pre-commit (pre-push, pre-merge-commit) skipped
		if pos[0] == "commit" {
			hooks = []string{"prepare-commit-msg", "post-commit"}
		}
	}
	root := "."
	if d, ok := c.Flag("-C"); ok {
		root = d
	}
	abs, ok := c.Resolve(root)
	if !ok {
		return
	}
	fl := w.r.fl()
	for _, h := range hooks {
		for _, dir := range []string{".husky", ".husky/_", ".git/hooks", ".githooks"} {
			f := path.Join(abs, dir, h)
			if _, had := fl.files[f]; had {
				w.buildFile(c, f, "runs the hook", shellRun)
			}
		}
	}
	// Hook managers' configurations name the commands of every hook.
	for _, f := range w.writtenUnder(abs, false, hookConfigFile) {
		w.buildFile(c, f, "runs the hooks of", func(t string) []buildRun { return hookConfigRuns(path.Base(f), t, hooks) })
	}
}

// hookManagerRun judges pre-commit run and lefthook run over the
// configuration written here.
func (w *walker) hookManagerRun(c *Cmd) {
	if c.Sub(0) != "run" && c.Sub(0) != "try-repo" {
		return
	}
	abs, ok := c.Resolve(".")
	if !ok {
		return
	}
	for _, f := range w.writtenUnder(abs, false, hookConfigFile) {
		w.buildFile(c, f, "runs the hooks of", func(t string) []buildRun { return hookConfigRuns(path.Base(f), t, nil) })
	}
}

// hookManagerRuns: pre-commit run (try-repo) and lefthook run read their
// configuration on disk; one this command line or the session wrote is
// judged by hookManagerRun.
func hookManagerRuns(w *walker, c *Cmd) []projectRun {
	if c.Sub(0) != "run" && c.Sub(0) != "try-repo" || c.Has("--help", "-h") {
		return nil
	}
	files := []string{".pre-commit-config.yaml", ".pre-commit-config.yml"}
	if c.Name == "lefthook" {
		files = []string{"lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml", "lefthook-local.yml"}
	} else if f, ok := c.Flag("-c", "--config"); ok && !dynWord(f) {
		files = []string{f}
	}
	for _, f := range files {
		if abs, ok := c.Resolve(f); ok {
			if _, had := w.r.fl().files[abs]; had {
				return nil // hookManagerRun judges it
			}
		}
	}
	return []projectRun{{file: files[0], alts: files[1:], verb: "runs the hooks of", extract: func(t string) runnerText {
		return runnerText{runs: hookConfigRuns(".pre-commit-config.yaml", t, nil)} // both read entry: and run:
	}}}
}

// hookConfigFile reports a hook manager's configuration by its name.
func hookConfigFile(base string) bool {
	switch base {
	case ".pre-commit-config.yaml", ".pre-commit-config.yml", "lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml",
		"lefthook-local.yml", "package.json", ".huskyrc", ".huskyrc.json", ".simple-git-hooks.json":
		return true
	}
	return false
}

// hookConfigRuns returns the commands a hook manager's configuration runs
// (for the given hooks; nil: every hook).
func hookConfigRuns(base, text string, hooks []string) []buildRun {
	switch base {
	case "package.json", ".huskyrc", ".huskyrc.json", ".simple-git-hooks.json":
		var runs []buildRun
		for _, s := range packageHookCommands(text, hooks, false) {
			runs = append(runs, buildRun{shell: s, known: true})
		}
		return runs
	}
	var runs []buildRun
	for _, s := range yamlValues(text, "entry", "run") {
		runs = append(runs, buildRun{shell: s, known: true})
	}
	return runs
}

// packageHookCommands returns the hook commands of a package.json (husky's
// "husky": {"hooks": …}, "simple-git-hooks", a .huskyrc) and, with
// scripts, its scripts: every command it arms. Text that is not JSON
// yields nothing.
func packageHookCommands(text string, hooks []string, scripts bool) []string {
	var pkg map[string]any
	if json.Unmarshal([]byte(text), &pkg) != nil {
		if scripts {
			return packageFragmentHooks(text)
		}
		return nil
	}
	want := func(h string) bool {
		if hooks == nil {
			return true
		}
		for _, x := range hooks {
			if x == h {
				return true
			}
		}
		return false
	}
	var out []string
	add := func(m any, filter bool) {
		mm, _ := m.(map[string]any)
		keys := make([]string, 0, len(mm))
		for k := range mm {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if s, ok := mm[k].(string); ok && strings.TrimSpace(s) != "" && (!filter || want(k)) {
				out = append(out, s)
			}
		}
	}
	if h, ok := pkg["husky"].(map[string]any); ok {
		add(h["hooks"], true)
	}
	add(pkg["hooks"], true) // .huskyrc
	add(pkg["simple-git-hooks"], true)
	for k := range pkg {
		if strings.HasPrefix(k, "pre-") || strings.HasPrefix(k, "post-") || k == "commit-msg" {
			add(map[string]any{k: pkg[k]}, true) // .simple-git-hooks.json
		}
	}
	if scripts {
		add(pkg["scripts"], false)
	}
	return out
}

// packageFragmentHooks reads a piece of package.json that is not JSON on
// its own (an edit's new text: "postinstall": "curl …|sh",) for the pairs
// that run by themselves: the install scripts and the pre-/post- scripts
// and git hooks around them. Other pairs ("version": "1.0.1") are data.
func packageFragmentHooks(text string) []string {
	pairs := jsonPairs(text)
	keys := make([]string, 0, len(pairs))
	for k := range pairs {
		if slices.Contains(npmInstallScripts, k) || strings.HasPrefix(k, "pre") || strings.HasPrefix(k, "post") || k == "commit-msg" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if strings.TrimSpace(pairs[k]) != "" {
			out = append(out, pairs[k])
		}
	}
	return out
}

// yamlValues returns the values of the given keys anywhere in a YAML
// text, in block style (entry: cmd) and flow style ({entry: cmd, …}):
// hook configurations are small and their commands are plain values.
func yamlValues(text string, keys ...string) []string {
	var out []string
	for _, k := range keys {
		for i := 0; len(out) < maxChanRuns; {
			j := strings.Index(text[i:], k+":")
			if j < 0 {
				break
			}
			at := i + j
			i = at + len(k) + 1
			if at > 0 && (isWordByte(text[at-1]) || text[at-1] == '-') {
				continue
			}
			if v := yamlScalar(text[i:]); v != "" {
				out = append(out, v)
			}
		}
	}
	return out
}

// yamlScalar reads the value after a key: a quoted string, a block
// scalar's lines (| or >), or a plain value to the end of the line, or in
// flow style to the next , or } outside quotes.
func yamlScalar(s string) string {
	line := s
	if nl := strings.IndexByte(s, '\n'); nl >= 0 {
		line = s[:nl]
	}
	v := strings.TrimSpace(line)
	if v == "|" || v == ">" || v == "|-" || v == ">-" {
		var lines []string
		rest := strings.TrimPrefix(s[len(line):], "\n")
		for rest != "" && len(lines) < 256 {
			l := rest
			if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
				l, rest = rest[:nl], rest[nl+1:]
			} else {
				rest = ""
			}
			if strings.TrimSpace(l) == "" {
				continue
			}
			if l[0] != ' ' && l[0] != '\t' || strings.Contains(l, ":") && !strings.HasPrefix(strings.TrimSpace(l), "-") && yamlKeyLine(l) {
				break
			}
			lines = append(lines, strings.TrimSpace(l))
		}
		return strings.Join(lines, "\n")
	}
	if len(v) >= 2 && (v[0] == '\'' || v[0] == '"') {
		if end := strings.IndexByte(v[1:], v[0]); end >= 0 {
			return v[1 : 1+end]
		}
	}
	// Flow style: the value ends at a , or } (or ]) outside quotes.
	var q byte
	for i := 0; i < len(v); i++ {
		ch := v[i]
		switch {
		case q != 0:
			if ch == q {
				q = 0
			}
		case ch == '"' || ch == '\'':
			q = ch
		case ch == ',' || ch == '}' || ch == ']':
			return strings.TrimSpace(v[:i])
		case ch == '#' && i > 0 && v[i-1] == ' ':
			return strings.TrimSpace(v[:i])
		}
	}
	return v
}

// yamlKeyLine reports a line that starts a new key (name: …).
func yamlKeyLine(l string) bool {
	t := strings.TrimSpace(l)
	k, _, ok := strings.Cut(t, ":")
	return ok && k != "" && !strings.ContainsAny(k, " \t\"'")
}
