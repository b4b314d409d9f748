package audit

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// cleanSetTexts are texts with and without secrets, personal data and
// command-line passwords, and near misses of each.
var cleanSetTexts = []string{
	"", "git status", "/home/dev/project", "coding-agent", "Bash", "bench",
	"Nothing risky found: it only reads.",
	"curl -H 'Authorization: Bearer 4f9a8b7c6d5e4f3a2b1c0d9e' https://api.example.com/v1",
	"curl https://api.example.com/v1", "mysql -u root -phunter2 app", "mysql -u root -p app",
	"export GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789", "export GITHUB_TOKEN=$TOKEN",
	"mail ana.lopez@example.org", "mail the team", "call 415-555-0134", "call 415",
	"git clone https://bob:s3cretpw@git.example.com/x.git", "git clone https://git.example.com/x.git",
	"redis-cli -a hunter2hunter2 ping", "redis-cli ping", "PGPASSWORD=pw psql", "password = 'correct horse'",
	"AKIAIOSFODNN7EXAMPLE", "[REDACTED:github_token]", "card 4111 1111 1111 1111",
}

// TestCleanSetIsRedact: the memory answers what Redact answers, for every
// text, seen once or many times, in any order, and after it forgot.
func TestCleanSetIsRedact(t *testing.T) {
	var c cleanSet
	for round := range 3 {
		for i, s := range cleanSetTexts {
			for _, text := range []string{s, s + " ", strings.ToUpper(s), fmt.Sprintf("%s %d", s, i)} {
				if got, want := c.redact(text), Redact(text); got != want {
					t.Errorf("round %d: redact(%q) = %q, Redact = %q", round, text, got, want)
				}
			}
		}
	}
	// Filled past its size, it forgets and still answers.
	for i := range 2 * cleanSetSize {
		text := fmt.Sprintf("ls dir%d", i)
		if got := c.redact(text); got != text {
			t.Fatalf("redact(%q) = %q", text, got)
		}
	}
	if n := c.size(); n > 2*cleanSetSize {
		t.Errorf("the memory holds %d texts, more than %d", n, 2*cleanSetSize)
	}
	for _, s := range cleanSetTexts {
		if got, want := c.redact(s), Redact(s); got != want {
			t.Errorf("after forgetting: redact(%q) = %q, Redact = %q", s, got, want)
		}
	}
	// A text that had something to redact is never remembered as clean,
	// and asked again it is answered from the memory, redacted.
	dirty := 0
	for _, s := range cleanSetTexts {
		if Redact(s) != s {
			dirty++
			if c.remembered(s) {
				t.Errorf("%q is remembered as clean", s)
			}
			if r, ok := c.recall(s); !ok || r != Redact(s) {
				t.Errorf("recall(%q) = %q, %v; want Redact's %q", s, r, ok, Redact(s))
			}
		}
	}
	if dirty < 5 {
		t.Errorf("only %d texts with something to redact", dirty)
	}
}

// FuzzCleanSet is the differential test of the memory against the full
// redactor: whatever texts came before (a, then b, then a JSON action
// holding both), a text the memory calls clean is one Redact leaves as it
// is, and every answer is Redact's.
func FuzzCleanSet(f *testing.F) {
	for i, s := range cleanSetTexts {
		f.Add(s, cleanSetTexts[(i+7)%len(cleanSetTexts)])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		var c cleanSet
		for _, s := range []string{a, b, a, b, a + b} {
			if got, want := c.redact(s), Redact(s); got != want {
				t.Fatalf("redact(%q) = %q, Redact = %q", s, got, want)
			}
			if c.remembered(s) && Redact(s) != s {
				t.Fatalf("%q is remembered as clean, Redact changes it", s)
			}
		}
		for _, raw := range [][]byte{
			[]byte(fmt.Sprintf(`{"tool":"Bash","input":{"command":%q,"description":%q},"context":{"cwd":%q}}`, a, b, a)),
			[]byte(fmt.Sprintf("{ \"tool\" : \"Bash\",\n\t\"input\": {\"command\":%q} }", a)),
			[]byte(a), []byte(b),
		} {
			if got, want := c.redactJSON(raw), RedactJSON(raw); !bytes.Equal(got, want) {
				t.Fatalf("redactJSON(%q) = %q, RedactJSON = %q", raw, got, want)
			}
			if got, want := c.redactAction(raw), compact(RedactJSON(raw)); !bytes.Equal(got, want) {
				t.Fatalf("redactAction(%q) = %q, compacted RedactJSON = %q", raw, got, want)
			}
		}
	})
}

// TestShortNumbersAreClean is the proof behind isShortNumber: every member
// of its class, all 111,110 strings of 1 to 5 digits, comes back unchanged
// from Redact and from the spool's redactor, and the class's edges are
// what isShortNumber admits.
func TestShortNumbersAreClean(t *testing.T) {
	checked := 0
	for width := 1; width <= shortNumberMax; width++ {
		limit := 1
		for range width {
			limit *= 10
		}
		for n := range limit {
			s := fmt.Sprintf("%0*d", width, n)
			if !isShortNumber(s) {
				t.Fatalf("isShortNumber(%q) = false", s)
			}
			if r := Redact(s); r != s {
				t.Fatalf("Redact(%q) = %q: isShortNumber admits a text with something to redact", s, r)
			}
			if r := redactForSpool(s); r != s {
				t.Fatalf("redactForSpool(%q) = %q: isShortNumber admits a text with something to redact", s, r)
			}
			checked++
		}
	}
	if checked != 111110 {
		t.Errorf("checked %d texts, want the class's 111,110", checked)
	}
	for _, s := range []string{"", "123456", "12a", " 12", "1.5", "-1", "١٢"} {
		if isShortNumber(s) {
			t.Errorf("isShortNumber(%q) = true, outside the class", s)
		}
	}
}

func TestSecretNameEndings(t *testing.T) {
	suffixes := []string{"authorization"}
	for _, s := range secretSuffixes {
		suffixes = append(suffixes, s.suffix)
	}
	for _, s := range suffixes {
		for _, name := range []string{s, strings.ToUpper(s), "x_" + s + "__", "My-" + s + "-"} {
			if !endsLikeSecretName(name) {
				t.Errorf("endsLikeSecretName(%q) = false: add the last letter of %q to it", name, s)
			}
		}
	}
	// Every name of up to three bytes over an alphabet of the letters and
	// separators that matter gets secretNameSlow's answer.
	alphabet := "dystnDYSTNaAzZ_-@\x80"
	var names []string
	var grow func(prefix string, n int)
	grow = func(prefix string, n int) {
		names = append(names, prefix)
		if n == 0 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			grow(prefix+alphabet[i:i+1], n-1)
		}
	}
	grow("", 3)
	for _, s := range suffixes {
		names = append(names, s, s[1:], "api_"+s, strings.ToUpper(s)+"_", s+"x")
	}
	for _, name := range names {
		gt, gok := secretName(name)
		wt, wok := secretNameSlow(name)
		if gt != wt || gok != wok {
			t.Fatalf("secretName(%q) = %q, %v; secretNameSlow gives %q, %v", name, gt, gok, wt, wok)
		}
	}
}
