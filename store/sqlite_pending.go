package store

// Stubs for the Store methods being written; replaced by their
// implementations (contacts.go, tokens.go, query.go, approval.go).

import (
	"context"
	"errors"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/audit"
)

var errTODO = errors.New("store: not implemented yet")

var _ Store = (*SQLite)(nil)

func (s *SQLite) Kind() string     { return "sqlite" }
func (s *SQLite) Location() string { return s.path }

func (s *SQLite) FindApproval(ctx context.Context, session, inputHash string) (approval.Request, error) {
	return approval.Request{}, errTODO
}
func (s *SQLite) ConsumeApproval(ctx context.Context, id string, at time.Time) (approval.Request, error) {
	return approval.Request{}, errTODO
}
func (s *SQLite) ApprovalsUpdated(ctx context.Context, since time.Time) ([]approval.Request, error) {
	return nil, errTODO
}
func (s *SQLite) QueryAudit(ctx context.Context, f AuditFilter) ([]audit.Record, error) {
	return nil, errTODO
}
func (s *SQLite) RuleHits(ctx context.Context, since time.Time, bucket time.Duration) ([]RuleHit, error) {
	return nil, errTODO
}
func (s *SQLite) ContactCounts(ctx context.Context, keys []string) (map[string]int, error) {
	return nil, errTODO
}
func (s *SQLite) ImportContacts(ctx context.Context, cs []Contact) (int, error) { return 0, errTODO }
func (s *SQLite) Contacts(ctx context.Context, limit int) ([]Contact, error)    { return nil, errTODO }
func (s *SQLite) CreateToken(ctx context.Context, t Token) error                { return errTODO }
func (s *SQLite) TokenByHash(ctx context.Context, hash string) (Token, error) {
	return Token{}, errTODO
}
func (s *SQLite) RevokeToken(ctx context.Context, idOrName string) (Token, error) {
	return Token{}, errTODO
}
func (s *SQLite) Tokens(ctx context.Context) ([]Token, error) { return nil, errTODO }
