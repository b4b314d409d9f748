package audit

import (
	"strings"

	"github.com/actionguard/actionguard/analyze/privacy"
	"github.com/actionguard/actionguard/contact"
)

// Contact kinds (see package contact).
const (
	ContactRecipient = contact.Recipient
	ContactPayee     = contact.Payee
)

// RanKind is the Kind of the record saying that an action decided earlier
// ran: its tool result came back (PostToolUse and the like), or the
// approval that let it through was used and it ran. Only these records
// teach the contact book: a decision alone (a check, an evaluation, a
// held, declined or blocked call) reached nobody, and counting it would
// let an attacker's address become a frequent contact by being attempted.
const RanKind = "action.ran"

// Contact is a recipient or payee an action that ran reached. The store
// counts interactions by Key; the address itself is never kept, only Key
// (a hash) and Display (masked), so the contact book holds no personal data
// in the clear.
type Contact struct {
	Kind    string `json:"kind"`
	Key     string `json:"key"`
	Display string `json:"display,omitempty"`
}

// NewContact returns the contact of kind for address, with its key and a
// masked display form.
func NewContact(kind, address string) Contact {
	return Contact{Kind: kind, Key: ContactKey(kind, address), Display: maskContact(address)}
}

// ContactKey is contact.Key: the key under which the store counts a contact.
func ContactKey(kind, address string) string { return contact.Key(kind, address) }

// NormalizeContact is contact.Normalize: the form of an address that is compared.
func NormalizeContact(address string) string { return contact.Normalize(address) }

// maskContact masks the personal data in an address for display
// (b****@example.com, ****2030); a name or a channel stays as it is.
func maskContact(address string) string {
	a := strings.TrimSpace(address)
	if len(a) > 200 {
		a = a[:200]
	}
	return privacy.Mask(a, privacy.DetectPersonal(a))
}
