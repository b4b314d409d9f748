package shell

import (
	"encoding/json"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// What a file that runs later will run. A start-up file, direnv's .envrc
// or an editor's task is judged by its content when the command line
// shows it: the commands in it are judged as if run now, and the write
// itself is judged by them. Harmless content (an alias of a program to
// itself with options, an exported setting) is reported, not stopped; a
// command that runs a script no one has seen, a variable that makes
// shells or programs load code, or content whose own verdict is
// dangerous asks for approval at least.

// autorunVerdict is what the content of an autorun file makes of the
// write: reported only, as before, or at least approved.
type autorunVerdict int

const (
	autorunUnknown  autorunVerdict = iota // content not understood: the write's own verdict
	autorunHarmless                       // content runs nothing of note: a notice
	autorunDanger                         // content runs code out of sight: approval at least
)

// codeLoadVars make a shell or a program load code when they are set.
var codeLoadVars = map[string]bool{
	"PATH": true, "LD_PRELOAD": true, "LD_LIBRARY_PATH": true, "LD_AUDIT": true, "DYLD_INSERT_LIBRARIES": true, "DYLD_LIBRARY_PATH": true,
	"BASH_ENV": true, "ENV": true, "PROMPT_COMMAND": true, "NODE_OPTIONS": true, "PYTHONSTARTUP": true, "PYTHONPATH": true, "PYTHONHOME": true,
	"PERL5OPT": true, "PERL5LIB": true, "RUBYOPT": true, "RUBYLIB": true, "JAVA_TOOL_OPTIONS": true, "_JAVA_OPTIONS": true, "GIT_SSH": true,
	"GIT_SSH_COMMAND": true, "GIT_ASKPASS": true, "SSH_ASKPASS": true, "SUDO_ASKPASS": true, "GIT_EXEC_PATH": true, "GIT_CONFIG_GLOBAL": true,
	"EDITOR": true, "VISUAL": true, "PAGER": true, "GIT_PAGER": true, "MANPAGER": true, "LESSOPEN": true, "ZDOTDIR": true, "RUSTC_WRAPPER": true,
	"PS0": true, "PS1": true, "PS2": true, "PS4": true, "HISTFILE": true, "TMPDIR": false,
}

// reGuardVarSet is a line that gives one of actionguard's own variables
// a value: export ACTIONGUARD_DB=…, setenv ACTIONGUARD_CONFIG …,
// ACTIONGUARD_STATE_DIR=… (environment.d), ACTIONGUARD_CONFIG DEFAULT=…
// (.pam_environment).
var reGuardVarSet = lazyRegexp(`(?m)(?:^|[\s;&|(])(?:(?:export|declare\s+-x|typeset\s+-x)\s+)?(ACTIONGUARD_[A-Za-z0-9_]+)\s*=|(?:^|[\s;&|(])(?:setenv|set\s+-gx|set\s+-x|set\s+-Ux)\s+(ACTIONGUARD_[A-Za-z0-9_]+)\s|(?m:^)\s*(ACTIONGUARD_[A-Za-z0-9_]+)\s+(?:DEFAULT|OVERRIDE)=`)

// reAgentVarSet is a line that gives a variable of agentConfigVars a
// value, in the same spellings as reGuardVarSet: name, then value.
var reAgentVarSet = lazyRegexp(`(?m)(?:^|[\s;&|(])(?:(?:export|declare\s+-x|typeset\s+-x)\s+)?([A-Z][A-Z_]*(?:_HOME|_DIR|_PATH|APPDATA|USERPROFILE))\s*=\s*("[^"]*"|'[^']*'|[^\s;&|]*)|(?:^|[\s;&|(])(?:setenv|set\s+-gx|set\s+-x|set\s+-Ux)\s+([A-Z][A-Z_]*(?:_HOME|_DIR|_PATH|APPDATA|USERPROFILE))\s+("[^"]*"|'[^']*'|[^\s;&|]*)|(?m:^)\s*([A-Z][A-Z_]*(?:_HOME|_DIR|_PATH|APPDATA|USERPROFILE))\s+(?:DEFAULT|OVERRIDE)=("[^"]*"|\S*)`)

// agentVarIn is the first variable of agentConfigVars that text gives a
// value that moves an agent's settings, or "".
func agentVarIn(text, home string) string {
	for _, m := range reAgentVarSet.FindAllStringSubmatch(text, -1) {
		for i := 1; i+1 < len(m); i += 2 {
			if m[i] != "" && guardVarName(m[i]) && guardVarMoves(m[i], strings.ReplaceAll(m[i+1], "@{HOME}", "$HOME"), home) {
				return m[i]
			}
		}
	}
	return ""
}

// inertCommands set the shell up without running anything of note.
var inertCommands = map[string]bool{
	"export": true, "alias": true, "set": true, "setopt": true, "unsetopt": true, "shopt": true, "bind": true, "complete": true, "umask": true,
	"echo": true, "printf": true, "true": true, ":": true, "declare": true, "typeset": true, "readonly": true, "local": true, "unalias": true,
	"dotenv": true, "dotenv_if_exists": true, "source_up": true, "watch_file": true, "layout": true, "use": true, "strict_env": true,
	"fish_add_path": false, "ulimit": true, "stty": true, "tabs": true, "cd": true,
}

// judgeShellAutorun judges the content of a shell file that runs later.
func (w *walker) judgeShellAutorun(text string, c *Cmd, why string) autorunVerdict {
	before := len(w.r.res.Findings)
	w.r.script(text, c, why)
	v := shellContentVerdict(text)
	if v == autorunDanger || w.unseenScript(text) != "" {
		return autorunDanger
	}
	for _, f := range w.r.res.Findings[before:] {
		if f.Points >= svcConfirm {
			return autorunDanger
		}
		v = autorunUnknown
	}
	return v
}

// shellContentVerdict reads each simple command of text: harmless when
// every one is inert, dangerous when one sets a variable that loads code
// or aliases a program to another.
func shellContentVerdict(text string) autorunVerdict {
	f, err := syntax.NewParser().Parse(strings.NewReader(text), "")
	if err != nil {
		return autorunUnknown
	}
	v := autorunHarmless
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.FuncDecl:
			if v == autorunHarmless {
				v = autorunUnknown
			}
		case *syntax.Assign:
			if n.Name != nil && codeLoadVars[n.Name.Value] {
				v = autorunDanger
			}
		case *syntax.CallExpr:
			if len(n.Args) == 0 {
				return true
			}
			name := n.Args[0].Lit()
			switch {
			case name == "export" || name == "declare" || name == "typeset" || name == "readonly" || name == "setenv" || name == "set" && len(n.Args) > 2:
				for _, a := range n.Args[1:] {
					k, _, _ := strings.Cut(wordText(a), "=")
					if codeLoadVars[strings.TrimSpace(k)] {
						v = autorunDanger
					}
				}
			case name == "alias":
				for _, a := range n.Args[1:] {
					k, body, ok := strings.Cut(wordText(a), "=")
					if !ok {
						continue
					}
					first, _, _ := strings.Cut(strings.TrimSpace(body), " ")
					if shadowsProgram(k) && first != k && first != "command" && first != `\`+k {
						v = autorunDanger // alias sudo='…': the next sudo runs something else
					}
					if strings.ContainsAny(body, "$`;|&<>") && v == autorunHarmless {
						v = autorunUnknown
					}
				}
			case name == "PATH_add" || name == "path_add" || name == "fish_add_path" || name == "source" || name == "." || name == "eval" || name == "exec" || name == "trap":
				v = autorunDanger
			case !inertCommands[name]:
				if v == autorunHarmless {
					v = autorunUnknown
				}
			}
		}
		return true
	})
	return v
}

