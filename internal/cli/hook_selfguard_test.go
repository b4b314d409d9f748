package cli_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// selfGuardCase is one line of testdata/selfguard/cases.txt.
type selfGuardCase struct {
	line          int
	class, expect string
	tool          string
	input         map[string]any
}

// readSelfGuardCases reads the table with the placeholders filled in.
func readSelfGuardCases(t *testing.T, fill *strings.Replacer) []selfGuardCase {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "selfguard", "cases.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []selfGuardCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, "\t", 4)
		if len(parts) != 4 {
			t.Fatalf("cases.txt:%d: want 4 tab-separated fields, got %d", n, len(parts))
		}
		c := selfGuardCase{line: n, class: parts[0], expect: parts[1], tool: parts[2]}
		if err := json.Unmarshal([]byte(fill.Replace(parts[3])), &c.input); err != nil {
			t.Fatalf("cases.txt:%d: %v", n, err)
		}
		if c.expect != "block" && c.expect != "allow" {
			t.Fatalf("cases.txt:%d: expect is block or allow, not %q", n, c.expect)
		}
		cases = append(cases, c)
	}
	return cases
}

// TestHookSelfGuard runs every control-plane attack of the table —
// tokens, approvals, mode, trust, contacts, install, the trash, the hook
// by hand, policy files, the agents' hook settings, the state and its
// database, keys, the server — through the hook in a temporary HOME, and
// checks that none is allowed (each is blocked, with a message that sends
// the agent to a person), while the benign twins run.
//
// The first case of each class goes through the real hook binary (its
// environment, stdin, exit code and the actionguard binary it hands
// calls to); the others through `hook claude-code` in this process with
// the same environment and state. A process start each, with the spool's
// drain, was most of the test's time; what the table is about is the
// decision, which both answer alike.
func TestHookSelfGuard(t *testing.T) {
	t.Parallel() // its state is in a folder of its own
	bin := hookBuildCmd(t, "actionguard-hook")
	dir := t.TempDir()
	for _, d := range []string{"home", "config/actionguard", "project/.git", "project/docs", "sessions"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	fill := strings.NewReplacer("{{home}}", filepath.Join(dir, "home"), "{{config}}", filepath.Join(dir, "config"),
		"{{state}}", dir, "{{project}}", filepath.Join(dir, "project"))
	cases := readSelfGuardCases(t, fill)
	classes := map[string]int{}
	for _, c := range cases {
		if c.expect == "block" {
			classes[c.class]++
		}
	}
	if n := len(cases) - classes["benign"]; n < 60 {
		t.Fatalf("the table has %d attacks; it should have at least 60", n)
	}
	for _, class := range []string{"tokens", "approvals", "mode", "trust", "contacts", "install", "trash", "hook", "policy", "settings", "state", "keys", "server"} {
		if classes[class] == 0 {
			t.Errorf("the table has no attack of class %s", class)
		}
	}
	viaBinary := map[string]bool{}
	for i, c := range cases {
		name := fmt.Sprintf("%d_%s_%s", c.line, c.class, c.tool)
		inProcess := viaBinary[c.class]
		viaBinary[c.class] = true
		t.Run(name, func(t *testing.T) {
			// A session of its own: what an earlier case did does not
			// change how this one is judged.
			s := &claudeSession{t: t, bin: bin, dir: dir, id: fmt.Sprintf("selfguard-%d", i), inProcess: inProcess}
			d, reason, _ := s.pre(c.tool, c.input)
			switch c.expect {
			case "block":
				if d != "deny" {
					t.Errorf("cases.txt:%d: %s %v: %s, want deny: %s", c.line, c.tool, c.input, d, reason)
				} else if !strings.Contains(reason, "a person does this in their own terminal or on the approval page") {
					t.Errorf("cases.txt:%d: the reason does not send the agent to a person: %s", c.line, reason)
				}
			case "allow":
				if d != "allow" {
					t.Errorf("cases.txt:%d: %s %v: %s, want allow: %s", c.line, c.tool, c.input, d, reason)
				}
			}
		})
	}
}
