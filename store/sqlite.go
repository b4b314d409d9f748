package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/actionguard/actionguard/audit"
)

// SQLite is the embedded store: one SQLite file in WAL mode shared by every
// actionguard process of a user. Build it with Open; it is safe for
// concurrent use, and any number of processes may have the same file open.
type SQLite struct {
	db   *sql.DB
	path string
	cfg  config
	// wmu serializes this process's write transactions, so they queue here
	// instead of polling SQLite's lock; the lock serializes processes.
	wmu sync.Mutex
	// smu guards appendStmts, prepared on first use.
	smu         sync.Mutex
	appendStmts *appendStmts
	// reads are the queries checks run again and again (FindApproval,
	// ContactCounts), prepared once: SQLite would otherwise parse and plan
	// each call anew. Guarded by smu; bounded by maxReadStmts.
	reads map[string]*sql.Stmt
	// ckQuit and ckDone stop and await server mode's background checkpoint.
	ckQuit, ckDone chan struct{}
	// wconn is server mode's writer connection, guarded by wmu: every
	// write transaction of the process runs on it, so its page cache stays
	// valid from one to the next (SQLite drops a connection's cache when
	// another connection wrote since its last transaction).
	wconn *sql.Conn
	// checkpoints is the audit log's checkpoints file (AuditCheckpoints),
	// guarded by smu.
	checkpoints *audit.CheckpointFile
}

type config struct {
	busyTimeout time.Duration
	retries     int
	maxConns    int
	migrations  []migration
	// serverMode: a large cache, no checkpoints in commits, a background
	// checkpoint every checkpointEvery (server_mode.go).
	serverMode      bool
	checkpointEvery time.Duration
}

// Option configures Open.
type Option func(*config)

// WithBusyTimeout sets how long a statement waits for another connection's
// lock before failing with SQLITE_BUSY (default 5 s). Operations that still
// see SQLITE_BUSY are retried with backoff for up to 2 s more.
func WithBusyTimeout(d time.Duration) Option {
	return func(c *config) { c.busyTimeout = max(d, time.Millisecond) }
}

// WithMaxConns caps the connections kept open to the file (default 4). One
// is enough for a process that makes one write.
func WithMaxConns(n int) Option { return func(c *config) { c.maxConns = max(n, 1) } }

