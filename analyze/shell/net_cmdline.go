package shell

import "github.com/actionguard/actionguard/rule"

// A command line that arrives from the network: su -c "$(curl …)",
// parallel ::: "$(curl …)", script -qc "$x" after x=$(wget -qO- …),
// ssh host "$(curl …)", tmux new-session "$(curl …)". Whatever program
// takes the words as a command line (a wrapper, a terminal, a remote
// shell), the analysis of that program already says that it runs a
// command only known when it runs; when the words of the command that
// became that command line were read from the network, the server
// chooses it: that is code from the network, as curl … | sh is.

// netCommandLine reports c's network words as remote code when the
// analysis of the command (its findings from nf on) ran them as a command
// line. c is the command that ran, nil when a wrapper handed all of it to
// a nested script (script -c): argv, dyn and text are then reported.
func (w *walker) netCommandLine(c *Cmd, argv []string, dyn []bool, proc []stream, text string, nf int) {
	if len(argv) == 0 || !ranUnknownCommand(w.r.res.Findings[nf:]) || hasRemoteFinding(w.r.res.Findings[nf:]) {
		return
	}
	if c == nil {
		c = w.newCmd(argv, dyn, text, w.sudo)
	}
	if s, ok := connectionIn(proc); ok {
		w.runsConnection(c, s)
		return
	}
	for _, s := range proc {
		if s.kind == streamNetwork {
			w.r.mutates()
			w.r.add(c.find(w.remoteRule(c), "Runs as a command line what "+describeStream(s)+" returns: code from the network runs without being looked at."))
			return
		}
	}
}

// ranUnknownCommand reports whether the findings say a command only known
// when it runs was run.
func ranUnknownCommand(fs []rule.Finding) bool {
	for _, f := range fs {
		switch f.Rule {
		case ruleDynamicCommand.ID, ruleEvalDynamic.ID, rulePipeToShell.ID:
			return true
		}
	}
	return false
}

// hasRemoteFinding reports whether the findings already say that code
// from the network runs.
func hasRemoteFinding(fs []rule.Finding) bool {
	for _, f := range fs {
		switch f.Rule {
		case ruleRemoteExec.ID, ruleRemoteExecRoot.ID, ruleReverseShell.ID:
			return true
		}
	}
	return false
}

// describeStream is a stream's description, or a general one.
func describeStream(s stream) string {
	if s.what != "" {
		return s.what
	}
	return "a download"
}
