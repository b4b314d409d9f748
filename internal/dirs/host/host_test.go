package host

import (
	"os"
	"path/filepath"
	"testing"
)

// TestEnvFindsEarlierDirectories: on this machine's file system, an
// earlier release's configuration directory is found where the system's
// convention differs from it, and the conventional one otherwise.
func TestEnvFindsEarlierDirectories(t *testing.T) {
	home := t.TempDir()
	vars := map[string]string{"HOME": home}
	e := EnvWith(func(k string) string { return vars[k] })
	before, err := e.ConfigDir()
	if err != nil || !filepath.IsAbs(before) {
		t.Fatalf("ConfigDir = %q, %v", before, err)
	}
	legacy := filepath.Join(home, ".config", "actionguard")
	if err := os.MkdirAll(legacy, 0o700); err != nil {
		t.Fatal(err)
	}
	after, err := e.ConfigDir()
	if err != nil || after != legacy {
		t.Errorf("with %s present, ConfigDir = %q, %v; want it kept", legacy, after, err)
	}
	if e.Exists(filepath.Join(home, "missing")) {
		t.Error("Exists reports a missing directory")
	}
}

func TestEnvOfProcess(t *testing.T) {
	t.Setenv("ACTIONGUARD_DB", filepath.Join(t.TempDir(), "x.db"))
	p, err := Env().DBPath()
	if err != nil || p != os.Getenv("ACTIONGUARD_DB") {
		t.Errorf("DBPath = %q, %v; want $ACTIONGUARD_DB", p, err)
	}
}
