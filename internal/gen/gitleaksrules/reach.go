package main

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"
)

// reach returns how many bytes a match of expr can extend before and after
// the END of a keyword occurrence inside it (-1: unbounded), and a gate:
// a small pattern that must match at the start of a keyword hit for expr
// to have a match there ("" when there is none).
//
// When the pattern has a part that only matches strings containing one of
// the keywords (gitleaks' rules mostly do: the service name or the token
// prefix), the bounds are measured from that part: every match then
// contains a keyword hit whose window holds the whole match. Otherwise the
// keyword need not be in the match at all (gitleaks only asks that it
// occurs somewhere in the file) and both bounds are -1.
//
// When that part's strings all start with a keyword, the gate is the part
// and what follows it, up to and including the first narrow element (one
// that starts with one of a few bytes, such as the assignment operator of
// gitleaks' semi-generic rules): `(?i:adafruit)[ \t\w.-]{0,20}[\s'"]{0,3}(?:=|:|…)`.
// Most keyword hits in prose fail it, at the cost of a tiny match.
func reach(expr string, keywords []string) (before, after int, gate *syntax.Regexp, rest []*syntax.Regexp, err error) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return 0, 0, nil, nil, err
	}
	// Not simplified: the gate is written from this tree and stays
	// readable ({0,20} rather than twenty nested groups).
	an := analyzer{keywords: keywords}
	for _, k := range keywords {
		an.tail = max(an.tail, len(k)-1)
	}
	if r := an.reach(re, []string{""}); r.ok {
		if r.gate != nil {
			if _, err := regexp.Compile(r.gate.String()); err != nil {
				return 0, 0, nil, nil, fmt.Errorf("gate %s: %w", r.gate, err)
			}
		}
		return r.before, r.after, r.gate, r.rest, nil
	}
	return -1, -1, nil, nil, nil
}

// analyzer finds, in a parsed pattern, the point where a keyword must have
// been matched.
type analyzer struct {
	keywords []string
	tail     int // longest keyword - 1: how much of a prefix can join a keyword
}

type reachResult struct {
	before, after int
	gate          *syntax.Regexp
	rest          []*syntax.Regexp // what follows the gate in its pattern
	ok            bool
}

const enumLimit = 256

// reach returns the bytes from the start of re to the end of a keyword
// occurrence, and from there to the end of re, given the strings ctx that
// may precede re (a keyword can straddle them).
func (an *analyzer) reach(re *syntax.Regexp, ctx []string) reachResult {
	switch re.Op {
	case syntax.OpCapture:
		return an.reach(re.Sub[0], ctx)
	case syntax.OpAlternate:
		out := reachResult{ok: true}
		gates := &syntax.Regexp{Op: syntax.OpAlternate}
		for _, sub := range re.Sub {
			r := an.reach(sub, ctx)
			if !r.ok {
				return reachResult{}
			}
			out.before, out.after = maxBound(out.before, r.before), maxBound(out.after, r.after)
			if gates != nil && r.gate != nil {
				gates.Sub = append(gates.Sub, r.gate)
			} else {
				gates = nil
			}
		}
		if gates != nil {
			out.gate = gates
		}
		return out
	case syntax.OpConcat:
		return an.concat(re.Sub, ctx)
	case syntax.OpPlus:
		r := an.reach(re.Sub[0], ctx)
		return reachResult{before: r.before, after: addBytes(r.after, maxBytes(re)), ok: r.ok}
	case syntax.OpRepeat:
		if re.Min >= 1 {
			r := an.reach(re.Sub[0], ctx)
			return reachResult{before: r.before, after: addBytes(r.after, maxBytes(re)), ok: r.ok}
		}
		return reachResult{}
	}
	return an.concat([]*syntax.Regexp{re}, ctx)
}

