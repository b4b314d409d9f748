package privacy

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

type secretCase struct {
	line  int
	typ   string
	input string
	spans [][2]int
}

// loadSecretCases reads testdata/secrets/own.txt (its header describes
// the format).
func loadSecretCases(t *testing.T) []secretCase {
	t.Helper()
	f, err := os.Open("testdata/secrets/own.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []secretCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		typ, text, ok := strings.Cut(line, " | ")
		if !ok {
			t.Fatalf("own.txt:%d: want TYPE | TEXT", n)
		}
		text = strings.ReplaceAll(text, `\n`, "\n")
		c := secretCase{line: n, typ: typ}
		var b strings.Builder
		for {
			i := strings.Index(text, "«")
			if i < 0 {
				b.WriteString(text)
				break
			}
			j := strings.Index(text[i:], "»")
			if j < 0 {
				t.Fatalf("own.txt:%d: « without »", n)
			}
			b.WriteString(text[:i])
			start := b.Len()
			b.WriteString(text[i+len("«") : i+j])
			c.spans = append(c.spans, [2]int{start, b.Len()})
			text = text[i+j+len("»"):]
		}
		c.input = b.String()
		if (typ == "none") != (len(c.spans) == 0) {
			t.Fatalf("own.txt:%d: type %s with %d marked spans", n, typ, len(c.spans))
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

func TestDetectSecretsOwn(t *testing.T) {
	for _, c := range loadSecretCases(t) {
		fs := detectSecrets(c.input)
		if c.typ == "none" {
			for _, f := range fs {
				t.Errorf("own.txt:%d: %q: unexpected %s %q (%s)", c.line, c.input, f.Type, c.input[f.Start:f.End], f.Rule)
			}
			continue
		}
		for _, sp := range c.spans {
			found := false
			for _, f := range fs {
				if f.Start == sp[0] && f.End == sp[1] && string(f.Type) == c.typ {
					found = true
				}
			}
			if !found {
				var got []string
				for _, f := range fs {
					got = append(got, string(f.Type)+":"+f.Rule+":"+c.input[f.Start:f.End])
				}
				t.Errorf("own.txt:%d: %q: want %s %q, got %q", c.line, c.input, c.typ, c.input[sp[0]:sp[1]], got)
			}
		}
	}
}
