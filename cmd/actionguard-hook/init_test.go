package main

import (
	"bufio"
	"bytes"
	"cmp"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Package initialisation runs before the hook reads its input, in every
// process. It is measured in what does not depend on the machine's speed:
// the bytes and allocations each package's init makes (GODEBUG=inittrace=1),
// summed over the binary. The budgets are the binary's figures with a
// little room; a change that builds a table at start instead of on first
// use goes over them. docs/benchmarks.md keeps the figures.
const (
	initBytesBudget  = 310 << 10
	initAllocsBudget = 1400
	// No one package may build more than this at start.
	initPackageBytesBudget = 150 << 10
)

func TestHookInitBudget(t *testing.T) {
	if testing.Short() && os.Getenv("CI") == "" {
		t.Skip("builds the hook binary; runs without -short and in CI")
	}
	// go test puts the go command of the toolchain that runs it first
	// in PATH. The binary is built with the test's own settings, so that
	// every package comes from the build cache the test binary filled and
	// only the link runs: -trimpath or another CGO_ENABLED than the
	// test's compiles the whole tree again (75 s of CI's time). Neither
	// changes what package initialisation makes (353,112 against 353,272
	// bytes for the shipped CGO_ENABLED=0 -trimpath build).
	gobin := "go"
	dir := t.TempDir()
	bin := filepath.Join(dir, "actionguard-hook")
	build := exec.Command(gobin, "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	in, err := os.ReadFile("../../bench/hookinputs/routine.json")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "hook", "claude-code")
	cmd.Stdin = bytes.NewReader(in)
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "HOME="+filepath.Join(dir, "home"), "ACTIONGUARD_DB="+filepath.Join(dir, "state", "audit.db"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil && !strings.Contains(string(out), "permissionDecision") {
		t.Fatalf("the hook did not answer: %v\n%s\n%s", err, out, stderr.Bytes())
	}
	inits := parseInitTrace(stderr.Bytes())
	if len(inits) < 20 || inits["github.com/actionguard/actionguard/analyze/shell"] == nil {
		t.Fatalf("inittrace named %d packages, without analyze/shell: the check is not looking\n%s", len(inits), stderr.Bytes())
	}
	var bytesSum, allocs int
	for pkg, c := range inits {
		bytesSum += c.bytes
		allocs += c.allocs
		if c.bytes > initPackageBytesBudget {
			t.Errorf("%s builds %d KB at start (budget %d KB a package): build it on first use", pkg, c.bytes>>10, initPackageBytesBudget>>10)
		}
	}
	for _, pkg := range idleAtStart {
		if c := inits[pkg]; c != nil && (c.bytes > 0 || c.allocs > 0) {
			t.Errorf("%s allocates %d bytes in %d allocations at start: its tables are built on first use, so a call that never needs them pays nothing", pkg, c.bytes, c.allocs)
		}
	}
	t.Logf("package initialisation: %d KB, %d allocations over %d packages", bytesSum>>10, allocs, len(inits))
	if bytesSum > initBytesBudget || allocs > initAllocsBudget {
		t.Errorf("package initialisation makes %d KB in %d allocations, over the budget of %d KB and %d: build tables on first use (the largest: %s)",
			bytesSum>>10, allocs, initBytesBudget>>10, initAllocsBudget, largestInits(inits, 5))
	}
}

// idleAtStart are packages on the hook's path that build nothing when the
// process starts: what they need is built the first time a call uses it.
var idleAtStart = []string{
	"github.com/actionguard/actionguard/analyze/sql/internal/sqllexer", // the SQL keyword trie: only a command that reaches a database client lexes SQL
}

type initCost struct{ bytes, allocs int }

// parseInitTrace reads GODEBUG=inittrace=1 lines:
//
//	init github.com/x/y @1.2 ms, 0.10 ms clock, 1576 bytes, 6 allocs
func parseInitTrace(trace []byte) map[string]*initCost {
	out := map[string]*initCost{}
	sc := bufio.NewScanner(bytes.NewReader(trace))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 11 || f[0] != "init" || f[8] != "bytes," || f[10] != "allocs" {
			continue
		}
		b, err1 := strconv.Atoi(f[7])
		a, err2 := strconv.Atoi(f[9])
		if err1 != nil || err2 != nil {
			continue
		}
		c := out[f[1]]
		if c == nil {
			c = &initCost{}
			out[f[1]] = c
		}
		c.bytes += b
		c.allocs += a
	}
	return out
}

func largestInits(inits map[string]*initCost, n int) string {
	pkgs := slices.SortedFunc(maps.Keys(inits), func(a, b string) int { return cmp.Compare(inits[b].bytes, inits[a].bytes) })
	var parts []string
	for _, p := range pkgs[:min(n, len(pkgs))] {
		parts = append(parts, p+" "+strconv.Itoa(inits[p].bytes>>10)+" KB")
	}
	return strings.Join(parts, ", ")
}
