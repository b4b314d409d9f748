package cli_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files of the hook tests (adapter/testdata/golden)")

// hookGoldenDir holds one folder per agent with <case>.in.json (the hook's
// stdin), <case>.out (its exact stdout) and <case>.exit (its exit code).
const hookGoldenDir = "../../adapter/testdata/golden"

// hookBuild is the real binary, built once for the package's tests.
func hookBuild(t *testing.T) string {
	t.Helper()
	return hookBuildCmd(t, "actionguard")
}

// builtBinaries holds the binaries the tests run, built once into one
// folder (removed by TestMain): about twenty tests run them, and each build
// links a large binary. The tests only run them, never change them.
var builtBinaries struct {
	sync.Mutex
	dir  string
	path map[string]string
	err  map[string]error
}

// hookBuildCmd is ./cmd/<name>, built once. actionguard-hook is built with
// actionguard beside it, as installed: it hands the calls that need the
// audit database to that one.
func hookBuildCmd(t *testing.T, name string) string {
	t.Helper()
	names := []string{name}
	if name == "actionguard-hook" {
		names = []string{"actionguard", name}
	}
	var bin string
	for _, n := range names {
		path, err := buildOnce(n)
		if err != nil {
			t.Fatal(err)
		}
		bin = path
	}
	return bin
}

// buildOnce builds ./cmd/<name> into the shared folder the first time it
// is asked for, and returns its path (or the first build's error).
func buildOnce(name string) (string, error) {
	b := &builtBinaries
	b.Lock()
	defer b.Unlock()
	if p, ok := b.path[name]; ok {
		return p, b.err[name]
	}
	if b.dir == "" {
		dir, err := os.MkdirTemp("", "actionguard-cli-test-")
		if err != nil {
			return "", err
		}
		b.dir, b.path, b.err = dir, map[string]string{}, map[string]error{}
	}
	out := filepath.Join(b.dir, name)
	if runtime.GOOS == "windows" {
		out += ".exe" // the name actionguard-hook looks for
	}
	cmd := exec.Command("go", "build", "-o", out, "./cmd/"+name)
	cmd.Dir = "../.."
	var err error
	if msg, berr := cmd.CombinedOutput(); berr != nil {
		err = fmt.Errorf("go build ./cmd/%s: %v\n%s", name, berr, msg)
	}
	b.path[name], b.err[name] = out, err
	return out, err
}

// removeBuilt removes the shared folder of built binaries.
func removeBuilt() {
	b := &builtBinaries
	b.Lock()
	defer b.Unlock()
	if b.dir != "" {
		os.RemoveAll(b.dir)
	}
}

// hookEnv is a clean environment whose HOME, policy and audit database
// are inside dir.
func hookEnv(dir string) []string {
	return []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + filepath.Join(dir, "home"),
		"XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
		"ACTIONGUARD_DB=" + filepath.Join(dir, "audit.db"),
	}
}

type hookResult struct {
	stdout, stderr []byte
	exit           int
}

func hookRunBinary(t *testing.T, bin, dir string, stdin []byte, args ...string) hookResult {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = hookEnv(dir)
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	r := hookResult{stdout: out.Bytes(), stderr: errb.Bytes()}
	switch {
	case errors.As(err, &ee):
		r.exit = ee.ExitCode()
	case err != nil:
		t.Fatalf("running %v: %v", args, err)
	}
	return r
}

// hookAllowedFields is, per agent, the fields its answer may have: top-level
// keys, and the keys of each nested object. Codex rejects unknown fields,
// so its answer has exactly these three.
var hookAllowedFields = map[string]map[string][]string{
	"claude-code": {"": {"hookSpecificOutput", "systemMessage"}, "hookSpecificOutput": {"hookEventName", "permissionDecision", "permissionDecisionReason", "updatedInput"}},
	"codex":       {"": {"hookSpecificOutput"}, "hookSpecificOutput": {"hookEventName", "permissionDecision", "permissionDecisionReason"}},
	"gemini":      {"": {"decision", "reason", "systemMessage", "hookSpecificOutput"}, "hookSpecificOutput": {"tool_input"}},
	"cursor":      {"": {"permission", "user_message", "agent_message", "updated_input"}},
	"copilot":     {"": {"permissionDecision", "permissionDecisionReason"}},
}

