package privacy

import (
	"strings"
	"sync"
)

// Our own secret detectors: cheap hand-written checks around anchors found
// by the same keyword pass as gitleaks' rules. Each looks at a bounded
// neighbourhood of its anchor, so the work stays linear in the text.
//
//	secrets_password.go  password=…, "password": "…", user:pass@host, "my password is …"
//	secrets_header.go    Authorization / Bearer / API-key headers, session cookies
//	secrets_pem.go       PEM, OpenSSH and PGP private key blocks
//	secrets_otp.go       one-time codes near "code", "2FA", "OTP", "验证码", …

// secretAnchor is a set of our own detectors, woken by a keyword.
type secretAnchor uint8

const (
	anchorPassword secretAnchor = 1 << iota // key names and phrases
	anchorURL                               // scheme://user:pass@host
	anchorAuth                              // Authorization, Bearer, API-key headers
	anchorCookie                            // Cookie headers and session cookie names
	anchorPEM                               // -----BEGIN … PRIVATE KEY-----
	anchorOTP                               // one-time codes
)

// secretOwnAnchors are the lower-cased keywords of our detectors.
var secretOwnAnchors = []struct {
	anchor secretAnchor
	words  []string
}{
	{anchorPassword, []string{"password", "passwd", "pwd", "pass", "pw", "secret", "密码"}},
	{anchorURL, []string{"://"}},
	{anchorAuth, []string{"authorization", "bearer", "api-key", "apikey", "auth-token", "access-token", "private-token"}},
	{anchorCookie, []string{"cookie", "sess", "sid", "auth_token"}},
	{anchorPEM, []string{"-----begin"}},
	{anchorOTP, []string{"code", "otp", "2fa", "mfa", "one-time", "one time", "verif", "passcode", "验证码", "校验码", "动态码"}},
}

// runOwn runs our detectors on the anchors the keyword pass found, in
// text order.
func (s *secretScan) runOwn() {
	if s.e == nil {
		// Without the automaton (the embedded rules failed to load), find
		// the anchors the slow way.
		s.findOwnAnchors()
	}
	for _, h := range s.own {
		if h.anchor&anchorPassword != 0 {
			s.passwordAt(h.pos, h.end)
		}
		if h.anchor&anchorURL != 0 {
			s.urlCredentialsAt(h.pos, h.end)
		}
		if h.anchor&anchorAuth != 0 {
			s.authAt(h.pos, h.end)
		}
		if h.anchor&anchorCookie != 0 {
			s.cookieAt(h.pos, h.end)
		}
		if h.anchor&anchorPEM != 0 {
			s.privateKeyAt(h.pos, h.end)
		}
		if h.anchor&anchorOTP != 0 {
			s.otpAt(h.pos, h.end)
		}
	}
}

func (s *secretScan) findOwnAnchors() {
	lower := string(s.lower)
	for _, a := range secretOwnAnchors {
		for _, w := range a.words {
			for i := 0; ; {
				j := strings.Index(lower[i:], w)
				if j < 0 {
					break
				}
				s.own = append(s.own, secretHit{a.anchor, i + j, i + j + len(w)})
				i += j + 1
			}
		}
	}
}

// addOwn records a finding of our own detectors.
func (s *secretScan) addOwn(t Type, start, end int, confidence float64, rule string) {
	if start < 0 || end > len(s.text) || start >= end {
		return
	}
	s.out = append(s.out, Finding{Type: t, Start: start, End: end, Confidence: confidence, Rule: rule})
}

// Byte classes.

func isSecretIdentByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '.'
}

func isSecretWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

func isSecretDigit(c byte) bool { return '0' <= c && c <= '9' }

func isSecretQuote(c byte) bool { return c == '"' || c == '\'' || c == '`' }

func isSecretSpace(c byte) bool { return c == ' ' || c == '\t' }

// skipSpaces returns the first index at or after i that is not a space or
// tab, looking at most max bytes ahead.
func (s *secretScan) skipSpaces(i, max int) int {
	for n := 0; i < len(s.text) && n < max && isSecretSpace(s.text[i]); n++ {
		i++
	}
	return i
}

// identAround returns the identifier ([A-Za-z0-9_.-]) around text[p:q],
// at most 64 bytes to either side.
func (s *secretScan) identAround(p, q int) (start, end int) {
	start, end = p, q
	for start > 0 && p-start < 64 && isSecretIdentByte(s.text[start-1]) {
		start--
	}
	for end < len(s.text) && end-q < 64 && isSecretIdentByte(s.text[end]) {
		end++
	}
	return start, end
}

