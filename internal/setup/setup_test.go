package setup

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var now = time.Date(2026, 11, 5, 9, 30, 0, 0, time.UTC)

const binary = "/opt/actionguard/bin/actionguard"

func agent(t *testing.T, name string) *Agent {
	t.Helper()
	a, ok := LookupAgent(name)
	if !ok {
		t.Fatalf("no agent %q", name)
	}
	return a
}

// settings copies testdata/<agent>.json into a temporary directory.
func settings(t *testing.T, name string) (file string, original []byte) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	file = filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(file, src, 0o600); err != nil {
		t.Fatal(err)
	}
	return file, src
}

// applied applies a plan when it could be made: applied(t)(PlanInstall(…)).
func applied(t *testing.T) func(*Plan, error) string {
	return func(p *Plan, err error) string { t.Helper(); return apply(t, p, err) }
}

func apply(t *testing.T, p *Plan, err error) string {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	backup, err := p.Apply(now)
	if err != nil {
		t.Fatal(err)
	}
	return backup
}

func readFile(t *testing.T, file string) []byte {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s differs (-want +got):\n%s", path, diff)
	}
}

// Each agent's format: installing into a file with the user's own hooks
// keeps them, their order and the file's indentation; installing again
// changes nothing; uninstalling gives back the original, byte for byte.
func TestInstallUninstallRoundTrip(t *testing.T) {
	for _, a := range Agents() {
		t.Run(a.Name, func(t *testing.T) {
			file, original := settings(t, a.Name)
			command := HookCommand(binary, a.Name)

			p, err := PlanInstall(a, file, command)
			if err == nil && p.Outcome != Installed {
				t.Errorf("first install: outcome %s, want %s", p.Outcome, Installed)
			}
			backup := apply(t, p, err)
			if backup == "" || !bytes.Equal(readFile(t, backup), original) {
				t.Fatalf("backup %q does not hold the original", backup)
			}
			if fi, _ := os.Stat(file); fi.Mode().Perm() != 0o600 {
				t.Errorf("mode %v, want 0600 kept", fi.Mode().Perm())
			}
			installed := readFile(t, file)
			golden(t, a.Name+".installed.json", installed)
			if !json.Valid(installed) {
				t.Fatalf("installed file is not valid JSON:\n%s", installed)
			}
			st := Inspect(a, User, file)
			if len(st.Hooks) != len(a.events) || len(st.Missing) != 0 {
				t.Errorf("Inspect: %+v", st)
			}
			for _, h := range st.Hooks {
				if h.Command != command {
					t.Errorf("hook %s runs %q, want %q", h.Event, h.Command, command)
				}
			}

			// Twice: nothing written, no second backup.
			p, err = PlanInstall(a, file, command)
			if err == nil && p.Outcome != Unchanged {
				t.Errorf("second install: outcome %s, diff:\n%s", p.Outcome, p.Diff())
			}
			if b := apply(t, p, err); b != "" {
				t.Errorf("second install made a backup %s", b)
			}
			if bs, _ := Backups(file); len(bs) != 1 {
				t.Errorf("backups %v, want one", bs)
			}

			p, err = PlanUninstall(a, file)
			if err == nil && p.Outcome != Restored {
				t.Errorf("uninstall: outcome %s, want %s", p.Outcome, Restored)
			}
			apply(t, p, err)
			if got := readFile(t, file); !bytes.Equal(got, original) {
				t.Errorf("uninstall did not restore the original:\n%s", cmp.Diff(string(original), string(got)))
			}
			if bs, _ := Backups(file); len(bs) != 0 {
				t.Errorf("backups left: %v", bs)
			}
			p, err = PlanUninstall(a, file)
			if err != nil || p.Outcome != NotInstalled {
				t.Errorf("second uninstall: %v, %v", p.Outcome, err)
			}
		})
	}
}

