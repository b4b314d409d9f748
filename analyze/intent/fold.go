package intent

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Folding: a request is read in the letters it means, not the code points
// it is written in. Accents go (Fälschung reads falschung), so do
// invisible characters (zero-width spaces, soft hyphens, joiners) and
// combining marks; full-width, mathematical and circled letters become
// plain ones; Cyrillic and Greek letters that look like Latin ones read as
// Latin inside a Latin word ("fаke" with a Cyrillic а), and so does a
// whole word of them in a request written in Latin letters. Russian,
// Greek, Chinese and Japanese words stay what they are. The standard
// library has no normalisation tables; these cover what a person types
// and what a filter-evasion trick uses.

// needsFold reports text with a byte outside ASCII: only such text can
// change when folded.
func needsFold(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// latinFold maps the accented Latin letters of Latin-1 and Latin
// Extended-A to their base letters.
var latinFold = func() map[rune]string {
	m := map[rune]string{}
	for _, row := range []string{
		"a:àáâãäåāăą", "A:ÀÁÂÃÄÅĀĂĄ", "c:çćĉċč", "C:ÇĆĈĊČ", "d:ďđ", "D:ĎĐ", "e:èéêëēĕėęě", "E:ÈÉÊËĒĔĖĘĚ",
		"g:ĝğġģ", "G:ĜĞĠĢ", "h:ĥħ", "H:ĤĦ", "i:ìíîïĩīĭįı", "I:ÌÍÎÏĨĪĬĮİ", "j:ĵ", "J:Ĵ", "k:ķ", "K:Ķ", "l:ĺļľŀł", "L:ĹĻĽĿŁ",
		"n:ñńņňŉ", "N:ÑŃŅŇ", "o:òóôõöøōŏő", "O:ÒÓÔÕÖØŌŎŐ", "r:ŕŗř", "R:ŔŖŘ", "s:śŝşšș", "S:ŚŜŞŠȘ", "t:ţťŧț", "T:ŢŤŦȚ",
		"u:ùúûüũūŭůűų", "U:ÙÚÛÜŨŪŬŮŰŲ", "w:ŵ", "W:Ŵ", "y:ýÿŷ", "Y:ÝŸŶ", "z:źżž", "Z:ŹŻŽ",
	} {
		base, letters, _ := strings.Cut(row, ":")
		for _, r := range letters {
			m[r] = base
		}
	}
	for r, s := range map[rune]string{'ß': "ss", 'æ': "ae", 'Æ': "AE", 'œ': "oe", 'Œ': "OE", 'þ': "th", 'Þ': "TH", 'ð': "d", 'Ð': "D", 'ſ': "s"} {
		m[r] = s
	}
	return m
}

// confusable maps Cyrillic and Greek letters to the Latin letters they
// look like.
var confusable = sync.OnceValue(func() map[rune]rune {
	return map[rune]rune{
		'а': 'a', 'в': 'b', 'е': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't', 'у': 'y', 'х': 'x',
		'і': 'i', 'ј': 'j', 'ѕ': 's', 'ԁ': 'd', 'һ': 'h', 'ԛ': 'q', 'ԝ': 'w', 'ӏ': 'l', 'ё': 'e', 'ї': 'i',
		'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T', 'У': 'Y', 'Х': 'X',
		'І': 'I', 'Ј': 'J', 'Ѕ': 'S', 'Ԁ': 'D',
		'α': 'a', 'ο': 'o', 'ν': 'v', 'ρ': 'p', 'ι': 'i', 'κ': 'k', 'υ': 'u', 'ϲ': 'c', 'ε': 'e',
		'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O', 'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
	}
})

// foldRune maps one rune to what it reads as; "" drops it.
func foldRune(r rune) (string, bool) {
	switch {
	case r < utf8.RuneSelf:
		return "", false
	case r >= 0xFF01 && r <= 0xFF5E: // full-width ASCII
		return string(r - 0xFEE0), true
	case r == 0x3000: // ideographic space
		return " ", true
	case r >= 0x1D400 && r <= 0x1D6A3: // mathematical letters: 𝐟𝐚𝐤𝐞
		k := (r - 0x1D400) % 52
		if k < 26 {
			return string('A' + k), true
		}
		return string('a' + k - 26), true
	case r >= 0x1D7CE && r <= 0x1D7FF: // mathematical digits
		return string('0' + (r-0x1D7CE)%10), true
	case r >= 0x24B6 && r <= 0x24CF: // Ⓐ
		return string('A' + r - 0x24B6), true
	case r >= 0x24D0 && r <= 0x24E9: // ⓐ
		return string('a' + r - 0x24D0), true
	case r == 0x00A0 || r == 0x2007 || r == 0x202F || r >= 0x2000 && r <= 0x200A:
		return " ", true
	case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Cf, r) || r == 0x034F:
		return "", true // combining marks, zero-width and bidi characters, soft hyphens
	case r == 'ё':
		return "е", true
	case r == 'Ё':
		return "Е", true
	}
	if s, ok := latinFoldTable()[r]; ok {
		return s, true
	}
	return "", false
}

