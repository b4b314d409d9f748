package fields

import (
	"encoding/base64"
	"encoding/hex"
	"strings"
	"unicode/utf8"
)

// Encoded values: a value sent base64- or hex-encoded (a form body, a
// query parameter, a token) carries what it decodes to. A value that
// decodes to text is walked again as that text, at most maxDecodeLayers
// deep and only for values of minEncoded to maxEncoded bytes, and its
// fields' setters encode what they write back, so masking keeps the
// encoding. Binary results (a hash, a UUID's bytes, an image) are left
// alone: they carry no text a detector could read.

const (
	minEncoded      = 16
	maxEncoded      = 64 << 10
	maxDecodeLayers = 2
)

// decodeText returns the text s decodes to as base64 (standard or URL
// alphabet, padded or not) or hex, the encoder that writes a text back
// the same way, and whether s is such an encoding of printable text.
func decodeText(s string) (string, func(string) string, bool) {
	if len(s) < minEncoded || len(s) > maxEncoded {
		return "", nil, false
	}
	if isHex(s) && len(s)%2 == 0 {
		if b, err := hex.DecodeString(s); err == nil && printable(b) {
			return string(b), func(v string) string { return hex.EncodeToString([]byte(v)) }, true
		}
		return "", nil, false
	}
	enc := base64Encoding(s)
	if enc == nil {
		return "", nil, false
	}
	b, err := enc.DecodeString(s)
	if err != nil || !printable(b) {
		return "", nil, false
	}
	return string(b), func(v string) string { return enc.EncodeToString([]byte(v)) }, true
}

// base64Encoding is the alphabet s is written in, or nil when s is not
// base64: letters, digits and + / (or - _), padding only at the end.
func base64Encoding(s string) *base64.Encoding {
	std, urlSafe, pad := false, false, 0
	letters, digits := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '=':
			pad++
			continue
		case pad > 0:
			return nil
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			letters = true
		case c >= '0' && c <= '9':
			digits = true
		case c == '+' || c == '/':
			std = true
		case c == '-' || c == '_':
			urlSafe = true
		default:
			return nil
		}
	}
	if std && urlSafe || pad > 2 || !letters || !digits && !std && !urlSafe && pad == 0 {
		// A plain word (no digit, no symbol) is no encoding anyone sends.
		return nil
	}
	switch {
	case urlSafe && pad > 0:
		return base64.URLEncoding
	case urlSafe:
		return base64.RawURLEncoding
	case pad > 0 || len(s)%4 == 0:
		return base64.StdEncoding
	}
	return base64.RawStdEncoding
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// printable reports text: valid UTF-8 with no control character but
// white space.
func printable(b []byte) bool {
	if len(b) == 0 || !utf8.Valid(b) {
		return false
	}
	for _, r := range string(b) {
		if r < 0x20 && r != '\n' && r != '\r' && r != '\t' || r == 0x7f || r == utf8.RuneError {
			return false
		}
	}
	return true
}

// decoded walks the text an encoded value decodes to, as a value of its
// own under the same key; it reports whether it did.
func (w *walker) decoded(s, path, key, top string, car Carrier, depth, obj int, set func(string)) bool {
	if strings.Count(path, "#decoded") >= maxDecodeLayers || w.bytes+len(s) > w.lim.Bytes {
		return false
	}
	dec, enc, ok := decodeText(s)
	if !ok {
		return false
	}
	w.bytes += len(s)
	var s2 func(string)
	if set != nil {
		s2 = func(v string) { set(enc(v)) }
	}
	w.text(dec, path+"#decoded", key, top, true, car, depth+1, obj, s2)
	return true
}
