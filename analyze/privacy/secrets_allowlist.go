package privacy

import (
	"encoding/json"
	"regexp/syntax"
	"slices"
	"strings"
)

// gitleaks' allowlists: a finding of a rule is dropped when its secret
// (or the match, or the line) matches one of an allowlist's expressions or
// contains one of its stopwords, or, for an AND allowlist, all of those
// that it has. Path and commit conditions never hold here: there is no
// file and no commit.

type secretAllowlistRaw struct {
	Condition   string   `json:"condition"`
	RegexTarget string   `json:"regexTarget"`
	Regexes     []string `json:"regexes"`
	StopWords   []string `json:"stopwords"`
	Paths       []string `json:"paths"`
}

// secretAllowlist is a compiled gitleaks allowlist. gitleaks' path and
// commit conditions never hold here (there is no file, no commit).
type secretAllowlist struct {
	and      bool
	target   string // "" (the secret), "match" or "line"
	res      []secretAllowRegexp
	stop     secretStopWords
	hasPaths bool
}

// secretAllowRegexp is one alternative of an allowlist's expressions (they
// are split at their top-level |), with the lower-cased literals every
// match of it contains: most alternatives are ruled out by a substring
// test, without running them.
type secretAllowRegexp struct {
	re   *secretLazyRegexp // compiled when its literals first occur
	lits []string
}

func compileSecretAllowRegexps(exprs []string) ([]secretAllowRegexp, error) {
	var out []secretAllowRegexp
	for _, expr := range exprs {
		parsed, err := syntax.Parse(expr, syntax.Perl)
		if err != nil {
			return nil, err
		}
		alts := []*syntax.Regexp{parsed}
		if parsed.Op == syntax.OpAlternate {
			alts = parsed.Sub
		}
		for _, alt := range alts {
			out = append(out, secretAllowRegexp{re: &secretLazyRegexp{expr: alt.String()}, lits: secretRequired(alt)})
		}
	}
	return out, nil
}

// secretRequired returns lower-cased literals that every match of re
// contains.
func secretRequired(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{strings.ToLower(string(re.Rune))}
	case syntax.OpCapture, syntax.OpPlus:
		return secretRequired(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return secretRequired(re.Sub[0])
		}
	case syntax.OpConcat:
		var out []string
		for _, sub := range re.Sub {
			out = append(out, secretRequired(sub)...)
		}
		return out
	case syntax.OpAlternate:
		common := secretRequired(re.Sub[0])
		for _, sub := range re.Sub[1:] {
			lits := secretRequired(sub)
			common = slices.DeleteFunc(common, func(c string) bool { return !slices.Contains(lits, c) })
		}
		return common
	}
	return nil
}

// matches reports whether an alternative matches target (lower: the same,
// lower-cased).
func (a *secretAllowlist) matches(target, lower string) bool {
	for i := range a.res {
		r := &a.res[i]
		ok := true
		for _, lit := range r.lits {
			if !strings.Contains(lower, lit) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		if re := r.re.get(); re != nil && re.MatchString(target) {
			return true
		}
	}
	return false
}

// secretStopWords is a set of lower-cased stopwords indexed by their first
// two bytes (the generic rule has ~1,500 of them).
type secretStopWords struct {
	short []string            // stopwords of fewer than two bytes
	by    map[uint16][]string // the others, by their first two bytes
}

func newSecretStopWords(words []string) secretStopWords {
	var s secretStopWords
	for _, w := range words {
		w = strings.ToLower(w)
		if len(w) < 2 {
			s.short = append(s.short, w)
			continue
		}
		if s.by == nil {
			s.by = map[uint16][]string{}
		}
		b := uint16(w[0])<<8 | uint16(w[1])
		s.by[b] = append(s.by[b], w)
	}
	return s
}

func (s *secretStopWords) empty() bool { return len(s.short) == 0 && len(s.by) == 0 }

// in reports whether the lower-cased secret contains a stopword.
func (s *secretStopWords) in(lower string) bool {
	for _, w := range s.short {
		if strings.Contains(lower, w) {
			return true
		}
	}
	for i := 0; i+1 < len(lower); i++ {
		for _, w := range s.by[uint16(lower[i])<<8|uint16(lower[i+1])] {
			if strings.HasPrefix(lower[i:], w) {
				return true
			}
		}
	}
	return false
}

// allowlists compiles the rule's allowlists on first use: only a rule
// that found something needs them.
func (c *secretCompiled) allowlists() ([]secretAllowlist, error) {
	c.allowOnce.Do(func() {
		if len(c.allowRaw) == 0 {
			return
		}
		var raws []secretAllowlistRaw
		if c.allowErr = json.Unmarshal(c.allowRaw, &raws); c.allowErr == nil {
			c.allow, c.allowErr = compileSecretAllowlists(raws)
		}
	})
	return c.allow, c.allowErr
}

func compileSecretAllowlists(raws []secretAllowlistRaw) ([]secretAllowlist, error) {
	var out []secretAllowlist
	for _, a := range raws {
		al := secretAllowlist{
			and:      a.Condition == "AND",
			target:   a.RegexTarget,
			hasPaths: len(a.Paths) > 0,
		}
		if len(a.Regexes) > 0 {
			// gitleaks joins an allowlist's regexes with |: any one
			// matching allows.
			res, err := compileSecretAllowRegexps(a.Regexes)
			if err != nil {
				return nil, err
			}
			al.res = res
		}
		al.stop = newSecretStopWords(a.StopWords)
		out = append(out, al)
	}
	return out, nil
}

// allows reports whether the allowlist lets a finding through, as
// gitleaks' checkFindingAllowed does.
func (a *secretAllowlist) allows(secret, match, line string) bool {
	target := secret
	switch a.target {
	case "match":
		target = match
	case "line":
		target = line
	}
	if a.and && a.hasPaths {
		return false // no path: the AND condition cannot hold
	}
	hasStop := !a.stop.empty()
	// The stopwords first: they are cheaper than the expressions.
	stopOK := hasStop && secret != "" && a.stop.in(strings.ToLower(secret))
	if !a.and && stopOK {
		return true
	}
	if a.and && hasStop && !stopOK {
		return false
	}
	hasRe := len(a.res) > 0
	regexOK := hasRe && target != "" && a.matches(target, strings.ToLower(target))
	if !a.and {
		return regexOK
	}
	if hasRe && !regexOK {
		return false
	}
	return hasRe || hasStop
}
