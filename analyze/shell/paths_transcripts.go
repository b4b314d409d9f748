package shell

import "strings"

// The coding agents' own records of their sessions. An agent reads them
// back as the truth of what was said: the hook takes the user's latest
// words from Claude Code's transcript, a resumed Codex or Gemini CLI
// session replays its record as the conversation, a prompt history is
// offered to the user again. A line written into one puts words in the
// user's mouth that the next session trusts, so changing them is the
// control plane's business; reading them stays allowed.

// transcriptWhat names the records for the user.
const transcriptWhat = "the agent's transcript of what the user said"

// transcriptDirs are directories (in lower case, slash-separated) whose
// files are an agent's session records, and the suffix such a file has
// ("" for any file).
var transcriptDirs = []struct{ dir, suffix string }{
	{"/.claude/projects/", ".jsonl"},                     // Claude Code
	{"/.config/claude/projects/", ".jsonl"},              // Claude Code, XDG layout
	{"/.codex/sessions/", ""},                            // Codex rollouts
	{"/.codex/archived_sessions/", ""},                   // Codex, archived
	{"/.copilot/session-state/", ""},                     // GitHub Copilot CLI
	{"/.copilot/history-session-state/", ""},             // GitHub Copilot CLI, older
	{"/.cursor/chats/", ""},                              // Cursor's agent CLI
	{"/.local/share/opencode/storage/", ""},              // OpenCode
	{"/.local/share/crush/", ".db"},                      // Crush
	{"/user/workspacestorage/", ".vscdb"},                // Cursor and VS Code: chat state per workspace
	{"/user/globalstorage/state.vscdb", ""},              // Cursor and VS Code: the global chat state
	{"/globalstorage/emptywindowchatsessions/", ".json"}, // VS Code Copilot Chat, no folder open
}

// transcriptFiles are single files (by the end of their path) that hold an
// agent's record of what the user typed.
var transcriptFiles = []string{
	"/.claude/history.jsonl", "/.codex/history.jsonl", "/.copilot/command-history-state.json",
	"/.aider.chat.history.md", "/.aider.input.history",
}

// agentTranscript reports whether the cleaned, lower-case absolute path
// abs is one of an agent's session records (or a directory of them).
func agentTranscript(abs string) bool {
	return mayBeTranscript(abs) && transcriptPath(abs)
}

// mayBeTranscript is agentTranscript's cheap first test: every place of
// the records holds "/." or "storage" (TestTranscriptNeedles), so most
// paths are judged without the lists.
func mayBeTranscript(abs string) bool {
	return strings.Contains(abs, "/.") || strings.Contains(abs, "storage")
}

// transcriptPath is agentTranscript by the lists.
func transcriptPath(abs string) bool {
	if strings.ContainsAny(abs, "'\"();\n\t") {
		return false // not a path: code or text that quotes one
	}
	for _, f := range transcriptFiles {
		if strings.HasSuffix(abs, f) {
			return true
		}
	}
	for _, d := range transcriptDirs {
		i := strings.Index(abs, d.dir)
		if i < 0 {
			if strings.HasSuffix(d.dir, "/") && strings.HasSuffix(abs, d.dir[:len(d.dir)-1]) {
				return true // the directory itself: rm -r, mv, a redirect into it
			}
			continue
		}
		rest := abs[i+len(d.dir):]
		if strings.ContainsAny(rest, "= ") {
			continue // the records' names have neither
		}
		if d.suffix == "" || strings.HasSuffix(rest, d.suffix) || strings.ContainsAny(rest, "*?[") && !strings.Contains(rest, ".") {
			return true
		}
	}
	if i := strings.Index(abs, "/workspacestorage/"); i >= 0 && strings.Contains(abs[i:], "/chatsessions/") {
		return true // VS Code Copilot Chat sessions of a workspace
	}
	return geminiChat(abs)
}

// geminiChat reports Gemini CLI's per-project records: ~/.gemini/tmp/<project>/chats/…,
// its logs.json (the prompts typed) and its checkpoints.
func geminiChat(abs string) bool {
	_, rest, ok := strings.Cut(abs, "/.gemini/tmp/")
	if !ok {
		return false
	}
	_, rest, ok = strings.Cut(rest, "/")
	if !ok {
		return false
	}
	return strings.HasPrefix(rest, "chats/") || rest == "chats" || rest == "logs.json" || strings.HasPrefix(rest, "checkpoint")
}

// reCodeWrites is code that opens a file for writing or changes one: a
// write mode given to open, the write helpers of Python, Node, Ruby and
// Perl, moves and deletions, a database connection (the records kept in
// SQLite).
var reCodeWrites = lazyRegexp(`open\s*\([^)]*,\s*(?:mode\s*=\s*)?['"][rbt]*[wax+]|\.write_(?:text|bytes)\s*\(|(?:append|write)File(?:Sync)?\s*\(|createWriteStream|File\.(?:write|open\s*\([^)]*['"][wa+])|\bopen\s*\(?\s*(?:my\s+)?\$?\w+\s*,\s*['"]?\s*(?:>|\+<)|os\.(?:replace|rename|remove|unlink|truncate)\s*\(|\.unlink\s*\(|shutil\.|\bprint\s*\([^)]*file\s*=|sqlite3|\.connect\s*\(|>>`)

// transcriptCode returns the path of an agent's session record that code
// names, when the code also writes, else "".
func (e *analysis) transcriptCode(code string) string {
	if !hasControlHint(code) {
		return ""
	}
	if len(code) > 1<<20 {
		code = code[:1<<20]
	}
	for _, w := range strings.FieldsFunc(code, func(r rune) bool {
		return r == '\'' || r == '"' || r == '`' || r == ' ' || r == '\t' || r == '\n' || r == '(' || r == ')' || r == ',' || r == '='
	}) {
		if !hasControlHint(w) {
			continue
		}
		abs, _ := e.resolve(w)
		if abs == "" {
			continue
		}
		if !strings.HasPrefix(abs, "/") {
			abs = "/" + abs
		}
		if agentTranscript(strings.ToLower(abs)) {
			if reCodeWrites.MatchString(code) {
				return w
			}
			return ""
		}
	}
	return ""
}
