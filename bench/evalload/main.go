// Command evalload measures `actionguard eval --guard --jsonl` on one
// core: it writes recorded runs (evaluate/evaltest: coding agents and
// assistants, realistic observations) to a temporary file of each size
// asked for, runs the binary over it with GOMAXPROCS=1 and --workers 1,
// and reports MB/s of trajectory text and the peak resident memory. The
// budget is ≥ 50 MB/s per core; the memory must not grow with the input
// (the evaluator streams).
//
//	go build -o /tmp/ag ./cmd/actionguard && go run ./bench/evalload --bin /tmp/ag --sizes 20,200
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/actionguard/actionguard/bench/internal/procstat"
	"github.com/actionguard/actionguard/evaluate/evaltest"
)

func main() {
	bin := flag.String("bin", "", "the actionguard binary (default: built from ./cmd/actionguard)")
	sizes := flag.String("sizes", "20,200", "input sizes in MB, comma-separated")
	guardOn := flag.Bool("guard", true, "replay every tool call through the guard (--guard)")
	runs := flag.Int("runs", 3, "runs per size; the best is reported")
	flag.Parse()
	if err := run(*bin, *sizes, *guardOn, *runs); err != nil {
		fmt.Fprintln(os.Stderr, "evalload:", err)
		os.Exit(1)
	}
}

func run(bin, sizes string, guardOn bool, runs int) error {
	dir, err := os.MkdirTemp("", "evalload")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if bin == "" {
		bin = filepath.Join(dir, "actionguard")
		build := exec.Command("go", "build", "-o", bin, "./cmd/actionguard")
		build.Stderr = os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("building: %w", err)
		}
	}
	for _, s := range strings.Split(sizes, ",") {
		mb, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || mb <= 0 {
			return fmt.Errorf("size %q: want a number of MB", s)
		}
		path := filepath.Join(dir, fmt.Sprintf("runs-%d.jsonl", mb))
		size, n, err := write(path, int64(mb)*1e6)
		if err != nil {
			return err
		}
		args := []string{"eval", "--jsonl", "--workers", "1", "--no-audit", path}
		if guardOn {
			args = append(args, "--guard")
		}
		best, peak := time.Duration(0), int64(0)
		for range runs {
			cmd := exec.Command(bin, args...)
			cmd.Env = append(os.Environ(), "GOMAXPROCS=1", "HOME="+dir, "ACTIONGUARD_DB="+filepath.Join(dir, "audit.db"))
			cmd.Stdout, cmd.Stderr = nil, os.Stderr
			start := time.Now()
			if err := cmd.Run(); err != nil {
				return fmt.Errorf("%s %s: %w", bin, strings.Join(args, " "), err)
			}
			took := time.Since(start)
			if best == 0 || took < best {
				best = took
			}
			if rss, ok := procstat.PeakRSSKiB(cmd.ProcessState); ok {
				peak = max(peak, rss)
			}
		}
		fmt.Printf("%6.1f MB, %7d runs: %6.2f s, %6.1f MB/s on one core, peak RSS %5.1f MiB\n",
			float64(size)/1e6, n, best.Seconds(), float64(size)/1e6/best.Seconds(), float64(peak)/1024)
	}
	return nil
}

// write fills path with runs until it holds at least size bytes.
func write(path string, size int64) (int64, int, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	var total int64
	n := 0
	for seed := uint64(1); total < size; seed++ {
		w, err := evaltest.WriteRuns(f, 1000, seed)
		if err != nil {
			return 0, 0, err
		}
		total += w
		n += 1000
	}
	return total, n, f.Close()
}
