package evaluate

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// Records: each is parsed once into the fields any reader uses, then its
// kind is decided and it goes to its reader.

// readKind is what a record is.
type readKind int

const (
	rkNone         readKind = iota
	rkNative                // a native trajectory
	rkConversation          // an OpenAI conversation: {"messages": …}
	rkMessage               // one OpenAI message: {"role": …}
	rkClaude                // a Claude Code transcript event
	rkOTLP                  // an OTLP trace export
)

// recordFields holds the fields of one record object that any reader uses: it
// is parsed once, then its kind is decided from the fields present.
type recordFields struct {
	id, agent, application, cwd string

	steps        []Step
	stepProblems []string
	hasSteps     bool
	stepsErr     string

	messages    []oaMessage
	hasMessages bool
	messagesErr string
	choice      oaMessage
	hasChoice   bool
	msg         oaMessage // the record as one message
	hasRole     bool

	spans    []otlpSpan
	hasSpans bool
	spansErr string

	typ             string
	hasType         bool
	sessionID       string
	claudeKeys      bool // sessionId, uuid, leafUuid or messageId
	sidechain, meta bool
	message         ccMessage
	hasMessage      bool
}

func (rec *recordFields) reset() {
	*rec = recordFields{
		messages: rec.messages[:0],
		spans:    rec.spans[:0],
		message:  ccMessage{blocks: rec.message.blocks[:0]},
	}
}

// parseObject reads a record object's fields; p.err tells if it was
// malformed.
func (r *Reader) parseObject(p *jsonParser) *recordFields {
	rec := &r.rec
	rec.reset()
	p.open('{')
	for n := 0; p.more('}', n); n++ {
		switch string(p.key()) {
		case "id":
			rec.id = p.str()
		case "agent":
			rec.agent = p.str()
		case "application":
			rec.application = p.str()
		case "cwd":
			rec.cwd = p.str()
		case "steps":
			rec.hasSteps = true
			parseNativeSteps(p, rec)
		case "messages":
			rec.hasMessages = true
			rec.messages, rec.messagesErr = parseOAMessages(p, rec.messages)
		case "choices":
			rec.hasChoice = parseOAChoices(p, &rec.choice) || rec.hasChoice
		case "role":
			rec.hasRole = true
			rec.msg.role = p.str()
		case "content":
			rec.msg.content = parseOAContent(p)
		case "name":
			rec.msg.name = p.str()
		case "tool_calls":
			rec.msg.toolCalls = parseOAToolCalls(p, rec.msg.toolCalls)
		case "tool_call_id":
			rec.msg.toolCallID = p.str()
		case "function_call":
			rec.msg.functionCall = parseOAFunction(p)
		case "resourceSpans":
			rec.hasSpans = true
			rec.spans, rec.spansErr = parseResourceSpans(p, rec.spans)
		case "type":
			rec.hasType = true
			rec.typ = p.str()
		case "sessionId":
			rec.claudeKeys = true
			rec.sessionID = p.str()
		case "uuid", "leafUuid", "messageId":
			rec.claudeKeys = true
			p.skip()
		case "isSidechain":
			rec.sidechain = p.boolean()
		case "isMeta", "isCompactSummary", "isVisibleInTranscriptOnly":
			rec.meta = p.boolean() || rec.meta
		case "message":
			rec.hasMessage = true
			parseClaudeMessage(p, &rec.message)
		default:
			p.skip()
		}
	}
	return rec
}

// kind decides what a record is, from its fields or the forced format.
// When the record cannot be read in that format, why is said.
func (r *Reader) kind(rec *recordFields) (k readKind, why string) {
	native := func() (readKind, string) {
		if rec.stepsErr != "" {
			return rkNone, rec.stepsErr
		}
		return rkNative, ""
	}
	openai := func() (readKind, string) {
		if rec.messagesErr != "" {
			return rkNone, rec.messagesErr
		}
		if rec.hasMessages || rec.hasChoice {
			return rkConversation, ""
		}
		return rkMessage, ""
	}
	otlp := func() (readKind, string) {
		if rec.spansErr != "" {
			return rkNone, rec.spansErr
		}
		return rkOTLP, ""
	}
	switch r.opts.Format {
	case FormatNative:
		if rec.hasSteps {
			return native()
		}
		return rkNone, `not a native trajectory: expected {"steps": [...]}`
	case FormatOpenAI:
		if rec.hasMessages || rec.hasChoice || rec.hasRole {
			return openai()
		}
		return rkNone, `not OpenAI chat messages: expected {"messages": [...]}, {"role": ...} or an array of messages`
	case FormatClaudeCode:
		if rec.hasType {
			return rkClaude, ""
		}
		return rkNone, `not a Claude Code transcript event: expected {"type": ..., "sessionId": ..., "message": ...}`
	case FormatOTLP:
		if rec.hasSpans {
			return otlp()
		}
		return rkNone, `not an OTLP trace export: expected {"resourceSpans": [...]}`
	}
	switch {
	case rec.hasSteps:
		return native()
	case rec.hasMessages || rec.hasChoice || rec.hasRole:
		return openai()
	case rec.hasSpans:
		return otlp()
	case rec.hasType && (rec.claudeKeys || r.claude != nil):
		return rkClaude, ""
	}
	return rkNone, notTrajectoryMsg
}

