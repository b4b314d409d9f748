package cli

import (
	"fmt"
	"strings"
	"time"

	"github.com/actionguard/actionguard/internal/hookrun"
	"github.com/actionguard/actionguard/policy"
)

// installModes are the modes install --mode takes.
var installModes = []policy.Mode{policy.Learning, policy.Adaptive, policy.Flow, policy.Paranoid}

// parseInstallMode checks install's --mode.
func parseInstallMode(s string) (policy.Mode, error) {
	if s == "" {
		return "", nil
	}
	for _, m := range installModes {
		if policy.Mode(s) == m {
			return m, nil
		}
	}
	return "", usageErr("--mode learning, adaptive, flow or paranoid", "unknown mode %q for --mode", s)
}

// modeOutlook is the mode an installation leaves the user in: what
// install (and --dry-run) states and --json carries.
type modeOutlook struct {
	Mode     policy.Mode           `json:"mode"`
	Source   string                `json:"mode_source"`
	Learning *policy.LearningState `json:"learning,omitempty"`
}

// modesFile is where the user's mode choices are kept.
func (a *app) modesFile() string {
	return policy.ModesPath(policy.ResolveUserPath(a.policyPath, a.env.Getenv))
}

// currentMode is the mode in force here now.
func (a *app) currentMode() (modeOutlook, error) {
	p, err := policy.Load(a.loadOptions(cwdOrEmpty()))
	if err != nil {
		return modeOutlook{}, err
	}
	return modeOutlook{Mode: p.Mode, Source: sourceOr(p.ModeSource), Learning: p.Learning}, nil
}

// plannedMode is the mode install leaves the user in, without changing
// anything: the one --mode chooses; else a new installation's learning
// period when it will start one; else the mode in force.
func (a *app) plannedMode(chosen policy.Mode, now time.Time) (modeOutlook, error) {
	cur, err := a.currentMode()
	if err != nil {
		return cur, err
	}
	if chosen != "" {
		return modeOutlook{Mode: chosen, Source: "chosen with install --mode, for every project"}, nil
	}
	if starts, days := a.learningStarts(); starts {
		return modeOutlook{Mode: policy.Learning, Source: fmt.Sprintf("the learning period of a new installation (%d days)", days),
			Learning: &policy.LearningState{Day: 1, Days: days, Until: now.UTC().Truncate(time.Second).Add(time.Duration(days) * 24 * time.Hour)}}, nil
	}
	return cur, nil
}

// learningStarts reports whether installing now starts a new
// installation's learning period: nothing was installed before, no mode
// is chosen, and the policy has a learning period.
func (a *app) learningStarts() (bool, int) {
	db, err := a.dbFile()
	if err != nil || !hookrun.InstalledAt(db).IsZero() {
		return false, 0
	}
	opts := a.loadOptions(cwdOrEmpty())
	p, err := policy.Load(opts)
	if err != nil || p.ModeSet || p.LearningDays <= 0 {
		return false, 0
	}
	return true, p.LearningDays
}

// applyInstallMode records the mode install chose (--mode) and, when it
// changes the mode (--mode, or a learning period that starts now), the
// global choice it found, for uninstall to offer back. It runs before the
// installation is marked.
func (a *app) applyInstallMode(chosen policy.Mode, now time.Time) error {
	starts, _ := a.learningStarts()
	if chosen == "" && !starts {
		return nil
	}
	path := a.modesFile()
	if path == "" {
		if chosen != "" {
			return fmt.Errorf("there is no home directory to keep the mode in (set HOME, or name a policy file with --policy)")
		}
		return nil
	}
	c, err := policy.ReadModeChoices(path)
	if err != nil {
		return err
	}
	if c.FoundAtInstall == nil {
		found := &policy.FoundMode{At: now.UTC().Truncate(time.Second)}
		if c.Global != nil {
			g := *c.Global
			found.Choice = &g
		}
		c.FoundAtInstall = found
	}
	if chosen != "" {
		g := policy.ModeChoice{}
		if c.Global != nil {
			g = *c.Global
		}
		g.Mode, g.At = chosen, now.UTC().Truncate(time.Second)
		c.Global = &g
	}
	if err := c.Write(path); err != nil {
		return fmt.Errorf("saving the mode in %s: %w", path, err)
	}
	return nil
}

// describeMode says in a sentence what a mode means for the user.
func describeMode(m modeOutlook) string {
	switch m.Mode {
	case policy.Learning:
		s := "Learning mode"
		if l := m.Learning; l != nil {
			s += fmt.Sprintf(", day %d of %d (until %s)", l.Day, l.Days, l.Until.Local().Format("Mon 2 Jan 2006 15:04"))
		} else {
			s += " (until you choose another)"
		}
		return s + ": only DANGEROUS actions are stopped; the rest runs and is logged as it would have been decided. 'actionguard mode adaptive' ends it."
	case policy.Flow:
		return "Flow mode: reversible cautious actions run with a notice; dangerous ones still wait or are blocked."
	case policy.Paranoid:
		return "Paranoid mode: lower thresholds, no soft approvals; interpreters and commands that cannot be parsed need an explicit approval."
	default:
		return fmt.Sprintf("%s mode: actions are decided at the security level's thresholds, with trust learned from your approvals.", upperFirst(string(m.Mode)))
	}
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// restoreOffer is what uninstall says about the mode install left: the
// mode in force, the one found at install, and whether it was put back.
type restoreOffer struct {
	Mode     policy.Mode `json:"mode"`
	Found    policy.Mode `json:"found_at_install"`
	Restored bool        `json:"restored"`
}

// offerModeRestore runs after uninstall removed a hook: when install
// changed the mode (FoundAtInstall) and the mode in force is not the one
// it found, it puts the found one back with --restore-mode, asks on a
// terminal, and otherwise says how. Nil when there is nothing to offer.
func (a *app) offerModeRestore(restore bool, quiet bool) (*restoreOffer, error) {
	path := a.modesFile()
	if path == "" {
		return nil, nil
	}
	c, err := policy.ReadModeChoices(path)
	if err != nil || c.FoundAtInstall == nil {
		return nil, err
	}
	cur, err := a.currentMode()
	if err != nil {
		return nil, nil
	}
	found := policy.Adaptive
	if fc := c.FoundAtInstall.Choice; fc != nil && fc.Mode != "" {
		found = fc.Mode
	}
	if cur.Mode == found && cur.Learning == nil {
		return nil, nil
	}
	offer := &restoreOffer{Mode: cur.Mode, Found: found}
	if !restore && !quiet && a.env.IsTerminal(a.env.Stdin) {
		fmt.Fprintf(a.env.Stdout, "The mode is still %s (%s). Put back %s, the mode install found? [y/N] ", cur.Mode, cur.Source, found)
		var answer string
		fmt.Fscanln(a.env.Stdin, &answer)
		answer = strings.ToLower(strings.TrimSpace(answer))
		restore = answer == "y" || answer == "yes"
	}
	if !restore {
		return offer, nil
	}
	// Put back the global choice found; none found was the default mode,
	// chosen explicitly so that a learning period install started ends.
	g := c.FoundAtInstall.Choice
	if g == nil || g.Mode == "" {
		ng := policy.ModeChoice{Mode: policy.Adaptive}
		if g != nil {
			ng.Level = g.Level
		}
		g = &ng
	}
	g.At = time.Now().UTC().Truncate(time.Second)
	c.Global, c.FoundAtInstall = g, nil
	if err := c.Write(path); err != nil {
		return offer, fmt.Errorf("saving the mode in %s: %w", path, err)
	}
	offer.Restored = true
	return offer, nil
}
