package evaluate

import (
	"cmp"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// The OTLP reader: an OpenTelemetry trace export in OTLP JSON (one
// request, or one a line as the collector's file exporter writes them),
// read with the GenAI semantic conventions:
//
//	{"resourceSpans": [{"resource": {"attributes": [...]}, "scopeSpans": [{"spans": [
//	  {"traceId": "…", "spanId": "…", "name": "execute_tool Bash", "startTimeUnixNano": "…",
//	   "attributes": [{"key": "gen_ai.tool.name", "value": {"stringValue": "Bash"}}, …],
//	   "events": [...], "status": {"code": 2, "message": "…"}}]}]}]}
//
// A trace is a trajectory; its spans are ordered by start time. A tool
// span (gen_ai.tool.name, or gen_ai.operation.name execute_tool) is a
// tool call: its arguments, result and error status. The chat spans'
// messages (gen_ai.input.messages, gen_ai.output.messages, gen_ai.prompt,
// gen_ai.completion, their flattened gen_ai.prompt.N.* form, and the
// gen_ai.*.message events) give the user's and the assistant's words,
// each once although every chat span repeats the history, and the tool
// calls no tool span recorded. Traces without any of these (an HTTP
// server's, say) are not agent runs and are left out. The whole input is
// read before the traces are emitted.

// otlpSpan is what a span says of an agent run.
type otlpSpan struct {
	traceID, spanID, name string
	start                 uint64
	seq                   int // the order spans were read in
	errored               bool
	statusMsg             string
	service               string

	tool, op, oiKind, oiTool, callID, agent string
	args                                    json.RawMessage
	argsRank                                int
	result                                  string
	resultRank                              int

	inputs, outputs []otlpPart
	// The OpenLLMetry form: gen_ai.prompt.N.role, gen_ai.prompt.N.content.
	flat []otlpFlat
}

// otlpPart is one part of a chat message: text, a tool call, or a tool
// call's response.
type otlpPart struct {
	role, text string
	callID     string
	tool       string
	args       json.RawMessage
	isCall     bool
	isResponse bool
}

// otlpFlat is one gen_ai.prompt.N.* or gen_ai.completion.N.* attribute.
type otlpFlat struct {
	output bool
	n      int
	field  string
	value  string
}

func (s *otlpSpan) isTool() bool {
	return s.tool != "" || s.op == "execute_tool" || strings.EqualFold(s.oiKind, "TOOL")
}

func (s *otlpSpan) relevant() bool {
	return s.isTool() || len(s.inputs) > 0 || len(s.outputs) > 0 || len(s.flat) > 0 || s.agent != ""
}

// parseResourceSpans reads "resourceSpans".
func parseResourceSpans(p *jsonParser, dst []otlpSpan) ([]otlpSpan, string) {
	if !p.open('[') {
		if p.null() {
			return dst, ""
		}
		p.skip()
		return dst, `"resourceSpans" is not an array: not an OTLP trace export`
	}
	for n := 0; p.more(']', n); n++ {
		if !p.open('{') {
			p.skip()
			continue
		}
		first, service := len(dst), ""
		for k := 0; p.more('}', k); k++ {
			switch string(p.key()) {
			case "resource":
				service = parseOTLPResource(p)
			case "scopeSpans", "instrumentationLibrarySpans":
				dst = parseOTLPScopeSpans(p, dst)
			default:
				p.skip()
			}
		}
		for i := first; i < len(dst); i++ {
			dst[i].service = service
		}
	}
	return dst, ""
}

// parseOTLPResource returns a resource's service.name.
func parseOTLPResource(p *jsonParser) string {
	service := ""
	if !p.open('{') {
		p.skip()
		return ""
	}
	for n := 0; p.more('}', n); n++ {
		if string(p.key()) != "attributes" {
			p.skip()
			continue
		}
		eachOTLPAttribute(p, func(key string, v []byte) {
			if key == "service.name" {
				service = otlpAnyText(v)
			}
		})
	}
	return service
}

func parseOTLPScopeSpans(p *jsonParser, dst []otlpSpan) []otlpSpan {
	if !p.open('[') {
		p.skip()
		return dst
	}
	for n := 0; p.more(']', n); n++ {
		if !p.open('{') {
			p.skip()
			continue
		}
		for k := 0; p.more('}', k); k++ {
			if string(p.key()) != "spans" || !p.open('[') {
				p.skip()
				continue
			}
			for m := 0; p.more(']', m); m++ {
				var s otlpSpan
				if parseOTLPSpan(p, &s) {
					dst = append(dst, s)
				}
			}
		}
	}
	return dst
}

// parseOTLPSpan reads a span; it reports false for one that is not an object.
func parseOTLPSpan(p *jsonParser, s *otlpSpan) bool {
	if !p.open('{') {
		p.skip()
		return false
	}
	for n := 0; p.more('}', n); n++ {
		switch string(p.key()) {
		case "traceId":
			s.traceID = p.str()
		case "spanId":
			s.spanID = p.str()
		case "name":
			s.name = p.str()
		case "startTimeUnixNano":
			s.start = p.uint()
		case "attributes":
			eachOTLPAttribute(p, s.attribute)
		case "events":
			parseOTLPEvents(p, s)
		case "status":
			parseOTLPStatus(p, s)
		default:
			p.skip()
		}
	}
	return true
}

func parseOTLPStatus(p *jsonParser, s *otlpSpan) {
	if !p.open('{') {
		p.skip()
		return
	}
	for n := 0; p.more('}', n); n++ {
		switch string(p.key()) {
		case "code":
			if p.peek() == '"' {
				s.errored = p.str() == "STATUS_CODE_ERROR"
			} else {
				s.errored = p.uint() == 2
			}
		case "message":
			s.statusMsg = p.str()
		default:
			p.skip()
		}
	}
}

// parseOTLPEvents reads a span's events: gen_ai.user.message and
// gen_ai.assistant.message carry a "content" attribute; any event may
// carry the message attributes of a chat span.
func parseOTLPEvents(p *jsonParser, s *otlpSpan) {
	if !p.open('[') {
		p.skip()
		return
	}
	for n := 0; p.more(']', n); n++ {
		if !p.open('{') {
			p.skip()
			continue
		}
		var name, content string
		for k := 0; p.more('}', k); k++ {
			switch string(p.key()) {
			case "name":
				name = p.str()
			case "attributes":
				eachOTLPAttribute(p, func(key string, v []byte) {
					if key == "content" {
						content = otlpAnyText(v)
						return
					}
					s.attribute(key, v)
				})
			default:
				p.skip()
			}
		}
		switch name {
		case "gen_ai.user.message":
			s.inputs = append(s.inputs, otlpPart{role: "user", text: content})
		case "gen_ai.assistant.message":
			s.inputs = append(s.inputs, otlpPart{role: "assistant", text: content})
		}
	}
}

// eachOTLPAttribute calls f with every attribute's key and value (the JSON of
// its AnyValue, valid until the next call).
func eachOTLPAttribute(p *jsonParser, f func(key string, value []byte)) {
	if !p.open('[') {
		p.skip()
		return
	}
	for n := 0; p.more(']', n); n++ {
		if !p.open('{') {
			p.skip()
			continue
		}
		var key string
		var value []byte
		for k := 0; p.more('}', k); k++ {
			switch string(p.key()) {
			case "key":
				key = p.str()
			case "value":
				value = p.raw()
			default:
				p.skip()
			}
		}
		if p.err == nil && value != nil {
			f(key, value)
		}
	}
}

// Where a tool span's arguments and result come from, in order of
// preference.
var (
	otlpArgKeys    = []string{"gen_ai.tool.call.arguments", "gen_ai.tool.arguments", "tool.arguments", "input.value"}
	otlpResultKeys = []string{"gen_ai.tool.call.result", "gen_ai.tool.result", "output.value"}
)

// attribute reads one span attribute.
func (s *otlpSpan) attribute(key string, v []byte) {
	switch key {
	case "gen_ai.tool.name":
		s.tool = otlpAnyText(v)
	case "gen_ai.operation.name":
		s.op = otlpAnyText(v)
	case "openinference.span.kind":
		s.oiKind = otlpAnyText(v)
	case "tool.name":
		s.oiTool = otlpAnyText(v)
	case "gen_ai.tool.call.id":
		s.callID = otlpAnyText(v)
	case "gen_ai.agent.name":
		s.agent = otlpAnyText(v)
	case "gen_ai.input.messages":
		s.inputs = otlpMessages(otlpAnyJSON(v), s.inputs)
	case "gen_ai.output.messages":
		s.outputs = otlpMessages(otlpAnyJSON(v), s.outputs)
	case "gen_ai.prompt", "gen_ai.completion":
		js, text, isStr := otlpAnyValue(v)
		dst := &s.inputs
		role := "user"
		if key == "gen_ai.completion" {
			dst, role = &s.outputs, "assistant"
		}
		if isStr {
			if js = jsonOrString(text, true); len(js) == 0 || js[0] == '"' {
				if text != "" {
					*dst = append(*dst, otlpPart{role: role, text: text})
				}
				return
			}
		}
		*dst = otlpMessages(js, *dst)
	default:
		if i := slices.Index(otlpArgKeys, key); i >= 0 && (s.args == nil || i < s.argsRank) {
			s.args, s.argsRank = otlpAnyJSON(v), i
		} else if i := slices.Index(otlpResultKeys, key); i >= 0 && (s.resultRank == 0 || i+1 < s.resultRank) {
			s.result, s.resultRank = otlpAnyText(v), i+1
		} else if f, ok := otlpFlatAttribute(key); ok {
			f.value = otlpAnyText(v)
			s.flat = append(s.flat, f)
		}
	}
}

// otlpFlatAttribute parses gen_ai.prompt.N.role|content and
// gen_ai.completion.N.role|content.
func otlpFlatAttribute(key string) (otlpFlat, bool) {
	var f otlpFlat
	rest, ok := strings.CutPrefix(key, "gen_ai.prompt.")
	if !ok {
		if rest, ok = strings.CutPrefix(key, "gen_ai.completion."); !ok {
			return f, false
		}
		f.output = true
	}
	num, field, ok := strings.Cut(rest, ".")
	if !ok || (field != "role" && field != "content") {
		return f, false
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 {
		return f, false
	}
	f.n, f.field = n, field
	return f, true
}

// otlpMessages reads a JSON array of GenAI messages: {"role", "parts":
// [{"type": "text", "content"}, {"type": "tool_call", "id", "name",
// "arguments"}, {"type": "tool_call_response", "id", "response"}]}, or
// OpenAI-style {"role", "content", "tool_calls"}.
func otlpMessages(js []byte, dst []otlpPart) []otlpPart {
	var p jsonParser
	p.reset(js)
	if !p.open('[') {
		return dst
	}
	orig := len(dst)
	for n := 0; p.more(']', n); n++ {
		if !p.open('{') {
			p.skip()
			continue
		}
		first := len(dst)
		role := ""
		for k := 0; p.more('}', k); k++ {
			switch string(p.key()) {
			case "role":
				role = p.str()
			case "parts":
				dst = otlpParts(&p, dst)
			case "content":
				if t := parseOAContent(&p); t != "" {
					dst = append(dst, otlpPart{text: t})
				}
			case "tool_calls":
				for _, c := range parseOAToolCalls(&p, nil) {
					dst = append(dst, otlpPart{isCall: true, callID: c.id, tool: c.name, args: c.args})
				}
			case "tool_call_id":
				id := p.str()
				for i := first; i < len(dst); i++ {
					if !dst[i].isCall {
						dst[i].callID, dst[i].isResponse = id, true
					}
				}
			default:
				p.skip()
			}
		}
		for i := first; i < len(dst); i++ {
			dst[i].role = role
			if role == "tool" && dst[i].callID != "" {
				dst[i].isResponse = true
			}
		}
	}
	if p.err != nil {
		return dst[:orig]
	}
	return dst
}

func otlpParts(p *jsonParser, dst []otlpPart) []otlpPart {
	if !p.open('[') {
		p.skip()
		return dst
	}
	for n := 0; p.more(']', n); n++ {
		if !p.open('{') {
			p.skip()
			continue
		}
		var typ string
		var part otlpPart
		for k := 0; p.more('}', k); k++ {
			switch string(p.key()) {
			case "type":
				typ = p.str()
			case "content", "text":
				part.text = p.str()
			case "id":
				part.callID = p.str()
			case "name":
				part.tool = p.str()
			case "arguments":
				part.args = p.arguments(true)
			case "response", "result":
				part.text = p.str()
			default:
				p.skip()
			}
		}
		switch typ {
		case "text":
		case "tool_call":
			part.isCall = true
		case "tool_call_response":
			part.isResponse = true
		default:
			continue
		}
		dst = append(dst, part)
	}
	return dst
}

// otlpAnyValue reads an AnyValue: its JSON form and, for a stringValue, the
// string.
func otlpAnyValue(v []byte) (js []byte, s string, isStr bool) {
	var p jsonParser
	p.reset(v)
	js = appendOTLPAnyValue(&p, nil, &s, &isStr)
	if p.err != nil {
		return []byte("null"), "", false
	}
	return js, s, isStr
}

// otlpAnyText is an AnyValue as text: a string as itself, another value as
// its JSON.
func otlpAnyText(v []byte) string {
	js, s, isStr := otlpAnyValue(v)
	if isStr {
		return s
	}
	return string(js)
}

// otlpAnyJSON is an AnyValue as a JSON value; a string holding JSON is
// decoded (tool arguments are exported as a JSON string).
func otlpAnyJSON(v []byte) json.RawMessage {
	js, s, isStr := otlpAnyValue(v)
	if isStr {
		return jsonOrString(s, false)
	}
	if string(js) == "null" {
		return nil
	}
	return js
}

// appendOTLPAnyValue appends the JSON form of the AnyValue at p. For a
// stringValue it also sets *s and *isStr when they are not nil.
func appendOTLPAnyValue(p *jsonParser, dst []byte, s *string, isStr *bool) []byte {
	if !p.open('{') {
		p.skip()
		return append(dst, "null"...)
	}
	start := len(dst)
	for n := 0; p.more('}', n); n++ {
		key := string(p.key())
		dst = dst[:start]
		switch key {
		case "stringValue", "bytesValue":
			str := p.str()
			if s != nil && key == "stringValue" {
				*s, *isStr = str, true
			}
			dst = appendJSONString(dst, str)
		case "boolValue":
			if p.boolean() {
				dst = append(dst, "true"...)
			} else {
				dst = append(dst, "false"...)
			}
		case "intValue", "doubleValue":
			num := p.str()
			if n := jsonOrString(num, false); len(n) > 0 && n[0] != '"' && n[0] != '{' && n[0] != '[' && n[0] != 't' && n[0] != 'f' && n[0] != 'n' {
				dst = append(dst, n...)
			} else {
				dst = appendJSONString(dst, num)
			}
		case "arrayValue", "kvlistValue":
			dst = appendOTLPAnyList(p, dst, key == "kvlistValue")
		default:
			p.skip()
		}
	}
	if len(dst) == start {
		dst = append(dst, "null"...)
	}
	return dst
}

// appendOTLPAnyList appends an arrayValue as a JSON array or a kvlistValue as
// a JSON object: {"values": [...]}.
func appendOTLPAnyList(p *jsonParser, dst []byte, kv bool) []byte {
	open, closing := byte('['), byte(']')
	if kv {
		open, closing = '{', '}'
	}
	dst = append(dst, open)
	if !p.open('{') {
		p.skip()
		return append(dst, closing)
	}
	first := true
	for n := 0; p.more('}', n); n++ {
		if string(p.key()) != "values" || !p.open('[') {
			p.skip()
			continue
		}
		for m := 0; p.more(']', m); m++ {
			if !kv {
				if !first {
					dst = append(dst, ',')
				}
				first = false
				dst = appendOTLPAnyValue(p, dst, nil, nil)
				continue
			}
			var key string
			var val []byte
			if !p.open('{') {
				p.skip()
				continue
			}
			for k := 0; p.more('}', k); k++ {
				switch string(p.key()) {
				case "key":
					key = p.str()
				case "value":
					val = appendOTLPAnyValue(p, nil, nil, nil)
				default:
					p.skip()
				}
			}
			if val == nil {
				val = []byte("null")
			}
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst = appendJSONString(dst, key)
			dst = append(dst, ':')
			dst = append(dst, val...)
		}
	}
	return append(dst, closing)
}

// otlpTraces groups the spans read by trace.
type otlpTraces struct {
	byID  map[string]*otlpTrace
	order []*otlpTrace
	seq   int
}

type otlpTrace struct {
	id    string
	line  int
	spans []otlpSpan
}

// add keeps the spans of an export that say something of an agent run.
func (o *otlpTraces) add(rec *recordFields, line int) {
	for i := range rec.spans {
		s := &rec.spans[i]
		if !s.relevant() {
			continue
		}
		t := o.byID[s.traceID]
		if t == nil {
			if o.byID == nil {
				o.byID = map[string]*otlpTrace{}
			}
			t = &otlpTrace{id: s.traceID, line: line}
			o.byID[s.traceID] = t
			o.order = append(o.order, t)
		}
		s.seq = o.seq
		o.seq++
		t.spans = append(t.spans, *s)
	}
}

// emit emits the traces that hold steps, in the order they were first
// seen.
func (o *otlpTraces) emit(r *Reader) {
	for _, t := range o.order {
		if tr := t.trajectory(); len(tr.Steps) > 0 {
			r.emit(tr, FormatOTLP, t.line)
		}
	}
	*o = otlpTraces{}
}

// trajectory puts a trace's steps in order.
func (t *otlpTrace) trajectory() *Trajectory {
	slices.SortStableFunc(t.spans, func(a, b otlpSpan) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.seq, b.seq))
	})
	tr := &Trajectory{ID: t.id, Steps: []Step{}}
	// Tool calls a tool span records are not taken again from the chat
	// messages that ask for them.
	spanCalls := map[string]bool{}
	for i := range t.spans {
		s := &t.spans[i]
		if s.isTool() && s.callID != "" {
			spanCalls[s.callID] = true
		}
		if tr.Agent == "" {
			tr.Agent = s.agent
		}
	}
	if tr.Agent == "" && len(t.spans) > 0 {
		tr.Agent = t.spans[0].service
	}
	seen := map[string]bool{}
	partCalls := map[string]int{}
	parts := func(ps []otlpPart) {
		for _, pt := range ps {
			switch {
			case pt.isCall:
				if pt.callID != "" && (spanCalls[pt.callID] || partCalls[pt.callID] > 0) {
					continue
				}
				tr.Steps = append(tr.Steps, Step{Type: StepToolCall, Tool: pt.tool, Input: pt.args, CallID: pt.callID})
				if pt.callID != "" {
					partCalls[pt.callID] = len(tr.Steps)
				}
			case pt.isResponse:
				if n := partCalls[pt.callID]; n > 0 && tr.Steps[n-1].Observation == "" {
					tr.Steps[n-1].Observation = pt.text
				}
			case pt.text != "" && (pt.role == "user" || pt.role == "assistant"):
				k := pt.role + "\x00" + pt.text
				if seen[k] {
					continue
				}
				seen[k] = true
				typ := StepUser
				if pt.role == "assistant" {
					typ = StepAssistant
				}
				tr.Steps = append(tr.Steps, Step{Type: typ, Text: pt.text})
			}
		}
	}
	for i := range t.spans {
		s := &t.spans[i]
		in, out := s.flatParts()
		parts(s.inputs)
		parts(in)
		if s.isTool() {
			tr.Steps = append(tr.Steps, s.step())
		}
		parts(s.outputs)
		parts(out)
	}
	return tr
}

