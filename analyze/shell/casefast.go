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

// containsUpper reports strings.Contains(strings.ToUpper(s), upper) for an
// upper holding no lower-case ASCII letter.
func containsUpper(s, upper string) bool {
	if !isASCII(s) {
		return strings.Contains(strings.ToUpper(s), upper)
	}
	return indexFoldASCII(s, upper) >= 0
}

// hasSuffixLower reports strings.HasSuffix(strings.ToLower(s), lower) for
// a lower holding no upper-case ASCII letter.
func hasSuffixLower(s, lower string) bool {
	if !isASCII(s) {
		return strings.HasSuffix(strings.ToLower(s), lower)
	}
	return len(s) >= len(lower) && equalFoldASCII(s[len(s)-len(lower):], lower)
}

// indexFoldASCII is the first index of sub in the ASCII text s with ASCII
// letters compared without case, or -1.
func indexFoldASCII(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if equalFoldASCII(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
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
