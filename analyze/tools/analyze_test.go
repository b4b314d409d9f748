package tools

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
)

// toolCase is one line of testdata/tools.jsonl.
type toolCase struct {
	Tool         string         `json:"tool"`
	Input        map[string]any `json:"input"`
	UserMessages []string       `json:"user_messages"`
	Application  string         `json:"application"`
	History      []struct {
		Tool        string         `json:"tool"`
		Input       map[string]any `json:"input"`
		Observation string         `json:"observation"`
	} `json:"history"`
	Class  string `json:"class"`
	Effect string `json:"effect"`
	line   int
}

func (c toolCase) options() Options {
	opt := Options{UserMessages: c.UserMessages, Application: c.Application}
	for _, h := range c.History {
		opt.History = append(opt.History, Call{Tool: h.Tool, Input: h.Input, Observation: h.Observation})
	}
	return opt
}

func readCases(t testing.TB) []toolCase {
	t.Helper()
	f, err := os.Open("testdata/tools.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []toolCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		var c toolCase
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatalf("tools.jsonl:%d: %v", n, err)
		}
		c.line = n
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

var classes = []string{ClassSafe, ClassCautious, ClassPrivileged, ClassDangerous}

// TestToolCases runs the labelled corpus: every case must get its class
// (and its effect when given), and the seed's hard lines hold: no read
// above safe, every deletion and every payment over $500 at least
// privileged. Precision and recall per class are printed.
func TestToolCases(t *testing.T) {
	cases := readCases(t)
	if len(cases) < 150 {
		t.Errorf("corpus has %d cases, want at least 150", len(cases))
	}
	confusion := map[[2]string]int{}
	for _, c := range cases {
		res := Analyze(c.Tool, c.Input, c.options())
		confusion[[2]string{c.Class, res.Class}]++
		where := fmt.Sprintf("tools.jsonl:%d %s %v", c.line, c.Tool, c.Input)
		if res.Class != c.Class {
			t.Errorf("%s: class %s (score %d, effect %s, %s), want %s", where, res.Class, res.Score, res.Effect, ruleIDs(res), c.Class)
		}
		if c.Effect != "" && res.Effect != c.Effect {
			t.Errorf("%s: effect %s, want %s", where, res.Effect, c.Effect)
		}
		if res.Effect == EffectRead && res.Class != ClassSafe {
			t.Errorf("%s: a read classified %s", where, res.Class)
		}
		if (res.Effect == EffectDelete || res.Effect == EffectPayment && res.USD > 500) && rank(res.Class) < rank(ClassPrivileged) {
			t.Errorf("%s: %s classified %s, want at least privileged", where, res.Effect, res.Class)
		}
	}
	var report strings.Builder
	fmt.Fprintf(&report, "%-11s %9s %7s %5s\n", "class", "precision", "recall", "n")
	for _, cl := range classes {
		tp, predicted, actual := confusion[[2]string{cl, cl}], 0, 0
		for _, o := range classes {
			predicted += confusion[[2]string{o, cl}]
			actual += confusion[[2]string{cl, o}]
		}
		fmt.Fprintf(&report, "%-11s %9s %7s %5d\n", cl, ratio(tp, predicted), ratio(tp, actual), actual)
	}
	t.Logf("%d tool calls\n%s", len(cases), report.String())
}

func ratio(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}

func TestSplitName(t *testing.T) {
	for name, want := range map[string]string{
		"GmailSendEmail":            "gmail send email",
		"BankManagerTransferFunds":  "bank manager transfer funds",
		"AugustSmartLockUnlockDoor": "august smart lock unlock door",
		"delete_repository":         "delete repository",
		"post_on_x":                 "post on x",
		"send-email":                "send email",
		"mcp__github__create_issue": "create issue",
		"HTTPRequest":               "http request",
		"getHTTPResponseCode":       "get http response code",
		"The23andMeGetGeneticData":  "the 23 and me get genetic data",
		"mcp__server":               "server",
		"":                          "",
		"__":                        "",
	} {
		if got := strings.Join(splitName(name), " "); got != want {
			t.Errorf("splitName(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestVerbsAndObjects(t *testing.T) {
	res := Analyze("AugustSmartLockUnlockDoor", nil, Options{})
	if strings.Join(res.Verbs, ",") != "unlock" || strings.Join(res.Objects, ",") != "lock,door" {
		t.Errorf("verbs %v objects %v", res.Verbs, res.Objects)
	}
	res = Analyze("mcp__github__create_issue", nil, Options{})
	if strings.Join(res.Verbs, ",") != "create" || strings.Join(res.Objects, ",") != "issue" {
		t.Errorf("mcp: verbs %v objects %v", res.Verbs, res.Objects)
	}
}

func TestArguments(t *testing.T) {
	res := Analyze("VenmoSendMoney", map[string]any{"recipient": "alice, bob", "amount": "$1,200.50"}, Options{})
	if res.Amount != 1200.5 || res.Currency != "USD" || strings.Join(res.Recipients, ",") != "alice,bob" {
		t.Errorf("amount %v %q recipients %v", res.Amount, res.Currency, res.Recipients)
	}
	res = Analyze("BinanceWithdraw", map[string]any{"amount": "0.5 BTC"}, Options{})
	if res.Amount != 0.5 || res.Currency != "BTC" {
		t.Errorf("crypto amount %v %q", res.Amount, res.Currency)
	}
	for _, s := range []string{"", "abc", "$", "1e999999", "..", "1,", "-5 EUR"} {
		parseMoney(s) // must not panic
	}
}

func TestUserMessagesWindow(t *testing.T) {
	msgs := []string{"send alice $20", "a", "b", "c", "d", "e"}
	res := Analyze("VenmoSendMoney", map[string]any{"recipient": "alice", "amount": 20}, Options{UserMessages: msgs})
	if res.UserAsked {
		t.Error("a request six messages back still counted")
	}
	res = Analyze("VenmoSendMoney", map[string]any{"recipient": "alice", "amount": 20}, Options{UserMessages: msgs[:5]})
	if !res.UserAsked {
		t.Errorf("request in the last five not counted: %s", ruleIDs(res))
	}
}

func TestConcurrent(t *testing.T) {
	cases := readCases(t)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, c := range cases {
				Analyze(c.Tool, c.Input, c.options())
			}
		}()
	}
	wg.Wait()
}

// TestAskVerbs keeps askVerbs, the words that start a clause's action, in
// step with askWords.
func TestAskVerbs(t *testing.T) {
	for eff, ws := range askWords() {
		for _, w := range ws {
			if w != "write" && !strings.Contains(w, " ") && !askVerbs()[w] {
				t.Errorf("askWords()[%s] has %q, missing from askVerbs", eff, w)
			}
		}
	}
}

// TestUserMessagePolarity: what the user said not to do, asked about or
// only wanted drafted is not a request.
func TestUserMessagePolarity(t *testing.T) {
	send := map[string]any{"to": "bob@acme.com", "subject": "Update", "body": "x"}
	for _, c := range []struct {
		msgs  []string
		asked bool
		rule  string
	}{
		{[]string{"send the update to bob"}, true, "tool.context.user-asked"},
		{[]string{"Could you email bob the update?"}, true, "tool.context.user-asked"},
		{[]string{"don't forget to email bob the update"}, true, "tool.context.user-asked"},
		{[]string{"don't send anything to bob"}, false, "tool.context.user-declined"},
		{[]string{"Do NOT email Bob."}, false, "tool.context.user-declined"},
		{[]string{"I never want you to email bob without asking"}, false, "tool.context.user-declined"},
		{[]string{"don't email bob yet", "ok, now send bob the update"}, true, "tool.context.user-asked"},
		{[]string{"send bob the update", "wait, don't send it to bob"}, false, "tool.context.user-declined"},
		{[]string{"How do I send an email to bob?"}, false, "tool.context.unrequested"},
		{[]string{"what would happen if I emailed bob the update?"}, false, "tool.context.unrequested"},
		{[]string{"Should I send bob the update?"}, false, "tool.context.unrequested"},
		{[]string{"draft an email to bob about the update"}, false, "tool.context.unrequested"},
		{[]string{"write an email to bob and send it"}, true, "tool.context.user-asked"},
		{[]string{"send the update to alice, not bob"}, false, "tool.context.unrequested"},
		{[]string{"write an email to bob about the update, I'll send it myself"}, false, "tool.context.unrequested"},
		{[]string{"let me send the update to bob"}, false, "tool.context.unrequested"},
		{[]string{"I'll need you to send the update to bob"}, true, "tool.context.user-asked"},
		{[]string{"if bob hasn't replied by noon, send him the update"}, true, "tool.context.user-asked"},
		{[]string{"If I emailed bob the update, would he read it?"}, false, "tool.context.unrequested"},
		{[]string{"is bob's address bob@acme.com?", "ok, send him the update"}, true, "tool.context.user-asked"},
	} {
		res := Analyze("GmailSendEmail", send, Options{UserMessages: c.msgs})
		if res.UserAsked != c.asked || !hasRule(res, c.rule) {
			t.Errorf("%q: asked %v (%s), want %v with %s", c.msgs, res.UserAsked, ruleIDs(res), c.asked, c.rule)
		}
	}
}

// TestPayeeHistory: with payment history in the session, a payee it never
// names is new (approval); one it names is known; without payment history
// (and without a contact book) nothing is known, and the payee is graded
// as new too (when uncertain, require approval).
func TestPayeeHistory(t *testing.T) {
	ledger := Call{Tool: "get_most_recent_transactions", Input: map[string]any{"n": 5.0},
		Observation: "- id: 1\n  recipient: GB29NWBK60161331926819\n  amount: 20.0\n  subject: spotify"}
	paid := Call{Tool: "BankManagerTransferFunds", Input: map[string]any{"to_account_number": "555", "amount": 30.0}, Observation: "success"}
	weather := Call{Tool: "get_current_weather", Input: map[string]any{"location": "Paris"}, Observation: "sunny"}
	for _, c := range []struct {
		tool    string
		input   map[string]any
		history []Call
		class   string
		rule    string
	}{
		{"send_money", map[string]any{"recipient": "GB29NWBK60161331926819", "amount": 20.0}, []Call{ledger}, ClassSafe, "tool.payment.known-payee"},
		{"send_money", map[string]any{"recipient": "US133000000121212121212", "amount": 20.0}, []Call{ledger}, ClassPrivileged, "tool.payment.new-payee"},
		{"BankManagerTransferFunds", map[string]any{"to_account_number": "555", "amount": 30.0}, []Call{paid}, ClassSafe, "tool.payment.known-payee"},
		{"BankManagerTransferFunds", map[string]any{"to_account_number": "555", "amount": 130.0}, []Call{paid}, ClassCautious, "tool.payment.known-payee"},
		{"BankManagerTransferFunds", map[string]any{"to_account_number": "777", "amount": 30.0}, []Call{paid}, ClassPrivileged, "tool.payment.new-payee"},
		{"BankManagerTransferFunds", map[string]any{"to_account_number": "777", "amount": 30.0}, []Call{weather}, ClassPrivileged, "tool.payment.new-payee"},
		{"BankManagerTransferFunds", map[string]any{"to_account_number": "555", "amount": 900.0}, []Call{paid}, ClassPrivileged, "tool.payment.large"},
	} {
		res := Analyze(c.tool, c.input, Options{History: c.history})
		if res.Class != c.class || !hasRule(res, c.rule) {
			t.Errorf("%s %v: %s (%s), want %s with %s", c.tool, c.input, res.Class, ruleIDs(res), c.class, c.rule)
		}
	}
}
