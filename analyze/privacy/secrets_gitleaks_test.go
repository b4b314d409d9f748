package privacy

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

type gitleaksExample struct {
	Path string `json:"path"`
	Text string `json:"text"`
}

type gitleaksRuleExamples struct {
	ID   string            `json:"id"`
	Path string            `json:"path"`
	TPs  []gitleaksExample `json:"tps"`
	FPs  []gitleaksExample `json:"fps"`
}

// gitleaksPathOnly lists the false-positive examples that gitleaks rejects
// only by their file path: detectSecrets sees text, not files, and finds
// the secret whatever file it came from (a Freemius key pasted into an
// HTML file is still a key). Key: rule id + " " + example path.
var gitleaksPathOnly = map[string]string{
	"freemius-secret-key foo.html":       "same key in a .html file: gitleaks runs the rule on .php files only",
	"hashicorp-tf-password unrelated.js": "same assignment in a .js file: gitleaks runs the rule on .tf/.hcl only",
	"nuget-config-password some.xml":     "same element in another XML file: gitleaks runs the rule on nuget.config only",
	"kubernetes-secret-yaml secret.json": "same manifest in a .json file: gitleaks runs the rule on YAML only",
}

// gitleaksOwnExamples are true positives we wrote for the rules gitleaks
// ships without examples (its Validate call is a TODO there).
var gitleaksOwnExamples = map[string][]string{
	"dropbox-long-lived-api-token": {
		`dropbox_token = "k3j5h7g9f1dAAAAAAAAAAq8w7e6r5t4y3u2i1o0p9a8s7d6f5g4h3j2k1l0z9x8c"`,
	},
	"dropbox-short-lived-api-token": {
		`DROPBOX_TOKEN: sl.` + strings.Repeat("u7Bq2-Zk9_xW4", 10) + `a1b2c`,
	},
}

func loadGitleaksExamples(t testing.TB) []gitleaksRuleExamples {
	t.Helper()
	data, err := os.ReadFile("testdata/gitleaks/examples.json")
	if err != nil {
		t.Fatal(err)
	}
	var rules []gitleaksRuleExamples
	if err := json.Unmarshal(data, &rules); err != nil {
		t.Fatal(err)
	}
	return rules
}

// TestGitleaksExamples runs every gitleaks rule's own true- and
// false-positive examples through detectSecrets.
func TestGitleaksExamples(t *testing.T) {
	rules := loadGitleaksExamples(t)
	e, err := secretEngineOnce()
	if err != nil {
		t.Fatal(err)
	}
	if len(rules) != len(e.rules) {
		t.Errorf("examples.json has %d rules, rules.json %d", len(rules), len(e.rules))
	}
	var tpExact, tpOther, tpTotal, fpTotal, fpPath int
	for _, r := range rules {
		for _, text := range gitleaksOwnExamples[r.ID] {
			r.TPs = append(r.TPs, gitleaksExample{Text: text})
		}
		t.Run(r.ID, func(t *testing.T) {
			if len(r.TPs) == 0 {
				t.Errorf("no true-positive examples")
			}
			for _, ex := range r.TPs {
				tpTotal++
				fs := detectSecrets(ex.Text)
				switch {
				case hasRule(fs, r.ID):
					tpExact++
				case hasSecretFinding(fs):
					// A more specific rule took it (gitleaks drops the
					// generic finding then).
					tpOther++
					if !strings.HasPrefix(r.ID, "generic") {
						t.Errorf("true positive found by %s, not %s: %q", rulesOf(fs), r.ID, ex.Text)
					}
				default:
					t.Errorf("true positive not found: %q", ex.Text)
				}
			}
			for _, ex := range r.FPs {
				fpTotal++
				fs := detectSecrets(ex.Text)
				if !hasRule(fs, r.ID) {
					continue
				}
				if reason, ok := gitleaksPathOnly[r.ID+" "+ex.Path]; ok {
					fpPath++
					t.Logf("path-only false positive %s (%s)", ex.Path, reason)
					continue
				}
				t.Errorf("false positive found: %q → %+v", ex.Text, fs)
			}
		})
	}
	t.Logf("%d rules: %d/%d true positives found by their rule, %d by a more specific rule; %d false positives, %d rejected by gitleaks only by file path",
		len(rules), tpExact, tpTotal, tpOther, fpTotal, fpPath)
}

func hasRule(fs []Finding, id string) bool {
	for _, f := range fs {
		if f.Rule == id {
			return true
		}
	}
	return false
}

func hasSecretFinding(fs []Finding) bool {
	for _, f := range fs {
		if f.Type.NeverSend() {
			return true
		}
	}
	return false
}

func rulesOf(fs []Finding) string {
	var ids []string
	for _, f := range fs {
		ids = append(ids, f.Rule)
	}
	return strings.Join(ids, ",")
}
