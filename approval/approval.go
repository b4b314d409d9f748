// Package approval holds the requests a person grants or refuses before an
// action that needs approval runs (seed 003).
//
// Queue is the entry point the hook, `actionguard check`, the MCP proxy,
// the server and the CLI share: Queue.Gate opens a request for an action
// (stored, and written as a Markdown file) or lets an approved one through
// once; Queue.Decide records a person's answer; Queue.DecideAll records one
// answer on several requests of the same kind (batch review: Groups sorts
// pending requests by BatchKindOf; a DANGEROUS one is never approved in a
// batch); Queue.Expire closes the requests nobody answered within the TTL
// (seed 003: rejected automatically after 24 h). Every answer, expiry and
// use goes to the audit log, one record per request.
//
// Below it: New builds a Request; a Store (store.SQLite, store/postgres)
// keeps it; Open stores it under a fresh id; Wait polls until a person
// decides; Describe says in words what a request's action does and what
// could go wrong; Markdown renders the whole request for a person to read;
// InputHash names an exact call. A pending request past Expires reads as
// StatusExpired.
package approval

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/actionguard/actionguard/analyze/privacy"
	"github.com/actionguard/actionguard/analyze/tools"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
)

// Status is where a request stands.
type Status string

// Statuses. Only a pending request can be decided.
const (
	StatusPending  Status = "pending"
	StatusApproved Status = "approved"
	StatusRejected Status = "rejected"
	StatusExpired  Status = "expired"
)

// DefaultTTL is how long a request waits before it times out (seed 003:
// auto-reject after 24 h).
const DefaultTTL = 24 * time.Hour

// AutoConfirmAfter is seed 000's countdown: a CAUTIOUS (confirm) request
// that a person watches is confirmed after it unless they decline.
const AutoConfirmAfter = 5 * time.Second

// Request is one action waiting for (or past) a person's decision.
type Request struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
	Expires time.Time `json:"expires"`
	Status  Status    `json:"status"`
	// Action is the action as JSON, with secrets redacted.
	Action   json.RawMessage `json:"action"`
	Decision Summary         `json:"decision"`
	// DecidedBy, DecidedAt and Note are set once the request is decided
	// (DecidedAt is Expires for a request that expired).
	DecidedBy string    `json:"decided_by,omitempty"`
	DecidedAt time.Time `json:"decided_at,omitzero"`
	Note      string    `json:"note,omitempty"`
	// SessionID, InputHash, Cwd and Agent name the exact call (Key): an
	// approved request lets the same input, in the same session, working
	// directory and agent, through once (InputHash).
	SessionID string `json:"session_id,omitempty"`
	InputHash string `json:"input_hash,omitempty"`
	Cwd       string `json:"cwd,omitempty"`
	Agent     string `json:"agent,omitempty"`
	// DecisionSeq and DecisionHash name the audit record of the person's
	// decision: an approval lets a call through only when that record is
	// in the audit chain (Verified).
	DecisionSeq  int64  `json:"decision_seq,omitempty"`
	DecisionHash string `json:"decision_hash,omitempty"`
	// UsedAt is when an approved request let its action through; a used
	// request lets nothing else through.
	UsedAt time.Time `json:"used_at,omitzero"`
	// Updated is when the request last changed (opened, decided, expired,
	// used), set by the store: what a server's event stream follows.
	Updated time.Time `json:"updated,omitzero"`
	// File is the Markdown file written for a person to read, when one was.
	File string `json:"file,omitempty"`
}

// Summary is what actionguard decided about the action, and where it came
// from: enough for a person to judge it without the audit log.
type Summary struct {
	Tool      string   `json:"tool"`
	Agent     string   `json:"agent,omitempty"`
	SessionID string   `json:"session_id,omitempty"`
	Verdict   string   `json:"verdict"` // confirm or approve
	Level     string   `json:"level,omitempty"`
	Risk      int      `json:"risk"`
	Reason    string   `json:"reason"`
	Rules     []string `json:"rules"`
	// Alternative is a safer way to do the same thing, when one is known.
	Alternative string `json:"alternative,omitempty"`
	// Findings are what each rule said, for the request's "why" and "what
	// could go wrong" (absent from requests opened before they were kept).
	Findings []Finding `json:"findings,omitempty"`
	// Anomalies are seed 000's alerts the decision raised: low confidence,
	// the same blocked call tried again and again, a burst of privileged
	// calls, an hour outside the user's working hours. A person reads them
	// as a warning before deciding.
	Anomalies []string `json:"anomalies,omitempty"`
	// Recipients are who a held send reaches (to, cc, channel, payee),
	// as the call names them: unmasked, because they are what a person
	// decides on (a masked a****@acme.example cannot be told from an
	// attacker's address at the same domain). Secrets in them are
	// redacted. Absent from requests opened before they were kept.
	Recipients []string `json:"recipients,omitempty"`
	// PayeeAccounts are, for a held payment, the details that say where
	// its money goes ("IBAN DE89…", "routing number 021000021"), unmasked
	// for the same reason. Absent from requests opened before they were kept.
	PayeeAccounts []string `json:"payee_accounts,omitempty"`
}

