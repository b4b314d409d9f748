package adapter

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
)

// FuzzRun: whatever an agent sends, every adapter answers — never a panic,
// never an empty answer to a call that needs a decision, never an allow for
// input it could not read.
func FuzzRun(f *testing.F) {
	files, _ := filepath.Glob("testdata/golden/*/*.in.json")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":[1,2]}}`))
	f.Add([]byte(`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[`))
	f.Add([]byte("\x00\xff"))
	g := guard.New(guard.WithHome("/home/dev"))
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, ad := range All() {
			resp := Run(context.Background(), ad, &frontdoor.Door{Guard: g}, nil, bytes.NewReader(in), Options{})
			if resp.Exit != 0 {
				t.Fatalf("%s: exit %d", ad.Name(), resp.Exit)
			}
			ev, err := ad.Decode(in)
			if len(resp.Stdout) == 0 {
				if err != nil || ev == nil || ev.Phase == PreTool {
					t.Fatalf("%s: no answer to %q", ad.Name(), in)
				}
				continue
			}
			var out map[string]any
			if json.Unmarshal(resp.Stdout, &out) != nil {
				t.Fatalf("%s: answer is not JSON: %s", ad.Name(), resp.Stdout)
			}
			if err != nil && bytes.Contains(resp.Stdout, []byte(`"allow"`)) {
				t.Fatalf("%s: unreadable input %q was allowed: %s", ad.Name(), in, resp.Stdout)
			}
		}
	})
}
