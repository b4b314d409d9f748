package cli

import (
	"strconv"
	"unicode/utf8"

	"github.com/actionguard/actionguard/guard"
)

// appendDecision appends d as one line of check --jsonl: the bytes a
// json.Encoder with SetEscapeHTML(false) writes, newline included, without
// its reflection. A decision with a rewritten input or a confidence (a map
// and a float, whose encodings are json's own) reports false and is left
// to the encoder; TestAppendDecisionLikeJSON and FuzzAppendDecision hold
// the two to the same bytes, and TestDecisionFieldsKnown fails when
// Decision gains a field this does not write.
func appendDecision(b []byte, d *guard.Decision) ([]byte, bool) {
	if d.RewrittenInput != nil || d.Confidence != nil {
		return b, false
	}
	b = append(b, '{')
	if d.ID != "" {
		b = appendKey(b, "id")
		b = appendJSONString(b, d.ID)
		b = append(b, ',')
	}
	b = appendKey(b, "verdict")
	b = appendJSONString(b, string(d.Verdict))
	b = append(b, `,"level":`...)
	b = appendJSONString(b, string(d.Level))
	b = append(b, `,"score":`...)
	b = strconv.AppendInt(b, int64(d.Score), 10)
	b = append(b, `,"risk":`...)
	b = strconv.AppendInt(b, int64(d.Risk), 10)
	b = append(b, `,"risk_level":`...)
	b = appendJSONString(b, d.RiskLevel)
	b = append(b, `,"requires_approval":`...)
	b = strconv.AppendBool(b, d.RequiresApproval)
	b = append(b, `,"action":`...)
	b = appendJSONString(b, d.Action)
	b = append(b, `,"reason":`...)
	b = appendJSONString(b, d.Reason)
	b = append(b, `,"findings":`...)
	if d.Findings == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range d.Findings {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendFinding(b, &d.Findings[i])
		}
		b = append(b, ']')
	}
	b = appendOptString(b, "notice", d.Notice)
	b = appendOptString(b, "approval_id", d.ApprovalID)
	b = appendOptString(b, "approval_request_file", d.ApprovalRequestFile)
	b = appendOptString(b, "kind", string(d.Kind))
	if len(d.Steps) > 0 {
		b = append(b, `,"steps":[`...)
		for i, s := range d.Steps {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"text":`...)
			b = appendJSONString(b, s.Text)
			b = append(b, `,"level":`...)
			b = appendJSONString(b, string(s.Level))
			b = append(b, `,"score":`...)
			b = strconv.AppendInt(b, int64(s.Score), 10)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = appendOptString(b, "condition", d.Condition)
	b = appendOptStrings(b, "anomalies", d.Anomalies)
	b = appendOptString(b, "would_be", string(d.WouldBe))
	b = appendOptString(b, "held_before_session", string(d.HeldBeforeSession))
	b = appendOptString(b, "error", d.Error)
	if len(d.Trace) > 0 {
		b = append(b, `,"trace":[`...)
		for i, s := range d.Trace {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"stage":`...)
			b = appendJSONString(b, s.Stage)
			b = append(b, `,"detail":`...)
			b = appendJSONString(b, s.Detail)
			if s.Points != 0 {
				b = append(b, `,"points":`...)
				b = strconv.AppendInt(b, int64(s.Points), 10)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}', '\n'), true
}

func appendFinding(b []byte, f *guard.Finding) []byte {
	b = append(b, `{"rule":`...)
	b = appendJSONString(b, f.Rule)
	b = append(b, `,"category":`...)
	b = appendJSONString(b, string(f.Category))
	b = append(b, `,"points":`...)
	b = strconv.AppendInt(b, int64(f.Points), 10)
	b = appendOptString(b, "evidence", f.Evidence)
	b = append(b, `,"message":`...)
	b = appendJSONString(b, f.Message)
	b = appendOptString(b, "alternative", f.Alternative)
	b = appendOptStrings(b, "targets", f.Targets)
	if f.AlwaysReview {
		b = append(b, `,"always_review":true`...)
	}
	return append(b, '}')
}

func appendKey(b []byte, k string) []byte {
	b = append(b, '"')
	b = append(b, k...)
	return append(b, '"', ':')
}

// appendOptString writes ,"k":s unless s is empty (omitempty).
func appendOptString(b []byte, k, s string) []byte {
	if s == "" {
		return b
	}
	b = append(b, ',')
	b = appendKey(b, k)
	return appendJSONString(b, s)
}

// appendOptStrings writes ,"k":[…] unless ss is empty (omitempty).
func appendOptStrings(b []byte, k string, ss []string) []byte {
	if len(ss) == 0 {
		return b
	}
	b = append(b, ',')
	b = appendKey(b, k)
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, s)
	}
	return append(b, ']')
}

const hexDigits = "0123456789abcdef"

// appendJSONString quotes s as encoding/json does without HTML escaping:
// invalid UTF-8 becomes \ufffd, U+2028 and U+2029 are escaped.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
