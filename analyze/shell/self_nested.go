package shell

import (
	"encoding/json"
	"path"
	"slices"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// A coding agent started by the agent actionguard guards. With its
// normal settings the nested agent reads the same hook settings and is
// guarded by the same hooks: it runs. Started with its hooks turned off
// (claude --settings '{"disableAllHooks":true}', --setting-sources
// without the user's settings, --bare), its configuration directory moved
// (CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_CLI_HOME, copilot --config-dir,
// another HOME or XDG_CONFIG_HOME), or one of actionguard's own variables
// set for it (its hook would read another policy, database or mode), the
// nested agent is the guard removed: blocked. A variable counts whether
// it is given on the command itself or set earlier in the line (export
// CLAUDE_CONFIG_DIR=/tmp/e; claude -p …).

var ruleSelfNested = &rule.Rule{
	ID: "shell.self.nested-agent", Category: rule.SecurityBypass, Points: 120,
	Summary:     "Starts a coding agent without actionguard's hooks (hooks turned off, its settings moved, or actionguard's variables changed): whatever it does is not checked.",
	Alternative: selfAlternative,
	Match: []string{`claude --settings '{"disableAllHooks":true}' -p "fix it"`, "CLAUDE_CONFIG_DIR=/tmp/empty claude -p x", "CODEX_HOME=/tmp/c codex exec run",
		"export CLAUDE_CONFIG_DIR=/tmp/e; claude -p x", "HOME=/tmp/h gemini --yolo -p x", "copilot --config-dir /tmp/c -p x",
		"ACTIONGUARD_MODE=learning claude -p x", "claude --setting-sources project -p x"},
	NoMatch: []string{"claude -p 'fix the tests'", "claude --dangerously-skip-permissions -p x", "codex exec 'run the tests'", "gemini --yolo -p x",
		`claude --settings '{"model":"opus"}' -p x`, "CLAUDE_CONFIG_DIR=~/.claude claude -p x", "cursor-agent -p x --force", "claude --setting-sources user,project -p x"},
}

// agentConfigVars move where an agent reads its settings (its hooks
// among them) or where actionguard reads its policy and state, with the
// value that moves nothing, under the home directory ("~"), or "" when
// every value moves it.
var agentConfigVars = map[string]string{
	"CLAUDE_CONFIG_DIR": "~/.claude", "CODEX_HOME": "~/.codex", "GEMINI_CLI_HOME": "~", "COPILOT_HOME": "~/.copilot",
	"GEMINI_CLI_SYSTEM_SETTINGS_PATH": "", "GEMINI_CLI_SYSTEM_DEFAULTS_PATH": "",
	"HOME": "~", "USERPROFILE": "~", "XDG_CONFIG_HOME": "~/.config", "XDG_STATE_HOME": "~/.local/state", "XDG_DATA_HOME": "~/.local/share",
	"APPDATA": "~/AppData/Roaming", "LOCALAPPDATA": "~/AppData/Local",
}

// guardVarName reports a variable that moves the guard: one of
// actionguard's own, or one of agentConfigVars.
func guardVarName(name string) bool {
	name = strings.ToUpper(name)
	_, ok := agentConfigVars[name]
	return ok || strings.HasPrefix(name, "ACTIONGUARD_")
}

// guardVarMoves reports whether giving name the value val moves an
// agent's settings or actionguard's own (see agentConfigVars); home is
// the user's home directory ("" unknown). A value known only when the
// command runs moves them.
func guardVarMoves(name, val, home string) bool {
	std, ok := agentConfigVars[strings.ToUpper(name)]
	if !ok {
		return strings.HasPrefix(strings.ToUpper(name), "ACTIONGUARD_")
	}
	if std == "" {
		return true
	}
	v := strings.Trim(strings.TrimSpace(val), `"'`)
	v = strings.ReplaceAll(v, `\`, "/")
	for _, h := range []string{"${HOME}", "$HOME", "%USERPROFILE%", "$env:USERPROFILE", "%HOMEDRIVE%%HOMEPATH%"} {
		if rest, ok := strings.CutPrefix(v, h); ok && (rest == "" || rest[0] == '/') {
			v = "~" + rest
		}
	}
	if home != "" {
		if rest, ok := strings.CutPrefix(v, strings.TrimSuffix(home, "/")); ok && (rest == "" || rest[0] == '/') {
			v = "~" + rest
		}
	}
	v = strings.TrimSuffix(v, "/")
	if v == "" || strings.ContainsAny(v, "$`%\x00") {
		return true
	}
	return !strings.EqualFold(path.Clean(v), std)
}

// lineVars lists the variables in effect for c that the line itself
// sets, on the command (NAME=v c, env NAME=v c) or earlier (export
// NAME=v; c), with keep choosing the names; a value known only at run
// time is given with dyn set.
func (r *report) lineVars(c *Cmd, keep func(string) bool) []lineVar {
	var out []lineVar
	for name, v := range commandEnv(c) {
		if keep(name) {
			out = append(out, lineVar{name, v.value, v.dynamic})
		}
	}
	if st := r.fl().cur; st != nil {
		for name, v := range st.vars {
			if !keep(name) || v.unset || slices.ContainsFunc(out, func(l lineVar) bool { return l.name == name }) {
				continue
			}
			val := ""
			if len(v.vals) > 0 {
				val = v.vals[0]
			}
			out = append(out, lineVar{name, val, v.dyn || v.ref != ""})
		}
	}
	slices.SortFunc(out, func(a, b lineVar) int { return strings.Compare(a.name, b.name) })
	return out
}

// lineVar is one variable the line sets.
type lineVar struct {
	name, value string
	dyn         bool
}

// selfNestedHandler judges a coding agent started by the guarded agent.
func selfNestedHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	why := nestedHooksOff(c, r)
	if why == "" {
		home := ""
		if c.env != nil {
			home = c.env.home
		}
		for _, v := range r.lineVars(c, guardVarName) {
			val := v.value
			if v.dyn {
				val = "$…"
			}
			if guardVarMoves(v.name, val, home) {
				why = "with " + v.name + "=" + truncateText(v.value, 60) + ", its hooks would read another " + movedWhat(v.name)
				break
			}
		}
	}
	if why == "" {
		return
	}
	r.mutates()
	r.add(c.find(ruleSelfNested, "Starts "+c.Name+" "+why+": the agent it starts would run without actionguard's checks.", c.Name))
}

