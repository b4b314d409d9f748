package privacy

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// secretEngine holds gitleaks' rules and the keyword index shared by them
// and by our own detectors. The one in use is static data generated from
// the rules (secrets_index.go), neither built at package init nor on first
// use: this package is linked into the hook binary, which starts once per
// agent action.
//
// The keyword index marks the first two bytes (the bigram) of every
// keyword in a bitmap and leads, through a small open-addressing table, to
// the keywords that start with them: one pass over the text finds every
// keyword, checking only at the bigrams that start one. It replaces an
// Aho-Corasick automaton (github.com/BobuSumisu/aho-corasick, as gitleaks
// uses): measured here, that automaton costs ~0.5 ms to build in every
// process (1.6-3 ms through its Decode) and scans at ~240 MB/s, the index
// ~0.02 ms and ~310 MB/s (BenchmarkSecretKeywords). The tests check the
// index against that automaton.
type secretEngine struct {
	rules []*secretRule

	bigrams    [1024]uint64
	bigramKeys [secretBigramSlots]uint16
	bigramIdx  [secretBigramSlots]int16
	byBigram   [][]*secretKeyword

	globalLine string
	globalOnce sync.Once
	global     []secretAllowlist
	globalErr  error
}

// secretKeyword is a lower-cased keyword and who wants to see it.
type secretKeyword struct {
	word  string
	rules []int32      // gitleaks rules (indexes into secretEngine.rules)
	own   secretAnchor // our own detectors
}

// secretEngineOnce returns the engine: the one loadSecretEngine builds
// from rules.json, generated as static data (secrets_index.go), so that
// no process reads 170 KB of rules to build it; TestSecretIndexGenerated
// keeps the two the same.
func secretEngineOnce() (*secretEngine, error) { return &secretIndexedEngine, nil }

// loadSecretEngine builds the engine from rules.json: what
// secrets_index.go is generated from (TestSecretIndexGenerated).
func loadSecretEngine() (*secretEngine, error) {
	n := strings.Count(secretRulesJSON, "\n{\"id\":")
	e := &secretEngine{rules: make([]*secretRule, 0, n)}
	rules := make([]secretRule, 0, n)
	words := make(map[string]*secretKeyword, 2*n)
	order := make([]*secretKeyword, 0, 2*n)
	kws := make([]secretKeyword, 0, 2*n)
	keyword := func(w string) *secretKeyword {
		k := words[w]
		if k == nil {
			if len(kws) < cap(kws) {
				kws = append(kws, secretKeyword{word: w})
				k = &kws[len(kws)-1]
			} else {
				k = &secretKeyword{word: w}
			}
			words[w] = k
			order = append(order, k)
		}
		return k
	}

	inRules := false
	off := 0
	for line := range strings.Lines(secretRulesJSON) {
		start := int32(off)
		off += len(line)
		line = strings.TrimSuffix(line, "\n")
		switch {
		case strings.HasPrefix(line, `"allowlists": `):
			e.globalLine = strings.TrimSuffix(strings.TrimPrefix(line, `"allowlists": `), ",")
		case line == `"rules": [`:
			inRules = true
		case inRules && line == "]":
			inRules = false
		case inRules:
			line = strings.TrimSuffix(line, ",")
			head, err := parseSecretRuleHead(line)
			if err != nil {
				return nil, err
			}
			idx := int32(len(e.rules))
			var r *secretRule
			if len(rules) < cap(rules) {
				rules = append(rules, secretRule{secretRuleHead: head, lineAt: [2]int32{start, start + int32(len(line))}})
				r = &rules[len(rules)-1]
			} else {
				r = &secretRule{secretRuleHead: head, lineAt: [2]int32{start, start + int32(len(line))}}
			}
			e.rules = append(e.rules, r)
			for _, w := range head.Keywords {
				k := keyword(w)
				k.rules = append(k.rules, idx)
			}
		}
	}
	if len(e.rules) == 0 || e.globalLine == "" {
		return nil, errors.New("gitleaks/rules.json: no rules or no global allowlist")
	}
	for _, a := range secretOwnAnchors {
		for _, w := range a.words {
			k := keyword(w)
			k.own |= a.anchor
		}
	}

	for i := range e.bigramIdx {
		e.bigramIdx[i] = -1
	}
	for _, k := range order {
		if len(k.word) < 2 {
			return nil, fmt.Errorf("gitleaks/rules.json: keyword %q is shorter than two bytes", k.word)
		}
		b := uint16(k.word[0])<<8 | uint16(k.word[1])
		e.bigrams[b>>6] |= 1 << (b & 63)
		slot := e.bigramSlot(b)
		if e.bigramIdx[slot] < 0 {
			if len(e.byBigram) >= secretBigramSlots/2 {
				return nil, errors.New("gitleaks/rules.json: too many keyword bigrams")
			}
			e.bigramKeys[slot] = b
			e.bigramIdx[slot] = int16(len(e.byBigram))
			e.byBigram = append(e.byBigram, nil)
		}
		e.byBigram[e.bigramIdx[slot]] = append(e.byBigram[e.bigramIdx[slot]], k)
	}
	return e, nil
}

