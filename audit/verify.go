package audit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"strings"
	"time"
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
	// Downgraded: a record has a plain SHA-256 hash after the log became
	// keyed, so it was written or re-hashed by someone without the key.
	Downgraded Problem = "downgraded"
	// KeyMissing: the records are keyed and there is no key to check them
	// with, or not the key they were sealed with.
	KeyMissing Problem = "key_missing"
	// CheckpointMismatch: a record is not the one a checkpoint saw at its
	// Seq, so the log was rewritten up to there.
	CheckpointMismatch Problem = "checkpoint_mismatch"
	// Truncated: the log ends before a checkpoint's Seq, so its newest
	// records were removed.
	Truncated Problem = "truncated"
	// TipMismatch: the tip the user kept (VerifyOptions.Tip) is not in the
	// log: the log was cut before it, or rewritten up to it.
	TipMismatch Problem = "tip_mismatch"
	// CheckpointsMissing: the log is keyed, so its first keyed record was
	// checkpointed, and there is no checkpoint: they were removed.
	CheckpointsMissing Problem = "checkpoints_missing"
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
	// KeyedFrom is the Seq of the first keyed record, 0 when none is.
	KeyedFrom int64 `json:"keyed_from,omitempty"`
	// Checkpoints is how many checkpoints the log was checked against, and
	// Checkpoint the latest of them; CheckpointsAt says where they are kept.
	Checkpoints   int         `json:"checkpoints"`
	Checkpoint    *Checkpoint `json:"checkpoint,omitempty"`
	CheckpointsAt string      `json:"checkpoints_at,omitempty"`
	// Tip is the tip the user kept that the log was checked against.
	Tip *Tip `json:"tip,omitempty"`
}

