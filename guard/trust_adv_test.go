package guard_test

import (
	"testing"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/learn"
)

// Trust earned on a routine command never lowers a sibling that differs
// in what makes it dangerous, whatever the approvals context claims: the
// sibling's verdict with trust is its verdict without. And trust never
// lowers an explicit approval.
func TestTrustNeverLoosensSiblings(t *testing.T) {
	g := guard.New()
	trustedAs := func(pattern string) func(*guard.Context) {
		return func(c *guard.Context) {
			c.Cwd = "/home/dev/project"
			c.Approvals = &guard.Approvals{Pattern: pattern, Count: 4, Trusted: true}
		}
	}
	inProject := func(c *guard.Context) { c.Cwd = "/home/dev/project" }
	for _, c := range []struct{ benign, sibling string }{
		{"rm -rf tmp", "rm -rf ~/.ssh"},
		{"rm -rf tmp", "rm -rf ~/.gnupg"},
		{"rm -rf tmp", "rm -rf ~/.aws"},
		{"rm -rf tmp", "rm -rf ~/.claude"},
		{"rm -rf tmp", "rm -fr ~/.claude"},
		{"rm -rf tmp", "rm --recur --forc ~/.kube"},
		{"rm -rf tmp", "rm -rf .git"},
		{"rm -rf tmp", "rm -rf ../other"},
		{"rm -rf tmp", "rm -rf /etc"},
		{"rm -rf src/old", "rm -rf ~/.ssh"},
		{"docker volume rm scratch-vol", "docker volume rm pgdata"},
		{"git reset --hard HEAD~1", "git reset --hard HEAD~50"},
		{"git push origin feature-x", "git push --force origin develop"},
		{"kubectl delete pod web-1", "kubectl delete deployment api"},
		{"crontab -l", "crontab -r"},
	} {
		bp, ok := learn.CommandPattern(c.benign)
		if !ok {
			t.Fatalf("%q has no pattern", c.benign)
		}
		sp, _ := learn.CommandPattern(c.sibling)
		plain := check(t, g, act(c.sibling, inProject))
		// The context claims the benign pattern (what a stale or forged
		// record would say) or the sibling's own pattern.
		for _, claimed := range []string{bp, sp, ""} {
			d := check(t, g, act(c.sibling, trustedAs(claimed)))
			if d.Verdict != plain.Verdict && plain.Verdict.Stricter(d.Verdict) && (claimed != sp || plain.Verdict != guard.Confirm || !learn.Trustable(sp)) {
				t.Errorf("%q with trust in %q: %s, untrusted %s (%s)", c.sibling, claimed, d.Verdict, plain.Verdict, d.Reason)
			}
			if plain.Verdict == guard.Approve && d.Verdict != guard.Approve {
				t.Errorf("%q: trust lowered an approval to %s", c.sibling, d.Verdict)
			}
		}
	}
	// The benign twin: a routine deletion inside the project, trusted,
	// runs with a notice.
	for _, cmd := range []string{"rm -rf src/old", "rm -fr src/old", "rm --recursive --force src/old"} {
		p, _ := learn.CommandPattern(cmd)
		plain := check(t, g, act(cmd, inProject))
		d := check(t, g, act(cmd, trustedAs(p)))
		if plain.Verdict == guard.Confirm && d.Verdict != guard.Notify {
			t.Errorf("trusted %q: %s (untrusted %s): %s", cmd, d.Verdict, plain.Verdict, d.Reason)
		}
		if plain.Verdict != guard.Confirm {
			t.Logf("%q untrusted is %s", cmd, plain.Verdict)
		}
	}
}
