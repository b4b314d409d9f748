package policy

import (
	"fmt"
	"strings"
	"testing"
)

// TestThresholds renders the thresholds of every mode at levels 1, 5 and 9,
// and how each mode adjusts each verdict, into testdata/thresholds.golden.
func TestThresholds(t *testing.T) {
	var b strings.Builder
	fmt.Fprintf(&b, "%-9s %5s %5s %8s %10s\n", "mode", "level", "safe", "cautious", "privileged")
	for _, mode := range []Mode{Learning, Adaptive, Flow, Paranoid} {
		for _, level := range []int{1, 5, 9} {
			th := (&Policy{Mode: mode, Level: level}).Thresholds()
			fmt.Fprintf(&b, "%-9s %5d %5d %8d %10d\n", mode, level, th.Safe, th.Cautious, th.Privileged)
		}
	}
	b.WriteString("\nmode      verdict  → irreversible, reversible (always-review)\n")
	for _, mode := range []Mode{Learning, Adaptive, Flow, Paranoid} {
		p := &Policy{Mode: mode}
		for _, v := range verdicts {
			fmt.Fprintf(&b, "%-9s %-8s → %-8s %-8s (%s)\n", mode, v, p.AdjustVerdict(v, Facts{}), p.AdjustVerdict(v, Facts{Reversible: true}),
				p.AdjustVerdict(v, Facts{AlwaysReview: true, Reversible: true}))
		}
	}
	golden(t, "testdata/thresholds.golden", b.String())
}

// TestThresholdsOrder checks, over every mode and level, that thresholds are
// ordered, never negative, and only go down as the level or the mode gets
// stricter.
func TestThresholdsOrder(t *testing.T) {
	for _, mode := range modes {
		var prev *Thresholds
		for level := 1; level <= 9; level++ {
			th := (&Policy{Mode: mode, Level: level}).Thresholds()
			if th.Safe < 0 || th.Safe > th.Cautious || th.Cautious > th.Privileged {
				t.Errorf("%s level %d: thresholds out of order: %+v", mode, level, th)
			}
			if prev != nil && (th.Safe > prev.Safe || th.Cautious > prev.Cautious || th.Privileged > prev.Privileged) {
				t.Errorf("%s level %d: thresholds %+v rise above level %d's %+v", mode, level, th, level-1, *prev)
			}
			prev = &th
		}
	}
	for level := 1; level <= 9; level++ {
		for i := 1; i < len(modes); i++ {
			looser := (&Policy{Mode: modes[i-1], Level: level}).Thresholds()
			stricter := (&Policy{Mode: modes[i], Level: level}).Thresholds()
			if stricter.Cautious > looser.Cautious || stricter.Privileged > looser.Privileged {
				t.Errorf("level %d: %s thresholds %+v above %s's %+v", level, modes[i], stricter, modes[i-1], looser)
			}
		}
	}
	if got, want := Default().Thresholds(), SeedThresholds; got != want {
		t.Errorf("default thresholds = %+v, want the seed's %+v", got, want)
	}
	if got, want := (&Policy{Level: 42}).Thresholds(), SeedThresholds; got != want {
		t.Errorf("an invalid level gives %+v, want level 5's %+v", got, want)
	}
}

func TestVerdictRank(t *testing.T) {
	for i := 1; i < len(verdicts); i++ {
		if verdictRank(string(verdicts[i])) <= verdictRank(string(verdicts[i-1])) {
			t.Errorf("%s is not stricter than %s", verdicts[i], verdicts[i-1])
		}
	}
	if verdictRank("whatever") != verdictRank("block") {
		t.Error("an unknown verdict does not rank as block")
	}
}

func TestSuggest(t *testing.T) {
	keys := topKeys
	for _, c := range []struct{ word, want string }{
		{"mod", "mode"},
		{"securty_level", "security_level"},
		{"security-level", "security_level"},
		{"level", "security_level"},
		{"alow", "allow"},
		{"denny", "deny"},
		{"rule", "rules"},
		{"disabled", "disable"},
		{"onerror", "on_error"},
		{"colour", ""},
		{"x", ""},
	} {
		if got := suggest(c.word, keys); got != c.want {
			t.Errorf("suggest(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}
