package approval

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/actionguard/actionguard/audit"
)

// Chain reads the audit log an approval's decision must be recorded in.
// store.SQLite and store/postgres implement it.
type Chain interface {
	// AuditRecords returns the records with from <= Seq <= through, in Seq
	// order (a handful: the caller asks for a record and its neighbours).
	AuditRecords(ctx context.Context, from, through int64) ([]audit.Record, error)
	// ScanAudit calls fn for every record that matches q, in Seq order
	// (audit.Storage).
	ScanAudit(ctx context.Context, q audit.Query, fn func(audit.Record) error) error
}

// ErrUnverified: an approved request whose approval is not a person's
// decision recorded in the audit chain for exactly this call. It lets
// nothing through.
var ErrUnverified = errors.New("no person's decision for it is in the audit log")

// Verified reports whether r, an approved request, may let the call k
// through: nil when the audit chain holds the decision that approved r for
// exactly k, linked into the chain, and no record of r's use since; else
// an error wrapping ErrUnverified that says what is missing.
//
// This is what makes the audit log, not the approvals table, the source of
// truth: a row set to approved by anything but Queue.Decide (an UPDATE run
// against the database), a row re-pointed at another call, or a used pass
// set unused again has no such record and passes nothing.
//
// The checks, all on records read from the chain:
//   - r's DecisionSeq record exists, has r's DecisionHash, hashes to it
//     (with the installation key when the chain is keyed), and its
//     neighbours link to it (PrevHash);
//   - it says "approval <id> approved by …" (or auto-confirmed) with the
//     allow verdict, in k's session, and carries the pass tag of r's id and
//     k, so the session, the input, the working directory and the agent
//     are the ones the person approved;
//   - no record after it in k's session says the approval was used.
//
// It is the one place a pass is judged against the audit log, to be made
// stricter as the chain is (a keyed hash, checkpoints).
func Verified(ctx context.Context, chain Chain, r *Request, k Key) error {
	if chain == nil {
		return fmt.Errorf("%w (there is no audit log to look in)", ErrUnverified)
	}
	if r.Status != StatusApproved {
		return fmt.Errorf("%w: the request is %s", ErrUnverified, r.Status)
	}
	seq := r.DecisionSeq
	if seq <= 0 || r.DecisionHash == "" {
		return fmt.Errorf("%w: the request names no audit record of its decision", ErrUnverified)
	}
	recs, err := chain.AuditRecords(ctx, seq-1, seq+1)
	if err != nil {
		return fmt.Errorf("reading the audit record of approval %s: %w", r.ID, err)
	}
	// A keyed chain's records are checked with the installation's key.
	var key []byte
	if ks, ok := chain.(audit.KeySource); ok {
		key, _ = ks.AuditKey(false)
	}
	var prev, rec, next *audit.Record
	for i := range recs {
		switch recs[i].Seq {
		case seq - 1:
			prev = &recs[i]
		case seq:
			rec = &recs[i]
		case seq + 1:
			next = &recs[i]
		}
	}
	switch {
	case rec == nil:
		return fmt.Errorf("%w: audit record %d does not exist", ErrUnverified, seq)
	case rec.Hash != r.DecisionHash || !rec.HashOK(key):
		return fmt.Errorf("%w: audit record %d is not the one the request names, or was changed", ErrUnverified, seq)
	case seq == 1 && rec.PrevHash != audit.Genesis,
		seq > 1 && (prev == nil || prev.Hash != rec.PrevHash || !prev.HashOK(key)),
		next != nil && next.PrevHash != rec.Hash:
		return fmt.Errorf("%w: audit record %d is not linked into the chain", ErrUnverified, seq)
	}
	approved := strings.HasPrefix(rec.Reason, "approval "+r.ID+" approved by ") ||
		strings.HasPrefix(rec.Reason, "approval "+r.ID+" auto-confirmed after ")
	if !approved || rec.Verdict != "allow" {
		return fmt.Errorf("%w: audit record %d is not the approval of %s", ErrUnverified, seq, r.ID)
	}
	if rec.SessionID != k.Session || !strings.Contains(rec.Reason, " (pass "+PassTag(r.ID, k)+")") {
		return fmt.Errorf("%w: the approval recorded in audit record %d is for another call (session, input, directory or agent)", ErrUnverified, seq)
	}
	used := false
	err = chain.ScanAudit(ctx, audit.Query{Session: k.Session, Since: rec.Time.Add(-clockSkew)}, func(x audit.Record) error {
		if x.Seq > seq && usedIn(x.Reason, r.ID) {
			used = true
			return errStopScan
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStopScan) {
		return fmt.Errorf("reading the audit log after approval %s: %w", r.ID, err)
	}
	if used {
		return fmt.Errorf("%w: the audit log says approval %s was used already", ErrUnverified, r.ID)
	}
	return nil
}

var errStopScan = errors.New("stop")

// clockSkew is how much earlier than the decision a record of its use may
// be stamped: processes stamp records with their own clocks.
const clockSkew = time.Minute

// usedIn reports whether an audit record's reason says approval id let a
// call through: the hook's "Approved by … (approval <id>); this approval
// is now used." or the queue's "approval <id> (approved by …) let this
// action through once; it is now used".
func usedIn(reason, id string) bool {
	return strings.Contains(reason, "(approval "+id+")") && strings.Contains(reason, "approval is now used") ||
		strings.HasPrefix(reason, "approval "+id+" (approved by ") && strings.Contains(reason, "it is now used")
}

// PassTag names, in the audit record of a decision that approved request
// id, the call the approval lets through (k): a digest of both, which the
// record's reason carries as "(pass <tag>)".
func PassTag(id string, k Key) string {
	sum := sha256.Sum256([]byte("actionguard pass\x00" + id + "\x00" + k.Session + "\x00" + k.InputHash + "\x00" + k.Cwd + "\x00" + k.Agent))
	return hex.EncodeToString(sum[:16])
}