// wordText is a word as the shell would read it when it is made of
// literal and quoted parts; "" when it is not.
func wordText(w *syntax.Word) string {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if l, ok := q.(*syntax.Lit); ok {
					b.WriteString(l.Value)
				} else {
					b.WriteString("$")
				}
			}
		default:
			b.WriteString("$")
		}
	}
	return b.String()
}

// scriptRunners run the file they are given.
var scriptRunners = map[string]bool{
	"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "fish": true, "source": true, ".": true, "python": true, "python3": true,
	"node": true, "perl": true, "ruby": true, "php": true, "pwsh": true, "osascript": true, "busybox": true,
}

// unseenScript returns a script text runs whose content this analysis
// has not seen (sh /tmp/x, /tmp/x, source ~/x), or "".
func (w *walker) unseenScript(text string) string {
	files := w.r.fl().files
	for i, line := range strings.Split(text, "\n") {
		if i > 256 {
			break
		}
		for _, part := range strings.FieldsFunc(line, func(r rune) bool { return r == ';' || r == '&' || r == '|' }) {
			fs := strings.Fields(part)
			for len(fs) > 0 && (strings.Contains(fs[0], "=") && !strings.HasPrefix(fs[0], "=") || fs[0] == "exec" || fs[0] == "nohup" || fs[0] == "env" || fs[0] == "sudo") {
				fs = fs[1:]
			}
			if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
				continue
			}
			file := ""
			switch name := strings.Trim(fs[0], `"'`); {
			case scriptRunners[path.Base(name)]:
				for _, a := range fs[1:] {
					a = strings.Trim(a, `"'`)
					if a == "-c" || a == "-e" || a == "-m" {
						break // code given on the line: judged as such
					}
					if !strings.HasPrefix(a, "-") {
						file = a
						break
					}
				}
			case strings.Contains(name, "/") && !knownSystemProgram(name):
				file = name
			}
			if file == "" {
				continue
			}
			if abs, ok := w.r.env.resolve(file); ok {
				if fc, had := files[abs]; had && (fc.kind == streamLiteral || fc.kind == streamDecoded) {
					continue // its content is known and judged where it runs
				}
			}
			return file
		}
	}
	return ""
}

