package audit

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"unicode"

	"github.com/actionguard/actionguard/analyze/privacy"
)

// Contact kinds: who an allowed action reached. Seed 003 counts earlier
// interactions with a recipient (fewer than 5: a new contact) and earlier
// payments to a payee (none: a new payee).
const (
	ContactRecipient = "recipient" // an e-mail address, a phone number, a chat handle or channel
	ContactPayee     = "payee"     // who a payment went to
)

// RanKind is the Kind of the record saying that an action decided earlier
// ran: its tool result came back (PostToolUse and the like), or the
// approval that let it through was used and it ran. Only these records
// teach the contact book: a decision alone (a check, an evaluation, a
// held, declined or blocked call) reached nobody, and counting it would
// let an attacker's address become a frequent contact by being attempted.
const RanKind = "action.ran"

// Contact is a recipient or payee an action that ran reached. The store
// counts interactions by Key; the address itself is never kept, only Key
// (a hash) and Display (masked), so the contact book holds no personal data
// in the clear.
type Contact struct {
	Kind    string `json:"kind"`
	Key     string `json:"key"`
	Display string `json:"display,omitempty"`
}

// NewContact returns the contact of kind for address, with its key and a
// masked display form.
func NewContact(kind, address string) Contact {
	return Contact{Kind: kind, Key: ContactKey(kind, address), Display: maskContact(address)}
}

// ContactKey returns the key under which the store counts a contact: the
// hex SHA-256 of its kind and normalised address (e-mail and handles lower
// case, phone numbers digits only, spaces collapsed), truncated to 128 bits.
func ContactKey(kind, address string) string {
	h := sha256.New()
	h.Write([]byte("actionguard contact\x00"))
	h.Write([]byte(kind))
	h.Write([]byte{0})
	h.Write([]byte(NormalizeContact(address)))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// NormalizeContact is the form of an address that is compared: "Bob
// <BOB@Example.com>" and "bob@example.com" are the same contact, as are
// "+1 (555) 010-2030" and "+15550102030".
func NormalizeContact(address string) string {
	s := strings.TrimSpace(address)
	if i, j := strings.LastIndexByte(s, '<'), strings.LastIndexByte(s, '>'); i >= 0 && j > i {
		s = s[i+1 : j]
	}
	s = strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(strings.TrimSpace(s)), "mailto:"), "tel:")
	if isPhone(s) {
		var b strings.Builder
		for i, r := range s {
			if r == '+' && i == 0 || r >= '0' && r <= '9' {
				b.WriteRune(r)
			}
		}
		return b.String()
	}
	if compact := strings.Join(strings.Fields(s), ""); compact != s && isIBAN(compact) {
		return compact // "GB29 NWBK 6016 1331 9268 19" is "GB29NWBK60161331926819"
	}
	return strings.Join(strings.Fields(s), " ")
}

// isIBAN: two letters, two digits, then 10–30 letters and digits.
func isIBAN(s string) bool {
	if len(s) < 14 || len(s) > 34 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter, digit := c >= 'a' && c <= 'z', c >= '0' && c <= '9'
		switch {
		case i < 2 && !letter, i >= 2 && i < 4 && !digit, !letter && !digit:
			return false
		}
	}
	return true
}

// isPhone: digits with the usual separators and at least 6 digits.
func isPhone(s string) bool {
	digits := 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '+' || r == '-' || r == '(' || r == ')' || r == '.' || unicode.IsSpace(r):
		default:
			return false
		}
	}
	return digits >= 6
}

// maskContact masks the personal data in an address for display
// (b****@example.com, ****2030); a name or a channel stays as it is.
func maskContact(address string) string {
	a := strings.TrimSpace(address)
	if len(a) > 200 {
		a = a[:200]
	}
	return privacy.Mask(a, privacy.DetectPersonal(a))
}
