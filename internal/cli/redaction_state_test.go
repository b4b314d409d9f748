package cli_test

import (
	"bytes"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/internal/cli"
	_ "modernc.org/sqlite"
)

// redactionCase is one command carrying a password: the secret that must
// never be kept, and a reference word (a comment at the end of the
// command) that must be, so that a record dropped whole cannot pass.
// family names the program's option (every spelling of one option is
// one family); it is empty for a secret that is no option's value.
type redactionCase struct {
	cmd, secret, ref, prog, family string
}

// newSecret returns a value no record holds by chance.
func newSecret(t *testing.T) string {
	t.Helper()
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	return "Sq" + hex.EncodeToString(b[:])
}

// secretOptionCases writes, for every option the program specs tag secret,
// a command in every spelling the program reads (--name=V, --name V,
// -xV, -x V), keeping the spellings that the spec reader reads as that
// option with the value: the table of options, not a hand list.
func secretOptionCases(t *testing.T) []redactionCase {
	t.Helper()
	keys := shell.SpecKeys()
	slices.Sort(keys)
	var out []redactionCase
	for _, key := range keys {
		spec := shell.SpecFor(key)
		if spec == nil {
			continue
		}
		prefix := strings.Fields(key)
		for _, o := range spec.Options() {
			if o.Tags&shell.TagSecret == 0 {
				continue
			}
			for _, name := range o.Names {
				for _, form := range []string{"eq", "space", "attached"} {
					secret := newSecret(t)
					value := secret
					// A user option's secret is the password after the
					// user name, in the separator the program reads.
					if strings.Contains(o.Canon, "user") || name == "-u" || name == "-U" {
						sep := ":"
						switch prefix[0] {
						case "smbclient":
							sep = "%"
						case "lftp":
							sep = ","
						}
						value = "alice" + sep + secret
					}
					var words []string
					long := strings.HasPrefix(name, "--") || len(name) > 2
					switch {
					case form == "eq" && long:
						words = []string{name + "=" + value}
					case form == "space":
						words = []string{name, value}
					case form == "attached" && !long:
						words = []string{name + value}
					default:
						continue
					}
					argv := append(append([]string{}, prefix...), words...)
					if !readsSecret(argv, secret) {
						continue
					}
					out = append(out, redactionCase{cmd: strings.Join(argv, " "), secret: secret, prog: prefix[0], family: key + " " + o.Canon})
				}
			}
		}
	}
	return out
}

// readsSecret reports whether the spec reader reads the secret as the
// value of a secret option of argv (so the spelling is one the program
// accepts).
func readsSecret(argv []string, secret string) bool {
	av := shell.ReadArgv(argv)
	for _, o := range av.Opts {
		if o.Tags&shell.TagSecret != 0 && o.HasValue && strings.Contains(o.Value, secret) {
			return true
		}
	}
	return false
}

// otherSecretCases are the secrets that are not an option's value: an
// operand, part of a URL, an environment assignment.
func otherSecretCases(t *testing.T) []redactionCase {
	var out []redactionCase
	add := func(prog, format string) {
		s := newSecret(t)
		out = append(out, redactionCase{cmd: fmt.Sprintf(format, s), secret: s, prog: prog})
	}
	add("htpasswd", "htpasswd -b .htpasswd alice %s")
	add("htpasswd", "htpasswd -bc /etc/nginx/.htpasswd alice %s")
	add("psql", "psql postgresql://app:%s@db.example.com:5432/app -c 'select 1'")
	add("psql", "psql 'postgres://app:%s@db.example.com/app'")
	add("mysql", "MYSQL_PWD=%s mysql -u root app")
	add("psql", "PGPASSWORD=%s psql -h db.example.com -U app")
	add("redis-cli", "REDISCLI_AUTH=%s redis-cli -h cache.example.com ping")
	add("git", "git clone https://alice:%s@git.example.com/team/repo.git")
	add("curl", "curl https://alice:%s@api.example.com/v1/items")
	add("mongosh", "mongosh mongodb://admin:%s@mongo.example.com/app")
	add("sudo", "sudo mysql -uroot -p%s app")
	add("bash", "bash -c 'redis-cli -a %s ping'")
	add("env", "env MYSQL_PWD=%s mysql -u root")
	add("sshpass", "sshpass -p %s ssh deploy@web.example.com uptime")
	add("sqlplus", "sqlplus -s scott/%s@db.example.com @report.sql")
	add("rabbitmqctl", "rabbitmqctl add_user deploy %s")
	add("net", "net user deploy %s /add")
	add("mc", "mc alias set s3 https://s3.example.com AKIAEXAMPLE %s")
	add("nmcli", "nmcli dev wifi connect Office password %s")
	add("wpa_passphrase", "wpa_passphrase Office %s")
	add("xfreerdp", "xfreerdp /v:win.example.com /u:admin /p:%s")
	add("npm", "npm config set //registry.npmjs.org/:_authToken %s")
	return out
}

