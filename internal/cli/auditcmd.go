package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/spf13/cobra"
)

type auditOptions struct {
	json    bool
	n       int
	since   string
	until   string
	session string
	tip     string
}

func (a *app) auditCommand() *cobra.Command {
	o := &auditOptions{}
	cmd := &cobra.Command{
		Use:   "audit",
		Short: "Read, export and verify the tamper-evident audit log",
	}
	tail := &cobra.Command{
		Use:   "tail",
		Short: "Show the last decisions",
		RunE:  func(cmd *cobra.Command, args []string) error { return a.runAuditTail(cmd.Context(), o) },
	}
	tail.Flags().IntVarP(&o.n, "lines", "n", 20, "how many records")
	tail.Flags().BoolVar(&o.json, "json", false, "print JSON lines")
	export := &cobra.Command{
		Use:   "export",
		Short: "Write records as JSON lines (oldest first)",
		Example: `  actionguard audit export --since 24h > today.jsonl
  actionguard audit export --session 8f2c… --json`,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runAuditExport(cmd.Context(), o) },
	}
	export.Flags().StringVar(&o.since, "since", "", "records at or after this time (RFC 3339, or a duration such as 24h)")
	export.Flags().StringVar(&o.until, "until", "", "records before this time (RFC 3339, or a duration ago)")
	export.Flags().StringVar(&o.session, "session", "", "records of one session")
	export.Flags().BoolVar(&o.json, "json", true, "JSON lines (the only format)")
	verify := &cobra.Command{
		Use:   "verify",
		Short: "Check the hash chain: every record intact, none removed or reordered",
		Long: `Check the hash chain of the audit log: every record intact and sealed with
this installation's audit key, none removed, reordered or added without the
key; every record the checkpoints saw still there and unchanged; and, with
--tip, the tip you kept (from 'actionguard audit checkpoint') still in the log.
Exits 5 when the log fails a check and names the first bad record.`,
		Example: `  actionguard audit verify
  actionguard audit verify --tip 1234:hmac:9f2c…`,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runAuditVerify(cmd.Context(), o) },
	}
	verify.Flags().BoolVar(&o.json, "json", false, "print the result as JSON")
	verify.Flags().StringVar(&o.tip, "tip", "", "a tip you kept (SEQ:HASH, or the hash alone) that the log must still hold")
	checkpoint := &cobra.Command{
		Use:   "checkpoint",
		Short: "Verify the log, checkpoint its tip and print the tip for you to keep elsewhere",
		Long: `Verify the audit log, then save a checkpoint of its last record where
actionguard keeps checkpoints, and print that tip. Keep the tip somewhere the
agent cannot reach (a note, a password manager, another machine): a later
'actionguard audit verify --tip TIP' shows whether any record up to it was
removed or changed since. Exits 5, saving nothing, when the log fails a check.`,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runAuditCheckpoint(cmd.Context(), o) },
	}
	checkpoint.Flags().BoolVar(&o.json, "json", false, "print the checkpoint as JSON")
	cmd.AddCommand(tail, export, verify, checkpoint, a.auditDrainCommand())
	return cmd
}

func (a *app) openLog(ctx context.Context) (*audit.Log, func(), error) {
	if err := a.requireDatabase(); err != nil {
		return nil, nil, err
	}
	st, err := a.openStore(ctx)
	if err != nil {
		return nil, nil, err
	}
	return audit.New(st), func() { st.Close() }, nil
}

func (a *app) runAuditTail(ctx context.Context, o *auditOptions) error {
	if o.n < 0 {
		return usageErr("-n 20", "-n must not be negative")
	}
	log, done, err := a.openLog(ctx)
	if err != nil {
		return err
	}
	defer done()
	recs, err := log.Tail(ctx, o.n)
	if err != nil {
		return err
	}
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		for i := range recs {
			if err := enc.Encode(&recs[i]); err != nil {
				return err
			}
		}
		return nil
	}
	p := newPrinter(a.env.Stdout, a.env.IsTerminal(a.env.Stdout))
	if len(recs) == 0 {
		p.printf("The audit log is empty.\n")
		return nil
	}
	for _, r := range recs {
		what := r.Tool
		var act struct {
			ID    string         `json:"id"`
			Input map[string]any `json:"input"`
			Text  string         `json:"text"`
		}
		if json.Unmarshal(r.Action, &act) == nil {
			for _, k := range []string{"command", "query", "file_path", "url"} {
				if s, ok := act.Input[k].(string); ok {
					what = oneLineCut(s, 80)
					break
				}
			}
			if what == r.Tool && act.Text != "" {
				what = oneLineCut(act.Text, 80)
			}
		}
		// The decision id is what `actionguard feedback` takes.
		p.printf("%6d  %s  %-14s  %s  %s\n", r.Seq, r.Time.Local().Format("2006-01-02 15:04:05"), or(act.ID, "-"),
			p.paint(verdictColor(verdictOf(r.Verdict)), fmt.Sprintf("%-7s", r.Verdict)), what)
		for _, an := range r.Anomalies {
			// Seed 000's anomaly alerts stand out under their record.
			p.printf("%6s  ⚠ unusual: %s\n", "", an)
		}
	}
	return nil
}

