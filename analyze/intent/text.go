package intent

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// token is one word of a request, normalised: lower case, contractions
// expanded ("don't" gives "do" and "not"), inflections reduced to the base
// form the keyword tables use ("deleted" → "delete").
type token struct {
	word  string // normalised
	start int    // byte offsets into the request
	end   int
	kind  tokenKind
	brk   bool // a sentence ends after this token
	comma bool // a comma, colon or dash follows this token
	poss  bool // a possessive: "sarah's"
}

type tokenKind uint8

const (
	kindWord    tokenKind = iota
	kindEmail             // john@example.com
	kindURL               // https://…, www.…
	kindHandle            // @someone, #channel
	kindMoney             // $100, 100€
	kindNumber            // 15%, 42
	kindLiteral           // quoted or code-like text: ' or 1=1, rm -rf, <script>
)

// contractions maps a contracted word to its expansion.
var contractions = map[string][]string{
	"don't": {"do", "not"}, "dont": {"do", "not"}, "doesn't": {"does", "not"}, "didn't": {"did", "not"},
	"can't": {"can", "not"}, "cannot": {"can", "not"}, "won't": {"will", "not"}, "wouldn't": {"would", "not"},
	"shouldn't": {"should", "not"}, "couldn't": {"could", "not"}, "isn't": {"is", "not"}, "aren't": {"are", "not"},
	"wasn't": {"was", "not"}, "haven't": {"have", "not"}, "hasn't": {"has", "not"}, "mustn't": {"must", "not"},
	"i'm": {"i", "am"}, "let's": {"let", "us"}, "what's": {"what", "is"}, "it's": {"it", "is"},
	"that's": {"that", "is"}, "i'd": {"i", "would"}, "i'll": {"i", "will"}, "i've": {"i", "have"},
	"you're": {"you", "are"}, "we're": {"we", "are"}, "there's": {"there", "is"}, "how's": {"how", "is"},
}

// maxTokens bounds the words read from one request: beyond it the rest is
// judged only by the dangerous-phrase scan of what was read, and the result
// is flagged.
const maxTokens = 4096

// tokenize splits text into tokens. It runs in one pass over the text.
func tokenize(text string) []token {
	toks := make([]token, 0, 16)
	i := 0
	for i < len(text) && len(toks) < maxTokens {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '.' || r == '!' || r == '?' || r == ';' || r == '\n':
			if n := len(toks); n > 0 {
				toks[n-1].brk = true
			}
			i += size
			continue
		case r == ',' || r == ':' || r == '—' || r == '–':
			if n := len(toks); n > 0 {
				toks[n-1].comma = true
			}
			i += size
			continue
		case unicode.IsSpace(r):
			i += size
			continue
		}
		// A field runs to the next blank; look at it whole for addresses,
		// URLs, money and code before reading words out of it.
		j := i
		for j < len(text) {
			r2, s2 := utf8.DecodeRuneInString(text[j:])
			if unicode.IsSpace(r2) {
				break
			}
			j += s2
		}
		field := strings.TrimRight(text[i:j], ".,;:!?)\"'”’")
		if field == "" {
			field = text[i:j]
		}
		fend := i + len(field)
		if k, ok := fieldKind(field); ok {
			toks = append(toks, token{word: strings.ToLower(field), start: i, end: fend, kind: k})
			if fend < j {
				markPunct(&toks[len(toks)-1], text[fend:j])
			}
			i = j
			continue
		}
		// Words: letters, digits and apostrophes inside a word.
		w := i
		for w < j {
			r2, s2 := utf8.DecodeRuneInString(text[w:])
			if unicode.IsLetter(r2) || unicode.IsDigit(r2) {
				st := w
				for w < j {
					r3, s3 := utf8.DecodeRuneInString(text[w:])
					if unicode.IsLetter(r3) || unicode.IsDigit(r3) {
						w += s3
						continue
					}
					if (r3 == '\'' || r3 == '’') && w+s3 < j {
						if r4, _ := utf8.DecodeRuneInString(text[w+s3:]); unicode.IsLetter(r4) {
							w += s3
							continue
						}
					}
					break
				}
				toks = appendWord(toks, text[st:w], st, w)
				continue
			}
			switch r2 {
			case '.', '!', '?', ';':
				if n := len(toks); n > 0 && w+s2 >= j {
					toks[n-1].brk = true
				}
			case ',', ':':
				if n := len(toks); n > 0 {
					toks[n-1].comma = true
				}
			}
			w += s2
		}
		i = j
	}
	return toks
}

