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
	Class        string         `json:"class"`
	Effect       string         `json:"effect"`
	line         int
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
		res := Analyze(c.Tool, c.Input, Options{UserMessages: c.UserMessages, Application: c.Application})
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
		if (res.Effect == EffectDelete || res.Effect == EffectPayment && res.Amount > 500) && rank(res.Class) < rank(ClassPrivileged) {
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
				Analyze(c.Tool, c.Input, Options{UserMessages: c.UserMessages})
			}
		}()
	}
	wg.Wait()
}
