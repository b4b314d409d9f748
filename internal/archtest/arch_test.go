package archtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// systems are the systems whose builds are checked: files for one system
// (locking, file times) may import what the others do not.
var systems = []string{"linux", "darwin", "windows"}

var listed struct {
	once sync.Once
	mod  string
	pkgs map[string][]pkg // by system
	err  error
}

// list runs `go list -deps -json ./...` once per system for the test
// binary.
func list(t *testing.T) (string, map[string][]pkg) {
	t.Helper()
	if testing.Short() && os.Getenv("CI") == "" {
		t.Skip("lists the module's packages with the go tool; runs without -short and in CI")
	}
	listed.once.Do(func() {
		root, err := filepath.Abs(filepath.Join("..", ".."))
		if err != nil {
			listed.err = err
			return
		}
		gobin := "go"
		out, err := exec.Command(gobin, "list", "-m").Output()
		if err != nil {
			listed.err = err
			return
		}
		listed.mod = strings.TrimSpace(string(out))
		listed.pkgs = map[string][]pkg{}
		for _, goos := range systems {
			cmd := exec.Command(gobin, "list", "-deps", "-json", "./...")
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "GOOS="+goos, "CGO_ENABLED=0")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				listed.err = errors.New("go list (" + goos + "): " + err.Error() + ": " + stderr.String())
				return
			}
			dec := json.NewDecoder(bytes.NewReader(out))
			for {
				var p pkg
				if err := dec.Decode(&p); err == io.EOF {
					break
				} else if err != nil {
					listed.err = err
					return
				}
				listed.pkgs[goos] = append(listed.pkgs[goos], p)
			}
		}
	})
	if listed.err != nil {
		t.Fatal(listed.err)
	}
	return listed.mod, listed.pkgs
}

func TestArchitectureLayers(t *testing.T) {
	mod, bySystem := list(t)
	for _, goos := range systems {
		pkgs := bySystem[goos]
		n := 0
		for _, p := range pkgs {
			if strings.HasPrefix(p.ImportPath, mod+"/") {
				n++
			}
		}
		if n < 40 {
			t.Fatalf("%s: go list named %d packages of %s: the check is not looking", goos, n, mod)
		}
		for _, v := range violations(mod, pkgs) {
			t.Errorf("%s: %s", goos, v)
		}
	}
}

// TestArchitectureCheckSees proves the check reports what it forbids, on
// a module made up for it.
func TestArchitectureCheckSees(t *testing.T) {
	const mod = "example.com/m"
	p := func(path, name string, imports ...string) pkg {
		for i, imp := range imports {
			if !strings.Contains(imp, ".") && strings.Contains(imp, "/") && !isStd(imp) {
				imports[i] = mod + "/" + imp
			}
		}
		return pkg{ImportPath: mod + "/" + path, Name: name, Imports: imports}
	}
	pkgs := []pkg{
		p("rule", "rule", "strings"),
		p("internal/dirs", "dirs", "path"),
		p("internal/workctx", "workctx", "os"),
		p("analyze/shell", "shell", "net/url", "example.com/m/rule", "example.com/m/internal/workctx"),
		p("analyze/sql", "sql", "time"),
		p("analyze/tools", "tools", "example.com/m/guard"),
		p("guard", "guard", "os", "example.com/m/analyze/shell", "example.com/m/internal/cli"),
		p("internal/cli", "cli", "example.com/m/store/storetest"),
		p("store/storetest", "storetest", "example.com/m/store"),
		p("store", "store", "database/sql"),
		p("internal/unplaced", "unplaced", "example.com/m/guard"),
		p("bench/x", "main", "example.com/m/internal/cli"),
		p("analyze/shell/internal/gen", "main", "os"),
	}
	got := strings.Join(violations(mod, pkgs), "\n")
	for _, want := range []string{
		"internal/workctx (imported by the analyzer analyze/shell) imports os",
		"analyze/sql imports time",
		"analyze/tools (analyzer) imports guard (guard)",
		"guard (guard) imports internal/cli (cli)",
		"internal/cli imports store/storetest: test helpers are for tests",
		"internal/unplaced: not in the architecture's layers",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the check missed %q; it reported:\n%s", want, got)
		}
	}
	for _, clean := range []string{"analyze/shell imports net/url", "guard (guard) imports analyze/shell", "store imports database/sql", "bench/x", "analyze/shell/internal/gen"} {
		if strings.Contains(got, clean) {
			t.Errorf("the check reported an allowed import (%s):\n%s", clean, got)
		}
	}
}

func isStd(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".") && (first == "net" || first == "os" || first == "database" || first == "io" || first == "encoding")
}
