// Package privacy finds personal data and secrets in text that is about to
// leave the machine, masks them with seed 001's masking table, and decides
// whether a transmission belongs to the user's stated task.
//
// Detection uses validators, not bare patterns: a card number passes Luhn
// and an issuer prefix, an IBAN its country's length and mod-97, a Chinese
// resident ID its check digit; secrets use gitleaks' rules with their
// entropy floors behind a keyword prefilter, so only the rules whose
// keywords occur are run, each on a window around its keyword.
//
//	masked, findings := privacy.Redact("call me on 13812345678")
//	// masked == "call me on 138****5678"
package privacy

import (
	"slices"
	"strings"
)

// Type is the kind of personal data or secret found. The names are the
// public redaction contract (design note, "Redaction").
type Type string

// Types of personal data, with a masked form in seed 001's table.
const (
	Phone       Type = "phone"
	Email       Type = "email"
	Card        Type = "card"
	BankAccount Type = "bank_account"
	IBAN        Type = "iban"
	IP          Type = "ip"
	Address     Type = "address"
	TaxID       Type = "tax_id"
)

// Never-send types: seed 001 — "no useful anonymized form (never send raw)".
const (
	Password   Type = "password"
	APIKey     Type = "api_key"
	Token      Type = "token"
	Cookie     Type = "cookie"
	PrivateKey Type = "private_key"
	OTP        Type = "otp"
)

// Types lists every type, personal data first.
var Types = []Type{Phone, Email, Card, BankAccount, IBAN, IP, Address, TaxID, Password, APIKey, Token, Cookie, PrivateKey, OTP}

// NeverSend reports whether t has no useful masked form: a credential that
// must not be transmitted unless the user asked for exactly that.
func (t Type) NeverSend() bool {
	switch t {
	case Password, APIKey, Token, Cookie, PrivateKey, OTP:
		return true
	}
	return false
}

// Secret reports whether t is a credential (the never-send classes).
func (t Type) Secret() bool { return t.NeverSend() }

// Label is the type in words, for messages: "phone number", "API key".
func (t Type) Label() string {
	switch t {
	case Phone:
		return "phone number"
	case Email:
		return "e-mail address"
	case Card:
		return "bank card number"
	case BankAccount:
		return "bank account number"
	case IBAN:
		return "IBAN"
	case IP:
		return "IP address"
	case Address:
		return "home address"
	case TaxID:
		return "tax ID"
	case Password:
		return "password"
	case APIKey:
		return "API key"
	case Token:
		return "token"
	case Cookie:
		return "session cookie"
	case PrivateKey:
		return "private key"
	case OTP:
		return "one-time code"
	}
	return string(t)
}

// Finding is one piece of personal data or one secret in a text. Start and
// End are byte offsets into the text (End exclusive); the value itself is
// text[Start:End] and is never copied into the finding, so that a finding
// can be logged.
type Finding struct {
	Type  Type `json:"type"`
	Start int  `json:"start"`
	End   int  `json:"end"`
	// Confidence is how sure the detector is, from 0 to 1: a validated
	// card number is 0.99, a bare nine-digit number near "SSN" less.
	Confidence float64 `json:"confidence,omitempty"`
	// Rule names the detector: "luhn", "cn-resident-id", or a gitleaks
	// rule id such as "github-pat".
	Rule string `json:"rule,omitempty"`
}

// MaxText is the most text one call examines; the rest is not scanned
// and Detect reports it as a finding-free tail. Callers that must not let
// unscanned text through (the guard) check the length themselves.
const MaxText = 64 << 20

// Detect returns the personal data and secrets in text, sorted by offset,
// without overlaps: where two findings overlap, a secret wins over
// personal data, then the longer one, then the more confident.
func Detect(text string) []Finding {
	if len(text) > MaxText {
		text = text[:MaxText]
	}
	fs := detectSecrets(text)
	fs = append(fs, detectPII(text)...)
	return resolve(fs)
}

// DetectPersonal is Detect for personal data alone (no secrets): a
// single pass with nothing to build first, for callers that must stay
// cheap on their first call (a hook's write-ahead spool).
func DetectPersonal(text string) []Finding {
	if len(text) > MaxText {
		text = text[:MaxText]
	}
	return resolve(detectPII(text))
}

// resolve sorts findings and drops the ones that overlap a better one.
func resolve(fs []Finding) []Finding {
	if len(fs) < 2 {
		return fs
	}
	better := func(a, b Finding) bool {
		if a.Type.NeverSend() != b.Type.NeverSend() {
			return a.Type.NeverSend()
		}
		if la, lb := a.End-a.Start, b.End-b.Start; la != lb {
			return la > lb
		}
		return a.Confidence > b.Confidence
	}
	ranked := slices.Clone(fs)
	slices.SortStableFunc(ranked, func(a, b Finding) int {
		if better(a, b) {
			return -1
		}
		if better(b, a) {
			return 1
		}
		return a.Start - b.Start
	})
	kept := ranked[:0:0]
	for _, f := range ranked {
		overlaps := false
		for _, k := range kept {
			if f.Start < k.End && k.Start < f.End {
				overlaps = true
				break
			}
		}
		if !overlaps {
			kept = append(kept, f)
		}
	}
	slices.SortFunc(kept, func(a, b Finding) int { return a.Start - b.Start })
	return kept
}

// Redact returns text with every finding replaced by its masked form
// (seed 001's masking table) or, for the never-send types, by a
// placeholder such as "[API KEY REDACTED]", together with the findings
// (offsets into the original text).
func Redact(text string) (string, []Finding) {
	fs := Detect(text)
	return Mask(text, fs), fs
}

// Mask replaces each finding in text by its masked form. The findings
// must be sorted and must not overlap (as Detect returns them).
func Mask(text string, fs []Finding) string {
	if len(fs) == 0 {
		return text
	}
	var b strings.Builder
	b.Grow(len(text))
	at := 0
	for _, f := range fs {
		if f.Start < at || f.End > len(text) || f.Start >= f.End {
			continue
		}
		b.WriteString(text[at:f.Start])
		b.WriteString(MaskValue(f.Type, text[f.Start:f.End]))
		at = f.End
	}
	b.WriteString(text[at:])
	return b.String()
}

// Placeholder is what stands in for a never-send value: "[PASSWORD REDACTED]".
func Placeholder(t Type) string {
	return "[" + strings.ToUpper(t.Label()) + " REDACTED]"
}
