package shell

import (
	"strings"
	"testing"
)

// TestCommitUntrackAll: untracking every file then committing, in every
// spelling of the rm and the commit, deletes every file from the branch;
// adding the files back first, or untracking one directory, does not.
func TestCommitUntrackAll(t *testing.T) {
	rms := []string{"git rm -r --cached .", "git rm -rq --cached .", "git rm --cached -r .", "git rm -r --cached -- .", "git rm -r --cached :/",
		"git rm -r --cached ./", "git -C . rm -r --cached .", "git rm --cached -r -q ':/'", "git rm -r --cached --quiet ."}
	commits := []string{"git commit -m x", "git commit -qm wip", "git commit -am x", "git -c user.name=x commit -m y", "git commit --allow-empty -m z"}
	seps := []string{" && ", "; ", "\n"}
	n := 0
	for i, rm := range rms {
		for j, cm := range commits {
			sep := seps[(i+j)%len(seps)]
			src := rm + sep + cm + sep + "git push"
			n++
			if res := Analyze(src, producerOptions); !hasRule(res, "shell.git.commit-untrack-all") {
				t.Errorf("%q: want shell.git.commit-untrack-all, got %v", src, ruleIDs(res))
			}
			for _, add := range []string{"git add .", "git add -A", "git add --all", "git add :/"} {
				twin := rm + sep + add + sep + cm
				if res := Analyze(twin, producerOptions); hasRule(res, "shell.git.commit-untrack-all") {
					t.Errorf("%q puts the files back: got %v", twin, ruleIDs(res))
				}
			}
			// The same rm with its last word (the pathspec) one directory.
			one := rm[:strings.LastIndex(rm, " ")] + " build"
			twin := one + sep + cm
			if res := Analyze(twin, producerOptions); hasRule(res, "shell.git.commit-untrack-all") {
				t.Errorf("%q untracks one directory: got %v", twin, ruleIDs(res))
			}
		}
	}
	if n < 40 {
		t.Errorf("only %d cases", n)
	}
	for _, src := range []string{"git rm -r --cached .", "git commit -m x", "git rm --cached . && git commit -m x", "git rm -r --cached . && git commit --dry-run"} {
		if res := Analyze(src, producerOptions); hasRule(res, "shell.git.commit-untrack-all") {
			t.Errorf("%q commits no emptied index: got %v", src, ruleIDs(res))
		}
	}
}
