package fields

import (
	"encoding/base64"
	"strings"
	"testing"
)

// TestGraphQLBindings: each variable is named by the argument it is
// bound to, whatever the spacing; declarations ($v: Type) bind nothing.
func TestGraphQLBindings(t *testing.T) {
	for _, sp := range []struct{ before, after string }{{"", ""}, {" ", ""}, {"", " "}, {"\n  ", "\t"}, {" ", " "}} {
		q := "mutation Login($p: String!, $u: String) { login(user" + sp.before + ":" + sp.after + "$u, password" + sp.before + ":" + sp.after + "$p) { token } }"
		b := graphqlBindings(q)
		if b["p"] != "password" || b["u"] != "user" || len(b) != 2 {
			t.Errorf("%q: %v", q, b)
		}
	}
	for _, q := range []string{"query { viewer { login } }", "query($x: Int) { a }", "", "$", ":$", "a:$", "$$$:::"} {
		if b := graphqlBindings(q); q != "a:$" && len(b) != 0 {
			t.Errorf("%q: %v, want no binding", q, b)
		}
	}
}

// TestGraphQLVariablesKeyed: a variable's value is walked under its
// argument's name, and writing it keeps the variables object.
func TestGraphQLVariablesKeyed(t *testing.T) {
	in := map[string]any{"query": "mutation($a: String!) { save(apiKey: $a) { id } }", "variables": map[string]any{"a": "s3cr3t-value", "note": "hi"}}
	res := Walk(in, DefaultLimits)
	var got *Field
	for i, f := range res.Fields {
		if f.Value == "s3cr3t-value" {
			got = &res.Fields[i]
		}
	}
	if got == nil || got.Key != "apiKey" || Classify(got.Key) == None {
		t.Fatalf("variable not named by its argument: %+v", res.Fields)
	}
	if !got.Set("***") || in["variables"].(map[string]any)["a"] != "***" {
		t.Errorf("masking did not reach the variable: %v", in)
	}
}

// TestBase64Bodies: base64 of a JSON body, a form or text is read; base64
// of binary data and short or non-base64 words are not.
func TestBase64Bodies(t *testing.T) {
	for _, body := range []string{`{"password": "hunter2hunter2"}`, "password=hunter2hunter2&user=me", "password: hunter2hunter2"} {
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
			res := Walk(map[string]any{"body": enc.EncodeToString([]byte(body))}, DefaultLimits)
			found := false
			for _, f := range res.Fields {
				found = found || strings.Contains(f.Value, "hunter2hunter2")
			}
			if !found {
				t.Errorf("%q: not read: %+v", body, res.Fields)
			}
		}
	}
	for _, v := range []string{base64.StdEncoding.EncodeToString([]byte{0, 1, 2, 0xff, 0xfe, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}), "aGVsbG8=", "not base64 at all, words"} {
		res := Walk(map[string]any{"body": v}, DefaultLimits)
		if len(res.Fields) != 1 {
			t.Errorf("%q: %d fields, want the value alone", v, len(res.Fields))
		}
	}
}

// FuzzGraphQLBindings: any text, no panic, and every binding names a
// variable that the text writes after a '$'.
func FuzzGraphQLBindings(f *testing.F) {
	for _, s := range []string{"mutation($p: String!) { login(password: $p) }", "a:$b", "$a:$b", "x : \n $y", ":$", "$", "query { a(b: $c, d: $e) }"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		for v, arg := range graphqlBindings(q) {
			if v == "" || arg == "" || !strings.Contains(q, "$"+v) || !strings.Contains(q, arg) {
				t.Fatalf("%q: binding %q → %q", q, v, arg)
			}
		}
		w := &walker{lim: DefaultLimits}
		w.decoded(q, "p", "k", "t", JSON, 0, 0, nil)
	})
}
