package audit

import (
	"crypto/rand"
	"encoding/binary"
	"sync"
	"time"
)

// IDPrefix starts every decision id NewID and NewOrderedID make.
const IDPrefix = "d-"

// NewID returns a new decision id for an action that arrives without an
// id of its own: NewOrderedID's, the one generator every front door uses,
// so that the ids of one process sort by time and the store's index of
// decision ids grows at one end. The id is stored in the audit record's
// action, so it is covered by the record's hash; `actionguard feedback
// <id>` finds the record by it.
func NewID() string { return NewOrderedID() }

// orderedAlphabet is RFC 4648's base32 alphabet in lower case (no 0/1/8/9,
// so an id read aloud or copied by hand is not misread) in byte order, so
// that ids NewOrderedID makes sort as text (and in a BINARY-collated index)
// the way their numbers do; RFC 4648's own order does not: its '2'..'7'
// come after 'z'.
const orderedAlphabet = "234567abcdefghijklmnopqrstuvwxyz"

// orderedIDLen is the number of base32 characters after IDPrefix in an id
// from NewOrderedID: 80 bits, 5 per character.
const orderedIDLen = 16

// ordered is the state NewOrderedID keeps between calls.
var ordered struct {
	sync.Mutex
	ms  uint64 // the millisecond of the last id
	rnd uint32 // the random part of the last id
}

// NewOrderedID returns a new decision id that sorts by time: "d-" and 16
// characters (80 bits, 5 to a character, from the characters of NewID's
// alphabet taken in byte order: "234567abcdefghijklmnopqrstuvwxyz"), the
// first 48 bits the milliseconds since the Unix epoch (big end first) and
// the last 32 random (crypto/rand). Ids of one process are strictly
// increasing (byte-wise, which is also their order as text): within one millisecond each id adds a
// random step of 1 to 2^16 to the previous one's random part, and when that
// would overflow the millisecond is advanced by one, so the time part may
// run a little ahead of the clock under a burst but never goes backwards in
// one process. Ids of different processes are unordered within a
// millisecond and collide with probability about n²/2^33 for n ids in the
// same millisecond.
//
// The server names the actions it receives without an id with these, so
// the index of decision ids in the audit store grows at its right edge
// instead of at a random leaf page per record. The random part is not a
// secret and NewOrderedID makes no promise of unpredictability beyond
// NewID's (a decision id is a name, not a credential). Code that matches
// ids made by NewID (`d-[a-z2-7]{12}`) does not match these; both start
// with IDPrefix and use the same characters, so `actionguard feedback <id>`
// and every other lookup by decision id work for both.
func NewOrderedID() string {
	now := uint64(time.Now().UnixMilli())
	var rb [4]byte
	rand.Read(rb[:]) // never fails
	r := binary.BigEndian.Uint32(rb[:])

	ordered.Lock()
	ms := ordered.ms
	if now > ms {
		ms, ordered.rnd = now, r
	} else {
		// Same (or an earlier) millisecond: step up from the previous id.
		step := uint32(r>>16) + 1
		if next := ordered.rnd + step; next > ordered.rnd {
			ordered.rnd = next
		} else {
			ms++
			ordered.rnd = r & 0xffff
		}
	}
	ordered.ms = ms
	rnd := ordered.rnd
	ordered.Unlock()

	// 48 bits of ms, 32 of randomness: 80 bits, 16 characters of 5 bits.
	hi := ms & (1<<48 - 1) // the top 48 bits of the 80
	var b [len(IDPrefix) + orderedIDLen]byte
	copy(b[:], IDPrefix)
	v := hi<<16 | uint64(rnd>>16) // bits 79..16
	lo := uint64(rnd & 0xffff)    // bits 15..0
	// Characters 0..11 take bits 79..20; character 12 takes bits 19..15, etc.
	// Work on the 80 bits as v (64 high) and lo (16 low).
	for i := 0; i < orderedIDLen; i++ {
		shift := 75 - 5*i // position of this character's low bit in the 80
		var c uint64
		switch {
		case shift >= 16:
			c = v >> (shift - 16)
		default:
			c = v<<(16-shift) | lo>>shift
		}
		b[len(IDPrefix)+i] = orderedAlphabet[c&31]
	}
	return string(b[:])
}