const secretBigramSlots = 1024

// bigramSlot returns the slot of bigram b in bigramKeys: where it is, or
// the free slot where it goes.
func (e *secretEngine) bigramSlot(b uint16) int {
	i := int(uint32(b)*0x9E3779B1>>22) & (secretBigramSlots - 1)
	for e.bigramIdx[i] >= 0 && e.bigramKeys[i] != b {
		i = (i + 1) & (secretBigramSlots - 1)
	}
	return i
}

// scanKeywords calls fn for every keyword in the lower-cased text, by
// position (and, at one position, in the order they were added).
func (e *secretEngine) scanKeywords(lower []byte, fn func(k *secretKeyword, pos int)) {
	for i := 0; i+1 < len(lower); i++ {
		b := uint16(lower[i])<<8 | uint16(lower[i+1])
		if e.bigrams[b>>6]&(1<<(b&63)) == 0 {
			continue
		}
		idx := e.bigramIdx[e.bigramSlot(b)]
		if idx < 0 {
			continue
		}
		for _, k := range e.byBigram[idx] {
			if end := i + len(k.word); end <= len(lower) && string(lower[i:end]) == k.word {
				fn(k, i)
			}
		}
	}
}

// globalAllowlists compiles gitleaks' global allowlist on first use.
func (e *secretEngine) globalAllowlists() ([]secretAllowlist, error) {
	e.globalOnce.Do(func() {
		var raws []secretAllowlistRaw
		if err := json.Unmarshal([]byte(e.globalLine), &raws); err != nil {
			e.globalErr = fmt.Errorf("gitleaks global allowlist: %w", err)
			return
		}
		e.global, e.globalErr = compileSecretAllowlists(raws)
	})
	return e.global, e.globalErr
}

// parseSecretRuleHead reads the leading fields of a rule's line, written by
// the generator as
//
//	{"id":"…","keywords":["…",…],"before":N,"after":N[,"required":["…",…]],…
//
// without decoding the rest; anything else falls back to encoding/json.
func parseSecretRuleHead(line string) (secretRuleHead, error) {
	if h, ok := scanSecretRuleHead(line); ok {
		return h, nil
	}
	var h secretRuleHead
	if err := json.Unmarshal([]byte(line), &h); err != nil {
		return h, fmt.Errorf("gitleaks/rules.json: %w", err)
	}
	return h, nil
}

func scanSecretRuleHead(line string) (h secretRuleHead, ok bool) {
	rest, ok := strings.CutPrefix(line, `{"id":`)
	if !ok {
		return h, false
	}
	if h.ID, rest, ok = scanJSONPlainString(rest); !ok {
		return h, false
	}
	if rest, ok = strings.CutPrefix(rest, `,"keywords":`); !ok {
		return h, false
	}
	if h.Keywords, rest, ok = scanJSONPlainStrings(rest); !ok {
		return h, false
	}
	if rest, ok = strings.CutPrefix(rest, `,"before":`); !ok {
		return h, false
	}
	if h.Before, rest, ok = scanJSONInt(rest); !ok {
		return h, false
	}
	if rest, ok = strings.CutPrefix(rest, `,"after":`); !ok {
		return h, false
	}
	if h.After, rest, ok = scanJSONInt(rest); !ok {
		return h, false
	}
	if r, found := strings.CutPrefix(rest, `,"required":`); found {
		if h.Required, _, ok = scanJSONPlainStrings(r); !ok {
			return h, false
		}
	}
	return h, true
}

// scanJSONPlainString reads a JSON string whose only escapes are \" and
// \\.
func scanJSONPlainString(s string) (string, string, bool) {
	if len(s) < 2 || s[0] != '"' {
		return "", s, false
	}
	var b []byte
	for i := 1; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			if b == nil {
				return s[1:i], s[i+1:], true
			}
			return string(b), s[i+1:], true
		case '\\':
			if i+1 >= len(s) || (s[i+1] != '"' && s[i+1] != '\\') {
				return "", s, false
			}
			if b == nil {
				b = append(b, s[1:i]...)
			}
			i++
			b = append(b, s[i])
		default:
			if b != nil {
				b = append(b, c)
			}
		}
	}
	return "", s, false
}

func scanJSONPlainStrings(s string) ([]string, string, bool) {
	if !strings.HasPrefix(s, "[") {
		return nil, s, false
	}
	s = s[1:]
	var out []string
	for {
		if rest, ok := strings.CutPrefix(s, "]"); ok {
			return out, rest, true
		}
		if len(out) > 0 {
			var ok bool
			if s, ok = strings.CutPrefix(s, ","); !ok {
				return nil, s, false
			}
		}
		v, rest, ok := scanJSONPlainString(s)
		if !ok {
			return nil, s, false
		}
		out = append(out, v)
		s = rest
	}
}

func scanJSONInt(s string) (int, string, bool) {
	end := 0
	for end < len(s) && (s[end] == '-' || '0' <= s[end] && s[end] <= '9') {
		end++
	}
	n, err := strconv.Atoi(s[:end])
	return n, s[end:], err == nil
}
