package tools

import (
	"net/mail"
	"strings"
)

// splitRecipients returns the recipients one argument names. A list of
// plain addresses, numbers or handles splits at commas and semicolons; a
// list in the form of an e-mail header (a quoted display name with a
// comma in it, "Doe, John" <john@x>, a group "Team: a@x, b@y;", a
// comment, an encoded word) is read as RFC 5322 reads it, so that a
// display name is never taken for recipients of its own and each real
// address is kept, as "Name" <address> when it has a name.
func splitRecipients(v string) []string {
	if !strings.ContainsAny(v, "\"<(:=") {
		return splitPlain(v)
	}
	if list, err := mail.ParseAddressList(v); err == nil {
		out := make([]string, 0, len(list))
		for _, a := range list {
			out = append(out, formatAddress(a))
		}
		return out
	}
	var out []string
	for _, part := range splitTopLevel(v) {
		out = append(out, readRecipient(part)...)
	}
	return out
}

// splitPlain splits a list with no quoting at commas and semicolons.
func splitPlain(v string) []string {
	var out []string
	for _, r := range strings.FieldsFunc(v, func(c rune) bool { return c == ',' || c == ';' }) {
		if r = strings.TrimSpace(r); r != "" {
			out = append(out, r)
		}
	}
	return out
}

// readRecipient reads one entry of a list that is not a header as a
// whole: an address in header form, a group's first member ("Team:
// a@x"), or the entry as written (a number, a handle, a name).
func readRecipient(part string) []string {
	part = strings.TrimSpace(part)
	if part == "" {
		return nil
	}
	if list, err := mail.ParseAddressList(part); err == nil {
		out := make([]string, 0, len(list))
		for _, a := range list {
			out = append(out, formatAddress(a))
		}
		return out
	}
	if label, rest, ok := cutTopLevel(part, ':'); ok && !strings.ContainsAny(label, "@<\"") {
		if a, err := mail.ParseAddress(strings.TrimSpace(rest)); err == nil {
			return []string{formatAddress(a)}
		}
	}
	return []string{part}
}

// formatAddress writes a as the recipients of a call are kept: the bare
// address, or "Name" <address>; the address is last, where the readers
// of recipients (mentions, the approval page) look for it.
func formatAddress(a *mail.Address) string {
	if a.Name == "" {
		return a.Address
	}
	var b strings.Builder
	b.Grow(len(a.Name) + len(a.Address) + 6)
	b.WriteByte('"')
	for i := 0; i < len(a.Name); i++ {
		if c := a.Name[i]; c == '\\' || c == '"' {
			b.WriteByte('\\')
		}
		b.WriteByte(a.Name[i])
	}
	b.WriteString(`" <`)
	b.WriteString(a.Address)
	b.WriteByte('>')
	return b.String()
}

// splitTopLevel splits v at the commas and semicolons that are outside
// quotes, angle brackets and comments. It never fails: an unclosed
// quote or bracket runs to the end.
func splitTopLevel(v string) []string {
	var out []string
	start := 0
	var s scanState
	for i := 0; i < len(v); i++ {
		if s.step(v[i]) && (v[i] == ',' || v[i] == ';') {
			out = append(out, v[start:i])
			start = i + 1
		}
	}
	return append(out, v[start:])
}

// cutTopLevel cuts v at the first sep outside quotes, angle brackets and
// comments.
func cutTopLevel(v string, sep byte) (before, after string, found bool) {
	var s scanState
	for i := 0; i < len(v); i++ {
		if s.step(v[i]) && v[i] == sep {
			return v[:i], v[i+1:], true
		}
	}
	return v, "", false
}

// scanState follows quotes, angle brackets and comments through an
// address list, one byte at a time.
type scanState struct {
	quoted, escaped, angle bool
	comment                int
}

// step reads c and reports whether it stands at the top level (outside
// every quote, bracket and comment, and is not one of their delimiters).
func (s *scanState) step(c byte) bool {
	switch {
	case s.escaped:
		s.escaped = false
	case (s.quoted || s.comment > 0) && c == '\\':
		s.escaped = true
	case s.quoted:
		s.quoted = c != '"'
	case s.comment > 0:
		switch c {
		case '(':
			s.comment++
		case ')':
			s.comment--
		}
	case s.angle:
		s.angle = c != '>'
	case c == '"':
		s.quoted = true
	case c == '(':
		s.comment = 1
	case c == '<':
		s.angle = true
	default:
		return true
	}
	return false
}
