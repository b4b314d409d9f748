package destination

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/internal/editdist"
)

// TestCases runs testdata/cases.txt: seed 001's examples and their variants.
func TestCases(t *testing.T) {
	f, err := os.Open("testdata/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		fields := strings.Split(text, "|")
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		if len(fields) < 3 {
			t.Fatalf("cases.txt:%d: want at least 3 fields", line)
		}
		var task []string
		if fields[1] != "" {
			task = strings.Split(fields[1], " // ")
		}
		r := Check(fields[0], Options{Task: task})
		where := "cases.txt:" + itoa(line) + ": " + fields[0]
		if fields[2] == "ok" {
			if r.Suspicious {
				t.Errorf("%s: flagged %v: %s", where, r.Kinds, r.Reason)
			}
			continue
		}
		want := strings.Fields(fields[2])
		if !r.Suspicious || !slices.Equal(r.Kinds, want) {
			t.Errorf("%s: kinds %v, want %v (%s)", where, r.Kinds, want, r.Reason)
		}
		if len(fields) > 3 && r.Expected != fields[3] {
			t.Errorf("%s: expected %q, want %q", where, r.Expected, fields[3])
		}
		if len(fields) > 4 && r.Suggest != fields[4] {
			t.Errorf("%s: suggest %q, want %q", where, r.Suggest, fields[4])
		}
		if r.Warning == "" || r.Reason == "" {
			t.Errorf("%s: suspicious without a warning or a reason", where)
		}
	}
}

func itoa(n int) string {
	return strings.TrimLeft(strings.Map(func(r rune) rune { return r }, string(rune('0'+n/1000%10))+string(rune('0'+n/100%10))+string(rune('0'+n/10%10))+string(rune('0'+n%10))), "0")
}

// TestWarnings checks the words of each warning: seed 001's sentence when
// the service is known, and the variants in the same voice.
func TestWarnings(t *testing.T) {
	for _, c := range []struct {
		dest string
		task []string
		want string
	}{
		{"gma1l.com", nil, "I'm not going to send your credentials to gma1l.com. This doesn't look like Gmail — possible phishing. Did you mean gmail.com?"},
		{"https://paypal.com.secure-login.io/", nil, "I'm not going to send your credentials to paypal.com.secure-login.io. This doesn't look like PayPal — possible phishing. Did you mean paypal.com?"},
		{"example.com", []string{"log into my PayPal"}, "I'm not going to send your credentials to example.com. This doesn't look like PayPal — possible phishing. Did you mean paypal.com?"},
		{"http://example.com/login", nil, "I'm not going to send your credentials to example.com over plain http:// — possible phishing. Did you mean https://example.com?"},
		{"http://accounts.google.com/", nil, "I'm not going to send your credentials to accounts.google.com over plain http:// — possible phishing. Did you mean https://accounts.google.com?"},
		{"pаypal.com", nil, "I'm not going to send your credentials to xn--pypal-4ve.com. This doesn't look like PayPal — possible phishing. Did you mean paypal.com?"},
		{"shoр.com", nil, "I'm not going to send your credentials to xn--sho-2ed.com. Its name mixes Latin and Cyrillic letters — possible phishing."},
	} {
		r := Check(c.dest, Options{Task: c.task})
		if r.Warning != c.want {
			t.Errorf("Check(%q).Warning =\n\t%s\nwant\n\t%s", c.dest, r.Warning, c.want)
		}
	}
	if r := Check("gma1l.com", Options{}); r.Reason != `gma1l.com is one character away from gmail.com (Gmail): "1" in place of "i".` {
		t.Errorf("reason %q", r.Reason)
	}
}

func TestLookup(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"accounts.google.com", "Google"},
		{"https://login.microsoftonline.com/common", "Microsoft"},
		{"gmail.com", "Gmail"},
		{"signin.aws.amazon.com", "AWS"},
		{"registry.npmjs.org", "npm"},
		{"mycompany.okta.com", "Okta"},
		{"me@outlook.com", "Outlook"},
	} {
		s, ok := Lookup(c.in)
		if !ok || s.Name != c.want {
			t.Errorf("Lookup(%q) = %q, %v; want %q", c.in, s.Name, ok, c.want)
		}
	}
	for _, in := range []string{"gma1l.com", "example.com", "bucket.s3.amazonaws.com", "evil.github.io", "127.0.0.1", ""} {
		if s, ok := Lookup(in); ok {
			t.Errorf("Lookup(%q) = %q, want none", in, s.Name)
		}
	}
}

func TestPunycode(t *testing.T) {
	// RFC 3492 and well-known labels.
	for _, c := range []struct{ uni, ace string }{
		{"bücher", "bcher-kva"},
		{"münchen", "mnchen-3ya"},
		{"pаypal", "pypal-4ve"},
		{"例え", "r8jz45g"},
		{"ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"},
		{"他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"},
	} {
		if got, ok := punyEncode(c.uni); !ok || got != c.ace {
			t.Errorf("punyEncode(%q) = %q, %v; want %q", c.uni, got, ok, c.ace)
		}
		if got, ok := punyDecode(c.ace); !ok || got != c.uni {
			t.Errorf("punyDecode(%q) = %q, %v; want %q", c.ace, got, ok, c.uni)
		}
	}
	for _, bad := range []string{"", "-", "99999999999", "a-b-\xff", strings.Repeat("a", 64)} {
		if got, ok := punyDecode(bad); ok && bad != "-" {
			t.Errorf("punyDecode(%q) = %q, want an error", bad, got)
		}
	}
}

func TestOSA(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{
		{"gmail", "gmail", 0}, {"gmial", "gmail", 1}, {"gmal", "gmail", 1}, {"gmaiil", "gmail", 1},
		{"gmsil", "gmail", 1}, {"ca", "abc", 3}, {"paypal", "paypla", 1}, {"micosoft", "microsoft", 1},
		{"microsfot", "microsoft", 1}, {"amazon", "amzaon", 1}, {"abcdef", "badcfe", 3},
	} {
		if got := editdist.OSA(c.a, c.b, 5); got != c.d {
			t.Errorf("osa(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
	if got := editdist.OSA("kitten", "sitting", 1); got != 2 {
		t.Errorf("osa with limit 1 = %d, want 2 (limit+1)", got)
	}
}
