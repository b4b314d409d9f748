package main

import (
	"regexp/syntax"
	"slices"
	"strings"
)

// Measures of a parsed expression: longest and shortest matches, the
// strings it matches when they are few, literals every match contains.

func containsAny(s string, keywords []string) bool {
	for _, k := range keywords {
		if strings.Contains(s, k) {
			return true
		}
	}
	return false
}

func addBytes(a, b int) int {
	if a < 0 || b < 0 {
		return -1
	}
	return a + b
}

func maxBound(a, b int) int {
	if a < 0 || b < 0 {
		return -1
	}
	return max(a, b)
}

// enumerate returns the lower-cased strings re matches when they are at
// most limit, or nil.
func enumerate(re *syntax.Regexp, limit int) []string {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
		syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return []string{""}
	case syntax.OpLiteral:
		return []string{strings.ToLower(string(re.Rune))}
	case syntax.OpCharClass:
		seen := map[string]bool{}
		var out []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				if isFoldOnly(r) {
					continue
				}
				s := strings.ToLower(string(r))
				if !seen[s] {
					seen[s] = true
					out = append(out, s)
				}
				if len(out) > limit {
					return nil
				}
			}
		}
		return out
	case syntax.OpAnyCharNotNL:
		// Rules write "hooks.slack.com" with a bare dot; their keyword
		// has the dot, and so has every real match.
		return []string{"."}
	case syntax.OpRepeat:
		if re.Max < 0 || re.Max > 4 {
			return nil
		}
		sub := enumerate(re.Sub[0], limit)
		if sub == nil {
			return nil
		}
		var out []string
		cur := []string{""}
		for n := 0; n <= re.Max; n++ {
			if n >= re.Min {
				out = append(out, cur...)
			}
			if len(out) > limit {
				return nil
			}
			var next []string
			for _, a := range cur {
				for _, b := range sub {
					next = append(next, a+b)
				}
			}
			if len(next) > limit {
				if n+1 <= re.Max {
					return nil
				}
			}
			cur = next
		}
		return out
	case syntax.OpCapture:
		return enumerate(re.Sub[0], limit)
	case syntax.OpQuest:
		sub := enumerate(re.Sub[0], limit)
		if sub == nil || len(sub)+1 > limit {
			return nil
		}
		return append([]string{""}, sub...)
	case syntax.OpAlternate:
		var out []string
		for _, s := range re.Sub {
			sub := enumerate(s, limit)
			if sub == nil || len(out)+len(sub) > limit {
				return nil
			}
			out = append(out, sub...)
		}
		return out
	case syntax.OpConcat:
		out := []string{""}
		for _, s := range re.Sub {
			sub := enumerate(s, limit)
			if sub == nil || len(out)*len(sub) > limit {
				return nil
			}
			next := make([]string, 0, len(out)*len(sub))
			for _, a := range out {
				for _, b := range sub {
					next = append(next, a+b)
				}
			}
			out = next
		}
		return out
	}
	return nil
}

// isFoldOnly reports the two non-ASCII runes that case folding adds to
// ASCII letters (ſ for s, K for k); text that uses them instead of the
// letters is ignored when measuring.
func isFoldOnly(r rune) bool { return r == 0x17F || r == 0x212A }

// maxBytes is the longest match of re in bytes, or -1 if unbounded.
func maxBytes(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpNoMatch, syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine,
		syntax.OpBeginText, syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return 0
	case syntax.OpLiteral:
		n := 0
		for _, r := range re.Rune {
			n += runeBytes(r)
		}
		return n
	case syntax.OpCharClass:
		w := 0
		for i := 1; i < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i-1], re.Rune[i]
			if lo == hi && isFoldOnly(lo) {
				continue
			}
			w = max(w, runeBytes(hi))
		}
		return w
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		return 4
	case syntax.OpCapture, syntax.OpQuest:
		return maxBytes(re.Sub[0])
	case syntax.OpStar, syntax.OpPlus:
		if maxBytes(re.Sub[0]) == 0 {
			return 0
		}
		return -1
	case syntax.OpRepeat:
		sub := maxBytes(re.Sub[0])
		if sub == 0 {
			return 0
		}
		if sub < 0 || re.Max < 0 {
			return -1
		}
		return sub * re.Max
	case syntax.OpConcat, syntax.OpAlternate:
		n := 0
		for _, s := range re.Sub {
			m := maxBytes(s)
			if m < 0 {
				return -1
			}
			if re.Op == syntax.OpConcat {
				n += m
			} else {
				n = max(n, m)
			}
		}
		return n
	}
	return -1
}

func runeBytes(r rune) int {
	switch {
	case r < 0x80:
		return 1
	case r < 0x800:
		return 2
	case r < 0x10000:
		return 3
	}
	return 4
}

// required returns up to three of the longest lower-cased literals (of at
// least three bytes) that every match of expr contains: the detector skips
// a window that lacks one of them without running the pattern.
func required(expr string) ([]string, error) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, s := range requiredSet(re.Simplify()) {
		if len(s) >= 3 && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	slices.SortStableFunc(out, func(a, b string) int { return len(b) - len(a) })
	if len(out) > 3 {
		out = out[:3]
	}
	return out, nil
}

func requiredSet(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{strings.ToLower(string(re.Rune))}
	case syntax.OpCapture, syntax.OpPlus:
		return requiredSet(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return requiredSet(re.Sub[0])
		}
	case syntax.OpConcat:
		var out []string
		for _, s := range re.Sub {
			out = append(out, requiredSet(s)...)
		}
		return out
	case syntax.OpAlternate:
		common := requiredSet(re.Sub[0])
		for _, s := range re.Sub[1:] {
			set := requiredSet(s)
			common = slices.DeleteFunc(common, func(c string) bool { return !slices.Contains(set, c) })
		}
		return common
	}
	return nil
}
