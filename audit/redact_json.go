package audit

import (
	"bytes"
	"encoding/json"

	"github.com/actionguard/actionguard/internal/jsonx"
)

// RedactJSON returns the JSON document raw with secrets redacted from its
// string values; keys, structure, numbers and formatting are kept. A value
// whose key names a secret ("password", "api_key", "clientSecret",
// "Authorization", … see Redact) is replaced whole by "[REDACTED:<type>]",
// and so is every string or number beneath such a key. Every other string
// value goes through Redact.
//
// raw that is not valid JSON is treated as text: the result is Redact's
// output encoded as a JSON string, so the result is always valid JSON
// (empty input gives empty output). raw is never modified; when nothing is
// redacted raw itself is returned.
func RedactJSON(raw []byte) []byte { return redactJSONWith(raw, Redact) }

// redactSpoolJSON is RedactJSON with redactForSpool: the hook's spool
// writes it, and the drain into the log redacts the rest.
func redactSpoolJSON(raw []byte) []byte { return redactJSONWith(raw, redactForSpool) }

func redactJSONWith(raw []byte, redact func(string) string) []byte {
	out, _ := redactJSONSpaced(raw, redact)
	return out
}

// redactJSONSpaced is redactJSONWith, and whether its result may hold
// space between tokens: when it says no, the result is already compact
// (json.Compact would return it unchanged), since the redacted strings it
// writes are compact.
func redactJSONSpaced(raw []byte, redact func(string) string) (_ []byte, spaced bool) {
	if len(raw) == 0 {
		return raw, false
	}
	if !jsonx.Valid(raw) {
		return appendJSONString(nil, redact(string(raw))), false
	}
	return redactValidJSONSpaced(raw, redact)
}

// redactValidJSONSpaced is redactJSONSpaced for raw that json.Valid
// (jsonx.Valid) accepts, which it does not check again.
func redactValidJSONSpaced(raw []byte, redact func(string) string) (_ []byte, spaced bool) {
	// frame is an open object or array; secret is the redaction type of every
	// value inside it, when it sits beneath a key that names a secret.
	type frame struct {
		object bool
		secret string
	}
	var (
		out       []byte // nil until something is redacted
		last      int    // raw[last:] is not yet copied to out
		stack     []frame
		expectKey bool   // the next string is an object key
		keyType   string // the redaction type named by the key just read
	)
	secretHere := func() string {
		if keyType != "" {
			return keyType
		}
		if len(stack) > 0 {
			return stack[len(stack)-1].secret
		}
		return ""
	}
	replace := func(from, to int, with []byte) {
		out = append(out, raw[last:from]...)
		out = append(out, with...)
		last = to
	}
	for i := 0; i < len(raw); {
		switch c := raw[i]; c {
		case ' ', '\t', '\n', '\r':
			spaced = true
			i++
		case ':':
			i++
		case ',':
			expectKey = len(stack) > 0 && stack[len(stack)-1].object
			keyType = ""
			i++
		case '{', '[':
			stack = append(stack, frame{object: c == '{', secret: secretHere()})
			expectKey, keyType = c == '{', ""
			i++
		case '}', ']':
			stack = stack[:len(stack)-1]
			expectKey, keyType = false, ""
			i++
		case '"':
			end := stringEnd(raw, i)
			s := decodeString(raw[i:end])
			if expectKey {
				keyType, _ = secretName(s)
				expectKey = false
				i = end
				continue
			}
			if typ := secretHere(); typ != "" {
				if s != "" && !placeholder(s) {
					replace(i, end, appendJSONString(nil, "[REDACTED:"+typ+"]"))
				}
			} else if r := redact(s); r != s {
				replace(i, end, appendJSONString(nil, r))
			}
			keyType = ""
			i = end
		default: // number, true, false or null
			end := i + 1
			for end < len(raw) && !endsScalar(raw[end]) {
				end++
			}
			if typ := secretHere(); typ != "" && (c == '-' || '0' <= c && c <= '9') {
				replace(i, end, appendJSONString(nil, "[REDACTED:"+typ+"]"))
			}
			keyType = ""
			i = end
		}
	}
	if out == nil {
		return raw, spaced
	}
	return append(out, raw[last:]...), spaced
}

// stringEnd returns the index just past the closing quote of the JSON string
// that starts at raw[i], which is valid JSON.
func stringEnd(raw []byte, i int) int {
	for j := i + 1; j < len(raw); j++ {
		switch raw[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(raw)
}

// endsScalar reports whether c ends a JSON number or literal.
func endsScalar(c byte) bool {
	switch c {
	case ',', '}', ']', ' ', '\t', '\n', '\r':
		return true
	}
	return false
}

// decodeString decodes a quoted JSON string.
func decodeString(q []byte) string {
	body := q[1 : len(q)-1]
	if bytes.IndexByte(body, '\\') < 0 {
		return string(body)
	}
	var s string
	if err := json.Unmarshal(q, &s); err != nil {
		return string(body)
	}
	return s
}

// appendJSONString appends s as a JSON string (see jsonx.AppendString).
func appendJSONString(dst []byte, s string) []byte { return jsonx.AppendString(dst, s) }
