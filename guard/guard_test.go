package guard_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/policy"
)

func shellAct(cmd string) guard.Action {
	return guard.Action{Tool: "Bash", Input: map[string]any{"command": cmd}, Context: guard.Context{Cwd: "/home/dev/project"}}
}

func check(t *testing.T, g *guard.Guard, a guard.Action) guard.Decision {
	t.Helper()
	d, err := g.Check(context.Background(), a)
	if err != nil {
		t.Fatalf("Check(%q): %v", a.Command(), err)
	}
	return d
}

func parsePolicy(t *testing.T, yaml string) *policy.Policy {
	t.Helper()
	p, diags := policy.CheckBytes("actionguard.yaml", []byte(yaml))
	for _, d := range diags {
		if d.Severity == policy.SeverityError {
			t.Fatalf("policy: %s", d)
		}
	}
	return p
}

func TestVerdictsFollowThresholds(t *testing.T) {
	g := guard.New(guard.WithHome("/home/dev"))
	for _, tc := range []struct {
		cmd   string
		want  guard.Verdict
		level guard.Level
	}{
		{"ls -la", guard.Allow, guard.Safe},
		{"rm -rf src", guard.Confirm, guard.Cautious},
		{"rm -rf ~/Documents", guard.Approve, guard.Privileged},
		{"rm -rf /", guard.Block, guard.Dangerous},
	} {
		d := check(t, g, shellAct(tc.cmd))
		if d.Verdict != tc.want || d.Level != tc.level {
			t.Errorf("%q: %s/%s, want %s/%s", tc.cmd, d.Verdict, d.Level, tc.want, tc.level)
		}
		if d.Risk < 1 || d.Risk > 10 {
			t.Errorf("%q: risk %d out of 1–10", tc.cmd, d.Risk)
		}
	}
}

func TestApprovalView(t *testing.T) {
	g := guard.New(guard.WithHome("/home/dev"))
	for _, tc := range []struct {
		cmd       string
		riskLevel string
		requires  bool
		action    string
	}{
		{"git status", "low", false, "proceed"},
		{"rm -rf src", "medium", true, "wait_for_approval"},
		{"git push --force origin main", "high", true, "wait_for_approval"},
		{"rm -rf /", "high", true, "reject"},
	} {
		d := check(t, g, shellAct(tc.cmd))
		if d.RiskLevel != tc.riskLevel || d.RequiresApproval != tc.requires || d.Action != tc.action {
			t.Errorf("%q: %s/%v/%s, want %s/%v/%s", tc.cmd, d.RiskLevel, d.RequiresApproval, d.Action, tc.riskLevel, tc.requires, tc.action)
		}
	}
}

func TestUnparseableFallsBackAndIsConfigurable(t *testing.T) {
	cmd := "echo 'unterminated"
	d := check(t, guard.New(), shellAct(cmd))
	if d.Verdict != guard.Confirm || d.Error == "" {
		t.Errorf("default fallback: %s (error %q), want confirm with an error", d.Verdict, d.Error)
	}
	for _, v := range []string{"approve", "block", "notify"} {
		p := parsePolicy(t, "on_unparseable: "+v+"\n")
		d := check(t, guard.New(guard.WithPolicy(p)), shellAct(cmd))
		if string(d.Verdict) != v {
			t.Errorf("on_unparseable %s: got %s", v, d.Verdict)
		}
		if v == "notify" && d.Notice == "" {
			t.Errorf("a notify fallback must tell the user")
		}
	}
	// Something dangerous in unparseable text is still seen.
	d = check(t, guard.New(), shellAct("rm -rf / 'unterminated"))
	if d.Verdict != guard.Block {
		t.Errorf("rm -rf / in unparseable text: %s, want block", d.Verdict)
	}
}

func TestMissingCommandNeedsApproval(t *testing.T) {
	d := check(t, guard.New(), guard.Action{Tool: "Bash", Input: map[string]any{}})
	if d.Verdict.Allowed() || !d.RequiresApproval {
		t.Errorf("no command: %s, want approval", d.Verdict)
	}
}