// A changed binary path updates the entry in place: still one entry.
func TestInstallUpdatesCommand(t *testing.T) {
	for _, a := range Agents() {
		t.Run(a.Name, func(t *testing.T) {
			file, original := settings(t, a.Name)
			applied(t)(PlanInstall(a, file, HookCommand("/old/actionguard", a.Name)))
			newCommand := HookCommand("/new place/actionguard", a.Name)
			p, err := PlanInstall(a, file, newCommand)
			if err == nil && p.Outcome != Updated {
				t.Errorf("outcome %s, want %s", p.Outcome, Updated)
			}
			apply(t, p, err)
			st := Inspect(a, User, file)
			if len(st.Hooks) != len(a.events) {
				t.Fatalf("hooks %+v, want one per event", st.Hooks)
			}
			for _, h := range st.Hooks {
				if h.Command != "'/new place/actionguard' hook "+a.Name {
					t.Errorf("command %q", h.Command)
				}
			}
			if bs, _ := Backups(file); len(bs) != 2 {
				t.Errorf("backups %v, want two", bs)
			}
			// The newest backup still has the old hook; the original is found behind it.
			applied(t)(PlanUninstall(a, file))
			if got := readFile(t, file); !bytes.Equal(got, original) {
				t.Errorf("not restored:\n%s", cmp.Diff(string(original), string(got)))
			}
		})
	}
}

// Duplicated entries (two installs by hand) become one.
func TestInstallRemovesDuplicates(t *testing.T) {
	a := agent(t, "claude-code")
	file := filepath.Join(t.TempDir(), "settings.json")
	entry := `{"matcher": "*", "hooks": [{"type": "command", "command": "/x/actionguard hook claude-code"}]}`
	os.WriteFile(file, []byte(`{"hooks": {"PreToolUse": [`+entry+`, `+entry+`]}}`), 0o644)
	p, err := PlanInstall(a, file, "/x/actionguard hook claude-code")
	if err == nil && p.Outcome != Updated {
		t.Errorf("outcome %s", p.Outcome)
	}
	apply(t, p, err)
	st := Inspect(a, User, file)
	if len(st.Hooks) != 3 {
		t.Errorf("hooks %+v, want one for each of the 3 events", st.Hooks)
	}
}

// When the user changed something else after installing, uninstall removes
// only actionguard's entries and keeps the change.
func TestUninstallKeepsLaterChanges(t *testing.T) {
	a := agent(t, "claude-code")
	file, _ := settings(t, a.Name)
	applied(t)(PlanInstall(a, file, HookCommand(binary, a.Name)))
	edited := bytes.Replace(readFile(t, file), []byte(`"model": "opus"`), []byte(`"model": "sonnet"`), 1)
	os.WriteFile(file, edited, 0o600)

	p, err := PlanUninstall(a, file)
	if err == nil && p.Outcome != Removed {
		t.Errorf("outcome %s, want %s", p.Outcome, Removed)
	}
	backup := apply(t, p, err)
	if backup == "" {
		t.Error("no backup of the file before removing")
	}
	golden(t, "claude-code.uninstalled.json", readFile(t, file))
}

// A file install created goes away on uninstall, and a file with only
// actionguard's hook left in it does too.
func TestUninstallDeletesCreatedFile(t *testing.T) {
	for _, a := range Agents() {
		t.Run(a.Name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "dir", "hooks.json")
			p, err := PlanInstall(a, file, HookCommand(binary, a.Name))
			if err == nil && (p.Outcome != Installed || p.Existed) {
				t.Errorf("outcome %s existed %v", p.Outcome, p.Existed)
			}
			if b := apply(t, p, err); b != "" {
				t.Errorf("backup %s of a file that did not exist", b)
			}
			golden(t, a.Name+".new.json", readFile(t, file))
			p, err = PlanUninstall(a, file)
			if err == nil && p.Outcome != Deleted {
				t.Errorf("outcome %s, want %s; after:\n%s", p.Outcome, Deleted, p.After)
			}
			apply(t, p, err)
			if _, err := os.Stat(file); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("file still there: %v", err)
			}
		})
	}
}

// A file that is not JSON is refused with file:line:col and never touched.
func TestInvalidJSONRefused(t *testing.T) {
	cases := []struct{ src, want string }{
		{"{\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"PreToolUse\": [,]\n  }\n}\n", ":4:20: not valid JSON"},
		{"{\n  // my settings\n  \"model\": \"opus\"\n}\n", ":2:3: not valid JSON"},
		{"[1, 2]", ":1:1: not valid JSON: the top level must be an object"},
		{"{\"a\": 1", ":1:8: not valid JSON"},
	}
	a := agent(t, "claude-code")
	for _, c := range cases {
		file := filepath.Join(t.TempDir(), "settings.json")
		os.WriteFile(file, []byte(c.src), 0o644)
		_, err := PlanInstall(a, file, HookCommand(binary, a.Name))
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.src, err, c.want)
		}
		_, err = PlanUninstall(a, file)
		if !errors.As(err, &se) {
			t.Errorf("%q: uninstall error %v", c.src, err)
		}
		if got := string(readFile(t, file)); got != c.src {
			t.Errorf("file changed: %q", got)
		}
		if bs, _ := Backups(file); len(bs) != 0 {
			t.Errorf("backups: %v", bs)
		}
	}
}