// Finding is one rule's finding as a request keeps it: no evidence, which
// may quote the action's data.
type Finding struct {
	Rule        string `json:"rule"`
	Category    string `json:"category,omitempty"`
	Message     string `json:"message"`
	Alternative string `json:"alternative,omitempty"`
}

// Decision is a person's answer to a request.
type Decision struct {
	Status Status    // approved, rejected or expired
	By     string    // who decided
	Note   string    // why, optional
	At     time.Time // when; zero means now
	// Auto: a CAUTIOUS (confirm) request confirmed by the 5-second
	// countdown of a person watching the approval page or `approvals
	// watch` (seed 000), not by a click. Refused for any other request.
	Auto bool
	// After is how long an Auto countdown ran (AutoConfirmAfter when 0).
	After time.Duration
	// Batch is how many requests the person decided together with this
	// one, this one included (Queue.DecideAll); the audit log says so.
	Batch int
}

// Expected outcomes of the store's methods.
var (
	ErrNotFound  = errors.New("no such approval request")
	ErrDecided   = errors.New("approval request already decided")
	ErrExpired   = errors.New("approval request expired")
	ErrDuplicate = errors.New("approval request id already used")
	// ErrUsed: an approved request has already let its action through.
	ErrUsed = errors.New("approval request already used")
	// ErrNotApproved: only an approved request can be used.
	ErrNotApproved = errors.New("approval request is not approved")
	// ErrNotCautious: only a CAUTIOUS (confirm) request may be confirmed
	// by a countdown (Decision.Auto).
	ErrNotCautious = errors.New("only a CAUTIOUS (confirm) request can be auto-confirmed")
	// ErrLinked: only a decided request without its decision's audit
	// record can be linked to one.
	ErrLinked = errors.New("approval request cannot be linked to an audit record")
)

// Key names the exact call a request is for, and so what an approval lets
// through: the session, the input (InputHash), the working directory and
// the agent. A pass granted for 'rm -rf *' in one directory is not one for
// the same command in another, nor in another session, nor for another
// agent.
type Key struct {
	Session   string
	InputHash string
	Cwd       string
	Agent     string
}

// Key is the call r is for.
func (r *Request) Key() Key {
	return Key{Session: r.SessionID, InputHash: r.InputHash, Cwd: r.Cwd, Agent: r.Agent}
}

