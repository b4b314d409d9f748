package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

const run = `{"Action":"start","Package":"p"}
{"Action":"run","Package":"p","Test":"TestA"}
{"Action":"output","Package":"p","Test":"TestA","Output":"=== RUN   TestA\n"}
{"Action":"output","Package":"p","Test":"TestA","Output":"--- PASS: TestA (0.00s)\n"}
{"Action":"pass","Package":"p","Test":"TestA","Elapsed":3.5}
{"Action":"run","Package":"p","Test":"TestB"}
{"Action":"output","Package":"p","Test":"TestB","Output":"=== RUN   TestB\n"}
{"Action":"output","Package":"p","Test":"TestB","Output":"    b_test.go:17: git is not installed\n"}
{"Action":"output","Package":"p","Test":"TestB","Output":"--- SKIP: TestB (0.00s)\n"}
{"Action":"skip","Package":"p","Test":"TestB","Elapsed":0}
{"Action":"run","Package":"p","Test":"TestC"}
{"Action":"output","Package":"p","Test":"TestC","Output":"    c_test.go:9: got 1, want 2\n"}
{"Action":"fail","Package":"p","Test":"TestC","Elapsed":0}
{"Action":"fail","Package":"p","Elapsed":0.5}
{"ImportPath":"q [q.test]","Action":"build-output","Output":"q/x.go:1:1: undefined: y\n"}
{"ImportPath":"q [q.test]","Action":"build-fail"}
{"Action":"skip","Package":"r","Elapsed":0}
`

func TestSummary(t *testing.T) {
	var out bytes.Buffer
	s := &summary{out: &out, output: map[key][]string{}, builds: map[string][]string{}}
	if err := s.read(strings.NewReader(run)); err != nil {
		t.Fatal(err)
	}
	if s.report() {
		t.Error("a run with a failed test and a failed build reported success")
	}
	got := out.String()
	for _, want := range []string{
		"--- FAIL p TestC\n    " + "    c_test.go:9: got 1, want 2",
		"FAIL build q [q.test]\nq/x.go:1:1: undefined: y",
		"2 packages failed\ntests: 1 passed, 1 failed, 1 skipped\n",
		"  p TestB: git is not installed",
		"?    r [no test files]",
		"the slowest tests:\n     3.5s p TestA\n     0.0s p TestC\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}

func TestAllPassed(t *testing.T) {
	var out bytes.Buffer
	s := &summary{out: &out, output: map[key][]string{}, builds: map[string][]string{}}
	s.read(strings.NewReader(`{"Action":"pass","Package":"p","Test":"TestA"}
{"Action":"pass","Package":"p","Elapsed":1.25}
`))
	if !s.report() {
		t.Errorf("a clean run reported failure:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "ok   p 1.2s") && !strings.Contains(out.String(), "ok   p 1.3s") {
		t.Errorf("no package line:\n%s", out.String())
	}
}

// The counts are the last line, in the form a reader of closing lines
// takes for a test run's: "tests: N passed, N failed, N skipped".
func TestCountsLast(t *testing.T) {
	var out bytes.Buffer
	s := &summary{out: &out, output: map[key][]string{}, builds: map[string][]string{}}
	s.read(strings.NewReader(run))
	s.report()
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	if last := lines[len(lines)-1]; last != "tests: 1 passed, 1 failed, 1 skipped" {
		t.Errorf("last line %q", last)
	}
}

// Only top-level tests are named among the slowest, at most ten.
func TestSlowest(t *testing.T) {
	var in strings.Builder
	for i := range 12 {
		fmt.Fprintf(&in, `{"Action":"pass","Package":"p","Test":"T%02d","Elapsed":%d}`+"\n", i, i)
	}
	in.WriteString(`{"Action":"pass","Package":"p","Test":"T11/sub","Elapsed":99}` + "\n")
	var out bytes.Buffer
	s := &summary{out: &out, output: map[key][]string{}, builds: map[string][]string{}}
	s.read(strings.NewReader(in.String()))
	s.report()
	got := out.String()
	if strings.Contains(got, "T11/sub") || !strings.Contains(got, "11.0s p T11\n") || !strings.Contains(got, "2.0s p T02\n") || strings.Contains(got, "1.0s p T01\n") {
		t.Errorf("slowest tests:\n%s", got)
	}
}
