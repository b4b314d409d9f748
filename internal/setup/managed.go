package setup

import (
	"fmt"
)

// Managed settings are the settings an administrator puts where a user
// cannot change them. Claude Code reads them from a file per OS
// (managedSettingsFile) before the user's own, and two of their keys can
// keep actionguard's user or project hook from running:
// "disableAllHooks": true runs no hook at all, and
// "allowManagedHooksOnly": true runs only the hooks the managed file
// itself lists. doctor reports both, since what the user installed is then
// not what the agent runs.

// Managed is what an agent's managed settings say about hooks.
type Managed struct {
	Agent string `json:"agent"`
	File  string `json:"file"`
	// Exists is false when there is no managed settings file (the usual
	// case); Err says why an existing one could not be read.
	Exists bool   `json:"exists"`
	Err    string `json:"error,omitempty"`
	// DisableAllHooks and ManagedHooksOnly are the file's switches; Hooks
	// are actionguard's hooks the file itself installs.
	DisableAllHooks  bool   `json:"disable_all_hooks,omitempty"`
	ManagedHooksOnly bool   `json:"managed_hooks_only,omitempty"`
	Hooks            []Hook `json:"hooks,omitempty"`
}

// Blocks reports whether the managed settings keep a hook the user
// installed (user or project scope) from running, and says why.
func (m Managed) Blocks() (bool, string) {
	switch {
	case m.DisableAllHooks:
		return true, fmt.Sprintf("%s sets \"disableAllHooks\": no hook runs, actionguard's included", m.File)
	case m.ManagedHooksOnly && len(m.Hooks) == 0:
		return true, fmt.Sprintf("%s sets \"allowManagedHooksOnly\" and does not list actionguard's hook: the user's and the project's hooks do not run", m.File)
	}
	return false, ""
}

// InspectManaged reads an agent's managed settings. Agents without managed
// settings (or none on this OS) give ok false.
func InspectManaged(a *Agent) (m Managed, ok bool) {
	if a.Name != "claude-code" {
		return Managed{}, false
	}
	file := managedSettingsFile()
	if file == "" {
		return Managed{}, false
	}
	return inspectManagedFile(a, file), true
}

func inspectManagedFile(a *Agent, file string) Managed {
	m := Managed{Agent: a.Name, File: file}
	src, _, existed, err := read(file)
	if err != nil {
		m.Err = err.Error()
		return m
	}
	m.Exists = existed
	if !existed {
		return m
	}
	root, err := parseSettings(file, src)
	if err != nil {
		m.Err = err.Error()
		return m
	}
	m.DisableAllHooks = root.get("disableAllHooks").isTrue()
	m.ManagedHooksOnly = root.get("allowManagedHooksOnly").isTrue()
	m.Hooks = hooksIn(root, a)
	return m
}
