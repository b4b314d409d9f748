package privacy

import "strings"

// Passwords: a password-like key with an assignment (password=…,
// "password": "…", <password>…</password>, --password …), a URL's user
// information (scheme://user:pass@host), and phrases ("my password is …",
// "密码是…"). The finding is the value only.

// secretPasswordNames are the last parts of a key that holds a password.
var secretPasswordNames = &secretWords{list: "password passwd passwort pwd pass pw secret passphrase passcode"}

// secretPasswordNotValue are key parts that make the key a setting about
// passwords rather than a password: min_password_length, show_password.
var secretPasswordNotValue = &secretWords{list: "min max len length num count show hide has is use enable enabled disable require " +
	"required allow reset forgot forget validate check field input label placeholder type " +
	"mode policy rule rules expiry expires age strength hint prompt file path env var name id " +
	"ref manager hash hashed salt encrypted digest change changed last"}

func isPasswordName(part string) bool {
	if secretPasswordNames.has(part) {
		return true
	}
	for _, suffix := range []string{"password", "passwd", "passphrase", "passcode", "pwd"} {
		if strings.HasSuffix(part, suffix) {
			return true
		}
	}
	return false
}

// passwordAt looks at a password keyword at text[p:q].
func (s *secretScan) passwordAt(p, q int) {
	if s.text[p] >= 0x80 { // 密码
		s.passwordPhraseAt(p, q)
		return
	}
	if p < s.identSeen {
		return // the same key as the previous keyword
	}
	start, end := s.identAround(p, q)
	s.identSeen = end
	flag := false
	for start < end && s.text[start] == '-' {
		start++
		flag = true
	}
	for end > start && (s.text[end-1] == '.' || s.text[end-1] == '-') {
		end--
	}
	if end <= p {
		return
	}
	parts := identParts(s.text[start:end])
	if len(parts) == 0 || !isPasswordName(parts[len(parts)-1]) {
		return
	}
	for _, part := range parts[:len(parts)-1] {
		if secretPasswordNotValue.has(part) {
			return
		}
	}
	if s.passwordValueAfter(start, end, flag) {
		return
	}
	s.passwordPhraseAt(p, q)
}

// passwordValueAfter reads the value assigned to the key text[start:end].
func (s *secretScan) passwordValueAfter(start, end int, flag bool) bool {
	t := s.text
	n := len(t)
	i := end
	xml := start > 0 && t[start-1] == '<' && i < n && t[i] == '>'
	if xml {
		vs := s.skipSpaces(i+1, 8)
		ve := vs
		for ve < n && ve-vs <= 256 && t[ve] != '<' && t[ve] != '\n' {
			ve++
		}
		if ve >= n || t[ve] != '<' {
			return false
		}
		for ve > vs && isSecretSpace(t[ve-1]) {
			ve--
		}
		return s.passwordValue(vs, ve, true)
	}
	// The closing quote of a quoted key, maybe escaped inside a string,
	// maybe closing an index: $cfg['db_pass'] = ….
	if i+1 < n && t[i] == '\\' && isSecretQuote(t[i+1]) {
		i += 2
	} else if i < n && isSecretQuote(t[i]) {
		i++
	}
	if i < n && t[i] == ']' {
		i++
	}
	spaced := i < n && isSecretSpace(t[i])
	i = s.skipSpaces(i, 8)
	colon := i < n && t[i] == ':'
	switch {
	case strings.HasPrefix(t[i:], ":="), strings.HasPrefix(t[i:], "=>"), strings.HasPrefix(t[i:], "=="):
		i += 2
		if i < n && t[i] == '=' {
			i++
		}
	case i < n && (t[i] == '=' || t[i] == ':'):
		i++
		if t[i-1] == '=' && !spaced && i < n && isSecretSpace(t[i]) {
			return false // PASSWORD= ./run: an empty variable for a command
		}
	case flag && i > end:
		// --password hunter2
	default:
		return false
	}
	i = s.skipSpaces(i, 8)
	vs, ve, quoted, ok := s.secretValueAt(i)
	if !ok {
		return false
	}
	if !quoted {
		if ve < n && (t[ve] == '(' || t[ve] == '[') {
			return false // a call or an index: code, not a value
		}
		// A bare word could be a variable (password = hashed) or the start
		// of a sentence (password: The one …): take it only as a YAML or
		// .env value that stands alone.
		if isSecretLetters(t[vs:ve]) {
			dotted := strings.IndexByte(t[start:end], '.') >= 0
			if dotted || !(colon || !spaced) || !s.endsAssignment(ve) {
				return false
			}
		}
	}
	return s.passwordValue(vs, ve, quoted)
}

