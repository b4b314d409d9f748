package guard_test

import (
	"fmt"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// The reference filesystem MCP server's tools, each with the agent's own
// file tools that do the same to the same paths: the MCP call must get
// the strictest verdict of those.
type fsTool struct {
	name string
	// input builds the tool's arguments for a path (and a second path, for a move).
	input func(p, q string) map[string]any
	// same are the agent's own tool calls that do what the tool does.
	same func(p, q string) []guard.Action
}

func agentRead(p string) guard.Action {
	return guard.Action{Tool: "Read", Input: map[string]any{"file_path": p}}
}

func agentWrite(p string) guard.Action {
	return guard.Action{Tool: "Write", Input: map[string]any{"file_path": p, "content": "x"}}
}

func agentList(p string) guard.Action {
	return guard.Action{Tool: "LS", Input: map[string]any{"path": p}}
}

var fsTools = []fsTool{
	{"read_text_file", func(p, _ string) map[string]any { return map[string]any{"path": p, "head": 10} },
		func(p, _ string) []guard.Action { return []guard.Action{agentRead(p)} }},
	{"read_file", func(p, _ string) map[string]any { return map[string]any{"path": p} },
		func(p, _ string) []guard.Action { return []guard.Action{agentRead(p)} }},
	{"read_media_file", func(p, _ string) map[string]any { return map[string]any{"path": p} },
		func(p, _ string) []guard.Action { return []guard.Action{agentRead(p)} }},
	{"read_multiple_files", func(p, q string) map[string]any { return map[string]any{"paths": []any{q, p}} },
		func(p, q string) []guard.Action { return []guard.Action{agentRead(p), agentRead(q)} }},
	{"write_file", func(p, _ string) map[string]any { return map[string]any{"path": p, "content": "alias ll='ls -la'\n"} },
		func(p, _ string) []guard.Action { return []guard.Action{agentWrite(p)} }},
	{"edit_file", func(p, _ string) map[string]any {
		return map[string]any{"path": p, "edits": []any{map[string]any{"oldText": "/etc/hosts", "newText": "~/.ssh/id_rsa"}}, "dryRun": false}
	}, func(p, _ string) []guard.Action {
		return []guard.Action{{Tool: "Edit", Input: map[string]any{"file_path": p, "old_string": "/etc/hosts", "new_string": "~/.ssh/id_rsa"}}}
	}},
	{"create_directory", func(p, _ string) map[string]any { return map[string]any{"path": p} },
		func(p, _ string) []guard.Action { return []guard.Action{agentWrite(p)} }},
	{"list_directory", func(p, _ string) map[string]any { return map[string]any{"path": p} },
		func(p, _ string) []guard.Action { return []guard.Action{agentList(p)} }},
	{"list_directory_with_sizes", func(p, _ string) map[string]any { return map[string]any{"path": p, "sortBy": "size"} },
		func(p, _ string) []guard.Action { return []guard.Action{agentList(p)} }},
	{"directory_tree", func(p, _ string) map[string]any {
		return map[string]any{"path": p, "excludePatterns": []any{"node_modules"}}
	},
		func(p, _ string) []guard.Action { return []guard.Action{agentList(p)} }},
	{"move_file", func(p, q string) map[string]any { return map[string]any{"source": q, "destination": p} },
		func(p, q string) []guard.Action { return []guard.Action{agentWrite(p), agentRead(q), agentWrite(q)} }},
	{"move_file", func(p, q string) map[string]any { return map[string]any{"source": p, "destination": q} },
		func(p, q string) []guard.Action { return []guard.Action{agentRead(p), agentWrite(p), agentWrite(q)} }},
	{"search_files", func(p, _ string) map[string]any { return map[string]any{"path": p, "pattern": "*.go"} },
		func(p, _ string) []guard.Action {
			return []guard.Action{{Tool: "Glob", Input: map[string]any{"path": p, "pattern": "*.go"}}}
		}},
	{"get_file_info", func(p, _ string) map[string]any { return map[string]any{"path": p} },
		func(p, _ string) []guard.Action { return []guard.Action{agentList(p)} }},
}

// fsPath is a class of path, with the least and the most the verdict may
// be for a read and for a write: the agent's own tools give the same.
type fsPath struct {
	class, path        string
	readMin, readMax   guard.Verdict
	writeMin, writeMax guard.Verdict
}

const (
	fsHome = "/home/dev"
	fsCwd  = "/home/dev/project"
)

var fsPaths = []fsPath{
	{"workspace file", "/home/dev/project/src/main.go", guard.Allow, guard.Allow, guard.Allow, guard.Allow},
	{"workspace file, relative", "src/main.go", guard.Allow, guard.Allow, guard.Allow, guard.Allow},
	{"workspace file, file:// URL", "file:///home/dev/project/README.md", guard.Allow, guard.Allow, guard.Allow, guard.Allow},
	{"secret file", "/home/dev/.aws/credentials", guard.Notify, guard.Block, guard.Approve, guard.Block},
	{"secret file, in the home", "~/.aws/credentials", guard.Notify, guard.Block, guard.Approve, guard.Block},
	{"secret file, environment", "/home/dev/project/.env", guard.Notify, guard.Block, guard.Allow, guard.Block},
	{"key file", "/home/dev/.ssh/id_rsa", guard.Confirm, guard.Block, guard.Approve, guard.Block},
	{"key file, in the home", "~/.ssh/id_ed25519", guard.Confirm, guard.Block, guard.Approve, guard.Block},
	{"authorized keys", "/home/dev/.ssh/authorized_keys", guard.Allow, guard.Block, guard.Approve, guard.Block},
	{"system file", "/etc/passwd", guard.Allow, guard.Block, guard.Block, guard.Block},
	{"system password file", "/etc/shadow", guard.Confirm, guard.Block, guard.Block, guard.Block},
	{"start-up file", "/home/dev/.bashrc", guard.Allow, guard.Notify, guard.Approve, guard.Block},
	{"start-up file, in the home", "~/.zshrc", guard.Allow, guard.Notify, guard.Approve, guard.Block},
	{"agent settings", "/home/dev/project/.claude/settings.json", guard.Allow, guard.Notify, guard.Approve, guard.Block},
	{"git hook", "/home/dev/project/.git/hooks/pre-commit", guard.Allow, guard.Notify, guard.Approve, guard.Block},
	{"outside the workspace", "/home/dev/other/notes.txt", guard.Allow, guard.Notify, guard.Notify, guard.Notify},
	{"actionguard's policy", "/home/dev/.config/actionguard/actionguard.yaml", guard.Allow, guard.Block, guard.Approve, guard.Block},
}

// fsPrefixes are the ways a client names the server's tools.
var fsPrefixes = []string{"mcp__filesystem__", "mcp__server-filesystem__", "filesystem.", "filesystem/", ""}

// TestFilesystemMCP: every tool of the reference filesystem MCP server,
// on every class of path, named every way a client names it, gets the
// verdict the agent's own Read, Write, Edit, LS and Glob get for what it
// does, and that verdict is within the class's bounds (a key read is
// never unattended, a write to a system or start-up file never runs
// without a person; a workspace file runs).
func TestFilesystemMCP(t *testing.T) {
	g := guard.New(guard.WithHome(fsHome))
	ctx := guard.Context{Application: guard.AppCodingAgent, Cwd: fsCwd, Home: fsHome}
	other := "/home/dev/project/docs/notes.md" // the second path of a move or a multiple read: a workspace file
	for _, ft := range fsTools {
		for _, fp := range fsPaths {
			var want guard.Verdict
			for _, a := range ft.same(fp.path, other) {
				a.Context = ctx
				d := check(t, g, a)
				if want == "" || d.Verdict.Stricter(want) {
					want = d.Verdict
				}
			}
			writes := ft.name == "write_file" || ft.name == "edit_file" || ft.name == "create_directory" || ft.name == "move_file"
			lo, hi := fp.readMin, fp.readMax
			if writes {
				lo, hi = fp.writeMin, fp.writeMax
			}
			for _, pre := range fsPrefixes {
				a := guard.Action{Tool: pre + ft.name, Input: ft.input(fp.path, other), Context: ctx}
				d := check(t, g, a)
				what := fmt.Sprintf("%s %v (%s)", a.Tool, a.Input, fp.class)
				if d.Verdict != want {
					t.Errorf("%s: %s, the agent's own tools: %s (%s)", what, d.Verdict, want, d.Reason)
				}
				if lo.Stricter(d.Verdict) || d.Verdict.Stricter(hi) {
					t.Errorf("%s: %s, want %s to %s (%s)", what, d.Verdict, lo, hi, d.Reason)
				}
			}
		}
	}
}

// TestFilesystemMCPAllowedDirectories: the one tool without a path reads
// only the server's configuration.
func TestFilesystemMCPAllowedDirectories(t *testing.T) {
	g := guard.New(guard.WithHome(fsHome))
	for _, pre := range fsPrefixes {
		d := check(t, g, guard.Action{Tool: pre + "list_allowed_directories", Input: map[string]any{}, Context: guard.Context{Cwd: fsCwd, Home: fsHome}})
		if !d.Verdict.Allowed() {
			t.Errorf("%slist_allowed_directories: %s (%s)", pre, d.Verdict, d.Reason)
		}
	}
}
