package cli

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/internal/bgdrain"
	"github.com/actionguard/actionguard/internal/hookrun"
	"github.com/actionguard/actionguard/store"
	"github.com/spf13/cobra"
)

// auditDrainCommand is `audit drain`: the spooled decisions moved into the
// hash-chained log now. Every command that reads the log drains first; a
// hook call or a stream that leaves a large spool starts this command in
// the background (package bgdrain) rather than make its caller wait.
func (a *app) auditDrainCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "drain",
		Short: "Move the decisions spooled by hook calls and streams into the audit log",
		Long: `Move the decisions that hook calls and 'check --jsonl' streams spooled beside
the SQLite database into its hash-chained audit log, and empty the spool.
Any command that reads the log does this first; a hook call or a stream
that leaves a large spool starts it in the background. One drain runs at a
time: a second one waits for the first, then moves what is left.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runAuditDrain(cmd.Context()) },
	}
}

func (a *app) runAuditDrain(ctx context.Context) error {
	if isPostgresURL(a.storeRefValue()) {
		fmt.Fprintln(a.env.Stdout, "The PostgreSQL store has no spool: nothing to drain.")
		return nil
	}
	path, err := a.dbFile()
	if err != nil {
		return fmt.Errorf("finding the audit database: %w", err)
	}
	st, err := store.Open(ctx, path)
	if err != nil {
		return err
	}
	defer st.Close()
	stopProfile, err := a.cpuProfileTo("ACTIONGUARD_DRAIN_CPUPROFILE")
	if err != nil {
		return err
	}
	defer stopProfile()
	if a.env.Getenv("GOGC") == "" {
		// As for a stream: a drain keeps a batch alive at most, and the
		// collector would otherwise run every few hundred records.
		defer debug.SetGCPercent(debug.SetGCPercent(streamGCPercent))
	}
	n, err := audit.NewSpool(audit.SpoolPath(path)).Drain(ctx, audit.New(st))
	if err != nil {
		return fmt.Errorf("moving spooled decisions into the audit log (%d moved): %w", n, err)
	}
	fmt.Fprintf(a.env.Stdout, "%d spooled decisions moved into the audit log.\n", n)
	return nil
}

// drainInBackground starts `actionguard audit drain` for the database at
// db in a process of its own when its spool has grown past
// hookrun.DrainAt, so that no hook call after a large stream waits for
// it. Nothing happens without Env.StartDrain; a failure to start says so
// on stderr and leaves the spool for the next reader.
func (a *app) drainInBackground(db string) {
	if a.env.StartDrain == nil || audit.NewSpool(audit.SpoolPath(db)).Size() < hookrun.DrainAt {
		return
	}
	if err := a.env.StartDrain(db); err != nil {
		fmt.Fprintf(a.env.Stderr, "actionguard: %v (the next command that reads the audit log moves the spooled decisions)\n", err)
	}
}

// startDrain is DefaultEnv's StartDrain: this binary's `audit drain`, in
// the background.
func startDrain(db string) error {
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("starting the spool's drain: %w", err)
	}
	_, err = bgdrain.Start(self, db)
	return err
}
