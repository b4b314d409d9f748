// Command specindex writes analyze/shell/spec_index.go, the index of the
// program specs (analyze/shell/specs/hand.spec and gen.spec) as static
// data that the hook searches in place instead of scanning the texts at
// start-up (see docs/program-specs.md). Run it after editing a spec file:
//
//	go generate ./analyze/shell/    (or: go run ./internal/gen/specindex)
//
// (go generate runs it in analyze/shell with -out spec_index.go.) With
// -check it writes nothing and fails when the committed file is not
// the index of the committed texts.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"os"

	"github.com/actionguard/actionguard/analyze/shell"
)

func main() {
	check := flag.Bool("check", false, "only report whether the committed index is current")
	out := flag.String("out", "analyze/shell/spec_index.go", "the file to write")
	flag.Parse()
	if err := run(*out, *check); err != nil {
		fmt.Fprintln(os.Stderr, "specindex:", err)
		os.Exit(1)
	}
}

func run(out string, check bool) error {
	src, err := Source()
	if err != nil {
		return err
	}
	old, err := os.ReadFile(out)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if bytes.Equal(old, src) {
		return nil
	}
	if check {
		return fmt.Errorf("%s is not the index of the spec texts: run go generate ./analyze/shell/", out)
	}
	return os.WriteFile(out, src, 0o644)
}

// Source is the formatted content of spec_index.go for the spec texts
// compiled into package shell.
func Source() ([]byte, error) {
	src, err := format.Source(shell.SpecIndexSource())
	if err != nil {
		return nil, fmt.Errorf("formatting the index: %w", err)
	}
	return src, nil
}
