package cli

import (
	"crypto/rand"
	"fmt"
	"slices"
	"strings"
)

// The commands that decide for a person — approvals approve|reject|watch,
// tokens create, mode (switching), trust revoke, uninstall — refuse to act
// for a coding agent. The agent runs its shell commands with markers in
// their environment (agentMarkers) and without a terminal on standard
// input; under those markers a command needs a terminal and a code shown on
// it typed back, and --yes does not stand in for it. Without the markers
// (a person's own shell, a CI script) the commands behave as before: a
// question on a terminal, or --yes.
//
// This is defence in depth behind the hook, which blocks these commands
// when an agent tries them: an agent that can run arbitrary programs can
// unset the markers, so they are a tripwire, not a boundary. The boundary
// is that an approval counts only when its decision is in the audit chain
// (approval.Verified) and the server's approve endpoints want an approver
// token or its page session.

// agentMarkers are environment variables coding agents set for the
// commands they run (docs/approvals.md, "Who can approve").
var agentMarkers = []string{
	"CLAUDECODE",             // Claude Code: "1"
	"CLAUDE_CODE_ENTRYPOINT", // Claude Code: cli, sdk-ts, …
	"CODEX_SANDBOX",          // Codex: seatbelt, landlock
	"CODEX_SANDBOX_NETWORK_DISABLED",
	"CODEX_THREAD_ID",
	"CODEX_CI",
	"GEMINI_CLI", // Gemini CLI: "1"
	"CURSOR_TRACE_ID",
	"CURSOR_AGENT",
	"COPILOT_CLI",
	"COPILOT_AGENT",
}

// agentPrefixes name families of markers: any variable starting with one.
var agentPrefixes = []string{"CODEX_SANDBOX", "CODEX_THREAD", "CLAUDE_CODE_", "CURSOR_AGENT", "COPILOT_AGENT"}

// agentMarker returns the name of a coding agent's marker set in the
// environment, "" when there is none.
func (a *app) agentMarker() string {
	for _, k := range agentMarkers {
		if a.env.Getenv(k) != "" {
			return k
		}
	}
	if a.env.Environ == nil {
		return ""
	}
	for _, kv := range a.env.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		if v == "" {
			continue
		}
		if slices.ContainsFunc(agentPrefixes, func(p string) bool { return strings.HasPrefix(k, p) }) {
			return k
		}
	}
	return ""
}

// personHint is what a refused command tells its reader to do instead.
const personHint = "a person decides this: approve it on the approval page, or run the command in your own terminal (outside the coding agent)"

// requirePerson makes sure a person, not a coding agent, is running a
// command that decides (what says what, e.g. "approve ap-7f3k2q"). Outside
// a coding agent's environment it asks nothing. Under one, it refuses
// without a terminal on standard input, and with one it shows a code the
// person must type back; --yes changes neither.
func (a *app) requirePerson(what string) error {
	marker := a.agentMarker()
	if marker == "" {
		return nil
	}
	if !a.env.IsTerminal(a.env.Stdin) {
		return usageErr(personHint,
			"refusing to %s: this command runs under a coding agent (%s is set) and standard input is not a terminal", what, marker)
	}
	code := confirmationCode()
	fmt.Fprintf(a.env.Stderr, "This terminal runs under a coding agent (%s is set).\nTo %s, type %s and press Enter: ", marker, what, code)
	var answer string
	fmt.Fscanln(a.env.Stdin, &answer)
	if strings.TrimSpace(answer) != code {
		return usageErr(personHint, "refusing to %s: the confirmation code was not typed", what)
	}
	return nil
}

// confirmationCode is six digits, different every time.
func confirmationCode() string {
	var b [6]byte
	rand.Read(b[:])
	for i := range b {
		b[i] = '0' + b[i]%10
	}
	return string(b[:])
}