// movedWhat is what a variable of guardVarName moves, in words.
func movedWhat(name string) string {
	if strings.HasPrefix(strings.ToUpper(name), "ACTIONGUARD_") {
		return "policy, database, mode or server (actionguard's own variable)"
	}
	return "settings directory, without actionguard's hooks"
}

// nestedHooksOff says how c's options turn the agent's hooks off, or "".
func nestedHooksOff(c *Cmd, r *report) string {
	switch c.Name {
	case "claude":
		if c.Has("--bare") {
			return "with --bare, which loads no hooks"
		}
		if v, ok := agentOption(c.Args, "--setting-sources"); ok && !slices.Contains(strings.Split(strings.ReplaceAll(v, " ", ""), ","), "user") {
			return "with --setting-sources " + v + ", which leaves out the user's settings and their hooks"
		}
		if v, ok := agentOption(c.Args, "--settings"); ok {
			return claudeSettingsOff(c, r, v)
		}
		if k := claudeConfigKey(c); k != "" {
			return "to change " + k + " in its settings (claude config), where its hooks are turned off or on"
		}
	case "copilot", "cursor-agent", "gemini":
		if v, ok := agentOption(c.Args, "--config-dir"); ok {
			return "with --config-dir " + v + ", settings without actionguard's hooks"
		}
	case "codex":
		for _, v := range agentOptions(c.Args, "-c", "--config") {
			if strings.Contains(strings.ToLower(v), "hook") {
				return "with -c " + v + ", which changes its hooks"
			}
		}
	}
	return ""
}

// claudeSettingsOff judges claude --settings: inline JSON or a file (its
// content when the line wrote it or the file can be read) that sets
// disableAllHooks turns the hooks off; a file whose content cannot be
// seen may.
func claudeSettingsOff(c *Cmd, r *report, v string) string {
	text := v
	if !strings.HasPrefix(strings.TrimSpace(v), "{") {
		abs, ok := c.env.resolve(v)
		var fc fileContent
		if ok {
			fc, ok = r.fl().file(abs)
		}
		if !ok || fc.kind != streamLiteral && fc.kind != streamDecoded || fc.partial {
			return "with --settings " + v + ", a file whose content is not seen here and may turn its hooks off"
		}
		text = fc.text
	}
	var s map[string]any
	if err := json.Unmarshal([]byte(text), &s); err != nil {
		return "with --settings that cannot be read as JSON and may turn its hooks off"
	}
	if off, ok := s["disableAllHooks"].(bool); ok && off || s["disableAllHooks"] != nil && !ok {
		return "with disableAllHooks in --settings"
	}
	return ""
}

// agentOption is the value of the last of an option given as "--name v"
// or "--name=v".
func agentOption(args []string, names ...string) (string, bool) {
	vs := agentOptions(args, names...)
	if len(vs) == 0 {
		return "", false
	}
	return vs[len(vs)-1], true
}

// agentOptions are the values of every use of the options.
func agentOptions(args []string, names ...string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		for _, n := range names {
			switch {
			case a == n && i+1 < len(args):
				out = append(out, args[i+1])
				i++
			case strings.HasPrefix(a, n+"="):
				out = append(out, a[len(n)+1:])
			}
		}
	}
	return out
}

// claudeConfigKey is the key claude config set|add|remove changes when it
// is about the hooks (hooks, disableAllHooks) or the environment they run
// in (env); "" for any other (theme, a model).
func claudeConfigKey(c *Cmd) string {
	pos := c.Positional()
	if len(pos) < 3 || pos[0] != "config" || pos[1] != "set" && pos[1] != "add" && pos[1] != "remove" && pos[1] != "rm" {
		return ""
	}
	k := strings.ToLower(pos[2])
	if strings.Contains(k, "hook") || k == "env" || strings.HasPrefix(k, "env.") {
		return pos[2]
	}
	return ""
}
