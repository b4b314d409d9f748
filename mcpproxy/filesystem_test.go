package mcpproxy_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/mcpproxy"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The reference filesystem MCP server's tools (@modelcontextprotocol/server-filesystem),
// with the input schemas it publishes in tools/list.
var fsServerTools = []struct{ name, schema string }{
	{"read_text_file", `{"path":{"type":"string"},"tail":{"type":"number","description":"If provided, returns only the last N lines of the file"},"head":{"type":"number","description":"If provided, returns only the first N lines of the file"}}`},
	{"read_file", `{"path":{"type":"string"},"tail":{"type":"number"},"head":{"type":"number"}}`},
	{"read_media_file", `{"path":{"type":"string"}}`},
	{"read_multiple_files", `{"paths":{"type":"array","items":{"type":"string"}}}`},
	{"write_file", `{"path":{"type":"string"},"content":{"type":"string"}}`},
	{"edit_file", `{"path":{"type":"string"},"edits":{"type":"array","items":{"type":"object","properties":{"oldText":{"type":"string","description":"Text to search for - must match exactly"},"newText":{"type":"string","description":"Text to replace with"}}}},"dryRun":{"type":"boolean","description":"Preview changes using git-style diff format"}}`},
	{"create_directory", `{"path":{"type":"string"}}`},
	{"list_directory", `{"path":{"type":"string"}}`},
	{"list_directory_with_sizes", `{"path":{"type":"string"},"sortBy":{"type":"string","enum":["name","size"],"description":"Sort entries by name or size"}}`},
	{"directory_tree", `{"path":{"type":"string"},"excludePatterns":{"type":"array","items":{"type":"string"}}}`},
	{"move_file", `{"source":{"type":"string"},"destination":{"type":"string"}}`},
	{"search_files", `{"path":{"type":"string"},"pattern":{"type":"string"},"excludePatterns":{"type":"array","items":{"type":"string"}}}`},
	{"get_file_info", `{"path":{"type":"string"}}`},
	{"list_allowed_directories", `{}`},
}

// A tool of another server whose argument's name says nothing: only its
// schema tells that it is a path.
const openItemSchema = `{"location":{"type":"string","description":"Path of the file to open, relative to the allowed directory"}}`

// serveFilesystem serves the reference filesystem server's tools over
// stdio under its name, appending every call it receives to callsFile
// (it touches no file: what matters is which calls reach it).
func serveFilesystem(callsFile string) error {
	s := mcp.NewServer(&mcp.Implementation{Name: "secure-filesystem-server", Version: "0.2.0"}, nil)
	for _, tl := range fsServerTools {
		schema := json.RawMessage(`{"type":"object","properties":` + tl.schema + `}`)
		s.AddTool(&mcp.Tool{Name: tl.name, Description: "The reference filesystem server's " + tl.name + ".", InputSchema: schema}, recordCall(callsFile, tl.name))
	}
	s.AddTool(&mcp.Tool{Name: "open_item", Description: "Open an item.", InputSchema: json.RawMessage(`{"type":"object","properties":` + openItemSchema + `}`)},
		recordCall(callsFile, "open_item"))
	return s.Run(context.Background(), &mcp.StdioTransport{})
}

// callsMu orders the test servers' appends to their calls file.
var callsMu sync.Mutex

// recordCall is a test server's tool: it appends the call to callsFile
// and echoes it.
func recordCall(callsFile, name string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		callsMu.Lock()
		defer callsMu.Unlock()
		f, err := os.OpenFile(callsFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(f, "%s %s\n", name, req.Params.Arguments)
		f.Close()
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: name + " " + string(req.Params.Arguments)}}}, nil
	}
}

// TestFilesystemServerSchema: the proxy keeps the input schema each tool
// published in tools/list and the guard reads the roles of arguments from
// it: a key named by an argument called "location" is held only because
// the schema says it is a path.
func TestFilesystemServerSchema(t *testing.T) {
	const home, cwd = "/home/dev", "/home/dev"
	ctx := guard.Context{Cwd: cwd, Home: home, Application: guard.AppCodingAgent}
	h := startServer(t, "MCPPROXY_TEST_FS_SERVER", mcpproxy.WithContext(ctx))
	if _, err := h.client.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	args := map[string]any{"location": ".ssh/id_rsa"}
	// Without the schema the argument is nothing the guard knows.
	d := check(t, guard.New(guard.WithHome(home)), guard.Action{Tool: "mcp__secure-filesystem-server__open_item", Input: args, Context: ctx})
	if !d.Verdict.Allowed() {
		t.Fatalf("without a schema: %s (%s); the test needs an argument only the schema names", d.Verdict, d.Reason)
	}
	res := h.call(t, "open_item", args)
	if !res.IsError || len(h.seen(t)) != 0 {
		t.Errorf("open_item of a key through the proxy reached the server: %s", text(res))
	}
	// The twin: a workspace file.
	if res := h.call(t, "open_item", map[string]any{"location": "notes/todo.md"}); res.IsError {
		t.Errorf("open_item of a workspace file: %s", text(res))
	}
}

