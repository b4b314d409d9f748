package cli_test

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/agentproc"
	"github.com/actionguard/actionguard/internal/hookrun"
	"github.com/actionguard/actionguard/server"
	"github.com/actionguard/actionguard/store"
	"golang.org/x/sys/unix"
	"net/http/httptest"
)

// openPty opens a pseudo-terminal pair: the master the test reads and
// types on, the slave the child runs on.
func openPty(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		t.Skipf("unlocking the pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		m.Close()
		t.Skipf("naming the pseudo-terminal: %v", err)
	}
	s, err := os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Skipf("opening the pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { m.Close(); s.Close() })
	return m, s
}

var sixDigits = regexp.MustCompile(`\b(\d{6})\b`)

// attacker is what a program the agent starts does on a terminal it
// owns: it reads everything shown and types back any six-digit code and
// a yes to any question.
type attacker struct {
	mu    sync.Mutex
	shown bytes.Buffer
}

func (a *attacker) run(master *os.File) {
	buf := make([]byte, 4096)
	answered := map[string]bool{}
	for {
		n, err := master.Read(buf)
		if n > 0 {
			a.mu.Lock()
			a.shown.Write(buf[:n])
			text := a.shown.String()
			a.mu.Unlock()
			for _, m := range sixDigits.FindAllStringSubmatch(text, -1) {
				if !answered[m[1]] {
					answered[m[1]] = true
					io.WriteString(master, m[1]+"\n")
				}
			}
			if strings.Contains(text, "[y/N]") && !answered["y"] {
				answered["y"] = true
				io.WriteString(master, "y\n")
			}
		}
		if err != nil {
			return // the terminal's last holder closed it (EIO)
		}
	}
}

func (a *attacker) text() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.shown.String()
}

// The attack of a prompt-injected agent on its own held request: a shell
// that carries the agent's marker starts the command line with the
// marker cleared (env -i), once without a terminal and once on a
// pseudo-terminal the attacker owns and answers. Both are refused and the
// request stays held; a person signed in on the approval page still
// approves it, and the held call runs once.
func TestAgentPtyCannotApproveItself(t *testing.T) {
	if a, ok := agentproc.Find(); ok {
		t.Skipf("these tests run under a coding agent (%s): a person's route cannot be shown from here", a)
	}
	dir := t.TempDir()
	s := &selfApproval{t: t, bin: hookBuild(t), dir: dir, db: filepath.Join(dir, "audit.db"), project: filepath.Join(dir, "project")}
	if err := os.MkdirAll(s.project, 0o755); err != nil {
		t.Fatal(err)
	}
	const push = "git push --force origin feature"
	const session = "cx-pty-1"
	decision, reason, id := s.hook("codex", session, s.project, push)
	if decision != "deny" || id == "" {
		t.Fatalf("the held call: %s: %s", decision, reason)
	}
	stillHeld := func(route string) {
		t.Helper()
		if r := s.request(id); r.Status != approval.StatusPending || r.DecisionSeq != 0 {
			t.Fatalf("after %s: %s is %s (record %d), want pending", route, id, r.Status, r.DecisionSeq)
		}
	}
	// The agent's shell: its marker in its own environment; the command
	// it starts gets a cleared one with only what it needs.
	inner := `env -i PATH="$PATH" HOME="$HOME" XDG_CONFIG_HOME="$XDG_CONFIG_HOME" ACTIONGUARD_DB="$ACTIONGUARD_DB" "$BIN" approvals approve "$ID"`
	shellEnv := func(marker string) []string {
		return append(hookEnv(dir), "BIN="+s.bin, "ID="+id, marker)
	}
	for _, marker := range []string{"CLAUDECODE=1", "CODEX_SANDBOX=seatbelt", "GEMINI_CLI=1"} {
		for _, flags := range []string{"", " --yes", " --json --yes"} {
			cmd := exec.Command("sh", "-c", inner+flags+"; echo exit=$?")
			cmd.Dir, cmd.Env, cmd.Stdin = s.project, shellEnv(marker), strings.NewReader(id+"\ny\n")
			out, err := cmd.CombinedOutput()
			k, _, _ := strings.Cut(marker, "=")
			if err != nil || strings.Contains(string(out), "exit=0") || !strings.Contains(string(out), "refusing to approve "+id) ||
				!strings.Contains(string(out), k+" is set in the environment of its parent process") {
				t.Errorf("no terminal, %s in the parent%s: %v: %s", marker, flags, err, out)
			}
		}
	}
	stillHeld("the command line without a terminal")

	for _, marker := range []string{"CLAUDECODE=1", "CODEX_THREAD_ID=th-1"} {
		master, slave := openPty(t)
		cmd := exec.Command("sh", "-c", inner+"; echo exit=$?")
		cmd.Dir, cmd.Env = s.project, shellEnv(marker)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		slave.Close()
		att := &attacker{}
		done := make(chan struct{})
		go func() { att.run(master); close(done) }()
		err := cmd.Wait()
		<-done
		shown := att.text()
		k, _, _ := strings.Cut(marker, "=")
		if err != nil || strings.Contains(shown, "exit=0") || !strings.Contains(shown, "refusing to approve "+id) ||
			!strings.Contains(shown, k+" is set in the environment of its parent process") {
			t.Errorf("on a pseudo-terminal, %s in the parent: %v: %s", marker, err, shown)
		}
		stillHeld("the command line on a pseudo-terminal")
	}

	// A person: an approver token made in their own terminal, signed in on
	// the page, approving the request.
	st, err := store.Open(t.Context(), s.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv := server.New(st, guard.New(guard.WithHome(filepath.Join(dir, "home"))), server.WithApprovalDir(hookrun.ApprovalsDir(s.db)),
		server.WithTokenCacheTTL(time.Hour))
	s.ts = httptest.NewServer(srv)
	defer func() { srv.Close(); s.ts.Close() }()
	r := s.run(hookEnv(dir), "", "tokens", "create", "alice", "--scope", "approver")
	if r.exit != 0 {
		t.Fatalf("tokens create in a person's terminal: %d %s", r.exit, r.stderr)
	}
	page, csrf, code := s.pageLogin(strings.TrimSpace(string(r.stdout)))
	if code != 200 {
		t.Fatalf("the person's page login: %d", code)
	}
	if code, body := s.post(page, "POST", "/v1/approvals/"+id+"/approve", `{}`, s.pageHeaders(csrf)); code != http.StatusOK {
		t.Fatalf("the person's approval on the page: %d %s", code, body)
	}
	if decision, reason, _ := s.hook("codex", session, s.project, push); decision != "allow" || !strings.Contains(reason, "Approved by alice (approval page)") {
		t.Fatalf("the approved call: %s: %s", decision, reason)
	}
	if decision, _, _ := s.hook("codex", session, s.project, push); decision != "deny" {
		t.Error("the approval let a second call through")
	}
}
