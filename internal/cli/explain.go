package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/actionguard/actionguard/guard"
	"github.com/spf13/cobra"
)

func (a *app) explainCommand() *cobra.Command {
	o := &checkOptions{}
	cmd := &cobra.Command{
		Use:   "explain [flags] -- <command…>",
		Short: "Show step by step how a decision is reached",
		Long: `Show how actionguard decides on an action: how it was parsed and unwrapped, each rule that
matched with its points, the context modifiers, the thresholds in force and the verdict,
with the risk bar.`,
		Example: `  actionguard explain -- 'sudo bash -c "rm -rf /var/lib/app"'
  actionguard explain --cwd /home/me/production --branch main -- 'rm -rf ./*test*'`,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runExplain(cmd.Context(), o, args) },
	}
	o.flags(cmd, false)
	cmd.SetFlagErrorFunc(a.commandAfterDashes)
	return cmd
}

func (a *app) runExplain(ctx context.Context, o *checkOptions, args []string) error {
	act, err := o.buildAction(args)
	if err != nil {
		return err
	}
	g, err := a.newGuard(act.Context.Cwd, guard.WithLocalFiles())
	if err != nil {
		return err
	}
	d, _ := g.Explain(ctx, act)
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(&d)
	}
	p := newPrinter(a.env.Stdout, a.env.IsTerminal(a.env.Stdout))
	p.printf("%s %s\n", p.paint(ansiBold, "Action:"), actionText(&act))
	c := act.Context
	var ctxParts []string
	if c.Cwd != "" {
		ctxParts = append(ctxParts, "cwd "+c.Cwd)
	}
	if c.GitBranch != "" {
		ctxParts = append(ctxParts, "branch "+c.GitBranch)
	}
	if c.GitDirty {
		ctxParts = append(ctxParts, "uncommitted changes")
	}
	if c.Environment != "" {
		ctxParts = append(ctxParts, "environment "+c.Environment)
	}
	if len(ctxParts) > 0 {
		p.printf("%s %s\n", p.paint(ansiBold, "Context:"), strings.Join(ctxParts, ", "))
	}
	p.printf("\n")
	for _, s := range d.Trace {
		pts := ""
		if s.Points != 0 && (s.Stage == "rule" || s.Stage == "learned" || s.Stage == "modifier" || s.Stage == "policy" || s.Stage == "custom-rules") {
			pts = p.paint(ansiDim, fmt.Sprintf(" %+d", s.Points))
		}
		p.printf("  %-14s %s%s\n", p.paint(ansiBold, s.Stage), s.Detail, pts)
	}
	p.printf("\n%s\n", p.riskBar(d.Risk))
	p.printf("%s %s  (%s, score %d, risk_level %s, action %s)\n", p.paint(ansiBold, "Verdict:"), p.paint(ansiBold+verdictColor(d.Verdict), string(d.Verdict)), d.Level, d.Score, d.RiskLevel, d.Action)
	p.printf("%s %s\n", p.paint(ansiBold, "Reason:"), d.Reason)
	var alts []string
	for _, f := range d.Findings {
		if f.Alternative != "" && !contains(alts, f.Alternative) {
			alts = append(alts, f.Alternative)
		}
	}
	if len(alts) > 0 {
		p.printf("%s\n", p.paint(ansiBold, "Safer alternatives:"))
		for _, s := range alts {
			p.printf("  • %s\n", s)
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
