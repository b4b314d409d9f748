package jsonx

// maxJSONDepth is encoding/json's limit on nested objects and arrays.
const maxJSONDepth = 10000

// SkipValue returns the end of the JSON value that starts at b[i], and
// whether one does: valid as json.Valid judges it (FuzzSkipValue),
// with no space before it. It reads the value once, without allocating
// for values nested up to a few dozen deep.
func SkipValue(b []byte, i int) (end int, ok bool) {
	if i >= len(b) || IsSpace(b[i]) {
		return i, false
	}
	var stackMem [32]byte
	open := stackMem[:0] // the containers the value is inside: '{' or '['
	inKey := false       // the next string is an object's key
	for {
		i = skipJSONSpace(b, i)
		if i >= len(b) {
			return i, false
		}
		if inKey {
			if i, ok = skipJSONString(b, i); !ok {
				return i, false
			}
			if i = skipJSONSpace(b, i); i >= len(b) || b[i] != ':' {
				return i, false
			}
			i, inKey = i+1, false
			continue
		}
		switch c := b[i]; {
		case c == '{' || c == '[':
			if len(open) >= maxJSONDepth {
				return i, false
			}
			closer := byte('}')
			if c == '[' {
				closer = ']'
			}
			if j := skipJSONSpace(b, i+1); j < len(b) && b[j] == closer {
				i, ok = j+1, true
				break
			}
			open = append(open, c)
			i, inKey = i+1, c == '{'
			continue
		case c == '"':
			i, ok = skipJSONString(b, i)
		case c == '-' || c >= '0' && c <= '9':
			i, ok = skipJSONNumber(b, i)
		case c == 't':
			i, ok = skipLiteral(b, i, "true")
		case c == 'f':
			i, ok = skipLiteral(b, i, "false")
		case c == 'n':
			i, ok = skipLiteral(b, i, "null")
		default:
			return i, false
		}
		if !ok {
			return i, false
		}
		// After a value: the end, a comma, or its containers' ends.
		for {
			if len(open) == 0 {
				return i, true
			}
			if i = skipJSONSpace(b, i); i >= len(b) {
				return i, false
			}
			top := open[len(open)-1]
			if b[i] == ',' {
				i, inKey = i+1, top == '{'
				break
			}
			if top == '{' && b[i] != '}' || top == '[' && b[i] != ']' {
				return i, false
			}
			i, open = i+1, open[:len(open)-1]
		}
	}
}

// Valid is json.Valid(b) (FuzzSkipValue), in one pass of SkipValue,
// several times as fast as encoding/json's scanner.
func Valid(b []byte) bool {
	end, ok := SkipValue(b, skipJSONSpace(b, 0))
	return ok && skipJSONSpace(b, end) == len(b)
}

// IsSpace reports whether c is JSON's white space.
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipJSONSpace(b []byte, i int) int {
	for i < len(b) && IsSpace(b[i]) {
		i++
	}
	return i
}

// skipJSONString skips the string at b[i] (its opening quote).
func skipJSONString(b []byte, i int) (int, bool) {
	if i >= len(b) || b[i] != '"' {
		return i, false
	}
	for i++; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			return i + 1, true
		case c < 0x20:
			return i, false
		case c == '\\':
			i++
			if i >= len(b) {
				return i, false
			}
			switch b[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if len(b)-i < 5 || !isHexByte(b[i+1]) || !isHexByte(b[i+2]) || !isHexByte(b[i+3]) || !isHexByte(b[i+4]) {
					return i, false
				}
				i += 4
			default:
				return i, false
			}
		}
	}
	return i, false
}

func isHexByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// skipJSONNumber skips -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?.
func skipJSONNumber(b []byte, i int) (int, bool) {
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		i = skipDigits(b, i)
	default:
		return i, false
	}
	if i < len(b) && b[i] == '.' {
		j := skipDigits(b, i+1)
		if j == i+1 {
			return j, false
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := skipDigits(b, i)
		if j == i {
			return j, false
		}
		i = j
	}
	return i, true
}

func skipDigits(b []byte, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}

func skipLiteral(b []byte, i int, lit string) (int, bool) {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return i, false
	}
	return i + len(lit), true
}
