package setup

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/actionguard/actionguard/internal/atomicfile"
	"github.com/rogpeppe/go-internal/diff"
)

// Outcome says what a Plan does to a settings file.
type Outcome string

// Outcomes.
const (
	Installed    Outcome = "installed"     // the hook was added
	Updated      Outcome = "updated"       // the hook was there; its command changed or duplicates went
	Unchanged    Outcome = "unchanged"     // the hook was already there as it should be
	Removed      Outcome = "removed"       // actionguard's entries were removed, the rest kept
	Restored     Outcome = "restored"      // the file was put back as it was before install
	Deleted      Outcome = "deleted"       // the file held only actionguard's entries and was removed
	NotInstalled Outcome = "not-installed" // uninstall found nothing to remove
)

// BackupInfix is what a backup's name adds to the file's name, before a
// time stamp.
const BackupInfix = ".actionguard-backup-"

// Plan is a change to one agent's settings file, computed before anything
// is written: Diff shows it, Apply makes it.
type Plan struct {
	Agent   *Agent
	File    string      // the settings file
	Outcome Outcome     // what Apply does
	Existed bool        // the file existed
	Mode    fs.FileMode // the file's mode (for a new file, 0644)
	Before  []byte      // the file's content (nil when it did not exist)
	After   []byte      // the new content (nil when the file is deleted)
	// RestoreFrom is the backup Apply puts back (Outcome Restored).
	RestoreFrom string
}

// Changed reports whether Apply writes anything.
func (p *Plan) Changed() bool {
	switch p.Outcome {
	case Unchanged, NotInstalled:
		return false
	}
	return true
}

// Diff is the change as a unified diff; empty when nothing changes.
func (p *Plan) Diff() []byte {
	if !p.Changed() {
		return nil
	}
	old, new := p.File, p.File
	if !p.Existed {
		old = "/dev/null"
	}
	if p.Outcome == Deleted {
		new = "/dev/null"
	}
	return diff.Diff(old, p.Before, new, p.After)
}

// read reads a settings file; a missing file is an empty one.
func read(file string) (src []byte, mode fs.FileMode, existed bool, err error) {
	src, err = os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0o644, false, nil
	}
	if err != nil {
		return nil, 0, false, err
	}
	fi, err := os.Stat(file)
	if err != nil {
		return nil, 0, false, err
	}
	return src, fi.Mode().Perm(), true, nil
}

// parseSettings parses a settings file; an empty file is an empty object.
func parseSettings(file string, src []byte) (*node, error) {
	if len(bytes.TrimSpace(src)) == 0 {
		return newObject(), nil
	}
	return parseTree(file, src)
}

// PlanInstall computes the installation of actionguard's hook, running
// command, in an agent's settings file. A file that is not valid JSON gives
// a *SyntaxError, one whose hooks have another shape a *ShapeError.
func PlanInstall(a *Agent, file, command string) (*Plan, error) {
	src, mode, existed, err := read(file)
	if err != nil {
		return nil, err
	}
	root, err := parseSettings(file, src)
	if err != nil {
		return nil, err
	}
	had, err := install(file, root, a, command)
	if err != nil {
		return nil, err
	}
	p := &Plan{Agent: a, File: file, Existed: existed, Mode: mode, Before: src}
	p.After = root.render(detectStyle(src))
	switch {
	case existed && bytes.Equal(p.After, src):
		p.Outcome = Unchanged
	case had:
		p.Outcome = Updated
	default:
		p.Outcome = Installed
	}
	return p, nil
}

// PlanUninstall computes the removal of actionguard's entries from an
// agent's settings file; everything else is kept. When the only change
// since a backup was actionguard's, the backup is restored byte for byte;
// when install created the file and nothing else is left in it, the file is
// deleted.
func PlanUninstall(a *Agent, file string) (*Plan, error) {
	src, mode, existed, err := read(file)
	if err != nil {
		return nil, err
	}
	p := &Plan{Agent: a, File: file, Existed: existed, Mode: mode, Before: src, After: src, Outcome: NotInstalled}
	if !existed {
		return p, nil
	}
	kept, err := parseSettings(file, src)
	if err != nil {
		return nil, err
	}
	if !uninstall(kept, a, false) {
		return p, nil
	}
	pruned, _ := parseSettings(file, src)
	uninstall(pruned, a, true)

	backups, err := Backups(file)
	if err != nil {
		return nil, err
	}
	createdByInstall := true
	for i := len(backups) - 1; i >= 0; i-- {
		b, err := os.ReadFile(backups[i])
		if err != nil {
			continue
		}
		old, err := parseSettings(backups[i], b)
		if err != nil {
			continue
		}
		if len(hooksIn(old, a)) > 0 {
			continue // taken while actionguard was installed
		}
		createdByInstall = false
		if canonical(withoutEmptyHooks(old)) == canonical(withoutEmptyHooks(kept)) {
			p.Outcome, p.After, p.RestoreFrom = Restored, b, backups[i]
			return p, nil
		}
	}
	if createdByInstall && len(pruned.members) == 0 {
		p.Outcome, p.After = Deleted, nil
		return p, nil
	}
	p.Outcome = Removed
	p.After = pruned.render(detectStyle(src))
	return p, nil
}

