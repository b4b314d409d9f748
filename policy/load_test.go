package policy

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLoad runs every archive of testdata/load: the archive's files are
// written to a temporary directory ($WORK), Load runs with UserPath
// $WORK/user.yaml (or the environment of the file "env"), Cwd $WORK/ plus
// the content of the file "cwd" (default "repo") and the rule ids listed in
// "known-rules", if any; the result is compared
// with the archive's "want" file (go test -update rewrites it).
func TestLoad(t *testing.T) {
	archives, _ := filepath.Glob("testdata/load/*.txtar")
	if len(archives) == 0 {
		t.Fatal("no archives in testdata/load")
	}
	for _, path := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, err := readArchive(path)
			if err != nil {
				t.Fatal(err)
			}
			work := t.TempDir()
			opts := LoadOptions{Cwd: filepath.Join(work, "repo")}
			if _, ok := ar.get("user.yaml"); ok {
				opts.UserPath = filepath.Join(work, "user.yaml")
			} else {
				opts.Getenv = func(k string) string { return map[string]string{"HOME": filepath.Join(work, "home")}[k] }
			}
			for _, f := range ar.files {
				data := strings.ReplaceAll(f.data, "$WORK", work)
				switch f.name {
				case "want":
					continue
				case "known-rules":
					opts.KnownRules = strings.Fields(data)
					continue
				case "cwd":
					opts.Cwd = filepath.Join(work, strings.TrimSpace(data))
					continue
				case "env":
					env := map[string]string{}
					for _, line := range strings.Split(strings.TrimSpace(data), "\n") {
						k, v, _ := strings.Cut(line, "=")
						env[k] = v
					}
					opts.UserPath, opts.Getenv = "", func(k string) string { return env[k] }
					continue
				}
				name := filepath.Join(work, f.name)
				if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
					t.Fatal(err)
				}
				if strings.HasSuffix(f.name, "/") {
					continue
				}
				if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.MkdirAll(opts.Cwd, 0o755); err != nil {
				t.Fatal(err)
			}
			p, err := Load(opts)
			got := renderLoad(p, err)
			got = strings.ReplaceAll(got, work, "$WORK")
			if p != nil {
				checkNotLooser(t, p, opts)
			}
			if *update {
				ar.set("want", got)
				if err := os.WriteFile(path, []byte(ar.format()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want, _ := ar.get("want"); got != want {
				t.Errorf("Load mismatch\n--- got\n%s--- want\n%s(run go test -update to accept)", got, want)
			}
		})
	}
}

// renderLoad shows everything Load decided, entry by entry.
func renderLoad(p *Policy, err error) string {
	var b strings.Builder
	if err != nil {
		var le *LoadError
		if !errors.As(err, &le) {
			return "error (not a *LoadError): " + err.Error() + "\n"
		}
		for _, d := range le.Diagnostics {
			fmt.Fprintf(&b, "error: %s\n", d)
		}
		return b.String()
	}
	b.WriteString(p.Describe())
	for _, e := range p.Allow {
		fmt.Fprintf(&b, "allow   %-8s %s%s  (%s)\n", e.Verdict, e.Command, e.Tool, e.Source)
	}
	for _, e := range p.Deny {
		fmt.Fprintf(&b, "deny    %-8s %s%s  (%s)\n", e.Verdict, e.Command, e.Tool, e.Source)
	}
	for _, r := range p.Rules {
		fmt.Fprintf(&b, "rule    %-8s %s  (%s)\n", r.Verdict, r.ID, r.Source)
	}
	return b.String()
}

// checkNotLooser checks the invariant of merging: the merged policy is at
// least as strict as the user's file alone, and the project added no allow
// entry and disabled nothing.
func checkNotLooser(t *testing.T, merged *Policy, opts LoadOptions) {
	t.Helper()
	alone := opts
	alone.Cwd, alone.ProjectPath = t.TempDir(), ""
	user, err := Load(alone)
	if err != nil {
		return // the user's file alone is broken: nothing to compare
	}
	if merged.Mode.strictness() < user.Mode.strictness() {
		t.Errorf("mode %s is looser than the user's %s", merged.Mode, user.Mode)
	}
	if merged.Level < user.Level {
		t.Errorf("level %d is lower than the user's %d", merged.Level, user.Level)
	}
	if verdictRank(merged.OnUnparseable) < verdictRank(user.OnUnparseable) || verdictRank(merged.OnError) < verdictRank(user.OnError) {
		t.Errorf("fallbacks %s/%s looser than the user's %s/%s", merged.OnUnparseable, merged.OnError, user.OnUnparseable, user.OnError)
	}
	if merged.OnUnparseable == "allow" || merged.OnError == "allow" {
		t.Errorf("a fallback is allow")
	}
	if len(merged.Allow) != len(user.Allow) {
		t.Errorf("%d allow entries, the user has %d", len(merged.Allow), len(user.Allow))
	}
	if len(merged.Disabled) != len(user.Disabled) {
		t.Errorf("%d rules disabled, the user disabled %d", len(merged.Disabled), len(user.Disabled))
	}
	if len(merged.Deny) < len(user.Deny) || len(merged.Rules) < len(user.Rules) {
		t.Errorf("deny entries or rules were dropped")
	}
	if merged.LearningDays > user.LearningDays || merged.Trust.After < user.Trust.After || merged.Trust.Expires > user.Trust.Expires ||
		user.Trust.Off && !merged.Trust.Off || user.Undo.Enabled && !merged.Undo.Enabled || merged.WorkingHours != user.WorkingHours {
		t.Errorf("the learning settings %+v/%+v/%+v are looser than the user's %+v/%+v/%+v", merged.LearningDays, merged.Trust, merged.Undo, user.LearningDays, user.Trust, user.Undo)
	}
	for _, list := range [][2][]EvalPattern{{merged.ForbiddenPatterns, user.ForbiddenPatterns}, {merged.SensitivePatterns, user.SensitivePatterns}} {
		if len(list[0]) < len(list[1]) || !slices.Equal(list[0][:len(list[1])], list[1]) {
			t.Errorf("the user's patterns %v are not the first of %v", list[1], list[0])
		}
	}
}

func TestUserPolicyPath(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, c := range []struct {
		name     string
		getenv   func(string) string
		want     string
		explicit bool
	}{
		{"ACTIONGUARD_CONFIG first", env("ACTIONGUARD_CONFIG", "/etc/ag.yaml", "XDG_CONFIG_HOME", "/x", "HOME", "/h"), "/etc/ag.yaml", true},
		{"XDG_CONFIG_HOME next", env("XDG_CONFIG_HOME", "/x", "HOME", "/h"), "/x/actionguard/actionguard.yaml", false},
		{"relative XDG_CONFIG_HOME ignored", env("XDG_CONFIG_HOME", "x", "HOME", "/h"), "/h/.config/actionguard/actionguard.yaml", false},
		{"HOME last", env("HOME", "/h"), "/h/.config/actionguard/actionguard.yaml", false},
	} {
		got, explicit := userPolicyPath("", c.getenv)
		if got != c.want || explicit != c.explicit {
			t.Errorf("%s: got %s (explicit %v), want %s (%v)", c.name, got, explicit, c.want, c.explicit)
		}
	}
	if got, explicit := userPolicyPath("/given.yaml", env("ACTIONGUARD_CONFIG", "/etc/ag.yaml")); got != "/given.yaml" || !explicit {
		t.Errorf("UserPath is not used first: %s", got)
	}
}
