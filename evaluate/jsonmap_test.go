package evaluate

import (
	"encoding/json"
	"reflect"
	"testing"
)

var jsonSeeds = []string{
	`{"command":"ls -la","n":1.5e3,"ok":true,"nil":null,"list":[1,"a",{"b":false}],"e":{}}`,
	`{"s":"tab\tquote\"slash\/uni\u00e9 pair\ud83d\ude00 lone\ud800x"}`,
	`"just a string"`, `[1,2,3]`, `-0.5`, ` { "a" : [ ] } `, `{"a":"ü ✓ 日本"}`,
	`{"a":1,}`, `{"a"}`, `[1 2]`, `"unterminated`, `{"a":tru}`, `01`, `{"x":"\u12"}`, "\"bad \xff utf8\"",
	`{"dup":1,"dup":2}`, `1e999`, ``,
}

// decodeJSON gives what encoding/json gives wherever it accepts the input.
func TestDecodeJSON(t *testing.T) {
	for _, s := range jsonSeeds {
		checkDecodeJSON(t, []byte(s))
	}
}

func FuzzDecodeJSON(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(checkDecodeJSON)
}

func checkDecodeJSON(t *testing.T, b []byte) {
	got, ok := decodeJSON(b)
	var want any
	err := json.Unmarshal(b, &want)
	if ok && err != nil {
		t.Fatalf("%q: decodeJSON accepted what encoding/json refuses (%v): %#v", b, err, got)
	}
	if ok && !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: decodeJSON %#v, encoding/json %#v", b, got, want)
	}
}
