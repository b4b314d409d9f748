package shell

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// refFields is the field builder as plain concatenation: every piece is
// written into the field being built.
type refFields struct {
	fields []string
	cur    string
	set    bool
}

func (r *refFields) add(s string) { r.cur += s; r.set = true }
func (r *refFields) flush() {
	if r.set {
		r.fields = append(r.fields, r.cur)
	}
	r.cur, r.set = "", false
}

// The builder that keeps a one-piece field as it is gives the fields the
// concatenating one gives, for generated sequences of literal pieces,
// IFS-split values, multi-element expansions and ends of field.
func TestFieldBuilderAgreesWithConcatenation(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"", "a", "bc", " ", "  x  y ", "x y", "\t", "é", "d:e", ":"}
	for run := 0; run < 3000; run++ {
		var fb fieldBuilder
		var ref refFields
		var ops []string
		for k := rng.IntN(8); k >= 0; k-- {
			p := pieces[rng.IntN(len(pieces))]
			switch rng.IntN(4) {
			case 0:
				ops = append(ops, "lit "+p)
				fb.lit(p)
				ref.add(p)
			case 1:
				ifs := []string{" \t\n", ":", ""}[rng.IntN(3)]
				ops = append(ops, "split "+p+" on "+ifs)
				fb.split(p, ifs)
				refSplit(&ref, p, ifs)
			case 2:
				elems := []string{p, pieces[rng.IntN(len(pieces))]}[:1+rng.IntN(2)]
				ops = append(ops, "multi "+strings.Join(elems, "|"))
				fb.multi(elems)
				for i, e := range elems {
					if i > 0 {
						ref.flush()
					}
					ref.add(e)
				}
			case 3:
				ops = append(ops, "flush")
				fb.flush()
				ref.flush()
			}
		}
		got := fb.end()
		ref.flush()
		if !slices.Equal(got, ref.fields) {
			t.Fatalf("after %q: fields %q, want %q", ops, got, ref.fields)
		}
	}
}

// refSplit is fieldBuilder.split over refFields.
func refSplit(r *refFields, s, ifs string) {
	parts, lead, trail := splitIFS(s, ifs)
	if len(parts) == 0 {
		if lead {
			r.flush()
		}
		return
	}
	if lead && parts[0] != "" {
		r.flush()
	}
	for i, p := range parts {
		if i > 0 {
			r.flush()
		}
		r.add(p)
	}
	if trail {
		r.flush()
	}
}
