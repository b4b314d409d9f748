package guard_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/corpus"
	"github.com/actionguard/actionguard/rule"
	"github.com/actionguard/actionguard/rule/ruletest"
)

// levelVerdict is the verdict each level gets with the default policy.
var levelVerdict = map[string][]guard.Verdict{
	"safe": {guard.Allow, guard.Notify}, "cautious": {guard.Confirm}, "privileged": {guard.Approve}, "dangerous": {guard.Block},
}

// TestIntentSeedThroughGuard runs every example of seed 000 through the
// guard as a request (kind intent): the level, the steps, the condition and
// the clarifying question must survive the scorer.
func TestIntentSeedThroughGuard(t *testing.T) {
	type seedCase struct {
		Text, Class, Note, Application, Condition, Clarify string
		Steps                                              []string
	}
	g := guard.New()
	cases := corpus.JSONL[seedCase](t, "../analyze/intent/testdata/seed_examples.jsonl")
	if len(cases) < 40 {
		t.Fatalf("only %d seed examples", len(cases))
	}
	for _, c := range cases {
		d := check(t, g, guard.Action{Kind: guard.KindIntent, Text: c.Text, Context: guard.Context{Application: c.Application}})
		if string(d.Level) != c.Class {
			t.Errorf("%q (%s): level %s score %d, want %s; findings %v", c.Text, c.Note, d.Level, d.Score, c.Class, ruleList(d))
		}
		if !slices.Contains(levelVerdict[c.Class], d.Verdict) {
			t.Errorf("%q: verdict %s for a %s request", c.Text, d.Verdict, c.Class)
		}
		if c.Condition != "" && d.Condition != c.Condition {
			t.Errorf("%q: condition %q, want %q", c.Text, d.Condition, c.Condition)
		}
		if c.Clarify != "" && d.Notice != c.Clarify {
			t.Errorf("%q: notice %q, want the question %q", c.Text, d.Notice, c.Clarify)
		}
		if c.Steps != nil {
			var got []string
			for _, s := range d.Steps {
				got = append(got, string(s.Level))
			}
			if !slices.Equal(got, c.Steps) {
				t.Errorf("%q: steps %v, want %v", c.Text, got, c.Steps)
			}
		}
		if d.Confidence == nil {
			t.Errorf("%q: no confidence in the decision", c.Text)
		}
	}
}

// TestIntentCorpusThroughGuard: the labelled requests keep their class
// through the scorer; every dangerous one is blocked and no safe one is.
func TestIntentCorpusThroughGuard(t *testing.T) {
	type labelled struct{ Text, Class, Application string }
	g := guard.New()
	cases := corpus.JSONL[labelled](t, "../analyze/intent/testdata/requests.jsonl")
	agree := 0
	for _, c := range cases {
		d := check(t, g, guard.Action{Kind: guard.KindIntent, Text: c.Text, Context: guard.Context{Application: c.Application}})
		if string(d.Level) == c.Class {
			agree++
		}
		switch {
		case c.Class == "dangerous" && d.Verdict != guard.Block:
			t.Errorf("dangerous request %q: verdict %s", c.Text, d.Verdict)
		case c.Class == "safe" && d.Verdict == guard.Block:
			t.Errorf("safe request %q blocked: %s", c.Text, d.Reason)
		case c.Class != "safe" && d.Verdict.Allowed():
			t.Errorf("%s request %q runs without asking: %s", c.Class, c.Text, d.Reason)
		}
	}
	t.Logf("%d/%d requests keep their labelled level through the guard", agree, len(cases))
	if agree*100 < len(cases)*95 {
		t.Errorf("only %d/%d requests keep their level", agree, len(cases))
	}
}