// VerifyOptions are Verify's: all optional.
type VerifyOptions struct {
	// Progress, when not nil, is called every so often and at the end with
	// the number of records checked and the number there are to check.
	Progress func(done, total int64)
	// Tip is a tip the user kept (`audit checkpoint`, or VerifyResult.Last
	// of an earlier Verify): the log must still hold that record. Its Seq
	// may be 0 when only the hash was kept.
	Tip *Tip
	// NoCheckpoints skips the checks against the log's checkpoints.
	NoCheckpoints bool
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

// Verify is VerifyWith with only a progress function.
func (l *Log) Verify(ctx context.Context, progress func(done, total int64)) (VerifyResult, error) {
	return l.VerifyWith(ctx, VerifyOptions{Progress: progress})
}

// VerifyWith reads the log in Seq order, up to the record that was last
// when it started, and checks that Seq has no gaps, that each record's
// PrevHash is the Hash of the one before (Genesis for the first), that each
// record hashes to its Hash (with the key, for a keyed record, and no
// record after a keyed one unkeyed), that each record a checkpoint saw is
// still the one it saw, that the log reaches its latest checkpoint, and,
// when opts.Tip is set, that the log holds that tip. It stops at the first
// problem. A broken chain is a result, not an error: the error is for
// failing to read the log, its key or its checkpoints.
func (l *Log) VerifyWith(ctx context.Context, opts VerifyOptions) (VerifyResult, error) {
	var res VerifyResult
	progress := opts.Progress
	key, keyPath, err := l.verifyKey()
	if err != nil {
		return res, fmt.Errorf("audit: verify: %w", err)
	}
	var cps []Checkpoint
	if l.cps != nil && !opts.NoCheckpoints {
		if cps, err = l.cps.Checkpoints(ctx); err != nil {
			return res, fmt.Errorf("audit: verify: %w", err)
		}
		res.CheckpointsAt = l.cps.Where()
	}
	res.Checkpoints = len(cps)
	bySeq := make(map[int64]Checkpoint, len(cps))
	var latest *Checkpoint
	for i, c := range cps {
		bySeq[c.Seq] = c // of two at one Seq, the later: both must hold
		if latest == nil || c.Seq >= latest.Seq {
			latest = &cps[i]
		}
	}
	res.Checkpoint = latest
	if opts.Tip != nil {
		t := *opts.Tip
		res.Tip = &t
	}

	tip, err := l.st.AuditTip(ctx)
	if err != nil {
		return res, fmt.Errorf("audit: verify: %w", err)
	}
	total, err := l.st.CountAudit(ctx)
	if err != nil {
		return res, fmt.Errorf("audit: verify: %w", err)
	}
	var m hash.Hash
	if key != nil {
		m = l.mac(key)
		defer l.putMAC(m)
	}
	c := chainCheck{key: key, keyPath: keyPath, mac: m, next: 1, prev: Genesis}
	tipFound := false
	if total > 0 {
		err = l.st.ScanAudit(ctx, Query{ThroughSeq: tip.Seq}, func(r Record) error {
			res.Checked++
			if res.Broken = c.check(&r); res.Broken != nil {
				return errStop
			}
			if cp, ok := bySeq[r.Seq]; ok && cp.Hash != r.Hash {
				res.Broken = &Break{Seq: r.Seq, Problem: CheckpointMismatch, Detail: fmt.Sprintf(
					"record %d is not the one checkpointed on %s: the log was rewritten up to it",
					r.Seq, cp.Time.Format(time.RFC3339))}
				return errStop
			}
			if t := res.Tip; t != nil && r.Hash == t.Hash && (t.Seq == 0 || t.Seq == r.Seq) {
				tipFound = true
			} else if t != nil && t.Seq == r.Seq {
				res.Broken = &Break{Seq: r.Seq, Problem: TipMismatch, Detail: fmt.Sprintf(
					"record %d is not the one in the tip you kept: the log was rewritten up to it", r.Seq)}
				return errStop
			}
			res.Last = Tip{Seq: r.Seq, Hash: r.Hash}
			if progress != nil && res.Checked%progressEvery == 0 {
				progress(res.Checked, total)
			}
			return nil
		})
		if err != nil && !errors.Is(err, errStop) {
			return res, fmt.Errorf("audit: verify: %w", err)
		}
	}
	res.KeyedFrom = c.keyedFrom
	if res.Broken == nil {
		res.Broken = c.end(res.Last, latest, cps, res.Tip, tipFound)
	}
	if res.Broken == nil && c.keyedFrom != 0 && l.cps != nil && !opts.NoCheckpoints && len(cps) == 0 {
		res.Broken = &Break{Seq: c.keyedFrom, Problem: CheckpointsMissing, Detail: fmt.Sprintf(
			"the log is keyed from record %d on, which was checkpointed, and %s holds no checkpoint of it: "+
				"the checkpoints were removed or moved (restore them, or compare with a tip you kept)",
			c.keyedFrom, l.cps.Where())}
	}
	if progress != nil {
		progress(res.Checked, total)
	}
	return res, nil
}

// chainCheck follows the chain record by record.
type chainCheck struct {
	key       []byte
	keyPath   string
	mac       hash.Hash
	next      int64  // the Seq the next record must have
	prev      string // the PrevHash it must have
	keyedFrom int64  // the first keyed record's Seq, once seen
}

// check returns where r breaks the chain, if it does.
func (c *chainCheck) check(r *Record) *Break {
	if b := check(r, c.next, c.prev); b != nil {
		return b
	}
	keyed := strings.HasPrefix(r.Hash, KeyedPrefix)
	switch {
	case keyed && c.keyedFrom == 0:
		// Where the log becomes keyed: its first record, or the record that
		// says so.
		if r.Seq != 1 && r.Kind != KeyedKind {
			return &Break{Seq: r.Seq, Problem: HashMismatch, Detail: fmt.Sprintf(
				"record %d is keyed, but the log does not say it became keyed there: it was altered", r.Seq)}
		}
		c.keyedFrom = r.Seq
		if c.key == nil {
			where := ""
			if c.keyPath != "" {
				where = " (looked for at " + c.keyPath + ")"
			}
			return &Break{Seq: r.Seq, Problem: KeyMissing, Detail: fmt.Sprintf(
				"records from %d on are sealed with an audit key, and this installation has none%s: they cannot be checked", r.Seq, where)}
		}
		if r.Kind == KeyedKind {
			var a struct {
				KeyID string `json:"key_id"`
			}
			if json.Unmarshal(r.Action, &a) == nil && a.KeyID != "" && a.KeyID != KeyID(c.key) {
				return &Break{Seq: r.Seq, Problem: KeyMissing, Detail: fmt.Sprintf(
					"records from %d on are sealed with key %s, and this installation's key is %s: they cannot be checked with it",
					r.Seq, a.KeyID, KeyID(c.key))}
			}
		}
	case !keyed && c.keyedFrom != 0:
		return &Break{Seq: r.Seq, Problem: Downgraded, Detail: fmt.Sprintf(
			"record %d has a plain hash, but the log is keyed from record %d on: it was written or re-hashed without the key",
			r.Seq, c.keyedFrom)}
	}
	if keyed && r.computeMAC(c.mac) != r.Hash {
		return &Break{Seq: r.Seq, Problem: HashMismatch, Detail: fmt.Sprintf(
			"record %d does not match its keyed hash: it was altered, or written by someone without the key", r.Seq)}
	}
	if !keyed && r.ComputeHash() != r.Hash {
		return &Break{Seq: r.Seq, Problem: HashMismatch, Detail: fmt.Sprintf(
			"record %d does not match its hash: it was altered after it was written", r.Seq)}
	}
	c.next, c.prev = r.Seq+1, r.Hash
	return nil
}

// end returns what the checks against the checkpoints and the user's tip
// find once every record is read: a log that ends before them.
func (c *chainCheck) end(last Tip, latest *Checkpoint, cps []Checkpoint, tip *Tip, tipFound bool) *Break {
	if latest != nil && last.Seq < latest.Seq {
		return &Break{Seq: last.Seq + 1, Problem: Truncated, Detail: fmt.Sprintf(
			"the log ends at record %d, but a checkpoint on %s saw it reach record %d: the newest records were removed",
			last.Seq, latest.Time.Format(time.RFC3339), latest.Seq)}
	}
	for _, cp := range cps {
		if cp.KeyedFrom != 0 && cp.KeyedFrom != c.keyedFrom {
			return &Break{Seq: cp.KeyedFrom, Problem: Downgraded, Detail: fmt.Sprintf(
				"a checkpoint on %s saw the log keyed from record %d on, and it no longer is: it was re-hashed without the key",
				cp.Time.Format(time.RFC3339), cp.KeyedFrom)}
		}
	}
	if tip != nil && !tipFound {
		if tip.Seq > last.Seq {
			return &Break{Seq: last.Seq + 1, Problem: Truncated, Detail: fmt.Sprintf(
				"the log ends at record %d, but the tip you kept is record %d: the newest records were removed", last.Seq, tip.Seq)}
		}
		return &Break{Seq: max(tip.Seq, 1), Problem: TipMismatch, Detail: "the tip you kept is not in the log: the log was rewritten or cut before it"}
	}
	return nil
}

// check returns where r breaks the chain's links, if it does, given the Seq
// and the PrevHash it must have (chainCheck.check then checks its hash). The link is checked before the hash so that a
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
	}
	return nil
}

