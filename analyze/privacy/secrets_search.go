package privacy

import (
	"bytes"
	"math"
	"strings"
)

// How a gitleaks rule runs around its keyword hits: a rule with a core
// matches it at each hit (coreAt); the others widen a window per run of
// nearby hits and search it (flush): anchored at the hits when their
// matches start close to the keyword (anchoredAt), over the whole window
// otherwise (searchPlain). emit applies gitleaks' secret group, entropy
// floor and allowlists.

// hit handles a keyword of rule r at text[p:q]: it matches the rule's core
// there, or widens the rule's window (a window that does not overlap the
// new one is searched and replaced).
func (s *secretScan) hit(r int32, word string, p, q int) {
	if s.rules[r].done {
		return
	}
	rule := s.e.rules[r]
	c, err := rule.compiled()
	if err != nil || !c.gateOpen(s.text, word, p, q) {
		return
	}
	h := &rule.secretRuleHead
	if c.core.expr != "" {
		s.coreAt(r, c, p, q)
		return
	}
	before, after := h.Before, h.After
	if before < 0 {
		before = secretCapBefore
	}
	if after < 0 {
		after = secretCapAfter
	}
	// One byte past the longest match: an end-of-text assertion ($, \b)
	// cannot then hold at the window's end where the text goes on.
	w := secretWindow{s0: max(0, q-before), s1: p, e: min(len(s.text), q+after+1)}
	cur := &s.rules[r].w
	if cur.e > 0 {
		// The anchored search tries only the start ranges, so windows join
		// when those touch; the plain search reads the whole window.
		reach := cur.s1 + 1
		if before == secretCapBefore && h.Before < 0 {
			reach = cur.e
		}
		if w.s0 <= reach {
			cur.s0 = min(cur.s0, w.s0)
			cur.s1 = max(cur.s1, w.s1)
			cur.e = max(cur.e, w.e)
			return
		}
		s.flush(r, *cur)
	} else {
		s.active = append(s.active, r)
	}
	*cur = w
}

// secretBudget is how many bytes one rule may hand to the regular
// expression engine for a text of n bytes before it falls back to one
// pass over the rest (see secretRuleState.spent).
func secretBudget(n int) int { return 4*n + 256<<10 }

// secretMatchCost is what a search that found loc costs: the end of the
// match (the next search starts after it), or everything when it found
// nothing.
func secretMatchCost(loc []int) int {
	if loc == nil {
		return math.MaxInt
	}
	return loc[1]
}

// charge counts n bytes against rule r's budget; past it, the rule runs
// once over the text from from on and charge returns false.
func (s *secretScan) charge(r int32, c *secretCompiled, n, from int) bool {
	st := &s.rules[r]
	if st.spent += n; st.spent <= secretBudget(len(s.text)) {
		return true
	}
	st.done = true
	from = max(from, st.lastEnd)
	if c.core.expr == "" {
		s.searchPlain(r, c, secretWindow{s0: from, e: len(s.text)})
		return false
	}
	// A rule with a core: search for the core (without the identifier
	// prefix, which makes the full expression slow) and walk back over
	// the prefix from each match.
	re := c.coreAll.get()
	if re == nil {
		return false
	}
	for _, loc := range re.FindAllStringSubmatchIndex(s.text[from:], -1) {
		p, off := from+loc[0], loc[0]
		for i := range loc {
			if loc[i] >= 0 {
				loc[i] -= off
			}
		}
		s.emitCore(r, c, p, loc)
	}
	return false
}