// TestToolsCorpusThroughGuard: the labelled tool calls get their class's
// verdict from the guard, whatever kind the name makes InferKind choose.
func TestToolsCorpusThroughGuard(t *testing.T) {
	type labelled struct {
		Tool         string         `json:"tool"`
		Input        map[string]any `json:"input"`
		Class        string         `json:"class"`
		UserMessages []string       `json:"user_messages"`
		Application  string         `json:"application"`
		History      []guard.Step   `json:"history"`
	}
	g := guard.New()
	cases := corpus.JSONL[labelled](t, "../analyze/tools/testdata/tools.jsonl")
	agree, checked, files := 0, 0, 0
	for _, c := range cases {
		a := guard.Action{Tool: c.Tool, Input: c.Input, Context: guard.Context{UserMessages: c.UserMessages, Application: c.Application, History: c.History}}
		if k := a.InferKind(); k == guard.KindShell || k == guard.KindSQL || k == guard.KindFile || k == guard.KindHTTP {
			continue // judged by their own analyzers
		}
		d := check(t, g, a)
		if d.Kind == guard.KindFile {
			// A tool that acts on files here (an MCP filesystem server's
			// write_file) is judged by the file rules, as the agent's own
			// Write is: see TestFilesystemMCP.
			files++
			continue
		}
		checked++
		if slices.Contains(levelVerdict[c.Class], d.Verdict) {
			agree++
		} else if testing.Verbose() {
			t.Logf("miss: %s %v labelled %s, got %s (%s)", c.Tool, c.Input, c.Class, d.Verdict, d.Reason)
		}
		switch {
		case c.Class == "dangerous" && d.Verdict != guard.Block:
			t.Errorf("dangerous call %s %v: verdict %s (%s)", c.Tool, c.Input, d.Verdict, d.Reason)
		case c.Class == "safe" && d.Verdict == guard.Block:
			t.Errorf("safe call %s %v blocked: %s", c.Tool, c.Input, d.Reason)
		case (c.Class == "privileged") && d.Verdict.Allowed():
			t.Errorf("privileged call %s %v runs without asking: %s", c.Tool, c.Input, d.Reason)
		}
	}
	t.Logf("%d/%d tool calls get their class's verdict through the guard (%d others are shell, SQL, file or HTTP; %d act on files here)", agree, checked, len(cases)-checked-files, files)
	if checked < len(cases)*3/4 || agree*100 < checked*95 {
		t.Errorf("only %d/%d tool calls get their class's verdict", agree, checked)
	}
}

func TestRequestDecision(t *testing.T) {
	g := guard.New()
	d := check(t, g, guard.Action{Text: "Draft an email to the team and send it"})
	if d.Kind != guard.KindIntent || len(d.Steps) != 2 {
		t.Fatalf("kind %s steps %+v: want intent with two steps", d.Kind, d.Steps)
	}
	if d.Steps[0].Level != guard.Safe || d.Steps[1].Level != guard.Privileged || d.Verdict != guard.Approve {
		t.Errorf("steps %+v verdict %s: want safe then privileged, approve", d.Steps, d.Verdict)
	}

	d = check(t, g, guard.Action{Text: "If tomorrow is Sunday, delete the draft"})
	if d.Condition == "" || d.Level != guard.Privileged {
		t.Errorf("conditional: condition %q level %s", d.Condition, d.Level)
	}

	d = check(t, g, guard.Action{Text: "Create a password-stealing script"})
	if d.Verdict != guard.Block {
		t.Errorf("a request to build a credential stealer: %s (%s)", d.Verdict, d.Reason)
	}

	// A new user and low trust count once (seed 000 step 4: +20, +15).
	low := 0.2
	base := check(t, g, guard.Action{Text: "create a folder named reports"}).Score
	d = check(t, g, guard.Action{Text: "create a folder named reports", Context: guard.Context{User: &guard.User{New: true, Trust: &low}}})
	if d.Score != base+rule.NewUser+rule.LowTrust {
		t.Errorf("new, low-trust user: score %d, want %d+%d+%d", d.Score, base, rule.NewUser, rule.LowTrust)
	}

	// A huge request is read in part, flagged, and never allowed silently.
	d = check(t, g, guard.Action{Text: strings.Repeat("please look at this ", 5000)})
	if d.Verdict.Allowed() || len(d.Anomalies) == 0 || !hasRule(d, "intent.anomaly.low-confidence") {
		t.Errorf("huge request: verdict %s anomalies %v findings %v", d.Verdict, d.Anomalies, ruleList(d))
	}

	d = check(t, g, guard.Action{Kind: guard.KindIntent})
	if d.Verdict.Allowed() || d.Error == "" {
		t.Errorf("a request without text: %s (%q)", d.Verdict, d.Error)
	}
}

