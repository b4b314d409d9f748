package privacy

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// piiCase is one line of testdata/pii/detect.txt: a text and the
// findings it must yield, as "type:value" in order.
type piiCase struct {
	line int
	text string
	want []string
}

// readPIICases parses testdata/pii/detect.txt: [[type:value]] marks a
// finding; the marks are removed from the text.
func readPIICases(t *testing.T) []piiCase {
	t.Helper()
	path := filepath.Join("testdata", "pii", "detect.txt")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []piiCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.ReplaceAll(line, `\n`, "\n")
		c := piiCase{line: n}
		var b strings.Builder
		for {
			i := strings.Index(line, "[[")
			if i < 0 {
				b.WriteString(line)
				break
			}
			for i+2 < len(line) && line[i+2] == '[' {
				i++ // "[[[ip:…]]]": the first bracket is text
			}
			j := strings.Index(line[i:], "]]")
			colon := strings.IndexByte(line[i:], ':')
			if j < 0 || colon < 0 || colon > j {
				t.Fatalf("%s:%d: unclosed or untyped [[mark]]", path, n)
			}
			b.WriteString(line[:i])
			c.want = append(c.want, line[i+2:i+j])
			b.WriteString(line[i+colon+1 : i+j])
			line = line[i+j+2:]
		}
		c.text = b.String()
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

func TestDetectPIICases(t *testing.T) {
	cases := readPIICases(t)
	if len(cases) < 100 {
		t.Fatalf("only %d cases read", len(cases))
	}
	for _, c := range cases {
		var got []string
		for _, f := range detectPII(c.text) {
			got = append(got, string(f.Type)+":"+c.text[f.Start:f.End])
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("detect.txt:%d %q (-want +got):\n%s", c.line, c.text, diff)
		}
	}
}

// TestDetectPIIFindings checks the contract of every finding on the case
// texts: in range, non-empty, sorted, not overlapping, named by a rule,
// confident between 0 and 1.
func TestDetectPIIFindings(t *testing.T) {
	for _, c := range readPIICases(t) {
		if err := checkFindings(c.text, detectPII(c.text)); err != nil {
			t.Errorf("detect.txt:%d: %v", c.line, err)
		}
	}
}

func checkFindings(text string, fs []Finding) error {
	prev := 0
	for _, f := range fs {
		switch {
		case f.Start < prev:
			return fmt.Errorf("%+v starts before the end of the previous finding (%d)", f, prev)
		case f.End <= f.Start || f.End > len(text):
			return fmt.Errorf("%+v out of range (len %d)", f, len(text))
		case f.Rule == "" || f.Confidence <= 0 || f.Confidence > 1:
			return fmt.Errorf("%+v lacks a rule or a confidence in (0, 1]", f)
		case f.Type.NeverSend():
			return fmt.Errorf("%+v: detectPII reported a secret type", f)
		}
		prev = f.End
	}
	return nil
}

// TestDetectPIIRules checks that the rule names are the documented ones.
func TestDetectPIIRules(t *testing.T) {
	known := map[string]Type{
		"phone-cn-mobile": Phone, "phone-e164": Phone, "phone-nanp": Phone, "phone-national": Phone, "phone-context": Phone,
		"email": Email, "luhn": Card, "bank-account": BankAccount, "iban": IBAN, "ipv4": IP, "ipv6": IP,
		"address-street": Address, "address-po-box": Address, "address-cn": Address,
		"us-ssn": TaxID, "us-itin": TaxID, "us-ein": TaxID, "cn-resident-id": TaxID, "eu-vat": TaxID,
		"uk-nino": TaxID, "tin-context": TaxID,
	}
	seen := map[string]bool{}
	for _, c := range readPIICases(t) {
		for _, f := range detectPII(c.text) {
			ty, ok := known[f.Rule]
			if !ok || ty != f.Type {
				t.Errorf("detect.txt:%d: rule %q for type %s is not documented", c.line, f.Rule, f.Type)
			}
			seen[f.Rule] = true
		}
	}
	for r := range known {
		if !seen[r] {
			t.Errorf("rule %q has no example in detect.txt", r)
		}
	}
}

// piiHostileInputs are inputs built to make a careless scanner quadratic:
// long runs of what could start a number, an address or an IPv6 group.
func piiHostileInputs(n int) map[string]string {
	return map[string]string{
		"digits":       strings.Repeat("1", n),
		"spaced pairs": strings.Repeat("12 ", n/3),
		"dotted":       strings.Repeat("1.", n/2),
		"colons":       strings.Repeat(":", n),
		"hex colons":   strings.Repeat("a:", n/2),
		"ats":          strings.Repeat("a@", n/2),
		"dots at":      strings.Repeat("a.", n/2) + "@" + strings.Repeat("b.", n/2),
		"parens":       strings.Repeat("(1) ", n/4),
		"street words": strings.Repeat("1 Main ", n/7),
		"cjk":          strings.Repeat("路1号", n/7),
		"letters":      strings.Repeat("ab1", n/3),
	}
}

// TestDetectPIIHostileInputs runs each hostile input of 1 MiB through the
// scanner: a quadratic scan would not finish within the test's time limit,
// and whatever is found lies inside the text, in order. How the time grows
// with the size is measured by BenchmarkDetectPIIScaling, not asserted
// here: a clock in a test fails on a busy machine.
func TestDetectPIIHostileInputs(t *testing.T) {
	for name, in := range piiHostileInputs(1 << 20) {
		prev := 0
		for _, f := range detectPII(in) {
			if f.Start < prev || f.Start > f.End || f.End > len(in) {
				t.Fatalf("%s: finding %s at [%d,%d) out of order or outside %d bytes", name, f.Type, f.Start, f.End, len(in))
			}
			prev = f.Start
		}
	}
}
