package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/dirs/host"
	"github.com/actionguard/actionguard/internal/setup"
	"github.com/actionguard/actionguard/policy"
	"github.com/actionguard/actionguard/store"
	"github.com/spf13/cobra"
)

type doctorOptions struct {
	json bool
}

func (a *app) doctorCommand() *cobra.Command {
	o := &doctorOptions{}
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Check that actionguard is set up and enforcing: hooks, policy, audit log, self-test",
		Long: `Check the installation: which agents call actionguard's hook (user and project
settings) and whether the binary they name exists and is this one; where the policy
files are and whether they load; where the audit log is and whether its chain
verifies; and a self-test that runs '<binary> hook claude-code' as the agent would,
with a known-dangerous command (rm -rf /, must be denied) and a routine one
(git status, must be allowed), recording into a temporary audit log.

Exits 1 when something that should be enforced is broken.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runDoctor(cmd.Context(), o) },
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print the report as JSON")
	return cmd
}

// Check statuses.
const (
	checkOK   = "ok"   // works
	checkFail = "fail" // something enforced is broken
	checkWarn = "warn" // works, but not as it should
	checkInfo = "info" // for information
)

// doctorCheck is one line of the report.
type doctorCheck struct {
	Section string `json:"section"`
	Name    string `json:"name"`
	Status  string `json:"status"`
	Detail  string `json:"detail"`
	Hint    string `json:"hint,omitempty"`
}

// doctorReport is doctor's --json output.
type doctorReport struct {
	OK       bool           `json:"ok"`
	Binary   string         `json:"binary"`
	Hooks    []setup.Status `json:"hooks"`
	Policy   []string       `json:"policy_files"`
	AuditLog string         `json:"audit_log"`
	Records  int64          `json:"audit_records"`
	Mode     policy.Mode    `json:"mode,omitempty"`
	// Managed are the agents' managed settings files that exist.
	Managed []setup.Managed `json:"managed_settings,omitempty"`
	Checks  []doctorCheck   `json:"checks"`
}

func (r *doctorReport) add(section, name, status, detail, hint string) {
	r.Checks = append(r.Checks, doctorCheck{Section: section, Name: name, Status: status, Detail: detail, Hint: hint})
	if status == checkFail {
		r.OK = false
	}
}

func (a *app) runDoctor(ctx context.Context, o *doctorOptions) error {
	r := &doctorReport{OK: true, Hooks: []setup.Status{}, Policy: []string{}}
	bin, err := hookExecutable()
	if err != nil {
		r.add("binary", "actionguard", checkFail, "the running binary cannot be found: "+err.Error(), "")
	}
	r.Binary = bin
	testBin := a.doctorHooks(r, bin)
	a.doctorPolicy(r)
	a.doctorMode(r)
	a.doctorAudit(ctx, r)
	a.doctorLearned(r)
	a.doctorSelfTest(ctx, r, testBin)

	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(r); err != nil {
			return err
		}
	} else {
		a.printDoctor(r)
	}
	if !r.OK {
		return exitCode(ExitError)
	}
	return nil
}

// doctorHooks reports every agent's hooks, user and project scope, and
// returns the binary the self-test runs: the one Claude Code's hook names
// when it exists, else this one.
func (a *app) doctorHooks(r *doctorReport, bin string) string {
	testBin := bin
	root, _ := setup.RepositoryRoot(cwdOrEmpty())
	installed := 0
	found := map[string]bool{}
	for _, name := range a.agentsFound() {
		found[name] = true
	}
	for _, ag := range setup.Agents() {
		installedHere := false
		for _, scope := range []setup.Scope{setup.User, setup.Project} {
			file, err := ag.SettingsFile(scope, a.home(), root)
			if err != nil {
				continue
			}
			st := setup.Inspect(ag, scope, file)
			r.Hooks = append(r.Hooks, st)
			name := fmt.Sprintf("%s (%s)", ag.Title, scope)
			if st.Err != "" {
				r.add("hooks", name, checkWarn, st.Err, "fix the file; until then the agent may not read its hooks")
				continue
			}
			if !st.Installed() {
				continue
			}
			installedHere = true
			installed++
			if _, ok := adapter.Lookup(ag.Name); !ok {
				r.add("hooks", name, checkFail, fmt.Sprintf("%s calls actionguard, but this binary has no hook for %s", file, ag.Title), "update actionguard, or run 'actionguard uninstall "+ag.Name+"'")
				continue
			}
			problem := false
			for _, b := range distinctBinaries(st.Hooks) {
				fi, err := os.Stat(b)
				switch {
				case err != nil:
					// A hook whose program is missing is a non-blocking error to the agents: the tool runs.
					r.add("hooks", name, checkFail, fmt.Sprintf("%s runs %s, which does not exist: tool calls are not checked", file, b), "run 'actionguard install "+ag.Name+scopeFlag(scope)+"' to point it at this binary")
					problem = true
				case fi.IsDir() || fi.Mode().Perm()&0o111 == 0:
					r.add("hooks", name, checkFail, fmt.Sprintf("%s runs %s, which is not an executable file", file, b), "run 'actionguard install "+ag.Name+scopeFlag(scope)+"'")
					problem = true
				case !sameFile(b, bin):
					r.add("hooks", name, checkWarn, fmt.Sprintf("%s runs %s, another actionguard binary than this one (%s)", file, b, bin), "run 'actionguard install "+ag.Name+scopeFlag(scope)+"' to use this one")
					problem = true
					if ag.Name == "claude-code" {
						testBin = b
					}
				}
			}
			if len(st.Missing) > 0 {
				r.add("hooks", name, checkWarn, fmt.Sprintf("%s has no actionguard hook for %s", file, strings.Join(st.Missing, ", ")), "run 'actionguard install "+ag.Name+scopeFlag(scope)+"'")
				problem = true
			}
			if !problem {
				var events []string
				for _, h := range st.Hooks {
					events = append(events, h.Event)
				}
				r.add("hooks", name, checkOK, fmt.Sprintf("%s: %s → this binary", file, strings.Join(events, ", ")), "")
			}
		}
		if m, ok := setup.InspectManaged(ag); ok && (m.Exists || m.Err != "") {
			r.Managed = append(r.Managed, m)
			name := ag.Title + " (managed)"
			blocks, why := m.Blocks()
			switch {
			case m.Err != "":
				r.add("hooks", name, checkWarn, "the managed settings cannot be read: "+m.Err, "the agent may ignore them, or refuse to start: ask whoever manages this machine")
			case blocks && (installedHere || found[ag.Name] || len(m.Hooks) > 0):
				r.add("hooks", name, checkFail, why+": tool calls are not checked", "ask whoever manages this machine to list actionguard's hook in the managed settings' hooks, or to drop the setting")
				installedHere = true // reported: not also "not installed"
			case len(m.Hooks) > 0:
				r.add("hooks", name, checkOK, fmt.Sprintf("%s installs actionguard's hook (%d events)", m.File, len(m.Hooks)), "")
				if !installedHere {
					installed++
				}
				installedHere = true
			default:
				r.add("hooks", name, checkInfo, m.File+": no setting that stops actionguard's hook", "")
			}
		}
		switch {
		case installedHere:
		case found[ag.Name]:
			// The agent is set up on this machine and does not ask: its
			// tool calls run unchecked.
			f, _ := ag.SettingsFile(setup.User, a.home(), "")
			r.add("hooks", ag.Title, checkFail, fmt.Sprintf("set up on this machine (%s) but does not call actionguard: its tool calls are not checked", agentDir(a.home(), f)),
				"run 'actionguard install "+ag.Name+"'")
		default:
			r.add("hooks", ag.Title, checkInfo, "not installed", "")
		}
	}
	if installed == 0 {
		r.add("hooks", "agents", checkWarn, "no coding agent calls actionguard: nothing is enforced", "run 'actionguard install claude-code' (or codex, gemini, cursor, copilot)")
	}
	return testBin
}

func scopeFlag(s setup.Scope) string {
	if s == setup.Project {
		return " --scope project"
	}
	return ""
}

func distinctBinaries(hs []setup.Hook) []string {
	var out []string
	seen := map[string]bool{}
	for _, h := range hs {
		b := setup.CommandBinary(h.Command)
		if !seen[b] {
			seen[b] = true
			out = append(out, b)
		}
	}
	return out
}

func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// doctorPolicy reports where the policy files are and whether they load.
func (a *app) doctorPolicy(r *doctorReport) {
	lo := policy.LoadOptions{UserPath: a.policyPath, ProjectPath: a.projectPath, Cwd: cwdOrEmpty(), Getenv: a.env.Getenv, KnownRules: guard.RuleIDs()}
	p, err := policy.Load(lo)
	if err != nil {
		var le *policy.LoadError
		detail := err.Error()
		if errors.As(err, &le) {
			detail = "the policy has errors:\n" + le.Error()
		}
		// The hooks keep enforcing the last valid version of a broken file,
		// or the strictest settings: not what the user wrote either.
		detail += "\n" + a.doctorPolicyFallback(lo)
		r.add("policy", "policy", checkFail, detail, "fix it; 'actionguard policy check' lists every problem")
		return
	}
	r.Policy = append(r.Policy, p.Sources...)
	if len(p.Sources) == 0 {
		where := a.policyPath
		if where == "" {
			where = a.defaultPolicyPath()
		}
		r.add("policy", "policy", checkOK, fmt.Sprintf("no policy file (looked for %s): the built-in policy is in force", where), "")
	} else {
		r.add("policy", "policy", checkOK, "loads: "+strings.Join(p.Sources, ", "), "")
	}
	for _, w := range p.Warnings {
		r.add("policy", "policy", checkWarn, w, "")
	}
	if len(p.Rules) > 0 {
		// The lean hook links no expression compiler: each call of such a
		// policy starts it and then actionguard hook.
		r.add("policy", "custom rules", checkInfo,
			fmt.Sprintf("%d custom rule(s): the lean actionguard-hook hands every hook call to 'actionguard hook', which compiles them (two program starts a call)", len(p.Rules)),
			"hooks that run 'actionguard hook' directly start one program a call")
	}
}

// doctorMode reports the mode in force: a learning period (or a chosen
// learning mode) is a warning, since only DANGEROUS actions are stopped.
func (a *app) doctorMode(r *doctorReport) {
	m, err := a.currentMode()
	if err != nil {
		return // the policy section reports it
	}
	r.Mode = m.Mode
	detail := fmt.Sprintf("%s (%s)", m.Mode, m.Source)
	switch m.Mode {
	case policy.Learning:
		if l := m.Learning; l != nil {
			detail = fmt.Sprintf("learning until %s (day %d of %d): only DANGEROUS actions are stopped; the rest runs and is only logged",
				l.Until.Local().Format("Mon 2 Jan 2006 15:04"), l.Day, l.Days)
		} else {
			detail = fmt.Sprintf("learning (%s), with no end: only DANGEROUS actions are stopped; the rest runs and is only logged", m.Source)
		}
		r.add("mode", "mode", checkWarn, detail, "'actionguard mode adaptive' enforces every level now")
	case policy.Flow:
		r.add("mode", "mode", checkInfo, detail+": reversible cautious actions run with a notice", "")
	default:
		r.add("mode", "mode", checkOK, detail, "")
	}
}

// defaultPolicyPath is where the user's policy file is looked for.
func (a *app) defaultPolicyPath() string {
	env := host.EnvWith(a.env.Getenv)
	env.Home = a.home()
	p, _ := env.PolicyFile()
	return p
}

// doctorAudit reports where the audit log is and verifies its chain.
func (a *app) doctorAudit(ctx context.Context, r *doctorReport) {
	path, err := a.dbFile()
	if err != nil {
		r.add("audit", "audit log", checkFail, err.Error(), "set --db or ACTIONGUARD_DB")
		return
	}
	r.AuditLog = path
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) && audit.NewSpool(audit.SpoolPath(path)).Size() == 0 {
		r.add("audit", "audit log", checkInfo, path+": no decisions recorded yet (created on the first one)", "")
		return
	}
	st, err := store.OpenDrained(ctx, path)
	if err != nil {
		if st != nil {
			st.Close()
		}
		r.add("audit", "audit log", checkFail, fmt.Sprintf("%s cannot be opened: %v", path, err), "check the file's permissions, or set ACTIONGUARD_DB")
		return
	}
	defer st.Close()
	res, err := audit.New(st).Verify(ctx, nil)
	switch {
	case err != nil:
		r.add("audit", "audit log", checkFail, fmt.Sprintf("%s cannot be read: %v", path, err), "")
	case !res.OK():
		r.Records = res.Checked
		r.add("audit", "audit log", checkFail, path+": "+res.String(), "'actionguard audit verify' names the first bad record")
	default:
		r.Records = res.Checked
		r.add("audit", "audit log", checkOK, path+": "+res.String(), "")
	}
}

// selfTest is one hook call of the self-test.
type selfTest struct {
	command string
	want    string // the permissionDecision expected
}

var selfTests = []selfTest{
	{"rm -rf /", "deny"},
	{"git status", "allow"},
}

// doctorSelfTest runs '<bin> hook claude-code' the way Claude Code does, with
// a temporary audit log so the user's log keeps only real decisions.
func (a *app) doctorSelfTest(ctx context.Context, r *doctorReport, bin string) {
	const section = "self-test"
	if bin == "" {
		return
	}
	dir, err := os.MkdirTemp("", "actionguard-doctor-")
	if err != nil {
		r.add(section, "self-test", checkFail, "no temporary directory: "+err.Error(), "")
		return
	}
	defer os.RemoveAll(dir)
	db := filepath.Join(dir, "selftest.db")
	env := a.selfTestEnv(db)
	for i, t := range selfTests {
		name := t.command
		got, took, err := runHookProcess(ctx, bin, env, i, t.command)
		if err != nil {
			r.add(section, name, checkFail, err.Error(), "run the hook by hand: echo '{…}' | "+bin+" hook claude-code")
			continue
		}
		if got != t.want {
			r.add(section, name, checkFail, fmt.Sprintf("%s hook claude-code answered %q, not %q", bin, got, t.want), "check the policy with 'actionguard explain -- "+t.command+"'")
			continue
		}
		r.add(section, name, checkOK, fmt.Sprintf("%s, as it must be (%d ms)", got, took.Milliseconds()), "")
	}
	st, err := store.OpenDrained(ctx, db)
	if err != nil {
		r.add(section, "audit records", checkFail, "the self-test's audit log cannot be opened: "+err.Error(), "")
		return
	}
	defer st.Close()
	res, err := audit.New(st).Verify(ctx, nil)
	switch {
	case err != nil:
		r.add(section, "audit records", checkFail, err.Error(), "")
	case !res.OK() || res.Checked != int64(len(selfTests)):
		r.add(section, "audit records", checkFail, fmt.Sprintf("%d of %d hook calls recorded (%s)", res.Checked, len(selfTests), res.String()), "")
	default:
		r.add(section, "audit records", checkOK, fmt.Sprintf("every hook call recorded, chain intact (%d records)", res.Checked), "")
	}
}

// selfTestEnv is the hook process's environment: the user's own, so the
// user's policy decides, with the audit log moved to db.
func (a *app) selfTestEnv(db string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k == "ACTIONGUARD_DB" || k == "ACTIONGUARD_STATE_DIR" {
			continue
		}
		env = append(env, kv)
	}
	for _, k := range []string{"HOME", "XDG_CONFIG_HOME", "ACTIONGUARD_CONFIG"} {
		if v := a.env.Getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	if a.policyPath != "" {
		env = append(env, "ACTIONGUARD_CONFIG="+a.policyPath)
	}
	return append(env, "ACTIONGUARD_DB="+db)
}

// runHookProcess sends one PreToolUse call for a Bash command to
// '<bin> hook claude-code' and returns its permissionDecision.
func runHookProcess(ctx context.Context, bin string, env []string, n int, command string) (string, time.Duration, error) {
	cwd := cwdOrEmpty()
	in, _ := json.Marshal(map[string]any{
		"session_id": "actionguard-doctor", "transcript_path": "", "cwd": cwd, "permission_mode": "default",
		"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_use_id": fmt.Sprintf("toolu_doctor_%d", n+1),
		"tool_input": map[string]any{"command": command, "description": "actionguard doctor self-test"},
	})
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "hook", "claude-code")
	cmd.Env = env
	cmd.Dir = cwd
	cmd.Stdin = bytes.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start)
	if ctx.Err() != nil {
		return "", took, fmt.Errorf("the hook did not answer within 10 s (the agent would let the tool run)")
	}
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return "", took, fmt.Errorf("the hook exited with code %d: %s", ee.ExitCode(), oneLineCut(stderr.String(), 200))
		}
		return "", took, fmt.Errorf("the hook could not be run: %v", err)
	}
	var out struct {
		HookSpecificOutput struct {
			HookEventName      string `json:"hookEventName"`
			PermissionDecision string `json:"permissionDecision"`
		} `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		return "", took, fmt.Errorf("the hook's answer is not JSON: %q", oneLineCut(stdout.String(), 200))
	}
	if out.HookSpecificOutput.HookEventName != "PreToolUse" {
		return "", took, fmt.Errorf("the hook's answer has no PreToolUse decision: %q", oneLineCut(stdout.String(), 200))
	}
	return out.HookSpecificOutput.PermissionDecision, took, nil
}

