package evaluate

import "fmt"

// The native reader: the design note's trajectory,
//
//	{"id": "run-17", "agent": "…", "application": "…", "cwd": "…",
//	 "steps": [{"type": "user", "text": "…"},
//	   {"type": "tool_call", "tool": "BinanceWithdraw", "input": {"amount": 2}, "observation": "…"},
//	   {"type": "assistant", "text": "…"}]}
//
// Steps are read leniently: a step of an unknown type is kept as a tool
// call when it names a tool, as the assistant's words when it has text,
// and is otherwise reported and left out. An observation that is not a
// string is kept as its JSON text; an input given as a string holding a
// JSON object or array is decoded.

// nativeStepType maps the step types, and the usual synonyms, to a StepType.
func nativeStepType(typ []byte) StepType {
	switch string(typ) {
	case "user", "human":
		return StepUser
	case "assistant", "ai", "agent", "model":
		return StepAssistant
	case "tool_call", "tool", "tool_use", "function_call", "action":
		return StepToolCall
	case "system", "developer":
		return StepSystem
	}
	return ""
}

// parseNativeSteps reads the "steps" of a native trajectory into rec.
func parseNativeSteps(p *jsonParser, rec *recordFields) {
	if !p.open('[') {
		if !p.null() {
			p.skip()
			rec.stepsErr = `"steps" is not an array: not a native trajectory`
		}
		return
	}
	for n := 0; p.more(']', n); n++ {
		if !p.open('{') {
			p.skip()
			rec.stepProblems = append(rec.stepProblems, fmt.Sprintf("steps[%d] is not an object; step skipped", n))
			continue
		}
		var s Step
		var typ string
		for m := 0; p.more('}', m); m++ {
			switch string(p.key()) {
			case "type":
				if p.peek() != '"' {
					typ = p.str()
				} else if b := p.stringBytes(); nativeStepType(b) != "" {
					s.Type = nativeStepType(b)
				} else {
					typ = string(b)
				}
			case "text", "content":
				s.Text = p.str()
			case "tool":
				s.Tool = p.name()
			case "input", "arguments":
				s.Input = p.arguments(true)
			case "observation", "output":
				s.Observation = p.str()
			case "call_id":
				s.CallID = p.str()
			case "is_error":
				s.IsError = p.boolean()
			default:
				p.skip()
			}
		}
		if s.Type == "" {
			switch {
			case s.Tool != "":
				s.Type = StepToolCall
			case s.Text != "":
				s.Type = StepAssistant
			default:
				rec.stepProblems = append(rec.stepProblems,
					fmt.Sprintf("steps[%d]: unknown type %q and neither a tool nor text; step skipped", n, typ))
				continue
			}
		}
		if rec.steps == nil {
			rec.steps = make([]Step, 0, 8)
		}
		rec.steps = append(rec.steps, s)
	}
}

// native emits a native trajectory.
func (r *Reader) native(rec *recordFields, line int) {
	for _, m := range rec.stepProblems {
		r.problem(line, m)
	}
	steps := rec.steps
	if steps == nil {
		steps = []Step{}
	}
	r.emit(&Trajectory{
		ID:          rec.id,
		Steps:       steps,
		Agent:       rec.agent,
		Application: rec.application,
		Cwd:         rec.cwd,
	}, FormatNative, line)
}