// knownSystemProgram reports a program of the system's own directories
// (/usr/bin/git), not a script someone put somewhere.
func knownSystemProgram(p string) bool {
	for _, d := range []string{"/bin/", "/usr/bin/", "/sbin/", "/usr/sbin/", "/usr/local/bin/", "/opt/homebrew/bin/"} {
		if strings.HasPrefix(p, d) && !strings.Contains(p[len(d):], "/") {
			return !scriptRunners[path.Base(p)]
		}
	}
	return false
}

// editorAutorun judges an editor's tasks.json or settings.json by what
// it makes the editor run: a task that runs when the folder opens, a
// terminal variable or a setting that names a program.
func (w *walker) editorAutorun(base, text string, c *Cmd) autorunVerdict {
	var doc map[string]any
	if err := json.Unmarshal([]byte(text), &doc); err != nil {
		return autorunUnknown // JSON with comments, or not JSON: as before
	}
	switch base {
	case "tasks.json":
		tasks, _ := doc["tasks"].([]any)
		v := autorunHarmless
		for _, t := range tasks {
			task, _ := t.(map[string]any)
			ro, _ := task["runOptions"].(map[string]any)
			if on, _ := ro["runOn"].(string); on != "folderOpen" {
				continue // runs when a person picks it
			}
			cmd, _ := task["command"].(string)
			for _, a := range asList(task["args"]) {
				cmd += " " + a
			}
			if strings.TrimSpace(cmd) == "" {
				return autorunDanger
			}
			switch w.judgeShellAutorun(cmd, c, "the editor runs on folder open") {
			case autorunDanger:
				v = autorunDanger
			case autorunUnknown:
				if v == autorunHarmless {
					v = autorunUnknown
				}
			}
		}
		return v
	case "settings.json":
		for k, val := range doc {
			lk := strings.ToLower(k)
			switch {
			case strings.HasPrefix(lk, "terminal.integrated.env."):
				m, _ := val.(map[string]any)
				for name := range m {
					if codeLoadVars[name] {
						return autorunDanger
					}
				}
			case strings.HasPrefix(lk, "terminal.integrated.profiles.") || strings.HasPrefix(lk, "terminal.integrated.shell") ||
				strings.HasPrefix(lk, "terminal.integrated.automationprofile") || strings.HasSuffix(lk, "path") || strings.HasSuffix(lk, "executable") ||
				strings.HasSuffix(lk, "command") || strings.HasSuffix(lk, "runtime") || strings.HasSuffix(lk, "alternatetools") || strings.Contains(lk, "serverpath") ||
				strings.HasSuffix(lk, "interpreter") || strings.HasSuffix(lk, "wrapper") || lk == "security.workspace.trust.enabled":
				return autorunDanger
			}
		}
		return autorunHarmless
	}
	return autorunUnknown
}

