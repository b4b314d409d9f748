// Package contact names the recipients and payees an action reaches, as
// the contact book counts them: their kinds, and Key, the hash of a
// normalised address under which interactions are counted, so that the
// book never holds an address in the clear. It is a leaf: the guard looks
// contacts up by Key, the audit log records them, the stores count them.
package contact

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"unicode"
)

// Contact kinds: who an action reached. Seed 003 counts earlier
// interactions with a recipient (fewer than 5: a new contact) and earlier
// payments to a payee (none: a new payee).
const (
	Recipient = "recipient" // an e-mail address, a phone number, a chat handle or channel
	Payee     = "payee"     // who a payment went to
)

// Key returns the key under which the store counts a contact: the
// hex SHA-256 of its kind and normalised address (e-mail and handles lower
// case, phone numbers digits only, spaces collapsed), truncated to 128 bits.
func Key(kind, address string) string {
	h := sha256.New()
	h.Write([]byte("actionguard contact\x00"))
	h.Write([]byte(kind))
	h.Write([]byte{0})
	h.Write([]byte(Normalize(address)))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// Normalize is the form of an address that is compared: "Bob
// <BOB@Example.com>" and "bob@example.com" are the same contact, as are
// "+1 (555) 010-2030" and "+15550102030".
func Normalize(address string) string {
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
