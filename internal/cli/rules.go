package cli

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/rule"
	"github.com/spf13/cobra"
)

type rulesOptions struct {
	json     bool
	category string
}

func (a *app) rulesCommand() *cobra.Command {
	o := &rulesOptions{}
	cmd := &cobra.Command{
		Use:   "rules [list | show ID]",
		Short: "List the built-in rules or show one with its examples",
		Example: `  actionguard rules
  actionguard rules list --category history
  actionguard rules show shell.git.push-force`,
		Args: cobra.MaximumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			switch {
			case len(args) == 0 || args[0] == "list":
				if len(args) > 1 {
					return usageErr("actionguard rules show "+args[1], "rules list takes no argument")
				}
				return a.listRules(o)
			case args[0] == "show":
				if len(args) != 2 {
					return usageErr("actionguard rules show shell.git.push-force", "rules show needs a rule id")
				}
				return a.showRule(o, args[1])
			default:
				if r := guard.Rules().Lookup(args[0]); r != nil {
					return a.showRule(o, args[0])
				}
				return usageErr("actionguard rules list, or actionguard rules show ID", "unknown subcommand %q", args[0])
			}
		},
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print JSON")
	cmd.Flags().StringVar(&o.category, "category", "", "only rules of this category")
	return cmd
}

type ruleJSON struct {
	ID           string   `json:"id"`
	Summary      string   `json:"summary"`
	Points       int      `json:"points"`
	Risk         int      `json:"risk"`
	Category     string   `json:"category"`
	Dangerous    bool     `json:"dangerous"`
	AlwaysReview bool     `json:"always_review,omitempty"`
	Alternative  string   `json:"alternative,omitempty"`
	Match        []string `json:"match"`
	NoMatch      []string `json:"no_match,omitempty"`
}

func toJSON(r *rule.Rule) ruleJSON {
	risk := (r.Points + 9) / 10
	if risk < 1 {
		risk = 1
	}
	if risk > 10 || r.Category.Dangerous() {
		risk = 10
	}
	return ruleJSON{ID: r.ID, Summary: r.Summary, Points: r.Points, Risk: risk, Category: string(r.Category), Dangerous: r.Category.Dangerous(),
		AlwaysReview: r.AlwaysReview, Alternative: r.Alternative, Match: r.Match, NoMatch: r.NoMatch}
}

func (a *app) listRules(o *rulesOptions) error {
	var list []*rule.Rule
	for _, r := range guard.Rules() {
		if o.category == "" || string(r.Category) == o.category {
			list = append(list, r)
		}
	}
	if len(list) == 0 && o.category != "" {
		return usageErr("categories include destructive, history, credentials, mass-destruction, remote-code", "no rule has category %q", o.category)
	}
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		for _, r := range list {
			if err := enc.Encode(toJSON(r)); err != nil {
				return err
			}
		}
		return nil
	}
	p := newPrinter(a.env.Stdout, a.env.IsTerminal(a.env.Stdout))
	width := 0
	for _, r := range list {
		width = max(width, len(r.ID))
	}
	for _, r := range list {
		pts := fmt.Sprintf("%4d", r.Points)
		if r.Category.Dangerous() {
			pts = " DNG"
		}
		p.printf("%-*s %s  %s\n", width, r.ID, p.paint(ansiDim, pts), r.Summary)
	}
	p.printf("\n%d rules. 'actionguard rules show ID' shows one with its examples.\n", len(list))
	return nil
}

func (a *app) showRule(o *rulesOptions, id string) error {
	r := guard.Rules().Lookup(id)
	if r == nil {
		var near []string
		for _, x := range guard.Rules() {
			if strings.Contains(x.ID, id) || strings.Contains(id, x.ID) {
				near = append(near, x.ID)
			}
		}
		hint := "list them with 'actionguard rules'"
		if len(near) > 0 {
			if len(near) > 5 {
				near = near[:5]
			}
			hint = "did you mean " + strings.Join(near, ", ") + "?"
		}
		return usageErr(hint, "no rule %q", id)
	}
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(toJSON(r))
	}
	j := toJSON(r)
	p := newPrinter(a.env.Stdout, a.env.IsTerminal(a.env.Stdout))
	p.printf("%s\n  %s\n\n", p.paint(ansiBold, r.ID), r.Summary)
	p.printf("  points      %d  (%s)\n", r.Points, guard.RiskBar(j.Risk))
	p.printf("  category    %s", r.Category)
	if r.Category.Dangerous() {
		p.printf("  (dangerous: blocked whatever the score)")
	}
	p.printf("\n")
	if r.AlwaysReview {
		p.printf("  review      always (the always-review list)\n")
	}
	if r.Alternative != "" {
		p.printf("  safer       %s\n", r.Alternative)
	}
	p.printf("\n  matches:\n")
	for _, m := range r.Match {
		p.printf("    %s\n", m)
	}
	if len(r.NoMatch) > 0 {
		p.printf("  does not match:\n")
		for _, m := range r.NoMatch {
			p.printf("    %s\n", m)
		}
	}
	return nil
}