// asList is a JSON array of strings (other values skipped).
func asList(v any) []string {
	l, _ := v.([]any)
	var out []string
	for _, e := range l {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// autorunContent judges the content written to an autorun file and
// returns the write's finding as that content makes it.
func (w *walker) autorunContent(abs, name string, j writeJudgement, ev string, idx int) (points int, note string) {
	fc, ok := w.r.fl().files[abs]
	if !ok || fc.kind != streamLiteral && fc.kind != streamDecoded || strings.TrimSpace(fc.text) == "" {
		return 0, ""
	}
	c := &Cmd{Name: path.Base(name), Path: name, Text: ev, Depth: w.depth, env: w.r.env, index: idx}
	if m := reGuardVarSet.FindStringSubmatch(fc.text); m != nil {
		if m[1] == "" {
			m[1] = m[2] + m[3]
		}
		// export ACTIONGUARD_CONFIG=/tmp/p.yaml in ~/.bashrc: the agent
		// started next inherits it, and so does the hook it runs, which
		// would read another policy, database or server.
		w.r.mutates()
		w.r.add(c.find(ruleSelfDisable, "Sets "+m[1]+" in "+name+", which the agent and actionguard's hook started next inherit: the hook would read another policy, database or server.", m[1]))
		return svcLose, ""
	}
	if v := agentVarIn(fc.text, w.r.env.home); v != "" {
		// export CLAUDE_CONFIG_DIR=/tmp/e in ~/.bashrc: the agent started
		// next reads settings without actionguard's hooks.
		w.r.mutates()
		w.r.add(c.find(ruleSelfDisable, "Sets "+v+" in "+name+": "+persistedWhy(v), v))
		return svcLose, ""
	}
	if j.rule == ruleWriteStartup {
		if why := w.startupDefeats(fc.text, name, c); why != "" {
			// PATH to the agent's directory, BASH_ENV, an agent started
			// without its hooks: the next session runs unguarded.
			w.r.mutates()
			w.r.add(c.find(ruleSelfDisable, why, ""))
			return svcLose, ""
		}
	}
	base := strings.ToLower(path.Base(abs))
	var v autorunVerdict
	switch {
	case j.rule == ruleWriteStartup || base == ".envrc" || base == ".env.rc" || base == ".envrc.local":
		v = w.judgeShellAutorun(fc.text, c, name+" runs later")
	case j.rule == ruleWriteProjectAutorun && (base == "tasks.json" || base == "settings.json"):
		v = w.editorAutorun(base, fc.text, c)
	case j.rule == ruleWriteAutorun && systemdUnitName(base) && strings.HasSuffix(path.Dir(strings.ToLower(abs)), "/systemd/user"):
		// A unit written here with content the line shows: what its
		// Exec lines run is judged (and again when systemctl starts it).
		if w.judgeShellAutorun(unitCommands(fc.text), c, name+" runs later") == autorunDanger {
			return svcLose, " What it runs is code out of sight."
		}
		return svcSmall, " What it runs is judged by its commands."
	case j.rule == ruleWriteAutorun && (strings.HasSuffix(base, ".plist") || strings.HasSuffix(base, ".desktop")):
		// A launchd job or an autostart entry: what it runs is judged
		// (launched.go); the write keeps its own weight.
		if w.judgeShellAutorun(launchedText(base, fc.text), c, name+" runs later") == autorunDanger {
			return svcLose, " What it runs is code out of sight."
		}
		return 0, ""
	default:
		return 0, ""
	}
	switch v {
	case autorunHarmless:
		return svcSmall, " What it holds runs nothing of note by itself."
	case autorunDanger:
		if j.rule.Points < svcLose {
			return svcLose, " What it adds runs code out of sight."
		}
	}
	return 0, ""
}

// teeAutorun judges what tee writes into a file that runs later; tee's
// own rule has judged the write by the file's name already, so content
// that runs code out of sight is reported on its own.
func (w *walker) teeAutorun(c *Cmd, name, abs string) {
	if dotenvFile(name) {
		if fc, ok := w.r.fl().files[abs]; ok && (fc.kind == streamLiteral || fc.kind == streamDecoded) && w.dotenvWrite(name, fc.text, c.Text, c.index) {
			return
		}
	}
	j, ok := judgeWrite(c.env, name, writeAppend)
	if !ok || j.rule != ruleWriteProjectAutorun && j.rule != ruleWriteStartup && j.rule != ruleWriteAutorun {
		return
	}
	if pts, _ := w.autorunContent(abs, name, j, c.Text, c.index); pts >= svcLose && j.rule == ruleWriteProjectAutorun {
		w.r.add(c.find(ruleWriteAutorun, "Writes "+name+": what it holds runs code out of sight the next time a tool runs it.", name))
	}
}

// unitCommands returns the command lines a systemd unit runs (its Exec…=
// settings, without the prefixes that change how: + - @ ! :), one a line.
func unitCommands(unit string) string {
	var b strings.Builder
	for _, line := range strings.Split(unit, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
		if !ok || !strings.HasPrefix(k, "Exec") {
			continue
		}
		b.WriteString(strings.TrimLeft(strings.TrimSpace(v), "+-@!:"))
		b.WriteByte('\n')
	}
	return b.String()
}
