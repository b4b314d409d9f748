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

// reGuardVarPersist is .NET's call that stores a variable for the user or
// the machine, with one of actionguard's names.
var reGuardVarPersist = lazyRegexp(`(?i)SetEnvironmentVariable\s*\(\s*['"]?(ACTIONGUARD_[A-Z0-9_]*)`)

// selfEnvSet blocks c when it gives one of actionguard's variables a value
// that programs started later inherit (see the top of the file).
func (r *report) selfEnvSet(c *Cmd) bool {
	if !containsUpper(c.Text, "ACTIONGUARD_") {
		return false
	}
	name := guardVarPersisted(c)
	if name == "" {
		if m := reGuardVarPersist.FindStringSubmatch(c.Text); m != nil {
			name = strings.ToUpper(m[1])
		}
	}
	if name == "" {
		return false
	}
	r.mutates()
	r.add(c.find(ruleSelfDisable, "Sets "+name+" for the programs started later: the agent and actionguard's hook started next would inherit it and could read another policy, database, server or key.", name))
	return true
}

// guardVarPersisted is the ACTIONGUARD_ variable that c stores in the
// environment of later processes, or "".
func guardVarPersisted(c *Cmd) string {
	var words []string
	switch c.Name {
	case "setx", "dbus-update-activation-environment":
		words = c.Args
	case "launchctl":
		if len(c.Args) > 1 && c.Args[0] == "setenv" {
			words = c.Args[1:2]
		}
	case "systemctl":
		for i, a := range c.Args {
			if a == "set-environment" || a == "import-environment" {
				words = c.Args[i+1:]
				break
			}
		}
	case "reg", "reg.exe", "set-itemproperty", "sp", "new-itemproperty", "set-item", "new-item":
		if strings.Contains(strings.ToLower(c.Text), "environment") {
			words = c.Args
		}
	}
	for _, w := range words {
		w = strings.Trim(w, `"'`)
		if k, _, _ := strings.Cut(w, "="); strings.HasPrefix(strings.ToUpper(k), "ACTIONGUARD_") {
			return strings.ToUpper(k)
		}
	}
	return ""
}
