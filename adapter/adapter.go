// Package adapter speaks the coding agents' hook protocols over the guard:
// an Adapter decodes one agent's hook input into an Event and encodes a
// Decision as that agent's answer (stdout, stderr, exit code). Run does the
// rest the same way for every agent: bounded reading, the check, the audit
// record, and a fallback that never silently allows.
//
// Entry points: Run, and the adapters returned by Lookup (claude-code,
// codex, gemini, cursor, copilot).
package adapter

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
)

// Bounds on hook input.
const (
	MaxInputBytes = 8 << 20 // stdin larger than this is refused (fallback)
	MaxNesting    = 64      // JSON nested deeper than this is refused (fallback)
)

// Phase says when a hook runs.
type Phase int

// Phases.
const (
	PreTool  Phase = iota // before the tool runs: a decision is expected
	PostTool              // after the tool ran: its output is recorded
	Other                 // another event: acknowledged, nothing decided
)

// Event is a decoded hook input.
type Event struct {
	Phase     Phase
	EventName string // the agent's own name for the event ("PreToolUse", "BeforeTool", …)
	Action    guard.Action
	// Output is what the tool returned (PostTool).
	Output string
	// Failed reports that the tool ran and failed (PostTool): an error
	// result, a non-zero exit code, an interrupted command.
	Failed bool
	// Raw is the decoded top-level object, for adapters that echo fields back.
	Raw map[string]any
}

// Response is what the hook process writes and how it exits.
type Response struct {
	Stdout []byte
	Stderr []byte
	Exit   int
}

// Adapter is one agent's hook protocol.
type Adapter interface {
	// Name is the agent's name on the command line: "claude-code", "codex"…
	Name() string
	// Decode reads the hook input (already bounded and checked for nesting).
	Decode(raw []byte) (*Event, error)
	// Answer encodes the decision about ev.
	Answer(ev *Event, d *guard.Decision) Response
	// Acknowledge answers an event that needs no decision (PostTool, Other).
	Acknowledge(ev *Event) Response
}

// Recorder keeps the session's history of tool calls (the decisions go
// through the front door, which records them).
type Recorder interface {
	// History returns the session's recent tool calls, oldest first.
	History(ctx context.Context, session string, n int) ([]guard.Step, error)
	// Observe records a tool call's output in the session's history.
	Observe(ctx context.Context, session string, step guard.Step) error
}

// Options tune Run.
type Options struct {
	// History is how many earlier tool calls of the session a check sees.
	History int
	// Enrich, when set, adds what is known about the action's
	// circumstances (the repository, production indicators, the user's
	// latest words, learned trust) to its context before the check. It
	// sees the decoded event (for fields such as transcript_path) and may
	// change a; a panic in it gets the fallback answer like any other.
	Enrich func(ctx context.Context, a *guard.Action, ev *Event)
}

// InputRewriter is implemented by the adapters whose agent runs a tool
// with the input the hook gives back (Decision.RewrittenInput).
type InputRewriter interface {
	RewritesInput() bool
}

// RewritesInput reports whether ad's agent can run a rewritten input.
func RewritesInput(ad Adapter) bool {
	r, ok := ad.(InputRewriter)
	return ok && r.RewritesInput()
}

// Asker is implemented by the adapters whose agent can put a held action
// to the user itself (an "ask"), so that its own prompt is the approval.
type Asker interface {
	// Asks reports whether the agent asks the user about ev.
	Asks(ev *Event) bool
}

// Asks reports whether ad's agent asks the user itself about ev; an
// adapter that is not an Asker cannot (Codex, Gemini CLI deny instead).
func Asks(ad Adapter, ev *Event) bool {
	a, ok := ad.(Asker)
	return ok && a.Asks(ev)
}

