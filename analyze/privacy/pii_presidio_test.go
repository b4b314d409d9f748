package privacy

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/actionguard/actionguard/internal/corpus"
)

// presidioRow is one sentence of presidio-research's generated corpus.
// Its offsets count characters (runes), not bytes.
type presidioRow struct {
	Text  string `json:"full_text"`
	Spans []struct {
		Type  string `json:"entity_type"`
		Value string `json:"entity_value"`
		Start int    `json:"start_position"`
		End   int    `json:"end_position"`
	} `json:"spans"`
}

// presidioTypes maps the corpus's entity types to ours. ADDRESS is
// reported but not gated: presidio's addresses are multi-line fragments
// ("Suite 992", a lone postcode) that a street-address detector is not
// meant to find.
var presidioTypes = map[string]Type{
	"CREDIT_CARD":   Card,
	"EMAIL_ADDRESS": Email,
	"PHONE_NUMBER":  Phone,
	"IBAN_CODE":     IBAN,
	"US_SSN":        TaxID,
	"IP_ADDRESS":    IP,
	"ADDRESS":       Address,
}

// presidioGated are the types whose F1 must reach presidioMinF1.
var presidioGated = []Type{Card, Email, Phone, IBAN, TaxID, IP}

const presidioMinF1 = 0.90

type piiSpan struct{ start, end int }

// readPresidioRows reads the corpus's sentences (the test is skipped when
// the shared corpus is not there).
func readPresidioRows(t *testing.T) []presidioRow {
	t.Helper()
	path := filepath.Join(corpus.Dir(t), "pii", "presidio-generated-large.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rows []presidioRow
	if err := json.Unmarshal(data, &rows); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rows
}

// presidioTrim narrows a span to its first and last character that is
// not white space or punctuation, so "(88) 684-334" and "88) 684-334"
// compare equal: the only tolerance of the exact-span match.
func presidioTrim(text string, sp piiSpan) piiSpan {
	const cut = " \t\n\r.,;:!?\"'()[]{}<>"
	for sp.start < sp.end && strings.IndexByte(cut, text[sp.start]) >= 0 {
		sp.start++
	}
	for sp.end > sp.start && strings.IndexByte(cut, text[sp.end-1]) >= 0 {
		sp.end--
	}
	return sp
}

// runeToByte returns a table from rune offset to byte offset in text.
func runeToByte(text string) []int {
	idx := make([]int, 0, utf8.RuneCountInString(text)+1)
	for i := range text {
		idx = append(idx, i)
	}
	return append(idx, len(text))
}

type presidioScore struct{ tp, fp, fn int }

func (s presidioScore) precision() float64 { return ratio(s.tp, s.tp+s.fp) }
func (s presidioScore) recall() float64    { return ratio(s.tp, s.tp+s.fn) }
func (s presidioScore) f1() float64 {
	p, r := s.precision(), s.recall()
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// TestPresidioCorpus scores detectPII on presidio-research's generated
// sentences with exact-span matching (after trimming surrounding space
// and punctuation): a predicted span of type T counts as a true positive
// only if a labelled span of T has the same bounds; any other prediction
// of T is a false positive for T.
func TestPresidioCorpus(t *testing.T) {
	rows := readPresidioRows(t)
	scores := map[Type]*presidioScore{}
	for _, ty := range presidioTypes {
		scores[ty] = &presidioScore{}
	}
	var misses []string
	for n, row := range rows {
		r2b := runeToByte(row.Text)
		want := map[Type]map[piiSpan]bool{}
		for _, sp := range row.Spans {
			ty, ok := presidioTypes[sp.Type]
			if !ok {
				continue
			}
			if sp.Start < 0 || sp.End >= len(r2b) || sp.Start > sp.End {
				t.Fatalf("row %d: span %d..%d out of range", n, sp.Start, sp.End)
			}
			b := presidioTrim(row.Text, piiSpan{r2b[sp.Start], r2b[sp.End]})
			if got := row.Text[r2b[sp.Start]:r2b[sp.End]]; got != sp.Value {
				t.Fatalf("row %d: span %q does not match its value %q", n, got, sp.Value)
			}
			if want[ty] == nil {
				want[ty] = map[piiSpan]bool{}
			}
			want[ty][b] = true
		}
		got := map[Type]map[piiSpan]bool{}
		for _, f := range detectPII(row.Text) {
			if scores[f.Type] == nil {
				continue
			}
			b := presidioTrim(row.Text, piiSpan{f.Start, f.End})
			if got[f.Type] == nil {
				got[f.Type] = map[piiSpan]bool{}
			}
			got[f.Type][b] = true
			if want[f.Type][b] {
				scores[f.Type].tp++
			} else {
				scores[f.Type].fp++
				misses = append(misses, fmt.Sprintf("FP %-8s %q in %q", f.Type, row.Text[b.start:b.end], row.Text))
			}
		}
		for ty, spans := range want {
			for b := range spans {
				if !got[ty][b] {
					scores[ty].fn++
					misses = append(misses, fmt.Sprintf("FN %-8s %q in %q", ty, row.Text[b.start:b.end], row.Text))
				}
			}
		}
	}
	t.Logf("%d sentences; exact spans after trimming space and punctuation", len(rows))
	t.Logf("%-14s %5s %5s %5s %9s %7s %6s", "type", "tp", "fp", "fn", "precision", "recall", "F1")
	order := append(append([]Type{}, presidioGated...), Address)
	for _, ty := range order {
		s := scores[ty]
		t.Logf("%-14s %5d %5d %5d %9.3f %7.3f %6.3f", ty, s.tp, s.fp, s.fn, s.precision(), s.recall(), s.f1())
	}
	if testing.Verbose() && os.Getenv("PII_MISSES") != "" {
		sort.Strings(misses)
		for _, m := range misses {
			if strings.Contains(m, os.Getenv("PII_MISSES")) {
				t.Log(m)
			}
		}
	}
	for _, ty := range presidioGated {
		if f1 := scores[ty].f1(); f1 < presidioMinF1 {
			t.Errorf("%s: F1 %.3f < %.2f", ty, f1, presidioMinF1)
		}
	}
}
