package cli

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// sameAsJSON checks that readActionLine gives what json.Unmarshal gives for
// data: the same Action, or an error with the same text.
func sameAsJSON(t *testing.T, data []byte) {
	t.Helper()
	var want, got guard.Action
	werr := json.Unmarshal(data, &want)
	gerr := readActionLine(data, &got)
	if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
		t.Fatalf("%q: error %v, json.Unmarshal's %v", data, gerr, werr)
	}
	if werr == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("%q:\n got %#v\nwant %#v", data, got, want)
	}
	// A stream's reading, with the strings of earlier lines kept: the
	// first reading fills them, the second takes them.
	strs := internedStrings{}
	for range 2 {
		var again guard.Action
		ierr := readActionLineInterned(data, &again, strs)
		if (ierr == nil) != (gerr == nil) || ierr != nil && ierr.Error() != gerr.Error() || !reflect.DeepEqual(again, got) {
			t.Fatalf("%q: with interned strings %#v (%v), without %#v (%v)", data, again, ierr, got, gerr)
		}
	}
	// A stream's reading into the input map of an earlier line, which
	// must not show through.
	reuse := map[string]any{"command": "rm -rf /", "stale": true}
	var reused guard.Action
	if _, rerr := readActionLinePlain(data, &reused, strs, reuse); (rerr == nil) != (gerr == nil) || !reflect.DeepEqual(reused, got) {
		t.Fatalf("%q: into a reused map %#v (%v), into a new one %#v (%v)", data, reused, rerr, got, gerr)
	}
}

// plainLine is the line an agent's batch sends for command, with the
// command written in JSON as s.
func plainLine(s string) string {
	return `{"id":"7","tool":"Bash","input":{"command":` + s + `,"description":"d","timeout":120000,"run_in_background":false},` +
		`"context":{"application":"coding-agent","cwd":"/home/dev/project","session_id":"s","git_dirty":true}}`
}

func TestReadActionLinePlainLinesSkipJSON(t *testing.T) {
	// The fast path must take the common shape, or it buys nothing.
	for _, s := range []string{`"git status"`, `"echo \"a\\tb\" \u00e9 ü"`, `"x\/y\n"`} {
		line := []byte(plainLine(s))
		var act guard.Action
		d := actionDecoder{data: line}
		if !d.action(&act) {
			t.Errorf("%s: not read by the fast path", line)
		}
		sameAsJSON(t, line)
	}
}

// TestReadActionLineLikeJSON walks every way a line can leave the plain shape
// (each field, each kind of value, each escape, broken lines) and checks
// that the result is json.Unmarshal's.
func TestReadActionLineLikeJSON(t *testing.T) {
	values := []string{
		`"plain"`, `""`, `"a\"b"`, `"\\"`, `"\/"`, `"\b\f\n\r\t"`, `"\u0041"`, `"\u00e9"`, `"\u0000"`,
		`"\ud83d\ude00"`, `"\ud800"`, `"\udc00x"`, `"\u12"`, `"\uzzzz"`, `"\x"`, `"é"`, "\"\xff\"", "\"\xc3\"",
		"\"a\x01\"", "\"tab\there\"", `"unterminated`, `"\`,
		`0`, `-0`, `1`, `-1.5`, `1e3`, `1E+3`, `2e-2`, `01`, `1.`, `.5`, `-`, `1e`, `1e400`, `-1e400`, `123456789012345678901234567890`,
		`true`, `false`, `null`, `tru`, `nul`, `[]`, `["a"]`, `{}`, `{"a":1}`, ``, `,`,
	}
	keys := []string{`"id"`, `"tool"`, `"text"`, `"kind"`, `"input"`, `"context"`, `"ID"`, `"Tool"`, `"other"`, `"i\u0064"`, `""`}
	ctxKeys := []string{`"application"`, `"cwd"`, `"home"`, `"git_branch"`, `"environment"`, `"session_id"`, `"agent"`,
		`"git_dirty"`, `"previously_approved"`, `"recent_mistake"`, `"user_messages"`, `"Cwd"`, `"unknown"`}
	n := 0
	for _, k := range keys {
		for _, v := range values {
			sameAsJSON(t, []byte(`{`+k+`:`+v+`}`))
			sameAsJSON(t, []byte(`{"tool":"Bash",`+k+`:`+v+`}`))
			n += 2
		}
	}
	for _, v := range values {
		sameAsJSON(t, []byte(plainLine(v)))
		sameAsJSON(t, []byte(`{"input":{"command":"ls",`+`"k":`+v+`}}`))
		sameAsJSON(t, []byte(`{"input":{`+v+`:"x"}}`))
		n += 3
		for _, k := range ctxKeys {
			sameAsJSON(t, []byte(`{"tool":"Bash","context":{`+k+`:`+v+`}}`))
			n++
		}
	}
	// Repeated fields, spacing, trailing bytes, other top-level values.
	for _, line := range []string{
		`{"id":"1","id":"2"}`, `{"input":{"a":"1"},"input":{"b":"2"}}`, `{"input":{"a":"1","a":"2"}}`,
		`{"context":{"cwd":"/a"},"context":{"home":"/h"}}`, `{"context":{"cwd":"/a","cwd":"/b"}}`,
		`{"input":null}`, `{"context":null}`, `{"id":null}`,
		" \t\r\n{ \"id\" : \"1\" , \"input\" : { \"command\" : \"ls\" } } \n", `{"id":"1"} x`, `{"id":"1"}{}`,
		`{"id":"1",}`, `{,"id":"1"}`, `{"id" "1"}`, `{"id":"1"`, `{`, `}`, `[]`, `"x"`, `null`, `12`, ``, ` `,
		`{"input":{"command":"ls"}`, `{"input":{"command":"ls"},}`, `{"input":{"command":"ls" "x":1}}`,
	} {
		sameAsJSON(t, []byte(line))
		n++
	}
	if n < 1000 {
		t.Fatalf("only %d lines compared", n)
	}
}

// TestReadActionLineCorpusLines compares the two paths on the lines
// bench/genactions writes: every typical command and wrapper spelling,
// encoded as json.Encoder does (HTML characters escaped).
func TestReadActionLineCorpusLines(t *testing.T) {
	cmds := []string{
		"git status", "cat package.json | jq .scripts", "echo '<b>' && true", "printf 'é\\n' > f", "ls\t-la",
		"rm -rf ~/Documents", "python3 -c 'print(\"hi\")'", "echo $'\\x01'", "echo 😀", "a\u2028b",
	}
	for i, c := range cmds {
		line, err := json.Marshal(map[string]any{
			"id": fmt.Sprint(i), "tool": "Bash", "input": map[string]any{"command": c},
			"context": map[string]any{"application": "coding-agent", "cwd": "/home/dev/project", "session_id": "bench"},
		})
		if err != nil {
			t.Fatal(err)
		}
		sameAsJSON(t, line)
		sameAsJSON(t, []byte(strings.ReplaceAll(string(line), `"command"`, `"cmd"`)))
	}
}

func FuzzReadActionLine(f *testing.F) {
	f.Add([]byte(plainLine(`"git status"`)))
	f.Add([]byte(`{"id":"1","input":{"command":"a\u00e9\n","n":-1.5e3,"b":true,"z":null},"kind":"shell","text":"t"}`))
	f.Add([]byte(`{"context":{"cwd":"/a","git_dirty":false,"recent_mistake":true}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sameAsJSON(t, data)
	})
}
