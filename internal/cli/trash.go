package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/actionguard/actionguard/undo"
	"github.com/spf13/cobra"
)

// trashOptions are the flags of `actionguard trash` and `actionguard undo`.
type trashOptions struct {
	json      bool
	force     bool
	yes       bool
	olderThan string
	buffer    time.Duration
}

func (a *app) trashCommand() *cobra.Command {
	o := &trashOptions{}
	cmd := &cobra.Command{
		Use:   "trash",
		Short: "What rewritten rm and git clean commands removed, kept for undo",
		Long: `When the policy enables undo (undo: {enabled: true}), an agent's rm of workspace files
becomes a move into actionguard's trash, and git clean moves what it would delete there too.
'actionguard undo' brings the last batch back within the undo buffer (60 s by default);
'actionguard trash restore' brings back any batch the trash still keeps (7 days by default).

The trash is the directory trash/ beside the audit database. See docs/undo.md.`,
		Example: `  actionguard trash list
  actionguard trash restore                 # the newest batch
  actionguard trash restore 20260301-1200   # a batch by (a prefix of) its id
  actionguard trash empty --older-than 3d --yes`,
	}
	list := &cobra.Command{
		Use:   "list",
		Short: "List the batches in the trash, newest first",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return a.runTrashList(cmd.Context(), o) },
	}
	list.Flags().BoolVar(&o.json, "json", false, "print one JSON object a batch")
	restore := &cobra.Command{
		Use:   "restore [ID]",
		Short: "Put a batch's files back where they were (default: the newest batch)",
		Long: `Put a batch's files back where they were, creating missing parent directories. A path
that exists again is never overwritten: the restore stops and names it. With --force, what is
there now goes to the trash first (so a forced restore can itself be undone).`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return a.runTrashRestore(cmd.Context(), o, args) },
	}
	restore.Flags().BoolVar(&o.force, "force", false, "move what is in the way to the trash, then restore")
	restore.Flags().BoolVar(&o.json, "json", false, "print the restored batch as JSON")
	empty := &cobra.Command{
		Use:   "empty",
		Short: "Remove batches from the trash for good",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return a.runTrashEmpty(cmd.Context(), o) },
	}
	empty.Flags().StringVar(&o.olderThan, "older-than", "", "only batches older than this (90m, 24h, 3d)")
	empty.Flags().BoolVar(&o.yes, "yes", false, "do not ask")
	empty.Flags().BoolVar(&o.json, "json", false, "print what was removed as JSON")
	cmd.AddCommand(list, restore, empty,
		a.trashToolCommand("put", "Move paths to the trash as rm would remove them (what a rewritten rm runs)"),
		a.trashToolCommand("git-clean", "Move what git clean would remove to the trash (what a rewritten git clean runs)"),
		a.trashToolCommand("git-safety-ref", "Record the work before git reset --hard as a ref (what a rewritten reset runs first)"),
	)
	return cmd
}

