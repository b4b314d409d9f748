package privacy

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// findingsOf returns "type:value" for each personal-data finding in text.
func findingsOf(text string) []string {
	var out []string
	for _, f := range detectPII(text) {
		out = append(out, string(f.Type)+":"+text[f.Start:f.End])
	}
	return out
}

func hasFinding(text string, ty Type, value string) bool {
	for _, f := range detectPII(text) {
		if f.Type == ty && text[f.Start:f.End] == value {
			return true
		}
	}
	return false
}

// Weak phone shapes: a phone number only with a label.
var weakPhones = []string{"785 8949", "73 448 266", "88 165 40 96", "2813882583", "06-10446904"}

// TestPhoneLabelAbove: a label on the line above its value, in every
// spelling and line ending, makes a weak shape a phone number; the same
// value under a line that is no label is not one.
func TestPhoneLabelAbove(t *testing.T) {
	labels := []string{"Phone:", "phone", "Tel.", "Mobile:", "Phone number:", "Cell", "FAX:", "Telefon:", "call me at", "You can reach me on", "电话："}
	breaks := []string{"\n", "\r\n", "\n\n", "\n  ", "\n- ", "\r\n\r\n"}
	for _, l := range labels {
		for _, br := range breaks {
			for _, p := range weakPhones {
				text := "Contact\n" + l + br + p + "\nThanks"
				if !hasFinding(text, Phone, p) {
					t.Errorf("%q: phone %q not found (got %v)", text, p, findingsOf(text))
				}
			}
		}
	}
	// Near misses: the line above is prose that ends with no label, the
	// label is two lines up with text between, or the value has words
	// before it on its own line.
	for _, above := range []string{"The meeting ends at noon.", "Phone:\nSee below", "The build finished", "Version"} {
		for _, p := range weakPhones {
			for _, text := range []string{above + "\n" + p + "\n", "Phone:\nroom " + p + "\n"} {
				if hasFinding(text, Phone, p) {
					t.Errorf("%q: %q taken for a phone number", text, p)
				}
			}
		}
	}
}

// TestVetoSaidOfTheNumber: a word that says a number is not personal data
// vetoes it only when said of that number; a valid number after an
// unrelated earlier "order" is still a phone number.
func TestVetoSaidOfTheNumber(t *testing.T) {
	phones := []string{"415-555-0100", "(415) 555-0100", "+44 20 7946 0958", "020 7946 0958"}
	vetoes := []string{"order", "invoice", "tracking", "ticket", "reference", "version", "build", "serial"}
	for _, v := range vetoes {
		for _, p := range phones {
			for _, said := range []string{v + " " + p, v + " number " + p, v + " no. " + p, v + " #" + p, strings.ToUpper(v[:1]) + v[1:] + " number is " + p, v + "_id: " + p, v + ":\n" + p} {
				if hasFinding(said, Phone, p) && !strings.HasPrefix(p, "+") {
					t.Errorf("%q: vetoed number taken for a phone number", said)
				}
			}
			for _, unrelated := range []string{
				"I have a question about my " + v + ". Call me on " + p,
				"About the " + v + ": my number is " + p,
				"The " + v + " was wrong; reach me at " + p,
				"Re " + v + ". " + p + " is my mobile",
				"The " + v + " is late! " + p,
			} {
				if !hasFinding(unrelated, Phone, p) {
					t.Errorf("%q: phone number vetoed by an unrelated word (got %v)", unrelated, findingsOf(unrelated))
				}
			}
		}
	}
}

// luhnComplete appends the Luhn check digit to body.
func luhnComplete(body string) string {
	for d := byte('0'); d <= '9'; d++ {
		if piiLuhn([]byte(body + string(d))) {
			return body + string(d)
		}
	}
	panic("no check digit")
}

func groupDigits(d string, sizes []int, sep string) string {
	var parts []string
	for _, n := range sizes {
		parts = append(parts, d[:n])
		d = d[n:]
	}
	return strings.Join(parts, sep)
}

