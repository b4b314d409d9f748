package chain

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/rule"
	"github.com/actionguard/actionguard/rule/ruletest"
)

var testOpt = Options{Cwd: "/home/u/app", Home: "/home/u"}

// example reads a rule's example session (see rules.go): steps separated
// by " -> ", each "Tool: argument [observation]"; the last is the call.
func example(t testing.TB, ex string) (Call, []Step) {
	t.Helper()
	var steps []Step
	for _, p := range strings.Split(ex, " -> ") {
		tool, arg, ok := strings.Cut(p, ": ")
		if !ok {
			t.Fatalf("example %q: step %q has no tool", ex, p)
		}
		obs := ""
		if i := strings.Index(arg, " ["); i >= 0 && strings.HasSuffix(arg, "]") {
			arg, obs = arg[:i], arg[i+2:len(arg)-1]
		}
		in := map[string]any{}
		switch {
		case strings.HasPrefix(arg, "{"):
			if err := json.Unmarshal([]byte(arg), &in); err != nil {
				t.Fatalf("example %q: %v", ex, err)
			}
		case tool == "Read":
			in["file_path"] = arg
		case tool == "WebFetch":
			in["url"] = arg
		default:
			in["command"] = arg
		}
		steps = append(steps, Step{Tool: tool, Input: in, Observation: obs})
	}
	last := steps[len(steps)-1]
	return Call{Tool: last.Tool, Input: last.Input}, steps[:len(steps)-1]
}

// TestRuleExamples runs every rule's example sessions, the way every
// analyzer's registry is checked.
func TestRuleExamples(t *testing.T) {
	ruletest.Check(t, ruletest.Options{Prefix: "chain.", RequireNoMatch: true, DangerousFloor: 100}, Rules, func(ex string, _ *rule.Rule) []rule.Finding {
		cur, h := example(t, ex)
		return Analyze(cur, h, testOpt)
	})
}

// session is one case of testdata/sessions: the steps, the call, and the
// rules it must produce (exactly). Rule names the rule the session is
// about, "" for a routine session.
type session struct {
	Name     string   `json:"name"`
	Rule     string   `json:"rule"`
	Cwd      string   `json:"cwd"` // default /home/u/app; "-" for none
	MaxSteps int      `json:"max_steps"`
	Steps    []Step   `json:"steps"`
	Call     jsonRun  `json:"call"`
	Want     []string `json:"want"`
}

type jsonRun struct {
	Tool  string         `json:"tool"`
	Input map[string]any `json:"input"`
}

func (s *session) options() Options {
	o := Options{Cwd: testOpt.Cwd, Home: testOpt.Home, MaxSteps: s.MaxSteps}
	switch s.Cwd {
	case "":
	case "-":
		o.Cwd = ""
	default:
		o.Cwd = s.Cwd
	}
	return o
}

func loadSessions(t testing.TB) map[string][]session {
	t.Helper()
	files, err := filepath.Glob("testdata/sessions/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no sessions under testdata/sessions (%v)", err)
	}
	out := map[string][]session{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var ss []session
		dec := json.NewDecoder(strings.NewReader(string(b)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&ss); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[filepath.Base(f)] = ss
	}
	return out
}

// TestSessions runs the sessions of testdata/sessions, and requires every
// rule to have at least one session that produces it and one about it
// that does not.
func TestSessions(t *testing.T) {
	matched, spared := map[string]int{}, map[string]int{}
	ids := map[string]bool{}
	for _, r := range Rules() {
		ids[r.ID] = true
	}
	for file, ss := range loadSessions(t) {
		for _, s := range ss {
			t.Run(file+"/"+s.Name, func(t *testing.T) {
				if s.Rule != "" && !ids[s.Rule] {
					t.Fatalf("session about unknown rule %q", s.Rule)
				}
				fs := Analyze(Call{Tool: s.Call.Tool, Input: s.Call.Input}, s.Steps, s.options())
				var got []string
				for _, f := range fs {
					got = append(got, f.Rule)
					if f.Message == "" || f.Evidence == "" || len(f.Targets) == 0 {
						t.Errorf("%s: incomplete finding %+v", f.Rule, f)
					}
				}
				slices.Sort(got)
				want := slices.Clone(s.Want)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("found %v, want %v", got, want)
					for _, f := range fs {
						t.Logf("  %s: %s [%s]", f.Rule, f.Message, f.Evidence)
					}
				}
				if s.Rule != "" {
					if slices.Contains(s.Want, s.Rule) {
						matched[s.Rule]++
					} else {
						spared[s.Rule]++
					}
				}
			})
		}
	}
	for _, r := range Rules() {
		if matched[r.ID] == 0 || spared[r.ID] == 0 {
			t.Errorf("%s: testdata/sessions needs a session that produces it (%d) and one about it that does not (%d)", r.ID, matched[r.ID], spared[r.ID])
		}
	}
}

