package policy

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// loadPair loads a user file and a project file (either may be "").
func loadPair(t *testing.T, user, project string) (*Policy, error) {
	t.Helper()
	work := t.TempDir()
	opts := LoadOptions{Cwd: filepath.Join(work, "repo"), Getenv: func(string) string { return "" }}
	os.MkdirAll(opts.Cwd, 0o755)
	opts.UserPath = filepath.Join(work, "user.yaml")
	if err := os.WriteFile(opts.UserPath, []byte(user), 0o644); err != nil {
		t.Fatal(err)
	}
	if project != "" {
		opts.ProjectPath = filepath.Join(opts.Cwd, "actionguard.yaml")
		if err := os.WriteFile(opts.ProjectPath, []byte(project), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return Load(opts)
}

// TestPassTTLBounds: every duration from a second to two days, in each
// unit a person writes, is accepted exactly when it lies from 30s to 24h;
// one outside is an error at its line and column, and the file is not used.
func TestPassTTLBounds(t *testing.T) {
	ds := []time.Duration{time.Second, 29 * time.Second, 30 * time.Second, 31 * time.Second, time.Minute, 10 * time.Minute,
		time.Hour, 23 * time.Hour, 24 * time.Hour, 24*time.Hour + time.Second, 25 * time.Hour, 48 * time.Hour}
	for _, d := range ds {
		for _, text := range spellings(d) {
			src := "mode: adaptive\napprovals:\n  pass_ttl: " + text + "\n"
			p, diags := CheckBytes("user.yaml", []byte(src))
			ok := d >= MinPassTTL && d <= MaxPassTTL
			if ok {
				if len(diags) != 0 || p.Approvals.PassTTL != d {
					t.Errorf("pass_ttl %s: %v, %v", text, p.Approvals.PassTTL, diags)
				}
				continue
			}
			if len(diags) != 1 || diags[0].Severity != SeverityError || diags[0].Line != 3 || diags[0].Col != 13 || !strings.Contains(diags[0].Message, "approvals.pass_ttl") {
				t.Errorf("pass_ttl %s: want one error at 3:13, got %v", text, diags)
			}
			if _, err := loadPair(t, src, ""); !errors.As(err, new(*LoadError)) || !strings.Contains(err.Error(), "user.yaml:3:13") {
				t.Errorf("pass_ttl %s: Load: %v", text, err)
			}
		}
	}
	for _, bad := range []string{"10", `"10"`, "-5m", "soon", "1y", "[10m]", "{a: 1}", "10 m", "0s", "0"} {
		_, diags := CheckBytes("user.yaml", []byte("approvals:\n  pass_ttl: "+bad+"\n"))
		if len(diags) == 0 || diags[0].Severity != SeverityError || diags[0].Line != 2 {
			t.Errorf("pass_ttl %s: want an error on line 2, got %v", bad, diags)
		}
	}
	if _, diags := CheckBytes("user.yaml", []byte("approvals:\n  pass_tll: 10m\n")); len(diags) == 0 || !strings.Contains(diags[0].Message, "pass_tll") {
		t.Errorf("a misspelt key: %v", diags)
	}
}

// spellings writes d the ways a policy file may: seconds, and the largest
// whole unit (minutes, hours, days).
func spellings(d time.Duration) []string {
	out := []string{fmt.Sprintf("%ds", int(d/time.Second))}
	switch {
	case d%(24*time.Hour) == 0:
		out = append(out, fmt.Sprintf("%dd", int(d/(24*time.Hour))), fmt.Sprintf("%dh", int(d/time.Hour)))
	case d%time.Hour == 0:
		out = append(out, fmt.Sprintf("%dh", int(d/time.Hour)))
	case d%time.Minute == 0:
		out = append(out, fmt.Sprintf("%dm", int(d/time.Minute)))
	}
	return out
}

// TestPassTTLMerge: the user's file sets the lifetime; a project's file
// (which the agent can write) may shorten it and never lengthen it, and a
// policy that does not load gives the shortest pass.
func TestPassTTLMerge(t *testing.T) {
	durations := []string{"", "30s", "2m", "10m", "1h", "24h"}
	parse := func(s string) time.Duration {
		if s == "" {
			return DefaultApprovals.PassTTL
		}
		d, _ := ParseDuration(s)
		return d
	}
	section := func(s string) string {
		if s == "" {
			return "mode: adaptive\n"
		}
		return "approvals:\n  pass_ttl: " + s + "\n"
	}
	for _, u := range durations {
		for _, pr := range durations {
			p, err := loadPair(t, section(u), section(pr))
			if err != nil {
				t.Fatalf("user %q project %q: %v", u, pr, err)
			}
			want := parse(u)
			if pr != "" {
				want = min(want, parse(pr))
			}
			if p.Approvals.PassTTL != want {
				t.Errorf("user %q project %q: %s, want %s", u, pr, p.Approvals.PassTTL, want)
			}
			warned := false
			for _, w := range p.Warnings {
				if strings.Contains(w, "approvals.pass_ttl ignored") {
					warned = true
				}
			}
			if lengthens := pr != "" && parse(pr) > parse(u); warned != lengthens {
				t.Errorf("user %q project %q: warned %v, want %v (%v)", u, pr, warned, lengthens, p.Warnings)
			}
		}
	}
	if got := Default().Approvals.PassTTL; got != 10*time.Minute {
		t.Errorf("default pass lifetime %s", got)
	}
	if got := Strictest().Approvals.PassTTL; got != MinPassTTL {
		t.Errorf("the strictest policy's pass lifetime %s", got)
	}
	// A broken user file: the fail-closed load gives the shortest pass.
	work := t.TempDir()
	user := filepath.Join(work, "user.yaml")
	os.WriteFile(user, []byte("approvals:\n  pass_ttl: 30d\n"), 0o644)
	p, fb := LoadFailClosed(LoadOptions{UserPath: user, Cwd: work, Getenv: func(string) string { return "" }}, "")
	if fb == nil || p.Approvals.PassTTL != MinPassTTL {
		t.Errorf("a pass_ttl out of range: fallback %v, pass %s", fb, p.Approvals.PassTTL)
	}
}