// stateEnv is a hook's environment with every directory inside dir.
func stateEnv(dir string) []string {
	return []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + filepath.Join(dir, "home"),
		"XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
		"XDG_STATE_HOME=" + filepath.Join(dir, "state"),
		"XDG_CACHE_HOME=" + filepath.Join(dir, "cache"),
		"XDG_DATA_HOME=" + filepath.Join(dir, "data"),
		"ACTIONGUARD_DB=" + filepath.Join(dir, "state", "actionguard", "audit.db"),
	}
}

func runIn(t *testing.T, dir, bin string, stdin []byte, args ...string) (stdout, stderr []byte, exit int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = stateEnv(dir)
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		exit = ee.ExitCode()
	case err != nil:
		t.Fatalf("running %v: %v", args, err)
	}
	return out.Bytes(), errb.Bytes(), exit
}

// cliRunner runs one actionguard command line in dir's state.
type cliRunner func(t *testing.T, stdin []byte, args ...string) (stdout, stderr []byte, exit int)

// binaryCLI runs the real binary bin, in dir, with dir's state.
func binaryCLI(dir, bin string) cliRunner {
	return func(t *testing.T, stdin []byte, args ...string) ([]byte, []byte, int) {
		t.Helper()
		return runIn(t, dir, bin, stdin, args...)
	}
}

// inProcessCLI runs the command in this process (cli.Run) with the
// environment binaryCLI gives the binary, so it reads and writes the same
// state directories: the same records for a fraction of a process start.
func inProcessCLI(dir string) cliRunner {
	run := cliInProcess(stateEnv(dir))
	return func(t *testing.T, stdin []byte, args ...string) ([]byte, []byte, int) {
		return run(stdin, args...)
	}
}

// cliInProcess returns a function that runs one command line in this
// process (cli.Run) with environ as its whole environment and no coding
// agent among its parents: what a binary started with that environment
// would answer and write, without the process start.
func cliInProcess(environ []string) func(stdin []byte, args ...string) (stdout, stderr []byte, exit int) {
	vars := map[string]string{}
	for _, kv := range environ {
		k, v, _ := strings.Cut(kv, "=")
		vars[k] = v
	}
	return func(stdin []byte, args ...string) ([]byte, []byte, int) {
		var out, errb bytes.Buffer
		exit := cli.Run(cli.Env{Args: args, Stdin: bytes.NewReader(stdin), Stdout: &out, Stderr: &errb,
			Getenv: func(k string) string { return vars[k] }, Environ: func() []string { return environ }, Ancestry: noAgent})
		return out.Bytes(), errb.Bytes(), exit
	}
}

// hookRunner answers one hook call for agent with the event on stdin.
type hookRunner func(t *testing.T, agent string, stdin []byte) (stdout, stderr []byte, exit int)

// asHook makes a hook runner of a command runner: `hook AGENT`.
func asHook(run cliRunner) hookRunner {
	return func(t *testing.T, agent string, stdin []byte) ([]byte, []byte, int) {
		t.Helper()
		return run(t, stdin, "hook", agent)
	}
}

