package learn

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestCommandPattern(t *testing.T) {
	f, err := os.Open("testdata/patterns.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cmd, want, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("bad line %q", line)
		}
		n++
		got, ok := CommandPattern(cmd)
		if want == "-" {
			if ok {
				t.Errorf("%q → %q, want no pattern", cmd, got)
			}
			continue
		}
		if !ok || got != want {
			t.Errorf("%q → %q (%v), want %q", cmd, got, ok, want)
		}
	}
	if n < 20 {
		t.Fatalf("only %d cases", n)
	}
	if p, ok := Pattern("Write", map[string]any{"file_path": "/home/u/app/src/a.go", "content": "x"}); !ok || p != "Write(content=arg, file_path=arg)" {
		t.Errorf("Write pattern %q", p)
	}
}

func TestTrust(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	tr := OpenTrust(dir, TrustOptions{Now: func() time.Time { return now }})
	const proj, pat = "/home/u/app", "rm -f -r <path>"
	for i := 1; i <= 4; i++ {
		if _, trusted, _ := tr.Lookup(proj, pat); trusted {
			t.Fatalf("trusted after %d approvals", i-1)
		}
		e, err := tr.RecordApproval(proj, pat, "rm -rf src/old", false)
		if err != nil {
			t.Fatal(err)
		}
		if e.Count != i {
			t.Fatalf("count %d, want %d", e.Count, i)
		}
	}
	e, trusted, err := tr.Lookup(proj, pat)
	if err != nil || !trusted || e.Count != 4 {
		t.Fatalf("after 4 approvals: %+v trusted=%v err=%v", e, trusted, err)
	}
	if _, trusted, _ := tr.Lookup("/home/u/other", pat); trusted {
		t.Error("trust leaked to another project")
	}
	// Trust expires 30 days after the last approval or use.
	now = now.Add(29 * 24 * time.Hour)
	if err := tr.MarkUsed(proj, pat); err != nil {
		t.Fatal(err)
	}
	now = now.Add(29 * 24 * time.Hour)
	if _, trusted, _ := tr.Lookup(proj, pat); !trusted {
		t.Error("expired although used 29 days ago")
	}
	now = now.Add(2 * 24 * time.Hour)
	if e, trusted, _ := tr.Lookup(proj, pat); trusted || e.Needs != 1 {
		t.Errorf("not expired after 31 days: %+v", e)
	}
	// Revoked: it takes four approvals again.
	tr.RecordApproval(proj, pat, "", false)
	if n, err := tr.Revoke(proj, pat); n != 1 || err != nil {
		t.Fatalf("revoke: %d, %v", n, err)
	}
	if e, trusted, _ := tr.Lookup(proj, pat); trusted || e.Needs != 4 {
		t.Errorf("after revoke: %+v", e)
	}
	now = now.Add(time.Minute)
	for range 3 {
		tr.RecordApproval(proj, pat, "", false)
	}
	if _, trusted, _ := tr.Lookup(proj, pat); trusted {
		t.Error("trusted again after 3 approvals since the revocation")
	}
	tr.RecordApproval(proj, pat, "", false)
	if _, trusted, _ := tr.Lookup(proj, pat); !trusted {
		t.Error("not trusted after 4 approvals since the revocation")
	}
	// A dangerous approval never counts.
	if _, err := tr.RecordApproval(proj, "rm -f -r /", "rm -rf /", true); !errors.Is(err, ErrDangerous) {
		t.Errorf("dangerous approval: %v", err)
	}
	list, _ := tr.List(proj)
	for _, e := range list {
		if e.Pattern == "rm -f -r /" {
			t.Error("the store holds a dangerous pattern")
		}
	}
}

func TestTrustConcurrentAndCorrupt(t *testing.T) {
	dir := t.TempDir()
	tr := OpenTrust(dir, TrustOptions{})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 5 {
				if _, err := OpenTrust(dir, TrustOptions{}).RecordApproval("/p", "ls <path>", "ls x", false); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if e, _, _ := tr.Lookup("/p", "ls <path>"); e.Count != 40 {
		t.Errorf("count %d after 40 concurrent approvals", e.Count)
	}
	os.WriteFile(tr.Path("/p"), []byte("{not json"), 0o600)
	if _, _, err := tr.Lookup("/p", "ls <path>"); err == nil {
		t.Error("a corrupt store is not reported")
	}
	if e, err := tr.RecordApproval("/p", "ls <path>", "", false); err != nil || e.Count != 1 {
		t.Errorf("after the corrupt file: %+v %v", e, err)
	}
}

func TestHours(t *testing.T) {
	dir := t.TempDir()
	h := OpenHours(dir, nil)
	start := time.Date(2026, 11, 1, 0, 0, 0, 0, time.Local)
	for d := range 10 {
		for hr := 9; hr < 18; hr++ {
			if err := h.Record(start.AddDate(0, 0, d).Add(time.Duration(hr) * time.Hour)); err != nil {
				t.Fatal(err)
			}
		}
	}
	at := func(hr, min int) time.Time { return time.Date(2026, 11, 20, hr, min, 0, 0, time.Local) }
	if u, why, _ := h.Unusual(at(3, 12)); !u || !strings.Contains(why, "03:12") {
		t.Errorf("03:12: %v %q", u, why)
	}
	for _, hr := range []int{8, 10, 18} {
		if u, _, _ := h.Unusual(at(hr, 0)); u {
			t.Errorf("%02d:00 is unusual", hr)
		}
	}
	if u, _, _ := OpenHours(t.TempDir(), nil).Unusual(at(3, 0)); u {
		t.Error("unusual with nothing learned")
	}
}

func FuzzCommandPattern(f *testing.F) {
	for _, s := range []string{"rm -rf build", "git push origin main", "a | b && c; d &", "echo $(x)", "kubectl -n prod delete pod x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, ok := CommandPattern(s)
		if ok && p == "" {
			t.Fatalf("%q: empty pattern", s)
		}
	})
}

func BenchmarkLookup(b *testing.B) {
	dir := b.TempDir()
	tr := OpenTrust(dir, TrustOptions{})
	for i := range 1000 {
		tr.RecordApproval("/p"+string(rune('a'+i%20)), "cmd <arg> "+string(rune('a'+i%50)), "cmd x", false)
	}
	b.ReportAllocs()
	for b.Loop() {
		tr.Lookup("/pa", "cmd <arg> a")
	}
}

func BenchmarkCommandPattern(b *testing.B) {
	for b.Loop() {
		CommandPattern("kubectl delete pod web-1 -n staging --grace-period=0")
	}
}
