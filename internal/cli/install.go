package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/internal/dirs/host"
	"github.com/actionguard/actionguard/internal/hookrun"
	"github.com/actionguard/actionguard/internal/setup"
	"github.com/actionguard/actionguard/policy"
	"github.com/spf13/cobra"
)

type installOptions struct {
	scope  string
	dryRun bool
	json   bool
	// mode is install's --mode; restoreMode uninstall's --restore-mode.
	mode        string
	restoreMode bool
}

func (a *app) installCommand() *cobra.Command {
	o := &installOptions{}
	cmd := &cobra.Command{
		Use:   "install <agent>",
		Short: "Set up actionguard's hook in a coding agent (" + strings.Join(setup.AgentNames(), ", ") + ")",
		Long: `Add actionguard's hook to a coding agent's settings, so that the agent asks actionguard
before every tool call. The agent's other settings and hooks are kept, in their order and
indentation; the file is backed up next to itself (<file>.actionguard-backup-<time>) before
it changes. Installing again changes nothing, or updates the hook's command when the
actionguard binary moved. 'actionguard doctor' checks the result.

Files: claude-code ~/.claude/settings.json, codex ~/.codex/hooks.json, gemini
~/.gemini/settings.json, cursor ~/.cursor/hooks.json, copilot ~/.copilot/hooks/actionguard.json;
with --scope project, the same under the repository's root (copilot: .github/hooks/).

The first installation starts a learning period (7 days by default): only DANGEROUS
actions are stopped, the rest runs and is logged as it would have been decided.
install (and --dry-run) says the mode it leaves you in and until when; --mode chooses
another (adaptive, the default after the learning period; flow; paranoid) for every
project, and uninstall --restore-mode puts back the mode install found.`,
		Example: `  actionguard install claude-code
  actionguard install claude-code --mode adaptive
  actionguard install codex --dry-run
  actionguard install copilot --scope project`,
		Args: a.agentArg("install"),
		RunE: func(cmd *cobra.Command, args []string) error { return a.runInstall(o, args[0], false) },
	}
	installFlags(cmd, o)
	cmd.Flags().StringVar(&o.mode, "mode", "", "the mode to leave you in, for every project: learning, adaptive, flow or paranoid (default: a new installation's learning period, else the mode in force)")
	return cmd
}

func (a *app) uninstallCommand() *cobra.Command {
	o := &installOptions{}
	cmd := &cobra.Command{
		Use:   "uninstall <agent>",
		Short: "Remove actionguard's hook from a coding agent's settings",
		Long: `Remove exactly actionguard's entries from a coding agent's settings; everything else stays.
When nothing else changed since install, the file is put back as it was, byte for byte
(from its backup), or removed if install created it.

When install changed the mode (its learning period, or --mode) and that mode is still
in force, uninstall offers to put back the mode install found: --restore-mode does it
without asking; on a terminal it asks.`,
		Example: `  actionguard uninstall claude-code
  actionguard uninstall claude-code --restore-mode
  actionguard uninstall cursor --scope project --dry-run`,
		Args: a.agentArg("uninstall"),
		RunE: func(cmd *cobra.Command, args []string) error { return a.runInstall(o, args[0], true) },
	}
	installFlags(cmd, o)
	cmd.Flags().BoolVar(&o.restoreMode, "restore-mode", false, "put back the mode install found (ends a learning period install started)")
	return cmd
}

func installFlags(cmd *cobra.Command, o *installOptions) {
	f := cmd.Flags()
	f.StringVar(&o.scope, "scope", "user", "whose settings: user (all projects) or project (this repository)")
	f.BoolVar(&o.dryRun, "dry-run", false, "print the change as a diff and change nothing")
	f.BoolVar(&o.json, "json", false, "print the result as JSON")
}

// installResult is install's and uninstall's --json output.
type installResult struct {
	Agent   string        `json:"agent"`
	Scope   setup.Scope   `json:"scope"`
	File    string        `json:"file"`
	Outcome setup.Outcome `json:"outcome"`
	Command string        `json:"command,omitempty"`
	Events  []string      `json:"events,omitempty"`
	Backup  string        `json:"backup,omitempty"`
	DryRun  bool          `json:"dry_run"`
	// InstalledAt is when actionguard was first installed; Learning the
	// learning period it is in, if any.
	InstalledAt time.Time             `json:"installed_at,omitzero"`
	Learning    *policy.LearningState `json:"learning,omitempty"`
	// Mode is the mode the installation leaves the user in (with
	// --dry-run: would leave), and where it comes from.
	Mode       policy.Mode `json:"mode,omitempty"`
	ModeSource string      `json:"mode_source,omitempty"`
	// ModeRestore is uninstall's offer to put back the mode install found.
	ModeRestore *restoreOffer `json:"mode_restore,omitempty"`
	Diff        string        `json:"diff,omitempty"`
	Notes       []string      `json:"notes,omitempty"`
}

