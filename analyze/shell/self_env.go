package shell

import "strings"

// actionguard's own variables in the environment of programs started
// later. ACTIONGUARD_CONFIG, _DB, _STATE_DIR and _STORE move the policy
// and the record; ACTIONGUARD_SERVER_URL, _TOKEN and _AUDIT_KEY name the
// server the hook asks and the key of the record; a name actionguard does
// not read yet may be read by the next version. Every ACTIONGUARD_ name
// is the control plane's: a command that sets one for the next login or
// the next process the desktop starts is blocked, in each system's
// spelling (setx, launchctl setenv, systemctl --user set-environment,
// dbus-update-activation-environment, reg add HKCU\Environment,
// Set-ItemProperty HKCU:\Environment, [Environment]::SetEnvironmentVariable).
// Files read at login (~/.bashrc, ~/.pam_environment, environment.d) are
// judged by what is written into them (autorunContent).

// The agents' own configuration directories and the base directories
// they and actionguard read (CLAUDE_CONFIG_DIR, CODEX_HOME, XDG_CONFIG_HOME,
// XDG_STATE_HOME, APPDATA, …; see agentConfigVars) are stored the same
// way for the next session: the agent started next would read settings
// without actionguard's hooks, and its hook another policy and state. A
// value that moves nothing (XDG_CONFIG_HOME=$HOME/.config) is not judged
// here.

// reGuardVarPersist is .NET's call that stores a variable for the user or
// the machine, with its name and, when written, its value.
var reGuardVarPersist = lazyRegexp(`(?i)SetEnvironmentVariable\s*\(\s*['"]?([A-Z_][A-Z0-9_]*)['"]?\s*(?:,\s*['"]?([^'",)]*))?`)

// selfEnvSet blocks c when it gives one of actionguard's variables, or a
// variable that moves an agent's settings, a value that programs started
// later inherit (see the top of the file).
func (r *report) selfEnvSet(c *Cmd) bool {
	if !mayNameGuardVar(c.Text) {
		return false
	}
	home := ""
	if c.env != nil {
		home = c.env.home
	}
	name := guardVarPersisted(c, home)
	if name == "" {
		for _, m := range reGuardVarPersist.FindAllStringSubmatch(c.Text, -1) {
			if guardVarName(m[1]) && guardVarMoves(m[1], m[2], home) {
				name = strings.ToUpper(m[1])
				break
			}
		}
	}
	if name == "" {
		return false
	}
	r.mutates()
	r.add(c.find(ruleSelfDisable, "Sets "+name+" for the programs started later: "+persistedWhy(name), name))
	return true
}

// persistedWhy says what a variable stored for later programs does.
func persistedWhy(name string) string {
	if strings.HasPrefix(name, "ACTIONGUARD_") {
		return "the agent and actionguard's hook started next would inherit it and could read another policy, database, server or key."
	}
	return "the agent started next would read its settings, and actionguard its policy and state, from another place, without actionguard's hooks."
}

// mayNameGuardVar reports text that may name a variable of guardVarName.
func mayNameGuardVar(text string) bool { return guardVarHints.containsAny(text) }

// guardVarHints are the words, without case, one of which every name of
// guardVarName holds. HOME stands for every *_HOME name too.
var guardVarHints = newUpperSet("ACTIONGUARD_", "CONFIG_DIR", "HOME", "APPDATA", "USERPROFILE", "SETTINGS_PATH", "DEFAULTS_PATH")

// guardVarPersisted is the variable of guardVarName that c stores, with a
// value that moves the guard, in the environment of later processes, or
// "".
func guardVarPersisted(c *Cmd, home string) string {
	var words []string
	pairs := false // NAME=value words (else NAME value)
	switch c.Name {
	case "setx":
		words = c.Args
	case "dbus-update-activation-environment":
		words, pairs = c.Args, true
	case "launchctl":
		if len(c.Args) > 1 && c.Args[0] == "setenv" {
			words = c.Args[1:]
		}
	case "systemctl":
		for i, a := range c.Args {
			if a == "set-environment" || a == "import-environment" {
				words, pairs = c.Args[i+1:], true
				break
			}
		}
	case "reg", "reg.exe", "set-itemproperty", "sp", "new-itemproperty", "set-item", "new-item":
		if strings.Contains(strings.ToLower(c.Text), "environment") {
			return regGuardVar(c, home)
		}
	}
	for i, w := range words {
		w = strings.Trim(w, `"'`)
		k, v, eq := strings.Cut(w, "=")
		if !eq && !pairs && i+1 < len(words) {
			v = strings.Trim(words[i+1], `"'`)
		}
		if !eq && pairs && !strings.HasPrefix(strings.ToUpper(k), "ACTIONGUARD_") {
			continue // import-environment NAME: the value it has now
		}
		if guardVarName(k) && guardVarMoves(k, v, home) {
			return strings.ToUpper(k)
		}
	}
	return ""
}

// regGuardVar reads reg add … /v NAME /d VALUE and Set-ItemProperty …
// -Name NAME -Value VALUE.
func regGuardVar(c *Cmd, home string) string {
	name, value := "", ""
	for i := 0; i+1 < len(c.Args); i++ {
		switch strings.ToLower(c.Args[i]) {
		case "/v", "-name":
			name = strings.Trim(c.Args[i+1], `"'`)
		case "/d", "-value":
			value = strings.Trim(c.Args[i+1], `"'`)
		}
	}
	if name == "" {
		// A name given without its option: any word that is one.
		for _, a := range c.Args {
			if a = strings.Trim(a, `"'`); strings.HasPrefix(strings.ToUpper(a), "ACTIONGUARD_") {
				return strings.ToUpper(a)
			}
		}
	}
	if guardVarName(name) && guardVarMoves(name, value, home) {
		return strings.ToUpper(name)
	}
	return ""
}
