// Package storetest is the test suite every store.Store must pass, so the
// embedded SQLite store and the PostgreSQL store behave the same:
//
//	func TestStore(t *testing.T) { storetest.Run(t, open) }
//
// Run covers every method of store.Store, the audit log through
// audittest.Run. The store that open returns may also implement Execer (raw
// SQL, for audittest's tamper tests, which are skipped otherwise) and
// Reopener (another handle on the same database, as another process or
// replica would open it).
package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/audit/audittest"
	"github.com/actionguard/actionguard/store"
)

// Execer is a store whose test harness can run SQL on its database.
type Execer interface {
	// Exec runs one SQL statement on the database, as its owner would,
	// with the audit log's append-only guard lifted.
	Exec(t *testing.T, sql string)
}

// Reopener is a store whose test harness can open it again.
type Reopener interface {
	// Reopen returns another handle on the same database and closes it
	// when the test ends.
	Reopen(t *testing.T) store.Store
}

// Run runs the suite. open returns a store over a new, empty database and
// closes it when the test ends; it is called from parallel subtests.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	t.Run("Audit", func(t *testing.T) { audittest.Run(t, auditHarness(open)) })
	tests := []struct {
		name string
		fn   func(*testing.T, func(*testing.T) store.Store)
	}{
		{"Identity", testIdentity},
		{"ApprovalOpen", testApprovalOpen},
		{"ApprovalList", testApprovalList},
		{"ApprovalDecide", testApprovalDecide},
		{"ApprovalExpiry", testApprovalExpiry},
		{"FindApproval", testFindApproval},
		{"ConsumeApproval", testConsumeApproval},
		{"ApprovalBinding", testApprovalBinding},
		{"ApprovalsUpdated", testApprovalsUpdated},
		{"Feedback", testFeedback},
		{"AuditRecord", testAuditRecord},
		{"RuleCounts", testRuleCounts},
		{"QueryAudit", testQueryAudit},
		{"QueryAuditLimits", testQueryAuditLimits},
		{"RuleHits", testRuleHits},
		{"ContactsLearned", testContactsLearned},
		{"ContactsOnlyFromRan", testContactsOnlyFromRan},
		{"ContactsImport", testContactsImport},
		{"Tokens", testTokens},
		{"TokenScopes", testTokenScopes},
		{"RevokedSessions", testRevokedSessions},
		{"CancelledContext", testCancelled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.fn(t, open)
		})
	}
}

// auditHarness runs audittest over the stores open returns.
func auditHarness(open func(t *testing.T) store.Store) audittest.Harness {
	return audittest.Harness{
		Open: func(t *testing.T) audit.Storage { return open(t) },
		Reopen: func(t *testing.T, s audit.Storage) audit.Storage {
			if r, ok := s.(Reopener); ok {
				return r.Reopen(t)
			}
			return s
		},
		Exec: func(t *testing.T, s audit.Storage, sql string) {
			t.Helper()
			e, ok := s.(Execer)
			if !ok {
				t.Skip("the store's harness runs no SQL (storetest.Execer)")
			}
			e.Exec(t, sql)
		},
	}
}

func testIdentity(t *testing.T, open func(*testing.T) store.Store) {
	st := open(t)
	if k := st.Kind(); k != "sqlite" && k != "postgres" {
		t.Errorf("Kind() = %q, want sqlite or postgres", k)
	}
	if st.Location() == "" {
		t.Errorf("Location() is empty")
	}
	if v, err := st.SchemaVersion(context.Background()); err != nil || v < 1 {
		t.Errorf("SchemaVersion() = %d, %v; want a version", v, err)
	}
}

// base is the time the records of the audit tests are around.
var base = time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)

// appendAll appends rs through an audit log, in one batch.
func appendAll(t *testing.T, st store.Store, rs ...*audit.Record) {
	t.Helper()
	if err := audit.New(st).AppendBatch(context.Background(), rs); err != nil {
		t.Fatalf("appending %d records: %v", len(rs), err)
	}
}

// seqs returns the Seqs of rs.
func seqs(rs []audit.Record) []int64 {
	out := make([]int64, 0, len(rs))
	for _, r := range rs {
		out = append(out, r.Seq)
	}
	return out
}

// now is the wall clock to the microsecond, as the stores keep it.
func now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

// equate compares values read back from a store: empty slices and maps are
// nil ones.
var equate = cmpopts.EquateEmpty()

// diff is cmp.Diff with equate.
func diff(want, got any) string { return cmp.Diff(want, got, equate) }
