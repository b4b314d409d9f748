package destination

import (
	"strings"
	"unicode/utf8"
)

// Punycode (RFC 3492) for single host name labels, without the "xn--"
// prefix. golang.org/x/net/idna would do this too, but it pulls in
// golang.org/x/text, which this module does not require; the two functions
// below are all a comparison of labels needs. Both refuse input that no valid
// label produces (and labels longer than maxLabel) instead of guessing.

const (
	pcBase        = 36
	pcTMin        = 1
	pcTMax        = 26
	pcSkew        = 38
	pcDamp        = 700
	pcInitialBias = 72
	pcInitialN    = 128
	maxLabel      = 63
)

func pcAdapt(delta, numPoints int32, first bool) int32 {
	if first {
		delta /= pcDamp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := int32(0)
	for delta > ((pcBase-pcTMin)*pcTMax)/2 {
		delta /= pcBase - pcTMin
		k += pcBase
	}
	return k + (pcBase-pcTMin+1)*delta/(delta+pcSkew)
}

func pcDigit(b byte) (int32, bool) {
	switch {
	case b >= '0' && b <= '9':
		return int32(b-'0') + 26, true
	case b >= 'a' && b <= 'z':
		return int32(b - 'a'), true
	case b >= 'A' && b <= 'Z':
		return int32(b - 'A'), true
	}
	return 0, false
}

func pcEncodeDigit(d int32) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// punyDecode decodes the part of an ACE label after "xn--".
func punyDecode(s string) (string, bool) {
	if len(s) == 0 || len(s) > maxLabel {
		return "", false
	}
	var out [maxLabel]rune
	n := 0
	basic := strings.LastIndexByte(s, '-')
	if basic > 0 {
		for i := 0; i < basic; i++ {
			if s[i] >= utf8.RuneSelf {
				return "", false
			}
			out[n] = rune(s[i])
			n++
		}
		s = s[basic+1:]
	} else if basic == 0 {
		s = s[1:]
	}
	cp, bias, i := int32(pcInitialN), int32(pcInitialBias), int32(0)
	for pos := 0; pos < len(s); {
		oldI, w := i, int32(1)
		for k := int32(pcBase); ; k += pcBase {
			if pos >= len(s) {
				return "", false
			}
			d, ok := pcDigit(s[pos])
			pos++
			if !ok || d > (0x7fffffff-i)/w {
				return "", false
			}
			i += d * w
			t := k - bias
			if t < pcTMin {
				t = pcTMin
			} else if t > pcTMax {
				t = pcTMax
			}
			if d < t {
				break
			}
			if w > 0x7fffffff/(pcBase-t) {
				return "", false
			}
			w *= pcBase - t
		}
		if n >= len(out) {
			return "", false
		}
		bias = pcAdapt(i-oldI, int32(n+1), oldI == 0)
		if i/int32(n+1) > 0x7fffffff-cp {
			return "", false
		}
		cp += i / int32(n+1)
		i %= int32(n + 1)
		if cp > utf8.MaxRune || (cp >= 0xd800 && cp <= 0xdfff) || cp < 0x80 {
			return "", false
		}
		copy(out[i+1:n+1], out[i:n])
		out[i] = cp
		n++
		i++
	}
	return string(out[:n]), true
}

// punyEncode encodes a label holding non-ASCII characters (without the
// "xn--" prefix).
func punyEncode(s string) (string, bool) {
	rs := []rune(s)
	if len(rs) == 0 || len(rs) > maxLabel {
		return "", false
	}
	var b strings.Builder
	for _, r := range rs {
		if r < 0x80 {
			b.WriteByte(byte(r))
		}
	}
	basic := int32(b.Len())
	h := basic
	if basic > 0 {
		b.WriteByte('-')
	}
	cp, delta, bias := int32(pcInitialN), int32(0), int32(pcInitialBias)
	for h < int32(len(rs)) {
		m := int32(0x7fffffff)
		for _, r := range rs {
			if r >= cp && r < m {
				m = r
			}
		}
		if (m - cp) > (0x7fffffff-delta)/(h+1) {
			return "", false
		}
		delta += (m - cp) * (h + 1)
		cp = m
		for _, r := range rs {
			if r < cp {
				delta++
			}
			if r == cp {
				q := delta
				for k := int32(pcBase); ; k += pcBase {
					t := k - bias
					if t < pcTMin {
						t = pcTMin
					} else if t > pcTMax {
						t = pcTMax
					}
					if q < t {
						break
					}
					b.WriteByte(pcEncodeDigit(t + (q-t)%(pcBase-t)))
					q = (q - t) / (pcBase - t)
				}
				b.WriteByte(pcEncodeDigit(q))
				bias = pcAdapt(delta, h+1, h == basic)
				delta = 0
				h++
			}
		}
		delta++
		cp++
	}
	return b.String(), true
}