func TestHugeAndBinaryInputIsBounded(t *testing.T) {
	g := guard.New()
	big := strings.Repeat("echo hello; ", (10<<20)/12)
	d := check(t, g, shellAct(big))
	if d.Verdict.Allowed() || d.Error == "" {
		t.Errorf("10 MiB command: %s (%q), want the fallback with an error", d.Verdict, d.Error)
	}
	junk := string([]byte{0, 1, 2, 0xff, 0xfe, '\'', '"', '$', '(', 0x80, '\n', '`'})
	d = check(t, g, shellAct(strings.Repeat(junk, 1000)))
	if d.Verdict == guard.Allow {
		t.Errorf("binary junk was allowed: %+v", d)
	}
}

func TestCancelledContextFallsBack(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	d, err := guard.New().Check(ctx, shellAct("ls"))
	if !errors.Is(err, guard.ErrFallback) {
		t.Errorf("err = %v, want ErrFallback", err)
	}
	if d.Verdict.Allowed() {
		t.Errorf("a cancelled check must not allow: %s", d.Verdict)
	}
}

func TestAllowEntryNeverLaunders(t *testing.T) {
	p := parsePolicy(t, "allow:\n  - command: \"git status\"\n  - command: \"git push --force origin feature/*\"\n")
	g := guard.New(guard.WithPolicy(p), guard.WithHome("/home/dev"))
	if d := check(t, g, shellAct("git push --force origin feature/x")); d.Verdict != guard.Allow {
		t.Errorf("allowed force-push to a feature branch: %s %v", d.Verdict, ruleList(d))
	}
	if d := check(t, g, shellAct("git push --force origin main")); d.Verdict.Allowed() {
		t.Errorf("the allow entry for feature/* cleared a push to main")
	}
	for _, cmd := range []string{"git status && rm -rf ~", "git status; rm -rf ~", "git status || rm -rf ~", "git status | sh -c 'rm -rf ~'", "git status $(rm -rf ~)"} {
		if d := check(t, g, shellAct(cmd)); d.Verdict != guard.Block {
			t.Errorf("%q: %s, want block (the allow entry must not launder the rest)", cmd, d.Verdict)
		}
	}
}

func TestDenyEntryAndCustomRule(t *testing.T) {
	p := parsePolicy(t, `deny:
  - command: "terraform apply **"
    verdict: approve
    reason: infrastructure changes go through review
rules:
  - id: custom.no-make-deploy
    when: 'kind == "shell" && "make" in programs && command contains "deploy"'
    verdict: block
    message: deploys run from CI only
`)
	g := guard.New(guard.WithPolicy(p))
	if d := check(t, g, shellAct("terraform apply -auto-approve")); d.Verdict != guard.Approve && d.Verdict != guard.Block {
		t.Errorf("deny entry: %s", d.Verdict)
	}
	if d := check(t, g, shellAct("make deploy")); d.Verdict != guard.Block {
		t.Errorf("custom rule: %s", d.Verdict)
	}
	if d := check(t, g, shellAct("make test")); d.Verdict != guard.Allow {
		t.Errorf("custom rule over-matched: %s", d.Verdict)
	}
}

