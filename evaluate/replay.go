package evaluate

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/actionguard/actionguard/guard"
)

// Replayer runs every tool call of a trajectory through the runtime guard
// with the context accumulated up to it: the user's messages so far, and
// the earlier calls with their observations as history. It tells a team
// whether the guard would have stopped a recorded run.
type Replayer struct {
	// Guard decides each call: *guard.Guard, or the front door a command
	// decides through (eval --guard: the same fallback and flags as every
	// caller's, nothing recorded). It must be safe for concurrent use.
	Guard Checker
	// Application is the guard's profile for trajectories that do not
	// name one. When empty, each run's profile is chosen from its tools
	// (ProfileOf): a run with a shell or a code editor is a coding agent's,
	// any other an assistant's.
	Application string
	// History, UserMessages and Observation bound the context of each
	// call: the last History calls (0: DefaultHistory), the last
	// UserMessages messages (0: DefaultUserMessages), and each observation
	// cut to Observation bytes (0: DefaultObservation). A run of thousands
	// of steps then costs each call the same.
	History      int
	UserMessages int
	Observation  int

	// check, when set, stands in for Guard.Check (tests see the actions).
	check func(context.Context, guard.Action) (guard.Decision, error)
}

// Checker decides about one action (*guard.Guard is one).
type Checker interface {
	Check(ctx context.Context, a guard.Action) (guard.Decision, error)
}

// The replay's default bounds.
const (
	DefaultHistory      = 32
	DefaultUserMessages = 16
	DefaultObservation  = 16 << 10
)

// Replay adds the guard's decision to each tool call's StepResult in r
// (r comes from Metric.Evaluate on t) and sets r.WorstVerdict.
func (rp *Replayer) Replay(ctx context.Context, t *Trajectory, r *Result) {
	nHist, nMsgs, nObs := orDefault(rp.History, DefaultHistory), orDefault(rp.UserMessages, DefaultUserMessages), orDefault(rp.Observation, DefaultObservation)
	app, how := t.Application, ProfileNamed
	if app == "" {
		app, how = rp.Application, ProfileDefault
	}
	if app == "" {
		app, how = ProfileOf(t), ProfileFromTools
	}
	r.Profile, r.ProfileFrom = app, how
	var (
		msgs    []string
		history []guard.Step
		k       int // index into r.Steps
	)
	worst := guard.Verdict("")
	for i := range t.Steps {
		s := &t.Steps[i]
		switch s.Type {
		case StepUser:
			if s.Text != "" {
				msgs = appendBounded(msgs, s.Text, nMsgs)
			}
			continue
		case StepToolCall:
		default:
			continue
		}
		for k < len(r.Steps) && r.Steps[k].Step < i {
			k++
		}
		if k == len(r.Steps) || r.Steps[k].Step != i {
			continue // not in the result: nothing to attach the decision to
		}
		input := inputMap(s.Input)
		a := guard.Action{
			ID:    t.ID + "#" + strconv.Itoa(i),
			Tool:  s.Tool,
			Input: input,
			Context: guard.Context{
				Application:  app,
				Cwd:          t.Cwd,
				SessionID:    t.ID,
				Agent:        t.Agent,
				UserMessages: msgs,
				History:      history,
			},
		}
		check := rp.check
		if check == nil {
			check = rp.Guard.Check
		}
		d, err := check(ctx, a)
		sd := &StepDecision{Verdict: d.Verdict, Level: d.Level, Score: d.Score, Risk: d.Risk, Reason: d.Reason, Rules: make([]string, 0, len(d.Findings))}
		for _, f := range d.Findings {
			sd.Rules = append(sd.Rules, f.Rule)
		}
		if err != nil || d.Error != "" {
			sd.Error = d.Error
			if sd.Error == "" {
				sd.Error = err.Error()
			}
		}
		r.Steps[k].StepDecision = sd
		if worst == "" || d.Verdict.Stricter(worst) {
			worst = d.Verdict
		}
		obs := s.Observation
		if len(obs) > nObs {
			obs = obs[:nObs]
		}
		history = appendBoundedStep(history, guard.Step{Tool: s.Tool, Input: input, Observation: obs}, nHist)
		// The slices the guard saw must not change under a later step's
		// append: each step gets its own view (appendBounded copies when
		// it drops the oldest entry, and only ever appends past len).
		msgs = msgs[:len(msgs):len(msgs)]
		history = history[:len(history):len(history)]
	}
	r.WorstVerdict = worst
}

// How a replay's profile was chosen (Result.ProfileFrom).
const (
	ProfileNamed     = "record"  // the record names its application
	ProfileDefault   = "default" // the replay's Application (eval --application)
	ProfileFromTools = "tools"   // chosen from the run's tools by ProfileOf
)

// ProfileOf chooses the guard's profile for a run that names none, from
// the tools it calls: a run with a shell, or with a tool only coding
// agents have (Edit, MultiEdit, apply_patch…), is a coding agent's
// (guard.AppCodingAgent); any other run is an assistant's
// (guard.AppAssistant), whose tools are mail, calendars, payments and the
// like.
func ProfileOf(t *Trajectory) string {
	for i := range t.Steps {
		s := &t.Steps[i]
		if s.Type != StepToolCall {
			continue
		}
		if codingTools[strings.ToLower(s.Tool)] {
			return guard.AppCodingAgent
		}
		a := guard.Action{Tool: s.Tool, Input: inputMap(s.Input)}
		if a.InferKind() == guard.KindShell {
			return guard.AppCodingAgent
		}
	}
	return guard.AppAssistant
}

// codingTools are tools only coding agents have: editors of source files
// and notebooks.
var codingTools = map[string]bool{
	"edit": true, "multiedit": true, "notebookedit": true, "apply_patch": true, "str_replace_editor": true,
	"str_replace_based_edit_tool": true, "replace": true, "search_file_content": true,
}

func orDefault(n, d int) int {
	if n <= 0 {
		return d
	}
	return n
}

// appendBounded appends s, keeping the last n entries.
func appendBounded(list []string, s string, n int) []string {
	if len(list) >= n {
		list = append([]string(nil), list[len(list)-n+1:]...)
	}
	return append(list, s)
}

func appendBoundedStep(list []guard.Step, s guard.Step, n int) []guard.Step {
	if len(list) >= n {
		list = append([]guard.Step(nil), list[len(list)-n+1:]...)
	}
	return append(list, s)
}

// inputMap is a tool call's arguments as the guard takes them: an object
// as is; any other JSON value under "input"; nothing when there are none
// or they do not parse.
func inputMap(raw json.RawMessage) map[string]any {
	if len(raw) == 0 {
		return nil
	}
	v, ok := decodeJSON(raw)
	if !ok && json.Unmarshal(raw, &v) != nil {
		return nil
	}
	switch x := v.(type) {
	case map[string]any:
		return x
	case nil:
		return nil
	}
	return map[string]any{"input": v}
}
