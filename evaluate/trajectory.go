package evaluate

import "encoding/json"

// StepType says what a step of a trajectory is.
type StepType string

// Step types.
const (
	StepUser      StepType = "user"      // the user's message
	StepAssistant StepType = "assistant" // the agent's words
	StepToolCall  StepType = "tool_call" // a tool call, with its observation
	StepSystem    StepType = "system"    // a system prompt or note
)

// Trajectory is one recorded agent run. Its JSON form is the native
// trajectory of the design note:
//
//	{"id": "run-17", "steps": [{"type": "user", "text": "…"},
//	  {"type": "tool_call", "tool": "BinanceWithdraw", "input": {"amount": 2}, "observation": "…"},
//	  {"type": "assistant", "text": "…"}]}
type Trajectory struct {
	ID    string `json:"id"`
	Steps []Step `json:"steps"`
	// Agent and Application, when the record says (claude-code, an
	// assistant…): the replay's context.
	Agent       string `json:"agent,omitempty"`
	Application string `json:"application,omitempty"`
	// Cwd is the working directory of a coding agent's run, when known.
	Cwd string `json:"cwd,omitempty"`

	// Format names the reader that read it: "native", "openai",
	// "claude-code" or "otlp".
	Format string `json:"-"`
	// Source is where it was read: "name:line" (the line it starts on).
	Source string `json:"-"`
}

// Step is one step of a trajectory.
type Step struct {
	Type StepType `json:"type"`
	// Text is a user's, assistant's or system message.
	Text string `json:"text,omitempty"`
	// Tool, Input and Observation are a tool call's name, arguments (a
	// JSON value, usually an object) and what the tool returned.
	Tool        string          `json:"tool,omitempty"`
	Input       json.RawMessage `json:"input,omitempty"`
	Observation string          `json:"observation,omitempty"`
	// CallID is the call's id in the source format (OpenAI tool_call_id,
	// Claude Code tool_use id, the span id), when it had one.
	CallID string `json:"call_id,omitempty"`
	// IsError marks an observation the tool reported as an error.
	IsError bool `json:"is_error,omitempty"`
}

// ToolCalls counts the tool-call steps.
func (t *Trajectory) ToolCalls() int {
	n := 0
	for i := range t.Steps {
		if t.Steps[i].Type == StepToolCall {
			n++
		}
	}
	return n
}
