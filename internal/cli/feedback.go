package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os/user"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/actionguard/actionguard/feedback"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/rule"
	"github.com/actionguard/actionguard/store"
	"github.com/spf13/cobra"
)

type feedbackOptions struct {
	shouldBe string
	note     string
	json     bool
	since    string
}

// verdictList is the verdicts --should-be takes, for messages.
const verdictList = "allow, notify, confirm, approve or block"

func (a *app) feedbackCommand() *cobra.Command {
	o := &feedbackOptions{}
	cmd := &cobra.Command{
		Use:   "feedback <decision-id> --should-be allow|notify|confirm|approve|block",
		Short: "Say what a recorded decision should have been; actionguard learns from it",
		Long: `Record what a decision in the audit log should have been. actionguard keeps the
feedback with the audit record and learns from it: a rule with 3 or more false positives
(actionguard was stricter than it should have been) loses 5 points for each, down to -20;
a rule with a false negative (more lenient than it should have been) gains 10 points for
each, up to +30, and is flagged for security review. A rule in a DANGEROUS category is
never lowered. 'actionguard feedback report' shows where the rules stand.

The decision id is on the last line of 'actionguard check' and in 'actionguard audit tail';
a record can also be named by its number, #42.`,
		Example: `  actionguard feedback d-7k2m9q4xw3ab --should-be allow --note "chmod on my own notes"
  actionguard feedback '#42' --should-be approve
  actionguard feedback report --since 7d`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runFeedback(cmd.Context(), o, args) },
	}
	f := cmd.Flags()
	f.StringVar(&o.shouldBe, "should-be", "", "the verdict the decision should have had: "+verdictList)
	f.StringVar(&o.note, "note", "", "why (kept with the feedback)")
	f.BoolVar(&o.json, "json", false, "print what was recorded as JSON")
	report := &cobra.Command{
		Use:   "report",
		Short: "False positives and false negatives by rule, and what actionguard learned",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return a.runFeedbackReport(cmd.Context(), o) },
	}
	report.Flags().BoolVar(&o.json, "json", false, "print the report as JSON")
	report.Flags().StringVar(&o.since, "since", "", "feedback and decisions at or after this time (a duration such as 7d or 24h, or RFC 3339)")
	cmd.AddCommand(report)
	return cmd
}

// ruleCategory looks a rule up in the built-in registry, for learning.
func ruleCategory(id string) (rule.Category, bool) {
	r := guard.Rules().Lookup(id)
	if r == nil {
		return "", false
	}
	return r.Category, true
}

// feedbackResult is what `feedback --json` prints.
type feedbackResult struct {
	Feedback feedback.Entry   `json:"feedback"`
	Outcome  feedback.Outcome `json:"outcome"`
	// Records is how many audit records carry the decision id (the
	// feedback is on the first).
	Records int `json:"records"`
	// Replaces is true when the decision had feedback already: the latest
	// counts.
	Replaces bool `json:"replaces"`
	// Rules are the decision's rules with what feedback has learned of them.
	Rules []feedback.Adjustment `json:"rules"`
	// Review is true when the decision is flagged for security review (a
	// false negative).
	Review bool `json:"review"`
}

