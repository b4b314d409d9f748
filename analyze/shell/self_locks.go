package shell

// Lock wrappers hold a lock on a file while the command they run runs:
// flock FILE CMD, lckdo FILE CMD, chpst -l FILE CMD. actionguard's hook
// locks its spool, session files and stores for each record, so a lock on
// one of them held for long (flock -x ~/.local/state/actionguard/….spool
// sleep 99999 &) would hold every later hook call, and an agent may take a
// hook that does not answer for no objection. The lock file is judged as a
// file the wrapper changes: over actionguard's own files it is blocked
// (shell.self.write). The hook's own waits are bounded as well
// (lockfile.SharedWithin): a decision that cannot be recorded is never an
// allow.

// lockWrappers are the wrappers whose words before the command name a lock
// file.
var lockWrappers = map[string]bool{"flock": true, "lckdo": true, "chpst": true, "with-lock-ex": true}

// lockWrapper records the wrapper's own words (flock -x FILE) as a command
// of the line when one of them may name a place of the control plane, so
// that the last pass judges its lock file.
func (w *walker) lockWrapper(name string, argv []string, dyn []bool, text string, sudo bool) {
	if !lockWrappers[name] || len(argv) < 2 {
		return
	}
	for _, a := range argv[1:] {
		if w.r.env.mayControl(a) || unknownPathWord(a) {
			w.r.record(w.newCmd(argv, dyn, text, sudo))
			return
		}
	}
}
