package store

import (
	"context"
	"database/sql"
	"time"
)

// HistoryStep is one earlier tool call of a session (or a prompt of its
// user): what later checks of the same session may look back on.
type HistoryStep struct {
	Time        time.Time
	Tool        string
	Input       string // JSON, redacted by the caller
	Observation string // redacted and truncated by the caller
}

// AppendHistory adds a step to a session's history.
func (s *SQLite) AppendHistory(ctx context.Context, session string, st HistoryStep) error {
	if st.Time.IsZero() {
		st.Time = time.Now()
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO session_history (session_id, time_us, tool, input, observation) VALUES (?, ?, ?, ?, ?)`,
			session, st.Time.UTC().UnixMicro(), st.Tool, st.Input, st.Observation)
		return err
	})
}

// RecentHistory returns the last n steps of a session, oldest first.
func (s *SQLite) RecentHistory(ctx context.Context, session string, n int) ([]HistoryStep, error) {
	if n <= 0 {
		return nil, nil
	}
	var out []HistoryStep
	err := s.retry(ctx, func() error {
		out = out[:0]
		rows, err := s.db.QueryContext(ctx, `SELECT time_us, tool, input, observation FROM session_history
			WHERE session_id = ? ORDER BY id DESC LIMIT ?`, session, n)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var st HistoryStep
			var us int64
			if err := rows.Scan(&us, &st.Tool, &st.Input, &st.Observation); err != nil {
				return err
			}
			st.Time = time.UnixMicro(us).UTC()
			out = append(out, st)
		}
		return rows.Err()
	})
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, err
}
