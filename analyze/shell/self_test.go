package shell

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// selfOptions is where the control-plane cases are analysed: a database
// and a policy file configured outside the default places.
var selfOptions = Options{Cwd: "/home/dev/project", Home: "/home/dev", ControlPlane: []string{"/srv/ag/state.db", "/srv/ag/sessions", "/etc/ag/policy.yaml"}}

// TestSelfAttacks runs testdata/self/cases.txt: ways around the control
// plane's protection are blocked (a finding of a shell.self.* rule, whose
// category makes it DANGEROUS), while reading actionguard and asking it
// stay free of them.
func TestSelfAttacks(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "self", "cases.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	blocks, passes := 0, 0
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		want, cmd, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("cases.txt:%d: want a tab after block or pass", n)
		}
		res := Analyze(cmd, selfOptions)
		var self []string
		for _, fd := range res.Findings {
			if strings.HasPrefix(fd.Rule, "shell.self.") && fd.Rule != ruleSelfFeedback.ID {
				self = append(self, fd.Rule)
			}
		}
		switch want {
		case "block":
			blocks++
			if len(self) == 0 {
				t.Errorf("cases.txt:%d: %s: no shell.self finding (found %v)", n, cmd, ruleIDs(res))
			}
		case "pass":
			passes++
			if len(self) > 0 {
				t.Errorf("cases.txt:%d: %s: %v", n, cmd, self)
			}
		default:
			t.Fatalf("cases.txt:%d: %q is neither block nor pass", n, want)
		}
	}
	t.Logf("%d attacks, %d benign", blocks, passes)
	if blocks < 50 || passes < 20 {
		t.Errorf("the table is thin: %d attacks, %d benign", blocks, passes)
	}
}

// TestSelfRulesBlock: every rule of the control plane but feedback is in
// a DANGEROUS category, so that its finding blocks whatever the mode,
// level, trust or learned adjustments.
func TestSelfRulesBlock(t *testing.T) {
	for _, r := range selfRules {
		if r == ruleSelfFeedback {
			continue
		}
		if !r.Category.Dangerous() {
			t.Errorf("%s: category %s is not DANGEROUS", r.ID, r.Category)
		}
		if r.Alternative != selfAlternative {
			t.Errorf("%s: the alternative does not send the agent to a person", r.ID)
		}
	}
}