// TestCardsMaestroJCB: Maestro numbers of 12–19 digits and JCB's
// fifteen-digit 1800 and 2131 ranges, generated with their check digit;
// near misses (a wrong check digit, a bare twelve-digit number, another
// prefix) are not cards.
func TestCardsMaestroJCB(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 5))
	digits := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
		return b.String()
	}
	var cards []string
	for n := 12; n <= 19; n++ {
		for _, p := range []string{"5018", "5020", "5038", "5893", "6304", "6759", "6761", "6763"} {
			cards = append(cards, luhnComplete(p+digits(n-len(p)-1)))
		}
	}
	for _, p := range []string{"1800", "2131"} {
		for range 6 {
			cards = append(cards, luhnComplete(p+digits(10)))
		}
	}
	for _, c := range cards {
		type tc struct{ text, want string }
		texts := []tc{{"card " + c, c}, {"Maestro: " + c, c}, {"pay with card number " + c + " please", c}}
		if len(c) != 12 {
			texts = append(texts, tc{"charged " + c + " today", c})
		}
		if len(c)%4 == 0 {
			sizes := make([]int, len(c)/4)
			for i := range sizes {
				sizes[i] = 4
			}
			for _, sep := range []string{" ", "-"} {
				g := groupDigits(c, sizes, sep)
				texts = append(texts, tc{"paid with " + g, g})
			}
		}
		if len(c) == 15 {
			g := groupDigits(c, []int{4, 6, 5}, " ")
			texts = append(texts, tc{"JCB " + g, g})
		}
		for _, x := range texts {
			if !hasFinding(x.text, Card, x.want) {
				t.Errorf("%q: card %q not found (got %v)", x.text, x.want, findingsOf(x.text))
			}
		}
		// A wrong check digit.
		bad := c[:len(c)-1] + string('0'+(c[len(c)-1]-'0'+1)%10)
		if text := "card " + bad; hasFinding(text, Card, bad) {
			t.Errorf("%q: a number failing Luhn taken for a card", text)
		}
	}
	// Twelve digits alone, with no card word and no groups of four: an
	// identifier, not a card.
	for range 50 {
		c := luhnComplete("5018" + digits(7))
		for _, text := range []string{"id " + c, c, "build " + c + " ok", "ts=" + c} {
			if hasFinding(text, Card, c) {
				t.Errorf("%q: a bare twelve-digit number taken for a card", text)
			}
		}
	}
	// Other prefixes of fifteen digits are not JCB.
	for _, p := range []string{"1801", "2130", "1900"} {
		c := luhnComplete(p + digits(10))
		if text := "card " + c; hasFinding(text, Card, c) {
			t.Errorf("%q: taken for a card", text)
		}
	}
}

// TestURLUserinfoNotEmail: the user and password of a URL are never an
// e-mail address, for every scheme and shape; a real address in a URL's
// path, query or a mailto: link still is.
func TestURLUserinfoNotEmail(t *testing.T) {
	for _, scheme := range []string{"https", "http", "ftp", "postgres", "mysql", "redis", "amqp", "git+ssh", "smtp"} {
		for _, ui := range []string{"user:pass", "admin:s3cr3t.pw", "anonymous", "bob.smith:hunter2", "deploy:p%40ss"} {
			for _, host := range []string{"host.example.com", "db.internal.example.org:5432", "gmai1.com"} {
				url := scheme + "://" + ui + "@" + host + "/path"
				for _, text := range []string{url, "GET " + url, `{"url": "` + url + `"}`, "see <" + url + ">"} {
					for _, f := range detectPII(text) {
						if f.Type == Email {
							t.Errorf("%q: %q reported as an e-mail address", text, text[f.Start:f.End])
						}
					}
				}
			}
		}
	}
	for _, text := range []string{
		"mailto:bob@example.com",
		"https://example.com/contact?email=bob@example.com",
		"https://example.com/u/bob@example.com",
		"user:bob@example.com",
	} {
		if !hasFinding(text, Email, "bob@example.com") {
			t.Errorf("%q: address not found (got %v)", text, findingsOf(text))
		}
	}
}

// TestNearMissNegatives: ordinary logs, code and prose with numbers hold
// no personal data: version numbers, dates, hashes, order numbers,
// coordinates, code, ports and process ids, generated in many values.
func TestNearMissNegatives(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	templates := []string{
		"version %d.%d.%d released on 2024-%02d-%02d",
		"go1.%d.%d linux/amd64, build %d",
		"commit %07x%07x (HEAD -> main)",
		"sha256:%016x%016x",
		"order number %d%06d shipped",
		"Order #%d%06d\ntracking %d%08d",
		"lat %d.%06d, lon -%d.%06d",
		"listening on :%d (pid %d), port %d",
		"2024-05-%02dT%02d:%02d:%02dZ worker[%d] done in %dms",
		"for (int i = %d; i < %d; i += %d) { buf[i] = %d; }",
		"x = np.arange(%d, %d, %d).reshape(%d, -1)",
		"Invoice %d-%06d total %d.%02d EUR",
		"page %d of %d, line %d",
		"uuid %08x-%04x-4%03x-a%03x-%012x",
		"the %dth anniversary of the %d treaty",
	}
	for _, tpl := range templates {
		for range 40 {
			args := make([]any, strings.Count(tpl, "%"))
			for i := range args {
				args[i] = r.IntN(100000)
			}
			text := fmt.Sprintf(tpl, args...)
			if fs := findingsOf(text); len(fs) > 0 {
				t.Errorf("%q: %v", text, fs)
			}
		}
	}
}

// TestLabelAboveOtherKinds: the line above names bank accounts and tax
// IDs too, and a veto above ("Order number:") is said of the value below.
func TestLabelAboveOtherKinds(t *testing.T) {
	for _, c := range []struct {
		text string
		ty   Type
		want string
	}{
		{"Account number:\n12345678", BankAccount, "12345678"},
		{"Acct no.\n  0012 3456 78", BankAccount, "0012 3456 78"},
		{"SSN:\n078-05-1120", TaxID, "078-05-1120"},
		{"Tax ID\n12-3456789", TaxID, "12-3456789"},
	} {
		if !hasFinding(c.text, c.ty, c.want) {
			t.Errorf("%q: want %s %q, got %v", c.text, c.ty, c.want, findingsOf(c.text))
		}
	}
	for _, text := range []string{"Order number:\n12345678", "Invoice:\n4532015112830366", "Tracking\n785 8949"} {
		if fs := findingsOf(text); len(fs) > 0 {
			t.Errorf("%q: %v", text, fs)
		}
	}
}