func (a *app) runInstall(o *installOptions, name string, remove bool) error {
	ag, ok := setup.LookupAgent(name)
	if !ok {
		return usageErr("one of: "+strings.Join(setup.AgentNames(), ", "), "unknown agent %q", name)
	}
	scope, err := setup.ParseScope(o.scope)
	if err != nil {
		return usageErr("--scope user or --scope project", "%v", err)
	}
	file, err := a.settingsFile(ag, scope)
	if err != nil {
		return err
	}
	res := installResult{Agent: ag.Name, Scope: scope, File: file, DryRun: o.dryRun}
	chosen, err := parseInstallMode(o.mode)
	if err != nil {
		return err
	}
	if !o.dryRun && (chosen == policy.Learning || chosen == policy.Flow) {
		if err := a.requirePerson("install with a looser mode (" + string(chosen) + ")"); err != nil {
			return err
		}
	}
	var plan *setup.Plan
	if remove {
		if !o.dryRun {
			if err := a.requirePerson("remove actionguard's hook from " + ag.Title); err != nil {
				return err
			}
		}
		plan, err = setup.PlanUninstall(ag, file)
	} else {
		if _, ok := adapter.Lookup(ag.Name); !ok {
			// A hook the binary cannot answer would refuse every tool call.
			return &exitError{code: ExitError, err: fmt.Errorf("this actionguard binary has no hook for %s yet", ag.Title), hint: "update actionguard, or run 'actionguard hook --help' to see the agents it knows"}
		}
		var bin string
		bin, err = hookExecutable()
		if err != nil {
			return fmt.Errorf("finding the actionguard binary: %w", err)
		}
		res.Command = setup.HookCommand(bin, ag.Name)
		res.Events = ag.Events()
		plan, err = setup.PlanInstall(ag, file, res.Command)
	}
	if err != nil {
		return settingsError(err)
	}
	res.Outcome = plan.Outcome
	now := time.Now()
	if o.dryRun {
		res.Diff = string(plan.Diff())
		if !remove {
			if m, err := a.plannedMode(chosen, now); err == nil {
				res.Mode, res.ModeSource, res.Learning = m.Mode, m.Source, m.Learning
			}
		}
	} else {
		res.Backup, err = plan.Apply(now)
		if err != nil {
			return fmt.Errorf("writing %s: %w", file, err)
		}
		if remove {
			if res.ModeRestore, err = a.offerModeRestore(o.restoreMode, o.json); err != nil {
				return err
			}
		} else {
			if err := a.applyInstallMode(chosen, now); err != nil {
				return err
			}
			a.markInstalled(&res)
			if m, err := a.currentMode(); err == nil {
				res.Mode, res.ModeSource, res.Learning = m.Mode, m.Source, m.Learning
			}
		}
	}
	if !remove {
		res.Notes = ag.Notes
	}
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	a.printInstall(&res, plan)
	return nil
}

// markInstalled records when actionguard was first installed: its
// learning period (seed 002: the first week) counts from then.
func (a *app) markInstalled(res *installResult) {
	db, err := a.dbFile()
	if err != nil {
		return
	}
	at, err := hookrun.MarkInstalled(db, time.Now())
	if err != nil {
		fmt.Fprintf(a.env.Stderr, "actionguard: recording the installation time: %v (no learning period)\n", err)
		return
	}
	res.InstalledAt = at
}

