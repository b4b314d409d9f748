package approval

import (
	"context"
	"errors"
	"time"

	"github.com/actionguard/actionguard/audit"
)

// Queue is the approval queue as the hook, the server and the CLI use it:
// it opens requests (stored, and written as Markdown files), lets an
// approved action through once, and records every person's decision in the
// audit log.
type Queue struct {
	Store Store
	// Dir is where request files are written (<id>.md); "" writes none.
	Dir string
	// TTL is how long a request waits before it expires (DefaultTTL when 0).
	TTL time.Duration
	// Audit appends a record to the audit log; nil records nothing.
	Audit func(ctx context.Context, r *audit.Record) error
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Outcome is what Gate did for an action that waits for a person.
type Outcome struct {
	Request Request
	// Passed: an approved request for this exact action was used now; the
	// action runs.
	Passed bool
	// Reused: a pending request for this exact action was already open.
	Reused bool
}

// Gate handles an action whose verdict waits for a person: an approved,
// unused request for the same session and input hash is used (Passed); a
// pending one is returned (Reused); otherwise a new request is opened with
// action (JSON, redacted here) and sum.
func (q *Queue) Gate(ctx context.Context, action []byte, sum Summary, session, inputHash string) (Outcome, error) {
	return Outcome{}, errors.New("approval: Gate not implemented yet")
}

// Decide records a person's decision, rewrites the request's file and
// appends the decision to the audit log (who, when, why).
func (q *Queue) Decide(ctx context.Context, id string, d Decision) (Request, error) {
	return Request{}, errors.New("approval: Decide not implemented yet")
}

// InputHash returns the hex SHA-256 of an action's tool and input in a
// canonical JSON form (object keys sorted): the same call hashes the same
// whatever the key order.
func InputHash(tool string, input map[string]any) string { return "" }