// processRouter sends the first call of each kind through the real
// binaries (the process boundary: arguments, environment, stdin, exit
// code, files written by another process) and the others through this
// process on the same state, where a process start each was most of the
// test's time. It counts both ways.
type processRouter struct {
	hookBin, hookIn         hookRunner
	cliBinary, cliIn        cliRunner
	seen                    map[string]bool
	viaBinary, viaInProcess int
}

func newProcessRouter(dir, hookBin, cliBin string) *processRouter {
	in := inProcessCLI(dir)
	return &processRouter{hookBin: asHook(binaryCLI(dir, hookBin)), hookIn: asHook(in),
		cliBinary: binaryCLI(dir, cliBin), cliIn: in, seen: map[string]bool{}}
}

// binaryFor reports whether the call of this kind goes through the
// binary: the first of its kind does, or any when force is set.
func (r *processRouter) binaryFor(kind string, force bool) bool {
	first := !r.seen[kind]
	r.seen[kind] = true
	if first || force {
		r.viaBinary++
		return true
	}
	r.viaInProcess++
	return false
}

// hook returns the hook runner for a call of this kind.
func (r *processRouter) hook(kind string, force bool) hookRunner {
	if r.binaryFor(kind, force) {
		return r.hookBin
	}
	return r.hookIn
}

// cli returns the actionguard runner for a command of this kind.
func (r *processRouter) cli(kind string, force bool) cliRunner {
	if r.binaryFor(kind, force) {
		return r.cliBinary
	}
	return r.cliIn
}

// hookCall sends one hook event and returns the agent-facing decision.
func hookCall(t *testing.T, hook hookRunner, agent string, in map[string]any) string {
	t.Helper()
	decision, _ := hookCallReason(t, hook, agent, in)
	return decision
}

// hookCallReason sends one hook event and returns the agent-facing
// decision and its reason.
func hookCallReason(t *testing.T, hook hookRunner, agent string, in map[string]any) (decision, reason string) {
	t.Helper()
	raw, _ := json.Marshal(in)
	out, errb, exit := hook(t, agent, raw)
	if exit != 0 && exit != 2 {
		t.Fatalf("%s hook: exit %d: %s", agent, exit, errb)
	}
	var resp struct {
		Hook struct {
			Decision string `json:"permissionDecision"`
			Reason   string `json:"permissionDecisionReason"`
		} `json:"hookSpecificOutput"`
	}
	json.Unmarshal(out, &resp)
	return resp.Hook.Decision, resp.Hook.Reason
}

