package destination

import (
	"unicode"
	"unicode/utf8"
)

// keyBuf bounds a skeleton: a label has at most 63 characters and each
// folds to at most three bytes.
const keyBuf = 3*maxLabel + 1

// otherRune stands in a skeleton for a character that looks like no ASCII
// one. It is not valid UTF-8, so it equals no byte of a brand's skeleton.
const otherRune = 0xff

// asciiFold maps an ASCII character (by index) to the letter it passes for in a host
// name: digits and symbols that imitate letters, and i, l, 1 and | that
// imitate each other. Letters map to themselves otherwise.
const asciiFold = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f" +
	" l\"#s%&'()*+,-./olzeasbtbg:;<=>?aabcdefghijklmno" +
	"pqrstuvwxyz[\\]^_`abcdefghljklmnopqrstuvwxyz{l}~\x7f"

// skeleton1 appends to dst the per-character skeleton of a label: ASCII
// folded by asciiFold, other characters by their UTS #39 prototype (with
// diacritics dropped), and characters that look like no ASCII one as
// otherRune. It is what look-alike labels are compared by.
func skeleton1(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			dst = append(dst, asciiFold[c])
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) {
			continue
		}
		if proto, ok := confusable(r); ok {
			for j := 0; j < len(proto); j++ {
				dst = append(dst, asciiFold[proto[j]])
			}
			continue
		}
		dst = append(dst, otherRune)
	}
	return dst
}

// skeleton2 appends to dst the skeleton of a label with the letter pairs
// that imitate one letter folded: rn → m, vv → w and cl → d as written, and
// rn and vv produced by look-alike characters (ｍ's prototype is rn). It
// differs from skeleton1 only when one of those pairs occurs.
func skeleton2(dst []byte, s string) []byte {
	start := len(dst)
	for i := 0; i < len(s); {
		if i+1 < len(s) {
			var c byte
			switch s[i : i+2] {
			case "rn":
				c = 'm'
			case "vv":
				c = 'w'
			case "cl":
				c = 'd'
			}
			if c != 0 {
				dst = append(dst, c)
				i += 2
				continue
			}
		}
		n := 1
		if s[i] >= utf8.RuneSelf {
			_, n = utf8.DecodeRuneInString(s[i:])
		}
		dst = skeleton1(dst, s[i:i+n])
		i += n
	}
	// Pairs that came from look-alike characters.
	out := dst[:start]
	k := dst[start:]
	for i := 0; i < len(k); i++ {
		if i+1 < len(k) && (k[i] == 'r' && k[i+1] == 'n' || k[i] == 'v' && k[i+1] == 'v') {
			if k[i] == 'r' {
				out = append(out, 'm')
			} else {
				out = append(out, 'w')
			}
			i++
			continue
		}
		out = append(out, k[i])
	}
	return out
}

// confusable returns the ASCII prototype of a non-ASCII character, from
// the generated tables.
func confusable(r rune) (string, bool) {
	lo, hi := 0, len(confusableFrom)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch {
		case confusableFrom[m] < r:
			lo = m + 1
		case confusableFrom[m] > r:
			hi = m
		default:
			return confusableTo[m], true
		}
	}
	return "", false
}

// script is a bit per writing system a label may use.
type script uint16

const (
	scLatin script = 1 << iota
	scGreek
	scCyrillic
	scArmenian
	scHebrew
	scArabic
	scHan
	scHiragana
	scKatakana
	scHangul
	scBopomofo
	scThai
	scDevanagari
	scGeorgian
	scCherokee
	scOther
)

var scriptTables = [...]struct {
	s     script
	name  string
	table *unicode.RangeTable
}{
	{scLatin, "Latin", unicode.Latin}, {scGreek, "Greek", unicode.Greek}, {scCyrillic, "Cyrillic", unicode.Cyrillic},
	{scArmenian, "Armenian", unicode.Armenian}, {scHebrew, "Hebrew", unicode.Hebrew}, {scArabic, "Arabic", unicode.Arabic},
	{scHan, "Han", unicode.Han}, {scHiragana, "Hiragana", unicode.Hiragana}, {scKatakana, "Katakana", unicode.Katakana},
	{scHangul, "Hangul", unicode.Hangul}, {scBopomofo, "Bopomofo", unicode.Bopomofo}, {scThai, "Thai", unicode.Thai},
	{scDevanagari, "Devanagari", unicode.Devanagari}, {scGeorgian, "Georgian", unicode.Georgian},
	{scCherokee, "Cherokee", unicode.Cherokee},
}

// scriptsOf returns the scripts of a label's letters; digits, hyphens,
// marks and other characters common to all scripts count for none.
func scriptsOf(s string) script {
	var m script
	for _, r := range s {
		if r < utf8.RuneSelf {
			if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
				m |= scLatin
			}
			continue
		}
		if unicode.Is(unicode.Common, r) || unicode.Is(unicode.Inherited, r) {
			continue
		}
		found := false
		for _, st := range scriptTables {
			if unicode.Is(st.table, r) {
				m |= st.s
				found = true
				break
			}
		}
		if !found {
			m |= scOther
		}
	}
	return m
}

// mixedScripts reports whether a label's scripts are a combination UTS #39's
// "highly restrictive" level does not allow: one script, or Latin with the
// scripts Japanese, Chinese or Korean are written in, is fine.
func mixedScripts(m script) bool {
	if m&(m-1) == 0 {
		return false
	}
	for _, ok := range [...]script{
		scLatin | scHan | scHiragana | scKatakana,
		scLatin | scHan | scBopomofo,
		scLatin | scHan | scHangul,
	} {
		if m&^ok == 0 {
			return false
		}
	}
	return true
}

// scriptNames names the first two scripts of m, for messages: "Latin and Cyrillic".
func scriptNames(m script) string {
	var names []string
	for _, st := range scriptTables {
		if m&st.s != 0 {
			names = append(names, st.name)
		}
	}
	if m&scOther != 0 {
		names = append(names, "other")
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return names[0] + " and " + names[1]
}
