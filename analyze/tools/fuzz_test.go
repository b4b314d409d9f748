package tools

import (
	"encoding/json"
	"slices"
	"testing"
)

// FuzzAnalyze feeds tool names and JSON inputs: Analyze must not panic,
// must return a known class, and must keep the package's hard lines (a
// read is safe, a deletion and an unknown verb are never silently allowed).
func FuzzAnalyze(f *testing.F) {
	f.Add("GmailSendEmail", `{"to":"bob@acme.com","subject":"hi"}`, "send bob an email")
	f.Add("BankManagerTransferFunds", `{"amount":"$1,200.50","to_account_number":"9"}`, "")
	f.Add("mcp__github__delete_file", `{"path":"/","force":true}`, "delete it")
	f.Add("HTTPRequest", `{"method":"DELETE","url":"https://x"}`, "")
	f.Add("send_money", `{"recipient":"GB29NWBK60161331926819","amount":45}`, "don't pay anyone, how much would it cost? I'll do it myself")
	f.Add("update_branch_protection", `{"enforce_admins":false,"visibility":"public","new_password":"x"}`, "write a tweet but don't post it")
	ids := map[string]bool{}
	for _, r := range Rules() {
		ids[r.ID] = true
	}
	f.Fuzz(func(t *testing.T, name, input, message string) {
		var in map[string]any
		_ = json.Unmarshal([]byte(input), &in)
		opt := Options{}
		if message != "" {
			opt.UserMessages = []string{message}
			// The same call earlier in the session, returning the message.
			opt.History = []Call{{Tool: name, Input: in, Observation: message}, {Tool: "get_transactions", Observation: message}}
		}
		res := Analyze(name, in, opt)
		if !slices.Contains(classes, res.Class) {
			t.Fatalf("class %q", res.Class)
		}
		if res.Score < 0 {
			t.Fatalf("score %d", res.Score)
		}
		switch res.Effect {
		case EffectRead:
			if res.Class != ClassSafe {
				t.Fatalf("read classified %s", res.Class)
			}
		case EffectDelete, EffectGrant, EffectUnlock:
			if rank(res.Class) < rank(ClassPrivileged) {
				t.Fatalf("%s classified %s", res.Effect, res.Class)
			}
		case EffectUnknown:
			if res.Class == ClassSafe {
				t.Fatal("unknown verb classified safe")
			}
		}
		if res.Effect == EffectPayment && res.Amount > 500 && rank(res.Class) < rank(ClassPrivileged) {
			t.Fatalf("payment of %v classified %s", res.Amount, res.Class)
		}
		for _, fd := range res.Findings {
			if !ids[fd.Rule] {
				t.Fatalf("unregistered rule %s", fd.Rule)
			}
		}
	})
}
