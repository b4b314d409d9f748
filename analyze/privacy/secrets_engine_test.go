package privacy

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	ahocorasick "github.com/BobuSumisu/aho-corasick"
)

// secretKeywordList returns every keyword of the engine.
func secretKeywordList(e *secretEngine) []string {
	var words []string
	for _, ks := range e.byBigram {
		for _, k := range ks {
			words = append(words, k.word)
		}
	}
	slices.Sort(words)
	return words
}

// TestSecretKeywordIndex checks the bigram index against an Aho-Corasick
// automaton over the same keywords: both must find the same keywords at
// the same places.
func TestSecretKeywordIndex(t *testing.T) {
	e, err := secretEngineOnce()
	if err != nil {
		t.Fatal(err)
	}
	words := secretKeywordList(e)
	trie := ahocorasick.NewTrieBuilder().AddStrings(words).Build()
	texts := []string{secretBenchCorpus(), "", "k", "ghp_", "xoxb-xoxp-XOXE-密码是验证码 -----BEGIN"}
	for _, r := range loadGitleaksExamples(t) {
		for _, ex := range r.TPs {
			texts = append(texts, ex.Text)
		}
	}
	for _, text := range texts {
		lower := []byte(strings.Map(func(r rune) rune {
			if 'A' <= r && r <= 'Z' {
				return r + 'a' - 'A'
			}
			return r
		}, text))
		type hit struct {
			word string
			pos  int
		}
		var want, got []hit
		trie.Walk(lower, func(end, n, p int64) bool {
			want = append(want, hit{words[p], int(end - n + 1)})
			return true
		})
		e.scanKeywords(lower, func(k *secretKeyword, pos int) { got = append(got, hit{k.word, pos}) })
		cmp := func(a, b hit) int {
			if a.pos != b.pos {
				return a.pos - b.pos
			}
			return strings.Compare(a.word, b.word)
		}
		slices.SortFunc(want, cmp)
		slices.SortFunc(got, cmp)
		if !slices.Equal(want, got) {
			t.Fatalf("keyword hits differ in %q:\nautomaton %v\nindex     %v", text, want, got)
		}
	}
}

// TestSecretRuleHeads checks the quick reading of each rule's leading
// fields against encoding/json, and that every expression in rules.json
// compiles.
func TestSecretRuleHeads(t *testing.T) {
	e, err := loadSecretEngine()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range e.rules {
		var h secretRuleHead
		if err := json.Unmarshal([]byte(r.line()), &h); err != nil {
			t.Fatal(err)
		}
		if h.ID != r.ID || !slices.Equal(h.Keywords, r.Keywords) || h.Before != r.Before || h.After != r.After || !slices.Equal(h.Required, r.Required) {
			t.Errorf("%s: read %+v, encoding/json %+v", r.ID, r.secretRuleHead, h)
		}
		c, err := r.compiled()
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range []*secretLazyRegexp{&c.plain, &c.at0, &c.at1, &c.core} {
			if l.expr != "" && l.get() == nil {
				t.Errorf("%s: %s does not compile", r.ID, l.expr)
			}
		}
		allow, err := c.allowlists()
		if err != nil {
			t.Errorf("%s: %v", r.ID, err)
		}
		secretCheckAllowRegexps(t, r.ID, allow)
		if typ := secretRuleType(r.ID); !typ.NeverSend() {
			t.Errorf("%s: type %s", r.ID, typ)
		}
	}
	global, err := e.globalAllowlists()
	if err != nil {
		t.Error(err)
	}
	secretCheckAllowRegexps(t, "global allowlist", global)
}

func secretCheckAllowRegexps(t *testing.T, id string, allow []secretAllowlist) {
	t.Helper()
	for _, a := range allow {
		for _, r := range a.res {
			if r.re.get() == nil {
				t.Errorf("%s: allowlist expression %s does not compile", id, r.re.expr)
			}
		}
	}
}
