package audit

import "strings"

// assignAnchors are searched to find names that may hold a secret; each hit
// is then widened to the whole name, which must end in one of secretSuffixes.
var assignAnchors = []string{"token", "secret", "passw", "key", "credentials"}

// secretSuffixes end the names whose values are secrets, lowercase, with
// '_' and '-' removed; the type of the redaction comes with each.
var secretSuffixes = []struct{ suffix, typ string }{
	{"password", "password"},
	{"passwd", "password"},
	{"apikey", "api_key"},
	{"accesskey", "access_key"},
	{"privatekey", "private_key"},
	{"secretkey", "secret"},
	{"credentials", "credentials"},
	{"secret", "secret"},
	{"token", "token"},
}

// secretName reports whether a name (an environment variable, a flag, a
// JSON key, …) holds a secret, and which kind.
func secretName(name string) (string, bool) {
	if !endsLikeSecretName(name) {
		// Most names (a JSON action's "tool", "input", "cwd", "session_id")
		// end in a letter no suffix ends in: one look instead of ten.
		return "", false
	}
	return secretNameSlow(name)
}

// endsLikeSecretName reports whether name's last letter, ignoring ASCII
// case and trailing '_' and '-', is the last letter of one of
// secretSuffixes or of "authorization" (TestSecretNameEndings holds the
// list to them).
func endsLikeSecretName(name string) bool {
	i := len(name)
	for i > 0 && (name[i-1] == '_' || name[i-1] == '-') {
		i--
	}
	if i == 0 {
		return false
	}
	switch name[i-1] | 0x20 {
	case 'd', 'y', 's', 't', 'n':
		return true
	}
	return false
}

// secretNameSlow is secretName without its first look.
func secretNameSlow(name string) (string, bool) {
	for _, s := range secretSuffixes {
		if nameHasSuffix(name, s.suffix) {
			return s.typ, true
		}
	}
	if nameHasSuffix(name, "authorization") {
		return "authorization", true
	}
	return "", false
}

// nameHasSuffix reports whether name ends in suffix (lowercase, no '_' or
// '-'), ignoring ASCII case and the '_' and '-' in name.
func nameHasSuffix(name, suffix string) bool {
	i := len(name)
	for j := len(suffix) - 1; j >= 0; j-- {
		for i > 0 && (name[i-1] == '_' || name[i-1] == '-') {
			i--
		}
		if i == 0 {
			return false
		}
		c := name[i-1]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != suffix[j] {
			return false
		}
		i--
	}
	return true
}

// findAssignments appends the values assigned to secret names in s:
//
//	NAME=value  NAME="value"  name = 'value'   (env, shell, URL query, INI, code)
//	"name": "value"  "name": 123  name: value  (JSON, YAML, headers)
//	--name=value  --name value                 (command-line flags)
//
// It is hand-written rather than a regular expression because names are
// everywhere in code; each anchor hit costs the length of the name and value.
func findAssignments(s, lower string, rule int, spans []span) []span {
	var v valueEnds
	for _, a := range assignAnchors {
		// Hits come in order; one inside the name examined last has been
		// dealt with. That, and valueEnds, keeps each anchor's pass linear.
		skip := 0
		v = valueEnds{}
		for off := 0; ; {
			at := strings.Index(lower[off:], a)
			if at < 0 {
				break
			}
			at += off
			off = at + len(a)
			if at < skip {
				continue
			}
			ne := at + len(a)
			for ne < len(s) && nameChar(s[ne]) {
				ne++
			}
			skip = ne
			ns := at
			for ns > 0 && nameChar(s[ns-1]) {
				ns--
			}
			if sp, ok := assignment(s, ns, ne, &v); ok {
				sp.rule = rule
				spans = append(spans, sp)
			}
		}
	}
	return spans
}

// valueEnds remembers where the last bare value ended: a bare value that
// starts inside it ends at the same place.
type valueEnds struct{ start, end int }

// bare returns the end of a bare value at s[i]: it runs up to a blank, a
// quote, a backtick or one of & ; | , ) } ]. It is empty when s[i] is one
// of those or in notFirst.
func (v *valueEnds) bare(s string, i int, notFirst string) int {
	if i < len(s) && strings.IndexByte(notFirst, s[i]) >= 0 {
		return i
	}
	if v.start <= i && i < v.end {
		return v.end
	}
	j := i
	for j < len(s) && s[j] > ' ' && strings.IndexByte("'\"`&;|,)}]", s[j]) < 0 {
		j++
	}
	if j > i {
		*v = valueEnds{i, j}
	}
	return j
}

