package audit

import (
	"crypto/rand"
	"strings"
)

// IDPrefix starts every decision id NewID makes.
const IDPrefix = "d-"

// idAlphabet is RFC 4648's base32 alphabet in lower case: no 0/1/8/9, so an
// id read aloud or copied by hand is not misread.
const idAlphabet = "abcdefghijklmnopqrstuvwxyz234567"

// NewID returns a new decision id: "d-" and 12 base32 characters (60 bits)
// from crypto/rand, for an action that arrives without an id of its own.
// The id is stored in the audit record's action, so it is covered by the
// record's hash; `actionguard feedback <id>` finds the record by it.
func NewID() string {
	var b [12]byte
	rand.Read(b[:]) // never fails (crypto/rand: it crashes the program rather than return an error)
	var s strings.Builder
	s.Grow(len(IDPrefix) + len(b))
	s.WriteString(IDPrefix)
	for _, c := range b {
		s.WriteByte(idAlphabet[c&31])
	}
	return s.String()
}
