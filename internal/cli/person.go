package cli

import (
	"github.com/actionguard/actionguard/internal/agentproc"
)

// The commands that decide for a person — approvals approve|reject|watch,
// tokens create, mode (switching), trust revoke, uninstall — refuse to act
// for a coding agent: under one, they refuse outright and point to the
// approval page or a terminal outside the agent. No terminal route is
// offered: a program the agent starts can own a pseudo-terminal, read any
// code shown on it and type it back, so a typed code tells nothing.
//
// "Under a coding agent" is read twice: the command's own environment
// carries an agent's markers (agentproc.Markers), or a parent process
// does, or is an agent's program (agentproc.Find) — so env -i, env -u or
// a pseudo-terminal forked under the agent does not make the command a
// person's. Outside an agent (a person's own shell, a CI script) the
// commands behave as before: a question on a terminal, or --yes.
//
// This is defence in depth behind the hook, which blocks these commands
// when an agent tries them: a program that leaves the agent's process
// tree (a daemon re-parented to init) is seen by neither check, so both
// are tripwires, not a boundary. The boundary is that an approval counts
// only when its decision is in the audit chain (approval.Verified) and
// the server's approve endpoints want an approver token or its page
// session (docs/security.md, "Who decides").

// agentMarker returns the name of a coding agent's marker set in the
// command's own environment, "" when there is none.
func (a *app) agentMarker() string {
	for _, k := range agentproc.Markers {
		if a.env.Getenv(k) != "" {
			return k
		}
	}
	if a.env.Environ == nil {
		return ""
	}
	return agentproc.Marker(a.env.Environ())
}

// agentAncestor reports a coding agent among the command's parent
// processes.
func (a *app) agentAncestor() (agentproc.Agent, bool) {
	if a.env.Ancestry != nil {
		return a.env.Ancestry()
	}
	return agentproc.Find()
}

// personHint is what a refused command tells its reader to do instead.
const personHint = "a person decides this: approve it on the approval page, or run the command in your own terminal (outside the coding agent)"

// requirePerson makes sure a person, not a coding agent, is running a
// command that decides (what says what, e.g. "approve ap-7f3k2q"). Under
// a coding agent it refuses, terminal or not, --yes or not; outside one it
// asks nothing.
func (a *app) requirePerson(what string) error {
	if marker := a.agentMarker(); marker != "" {
		return usageErr(personHint, "refusing to %s: this command runs under a coding agent (%s is set)", what, marker)
	}
	if ag, ok := a.agentAncestor(); ok {
		return usageErr(personHint, "refusing to %s: this command runs under a coding agent (%s)", what, ag)
	}
	return nil
}
