package cli

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/store"
)

// batchFixture is an audit database with pending requests: two PRIVILEGED
// file deletions and, unless skipped, a DANGEROUS one — which no check
// opens today (a DANGEROUS action is blocked), so it is stored here.
type batchFixture struct {
	db            string
	rmA, rmB, etc string
}

func newBatchFixture(t *testing.T) *batchFixture {
	t.Helper()
	ctx := context.Background()
	f := &batchFixture{db: filepath.Join(t.TempDir(), "audit.db")}
	st, err := store.Open(ctx, f.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	q := &approval.Queue{Store: st}
	open := func(cmd, level string, risk int) string {
		sum := approval.Summary{Tool: "Bash", Agent: "codex", Verdict: "approve", Level: level, Risk: risk, Reason: "Deletes.",
			Rules: []string{"shell.fs.rm"}, Anomalies: []string{"a burst of privileged actions: 5 in 10s"}}
		o, err := q.Gate(ctx, []byte(`{"tool":"Bash","input":{"command":"`+cmd+`"},"context":{"cwd":"/home/x/proj"}}`), sum, approval.Key{Session: "s1", InputHash: approval.InputHash("Bash", map[string]any{"command": cmd})})
		if err != nil {
			t.Fatal(err)
		}
		return o.Request.ID
	}
	f.rmA = open("rm a.txt", "privileged", 7)
	f.rmB = open("rm b.txt", "privileged", 7)
	f.etc = open("rm /etc/hosts", "dangerous", 10)
	return f
}

// run runs the command line on the fixture's database; terminal says
// whether standard input is a terminal (the output never is: no colour).
func (f *batchFixture) run(terminal bool, stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	in := strings.NewReader(stdin)
	env := Env{Args: args, Stdin: in, Stdout: &out, Stderr: &errb,
		Getenv: func(k string) string {
			switch k {
			case "ACTIONGUARD_DB":
				return f.db
			case "USER":
				return "alice"
			}
			return ""
		},
		IsTerminal: func(w any) bool { return terminal && w == any(in) }}
	code = Run(env)
	return code, out.String(), errb.String()
}

// request reads a request from the fixture's store.
func (f *batchFixture) request(t *testing.T, id string) approval.Request {
	t.Helper()
	st, err := store.Open(context.Background(), f.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r, err := st.Approval(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func (f *batchFixture) status(t *testing.T, id string) approval.Status {
	t.Helper()
	return f.request(t, id).Status
}

// A batch approval that holds a DANGEROUS request is refused before anyone
// is asked, and decides nothing; rejecting it in a batch is fine, and it
// can be approved on its own.
func TestApprovalsBatchDangerous(t *testing.T) {
	f := newBatchFixture(t)
	code, _, stderr := f.run(true, "y\n", "approvals", "approve", f.rmA, f.etc, f.rmB)
	if code != ExitUsage || !strings.Contains(stderr, "request "+f.etc+" is DANGEROUS") ||
		!strings.Contains(stderr, "hint: read it with 'actionguard approvals show "+f.etc+"' and approve it on its own") {
		t.Errorf("approving a batch with a DANGEROUS request: exit %d\n%s", code, stderr)
	}
	for _, id := range []string{f.rmA, f.rmB, f.etc} {
		if s := f.status(t, id); s != approval.StatusPending {
			t.Errorf("%s is %s after a refused batch", id, s)
		}
	}
	// Its group is marked, and refused the same way.
	code, stdout, _ := f.run(false, "", "approvals", "list", "--grouped")
	if code != 0 || !strings.Contains(stdout, "1 file deletion in system folders, outside /home/x/proj  DANGEROUS: reject together, approve only one by one") ||
		!strings.Contains(stdout, "2 file deletions in /home/x/proj\n") || !strings.Contains(stdout, "⚠ unusual: a burst of privileged actions") {
		t.Errorf("list --grouped: exit %d\n%s", code, stdout)
	}
	key := groupKeyOf(t, f, f.etc)
	if code, _, stderr := f.run(false, "", "approvals", "approve", "--group", key, "--yes"); code != ExitUsage || !strings.Contains(stderr, "DANGEROUS") {
		t.Errorf("approve --group of the DANGEROUS one: exit %d\n%s", code, stderr)
	}
	if code, stdout, stderr := f.run(false, "", "approvals", "reject", f.etc, f.rmB, "--yes"); code != 0 || !strings.Contains(stdout, "Rejected 2 requests.") {
		t.Errorf("rejecting a batch with a DANGEROUS request: exit %d\n%s%s", code, stdout, stderr)
	}
	if s := f.status(t, f.etc); s != approval.StatusRejected {
		t.Errorf("%s is %s", f.etc, s)
	}
	// One on its own: a person looked at it.
	f2 := newBatchFixture(t)
	if code, stdout, stderr := f2.run(false, "", "approvals", "approve", f2.etc); code != 0 || !strings.Contains(stdout, "approved by alice") {
		t.Errorf("approving a DANGEROUS request on its own: exit %d\n%s%s", code, stdout, stderr)
	}
}

func groupKeyOf(t *testing.T, f *batchFixture, id string) string {
	t.Helper()
	r := f.request(t, id)
	return approval.GroupKey(&r)
}

// On a terminal, a batch is listed and asked about; anything but yes
// decides nothing. With --json the question goes to stderr.
func TestApprovalsBatchAsks(t *testing.T) {
	f := newBatchFixture(t)
	code, stdout, _ := f.run(true, "n\n", "approvals", "approve", f.rmA, f.rmB, "--note", "generated")
	if code != 0 || !strings.Contains(stdout, f.rmA+"  Risk: ███████░░░ 7/10  Run `rm a.txt` in `/home/x/proj`.") ||
		!strings.Contains(stdout, "⚠ unusual: a burst of privileged actions: 5 in 10s") ||
		!strings.Contains(stdout, `Approve these 2 requests with the note "generated"? [y/N] Nothing decided.`) {
		t.Errorf("answering no: exit %d\n%s", code, stdout)
	}
	if s := f.status(t, f.rmA); s != approval.StatusPending {
		t.Errorf("%s is %s after a no", f.rmA, s)
	}
	code, stdout, stderr := f.run(true, "y\n", "approvals", "approve", f.rmA, f.rmB, "--json")
	if code != 0 || !strings.Contains(stderr, "Approve these 2 requests? [y/N] ") || strings.Contains(stdout, "[y/N]") ||
		!strings.Contains(stdout, `{"id":"`+f.rmA+`","decided":true,"status":"approved"`) {
		t.Errorf("answering yes with --json: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, id := range []string{f.rmA, f.rmB} {
		if s := f.status(t, id); s != approval.StatusApproved {
			t.Errorf("%s is %s after a yes", id, s)
		}
	}
}
