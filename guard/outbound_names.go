package guard

import (
	"context"
	"slices"
	"strings"
	"unicode"

	"github.com/actionguard/actionguard/analyze/privacy"
	"github.com/actionguard/actionguard/contact"
	"github.com/actionguard/actionguard/rule"
)

// ContactNames is a contact book that knows the names of its contacts
// (the names a `contacts import` gave; store.SQLite is one). With it, a
// first name the user writes names the one contact who bears it, and a
// first name several contacts share ("send it to Alex" with Alex Kim and
// Alex Rivera in the book) names none of them: the send is held, and the
// message says which contacts the name could mean.
type ContactNames interface {
	// ContactNames returns the display name of the book's recipients, by
	// key (contact.Key); a display that is a masked address is not a name
	// and is skipped.
	ContactNames(ctx context.Context) (map[string]string, error)
}

// bookNames is privacy.Names over a contact book's names, read once, on
// the first question.
type bookNames struct {
	e      *evaluation
	read   bool
	byKey  map[string]string   // key → name
	byName map[string][]string // folded first name → the distinct names that bear it
}

// names returns the book's names for the task alignment, nil when the
// book has none to give.
func (e *evaluation) names() privacy.Names {
	if !e.contactBook {
		return nil
	}
	if _, ok := e.g.contacts.(ContactNames); !ok {
		return nil
	}
	return &bookNames{e: e}
}

func (b *bookNames) load() {
	if b.read {
		return
	}
	b.read = true
	all, err := b.e.g.contacts.(ContactNames).ContactNames(b.e.ctx)
	if err != nil {
		// Without the names, a name resolves as it does with no names:
		// through the address's own words, to a contact the book counts.
		if b.e.trace {
			b.e.step("contacts", "the contact book's names failed ("+truncate(err.Error(), 120)+"): names resolve through the addresses only", 0)
		}
		return
	}
	b.byKey = make(map[string]string, len(all))
	b.byName = map[string][]string{}
	seen := map[string]bool{}
	for key, name := range all {
		name = strings.TrimSpace(name)
		if !personName(name) {
			continue
		}
		b.byKey[key] = name
		folded := privacy.FoldName(name)
		if seen[folded] {
			continue // one person's two addresses: one name
		}
		seen[folded] = true
		first := privacy.FirstName(folded)
		b.byName[first] = append(b.byName[first], name)
	}
	for _, ns := range b.byName {
		slices.Sort(ns)
	}
}

// NameOf implements privacy.Names.
func (b *bookNames) NameOf(addr string) string {
	b.load()
	return b.byKey[contact.Key(contact.Recipient, addr)]
}

// Bearers implements privacy.Names.
func (b *bookNames) Bearers(first string) []string {
	b.load()
	return b.byName[first]
}

// personName reports whether a contact's display is a person's name
// ("Alex Kim", "José Díaz", "Dad"), not a masked address (b****@x.com,
// ****2030), a handle or a channel.
func personName(s string) bool {
	letters := false
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			letters = true
		case r == ' ' || r == '-' || r == '\'' || r == '.' || r == '’':
		default:
			return false
		}
	}
	return letters && len(s) <= 80
}

// sharedName holds a send whose recipient the user named only by a first
// name that several contacts bear.
func (e *evaluation) sharedName(shared []privacy.SharedName, dests []string) {
	var parts []string
	for _, s := range shared {
		parts = append(parts, "“"+rule.Printable(truncate(s.Name, 40))+"” could mean "+orJoin(s.Contacts))
	}
	msg := strings.Join(parts, "; ") + ": the user did not say which one."
	e.add(ruleSharedName.Find(rule.Printable(truncate(strings.Join(dests, ", "), 120)), "Sends to a contact the user named only by a first name that several contacts share: "+msg))
	e.raise(Approve, "a recipient named by a first name several contacts share")
	e.notice = "I haven't sent this: " + strings.Join(parts, "; ") + ". Tell me which one you mean."
}

// orJoin writes names as "A or B", "A, B or C" (at most eight).
func orJoin(names []string) string {
	ns := make([]string, 0, min(len(names), 8))
	for _, n := range names[:min(len(names), 8)] {
		ns = append(ns, rule.Printable(truncate(n, 60)))
	}
	if len(names) > 8 {
		ns = append(ns, "others")
	}
	if len(ns) == 1 {
		return ns[0]
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " or " + ns[len(ns)-1]
}

var ruleSharedName = &rule.Rule{
	ID: "privacy.send.shared-name", Category: rule.Exfiltration, Points: 40,
	Summary: "Sends to a contact the user named only by a first name that several contacts share: the user did not say which one, so a person confirms.",
	Match: []string{`{"tool": "send_email", "input": {"to": "alex.kim@example.com", "body": "The slides for Monday."},
		"context": {"user_messages": ["Send the slides to Alex"]}}`},
	NoMatch: []string{`{"tool": "send_email", "input": {"to": "alex.kim@example.com", "body": "The slides for Monday."},
		"context": {"user_messages": ["Send the slides to Alex Kim"]}}`,
		`{"tool": "send_email", "input": {"to": "sam.lee@example.com", "body": "The slides for Monday."},
		"context": {"user_messages": ["Send the slides to Sam"]}}`},
}