// endsAssignment reports whether an unquoted value ending at i stands
// alone, as in a config file or a command line, rather than starting a
// sentence: "password: The one you chose".
func (s *secretScan) endsAssignment(i int) bool {
	t := s.text
	j := s.skipSpaces(i, 16)
	if j >= len(t) || j == i {
		return true
	}
	switch c := t[j]; {
	case c == '\n' || c == '\r' || c == '#' || c == ',' || c == ';' || c == '&' || c == '}' || c == ']' || c == ')' || c == '|':
		return true
	case strings.HasPrefix(t[j:], "//"), strings.HasPrefix(t[j:], "\\n"):
		return true
	}
	// Another key=value or a flag follows: "user=bob password=x host=db".
	k := j
	for k < len(t) && k-j < 64 && isSecretIdentByte(t[k]) {
		k++
	}
	return k < len(t) && (t[k] == '=' || t[k] == ':') || t[j] == '-'
}

// passwordValue checks and records a password value at text[vs:ve].
func (s *secretScan) passwordValue(vs, ve int, quoted bool) bool {
	v := s.text[vs:ve]
	if len(v) < 3 || isSecretPlaceholder(v) {
		return false
	}
	if quoted {
		if isSecretMessage(v) {
			return false
		}
		s.addOwn(Password, vs, ve, 0.9, "password-assignment")
		return true
	}
	if isSecretCodeRef(v) {
		return false
	}
	s.addOwn(Password, vs, ve, 0.8, "password-assignment")
	return true
}

// isSecretCodeRef reports an unquoted value that is a reference in code:
// config.password, os.environ, new_password, userPassword.
func isSecretCodeRef(v string) bool {
	ident, dotted, camel, underscore, digit := true, false, false, false, false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case isSecretDigit(c):
			digit = true
		case c == '.':
			dotted = true
		case c == '_':
			underscore = true
		case 'A' <= c && c <= 'Z':
			if i > 0 && 'a' <= v[i-1] && v[i-1] <= 'z' {
				camel = true
			}
		case 'a' <= c && c <= 'z':
		default:
			ident = false
		}
	}
	if !ident || isSecretDigit(v[0]) {
		return false
	}
	if dotted {
		// a.b.c with letters after each dot; "p4ss.w0rd" has digits.
		for _, part := range strings.Split(v, ".") {
			if part == "" || isSecretDigit(part[0]) {
				return false
			}
			for i := 0; i < len(part); i++ {
				if isSecretDigit(part[i]) {
					return false
				}
			}
		}
		return true
	}
	if (underscore || camel) && !digit {
		lv := strings.ToLower(v)
		for _, w := range []string{"pass", "pwd", "secret", "token", "key", "cred"} {
			if strings.Contains(lv, w) {
				return true
			}
		}
	}
	return false
}

// secretMessageWords mark a quoted value as a message about a password
// ("Password is required") rather than the password.
var secretMessageWords = []string{
	" must ", " required", " invalid", " incorrect", " characters", " least ", "please ",
	" enter ", " your ", " is ", " the ", " not ", " match", " should ", " cannot ",
	" can't ", " too ", " wrong", " does ", " doesn't ", " has been ", " will ",
}

func isSecretMessage(v string) bool {
	if strings.IndexByte(v, ' ') < 0 {
		return false
	}
	lv := " " + strings.ToLower(v) + " "
	for _, w := range secretMessageWords {
		if strings.Contains(lv, w) {
			return true
		}
	}
	return strings.Count(v, " ") >= 4
}

// secretPhraseWords are words that follow "password is" without being a
// password: "the password is required", "your password is incorrect".
var secretPhraseWords = &secretWords{list: "required incorrect wrong invalid correct too not set the a an expired empty missing case " +
	"case-sensitive changed reset strong weak same different being also still now only never " +
	"always stored saved hashed encrypted sent shown hidden visible valid ok okay fine good " +
	"bad secure insecure long short unknown blank protected needed mandatory optional " +
	"provided given specified used displayed your my their his her our in on at for of from " +
	"with by and or but if that this it what which here there below above following generated " +
	"updated working accepted rejected known safe simple easy hard weak. something anything " +
	"nothing same. available managed configured defined enabled disabled null none empty. " +
	"shared written printed logged about like just very quite really so as to be was is"}

// secretPhraseUnits follow a number that is a length, not a password:
// "the password is 8 characters".
var secretPhraseUnits = []string{"character", "char", "digit", "letter", "symbol", "byte", "long", "word"}