// coreAt matches a rule's core at a keyword hit text[p:q] and emits the
// match (see secretCompiled.core).
func (s *secretScan) coreAt(r int32, c *secretCompiled, p, q int) {
	if p < s.rules[r].lastEnd {
		return // inside the last match: gitleaks' matches do not overlap
	}
	after := s.e.rules[r].After
	e := len(s.text)
	if after >= 0 {
		e = min(e, q+after+1)
	} else {
		e = min(e, q+256)
	}
	loc := c.core.find(s.text[p:e])
	if loc != nil && p+loc[1] == e && e < len(s.text) && after < 0 {
		// The match runs into the probe's end: look as far as the cap.
		e = min(len(s.text), q+secretCapAfter)
		loc = c.core.find(s.text[p:e])
	}
	// A match costs what it covers (the next search starts after it), a
	// miss what it was given.
	if cost := e - p; !s.charge(r, c, min(cost, secretMatchCost(loc)), p) || loc == nil {
		return
	}
	s.emitCore(r, c, p, loc)
}

// emitCore emits a match of the core at text[p:] (loc relative to p): the
// rule's match starts where the identifier prefix before p does.
func (s *secretScan) emitCore(r int32, c *secretCompiled, p int, loc []int) {
	ms := p
	for ms > 0 && p-ms < c.prefixMax && s.text[ms-1] < 128 && c.prefix[s.text[ms-1]] {
		ms--
	}
	loc[0] = ms - p
	s.emit(r, c, p, loc)
}

// flush searches a window for rule r's matches.
func (s *secretScan) flush(r int32, w secretWindow) {
	rule := s.e.rules[r]
	if s.rules[r].done {
		return
	}
	if rule.After >= 0 || rule.Before < 0 {
		// Every match in the window contains these: a bounded window
		// holds whole matches, the plain search reads its whole window.
		for _, lit := range rule.Required {
			if !bytes.Contains(s.lower[w.s0:w.e], []byte(lit)) {
				return
			}
		}
	}
	c, err := rule.compiled()
	if err != nil {
		return
	}
	if c.span == 0 {
		s.searchPlain(r, c, w)
		return
	}
	for pos := w.s0; pos <= w.s1; {
		pos = max(pos, s.rules[r].lastEnd)
		if pos > w.s1 {
			break
		}
		loc, base, ok := s.anchoredAt(r, c, pos, w.e)
		if !ok {
			return
		}
		if loc == nil {
			pos += c.span + 1
			continue
		}
		// loc[2:4] is the rule's match, loc[4:] its groups.
		s.emit(r, c, base, loc[2:])
		pos = max(base+loc[3], base+loc[2]+1)
	}
}

// anchoredAt finds the leftmost match of c that starts in
// [pos, pos+c.span] and ends by e. It returns the submatch offsets of the
// anchored form, relative to base; ok is false when the rule's budget ran
// out (and it searched the rest of the text).
func (s *secretScan) anchoredAt(r int32, c *secretCompiled, pos, e int) (loc []int, base int, ok bool) {
	for try := 0; ; try++ {
		if pos == 0 {
			loc, base = c.at0.find(s.text[:e]), 0
		} else {
			// The byte before pos goes along so that \b and the like
			// see the real text.
			loc, base = c.at1.find(s.text[pos-1:e]), pos-1
		}
		if !s.charge(r, c, min(e-base, secretMatchCost(loc)), pos) {
			return nil, 0, false
		}
		if loc == nil || base+loc[3] < e || e == len(s.text) || try > 0 {
			return loc, base, true
		}
		// The match runs into the window's end (an unbounded rule): look
		// further once, so that it is not cut short.
		e = min(len(s.text), e+4*secretCapAfter)
	}
}

// searchPlain runs a rule over a whole window, from the start of its first
// line: for a rule whose matches may start far from its keywords, and for
// the rest of the text when a rule's budget ran out.
func (s *secretScan) searchPlain(r int32, c *secretCompiled, w secretWindow) {
	s0 := w.s0
	if s0 > 0 && s0 > s.rules[r].lastEnd {
		from := max(0, s0-256, s.rules[r].lastEnd)
		if i := strings.LastIndexByte(s.text[from:s0], '\n'); i >= 0 {
			s0 = from + i + 1
		}
	}
	re := c.plain.get()
	if re == nil || s0 >= w.e {
		return
	}
	for _, loc := range re.FindAllStringSubmatchIndex(s.text[s0:w.e], -1) {
		s.emit(r, c, s0, loc)
	}
}