// hookDecisionField is where each agent's answer carries its decision, and
// the values it may take.
var hookDecisionField = map[string]struct {
	path   []string
	values []string
}{
	"claude-code": {[]string{"hookSpecificOutput", "permissionDecision"}, []string{"allow", "deny", "ask"}},
	"codex":       {[]string{"hookSpecificOutput", "permissionDecision"}, []string{"allow", "deny"}},
	"gemini":      {[]string{"decision"}, []string{"allow", "deny"}},
	"cursor":      {[]string{"permission"}, []string{"allow", "deny", "ask"}},
	"copilot":     {[]string{"permissionDecision"}, []string{"allow", "deny", "ask"}},
}

// hookCheckShape checks that out is exactly one JSON object with only the
// agent's fields and a valid decision.
func hookCheckShape(t *testing.T, agent string, out []byte) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(out))
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		t.Fatalf("stdout is not a JSON object: %v\n%s", err, out)
	}
	if dec.More() || strings.TrimSpace(string(out[dec.InputOffset():])) != "" {
		t.Fatalf("stdout has more than one JSON value:\n%s", out)
	}
	allowed := hookAllowedFields[agent]
	var walk func(prefix string, o map[string]any)
	walk = func(prefix string, o map[string]any) {
		for k, v := range o {
			if !hookHasString(allowed[prefix], k) {
				t.Errorf("field %q in %q is not in %s's protocol", k, prefix, agent)
			}
			if sub, ok := v.(map[string]any); ok && prefix == "" && k != "updatedInput" && k != "updated_input" {
				walk(k, sub)
			}
		}
	}
	walk("", obj)
	if agent == "codex" {
		s, _ := obj["hookSpecificOutput"].(map[string]any)
		if len(obj) != 1 || len(s) != 3 {
			t.Errorf("codex answer must have exactly hookSpecificOutput with three fields:\n%s", out)
		}
		if s["permissionDecision"] == "deny" && strings.TrimSpace(s["permissionDecisionReason"].(string)) == "" {
			t.Errorf("codex deny without a reason")
		}
	}
	df := hookDecisionField[agent]
	var v any = obj
	for _, k := range df.path {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	if s, _ := v.(string); !hookHasString(df.values, s) {
		t.Errorf("decision %v is not one of %v", v, df.values)
	}
}

func hookHasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestHookGolden pipes each agent's real hook input through the built
// binary and compares the exact stdout and exit code with the golden files.
// TestHookGolden runs every golden case through `actionguard hook <agent>`
// and through the lean `actionguard-hook hook <agent>`: both must answer
// exactly the same.
func TestHookGolden(t *testing.T) {
	bin := hookBuild(t)
	lean := hookBuildCmd(t, "actionguard-hook")
	agents, err := os.ReadDir(hookGoldenDir)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, ag := range agents {
		agent := ag.Name()
		seen[agent] = true
		ins, _ := filepath.Glob(filepath.Join(hookGoldenDir, agent, "*.in.json"))
		sort.Strings(ins)
		if len(ins) == 0 {
			t.Errorf("%s: no golden cases", agent)
		}
		for _, in := range ins {
			name := strings.TrimSuffix(filepath.Base(in), ".in.json")
			base := strings.TrimSuffix(in, ".in.json")
			t.Run(agent+"/"+name, func(t *testing.T) {
				// Each case has its own folder, home and database: while
				// one waits on its processes' start and disk, another runs.
				t.Parallel()
				stdin, err := os.ReadFile(in)
				if err != nil {
					t.Fatal(err)
				}
				r := hookRunBinary(t, bin, t.TempDir(), stdin, "hook", agent)
				if len(r.stderr) > 0 {
					t.Errorf("stderr: %s", r.stderr)
				}
				exit := []byte(strconv.Itoa(r.exit) + "\n")
				if *update {
					os.WriteFile(base+".out", r.stdout, 0o644)
					os.WriteFile(base+".exit", exit, 0o644)
				}
				wantOut, err := os.ReadFile(base + ".out")
				if err != nil {
					t.Fatal(err)
				}
				wantExit, err := os.ReadFile(base + ".exit")
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(string(wantOut), string(r.stdout)); diff != "" {
					t.Errorf("stdout (-want +got):\n%s", diff)
				}
				if diff := cmp.Diff(string(wantExit), string(exit)); diff != "" {
					t.Errorf("exit code (-want +got):\n%s", diff)
				}
				if r.exit != 0 {
					t.Errorf("exit %d: the hooks answer in JSON and exit 0", r.exit)
				}
				// Only an acknowledged event (after a tool ran) may answer nothing.
				lr := hookRunBinary(t, lean, t.TempDir(), stdin, "hook", agent)
				if diff := cmp.Diff(string(r.stdout), string(lr.stdout)); diff != "" || lr.exit != r.exit || len(lr.stderr) > 0 {
					t.Errorf("actionguard-hook answers differently (exit %d, stderr %q):\n%s", lr.exit, lr.stderr, diff)
				}
				if len(r.stdout) == 0 {
					if name != "post-tool" {
						t.Errorf("empty answer to a call that needs a decision")
					}
					return
				}
				hookCheckShape(t, agent, r.stdout)
			})
		}
	}
	for _, a := range []string{"claude-code", "codex", "gemini", "cursor", "copilot"} {
		if !seen[a] {
			t.Errorf("no golden cases for %s", a)
		}
	}
}