// withoutEmptyHooks removes empty event lists, and the "hooks" object when
// it is left empty: two files that differ only by those say the same.
func withoutEmptyHooks(root *node) *node {
	hooks := root.get("hooks")
	if hooks == nil || hooks.kind != object {
		return root
	}
	for _, m := range append([]member(nil), hooks.members...) {
		if m.val.kind == array && len(m.val.elems) == 0 {
			hooks.remove(m.key)
		}
	}
	if len(hooks.members) == 0 {
		root.remove("hooks")
	}
	return root
}

// Backups lists a settings file's backups, oldest first.
func Backups(file string) ([]string, error) {
	names, err := filepath.Glob(globEscape(file) + BackupInfix + "*")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	return names, nil
}

func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Apply makes the change: a backup of the file first when its content
// changes (the backup's path is returned), then an atomic write (a
// temporary file renamed over it, with the same mode). A file that is a
// symbolic link is written through the link.
func (p *Plan) Apply(now time.Time) (backup string, err error) {
	if !p.Changed() {
		return "", nil
	}
	target := p.File
	if p.Existed {
		if t, err := filepath.EvalSymlinks(p.File); err == nil {
			target = t
		}
	}
	switch p.Outcome {
	case Deleted:
		return "", os.Remove(target)
	case Restored:
		if err := writeAtomic(target, p.After, p.Mode); err != nil {
			return "", err
		}
		return "", os.Remove(p.RestoreFrom)
	}
	if p.Existed {
		backup, err = writeBackup(p.File, p.Before, p.Mode, now)
		if err != nil {
			return "", fmt.Errorf("backing up %s: %w", p.File, err)
		}
	} else if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return "", err
	}
	if err := writeAtomic(target, p.After, p.Mode); err != nil {
		return backup, err
	}
	return backup, nil
}

// writeBackup writes src next to file, named after now (UTC); a second
// backup in the same second gets a counter.
func writeBackup(file string, src []byte, mode fs.FileMode, now time.Time) (string, error) {
	base := file + BackupInfix + now.UTC().Format("20060102T150405Z")
	name := base
	for i := 1; ; i++ {
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
		if errors.Is(err, fs.ErrExist) {
			name = fmt.Sprintf("%s.%d", base, i)
			continue
		}
		if err != nil {
			return "", err
		}
		if _, err := f.Write(src); err != nil {
			f.Close()
			return "", err
		}
		return name, f.Close()
	}
}

// writeAtomic replaces file with data: readers see the old file or the new
// one, never a part.
func writeAtomic(file string, data []byte, mode fs.FileMode) error {
	return atomicfile.Write(file, data, mode)
}

// Status is what a settings file says about actionguard.
type Status struct {
	Agent  string `json:"agent"`
	Scope  Scope  `json:"scope"`
	File   string `json:"file"`
	Exists bool   `json:"exists"`
	// Hooks are actionguard's entries in the file.
	Hooks []Hook `json:"hooks"`
	// Missing are the events the agent's installation uses that have no
	// actionguard entry.
	Missing []string `json:"missing,omitempty"`
	// Err is why the file could not be read, if it could not.
	Err string `json:"error,omitempty"`
}

// Installed reports whether actionguard's hook is in the file for at least
// one event.
func (s *Status) Installed() bool { return len(s.Hooks) > 0 }

// Inspect reads what an agent's settings file says about actionguard.
func Inspect(a *Agent, scope Scope, file string) Status {
	st := Status{Agent: a.Name, Scope: scope, File: file, Hooks: []Hook{}}
	src, _, existed, err := read(file)
	if err != nil {
		st.Err = err.Error()
		return st
	}
	st.Exists = existed
	if !existed {
		return st
	}
	root, err := parseSettings(file, src)
	if err != nil {
		st.Err = err.Error()
		return st
	}
	st.Hooks = hooksIn(root, a)
	for _, ev := range a.events {
		has := false
		for _, h := range st.Hooks {
			has = has || h.Event == ev.name
		}
		if !has {
			st.Missing = append(st.Missing, ev.name)
		}
	}
	return st
}
