package guard_test

import (
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// A database tool names its SQL argument as it likes ({"q": …}, {"stmt":
// …}, {"text": …}): a statement that destroys is held under every name,
// a read runs, and a tool that is not a database's is not read as SQL.
func TestSQLUnderAnyKey(t *testing.T) {
	g := guard.New(guard.WithHome("/home/dev"))
	tools := []string{"mcp__db__query", "mcp__postgres__query", "mcp__sqlite__read_query", "db_query_tool", "mcp__mysql__search", "DatabaseQuery", "mcp__warehouse__run_sql"}
	keys := []string{"q", "stmt", "text", "input", "sql_text", "command_text", "expression"}
	held := []string{"DROP TABLE users", "DELETE FROM orders", "TRUNCATE accounts CASCADE", "drop database prod;", "UPDATE users SET role = 'admin'"}
	reads := []string{"SELECT id, name FROM users LIMIT 10", "select count(*) from orders where day = current_date"}
	ctx := guard.Context{Cwd: "/home/dev/project", Home: "/home/dev"}
	n := 0
	for _, tool := range tools {
		for _, k := range keys {
			for _, q := range held {
				d := check(t, g, guard.Action{Tool: tool, Input: map[string]any{k: q, "limit": 10.0}, Context: ctx})
				if d.Verdict.Allowed() {
					t.Errorf("%s {%q: %q}: %s, want it held (%s)", tool, k, q, d.Verdict, d.Reason)
				}
				n++
			}
			for _, q := range reads {
				d := check(t, g, guard.Action{Tool: tool, Input: map[string]any{k: q}, Context: ctx})
				if !d.Verdict.Allowed() {
					t.Errorf("%s {%q: %q}: %s, want it to run (%s)", tool, k, q, d.Verdict, d.Reason)
				}
			}
		}
	}
	if n < 200 {
		t.Errorf("only %d cases", n)
	}
	// Not a database tool: the text is not SQL to it.
	for _, a := range []guard.Action{
		{Tool: "mcp__notes__search", Input: map[string]any{"q": "delete from the list"}},
		{Tool: "web_search", Input: map[string]any{"q": "DROP TABLE syntax postgres"}},
	} {
		a.Context = ctx
		if d := check(t, g, a); !d.Verdict.Allowed() {
			t.Errorf("%s %v: %s, want it to run (%s)", a.Tool, a.Input, d.Verdict, d.Reason)
		}
	}
}