// step is a tool span's tool call.
func (s *otlpSpan) step() Step {
	st := Step{Type: StepToolCall, Tool: s.tool, Input: s.args, Observation: s.result, CallID: s.callID, IsError: s.errored}
	if st.Tool == "" {
		st.Tool = s.oiTool
	}
	if st.Tool == "" {
		st.Tool = strings.TrimPrefix(s.name, "execute_tool ")
	}
	if st.CallID == "" {
		st.CallID = s.spanID
	}
	if st.IsError && st.Observation == "" {
		st.Observation = s.statusMsg
	}
	return st
}

// flatParts turns the gen_ai.prompt.N.* attributes into message parts.
func (s *otlpSpan) flatParts() (in, out []otlpPart) {
	if len(s.flat) == 0 {
		return nil, nil
	}
	type msg struct{ role, content string }
	msgs := map[[2]int]*msg{}
	var keys [][2]int
	for _, f := range s.flat {
		k := [2]int{0, f.n}
		if f.output {
			k[0] = 1
		}
		m := msgs[k]
		if m == nil {
			m = &msg{}
			msgs[k] = m
			keys = append(keys, k)
		}
		if f.field == "role" {
			m.role = f.value
		} else {
			m.content = f.value
		}
	}
	slices.SortFunc(keys, func(a, b [2]int) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
	for _, k := range keys {
		m := msgs[k]
		if k[0] == 1 {
			if m.role == "" {
				m.role = "assistant"
			}
			out = append(out, otlpPart{role: m.role, text: m.content})
		} else {
			in = append(in, otlpPart{role: m.role, text: m.content})
		}
	}
	return in, out
}
