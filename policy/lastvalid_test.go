package policy

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	lvUser    = "security_level: 6\ndeny:\n  - command: \"echo forbidden\"\n    verdict: block\n"
	lvProject = "deny:\n  - command: \"echo project-forbidden\"\n    verdict: block\n"
)

type lvEnv struct {
	dir, user, project, keep string
	opts                     LoadOptions
}

func newLVEnv(t *testing.T) *lvEnv {
	dir := t.TempDir()
	e := &lvEnv{dir: dir, user: filepath.Join(dir, "config", "actionguard.yaml"), project: filepath.Join(dir, "project", FileName), keep: filepath.Join(dir, "state", LastValidDir)}
	for _, d := range []string{"config", "project/.git", "state"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	e.opts = LoadOptions{UserPath: e.user, Cwd: filepath.Join(dir, "project"), Getenv: func(string) string { return "" }}
	return e
}

func (e *lvEnv) write(t *testing.T, path, src string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

func denies(p *Policy, cmd string) bool { return p.DeniesCommand(strings.Fields(cmd)) != nil }

func TestLoadFailClosed(t *testing.T) {
	t.Run("valid: loads and keeps a copy", func(t *testing.T) {
		e := newLVEnv(t)
		e.write(t, e.user, lvUser)
		p, fb := LoadFailClosed(e.opts, e.keep)
		if fb != nil || p.Level != 6 || !denies(p, "echo forbidden") {
			t.Fatalf("valid policy: %+v %+v", p, fb)
		}
		if src, ok := readKept(e.keep, e.user); !ok || string(src) != lvUser {
			t.Errorf("no valid copy kept: %q", src)
		}
	})
	t.Run("broken user file: its last valid version", func(t *testing.T) {
		e := newLVEnv(t)
		e.write(t, e.user, lvUser)
		LoadFailClosed(e.opts, e.keep)
		e.write(t, e.user, lvUser+"securty_level: 9\n")
		p, fb := LoadFailClosed(e.opts, e.keep)
		if fb == nil || fb.Strictest || len(fb.LastValid) != 1 || fb.LastValid[0] != e.user {
			t.Fatalf("fallback: %+v", fb)
		}
		if !denies(p, "echo forbidden") || p.Level != 6 {
			t.Errorf("the last valid version is not in force: level %d", p.Level)
		}
		if len(fb.Problems) != 1 || fb.Problems[0].Line != 5 || !strings.Contains(fb.Notice(), e.user+":5:1") {
			t.Errorf("problems: %+v; notice %q", fb.Problems, fb.Notice())
		}
		// The broken file is not kept: the copy is still the valid one.
		if src, _ := readKept(e.keep, e.user); string(src) != lvUser {
			t.Errorf("the kept copy changed: %q", src)
		}
	})
	t.Run("broken user file, none kept: strictest, project kept", func(t *testing.T) {
		e := newLVEnv(t)
		e.write(t, e.user, "mode: flow\nsecurity_level: 1\n  bad indentation\n")
		e.write(t, e.project, lvProject)
		p, fb := LoadFailClosed(e.opts, e.keep)
		if fb == nil || !fb.Strictest {
			t.Fatalf("fallback: %+v", fb)
		}
		if p.Mode != Paranoid || p.Level != MaxLevel || !p.Trust.Off || p.OnError == "confirm" {
			t.Errorf("not the strictest settings: %s %d %v %s", p.Mode, p.Level, p.Trust.Off, p.OnError)
		}
		if !denies(p, "echo project-forbidden") {
			t.Error("the project's deny list was dropped")
		}
	})
	t.Run("broken project file, none kept: the user's policy, stricter", func(t *testing.T) {
		e := newLVEnv(t)
		e.write(t, e.user, lvUser)
		e.write(t, e.project, "deny:\n  - command: \"x\"\n    verdict: blok\n")
		p, fb := LoadFailClosed(e.opts, e.keep)
		if fb == nil || !fb.Strictest || !denies(p, "echo forbidden") || p.Level != MaxLevel {
			t.Errorf("broken project: %+v level %d", fb, p.Level)
		}
	})
	t.Run("a corrupt kept copy is no copy", func(t *testing.T) {
		e := newLVEnv(t)
		e.write(t, e.user, lvUser)
		LoadFailClosed(e.opts, e.keep)
		if err := os.WriteFile(keptName(e.keep, e.user), []byte("deny: [[["), 0o600); err != nil {
			t.Fatal(err)
		}
		e.write(t, e.user, "securty_level: 9\n")
		p, fb := LoadFailClosed(e.opts, e.keep)
		if fb == nil || !fb.Strictest || p.Level != MaxLevel {
			t.Errorf("corrupt copy used: %+v", fb)
		}
	})
	t.Run("unreadable explicit file", func(t *testing.T) {
		e := newLVEnv(t)
		e.opts.UserPath = filepath.Join(e.dir, "missing.yaml")
		p, fb := LoadFailClosed(e.opts, "")
		if fb == nil || !fb.Strictest || p.Mode != Paranoid {
			t.Errorf("missing explicit file: %+v", fb)
		}
	})
}

// TestLoadFailClosedNeverLoosens mutates a valid policy at random (cut,
// duplicated, garbled lines): whatever the result, the deny entries of the
// last valid version stay in force and the level never drops below it.
func TestLoadFailClosedNeverLoosens(t *testing.T) {
	e := newLVEnv(t)
	e.write(t, e.user, lvUser)
	if _, fb := LoadFailClosed(e.opts, e.keep); fb != nil {
		t.Fatal(fb.Notice())
	}
	rng := rand.New(rand.NewSource(1))
	lines := strings.Split(lvUser, "\n")
	junk := []string{"securty_level: 9", "mode: flow", "  - command: [", "deny:", "\t", "verdict: allow", "allow:", "disable: [\"shell.self.approval\"]", "{", "- x"}
	broken := 0
	for i := 0; i < 300; i++ {
		mut := append([]string(nil), lines...)
		for n := 1 + rng.Intn(3); n > 0; n-- {
			at := rng.Intn(len(mut))
			switch rng.Intn(3) {
			case 0:
				mut = append(mut[:at], mut[at+1:]...)
			case 1:
				mut = append(mut[:at], append([]string{junk[rng.Intn(len(junk))]}, mut[at:]...)...)
			default:
				if mut[at] != "" {
					k := rng.Intn(len(mut[at]))
					mut[at] = mut[at][:k] + string(rune('!'+rng.Intn(90))) + mut[at][k+1:]
				}
			}
		}
		src := strings.Join(mut, "\n")
		e.write(t, e.user, src)
		// Keep nothing new: the valid copy stays the reference.
		p, fb := LoadFailClosed(e.opts, "")
		if fb == nil {
			continue // the mutation is itself a valid policy: the user's to write
		}
		broken++
		kp, kfb := LoadFailClosed(e.opts, e.keep)
		if kfb == nil {
			t.Fatalf("the mutation loads with a keep dir but not without:\n%s", src)
		}
		if !denies(kp, "echo forbidden") || kp.Level < 6 {
			t.Errorf("mutation %d loosened the policy (level %d):\n%s", i, kp.Level, src)
		}
		if p.Level != MaxLevel || p.Mode != Paranoid {
			t.Errorf("mutation %d without a kept copy is not the strictest: %s %d", i, p.Mode, p.Level)
		}
	}
	if broken < 100 {
		t.Errorf("only %d of 300 mutations broke the policy: the test checks too little", broken)
	}
}
