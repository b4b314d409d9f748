package bgdrain

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/internal/lockfile"
)

// fakeCLIEnv makes this test binary stand in for actionguard: it writes
// its arguments to the file the variable names, and whether it is in a
// session of its own.
const fakeCLIEnv = "ACTIONGUARD_BGDRAIN_TEST_OUT"

func TestMain(m *testing.M) {
	if out := os.Getenv(fakeCLIEnv); out != "" {
		os.WriteFile(out+".tmp", []byte(strings.Join(os.Args[1:], " ")+"\n"+detachedHere()), 0o600)
		os.Rename(out+".tmp", out)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestStartRunsTheDrainCommand(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "args")
	t.Setenv(fakeCLIEnv, out)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "actionguard.db")
	started, err := Start(self, db)
	if err != nil || !started {
		t.Fatalf("Start = %v, %v", started, err)
	}
	got := waitForFile(t, out)
	want := "audit drain --db " + db + "\n" + detachedWanted
	if got != want {
		t.Errorf("the drain ran as %q, want %q", got, want)
	}
}

func TestStartLeavesARunningDrain(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "actionguard.db")
	f, err := os.OpenFile(audit.SpoolPath(db)+".drain", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := lockfile.Exclusive(f); err != nil {
		t.Fatal(err)
	}
	started, err := Start(filepath.Join(dir, "no-such-binary"), db)
	if err != nil || started {
		t.Errorf("Start while a drain runs = %v, %v; want nothing started, no error", started, err)
	}
	lockfile.Unlock(f)
	if started, err := Start(filepath.Join(dir, "no-such-binary"), db); err == nil || started {
		t.Errorf("Start of a binary that is not there = %v, %v; want an error", started, err)
	}
	if _, err := Start("", db); err == nil {
		t.Error("Start with no binary gave no error")
	}
}

// waitForFile returns the file's content once it exists: the child writes
// it whole (a rename), so no partial content is read. It gives up after
// many tries, failing the test.
func waitForFile(t *testing.T, path string) string {
	t.Helper()
	for range 100000 {
		if b, err := os.ReadFile(path); err == nil {
			return string(b)
		}
		runtimeGosched()
	}
	t.Fatalf("the drain process never wrote %s", path)
	return ""
}
