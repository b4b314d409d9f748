package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxBraceWords bounds the words one brace expansion yields.
const maxBraceWords = 64

// wordFields resolves one word into the fields the shell passes. Brace
// expansion comes first, as in bash: it reads the unquoted braces of the
// word as written, before any parameter, tilde or command expansion, so
// "$HOME"/{*,.*}, ${HOME}/{.,}* and {~,/tmp}/* become a word for each
// element, each then expanded on its own.
func (w *walker) wordFields(word *syntax.Word) (fields []string, dyn bool, st stream) {
	return w.appendWordFields(nil, word)
}

// appendWordFields is wordFields appending the fields to dst: a command's
// words go straight into its argv, not through a slice each.
func (w *walker) appendWordFields(dst []string, word *syntax.Word) (fields []string, dyn bool, st stream) {
	words := braceWords(word)
	if words == nil {
		return w.appendWordFieldsOne(dst, word)
	}
	fields = dst
	for _, e := range words {
		var d bool
		var s stream
		fields, d, s = w.appendWordFieldsOne(fields, e)
		dyn = dyn || d
		if s.kind != streamNone && (st.kind == streamNone || s.kind == streamSecret || s.kind == streamNetwork) {
			st = s
		}
	}
	return fields, dyn, st
}

// braceWords returns the words a brace expansion of word yields, or nil
// when it has none. Only a word with a brace in an unquoted literal and
// another part (a quoted string, an expansion) is expanded here: a word of
// literals alone is expanded by appendWordFieldsOne on its text. The shared AST
// is not changed.
func braceWords(word *syntax.Word) []*syntax.Word {
	if len(word.Parts) < 2 {
		return nil
	}
	brace := false
	for _, p := range word.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.IndexByte(l.Value, '{') >= 0 {
			brace = true
			break
		}
	}
	if !brace {
		return nil
	}
	cp := &syntax.Word{Parts: append([]syntax.WordPart(nil), word.Parts...)}
	if !syntax.SplitBraces(cp) {
		return nil
	}
	alts, ok := braceAlternatives(cp.Parts, 0)
	if !ok || len(alts) < 2 {
		return nil
	}
	out := make([]*syntax.Word, len(alts))
	for i, parts := range alts {
		out[i] = &syntax.Word{Parts: parts}
	}
	return out
}

// braceAlternatives returns the part lists that parts expands to: each
// list brace expansion ({a,b}) is replaced by each of its elements, in
// order, nested ones included. Past maxBraceWords results every element
// still appears in one of them (the others at their first element), so
// that no element is left unread. A sequence ({1..5}) gives false: the
// word is then read as before.
func braceAlternatives(parts []syntax.WordPart, depth int) ([][]syntax.WordPart, bool) {
	if depth > 8 {
		return nil, false
	}
	out := [][]syntax.WordPart{nil}
	for _, p := range parts {
		br, ok := p.(*syntax.BraceExp)
		if !ok {
			for i := range out {
				out[i] = append(out[i], p)
			}
			continue
		}
		if br.Sequence {
			return nil, false
		}
		var elems [][]syntax.WordPart
		for _, e := range br.Elems {
			alts, ok := braceAlternatives(e.Parts, depth+1)
			if !ok {
				return nil, false
			}
			elems = append(elems, alts...)
		}
		if len(elems) == 0 {
			continue
		}
		var next [][]syntax.WordPart
		join := func(pre, e []syntax.WordPart) []syntax.WordPart {
			return append(append(make([]syntax.WordPart, 0, len(pre)+len(e)), pre...), e...)
		}
		if len(out)*len(elems) <= maxBraceWords {
			for _, pre := range out {
				for _, e := range elems {
					next = append(next, join(pre, e))
				}
			}
		} else {
			for _, e := range elems {
				next = append(next, join(out[0], e))
			}
			for _, pre := range out[1:] {
				next = append(next, join(pre, elems[0]))
			}
		}
		out = next
	}
	return out, true
}
