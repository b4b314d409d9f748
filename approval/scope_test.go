package approval_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
)

// The ways an action names a file, each with a path inside the workspace
// (/home/u/app) and one outside it. A request of the second kind must never
// share a batch kind with one of the first, whatever its spelling.
type fileShape struct {
	name   string
	action func(path string) map[string]any
}

var fileShapes = []fileShape{
	{"Write", func(p string) map[string]any { return tool("Write", map[string]any{"file_path": p, "content": "x"}) }},
	{"Edit", func(p string) map[string]any {
		return tool("Edit", map[string]any{"file_path": p, "old_string": "a", "new_string": "b"})
	}},
	{"rm", func(p string) map[string]any { return shell("rm -f " + p) }},
	{"rm quoted", func(p string) map[string]any { return shell(`rm -f "` + p + `"`) }},
	{"redirect", func(p string) map[string]any { return shell("echo hi >" + p) }},
	{"redirect append", func(p string) map[string]any { return shell("echo hi >> " + p) }},
	{"tee", func(p string) map[string]any { return shell("echo hi | tee -a " + p) }},
	{"dd of=", func(p string) map[string]any { return shell("dd if=/dev/zero of=" + p + " bs=1 count=1") }},
	{"cp", func(p string) map[string]any { return shell("cp notes.txt " + p) }},
	{"MCP write_file", func(p string) map[string]any {
		return tool("mcp__filesystem__write_file", map[string]any{"path": p, "content": "x"})
	}},
	{"MCP nested", func(p string) map[string]any {
		return tool("mcp__files__apply", map[string]any{"edits": []any{map[string]any{"target": map[string]any{"file": p}}}})
	}},
	{"MCP list of paths", func(p string) map[string]any {
		return tool("mcp__files__delete_many", map[string]any{"paths": []any{"src/a.go", p}})
	}},
}

// Paths outside the workspace, in every spelling an agent may use.
var outsidePaths = []string{
	"/etc/hosts", "/etc/../etc/passwd", "/usr/local/bin/tool", "/var/lib/app/db",
	"~/.bashrc", "~/.ssh/authorized_keys", "$HOME/.profile", "${HOME}/.config/x", "~root/.ssh/id",
	"../other/file", "../../etc/hosts", "./../../x", "src/../../x",
	"/home/u/.gitconfig", "/home/u/app-other/x", "/home/other/x", "/root/.bashrc", "/Users/u/x",
	`C:\Windows\System32\drivers\etc\hosts`, `C:/Users/u/.ssh/config`, `//server/share/x`,
}

// Paths inside it.
var insidePaths = []string{"notes.txt", "src/main.go", "./build/out.js", "/home/u/app/README.md", "/home/u/app/src/../docs/x.md"}

func tool(name string, input map[string]any) map[string]any {
	return map[string]any{"tool": name, "input": input, "context": map[string]any{"cwd": "/home/u/app"}}
}

func shell(cmd string) map[string]any { return tool("Bash", map[string]any{"command": cmd}) }