func (a *app) runFeedback(ctx context.Context, o *feedbackOptions, args []string) error {
	if len(args) != 1 {
		return usageErr("actionguard feedback d-7k2m9q4xw3ab --should-be allow (find ids with 'actionguard audit tail')", "feedback takes one decision id, got %d", len(args))
	}
	if o.shouldBe == "" {
		return usageErr("--should-be takes "+verdictList, "--should-be is required: what should the decision have been?")
	}
	shouldBe, err := guard.ParseVerdict(o.shouldBe)
	if err != nil {
		return usageErr("--should-be takes "+verdictList, "--should-be: %q is not a verdict", o.shouldBe)
	}
	st, err := a.openStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	r, n, err := st.AuditRecord(ctx, args[0])
	if errors.Is(err, store.ErrNoRecord) {
		return usageErr("find decision ids with 'actionguard audit tail' (or name a record by its number, e.g. '#42')",
			"no decision %q in the audit log %s", args[0], st.Location())
	}
	if err != nil {
		return err
	}
	e := feedback.New(&r, shouldBe, o.note, osUser(a.env.Getenv))
	if err := st.AddFeedback(ctx, &e); err != nil {
		return err
	}
	// Learned again from all the feedback, read after this one is in, so
	// that the file never misses feedback stored before it.
	all, err := st.Feedback(ctx, time.Time{})
	if err != nil {
		return err
	}
	replaces := false
	for _, b := range all {
		replaces = replaces || (b.AuditSeq == e.AuditSeq && b.ID < e.ID)
	}
	learned := feedback.Learn(all, ruleCategory)
	path, err := a.learnedPath()
	if err == nil {
		err = feedback.SaveLearned(path, feedback.Learned(learned), time.Now())
	}
	if err != nil {
		return &exitError{code: ExitError, err: fmt.Errorf("the feedback is recorded, but %w", err),
			hint: "the checks keep their earlier adjustments until the next feedback writes the file"}
	}
	res := feedbackResult{Feedback: e, Outcome: e.Outcome(), Records: n, Replaces: replaces, Rules: []feedback.Adjustment{}}
	for _, l := range learned {
		for _, id := range e.Rules {
			if l.Rule == id {
				res.Rules = append(res.Rules, l)
				break
			}
		}
	}
	res.Review = res.Outcome == feedback.FalseNegative
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(&res)
	}
	a.printFeedback(&res)
	return nil
}

func (a *app) printFeedback(res *feedbackResult) {
	p := newPrinter(a.env.Stdout, a.env.IsTerminal(a.env.Stdout))
	e := &res.Feedback
	name := e.DecisionID
	if name == "" {
		name = "without an id"
	}
	p.printf("Recorded feedback %d on decision %s (audit record #%d, %s %s).\n", e.ID, name, e.AuditSeq, e.Tool, e.Kind)
	p.printf("  actionguard decided %s; it should have been %s.\n",
		p.paint(verdictColor(e.Verdict), string(e.Verdict)), p.paint(verdictColor(e.ShouldBe), string(e.ShouldBe)))
	outcome := res.Outcome.Describe()
	p.printf("  %s.\n", strings.ToUpper(outcome[:1])+outcome[1:])
	if res.Replaces {
		p.printf("  It replaces the earlier feedback on this decision: the latest counts.\n")
	}
	if res.Records > 1 {
		p.printf("  %d records carry this id; the feedback is on the first, #%d (name another one as '#SEQ').\n", res.Records, e.AuditSeq)
	}
	for _, l := range res.Rules {
		p.printf("  • %s: %s → %s: %s\n", p.paint(ansiBold, l.Rule), counts(l.FalsePositives, l.FalseNegatives), learnedText(l.Points), l.Why)
	}
	if res.Review {
		if len(e.Rules) == 0 {
			p.printf("  No rule fired on it: it is flagged for security review ('actionguard feedback report').\n")
		} else {
			p.printf("  Flagged for security review ('actionguard feedback report').\n")
		}
	}
}

func counts(fp, fn int) string {
	return plural(fp, "false positive") + ", " + plural(fn, "false negative")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func learnedText(points int) string {
	if points == 0 {
		return "no adjustment"
	}
	return fmt.Sprintf("learned %+d points", points)
}

// doctorLearned reports the adjustments learned from feedback: a corrupt
// file is a warning (the hooks ignore it silently and use the built-in
// points).
func (a *app) doctorLearned(r *doctorReport) {
	path, err := a.learnedPath()
	if err != nil {
		return
	}
	adj, err := feedback.LoadLearned(path)
	switch {
	case err != nil:
		r.add("audit", "learned", checkWarn, err.Error()+": the checks use the built-in points", "record feedback again ('actionguard feedback') to rewrite it, or delete it")
	case len(adj) == 0:
		r.add("audit", "learned", checkInfo, "no adjustments learned from feedback", "")
	default:
		ids := slices.Sorted(maps.Keys(adj))
		parts := make([]string, len(ids))
		for i, id := range ids {
			parts[i] = fmt.Sprintf("%s %+d", id, adj[id])
		}
		r.add("audit", "learned", checkOK, fmt.Sprintf("%s: %s", path, strings.Join(parts, ", ")), "")
	}
}

// osUser is who gives the feedback: $USER, else the OS account.
func osUser(getenv func(string) string) string {
	if u := getenv("USER"); u != "" {
		return u
	}
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	return "unknown"
}

func (a *app) runFeedbackReport(ctx context.Context, o *feedbackOptions) error {
	since, err := parseWhen(o.since)
	if err != nil {
		return usageErr("--since 7d, --since 24h or --since 2026-11-01T00:00:00Z", "--since: %v", err)
	}
	if err := a.requireDatabase(); err != nil {
		return err
	}
	st, err := a.openStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	all, err := st.Feedback(ctx, time.Time{})
	if err != nil {
		return err
	}
	var window []feedback.Entry
	for _, e := range all {
		if !e.Time.Before(since) {
			window = append(window, e)
		}
	}
	fired, err := st.RuleCounts(ctx, since)
	if err != nil {
		return err
	}
	rep := feedback.Summarize(since, window, feedback.Learn(all, ruleCategory), fired)
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(&rep)
	}
	return a.printReport(&rep)
}

