package shell

import "strings"

// A variable given to a shell by a wrapper reaches the commands of its
// script: exec env ACTIONGUARD_DB=/tmp/x.db bash -c 'actionguard undo'
// runs undo from the agent's database, as ACTIONGUARD_DB=/tmp/x.db
// actionguard undo does. The assignments an env-like wrapper makes of
// actionguard's variables and of the variables that move an agent's
// settings (guardVarName) are set for the command it runs, as a prefix
// assignment is, so the nested script's commands see them
// (restoresElsewhere, selfNestedHandler read them with lineVars). Other
// variables are left as they were judged before.

// wrapperEnv sets the NAME=VALUE assignments for the command being walked
// and returns the function that puts the earlier values back.
func (w *walker) wrapperEnv(assigns []string) (restore func()) {
	if len(assigns) == 0 {
		return func() {}
	}
	type saved struct {
		name string
		old  shVar
		had  bool
	}
	st := w.state()
	var prev []saved
	for _, a := range assigns {
		name, val, _ := strings.Cut(a, "=")
		old, had := st.lookup(name)
		prev = append(prev, saved{name, old, had})
		st.setVar(name, shVar{vals: []string{val}})
	}
	return func() {
		for i := len(prev) - 1; i >= 0; i-- {
			p := prev[i]
			if p.had {
				w.st.setVar(p.name, p.old)
				continue
			}
			w.st.own()
			delete(w.st.vars, p.name)
		}
	}
}