// TestRedactionState drives the real hook and CLI through commands that
// carry passwords in every spelling the program specs tag secret, and in
// URLs, operands and environment assignments, so that every kind of record
// is kept: allowed, held (Claude Code asks; Codex opens an approval
// request), blocked, PostToolUse output, trust patterns, feedback, the
// spool and the audit database after the spool is drained. Then it reads
// every file under HOME, the config, state and cache directories (the
// database's raw bytes and its text columns) and checks that no password
// is there, while each command's reference word and program are.
//
// The real binaries answer the first call of each kind (each agent and
// phase, each command of the person's side) and, for the commands, until
// they have answered allow, ask and deny once each; the rest go through
// the same commands in this process, on the same state (a process start
// each was most of the test's time). Every record of either kind must be
// in the database, and no file may hold a password.
func TestRedactionState(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binaries")
	}
	// Its state is its own folder's (stateEnv): it runs beside the other
	// long hook tests, each process-bound, instead of after them.
	t.Parallel()
	hookBin := hookBuildCmd(t, "actionguard-hook")
	cliBin := hookBuild(t)
	dir := t.TempDir()
	for _, d := range []string{"home", "config", "state", "cache", "data", "project"} {
		os.MkdirAll(filepath.Join(dir, d), 0o755)
	}
	cases := append(secretOptionCases(t), otherSecretCases(t)...)
	if len(cases) < 60 {
		t.Fatalf("only %d commands carry a secret: the spec table lost its secret tags?", len(cases))
	}
	progs := map[string]bool{}
	for _, c := range cases {
		progs[c.prog] = true
	}
	for _, p := range []string{"redis-cli", "sshpass", "docker", "podman", "helm", "mysql", "mongosh", "curl", "wget", "smbclient", "lftp"} {
		if !progs[p] {
			t.Errorf("no command of %s: the spec table no longer tags its password option secret", p)
		}
	}

	// Each command three ways: alone, held (a deletion after it), blocked
	// (deleting home after it).
	const project = "/home/dev/project" // deleting under the temporary directory is routine
	var all []redactionCase
	for i, c := range cases {
		c.ref = fmt.Sprintf("ref%04dx", i)
		switch i % 3 {
		case 1:
			c.cmd += " && rm -rf src/legacy"
		case 2:
			c.cmd += "; rm -rf ~/"
		}
		c.cmd += " # " + c.ref
		all = append(all, c)
	}
	route := newProcessRouter(dir, hookBin, cliBin)
	decisions, binaryDecisions := map[string]int{}, map[string]int{}
	// What each way of writing a command is answered: the binary answers
	// calls of a way until it has given that answer once.
	expected := [3]string{"allow", "ask", "deny"}
	var codex []map[string]any
	inProcessCases := 0
	for i, c := range all {
		kind := fmt.Sprintf("claude-code PreToolUse %d", i%3)
		viaBinary := route.binaryFor(kind, binaryDecisions[expected[i%3]] == 0)
		hook := route.hookIn
		if viaBinary {
			hook = route.hookBin
		} else {
			inProcessCases++
		}
		in := map[string]any{"command": c.cmd}
		session := fmt.Sprintf("red-%d", i%7)
		id := fmt.Sprintf("toolu_%04d", i)
		base := map[string]any{"session_id": session, "cwd": project, "transcript_path": filepath.Join(dir, "transcript.jsonl"), "tool_name": "Bash", "tool_input": in, "tool_use_id": id}
		pre := withEvent(base, "PreToolUse")
		d := hookCall(t, hook, "claude-code", pre)
		decisions[d]++
		if viaBinary {
			binaryDecisions[d]++
		}
		if d != "deny" {
			// It ran (a person approved what was asked): the output
			// echoes the command, as a shell with set -x does.
			post := withEvent(base, "PostToolUse")
			post["tool_response"] = map[string]any{"stdout": "+ " + c.cmd + "\nOK\n", "stderr": "mysql: [Warning] Using a password on the command line interface can be insecure.\n" + c.cmd, "interrupted": false}
			hookCall(t, route.hook("claude-code PostToolUse", false), "claude-code", post)
		}
		if i%3 == 1 {
			// Codex cannot ask: a held call opens an approval request.
			cx := withEvent(base, "PreToolUse")
			cx["session_id"], cx["turn_id"], cx["model"] = "cx-"+session, "turn-1", "gpt-5-codex"
			hookCall(t, route.hook("codex PreToolUse", false), "codex", cx)
			codex = append(codex, cx)
		}
	}
	// Outputs that show other command lines: a script read with the Read
	// tool, a terminal log printed with cat (a prompt before each command).
	var scripts []redactionCase
	for i, c := range cases[:min(len(cases), 24)] {
		secret := newSecret(t)
		line := strings.Replace(c.cmd, c.secret, secret, 1)
		var r redactionCase
		var in, resp map[string]any
		tool := "Read"
		if i%2 == 0 {
			r = redactionCase{secret: secret, ref: fmt.Sprintf("deploy-%02d.sh", i), prog: "Read"}
			in = map[string]any{"file_path": filepath.Join(project, r.ref)}
			resp = map[string]any{"type": "text", "file": map[string]any{"filePath": in["file_path"], "content": "#!/bin/sh\nset -e\n# don't run twice\n" + line + "\necho done\n"}}
		} else {
			tool = "Bash"
			r = redactionCase{secret: secret, ref: fmt.Sprintf("notes-%02d.txt", i), prog: "cat"}
			in = map[string]any{"command": "cat " + r.ref}
			resp = map[string]any{"stdout": "bob@web1:~/src$ " + line + "\nit's done\n+ " + line + "\n", "stderr": "", "interrupted": false}
		}
		base := map[string]any{"session_id": "red-out", "cwd": project, "tool_name": tool, "tool_input": in, "tool_use_id": fmt.Sprintf("toolu_o%02d", i)}
		hookCall(t, route.hook(tool+" PreToolUse", false), "claude-code", withEvent(base, "PreToolUse"))
		post := withEvent(base, "PostToolUse")
		post["tool_response"] = resp
		hookCall(t, route.hook(tool+" PostToolUse", false), "claude-code", post)
		r.cmd = tool + " output: " + line
		scripts = append(scripts, r)
	}
	all = append(all, scripts...)

	// Trust: the same held pattern approved by the person in Claude Code's
	// prompt (asked, then seen running) four times runs the fifth time;
	// each with its own password, kept as the pattern's example.
	for i := range 5 {
		c := redactionCase{secret: newSecret(t), prog: "redis-cli", ref: fmt.Sprintf("trust%dx", i)}
		c.cmd = "redis-cli -h cache.example.com -a " + c.secret + " ping && rm -rf src/legacy # " + c.ref
		all = append(all, c)
		base := map[string]any{"session_id": "red-trust", "cwd": project, "tool_name": "Bash", "tool_input": map[string]any{"command": c.cmd}, "tool_use_id": fmt.Sprintf("toolu_t%d", i)}
		// The binary answers the first call and the fifth, which reads
		// the pattern the calls before it learned.
		d := hookCall(t, route.hook("trust PreToolUse", i == 4), "claude-code", withEvent(base, "PreToolUse"))
		if want := map[bool]string{false: "ask", true: "allow"}[i == 4]; d != want {
			t.Errorf("trust: call %d answered %s, want %s", i+1, d, want)
		}
		post := withEvent(base, "PostToolUse")
		post["tool_response"] = map[string]any{"stdout": "PONG", "stderr": "Warning: Using a password with '-a' option on the command line interface may not be safe.", "interrupted": false}
		hookCall(t, route.hook("trust PostToolUse", false), "claude-code", post)
	}
	for _, d := range []string{"allow", "ask", "deny"} {
		if binaryDecisions[d] == 0 {
			t.Errorf("no call of the hook binary was answered %s (%v): the test does not keep every kind of record", d, binaryDecisions)
		}
	}
	if inProcessCases == 0 || inProcessCases == len(cases) {
		t.Errorf("%d of %d commands through the hook in this process: both ways must be taken", inProcessCases, len(cases))
	}
	// The person's side: feedback with the command pasted into the note,
	// a check from the terminal, the log read (which drains the spool).
	state := filepath.Join(dir, "state", "actionguard")
	for i, c := range all[:6] {
		if out, errb, exit := route.cli("feedback", false)(t, nil, "feedback", fmt.Sprintf("#%d", i+1), "--should-be", "block", "--note", "ran "+c.cmd); exit != 0 {
			t.Fatalf("feedback: %d %s %s", exit, out, errb)
		}
	}
	for _, c := range all[6:12] {
		route.cli("check", false)(t, nil, "check", "--json", c.cmd)
	}
	// A person approves Codex's requests, quoting the command in the note;
	// Codex's retry passes.
	out, errb, _ := route.cli("approvals list --json", false)(t, nil, "approvals", "list", "--json")
	approved := 0
	for _, line := range bytes.Split(bytes.TrimSpace(out), []byte("\n")) {
		var r struct {
			ID     string         `json:"id"`
			Action map[string]any `json:"action"`
		}
		if json.Unmarshal(line, &r) != nil || r.ID == "" {
			continue
		}
		var c *redactionCase
		for i := range all {
			if bytes.Contains(line, []byte(all[i].ref+`"`)) || bytes.Contains(line, []byte(all[i].ref+"\\")) {
				c = &all[i]
			}
		}
		if c == nil {
			t.Errorf("approval request %s names no command of the test: %s", r.ID, line)
			continue
		}
		if o, e, exit := route.cli("approvals approve", false)(t, nil, "approvals", "approve", r.ID, "--yes", "--note", "fine: "+c.cmd); exit != 0 {
			t.Fatalf("approvals approve: %d %s %s", exit, o, e)
		}
		approved++
	}
	if approved == 0 {
		t.Errorf("no approval request was opened: %s %s", out, errb)
	}
	passed, late := 0, 0
	var refused []string
	for _, cx := range codex {
		viaBinary := route.binaryFor("codex retry", false)
		hook := route.hookIn
		if viaBinary {
			hook = route.hookBin
		}
		d, reason := hookCallReason(t, hook, "codex", cx)
		switch {
		case d == "allow":
			passed++
		case viaBinary && d == "deny" && strings.Contains(reason, "could not check this action in time"):
			// The binary's watchdog answered: on a machine too loaded for
			// the hook's deadline the call is held, as it must be (its
			// own tests are adapter's); what this test is about is what
			// the records keep.
			late++
			t.Logf("the binary's retry %s was answered late: %s", cx["tool_use_id"], reason)
		case len(refused) < 5:
			refused = append(refused, fmt.Sprintf("%s (%s): %s: %s", cx["tool_use_id"], cx["session_id"], d, reason))
		}
	}
	if passed+late < approved {
		t.Errorf("%d requests approved, %d retries passed (%d answered late); not passed:\n%s", approved, passed, late, strings.Join(refused, "\n"))
	}
	if out, errb, exit := route.cli("audit tail", false)(t, nil, "audit", "tail", "-n", "50"); exit != 0 {
		t.Fatalf("audit tail: %d %s %s", exit, out, errb)
	}
	route.cli("approvals list", false)(t, nil, "approvals", "list")
	route.cli("trust list", false)(t, nil, "trust", "list", "--project", project)

	// Every kind of record is there.
	for _, glob := range []string{"sessions/*", "approvals/*", "trust/*.json", "audit.db"} {
		if m, _ := filepath.Glob(filepath.Join(state, glob)); len(m) == 0 {
			t.Errorf("no %s was written: the test does not reach every record", glob)
		}
	}

	// Nothing holds a password.
	files := map[string][]byte{}
	filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return nil
		}
		if b, err := os.ReadFile(path); err == nil {
			rel, _ := filepath.Rel(dir, path)
			files[rel] = b
		}
		return nil
	})
	texts := dbTexts(t, filepath.Join(state, "audit.db"))
	for _, c := range all {
		for name, b := range files {
			if i := bytes.Index(b, []byte(c.secret)); i >= 0 {
				t.Errorf("%s holds the password of %q: …%s…", name, c.cmd, b[max(0, i-120):min(len(b), i+40)])
			}
		}
		for _, s := range texts {
			if strings.Contains(s, c.secret) {
				t.Errorf("the audit database holds the password of %q: %.300s", c.cmd, s)
				break
			}
		}
		found := false
		for _, s := range texts {
			if strings.Contains(s, c.ref) && strings.Contains(s, c.prog) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("the audit database has no record of %q with its program", c.cmd)
		}
	}
	t.Logf("%d calls through the binaries, %d in this process; %d commands (%d of them through the hook in this process), %d files, %d database texts, decisions %v, %d approval requests approved, %d passed", route.viaBinary, route.viaInProcess, len(all), inProcessCases, len(files), len(texts), decisions, approved, passed)
}

func withEvent(base map[string]any, event string) map[string]any {
	m := map[string]any{"hook_event_name": event}
	for k, v := range base {
		m[k] = v
	}
	return m
}

// dbTexts returns every text and blob value of every table of the SQLite
// database at path.
func dbTexts(t *testing.T, path string) []string {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table'`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		rows.Scan(&n)
		tables = append(tables, n)
	}
	rows.Close()
	var out []string
	for _, table := range tables {
		rows, err := db.Query(`SELECT * FROM "` + table + `"`)
		if err != nil {
			t.Fatalf("%s: %v", table, err)
		}
		cols, _ := rows.Columns()
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		for rows.Next() {
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			var row []string
			for _, v := range vals {
				switch x := v.(type) {
				case string:
					row = append(row, x)
				case []byte:
					row = append(row, string(x))
				}
			}
			out = append(out, strings.Join(row, "\x00"))
		}
		rows.Close()
	}
	if len(out) == 0 {
		t.Fatal("the audit database is empty")
	}
	return out
}
