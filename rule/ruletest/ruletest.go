// Package ruletest checks an analyzer's rule registry the same way for
// every analyzer: the registry is valid and sorted, ids carry the
// analyzer's prefix, every Match example produces its rule and no NoMatch
// example does, Rules returns a copy, and every finding an example makes
// comes from a registered rule.
package ruletest

import (
	"sort"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/rule"
)

// Analyze runs one example through the analyzer. rule is the id of the
// rule whose example it is, for analyzers whose examples carry options.
type Analyze func(example string, rule *rule.Rule) []rule.Finding

// Options say what an analyzer's registry must hold besides the basics.
type Options struct {
	Prefix         string // every id starts with it: "sql.", "shell.", …
	RequireNoMatch bool   // every rule has a counter-example
	DangerousFloor int    // a rule in a dangerous category weighs more than this
}

// Check runs every check over rules (a fresh copy from each call of
// rules()).
func Check(t *testing.T, o Options, rules func() []*rule.Rule, analyze Analyze) {
	t.Helper()
	rs := rules()
	if len(rs) == 0 {
		t.Fatal("no rules")
	}
	if !sort.SliceIsSorted(rs, func(i, j int) bool { return rs[i].ID < rs[j].ID }) {
		t.Error("the registry is not sorted by id")
	}
	if _, err := rule.NewRegistry(rs); err != nil {
		t.Error(err)
	}
	ids := map[string]bool{}
	for _, r := range rs {
		ids[r.ID] = true
		if !strings.HasPrefix(r.ID, o.Prefix) || strings.Count(r.ID, ".") != 2 {
			t.Errorf("rule id %q: want %s<family>.<name>", r.ID, o.Prefix)
		}
		if o.RequireNoMatch && len(r.NoMatch) == 0 {
			t.Errorf("rule %s: no counter-example (NoMatch)", r.ID)
		}
		if r.Category.Dangerous() && r.Points <= o.DangerousFloor {
			t.Errorf("rule %s: dangerous category with only %d points", r.ID, r.Points)
		}
	}
	first := rs[0]
	rs[0] = nil
	if rules()[0] == nil {
		t.Error("Rules returned the registry itself, not a copy")
	}
	rs[0] = first
	for _, r := range rs {
		for _, ex := range r.Match {
			fs := analyze(ex, r)
			if !Has(fs, r.ID) {
				t.Errorf("%s: example %q does not match; found %s", r.ID, ex, IDs(fs))
			}
			unregistered(t, ids, ex, fs)
		}
		for _, ex := range r.NoMatch {
			fs := analyze(ex, r)
			if Has(fs, r.ID) {
				t.Errorf("%s: counter-example %q matches; found %s", r.ID, ex, IDs(fs))
			}
			unregistered(t, ids, ex, fs)
		}
	}
}

func unregistered(t *testing.T, ids map[string]bool, ex string, fs []rule.Finding) {
	t.Helper()
	for _, f := range fs {
		if !ids[f.Rule] {
			t.Errorf("%q: finding of unregistered rule %s", ex, f.Rule)
		}
	}
}

// Has reports whether one of the findings comes from the rule id.
func Has(fs []rule.Finding, id string) bool {
	for _, f := range fs {
		if f.Rule == id {
			return true
		}
	}
	return false
}

// IDs lists the findings' rule ids for a test message ("nothing" when none).
func IDs(fs []rule.Finding) string {
	if len(fs) == 0 {
		return "nothing"
	}
	ids := make([]string, len(fs))
	for i, f := range fs {
		ids[i] = f.Rule
	}
	return strings.Join(ids, ",")
}
