package agentproc

import (
	"path"
	"slices"
	"strings"
)

// Markers are the environment variables coding agents set for the
// commands they run (docs/approvals.md, "Who can approve").
var Markers = []string{
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

// prefixes name families of markers: any variable starting with one.
var prefixes = []string{"CODEX_SANDBOX", "CODEX_THREAD", "CLAUDE_CODE_", "CURSOR_AGENT", "COPILOT_AGENT"}

// IsMarker reports whether the variable name k is a coding agent's
// marker.
func IsMarker(k string) bool {
	return slices.Contains(Markers, k) || slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(k, p) })
}

// Marker returns the name of the first coding agent's marker set (to a
// value that is not empty) in environ, a list of KEY=value; "" when there
// is none.
func Marker(environ []string) string {
	for _, kv := range environ {
		k, v, ok := strings.Cut(kv, "=")
		if ok && v != "" && IsMarker(k) {
			return k
		}
	}
	return ""
}

// programs are the coding agents' executables by their base name.
var programs = map[string]string{
	"claude": "Claude Code", "claude-code": "Claude Code", "codex": "Codex", "gemini": "Gemini CLI",
	"cursor-agent": "Cursor's agent", "copilot": "GitHub Copilot CLI",
}

// scripts are the paths of the agents' command lines run by a JavaScript
// runtime (npm installs them as node scripts).
var scripts = []struct{ part, name string }{
	{"@anthropic-ai/claude-code", "Claude Code"},
	{"@openai/codex", "Codex"},
	{"@google/gemini-cli", "Gemini CLI"},
	{"@github/copilot", "GitHub Copilot CLI"},
	{"cursor-agent", "Cursor's agent"},
	{"/claude/versions/", "Claude Code"}, // the native installer's layout
}

// runtimes run a script named among their arguments.
var runtimes = map[string]bool{"node": true, "nodejs": true, "bun": true, "deno": true}

// Program names the coding agent whose program exe (the executable's
// path, or its short name) is, running with the arguments argv (argv[0]
// included); "" when it is none. A JavaScript runtime is the agent when it
// runs one of the agents' scripts.
func Program(exe string, argv []string) string {
	names := []string{exe}
	if len(argv) > 0 {
		names = append(names, argv[0])
	}
	for _, n := range names {
		if n == "" {
			continue
		}
		if a := programs[baseName(n)]; a != "" {
			return a
		}
		for _, s := range scripts {
			if strings.Contains(strings.ReplaceAll(strings.ToLower(n), `\`, "/"), s.part) {
				return s.name
			}
		}
	}
	runtime := runtimes[baseName(exe)] || len(argv) > 0 && runtimes[baseName(argv[0])]
	if !runtime || len(argv) < 2 {
		return ""
	}
	for _, a := range argv[1:min(len(argv), 8)] {
		if strings.HasPrefix(a, "-") {
			continue
		}
		if p := programs[baseName(a)]; p != "" {
			return p
		}
		lower := strings.ReplaceAll(strings.ToLower(a), `\`, "/")
		for _, s := range scripts {
			if strings.Contains(lower, s.part) {
				return s.name
			}
		}
	}
	return ""
}

// baseName is a path's last component in lower case, without a Windows
// executable's suffix.
func baseName(p string) string {
	p = strings.ToLower(strings.ReplaceAll(p, `\`, "/"))
	b := path.Base(p)
	for _, ext := range []string{".exe", ".cmd", ".bat", ".js", ".mjs", ".cjs"} {
		b = strings.TrimSuffix(b, ext)
	}
	return b
}
