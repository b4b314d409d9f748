package fields

import (
	"encoding/json"
	"strings"
	"testing"
)

// Headers and parameters given as lists of pairs are read as key → value:
// [["Authorization", "Basic …"]], [{"name": "Cookie", "value": "…"}],
// [{"key": "password", "value": "…"}], at any depth, and a masked value
// is written back in place.
func TestPairLists(t *testing.T) {
	for _, shape := range []string{
		`{"headers": [["Authorization", "Basic dXNlcjpodW50ZXIy"], ["Accept", "*/*"]]}`,
		`{"request": {"headers": [{"name": "Authorization", "value": "Basic dXNlcjpodW50ZXIy"}]}}`,
		`{"params": [{"key": "Authorization", "value": "Basic dXNlcjpodW50ZXIy"}, {"key": "page", "value": "2"}]}`,
		`{"har": {"entries": [{"request": {"headers": [{"name": "Authorization", "value": "Basic dXNlcjpodW50ZXIy"}]}}]}}`,
	} {
		var in map[string]any
		if err := json.Unmarshal([]byte(shape), &in); err != nil {
			t.Fatal(err)
		}
		res := Walk(in, DefaultLimits)
		found := false
		for _, f := range res.Fields {
			if f.Key == "Authorization" && f.Value == "Basic dXNlcjpodW50ZXIy" {
				found = true
				if !f.Set("[REDACTED]") {
					t.Errorf("%s: the pair's value cannot be written", shape)
				}
			}
		}
		if !found {
			t.Errorf("%s: the pair is not read under its name: %+v", shape, res.Fields)
			continue
		}
		out, _ := json.Marshal(in)
		if json.Valid(out) && !strings.Contains(string(out), "[REDACTED]") || strings.Contains(string(out), "dXNlcjpodW50ZXIy") {
			t.Errorf("%s: written back as %s", shape, out)
		}
	}
	// Lists that are not pairs keep their elements as values of the list's key.
	for _, shape := range []string{`{"to": [["a@x.example", "b@x.example", "c@x.example"]]}`, `{"tags": [{"name": "x", "value": "y", "extra": 1}]}`, `{"points": [[1, 2]]}`} {
		var in map[string]any
		json.Unmarshal([]byte(shape), &in)
		for _, f := range Walk(in, DefaultLimits).Fields {
			if f.Key == "a@x.example" || f.Key == "x" || f.Key == "1" {
				t.Errorf("%s: read as pairs: %+v", shape, f)
			}
		}
	}
}
