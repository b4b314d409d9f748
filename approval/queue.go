package approval

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
)

// Queue is the approval queue as the hook, the server and the CLI use it:
// it opens requests (stored, and written as Markdown files), lets an
// approved action through once, and records every person's decision in the
// audit log.
//
// A Queue is safe for concurrent use when its Store is; several processes
// may share one store (a hook per tool call, `approvals watch`, a server):
// the store decides races (ConsumeApproval lets one caller use an
// approval, DecideApproval one person decide).
type Queue struct {
	Store Store
	// Dir is where request files are written (<id>.md, mode 0600 in a
	// 0700 directory); "" writes none.
	Dir string
	// TTL is how long a request waits before it expires (DefaultTTL when 0).
	TTL time.Duration
	// ServerURL is the approval server's address (ACTIONGUARD_SERVER_URL):
	// request files then link to the request's page (PageURL).
	ServerURL string
	// Audit appends a record to the audit log; nil records nothing. Decide,
	// Expire and Use record through it. Gate records a pass through it too
	// (via Use): a caller that records the gated decision itself — the
	// hook, `actionguard check` — leaves it nil for Gate, or the log would
	// hold the pass twice.
	Audit func(ctx context.Context, r *audit.Record) error
	// Warn receives the problems that do not undo what was done: a request
	// file that could not be written, an audit record that could not be
	// appended after the store recorded a decision. nil drops them.
	Warn func(err error)
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// PassTTL is how long after a person's decision an approval lets its
	// call through (DefaultPassTTL when 0).
	PassTTL time.Duration
	// Chain reads the audit log a decision must be recorded in for its
	// approval to let a call through (Verified); nil uses Store when it
	// is a Chain too (store.SQLite, store/postgres). Without one, nothing
	// passes.
	Chain Chain
}

// DefaultPassTTL is how long an approval lets its call through after the
// person decided: the agent retries within minutes, and a pass that waits
// for days is one an attacker can wait for.
const DefaultPassTTL = 10 * time.Minute

// Outcome is what Gate did for an action that waits for a person.
type Outcome struct {
	Request Request
	// Passed: an approved request for this exact action was used now; the
	// action runs.
	Passed bool
	// Reused: a pending request for this exact action was already open
	// (or one approved a moment ago, whose audit record is being linked).
	Reused bool
	// Refused is set when the store held an approved request for this
	// exact call that was not honoured because its approval is not a
	// decision recorded in the audit chain (ErrUnverified): a row written
	// by something other than actionguard, or a pass used before. The
	// caller reports it as an anomaly.
	Refused error
}

// Granted reports that o holds an approved request that did not let the
// action through: one granted for a call without a session id, which
// cannot be told apart from another call of the same action.
func (o Outcome) Granted() bool { return !o.Passed && !o.Reused && o.Request.Status == StatusApproved }

// Gate handles an action whose verdict waits for a person: an approved,
// unused request for exactly this call (k) whose decision is in the audit
// chain and younger than PassTTL is used (Passed); a pending one is
// returned (Reused); otherwise a new request is opened with action (JSON,
// redacted here) and sum.
//
// Without a session id nothing passes: an approved request for the same
// input is returned as it is (Outcome.Granted), a pending one reused. An
// error means no request could be found or opened; the action must then
// not run.
func (q *Queue) Gate(ctx context.Context, action []byte, sum Summary, k Key) (Outcome, error) {
	if err := q.usable(k.InputHash); err != nil {
		return Outcome{}, err
	}
	o, found, err := q.lookup(ctx, k)
	if err != nil || found {
		return o, err
	}
	r, err := q.open(ctx, action, sum, k)
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{Request: r, Refused: o.Refused}, nil
}

// Pass is Gate without opening a request, for a caller that asks the
// person some other way (an agent's own prompt): an approved, unused
// request for exactly this call is used (Passed) as Gate would; a pending
// one is returned (Reused); else an Outcome with no request. Nothing
// passes without a session id.
func (q *Queue) Pass(ctx context.Context, k Key) (Outcome, error) {
	if err := q.usable(k.InputHash); err != nil {
		return Outcome{}, err
	}
	if k.Session == "" {
		return Outcome{}, nil
	}
	o, _, err := q.lookup(ctx, k)
	return o, err
}

