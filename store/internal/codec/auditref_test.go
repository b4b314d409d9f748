package codec

import (
	"errors"
	"strconv"
	"testing"

	"github.com/actionguard/actionguard/audit"
)

var errNone = errors.New("no such record")

// fakeLog is an audit log in memory: records by seq, each with its
// decision id.
type fakeLog struct {
	ids  map[int64]string
	fail error
}

func (f fakeLog) lookup() AuditLookup {
	return AuditLookup{
		BySeq: func(seq int64) ([]audit.Record, error) {
			if _, ok := f.ids[seq]; ok {
				return []audit.Record{{Seq: seq}}, f.fail
			}
			return nil, f.fail
		},
		CountByID: func(id string) (int, error) {
			n := 0
			for _, v := range f.ids {
				if v == id {
					n++
				}
			}
			return n, f.fail
		},
		FirstByID: func(id string) ([]audit.Record, error) {
			best := int64(-1)
			for seq, v := range f.ids {
				if v == id && (best < 0 || seq < best) {
					best = seq
				}
			}
			if best < 0 {
				return nil, f.fail
			}
			return []audit.Record{{Seq: best}}, f.fail
		},
	}
}

func TestFindAuditRecord(t *testing.T) {
	log := fakeLog{ids: map[int64]string{1: "d-a", 2: "7", 3: "d-b", 5: "d-b", 7: "d-c"}}
	cases := []struct {
		ref     string
		seq     int64
		n       int
		missing bool
	}{
		{ref: "#1", seq: 1, n: 1},
		{ref: " 3 ", seq: 3, n: 1},
		{ref: "d-b", seq: 3, n: 2}, // the first of two, with the count
		{ref: "d-c", seq: 7, n: 1},
		{ref: "7", seq: 7, n: 1},    // a seq before a decision id
		{ref: "9", missing: true},   // neither a seq nor an id
		{ref: "#2", seq: 2, n: 1},   // "#" names a seq only
		{ref: "#9", missing: true},  // and is never tried as an id
		{ref: "", missing: true},    // nothing named
		{ref: "d-x", missing: true}, // no record carries it
	}
	for _, c := range cases {
		r, n, err := FindAuditRecord(c.ref, log.lookup(), errNone)
		if c.missing {
			if !errors.Is(err, errNone) {
				t.Errorf("%q: got seq %d, %d, %v; want the store's no-record error", c.ref, r.Seq, n, err)
			}
			continue
		}
		if err != nil || r.Seq != c.seq || n != c.n {
			t.Errorf("%q: got seq %d of %d, %v; want seq %d of %d", c.ref, r.Seq, n, err, c.seq, c.n)
		}
	}
}

func TestFindAuditRecordFailure(t *testing.T) {
	broken := errors.New("disk on fire")
	log := fakeLog{ids: map[int64]string{1: "d-a"}, fail: broken}
	for i, ref := range []string{"#1", "d-a", strconv.Itoa(1)} {
		_, _, err := FindAuditRecord(ref, log.lookup(), errNone)
		if !errors.Is(err, broken) || errors.Is(err, errNone) {
			t.Errorf("case %d %q: got %v; want the store's error, not a missing record", i, ref, err)
		}
	}
}