func request(t *testing.T, action map[string]any, level, verdict string) *approval.Request {
	t.Helper()
	b, err := json.Marshal(action)
	if err != nil {
		t.Fatal(err)
	}
	tl, _ := action["tool"].(string)
	return approval.New(b, approval.Summary{Tool: tl, Verdict: verdict, Level: level, Rules: []string{"profile.assistant.execute"}},
		time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
}

// TestBatchKindSplitsOutsideFiles: for every way of naming a file and
// every outside path, the request's kind differs from each inside twin's;
// the inside twins share one kind (batch review still works for them).
func TestBatchKindSplitsOutsideFiles(t *testing.T) {
	for _, s := range fileShapes {
		inside := map[string]bool{}
		for _, p := range insidePaths {
			inside[approval.GroupKey(request(t, s.action(p), "privileged", "approve"))] = true
		}
		if len(inside) != 1 {
			t.Errorf("%s: the workspace files make %d kinds, want 1", s.name, len(inside))
		}
		for _, p := range outsidePaths {
			r := request(t, s.action(p), "privileged", "approve")
			if k := approval.GroupKey(r); inside[k] {
				t.Errorf("%s %s shares the kind %s of workspace files", s.name, p, k)
			}
			kind := approval.BatchKindOf(r)
			if !strings.Contains(kind.Many, "outside") && !strings.Contains(kind.Many, "system folders") && !strings.Contains(kind.Many, "home folder") {
				t.Errorf("%s %s: the kind %q does not say the files lie outside the workspace", s.name, p, kind.Many)
			}
		}
	}
}

// TestGroupsNeverMixLevels: the same action at two levels is two kinds,
// and Groups keeps every group to one level.
func TestGroupsNeverMixLevels(t *testing.T) {
	levels := []struct{ level, verdict string }{
		{"cautious", "confirm"}, {"privileged", "approve"}, {"dangerous", "approve"}, {"", "confirm"}, {"", "approve"}, {"dangerous", "block"},
	}
	var pending []approval.Request
	for i, s := range fileShapes {
		for j, l := range levels {
			r := request(t, s.action(insidePaths[(i+j)%len(insidePaths)]), l.level, l.verdict)
			r.ID = fmt.Sprintf("ap-%d-%d", i, j)
			pending = append(pending, *r)
			r2 := request(t, s.action(outsidePaths[(i+j)%len(outsidePaths)]), l.level, l.verdict)
			r2.ID = fmt.Sprintf("ap-%d-%d-out", i, j)
			pending = append(pending, *r2)
		}
	}
	for _, g := range approval.Groups(pending) {
		level := ""
		for i, r := range g.Requests {
			l := r.Decision.Level
			if l == "" {
				l = r.Decision.Verdict
			}
			if i == 0 {
				level = l
			} else if l != level {
				t.Errorf("group %s (%s) mixes %s and %s", g.Key, g.Title, level, l)
			}
			if strings.HasSuffix(r.ID, "-out") != strings.HasSuffix(g.Requests[0].ID, "-out") {
				t.Errorf("group %s (%s) puts %s beside %s", g.Key, g.Title, r.ID, g.Requests[0].ID)
			}
		}
	}
}

// TestBatchKindWorkspaceNoise: what only looks like a path outside does not
// split a kind: URLs, /dev/null, flags, text.
func TestBatchKindWorkspaceNoise(t *testing.T) {
	base := approval.GroupKey(request(t, shell("rm -f a.txt"), "privileged", "approve"))
	for _, cmd := range []string{"rm -f b.txt 2>/dev/null", "rm -f -- c.txt", "rm -f d.txt >/dev/stderr", "rm -f 'e f.txt'"} {
		if k := approval.GroupKey(request(t, shell(cmd), "privileged", "approve")); k != base {
			t.Errorf("%q is of another kind than rm -f a.txt", cmd)
		}
	}
	w := func(in map[string]any) string {
		return approval.GroupKey(request(t, tool("Write", in), "privileged", "approve"))
	}
	a := w(map[string]any{"file_path": "a.go", "content": "x"})
	if b := w(map[string]any{"file_path": "b.go", "content": "see https://example.com/etc/x and\n/etc/hosts in a line of text"}); b != a {
		t.Error("a file's text that names /etc/hosts makes another kind")
	}
}

// FuzzBatchKind: any action, however malformed, has a kind, and the same
// one each time.
func FuzzBatchKind(f *testing.F) {
	for _, s := range []string{
		`{"tool":"Bash","input":{"command":"rm -f ~/.bashrc ../x /etc/hosts"},"context":{"cwd":"/home/u/app","home":"/home/u"}}`,
		`{"tool":"Write","input":{"file_path":"C:\\Windows\\x"},"context":{"cwd":"C:\\Users\\u\\app"}}`,
		`{"tool":"mcp__x","input":{"a":[[[[[["/etc/x"]]]]]]},"context":{"cwd":"/"}}`,
		`{"tool":"Bash","input":{"command":"dd of= =/x"}}`,
		`not json`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, action string) {
		r := approval.New([]byte(action), approval.Summary{Verdict: "approve", Level: "privileged"}, time.Unix(0, 0))
		k := approval.BatchKindOf(r)
		if k.Key == "" || k.Key != approval.BatchKindOf(r).Key {
			t.Fatalf("kind %+v", k)
		}
	})
}