// TestHookConcurrent starts 50 hook processes at once on one audit
// database: every record must be there, the chain must verify, and no
// process may fail or complain.
func TestHookConcurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 50 processes")
	}
	bin := hookBuild(t)
	dir := t.TempDir()
	before := hookAuditCount(t, bin, dir)
	const n = 50
	var wg sync.WaitGroup
	results := make([]hookResult, n)
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := []string{"git status", "rm -rf /", "ls -la", "git push --force origin main", "cat ~/.ssh/id_rsa"}[i%5]
			in, _ := json.Marshal(map[string]any{
				"session_id": "concurrent-" + strconv.Itoa(i%7), "transcript_path": "/tmp/t.jsonl", "cwd": "/home/dev/project",
				"permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Bash",
				"tool_input": map[string]any{"command": cmd}, "tool_use_id": "toolu_" + strconv.Itoa(i),
			})
			<-start
			results[i] = hookRunQuiet(bin, dir, in)
		}()
	}
	close(start)
	wg.Wait()
	for i, r := range results {
		if r.exit != 0 || len(r.stderr) > 0 {
			t.Errorf("process %d: exit %d, stderr %q", i, r.exit, r.stderr)
		}
		if len(r.stdout) == 0 {
			t.Errorf("process %d: no answer", i)
		} else {
			hookCheckShape(t, "claude-code", r.stdout)
		}
	}
	got := hookAuditCount(t, bin, dir)
	t.Logf("audit records: %d before, %d after %d concurrent hooks", before, got, n)
	if got != before+n {
		t.Errorf("audit log has %d records after 50 hooks, want %d", got, before+n)
	}
}

// hookRunQuiet is hookRunBinary for goroutines (no t.Fatal).
func hookRunQuiet(bin, dir string, stdin []byte) hookResult {
	cmd := exec.Command(bin, "hook", "claude-code")
	cmd.Dir = dir
	cmd.Env = hookEnv(dir)
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := hookResult{stdout: out.Bytes(), stderr: errb.Bytes()}
	if err != nil {
		r.exit = -1
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			r.exit = ee.ExitCode()
		}
		r.stderr = append(r.stderr, err.Error()...)
	}
	return r
}

// hookAuditCount verifies the audit chain and returns how many records it has.
func hookAuditCount(t *testing.T, bin, dir string) int {
	t.Helper()
	r := hookRunBinary(t, bin, dir, nil, "audit", "verify", "--json")
	var v struct {
		OK      bool `json:"ok"`
		Checked int  `json:"checked"`
	}
	if err := json.Unmarshal(r.stdout, &v); err != nil || r.exit != 0 || !v.OK || len(r.stderr) > 0 {
		t.Fatalf("audit verify: exit %d, %v\nstdout: %s\nstderr: %s", r.exit, err, r.stdout, r.stderr)
	}
	return v.Checked
}
