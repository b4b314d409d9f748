package postgres

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/actionguard/actionguard/audit"
)

// WithAuditKeyFile keys the audit chain with the key in the file at path,
// created when missing: every server that shares the database must use the
// same file (copy it). Without it, $ACTIONGUARD_AUDIT_KEY names the file;
// with neither, records are appended unkeyed, since a key made on one
// server alone would seal records the others cannot check.
func WithAuditKeyFile(path string) Option { return func(c *config) { c.auditKey = path } }

// auditKeyPath is the key file in use, "" when none is configured.
func (s *Store) auditKeyPath() string {
	if s.cfg.auditKey != "" {
		return s.cfg.auditKey
	}
	return os.Getenv("ACTIONGUARD_AUDIT_KEY")
}

// AuditKey implements audit.KeySource: the configured key file's key,
// created when create is true. Without a configured file it returns no key
// (and, with create false, an error wrapping fs.ErrNotExist).
func (s *Store) AuditKey(create bool) ([]byte, error) {
	path := s.auditKeyPath()
	switch {
	case path == "" && create:
		return nil, nil
	case path == "":
		return nil, fmt.Errorf("no audit key configured (ACTIONGUARD_AUDIT_KEY): %w", fs.ErrNotExist)
	case create:
		return audit.LoadOrCreateKey(path)
	}
	return audit.LoadKey(path)
}

// AuditKeyPath implements audit.KeySource.
func (s *Store) AuditKeyPath() string { return s.auditKeyPath() }

// AuditCheckpoints implements audit.CheckpointSource: the table
// audit_checkpoints, append-only like the log.
func (s *Store) AuditCheckpoints() audit.Checkpoints { return checkpoints{s} }

type checkpoints struct{ s *Store }

func (c checkpoints) Where() string { return "the audit_checkpoints table of " + c.s.location }

func (c checkpoints) SaveCheckpoint(ctx context.Context, cp audit.Checkpoint) error {
	err := c.s.run(ctx, func(conn *pgx.Conn) error {
		_, err := conn.Exec(ctx, `INSERT INTO audit_checkpoints (seq, hash, time_us, keyed_from) VALUES ($1, $2, $3, $4)`,
			cp.Seq, cp.Hash, cp.Time.UnixMicro(), cp.KeyedFrom)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: saving an audit checkpoint: %w", err)
	}
	return nil
}

func (c checkpoints) Checkpoints(ctx context.Context) ([]audit.Checkpoint, error) {
	var out []audit.Checkpoint
	err := c.s.run(ctx, func(conn *pgx.Conn) error {
		out = out[:0]
		rows, err := conn.Query(ctx, `SELECT seq, hash, time_us, keyed_from FROM audit_checkpoints ORDER BY id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var cp audit.Checkpoint
			var us int64
			if err := rows.Scan(&cp.Seq, &cp.Hash, &us, &cp.KeyedFrom); err != nil {
				return err
			}
			cp.Time = time.UnixMicro(us).UTC()
			out = append(out, cp)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("store: reading the audit checkpoints: %w", err)
	}
	return out, nil
}

var (
	_ audit.KeySource        = (*Store)(nil)
	_ audit.CheckpointSource = (*Store)(nil)
)
