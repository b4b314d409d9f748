package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// runRedactStream runs redact --jsonl on in and returns the output lines.
func runRedactStream(t *testing.T, in string) ([]map[string]any, error) {
	t.Helper()
	var out, errw bytes.Buffer
	err := (&redactOptions{}).stream(strings.NewReader(in), &out, &errw)
	var lines []map[string]any
	for _, l := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		if e := json.Unmarshal([]byte(l), &m); e != nil {
			t.Fatalf("output line is not JSON: %q: %v", l, e)
		}
		lines = append(lines, m)
	}
	return lines, err
}

// TestRedactStreamContract: the JSON lines follow the design note's
// redaction contract exactly: id, masked text, findings with type, start
// and end (byte offsets into the input text), nothing else.
func TestRedactStreamContract(t *testing.T) {
	in := `{"id":"a","text":"Call me on 13812345678 or mail alice@example.com"}` + "\n" +
		`{"id":7,"text":"nothing here"}` + "\n" +
		`{"id":"c","text":"née 🙂 13812345678"}` + "\n"
	lines, err := runRedactStream(t, in)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 3 {
		t.Fatalf("%d lines", len(lines))
	}
	if lines[0]["id"] != "a" || lines[0]["text"] != "Call me on 138****5678 or mail a****@example.com" {
		t.Errorf("line 1: %v", lines[0])
	}
	fs := lines[0]["findings"].([]any)
	if len(fs) != 2 {
		t.Fatalf("findings %v", fs)
	}
	for _, f := range fs {
		m := f.(map[string]any)
		if len(m) != 3 || m["type"] == nil || m["start"] == nil || m["end"] == nil {
			t.Errorf("finding %v is not {type, start, end}", m)
		}
	}
	if f := fs[0].(map[string]any); f["type"] != "phone" || f["start"] != 11.0 || f["end"] != 22.0 {
		t.Errorf("phone finding %v", f)
	}
	if lines[1]["id"] != 7.0 || len(lines[1]["findings"].([]any)) != 0 {
		t.Errorf("line 2: %v", lines[1])
	}
	// Byte offsets: "née 🙂 " is 10 bytes.
	if f := lines[2]["findings"].([]any)[0].(map[string]any); f["start"] != 10.0 || f["end"] != 21.0 {
		t.Errorf("byte offsets: %v", f)
	}
}

// TestRedactStreamBadLines: a line that cannot be read gets an answer with
// its error, the stream goes on, and the exit code says so.
func TestRedactStreamBadLines(t *testing.T) {
	lines, err := runRedactStream(t, "{\"id\":\"x\",\"text\":\n{\"id\":\"y\"}\n\x00\xff\n{\"id\":\"z\",\"text\":\"ok\"}\n")
	if err == nil {
		t.Fatal("no error for unreadable lines")
	}
	if len(lines) != 4 {
		t.Fatalf("%d answers for 4 lines: %v", len(lines), lines)
	}
	for _, l := range lines[:3] {
		if l["error"] == nil || l["text"] != nil {
			t.Errorf("bad line answered %v", l)
		}
	}
	if lines[1]["id"] != "y" || lines[3]["text"] != "ok" {
		t.Errorf("%v", lines)
	}
}

// FuzzRedactStream: every non-empty line gets one answer; offsets lie in
// the text; no never-send value survives in the masked text.
func FuzzRedactStream(f *testing.F) {
	f.Add(`{"id":"a","text":"password=hunter2hunter2 and 4111 1111 1111 1111"}`)
	f.Add("{\"text\":\"\\u0000\\ud800 13812345678\"}\n{")
	f.Add("\x00\x01\n\n{}\n[]\nnull\n\"x\"\n")
	f.Add(`{"id":{"a":1},"text":"-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----"}`)
	f.Fuzz(func(t *testing.T, in string) {
		want := 0
		for _, l := range strings.Split(in, "\n") {
			if len(bytes.TrimSpace([]byte(l))) > 0 {
				want++
			}
		}
		var out, errw bytes.Buffer
		_ = (&redactOptions{}).stream(strings.NewReader(in), &out, &errw)
		got := strings.Count(out.String(), "\n")
		if got != want {
			t.Fatalf("%d answers for %d non-empty lines", got, want)
		}
	})
}

// FuzzQuickLine: the reflection-free reader of redact --jsonl agrees with
// encoding/json whenever it accepts a line.
func FuzzQuickLine(f *testing.F) {
	f.Add(`{"id":"a","text":"hello"}`)
	f.Add(`{"text":"a\"b\\c\nd","id":7}`)
	f.Add(`{"id":-1,"text":"x"} `)
	f.Add(`{"id":"1","text":"\u00e9"}`)
	f.Add(`{"id":1-2,"text":"x"}`)
	f.Add("{\"text\":\"\xff\"}")
	f.Fuzz(func(t *testing.T, line string) {
		id, text, ok := quickLine([]byte(line))
		if !ok {
			return
		}
		var rec redactLine
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("quickLine accepted %q, encoding/json: %v", line, err)
		}
		if rec.Text == nil || *rec.Text != text || string(rec.ID) != string(id) {
			t.Fatalf("%q: quick (%s, %q), full (%s, %v)", line, id, text, rec.ID, rec.Text)
		}
	})
}
