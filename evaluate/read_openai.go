package evaluate

import (
	"encoding/json"
	"fmt"
	"strings"
)

// The OpenAI reader: chat messages,
//
//	[{"role": "system"|"user"|"assistant"|"tool", "content": "…" | null | [{"type": "text", "text": "…"}],
//	  "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "…", "arguments": "{\"x\":1}"}}],
//	  "tool_call_id": "call_1"}]
//
// A trajectory is an array of messages, an object {"id", "messages": […]}
// (one a line in fine-tuning files), a chat-completions log with
// "messages" and "choices" (the first choice's message ends the
// conversation), or consecutive records that are single messages. Each
// tool call is a tool_call step; the later "tool" message with its id is
// its observation. The legacy function_call and "function" messages are
// matched by name. A tool result with no call is kept as a tool_call step
// of its own, so its text is still scanned.

// oaMessage is one chat message.
type oaMessage struct {
	role, content, name, toolCallID string
	toolCalls                       []oaToolCall
	functionCall                    *oaToolCall
	notObject                       bool
}

// oaToolCall is a tool call of an assistant message.
type oaToolCall struct {
	id, name string
	args     json.RawMessage
}

// parseOAMessages reads a "messages" array.
func parseOAMessages(p *jsonParser, dst []oaMessage) ([]oaMessage, string) {
	if !p.open('[') {
		if p.null() {
			return dst, ""
		}
		p.skip()
		return dst, `"messages" is not an array: not OpenAI chat messages`
	}
	for n := 0; p.more(']', n); n++ {
		dst = append(dst, oaMessage{})
		parseOAMessage(p, &dst[len(dst)-1])
	}
	return dst, ""
}

// parseOAMessage reads one message object.
func parseOAMessage(p *jsonParser, m *oaMessage) {
	if !p.open('{') {
		p.skip()
		m.notObject = true
		return
	}
	for n := 0; p.more('}', n); n++ {
		switch string(p.key()) {
		case "role":
			m.role = p.str()
		case "content":
			m.content = parseOAContent(p)
		case "name":
			m.name = p.str()
		case "tool_calls":
			m.toolCalls = parseOAToolCalls(p, m.toolCalls)
		case "tool_call_id":
			m.toolCallID = p.str()
		case "function_call":
			m.functionCall = parseOAFunction(p)
		default:
			p.skip()
		}
	}
}

// parseOAChoices reads a response's "choices" and keeps the first choice's
// message.
func parseOAChoices(p *jsonParser, m *oaMessage) bool {
	if !p.open('[') {
		p.skip()
		return false
	}
	found := false
	for n := 0; p.more(']', n); n++ {
		if found || !p.open('{') {
			p.skip()
			continue
		}
		for k := 0; p.more('}', k); k++ {
			if string(p.key()) == "message" && !found {
				*m = oaMessage{}
				parseOAMessage(p, m)
				found = !m.notObject
				continue
			}
			p.skip()
		}
	}
	return found
}

// parseOAContent reads a message's content: a string, null, or an array of
// parts whose texts are joined by newlines (images and other parts are
// left out). Another value is kept as its JSON text.
func parseOAContent(p *jsonParser) string {
	switch p.peek() {
	case '[':
	case '{':
		return oaPartText(p)
	default:
		return p.str()
	}
	p.open('[')
	var b strings.Builder
	for n := 0; p.more(']', n); n++ {
		var t string
		if p.peek() == '"' {
			t = p.str()
		} else {
			t = oaPartText(p)
		}
		if t == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(t)
	}
	return b.String()
}

// oaPartText reads a content part and returns its text: "text" for the
// text parts of every API ({"type": "text"|"input_text"|"output_text",
// "text": …}), or a nested "content" string.
func oaPartText(p *jsonParser) string {
	if !p.open('{') {
		p.skip()
		return ""
	}
	var text, content string
	for n := 0; p.more('}', n); n++ {
		switch string(p.key()) {
		case "text":
			if p.peek() == '"' {
				text = p.str()
			} else {
				p.skip()
			}
		case "content":
			content = parseOAContent(p)
		default:
			p.skip()
		}
	}
	if text != "" {
		return text
	}
	return content
}