// identParts splits an identifier into lower-cased parts at _ . - and
// camelCase boundaries: "dbPassword_old" → db, password, old.
func identParts(id string) []string {
	var parts []string
	start := 0
	flush := func(end int) {
		if end > start {
			parts = append(parts, strings.ToLower(id[start:end]))
		}
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case c == '_' || c == '.' || c == '-':
			flush(i)
			start = i + 1
		case i > start && 'A' <= c && c <= 'Z' && 'a' <= id[i-1] && id[i-1] <= 'z':
			flush(i)
			start = i
		}
	}
	flush(len(id))
	return parts
}

// secretValueAt reads a value starting at i: a quoted string (also with
// backslash-escaped quotes, as inside JSON strings) or a bare word up to a
// space or separator. It returns the value's bounds and whether it was
// quoted.
func (s *secretScan) secretValueAt(i int) (start, end int, quoted, ok bool) {
	t := s.text
	if i >= len(t) {
		return 0, 0, false, false
	}
	escaped := false
	if t[i] == '\\' && i+1 < len(t) && isSecretQuote(t[i+1]) {
		escaped = true
		i++
	}
	if isSecretQuote(t[i]) {
		q := t[i]
		start = i + 1
		for j := start; j < len(t) && j-start <= 256; j++ {
			c := t[j]
			if c == '\n' {
				return 0, 0, false, false
			}
			if escaped && c == '\\' && j+1 < len(t) && t[j+1] == q {
				return start, j, true, true
			}
			if !escaped && c == '\\' {
				j++
				continue
			}
			if !escaped && c == q {
				return start, j, true, true
			}
		}
		return 0, 0, false, false
	}
	start = i
	end = i
	for end < len(t) && end-start <= 256 && !isSecretValueStop(t[end]) {
		end++
	}
	if end-start > 256 {
		return 0, 0, false, false
	}
	return start, end, false, end > start
}

func isSecretValueStop(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', ';', '&', '"', '\'', '`', '<', '>', ')', ']', '}', '(', '[', '{', '\\':
		return true
	}
	return false
}

// secretPlaceholders are values that stand for a credential in examples
// and templates rather than being one.
var secretPlaceholders = &secretWords{list: "password passwd pass pwd secret token null none nil undefined true false yes no required " +
	"optional string str text example placeholder hidden redacted masked removed empty " +
	"your_password yourpassword your-password mypassword my_password secret_key your_secret " +
	"your_token your-token xxx todo tbd unknown default env number int bool boolean object " +
	"any self this params request input value"}

// isSecretPlaceholder reports values such as "****", "xxxx", "<password>",
// "${DB_PASSWORD}", "%s", "{{ .Values.pw }}" or "YOUR_API_TOKEN".
func isSecretPlaceholder(v string) bool {
	if v == "" {
		return true
	}
	lv := strings.ToLower(v)
	if secretPlaceholders.has(lv) {
		return true
	}
	same := true
	for i := 1; i < len(lv); i++ {
		if lv[i] != lv[0] {
			same = false
			break
		}
	}
	if same {
		return true // ****, xxxx, ....
	}
	switch {
	case strings.HasPrefix(v, "$"), strings.HasPrefix(v, "%"), strings.HasPrefix(v, "{{"),
		strings.HasPrefix(v, "<") && strings.HasSuffix(v, ">"),
		strings.HasPrefix(v, "[") && strings.HasSuffix(v, "]"),
		strings.HasPrefix(v, "{") && strings.HasSuffix(v, "}"),
		strings.Contains(lv, "***"), strings.Contains(lv, "xxxx"),
		strings.Contains(lv, "redacted"), strings.Contains(lv, "your_"), strings.Contains(lv, "your-"),
		strings.HasPrefix(lv, "your"), strings.HasPrefix(lv, "<your"), strings.HasPrefix(lv, "example"):
		return true
	}
	// An environment variable's name: YOUR_TOKEN, DB_PASSWORD.
	upper := true
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !('A' <= c && c <= 'Z' || c == '_') {
			upper = false
			break
		}
	}
	return upper && strings.Contains(v, "_")
}

// isSecretTokenLike reports whether v looks like a machine-made credential
// rather than a word: long enough, from a token alphabet, with a digit or
// a separator in it.
func isSecretTokenLike(v string, minLen int) bool {
	if len(v) < minLen || len(v) > 4096 || isSecretPlaceholder(v) {
		return false
	}
	digit, other := false, false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case isSecretDigit(c):
			digit = true
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case c == '.' || c == '_' || c == '-' || c == '+' || c == '/' || c == '=' || c == '~' || c == '%' || c == ':':
			other = true
		default:
			return false
		}
	}
	return digit || other || len(v) >= 24
}

// secretWords is a set of words, given as one space-separated string and
// built on first use: a map literal would be built at package init, which
// every hook process pays.
type secretWords struct {
	list string
	once sync.Once
	set  map[string]bool
}

func (w *secretWords) has(word string) bool {
	w.once.Do(func() {
		w.set = map[string]bool{}
		for _, x := range strings.Fields(w.list) {
			w.set[x] = true
		}
	})
	return w.set[word]
}
