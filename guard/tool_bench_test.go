package guard_test

import (
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// typicalToolCalls are generic and MCP tool calls: lookups, messages, a
// payment, and the filesystem server's reads and writes (with the schema
// the proxy passes on).
var typicalToolCalls = []guard.Action{
	{Tool: "GmailSearchEmails", Input: map[string]any{"keywords": []any{"invoice"}, "limit": 5}},
	{Tool: "GetSmsMessages", Input: map[string]any{"phone": "+15551234567"}},
	{Tool: "weather_forecast", Input: map[string]any{"city": "Paris"}, Context: guard.Context{Application: guard.AppAssistant}},
	{Tool: "SlackSendMessage", Input: map[string]any{"recipient": "#general", "message": "Standup at 10"}},
	{Tool: "BankManagerTransferFunds", Input: map[string]any{"amount": 2500, "to_account_number": "123-456"}},
	{Tool: "mcp__filesystem__read_text_file", Input: map[string]any{"path": "/home/dev/project/README.md"}, Schema: map[string]any{"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}},
		Context: guard.Context{Cwd: "/home/dev/project"}},
	{Tool: "mcp__filesystem__write_file", Input: map[string]any{"path": "/home/dev/.bashrc", "content": "alias ll='ls -la'"}, Context: guard.Context{Cwd: "/home/dev/project"}},
	{Tool: "mcp__filesystem__read_multiple_files", Input: map[string]any{"paths": []any{"src/a.go", "/home/dev/.ssh/id_rsa"}}, Context: guard.Context{Cwd: "/home/dev/project"}},
	{Tool: "web_search", Input: map[string]any{"query": "weather in Paris"}},
	{Tool: "fake_review_writer", Input: map[string]any{"product": "x", "count": 50}},
}

// BenchmarkCheckToolCalls is guard.Check over generic and MCP tool calls
// (the budget: ≤ 15 µs per call).
func BenchmarkCheckToolCalls(b *testing.B) { benchActions(b, typicalToolCalls) }
