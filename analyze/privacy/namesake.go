package privacy

import (
	"slices"
	"strings"

	"github.com/actionguard/actionguard/internal/lazy"
)

// Names is what a contact book knows of its contacts' names: with it, a
// first name the user writes ("send it to Alex") names the one contact
// who bears it, and names none of them when several contacts share it
// (Alex Kim and Alex Rivera): the user did not say which.
type Names interface {
	// NameOf is the name of the contact at an e-mail address ("Alex
	// Kim"), "" when the book has none.
	NameOf(addr string) string
	// Bearers are the distinct names of the book's contacts whose first
	// name is first, compared by FoldName.
	Bearers(first string) []string
}

// SharedName is a first name the user wrote that several contacts bear.
type SharedName struct {
	Name     string   `json:"name"`     // as compared: "alex"
	Contacts []string `json:"contacts"` // the contacts' names: "Alex Kim", "Alex Rivera"
}

// FoldName is a name as names are compared: lower case, the Latin letters
// written without their accents ("José" → "jose", "Zoë" → "zoe"), spaces
// collapsed. A nickname stays itself: "alex" is not "alexander".
func FoldName(s string) string { return strings.Join(strings.Fields(foldLetters(s)), " ") }

// foldLetters is s in lower case without the accents of its Latin letters.
func foldLetters(s string) string {
	var b strings.Builder
	folds := unaccented.Get()
	for _, r := range strings.ToLower(s) {
		if f, ok := folds[r]; ok {
			b.WriteString(f)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// FirstName is the first word of a folded name ("alex kim" → "alex").
func FirstName(folded string) string {
	first, _, _ := strings.Cut(folded, " ")
	return first
}

// unaccented maps an accented Latin letter to its letters without the
// accent; built on first use, since most hook calls compare no names.
var unaccented = &lazy.Value[map[rune]string]{New: func() map[rune]string {
	m := map[rune]string{'ß': "ss", 'æ': "ae", 'œ': "oe", 'ø': "o", 'ł': "l", 'đ': "d", 'ð': "d", 'þ': "th", 'ı': "i"}
	for base, accented := range map[string]string{
		"a": "àáâãäåāăą", "c": "çćĉċč", "d": "ď", "e": "èéêëēĕėęě", "g": "ĝğġģ", "h": "ĥħ", "i": "ìíîïĩīĭįİ",
		"j": "ĵ", "k": "ķ", "l": "ĺļľŀ", "n": "ñńņňŉ", "o": "òóôõöōŏő", "r": "ŕŗř", "s": "śŝşšș", "t": "ţťŧț",
		"u": "ùúûüũūŭůűų", "w": "ŵ", "y": "ýÿŷ", "z": "źżž",
	} {
		for _, r := range accented {
			m[r] = base
		}
	}
	return m
}}

// sharedFirstName reports whether a name the user wrote, which resolves
// to the contact at addr, is a first name other contacts bear too, with
// the user naming none of them in full; it records the name in r.shared.
func (r resolver) sharedFirstName(said, name, addr string) bool {
	if r.names == nil {
		return false
	}
	bearers := r.names.Bearers(FoldName(name))
	if len(bearers) < 2 {
		return false
	}
	if self := FoldName(r.names.NameOf(addr)); strings.Contains(self, " ") && containsWord(foldLetters(said), self) {
		return false // "send it to Alex Kim": the user said which Alex
	}
	if r.shared != nil && !slices.ContainsFunc(*r.shared, func(s SharedName) bool { return s.Name == FoldName(name) }) {
		*r.shared = append(*r.shared, SharedName{Name: FoldName(name), Contacts: bearers})
	}
	return true
}