func (a *app) runAuditExport(ctx context.Context, o *auditOptions) error {
	var opts audit.ExportOptions
	var err error
	if opts.Since, err = parseWhen(o.since); err != nil {
		return usageErr("--since 2026-11-01T00:00:00Z or --since 24h", "--since: %v", err)
	}
	if opts.Until, err = parseWhen(o.until); err != nil {
		return usageErr("--until 2026-11-02T00:00:00Z or --until 1h", "--until: %v", err)
	}
	opts.Session = o.session
	log, done, err := a.openLog(ctx)
	if err != nil {
		return err
	}
	defer done()
	w := bufio.NewWriterSize(a.env.Stdout, 64<<10)
	defer w.Flush()
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return log.Export(ctx, opts, func(r audit.Record) error { return enc.Encode(&r) })
}

// parseWhen reads an RFC 3339 time or a duration meaning "that long ago".
func parseWhen(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse("2006-01-02", s); err == nil {
		return t, nil
	}
	if d, err := time.ParseDuration(s); err == nil {
		return time.Now().Add(-d), nil
	}
	if strings.HasSuffix(s, "d") {
		if d, err := time.ParseDuration(strings.TrimSuffix(s, "d") + "h"); err == nil {
			return time.Now().Add(-24 * d), nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is neither a time (RFC 3339) nor a duration", s)
}

// parseTip reads a tip the user kept: SEQ:HASH, or the hash alone.
func parseTip(s string) (*audit.Tip, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	var tip audit.Tip
	if seq, hash, ok := strings.Cut(s, ":"); ok {
		if n, err := strconv.ParseInt(seq, 10, 64); err == nil {
			if n < 1 {
				return nil, fmt.Errorf("the record number %d is not one of a log's (they start at 1)", n)
			}
			tip.Seq, s = n, hash
		}
	}
	hexPart := strings.TrimPrefix(s, audit.KeyedPrefix)
	if len(hexPart) != 64 || strings.Trim(strings.ToLower(hexPart), "0123456789abcdef") != "" {
		return nil, fmt.Errorf("%q is not a record's hash (64 hexadecimal digits, perhaps after %q)", s, audit.KeyedPrefix)
	}
	tip.Hash = strings.TrimPrefix(s, audit.KeyedPrefix)
	if strings.HasPrefix(s, audit.KeyedPrefix) {
		tip.Hash = audit.KeyedPrefix + strings.ToLower(tip.Hash)
	} else {
		tip.Hash = strings.ToLower(tip.Hash)
	}
	return &tip, nil
}

// formatTip is how a tip is printed for the user to keep: SEQ:HASH.
func formatTip(t audit.Tip) string { return fmt.Sprintf("%d:%s", t.Seq, t.Hash) }

// verifyProgress draws verification progress on a terminal's stderr.
func (a *app) verifyProgress(o *auditOptions) func(done, total int64) {
	if o.json || !a.env.IsTerminal(a.env.Stderr) {
		return nil
	}
	return func(done, total int64) {
		if total == 0 {
			return
		}
		pct := int(done * 100 / total)
		bar := strings.Repeat("█", pct/5) + strings.Repeat("░", 20-pct/5)
		fmt.Fprintf(a.env.Stderr, "\rverifying %s %3d%% (%d/%d)", bar, pct, done, total)
		if done >= total {
			fmt.Fprintln(a.env.Stderr)
		}
	}
}

// verifyJSON is audit verify's --json document.
type verifyJSON struct {
	OK bool `json:"ok"`
	audit.VerifyResult
}

// printVerify prints what verification found, for people.
func (a *app) printVerify(res audit.VerifyResult) {
	w := a.env.Stdout
	if res.Broken != nil {
		fmt.Fprintf(w, "The audit log fails a check at record %d (%s): %s\n", res.Broken.Seq, res.Broken.Problem, res.Broken.Detail)
	} else if res.Checked == 0 {
		fmt.Fprintln(w, "The audit log is empty.")
	} else {
		fmt.Fprintf(w, "%d records verified, chain intact.\n", res.Checked)
	}
	switch {
	case res.KeyedFrom == 1:
		fmt.Fprintln(w, "Sealed with this installation's audit key from the first record on.")
	case res.KeyedFrom > 1:
		fmt.Fprintf(w, "Sealed with this installation's audit key from record %d on (the records before it have plain hashes).\n", res.KeyedFrom)
	case res.Checked > 0:
		fmt.Fprintln(w, "Not sealed with an audit key: anyone who can write the database can rewrite it consistently.")
	}
	switch {
	case res.Checkpoint != nil:
		fmt.Fprintf(w, "Checked against %d checkpoints in %s; the latest, on %s, saw record %d.\n",
			res.Checkpoints, res.CheckpointsAt, res.Checkpoint.Time.Local().Format("2006-01-02 15:04:05"), res.Checkpoint.Seq)
	case res.CheckpointsAt != "":
		fmt.Fprintf(w, "No checkpoint yet in %s.\n", res.CheckpointsAt)
	}
	if res.Tip != nil && res.Broken == nil {
		fmt.Fprintln(w, "The tip you kept is in the log.")
	}
	if res.Broken == nil && res.Checked > 0 {
		fmt.Fprintf(w, "Last record: %s (keep it elsewhere: 'actionguard audit verify --tip' shows later whether anything up to it changed)\n", formatTip(res.Last))
	}
}

func (a *app) runAuditVerify(ctx context.Context, o *auditOptions) error {
	tip, err := parseTip(o.tip)
	if err != nil {
		return usageErr("--tip 1234:hmac:9f2c…", "--tip: %v", err)
	}
	log, done, err := a.openLog(ctx)
	if err != nil {
		return err
	}
	defer done()
	res, err := log.VerifyWith(ctx, audit.VerifyOptions{Progress: a.verifyProgress(o), Tip: tip})
	if err != nil {
		return err
	}
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(verifyJSON{res.OK(), res}); err != nil {
			return err
		}
	} else {
		a.printVerify(res)
	}
	if !res.OK() {
		return exitCode(ExitBroken)
	}
	return nil
}

func (a *app) runAuditCheckpoint(ctx context.Context, o *auditOptions) error {
	log, done, err := a.openLog(ctx)
	if err != nil {
		return err
	}
	defer done()
	res, err := log.VerifyWith(ctx, audit.VerifyOptions{Progress: a.verifyProgress(o)})
	if err != nil {
		return err
	}
	// Checkpoints gone is the one failed check a new checkpoint answers:
	// the chain itself verified, and the loss is said before the tip.
	restarted := !res.OK() && res.Broken.Problem == audit.CheckpointsMissing
	if restarted {
		fmt.Fprintf(a.env.Stderr, "actionguard: %s\nactionguard: checkpoints start again from this tip; compare it with a tip you kept, if you have one.\n", res.Broken.Detail)
		res.Broken = nil
	}
	if !res.OK() {
		if o.json {
			enc := json.NewEncoder(a.env.Stdout)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(verifyJSON{false, res}); err != nil {
				return err
			}
		} else {
			a.printVerify(res)
			fmt.Fprintln(a.env.Stdout, "No checkpoint saved: a checkpoint of this log would vouch for what failed the check.")
		}
		return exitCode(ExitBroken)
	}
	if res.Checked == 0 {
		return &exitError{code: ExitError, err: fmt.Errorf("the audit log is empty: there is no tip to keep yet")}
	}
	cp := audit.Checkpoint{Seq: res.Last.Seq, Hash: res.Last.Hash, Time: time.Now().UTC()}
	if log.CheckpointsWhere() != "" {
		if cp, err = log.Checkpoint(ctx, res.Last, 0); err != nil {
			return err
		}
	}
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(struct {
			Tip     string `json:"tip"`
			Seq     int64  `json:"seq"`
			Hash    string `json:"hash"`
			Time    string `json:"time"`
			Records int64  `json:"records"`
			SavedIn string `json:"saved_in,omitempty"`
		}{formatTip(res.Last), cp.Seq, cp.Hash, cp.Time.Format(time.RFC3339Nano), res.Checked, log.CheckpointsWhere()})
	}
	fmt.Fprintf(a.env.Stdout, "%d records verified, chain intact.\n", res.Checked)
	if where := log.CheckpointsWhere(); where != "" {
		fmt.Fprintf(a.env.Stdout, "Checkpoint saved in %s.\n", where)
	}
	fmt.Fprintf(a.env.Stdout, "Tip to keep somewhere the agent cannot reach:\n%s\n", formatTip(res.Last))
	return nil
}
