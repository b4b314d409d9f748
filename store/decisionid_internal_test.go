package store

import (
	"context"
	"database/sql"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/actionguard/actionguard/audit"

	"github.com/actionguard/actionguard/store/internal/codec"
)

// TestDecisionIDAgreesWithSQLite: the writers of both stores fill the
// decision_id column with codec.DecisionID; the records SQLite wrote before
// schema 8 computed it in SQL, and migration 8 back-fills them with that
// expression: the two agree, so old and new records are found alike.
func TestDecisionIDAgreesWithSQLite(t *testing.T) {
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "actionguard.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, action := range decisionIDCases {
		var want sql.NullString
		if err := s.db.QueryRow(`SELECT CASE WHEN json_valid(?1) THEN CAST(json_extract(?1, '$.id') AS TEXT) END`, action).Scan(&want); err != nil {
			t.Fatal(err)
		}
		got, ok := codec.DecisionID([]byte(action))
		if ok != want.Valid || got != want.String {
			t.Errorf("DecisionID(%s) = %q, %v; SQLite says %q, %v", action, got, ok, want.String, want.Valid)
		}
	}
}

// FuzzDecisionID: codec.DecisionID and SQLite's expression agree on any
// input.
func FuzzDecisionID(f *testing.F) {
	s, err := Open(context.Background(), filepath.Join(f.TempDir(), "actionguard.db"))
	if err != nil {
		f.Fatal(err)
	}
	defer s.Close()
	for _, c := range decisionIDCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, action string) {
		if !utf8.ValidString(action) || strings.ContainsRune(action, 0) {
			t.Skip() // SQLite's JSON functions and Go's read invalid text differently
		}
		var want sql.NullString
		if err := s.db.QueryRow(`SELECT CASE WHEN json_valid(?1) THEN CAST(json_extract(?1, '$.id') AS TEXT) END`, action).Scan(&want); err != nil {
			t.Skip(err)
		}
		got, ok := codec.DecisionID([]byte(action))
		if ok != want.Valid || got != want.String && !nearlyEqualReals(got, want.String) {
			t.Errorf("DecisionID(%s) = %q, %v; SQLite says %q, %v", action, got, ok, want.String, want.Valid)
		}
	})
}

// nearlyEqualReals: SQLite's own text-to-real conversion may be off in the
// last digit (a real decision id is never seen in practice).
func nearlyEqualReals(a, b string) bool {
	x, err1 := strconv.ParseFloat(a, 64)
	y, err2 := strconv.ParseFloat(b, 64)
	return err1 == nil && err2 == nil && strings.ContainsAny(a, ".") && math.Abs(x-y) <= 1e-15*math.Abs(x)
}

var decisionIDCases = []string{
	`{"id":"d-aaaaaaaaaaaa","tool":"Bash"}`,
	`{"tool":"Bash","id":"toolu_01"}`,
	` {"id":"with space before"}`,
	`{"id":42}`,
	`{"id":-1.5e3}`,
	`{"id":0.1}`,
	`{"id":-0}`,
	`{"id":12345678901234567890}`,
	`{"id":1e20}`,
	`{"id":2.5e-7}`,
	`{"id":"é\u00e9\n"}`,
	`{"id":true}`,
	`{"id":false}`,
	`{"id":null}`,
	`{"id":{"a": [1, 2]}}`,
	`{"id":[ "x" ]}`,
	`{"other":1}`,
	`{"ID":"upper case"}`,
	`{"id":"first","id":"second"}`,
	`{"id":"x"} trailing`,
	`{"id":"x"}{}`,
	`{"a":{"id":"nested"}}`,
	`{}`,
	`[{"id":"in an array"}]`,
	`"not an object"`,
	`not json`,
	`{"id":"x"`,
	``,
}

// TestMigration8 upgrades a file of schema 7, where decision_id was a
// virtual column: every old record keeps the decision id the expression
// gave it, now stored, and is found by it; the column is a plain one the
// writer fills, still indexed; the records stay append-only and the chain
// intact.
func TestMigration8(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "actionguard.db")
	s, err := Open(ctx, path, withMigrations(migrations[:7]))
	if err != nil {
		t.Fatal(err)
	}
	writeV1Records(t, s, decisionIDCases...)
	before := decisionIDColumn(t, s)
	if hidden := columnHidden(t, s, "decision_id"); hidden == 0 {
		t.Fatalf("schema 7's decision_id: hidden = 0; the test expects the virtual column")
	}
	s.Close()
	if s, err = Open(ctx, path); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if hidden := columnHidden(t, s, "decision_id"); hidden != 0 {
		t.Errorf("decision_id after migration 8: hidden = %d; want a plain column (0)", hidden)
	}
	after := decisionIDColumn(t, s)
	for i, action := range decisionIDCases {
		if before[i] != after[i] {
			t.Errorf("record %d (%s): decision_id %v before migration 8, %v after", i+1, action, before[i], after[i])
		}
	}
	if r, n, err := s.AuditRecord(ctx, "d-aaaaaaaaaaaa"); err != nil || r.Seq != 1 || n != 1 {
		t.Errorf("AuditRecord(d-aaaaaaaaaaaa) = #%d (%d), %v; want #1 (1)", r.Seq, n, err)
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE audit SET verdict = 'block' WHERE seq = 1`); err == nil {
		t.Error("an UPDATE of an audit record after migration 8 succeeded; want the append-only trigger to refuse it")
	}
	if res, err := audit.New(s).Verify(ctx, nil); err != nil || !res.OK() {
		t.Errorf("the chain after migration 8: %v, %v", res, err)
	}
}

// TestAppendStoresDecisionID: an append writes each record's decision id,
// as the SQL expression of schema 3 to 7 computed it, for every shape of
// action.
func TestAppendStoresDecisionID(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "actionguard.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rs := make([]*audit.Record, len(decisionIDCases))
	for i, action := range decisionIDCases {
		rs[i] = &audit.Record{Time: time.UnixMicro(int64(i + 1)).UTC(), Tool: "Bash", Action: []byte(action), Verdict: "allow"}
	}
	if err := audit.New(s).AppendBatch(ctx, rs); err != nil {
		t.Fatal(err)
	}
	var wrong int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM audit
		WHERE decision_id IS NOT (CASE WHEN json_valid(action) THEN CAST(json_extract(action, '$.id') AS TEXT) END)`).Scan(&wrong); err != nil {
		t.Fatal(err)
	}
	if wrong != 0 {
		t.Errorf("%d of %d appended records have a decision_id other than their action's id", wrong, len(rs))
	}
	var withID int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM audit WHERE decision_id IS NOT NULL`).Scan(&withID); err != nil || withID == 0 {
		t.Errorf("appended records with a decision id: %d, %v; want some", withID, err)
	}
}

// decisionIDColumn returns the decision_id of every audit record, by seq.
func decisionIDColumn(t *testing.T, s *SQLite) []sql.NullString {
	t.Helper()
	rows, err := s.db.Query(`SELECT decision_id FROM audit ORDER BY seq`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ids []sql.NullString
	for rows.Next() {
		var id sql.NullString
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return ids
}

// columnHidden is the audit column's "hidden" in table_xinfo: 0 for a plain
// column, 2 or 3 for a generated one.
func columnHidden(t *testing.T, s *SQLite, name string) int {
	t.Helper()
	var hidden int
	if err := s.db.QueryRow(`SELECT hidden FROM pragma_table_xinfo('audit') WHERE name = ?`, name).Scan(&hidden); err != nil {
		t.Fatal(err)
	}
	return hidden
}
