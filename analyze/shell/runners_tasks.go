package shell

import (
	"path"
	"strings"
)

// Task runners: just runs a justfile's recipes (shell lines), task the
// cmds of Taskfile.yml, rake a Rakefile (Ruby, whose sh calls are shell
// lines), and tsx, ts-node and their kind a TypeScript file.

// maxTaskDepth bounds the tasks and recipe dependencies followed.
const maxTaskDepth = 8

// justRuns: just [recipe…] runs the named recipes (the first one of the
// file when none is named) and the recipes they depend on.
func justRuns(w *walker, c *Cmd) []projectRun {
	if c.Has("--list", "-l", "--summary", "--show", "-s", "--dry-run", "-n", "--evaluate", "--variables", "--dump", "--fmt", "--help", "-h", "--version", "-V", "--init", "--edit", "-e", "--choose", "--groups") {
		return nil
	}
	var names []string
	for _, p := range c.Positional() {
		if dynWord(p) || strings.Contains(p, "=") {
			continue // NAME=VALUE sets a variable
		}
		names = append(names, p)
	}
	file, alts := "justfile", []string{"Justfile", ".justfile", "JUSTFILE"}
	if f, ok := c.Flag("-f", "--justfile"); ok && !dynWord(f) {
		file, alts = f, nil
	}
	return []projectRun{{file: file, alts: alts, verb: "runs the recipes of", extract: func(t string) runnerText { return justRecipes(t, names) }}}
}

// justRecipe is one recipe of a justfile: its dependencies and body.
type justRecipe struct {
	deps []string
	body []string
}

// justRecipes returns the bodies of the named recipes (all the
// positional words that name one) and of their dependencies.
func justRecipes(text string, names []string) runnerText {
	recipes := map[string]*justRecipe{}
	aliases := map[string]string{}
	first := ""
	var cur *justRecipe
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" {
			continue
		}
		if line[0] == ' ' || line[0] == '\t' {
			if cur != nil && len(cur.body) < 512 {
				cur.body = append(cur.body, strings.TrimSpace(line))
			}
			continue
		}
		cur = nil
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "#") || strings.HasPrefix(t, "[") {
			continue
		}
		if a, ok := strings.CutPrefix(t, "alias "); ok {
			if n, target, ok := strings.Cut(a, ":="); ok {
				aliases[strings.TrimSpace(n)] = strings.TrimSpace(target)
			}
			continue
		}
		head, deps, ok := strings.Cut(t, ":")
		if !ok || strings.HasPrefix(deps, "=") || strings.HasPrefix(t, "set ") || strings.HasPrefix(t, "export ") || strings.HasPrefix(t, "import ") || strings.HasPrefix(t, "mod ") {
			continue // an assignment, a setting
		}
		f := strings.Fields(strings.TrimLeft(head, "@"))
		if len(f) == 0 || !isRecipeName(f[0]) || len(recipes) >= 1024 {
			continue
		}
		cur = &justRecipe{}
		for _, d := range strings.Fields(strings.NewReplacer("(", " ", ")", " ", "&&", " ").Replace(deps)) {
			if isRecipeName(d) {
				cur.deps = append(cur.deps, d)
			}
		}
		recipes[f[0]] = cur
		if first == "" {
			first = f[0]
		}
	}
	if len(names) == 0 && first != "" {
		names = []string{first}
	}
	var rt runnerText
	seen := map[string]bool{}
	var visit func(n string, depth int)
	visit = func(n string, depth int) {
		if a, ok := aliases[n]; ok {
			n = a
		}
		r := recipes[n]
		if r == nil || seen[n] || depth > maxTaskDepth {
			return
		}
		seen[n] = true
		for _, d := range r.deps {
			visit(d, depth+1)
		}
		body := justBody(r.body)
		if len(r.body) > 0 && strings.HasPrefix(r.body[0], "#!") {
			if lang := shebangLang(strings.Join(r.body, "\n")); lang != "shell" {
				rt.code = append(rt.code, runnerCode{lang: lang, text: strings.Join(r.body[1:], "\n")})
				return
			}
		}
		if body != "" {
			rt.shell = append(rt.shell, body)
		}
	}
	for _, n := range names {
		visit(n, 0)
	}
	return rt
}

// isRecipeName reports a word that may name a recipe or a task.
func isRecipeName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isWordByte(s[i]) && s[i] != '-' {
			return false
		}
	}
	return true
}

// justBody is a recipe's lines as a shell script: @ and - prefixes
// dropped, {{expr}} known only when just runs.
func justBody(lines []string) string {
	var out []string
	for _, l := range lines {
		if strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "#!") {
			continue
		}
		l = strings.TrimLeft(l, "@-")
		out = append(out, templateVars(l, "{{", "}}", "JUST_"))
	}
	return strings.Join(out, "\n")
}

