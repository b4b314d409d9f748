package learn

import (
	"strings"
	"testing"
	"time"
)

// spellings returns the ways to write "rm -rf" a person or an agent uses:
// clusters, orders, long options and their abbreviations.
var rmSpellings = []string{"rm -rf", "rm -fr", "rm -r -f", "rm -f -r", "rm -Rf", "rm --recursive --force", "rm --force --recursive", "rm --recur --forc", "rm -r --force", "/bin/rm -rf", "'rm' -rf", `"rm" -rf`}

// dangerousPaths are the siblings of a routine scratch directory that must
// never share its trust: other classes of path, globs, the parent, home,
// absolute paths, credentials, the agent's settings, git internals.
var dangerousPaths = []string{
	"~/.ssh", "~/.gnupg", "~/.aws", "~/.claude", "~/.kube", "~", "~/", "~/projects", "~/.config/gcloud", "'~/.ssh'",
	"/", "/etc", "/usr/local", "/home/dev/other-project", "/Users/dev/.ssh", "C:/Users/dev", `C:\Users\dev`,
	"..", "../", "../other", "./../x", "tmp/../..", "tmp/../../etc",
	".git", "./.git", ".git/hooks", ".claude", ".claude/settings.json", ".actionguard", ".github/workflows", ".mcp.json", "CLAUDE.md",
	".env", "config/.env", "secrets", "deploy/id_rsa", "certs/server.key", "credentials.json", ".ssh", "home/.ssh",
	"*", ".", "./", "src", "lib", "*.go", "src/*", "tmp*", "{tmp,src}", "?mp",
	"-- -rf", "/tmp/../etc",
}

func TestTrustNeverCrossesPathClasses(t *testing.T) {
	for _, benign := range []string{"tmp", "dist", "build/out", "./node_modules", ".cache"} {
		want, ok := CommandPattern("rm -rf " + benign)
		if !ok || !Trustable(want) {
			t.Fatalf("rm -rf %s: %q %v, want a trustable pattern", benign, want, ok)
		}
		for _, sp := range rmSpellings {
			if got, _ := CommandPattern(sp + " " + benign); got != want {
				t.Errorf("%s %s → %q, want the same pattern as rm -rf %s (%q)", sp, benign, got, benign, want)
			}
			for _, p := range dangerousPaths {
				cmd := sp + " " + p
				got, ok := CommandPattern(cmd)
				if ok && got == want {
					t.Errorf("%q shares the pattern %q of rm -rf %s", cmd, got, benign)
				}
				for _, also := range []string{" " + benign, ""} {
					if g, ok := CommandPattern(sp + also + " " + p); ok && g == want {
						t.Errorf("%q shares the pattern of rm -rf %s", sp+also+" "+p, benign)
					}
				}
			}
		}
	}
}

// The classes that are never routine are never trustable, whatever the
// spelling.
func TestNeverTrustableClasses(t *testing.T) {
	for _, sp := range rmSpellings {
		for _, p := range []string{"~/.ssh", "~/.claude", "~", "/", "/etc", "..", "../x", ".git", ".claude/settings.json", ".env", "deploy/id_rsa", "/Users/dev/.aws", "*", "."} {
			if got, ok := CommandPattern(sp + " " + p); ok && Trustable(got) {
				t.Errorf("%s %s → %q is trustable", sp, p, got)
			}
		}
	}
}

