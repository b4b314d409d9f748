package codec

import (
	"fmt"
	"strings"

	"github.com/actionguard/actionguard/audit"
)

// AuditLookup is how a store answers FindAuditRecord, in its own dialect;
// each function's error is the store's (wrapped here with what was sought).
type AuditLookup struct {
	BySeq     func(seq int64) ([]audit.Record, error) // the record with this seq, if any
	CountByID func(id string) (int, error)            // how many records carry this decision id
	FirstByID func(id string) ([]audit.Record, error) // the first of them by seq, if any
}

// FindAuditRecord finds the audit record a person names (ParseRef reads the
// reference): by seq first, then by decision id. When several records carry
// the decision id the first is returned with how many there are. noRecord
// is the store's sentinel, returned wrapped when nothing matches.
func FindAuditRecord(ref string, l AuditLookup, noRecord error) (audit.Record, int, error) {
	orig := strings.TrimSpace(ref)
	seq, bySeq, id := ParseRef(ref)
	if bySeq {
		rs, err := l.BySeq(seq)
		if err != nil {
			return audit.Record{}, 0, fmt.Errorf("store: finding a decision: %w", err)
		}
		if len(rs) > 0 {
			return rs[0], 1, nil
		}
	}
	if id == "" {
		return audit.Record{}, 0, fmt.Errorf("%w: %s", noRecord, orig)
	}
	n, err := l.CountByID(id)
	if err != nil {
		return audit.Record{}, 0, fmt.Errorf("store: finding decision %s: %w", id, err)
	}
	if n == 0 {
		return audit.Record{}, 0, fmt.Errorf("%w: %s", noRecord, id)
	}
	rs, err := l.FirstByID(id)
	if err != nil {
		return audit.Record{}, 0, fmt.Errorf("store: finding decision %s: %w", id, err)
	}
	if len(rs) == 0 {
		return audit.Record{}, 0, fmt.Errorf("%w: %s", noRecord, id)
	}
	return rs[0], n, nil
}