// templateVars turns open…close references into shell variables
// (prefix + the reference as a name): known only when the tool runs.
func templateVars(s, open, close, prefix string) string {
	for n := 0; n < 64; n++ {
		i := strings.Index(s, open)
		if i < 0 {
			break
		}
		j := strings.Index(s[i+len(open):], close)
		if j < 0 {
			break
		}
		name := strings.Map(func(r rune) rune {
			if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
				return r
			}
			return '_'
		}, strings.TrimSpace(s[i+len(open):i+len(open)+j]))
		s = s[:i] + "${" + prefix + name + "}" + s[i+len(open)+j+len(close):]
	}
	return s
}

// taskRuns: task [name…] runs the cmds of Taskfile.yml's tasks (the
// default task when none is named), their deps and the tasks they call.
func taskRuns(w *walker, c *Cmd) []projectRun {
	if c.Has("--list", "-l", "--list-all", "-a", "--dry", "-n", "--summary", "--help", "-h", "--version", "--init", "-i", "--status") {
		return nil
	}
	var names []string
	for _, p := range c.Positional() {
		if p == "--" {
			break
		}
		if !dynWord(p) && !strings.Contains(p, "=") {
			names = append(names, p)
		}
	}
	if len(names) == 0 {
		names = []string{"default"}
	}
	dir := "."
	if d, ok := c.Flag("-d", "--dir"); ok && !dynWord(d) {
		dir = d
	}
	file := path.Join(dir, "Taskfile.yml")
	alts := []string{path.Join(dir, "taskfile.yml"), path.Join(dir, "Taskfile.yaml"), path.Join(dir, "taskfile.yaml")}
	if f, ok := c.Flag("-t", "--taskfile"); ok && !dynWord(f) {
		file, alts = f, nil
	}
	return []projectRun{{file: file, alts: alts, verb: "runs the tasks of", extract: func(t string) runnerText { return taskCmds(t, names) }}}
}

// yamlLine is one meaningful line of a YAML block: its indentation and
// text.
type yamlLine struct {
	indent int
	text   string
}

// yamlLines returns a text's lines without blank lines and comments.
func yamlLines(text string) []yamlLine {
	var out []yamlLine
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimRight(l, "\r")
		t := strings.TrimLeft(l, " \t")
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		out = append(out, yamlLine{len(l) - len(t), strings.TrimRight(t, " \t")})
		if len(out) >= 1<<14 {
			break
		}
	}
	return out
}

// taskCmds returns the commands of the named tasks of a Taskfile: cmds
// (a string, cmd: or a block scalar), the commands of preconditions
// (sh:) and status, the deps and the task: calls followed.
func taskCmds(text string, names []string) runnerText {
	lines := yamlLines(text)
	tasks := map[string][]yamlLine{}
	for i := 0; i < len(lines); i++ {
		if lines[i].indent != 0 || lines[i].text != "tasks:" {
			continue
		}
		ind := -1
		for j := i + 1; j < len(lines) && lines[j].indent > 0; j++ {
			if ind < 0 {
				ind = lines[j].indent
			}
			if lines[j].indent != ind {
				continue
			}
			k, v, ok := strings.Cut(lines[j].text, ":")
			if !ok {
				continue
			}
			k = strings.Trim(k, `"'`)
			var body []yamlLine
			if v = strings.TrimSpace(v); v != "" {
				// task: cmd (a task of one command) or [cmd, …].
				body = append(body, yamlLine{ind + 2, "cmds: " + v})
			}
			for n := j + 1; n < len(lines) && lines[n].indent > ind; n++ {
				body = append(body, lines[n])
			}
			tasks[k] = body
		}
	}
	var rt runnerText
	seen := map[string]bool{}
	var visit func(n string, depth int)
	visit = func(n string, depth int) {
		body, ok := tasks[n]
		if !ok || seen[n] || depth > maxTaskDepth {
			return
		}
		seen[n] = true
		calls, cmds := taskBody(body)
		for _, d := range calls {
			visit(d, depth+1)
		}
		for _, s := range cmds {
			rt.shell = append(rt.shell, templateVars(s, "{{", "}}", "TASK_"))
		}
	}
	for _, n := range names {
		visit(n, 0)
	}
	return rt
}

