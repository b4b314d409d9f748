package privacy

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// secretReference applies gitleaks' rules the way gitleaks does: every
// rule whose keyword occurs anywhere runs over the whole text. It is the
// slow reference that detectSecrets' keyword windows, gates and cores
// must agree with.
func secretReference(text string) []Finding {
	e, err := secretEngineOnce()
	if err != nil {
		panic(err)
	}
	s := newSecretScan(e, text)
	defer s.release()
	lower := string(s.lower)
	for r, rule := range e.rules {
		found := false
		for _, k := range rule.Keywords {
			if strings.Contains(lower, k) {
				found = true
				break
			}
		}
		if !found {
			continue
		}
		c, err := rule.compiled()
		if err != nil {
			panic(err)
		}
		for _, loc := range c.plain.get().FindAllStringSubmatchIndex(text, -1) {
			s.emit(int32(r), c, 0, loc)
		}
	}
	s.filterGeneric()
	return s.result()
}

// secretMissing returns the reference's gitleaks findings that
// detectSecrets lacks.
func secretMissing(text string) (missing []Finding, got []Finding) {
	got = detectSecrets(text)
	have := map[[3]string]bool{}
	for _, f := range got {
		have[[3]string{f.Rule, fmt.Sprint(f.Start), fmt.Sprint(f.End)}] = true
	}
	for _, f := range secretReference(text) {
		if !have[[3]string{f.Rule, fmt.Sprint(f.Start), fmt.Sprint(f.End)}] {
			missing = append(missing, f)
		}
	}
	return missing, got
}

// TestDetectSecretsMatchesReference checks that the fast path loses none
// of gitleaks' findings: on every gitleaks example, on the benchmark
// corpus, and on random mixes of examples and ordinary text.
func TestDetectSecretsMatchesReference(t *testing.T) {
	var texts []string
	for _, r := range loadGitleaksExamples(t) {
		for _, ex := range append(r.TPs, r.FPs...) {
			texts = append(texts, ex.Text)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	filler := append(append([]string{}, secretCorpusProse...), secretCorpusCode...)
	for i := 0; i < 300; i++ {
		var b strings.Builder
		for j, n := 0, 2+rng.IntN(6); j < n; j++ {
			if rng.IntN(2) == 0 {
				b.WriteString(texts[rng.IntN(len(texts))])
			} else {
				b.WriteString(filler[rng.IntN(len(filler))])
			}
			b.WriteString([]string{"\n", " ", ", ", "\n\n", "; ", ""}[rng.IntN(6)])
		}
		texts = append(texts, b.String())
	}
	texts = append(texts, secretBenchCorpus())
	for _, text := range texts {
		missing, got := secretMissing(text)
		for _, f := range missing {
			t.Errorf("%s %q not found in %q (found %s)", f.Rule, text[f.Start:f.End], secretClip(text, f.Start), rulesOf(got))
		}
	}
}

func secretClip(text string, at int) string {
	return text[max(0, at-80):min(len(text), at+80)]
}