func (q *Queue) usable(inputHash string) error {
	if q == nil || q.Store == nil {
		return errors.New("no approval store")
	}
	if inputHash == "" {
		return errors.New("the action has no input hash")
	}
	return nil
}

// lookup finds the request for an exact call: a pass, a pending request,
// or nothing (found false; Refused says why an approved one was not a
// pass).
func (q *Queue) lookup(ctx context.Context, k Key) (o Outcome, found bool, err error) {
	r, err := q.Store.FindApproval(ctx, k)
	if errors.Is(err, ErrNotFound) {
		return Outcome{}, false, nil
	}
	if err != nil {
		return Outcome{}, false, fmt.Errorf("looking for an approval: %w", err)
	}
	if r.Key() != k {
		// A store that matched less than the whole call: not this one.
		return Outcome{}, false, nil
	}
	now := q.now()
	switch r.Effective(now) {
	case StatusPending:
		return Outcome{Request: r, Reused: true}, true, nil
	case StatusApproved:
		if !r.UsedAt.IsZero() {
			return Outcome{}, false, nil
		}
		if k.Session == "" {
			return Outcome{Request: r}, true, nil
		}
		if r.DecisionSeq == 0 && now.Sub(r.DecidedAt) < linkGrace && !r.DecidedAt.After(now) {
			// Decided a moment ago: its audit record is being linked. A
			// call retried right after the decision waits a moment for it;
			// until it is linked it is not a pass, and nothing to report.
			if !q.awaitLink(ctx, &r) {
				return Outcome{Request: r, Reused: true}, true, nil
			}
		}
		if !now.Before(r.DecidedAt.Add(q.passTTL())) {
			// The pass lapsed: this call needs an approval of its own.
			return Outcome{}, false, nil
		}
		used, err := q.UseVerified(ctx, &r, k)
		if errors.Is(err, ErrUnverified) {
			return Outcome{Refused: err}, false, nil
		}
		switch {
		case err == nil:
			return Outcome{Request: used, Passed: true}, true, nil
		case errors.Is(err, ErrUsed), errors.Is(err, ErrNotApproved), errors.Is(err, ErrNotFound):
			// Another call used it a moment ago (or it changed): this
			// call needs an approval of its own.
			return Outcome{}, false, nil
		}
		return Outcome{}, false, fmt.Errorf("using approval %s: %w", r.ID, err)
	}
	// Rejected, expired, or used since the store found it.
	return Outcome{}, false, nil
}

// idAttempts bounds the ids tried for a new request: stableIDs derived
// from the action, then random ones.
const (
	stableIDs  = 8
	idAttempts = stableIDs + 5
)

// linkGrace is how long after a decision its request may read as approved
// before its audit record is linked to it (Decide records, then links).
const linkGrace = time.Minute

// open stores a new pending request and writes its file.
func (q *Queue) open(ctx context.Context, action []byte, sum Summary, k Key) (Request, error) {
	now := q.now()
	r := New(action, sum, now)
	r.Expires = r.Created.Add(q.ttl())
	session, inputHash := k.Session, k.InputHash
	r.SessionID, r.InputHash, r.Cwd, r.Agent = session, inputHash, k.Cwd, k.Agent
	if r.Decision.SessionID == "" {
		r.Decision.SessionID = session
	}
	for n := range idAttempts {
		r.ID = candidateID(session, inputHash, n)
		r.File = ""
		if q.Dir != "" {
			r.File = filepath.Join(q.Dir, r.ID+".md")
			err := createFile(q.Dir, r.File, []byte(MarkdownLinked(r, q.ServerURL)))
			if errors.Is(err, fs.ErrExist) {
				continue // the id is taken, by a stored request or one being opened
			}
			if err != nil {
				// The request is still worth opening: a person can read
				// it with `approvals show` or on the server's page.
				q.warn(fmt.Errorf("writing the approval request file: %w", err))
				r.File = ""
			}
		}
		err := q.Store.OpenApproval(ctx, r)
		if err == nil {
			return *r, nil
		}
		if r.File != "" {
			removeFile(r.File)
		}
		if !errors.Is(err, ErrDuplicate) {
			return Request{}, fmt.Errorf("opening an approval request: %w", err)
		}
	}
	return Request{}, fmt.Errorf("opening an approval request: %w %d times", ErrDuplicate, idAttempts)
}