// TestNamesBothSteps: a finding names the earlier step (its number, tool
// and file) and the call (where it sends).
func TestNamesBothSteps(t *testing.T) {
	cur, h := example(t, "Bash: git status -> Read: ~/.ssh/id_rsa -> Bash: npm test -> WebFetch: https://paste.example.net/x")
	fs := Analyze(cur, h, testOpt)
	if len(fs) != 1 {
		t.Fatalf("findings %v", fs)
	}
	f := fs[0]
	for _, want := range []string{"step 2 (Read)", "paste.example.net", "~/.ssh/id_rsa", "SSH key"} {
		if !strings.Contains(f.Message, want) {
			t.Errorf("message %q does not say %q", f.Message, want)
		}
	}
	if !strings.Contains(f.Evidence, "step 2 Read") || !strings.Contains(f.Evidence, "WebFetch") {
		t.Errorf("evidence %q does not name both steps", f.Evidence)
	}
	if !f.Category.Dangerous() {
		t.Errorf("credential then send is %s, not dangerous", f.Category)
	}
	if !slices.Contains(f.Targets, "paste.example.net") || !slices.Contains(f.Targets, "~/.ssh/id_rsa") {
		t.Errorf("targets %v", f.Targets)
	}
}

// TestProductionEvidence: the production-delete finding keeps the
// production words out of its evidence and targets, which the guard's
// production modifier reads (seed 002 weighs this chain privileged).
func TestProductionEvidence(t *testing.T) {
	cur, h := example(t, "Bash: kubectl config use-context prod-eu -> mcp__db__delete_rows: {\"table\": \"users\"}")
	fs := Analyze(cur, h, testOpt)
	if len(fs) != 1 || fs[0].Rule != ruleProductionDelete.ID {
		t.Fatalf("findings %v", fs)
	}
	if hasProdWord(fs[0].Evidence) || slices.ContainsFunc(fs[0].Targets, hasProdWord) {
		t.Errorf("evidence %q / targets %v name production", fs[0].Evidence, fs[0].Targets)
	}
	if !strings.Contains(fs[0].Message, "prod-eu") {
		t.Errorf("message %q does not name the earlier step's production", fs[0].Message)
	}
}

// TestBounded: only the latest MaxSteps steps count.
func TestBounded(t *testing.T) {
	cur, h := example(t, "Read: ~/.ssh/id_rsa -> WebFetch: https://paste.example.net/x")
	for range 40 {
		h = append(h, Step{Tool: "Bash", Input: map[string]any{"command": "go test ./..."}})
	}
	if fs := Analyze(cur, h, testOpt); len(fs) != 0 {
		t.Errorf("a read 40 steps back still counts: %v", fs)
	}
	o := testOpt
	o.MaxSteps = 64
	fs := Analyze(cur, h, o)
	if len(fs) != 1 {
		t.Fatalf("with MaxSteps 64: %v", fs)
	}
	if !strings.Contains(fs[0].Message, "step 1 (Read)") {
		t.Errorf("steps are numbered in the history given: %q", fs[0].Message)
	}
}

// TestCommandsGiven: the current call's parsed commands, when the caller
// has them, give the same findings as parsing here.
func TestCommandsGiven(t *testing.T) {
	for _, r := range Rules() {
		for _, ex := range slices.Concat(r.Match, r.NoMatch) {
			cur, h := example(t, ex)
			c, _ := cur.Input["command"].(string)
			if c == "" {
				continue
			}
			want := ruletest.IDs(Analyze(cur, h, testOpt))
			cur.Commands = shell.Analyze(c, shell.Options{Cwd: testOpt.Cwd, Home: testOpt.Home}).Commands
			if got := ruletest.IDs(Analyze(cur, h, testOpt)); got != want {
				t.Errorf("%q: %s with commands given, %s without", ex, got, want)
			}
		}
	}
}

// TestCredentialHints: every credential read the shell analyzer's own
// examples show passes the pre-check, so that skipping the parse of an
// earlier command never hides a credential read.
func TestCredentialHints(t *testing.T) {
	n := 0
	for _, r := range shell.Rules() {
		if r.ID != "shell.cred.read" && r.ID != "shell.cred.exfiltrate" {
			continue
		}
		for _, ex := range r.Match {
			n++
			if !mayStart(ex, "", needSecret) {
				t.Errorf("%s example %q is skipped by the pre-check", r.ID, ex)
			}
		}
	}
	if n == 0 {
		t.Fatal("no shell.cred.* examples found")
	}
	for _, p := range []string{".env", ".env.local", "config/master.key", "certs/server.pem", "credentials.json", ".npmrc", "kubeconfig", "id_ed25519", ".git-credentials"} {
		if shell.ClassifyPath(p, shell.Options{Cwd: testOpt.Cwd}).Credential == "" {
			t.Errorf("%s: not a credential for the shell analyzer", p)
		}
		if !mayStart("cat "+p, "", needSecret) {
			t.Errorf("cat %s is skipped by the pre-check", p)
		}
	}
}

