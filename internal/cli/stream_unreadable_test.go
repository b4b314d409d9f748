package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
	"github.com/actionguard/actionguard/store"
)

// The lines of check --jsonl that are not a readable Action, by class:
// each goes through the front door's failure path (the fallback, never an
// allow, with why), on its own output line, and the stream goes on.

const dangerousLine = `{"id":"x","tool":"Bash","input":{"command":"rm -rf ~"}}`

// unreadableLines are generated lines of every class, by class.
func unreadableLines() map[string][]string {
	out := map[string][]string{}
	// Malformed JSON: every cut of a dangerous action, and what follows a
	// valid one on the same line.
	for i := 1; i < len(dangerousLine); i++ {
		out["cut"] = append(out["cut"], dangerousLine[:i])
	}
	out["trailing"] = []string{
		dangerousLine + dangerousLine, dangerousLine + " x", dangerousLine + "}", dangerousLine + ",", "[" + dangerousLine,
		`{"tool":"Bash","input":{"command":"rm -rf ~"},}`, `{'tool':'Bash','input':{'command':'rm -rf ~'}}`,
		`{tool:"Bash",input:{command:"rm -rf ~"}}`, `{"tool":"Bash" "input":{"command":"rm -rf ~"}}`,
	}
	// Binary junk.
	for _, b := range []string{"\x00", "\x01\x02\x03", "\xff\xfe\xfd", "\x1b[31m", "\x7fELF\x02\x01\x01", "PK\x03\x04", "\xef\xbb\xbf" + dangerousLine} {
		out["binary"] = append(out["binary"], b, b+dangerousLine, dangerousLine[:10]+b)
	}
	// Valid JSON that is not an object.
	out["not an object"] = []string{"null", "true", "false", "0", "-1.5e3", `"rm -rf ~"`, "[]", "[" + dangerousLine + "]", `["Bash","rm -rf ~"]`}
	// Objects whose fields are not an Action's: another program's shape
	// (an agent's hook payload), a misspelt field, a command at the top.
	out["other shape"] = []string{
		`{}`, `{"id":"x"}`, `{"kind":"shell"}`, `{"context":{"cwd":"/"}}`, `{"id":"x","kind":"shell","context":{"cwd":"/"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"rm -rf ~"}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf ~"}}`,
		`{"command":"rm -rf ~"}`, `{"cmd":"rm -rf ~"}`, `{"action":` + dangerousLine + `}`,
	}
	for _, field := range []string{"tool", "input"} {
		for _, bad := range misspellings(field) {
			line := strings.Replace(dangerousLine, `"`+field+`"`, `"`+bad+`"`, 1)
			out["misspelt "+field] = append(out["misspelt "+field], line)
		}
	}
	return out
}

// misspellings are the ways a field name is commonly got wrong: a letter
// dropped, doubled or swapped with the next, a plural, a prefix or suffix,
// another separator.
func misspellings(f string) []string {
	var out []string
	for i := range len(f) {
		out = append(out, f[:i]+f[i+1:], f[:i+1]+f[i:])
		if i+1 < len(f) {
			out = append(out, f[:i]+string(f[i+1])+string(f[i])+f[i+2:])
		}
	}
	out = append(out, f+"s", "tool_"+f, f+"_name", f+"_", "_"+f, " "+f, f+" ", f+"\u200b")
	// A swap of two equal letters is the field itself.
	return slices.DeleteFunc(out, func(s string) bool { return strings.EqualFold(s, f) })
}

// readableTwins are lines that look odd but are Actions: they must be
// judged like the plain line.
func readableTwins() []string {
	return []string{
		`{"ID":"t","TOOL":"Bash","Input":{"command":"ls"}}`,
		`{"Tool":"Bash","iNpUt":{"command":"ls"},"Context":{"cwd":"/tmp"}}`,
		`  {"tool":"Bash","input":{"command":"ls"}}  ` + "\r",
		`{"tool":"Bash","input":{"command":"ls"},"schema":{"type":"object"}}`,
		`{"tool":"Bash","input":{"command":"ls","env":{"A":"1"}},"context":{"user_messages":["list the files"]}}`,
		`{"tool":"Bash","input":{"command":"ls"},"tool":"Bash"}`,
		`{"tool":"Bash","input":{"command":"ls"},"kind":"shell","text":"list the files"}`,
	}
}

