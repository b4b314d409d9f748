package main

import (
	"regexp/syntax"
	"strings"
)

// gateChecks derives byte tests from a gate, cheaper than matching it,
// that every keyword hit the gate accepts passes:
//   - next[k]: the bytes that can follow keyword k (jwt's "ey" is followed
//     by a letter or digit, vault's "s." too);
//   - near/between/nearDist: from the keyword's end, a byte of near comes
//     within nearDist bytes, after bytes of between only (the assignment
//     operator of the semi-generic rules, after spaces and a key's rest).
func gateChecks(gate *syntax.Regexp, keywords []string) (next map[string]string, near, between string, nearDist int) {
	if gate == nil {
		return nil, "", "", 0
	}
	alts := []*syntax.Regexp{gate}
	if gate.Op == syntax.OpAlternate {
		alts = gate.Sub
	}
	for _, k := range keywords {
		var set [128]bool
		ok := true
		for _, alt := range alts {
			ok = ok && addNextBytes(alt, k, &set)
		}
		// A set that lets spaces or most bytes through tests nothing.
		if ok && !set[' '] && len(bytesOf(&set)) < 70 {
			if next == nil {
				next = map[string]string{}
			}
			next[k] = bytesOf(&set)
		}
	}
	if gate.Op != syntax.OpConcat || len(gate.Sub) < 3 || !narrow(gate.Sub[len(gate.Sub)-1]) {
		return next, "", "", 0
	}
	subs := gate.Sub
	var inner [128]bool
	dist := 0
	for _, sub := range subs[1 : len(subs)-1] {
		if !addInnerBytes(sub, &inner) {
			return next, "", "", 0
		}
		dist = addBytes(dist, maxBytes(sub))
	}
	set := enumerate(subs[0], enumLimit)
	if set == nil || dist < 0 {
		return next, "", "", 0
	}
	longest := 0
	for _, s := range set {
		longest = max(longest, len(s))
		for i := 0; i < len(s); i++ {
			if s[i] >= 128 {
				return next, "", "", 0
			}
			addRunes(&inner, rune(s[i]), rune(s[i]), true)
		}
	}
	var nearSet [128]bool
	if !addFirstBytes(subs[len(subs)-1], &nearSet) {
		return next, "", "", 0
	}
	return next, bytesOf(&nearSet), bytesOf(&inner), dist + longest
}

// addNextBytes adds to set the bytes that can follow keyword k in a match
// of the gate alternative g (a concat starting with the keyword part); it
// returns false when that is not known.
func addNextBytes(g *syntax.Regexp, k string, set *[128]bool) bool {
	subs := []*syntax.Regexp{g}
	if g.Op == syntax.OpConcat {
		subs = g.Sub
	}
	strs := enumerate(subs[0], enumLimit)
	if strs == nil {
		return false
	}
	for _, s := range strs {
		if !strings.HasPrefix(s, k) {
			continue // this alternative cannot match at a hit of k
		}
		if len(s) > len(k) {
			addRunes(set, rune(s[len(k)]), rune(s[len(k)]), true)
			continue
		}
		// s == k: the first byte of what follows the keyword part.
		i := 1
		for ; i < len(subs); i++ {
			if !addFirstBytes(subs[i], set) {
				if minBytes(subs[i]) > 0 || !addInnerFirst(subs[i], set) {
					return false
				}
				continue
			}
			if minBytes(subs[i]) > 0 {
				break
			}
		}
		if i == len(subs) {
			return false // the gate can end right after the keyword
		}
	}
	return true
}

// addInnerFirst adds the first bytes of an element that may be empty
// (a{0,20}); false when they are not known.
func addInnerFirst(re *syntax.Regexp, set *[128]bool) bool {
	switch re.Op {
	case syntax.OpRepeat, syntax.OpStar, syntax.OpQuest:
		return addFirstBytes(re.Sub[0], set)
	}
	return false
}

