package workctx

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
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
	Type    string `json:"type"`
	IsMeta  bool   `json:"isMeta"`
	Message struct {
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
	if json.Unmarshal(line, &l) != nil || l.Type != "user" || l.IsMeta {
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
			b.WriteString(p.Text)
		}
		text = b.String()
	}
	text = strings.TrimSpace(text)
	if strings.HasPrefix(text, "<command-") || strings.HasPrefix(text, "<local-command-") || strings.HasPrefix(text, "Caveat:") {
		return ""
	}
	return text
}