// Store keeps requests. Implementations are safe for concurrent use by
// several processes; store.SQLite is one.
type Store interface {
	// OpenApproval inserts r, a pending request, and sets r.Updated;
	// ErrDuplicate when its id is taken.
	OpenApproval(ctx context.Context, r *Request) error
	// Approval returns a request; ErrNotFound when there is none. A pending
	// request past Expires reads as StatusExpired.
	Approval(ctx context.Context, id string) (Request, error)
	// Approvals lists requests, newest first: the pending ones, or every one
	// with all.
	Approvals(ctx context.Context, all bool) ([]Request, error)
	// DecideApproval records d on a pending request and returns it as
	// decided. ErrNotFound, ErrDecided (with the request as it stands) and
	// ErrExpired (the request is then marked expired) say why it could not.
	DecideApproval(ctx context.Context, id string, d Decision) (Request, error)
	// ExpireApprovals marks every pending request past its Expires as
	// expired at now, and returns the requests it marked, so that the
	// caller closes each (Queue.Expire: its file, its audit record). No
	// other method expires a request as a side effect, except
	// DecideApproval for the one request it was asked to decide
	// (ErrExpired).
	ExpireApprovals(ctx context.Context, now time.Time) ([]Request, error)
	// FindApproval returns the newest request for exactly this call (every
	// field of k equal) that is pending, or approved and not yet used;
	// ErrNotFound when there is none (a rejected, expired or used request
	// is not returned).
	FindApproval(ctx context.Context, k Key) (Request, error)
	// LinkDecision records on a decided request the Seq and Hash of the
	// audit record of its decision, once: ErrNotFound, or ErrLinked when
	// the request is not decided or already has its record.
	LinkDecision(ctx context.Context, id string, seq int64, hash string) (Request, error)
	// ConsumeApproval marks an approved request used at at, once: of two
	// callers racing for it (two replicas, two hook calls) exactly one
	// succeeds. ErrNotFound, ErrNotApproved (pending, rejected, expired) and
	// ErrUsed say why it could not.
	ConsumeApproval(ctx context.Context, id string, at time.Time) (Request, error)
	// ApprovalsUpdated returns the requests whose Updated is after since,
	// oldest change first (at most 1,000): how a server learns of requests
	// opened or decided by another process.
	ApprovalsUpdated(ctx context.Context, since time.Time) ([]Request, error)
}

// New returns a pending request for action (JSON; redacted here) that
// expires DefaultTTL after now. Its ID is empty until Open.
func New(action []byte, sum Summary, now time.Time) *Request {
	if sum.Rules == nil {
		sum.Rules = []string{}
	}
	// The reason and the messages may quote the action (a recipient, a
	// path with a token): they are kept as redacted as the action.
	sum.Reason = audit.Redact(sum.Reason)
	if len(sum.Findings) > 0 {
		fs := make([]Finding, len(sum.Findings))
		for i, f := range sum.Findings {
			f.Message = audit.Redact(f.Message)
			fs[i] = f
		}
		sum.Findings = fs
	}
	if len(sum.Anomalies) > 0 {
		as := make([]string, len(sum.Anomalies))
		for i, x := range sum.Anomalies {
			as[i] = audit.Redact(x)
		}
		sum.Anomalies = as
	}
	sum.Recipients, sum.PayeeAccounts = recipients(action)
	act := json.RawMessage(audit.RedactJSON(action))
	if !json.Valid(act) {
		act, _ = json.Marshal(string(act))
	}
	now = now.UTC().Truncate(time.Microsecond)
	return &Request{Created: now, Expires: now.Add(DefaultTTL), Status: StatusPending, Action: act, Decision: sum}
}

// Open gives r a fresh id and stores it.
func Open(ctx context.Context, st Store, r *Request) error {
	for range 5 {
		r.ID = NewID()
		err := st.OpenApproval(ctx, r)
		if !errors.Is(err, ErrDuplicate) {
			return err
		}
	}
	return fmt.Errorf("opening approval request: %w five times", ErrDuplicate)
}

// idAlphabet has no letters a person confuses (0/o, 1/l/i).
const idAlphabet = "23456789abcdefghjkmnpqrstuvwxyz"

// NewID returns a short id a person can type: "ap-" and six characters.
func NewID() string {
	b := make([]byte, 6)
	rand.Read(b)
	for i := range b {
		b[i] = idAlphabet[int(b[i])%len(idAlphabet)]
	}
	return "ap-" + string(b)
}

// Wait polls st every interval until request id is decided or ctx ends, and
// returns it as it then stands: approved, rejected or timed out, or still
// pending with ctx's error.
func Wait(ctx context.Context, st Store, id string, interval time.Duration) (Request, error) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		r, err := st.Approval(ctx, id)
		if err != nil || r.Status != StatusPending {
			return r, err
		}
		select {
		case <-ctx.Done():
			return r, ctx.Err()
		case <-t.C:
		}
	}
}

// Effective returns the status r has at now: a pending request past its
// expiry has timed out.
func (r *Request) Effective(now time.Time) Status {
	if r.Status == StatusPending && !now.Before(r.Expires) {
		return StatusExpired
	}
	return r.Status
}

// Bounds of the recipients a request keeps.
const (
	maxRecipients      = 50
	maxRecipientLength = 320 // the longest e-mail address
)

