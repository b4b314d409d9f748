package audit

import "github.com/actionguard/actionguard/analyze/shell"

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
