package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/policy"
	"github.com/spf13/cobra"
)

type policyCheckOptions struct {
	json bool
}

func (a *app) policyCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "policy",
		Short: "Validate or show the policy (actionguard.yaml)",
	}
	o := &policyCheckOptions{}
	check := &cobra.Command{
		Use:   "check [FILE…]",
		Short: "Validate policy files: every problem with file:line:col and a hint",
		Long: `Validate policy files. Without arguments, the user's file and the project's file (if any)
are checked and merged, and what the project file cannot loosen is reported.
Exits 6 when a file has errors.`,
		Example: `  actionguard policy check
  actionguard policy check ./actionguard.yaml`,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runPolicyCheck(o, args) },
	}
	check.Flags().BoolVar(&o.json, "json", false, "print the diagnostics as JSON lines")
	show := &cobra.Command{
		Use:   "show",
		Short: "Show the policy in force here: mode, level, thresholds, lists, sources",
		RunE: func(cmd *cobra.Command, args []string) error {
			wd, _ := os.Getwd()
			p, err := a.loadPolicy(wd)
			if err != nil {
				return err
			}
			a.env.Stdout.Write([]byte(p.Describe()))
			return nil
		},
	}
	cmd.AddCommand(check, show)
	return cmd
}

func (a *app) runPolicyCheck(o *policyCheckOptions, files []string) error {
	var diags []policy.Diagnostic
	if len(files) == 0 {
		wd, _ := os.Getwd()
		p, err := policy.Load(policy.LoadOptions{UserPath: a.policyPath, ProjectPath: a.projectPath, Cwd: wd, Getenv: a.env.Getenv, KnownRules: guard.RuleIDs()})
		if le, ok := err.(*policy.LoadError); ok {
			diags = le.Diagnostics
		} else if err != nil {
			return err
		} else {
			diags = append(diags, p.Diagnostics...)
			if len(p.Sources) == 0 && !o.json {
				a.env.Stdout.Write([]byte("No policy file found; the built-in policy is in force (adaptive mode, security level 5).\n"))
			}
		}
	}
	for _, f := range files {
		_, d := policy.CheckFile(f)
		diags = append(diags, d...)
		diags = append(diags, a.projectDiagnostics(f, d)...)
	}
	errs := 0
	enc := json.NewEncoder(a.env.Stdout)
	for _, d := range diags {
		if d.Severity == policy.SeverityError {
			errs++
		}
		if o.json {
			if err := enc.Encode(d); err != nil {
				return err
			}
			continue
		}
		a.env.Stdout.Write([]byte(d.String() + "\n"))
	}
	if errs > 0 {
		return exitCode(ExitInvalid)
	}
	if !o.json {
		if warns := len(diags) - errs; warns > 0 {
			fmt.Fprintf(a.env.Stdout, "ok, with %s (above)\n", plural(warns, "warning"))
		} else {
			a.env.Stdout.Write([]byte("ok\n"))
		}
	}
	return nil
}

// projectDiagnostics: a file named as a project's policy (actionguard.yaml
// or .actionguard.yaml) that is not the user's own is read as the project
// policy it would be, under the user's, so that `policy check` warns about
// the entries a project file cannot set (a looser mode, allow, disable),
// as loading it does. syntax holds the file's own diagnostics; a file with
// errors is not merged.
func (a *app) projectDiagnostics(file string, syntax []policy.Diagnostic) []policy.Diagnostic {
	for _, d := range syntax {
		if d.Severity == policy.SeverityError {
			return nil
		}
	}
	base := filepath.Base(file)
	if base != policy.FileName && base != "."+policy.FileName {
		return nil
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil
	}
	if u, err := filepath.Abs(policy.ResolveUserPath(a.policyPath, a.env.Getenv)); err == nil && u == abs {
		return nil
	}
	p, err := policy.Load(policy.LoadOptions{UserPath: a.policyPath, ProjectPath: abs, Cwd: filepath.Dir(abs), Getenv: a.env.Getenv, KnownRules: guard.RuleIDs()})
	if err != nil || p == nil {
		return nil
	}
	var out []policy.Diagnostic
	for _, d := range p.Diagnostics {
		if d.Severity == policy.SeverityWarning && (d.File == abs || d.File == file) {
			out = append(out, d)
		}
	}
	return out
}
