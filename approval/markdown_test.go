package approval_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/approval"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestMarkdownGolden renders every request of testdata/requests (a
// request as the store returns it) and compares it with its .md file.
func TestMarkdownGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/requests/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no requests in testdata/requests: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var r approval.Request
			if err := json.Unmarshal(data, &r); err != nil {
				t.Fatal(err)
			}
			server := ""
			if name == "email" {
				server = "https://approvals.example.com/"
			}
			got := approval.MarkdownLinked(&r, server)
			golden := strings.TrimSuffix(f, ".json") + ".md"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", golden, diff)
			}
		})
	}
}

// TestDescribe checks the one-sentence headlines of the kinds of action.
func TestDescribe(t *testing.T) {
	tests := []struct {
		action string
		want   string
	}{
		{`{"tool":"transfer_funds","input":{"amount":820,"currency":"USD","payee":"ACME Ltd"}}`, "Pay $820.00 to ACME Ltd."},
		{`{"tool":"transfer_funds","input":{"amount":"1250.5","currency":"eur","to":"Jane Roe"}}`, "Pay €1,250.50 to Jane Roe."},
		{`{"tool":"BinanceWithdraw","input":{"coin":"BTC","amount":0.25,"destination_address":"bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh"}}`, "Pay 0.25 BTC to bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh."},
		{`{"tool":"GmailSendEmail","input":{"to":"a****@example.com","subject":"Q3 report"}}`, "Send an e-mail to a****@example.com with the subject “Q3 report”."},
		{`{"tool":"Bash","input":{"command":"rm -rf build/"}}`, "Run `rm -rf build/`."},
		{`{"tool":"Bash","input":{"command":"cat <<'EOF' > x\na\nEOF"},"context":{"cwd":"/srv"}}`, "Run a 3-line shell script that starts with `cat <<'EOF' > x …` in `/srv`."},
		{"{\"tool\":\"Bash\",\"input\":{\"command\":\"echo `date`\"}}", "Run `` echo `date` ``."},
		{`{"tool":"Write","input":{"file_path":"/etc/hosts","content":"x"}}`, "Write the file `/etc/hosts`."},
		{`{"tool":"WebFetch","input":{"url":"https://example.com/a"}}`, "Fetch https://example.com/a."},
		{`{"tool":"http_request","input":{"url":"https://api.example.com/v1/users","method":"delete"}}`, "Send a DELETE request to https://api.example.com/v1/users."},
		{`{"tool":"post_on_x","input":{"text":"Hello, world"}}`, "Publish a post on X: “Hello, world”."},
		{`{"tool":"mcp__slack__post_message","input":{"channel":"#team","text":"Deploy at 5"}}`, "Send a message to #team: “Deploy at 5”."},
		{`{"tool":"mcp__db__delete_database","input":{"name":"customers"}}`, "Call `mcp__db__delete_database`, which deletes, with name=customers."},
		{`{"text":"delete all my drafts"}`, "Act on the request “delete all my drafts”."},
		{`{"tool":"sql","input":{"query":"DELETE FROM orders"}}`, "Run the SQL statement `DELETE FROM orders`."},
	}
	for _, tt := range tests {
		r := &approval.Request{Action: json.RawMessage(tt.action)}
		if got := approval.Describe(r).Headline; got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.action, got, tt.want)
		}
	}
}