func (a *app) printInstall(res *installResult, plan *setup.Plan) {
	p := newPrinter(a.env.Stdout, a.env.IsTerminal(a.env.Stdout))
	if res.DryRun {
		if d := res.Diff; d != "" {
			p.printf("%s", d)
			p.printf("(dry run: %s would be %s; nothing was changed)\n", res.File, dryOutcome(res.Outcome))
		} else {
			p.printf("(dry run: %s needs no change)\n", res.File)
		}
		if res.Mode != "" {
			p.printf("Afterwards: %s\n", describeMode(modeOutlook{Mode: res.Mode, Source: res.ModeSource, Learning: res.Learning}))
		}
		return
	}
	title := plan.Agent.Title
	ok := p.paint(ansiGreen, "✔")
	switch res.Outcome {
	case setup.Installed:
		p.printf("%s actionguard's hook is installed for %s in %s (%s)\n", ok, title, res.File, strings.Join(res.Events, ", "))
	case setup.Updated:
		p.printf("%s actionguard's hook for %s is updated in %s\n", ok, title, res.File)
	case setup.Unchanged:
		p.printf("%s actionguard's hook for %s was already installed in %s; nothing changed\n", ok, title, res.File)
	case setup.Removed:
		p.printf("%s actionguard's hook is removed from %s; the rest of the file is kept\n", ok, res.File)
	case setup.Restored:
		p.printf("%s actionguard's hook is removed: %s is back as it was before install\n", ok, res.File)
	case setup.Deleted:
		p.printf("%s actionguard's hook is removed: %s held nothing else and was deleted\n", ok, res.File)
	case setup.NotInstalled:
		p.printf("actionguard's hook is not installed in %s; nothing changed\n", res.File)
	}
	if res.Command != "" && res.Outcome != setup.Unchanged {
		p.printf("  command: %s\n", res.Command)
	}
	if res.Backup != "" {
		p.printf("  backup:  %s\n", res.Backup)
	}
	for _, n := range res.Notes {
		p.printf("  note: %s\n", n)
	}
	if res.Mode != "" {
		p.printf("%s\n", describeMode(modeOutlook{Mode: res.Mode, Source: res.ModeSource, Learning: res.Learning}))
	}
	if m := res.ModeRestore; m != nil {
		if m.Restored {
			p.printf("%s the mode is back to %s, as install found it\n", ok, m.Found)
		} else {
			p.printf("The mode is still %s; install found %s: 'actionguard uninstall %s --restore-mode' or 'actionguard mode %s' puts it back.\n", m.Mode, m.Found, plan.Agent.Name, m.Found)
		}
	}
	if res.Outcome == setup.Installed || res.Outcome == setup.Updated {
		p.printf("Check it with 'actionguard doctor'.\n")
	}
}

func dryOutcome(o setup.Outcome) string {
	switch o {
	case setup.Installed, setup.Updated, setup.Removed, setup.Restored, setup.Deleted:
		return string(o)
	}
	return "left as it is"
}

// settingsError explains a settings file that cannot be edited.
func settingsError(err error) error {
	var se *setup.SyntaxError
	if errors.As(err, &se) {
		return &exitError{code: ExitError, err: err, hint: "fix the file (or move it aside) and run the command again; actionguard does not rewrite a file it cannot read"}
	}
	var sh *setup.ShapeError
	if errors.As(err, &sh) {
		return &exitError{code: ExitError, err: err, hint: "the agent's documentation describes the expected shape; fix it and run the command again"}
	}
	return err
}

// settingsFile is the settings file of an agent for a scope.
func (a *app) settingsFile(ag *setup.Agent, scope setup.Scope) (string, error) {
	home := a.home()
	var root string
	if scope == setup.Project {
		var err error
		root, err = setup.RepositoryRoot(cwdOrEmpty())
		if err != nil {
			return "", usageErr("run it inside the repository, or use --scope user", "project scope: %v", err)
		}
	}
	return ag.SettingsFile(scope, home, root)
}

// home is the user's home directory: $HOME (on Windows also
// %USERPROFILE%), else the system's.
func (a *app) home() string {
	if h := host.EnvWith(a.env.Getenv).HomeDir(); h != "" {
		return h
	}
	h, _ := os.UserHomeDir()
	return h
}

// hookExecutable is the program hooks should run: the lean actionguard-hook
// binary when it sits next to this one (it links only what a hook call
// needs, so each tool call costs less), else this binary.
func hookExecutable() (string, error) {
	bin, err := executable()
	if err != nil {
		return "", err
	}
	lean := filepath.Join(filepath.Dir(bin), "actionguard-hook")
	if fi, err := os.Stat(lean); err == nil && !fi.IsDir() && fi.Mode().Perm()&0o111 != 0 {
		return lean, nil
	}
	return bin, nil
}

// executable is the running binary's absolute path, symbolic links resolved.
func executable() (string, error) {
	bin, err := os.Executable()
	if err != nil {
		return "", err
	}
	if r, err := filepath.EvalSymlinks(bin); err == nil {
		bin = r
	}
	return filepath.Abs(bin)
}