func TestModesAndLevels(t *testing.T) {
	cmd := shellAct("rm -rf src") // 50 points: cautious at level 5
	for _, tc := range []struct {
		yaml string
		want guard.Verdict
	}{
		{"mode: adaptive\n", guard.Confirm},
		{"mode: flow\n", guard.Confirm}, // deleting is not reversible: flow still asks
		{"mode: learning\n", guard.Notify},
		{"mode: paranoid\n", guard.Approve},
		{"security_level: 9\n", guard.Confirm},
		{"security_level: 1\n", guard.Confirm},
	} {
		d := check(t, guard.New(guard.WithPolicy(parsePolicy(t, tc.yaml))), cmd)
		if d.Verdict != tc.want {
			t.Errorf("%q: %s, want %s", strings.TrimSpace(tc.yaml), d.Verdict, tc.want)
		}
	}
	// Flow lets a reversible cautious action run with a notice.
	if d := check(t, guard.New(guard.WithPolicy(parsePolicy(t, "mode: flow\n"))), shellAct("npm install -g typescript")); d.Verdict != guard.Notify {
		t.Errorf("flow mode held a reversible cautious action: %s", d.Verdict)
	}
	// Always-review commands are never relaxed by a mode.
	d := check(t, guard.New(guard.WithPolicy(parsePolicy(t, "mode: flow\nsecurity_level: 1\n"))), shellAct("chmod -R 777 ./public"))
	if d.Verdict.Allowed() {
		t.Errorf("flow mode relaxed an always-review command: %s", d.Verdict)
	}
	// A dangerous command stays blocked in every mode.
	d = check(t, guard.New(guard.WithPolicy(parsePolicy(t, "mode: learning\nsecurity_level: 1\n"))), shellAct("rm -rf /"))
	if d.Verdict != guard.Block {
		t.Errorf("learning mode let rm -rf / through: %s", d.Verdict)
	}
}

func TestProfiles(t *testing.T) {
	g := guard.New(guard.WithHome("/home/dev"))
	write := guard.Action{Tool: "Write", Input: map[string]any{"file_path": "/home/dev/project/main.go", "content": "package main"}, Context: guard.Context{Cwd: "/home/dev/project"}}
	if d := check(t, g, write); d.Verdict != guard.Allow {
		t.Errorf("coding agent editing its workspace: %s", d.Verdict)
	}
	write.Context.Application = guard.AppAssistant
	if d := check(t, g, write); d.Verdict != guard.Approve {
		t.Errorf("assistant writing a file: %s, want approve", d.Verdict)
	}
	build := shellAct("go build ./...")
	if d := check(t, g, build); d.Verdict != guard.Allow {
		t.Errorf("coding agent building: %s", d.Verdict)
	}
	build.Context.Application = guard.AppAssistant
	if d := check(t, g, build); d.Verdict.Allowed() {
		t.Errorf("assistant running a build: %s, want approval", d.Verdict)
	}
	read := shellAct("cat README.md")
	read.Context.Application = guard.AppAssistant
	if d := check(t, g, read); d.Verdict != guard.Allow {
		t.Errorf("assistant reading: %s", d.Verdict)
	}
}

func TestFileTools(t *testing.T) {
	g := guard.New(guard.WithHome("/home/dev"))
	for _, tc := range []struct {
		tool, path string
		min        guard.Verdict
	}{
		{"Read", "/home/dev/.ssh/id_ed25519", guard.Confirm},
		{"Read", "/home/dev/project/.env", guard.Notify}, // seed 001, scenario 11: local credential use
		{"Write", "/etc/hosts", guard.Approve},
		{"Edit", "/home/dev/.bashrc", guard.Approve},
		{"Write", "/home/dev/project/.git/hooks/pre-commit", guard.Approve},
		{"Edit", "/home/dev/project/.github/workflows/ci.yml", guard.Approve},
		{"Write", "/home/dev/project/.claude/settings.json", guard.Approve},
	} {
		a := guard.Action{Tool: tc.tool, Input: map[string]any{"file_path": tc.path}, Context: guard.Context{Cwd: "/home/dev/project"}}
		if d := check(t, g, a); tc.min.Stricter(d.Verdict) {
			t.Errorf("%s %s: %s, want at least %s", tc.tool, tc.path, d.Verdict, tc.min)
		}
	}
	a := guard.Action{Tool: "Read", Input: map[string]any{"file_path": "/home/dev/project/main.go"}, Context: guard.Context{Cwd: "/home/dev/project"}}
	if d := check(t, g, a); d.Verdict != guard.Allow {
		t.Errorf("reading source: %s", d.Verdict)
	}
}

