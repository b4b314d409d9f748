package audit

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"hash"
	"strings"
	"time"

	"github.com/actionguard/actionguard/rule"
)

// Record is one decision in the audit log. Its JSON form is what
// `actionguard audit export` prints, one record per line; encoded compactly
// without HTML escaping (json.Encoder.SetEscapeHTML(false)) it reads back to
// the same bytes, so an exported record still matches its Hash.
type Record struct {
	// Seq numbers the records 1, 2, 3, … without gaps, in the order they
	// were appended. Filled by Append.
	Seq int64 `json:"seq"`
	// Time is when the record was appended (or the caller's time), UTC, to
	// the microsecond.
	Time      time.Time `json:"time"`
	SessionID string    `json:"session_id"`
	Agent     string    `json:"agent"`
	Tool      string    `json:"tool"`
	Kind      string    `json:"kind"`
	// Action is the action as JSON, with secrets redacted.
	Action json.RawMessage `json:"action"`
	// Verdict and Level are the decision's words; their JSON form is the
	// plain string ("allow", "dangerous"), as it always was, and a record
	// written by an earlier release with a word this one does not know
	// reads back as written (Verify still matches its hash).
	Verdict rule.Verdict `json:"verdict"`
	Level   rule.Level   `json:"level"`
	Score   int          `json:"score"`
	Risk    int          `json:"risk"`
	// Rules are the ids of the rules that fired.
	Rules  []string `json:"rules"`
	Reason string   `json:"reason"`
	// Error is set when the verdict is a fallback because the action could
	// not be checked.
	Error          string `json:"error,omitempty"`
	DurationMicros int64  `json:"duration_micros"`
	// Confidence is the classifier's confidence in percent (1–100) for a
	// decision on a request in words; 0 when the decision has none.
	Confidence int `json:"confidence,omitempty"`
	// Anomalies are seed 000's alerts the decision raised (low
	// confidence, a score that disagrees with the keywords).
	Anomalies []string `json:"anomalies,omitempty"`
	// Contacts are the recipients and payees an action that ran reached,
	// which the store counts (seed 003's new contact and new payee) on a
	// record of Kind RanKind only. Not part of the hash: they are the
	// store's bookkeeping, not evidence.
	Contacts []Contact `json:"contacts,omitempty"`
	// PrevHash is the Hash of the record before this one, or Genesis for
	// the first record. Filled by Append.
	PrevHash string `json:"prev_hash"`
	// Hash covers every field above and PrevHash: the hex SHA-256 of the
	// record's canonical encoding, or, once the log is keyed, KeyedPrefix
	// and the hex HMAC-SHA-256 of it with the installation's key. Filled by
	// Append.
	Hash string `json:"hash"`
}

// Genesis is the PrevHash of the first record.
const Genesis = "0000000000000000000000000000000000000000000000000000000000000000"

// Tip is the end of the chain: the Seq and Hash of the last record, or the
// zero Tip when the log is empty. A Tip saved outside the database lets a
// later Verify notice that the newest records were cut off.
type Tip struct {
	Seq  int64  `json:"seq"`
	Hash string `json:"hash"`
}

// hashVersion names the canonical encoding. It is the first thing hashed,
// so a record can never verify under an encoding it was not written with;
// a new encoding gets a new name and a column saying which one a record uses.
const hashVersion = "actionguard.audit.v1"

// hashVersion2 is the encoding of a record with a confidence or anomalies:
// v1's fields, then Confidence as an integer and Anomalies like Rules. A
// record without them keeps v1, so every record written before them still
// verifies; stripping them from a v2 record changes its hash.
const hashVersion2 = "actionguard.audit.v2"

// hashVersionKeyed is the encoding of a keyed record (see KeyedPrefix):
// v2's fields, Confidence and Anomalies always included.
const hashVersionKeyed = "actionguard.audit.hmac.v1"

// KeyedPrefix begins the Hash of a keyed record: an HMAC-SHA-256, with the
// installation's key, of the record's canonical encoding. A record whose
// Hash lacks it is hashed with plain SHA-256 (ComputeHash): the records
// written before the log had a key. Once a record of a log is keyed, every
// later one must be (Verify reports a plain one after it as Downgraded).
const KeyedPrefix = "hmac:"

