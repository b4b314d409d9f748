package shell

import (
	"testing"
	"unicode/utf8"
)

// TestShortFlagSameAsConcat: each rune below U+0800 and from U+FFF0 on
// (ASCII, the table's edges, the largest rune and one past it) is
// named as the concatenation names it.
func TestShortFlagSameAsConcat(t *testing.T) {
	for ch := rune(0); ch <= utf8.MaxRune+1; ch++ {
		if ch == 0x800 {
			ch = 0xfff0 // past ASCII and two-byte runes, a sample is enough
		}
		if got, want := shortFlag(ch), "-"+string(ch); got != want {
			t.Fatalf("shortFlag(%U) = %q, want %q", ch, got, want)
		}
	}
}
