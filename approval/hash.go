package approval

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strconv"
	"unicode/utf8"
)

// InputHash returns the hex SHA-256 of an action's tool and input in a
// canonical JSON form (object keys sorted): the same call hashes the same
// whatever the key order.
//
// The form is {"input":…,"tool":…} with no spaces; keys sorted by their
// bytes; strings escaped minimally (", \ and control characters) and never
// HTML-escaped; numbers as given (a json.Number keeps its text, "820.00"
// stays "820.00"), other numbers as encoding/json writes them; a nil input
// is {}. Bytes that are not UTF-8 are kept distinct (\udcXX for byte XX),
// so two different inputs never share a form.
func InputHash(tool string, input map[string]any) string {
	b := make([]byte, 0, 256)
	b = append(b, `{"input":`...)
	if input == nil {
		b = append(b, "{}"...)
	} else {
		b = appendCanonical(b, input)
	}
	b = append(b, `,"tool":`...)
	b = appendCanonicalString(b, tool)
	b = append(b, '}')
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// appendCanonical appends v in the canonical form.
func appendCanonical(b []byte, v any) []byte {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...)
	case string:
		return appendCanonicalString(b, v)
	case bool:
		return strconv.AppendBool(b, v)
	case json.Number:
		return append(b, v...)
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendCanonicalString(b, k)
			b = append(b, ':')
			b = appendCanonical(b, v[k])
		}
		return append(b, '}')
	case []any:
		b = append(b, '[')
		for i, e := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendCanonical(b, e)
		}
		return append(b, ']')
	}
	// Numbers of Go types, typed maps and slices: encoding/json writes
	// them with sorted keys; decoded again they would take the forms above.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return appendCanonicalString(b, "unencodable:"+err.Error())
	}
	raw := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	var back any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&back) != nil {
		return append(b, raw...)
	}
	return appendCanonical(b, back)
}

// appendCanonicalString appends s as a JSON string: ", \ and control
// characters escaped, everything else as it is; each byte that is not
// UTF-8 as \udcXX, which no valid text produces here.
func appendCanonicalString(b []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, '\\', 'u', 'd', 'c', hexDigits[c>>4], hexDigits[c&0xf])
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
