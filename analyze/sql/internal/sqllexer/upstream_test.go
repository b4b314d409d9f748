package sqllexer

import (
	"math/rand/v2"
	"strings"
	"testing"

	upstream "github.com/DataDog/go-sqllexer"
)

// tokens lexes s with this package and with upstream, in the same
// dialect, and reports the first token where they differ.
func sameTokens(t testing.TB, s string, postgres bool) {
	t.Helper()
	var ours *Lexer
	var theirs *upstream.Lexer
	if postgres {
		ours, theirs = New(s, WithDBMS(DBMSPostgres)), upstream.New(s, upstream.WithDBMS(upstream.DBMSPostgres))
	} else {
		ours, theirs = New(s), upstream.New(s)
	}
	for i := 0; ; i++ {
		a, b := ours.Scan(), theirs.Scan()
		if int(a.Type) != int(b.Type) || a.Value != b.Value {
			t.Fatalf("%q (postgres %v), token %d: ours %d %q, upstream's %d %q", s, postgres, i, a.Type, a.Value, b.Type, b.Value)
		}
		if a.Type == EOF {
			return
		}
		if i > 4*len(s)+8 {
			t.Fatalf("%q: no end after %d tokens", s, i)
		}
	}
}

// pieces are what generated statements are made of: every keyword kind
// the trie holds, words that share a keyword's prefix, every quoting and
// comment form the lexer knows, and bytes that are none of these.
var pieces = []string{
	"SELECT", "select", "insert", "INTO", "update", "DELETE", "from", "FROM", "where", "JOIN", "drop", "TABLE",
	"truncate", "alter", "with", "AS", "as", "null", "TRUE", "false", "procedure", "PROC", "begin", "commit",
	"selector", "dropped", "tables", "nullable", "_x", "a_b", "t1", "schema.table", "ÄÖ", "名前",
	" ", "\t", "\n", ",", ";", "(", ")", ".", "*", "=", "<>", "!=", "->>", "::", "@@version", "@v", ":name", "$1", "?",
	"'it''s'", `'a\'b'`, `"quoted ident"`, "`back`", "[bracket]", "$$ body $$", "$tag$ x $tag$", "E'x\\n'",
	"-- comment\n", "/* multi */", "/* open", "# hash\n", "0x1F", "1.5e10", "-3", "+2", "0755", "'unterminated",
	"\"open", "\\", "\x00", "\xff", "{", "}", "%", "~", "^", "|", "&", "#",
}

func generated(r *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(pieces[r.IntN(len(pieces))])
		if r.IntN(3) == 0 {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// TestSameTokensAsUpstream lexes thousands of generated statements in both
// dialects and every byte string up to two bytes over an alphabet of the
// lexer's special characters: the tokens are upstream's, one for one.
func TestSameTokensAsUpstream(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		s := generated(r, 1+r.IntN(12))
		sameTokens(t, s, false)
		sameTokens(t, s, true)
	}
	alphabet := []string{"", "a", "S", "_", "1", "'", "\"", "`", "[", "]", "$", "-", "/", "*", "#", "@", ":", "?", "\\", "\n", " ", "é", "\xff"}
	for _, x := range alphabet {
		for _, y := range alphabet {
			for _, z := range alphabet {
				sameTokens(t, x+y+z, false)
				sameTokens(t, x+y+z, true)
			}
		}
	}
}

// The trie, built on first use, holds every kind of keyword.
func TestTrieHoldsKeywords(t *testing.T) {
	// Other tests in this process may have built it already: look at a
	// fresh value built the same way.
	root := buildCombinedTrie()
	for _, w := range []string{"SELECT", "DROP", "TABLE", "WITH", "AS", "NULL", "TRUE", "PROC"} {
		n := root
		for _, ch := range w {
			n = n.children[trieIndex(ch)]
			if n == nil {
				t.Fatalf("%s is not in the trie", w)
			}
		}
		if !n.isEnd {
			t.Errorf("%s does not end a keyword in the trie", w)
		}
	}
	if New("' x '").Scan().Type != STRING {
		t.Fatal("a string did not lex as one")
	}
}

func FuzzSameTokensAsUpstream(f *testing.F) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		f.Add(generated(r, 8))
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			return
		}
		sameTokens(t, s, false)
		sameTokens(t, s, true)
	})
}