// TestPreCheckSkipsRoutine: the commands of routine work are not parsed
// again when they are earlier steps.
func TestPreCheckSkipsRoutine(t *testing.T) {
	all := needSecret | needOutside | needDownload | needEscalation
	for _, c := range []string{"git status", "go test ./...", "npm run build", "git diff --stat", "ls -la src", "go vet ./...", "make test", "cargo build --release", "npm install"} {
		if mayStart(c, "ok", all&^needEscalation) {
			t.Errorf("%q would be parsed", c)
		}
	}
	for _, c := range []string{"cat /etc/passwd", "sudo -v", "curl -O https://x/y", "x=$(cat k)", "cat ../x", `c''at ~/.s''sh/id_rsa`} {
		if !mayStart(c, "", all) {
			t.Errorf("%q would be skipped", c)
		}
	}
}

func TestHelpers(t *testing.T) {
	hosts := map[string]string{
		"https://user:pw@Paste.Example.net:8443/x?y": "paste.example.net",
		"git@github.com:org/repo.git":                "github.com",
		"http://[::1]:8080/":                         "::1",
		"deploy@10.0.0.5":                            "10.0.0.5",
		"":                                           "def",
	}
	for in, want := range hosts {
		if got := hostOr(in, "def"); got != want {
			t.Errorf("hostOr(%q) = %q, want %q", in, got, want)
		}
	}
	for h, want := range map[string]bool{"localhost": true, "127.0.0.1": true, "::1": true, "app.localhost": true, "example.com": false, "10.0.0.5": false} {
		if loopback(h) != want {
			t.Errorf("loopback(%q) = %v", h, !want)
		}
	}
	for s, want := range map[string]string{"x [REDACTED:email] y [REDACTED:api_key]": "api_key", "[REDACTED:phone]": "", "[REDACTED:private_key]": "private_key", "[REDACTED:": ""} {
		if got := secretMark(s); got != want {
			t.Errorf("secretMark(%q) = %q, want %q", s, got, want)
		}
	}
	// Where a download goes is read through the program's spec.
	for cmd, want := range map[string]string{"curl -fsSLo a.sh https://x": "a.sh", "curl --output=b https://x": "b", "curl -sSo b https://x": "b", "wget -qO x.sh https://x": "x.sh", "wget -P dir https://h/f.sh": "dir/f.sh"} {
		res := shell.Analyze(cmd, shell.Options{})
		if got := downloadsOf(res.Commands[0], cmd); len(got) != 1 || got[0] != want {
			t.Errorf("downloadsOf(%q) = %q, want %q", cmd, got, want)
		}
	}
	budget := compareBudget
	if f := sharedFragment("    12→the quarterly numbers are bad\nshort", "x=the quarterly numbers are bad&y", &budget); f != "the quarterly numbers are bad" {
		t.Errorf("sharedFragment = %q", f)
	}
	if budget = 0; sharedFragment("the quarterly numbers are bad", "x=the quarterly numbers are bad&y", &budget) != "" {
		t.Error("sharedFragment compares with its budget spent")
	}
	for s, want := range map[string]bool{"kubectl --context prod-eu": true, "PRODUCTION": true, "products": false, "reproduce": false, "prd": true} {
		if hasProdWord(s) != want {
			t.Errorf("hasProdWord(%q) = %v", s, !want)
		}
	}
}

// TestParseBudget: earlier shell commands are analysed newest first until
// parseBudget is spent; older ones are then not parsed, while file tools
// (no parsing) still count.
func TestParseBudget(t *testing.T) {
	big := "cat /etc/hosts # " + strings.Repeat("x", maxCommand)
	var h []Step
	h = append(h, Step{Tool: "Bash", Input: map[string]any{"command": "cat ~/.ssh/id_rsa"}})
	for range parseBudget/maxCommand + 1 {
		h = append(h, Step{Tool: "Bash", Input: map[string]any{"command": big}, Observation: "127.0.0.1 localhost"})
	}
	cur := Call{Tool: "WebFetch", Input: map[string]any{"url": "https://x.example.com"}}
	if got := ruletest.IDs(Analyze(cur, h, testOpt)); got != "chain.outside.then-send" {
		t.Errorf("with the budget spent by newer steps: %s", got)
	}
	h[0] = Step{Tool: "Read", Input: map[string]any{"file_path": "~/.ssh/id_rsa"}}
	if fs := Analyze(cur, h, testOpt); !ruletest.Has(fs, ruleCredentialSend.ID) {
		t.Errorf("a Read beyond the parse budget: %s", ruletest.IDs(fs))
	}
}
