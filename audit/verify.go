package audit

import (
	"context"
	"errors"
	"fmt"
)

// Problem says why the chain is broken at a record.
type Problem string

// Problems Verify reports.
const (
	// HashMismatch: the record's fields do not hash to its Hash, so the
	// record was altered after it was written.
	HashMismatch Problem = "hash_mismatch"
	// PrevHashMismatch: the record's PrevHash is not the Hash of the record
	// before it, so a record was removed or the records were reordered (or the
	// record before was altered and re-hashed).
	PrevHashMismatch Problem = "prev_hash_mismatch"
	// SeqGap: a Seq is missing, so a record was deleted.
	SeqGap Problem = "seq_gap"
)

// Break is the first place where the chain is broken.
type Break struct {
	Seq     int64   `json:"seq"` // the first bad Seq; for SeqGap, the first missing one
	Problem Problem `json:"problem"`
	Detail  string  `json:"detail"` // one sentence for the user
}

// VerifyResult is what Verify found.
type VerifyResult struct {
	// Checked is the number of records read and checked, the bad one
	// included when the chain is broken.
	Checked int64 `json:"checked"`
	// Last is the last record checked. Keep it outside the database: a later
	// Verify whose chain no longer reaches it shows that the newest records
	// were removed, which the chain alone cannot show.
	Last Tip `json:"last"`
	// Broken is nil when every record checked is intact and linked.
	Broken *Break `json:"broken,omitempty"`
}

// OK reports whether the chain is intact.
func (v VerifyResult) OK() bool { return v.Broken == nil }

// String is a one-line summary for people.
func (v VerifyResult) String() string {
	if v.Broken == nil {
		return fmt.Sprintf("%d records verified, chain intact", v.Checked)
	}
	return fmt.Sprintf("chain broken at seq %d (%s): %s", v.Broken.Seq, v.Broken.Problem, v.Broken.Detail)
}

// errStop ends a scan early; it never leaves Verify.
var errStop = errors.New("stop")

// progressEvery is how many records Verify checks between progress calls.
const progressEvery = 1024

// Verify reads the log in Seq order, up to the record that was last when it
// started, and checks that Seq has no gaps, that each record's PrevHash is
// the Hash of the one before (Genesis for the first) and that each record
// hashes to its Hash. It stops at the first problem. A broken chain is a
// result, not an error: the error is for failing to read the log.
//
// progress, when not nil, is called every so often and at the end with the
// number of records checked and the number there are to check.
func (l *Log) Verify(ctx context.Context, progress func(done, total int64)) (VerifyResult, error) {
	var res VerifyResult
	tip, err := l.st.AuditTip(ctx)
	if err != nil {
		return res, fmt.Errorf("audit: verify: %w", err)
	}
	total, err := l.st.CountAudit(ctx)
	if err != nil {
		return res, fmt.Errorf("audit: verify: %w", err)
	}
	if total == 0 {
		if progress != nil {
			progress(0, 0)
		}
		return res, nil
	}
	next, prev := int64(1), Genesis
	err = l.st.ScanAudit(ctx, Query{ThroughSeq: tip.Seq}, func(r Record) error {
		res.Checked++
		res.Broken = check(&r, next, prev)
		if res.Broken != nil {
			return errStop
		}
		res.Last = Tip{Seq: r.Seq, Hash: r.Hash}
		next, prev = r.Seq+1, r.Hash
		if progress != nil && res.Checked%progressEvery == 0 {
			progress(res.Checked, total)
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStop) {
		return res, fmt.Errorf("audit: verify: %w", err)
	}
	if progress != nil {
		progress(res.Checked, total)
	}
	return res, nil
}

// check returns where r breaks the chain, if it does, given the Seq and the
// PrevHash it must have. The link is checked before the hash so that a
// removed or moved record is reported as such even though moving it also
// changed its Seq, which its hash covers.
func check(r *Record, seq int64, prev string) *Break {
	switch {
	case r.Seq > seq:
		detail := fmt.Sprintf("record %d is missing: deleted", seq)
		if r.Seq > seq+1 {
			detail = fmt.Sprintf("records %d to %d are missing: deleted", seq, r.Seq-1)
		}
		return &Break{Seq: seq, Problem: SeqGap, Detail: detail}
	case r.Seq < seq:
		return &Break{Seq: r.Seq, Problem: SeqGap, Detail: fmt.Sprintf("record %d comes where record %d should: renumbered", r.Seq, seq)}
	case r.PrevHash != prev:
		what := "the record before it"
		if seq == 1 {
			what = "the genesis value"
		}
		return &Break{Seq: r.Seq, Problem: PrevHashMismatch, Detail: fmt.Sprintf(
			"record %d does not link to %s: a record was removed or reordered, or the one before was altered", r.Seq, what)}
	case r.ComputeHash() != r.Hash:
		return &Break{Seq: r.Seq, Problem: HashMismatch, Detail: fmt.Sprintf(
			"record %d does not match its hash: it was altered after it was written", r.Seq)}
	}
	return nil
}