// ErrNotVerified is the error of VerifyRecord for a record it cannot vouch
// for: missing, altered, not linked into the chain, or not sealed with the
// installation's key in a keyed log.
var ErrNotVerified = errors.New("audit: the record is not in the verified chain")

// VerifyRecord returns the record with Seq seq when it is inside the
// verified chain: a keyed record whose keyed hash matches, that links to
// the record before it and to the one after it. Only the key seals a
// record, so a row written into the database directly — an approval's
// evidence, say — is refused. A record from before the log was keyed
// (plain hash) is vouched for only by checking the whole chain and its
// checkpoints, which reads the log. Any other outcome is an error wrapping
// ErrNotVerified that says why, or the error of reading the log.
func (l *Log) VerifyRecord(ctx context.Context, seq int64) (Record, error) {
	key, _, err := l.verifyKey()
	if err != nil {
		return Record{}, fmt.Errorf("audit: verify record: %w", err)
	}
	var around []Record
	err = l.st.ScanAudit(ctx, Query{AfterSeq: seq - 2, ThroughSeq: seq + 1}, func(r Record) error {
		if r.Seq >= seq-1 && r.Seq <= seq+1 {
			around = append(around, r)
		}
		return nil
	})
	if err != nil {
		return Record{}, fmt.Errorf("audit: verify record: %w", err)
	}
	var prev, r, next *Record
	for i := range around {
		switch around[i].Seq {
		case seq - 1:
			prev = &around[i]
		case seq:
			r = &around[i]
		case seq + 1:
			next = &around[i]
		}
	}
	notVerified := func(why string) (Record, error) {
		return Record{}, fmt.Errorf("%w: record %d %s", ErrNotVerified, seq, why)
	}
	switch {
	case r == nil:
		return notVerified("does not exist")
	case seq == 1 && r.PrevHash != Genesis, seq > 1 && (prev == nil || prev.Hash != r.PrevHash):
		return notVerified("does not link to the record before it")
	case next != nil && next.PrevHash != r.Hash:
		return notVerified("is not the one the record after it links to")
	}
	if strings.HasPrefix(r.Hash, KeyedPrefix) {
		if key == nil {
			return notVerified("is sealed with an audit key, and this installation has none")
		}
		if !r.HashOK(key) {
			return notVerified("does not match its keyed hash: altered, or written without the key")
		}
		return *r, nil
	}
	// A plain hash anyone can compute: only the whole chain, keyed after
	// it or pinned by checkpoints, vouches for it.
	res, err := l.VerifyWith(ctx, VerifyOptions{})
	if err != nil {
		return Record{}, err
	}
	switch {
	case !res.OK() && res.Broken.Seq <= seq:
		return notVerified("is in a broken chain: " + res.Broken.Detail)
	case !res.OK():
		return notVerified("is in a chain broken later: " + res.Broken.Detail)
	case key != nil && res.KeyedFrom == 0:
		return notVerified("has a plain hash, and the log was never keyed although this installation has a key")
	}
	return *r, nil
}
