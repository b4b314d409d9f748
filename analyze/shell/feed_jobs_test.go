package shell

import (
	"strings"
	"testing"
)

// jobsPoints is the heaviest finding of src.
func jobsPoints(src string, opt Options) int {
	m := 0
	for _, f := range Analyze(src, opt).Findings {
		m = max(m, f.Points)
	}
	return m
}

// TestJobsPerItemKeepEveryItem: xargs -I and parallel run one command per
// item; with the replacement inside a larger word (sh -c 'rm -rf {}'),
// the line is at least as risky as the command its riskiest item makes,
// wherever that item stands in the list. Generated over forms, harmless
// companions and positions.
func TestJobsPerItemKeepEveryItem(t *testing.T) {
	opt := Options{Cwd: "/home/dev/project", Home: "/home/dev"}
	forms := []string{
		"parallel 'rm -rf {}' ::: %s",
		"parallel -j4 sh -c 'rm -rf {}' ::: %s",
		"parallel -q sh -c 'rm -rf $0' ::: %s",
		"printf '%%s\\n' %s | parallel 'rm -rf {}'",
		"printf '%%s\\n' %s | xargs -I{} sh -c 'rm -rf {}'",
		"printf '%%s\\n' %s | xargs -I @ bash -c 'rm -rf @'",
	}
	for _, danger := range []string{"~", "~/Documents", "/etc", "/home/dev/.ssh"} {
		want := jobsPoints("rm -rf "+danger, opt)
		for _, other := range []string{"build", "/tmp/x", "dist"} {
			for _, items := range [][]string{{other, danger}, {danger, other}, {other, other, danger}} {
				for _, form := range forms {
					line := strings.Replace(strings.ReplaceAll(form, "%%", "%"), "%s", strings.Join(items, " "), 1)
					if strings.HasPrefix(form, "printf") {
						line = strings.Replace(strings.Replace(form, "%%s", "\x00", 1), "%s", strings.Join(items, " "), 1)
						line = strings.Replace(line, "\x00", "%s", 1)
					}
					if got := jobsPoints(line, opt); got < want {
						t.Errorf("%s: %d points, want at least %d (rm -rf %s)", line, got, want, danger)
					}
				}
			}
		}
	}
}

// TestJobsPerItemTwins: the same forms on the project's own files stay
// below an approval.
func TestJobsPerItemTwins(t *testing.T) {
	opt := Options{Cwd: "/home/dev/project", Home: "/home/dev"}
	for _, line := range []string{
		"parallel 'gzip -9 {}' ::: a.log b.log",
		"parallel sh -c 'wc -l {}' ::: a.go b.go",
		"printf '%s\\n' a b | xargs -I{} sh -c 'wc -c {}'",
		"sh -c 'echo $0' hi",
	} {
		if got := jobsPoints(line, opt); got >= 50 {
			t.Errorf("%s: %d points, want a benign reading", line, got)
		}
	}
}