var latinFoldOnce = sync.OnceValue(latinFold)

func latinFoldTable() map[rune]string { return latinFoldOnce() }

// foldText returns s folded (see above).
func foldText(s string) string {
	if !needsFold(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if f, ok := foldRune(r); ok {
			b.WriteString(f)
			continue
		}
		b.WriteRune(r)
	}
	return unconfuse(b.String())
}

// unconfuse turns the Cyrillic and Greek look-alikes of a word into Latin
// letters when the word has a Latin letter, or when every letter of the
// word is a look-alike and the text has more Latin words than others.
func unconfuse(s string) string {
	hasConf := false
	for _, r := range s {
		if _, ok := confusable()[r]; ok {
			hasConf = true
			break
		}
	}
	if !hasConf {
		return s
	}
	latinWords, otherWords := 0, 0
	forWords(s, func(w string) {
		if latinOrLookAlike(w) {
			latinWords++
		} else {
			otherWords++
		}
	})
	var b strings.Builder
	b.Grow(len(s))
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsLetter(r) {
			b.WriteRune(r)
			i += n
			continue
		}
		j := i
		for j < len(s) {
			r2, n2 := utf8.DecodeRuneInString(s[j:])
			if !unicode.IsLetter(r2) {
				break
			}
			j += n2
		}
		w := s[i:j]
		latin, conf, other := 0, 0, 0
		for _, r := range w {
			switch _, ok := confusable()[r]; {
			case r < 0x250 && unicode.Is(unicode.Latin, r):
				latin++
			case ok:
				conf++
			default:
				other++
			}
		}
		if conf > 0 && other == 0 && (latin > 0 || latinWords > otherWords) {
			for _, r := range w {
				if c, ok := confusable()[r]; ok {
					r = c
				}
				b.WriteRune(r)
			}
		} else {
			b.WriteString(w)
		}
		i = j
	}
	return b.String()
}

// forWords calls f with every run of letters of s.
func forWords(s string, f func(string)) {
	start := -1
	for i, r := range s {
		if unicode.IsLetter(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			f(s[start:i])
			start = -1
		}
	}
	if start >= 0 {
		f(s[start:])
	}
}

// isLatinWord: every letter is Latin.
func isLatinWord(w string) bool {
	for _, r := range w {
		if !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return true
}

// latinOrLookAlike: a word of Latin letters, with a Latin letter, and
// perhaps look-alikes among them.
func latinOrLookAlike(w string) bool {
	latin := false
	for _, r := range w {
		if _, ok := confusable()[r]; ok {
			continue
		}
		if !unicode.Is(unicode.Latin, r) {
			return false
		}
		latin = true
	}
	return latin
}