// taskBody reads a task's block: the tasks it calls (deps, task:) and the
// commands it runs.
func taskBody(body []yamlLine) (calls, cmds []string) {
	if len(body) == 0 {
		return nil, nil
	}
	base := body[0].indent
	key := ""
	for i := 0; i < len(body); i++ {
		l := body[i]
		t := l.text
		if l.indent == base && !strings.HasPrefix(t, "- ") {
			k, v, _ := strings.Cut(t, ":")
			key = strings.TrimSpace(k)
			v = strings.TrimSpace(v)
			switch {
			case key != "cmds" && key != "deps" && key != "preconditions" && key != "status":
			case v == "|" || v == ">" || v == "|-" || v == ">-":
				cmds = append(cmds, yamlBlock(body, &i, l.indent))
			case strings.HasPrefix(v, "["):
				for _, e := range flowItems(v) {
					if key == "deps" {
						calls = append(calls, e)
					} else {
						cmds = append(cmds, e)
					}
				}
			case v != "":
				cmds = append(cmds, yamlScalar(v))
			}
			continue
		}
		if key != "cmds" && key != "deps" && key != "preconditions" && key != "status" {
			continue
		}
		item, isItem := strings.CutPrefix(t, "- ")
		if !isItem {
			item = t // a later key of a mapping item
		}
		item = strings.TrimSpace(item)
		k, v, mapped := strings.Cut(item, ":")
		switch {
		case mapped && (k == "cmd" || k == "sh"):
			v = strings.TrimSpace(v)
			if v == "|" || v == ">" || v == "|-" || v == ">-" {
				cmds = append(cmds, yamlBlock(body, &i, l.indent))
			} else {
				cmds = append(cmds, yamlScalar(v))
			}
		case mapped && k == "task":
			calls = append(calls, yamlScalar(strings.TrimSpace(v)))
		case key == "deps" && isItem && !mapped:
			calls = append(calls, yamlScalar(item))
		case isItem && (item == "|" || item == ">" || item == "|-" || item == ">-"):
			cmds = append(cmds, yamlBlock(body, &i, l.indent))
		case isItem && (!mapped || strings.Contains(k, " ") || strings.HasPrefix(v, "/") || strings.HasPrefix(item, `"`) || strings.HasPrefix(item, "'")):
			if key == "status" || key == "cmds" || key == "preconditions" {
				cmds = append(cmds, yamlScalar(item))
			}
		}
	}
	return calls, cmds
}

// yamlBlock reads the block scalar after body[*i] (lines deeper than
// indent) and moves *i to its last line.
func yamlBlock(body []yamlLine, i *int, indent int) string {
	var out []string
	for *i+1 < len(body) && body[*i+1].indent > indent {
		*i++
		out = append(out, body[*i].text)
	}
	return strings.Join(out, "\n")
}

// flowItems returns the items of a YAML flow sequence [a, "b c"].
func flowItems(v string) []string {
	v = strings.TrimSpace(v)
	v = strings.TrimPrefix(v, "[")
	if end := strings.LastIndexByte(v, ']'); end >= 0 {
		v = v[:end]
	}
	var out []string
	var q byte
	start := 0
	for i := 0; i <= len(v); i++ {
		if i < len(v) {
			ch := v[i]
			switch {
			case q != 0:
				if ch == q {
					q = 0
				}
				continue
			case ch == '"' || ch == '\'':
				q = ch
				continue
			case ch != ',':
				continue
			}
		}
		if s := yamlScalar(strings.TrimSpace(v[start:i])); s != "" {
			out = append(out, s)
		}
		start = i + 1
	}
	return out
}

// rakeRuns: rake loads the Rakefile (Ruby) and runs the named tasks; the
// file's code and its sh calls are judged.
func rakeRuns(w *walker, c *Cmd) []projectRun {
	if c.Has("-T", "--tasks", "-D", "--describe", "-W", "--where", "-P", "--prereqs", "-n", "--dry-run", "--help", "-h", "--version", "-V") {
		return nil
	}
	file, alts := "Rakefile", []string{"rakefile", "Rakefile.rb", "rakefile.rb"}
	if f, ok := c.Flag("-f", "--rakefile"); ok && !dynWord(f) {
		file, alts = f, nil
	}
	return []projectRun{{file: file, alts: alts, verb: "runs the tasks of", extract: rakeCode}}
}

// rakeCode is a Rakefile as Ruby code, and the command lines its sh (and
// ruby) calls give as string literals.
func rakeCode(text string) runnerText {
	rt := runnerText{code: []runnerCode{{lang: "ruby", text: text}}}
	for _, m := range rakeSh.get().FindAllStringSubmatch(text, maxChanRuns) {
		s := m[2]
		if m[1] == `"` {
			s = templateVars(s, "#{", "}", "RAKE_")
		}
		rt.shell = append(rt.shell, s)
	}
	return rt
}

var rakeSh = lazyRegexp(`\bsh\s*\(?\s*(["'])((?:\\.|[^\\])*?)["']`)

// tsRunnerRuns: tsx, ts-node and their kind run a TypeScript (or
// JavaScript) file.
func tsRunnerRuns(w *walker, c *Cmd) []projectRun {
	if c.Has("-e", "--eval", "-p", "--print", "--help", "-h", "--version", "-v") {
		return nil
	}
	pos := c.Positional()
	if len(pos) > 0 && pos[0] == "watch" {
		pos = pos[1:]
	}
	if len(pos) == 0 || dynWord(pos[0]) {
		return nil
	}
	return []projectRun{{file: pos[0], verb: "runs", lang: "node"}}
}
