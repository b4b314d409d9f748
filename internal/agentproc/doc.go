// Package agentproc tells whether the current process runs under a coding
// agent: its own environment carries an agent's markers (CLAUDECODE,
// CODEX_SANDBOX, GEMINI_CLI, …), or one of its parent processes does, or a
// parent is an agent's program (claude, codex, gemini, cursor-agent,
// copilot, or node running one of their command lines).
//
// Entry points: Marker (the markers in one environment), Program (an
// agent's program by its executable and arguments), Find (the walk up the
// parent processes), and the readers of what the operating system shows
// of another process: ParseEnviron (Linux /proc/<pid>/environ),
// ParseStat (/proc/<pid>/stat), ParseProcArgs (macOS KERN_PROCARGS2).
//
// The walk is a tripwire, not a boundary: a program the agent starts can
// leave the agent's process tree (a daemon re-parented to init) and then
// nothing in its ancestry names the agent. It stops the plain routes (env
// -i, a pseudo-terminal forked under the agent) that clearing the
// command's own environment used to open. docs/security.md says what the
// boundaries are.
//
// Nothing is done at package initialisation; Find reads a few small files
// (or one sysctl) per parent and is safe for concurrent use.
package agentproc
