package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/feedback"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
	"github.com/actionguard/actionguard/internal/hookrun"
	"github.com/actionguard/actionguard/policy"
	"github.com/actionguard/actionguard/store"
	"github.com/actionguard/actionguard/store/dbpath"
	"github.com/actionguard/actionguard/store/postgres"
	"golang.org/x/term"
)

func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// loadPolicy reads the user's and the project's policy.
func (a *app) loadPolicy(cwd string) (*policy.Policy, error) {
	// The rule ids that disable entries are checked against are left out
	// here: building the registry costs every hook call, and 'policy check'
	// reports unknown ids.
	p, err := policy.Load(a.loadOptions(cwd))
	if err != nil {
		var le *policy.LoadError
		if errors.As(err, &le) {
			return nil, &exitError{code: ExitInvalid, err: fmt.Errorf("the policy has errors:\n%s", le.Error()), hint: "fix the file, or check it with 'actionguard policy check'"}
		}
		return nil, fmt.Errorf("loading policy: %w", err)
	}
	for _, w := range p.Warnings {
		fmt.Fprintf(a.env.Stderr, "actionguard: policy: %s\n", w)
	}
	return p, nil
}

// loadOptions says where the policy is read from for cwd, and when this
// installation began (its learning period).
func (a *app) loadOptions(cwd string) policy.LoadOptions {
	opts := policy.LoadOptions{UserPath: a.policyPath, ProjectPath: a.projectPath, Cwd: cwd, Getenv: a.env.Getenv}
	if db, err := a.dbFile(); err == nil {
		opts.InstalledAt = hookrun.InstalledAt(db)
	}
	return opts
}

// newGuard builds a guard with the loaded policy (and extra options:
// serve adds the store's contact book). A policy that does not load is an
// error (see frontGuard for the front doors).
func (a *app) newGuard(cwd string, extra ...guard.Option) (*guard.Guard, error) {
	p, err := a.loadPolicy(cwd)
	if err != nil {
		return nil, err
	}
	return a.guardWith(p, extra...), nil
}

// frontGuard builds the guard of a front door — check, check --jsonl,
// serve, mcp-proxy — the way the hook builds its own: a policy that does
// not load does not stop the door (a guard that refuses to start leaves
// its caller to decide without it), it decides with the policy's last
// valid version, kept beside the audit database, or the strictest
// built-in settings. notice says so; it is printed on stderr and goes
// into every decision and its audit record (frontdoor.Door.PolicyNotice).
// With --strict-policy a policy that does not load is an error, as in
// newGuard.
func (a *app) frontGuard(cwd string, extra ...guard.Option) (g *guard.Guard, notice string, err error) {
	if a.strictPolicy {
		g, err = a.newGuard(cwd, extra...)
		return g, "", err
	}
	keep := ""
	if db, err := a.dbFile(); err == nil {
		keep = hookrun.LastValidDir(db)
	}
	p, fb := policy.LoadFailClosed(a.loadOptions(cwd), keep)
	for _, w := range p.Warnings {
		fmt.Fprintf(a.env.Stderr, "actionguard: policy: %s\n", w)
	}
	if fb != nil {
		notice = fb.Notice()
		fmt.Fprintf(a.env.Stderr, "actionguard: WARNING: %s (--strict-policy refuses to start instead)\n", notice)
	}
	return a.guardWith(p, extra...), notice, nil
}

// guardWith builds a guard with policy p, what this machine learned and
// its contact book, and extra options.
func (a *app) guardWith(p *policy.Policy, extra ...guard.Option) *guard.Guard {
	opts := a.policyOptions(p)
	if adj := a.learned(); len(adj) > 0 {
		opts = append(opts, guard.WithLearned(adj))
	}
	if a.contacts == nil {
		a.contacts = &cliContacts{a: a}
	}
	opts = append(opts, guard.WithContactBook(a.contacts))
	return guard.New(append(opts, extra...)...)
}

// policyOptions are the guard's options from the policy files and the
// environment alone: what eval's replay uses, so that two runs over the
// same records decide alike whatever this machine has learned since.
func (a *app) policyOptions(p *policy.Policy) []guard.Option {
	opts := []guard.Option{guard.WithPolicy(p), guard.WithEnvControlPlane(a.env.Getenv)}
	if h := a.env.Getenv("HOME"); h != "" {
		opts = append(opts, guard.WithHome(h))
	}
	return opts
}