func (a *app) undoCommand() *cobra.Command {
	o := &trashOptions{}
	cmd := &cobra.Command{
		Use:   "undo",
		Short: "Bring back what the last rewritten rm or git clean removed, within the undo buffer",
		Long: `Bring back the trash's newest batch — what the last rewritten rm or git clean removed — if it
was removed within the undo buffer (60 s by default). An older batch stays in the trash:
'actionguard trash list' shows it and 'actionguard trash restore ID' brings it back.
Nothing is overwritten: a path that exists again stops the undo.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runUndo(cmd.Context(), o) },
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print the restored batch as JSON")
	cmd.Flags().DurationVar(&o.buffer, "buffer", 0, "the undo buffer (default: the policy's undo.buffer, 60s unless set)")
	return cmd
}

// trashToolCommand is one of the commands rewritten commands call; its
// arguments are rm's or git's, passed on untouched.
func (a *app) trashToolCommand(name, short string) *cobra.Command {
	return &cobra.Command{
		Use:                name + " [ARGS]…",
		Short:              short,
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			args, err := a.globalFlags(args)
			if err != nil {
				return err
			}
			dir, _ := a.trashStateDir()
			if code := undo.RunTrash(append([]string{name}, args...), a.env.Stdout, a.env.Stderr, dir); code != ExitOK {
				return exitCode(code)
			}
			return nil
		},
	}
}

// globalFlags takes the root's flags (--db, --store, …) from the front of
// a command that parses no flags of its own: cobra leaves them in its
// arguments.
func (a *app) globalFlags(args []string) ([]string, error) {
	valued := map[string]*string{"db": &a.dbPath, "store": &a.storeRef, "policy": &a.policyPath, "project-policy": &a.projectPath}
	for len(args) > 0 {
		name, value, hasValue := strings.Cut(strings.TrimPrefix(args[0], "--"), "=")
		if name == "no-audit" && !hasValue {
			args = args[1:]
			continue
		}
		dst, ok := valued[name]
		if !ok || !strings.HasPrefix(args[0], "--") {
			break
		}
		if !hasValue {
			if len(args) < 2 {
				return nil, usageErr("--"+name+" takes a value", "flag needs an argument: --%s", name)
			}
			value, args = args[1], args[1:]
		}
		*dst = value
		args = args[1:]
	}
	return args, nil
}

// trashStateDir is the directory of the audit database, which holds trash/.
func (a *app) trashStateDir() (string, error) {
	db, err := a.dbFile()
	if err != nil {
		return "", err
	}
	return filepath.Dir(db), nil
}

func (a *app) openTrash(buffer time.Duration) (*undo.Trash, error) {
	dir, err := a.trashStateDir()
	if err != nil {
		return nil, &exitError{code: ExitError, err: fmt.Errorf("finding the trash: %w", err), hint: "set --db or ACTIONGUARD_STATE_DIR"}
	}
	t, err := undo.Open(dir, undo.Options{Buffer: buffer})
	if err != nil {
		return nil, &exitError{code: ExitError, err: err, hint: "set --db or ACTIONGUARD_STATE_DIR"}
	}
	return t, nil
}

// trashEntry is a batch as `trash list --json` prints it.
type trashEntry struct {
	undo.Batch
	AgeSeconds int64  `json:"age_seconds"`
	Size       int64  `json:"size"`
	Dir        string `json:"dir"`
}

func (a *app) runTrashList(ctx context.Context, o *trashOptions) error {
	t, err := a.openTrash(0)
	if err != nil {
		return err
	}
	batches, err := t.List(ctx)
	if err != nil {
		return trashErr(err)
	}
	now := time.Now()
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		for _, b := range batches {
			if err := enc.Encode(trashEntry{Batch: b, AgeSeconds: int64(now.Sub(b.Time) / time.Second), Size: b.Size(), Dir: t.BatchDir(b.ID)}); err != nil {
				return err
			}
		}
		return nil
	}
	if len(batches) == 0 {
		fmt.Fprintf(a.env.Stdout, "The trash is empty (%s).\n", t.Dir())
		return nil
	}
	tw := tabwriter.NewWriter(a.env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tAGE\tFROM\tITEMS\tSIZE\tCWD\tPATHS")
	for _, b := range batches {
		if b.Problem != "" {
			fmt.Fprintf(tw, "%s\t%s\t-\t-\t-\t-\tdamaged: %s\n", b.ID, age(now.Sub(b.Time)), b.Problem)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\t%s\n", b.ID, age(now.Sub(b.Time)), b.Source, len(b.Items), sizeText(b), orDash(b.Cwd), firstPaths(b, 3))
	}
	tw.Flush()
	fmt.Fprintln(a.env.Stdout, "Restore a batch with: actionguard trash restore ID (the newest: actionguard trash restore)")
	return nil
}

// sizeText is a batch's size, "≥" when a directory was too large to
// measure whole.
func sizeText(b undo.Batch) string {
	s := undo.FormatBytes(b.Size())
	for _, it := range b.Items {
		if it.SizeIncomplete {
			return "≥" + s
		}
	}
	return s
}

// firstPaths names a batch's first paths, relative to its cwd when inside.
func firstPaths(b undo.Batch, n int) string {
	var names []string
	for i, it := range b.Items {
		if i == n {
			names = append(names, fmt.Sprintf("+%d more", len(b.Items)-n))
			break
		}
		p := it.Path
		if rel, err := filepath.Rel(b.Cwd, p); err == nil && !strings.HasPrefix(rel, "..") {
			p = rel
		}
		names = append(names, p)
	}
	return strings.Join(names, ", ")
}

func (a *app) runTrashRestore(ctx context.Context, o *trashOptions, args []string) error {
	t, err := a.openTrash(0)
	if err != nil {
		return err
	}
	id := ""
	if len(args) == 1 {
		id = args[0]
	}
	b, err := t.Restore(ctx, id, o.force)
	return a.restored(o, b, err)
}

func (a *app) runUndo(ctx context.Context, o *trashOptions) error {
	if o.buffer == 0 {
		// The policy's undo.buffer, when the flag does not say.
		o.buffer = undo.DefaultBuffer
		if p, err := a.loadPolicy(""); err == nil && p.Undo.Buffer > 0 {
			o.buffer = p.Undo.Buffer
		}
	}
	if o.buffer < 0 {
		return usageErr("give a positive duration such as 60s or 2m", "--buffer must be positive")
	}
	t, err := a.openTrash(o.buffer)
	if err != nil {
		return err
	}
	b, err := t.Undo(ctx)
	return a.restored(o, b, err)
}

// restored reports a restore or an undo: what came back, even in part.
func (a *app) restored(o *trashOptions, b *undo.Batch, err error) error {
	if err != nil {
		if b != nil && len(b.Items) > 0 {
			a.printRestored(o, b, "Restored part of")
		}
		return trashErr(err)
	}
	a.printRestored(o, b, "Restored")
	return nil
}

// printRestored says what came back.
func (a *app) printRestored(o *trashOptions, b *undo.Batch, verb string) {
	if o.json {
		json.NewEncoder(a.env.Stdout).Encode(b)
		return
	}
	what := "deleted"
	if b.Command != "" {
		what = "removed by " + b.Command
	}
	fmt.Fprintf(a.env.Stdout, "%s batch %s (%s, %s ago): %s\n", verb, b.ID, what, undo.HumanDuration(time.Since(b.Time)), plural(len(b.Items), "path"))
	for _, it := range b.Items {
		fmt.Fprintf(a.env.Stdout, "  %s\n", it.Path)
	}
}

// trashErr gives a trash error its exit code and the next step.
func trashErr(err error) error {
	var expired *undo.ExpiredError
	var conflict *undo.ConflictError
	var notFound *undo.NotFoundError
	switch {
	case errors.Is(err, undo.ErrEmpty):
		return &exitError{code: ExitError, err: errors.New("nothing to undo: the trash is empty"),
			hint: "the trash keeps what rewritten rm and git clean commands removed, when the policy enables undo (docs/undo.md)"}
	case errors.As(err, &expired):
		return &exitError{code: ExitError, err: err, hint: "'actionguard trash list' shows what the trash keeps"}
	case errors.As(err, &conflict):
		return &exitError{code: ExitError, err: err}
	case errors.As(err, &notFound):
		return &exitError{code: ExitUsage, err: err}
	}
	return &exitError{code: ExitError, err: err, hint: "'actionguard trash list' shows what the trash keeps; its files are in the batch directories it lists (--json)"}
}

func (a *app) runTrashEmpty(ctx context.Context, o *trashOptions) error {
	var older time.Duration
	if o.olderThan != "" {
		d, err := time.ParseDuration(o.olderThan)
		if n, ok := strings.CutSuffix(o.olderThan, "d"); ok && err != nil {
			d, err = time.ParseDuration(n + "h")
			d *= 24
		}
		if err != nil || d <= 0 {
			return usageErr("give a duration such as 90m, 24h or 3d", "--older-than %q is not a positive duration", o.olderThan)
		}
		older = d
	}
	t, err := a.openTrash(0)
	if err != nil {
		return err
	}
	if !o.yes {
		if !a.env.IsTerminal(a.env.Stdin) {
			return usageErr("add --yes to empty the trash without a question", "not emptying the trash: nobody to ask (standard input is not a terminal)")
		}
		batches, err := t.List(ctx)
		if err != nil {
			return trashErr(err)
		}
		n, size := 0, int64(0)
		cut := time.Now().Add(-older)
		for _, b := range batches {
			if older == 0 || b.Time.Before(cut) {
				n++
				size += b.Size()
			}
		}
		if n == 0 {
			fmt.Fprintln(a.env.Stdout, "Nothing to remove.")
			return nil
		}
		fmt.Fprintf(a.env.Stdout, "Remove %s (%s) from the trash for good? [y/N] ", batchCount(n), undo.FormatBytes(size))
		var answer string
		fmt.Fscanln(a.env.Stdin, &answer)
		if answer = strings.ToLower(strings.TrimSpace(answer)); answer != "y" && answer != "yes" {
			fmt.Fprintln(a.env.Stdout, "Nothing removed.")
			return nil
		}
	}
	res, err := t.Empty(ctx, older)
	if err != nil {
		return trashErr(err)
	}
	if o.json {
		return json.NewEncoder(a.env.Stdout).Encode(res)
	}
	fmt.Fprintf(a.env.Stdout, "Removed %s (%s) from the trash.\n", batchCount(res.Batches), undo.FormatBytes(res.Bytes))
	return nil
}

func batchCount(n int) string {
	if n == 1 {
		return "1 batch"
	}
	return fmt.Sprintf("%d batches", n)
}
