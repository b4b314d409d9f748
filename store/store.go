package store

import (
	"context"
	"errors"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/feedback"
)

// Store is everything actionguard keeps: the audit log, the approval
// queue, feedback, the contact book and the API tokens. *SQLite (Open) is
// the embedded default; store/postgres is the implementation several
// servers share. storetest.Run is the suite both pass.
type Store interface {
	audit.Storage
	approval.Store

	// Kind is "sqlite" or "postgres"; Location says where (a path, or the
	// URL without its password).
	Kind() string
	Location() string
	// SchemaVersion returns the version of the schema (see migrations).
	SchemaVersion(ctx context.Context) (int, error)
	Close() error

	// AddFeedback and Feedback keep people's feedback on decisions.
	AddFeedback(ctx context.Context, e *feedback.Entry) error
	Feedback(ctx context.Context, since time.Time) ([]feedback.Entry, error)
	// AuditRecord finds the record a person names ("#42" or a decision
	// id), with how many records carry that id; ErrNoRecord when none.
	AuditRecord(ctx context.Context, ref string) (audit.Record, int, error)
	// RuleCounts returns, for every rule, on how many records at or after
	// since (zero: all) it fired.
	RuleCounts(ctx context.Context, since time.Time) (map[string]int64, error)
	// QueryAudit returns the records that match f, newest first.
	QueryAudit(ctx context.Context, f AuditFilter) ([]audit.Record, error)
	// RuleHits counts rule hits per rule and per time bucket (bucket
	// start = since + k×bucket) for the records at or after since: seed
	// 004's hit-rate dashboard. Sorted by bucket, then rule.
	RuleHits(ctx context.Context, since time.Time, bucket time.Duration) ([]RuleHit, error)

	// ContactCounts returns the interactions counted for each key
	// (audit.ContactKey) that the store knows; unknown keys are absent.
	// Appending an audit record with Contacts counts one interaction for
	// each, in the same transaction.
	ContactCounts(ctx context.Context, keys []string) (map[string]int, error)
	// ContactNames returns the display of each recipient that has one,
	// by key: the names an import gave (and masked addresses, which the
	// guard tells apart).
	ContactNames(ctx context.Context) (map[string]string, error)
	// ImportContacts adds contacts with a number of earlier interactions
	// (Contact.Interactions; an existing contact keeps the larger count)
	// and returns how many were new.
	ImportContacts(ctx context.Context, cs []Contact) (int, error)
	// Contacts lists the contact book, most interactions first (limit ≤ 0:
	// all).
	Contacts(ctx context.Context, limit int) ([]Contact, error)

	// CreateToken stores an API token (only its hash); ErrTokenExists when
	// the id or name is taken.
	CreateToken(ctx context.Context, t Token) error
	// TokenByHash returns the live token with this hash and stamps its
	// LastUsed; ErrNoToken when there is none or it was revoked.
	TokenByHash(ctx context.Context, hash string) (Token, error)
	// RevokeToken revokes the token with this id or name; ErrNoToken when
	// there is no live one.
	RevokeToken(ctx context.Context, idOrName string) (Token, error)
	// Tokens lists the tokens, revoked ones too, oldest first.
	Tokens(ctx context.Context) ([]Token, error)
	// RevokeSession ends a page session before it expires: id (the hash
	// of its nonce) reads as revoked until expires, when the session would
	// have ended anyway. Revoking it again changes nothing.
	RevokeSession(ctx context.Context, id, tokenID string, expires time.Time) error
	// SessionRevoked reports whether the session id was revoked.
	SessionRevoked(ctx context.Context, id string) (bool, error)
	// AuditRecords returns the audit records with from <= Seq <= through
	// (approval.Chain: what an approval is verified against).
	AuditRecords(ctx context.Context, from, through int64) ([]audit.Record, error)
}

// AuditFilter selects records for QueryAudit. Zero fields select
// everything.
type AuditFilter struct {
	Since, Until time.Time // Time >= Since, Time < Until
	Verdict      string    // one verdict
	Tool         string    // tool name, exact
	Agent        string
	Session      string
	Rule         string // a rule id among Rules
	Text         string // case-insensitive substring of the tool, reason or action
	// BeforeSeq pages backwards: records with Seq < BeforeSeq.
	BeforeSeq int64
	// Limit caps the records returned (default 100, at most 1,000).
	Limit int
}

// RuleHit is how often a rule fired in one time bucket.
type RuleHit struct {
	Rule   string    `json:"rule"`
	Bucket time.Time `json:"bucket"`
	Count  int64     `json:"count"`
}

// Contact is one entry of the contact book.
type Contact struct {
	audit.Contact
	Interactions int       `json:"interactions"`
	First        time.Time `json:"first,omitzero"`
	Last         time.Time `json:"last,omitzero"`
	Source       string    `json:"source"` // "learned" or "import"
	// Named says Display is a name an import gave, which replaces the one
	// a contact already in the book shows (ImportContacts); otherwise the
	// book keeps its own.
	Named bool `json:"-"`
}

// Token is an API token of `actionguard serve`. The secret is shown once
// when it is created; the store keeps only its SHA-256 (Hash).
type Token struct {
	ID       string    `json:"id"`   // "tok-…", public
	Name     string    `json:"name"` // a person's label, unique
	Hash     string    `json:"-"`    // hex SHA-256 of the secret
	Created  time.Time `json:"created"`
	LastUsed time.Time `json:"last_used,omitzero"`
	Revoked  time.Time `json:"revoked,omitzero"`
	// Scope is what the token may do: ScopeCheck, ScopeRead or
	// ScopeApprover, each allowing what the one before does.
	Scope string `json:"scope"`
}

// Scopes of a token, least to most.
const (
	// ScopeCheck: ask for decisions (POST /v1/check), what an agent's
	// integration needs, and nothing else.
	ScopeCheck = "check"
	// ScopeRead: check, and read the approval requests, the audit log and
	// the events. Tokens made before scopes existed have it.
	ScopeRead = "read"
	// ScopeApprover: read, and approve or reject requests: a person's
	// token.
	ScopeApprover = "approver"
)

// ScopeRank orders the scopes: 0 for an unknown one, which allows nothing.
func ScopeRank(scope string) int {
	switch scope {
	case ScopeCheck:
		return 1
	case ScopeRead:
		return 2
	case ScopeApprover:
		return 3
	}
	return 0
}

// Errors of the token methods.
var (
	ErrNoToken     = errors.New("no such API token")
	ErrTokenExists = errors.New("an API token with this id or name exists")
)
