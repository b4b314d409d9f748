package evaluate

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// A run's profile comes from its tools when neither the record nor the
// replay names one: any shell-like tool, under any of the names agents
// give it, or a code editor makes it a coding agent's; mail, calendars,
// payments and MCP tools alone make it an assistant's.
func TestProfileOf(t *testing.T) {
	shells := []string{"Bash", "bash", "shell", "run_shell_command", "exec_command", "execute_command", "run_command",
		"terminal", "local_shell", "container.exec", "shell_command", "PowerShell", "write_stdin"}
	editors := []string{"Edit", "MultiEdit", "NotebookEdit", "apply_patch", "str_replace_editor"}
	assistant := []string{"send_email", "GmailSendMessage", "calendar_create_event", "BinanceWithdraw", "search_web",
		"slack_post_message", "get_weather", "translate_text", "mcp__notes__create_note"}
	run := func(tools ...string) *Trajectory {
		tr := &Trajectory{ID: "r"}
		for _, name := range tools {
			tr.Steps = append(tr.Steps, Step{Type: StepUser, Text: "do it"}, call(name, map[string]string{"x": "y"}, "ok"))
		}
		return tr
	}
	for _, a := range assistant {
		if got := ProfileOf(run(a)); got != guard.AppAssistant {
			t.Errorf("%s alone: %s, want assistant", a, got)
		}
		for _, c := range append(append([]string{}, shells...), editors...) {
			// The coding tool may come first or last among the assistant's.
			for _, order := range [][]string{{a, c, a}, {c, a}, {a, a, c}} {
				if got := ProfileOf(run(order...)); got != guard.AppCodingAgent {
					t.Errorf("%v: %s, want coding-agent", order, got)
				}
			}
		}
	}
	// A tool named for nothing a shell is, but whose input is a command
	// line, is a shell (the guard reads it as one).
	tr := &Trajectory{Steps: []Step{{Type: StepToolCall, Tool: "runner", Input: json.RawMessage(`{"command":"ls -la"}`)}}}
	if got := ProfileOf(tr); got != guard.AppCodingAgent {
		t.Errorf("a tool given a command: %s", got)
	}
	// A run that says "bash" only in words calls no shell.
	tr = &Trajectory{Steps: []Step{{Type: StepUser, Text: "run bash"}, {Type: StepAssistant, Text: "Bash"}, call("send_email", nil, "")}}
	if got := ProfileOf(tr); got != guard.AppAssistant {
		t.Errorf("shell named in words: %s", got)
	}
	if got := ProfileOf(&Trajectory{}); got != guard.AppAssistant {
		t.Errorf("empty run: %s", got)
	}
}

// The replay uses the record's profile first, then the replay's, then the
// one its tools choose, and says which in the result.
func TestReplayProfileChoice(t *testing.T) {
	cases := []struct {
		record, replay string
		tool           string
		want, from     string
	}{
		{"", "", "send_email", guard.AppAssistant, ProfileFromTools},
		{"", "", "Bash", guard.AppCodingAgent, ProfileFromTools},
		{"", guard.AppCodingAgent, "send_email", guard.AppCodingAgent, ProfileDefault},
		{guard.AppAssistant, guard.AppCodingAgent, "Bash", guard.AppAssistant, ProfileNamed},
		{guard.AppCodingAgent, "", "send_email", guard.AppCodingAgent, ProfileNamed},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%s/%s", c.record, c.replay, c.tool), func(t *testing.T) {
			var seen []string
			rp := &Replayer{Guard: guard.New(), Application: c.replay, check: func(_ context.Context, a guard.Action) (guard.Decision, error) {
				seen = append(seen, a.Context.Application)
				return guard.Decision{Verdict: guard.Allow, Level: guard.Safe}, nil
			}}
			input := map[string]string{"to": "a@b.c", "body": "hi"}
			if c.tool == "Bash" {
				input = map[string]string{"command": "ls"}
			}
			tr := &Trajectory{ID: "r", Application: c.record, Steps: []Step{
				{Type: StepUser, Text: "go"}, call("get_weather", map[string]string{"city": "Oslo"}, "sunny"), call(c.tool, input, "ok"),
			}}
			r := mustMetric(t, MetricOptions{}).Evaluate(tr)
			rp.Replay(context.Background(), tr, r)
			if r.Profile != c.want || r.ProfileFrom != c.from {
				t.Errorf("profile %q from %q, want %q from %q", r.Profile, r.ProfileFrom, c.want, c.from)
			}
			// Every call of the run, even the ones before the shell, is
			// checked with the run's one profile.
			if len(seen) != 2 || seen[0] != c.want || seen[1] != c.want {
				t.Errorf("calls checked as %q, want %q", seen, c.want)
			}
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			var back struct {
				Profile     string `json:"profile"`
				ProfileFrom string `json:"profile_from"`
			}
			if err := json.Unmarshal(b, &back); err != nil || back.Profile != c.want || back.ProfileFrom != c.from {
				t.Errorf("JSON %s", b)
			}
		})
	}
}