// Infrastructure commands keep the name of what they act on.
func TestTrustKeepsResourceIdentity(t *testing.T) {
	for _, c := range []struct{ benign, sibling string }{
		{"docker volume rm cache", "docker volume rm pgdata"},
		{"docker volume rm cache", "docker volume rm --force cache pgdata"},
		{"docker volume rm cache", "docker volume rm cache pgdata"},
		{"podman volume rm cache", "podman volume rm db"},
		{"git push origin feature", "git push origin develop"},
		{"git push origin feature", "git push origin main"},
		{"git push origin feature", "git push upstream feature"},
		{"git push origin feature", "git push origin feature:main"},
		{"git push origin feature", "git push origin :feature"},
		{"git push origin feature", "git push --force origin feature"},
		{"git push origin feature", "git push -f origin feature"},
		{"git push origin feature", "git push --forc origin feature"},
		{"git push origin feature", "git push --mirror origin"},
		{"git push origin feature", "git push --all origin"},
		{"git reset --hard HEAD~1", "git reset --hard HEAD~50"},
		{"git reset --hard HEAD~1", "git reset --hard origin/main"},
		{"git reset --hard HEAD~1", "git reset --hard HEAD^^"},
		{"kubectl delete pod web-1", "kubectl delete deployment api"},
		{"kubectl delete pod web-1 -n staging", "kubectl delete pod web-1 -n prod"},
		{"kubectl delete pod web-1 -n staging", "kubectl delete pod web-1 --namespace=kube-system"},
		{"terraform destroy -target=module.scratch", "terraform destroy -target=module.db"},
		{"aws s3 rm s3://scratch/x", "aws s3 rm s3://prod-data/x"},
		{"redis-cli -n 2 flushdb", "redis-cli -n 0 flushdb"},
		{"crontab -l", "crontab -r"},
	} {
		b, ok := CommandPattern(c.benign)
		if !ok {
			t.Fatalf("%q has no pattern", c.benign)
		}
		if s, ok := CommandPattern(c.sibling); ok && s == b {
			t.Errorf("%q shares the pattern %q of %q", c.sibling, s, c.benign)
		}
	}
}

// Through the store: four approvals of the routine form make it trusted;
// every dangerous sibling is still untrusted.
func TestTrustedBenignNeverTrustsSiblings(t *testing.T) {
	now := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	tr := OpenTrust(t.TempDir(), TrustOptions{After: 3, Now: func() time.Time { return now }})
	const proj = "/home/dev/app"
	benign := []string{"rm -rf tmp", "docker volume rm cache", "git push origin feature", "git reset --hard HEAD~1", "rm -rf src/old"}
	for _, cmd := range benign {
		p, _ := CommandPattern(cmd)
		for range 4 {
			if _, err := tr.RecordApproval(proj, p, cmd, false); err != nil {
				t.Fatal(err)
			}
		}
		if _, trusted, _ := tr.Lookup(proj, p); !trusted {
			t.Errorf("%q (%q) is not trusted after four approvals", cmd, p)
		}
	}
	var siblings []string
	for _, sp := range rmSpellings {
		for _, p := range dangerousPaths {
			siblings = append(siblings, sp+" "+p)
		}
	}
	siblings = append(siblings, "docker volume rm pgdata", "docker volume rm scratch-vol pgdata", "git push origin develop", "git push -f origin feature",
		"git reset --hard HEAD~50", "git reset --hard origin/main")
	for _, cmd := range siblings {
		p, ok := CommandPattern(cmd)
		if !ok {
			continue
		}
		if _, trusted, _ := tr.Lookup(proj, p); trusted && !isRoutineRm(cmd) {
			t.Errorf("%q (%q) is trusted", cmd, p)
		}
	}
	// Approved four times, a never-trustable pattern stays untrusted.
	p, _ := CommandPattern("rm -rf ~/.ssh")
	for range 5 {
		tr.RecordApproval(proj, p, "rm -rf ~/.ssh", false)
	}
	if e, trusted, _ := tr.Lookup(proj, p); trusted || !e.Never {
		t.Errorf("rm -rf ~/.ssh approved five times: trusted %v, never %v", trusted, e.Never)
	}
}

// isRoutineRm: the siblings list holds a few routine relative paths
// ("src", "lib" with a trusted src/old) that share the workspace class on
// purpose: they are inside the project, where the analyzer decides.
func isRoutineRm(cmd string) bool {
	f := strings.Fields(cmd)
	last := f[len(f)-1]
	return last == "src" || last == "lib"
}
