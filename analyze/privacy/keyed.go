package privacy

import (
	"strings"

	"github.com/actionguard/actionguard/analyze/fields"
)

// Keyed is a value in a text with the key that named it in the tool call
// ({"password": "…"}, a form's card_number=…, an Authorization header):
// text[Start:End] is the value.
type Keyed struct {
	Key        string
	Start, End int
}

// DetectKeyed is Detect with the keys that name the text's values, their
// strongest context: a value under a credential key (password, token,
// api_key, client_secret, cookie, Authorization, cvv, in any case
// convention or common language) is that credential whatever it looks
// like; a value under a card, IBAN, account, tax-ID or phone key is that
// data when it has the shape (digits for a card, letters and digits for
// an IBAN), without the words around it a bare text would need.
// Placeholders ("", "****", "${PASSWORD}", "<token>", "[REDACTED]") are
// not values. Known are credentials the user stated ("my password is
// MyPass123"): each place they occur in text is that credential, whatever
// key it sits under.
func DetectKeyed(text string, keyed []Keyed, known ...string) []Finding {
	if len(text) > MaxText {
		text = text[:MaxText]
	}
	fs := detectSecrets(text)
	fs = append(fs, detectPII(text)...)
	for _, k := range keyed {
		if k.Start < 0 || k.End > len(text) || k.Start >= k.End {
			continue
		}
		if f, ok := keyedFinding(text, k); ok {
			fs = append(fs, f)
		}
	}
	for _, v := range known {
		if len(v) < 4 {
			continue
		}
		for at := 0; at < len(text) && len(fs) < 4096; {
			i := strings.Index(text[at:], v)
			if i < 0 {
				break
			}
			fs = append(fs, Finding{Type: Password, Start: at + i, End: at + i + len(v), Confidence: 0.9, Rule: "user-stated"})
			at += i + len(v)
		}
	}
	return resolve(fs)
}

// StatedCredentials returns the credentials in the user's messages ("Log
// into Gmail, password is MyPass123"): the values DetectKeyed then finds
// wherever they are sent.
func StatedCredentials(msgs []string) []string {
	var out []string
	for _, m := range msgs {
		if len(m) > 1<<16 {
			m = m[:1<<16]
		}
		for _, f := range detectSecrets(m) {
			if f.Type.NeverSend() && f.End-f.Start >= 4 {
				out = append(out, m[f.Start:f.End])
			}
		}
	}
	return out
}

// keyedFinding is the finding a key names in its value, if any.
func keyedFinding(text string, k Keyed) (Finding, bool) {
	start, end := k.Start, k.End
	for start < end && isSecretSpace(text[start]) {
		start++
	}
	for end > start && isSecretSpace(text[end-1]) {
		end--
	}
	v := text[start:end]
	if placeholderValue(v) {
		return Finding{}, false
	}
	f := Finding{Start: start, End: end, Confidence: 0.95, Rule: "key-name"}
	kind := fields.Classify(k.Key)
	// A credential has some length: "Bearer x" or a one-letter
	// password is a placeholder in an example, not a secret.
	if kind.Credential() && kind != fields.Authorization && len(v) < minCredential(kind) {
		return Finding{}, false
	}
	switch kind {
	case fields.Secret, fields.APIKey, fields.Token, fields.OTP:
		if strings.ContainsAny(v, " \t\n") {
			return Finding{}, false // "Token: see the docs" is prose
		}
	}
	switch kind {
	case fields.Password, fields.CardCode:
		f.Type = Password
	case fields.Secret, fields.APIKey:
		f.Type = APIKey
	case fields.Token:
		f.Type = Token
	case fields.Cookie:
		f.Type = Cookie
	case fields.PrivateKey:
		f.Type = PrivateKey
	case fields.OTP:
		f.Type = OTP
	case fields.Authorization:
		// "Basic dXNlcjpwYXNz" is a user and password; "Bearer …" and
		// the other schemes a token. The scheme stays readable.
		f.Type = Token
		if sp := strings.IndexAny(v, " \t"); sp > 0 && sp < 32 {
			scheme := v[:sp]
			rest := strings.TrimLeft(v[sp:], " \t")
			if len(rest) < minCredential(kind) || placeholderValue(rest) {
				return Finding{}, false
			}
			if strings.EqualFold(scheme, "basic") {
				f.Type = Password
			}
			f.Start = end - len(rest)
		} else if len(v) < minCredential(kind) {
			return Finding{}, false
		}
	case fields.CardNumber, fields.BankAccount, fields.TaxID, fields.Phone:
		shape := numberShapes[kind]
		n, ok := countDigits(v, shape.sep)
		if !ok && shape.sep != "" || n < shape.min || n > shape.max || len(v) > 32 {
			return Finding{}, false
		}
		f.Type = shape.typ
	case fields.IBAN:
		c := strings.ReplaceAll(v, " ", "")
		if len(c) < 15 || len(c) > 34 || !isIBANShape(c) {
			return Finding{}, false
		}
		f.Type = IBAN
	default:
		return Finding{}, false
	}
	return f, true
}