// TestFilesystemServer: every tool of the reference filesystem server ×
// (workspace file, secret file, key file, system file, start-up file,
// outside the workspace) through the proxy. What reaches the server is
// what the guard lets run when checking the same call (with the schema
// the server published), and the table's floors hold: a key is never
// read unattended; a system, credential or start-up file is never written
// unattended; the workspace file is read and written.
func TestFilesystemServer(t *testing.T) {
	const home, cwd = "/home/dev", "/home/dev/project"
	ctx := guard.Context{Cwd: cwd, Home: home, Application: guard.AppCodingAgent}
	h := startServer(t, "MCPPROXY_TEST_FS_SERVER", mcpproxy.WithContext(ctx))
	g := guard.New(guard.WithHome(home))

	// What the server listed is what the guard is told.
	lt, err := h.client.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	schemas := map[string]map[string]any{}
	for _, tl := range lt.Tools {
		b, _ := json.Marshal(tl.InputSchema)
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		schemas[tl.Name] = m
	}
	if len(schemas) != len(fsServerTools)+1 { // and open_item
		t.Fatalf("the server listed %d tools, want %d", len(schemas), len(fsServerTools)+1)
	}

	classes := []struct {
		class, path     string
		read, write     bool // the call reaches the server (runs unattended)
		readMay, writes bool // when set, the table does not fix it; the guard's own verdict does
	}{
		{class: "workspace file", path: cwd + "/src/main.go", read: true, write: true},
		{class: "secret file", path: home + "/.aws/credentials", read: true, write: false},
		{class: "key file", path: home + "/.ssh/id_rsa", read: false, write: false},
		{class: "system file", path: "/etc/passwd", read: true, write: false},
		{class: "start-up file", path: home + "/.bashrc", read: true, write: false},
		{class: "outside the workspace", path: home + "/other/notes.txt", read: true, write: true},
	}
	other := cwd + "/docs/notes.md"
	inputs := map[string]func(p string) map[string]any{
		"read_text_file":      func(p string) map[string]any { return map[string]any{"path": p, "head": 5} },
		"read_file":           func(p string) map[string]any { return map[string]any{"path": p} },
		"read_media_file":     func(p string) map[string]any { return map[string]any{"path": p} },
		"read_multiple_files": func(p string) map[string]any { return map[string]any{"paths": []any{other, p}} },
		"write_file":          func(p string) map[string]any { return map[string]any{"path": p, "content": "x\n"} },
		"edit_file": func(p string) map[string]any {
			return map[string]any{"path": p, "edits": []any{map[string]any{"oldText": "a", "newText": "b"}}}
		},
		"create_directory":          func(p string) map[string]any { return map[string]any{"path": p} },
		"list_directory":            func(p string) map[string]any { return map[string]any{"path": p} },
		"list_directory_with_sizes": func(p string) map[string]any { return map[string]any{"path": p, "sortBy": "size"} },
		"directory_tree":            func(p string) map[string]any { return map[string]any{"path": p} },
		"move_file":                 func(p string) map[string]any { return map[string]any{"source": other, "destination": p} },
		"search_files":              func(p string) map[string]any { return map[string]any{"path": p, "pattern": "*.go"} },
		"get_file_info":             func(p string) map[string]any { return map[string]any{"path": p} },
	}
	writes := map[string]bool{"write_file": true, "edit_file": true, "create_directory": true, "move_file": true}
	reads := map[string]bool{"read_text_file": true, "read_file": true, "read_media_file": true, "read_multiple_files": true}
	n := 0
	for _, tl := range fsServerTools {
		in := inputs[tl.name]
		if in == nil {
			continue
		}
		for _, c := range classes {
			args := in(c.path)
			before := len(h.seen(t))
			res := h.call(t, tl.name, args)
			ran := len(h.seen(t)) > before
			n++
			what := fmt.Sprintf("%s %v (%s)", tl.name, args, c.class)
			d := check(t, g, guard.Action{Tool: "mcp__secure-filesystem-server__" + tl.name, Input: args, Context: ctx, Schema: schemas[tl.name]})
			if ran != d.Verdict.Allowed() {
				t.Errorf("%s: reached the server %v, the guard says %s (%s); result: %s", what, ran, d.Verdict, d.Reason, text(res))
			}
			if ran == res.IsError {
				t.Errorf("%s: reached the server %v, but the result's isError is %v: %s", what, ran, res.IsError, text(res))
			}
			switch {
			case writes[tl.name] && ran != c.write:
				t.Errorf("%s: reached the server %v, want %v (%s)", what, ran, c.write, text(res))
			case reads[tl.name] && ran != c.read:
				t.Errorf("%s: reached the server %v, want %v (%s)", what, ran, c.read, text(res))
			}
			if !ran && !strings.Contains(text(res), "actionguard") {
				t.Errorf("%s: held or blocked without saying so: %s", what, text(res))
			}
		}
	}
	res := h.call(t, "list_allowed_directories", map[string]any{})
	if res.IsError {
		t.Errorf("list_allowed_directories: %s", text(res))
	}
	t.Logf("%d calls through the proxy", n+1)
}

func check(t *testing.T, g *guard.Guard, a guard.Action) guard.Decision {
	t.Helper()
	d, err := g.Check(context.Background(), a)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
