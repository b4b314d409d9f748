package audit_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/internal/testwait"
	"github.com/actionguard/actionguard/store"
)

// The tests here re-execute the test binary as helper processes, selected by
// AG_AUDIT_HELPER, that append to the database AG_AUDIT_DB and print each
// committed Seq on its own line.
func TestMain(m *testing.M) {
	switch os.Getenv("AG_AUDIT_HELPER") {
	case "":
		os.Exit(m.Run())
	case "hooks":
		os.Exit(helperHooks())
	case "loop":
		os.Exit(helperLoop())
	default:
		fmt.Fprintln(os.Stderr, "unknown AG_AUDIT_HELPER")
		os.Exit(2)
	}
}

// helperHooks behaves like AG_AUDIT_N hook processes in a row: each record
// is one open, one append, one close. It starts at AG_AUDIT_START (Unix
// nanoseconds), so that all helpers start together.
func helperHooks() int {
	ctx := context.Background()
	path, id := os.Getenv("AG_AUDIT_DB"), os.Getenv("AG_AUDIT_ID")
	n, _ := strconv.Atoi(os.Getenv("AG_AUDIT_N"))
	if start, err := strconv.ParseInt(os.Getenv("AG_AUDIT_START"), 10, 64); err == nil {
		time.Sleep(time.Until(time.Unix(0, start)))
	}
	for i := range n {
		s, err := store.Open(ctx, path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "open:", err)
			return 1
		}
		r := hookRecord(id, i)
		if err := audit.New(s).Append(ctx, r); err != nil {
			fmt.Fprintln(os.Stderr, "append:", err)
			return 1
		}
		if err := s.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "close:", err)
			return 1
		}
		fmt.Println(r.Seq)
	}
	return 0
}

// helperLoop appends until it is killed.
func helperLoop() int {
	ctx := context.Background()
	s, err := store.Open(ctx, os.Getenv("AG_AUDIT_DB"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "open:", err)
		return 1
	}
	l := audit.New(s)
	for i := 0; ; i++ {
		r := hookRecord(os.Getenv("AG_AUDIT_ID"), i)
		if err := l.Append(ctx, r); err != nil {
			fmt.Fprintln(os.Stderr, "append:", err)
			return 1
		}
		fmt.Println(r.Seq) // os.Stdout is unbuffered: the parent sees it at once
	}
}

func hookRecord(session string, i int) *audit.Record {
	return &audit.Record{
		SessionID: session, Agent: "claude-code", Tool: "Bash", Kind: "shell",
		Action:  []byte(fmt.Sprintf(`{"tool":"Bash","input":{"command":"make test # %s %d"}}`, session, i)),
		Verdict: "allow", Level: "safe", Rules: []string{"shell.make"}, Reason: "routine",
		DurationMicros: 40,
	}
}

// helper returns the command for a helper process.
func helper(t *testing.T, kind, db, id string, env ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), append([]string{
		"AG_AUDIT_HELPER=" + kind, "AG_AUDIT_DB=" + db, "AG_AUDIT_ID=" + id,
	}, env...)...)
	return cmd
}

// seqs parses the Seqs a helper printed.
func seqs(t *testing.T, out []byte) []int64 {
	t.Helper()
	var s []int64
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		n, err := strconv.ParseInt(line, 10, 64)
		if err != nil {
			// A helper killed mid-write leaves a partial last line.
			continue
		}
		s = append(s, n)
	}
	return s
}

