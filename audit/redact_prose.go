package audit

import (
	"encoding/json"
	"strings"

	"github.com/actionguard/actionguard/analyze/shell"
)

// maxProse bounds the text RedactProse reads for quoted commands: a note,
// not a document.
const maxProse = 4 << 10

// RedactProse is Redact for text a person writes — a feedback note, the
// note of an approval — which may quote a command inside a sentence
// ("ran redis-cli -a PASSWORD, it failed"): the passwords that command
// lines carry are looked for from every word on, not only where the text
// begins. A text longer than maxProse is redacted by Redact alone.
func RedactProse(s string) string {
	s = Redact(s)
	if len(s) > maxProse {
		return s
	}
	for i := 0; i < len(s); i++ {
		if i > 0 && !isProseSpace(s[i-1]) || isProseSpace(s[i]) {
			continue
		}
		// The command may run to the end of the text, or end where the
		// sentence goes on (", it was fine", a closing backquote): the
		// last operand of htpasswd -b is its password only in the first.
		if end := clauseEnd(s, i); end < len(s) && len(shell.SecretValues(s[i:end])) > 0 {
			s = s[:i] + shell.MaskSecrets(s[i:end]) + s[end:]
		}
		if len(shell.SecretValues(s[i:])) > 0 {
			s = s[:i] + shell.MaskSecrets(s[i:])
		}
	}
	return s
}

// clauseEnd is where the clause of prose that starts at i ends: a comma or
// full stop followed by a space, a closing bracket or backquote, a line
// break; len(s) when none follows.
func clauseEnd(s string, i int) int {
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '`', ')', '\n':
			return j
		case ',', '.':
			if j+1 == len(s) || s[j+1] == ' ' {
				return j
			}
		}
	}
	return len(s)
}

func isProseSpace(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '(', '"', '\'', '`', ',', ';', ':':
		return true
	}
	return false
}

// maxOutputLine bounds a line RedactOutput reads as a command line.
const maxOutputLine = 2 << 10

// RedactOutput masks the passwords of the command lines a tool's output
// shows — a shell's trace (+ mysql -pPW …), a script file read, an error
// that quotes its command — in every string of a JSON output (where line
// breaks are escapes the pattern rules do not read) or in the text, as a
// whole and line by line (one line that does not parse as shell, an
// apostrophe in prose, must not hide the next). It does nothing else:
// callers redact the rest with Redact.
func RedactOutput(s string) string {
	if json.Valid([]byte(s)) {
		return string(redactJSONWith([]byte(s), maskCommandText))
	}
	return maskCommandText(s)
}

func maskCommandText(s string) string {
	if len(s) <= maxCommandLine {
		s = shell.MaskSecrets(s)
	}
	if !strings.Contains(s, "\n") {
		if len(s) > maxOutputLine {
			return s
		}
		return maskLine(s)
	}
	lines := strings.Split(s, "\n")
	changed := false
	for i, l := range lines {
		if len(l) > maxOutputLine {
			continue
		}
		if m := maskLine(l); m != l {
			lines[i], changed = m, true
		}
	}
	if !changed {
		return s
	}
	return strings.Join(lines, "\n")
}

// maskLine masks the passwords of one line of output that is a command
// line, after the prompt or trace mark a terminal puts before it ("+ ",
// "$ ", "bob@host:~/src$ ", "> ").
func maskLine(l string) string {
	if start := len(l) - len(strings.TrimLeft(l, "+$#>% \t")); start > 0 {
		return l[:start] + shell.MaskSecrets(l[start:])
	}
	if m := shell.MaskSecrets(l); m != l {
		return m
	}
	// A prompt: the command follows its first "$ ", "# " or "> ".
	for _, mark := range []string{"$ ", "# ", "> "} {
		if i := strings.Index(l, mark); i >= 0 && i < 80 {
			start := i + len(mark)
			return l[:start] + shell.MaskSecrets(l[start:])
		}
	}
	return l
}