// candidateID is the n-th id tried for a request. The first ones derive
// from the session and the input hash, so that the same call in the same
// session gets the same name in every fresh queue (what an agent is told,
// and what a golden test can expect); then random ones. Ids are names, not
// secrets: only a person with the store may decide.
func candidateID(session, inputHash string, n int) string {
	if n >= stableIDs {
		return NewID()
	}
	sum := sha256.Sum256([]byte("actionguard approval id\x00" + session + "\x00" + inputHash + "\x00" + strconv.Itoa(n)))
	b := make([]byte, 6)
	for i := range b {
		b[i] = idAlphabet[int(sum[i])%len(idAlphabet)]
	}
	return "ap-" + string(b)
}

// UseVerified lets the call k through on r, an approved request: it checks
// that the approval is a person's decision in the audit chain for exactly
// k (Verified) and has not lapsed (PassTTL), then uses it up (Use). An
// error wrapping ErrUnverified says why the approval is not honoured.
func (q *Queue) UseVerified(ctx context.Context, r *Request, k Key) (Request, error) {
	if q == nil || q.Store == nil {
		return Request{}, errors.New("no approval store")
	}
	if !q.now().Before(r.DecidedAt.Add(q.passTTL())) {
		return *r, fmt.Errorf("approval %s was not honoured: %w: it lapsed %s after the decision", r.ID, ErrUnverified, Human(q.passTTL()))
	}
	if err := Verified(ctx, q.chain(), r, k); err != nil {
		return *r, fmt.Errorf("approval %s was not honoured: %w", r.ID, err)
	}
	return q.Use(ctx, r.ID)
}

// awaitLink re-reads an approved request until its decision is linked to
// its audit record (Decide records, then links), for at most linkWaits
// polls linkPoll apart; it reports whether the link is there.
func (q *Queue) awaitLink(ctx context.Context, r *Request) bool {
	for wait := 0; r.DecisionSeq <= 0 && wait < linkWaits; wait++ {
		select {
		case <-ctx.Done():
			return false
		case <-time.After(linkPoll):
		}
		again, err := q.Store.Approval(ctx, r.ID)
		if err != nil || again.Status != StatusApproved {
			return false
		}
		*r = again
	}
	return r.DecisionSeq > 0
}

// How long a pass waits for its decision to be linked to the audit record
// Decide is writing.
const (
	linkWaits = 100
	linkPoll  = 20 * time.Millisecond
)

// Use marks an approved request used (ConsumeApproval), rewrites its file
// and records the pass in the audit log. Of two callers, one succeeds; the
// other gets ErrUsed.
func (q *Queue) Use(ctx context.Context, id string) (Request, error) {
	if q == nil || q.Store == nil {
		return Request{}, errors.New("no approval store")
	}
	r, err := q.Store.ConsumeApproval(ctx, id, q.now())
	if err != nil {
		return r, err
	}
	q.rewrite(&r)
	q.record(ctx, &r, "allow", fmt.Sprintf("approval %s (approved by %s) let this action through once; it is now used", r.ID, who(r.DecidedBy)))
	return r, nil
}