func markPunct(t *token, rest string) {
	if strings.ContainsAny(rest, ".!?;") {
		t.brk = true
	} else if strings.ContainsAny(rest, ",:") {
		t.comma = true
	}
}

// fieldKind tells a field that is not plain words.
func fieldKind(f string) (tokenKind, bool) {
	lf := strings.ToLower(f)
	switch {
	case strings.HasPrefix(lf, "http://") || strings.HasPrefix(lf, "https://") || strings.HasPrefix(lf, "www."):
		return kindURL, true
	case len(f) > 1 && (f[0] == '@' || f[0] == '#') && isWordByte(f[1]):
		return kindHandle, true
	case strings.Contains(f, "@") && strings.Contains(f[strings.Index(f, "@"):], "."):
		return kindEmail, true
	case len(f) > 1 && (f[0] == '$' || strings.HasPrefix(f, "€") || strings.HasPrefix(f, "£")) && strings.ContainsAny(f, "0123456789"):
		return kindMoney, true
	case strings.ContainsAny(f, "=<>|`") || strings.Contains(f, "$("):
		return kindLiteral, true
	}
	return 0, false
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

func appendWord(toks []token, raw string, st, end int) []token {
	w := strings.ToLower(strings.ReplaceAll(raw, "’", "'"))
	if exp, ok := contractions[w]; ok {
		for _, e := range exp {
			toks = append(toks, token{word: e, start: st, end: end})
		}
		return toks
	}
	if base, ok := strings.CutSuffix(w, "n't"); ok && base != "" {
		return append(toks, token{word: base, start: st, end: end}, token{word: "not", start: st, end: end})
	}
	poss := false
	if base, ok := strings.CutSuffix(w, "'s"); ok && base != "" {
		w, poss = base, true // possessive: "john's" is about john
	}
	kind := kindWord
	if w[0] >= '0' && w[0] <= '9' {
		kind = kindNumber
	}
	if poss {
		return append(toks, token{word: w, start: st, end: end, kind: kind, poss: true})
	}
	return append(toks, token{word: lemma(w), start: st, end: end, kind: kind})
}

// stopWords carry no meaning of their own for matching. Negations,
// pronouns naming a recipient and scope words (all, every) are not stop
// words: they change what a request asks.
var stopWords = map[string]bool{
	"a": true, "an": true, "the": true, "to": true, "of": true, "for": true, "in": true, "on": true,
	"at": true, "by": true, "with": true, "from": true, "and": true, "or": true, "is": true, "are": true,
	"be": true, "it": true, "this": true, "that": true, "these": true, "those": true, "my": true,
	"your": true, "our": true, "i": true, "you": true, "we": true, "am": true, "some": true, "up": true,
	"please": true, "kindly": true, "can": true, "could": true, "would": true, "will": true, "just": true,
}

// determiners and possessives: a keyword right after one is a noun ("my
// order", "the post"), not the verb of the request.
var determiners = map[string]bool{
	"a": true, "an": true, "the": true, "my": true, "your": true, "our": true, "his": true, "her": true,
	"their": true, "this": true, "that": true, "these": true, "those": true, "last": true, "recent": true,
	"new": true, "latest": true, "its": true, "every": true, "each": true, "any": true, "same": true,
	"first": true, "next": true, "previous": true, "old": true,
}