// passwordPhraseAt reads "password is X", "my password was X", "pw: X",
// "密码是X" / "密码：X" around a keyword at text[p:q].
func (s *secretScan) passwordPhraseAt(p, q int) {
	t := s.text
	n := len(t)
	cjk := t[p] >= 0x80
	if !cjk {
		// The keyword must be a whole word: password, passwd, pwd, pw.
		ws, we := p, q
		for ws > 0 && p-ws < 16 && isSecretWordByte(t[ws-1]) {
			ws--
		}
		for we < n && we-q < 16 && isSecretWordByte(t[we]) {
			we++
		}
		switch string(s.lower[ws:we]) {
		case "password", "passwd", "pwd", "pw", "passcode", "passphrase":
		default:
			return
		}
		q = we
	}
	i := q
	switch {
	case cjk:
		// 是 为 ： : =
		i = s.skipSpaces(i, 4)
		switch {
		case strings.HasPrefix(t[i:], "是"), strings.HasPrefix(t[i:], "为"), strings.HasPrefix(t[i:], "："):
			i += 3
		case i < n && (t[i] == ':' || t[i] == '='):
			i++
		default:
			return
		}
		if strings.HasPrefix(t[i:], "：") {
			i += 3
		}
	default:
		i = s.skipSpaces(i, 4)
		lw := s.lower
		switch {
		case hasWordAt(lw, i, "is"):
			i += 2
		case hasWordAt(lw, i, "was"):
			i += 3
		default:
			return
		}
		if i < n && t[i] == ':' {
			i++
		}
		j := s.skipSpaces(i, 4)
		for _, w := range []string{"now", "still", "just", "actually", "simply"} {
			if hasWordAt(lw, j, w) {
				i = j + len(w)
				break
			}
		}
	}
	i = s.skipSpaces(i, 4)
	if i >= n {
		return
	}
	var vs, ve int
	quoted := false
	if isSecretQuote(t[i]) {
		var ok bool
		if vs, ve, quoted, ok = s.secretValueAt(i); !ok || strings.IndexByte(t[vs:ve], ' ') >= 0 {
			return
		}
	} else {
		vs, ve = i, i
		for ve < n && ve-vs <= 128 && t[ve] > ' ' && t[ve] < 0x7f {
			ve++
		}
		for ve > vs && strings.IndexByte(".,;:?)]}\"'`", t[ve-1]) >= 0 {
			ve--
		}
	}
	v := t[vs:ve]
	if len(v) < 3 || len(v) > 128 || isSecretPlaceholder(v) || secretPhraseWords.has(strings.ToLower(v)) {
		return
	}
	if allSecretDigits(v) {
		j := s.skipSpaces(ve, 2)
		for _, u := range secretPhraseUnits {
			if strings.HasPrefix(string(s.lower[j:min(n, j+16)]), u) {
				return
			}
		}
	}
	conf := 0.85
	if quoted {
		conf = 0.9
	}
	s.addOwn(Password, vs, ve, conf, "password-phrase")
}

// hasWordAt reports whether the lower-cased text has the word w at i,
// followed by a non-letter.
func hasWordAt(lower []byte, i int, w string) bool {
	if i+len(w) > len(lower) || string(lower[i:i+len(w)]) != w {
		return false
	}
	return i+len(w) == len(lower) || !isSecretWordByte(lower[i+len(w)])
}

func isSecretLetters(v string) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return v != ""
}

func allSecretDigits(v string) bool {
	for i := 0; i < len(v); i++ {
		if !isSecretDigit(v[i]) {
			return false
		}
	}
	return v != ""
}

// urlCredentialsAt reads the password of scheme://user:password@host
// around "://" at text[p:q].
func (s *secretScan) urlCredentialsAt(p, q int) {
	t := s.text
	j := p
	for j > 0 && p-j < 32 && (isSecretWordByte(t[j-1]) || t[j-1] == '+' || t[j-1] == '.' || t[j-1] == '-') {
		j--
	}
	if p-j < 2 {
		return
	}
	k := q
	for k < len(t) && k-q < 512 {
		c := t[k]
		if c == '/' || c == '?' || c == '#' || c <= ' ' || c == '"' || c == '\'' || c == '`' || c == '<' || c == '>' || c == '\\' {
			break
		}
		k++
	}
	at := strings.LastIndexByte(t[q:k], '@')
	if at < 0 {
		return
	}
	colon := strings.IndexByte(t[q:q+at], ':')
	if colon < 0 {
		return
	}
	vs, ve := q+colon+1, q+at
	v := t[vs:ve]
	if len(v) < 2 || isSecretPlaceholder(v) || (allSecretDigits(v) && len(v) <= 5) {
		return
	}
	s.addOwn(Password, vs, ve, 0.9, "url-credentials")
}
