package guard_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/contact"
	"github.com/actionguard/actionguard/guard"
)

// namedBook is a contact book that knows its contacts' names: each
// address has its earlier interactions and, when imported with one, a
// name.
type namedBook struct {
	counts map[string]int    // key → interactions
	names  map[string]string // key → name
	err    error             // ContactNames fails with it
}

func newNamedBook() *namedBook {
	return &namedBook{counts: map[string]int{}, names: map[string]string{}}
}

// add puts a contact in the book with 12 earlier interactions.
func (b *namedBook) add(addr, name string) *namedBook {
	k := contact.Key(contact.Recipient, addr)
	b.counts[k] = 12
	if name != "" {
		b.names[k] = name
	}
	return b
}

func (b *namedBook) ContactCounts(_ context.Context, keys []string) (map[string]int, error) {
	out := map[string]int{}
	for _, k := range keys {
		if n, ok := b.counts[k]; ok {
			out[k] = n
		}
	}
	return out, nil
}

func (b *namedBook) ContactNames(context.Context) (map[string]string, error) {
	return b.names, b.err
}

// sendTo is an e-mail with no personal data to addr, for a user message.
func sendTo(addr, msg string) guard.Action {
	return guard.Action{Tool: "send_email", Input: map[string]any{"to": addr, "subject": "Slides", "body": "The slides for Monday's review."},
		Context: guard.Context{UserMessages: []string{msg}}}
}

// TestSharedFirstName: with Alex Kim and Alex Rivera in the book, "send it
// to Alex" names neither: the send is held, and the message says which
// contacts the name could mean. The full name, a first name one contact
// bears, or an address the user wrote still name the recipient.
func TestSharedFirstName(t *testing.T) {
	book := newNamedBook().add("alex.kim@corp.example", "Alex Kim").add("alex.rivera@studio.example", "Alex Rivera").
		add("sam.lee@corp.example", "Sam Lee").add("akim2@home.example", "Alex Kim").add("alexander.ng@corp.example", "Alexander Ng")
	g := guard.New(guard.WithContactBook(book))
	for _, c := range []struct {
		to, msg string
		held    bool
	}{
		{"alex.kim@corp.example", "Send the slides to Alex", true},
		{"alex.rivera@studio.example", "send the slides to alex", true},
		{"alex.kim@corp.example", "Send the slides to ALEX please", true},
		{"akim2@home.example", "Email Alex the slides", true},
		{"alex.kim@corp.example", "Send the slides to Alex Kim", false},
		{"alex.rivera@studio.example", "Send the slides to Alex Rivera", false},
		{"alex.kim@corp.example", "Send the slides to alex.kim@corp.example", false},
		{"sam.lee@corp.example", "Send the slides to Sam", false},
		// A nickname is not the name: Alexander is not an Alex.
		{"alexander.ng@corp.example", "Send the slides to Alexander", false},
	} {
		d := check(t, g, sendTo(c.to, c.msg))
		got := hasRule(d, "privacy.send.shared-name")
		if got != c.held || c.held && d.Verdict != guard.Approve {
			t.Errorf("%q to %s: %s %v (%s), want held %v", c.msg, c.to, d.Verdict, ruleIDs(d), d.Reason, c.held)
			continue
		}
		if c.held && !(strings.Contains(d.Notice, "Alex Kim or Alex Rivera") && strings.Contains(d.Notice, "alex")) {
			t.Errorf("%q: the notice does not say which contacts the name could mean: %q", c.msg, d.Notice)
		}
		if !c.held && !d.Verdict.Allowed() {
			t.Errorf("%q to %s: %s %v (%s)", c.msg, c.to, d.Verdict, ruleIDs(d), d.Reason)
		}
	}
}

// TestSharedFirstNameGenerated: generated contact books in which a first
// name is shared (written with other case and accents: José, JOSE, jose)
// or borne by one contact only; near misses are a longer name (Josef,
// Joseph), the same person at two addresses, and a surname alike.
func TestSharedFirstNameGenerated(t *testing.T) {
	firsts := []struct{ book, said string }{{"José", "Jose"}, {"Zoë", "zoe"}, {"Ana", "ANA"}, {"Łukasz", "Lukasz"}, {"Renée", "renée"}, {"Kim", "Kim"}}
	surnames := []string{"Díaz", "Rivera", "Ng", "Okafor", "Müller", "Smith"}
	r := rand.New(rand.NewPCG(19, 2))
	for i := range 300 {
		f := firsts[r.IntN(len(firsts))]
		s1, s2 := surnames[r.IntN(len(surnames))], surnames[r.IntN(len(surnames))]
		local := func(n string) string {
			return strings.ToLower(strings.NewReplacer("é", "e", "ë", "e", "ü", "u", "í", "i", "Ł", "l").Replace(n))
		}
		target := fmt.Sprintf("%s.%s%d@corp.example", local(f.book), local(s1), i)
		book := newNamedBook().add(target, f.book+" "+s1)
		shared := r.IntN(2) == 0
		switch {
		case shared && s1 != s2:
			book.add(fmt.Sprintf("other%d@home.example", i), strings.ToUpper(f.book)+" "+s2)
		case shared:
			// The same person at a second address is not a second person.
			book.add(fmt.Sprintf("other%d@home.example", i), f.book+" "+s1)
			shared = false
		default:
			// Near misses: a longer first name, the first name as a surname.
			book.add(fmt.Sprintf("other%d@home.example", i), f.book+"ph "+s2)
			book.add(fmt.Sprintf("third%d@home.example", i), "Lee "+f.book)
		}
		d := check(t, guard.New(guard.WithContactBook(book)), sendTo(target, "Send the slides to "+f.said))
		if got := hasRule(d, "privacy.send.shared-name"); got != shared {
			t.Fatalf("book %v, %q to %s: held %v, want %v (%s %v)", book.names, f.said, target, got, shared, d.Verdict, ruleIDs(d))
		}
		if shared && d.Verdict != guard.Approve {
			t.Fatalf("shared name: %s (%s)", d.Verdict, d.Reason)
		}
	}
}

// TestSharedFirstNameBookFails: names that cannot be read change nothing:
// the name resolves through the address, as without names.
func TestSharedFirstNameBookFails(t *testing.T) {
	book := newNamedBook().add("alex.kim@corp.example", "Alex Kim").add("alex.rivera@studio.example", "Alex Rivera")
	book.err = fmt.Errorf("disk I/O error")
	d := check(t, guard.New(guard.WithContactBook(book)), sendTo("alex.kim@corp.example", "Send the slides to Alex"))
	if hasRule(d, "privacy.send.shared-name") {
		t.Errorf("held on names it could not read: %v", ruleIDs(d))
	}
}
