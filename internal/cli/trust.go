package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/actionguard/actionguard/learn"
	"github.com/actionguard/actionguard/policy"
	"github.com/spf13/cobra"
)

// trustOptions are the flags of `actionguard trust`.
type trustOptions struct {
	project string
	all     bool
	yes     bool
	json    bool
}

func (a *app) trustCommand() *cobra.Command {
	o := &trustOptions{}
	cmd := &cobra.Command{
		Use:   "trust",
		Short: "List or revoke the commands trusted from your approvals",
		Long: `A command pattern you approve more than three times in a project (same program,
subcommand and flags; arguments generalised) becomes trusted there: it then runs with a
notice instead of asking. Trust never applies to DANGEROUS actions or always-review
commands, and expires 30 days after the last approval or use (policy: trust.after,
trust.expires).`,
	}
	pf := cmd.PersistentFlags()
	pf.StringVar(&o.project, "project", "", "the project (default: the repository of the current directory)")
	list := &cobra.Command{
		Use:   "list",
		Short: "List the patterns approved in this project (--all: in every project)",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return a.runTrustList(o) },
	}
	list.Flags().BoolVar(&o.all, "all", false, "every project")
	list.Flags().BoolVar(&o.json, "json", false, "print JSON")
	revoke := &cobra.Command{
		Use:   "revoke [PATTERN]",
		Short: "Revoke the trust of a pattern (--all: of every pattern of the project)",
		Example: `  actionguard trust revoke 'rm -f -r <arg>'
  actionguard trust revoke --all --yes`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return a.runTrustRevoke(o, args) },
	}
	revoke.Flags().BoolVar(&o.all, "all", false, "every pattern of the project")
	revoke.Flags().BoolVar(&o.yes, "yes", false, "do not ask")
	revoke.Flags().BoolVar(&o.json, "json", false, "print JSON")
	cmd.AddCommand(list, revoke)
	return cmd
}

// trustStore opens the trust store beside the audit database, with the
// policy's settings.
func (a *app) trustStore() (*learn.Trust, error) {
	db, err := a.dbFile()
	if err != nil {
		return nil, err
	}
	opt := learn.TrustOptions{}
	cwd, _ := os.Getwd()
	if p, err := policy.Load(a.loadOptions(cwd)); err == nil {
		opt.After, opt.Expiry = p.Trust.After, p.Trust.Expires
	}
	return learn.OpenTrust(filepath.Dir(db), opt), nil
}

func (a *app) trustProject(o *trustOptions) string {
	if o.project != "" {
		if abs, err := filepath.Abs(o.project); err == nil {
			return policy.ProjectRoot(abs)
		}
		return o.project
	}
	cwd, _ := os.Getwd()
	return policy.ProjectRoot(cwd)
}

func (a *app) runTrustList(o *trustOptions) error {
	t, err := a.trustStore()
	if err != nil {
		return err
	}
	project := a.trustProject(o)
	if o.all {
		project = ""
	}
	entries, err := t.List(project)
	if err != nil {
		fmt.Fprintf(a.env.Stderr, "actionguard: trust: %v\n", err)
	}
	if o.json {
		if entries == nil {
			entries = []learn.Entry{}
		}
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(entries)
	}
	w := a.env.Stdout
	if len(entries) == 0 {
		where := "in " + project
		if project == "" {
			where = "anywhere"
		}
		fmt.Fprintf(w, "No approved commands %s yet. A command approved more than three times in a project becomes trusted there.\n", where)
		return nil
	}
	now := time.Now()
	for _, e := range entries {
		state := "needs " + plural(e.Needs, "more approval")
		switch {
		case e.Never:
			state = "always asked: it touches credentials, the agent's settings or files outside the project"
		case e.Trusted:
			state = fmt.Sprintf("trusted, expires in %s", roundDays(e.Expires.Sub(now)))
		case !e.Revoked.IsZero():
			state = "revoked; " + state
		}
		fmt.Fprintf(w, "%-40s  approved %d×  %s\n", e.Pattern, e.Count, state)
		if o.all {
			fmt.Fprintf(w, "    project %s\n", e.Project)
		}
		if e.Example != "" {
			fmt.Fprintf(w, "    e.g. %s\n", e.Example)
		}
	}
	return nil
}

func (a *app) runTrustRevoke(o *trustOptions, args []string) error {
	if len(args) == 0 && !o.all {
		return usageErr("name the pattern as 'actionguard trust list' shows it, or use --all", "which pattern?")
	}
	if len(args) == 1 && o.all {
		return usageErr("either a pattern or --all", "a pattern and --all cannot be used together")
	}
	if err := a.requirePerson("revoke trust"); err != nil {
		return err
	}
	project := a.trustProject(o)
	pattern := ""
	if len(args) == 1 {
		pattern = args[0]
	}
	if o.all && !o.yes {
		if !a.env.IsTerminal(a.env.Stdin) {
			return usageErr("add --yes to revoke every pattern without a question", "not asking on a terminal")
		}
		fmt.Fprintf(a.env.Stdout, "Revoke the trust of every command pattern in %s? [y/N] ", project)
		var answer string
		fmt.Fscanln(a.env.Stdin, &answer)
		if !strings.EqualFold(strings.TrimSpace(answer), "y") && !strings.EqualFold(strings.TrimSpace(answer), "yes") {
			fmt.Fprintln(a.env.Stdout, "Nothing revoked.")
			return nil
		}
	}
	t, err := a.trustStore()
	if err != nil {
		return err
	}
	n, err := t.Revoke(project, pattern)
	if err != nil {
		return fmt.Errorf("revoking trust: %w", err)
	}
	if n == 0 && pattern != "" {
		return &exitError{code: ExitUsage, err: errors.New("no approvals of " + pattern + " in " + project), hint: "run 'actionguard trust list' to see the patterns exactly as they are kept"}
	}
	if o.json {
		return json.NewEncoder(a.env.Stdout).Encode(map[string]any{"project": project, "pattern": pattern, "revoked": n})
	}
	fmt.Fprintf(a.env.Stdout, "Revoked %s in %s: they ask again until approved more than three times.\n", plural(n, "pattern"), project)
	return nil
}

func roundDays(d time.Duration) string {
	if d >= 48*time.Hour {
		return fmt.Sprintf("%d days", int(d.Hours()/24))
	}
	return d.Round(time.Hour).String()
}