// addInnerBytes adds every byte a match of re can contain; false when
// that is not a known set of ASCII bytes.
func addInnerBytes(re *syntax.Regexp, set *[128]bool) bool {
	switch re.Op {
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if !addRunes(set, r, r, re.Flags&syntax.FoldCase != 0) {
				return false
			}
		}
		return true
	case syntax.OpCharClass:
		return addFirstBytes(re, set)
	case syntax.OpEmptyMatch:
		return true
	case syntax.OpRepeat, syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpCapture,
		syntax.OpConcat, syntax.OpAlternate:
		for _, sub := range re.Sub {
			if !addInnerBytes(sub, set) {
				return false
			}
		}
		return true
	}
	return false
}

func bytesOf(set *[128]bool) string {
	var out []byte
	for b, ok := range set {
		if ok {
			out = append(out, byte(b))
		}
	}
	return string(out)
}

func addFirstBytes(re *syntax.Regexp, set *[128]bool) bool {
	switch re.Op {
	case syntax.OpLiteral:
		if len(re.Rune) == 0 {
			return false
		}
		return addRunes(set, re.Rune[0], re.Rune[0], re.Flags&syntax.FoldCase != 0)
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if !addRunes(set, re.Rune[i], re.Rune[i+1], false) {
				return false
			}
		}
		return true
	case syntax.OpCapture, syntax.OpPlus:
		return addFirstBytes(re.Sub[0], set)
	case syntax.OpRepeat:
		return re.Min >= 1 && addFirstBytes(re.Sub[0], set)
	case syntax.OpConcat:
		return len(re.Sub) > 0 && minBytes(re.Sub[0]) > 0 && addFirstBytes(re.Sub[0], set)
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			if minBytes(sub) == 0 || !addFirstBytes(sub, set) {
				return false
			}
		}
		return true
	}
	return false
}

func addRunes(set *[128]bool, lo, hi rune, fold bool) bool {
	for r := lo; r <= hi; r++ {
		switch {
		case r < 128:
			set[r] = true
			if fold && 'a' <= r && r <= 'z' {
				set[r-'a'+'A'] = true
			} else if fold && 'A' <= r && r <= 'Z' {
				set[r-'A'+'a'] = true
			}
		case isFoldOnly(r):
		default:
			return false
		}
	}
	return true
}

// minBytes is the shortest match of re in bytes.
func minBytes(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpLiteral:
		return len(re.Rune)
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return 1
	case syntax.OpCapture, syntax.OpPlus:
		return minBytes(re.Sub[0])
	case syntax.OpRepeat:
		return re.Min * minBytes(re.Sub[0])
	case syntax.OpConcat:
		n := 0
		for _, s := range re.Sub {
			n += minBytes(s)
		}
		return n
	case syntax.OpAlternate:
		n := -1
		for _, s := range re.Sub {
			if m := minBytes(s); n < 0 || m < n {
				n = m
			}
		}
		return max(n, 0)
	}
	return 0
}

// tailCheck describes what must follow a gate that ends with a narrow
// element (an assignment operator): after the operator's first byte, at
// most skipMax bytes of skip (the rest of the operator, quotes, spaces),
// then at least min bytes of class (the secret). ok is false when the
// pattern does not have that shape.
func tailCheck(gate *syntax.Regexp, rest []*syntax.Regexp) (skip string, skipMax int, class string, min int, ok bool) {
	if gate == nil || gate.Op != syntax.OpConcat || len(rest) == 0 {
		return "", 0, "", 0, false
	}
	op := gate.Sub[len(gate.Sub)-1]
	var skipSet [128]bool
	if !addInnerBytes(op, &skipSet) || maxBytes(op) < 1 {
		return "", 0, "", 0, false
	}
	skipMax = maxBytes(op) - 1
	for _, sub := range rest {
		if minBytes(sub) == 0 {
			n := maxBytes(sub)
			if n < 0 || !addInnerBytes(sub, &skipSet) {
				return "", 0, "", 0, false
			}
			skipMax += n
			continue
		}
		var cls [128]bool
		if !addInnerBytes(sub, &cls) {
			return "", 0, "", 0, false
		}
		return bytesOf(&skipSet), skipMax, bytesOf(&cls), minBytes(sub), true
	}
	return "", 0, "", 0, false
}