// Open opens the database at path, creating it (mode 0600, in a directory
// created with mode 0700) when it does not exist, and migrates its schema to
// the current version. It fails with ErrSchemaTooNew when the file was
// written by a newer actionguard.
//
// The connection uses WAL, synchronous=NORMAL (a committed write survives
// the process being killed; a power loss may lose the last commits, never
// corrupt the file), foreign keys, a busy timeout, and BEGIN IMMEDIATE for
// every write transaction, so concurrent writers wait for each other instead
// of failing with "database is locked".
func Open(ctx context.Context, path string, opts ...Option) (*SQLite, error) {
	cfg := config{busyTimeout: 5 * time.Second, retries: 12, maxConns: 4, migrations: migrations}
	for _, o := range opts {
		o(&cfg)
	}
	if path == "" {
		return nil, errors.New("store: open: empty path")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	if err := create(abs); err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	if cfg.serverMode {
		cfg.maxConns++ // the writer's own
	}
	db := sql.OpenDB(connector{dsn: dsn(abs, cfg), drv: newDriver()})
	db.SetMaxOpenConns(cfg.maxConns)
	db.SetMaxIdleConns(cfg.maxConns)
	s := &SQLite{db: db, path: abs, cfg: cfg}
	if err := s.init(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	if cfg.serverMode {
		s.startCheckpointer()
	}
	return s, nil
}

// newDriver returns a driver whose connections keep the WAL file when they
// close (SQLITE_FCNTL_PERSIST_WAL). The last connection still checkpoints
// the WAL into the database on close; it only leaves the file in place, so
// that the next short-lived process (a hook call) does not create and sync a
// fresh WAL before its first write — a third of a hook's time on the disk.
func newDriver() *sqlite.Driver {
	drv := &sqlite.Driver{}
	drv.RegisterConnectionHook(func(c sqlite.ExecQuerierContext, _ string) error {
		if fc, ok := c.(sqlite.FileControl); ok {
			if _, err := fc.FileControlPersistWAL("main", 1); err != nil {
				return fmt.Errorf("keeping the WAL file: %w", err)
			}
		}
		return nil
	})
	return drv
}

// connector opens connections of one database with one driver.
type connector struct {
	dsn string
	drv *sqlite.Driver
}

func (c connector) Connect(context.Context) (driver.Conn, error) { return c.drv.Open(c.dsn) }
func (c connector) Driver() driver.Driver                        { return c.drv }

// create makes the directory (0700) and an empty database file (0600) unless
// they exist. SQLite would create the file with mode 0644; its -wal and -shm
// files take the mode of the database file.
func create(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return err
	}
	return f.Close()
}

// dsn is the driver's name for the file: a file: URI, so any path works,
// with the settings every pooled connection applies when it opens.
func dsn(path string, cfg config) string {
	q := url.Values{}
	q.Set("_busy_timeout", strconv.FormatInt(cfg.busyTimeout.Milliseconds(), 10))
	q.Set("_foreign_keys", "1")
	q.Set("_synchronous", "NORMAL")
	q.Set("_txlock", "immediate")
	if cfg.serverMode {
		// A server appends all the time (server_mode.go): the pages the
		// appends touch stay cached, and checkpoints run in the background
		// instead of inside commits.
		q.Add("_pragma", "journal_size_limit("+strconv.Itoa(serverJournalLimit)+")")
		q.Add("_pragma", "cache_size(-"+strconv.Itoa(serverReaderCacheKiB)+")")
		q.Add("_pragma", "temp_store(memory)")
		q.Add("_pragma", "wal_autocheckpoint(0)")
	} else {
		// With the WAL file kept (newDriver), a checkpoint on close truncates it
		// to zero bytes; without a size limit stale frames would stay and grow.
		q.Add("_pragma", "journal_size_limit(0)")
		// A hook call that drains the spool is a process of a few milliseconds:
		// a 512 KiB page cache keeps it small (appends touch few pages).
		q.Add("_pragma", "cache_size(-512)")
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(path), RawQuery: q.Encode()}
	return u.String()
}

func (s *SQLite) init(ctx context.Context) error {
	// WAL is a property of the file, set once; switching to it takes a lock
	// that another process opening the new file at the same time may hold.
	// A file already in WAL mode (its header says so) needs no statement:
	// every hook call opens the file, and each statement costs it time.
	if inWAL(s.path) {
		return s.migrate(ctx)
	}
	var mode string
	err := s.retry(ctx, func() error {
		return s.db.QueryRowContext(ctx, "PRAGMA journal_mode=WAL").Scan(&mode)
	})
	if err != nil {
		return fmt.Errorf("setting WAL mode: %w", err)
	}
	if !strings.EqualFold(mode, "wal") {
		return fmt.Errorf("journal mode is %q, want wal", mode)
	}
	return s.migrate(ctx)
}

// inWAL reports whether the database file's header marks it as a WAL
// database (file format read and write versions 2, bytes 18 and 19).
func inWAL(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var hdr [20]byte
	if _, err := io.ReadFull(f, hdr[:]); err != nil {
		return false
	}
	return string(hdr[:16]) == "SQLite format 3\x00" && hdr[18] == 2 && hdr[19] == 2
}

// SQLite is a Store.
var _ Store = (*SQLite)(nil)

// Path returns the absolute path of the database file.
func (s *SQLite) Path() string { return s.path }

// Kind returns "sqlite".
func (s *SQLite) Kind() string { return "sqlite" }

// Location returns the absolute path of the database file.
func (s *SQLite) Location() string { return s.path }

// Close closes the database. The last connection to close checkpoints the
// WAL into the database file.
func (s *SQLite) Close() error {
	s.stopCheckpointer()
	s.wmu.Lock()
	if s.wconn != nil {
		s.wconn.Close()
		s.wconn = nil
	}
	s.wmu.Unlock()
	s.smu.Lock()
	if st := s.appendStmts; st != nil {
		st.close()
		s.appendStmts = nil
	}
	for _, st := range s.reads {
		st.Close()
	}
	s.reads = nil
	if s.checkpoints != nil {
		s.checkpoints.Close()
	}
	s.smu.Unlock()
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("store: close %s: %w", s.path, err)
	}
	return nil
}