// recipients returns who the tool call in action reaches, as it names
// them, and for a payment the details of where its money goes: nil for
// an action that is not a send, a post or a payment, or that does not
// decode. What is not an address (a card number, an identity number)
// stays masked and secrets redacted, except a payment's account and
// routing numbers and IBAN, which say where the money goes; a display
// name is shown after the address the mail goes to ("evil@x (named
// "Alice")"); letters that are not ASCII are named. When not every
// recipient could be read or kept, the last entry says so.
func recipients(action []byte) (recips, accounts []string) {
	var a guard.Action
	if json.Unmarshal(action, &a) != nil || len(a.Input) == 0 {
		return nil, nil
	}
	kind := a.InferKind()
	switch kind {
	case guard.KindShell, guard.KindSQL, guard.KindFile, guard.KindHTTP, guard.KindIntent:
		return nil, nil
	}
	res := tools.Analyze(a.Tool, a.Input, tools.Options{})
	switch {
	case kind == guard.KindEmail, kind == guard.KindMessage, kind == guard.KindPost, kind == guard.KindPayment:
	case res.Effect == tools.EffectSend, res.Effect == tools.EffectPost, res.Effect == tools.EffectPayment:
	default:
		return nil, nil // an update of a record: its e-mail field is personal data, not a recipient
	}
	keep := []privacy.Type{privacy.Email, privacy.Phone}
	if kind == guard.KindPayment || res.Effect == tools.EffectPayment {
		keep = append(keep, privacy.IBAN, privacy.BankAccount)
	}
	var out []string
	for _, r := range res.Recipients {
		if len(out) == maxRecipients {
			out = append(out, fmt.Sprintf("… and %d more not shown (%d in all)", len(res.Recipients)-maxRecipients, len(res.Recipients)))
			break
		}
		if r = strings.TrimSpace(r); r != "" {
			out = append(out, shownRecipient(r, keep))
		}
	}
	if res.Partial {
		out = append(out, "… the call's arguments could not be read whole: it may reach others")
	}
	for _, acct := range res.PayeeAccounts {
		accounts = append(accounts, shownRecipient(acct, keep))
	}
	return out, accounts
}

// shownRecipient is one recipient as a person reads it.
func shownRecipient(r string, keep []privacy.Type) string {
	r = strings.Map(printable, strings.ToValidUTF8(r, "\uFFFD"))
	if strings.ContainsAny(r, "<\"") {
		// "Alice" <evil@x>: the mail goes to the address, whatever the name.
		if m, err := mail.ParseAddress(r); err == nil && m.Name != "" {
			name := m.Name
			if len(name) > maxRecipientLength/2 {
				name = strings.ToValidUTF8(name[:maxRecipientLength/2], "") + "…"
			}
			r = m.Address + " (named " + strconv.Quote(name) + ")"
		}
	}
	if len(r) > maxRecipientLength {
		// Keep the end: the domain is what a person checks.
		cut := r[len(r)-maxRecipientLength:]
		for len(cut) > 0 && !utf8.RuneStart(cut[0]) {
			cut = cut[1:]
		}
		r = fmt.Sprintf("(%d bytes cut) %s", len(r)-len(cut), cut)
	}
	r = audit.RedactKeeping(r, keep...)
	return r + foreignNote(r)
}

// printable replaces what a terminal or a page would not show as written
// (control characters, bidirectional overrides) with U+FFFD, so that a
// recipient reads as what it is.
func printable(r rune) rune {
	if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || unicode.Is(unicode.Cf, r) {
		return utf8.RuneError
	}
	return r
}

// foreignNote names the characters of a recipient that are not ASCII
// (" (not ASCII: а U+0430)"), or is "": a Cyrillic а reads like a Latin
// a, and alice@ must not pass for аlice@ in front of a person.
func foreignNote(r string) string {
	var b strings.Builder
	seen := map[rune]bool{}
	// The domain's characters first: they are what a person checks.
	at := strings.LastIndexByte(r, '@')
	for _, part := range []string{r[at+1:], r[:at+1]} {
		for _, c := range part {
			if c < utf8.RuneSelf || c == utf8.RuneError || c == '…' || seen[c] {
				continue
			}
			seen[c] = true
			if b.Len() == 0 {
				b.WriteString(" (not ASCII:")
			}
			if len(seen) > 16 {
				b.WriteString(" and more")
				return b.String() + ")"
			}
			fmt.Fprintf(&b, " %c U+%04X", c, c)
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return b.String() + ")"
}
