package store

import (
	"context"
	"database/sql"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/actionguard/actionguard/store/internal/codec"
)

// TestDecisionIDAgreesWithSQLite: PostgreSQL stores the decision id that
// codec.DecisionID computes, SQLite computes it in SQL (the decision_id
// column); both find the same records.
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

// FuzzDecisionID: codec.DecisionID and SQLite agree on any input.
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
