// Package codec is how the stores (store.SQLite and store/postgres) turn
// audit records, approval requests and contacts into column values and back,
// and the rules they share (paging limits, time buckets, how a decision is
// recorded), so that both backends read and write the same.
//
// It knows the column lists, not the SQL dialects: each store writes its own
// statements around them. Nothing here does I/O.
package codec

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/actionguard/actionguard/audit"
)

// Micros returns t in microseconds since the Unix epoch, 0 for the zero
// time.
func Micros(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMicro()
}

// Time is Micros' inverse: the zero time for 0, UTC otherwise.
func Time(us int64) time.Time {
	if us == 0 {
		return time.Time{}
	}
	return time.UnixMicro(us).UTC()
}

// AuditColumns are the audit table's columns in the order AuditRow.Dest and
// AppendAuditValues use.
const AuditColumns = `seq, time_us, session_id, agent, tool, kind, action, verdict, level,
	score, risk, rules, reason, error, duration_us, prev_hash, hash, confidence, anomalies`

// NumAuditColumns is how many AuditColumns there are.
const NumAuditColumns = 19

// AppendAuditValues appends the values of r's columns, in AuditColumns
// order, to vs. Action is stored as its exact bytes (NULL when empty), Rules
// and Anomalies as JSON arrays.
func AppendAuditValues(vs []any, r *audit.Record) ([]any, error) {
	rules, err := stringsJSON(r.Rules)
	if err != nil {
		return vs, err
	}
	var action any
	if len(r.Action) > 0 {
		action = string(r.Action)
	}
	anomalies, err := stringsJSON(r.Anomalies)
	if err != nil {
		return vs, err
	}
	// The values are the driver's own types (int64, string): database/sql
	// passes those on as they are, and converts others by reflection.
	return append(vs, r.Seq, r.Time.UnixMicro(), r.SessionID, r.Agent, r.Tool, r.Kind, action, string(r.Verdict), string(r.Level),
		int64(r.Score), int64(r.Risk), rules, r.Reason, r.Error, r.DurationMicros, r.PrevHash, r.Hash, int64(r.Confidence), anomalies), nil
}

// stringsJSON is json.Marshal(ss) as a string, "[]" for none
// (TestStringsJSONIsMarshal): rule ids and anomalies are plain ASCII,
// written here without encoding/json's reflection; any other string goes
// through it.
func stringsJSON(ss []string) (string, error) {
	if len(ss) == 0 {
		return "[]", nil
	}
	n := 2
	for _, s := range ss {
		if !plainJSONString(s) {
			b, err := json.Marshal(ss)
			return string(b), err
		}
		n += len(s) + 3
	}
	b := make([]byte, 0, n)
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, s...)
		b = append(b, '"')
	}
	b = append(b, ']')
	return string(b), nil
}

// plainJSONString reports whether json.Marshal writes s as its bytes in
// quotes: printable ASCII that needs no escape, HTML's included.
func plainJSONString(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c > 0x7e, c == '"', c == '\\', c == '<', c == '>', c == '&':
			return false
		}
	}
	return true
}

// AuditRow receives one row of AuditColumns.
type AuditRow struct {
	r         audit.Record
	timeUS    int64
	action    sql.NullString
	rules     string
	anomalies string
}

// Dest returns the scan destinations, in AuditColumns order.
func (a *AuditRow) Dest() []any {
	r := &a.r
	return []any{&r.Seq, &a.timeUS, &r.SessionID, &r.Agent, &r.Tool, &r.Kind, &a.action, &r.Verdict, &r.Level,
		&r.Score, &r.Risk, &a.rules, &r.Reason, &r.Error, &r.DurationMicros, &r.PrevHash, &r.Hash, &r.Confidence, &a.anomalies}
}

// Record returns the record scanned, and resets the row for the next one.
func (a *AuditRow) Record() audit.Record {
	r := a.r
	r.Time = time.UnixMicro(a.timeUS).UTC()
	if a.action.Valid {
		r.Action = json.RawMessage(a.action.String)
	}
	if err := json.Unmarshal([]byte(a.rules), &r.Rules); err != nil || r.Rules == nil {
		// Not what Append wrote: keep the text, so Verify reports the
		// record as altered instead of failing to read it.
		r.Rules = []string{a.rules}
	}
	if a.anomalies != "[]" && a.anomalies != "" {
		if err := json.Unmarshal([]byte(a.anomalies), &r.Anomalies); err != nil || len(r.Anomalies) == 0 {
			r.Anomalies = []string{a.anomalies} // altered: Verify will say so
		}
	}
	*a = AuditRow{}
	return r
}

// RuleIDs returns the distinct rule ids of a record, sorted: the set a
// store indexes for the rule filter and counts.
func RuleIDs(rules []string) []string {
	ids := slices.Clone(rules)
	if ids == nil {
		return []string{}
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// ParseRef reads a reference to an audit record as a person gives it: "#42"
// is the record with seq 42 only; "42" is seq 42, or else the decision id
// "42"; anything else is a decision id. seq is valid when bySeq; id is ""
// when the reference cannot be a decision id.
func ParseRef(ref string) (seq int64, bySeq bool, id string) {
	ref = strings.TrimSpace(ref)
	seqOnly := strings.HasPrefix(ref, "#")
	seq, err := strconv.ParseInt(strings.TrimPrefix(ref, "#"), 10, 64)
	if !seqOnly {
		id = ref
	}
	return seq, err == nil, id
}

// Query limits of QueryAudit.
const (
	DefaultLimit = 100
	MaxLimit     = 1000
)

// Limit returns the number of records a query with this Limit returns at
// most: DefaultLimit when n ≤ 0, at most MaxLimit.
func Limit(n int) int {
	if n <= 0 {
		return DefaultLimit
	}
	return min(n, MaxLimit)
}

// Needle returns the text a case-insensitive substring search compares with
// the lower-cased columns.
func Needle(text string) string { return strings.ToLower(text) }

// Buckets checks RuleHits' arguments and returns them in microseconds.
func Buckets(since time.Time, bucket time.Duration) (fromUS, widthUS int64, err error) {
	if bucket < time.Microsecond {
		return 0, 0, fmt.Errorf("bucket %v is not a positive number of microseconds", bucket)
	}
	return since.UTC().Truncate(time.Microsecond).UnixMicro(), bucket.Microseconds(), nil
}
