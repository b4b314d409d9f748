package destination

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The warnings (seed 001, "Phishing Suspected"): exactly one, naming the
// likely real domain.
//
//	service known:  I'm not going to send your credentials to gma1l.com. This doesn't look like Gmail — possible phishing. Did you mean gmail.com?
//	plain http://:  I'm not going to send your credentials to example.com over plain http:// — possible phishing. Did you mean https://example.com?
//	mixed scripts:  I'm not going to send your credentials to xn--…. Its name mixes Latin and Cyrillic letters — possible phishing.
//
// A host with non-ASCII labels is named in its xn-- form, the one that
// cannot pass for another. The Reason sentences below go to the log.

// shown names a host for the log: its Unicode form, and the xn-- form too
// when they differ.
func shown(h *hostInfo) string {
	if h.unicode != h.ascii {
		return h.ascii + " (" + h.unicode + ")"
	}
	return h.ascii
}

func (x *index) labelSentence(m match, h *hostInfo) string {
	host := shown(h)
	name := x.services[m.svc].Name
	target := m.domain + " (" + name + ")"
	t := &x.tokens[m.tok]
	switch m.how {
	case howHomoglyph:
		from, to, places := diff(m.label, t.raw)
		if places == 1 && utf8.RuneCountInString(from) == 1 && utf8.RuneCountInString(to) == 1 {
			return host + " is one character away from " + target + ": " + describe(from) + " in place of \"" + to + "\""
		}
		d := describe(from) + " in place of \"" + to + "\""
		if places > 1 {
			d += " (" + strconv.Itoa(places) + " places)"
		}
		return host + " imitates " + target + " with look-alike characters: " + d
	case howHyphen:
		return host + " is " + target + " with a hyphen added"
	case howTypo1:
		return host + " is one character away from " + target
	case howTypo2:
		return host + " is two characters away from " + target
	case howTLD:
		return host + " carries " + name + "'s name but is not one of its domains (" + m.domain + " is)"
	default:
		return host + " adds words to " + name + "'s name; " + name + "'s domain is " + m.domain
	}
}

func (x *index) subSentence(m match, h *hostInfo) string {
	if m.tok < 0 {
		return shown(h) + " puts " + m.domain + " in front of another domain, " + h.reg
	}
	return shown(h) + " puts " + x.services[m.svc].Name + "'s name in front of another domain, " + h.reg
}

func (x *index) sentence(kind string, m match, t *target) string {
	host := shown(&t.host)
	what := m.domain
	if m.tok >= 0 {
		what = x.services[m.svc].Name
	}
	switch kind {
	case KindBrandInPath:
		return host + " only mentions " + what + " in its path; it is not " + m.domain
	case KindBrandInUserinfo:
		return "the URL goes to " + host + "; the " + m.domain + " before the @ is only a user name"
	default: // KindBrandMismatch
		return "the task names " + x.services[m.svc].Name + ", but " + host + " is not one of its domains (" + m.domain + " is)"
	}
}

// diff returns what differs between a label and the token it imitates: the
// first differing character of each when they have as many characters, and
// in how many places they differ; otherwise the differing middle parts.
func diff(label, tok string) (from, to string, places int) {
	a, b := []rune(label), []rune(tok)
	if len(a) == len(b) {
		for i := range a {
			if a[i] != b[i] {
				if places == 0 {
					from, to = string(a[i]), string(b[i])
				}
				places++
			}
		}
		return from, to, places
	}
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	return string(a[p : len(a)-s]), string(b[p : len(b)-s]), 1
}

// describe quotes a character, naming its script when it is not ASCII:
// Cyrillic "а".
func describe(s string) string {
	q := "\"" + s + "\""
	if isASCII(s) {
		return q
	}
	if n := scriptNames(scriptsOf(s)); n != "" && !strings.Contains(n, " and ") {
		return n + " " + q
	}
	return q + " (U+" + strings.ToUpper(strconv.FormatInt(int64(firstRune(s)), 16)) + ")"
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}
