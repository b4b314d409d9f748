package fields

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzWalkText: any string walks without a panic or a hang, every field's
// value is a string of bounded count, and writing every field leaves a
// text that walks again.
func FuzzWalkText(f *testing.F) {
	for _, sh := range bodyShapes {
		f.Add(sh.input)
	}
	for _, s := range []string{"password=a&b=%zz", "--b\nContent-Disposition: form-data; name=\"p\"\n\nv\n--b--", "a:=[1,{\"b\":\"c\"}]",
		"Authorization: Basic x\r\nCookie: a=b\r\n", "https://u:p@h/?a=b&c", "{\"a\":\"{\\\"b\\\":\\\"c=d&e=f\\\"}\"}", "x==y", "--\n"} {
		f.Add(s)
	}
	lim := Limits{Depth: 16, Fields: 256, Bytes: 1 << 16}
	f.Fuzz(func(t *testing.T, s string) {
		out := s
		r := WalkText(s, lim, func(v string) { out = v })
		if len(r.Fields) > lim.Fields {
			t.Fatalf("%d fields over the limit", len(r.Fields))
		}
		for _, fl := range r.Fields {
			Classify(fl.Key)
			IsDestination(fl.Key)
			if !fl.URL {
				fl.Set("M")
			}
		}
		WalkText(out, lim, nil)
		// The same text as a JSON value of a tool input.
		var v any
		if json.Unmarshal([]byte(s), &v) == nil {
			Walk(v, lim)
		}
		Walk(map[string]any{"body": s, "list": []any{s, strings.ToUpper(s)}}, lim)
	})
}