// parseOAToolCalls reads "tool_calls": [{"id", "type", "function": {"name",
// "arguments"}}] (also flat {"id", "name", "arguments"}).
func parseOAToolCalls(p *jsonParser, dst []oaToolCall) []oaToolCall {
	if !p.open('[') {
		p.skip()
		return dst
	}
	for n := 0; p.more(']', n); n++ {
		if !p.open('{') {
			p.skip()
			continue
		}
		var c oaToolCall
		for k := 0; p.more('}', k); k++ {
			switch string(p.key()) {
			case "id":
				c.id = p.str()
			case "function":
				if f := parseOAFunction(p); f != nil {
					c.name, c.args = f.name, f.args
				}
			case "name":
				c.name = p.name()
			case "arguments":
				c.args = p.arguments(false)
			default:
				p.skip()
			}
		}
		dst = append(dst, c)
	}
	return dst
}

// parseOAFunction reads {"name", "arguments"}; arguments is a string holding
// JSON (kept as a JSON string when it is not JSON) or a JSON value.
func parseOAFunction(p *jsonParser) *oaToolCall {
	if !p.open('{') {
		p.skip()
		return nil
	}
	var f oaToolCall
	for n := 0; p.more('}', n); n++ {
		switch string(p.key()) {
		case "name":
			f.name = p.name()
		case "arguments":
			f.args = p.arguments(false)
		default:
			p.skip()
		}
	}
	return &f
}

// openaiBuilder puts a conversation together, message by message.
type openaiBuilder struct {
	t    *Trajectory
	line int
	// calls are the tool calls waiting for their result, by id; legacy
	// are the function_call steps waiting, oldest first.
	calls  map[string]int
	legacy []int
}

func newOpenAIBuilder(id string, line int) *openaiBuilder {
	return &openaiBuilder{t: &Trajectory{ID: id, Steps: []Step{}}, line: line}
}

func (b *openaiBuilder) emit(r *Reader) { r.emit(b.t, FormatOpenAI, b.line) }

func (b *openaiBuilder) step(s Step) int {
	b.t.Steps = append(b.t.Steps, s)
	return len(b.t.Steps) - 1
}

// add adds message m (index i of its record's "messages", or -1) read on
// line.
func (b *openaiBuilder) add(r *Reader, m *oaMessage, line, i int) {
	where := "message"
	if i >= 0 {
		where = fmt.Sprintf("messages[%d]", i)
	}
	if m.notObject {
		r.problem(line, where+" is not an object; message skipped")
		return
	}
	switch m.role {
	case "system", "developer":
		if m.content != "" {
			b.step(Step{Type: StepSystem, Text: m.content})
		}
	case "user":
		if m.content != "" {
			b.step(Step{Type: StepUser, Text: m.content})
		}
	case "assistant":
		if m.content != "" {
			b.step(Step{Type: StepAssistant, Text: m.content})
		}
		for _, c := range m.toolCalls {
			n := b.step(Step{Type: StepToolCall, Tool: c.name, Input: c.args, CallID: c.id})
			if c.id != "" {
				if b.calls == nil {
					b.calls = map[string]int{}
				}
				b.calls[c.id] = n
			}
		}
		if f := m.functionCall; f != nil {
			b.legacy = append(b.legacy, b.step(Step{Type: StepToolCall, Tool: f.name, Input: f.args}))
		}
	case "tool":
		if n, ok := b.calls[m.toolCallID]; ok && m.toolCallID != "" {
			b.t.Steps[n].Observation = m.content
			delete(b.calls, m.toolCallID)
			return
		}
		b.step(Step{Type: StepToolCall, Tool: m.name, CallID: m.toolCallID, Observation: m.content})
	case "function":
		for k, n := range b.legacy {
			if b.t.Steps[n].Tool == m.name {
				b.t.Steps[n].Observation = m.content
				b.legacy = append(b.legacy[:k], b.legacy[k+1:]...)
				return
			}
		}
		b.step(Step{Type: StepToolCall, Tool: m.name, Observation: m.content})
	default:
		r.problem(line, fmt.Sprintf("%s: unknown role %q; message skipped", where, m.role))
	}
}
