package codec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/actionguard/actionguard/internal/jsonx"
)

// DecisionID returns the decision id an action carries, as SQLite's
// json_extract(action, '$.id') cast to text gives it: a string as is, a
// number as written, true and false as 1 and 0, an object or array as
// compact JSON. ok is false when the action is not a JSON object with an id
// (or the id is null).
func DecisionID(action []byte) (id string, ok bool) {
	raw, found := topLevel(action, "id")
	if !found {
		return "", false
	}
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return "", false
	case raw[0] == '"':
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return "", false
		}
		return s, true
	case string(raw) == "true":
		return "1", true
	case string(raw) == "false":
		return "0", true
	case raw[0] == '{' || raw[0] == '[':
		var b bytes.Buffer
		if json.Compact(&b, raw) != nil {
			return "", false
		}
		return b.String(), true
	default:
		return number(string(raw))
	}
}

// DecisionIDValue is the decision_id column of a record whose action is
// action: its DecisionID, or nil (NULL) when it has none.
func DecisionIDValue(action []byte) any {
	if id, ok := DecisionID(action); ok {
		return id
	}
	return nil
}

// topLevel returns the value of key in doc, a JSON object, as json_extract
// finds it: the first of duplicate keys, compared exactly. found is false
// when doc is not a valid JSON object or has no such key. It walks the
// object's top level without decoding it: it runs on every append.
func topLevel(doc []byte, key string) (value json.RawMessage, found bool) {
	if !jsonx.Valid(doc) {
		return nil, false
	}
	i := skipSpace(doc, 0)
	if i >= len(doc) || doc[i] != '{' {
		return nil, false
	}
	i++
	for {
		i = skipSpace(doc, i)
		if doc[i] == '}' {
			return nil, false
		}
		end := skipValue(doc, i) // the key, a string
		k := doc[i:end]
		i = skipSpace(doc, end) + 1 // past ':'
		i = skipSpace(doc, i)
		vend := skipValue(doc, i)
		if matches(k, key) {
			return doc[i:vend], true
		}
		i = skipSpace(doc, vend)
		if doc[i] == '}' {
			return nil, false
		}
		i++ // past ','
	}
}

// matches reports whether quoted, a JSON string, is s.
func matches(quoted []byte, s string) bool {
	if bytes.IndexByte(quoted, '\\') < 0 {
		return len(quoted) == len(s)+2 && string(quoted[1:len(quoted)-1]) == s
	}
	var u string
	return json.Unmarshal(quoted, &u) == nil && u == s
}

func skipSpace(doc []byte, i int) int {
	for i < len(doc) && (doc[i] == ' ' || doc[i] == '\t' || doc[i] == '\n' || doc[i] == '\r') {
		i++
	}
	return i
}

// skipValue returns the end of the value that starts at i in valid JSON.
func skipValue(doc []byte, i int) int {
	depth := 0
	for ; i < len(doc); i++ {
		switch doc[i] {
		case '"':
			for i++; doc[i] != '"'; i++ {
				if doc[i] == '\\' {
					i++
				}
			}
			if depth == 0 {
				return i + 1
			}
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1
			}
			if depth < 0 {
				return i // the end of the enclosing object
			}
		case ',', ' ', '\t', '\n', '\r', ':':
			if depth == 0 {
				return i
			}
		}
	}
	return i
}

// number formats a JSON number as SQLite casts it to text: an integer in
// decimal; a real with 15 significant digits, or 17 when 15 do not read
// back, in fixed notation with at least one decimal for exponents from -4
// to 16, else as d.ddde±XX.
func number(lit string) (string, bool) {
	if i, err := strconv.ParseInt(lit, 10, 64); err == nil {
		return strconv.FormatInt(i, 10), true
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || math.IsInf(f, 0) {
		return lit, true
	}
	if f == 0 {
		return "0.0", true
	}
	prec := 15
	if v, _ := strconv.ParseFloat(strconv.FormatFloat(f, 'e', prec-1, 64), 64); v != f {
		prec = 17
	}
	mant, e, _ := strings.Cut(strconv.FormatFloat(f, 'e', prec-1, 64), "e")
	exp, _ := strconv.Atoi(e)
	sign := ""
	if mant[0] == '-' {
		sign, mant = "-", mant[1:]
	}
	digits := strings.TrimRight(strings.Replace(mant, ".", "", 1), "0")
	if exp < -4 || exp >= 17 {
		frac := digits[1:]
		if frac == "" {
			frac = "0"
		}
		return fmt.Sprintf("%s%s.%se%s", sign, digits[:1], frac, e[:1]+fmt.Sprintf("%02d", max(exp, -exp))), true
	}
	if exp < 0 {
		return sign + "0." + strings.Repeat("0", -exp-1) + digits, true
	}
	if len(digits) <= exp+1 {
		return sign + digits + strings.Repeat("0", exp+1-len(digits)) + ".0", true
	}
	return sign + digits[:exp+1] + "." + digits[exp+1:], true
}