func (a *app) printDoctor(r *doctorReport) {
	p := newPrinter(a.env.Stdout, a.env.IsTerminal(a.env.Stdout))
	p.printf("binary: %s\n", r.Binary)
	titles := map[string]string{"binary": "Binary", "hooks": "Hooks", "policy": "Policy", "mode": "Mode", "audit": "Audit log", "self-test": "Self-test (" + "hook claude-code, temporary audit log)"}
	section := ""
	fails, warns := 0, 0
	for _, c := range r.Checks {
		if c.Section != section {
			section = c.Section
			p.printf("\n%s\n", p.paint(ansiBold, titles[section]))
		}
		var mark string
		switch c.Status {
		case checkOK:
			mark = p.paint(ansiGreen, "✔")
		case checkFail:
			mark = p.paint(ansiRed, "✖")
			fails++
		case checkWarn:
			mark = p.paint(ansiYellow, "!")
			warns++
		default:
			mark = p.paint(ansiDim, "·")
		}
		detail := strings.ReplaceAll(c.Detail, "\n", "\n    ")
		p.printf("  %s %s: %s\n", mark, c.Name, detail)
		if c.Hint != "" {
			p.printf("    hint: %s\n", c.Hint)
		}
	}
	p.printf("\n")
	switch {
	case fails == 0 && warns == 0:
		p.printf("%s\n", p.paint(ansiGreen, "No problems found: what is installed is enforced."))
	case fails == 0:
		p.printf("%s\n", p.paint(ansiYellow, fmt.Sprintf("No problems found, %d warning(s): see ! above.", warns)))
	default:
		p.printf("%s\n", p.paint(ansiRed, fmt.Sprintf("%d problem(s) found: see ✖ above.", fails)))
	}
}
