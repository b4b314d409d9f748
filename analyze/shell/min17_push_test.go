package shell

import (
	"strings"
	"testing"
)

// Pushes that overwrite or delete a shared branch, in every spelling of
// the force, the destination and the deletion, need an approval; the same
// push of a feature branch keeps its confirm, and plain pushes run.

var pushForces = []string{"-f", "--force", "--forc", "-fq", "-vf"}
var pushShared = []string{"main", "master", "production", "release/2.4", "prod"}
var pushPrefixes = []string{"", "timeout 60 ", "command ", "nice -n 5 "}

// branchIs answers Options.GitBranch with b, wherever git runs.
func branchIs(b string) Options {
	o := scopeOptions
	o.GitBranch = func(string) (string, bool) { return b, true }
	return o
}

func TestPushOverwritesSharedBranch(t *testing.T) {
	n := 0
	for _, f := range pushForces {
		for _, b := range pushShared {
			for i, pre := range pushPrefixes {
				for _, push := range []string{"git push " + f + " origin " + b, "git push origin " + b + " " + f, "git push origin +" + b, "git push " + f + " origin HEAD:" + b,
					"git push " + f + " origin HEAD:refs/heads/" + b, "git push " + f + " origin feature:" + b, "git -C /home/dev/project push " + f + " origin " + b} {
					src := pre + push
					n++
					if p, id := maxPoints(src, scopeOptions); p < atLeastApprove {
						t.Errorf("%q: %d points (%s), want an approval", src, p, id)
					}
					if i == 0 {
						feature := strings.ReplaceAll(src, b, "feature/x")
						if p, id := maxPoints(feature, scopeOptions); p < atLeastConfirm || p >= atLeastApprove {
							t.Errorf("%q force-pushes a feature branch: %d points (%s), want a confirm", feature, p, id)
						}
					}
				}
			}
		}
	}
	if n < 500 {
		t.Errorf("only %d cases", n)
	}
}

// TestPushCurrentBranch: a force push that names no destination sends the
// checked-out branch: main, or unknown, needs an approval; a feature
// branch checked out keeps the confirm, unless the line switched branches
// before.
func TestPushCurrentBranch(t *testing.T) {
	for _, f := range pushForces {
		for _, pre := range pushPrefixes {
			for _, push := range []string{"git push " + f, "git push " + f + " origin", "git push " + f + " origin HEAD", "git push origin +HEAD", "git push " + f + " -u origin"} {
				src := pre + push
				if p, id := maxPoints(src, scopeOptions); p < atLeastApprove {
					t.Errorf("%q, branch unknown: %d points (%s), want an approval", src, p, id)
				}
				for _, b := range pushShared {
					if p, id := maxPoints(src, branchIs(b)); p < atLeastApprove {
						t.Errorf("%q on %s: %d points (%s), want an approval", src, b, p, id)
					}
				}
				if p, id := maxPoints(src, branchIs("feature/x")); p < atLeastConfirm || p >= atLeastApprove {
					t.Errorf("%q on feature/x: %d points (%s), want a confirm", src, p, id)
				}
				for _, sw := range []string{"git checkout main && ", "git switch master; ", "git co main && ", "git rebase origin/main main && "} {
					if p, id := maxPoints(sw+src, branchIs("feature/x")); p < atLeastApprove {
						t.Errorf("%q: %d points (%s), want an approval (the branch may have changed)", sw+src, p, id)
					}
				}
				if p, id := maxPoints("git fetch && git status && "+src, branchIs("feature/x")); p >= atLeastApprove {
					t.Errorf("%q keeps feature/x: %d points (%s)", src, p, id)
				}
			}
		}
	}
	for _, benign := range []string{"git push", "git push origin", "git push -u origin HEAD", "git push --force-with-lease", "git push --tags", "git push -n -f"} {
		if p, id := maxPoints(benign, scopeOptions); p >= atLeastConfirm {
			t.Errorf("%q: %d points (%s), want it to run", benign, p, id)
		}
	}
	if p, id := maxPoints("git push --force-with-lease", branchIs("main")); p < atLeastApprove {
		t.Errorf("git push --force-with-lease on main: %d points (%s), want an approval", p, id)
	}
}

func TestPushMirrorAllDelete(t *testing.T) {
	for _, pre := range pushPrefixes {
		for _, src := range []string{"git push --mirror", "git push origin --mirror", "git push --mirr backup", "Git push --mirror origin", "git -C /srv/repo push --mirror origin",
			"ssh ci 'cd /srv/repo && git push --mirror origin'", "git push --all --force origin", "git push --all -f", "git push --branches --force origin", "git push -f --all"} {
			if p, id := maxPoints(pre+src, branchIs("feature/x")); p < atLeastApprove {
				t.Errorf("%q: %d points (%s), want an approval", pre+src, p, id)
			}
		}
		for _, b := range pushShared {
			for _, src := range []string{"git push --delete origin " + b, "git push -d origin " + b, "git push --del origin " + b, "git push origin :" + b, "git push origin --delete " + b,
				"git push origin :refs/heads/" + b, "git push -d origin feature/y " + b} {
				if p, id := maxPoints(pre+src, scopeOptions); p < atLeastApprove {
					t.Errorf("%q: %d points (%s), want an approval", pre+src, p, id)
				}
				feature := strings.ReplaceAll(pre+src, b, "feature/x")
				if p, id := maxPoints(feature, scopeOptions); p < atLeastConfirm || p >= atLeastApprove {
					t.Errorf("%q deletes a feature branch: %d points (%s), want a confirm", feature, p, id)
				}
			}
		}
	}
	for _, benign := range []string{"git push --all origin", "git push origin main", "git push --tags origin", "git push -u origin feature/x"} {
		if p, id := maxPoints(benign, scopeOptions); p >= atLeastConfirm {
			t.Errorf("%q: %d points (%s), want it to run", benign, p, id)
		}
	}
}
