package shell

import (
	"strings"
	"unicode/utf8"
)

// Case-insensitive tests that every command pays for, without building a
// changed copy of the text: strings.ToUpper and strings.ToLower allocate
// for any text with a letter of the other case, which is nearly all of
// them. Each answers exactly as the strings function it replaces: on text
// that is not all ASCII (where Unicode's case mappings can change a byte
// count or turn a non-ASCII letter into an ASCII one) it asks that
// function itself.

// isASCII reports whether s has only ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// foldSet is a list of needles that containsAny looks for without case in
// one pass over a text, rather than one pass a needle.
type foldSet struct {
	needles []string
	byStart [256][]string // the needles by the byte they start with, in either case
	// pairs marks the ASCII byte pairs, lowered, that a needle starts
	// with (a one-byte needle: its byte and any next one): bit b1&63 of
	// pairs[b0][b1>>6]. A byte that starts a needle is compared with the
	// needles only when the byte after it fits too (most do not: "ho" is
	// looked at for HOME, "hi" is not).
	pairs [utf8.RuneSelf][2]uint64
	empty bool // a needle is "": every text holds it
	// toCase is the strings function containsAny stands for, asked for a
	// text that is not all ASCII.
	toCase func(string) string
}

// newUpperSet is the set of needles holding no lower-case ASCII letter,
// looked for in strings.ToUpper of a text.
func newUpperSet(needles ...string) *foldSet { return newFoldSet(strings.ToUpper, needles) }

// newLowerSet is the set of needles holding no upper-case ASCII letter,
// looked for in strings.ToLower of a text.
func newLowerSet(needles ...string) *foldSet { return newFoldSet(strings.ToLower, needles) }

func newFoldSet(toCase func(string) string, needles []string) *foldSet {
	u := &foldSet{needles: needles, toCase: toCase}
	for _, n := range needles {
		if n == "" {
			u.empty = true
			continue
		}
		c := foldASCII(n[0])
		u.byStart[c] = append(u.byStart[c], n)
		if c >= 'a' && c <= 'z' {
			u.byStart[c-'a'+'A'] = append(u.byStart[c-'a'+'A'], n)
		}
		u.markPair(n)
	}
	return u
}

// markPair sets the bits of pairs that needle n may start at; a needle
// that starts with a byte outside ASCII has none: it is found only in text
// that is not all ASCII, which containsAnyMapped reads.
func (u *foldSet) markPair(n string) {
	b0 := foldASCII(n[0])
	switch {
	case b0 >= utf8.RuneSelf:
	case len(n) == 1:
		u.pairs[b0] = [2]uint64{^uint64(0), ^uint64(0)}
	case n[1] >= utf8.RuneSelf:
		// Never next to an ASCII byte of the text: the text holding it
		// is not all ASCII.
	default:
		b1 := foldASCII(n[1])
		u.pairs[b0][b1>>6] |= 1 << (b1 & 63)
	}
}

// containsAny reports strings.Contains(toCase(s), n) for any needle n of
// the set: on ASCII text, whose case mapping is ASCII's, without building
// the changed copy.
func (u *foldSet) containsAny(s string) bool {
	if u.empty {
		return true
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b >= utf8.RuneSelf {
			return u.containsAnyMapped(s) // Unicode's case mapping decides
		}
		if len(u.byStart[b]) == 0 {
			continue
		}
		next := byte(0) // past the end: no needle of two bytes or more fits
		if i+1 < len(s) {
			if next = s[i+1]; next >= utf8.RuneSelf {
				return u.containsAnyMapped(s)
			}
		}
		if b1 := foldASCII(next); u.pairs[foldASCII(b)][b1>>6]&(1<<(b1&63)) == 0 {
			continue
		}
		for _, n := range u.byStart[b] {
			if len(s)-i >= len(n) && equalFoldASCII(s[i:i+len(n)], n) {
				return true
			}
		}
	}
	return false
}

// containsAnyMapped is containsAny for any text, through toCase.
func (u *foldSet) containsAnyMapped(s string) bool {
	mapped := u.toCase(s)
	for _, n := range u.needles {
		if strings.Contains(mapped, n) {
			return true
		}
	}
	return false
}

// hasSuffixLower reports strings.HasSuffix(strings.ToLower(s), lower) for
// a lower holding no upper-case ASCII letter.
func hasSuffixLower(s, lower string) bool {
	if !isASCII(s) {
		return strings.HasSuffix(strings.ToLower(s), lower)
	}
	return len(s) >= len(lower) && equalFoldASCII(s[len(s)-len(lower):], lower)
}

// equalFoldASCII reports whether a and b, of the same length, are equal
// once their ASCII letters are lowered.
func equalFoldASCII(a, b string) bool {
	for i := 0; i < len(a); i++ {
		if foldASCII(a[i]) != foldASCII(b[i]) {
			return false
		}
	}
	return true
}
