package main

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// TestCorpusUpToDate: the committed corpus is what the generator writes.
func TestCorpusUpToDate(t *testing.T) {
	rows, err := all()
	if err != nil {
		t.Fatal(err)
	}
	if err := validate(rows); err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	for _, r := range rows {
		if err := enc.Encode(r); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(filepath.Join("..", "..", "..", "guard", "testdata", "adversarial", "commands.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Error("guard/testdata/adversarial/commands.jsonl is out of date: run go run ./internal/gen/adversarial")
	}
}

// TestRowsParse: every row is a command bash accepts; a row that does not
// parse would not run, and its label would be a lie.
func TestRowsParse(t *testing.T) {
	rows, err := all()
	if err != nil {
		t.Fatal(err)
	}
	p := syntax.NewParser(syntax.Variant(syntax.LangBash))
	for _, r := range rows {
		if _, err := p.Parse(strings.NewReader(r.Command), ""); err != nil {
			t.Errorf("%q does not parse: %v", r.Command, err)
		}
	}
}

// literal is what the shell makes of one quoted word.
func literal(t *testing.T, word string) string {
	t.Helper()
	f, err := syntax.NewParser().Parse(strings.NewReader("x "+word), "")
	if err != nil {
		t.Fatalf("%s: %v", word, err)
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 2 {
		t.Fatalf("%s is not one word", word)
	}
	fields, err := expand.Fields(&expand.Config{Env: expand.ListEnviron()}, call.Args[1])
	if err != nil {
		t.Fatalf("%s: %v", word, err)
	}
	if len(fields) != 1 {
		t.Fatalf("%s expands to %d words: %q", word, len(fields), fields)
	}
	return fields[0]
}

// TestQuoting: sq and dq quote any text, quotes, dollars and backslashes
// included, so that the shell reads back exactly that text.
func TestQuoting(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	alphabet := []rune("ab ~/$`'\"\\\n\t*?[]{}();&|<>!#%-=,.:@^é")
	cases := []string{"", "'", `"`, `\`, "$HOME", "`id`", "it's", `a\'b`, "rm -rf ~"}
	for i := 0; i < 500; i++ {
		n := rng.Intn(20)
		var b strings.Builder
		for j := 0; j < n; j++ {
			b.WriteRune(alphabet[rng.Intn(len(alphabet))])
		}
		cases = append(cases, b.String())
	}
	for _, s := range cases {
		if got := literal(t, sq(s)); got != s {
			t.Errorf("sq(%q) = %s reads back as %q", s, sq(s), got)
		}
		if got := literal(t, dq(s)); got != s {
			t.Errorf("dq(%q) = %s reads back as %q", s, dq(s), got)
		}
	}
}

// TestEncodings: the encodings the rows hide commands in decode back to
// the command.
func TestEncodings(t *testing.T) {
	for _, s := range []string{"rm -rf ~", "git push --force origin main", "chmod -R 777 /etc"} {
		if got := reverse(reverse(s)); got != s {
			t.Errorf("reverse twice of %q = %q", s, got)
		}
		if got := rot13(rot13(s)); got != s {
			t.Errorf("rot13 twice of %q = %q", s, got)
		}
		// $'…' and printf read \xHH and \NNN escapes as bytes.
		if got := literal(t, "$'"+hexEsc(s)+"'"); got != s {
			t.Errorf("$'%s' reads back as %q, want %q", hexEsc(s), got, s)
		}
		if got := literal(t, "$'"+octEsc(s)+"'"); got != s {
			t.Errorf("$'%s' reads back as %q, want %q", octEsc(s), got, s)
		}
	}
}
