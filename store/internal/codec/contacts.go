package codec

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/actionguard/actionguard/audit"
)

// ContactUse is what one append teaches the contact book about a contact:
// Count more interactions between FirstUS and LastUS.
type ContactUse struct {
	Key, Kind, Display string
	Count              int
	FirstUS, LastUS    int64
}

// LearnedContacts returns the contacts the records reached, one per key,
// sorted by key (so concurrent writers lock rows in one order): a record
// of an action that ran (Kind audit.RanKind) counts one interaction with
// each contact it names, however many times; any other record counts
// nothing, whatever contacts it carries (a decision is not a send).
// Call it after the records were sealed (their Time is final).
func LearnedContacts(rs []*audit.Record) []ContactUse {
	var uses map[string]*ContactUse
	for _, r := range rs {
		if r.Kind != audit.RanKind {
			continue
		}
		for i, c := range r.Contacts {
			if c.Key == "" || slices.ContainsFunc(r.Contacts[:i], func(o audit.Contact) bool { return o.Key == c.Key }) {
				continue
			}
			if uses == nil {
				uses = map[string]*ContactUse{}
			}
			t := r.Time.UnixMicro()
			u := uses[c.Key]
			if u == nil {
				uses[c.Key] = &ContactUse{Key: c.Key, Kind: c.Kind, Display: c.Display, Count: 1, FirstUS: t, LastUS: t}
				continue
			}
			u.Count++
			u.FirstUS, u.LastUS = min(u.FirstUS, t), max(u.LastUS, t)
			if c.Display != "" {
				u.Display = c.Display
			}
		}
	}
	out := make([]ContactUse, 0, len(uses))
	for _, u := range uses {
		out = append(out, *u)
	}
	slices.SortFunc(out, func(a, b ContactUse) int { return strings.Compare(a.Key, b.Key) })
	return out
}

// ImportedContact is one contact of an import.
type ImportedContact struct {
	Key, Kind, Display string
	Named              bool // Display is a name the import gave
	Interactions       int
	FirstUS, LastUS    int64
}

// MergeImport checks an import and merges contacts listed twice (the larger
// count, the earliest first and the latest last time), sorted by key.
// Every contact needs a key; a negative count reads as 0.
func MergeImport(cs []ImportedContact) ([]ImportedContact, error) {
	byKey := map[string]int{}
	out := make([]ImportedContact, 0, len(cs))
	for i, c := range cs {
		if c.Key == "" {
			return nil, fmt.Errorf("contact %d has no key", i+1)
		}
		c.Interactions = max(c.Interactions, 0)
		j, seen := byKey[c.Key]
		if !seen {
			byKey[c.Key] = len(out)
			out = append(out, c)
			continue
		}
		o := &out[j]
		o.Interactions = max(o.Interactions, c.Interactions)
		if c.FirstUS != 0 && (o.FirstUS == 0 || c.FirstUS < o.FirstUS) {
			o.FirstUS = c.FirstUS
		}
		o.LastUS = max(o.LastUS, c.LastUS)
		if o.Display == "" || c.Named && !o.Named {
			o.Display, o.Named = c.Display, c.Named
		}
	}
	slices.SortFunc(out, func(a, b ImportedContact) int { return strings.Compare(a.Key, b.Key) })
	return out, nil
}

// TokenStampEvery is how stale a token's LastUsed may get before a lookup
// writes it again: a lookup on every API request must not be a write.
const TokenStampEvery = time.Minute

// CheckToken reports whether a token can be stored.
func CheckToken(id, name, hash string) error {
	switch {
	case id == "":
		return errors.New("a token needs an id")
	case name == "":
		return errors.New("a token needs a name")
	case hash == "":
		return errors.New("a token needs the hash of its secret")
	}
	return nil
}