// Run handles one hook call: read stdin, decode, and decide through the
// front door (which checks, applies the approval gate, rewrites and
// records: see frontdoor.Door), then answer. An action the agent sent
// without an id of its own gets one (audit.NewID), so that every recorded
// decision can be named in feedback. It never panics and never answers
// an allow it did not decide: unreadable input, an unknown event or an
// internal error get the door's fallback (the policy's on_error verdict,
// confirm by default: "ask" where the agent has it), recorded like any
// decision; so does an allow that could not be recorded.
func Run(ctx context.Context, ad Adapter, door *frontdoor.Door, rec Recorder, stdin io.Reader, opts Options) (resp Response) {
	var ev *Event
	defer func() {
		if r := recover(); r != nil {
			resp = fail(ctx, ad, door, ev, fmt.Sprintf("internal error: %v", r))
		}
	}()
	raw, err := io.ReadAll(io.LimitReader(stdin, MaxInputBytes+1))
	switch {
	case err != nil:
		return fail(ctx, ad, door, nil, "the hook input could not be read: "+err.Error())
	case len(raw) > MaxInputBytes:
		return fail(ctx, ad, door, nil, fmt.Sprintf("the hook input is larger than %d MiB", MaxInputBytes>>20))
	case len(bytes.TrimSpace(raw)) == 0:
		return fail(ctx, ad, door, nil, "the hook input is empty")
	}
	if d := nesting(raw); d > MaxNesting {
		return fail(ctx, ad, door, nil, fmt.Sprintf("the hook input is nested %d levels deep (the limit is %d)", d, MaxNesting))
	}
	ev, err = ad.Decode(raw)
	if err != nil {
		return fail(ctx, ad, door, ev, "the hook input is not what "+ad.Name()+" sends: "+err.Error())
	}
	a := &ev.Action
	if a.Context.Agent == "" {
		a.Context.Agent = ad.Name()
	}
	if a.ID == "" && ev.Phase == PreTool {
		// Every recorded decision has an id, for `actionguard feedback`.
		a.ID = audit.NewID()
	}
	switch ev.Phase {
	case PostTool:
		if rec != nil && a.Context.SessionID != "" {
			step := guard.Step{ID: a.ID, Tool: a.Tool, Input: a.Input, Observation: ev.Output}
			if ev.Failed {
				step.Outcome = guard.OutcomeFailed
			}
			if err := rec.Observe(ctx, a.Context.SessionID, step); err != nil {
				// Losing a history entry must not break the agent: say so on stderr.
				resp := ad.Acknowledge(ev)
				resp.Stderr = append(resp.Stderr, []byte("actionguard: recording the tool's output: "+err.Error()+"\n")...)
				return resp
			}
		}
		return ad.Acknowledge(ev)
	case Other:
		return ad.Acknowledge(ev)
	}
	if rec != nil && a.Context.SessionID != "" && opts.History > 0 && len(a.Context.History) == 0 {
		if h, err := rec.History(ctx, a.Context.SessionID, opts.History); err == nil {
			// The user's prompts are what they asked for; the rest is what ran.
			for _, s := range h {
				if s.Tool == UserPrompt {
					a.Context.UserMessages = append(a.Context.UserMessages, s.Observation)
					a.Context.UserFingerprints = append(a.Context.UserFingerprints, s.Fingerprints...)
				} else {
					a.Context.History = append(a.Context.History, s)
				}
			}
		}
	}
	if opts.Enrich != nil {
		opts.Enrich(ctx, a, ev)
	}
	// The door's decision is the answer whatever happened on the way: a
	// fallback when the check failed, never an unrecorded allow.
	d, _, _ := door.Decide(ctx, a)
	return ad.Answer(ev, &d)
}

// fail answers with the door's fallback decision, recorded.
func fail(ctx context.Context, ad Adapter, door *frontdoor.Door, ev *Event, why string) Response {
	var a guard.Action
	if ev != nil {
		a = ev.Action
	} else {
		ev = &Event{Phase: PreTool}
	}
	a.Context.Agent = ad.Name()
	d, _ := door.Fail(ctx, &a, why)
	return ad.Answer(ev, &d)
}

// nesting returns the deepest nesting of objects and arrays in a JSON text,
// without decoding it (strings are skipped).
func nesting(raw []byte) int {
	depth, max := 0, 0
	inString, escaped := false, false
	for _, c := range raw {
		if inString {
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '{', '[':
			depth++
			if depth > max {
				max = depth
			}
		case '}', ']':
			depth--
		}
	}
	return max
}

// decodeObject decodes a JSON object, keeping numbers exact.
func decodeObject(raw []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("invalid JSON: %v", strings.TrimPrefix(err.Error(), "json: "))
	}
	if m == nil {
		return nil, errors.New("the input is not a JSON object")
	}
	if dec.More() {
		return nil, errors.New("more than one JSON value")
	}
	return m, nil
}

func str(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}

func object(m map[string]any, key string) (map[string]any, bool) {
	switch v := m[key].(type) {
	case map[string]any:
		return v, true
	case nil:
		return map[string]any{}, false
	}
	return nil, false
}

// AgentReason is the text for the agent when an action is refused or held:
// what, why, the safer way, and not to work around the check.
func AgentReason(d *guard.Decision) string {
	var b strings.Builder
	switch d.Verdict {
	case guard.Block:
		b.WriteString("actionguard blocked this action. ")
	case guard.Confirm, guard.Approve:
		b.WriteString("actionguard needs a person to approve this action. ")
	}
	b.WriteString(d.Reason)
	if d.Verdict == guard.Block || d.Verdict == guard.Confirm || d.Verdict == guard.Approve {
		b.WriteString(" Do not try to get around this check (another command, another tool, encoding or splitting it): explain to the user what you wanted to do and why, and let them decide.")
	}
	return capText(b.String())
}

// capText keeps a message under the agents' 10,000-character limit.
func capText(s string) string {
	const max = 9000
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && (s[cut]&0xC0) == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// jsonLine encodes v as one JSON line (no HTML escaping).
func jsonLine(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return []byte(`{}` + "\n")
	}
	return b.Bytes()
}
