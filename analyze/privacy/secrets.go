package privacy

import (
	"cmp"
	"slices"
	"strings"
	"sync"
)

// detectSecrets finds credentials: passwords, API keys and tokens, bearer
// tokens, session cookies, private keys and one-time codes. A finding
// spans the secret value only (for "password=hunter2", "hunter2").
//
// API keys and tokens come from gitleaks' rules (gitleaks/rules.json),
// applied as gitleaks applies them: the rule's secret group, its entropy
// floor, its allowlists and stopwords, and gitleaks' global allowlist.
// One pass over the lower-cased text finds the rules' keywords and the
// anchors of our own detectors (secrets_own.go, the other secrets_*.go);
// a rule runs only around its keyword hits, and only at the hits that
// pass its cheap byte tests. The work is linear in the text: a rule's
// regular expression reads at most secretBudget bytes (about four times
// the text) before the rule falls back to one pass over the rest.
//
// Findings are sorted by offset and may overlap (Detect resolves them).
// The first call builds the rule set (see secretEngine); rules decode and
// compile when their keywords first occur. Safe for concurrent use.
func detectSecrets(text string) []Finding {
	if text == "" {
		return nil
	}
	e, err := secretEngineOnce()
	if err != nil {
		// The embedded rules are tested; if they could not load, the
		// hand-written detectors still run.
		e = nil
	}
	s := newSecretScan(e, text)
	defer s.release()
	s.scan()
	return s.result()
}

// secretScan is the state of one detectSecrets call.
type secretScan struct {
	e     *secretEngine
	text  string
	lower []byte // text with ASCII letters lower-cased (same offsets)

	hits   []secretKeywordHit // the keywords in the text, by position
	rules  []secretRuleState  // per gitleaks rule
	active []int32            // rules with an open window
	own    []secretHit        // hits of our own detectors' anchors

	out   []Finding
	lines []int // per finding from gitleaks: start of the match's line

	// State of our own detectors (secrets_own.go).
	identSeen  int // end of the last key the password detector read
	pemCovered int // end of the last private key block
	pemEnd     int // where the next "-----end" is (-1: none after pemFrom)
	pemFrom    int // where pemEnd was searched from (-1: not yet)
}

// secretWindow is where a rule searches: matches that start in [s0, s1]
// and end by e. e == 0: no window.
type secretWindow struct{ s0, s1, e int }

// secretRuleState is what one call knows of a gitleaks rule.
type secretRuleState struct {
	w       secretWindow // the window being extended
	lastEnd int          // end of the rule's last match
	// spent counts the bytes handed to the regular expression engine.
	// Each search is cheap in ordinary text, but crafted text could make
	// many searches read the same stretch (thousands of "curl" on one
	// line): past secretBudget, the rule runs once over the rest of the
	// text, as gitleaks would, and is done.
	spent int
	done  bool
}

// secretKeywordHit is keyword k at text[pos:].
type secretKeywordHit struct {
	k   *secretKeyword
	pos int
}

// secretHit is a keyword of our own detectors at text[pos:end].
type secretHit struct {
	anchor   secretAnchor
	pos, end int
}

var secretScanPool = sync.Pool{New: func() any { return new(secretScan) }}

// secretPoolMax is the largest buffer kept for reuse.
const secretPoolMax = 1 << 20

func newSecretScan(e *secretEngine, text string) *secretScan {
	s := secretScanPool.Get().(*secretScan)
	s.e, s.text = e, text
	s.identSeen, s.pemCovered, s.pemEnd, s.pemFrom = 0, 0, 0, -1
	if cap(s.lower) < len(text) {
		s.lower = make([]byte, len(text))
	}
	s.lower = s.lower[:len(text)]
	for i := 0; i < len(text); i++ {
		c := text[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		s.lower[i] = c
	}
	if e != nil {
		if cap(s.rules) < len(e.rules) {
			s.rules = make([]secretRuleState, len(e.rules))
		}
		s.rules = s.rules[:len(e.rules)]
	}
	return s
}

func (s *secretScan) release() {
	clear(s.rules)
	s.e, s.text = nil, ""
	s.hits, s.active, s.own, s.out, s.lines = s.hits[:0], s.active[:0], s.own[:0], nil, s.lines[:0]
	if cap(s.lower) > secretPoolMax {
		s.lower = nil
	}
	if cap(s.hits) > secretPoolMax/16 {
		s.hits = nil
	}
	if cap(s.own) > secretPoolMax/16 {
		s.own = nil
	}
	secretScanPool.Put(s)
}

func (s *secretScan) scan() {
	if s.e != nil {
		s.findKeywords()
		for _, h := range s.hits {
			k := h.k
			for _, r := range k.rules {
				s.hit(r, k.word, h.pos, h.pos+len(k.word))
			}
			if k.own != 0 {
				s.own = append(s.own, secretHit{k.own, h.pos, h.pos + len(k.word)})
			}
		}
		for _, r := range s.active {
			s.flush(r, s.rules[r].w)
		}
		s.filterGeneric()
	}
	s.runOwn()
}

func (s *secretScan) result() []Finding {
	out := s.out
	slices.SortFunc(out, func(a, b Finding) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		if a.End != b.End {
			return a.End - b.End
		}
		if c := strings.Compare(a.Rule, b.Rule); c != 0 {
			return c
		}
		// Of two findings of one rule on one span, the more confident is
		// kept, whatever order they were found in.
		return cmp.Compare(b.Confidence, a.Confidence)
	})
	return slices.CompactFunc(out, func(a, b Finding) bool {
		return a.Start == b.Start && a.End == b.End && a.Rule == b.Rule
	})
}

// findKeywords fills s.hits with the keywords in the text, by position.
func (s *secretScan) findKeywords() {
	s.e.scanKeywords(s.lower, func(k *secretKeyword, pos int) {
		s.hits = append(s.hits, secretKeywordHit{k, pos})
	})
}