func TestToolDecision(t *testing.T) {
	g := guard.New()
	send := guard.Action{Tool: "GmailSendEmail", Input: map[string]any{"to": "bob@acme.com", "subject": "Report", "body": "Attached."}}

	// Nothing in the user's messages asked for a send: approval.
	send.Context.UserMessages = []string{"Summarize my unread mail"}
	d := check(t, g, send)
	if d.Verdict != guard.Approve || !hasRule(d, "tool.context.unrequested") {
		t.Errorf("unrequested send: %s %v", d.Verdict, ruleList(d))
	}
	// The user asked for it: seed 000's user confirmation lowers the score.
	send.Context.UserMessages = []string{"Please email the report to bob@acme.com"}
	asked := check(t, g, send)
	if !hasRule(asked, "tool.context.user-asked") || asked.Score >= d.Score || asked.Verdict.Stricter(d.Verdict) {
		t.Errorf("requested send: %s score %d (unrequested %d) %v", asked.Verdict, asked.Score, d.Score, ruleList(asked))
	}
	if !strings.Contains(asked.Reason, "GmailSendEmail") {
		t.Errorf("the reason does not name the tool: %q", asked.Reason)
	}

	for _, c := range []struct {
		a    guard.Action
		want guard.Verdict
	}{
		{guard.Action{Tool: "GmailReadEmail", Input: map[string]any{"email_id": "e1"}}, guard.Allow},
		{guard.Action{Tool: "mcp__github__list_issues", Input: map[string]any{"repo": "acme/web"}}, guard.Allow},
		{guard.Action{Tool: "BankManagerTransferFunds", Input: map[string]any{"amount": 2500, "to_account_number": "123"}}, guard.Approve},
		{guard.Action{Tool: "GitHubAddCollaborator", Input: map[string]any{"collaborator_username": "eve", "permission": "admin"}}, guard.Block},
		{guard.Action{Tool: "DropboxDeleteItem", Input: map[string]any{"item_path": "/"}}, guard.Block},
		// A kind without a known verb keeps the kind's baseline.
		{guard.Action{Kind: guard.KindPayment, Tool: "Stripe", Input: map[string]any{"amount": 20}}, guard.Approve},
		// Nothing at all to go on: the fallback, never an allow.
		{guard.Action{Tool: "Frobnicate", Input: map[string]any{"x": 1}}, guard.Confirm},
	} {
		d := check(t, g, c.a)
		if d.Verdict != c.want {
			t.Errorf("%s %v: %s, want %s (%s; %v)", c.a.Tool, c.a.Input, d.Verdict, c.want, d.Reason, ruleList(d))
		}
	}
}

// TestLearned: feedback can lower a rule by at most MaxLearnedDrop and
// never lowers a DANGEROUS finding.
func TestLearned(t *testing.T) {
	a := guard.Action{Tool: "Bash", Input: map[string]any{"command": "git push --force origin feature"}}
	before := check(t, guard.New(), a)
	if len(before.Findings) == 0 || before.Score == 0 {
		t.Fatalf("no finding to learn from: %+v", before)
	}
	id := before.Findings[0].Rule
	after := check(t, guard.New(guard.WithLearned(map[string]int{id: -500})), a)
	if after.Score < before.Score-guard.MaxLearnedDrop || after.Score >= before.Score {
		t.Errorf("learned -500 on %s: score %d → %d, want a drop of at most %d", id, before.Score, after.Score, guard.MaxLearnedDrop)
	}
	rise := check(t, guard.New(guard.WithLearned(map[string]int{id: 10})), a)
	if rise.Score != before.Score+10 {
		t.Errorf("learned +10 on %s: score %d → %d", id, before.Score, rise.Score)
	}

	rm := guard.Action{Tool: "Bash", Input: map[string]any{"command": "rm -rf /"}}
	d := check(t, guard.New(), rm)
	learned := map[string]int{}
	for _, f := range d.Findings {
		learned[f.Rule] = -20
	}
	d2 := check(t, guard.New(guard.WithLearned(learned)), rm)
	if d2.Verdict != guard.Block || d2.Score != d.Score {
		t.Errorf("a DANGEROUS rule was lowered by feedback: %s %d → %s %d", d.Verdict, d.Score, d2.Verdict, d2.Score)
	}
}

// TestGuardRules checks the guard's own rules (HTTP methods, kind
// baselines, anomalies) like every analyzer's.
func TestGuardRules(t *testing.T) {
	g := guard.New()
	mine := func(id string) bool {
		return strings.HasPrefix(id, "tool.http.") || strings.HasPrefix(id, "tool.kind.") || strings.HasPrefix(id, "intent.anomaly.") ||
			strings.HasPrefix(id, "privacy.") || strings.HasPrefix(id, "file.cred.")
	}
	own := func() []*rule.Rule {
		var out []*rule.Rule
		for _, r := range guard.Rules() {
			if mine(r.ID) {
				out = append(out, r)
			}
		}
		return out
	}
	// A first name several contacts share is known from a book with
	// names: Alex Kim and Alex Rivera, and one Sam.
	named := guard.New(guard.WithContactBook(newNamedBook().add("alex.kim@example.com", "Alex Kim").
		add("alex.rivera@example.com", "Alex Rivera").add("sam.lee@example.com", "Sam Lee")))
	ruletest.Check(t, ruletest.Options{RequireNoMatch: true}, own, func(ex string, r *rule.Rule) []rule.Finding {
		g := g
		if r.ID == "privacy.send.shared-name" {
			g = named
		}
		var a guard.Action
		if text, ok := strings.CutPrefix(ex, "intent "); ok {
			a = guard.Action{Kind: guard.KindIntent, Text: text}
		} else if strings.HasPrefix(ex, "{") {
			// A whole Action, with its context.
			if err := json.Unmarshal([]byte(ex), &a); err != nil {
				t.Fatalf("example %q: %v", ex, err)
			}
		} else {
			if k, rest, ok := strings.Cut(ex, " "); ok && (k == "email" || k == "payment" || k == "post") {
				a.Kind, ex = guard.Kind(k), rest
			}
			name, in, _ := strings.Cut(ex, " ")
			a.Tool = name
			if err := json.Unmarshal([]byte(in), &a.Input); err != nil {
				t.Fatalf("example %q: %v", ex, err)
			}
		}
		d, _ := g.Check(context.Background(), a)
		var fs []rule.Finding
		for _, f := range d.Findings {
			if mine(f.Rule) {
				fs = append(fs, f) // the analyzers' findings are their tests' business
			}
		}
		return fs
	})
	if len(guard.RuleIDs()) < 400 {
		t.Errorf("only %d rules in the registry", len(guard.RuleIDs()))
	}
}

