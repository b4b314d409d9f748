package privacy

import "strings"

// Credentials in HTTP headers and cookies: Authorization (Bearer, Basic,
// token …), a bare "Bearer <token>", API-key and token headers, Cookie and
// Set-Cookie headers, and session cookies by name (sessionid=…,
// PHPSESSID=…). The finding is the value only.

// authAt looks at an Authorization / Bearer / API-key keyword at text[p:q].
func (s *secretScan) authAt(p, q int) {
	t := s.text
	if p > 0 && isSecretWordByte(t[p-1]) && s.lower[p] != 'a' {
		return
	}
	switch w := string(s.lower[p:q]); w {
	case "authorization":
		i, ok := s.headerValueStart(q)
		if !ok {
			return
		}
		s.authValue(i, false)
	case "bearer":
		if p > 0 && isSecretWordByte(t[p-1]) {
			return
		}
		s.authValue(p, true)
	default: // api-key, apikey, auth-token, access-token, private-token
		// Only as a header or a parameter name: X-API-Key: …, api-key=….
		start, end := s.identAround(p, q)
		name := strings.ToLower(t[start:end])
		name = strings.TrimPrefix(name, "x-")
		if name != w && name != "private-token" {
			return
		}
		i, ok := s.headerValueStart(end)
		if !ok {
			return
		}
		vs, ve, quoted, ok := s.secretValueAt(i)
		if !ok || !isSecretTokenLike(t[vs:ve], 12) || !quoted && isSecretCodeRef(t[vs:ve]) {
			return // apiKey: process.env.API_KEY is a reference
		}
		typ, rule := Token, "token-header"
		if strings.Contains(w, "key") {
			typ, rule = APIKey, "api-key-header"
		}
		s.addOwn(typ, vs, ve, 0.85, rule)
	}
}

// headerValueStart skips a header name's closing quote, the ":" or "=",
// and spaces (and an opening quote is left to the value).
func (s *secretScan) headerValueStart(i int) (int, bool) {
	t := s.text
	if i+1 < len(t) && t[i] == '\\' && isSecretQuote(t[i+1]) {
		i += 2
	} else if i < len(t) && isSecretQuote(t[i]) {
		i++
	}
	i = s.skipSpaces(i, 4)
	if i >= len(t) || (t[i] != ':' && t[i] != '=') {
		return 0, false
	}
	i = s.skipSpaces(i+1, 8)
	if i+1 < len(t) && t[i] == '\\' && isSecretQuote(t[i+1]) {
		i += 2
	} else if i < len(t) && isSecretQuote(t[i]) {
		i++
	}
	return i, i < len(t)
}

// secretAuthScheme returns the rule for an Authorization scheme whose
// parameter is the credential ("" for other schemes).
func secretAuthScheme(scheme string) string {
	switch scheme {
	case "bearer":
		return "bearer-token"
	case "basic":
		return "authorization-basic"
	case "token", "apikey", "api-key", "sso-key", "jwt", "key", "ghtoken":
		return "authorization-token"
	}
	return ""
}

// authValue reads "<scheme> <credentials>" at i (Authorization's value, or
// a bare "Bearer …" when bare).
func (s *secretScan) authValue(i int, bare bool) {
	t := s.text
	j := i
	for j < len(t) && j-i < 16 && (isSecretWordByte(t[j]) || t[j] == '-') {
		j++
	}
	scheme := strings.ToLower(t[i:j])
	rule := secretAuthScheme(scheme)
	known := rule != ""
	if bare && scheme != "bearer" {
		return
	}
	if known && j < len(t) && (t[j] == ' ' || t[j] == '\t' || strings.HasPrefix(t[j:], "%20") || t[j] == '+') {
		k := j
		if strings.HasPrefix(t[k:], "%20") {
			k += 3
		} else {
			k = s.skipSpaces(k+1, 4)
		}
		ve := k
		for ve < len(t) && ve-k < 4096 && isSecretTokenByte(t[ve]) {
			ve++
		}
		v := t[k:ve]
		typ := Token
		if scheme == "basic" {
			typ = Password // base64 of user:password
			if !isSecretTokenLike(v, 8) {
				return
			}
		} else if !isSecretTokenLike(v, 12) {
			return
		}
		conf := 0.95
		if bare {
			conf = 0.85
		}
		s.addOwn(typ, k, ve, conf, rule)
		return
	}
	if bare || known {
		return
	}
	// A raw credential as the whole value: "Authorization: ghp_…".
	ve := i
	for ve < len(t) && ve-i < 4096 && isSecretTokenByte(t[ve]) {
		ve++
	}
	if v := t[i:ve]; isSecretTokenLike(v, 16) {
		s.addOwn(Token, i, ve, 0.85, "authorization-header")
	}
}

