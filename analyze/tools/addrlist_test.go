package tools

import (
	"slices"
	"strings"
	"testing"
)

// A display name, a group, a comment or an encoded word never adds a
// recipient of its own, and every real address is kept.
func TestSplitRecipients(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"a@x.example, b@y.example; c@z.example", []string{"a@x.example", "b@y.example", "c@z.example"}},
		{`"Doe, John" <john@evil.example>, alice@good.example`, []string{`"Doe, John" <john@evil.example>`, "alice@good.example"}},
		{`Team: a@x.example, b@y.example;, c@z.example (comment, here)`, []string{"a@x.example", "b@y.example", `"comment, here" <c@z.example>`}},
		{`=?utf-8?b?RG9lLCBKb2hu?= <john@evil.example>`, []string{`"Doe, John" <john@evil.example>`}},
		{`"alice@good.example" <evil@bad.example>`, []string{`"alice@good.example" <evil@bad.example>`}},
		{`"Doe, John" <john@evil.example>; +1 415 555 0134`, []string{`"Doe, John" <john@evil.example>`, "+1 415 555 0134"}},
		{`"Doe, John" <john@evil.example>, bob`, []string{`"Doe, John" <john@evil.example>`, "bob"}},
		{`Team: a@x.example, bob`, []string{"a@x.example", "bob"}},
		{`undisclosed-recipients:;`, nil},
		{`"unclosed, quote <a@x.example>`, []string{`"unclosed, quote <a@x.example>`}},
		{`mailto:a@x.example`, []string{"a@x.example"}},
		{`"Q \"x\", y" <q@x.example>`, []string{`"Q \"x\", y" <q@x.example>`}},
	}
	for _, c := range cases {
		if got := splitRecipients(c.in); !slices.Equal(got, c.want) {
			t.Errorf("splitRecipients(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A send whose "to" is a header-style list is judged on its real
// addresses: the one the user named is named, the other is not.
func TestHeaderListJudgedOnAddresses(t *testing.T) {
	in := map[string]any{"to": `"Smith, Alice" <alice@acme-ltd.example>, "Doe, John" <john@evil.example>`, "body": "the notes"}
	res := Analyze("send_email", in, Options{UserMessages: []string{"email the notes to alice@acme-ltd.example"}})
	if len(res.Recipients) != 2 {
		t.Fatalf("recipients %q, want two", res.Recipients)
	}
	if res.Grade == GradeLow {
		t.Errorf("a send beside the named recipient to john@evil.example graded low: %s", res.Why)
	}
	ok := Analyze("send_email", map[string]any{"to": `"Smith, Alice" <alice@acme-ltd.example>`, "body": "the notes"},
		Options{UserMessages: []string{"email the notes to alice@acme-ltd.example"}})
	if len(ok.Recipients) != 1 || !strings.Contains(ok.Recipients[0], "alice@acme-ltd.example") {
		t.Errorf("recipients %q, want alice alone", ok.Recipients)
	}
}

// FuzzSplitRecipients feeds address lists: splitting never panics, never
// returns an empty recipient, and never makes more recipients than the
// list has entries at its top level (a comma inside a name, a comment or
// brackets splits nothing).
func FuzzSplitRecipients(f *testing.F) {
	for _, s := range []string{`"Doe, John" <john@evil.example>, a@b.example`, `Team: a@x, b@y;, c@z (c, d)`,
		`=?utf-8?b?RG9lLCBKb2hu?= <j@e.example>`, `a@x; b@y`, `"a\"b" <c@d>`, `((nested) x) a@b`, `<a@b`, `"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := splitRecipients(s)
		for _, r := range got {
			if strings.TrimSpace(r) == "" {
				t.Fatalf("%q: an empty recipient in %q", s, got)
			}
		}
		if n := len(splitTopLevel(s)); len(got) > n {
			t.Fatalf("%q: %d recipients from %d entries: %q", s, len(got), n, got)
		}
	})
}