// Hooks of another shape than the agent's are not overwritten.
func TestWrongShapeRefused(t *testing.T) {
	a := agent(t, "claude-code")
	for _, src := range []string{`{"hooks": []}`, `{"hooks": {"PreToolUse": {"matcher": "*"}}}`} {
		file := filepath.Join(t.TempDir(), "settings.json")
		os.WriteFile(file, []byte(src), 0o644)
		_, err := PlanInstall(a, file, HookCommand(binary, a.Name))
		var se *ShapeError
		if !errors.As(err, &se) {
			t.Errorf("%s: error %v, want a ShapeError", src, err)
		}
	}
}

// A settings file that is a symbolic link (dotfiles) stays one.
func TestSymlinkWrittenThrough(t *testing.T) {
	a := agent(t, "claude-code")
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles-settings.json")
	os.WriteFile(real, []byte("{\"model\": \"opus\"}\n"), 0o644)
	link := filepath.Join(dir, "settings.json")
	if err := os.Symlink(real, link); err != nil {
		t.Skip(err)
	}
	applied(t)(PlanInstall(a, link, HookCommand(binary, a.Name)))
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v", err)
	}
	if !bytes.Contains(readFile(t, real), []byte("hook claude-code")) {
		t.Error("the link's target was not written")
	}
}

func TestDryRunDiff(t *testing.T) {
	a := agent(t, "cursor")
	file, original := settings(t, a.Name)
	p, err := PlanInstall(a, file, HookCommand(binary, a.Name))
	if err != nil {
		t.Fatal(err)
	}
	d := string(p.Diff())
	if !strings.Contains(d, `+    "beforeReadFile": [`) || !strings.Contains(d, "--- "+file) {
		t.Errorf("diff:\n%s", d)
	}
	if !bytes.Equal(readFile(t, file), original) {
		t.Error("planning wrote the file")
	}
}

func TestCommandBinary(t *testing.T) {
	for _, bin := range []string{"/usr/bin/actionguard", "/Users/Jo Doe/bin/actionguard", "/tmp/it's/actionguard"} {
		cmd := HookCommand(bin, "codex")
		if got := CommandBinary(cmd); got != bin {
			t.Errorf("CommandBinary(%q) = %q, want %q", cmd, got, bin)
		}
		if !IsOurs(cmd) {
			t.Errorf("IsOurs(%q) = false", cmd)
		}
	}
	if IsOurs("/usr/local/bin/log-bash.sh") || IsOurs("echo actionguard") {
		t.Error("IsOurs recognises another command")
	}
}

func TestRepositoryRoot(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".git"), 0o755)
	sub := filepath.Join(dir, "a", "b")
	os.MkdirAll(sub, 0o755)
	if got, err := RepositoryRoot(sub); err != nil || got != dir {
		t.Errorf("RepositoryRoot = %q, %v; want %q", got, err, dir)
	}
	a := agent(t, "copilot")
	if f, _ := a.SettingsFile(Project, "/home/u", dir); f != filepath.Join(dir, ".github", "hooks", "actionguard.json") {
		t.Errorf("copilot project file %s", f)
	}
	if _, err := a.SettingsFile(Project, "/home/u", ""); !errors.Is(err, ErrNoRepository) {
		t.Errorf("no repository: %v", err)
	}
}

// Empty hook lists the user had are given back too.
func TestUninstallRestoresEmptyLists(t *testing.T) {
	a := agent(t, "claude-code")
	file := filepath.Join(t.TempDir(), "settings.json")
	original := "{\n  \"hooks\": {\n    \"PreToolUse\": []\n  }\n}\n"
	os.WriteFile(file, []byte(original), 0o644)
	applied(t)(PlanInstall(a, file, HookCommand(binary, a.Name)))
	p, err := PlanUninstall(a, file)
	if err == nil && p.Outcome != Restored {
		t.Errorf("outcome %s", p.Outcome)
	}
	apply(t, p, err)
	if got := string(readFile(t, file)); got != original {
		t.Errorf("got %q", got)
	}
}
