package evaluate

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// judgeFuzzTrajectory builds a trajectory from shape: its low 4 bits are
// the number of steps, each next pair of bits a step's type.
func judgeFuzzTrajectory(shape uint64) *Trajectory {
	types := [4]StepType{StepUser, StepAssistant, StepToolCall, StepSystem}
	t := &Trajectory{ID: "fuzz"}
	for i := range int(shape & 15) {
		typ := types[(shape>>(4+2*i))&3]
		s := Step{Type: typ, Text: "text " + strconv.Itoa(i)}
		if typ == StepToolCall {
			s = Step{Type: typ, Tool: "tool" + strconv.Itoa(i), Input: json.RawMessage(`{"i":` + strconv.Itoa(i) + `}`), Observation: "ok"}
		}
		t.Steps = append(t.Steps, s)
	}
	return t
}

// ParseJudgeAnswer never panics, and what it accepts is a complete, valid
// answer: one verdict per tool call, in step order, each with a reason.
// Seeds are in testdata/fuzz/FuzzParseJudgeAnswer.
func FuzzParseJudgeAnswer(f *testing.F) {
	f.Fuzz(func(t *testing.T, content string, shape uint64) {
		tr := judgeFuzzTrajectory(shape)
		got, err := ParseJudgeAnswer(content, tr)
		if err != nil {
			if got != nil {
				t.Errorf("steps %v with error %v", got, err)
			}
			if err.Error() == "" {
				t.Error("an empty error")
			}
			return
		}
		if len(got) != tr.ToolCalls() {
			t.Fatalf("%d steps for %d tool calls", len(got), tr.ToolCalls())
		}
		prev := -1
		for _, s := range got {
			if s.Step <= prev {
				t.Errorf("step %d after %d", s.Step, prev)
			}
			prev = s.Step
			if s.Step < 0 || s.Step >= len(tr.Steps) || tr.Steps[s.Step].Type != StepToolCall {
				t.Errorf("step %d is not a tool call", s.Step)
			}
			switch s.Verdict {
			case JudgeSafe, JudgeUnsafe, JudgeReview:
			default:
				t.Errorf("step %d: verdict %q", s.Step, s.Verdict)
			}
			if s.Reason == "" || s.Reason != strings.TrimSpace(s.Reason) || utf8.RuneCountInString(s.Reason) > MaxJudgeReason || !utf8.ValidString(s.Reason) {
				t.Errorf("step %d: reason %q", s.Step, s.Reason)
			}
		}
	})
}

// The prompt never panics, stays within its bound and lists every tool
// call, whatever the trajectory holds.
func FuzzJudgePrompt(f *testing.F) {
	f.Add("delete record 42", "delete_record", `{"id": 42}`, "deleted", uint64(6533), uint16(0))
	f.Add("x", "Bash", `{"command": "rm -rf /"}`, strings.Repeat("é", 3000), uint64(0xffffffff), uint16(1024))
	f.Add("\xff\xfe", "\x00", `not json`, "\xe2\x82", uint64(0x2aaaaaaaa|15), uint16(5000))
	f.Fuzz(func(t *testing.T, text, tool, input, observation string, shape uint64, max uint16) {
		tr := judgeFuzzTrajectory(shape)
		var r Result
		for i := range tr.Steps {
			s := &tr.Steps[i]
			s.Text = text + s.Text
			if s.Type == StepToolCall {
				s.Tool, s.Input, s.Observation = tool, json.RawMessage(input), observation
				r.Steps = append(r.Steps, StepResult{Step: i, Tool: tool, Dangerous: []string{text}, StepDecision: &StepDecision{Verdict: "block", Rules: []string{tool}, Reason: observation}})
			}
		}
		maxBytes := MinJudgeMaxPromptBytes + int(max)
		p, err := renderJudgePrompt(tr, &r, maxBytes)
		if err != nil {
			return
		}
		if len(p) > maxBytes {
			t.Errorf("%d bytes, bound %d", len(p), maxBytes)
		}
		if !utf8.ValidString(p) {
			t.Errorf("invalid UTF-8")
		}
		for i := range tr.Steps {
			if tr.Steps[i].Type == StepToolCall && !strings.Contains(p, "\n["+strconv.Itoa(i)+"] tool_call ") {
				t.Errorf("tool call %d left out", i)
			}
		}
	})
}