func TestExplainTrace(t *testing.T) {
	a := shellAct("sudo bash -c 'rm -rf /home/user/production/*test*'")
	a.Context.Cwd = "/home/user/production"
	d, err := guard.New(guard.WithHome("/home/user")).Explain(context.Background(), a)
	if err != nil {
		t.Fatal(err)
	}
	stages := map[string]bool{}
	for _, s := range d.Trace {
		stages[s.Stage] = true
	}
	for _, want := range []string{"parse", "unwrap", "command", "rule", "modifier", "threshold", "verdict"} {
		if !stages[want] {
			t.Errorf("trace lacks a %q step: %+v", want, d.Trace)
		}
	}
	if c, _ := guard.New().Check(context.Background(), a); len(c.Trace) != 0 {
		t.Errorf("Check must not fill the trace")
	}
}

func TestRiskBar(t *testing.T) {
	if got := guard.RiskBar(8); got != "Risk: ████████░░ 8/10" {
		t.Errorf("RiskBar(8) = %q", got)
	}
}

func TestKindInference(t *testing.T) {
	for _, tc := range []struct {
		a    guard.Action
		want guard.Kind
	}{
		{guard.Action{Tool: "Bash", Input: map[string]any{"command": "ls"}}, guard.KindShell},
		{guard.Action{Tool: "run_shell_command", Input: map[string]any{"command": "ls"}}, guard.KindShell},
		{guard.Action{Tool: "execute_sql", Input: map[string]any{"query": "select 1"}}, guard.KindSQL},
		{guard.Action{Tool: "Read", Input: map[string]any{"file_path": "/x"}}, guard.KindFile},
		{guard.Action{Tool: "WebFetch", Input: map[string]any{"url": "https://x"}}, guard.KindHTTP},
		{guard.Action{Tool: "GmailSendEmail", Input: map[string]any{"to": "a@b.c"}}, guard.KindEmail},
		{guard.Action{Tool: "send_email"}, guard.KindEmail},
		{guard.Action{Tool: "BinanceWithdraw"}, guard.KindPayment},
		{guard.Action{Tool: "transfer_funds"}, guard.KindPayment},
		{guard.Action{Tool: "post_on_x"}, guard.KindPost},
		{guard.Action{Text: "send an email to bob"}, guard.KindIntent},
		{guard.Action{Tool: "mcp__github__create_issue"}, guard.KindTool},
	} {
		if got := tc.a.InferKind(); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.a.Tool, got, tc.want)
		}
	}
}

func TestSplitName(t *testing.T) {
	for in, want := range map[string]string{
		"GmailSendEmail":            "gmail send email",
		"send_email":                "send email",
		"mcp__github__create_issue": "mcp github create issue",
		"HTTPRequest":               "http request",
		"post_on_x":                 "post on x",
	} {
		if got := strings.Join(guard.SplitName(in), " "); got != want {
			t.Errorf("SplitName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestBroadWorkingDirectory: when the agent runs from /, from the home
// directory or from a system directory, paths are judged by what they are,
// not waved through as "files of the project".
func TestBroadWorkingDirectory(t *testing.T) {
	g := guard.New(guard.WithHome("/home/dev"))
	for _, tc := range []struct {
		cwd, cmd string
		min      guard.Verdict
	}{
		{"/", "rm -rf etc", guard.Block},
		{"/", "rm -rf ~", guard.Block},
		{"/home", "rm -rf dev", guard.Block},
		{"/home/dev", "rm -rf ~", guard.Block},
		{"/home/dev", "rm -rf Documents", guard.Approve},
		{"/usr", "rm -rf lib", guard.Block},
	} {
		a := shellAct(tc.cmd)
		a.Context.Cwd = tc.cwd
		if d := check(t, g, a); tc.min.Stricter(d.Verdict) {
			t.Errorf("cwd %s: %q: %s, want at least %s (%v)", tc.cwd, tc.cmd, d.Verdict, tc.min, ruleList(d))
		}
	}
}
