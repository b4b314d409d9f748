package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/actionguard/actionguard/policy"
	"github.com/spf13/cobra"
)

// modeOptions are the flags of `actionguard mode`.
type modeOptions struct {
	project, global bool
	level           int
	json            bool
}

func (a *app) modeCommand() *cobra.Command {
	o := &modeOptions{}
	cmd := &cobra.Command{
		Use:   "mode [learning|adaptive|flow|paranoid|reset]",
		Short: "Show or switch the mode and the security level, for every project or this one",
		Long: `Without an argument, mode shows the mode and the security level in force here, and
where each comes from. With one, it switches:

  learning   observe: only DANGEROUS actions are stopped; the rest runs and is logged
             as it would have been decided (a new installation's first week)
  adaptive   the default: the seeds' thresholds, with trust learned from your approvals
  flow       focused work: reversible cautious actions run with a notice
  paranoid   sensitive work: lower thresholds, no soft approvals; interpreters and
             commands that cannot be parsed need an explicit approval
  reset      forget the choice (--project: this project's; --global: the global one)

The choice applies to every project (--global, the default) or to this repository
(--project), and is kept in modes.json beside your policy file. A project's own
actionguard.yaml can still make things stricter, never looser.`,
		Example: `  actionguard mode
  actionguard mode flow --project
  actionguard mode paranoid --level 7
  actionguard mode --level 3 --project
  actionguard mode reset --project`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("level") {
				o.level = 0
			}
			return a.runMode(o, args)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.project, "project", false, "choose for this repository only")
	f.BoolVar(&o.global, "global", false, "choose for every project (the default)")
	f.IntVar(&o.level, "level", 0, "the security level, 1 (relaxed) … 9 (strict); 5 is balanced")
	f.BoolVar(&o.json, "json", false, "print the mode in force as JSON")
	return cmd
}

// modeState is what `actionguard mode --json` prints.
type modeState struct {
	Mode        policy.Mode           `json:"mode"`
	Level       int                   `json:"level"`
	ModeSource  string                `json:"mode_source"`
	LevelSource string                `json:"level_source"`
	Thresholds  policy.Thresholds     `json:"thresholds"`
	Project     string                `json:"project"`
	Learning    *policy.LearningState `json:"learning,omitempty"`
	ChoicesFile string                `json:"choices_file"`
}

func (a *app) runMode(o *modeOptions, args []string) error {
	if o.project && o.global {
		return usageErr("choose one: --project for this repository, --global for every project", "--project and --global cannot be used together")
	}
	if o.level != 0 && (o.level < 1 || o.level > 9) {
		return usageErr("5 is balanced, 1 the most relaxed, 9 the strictest", "--level must be 1–9, got %d", o.level)
	}
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	opts := a.loadOptions(cwd)
	path := policy.ModesPath(policy.ResolveUserPath(a.policyPath, a.env.Getenv))
	if path == "" {
		return fmt.Errorf("there is no home directory to keep the mode in (set HOME, or name a policy file with --policy)")
	}
	project := policy.ProjectRoot(cwd)
	if len(args) == 1 || o.level != 0 {
		if err := a.requirePerson("switch the mode or the security level"); err != nil {
			return err
		}
		c, err := policy.ReadModeChoices(path)
		if err != nil && (len(args) == 0 || args[0] != "reset") {
			return err
		}
		if err := chooseMode(c, o, args, project, time.Now()); err != nil {
			return err
		}
		if err := c.Write(path); err != nil {
			return fmt.Errorf("saving the mode in %s: %w", path, err)
		}
	}
	p, err := policy.Load(opts)
	if err != nil {
		return fmt.Errorf("the policy has errors (fix them, or check with 'actionguard policy check'): %w", err)
	}
	st := modeState{Mode: p.Mode, Level: p.Level, ModeSource: sourceOr(p.ModeSource), LevelSource: sourceOr(p.LevelSource),
		Thresholds: p.Thresholds(), Project: project, Learning: p.Learning, ChoicesFile: path}
	if st.Level == 0 {
		st.Level = policy.DefaultLevel
	}
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(st)
	}
	w := a.env.Stdout
	fmt.Fprintf(w, "mode     %s  (%s)\n", st.Mode, st.ModeSource)
	fmt.Fprintf(w, "level    %d of 9  (%s)\n", st.Level, st.LevelSource)
	fmt.Fprintf(w, "         safe ≤ %d, cautious ≤ %d, privileged ≤ %d, dangerous above\n", st.Thresholds.Safe, st.Thresholds.Cautious, st.Thresholds.Privileged)
	fmt.Fprintf(w, "project  %s\n", st.Project)
	if l := st.Learning; l != nil {
		fmt.Fprintf(w, "\nLearning period: day %d of %d. Only DANGEROUS actions are stopped; everything else runs\nand is logged as it would have been decided. 'actionguard mode adaptive' ends it now.\n", l.Day, l.Days)
	}
	if len(args) == 1 && args[0] != "reset" && policy.Mode(args[0]) != st.Mode {
		fmt.Fprintf(w, "\nNote: you chose %s, but %s is in force: the project's policy file can only make things stricter.\n", args[0], st.Mode)
	}
	return nil
}

// chooseMode records the choice in c.
func chooseMode(c *policy.ModeChoices, o *modeOptions, args []string, project string, now time.Time) error {
	slot := &c.Global
	if o.project {
		if c.Projects == nil {
			c.Projects = map[string]*policy.ModeChoice{}
		}
		m := c.Projects[project]
		slot = &m
		defer func() {
			if m == nil {
				delete(c.Projects, project)
			} else {
				c.Projects[project] = m
			}
		}()
	}
	if len(args) == 1 && args[0] == "reset" {
		*slot = nil
		return nil
	}
	if *slot == nil {
		*slot = &policy.ModeChoice{}
	}
	if len(args) == 1 {
		switch m := policy.Mode(args[0]); m {
		case policy.Learning, policy.Adaptive, policy.Flow, policy.Paranoid:
			(*slot).Mode = m
		default:
			return usageErr("the modes are learning, adaptive, flow and paranoid (or reset)", "unknown mode %q", args[0])
		}
	}
	if o.level != 0 {
		(*slot).Level = o.level
	}
	(*slot).At = now.UTC().Truncate(time.Second)
	return nil
}

func sourceOr(s string) string {
	if s == "" {
		return "the default"
	}
	return s
}