// Decide records a person's decision, rewrites the request's file and
// appends the decision to the audit log (who, when, why).
//
// d.Status is approved, rejected or expired (a caller that gave up waiting
// closes the request). d.Auto is refused (ErrNotCautious) unless the
// request is a CAUTIOUS one (verdict confirm) being approved. The store's
// ErrNotFound, ErrDecided and ErrExpired say why a request could not be
// decided; with ErrExpired the request has just been closed as expired,
// which its file and the audit log then say.
func (q *Queue) Decide(ctx context.Context, id string, d Decision) (Request, error) {
	if q == nil || q.Store == nil {
		return Request{}, errors.New("no approval store")
	}
	switch d.Status {
	case StatusApproved, StatusRejected, StatusExpired:
	default:
		return Request{}, fmt.Errorf("deciding %s: %q is not a decision (want approved, rejected or expired)", id, d.Status)
	}
	if d.At.IsZero() {
		d.At = q.now()
	}
	if d.Auto {
		if d.Status != StatusApproved {
			return Request{}, fmt.Errorf("deciding %s: a countdown can only approve", id)
		}
		r, err := q.Store.Approval(ctx, id)
		if err != nil {
			return r, err
		}
		if r.Decision.Verdict != "confirm" {
			return r, fmt.Errorf("%w: %s waits for an explicit approval (verdict %s)", ErrNotCautious, id, r.Decision.Verdict)
		}
	}
	// The note is kept in the store, the request file and the audit log:
	// a person who quotes the command does not store its passwords.
	d.Note = audit.RedactProse(d.Note)
	r, err := q.Store.DecideApproval(ctx, id, d)
	if errors.Is(err, ErrExpired) {
		q.closed(ctx, &r)
		return r, err
	}
	if err != nil {
		return r, err
	}
	q.rewrite(&r)
	rec := q.record(ctx, &r, verdictOf(r.Status), decisionReason(&r, d))
	if r.Status == StatusApproved {
		if rec == nil {
			q.warn(fmt.Errorf("approval %s is not in the audit log, so it will not let the call through: an approval counts only when its decision is recorded", r.ID))
			return r, nil
		}
		linked, err := q.Store.LinkDecision(ctx, r.ID, rec.Seq, rec.Hash)
		if err != nil {
			q.warn(fmt.Errorf("linking approval %s to its audit record: %w", r.ID, err))
			return r, nil
		}
		r = linked
	}
	return r, nil
}

// Expire closes the pending requests past their expiry (seed 003: rejected
// automatically after 24 h), rewrites their files and records each in the
// audit log. It returns how many it closed. The store marks each request
// once (ExpireApprovals returns only what it marked), so two sweeps at the
// same moment, in two processes, never record one request twice.
func (q *Queue) Expire(ctx context.Context) (int, error) {
	if q == nil || q.Store == nil {
		return 0, errors.New("no approval store")
	}
	due, err := q.Store.ExpireApprovals(ctx, q.now())
	if err != nil {
		return 0, err
	}
	for i := range due {
		q.closed(ctx, &due[i])
	}
	return len(due), nil
}

// closed rewrites and records a request that expired without a decision.
func (q *Queue) closed(ctx context.Context, r *Request) {
	r.Status = StatusExpired
	if r.DecidedAt.IsZero() {
		r.DecidedAt = r.Expires
	}
	q.rewrite(r)
	q.record(ctx, r, "block", fmt.Sprintf("approval %s expired after %s without a decision: rejected automatically", r.ID, Human(r.Expires.Sub(r.Created))))
}

// decisionReason is the audit log's account of a decision: who, how, why.
func decisionReason(r *Request, d Decision) string {
	var s string
	switch {
	case d.Auto:
		after := d.After
		if after <= 0 {
			after = AutoConfirmAfter
		}
		s = fmt.Sprintf("approval %s auto-confirmed after %s while %s watched", r.ID, Human(after), who(d.By))
	case r.Status == StatusExpired:
		s = fmt.Sprintf("approval %s closed as expired by %s", r.ID, who(d.By))
	default:
		s = fmt.Sprintf("approval %s %s by %s", r.ID, r.Status, who(d.By))
	}
	switch {
	case d.Batch == 2:
		s += ", reviewed together with 1 other request"
	case d.Batch > 2:
		s += fmt.Sprintf(", reviewed together with %d other requests", d.Batch-1)
	}
	if r.Status == StatusApproved {
		// What the approval lets through, in the hash-chained record: a
		// row changed afterwards no longer matches it (Verified).
		s += " (pass " + PassTag(r.ID, r.Key()) + ")"
	}
	if d.Note != "" {
		s += ": " + d.Note
	}
	return s
}

