package codec

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"testing"
)

// fakeRows yields its rows in order, then reports end; a row that is an
// error fails its scan.
type fakeRows struct {
	rows [][]any
	at   int
	end  error
}

func (f *fakeRows) Next() bool { f.at++; return f.at <= len(f.rows) }

func (f *fakeRows) Err() error { return f.end }

func (f *fakeRows) Scan(dest ...any) error {
	row := f.rows[f.at-1]
	if len(row) == 1 {
		if err, ok := row[0].(error); ok {
			return err
		}
	}
	if len(row) != len(dest) {
		return fmt.Errorf("%d columns, %d destinations", len(row), len(dest))
	}
	for i, d := range dest {
		switch d := d.(type) {
		case *string:
			*d = row[i].(string)
		case *int:
			*d = row[i].(int)
		default:
			return fmt.Errorf("destination %T", d)
		}
	}
	return nil
}

func TestScanMap(t *testing.T) {
	out := map[string]int{"kept": 1}
	rows := &fakeRows{rows: [][]any{{"a", 2}, {"b", 3}, {"a", 4}}}
	if err := ScanMap(rows, out); err != nil {
		t.Fatal(err)
	}
	if want := map[string]int{"kept": 1, "a": 4, "b": 3}; !maps.Equal(out, want) {
		t.Errorf("got %v, want %v", out, want)
	}
	bad := errors.New("bad row")
	if err := ScanMap(&fakeRows{rows: [][]any{{"a", 1}, {bad}, {"c", 2}}}, map[string]int{}); !errors.Is(err, bad) {
		t.Errorf("a row that does not scan: got %v, want %v", err, bad)
	}
	end := errors.New("connection lost")
	if err := ScanMap(&fakeRows{rows: [][]any{{"a", 1}}, end: end}, map[string]int{}); !errors.Is(err, end) {
		t.Errorf("rows that end in an error: got %v, want %v", err, end)
	}
}

func TestAppendRows(t *testing.T) {
	read := func(scan func(dest ...any) error) (string, error) {
		var k string
		var n int
		err := scan(&k, &n)
		return fmt.Sprint(k, n), err
	}
	got, err := AppendRows(&fakeRows{rows: [][]any{{"a", 1}, {"b", 2}}}, []string{"x"}, read)
	if err != nil || !slices.Equal(got, []string{"x", "a1", "b2"}) {
		t.Errorf("got %v, %v; want [x a1 b2]", got, err)
	}
	bad := errors.New("bad row")
	if _, err := AppendRows(&fakeRows{rows: [][]any{{bad}}}, nil, read); !errors.Is(err, bad) {
		t.Errorf("a row that does not scan: got %v, want %v", err, bad)
	}
	end := errors.New("connection lost")
	if _, err := AppendRows(&fakeRows{end: end}, nil, read); !errors.Is(err, end) {
		t.Errorf("rows that end in an error: got %v, want %v", err, end)
	}
}
