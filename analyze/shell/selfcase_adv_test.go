package shell

import (
	"strings"
	"testing"
)

// caseSpellings returns s in lower case, upper case, title case and with
// alternating case: the ways a file system that ignores case (macOS,
// Windows) reads one name.
func caseSpellings(s string) []string {
	alt := []byte(s)
	for i := range alt {
		if i%2 == 1 {
			alt[i] = strings.ToUpper(string(alt[i]))[0]
		} else {
			alt[i] = strings.ToLower(string(alt[i]))[0]
		}
	}
	title := []byte(strings.ToLower(s))
	for i := range title {
		if i == 0 || title[i-1] == '/' || title[i-1] == '.' {
			title[i] = strings.ToUpper(string(title[i]))[0]
		}
	}
	return []string{strings.ToLower(s), strings.ToUpper(s), string(title), string(alt)}
}

// TestSelfControlAnyCase: a command that writes or deletes actionguard's
// own places is found whatever the case of their names, since the file
// systems of macOS and Windows ignore it; the same command on a place of
// the project still runs.
func TestSelfControlAnyCase(t *testing.T) {
	places := []string{"~/.config/actionguard", "~/.config/actionguard/actionguard.yaml", "~/.local/state/actionguard/actionguard.db", "~/.claude/settings.json"}
	verbs := []string{"rm -rf %s", "echo x > %s", "truncate -s 0 %s", "mv %s /tmp/x"}
	for _, p := range places {
		for _, sp := range caseSpellings(p[1:]) {
			for _, v := range verbs {
				cmd := strings.Replace(v, "%s", "~"+sp, 1)
				res := Analyze(cmd, selfOptions)
				if !hasSelfFinding(res) {
					t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(res))
				}
			}
		}
	}
	// Benign twins: the same verbs on the project's own files.
	for _, sp := range caseSpellings("build/Output.log") {
		cmd := "rm -rf " + sp
		if res := Analyze(cmd, selfOptions); hasSelfFinding(res) {
			t.Errorf("%s: %v", cmd, ruleIDs(res))
		}
	}
}

func hasSelfFinding(res *Result) bool {
	for _, fd := range res.Findings {
		if strings.HasPrefix(fd.Rule, "shell.self.") && fd.Rule != ruleSelfFeedback.ID {
			return true
		}
	}
	return false
}