func (an *analyzer) concat(subs []*syntax.Regexp, ctx []string) reachResult {
	acc := 0
	for i, sub := range subs {
		if set := enumerate(sub, enumLimit); set != nil {
			combos := make([]string, 0, len(ctx)*len(set))
			all := true
			for _, c := range ctx {
				for _, s := range set {
					combos = append(combos, c+s)
					all = all && containsAny(c+s, an.keywords)
				}
			}
			acc = addBytes(acc, maxBytes(sub))
			if all {
				// The keyword ends somewhere inside sub.
				r := reachResult{before: acc, after: addBytes(maxBytes(sub), rest(subs[i+1:])), ok: true}
				if an.startsWithKeyword(set) {
					r.gate, r.rest = gate(subs[i:])
				}
				return r
			}
			ctx = an.tails(combos)
			continue
		}
		if composite(sub) {
			if r := an.reach(sub, ctx); r.ok {
				r.before = addBytes(acc, r.before)
				r.after = addBytes(r.after, rest(subs[i+1:]))
				return r
			}
		}
		acc = addBytes(acc, maxBytes(sub))
		ctx = []string{""}
	}
	return reachResult{}
}

func (an *analyzer) startsWithKeyword(set []string) bool {
	for _, s := range set {
		found := false
		for _, k := range an.keywords {
			if strings.HasPrefix(s, k) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// gate returns subs[0] and the bounded elements after it, up to and
// including the first narrow one or the first unbounded one cut to its
// minimum (a+ → a, a{17,} → a{17}); nil when that adds nothing to subs[0].
// rest is what follows a gate that ends with its narrow element.
func gate(subs []*syntax.Regexp) (g *syntax.Regexp, rest []*syntax.Regexp) {
	parts := []*syntax.Regexp{subs[0]}
	size := maxBytes(subs[0])
	for i, sub := range subs[1:] {
		if n := maxBytes(sub); n < 0 {
			if cut := minimumOf(sub); cut != nil {
				parts = append(parts, cut)
			}
			break
		} else if size += n; size > 512 {
			break
		}
		parts = append(parts, sub)
		if narrow(sub) {
			rest = subs[i+2:]
			break
		}
	}
	if len(parts) == 1 {
		return nil, nil
	}
	return &syntax.Regexp{Op: syntax.OpConcat, Sub: parts}, rest
}

// minimumOf returns an unbounded repetition cut to its minimum count, or
// nil.
func minimumOf(re *syntax.Regexp) *syntax.Regexp {
	switch re.Op {
	case syntax.OpPlus:
		return re.Sub[0]
	case syntax.OpRepeat:
		if re.Min >= 1 && maxBytes(re.Sub[0]) >= 0 {
			return &syntax.Regexp{Op: syntax.OpRepeat, Flags: re.Flags, Sub: re.Sub, Min: re.Min, Max: re.Min}
		}
	case syntax.OpCapture:
		if cut := minimumOf(re.Sub[0]); cut != nil {
			return cut
		}
	}
	return nil
}

// narrow reports an element that matches only non-empty strings starting
// with one of at most eight bytes.
func narrow(re *syntax.Regexp) bool {
	set := enumerate(re, enumLimit)
	if set == nil {
		return false
	}
	first := map[byte]bool{}
	for _, s := range set {
		if s == "" {
			return false
		}
		first[s[0]] = true
	}
	return len(first) <= 8
}

func composite(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpCapture, syntax.OpAlternate, syntax.OpConcat, syntax.OpPlus, syntax.OpRepeat:
		return true
	}
	return false
}

// tails keeps the ends of the strings that can still join a keyword.
func (an *analyzer) tails(ss []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		if len(s) > an.tail {
			s = s[len(s)-an.tail:]
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	if len(out) > enumLimit {
		return []string{""}
	}
	return out
}

func rest(subs []*syntax.Regexp) int {
	n := 0
	for _, s := range subs {
		n = addBytes(n, maxBytes(s))
	}
	return n
}