func verdictOf(s Status) string {
	if s == StatusApproved {
		return "allow"
	}
	return "block"
}

func who(by string) string {
	if by == "" {
		return "someone unnamed"
	}
	return by
}

// record appends an account of what happened to r to the audit log and
// returns the record as appended; nil when nothing was.
func (q *Queue) record(ctx context.Context, r *Request, verdict, reason string) *audit.Record {
	if q.Audit == nil {
		return nil
	}
	session := r.SessionID
	if session == "" {
		session = r.Decision.SessionID
	}
	rules := r.Decision.Rules
	if rules == nil {
		rules = []string{}
	}
	rec := &audit.Record{SessionID: session, Agent: r.Decision.Agent, Tool: r.Decision.Tool, Kind: string(kindOf(r.Action)),
		Action: r.Action, Verdict: guard.Verdict(verdict), Level: guard.Level(r.Decision.Level), Risk: r.Decision.Risk, Rules: rules, Reason: reason}
	if r.Agent != "" {
		rec.Agent = r.Agent
	}
	if err := q.Audit(ctx, rec); err != nil {
		q.warn(fmt.Errorf("recording approval %s in the audit log: %w", r.ID, err))
		return nil
	}
	if rec.Seq == 0 || rec.Hash == "" {
		return nil
	}
	return rec
}

// kindOf is the kind of a request's action, "" when it does not decode.
func kindOf(action json.RawMessage) guard.Kind {
	var a guard.Action
	if json.Unmarshal(action, &a) != nil || a.Tool == "" && a.Text == "" {
		return ""
	}
	return a.InferKind()
}

// rewrite writes r's file again, as r now stands.
func (q *Queue) rewrite(r *Request) {
	if r.File == "" {
		return
	}
	if filepath.Base(r.File) != r.ID+".md" {
		q.warn(fmt.Errorf("approval %s: not rewriting %s, which is not named after it", r.ID, r.File))
		return
	}
	if err := replaceFile(r.File, []byte(MarkdownLinked(r, q.ServerURL))); err != nil {
		q.warn(fmt.Errorf("rewriting the approval request file: %w", err))
	}
}

func (q *Queue) warn(err error) {
	if q.Warn != nil {
		q.Warn(err)
	}
}

func (q *Queue) now() time.Time {
	if q.Now != nil {
		return q.Now().UTC()
	}
	return time.Now().UTC()
}

func (q *Queue) passTTL() time.Duration {
	if q.PassTTL > 0 {
		return q.PassTTL
	}
	return DefaultPassTTL
}

// chain is where Verified looks for decisions: Chain, else the store.
func (q *Queue) chain() Chain {
	if q.Chain != nil {
		return q.Chain
	}
	c, _ := q.Store.(Chain)
	return c
}

func (q *Queue) ttl() time.Duration {
	if q.TTL > 0 {
		return q.TTL
	}
	return DefaultTTL
}

// Human renders a duration the way the requests say it: "5 s", "24 h",
// "10 min", "1 h 30 min".
func Human(d time.Duration) string {
	switch {
	case d <= 0:
		return "0 s"
	case d%time.Hour == 0:
		return strconv.FormatInt(int64(d/time.Hour), 10) + " h"
	case d >= time.Hour && d%time.Minute == 0:
		return strconv.FormatInt(int64(d/time.Hour), 10) + " h " + strconv.FormatInt(int64(d%time.Hour/time.Minute), 10) + " min"
	case d%time.Minute == 0:
		return strconv.FormatInt(int64(d/time.Minute), 10) + " min"
	case d%time.Second == 0 && d < time.Hour:
		if d >= time.Minute {
			return strconv.FormatInt(int64(d/time.Minute), 10) + " min " + strconv.FormatInt(int64(d%time.Minute/time.Second), 10) + " s"
		}
		return strconv.FormatInt(int64(d/time.Second), 10) + " s"
	}
	return d.Round(time.Millisecond).String()
}