// TestStreamUnreadableLines: a bad line of every class, between two good
// ones, gets the fallback with an error naming its line, and the good
// lines around it are judged as if it were not there.
func TestStreamUnreadableLines(t *testing.T) {
	const (
		before = `{"id":"before","tool":"Bash","input":{"command":"git status"}}`
		after  = `{"id":"after","tool":"Bash","input":{"command":"rm -rf ~"}}`
	)
	for class, lines := range unreadableLines() {
		for _, bad := range lines {
			ds := runStreamString(t, before+"\n"+bad+"\n"+after+"\n")
			if len(ds) != 3 {
				t.Errorf("%s %q: %d decisions for 3 lines", class, bad, len(ds))
				continue
			}
			if ds[0].ID != "before" || ds[0].Verdict != guard.Allow {
				t.Errorf("%s %q: the line before: %s %s", class, bad, ds[0].ID, ds[0].Verdict)
			}
			if d := ds[1]; d.Verdict.Allowed() || !d.Verdict.Valid() || !strings.HasPrefix(d.Error, "line 2: ") {
				t.Errorf("%s %q: verdict %q, error %q; want the fallback with an error naming line 2", class, bad, d.Verdict, d.Error)
			}
			if ds[2].ID != "after" || ds[2].Verdict != guard.Block {
				t.Errorf("%s %q: the line after (the stream lost its place): %s %s", class, bad, ds[2].ID, ds[2].Verdict)
			}
		}
	}
}

// TestStreamReadableTwins: lines that look odd but are Actions are judged,
// not failed.
func TestStreamReadableTwins(t *testing.T) {
	for _, line := range readableTwins() {
		ds := runStreamString(t, line+"\n")
		if len(ds) != 1 || ds[0].Error != "" || !ds[0].Verdict.Allowed() {
			t.Errorf("%q: %+v; want it judged and allowed", line, ds)
		}
	}
}

// TestStreamNotAnActionSaysWhy: the error of a line that is not an Action
// names what is wrong with it.
func TestStreamNotAnActionSaysWhy(t *testing.T) {
	cases := map[string]string{
		"null":                                 "an Action is a JSON object",
		`[{"tool":"Bash"}]`:                    "must be an object",
		`{"tool_name":"Bash","tool_input":{}}`: `the field "tool_input" (and 1 more)`,
		`{"tool":"Bash","inptu":{}}`:           `the field "inptu"`,
		`{"id":"x"}`:                           "names no tool, input or text",
		`{"tool":1}`:                           "invalid JSON",
	}
	for line, want := range cases {
		ds := runStreamString(t, line+"\n")
		if len(ds) != 1 || !strings.Contains(ds[0].Error, want) {
			t.Errorf("%s: %+v; want an error saying %q", line, ds, want)
		}
	}
}

// TestStreamUnreadableAudited: every unreadable line is recorded with its
// fallback verdict, its error and what could be read of it, through the
// front door like any decision; the policy's notice reaches those records
// too.
func TestStreamUnreadableAudited(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "actionguard.db")
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	sink := &auditSink{st: st, Batcher: frontdoor.NewBatcher(audit.New(st))}
	var in strings.Builder
	var bads []string
	for class, lines := range unreadableLines() {
		bad := lines[len(lines)/2]
		if strings.ContainsAny(bad, "\r\n") || strings.TrimSpace(bad) == "" {
			continue
		}
		bads = append(bads, class)
		fmt.Fprintf(&in, "%s\n%s\n", bad, `{"tool":"Bash","input":{"command":"ls"}}`)
	}
	in.WriteString(strings.Repeat("x", MaxLineBytes+1) + "\n")
	var out strings.Builder
	def := streamDefaults{cwd: "/home/dev/project", policyNotice: "the policy does not load"}
	if err := streamActions(ctx, guard.New(), sink, strings.NewReader(in.String()), &out, def); err != nil {
		t.Fatal(err)
	}
	if err := sink.Batcher.Close(); err != nil {
		t.Fatal(err)
	}
	var failed, judged int
	err = audit.New(st).Export(ctx, audit.ExportOptions{}, func(r audit.Record) error {
		if !strings.Contains(strings.Join(r.Anomalies, "|"), frontdoor.AnomalyPolicyFallback) {
			t.Errorf("record %s lacks the policy's anomaly: %q", r.Action, r.Anomalies)
		}
		if r.Error == "" {
			judged++
			return nil
		}
		failed++
		var act struct {
			ID         string `json:"id"`
			Unreadable string `json:"unreadable"`
			Bytes      int    `json:"bytes"`
		}
		if err := json.Unmarshal(r.Action, &act); err != nil || act.ID == "" {
			t.Errorf("the record of an unreadable line keeps %s (%v)", r.Action, err)
		}
		if r.Verdict.Allowed() || !strings.HasPrefix(r.Error, "line ") {
			t.Errorf("unreadable line recorded as %s, error %q", r.Verdict, r.Error)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if failed != len(bads)+1 || judged != len(bads) {
		t.Errorf("%d failed and %d judged records; want %d and %d (classes %v and a too-long line)", failed, judged, len(bads)+1, len(bads), bads)
	}
	if n := strings.Count(out.String(), "\n"); n != 2*len(bads)+1 {
		t.Errorf("%d output lines for %d input lines", n, 2*len(bads)+1)
	}
}
