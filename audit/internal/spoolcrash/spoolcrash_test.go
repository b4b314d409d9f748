//go:build unix

package spoolcrash_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
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
	"github.com/actionguard/actionguard/audit/internal/writehook"
)

// TestMain runs the test binary as a writer when AG_SPOOL_WRITER is set.
func TestMain(m *testing.M) {
	if path := os.Getenv("AG_SPOOL_WRITER"); path != "" {
		os.Exit(writer(path, os.Getenv("AG_SPOOL_ID")))
	}
	os.Exit(m.Run())
}

// writer appends to the spool at path until it is killed, writing each
// frame in small pieces, and prints the index of each record whose Append
// returned. The pieces of one frame are written under an exclusive lock on
// a file beside the spool, so that writers do not interleave inside a
// frame, as one write(2) to an O_APPEND file does not.
func writer(path, id string) int {
	writehook.Spool = func(f *os.File, frame []byte) (int, error) {
		lf, err := os.OpenFile(path+".pieces", os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return 0, err
		}
		defer lf.Close()
		if err := syscall.Flock(int(lf.Fd()), syscall.LOCK_EX); err != nil {
			return 0, err
		}
		written := 0
		for len(frame) > 0 {
			k := min(24, len(frame))
			n, err := f.Write(frame[:k])
			if written += n; err != nil {
				return written, err
			}
			frame = frame[k:]
			time.Sleep(50 * time.Microsecond)
		}
		return written, nil
	}
	sp := audit.NewSpool(path)
	for i := 0; ; i++ {
		if err := sp.Append(record(id, i)); err != nil {
			fmt.Fprintln(os.Stderr, "append:", err)
			return 1
		}
		fmt.Println(i)
	}
}

// record is a blocked command, as the one a merged line once turned into
// an unreadable confirm.
func record(writer string, i int) *audit.Record {
	return &audit.Record{SessionID: writer, Agent: "claude-code", Tool: "Bash", Kind: "shell",
		Action:  []byte(fmt.Sprintf(`{"tool":"Bash","input":{"command":"rm -rf ~"},"n":%d}`, i)),
		Verdict: "block", Level: "dangerous", Rules: []string{"shell.fs.rm-home"}, Reason: "deletes your home directory"}
}

// Writers appending to the spool are SIGKILLed at random points of their
// writes, 1,000 times, several at a time. Every record then drained is
// either intact or a record saying it was cut off; none is merged with
// another: each writer's records read back whole, in order, every one it
// finished among them, and there are no more cut-off records than kills.
func TestSpoolKilledWriters(t *testing.T) {
	kills, together := 1000, 8
	if testing.Short() {
		kills = 80
	}
	spool := filepath.Join(t.TempDir(), "actionguard.db.spool")
	finished := map[string]int{} // writer → the last index it printed, -1 for none
	var mu sync.Mutex
	for wave := 0; wave < kills/together; wave++ {
		var wg sync.WaitGroup
		for p := range together {
			id := fmt.Sprintf("w%d-%d", wave, p)
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "AG_SPOOL_WRITER="+spool, "AG_SPOOL_ID="+id)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			wg.Go(func() {
				// Killed once it has finished a record, somewhere in the
				// writes after it.
				rd := bufio.NewReader(out)
				first, _ := rd.ReadString('\n')
				time.Sleep(time.Duration(rand.IntN(2000)) * time.Microsecond)
				cmd.Process.Signal(syscall.SIGKILL)
				rest, _ := io.ReadAll(rd)
				cmd.Wait()
				if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
					t.Errorf("writer %s was not killed: %s", id, stderr.String())
				}
				last := -1
				for _, f := range strings.Fields(first + string(rest)) {
					if n, err := strconv.Atoi(f); err == nil {
						last = n
					}
				}
				mu.Lock()
				finished[id] = last
				mu.Unlock()
			})
		}
		wg.Wait()
		if t.Failed() {
			t.FailNow()
		}
	}

	ctx := context.Background()
	l := audit.New(&memory{})
	moved, err := audit.NewSpool(spool).Drain(ctx, l)
	if err != nil {
		t.Fatal(err)
	}
	res, err := l.Verify(ctx, nil)
	if err != nil || !res.OK() || res.Checked != int64(moved) {
		t.Fatalf("Verify after draining %d records = %v, %v", moved, res, err)
	}
	got := map[string][]int{}
	cut := 0
	err = l.Export(ctx, audit.ExportOptions{}, func(r audit.Record) error {
		if r.Kind == audit.SpoolDamageKind {
			if !strings.Contains(r.Error, "cut off") || r.Verdict == "allow" {
				t.Errorf("record %d: a line damaged otherwise than cut off: %+v", r.Seq, r)
			}
			cut++
			return nil
		}
		var act struct{ N int }
		if r.Verdict != "block" || r.Reason != "deletes your home directory" || json.Unmarshal(r.Action, &act) != nil {
			t.Errorf("record %d does not read back whole: %+v", r.Seq, r)
			return nil
		}
		got[r.SessionID] = append(got[r.SessionID], act.N)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	records := 0
	for id, last := range finished {
		ns := got[id]
		records += len(ns)
		for i, n := range ns {
			if n != i {
				t.Errorf("writer %s: records %v: not each one once, in order", id, ns)
				break
			}
		}
		// Every record whose Append returned is there, and at most one more
		// (written whole just before the kill, not yet reported).
		if len(ns) < last+1 || len(ns) > last+2 {
			t.Errorf("writer %s finished records 0 to %d; the log has %v", id, last, ns)
		}
	}
	if cut > kills {
		t.Errorf("%d cut-off records from %d kills", cut, kills)
	}
	if records+cut != moved {
		t.Errorf("%d records and %d cut-off ones, but %d drained", records, cut, moved)
	}
	if cut == 0 {
		t.Errorf("no write was cut off in %d kills: the test did not test", kills)
	}
	t.Logf("%d kills: %d records intact, %d cut off mid-write, none merged", kills, records, cut)
}