// learnedPath is where the adjustments learned from feedback live: next to
// the audit database.
func (a *app) learnedPath() (string, error) {
	db, err := a.dbFile()
	if err != nil {
		return "", err
	}
	return feedback.LearnedPath(db), nil
}

// learned reads the adjustments learned from feedback. A missing file is
// none; a corrupt one is none too, and said on stderr: the check goes on
// with the built-in points.
func (a *app) learned() map[string]int {
	path, err := a.learnedPath()
	if err != nil {
		return nil
	}
	adj, err := feedback.LoadLearned(path)
	if err != nil {
		fmt.Fprintf(a.env.Stderr, "actionguard: %v (ignored: the rules keep their built-in points; the next 'actionguard feedback' rewrites the file)\n", err)
		return nil
	}
	return adj
}

// storeRefValue is the store named by --store or $ACTIONGUARD_STORE: a
// SQLite file or a postgres:// URL; "" when neither names one.
func (a *app) storeRefValue() string {
	if a.storeRef != "" {
		return a.storeRef
	}
	return a.env.Getenv("ACTIONGUARD_STORE")
}

// isPostgresURL reports whether a store reference names PostgreSQL.
func isPostgresURL(ref string) bool {
	return strings.HasPrefix(ref, "postgres://") || strings.HasPrefix(ref, "postgresql://")
}

// dbFile returns the SQLite database's path: --store or $ACTIONGUARD_STORE
// when they name a file, else --db, $ACTIONGUARD_DB, the state directory or
// the default. With a PostgreSQL store it is still the local file, where
// the hooks' spool and the learned adjustments live.
func (a *app) dbFile() (string, error) {
	if ref := a.storeRefValue(); ref != "" && !isPostgresURL(ref) {
		return ref, nil
	}
	return dbpath.Find(a.dbPath, a.env.Getenv)
}

// openStore opens the store: PostgreSQL when --store or
// $ACTIONGUARD_STORE is a postgres:// URL, else the SQLite file (see
// openSQLite).
func (a *app) openStore(ctx context.Context) (store.Store, error) {
	if ref := a.storeRefValue(); isPostgresURL(ref) {
		st, err := postgres.Open(ctx, ref)
		if err != nil {
			return nil, &exitError{code: ExitError, err: fmt.Errorf("opening the PostgreSQL store: %w", err),
				hint: "check the URL in --store or ACTIONGUARD_STORE, that the database is up, and the password (PGPASSWORD or ~/.pgpass)"}
		}
		return st, nil
	}
	return a.openSQLite(ctx)
}

// openSQLite opens the SQLite database, moving the decisions spooled by
// hook calls into its log first.
func (a *app) openSQLite(ctx context.Context) (*store.SQLite, error) {
	path, err := a.dbFile()
	if err != nil {
		return nil, fmt.Errorf("finding the audit database: %w", err)
	}
	st, err := store.OpenDrained(ctx, path)
	if st == nil {
		return nil, &exitError{code: ExitError, err: fmt.Errorf("opening the audit database: %w", err), hint: "set --store, --db or ACTIONGUARD_DB to a writable file"}
	}
	if err != nil {
		fmt.Fprintf(a.env.Stderr, "actionguard: %v\n", err)
	}
	return st, nil
}

// auditSink records decisions in the audit log through the front door's
// background writer (frontdoor.Batcher), so that checking never waits on
// the disk; Close waits until every record is written.
type auditSink struct {
	st store.Store
	*frontdoor.Batcher
}

// sink opens the audit log on first use; it returns nil with --no-audit.
func (a *app) sink(ctx context.Context) (*auditSink, error) {
	if a.noAudit {
		return nil, nil
	}
	if a.audit != nil {
		return a.audit, nil
	}
	st, err := a.openStore(ctx)
	if err != nil {
		return nil, err
	}
	a.audit = &auditSink{st: st, Batcher: frontdoor.NewBatcher(audit.New(st))}
	return a.audit, nil
}

// writer is the sink as the front door's Writer: nil (record nothing)
// without one.
func (s *auditSink) writer() frontdoor.Writer {
	if s == nil {
		return nil
	}
	return s
}

// Close writes what is queued and closes the database.
func (s *auditSink) Close() error {
	werr := s.Batcher.Close()
	err := s.st.Close()
	if werr != nil {
		return fmt.Errorf("recording decisions: %w", werr)
	}
	return err
}

// cwdOrEmpty is the working directory, or "" when it cannot be read.
func cwdOrEmpty() string {
	wd, _ := os.Getwd()
	return wd
}
