package guard_test

import (
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// TestGrepToolOverSecrets: the agents' Grep tool in content mode over a
// directory that holds a credential store or actionguard's keys reads them
// (the verdict of the named read); a listing of names, Glob, an include
// filter no key file passes, and an ordinary directory still run.
func TestGrepToolOverSecrets(t *testing.T) {
	g := guard.New(guard.WithHome("/home/u"))
	grep := func(in map[string]any) guard.Action {
		return guard.Action{Tool: "Grep", Input: in, Context: guard.Context{Cwd: "/home/u/app", Home: "/home/u"}}
	}
	named := check(t, g, guard.Action{Tool: "Read", Input: map[string]any{"file_path": "/home/u/.local/state/actionguard/audit.key"}, Context: guard.Context{Cwd: "/home/u/app", Home: "/home/u"}})
	namedCred := check(t, g, guard.Action{Tool: "Read", Input: map[string]any{"file_path": "/home/u/.aws/credentials"}, Context: guard.Context{Cwd: "/home/u/app", Home: "/home/u"}})
	for _, dir := range []string{"/home/u", "/home/u/", "~", "/home/u/.local", "/home/u/.local/state", "~/.local/state/actionguard", "/", "/home/u/app/.."} {
		for _, extra := range []map[string]any{{}, {"glob": "*.key"}, {"glob": "*"}, {"-n": true}} {
			in := map[string]any{"pattern": ".", "path": dir, "output_mode": "content"}
			for k, v := range extra {
				in[k] = v
			}
			d := check(t, g, grep(in))
			if d.Verdict.Stricter(named.Verdict) || named.Verdict.Stricter(d.Verdict) {
				t.Errorf("Grep content %v: %s, the named read of a key is %s (%s)", in, d.Verdict, named.Verdict, d.Reason)
			}
		}
	}
	for _, dir := range []string{"/home/u/.aws", "~/.aws", "/home/u/.config/gcloud", "/home/u/.config"} {
		d := check(t, g, grep(map[string]any{"pattern": ".", "path": dir, "output_mode": "content"}))
		if namedCred.Verdict.Stricter(d.Verdict) {
			t.Errorf("Grep content over %s: %s, the named read is %s", dir, d.Verdict, namedCred.Verdict)
		}
	}
	for _, in := range []map[string]any{
		{"pattern": ".", "path": "/home/u"},
		{"pattern": ".", "path": "/home/u", "output_mode": "files_with_matches"},
		{"pattern": ".", "path": "/home/u", "output_mode": "count"},
		{"pattern": ".", "path": "/home/u", "output_mode": "content", "glob": "*.go"},
		{"pattern": ".", "path": "/home/u", "output_mode": "content", "type": "py"},
		{"pattern": "TODO", "path": "/home/u/app", "output_mode": "content"},
		{"pattern": "TODO", "output_mode": "content"},
		{"pattern": "nvim", "path": "/home/u/.config/nvim", "output_mode": "content"},
	} {
		if d := check(t, g, grep(in)); !d.Verdict.Allowed() {
			t.Errorf("Grep %v: %s (%s)", in, d.Verdict, d.Reason)
		}
	}
	for _, p := range []string{"/home/u", "/home/u/.local"} {
		if d := check(t, g, guard.Action{Tool: "Glob", Input: map[string]any{"pattern": "**/*", "path": p}, Context: guard.Context{Cwd: "/home/u/app", Home: "/home/u"}}); !d.Verdict.Allowed() {
			t.Errorf("Glob over %s: %s (%s)", p, d.Verdict, d.Reason)
		}
	}
}
