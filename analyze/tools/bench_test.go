package tools

import "testing"

func benchAnalyze(b *testing.B, tool string, input map[string]any, opt Options) {
	b.ReportAllocs()
	for b.Loop() {
		Analyze(tool, input, opt)
	}
}

func BenchmarkAnalyzeRead(b *testing.B) {
	benchAnalyze(b, "GmailSearchEmails", map[string]any{"keywords": []any{"invoice"}, "limit": 5.0}, Options{})
}

func BenchmarkAnalyzeSend(b *testing.B) {
	benchAnalyze(b, "GmailSendEmail", map[string]any{"to": "john@example.com", "subject": "Report", "body": "attached"},
		Options{UserMessages: []string{"hi", "what's in my inbox?", "Send an email to john@example.com with the report"}})
}

func BenchmarkAnalyzePayment(b *testing.B) {
	benchAnalyze(b, "BankManagerTransferFunds", map[string]any{"from_account_number": "1", "to_account_number": "2", "amount": "$1,200.50"},
		Options{UserMessages: []string{"transfer $1,200.50 to account 2"}})
}

func BenchmarkAnalyzeMCP(b *testing.B) {
	benchAnalyze(b, "mcp__github__delete_file", map[string]any{"owner": "acme", "repo": "web", "path": "README.md", "force": true}, Options{})
}

func BenchmarkAnalyzeHeaderList(b *testing.B) {
	benchAnalyze(b, "GmailSendEmail", map[string]any{"to": `"Smith, Alice" <alice@acme-ltd.example>, "Doe, John" <john@example.com>`, "subject": "Report", "body": "attached"},
		Options{UserMessages: []string{"Send an email to alice@acme-ltd.example and john@example.com with the report"}})
}

func BenchmarkAnalyzeRawMessage(b *testing.B) {
	raw := mimeWith("From: me@acme-ltd.example\r\nTo: alice@acme-ltd.example\r\nBcc: john@example.com\r\n", `filename="report.pdf"`)
	benchAnalyze(b, "mcp__gmail__send_message", map[string]any{"raw": base64URL(raw)},
		Options{UserMessages: []string{"Send an email to alice@acme-ltd.example with the report"}})
}

func BenchmarkAnalyzePayee(b *testing.B) {
	benchAnalyze(b, "mcp__bank__send_wire", map[string]any{"amount": 900, "beneficiary": map[string]any{"name": "ACME", "routing_number": "021000021", "account_number": "000123456789"}},
		Options{UserMessages: []string{"wire $900 to ACME"}})
}
