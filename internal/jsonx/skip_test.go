package jsonx

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// jsonSeeds are valid and invalid documents at the edges of the grammar.
var jsonSeeds = []string{
	`{}`, `[]`, `null`, `true`, `false`, `0`, `-1.5e-3`, `"s"`, `{"a":[1,2,{"b":null}]}`,
	`{"command":"echo \"hi\" \\ \u0041 \ud83d\ude00 \/"}`, `{ "spaced" : [ 1 , 2 ] }`, "[\n1\t,\r2]",
	`{"a":{"b":{"c":{"d":[[[[[]]]]]}}}}`, `{"":""}`, `[1E+2,0.5,-0,1e-7]`, "\"\xff\xfe\"",
	``, ` 1`, `1 `, `01`, `1.`, `-`, `.5`, `1e`, `1e+`, `[1,]`, `{"a"}`, `{"a":}`, `{,}`, `[`, `"\x"`, `"\u12"`,
	"\"\x1f\"", `tru`, `nulll`, `{"a":1 "b":2}`, `[1 2]`, `]`, `{"a":1}}`, `[[]`, `"`, `"\`, `{"a" 1}`,
	strings.Repeat(`{"a":`, 40) + "1" + strings.Repeat("}", 40),
}

// checkValid: SkipValue and Valid agree with json.Valid on b.
func checkValid(t *testing.T, b []byte) {
	t.Helper()
	end, ok := SkipValue(b, 0)
	got := ok && len(bytes.TrimLeft(b[end:], " \t\r\n")) == 0
	want := json.Valid(b) && (len(b) == 0 || !IsSpace(b[0]))
	if got != want {
		t.Fatalf("SkipValue(%q) = %d, %v; json.Valid says %v", b, end, ok, json.Valid(b))
	}
	if Valid(b) != json.Valid(b) {
		t.Fatalf("Valid(%q) = %v, json.Valid %v", b, Valid(b), json.Valid(b))
	}
}

// FuzzSkipValue is the differential test of SkipValue and Valid against
// json.Valid.
func FuzzSkipValue(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(checkValid)
}

// TestSkipValueGenerated: documents built from random tokens, most of
// them invalid somewhere, and the seeds cut at every byte.
func TestSkipValueGenerated(t *testing.T) {
	for _, s := range jsonSeeds {
		for i := 0; i <= len(s); i++ {
			checkValid(t, []byte(s[:i]))
		}
	}
	tokens := []string{"{", "}", "[", "]", ",", ":", " ", "\n", `"k"`, `"\n"`, `"\u00e9"`, "\"\x01\"", `"\q"`, "0", "-1",
		"1.5", "2e9", "01", "true", "false", "null", "nul", "\xff", `"a\"b"`}
	rng := rand.New(rand.NewPCG(5, 8))
	valid := 0
	for range 200000 {
		var b []byte
		for range 1 + rng.IntN(9) {
			b = append(b, tokens[rng.IntN(len(tokens))]...)
		}
		checkValid(t, b)
		if json.Valid(b) {
			valid++
		}
	}
	if valid < 1000 {
		t.Fatalf("only %d valid documents: the test no longer covers acceptance", valid)
	}
}

// TestSkipValueDepth: encoding/json's nesting limit, empty containers
// included.
func TestSkipValueDepth(t *testing.T) {
	for _, depth := range []int{1, 100, maxJSONDepth, maxJSONDepth + 1} {
		for _, inner := range []string{"", "1"} {
			for _, open := range []string{"[", `{"a":`} {
				closer := "]"
				if open != "[" {
					closer = "}"
					if inner == "" {
						inner = "{}"
					}
				}
				b := []byte(strings.Repeat(open, depth) + inner + strings.Repeat(closer, depth))
				checkValid(t, b)
			}
		}
	}
}