func (a *app) printReport(rep *feedback.Report) error {
	p := newPrinter(a.env.Stdout, a.env.IsTerminal(a.env.Stdout))
	window := "all time"
	if !rep.Since.IsZero() {
		window = "since " + rep.Since.Local().Format(time.DateTime)
	}
	if rep.Decisions == 0 && len(rep.Rules) == 0 {
		p.printf("No feedback (%s). Give some with: actionguard feedback <decision-id> --should-be %s\n", window, strings.ReplaceAll(verdictList, ", ", "|"))
		p.printf("(find decision ids with 'actionguard audit tail')\n")
		return nil
	}
	p.printf("Feedback on %s (%s): %s, %s, %d agreed.\n\n", plural(rep.Decisions, "decision"), window,
		plural(rep.FalsePositives, "false positive"), plural(rep.FalseNegatives, "false negative"), rep.Agreed)
	if len(rep.Rules) > 0 {
		rows := [][]string{{"RULE", "CATEGORY", "FIRED", "FP", "FN", "LEARNED", "WHY"}}
		for _, r := range rep.Rules {
			why := r.Why
			if r.Review {
				why += " · review"
			}
			rows = append(rows, []string{r.Rule, or(r.Category, "-"), fmt.Sprint(r.Fired), fmt.Sprint(r.FalsePositives),
				fmt.Sprint(r.FalseNegatives), learnedPoints(r.Learned), why})
		}
		table(p, rows, 2, 3, 4, 5)
	}
	if len(rep.NoRule) > 0 {
		p.printf("\nFalse negatives on which no rule fired:\n")
		rows := [][]string{{"TOOL", "KIND", "COUNT", "SHOULD BE", "DECISIONS"}}
		for _, m := range rep.NoRule {
			rows = append(rows, []string{or(m.Tool, "-"), or(m.Kind, "-"), fmt.Sprint(m.Count), string(m.ShouldBe), strings.Join(m.Decisions, " ")})
		}
		table(p, rows, 2)
	}
	if len(rep.Review) > 0 {
		p.printf("\n%s %s\n", p.paint(ansiYellow, "For security review (false negatives):"), strings.Join(rep.Review, ", "))
	}
	if rep.OtherRules > 0 {
		p.printf("\n%s fired %s with no feedback.\n", plural(rep.OtherRules, "other rule"), plural(int(rep.OtherFired), "time"))
	}
	return nil
}

func learnedPoints(n int) string {
	if n == 0 {
		return "0"
	}
	return fmt.Sprintf("%+d", n)
}

// table prints rows in aligned columns, two spaces apart; the columns
// listed in right are right-aligned (numbers).
func table(p *printer, rows [][]string, right ...int) {
	widths := map[int]int{}
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], utf8.RuneCountInString(c))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		for i, c := range r {
			pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c))
			switch {
			case slices.Contains(right, i):
				b.WriteString(pad + c)
			case i == len(r)-1:
				b.WriteString(c)
			default:
				b.WriteString(c + pad)
			}
			if i < len(r)-1 {
				b.WriteString("  ")
			}
		}
		p.printf("%s\n", b.String())
	}
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