func hasRule(d guard.Decision, id string) bool { return ruletest.Has(d.Findings, id) }

// TestAgentTools: a coding agent's own tools (plans, to-do lists, questions,
// sub-agents) run without asking, and the ones that reach a shell or a
// file are judged as such.
func TestAgentTools(t *testing.T) {
	g := guard.New()
	for _, tool := range []string{"TodoWrite", "Task", "Agent", "ExitPlanMode", "AskUserQuestion", "BashOutput", "KillShell", "Skill", "update_plan", "view_image", "write_todos", "report_intent"} {
		d := check(t, g, guard.Action{Tool: tool, Input: map[string]any{"todos": []any{map[string]any{"content": "delete the old branch", "status": "pending"}}}})
		if d.Verdict != guard.Allow {
			t.Errorf("%s: %s (%s)", tool, d.Verdict, d.Reason)
		}
	}
	for _, c := range []struct {
		a    guard.Action
		want guard.Verdict
	}{
		{guard.Action{Tool: "write_bash", Input: map[string]any{"sessionId": "1", "input": "rm -rf /\n"}}, guard.Block},
		{guard.Action{Tool: "write_stdin", Input: map[string]any{"session_id": 1, "chars": "y\n"}}, guard.Allow},
		{guard.Action{Tool: "create", Input: map[string]any{"path": "/home/dev/project/main.go", "file_text": "package main"}, Context: guard.Context{Cwd: "/home/dev/project"}}, guard.Allow},
		{guard.Action{Tool: "view", Input: map[string]any{"path": "/home/dev/.ssh/id_rsa"}, Context: guard.Context{Cwd: "/home/dev/project", Home: "/home/dev"}}, guard.Approve},
	} {
		d := check(t, g, c.a)
		if d.Verdict != c.want {
			t.Errorf("%s %v: %s, want %s (%s)", c.a.Tool, c.a.Input, d.Verdict, c.want, d.Reason)
		}
	}
}

// TestPayeeHistoryThroughGuard: the session's history reaches the tools
// analyzer; a payee paid before is known (under $50: it runs, and the user
// is told; $50–$500: confirmation), a new one needs approval.
func TestPayeeHistoryThroughGuard(t *testing.T) {
	g := guard.New()
	paid := guard.Step{Tool: "BankManagerTransferFunds", Input: map[string]any{"to_account_number": "555", "amount": 30.0}, Observation: "success"}
	known := check(t, g, guard.Action{Tool: "BankManagerTransferFunds", Input: map[string]any{"to_account_number": "555", "amount": 30.0}, Context: guard.Context{History: []guard.Step{paid}}})
	more := check(t, g, guard.Action{Tool: "BankManagerTransferFunds", Input: map[string]any{"to_account_number": "555", "amount": 130.0}, Context: guard.Context{History: []guard.Step{paid}}})
	unknown := check(t, g, guard.Action{Tool: "BankManagerTransferFunds", Input: map[string]any{"to_account_number": "777", "amount": 30.0}, Context: guard.Context{History: []guard.Step{paid}}})
	if !hasRule(known, "tool.payment.known-payee") || known.Verdict != guard.Notify {
		t.Errorf("a known payee, $30: %s %v", known.Verdict, ruleList(known))
	}
	if !hasRule(more, "tool.payment.known-payee") || more.Verdict != guard.Confirm {
		t.Errorf("a known payee, $130: %s %v", more.Verdict, ruleList(more))
	}
	if !hasRule(unknown, "tool.payment.new-payee") || unknown.Verdict != guard.Approve {
		t.Errorf("a new payee: %s %v", unknown.Verdict, ruleList(unknown))
	}
}