// emit turns a match into a finding as gitleaks does: loc holds the
// match and its groups, relative to base. The secret is the rule's secret
// group (or its first non-empty group, or the match); it must be above
// the rule's entropy floor and pass the allowlists.
func (s *secretScan) emit(r int32, c *secretCompiled, base int, loc []int) {
	ms, me := base+loc[0], base+loc[1]
	for ms < me && s.text[ms] == '\n' {
		ms++
	}
	for me > ms && s.text[me-1] == '\n' {
		me--
	}
	match := s.text[ms:me]
	if match == "" {
		return
	}
	st := &s.rules[r]
	st.lastEnd = max(st.lastEnd, base+loc[1])
	a, b := ms, me
	if groups := loc[2:]; len(groups) >= 2 {
		if c.secretGroup > 0 {
			i := 2 * (c.secretGroup - 1)
			if i+1 >= len(groups) || groups[i] < 0 {
				return
			}
			a, b = base+groups[i], base+groups[i+1]
		} else {
			for i := 0; i+1 < len(groups); i += 2 {
				if groups[i] >= 0 && groups[i+1] > groups[i] {
					a, b = base+groups[i], base+groups[i+1]
					break
				}
			}
		}
	}
	secret := s.text[a:b]
	if secret == "" {
		return
	}
	if c.entropy != 0 && secretEntropy(secret) <= c.entropy {
		return
	}
	lineStart, lineEnd := s.lineAround(ms, me)
	line := s.text[lineStart:lineEnd]
	global, err := s.e.globalAllowlists()
	if err != nil {
		return
	}
	for i := range global {
		if global[i].allows(secret, match, line) {
			return
		}
	}
	allow, err := c.allowlists()
	if err != nil {
		return
	}
	for i := range allow {
		if allow[i].allows(secret, match, line) {
			return
		}
	}
	s.out = append(s.out, Finding{Type: c.typ, Start: a, End: b, Confidence: c.confidence, Rule: s.e.rules[r].ID})
	s.lines = append(s.lines, lineStart)
}

// lineAround returns the lines holding text[ms:me], at most 4 KiB to
// either side.
func (s *secretScan) lineAround(ms, me int) (start, end int) {
	from := max(0, ms-4096)
	start = from
	if i := strings.LastIndexByte(s.text[from:ms], '\n'); i >= 0 {
		start = from + i + 1
	}
	to := min(len(s.text), me+4096)
	end = to
	if i := strings.IndexByte(s.text[me:to], '\n'); i >= 0 {
		end = me + i
	}
	return start, end
}

// filterGeneric drops a generic-rule finding when a specific rule found a
// secret containing it on the same line, as gitleaks does.
func (s *secretScan) filterGeneric() {
	specific := map[int][]int{} // line start → findings of specific rules
	generic := 0
	for i, f := range s.out {
		if strings.HasPrefix(f.Rule, "generic") {
			generic++
		} else {
			specific[s.lines[i]] = append(specific[s.lines[i]], i)
		}
	}
	if generic == 0 || len(specific) == 0 {
		return
	}
	drop := make([]bool, len(s.out))
	for i, f := range s.out {
		if !strings.HasPrefix(f.Rule, "generic") {
			continue
		}
		for _, j := range specific[s.lines[i]] {
			g := s.out[j]
			if strings.Contains(s.text[g.Start:g.End], s.text[f.Start:f.End]) {
				drop[i] = true
				break
			}
		}
	}
	keep, lines := s.out[:0], s.lines[:0]
	for i, f := range s.out {
		if !drop[i] {
			keep = append(keep, f)
			lines = append(lines, s.lines[i])
		}
	}
	s.out, s.lines = keep, lines
}