// numberShapes are the values a key names as numbers: the digits they
// have and the other bytes they may hold ("" for any, as a tax ID's
// letters and dashes).
var numberShapes = map[fields.Kind]struct {
	typ      Type
	sep      string
	min, max int
}{
	fields.CardNumber:  {Card, " -", 12, 19},
	fields.BankAccount: {BankAccount, " -", 6, 20},
	fields.TaxID:       {TaxID, "", 6, 20},
	fields.Phone:       {Phone, " -+().x", 7, 15},
}

// minCredential is the shortest value a key names as that credential: a
// PIN or a card code has three or four digits, a password four characters,
// a token, key or header eight.
func minCredential(k fields.Kind) int {
	switch k {
	case fields.Password, fields.CardCode, fields.OTP:
		return 3
	}
	return 8
}

// countDigits counts the digits of v and reports whether every other byte
// is one of sep.
func countDigits(v, sep string) (int, bool) {
	n := 0
	ok := true
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c >= '0' && c <= '9':
			n++
		case strings.IndexByte(sep, c) < 0:
			ok = false
		}
	}
	return n, ok
}

func isIBANShape(c string) bool {
	for i := 0; i < len(c); i++ {
		ch := c[i] | 0x20
		switch {
		case i < 2 && (ch < 'a' || ch > 'z'):
			return false
		case i >= 2 && i < 4 && (c[i] < '0' || c[i] > '9'):
			return false
		case !(ch >= 'a' && ch <= 'z' || c[i] >= '0' && c[i] <= '9'):
			return false
		}
	}
	return true
}

// placeholderValue reports whether a value stands for a credential rather
// than being one: empty, masked, a template variable or an environment
// reference, a redaction mark, a JSON literal.
func placeholderValue(v string) bool {
	if v == "" {
		return true
	}
	if strings.Trim(v, v[:1]) == "" && len(v) >= 2 && strings.ContainsAny(v[:1], "*x.#-_•X") {
		return true // "****", "xxxx"
	}
	switch strings.ToLower(v) {
	case "null", "nil", "none", "undefined", "true", "false", "***", "<redacted>", "redacted", "-":
		return true
	}
	// "user:pass", "username:password", "token": the name of the
	// credential in an example, not one.
	if len(v) <= 24 && !strings.ContainsAny(v, "0123456789") && (fields.Classify(v).Credential() || fields.IsIdentity(v)) {
		return true
	}
	up := strings.ToUpper(v)
	if strings.Contains(up, "REDACTED") || strings.Contains(up, "YOUR_") || strings.Contains(up, "YOUR-") || strings.HasPrefix(up, "<YOUR") {
		return true
	}
	pairs := [][2]string{{"${", "}"}, {"{{", "}}"}, {"<", ">"}, {"%", "%"}, {"$(", ")"}, {"[", "]"}}
	for _, p := range pairs {
		if len(v) > len(p[0])+len(p[1]) && strings.HasPrefix(v, p[0]) && strings.HasSuffix(v, p[1]) && !strings.ContainsAny(v[len(p[0]):len(v)-len(p[1])], " \t") {
			return true
		}
	}
	// $PASSWORD, $env:API_KEY: a reference the program resolves.
	if v[0] == '$' && len(v) > 1 {
		ref := strings.TrimPrefix(strings.TrimPrefix(v[1:], "env:"), "ENV:")
		for i := 0; i < len(ref); i++ {
			c := ref[i]
			if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
				return false
			}
		}
		return ref != ""
	}
	return false
}