func isSecretTokenByte(c byte) bool {
	return isSecretWordByte(c) || c == '.' || c == '-' || c == '~' || c == '+' || c == '/' || c == '='
}

// secretSessionNames are cookie names that carry a session.
var secretSessionNames = &secretWords{list: "session sessionid session_id session-id sid phpsessid jsessionid connect.sid _session " +
	"__session auth_token asp.net_sessionid laravel_session ci_session sessid session_token " +
	"sessiontoken session-token _session_id __secure-next-auth.session-token " +
	"next-auth.session-token remember_token remember_user_token _gitlab_session " +
	"wordpress_logged_in sso_session user_session cookie_session"}

func isSecretSessionName(name string) bool {
	n := strings.ToLower(name)
	if secretSessionNames.has(n) {
		return true
	}
	return strings.HasSuffix(n, "_session") || strings.HasSuffix(n, "sessionid") ||
		strings.HasPrefix(n, "aspsessionid") || strings.HasPrefix(n, "wordpress_logged_in_") ||
		strings.HasSuffix(n, ".sid") || strings.HasSuffix(n, "session-token") || strings.HasSuffix(n, "session_token")
}

// cookieAt looks at a cookie keyword at text[p:q]: a Cookie or Set-Cookie
// header, or a session cookie's name.
func (s *secretScan) cookieAt(p, q int) {
	t := s.text
	if string(s.lower[p:q]) == "cookie" {
		set := p >= 4 && string(s.lower[p-4:p]) == "set-"
		start := p
		if set {
			start = p - 4
		}
		if start > 0 && isSecretWordByte(t[start-1]) || q < len(t) && isSecretWordByte(t[q]) {
			return
		}
		if i, ok := s.headerValueStart(q); ok && i < len(t) && t[i-1] != '=' {
			s.cookieHeader(i, set)
		}
		return
	}
	start, end := s.identAround(p, q)
	if start > 0 && t[start-1] == '-' {
		return
	}
	name := t[start:end]
	if !isSecretSessionName(name) {
		return
	}
	i := end
	if i+1 < len(t) && t[i] == '\\' && isSecretQuote(t[i+1]) {
		i += 2
	} else if i < len(t) && isSecretQuote(t[i]) {
		i++
	}
	i = s.skipSpaces(i, 4)
	if i >= len(t) || (t[i] != '=' && t[i] != ':') {
		return
	}
	i = s.skipSpaces(i+1, 4)
	vs, ve, quoted, ok := s.secretValueAt(i)
	if !ok {
		return
	}
	v := t[vs:ve]
	if !quoted && (ve < len(t) && t[ve] == '(' || isSecretCodeRef(v)) {
		return
	}
	if isSecretTokenLike(v, 8) || isSecretCookieValue(v) {
		s.addOwn(Cookie, vs, ve, 0.9, "session-cookie")
	}
}

// cookieHeader reads the name=value pairs of a Cookie header (or the first
// pair of a Set-Cookie header) starting at i, up to the end of the line or
// of the quoted string.
func (s *secretScan) cookieHeader(i int, set bool) {
	t := s.text
	end := i
	for end < len(t) && end-i < 8192 && t[end] != '\n' && t[end] != '\r' && t[end] != '"' && t[end] != '\'' && t[end] != '`' && !(t[end] == '\\' && end+1 < len(t) && (t[end+1] == 'n' || t[end+1] == '"')) {
		end++
	}
	for pos := i; pos < end; {
		semi := strings.IndexByte(t[pos:end], ';')
		pairEnd := end
		if semi >= 0 {
			pairEnd = pos + semi
		}
		eq := strings.IndexByte(t[pos:pairEnd], '=')
		if eq > 0 {
			ns := s.skipSpaces(pos, 8)
			name := strings.TrimSpace(t[ns : pos+eq])
			vs, ve := pos+eq+1, pairEnd
			for ve > vs && isSecretSpace(t[ve-1]) {
				ve--
			}
			v := t[vs:ve]
			switch {
			case isSecretSessionName(name) && len(v) >= 8 && !isSecretPlaceholder(v):
				s.addOwn(Cookie, vs, ve, 0.95, "session-cookie")
			case len(v) >= 16 && isSecretCookieValue(v):
				s.addOwn(Cookie, vs, ve, 0.7, "cookie-value")
			}
		}
		if set || semi < 0 {
			break
		}
		pos = pairEnd + 1
	}
}

// isSecretCookieValue reports a cookie value that looks random (a session
// id or a signed token) rather than a preference such as "lang=en".
func isSecretCookieValue(v string) bool {
	if len(v) < 16 || isSecretPlaceholder(v) {
		return false
	}
	for i := 0; i < len(v); i++ {
		if v[i] <= ' ' || v[i] == ',' {
			return false
		}
	}
	return secretEntropy(v) >= 3.5
}
