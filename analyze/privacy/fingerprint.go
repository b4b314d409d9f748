package privacy

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// A fingerprint stands for a value that must not be kept in the clear (the
// user's prompt, a tool's output, once redacted) but must still be
// recognised later: "did this phone number come from the user or from a
// tool's output?". It is a keyed hash of the value, normalised so that
// "+86 138-1234-5678" and "8613812345678" agree.

// Fingerprint returns the fingerprint of a value of type t under key.
func Fingerprint(key []byte, t Type, value string) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(normalizeValue(t, value)))
	return hex.EncodeToString(mac.Sum(nil)[:12])
}

// Fingerprints returns the fingerprints of the personal data and secrets
// in text (values of fewer than four characters are left out: they would
// match too much).
func Fingerprints(key []byte, text string) []string { return FingerprintsOf(key, text, Detect(text)) }

// FingerprintsOf is Fingerprints with the findings of text already known.
func FingerprintsOf(key []byte, text string, fs []Finding) []string {
	var out []string
	for _, f := range fs {
		v := text[f.Start:f.End]
		if len(normalizeValue(f.Type, v)) < 4 {
			continue
		}
		out = append(out, Fingerprint(key, f.Type, v))
	}
	return out
}

func normalizeValue(t Type, v string) string {
	if numericType(t) {
		return alnumOnly(v)
	}
	return strings.ToLower(strings.TrimSpace(v))
}

// numericType: values compared without their separators.
func numericType(t Type) bool {
	switch t {
	case Phone, Card, BankAccount, IBAN, TaxID, OTP:
		return true
	}
	return false
}