// checkLog opens the database and checks that the chain is intact with
// gap-free Seq, and that every Seq in want is present. It returns the count.
func checkLog(t *testing.T, path string, want map[int64]bool) int64 {
	t.Helper()
	ctx := context.Background()
	s, err := store.Open(ctx, path)
	if err != nil {
		t.Fatalf("opening after the helpers: %v", err)
	}
	defer s.Close()
	l := audit.New(s)
	n, err := l.Count(ctx)
	if err != nil {
		t.Fatal(err)
	}
	res, err := l.Verify(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() || res.Checked != n || res.Last.Seq != n {
		t.Errorf("Verify = %v (last seq %d), want %d records intact", res, res.Last.Seq, n)
	}
	seen := map[int64]bool{}
	if err := l.Export(ctx, audit.ExportOptions{}, func(r audit.Record) error {
		seen[r.Seq] = true
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for seq := range want {
		if !seen[seq] {
			t.Errorf("record %d was committed but is missing", seq)
		}
	}
	return n
}

// Sixteen processes, started together on a database that does not exist
// yet, each behave like 50 hook calls: open, append one record, close.
func TestManyProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 16 processes")
	}
	const procs, each = 16, 50
	path := filepath.Join(t.TempDir(), "actionguard.db")
	start := strconv.FormatInt(time.Now().Add(300*time.Millisecond).UnixNano(), 10)
	var (
		wg        sync.WaitGroup
		mu        sync.Mutex
		committed = map[int64]bool{}
	)
	began := time.Now()
	for p := range procs {
		cmd := helper(t, "hooks", path, fmt.Sprintf("proc-%d", p), "AG_AUDIT_N="+strconv.Itoa(each), "AG_AUDIT_START="+start)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		wg.Go(func() {
			out, err := cmd.Output()
			if err != nil || stderr.Len() > 0 {
				t.Errorf("process %d: %v: %s", p, err, stderr.String())
			}
			got := seqs(t, out)
			if len(got) != each {
				t.Errorf("process %d committed %d records, want %d", p, len(got), each)
			}
			mu.Lock()
			defer mu.Unlock()
			for _, s := range got {
				if committed[s] {
					t.Errorf("Seq %d was given to two records", s)
				}
				committed[s] = true
			}
		})
	}
	wg.Wait()
	t.Logf("%d processes × %d open+append+close: %v", procs, each, time.Since(began))
	if n := checkLog(t, path, committed); n != procs*each {
		t.Errorf("Count = %d, want %d", n, procs*each)
	}
	// Each process's records are all there, under its session.
	s, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for p := range procs {
		n := 0
		audit.New(s).Export(context.Background(), audit.ExportOptions{Session: fmt.Sprintf("proc-%d", p)},
			func(audit.Record) error { n++; return nil })
		if n != each {
			t.Errorf("session proc-%d has %d records, want %d", p, n, each)
		}
	}
}

// Processes appending in a loop are SIGKILLed at random moments, several
// times over; afterwards the database opens, the chain is intact, and every
// record whose Append returned nil is there.
func TestKilledProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills processes")
	}
	const rounds, procs = 3, 4
	path := filepath.Join(t.TempDir(), "actionguard.db")
	committed := map[int64]bool{}
	for round := range rounds {
		var (
			wg sync.WaitGroup
			mu sync.Mutex
		)
		for p := range procs {
			cmd := helper(t, "loop", path, fmt.Sprintf("r%d-p%d", round, p))
			var stdout, stderr syncBuffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			wg.Go(func() {
				// Kill once the helper has committed something, at a random
				// moment after that.
				// (A started race-detector binary can take many seconds
				// on a loaded machine before it commits anything.)
				testwait.Until(t, fmt.Sprintf("helper %d's first commit", p), func() bool {
					return strings.Contains(stdout.String(), "\n")
				})
				time.Sleep(time.Duration(rand.IntN(150)) * time.Millisecond)
				cmd.Process.Signal(syscall.SIGKILL)
				err := cmd.Wait()
				if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
					t.Errorf("helper %d was not killed: %v: %s", p, err, stderr.String())
				}
				got := seqs(t, []byte(stdout.String()))
				if len(got) == 0 {
					t.Errorf("helper %d committed nothing before it was killed: %s", p, stderr.String())
				}
				mu.Lock()
				defer mu.Unlock()
				for _, s := range got {
					committed[s] = true
				}
			})
		}
		wg.Wait()
		n := checkLog(t, path, committed)
		t.Logf("round %d: %d records, %d of them reported committed", round, n, len(committed))
	}
}

// syncBuffer is a bytes.Buffer that a process writes while the test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
