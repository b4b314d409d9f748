package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
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
		Long:  "Check the hash chain of the audit log. Exits 5 when the chain is broken and names the first bad record.",
		RunE:  func(cmd *cobra.Command, args []string) error { return a.runAuditVerify(cmd.Context(), o) },
	}
	verify.Flags().BoolVar(&o.json, "json", false, "print the result as JSON")
	cmd.AddCommand(tail, export, verify)
	return cmd
}

func (a *app) openLog(ctx context.Context) (*audit.Log, func(), error) {
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

func (a *app) runAuditVerify(ctx context.Context, o *auditOptions) error {
	log, done, err := a.openLog(ctx)
	if err != nil {
		return err
	}
	defer done()
	var progress func(done, total int64)
	if !o.json && a.env.IsTerminal(a.env.Stderr) {
		progress = func(done, total int64) {
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
	res, err := log.Verify(ctx, progress)
	if err != nil {
		return err
	}
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(struct {
			OK bool `json:"ok"`
			audit.VerifyResult
		}{res.OK(), res}); err != nil {
			return err
		}
	} else {
		fmt.Fprintln(a.env.Stdout, res.String())
		if res.OK() && res.Checked > 0 {
			fmt.Fprintf(a.env.Stdout, "last record: seq %d, hash %s (keep it elsewhere to detect a cut-off tail later)\n", res.Last.Seq, res.Last.Hash)
		}
	}
	if !res.OK() {
		return exitCode(ExitBroken)
	}
	return nil
}