// assignment looks at the name s[ns:ne] and what follows it, and returns the
// secret assigned to it, if any.
func assignment(s string, ns, ne int, v *valueEnds) (span, bool) {
	name := s[ns:ne]
	typ, ok := secretName(strings.TrimRight(name, "."))
	if !ok || ne >= len(s) {
		return span{}, false
	}
	flag := strings.HasPrefix(name, "--")
	if flag && strings.HasPrefix(asciiLower(name), "--no-") {
		return span{}, false
	}
	keyQuoted := ns > 0 && (s[ns-1] == '"' || s[ns-1] == '\'')
	var vs, ve int
	k := ne
	switch {
	case s[k] == '=':
		// NAME=value or NAME="value"
		if vs, ve, ok = quoted(s, k+1); !ok {
			vs, ve = k+1, v.bare(s, k+1, "=$<")
		}
	case flag && (s[k] == ' ' || s[k] == '\t'):
		// --name value
		k = blanks(s, k)
		if vs, ve, ok = quoted(s, k); !ok {
			vs, ve = k, v.bare(s, k, "-$<\\")
		}
	default:
		// name = "value", "name": value, name: value
		if k < len(s) && s[k] == '\\' {
			k++
		}
		if k < len(s) && (s[k] == '"' || s[k] == '\'') {
			k++
			keyQuoted = true
		}
		k = blanks(s, k)
		if k >= len(s) {
			return span{}, false
		}
		switch s[k] {
		case '=':
			if k+1 < len(s) && s[k+1] == '=' {
				return span{}, false // a comparison
			}
			if vs, ve, ok = quoted(s, blanks(s, k+1)); !ok {
				return span{}, false
			}
		case ':':
			k = blanks(s, k+1)
			if vs, ve, ok = quoted(s, k); !ok {
				vs, ve = k, v.bare(s, k, "{[$<")
				if ve-vs > maxColonValue || !colonValue(keyQuoted, s[vs:ve]) {
					return span{}, false
				}
			}
		default:
			return span{}, false
		}
	}
	if vs == ve || placeholder(s[vs:ve]) {
		return span{}, false
	}
	return span{start: vs, end: ve, typ: typ}, true
}

// maxColonValue is the longest bare value after ':' taken for a secret;
// longer runs are data, not a password.
const maxColonValue = 512

// colonValue vets a bare value in `name: value`. After a quoted name
// (JSON) anything but a literal counts; after a bare name the text is often
// prose or code ("password: string", "token: see below"), so the value must
// look like a secret: a digit, or long, and not a dotted path or a call.
func colonValue(keyQuoted bool, v string) bool {
	if keyQuoted {
		return v != "true" && v != "false" && v != "null"
	}
	if len(v) < 6 || strings.ContainsAny(v, ".()") {
		return false
	}
	return hasDigit(v) || len(v) >= 12
}

// quoted reads a quoted value at s[i]: '…', "…" (with backslash escapes) or
// \"…\" (a quoted value inside a JSON string that was not decoded). It
// returns the bounds of the text between the quotes. Values do not span
// lines.
func quoted(s string, i int) (vs, ve int, ok bool) {
	if i >= len(s) {
		return 0, 0, false
	}
	switch {
	case s[i] == '\'':
		end := strings.IndexAny(s[i+1:], "'\n")
		if end < 0 || s[i+1+end] != '\'' {
			return 0, 0, false
		}
		return i + 1, i + 1 + end, true
	case s[i] == '\\' && i+1 < len(s) && s[i+1] == '"':
		for j := i + 2; j < len(s) && s[j] != '\n'; j++ {
			if s[j] == '\\' && j+1 < len(s) && s[j+1] == '"' {
				return i + 2, j, true
			}
		}
	case s[i] == '"':
		for j := i + 1; j < len(s) && s[j] != '\n'; j++ {
			switch s[j] {
			case '\\':
				j++
			case '"':
				return i + 1, j, true
			}
		}
	}
	return 0, 0, false
}

// blanks skips spaces and tabs.
func blanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

func nameChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '-'
}
