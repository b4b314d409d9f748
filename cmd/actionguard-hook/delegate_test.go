package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/internal/hookrun"
)

// fakeCLIEnv makes the test binary play `actionguard hook <agent>`: it
// answers with what it was given, so a test sees what was handed over.
const fakeCLIEnv = "ACTIONGUARD_HOOK_TEST_FAKE_CLI"

func TestMain(m *testing.M) {
	if os.Getenv(fakeCLIEnv) != "" {
		in, _ := io.ReadAll(os.Stdin)
		fmt.Fprintf(os.Stdout, "%s|%s", strings.Join(os.Args[1:], " "), in)
		fmt.Fprint(os.Stderr, "from the cli")
		os.Exit(7)
	}
	os.Exit(m.Run())
}

func leanConfig(t *testing.T, withDB bool) hookrun.Config {
	dir := t.TempDir()
	db := filepath.Join(dir, "actionguard.db")
	if withDB {
		os.WriteFile(db, nil, 0o600)
	}
	return hookrun.Config{DBPath: db, Getenv: func(k string) string {
		if k == "HOME" {
			return dir
		}
		return ""
	}}
}

func event(cmd string) []byte {
	b, _ := json.Marshal(map[string]any{"session_id": "s1", "turn_id": "t1", "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]any{"command": cmd}})
	return b
}

func decision(t *testing.T, resp adapter.Response) string {
	t.Helper()
	var out struct {
		Specific struct {
			Decision string `json:"permissionDecision"`
		} `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal(resp.Stdout, &out); err != nil {
		t.Fatalf("%v: %s", err, resp.Stdout)
	}
	return out.Specific.Decision
}

// A call that needs the database goes whole, byte for byte, to the CLI,
// whose stdout, stderr and exit code are the answer.
func TestHeldCallAnsweredByCLI(t *testing.T) {
	t.Setenv(fakeCLIEnv, "1")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	mail, _ := json.Marshal(map[string]any{"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": "mcp__gmail__send_email",
		"tool_input": map[string]any{"to": []any{"bob@acme.com"}, "subject": "Lunch", "body": "Friday?"}})
	for _, c := range []struct {
		ad adapter.Adapter
		in []byte
	}{
		{adapter.Codex{}, event("npm publish")}, // a request is opened
		{adapter.Claude{}, mail},                // the contact book is asked
	} {
		ad, in := c.ad, c.in
		resp := answer(context.Background(), ad, leanConfig(t, true), bytes.NewReader(in), self)
		if want := "hook " + ad.Name() + "|" + string(in); string(resp.Stdout) != want || string(resp.Stderr) != "from the cli" || resp.Exit != 7 {
			t.Errorf("%s: got %d %q %q, want the CLI's answer %q", ad.Name(), resp.Exit, resp.Stdout, resp.Stderr, want)
		}
	}
}

// A routine call is answered here: the CLI is not run.
func TestRoutineCallAnsweredHere(t *testing.T) {
	t.Setenv(fakeCLIEnv, "1")
	self, _ := os.Executable()
	for _, cmd := range []string{"git status", "ls -la", "rm -rf ~"} {
		resp := answer(context.Background(), adapter.Claude{}, leanConfig(t, true), bytes.NewReader(event(cmd)), self)
		if bytes.Contains(resp.Stdout, []byte("|")) && !bytes.HasPrefix(resp.Stdout, []byte("{")) {
			t.Errorf("%s was handed to the CLI: %s", cmd, resp.Stdout)
			continue
		}
		if d := decision(t, resp); (cmd == "rm -rf ~") != (d == "deny") {
			t.Errorf("%s: %s", cmd, d)
		}
	}
}

// Without the CLI beside it (or one that cannot start), a held call is
// answered here on the fail-safe path: never allowed.
func TestHeldCallWithoutCLIFailsSafe(t *testing.T) {
	for _, cli := range []string{"", filepath.Join(t.TempDir(), "actionguard"), t.TempDir()} {
		resp := answer(context.Background(), adapter.Codex{}, leanConfig(t, true), bytes.NewReader(event("npm publish")), cli)
		if d := decision(t, resp); d != "deny" || !bytes.Contains(resp.Stdout, []byte("No approval request could be opened")) {
			t.Errorf("codex, cli %q: %s", cli, resp.Stdout)
		}
		resp = answer(context.Background(), adapter.Claude{}, leanConfig(t, true), bytes.NewReader(event("npm publish")), cli)
		if d := decision(t, resp); d != "ask" {
			t.Errorf("claude, cli %q: %s", cli, resp.Stdout)
		}
	}
}

// An input that cannot be read whole is not handed over: it gets the
// fallback answer here.
func TestUnreadableInputAnsweredHere(t *testing.T) {
	t.Setenv(fakeCLIEnv, "1")
	self, _ := os.Executable()
	in := io.MultiReader(bytes.NewReader(event("npm publish")[:10]), errReader{io.ErrUnexpectedEOF})
	resp := answer(context.Background(), adapter.Claude{}, leanConfig(t, true), in, self)
	if d := decision(t, resp); d == "allow" || resp.Exit == 7 {
		t.Errorf("an unreadable input: %d %s", resp.Exit, resp.Stdout)
	}
}

// The binary beside this one being this one again (a copy, a link) does
// not hand the call on forever: the second answers it, fail-safe.
func TestHandOverToItselfEnds(t *testing.T) {
	dir := t.TempDir()
	hook := filepath.Join(dir, "actionguard-hook")
	build := exec.Command("go", "build", "-o", hook, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cli := filepath.Join(dir, "actionguard")
	if runtime.GOOS == "windows" {
		cli += ".exe"
	}
	if err := os.Link(hook, cli); err != nil {
		t.Skip("no hard links here:", err)
	}
	cfg := leanConfig(t, true)
	t.Setenv("ACTIONGUARD_DB", cfg.DBPath)
	t.Setenv("HOME", filepath.Dir(cfg.DBPath))
	cmd := exec.Command(hook, "hook", "codex")
	cmd.Stdin = bytes.NewReader(event("npm publish"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if d := decision(t, adapter.Response{Stdout: out}); d != "deny" {
		t.Errorf("codex: %s: %s", d, out)
	}
}

// withRules writes a user policy with a custom rule into cfg and returns
// it: this binary links no compiler for it.
func withRules(t *testing.T, cfg hookrun.Config, when string) hookrun.Config {
	t.Helper()
	cfg.PolicyPath = filepath.Join(filepath.Dir(cfg.DBPath), "actionguard.yaml")
	src := "rules:\n  - id: custom.no-deploy\n    when: '" + when + "'\n    verdict: block\n    message: deploys run from CI\n"
	if err := os.WriteFile(cfg.PolicyPath, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	return cfg
}

// Every call of a policy with custom rules goes whole to the CLI, even a
// routine one, and nothing is recorded here: the CLI records it. A
// condition the compiler would reject is handed over too (the CLI reports
// it and keeps the last valid policy).
func TestCustomRulesAnsweredByCLI(t *testing.T) {
	t.Setenv(fakeCLIEnv, "1")
	self, _ := os.Executable()
	for _, when := range []string{`kind == "shell" && "make" in programs`, `kind ==== "shell"`} {
		for _, cmd := range []string{"git status", "make deploy", "rm -rf ~"} {
			cfg := withRules(t, leanConfig(t, true), when)
			in := event(cmd)
			resp := answer(context.Background(), adapter.Claude{}, cfg, bytes.NewReader(in), self)
			if want := "hook claude-code|" + string(in); string(resp.Stdout) != want || resp.Exit != 7 {
				t.Errorf("%s (when %s): got %d %q, want the CLI's answer", cmd, when, resp.Exit, resp.Stdout)
			}
			dir := filepath.Dir(cfg.DBPath)
			if entries, _ := os.ReadDir(dir); len(entries) != 2 {
				var names []string
				for _, e := range entries {
					names = append(names, e.Name())
				}
				t.Errorf("%s: the lean hook wrote beside the database: %v", cmd, names)
			}
		}
	}
}

// Without the CLI, a policy with custom rules holds every call: the rules
// cannot be evaluated, and the policy's on_error verdict decides (never an
// allow).
func TestCustomRulesWithoutCLIFailSafe(t *testing.T) {
	for _, cli := range []string{"", filepath.Join(t.TempDir(), "actionguard")} {
		for _, cmd := range []string{"git status", "ls -la", "make deploy"} {
			cfg := withRules(t, leanConfig(t, true), `kind == "shell" && "make" in programs`)
			resp := answer(context.Background(), adapter.Claude{}, cfg, bytes.NewReader(event(cmd)), cli)
			if d := decision(t, resp); d == "allow" || d == "" {
				t.Errorf("%s, cli %q: %s: %s", cmd, cli, d, resp.Stdout)
			}
		}
	}
}