// ComputeHash returns the hex SHA-256 of r's canonical encoding: every field
// but Hash, PrevHash included. It is what Append stored in Hash before the
// log had a key, and what Verify recomputes for those records.
//
// The encoding is hashVersion, then each field in declaration order:
// integers as 8-byte big-endian, Time as microseconds since the Unix epoch,
// strings and Action as a uvarint length followed by the bytes, Rules as a
// uvarint count followed by each id as a string.
func (r *Record) ComputeHash() string {
	var stack [1024]byte
	b := r.canonical(stack[:0], false)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// computeMAC returns KeyedPrefix and the hex HMAC of r's keyed canonical
// encoding, with m, an HMAC-SHA-256 under the log's key, which it resets.
func (r *Record) computeMAC(m hash.Hash) string {
	var stack [1024]byte
	b := r.canonical(stack[:0], true)
	m.Reset()
	m.Write(b)
	var sum [sha256.Size]byte
	out := make([]byte, len(KeyedPrefix)+2*sha256.Size)
	copy(out, KeyedPrefix)
	hex.Encode(out[len(KeyedPrefix):], m.Sum(sum[:0]))
	return string(out)
}

// canonical appends r's canonical encoding to b: the keyed one, or v1 or
// v2 as r's fields need.
func (r *Record) canonical(b []byte, keyed bool) []byte {
	size := len(hashVersionKeyed) + len(r.SessionID) + len(r.Agent) + len(r.Tool) + len(r.Kind) + len(r.Action) +
		len(r.Verdict) + len(r.Level) + len(r.Reason) + len(r.Error) + len(r.PrevHash) + 16*binary.MaxVarintLen64
	for _, id := range r.Rules {
		size += len(id) + binary.MaxVarintLen64
	}
	for _, a := range r.Anomalies {
		size += len(a) + binary.MaxVarintLen64
	}
	v2 := keyed || r.Confidence != 0 || len(r.Anomalies) > 0
	if size > cap(b)-len(b) {
		b = append(make([]byte, 0, len(b)+size), b...)
	}
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	num := func(v int64) { b = binary.BigEndian.AppendUint64(b, uint64(v)) }
	switch {
	case keyed:
		str(hashVersionKeyed)
	case v2:
		str(hashVersion2)
	default:
		str(hashVersion)
	}
	num(r.Seq)
	num(r.Time.UnixMicro())
	str(r.SessionID)
	str(r.Agent)
	str(r.Tool)
	str(r.Kind)
	str(string(r.Action))
	str(string(r.Verdict))
	str(string(r.Level))
	num(int64(r.Score))
	num(int64(r.Risk))
	b = binary.AppendUvarint(b, uint64(len(r.Rules)))
	for _, id := range r.Rules {
		str(id)
	}
	str(r.Reason)
	str(r.Error)
	num(r.DurationMicros)
	if v2 {
		num(int64(r.Confidence))
		b = binary.AppendUvarint(b, uint64(len(r.Anomalies)))
		for _, a := range r.Anomalies {
			str(a)
		}
	}
	str(r.PrevHash)
	return b
}

// HashOK reports whether r's Hash matches its fields: for a keyed record
// (KeyedPrefix), its HMAC under key, false when key is nil; for another,
// its SHA-256. It says nothing of r's place in the chain: see
// Log.VerifyRecord.
func (r *Record) HashOK(key []byte) bool {
	if !strings.HasPrefix(r.Hash, KeyedPrefix) {
		return r.ComputeHash() == r.Hash
	}
	if len(key) == 0 {
		return false
	}
	return hmac.Equal([]byte(r.ComputeMAC(key)), []byte(r.Hash))
}

// ComputeMAC returns the Hash r has when sealed with key: KeyedPrefix and
// the hex HMAC-SHA-256 of its keyed canonical encoding. Append computes it
// with a reused HMAC; this is for checking one record.
func (r *Record) ComputeMAC(key []byte) string {
	return r.computeMAC(hmac.New(sha256.New, key))
}