const notTrajectoryMsg = `not a trajectory: expected native {"steps": [...]}, openai {"messages": [...]} or [{"role": ...}, ...], ` +
	`claude-code transcript events {"type": ..., "sessionId": ..., "message": ...} or otlp {"resourceSpans": [...]}`

// readRecord reads the JSON text of one record (a line, a value of a stream,
// an element of a streamed array a) that starts on line.
func (r *Reader) readRecord(data []byte, line int, a *readArray) {
	if !utf8.Valid(data) {
		r.problem(line, "not text: invalid UTF-8 (binary data?); skipped")
		return
	}
	p := &r.p
	p.reset(data)
	for p.peek() != 0 || p.pos < len(data) {
		switch p.peek() {
		case '{':
			rec := r.parseObject(p)
			if p.err != nil {
				break
			}
			r.dispatch(rec, line, a)
		case '[':
			// Validate the whole array first: its elements are read as
			// they come, and a broken array should yield nothing.
			q := jsonParser{data: data, pos: p.pos}
			if q.skip(); q.err != nil {
				p.err = q.err
				break
			}
			r.arrayRecord(p, line, a != nil)
		default:
			p.skip()
			if p.err == nil {
				r.problem(line, notTrajectoryMsg)
			}
		}
		if p.err != nil {
			r.problem(line, malformedJSON(data, p.err))
			return
		}
	}
}

// malformedJSON describes a syntax error, with its position when the record
// spans several lines or is long.
func malformedJSON(data []byte, e *jsonError) string {
	pos := min(e.pos, len(data))
	ln := bytes.Count(data[:pos], []byte("\n"))
	col := pos - (bytes.LastIndexByte(data[:pos], '\n') + 1) + 1
	if ln > 0 {
		return fmt.Sprintf("malformed JSON: %s (%d lines further, column %d)", e.msg, ln, col)
	}
	return fmt.Sprintf("malformed JSON: %s (column %d)", e.msg, col)
}

// arrayRecord reads an array inside a record: its elements are
// trajectories, or the messages of one conversation. nested arrays are
// conversations (an array of them).
func (r *Reader) arrayRecord(p *jsonParser, line int, nested bool) {
	p.open('[')
	a := &readArray{line: line}
	for n := 0; p.more(']', n); n++ {
		switch p.peek() {
		case '{':
			rec := r.parseObject(p)
			if p.err != nil {
				return
			}
			r.dispatch(rec, line, a)
		case '[':
			if !nested {
				r.arrayRecord(p, line, true)
				continue
			}
			fallthrough
		default:
			p.skip()
			if p.err == nil {
				r.problem(line, fmt.Sprintf("array element %d is not a trajectory", n+1))
			}
		}
	}
	if p.err == nil && a.msgs != nil {
		a.msgs.emit(r)
	}
}

// dispatch hands a parsed record to its reader. In an array (a != nil),
// messages belong to the array's conversation.
func (r *Reader) dispatch(rec *recordFields, line int, a *readArray) {
	k, why := r.kind(rec)
	if k == rkNone {
		r.problem(line, why)
		return
	}
	if a != nil && k != rkMessage && a.msgs != nil {
		a.msgs.emit(r)
		a.msgs = nil
	}
	if a != nil && k == rkMessage {
		// The array's conversation ends what the records before it
		// were putting together.
		r.flush(rkConversation)
	} else {
		r.flush(k)
	}
	switch k {
	case rkNative:
		r.native(rec, line)
	case rkConversation:
		b := newOpenAIBuilder(rec.id, line)
		for i := range rec.messages {
			b.add(r, &rec.messages[i], line, i)
		}
		if rec.hasChoice {
			b.add(r, &rec.choice, line, -1)
		}
		b.emit(r)
	case rkMessage:
		b, start := &r.msgs, line
		if a != nil {
			b, start = &a.msgs, a.line
		}
		if *b == nil {
			*b = newOpenAIBuilder("", start)
		}
		(*b).add(r, &rec.msg, line, -1)
	case rkClaude:
		r.claudeEvent(rec, line)
	case rkOTLP:
		r.otlp.add(rec, line)
	}
}
