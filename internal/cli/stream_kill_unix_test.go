//go:build unix

package cli_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store"
)

// streamCommands are what the killed streams check: allowed, held and
// blocked commands, one carrying a secret the log redacts.
var streamCommands = []string{
	"git status", "go test ./...", "rm -rf node_modules dist", "git push --force origin main",
	"ls -la src", "cat package.json | jq .scripts", "curl -H 'Authorization: Bearer 4f9a8b7c6d5e4f3a2b1c0d9e' https://api.example.com/v1",
	"psql -c 'DELETE FROM sessions'", "grep -rn TODO src/ | head -20",
}

// TestStreamKilledLosesNoAnswer kills `check --jsonl` (SIGKILL) at random
// moments while it answers, round after round on one database: every
// decision line the caller had read is an acknowledged decision, and its
// record must be in the log after the next drain of the spool the stream
// writes its records to (store.OpenDrained), the chain intact. One round is a
// caller that waits for each answer before it asks again (the stream must
// answer without waiting for more input); the others flood it.
func TestStreamKilledLosesNoAnswer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills processes")
	}
	bin := actionguardBinary(t)
	home := t.TempDir()
	db := filepath.Join(home, "audit.db")
	acked := map[string]bool{}
	for round := range 4 {
		pingPong := round == 0
		cmd := exec.Command(bin, "check", "--jsonl", "--db", db)
		cmd.Env = append(personEnviron(), "HOME="+home, "XDG_CONFIG_HOME="+home)
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		asked := make(chan struct{}, 1)
		var wg sync.WaitGroup
		wg.Go(func() {
			defer stdin.Close()
			for i := range 400_000 {
				line := fmt.Sprintf(`{"id":"r%d-%d","tool":"Bash","input":{"command":%q},"context":{"session_id":"kill-%d"}}`+"\n",
					round, i, streamCommands[i%len(streamCommands)], round)
				if _, err := io.WriteString(stdin, line); err != nil {
					return // killed
				}
				if pingPong {
					if _, ok := <-asked; !ok {
						return
					}
				}
			}
		})
		var got []string
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		killAfter := 50 + rand.IntN(3000)
		if pingPong {
			killAfter = 200
		}
		timeout := time.AfterFunc(60*time.Second, func() { cmd.Process.Kill() })
		partial := ""
		for sc.Scan() {
			var d struct {
				ID string `json:"id"`
			}
			if partial != "" {
				t.Fatalf("round %d: a decision line without an id: %q", round, partial)
			}
			if err := json.Unmarshal(sc.Bytes(), &d); err != nil || d.ID == "" {
				// Only the last line may be cut off, by the kill.
				partial = sc.Text()
				continue
			}
			got = append(got, d.ID)
			if pingPong {
				asked <- struct{}{}
			}
			if len(got) == killAfter {
				if !pingPong {
					time.Sleep(time.Duration(rand.IntN(20)) * time.Millisecond)
				}
				cmd.Process.Signal(syscall.SIGKILL)
			}
		}
		timeout.Stop()
		if partial != "" && len(got) < killAfter {
			t.Fatalf("round %d: a decision line without an id: %q", round, partial)
		}
		close(asked)
		cmd.Wait()
		wg.Wait()
		if len(got) < killAfter {
			t.Fatalf("round %d: %d answers before the stream ended, want at least %d (%v)", round, len(got), killAfter, cmd.ProcessState)
		}
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
			t.Fatalf("round %d: the stream was not killed: %v", round, cmd.ProcessState)
		}
		for _, id := range got {
			acked[id] = true
		}
		n := checkStreamLog(t, db, acked)
		t.Logf("round %d: %d answers read, %d records in the log", round, len(got), n)
	}
}

// checkStreamLog drains the spool into the log, as the next command that
// opens it does, checks that the chain is intact and that every
// acknowledged decision id has its record; it returns the record count.
func checkStreamLog(t *testing.T, db string, acked map[string]bool) int64 {
	t.Helper()
	ctx := context.Background()
	s, err := store.OpenDrained(ctx, db)
	if err != nil {
		t.Fatalf("opening the killed stream's log: %v", err)
	}
	defer s.Close()
	l := audit.New(s)
	res, err := l.Verify(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	n, err := l.Count(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() || res.Checked != n {
		t.Fatalf("Verify = %v, want %d records intact", res, n)
	}
	seen := map[string]bool{}
	if err := l.Export(ctx, audit.ExportOptions{}, func(r audit.Record) error {
		var a struct {
			ID string `json:"id"`
		}
		json.Unmarshal(r.Action, &a)
		seen[a.ID] = true
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	missing := 0
	for id := range acked {
		if !seen[id] {
			if missing++; missing <= 5 {
				t.Errorf("decision %s was answered but has no record", id)
			}
		}
	}
	if missing > 0 {
		t.Fatalf("%d of %d answered decisions have no record", missing, len(acked))
	}
	return n
}
