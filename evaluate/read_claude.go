package evaluate

import (
	"encoding/json"
	"strings"
)

// The Claude Code reader: a transcript, the .jsonl file at a hook's
// transcript_path. Each line is an event:
//
//	{"type": "user"|"assistant"|"summary"|"system"|…, "sessionId": "…", "uuid": "…",
//	 "parentUuid": …, "timestamp": "…", "cwd": "…", "isSidechain": false,
//	 "message": {"role": "user"|"assistant", "content": "…" | [blocks]}}
//
// Assistant blocks are text, tool_use ({"id", "name", "input"}) and
// thinking (left out); user content is the prompt (a string or text
// blocks) or tool_result blocks ({"tool_use_id", "content", "is_error"}),
// the observations of the matching tool_use. Events of other types
// (summary, system, file-history-snapshot…) are known and skipped. The
// prompts a subagent gets (sidechain events) and the notes Claude Code
// writes as the user (isMeta, compact summaries) are not the user's
// words and are left out; their tool calls are kept.
//
// All the events of one sessionId are one trajectory; a new sessionId
// ends the previous one.

// claudeAgent is the Agent of every Claude Code trajectory.
const claudeAgent = "claude-code"

// ccMessage is an event's message.
type ccMessage struct {
	role   string
	text   string // content given as a string
	isText bool
	blocks []ccBlock
}

// ccBlock is one content block.
type ccBlock struct {
	typ, text, id, name, toolUseID string
	input                          json.RawMessage
	isError                        bool
}

// parseClaudeMessage reads an event's "message".
func parseClaudeMessage(p *jsonParser, m *ccMessage) {
	if !p.open('{') {
		p.skip()
		return
	}
	for n := 0; p.more('}', n); n++ {
		switch string(p.key()) {
		case "role":
			m.role = p.str()
		case "content":
			switch p.peek() {
			case '[':
				m.blocks = parseCCBlocks(p, m.blocks)
			case '"':
				m.text, m.isText = p.str(), true
			default:
				p.skip()
			}
		default:
			p.skip()
		}
	}
}

// parseCCBlocks reads content blocks.
func parseCCBlocks(p *jsonParser, dst []ccBlock) []ccBlock {
	p.open('[')
	for n := 0; p.more(']', n); n++ {
		if !p.open('{') {
			p.skip()
			continue
		}
		var b ccBlock
		for k := 0; p.more('}', k); k++ {
			switch string(p.key()) {
			case "type":
				b.typ = p.str()
			case "text":
				b.text = p.str()
			case "id":
				b.id = p.str()
			case "name":
				b.name = p.name()
			case "input":
				b.input = p.arguments(true)
			case "tool_use_id":
				b.toolUseID = p.str()
			case "content":
				b.text = parseOAContent(p)
			case "is_error":
				b.isError = p.boolean()
			default:
				p.skip()
			}
		}
		dst = append(dst, b)
	}
	return dst
}

// claudeSession is the session being read.
type claudeSession struct {
	t     *Trajectory
	id    string
	line  int
	calls map[string]int // tool_use id → its step, until its result comes
}

func (s *claudeSession) emit(r *Reader) { r.emit(s.t, FormatClaudeCode, s.line) }

func (s *claudeSession) step(st Step) int {
	s.t.Steps = append(s.t.Steps, st)
	return len(s.t.Steps) - 1
}

// claudeEvent reads one transcript event.
func (r *Reader) claudeEvent(rec *recordFields, line int) {
	if rec.typ != "user" && rec.typ != "assistant" {
		return
	}
	if !rec.hasMessage {
		r.problem(line, "claude-code "+rec.typ+" event without a message; skipped")
		return
	}
	s := r.claude
	if s != nil && rec.sessionID != "" && rec.sessionID != s.id {
		if s.id == "" {
			s.id, s.t.ID = rec.sessionID, rec.sessionID
		} else {
			s.emit(r)
			s = nil
		}
	}
	if s == nil {
		s = &claudeSession{
			t:    &Trajectory{ID: rec.sessionID, Agent: claudeAgent, Steps: []Step{}},
			id:   rec.sessionID,
			line: line,
		}
		r.claude = s
	}
	if s.t.Cwd == "" {
		s.t.Cwd = rec.cwd
	}
	m := &rec.message
	if rec.typ == "assistant" {
		if m.isText && m.text != "" {
			s.step(Step{Type: StepAssistant, Text: m.text})
		}
		for i := range m.blocks {
			b := &m.blocks[i]
			switch {
			case b.typ == "text":
				if b.text != "" {
					s.step(Step{Type: StepAssistant, Text: b.text})
				}
			case strings.HasSuffix(b.typ, "tool_use"): // tool_use, server_tool_use, mcp_tool_use
				n := s.step(Step{Type: StepToolCall, Tool: b.name, Input: b.input, CallID: b.id})
				if b.id != "" {
					if s.calls == nil {
						s.calls = map[string]int{}
					}
					s.calls[b.id] = n
				}
			case strings.HasSuffix(b.typ, "tool_result"): // web_search_tool_result…
				s.result(b)
			}
		}
		return
	}
	// The user's words, unless Claude Code wrote them.
	words := !rec.meta && !rec.sidechain
	if m.isText {
		if words && m.text != "" {
			s.step(Step{Type: StepUser, Text: m.text})
		}
		return
	}
	var text strings.Builder
	for i := range m.blocks {
		b := &m.blocks[i]
		switch {
		case strings.HasSuffix(b.typ, "tool_result"):
			s.result(b)
		case b.typ == "text" && b.text != "":
			if text.Len() > 0 {
				text.WriteByte('\n')
			}
			text.WriteString(b.text)
		}
	}
	if words && text.Len() > 0 {
		s.step(Step{Type: StepUser, Text: text.String()})
	}
}

// result records a tool_result as its call's observation; a result with
// no call is kept as a step of its own.
func (s *claudeSession) result(b *ccBlock) {
	if n, ok := s.calls[b.toolUseID]; ok && b.toolUseID != "" {
		st := &s.t.Steps[n]
		st.Observation, st.IsError = b.text, b.isError
		delete(s.calls, b.toolUseID)
		return
	}
	s.step(Step{Type: StepToolCall, CallID: b.toolUseID, Observation: b.text, IsError: b.isError})
}
