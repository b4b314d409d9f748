package workctx

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Bounds on reading a transcript.
const (
	maxTranscriptTail = 256 << 10
	maxUserMessage    = 16 << 10
)

func io64k(r io.Reader) io.Reader { return io.LimitReader(r, 64<<10) }

// LastUserMessage returns the user's latest words in a Claude Code
// transcript (JSON lines): the newest "user" line whose content is text
// the person typed — not a tool result, not a meta line, not a command's
// output. It reads only the end of the file. A missing file, or one in a
// format it does not know, is "" and no error.
func LastUserMessage(path string) (string, error) {
	if path == "" {
		return "", nil
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return "", err
	}
	start := max(fi.Size()-maxTranscriptTail, 0)
	data, err := io.ReadAll(io.NewSectionReader(f, start, fi.Size()-start))
	if err != nil {
		return "", err
	}
	lines := bytes.Split(data, []byte("\n"))
	if start > 0 && len(lines) > 0 {
		lines = lines[1:] // cut by the window
	}
	for i := len(lines) - 1; i >= 0; i-- {
		if msg := userWords(lines[i]); msg != "" {
			if len(msg) > maxUserMessage {
				cut := maxUserMessage
				for cut > 0 && msg[cut]&0xC0 == 0x80 {
					cut--
				}
				msg = msg[:cut]
			}
			return msg, nil
		}
	}
	return "", nil
}

type transcriptLine struct {
	Type string `json:"type"`
	// What the runtime or the model wrote into a "user" line: meta lines
	// (hook output, caveats), a subagent's prompt (written by the main
	// agent in its Task call), the summary the model wrote at /compact,
	// lines shown in the transcript only, and tool results.
	IsMeta                    bool            `json:"isMeta"`
	IsSidechain               bool            `json:"isSidechain"`
	IsCompactSummary          bool            `json:"isCompactSummary"`
	IsVisibleInTranscriptOnly bool            `json:"isVisibleInTranscriptOnly"`
	ToolUseResult             json.RawMessage `json:"toolUseResult"`
	SourceToolUseID           string          `json:"sourceToolUseID"`
	AgentID                   string          `json:"agentId"`
	UserType                  string          `json:"userType"`
	Message                   struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"message"`
}

// userWords returns the person's text in one transcript line, or "".
func userWords(line []byte) string {
	if !bytes.Contains(line, []byte(`"user"`)) {
		return ""
	}
	var l transcriptLine
	if json.Unmarshal(line, &l) != nil || l.Type != "user" || l.Message.Role != "" && l.Message.Role != "user" {
		return ""
	}
	if l.IsMeta || l.IsSidechain || l.IsCompactSummary || l.IsVisibleInTranscriptOnly || len(l.ToolUseResult) > 0 && string(l.ToolUseResult) != "null" ||
		l.SourceToolUseID != "" || l.AgentID != "" || l.UserType != "" && l.UserType != "external" {
		return ""
	}
	var text string
	if json.Unmarshal(l.Message.Content, &text) != nil {
		var parts []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		if json.Unmarshal(l.Message.Content, &parts) != nil {
			return ""
		}
		var b strings.Builder
		for _, p := range parts {
			if p.Type != "text" {
				return "" // a tool result is not the person's words
			}
			if t := strings.TrimSpace(p.Text); t != "" && t[0] == '<' && injected(t) {
				continue // a reminder the runtime appended to the prompt
			}
			b.WriteString(p.Text)
		}
		text = b.String()
	}
	text = strings.TrimSpace(stripReminders(text))
	if text == "" || text[0] == '<' && injected(text) || strings.HasPrefix(text, "Caveat:") ||
		strings.HasPrefix(text, "This session is being continued from a previous conversation") {
		return ""
	}
	return text
}

// injectedTags open the texts the runtime writes into a "user" line: a
// slash command and its output, a shell escape's output, a hook's or the
// system's reminders, a task notification. A line that starts with one is
// not what the person typed.
var injectedTags = []string{
	"<command-", "<local-command-", "<bash-", "<system-reminder", "<user-prompt-submit-hook", "<task-notification",
	"<user-memory-input", "<tool_use_error", "<session-start-hook", "<post-tool-use-hook", "<pre-tool-use-hook",
}

// injected reports a text that starts with one of the runtime's tags, or
// any other tag-like element: when in doubt it is not the person's.
func injected(text string) bool {
	for _, t := range injectedTags {
		if strings.HasPrefix(text, t) {
			return true
		}
	}
	// <name> or <name-with-dashes ...>: an element, not a sentence.
	i := 1
	for i < len(text) && (text[i] >= 'a' && text[i] <= 'z' || text[i] == '-' || text[i] == '_') {
		i++
	}
	return i > 1 && i < len(text) && (text[i] == '>' || text[i] == ' ')
}

// stripReminders removes the <system-reminder> blocks the runtime writes
// inside a prompt's text; an unclosed one removes the rest.
func stripReminders(text string) string {
	const open, end = "<system-reminder>", "</system-reminder>"
	for {
		i := strings.Index(text, open)
		if i < 0 {
			return text
		}
		j := strings.Index(text[i:], end)
		if j < 0 {
			return text[:i]
		}
		text = text[:i] + text[i+j+len(end):]
	}
}

// TranscriptOutside reports whether a transcript path may be read for the
// person's words: an absolute path to a regular file (not a symbolic link)
// outside the project the agent works in. The agent writes freely inside
// its project, so a transcript there could be one it wrote; the runtimes
// keep theirs in their own data directories (~/.claude/projects,
// ~/.codex/sessions, ~/.gemini/tmp).
func TranscriptOutside(path, project string) bool {
	if path == "" || !filepath.IsAbs(path) {
		return false
	}
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	if project == "" {
		return true
	}
	abs := func(p string) string {
		p = filepath.Clean(p)
		if r, err := filepath.EvalSymlinks(p); err == nil {
			p = r
		}
		return p
	}
	rel, err := filepath.Rel(abs(project), abs(path))
	return err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