// maxReadStmts bounds the prepared reads a store keeps.
const maxReadStmts = 128

// query runs a read, on a statement prepared once per query text. The
// texts come from the store's own code (a few shapes each), never from
// input, so the cache stays small; past maxReadStmts a query is run
// unprepared.
func (s *SQLite) query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	s.smu.Lock()
	st, ok := s.reads[q]
	if !ok && len(s.reads) < maxReadStmts {
		var err error
		if st, err = s.db.PrepareContext(ctx, q); err != nil {
			s.smu.Unlock()
			return nil, err
		}
		if s.reads == nil {
			s.reads = map[string]*sql.Stmt{}
		}
		s.reads[q] = st
	}
	s.smu.Unlock()
	if st == nil {
		return s.db.QueryContext(ctx, q, args...)
	}
	return st.QueryContext(ctx, args...)
}

// write runs fn in a write transaction (BEGIN IMMEDIATE, from the DSN) and
// commits it, retrying the whole transaction when SQLite reports the
// database busy. fn must be safe to run more than once.
func (s *SQLite) write(ctx context.Context, fn func(*sql.Tx) error) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	return s.retry(ctx, func() error {
		tx, err := s.begin(ctx)
		if err != nil {
			return err
		}
		if err := fn(tx); err != nil {
			tx.Rollback()
			return err
		}
		return tx.Commit()
	})
}

// begin starts a write transaction; the caller holds wmu. In server mode
// it runs on the writer's own connection.
func (s *SQLite) begin(ctx context.Context) (*sql.Tx, error) {
	if !s.cfg.serverMode {
		return s.db.BeginTx(ctx, nil)
	}
	if s.wconn == nil {
		c, err := s.db.Conn(ctx)
		if err != nil {
			return nil, err
		}
		// The writer's cache holds the pages appends touch; the other
		// connections' caches are dropped whenever it commits anyway.
		if _, err := c.ExecContext(ctx, "PRAGMA cache_size(-"+strconv.Itoa(serverWriterCacheKiB)+")"); err != nil {
			c.Close()
			return nil, err
		}
		s.wconn = c
	}
	tx, err := s.wconn.BeginTx(ctx, nil)
	if errors.Is(err, sql.ErrConnDone) || errors.Is(err, driver.ErrBadConn) {
		s.wconn.Close()
		s.wconn = nil
	}
	return tx, err
}

// retry runs op until it succeeds, fails with an error other than
// SQLITE_BUSY/SQLITE_LOCKED, or the retries are spent. The busy timeout
// already waits for the lock; this second line covers the cases where SQLite
// returns BUSY without waiting (a WAL being recovered after a crash, a stale
// snapshot), with jittered exponential backoff.
func (s *SQLite) retry(ctx context.Context, op func() error) error {
	delay := time.Millisecond
	deadline := time.Now().Add(s.cfg.busyTimeout + 2*time.Second)
	for attempt := 0; ; attempt++ {
		err := op()
		if err == nil || !busy(err) || attempt >= s.cfg.retries || time.Now().After(deadline) {
			return err
		}
		t := time.NewTimer(delay/2 + rand.N(delay))
		select {
		case <-ctx.Done():
			t.Stop()
			return err
		case <-t.C:
		}
		delay = min(2*delay, 100*time.Millisecond)
	}
}

// busy reports whether err is SQLite's "database is locked" (any
// SQLITE_BUSY or SQLITE_LOCKED extended code).
func busy(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	code := se.Code() & 0xff
	return code == sqlite3.SQLITE_BUSY || code == sqlite3.SQLITE_LOCKED
}
