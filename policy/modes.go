package policy

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/actionguard/actionguard/internal/atomicfile"
)

// This file keeps the modes a user chose with `actionguard mode`: for
// every project, or for one. They live beside the user's policy file, in
// modes.json, not in a project's policy file: that one is shared with a
// team and may only tighten, while a person switching to flow for an
// afternoon is choosing for themself.

// ModesFileName is the name of the file of chosen modes.
const ModesFileName = "modes.json"

// ModeChoice is a mode and a security level a user chose; a zero field is
// not chosen.
type ModeChoice struct {
	Mode  Mode      `json:"mode,omitempty"`
	Level int       `json:"level,omitempty"`
	At    time.Time `json:"at,omitzero"`
}

// ModeChoices are the user's choices: one for every project, and one per
// project (by the project's root directory), which wins.
type ModeChoices struct {
	Global   *ModeChoice            `json:"global,omitempty"`
	Projects map[string]*ModeChoice `json:"projects,omitempty"`
	// FoundAtInstall is the choice for every project that `actionguard
	// install` found when it changed the mode (--mode, or the start of a
	// new installation's learning period): what uninstall offers to put
	// back. Nil when install changed nothing.
	FoundAtInstall *FoundMode `json:"found_at_install,omitempty"`
}

// FoundMode is the global choice install found (nil: none, the default
// mode) and when.
type FoundMode struct {
	Choice *ModeChoice `json:"choice,omitempty"`
	At     time.Time   `json:"at"`
}

// maxModesFile bounds the file of chosen modes.
const maxModesFile = 1 << 20

// ModesPath is where the chosen modes are kept for the user's policy file
// at userPolicy: beside it.
func ModesPath(userPolicy string) string {
	if userPolicy == "" {
		return ""
	}
	return filepath.Join(filepath.Dir(userPolicy), ModesFileName)
}

// ReadModeChoices reads the chosen modes; a missing file is no choice.
func ReadModeChoices(path string) (*ModeChoices, error) {
	c := &ModeChoices{}
	if path == "" {
		return c, nil
	}
	data, err := readBounded(path, maxModesFile)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return c, err
	}
	if err := json.Unmarshal(data, c); err != nil {
		return &ModeChoices{}, fmt.Errorf("%s is not a file of chosen modes: %v (remove it, or run actionguard mode reset --global)", path, err)
	}
	for where, m := range c.all() {
		if err := m.validate(); err != nil {
			return &ModeChoices{}, fmt.Errorf("%s: %s: %v (run actionguard mode reset)", path, where, err)
		}
	}
	return c, nil
}

func (c *ModeChoices) all() map[string]*ModeChoice {
	out := map[string]*ModeChoice{}
	if c.Global != nil {
		out["global"] = c.Global
	}
	for p, m := range c.Projects {
		if m != nil {
			out[p] = m
		}
	}
	return out
}

func (m *ModeChoice) validate() error {
	if m.Mode != "" {
		if _, ok := modeSummary[string(m.Mode)]; !ok {
			return fmt.Errorf("unknown mode %q", m.Mode)
		}
	}
	if m.Level != 0 && (m.Level < 1 || m.Level > 9) {
		return fmt.Errorf("security level %d is not 1–9", m.Level)
	}
	return nil
}

// Write saves the chosen modes atomically (a temporary file renamed over
// the old one), creating the directory.
func (c *ModeChoices) Write(path string) error {
	data, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(data, '\n'), 0o600)
}

// For returns the choice in force for a project: each of its fields from
// the project's own choice when it makes one, else from the global one,
// with where each came from.
func (c *ModeChoices) For(project string) (m ModeChoice, modeFrom, levelFrom string) {
	for _, x := range []struct {
		m     *ModeChoice
		scope string
	}{{c.Projects[project], "this project"}, {c.Global, "every project"}} {
		if x.m == nil || (x.scope == "this project" && project == "") {
			continue
		}
		if m.Mode == "" && x.m.Mode != "" {
			m.Mode, modeFrom = x.m.Mode, x.scope
		}
		if m.Level == 0 && x.m.Level != 0 {
			m.Level, levelFrom = x.m.Level, x.scope
		}
	}
	return m, modeFrom, levelFrom
}

// ProjectRoot is the project a directory belongs to: the nearest directory
// up from dir that holds .git, else dir itself.
func ProjectRoot(dir string) string {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	for d := dir; ; {
		if exists(filepath.Join(d, ".git")) {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// LearningState says where a new installation is in its learning period:
// day Day (1-based) of Days, which ends at Until.
type LearningState struct {
	Day   int       `json:"day"`
	Days  int       `json:"days"`
	Until time.Time `json:"until"`
}

// applyChoices applies the user's chosen modes and the learning period of
// a new installation to the policy built from the user's file, before a
// project's file tightens it.
func (p *Policy) applyChoices(opts LoadOptions, userFile string) error {
	path := opts.ModesPath
	if path == "" {
		path = ModesPath(userFile)
	}
	c, err := ReadModeChoices(path)
	if err != nil {
		return err
	}
	project := ProjectRoot(cwdOr(opts.Cwd))
	m, modeFrom, levelFrom := c.For(project)
	if m.Mode != "" {
		p.Mode, p.ModeSet = m.Mode, true
		p.ModeSource = path + " (" + modeFrom + ")"
	}
	if m.Level != 0 {
		p.Level = m.Level
		p.LevelSource = path + " (" + levelFrom + ")"
	}
	if !p.ModeSet && p.LearningDays > 0 && !opts.InstalledAt.IsZero() {
		now := time.Now()
		if opts.Now != nil {
			now = opts.Now()
		}
		age := now.Sub(opts.InstalledAt)
		if age >= 0 && age < time.Duration(p.LearningDays)*24*time.Hour {
			p.Mode = Learning
			p.Learning = &LearningState{Day: int(age/(24*time.Hour)) + 1, Days: p.LearningDays,
				Until: opts.InstalledAt.Add(time.Duration(p.LearningDays) * 24 * time.Hour).UTC()}
			p.ModeSource = fmt.Sprintf("the learning period of a new installation (day %d of %d)", p.Learning.Day, p.Learning.Days)
		}
	}
	return nil
}

func cwdOr(dir string) string {
	if dir != "" {
		return dir
	}
	wd, _ := os.Getwd()
	return wd
}

func readBounded(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() > limit {
		return nil, fmt.Errorf("%s is larger than %d bytes", path, limit)
	}
	buf := make([]byte, fi.Size())
	n, err := f.Read(buf)
	if err != nil && n != len(buf) {
		return nil, err
	}
	return buf[:n], nil
}
