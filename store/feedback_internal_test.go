package store

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
)

// TestDecisionIDLookupUsesIndex: finding a decision by id reads the index,
// never the whole log.
func TestDecisionIDLookupUsesIndex(t *testing.T) {
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "actionguard.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, q := range []string{
		`SELECT count(*) FROM audit WHERE decision_id = ?`,
		`SELECT ` + auditColumns + ` FROM audit WHERE decision_id = ? ORDER BY seq LIMIT 1`,
	} {
		rows, err := s.db.Query(`EXPLAIN QUERY PLAN `+q, "d-x")
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, notused int
			var detail string
			if err := rows.Scan(&id, &parent, &notused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		p := strings.Join(plan, "; ")
		if !strings.Contains(p, "INDEX audit_decision_id") || strings.Contains(p, "TEMP B-TREE") {
			t.Errorf("%s\nplan: %s; want a search of audit_decision_id and no sort", q, p)
		}
	}
}

// TestMigrateFeedback: a file of schema 2 with records gets the decision id
// column and its index, and finds its old records by id.
func TestMigrateFeedback(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "actionguard.db")
	s, err := Open(ctx, path, withMigrations(migrations[:2]))
	if err != nil {
		t.Fatal(err)
	}
	writeV1Records(t, s, `{"id":"d-old","tool":"Bash"}`, `{"tool":"Bash"}`, `"text"`)
	s.Close()
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if r, n, err := s.AuditRecord(ctx, "d-old"); err != nil || r.Seq != 1 || n != 1 {
		t.Errorf("AuditRecord(d-old) = #%d (%d), %v", r.Seq, n, err)
	}
	if res, err := audit.New(s).Verify(ctx, nil); err != nil || !res.OK() {
		t.Errorf("the chain after migrating: %v, %v", res, err)
	}
}

// writeV1Records appends records the way an actionguard of schema 2 did:
// the columns of migration 1 only, hashed with the v1 encoding.
func writeV1Records(t *testing.T, s *SQLite, actions ...string) {
	t.Helper()
	prev := audit.Genesis
	for i, action := range actions {
		r := audit.Record{Seq: int64(i + 1), Time: time.UnixMicro(int64(i + 1)).UTC(), Tool: "Bash", Action: []byte(action), Verdict: "allow", Rules: []string{}, PrevHash: prev}
		r.Hash = r.ComputeHash()
		prev = r.Hash
		if _, err := s.db.Exec(`INSERT INTO audit (seq, time_us, session_id, agent, tool, kind, action, verdict, level,
			score, risk, rules, reason, error, duration_us, prev_hash, hash) VALUES (?, ?, '', '', ?, '', ?, ?, '', 0, 0, '[]', '', '', 0, ?, ?)`,
			r.Seq, r.Time.UnixMicro(), r.Tool, action, r.Verdict, r.PrevHash, r.Hash); err != nil {
			t.Fatal(err)
		}
	}
}
