// Command hookbench times a hook command as an agent runs it: one process
// per call, the hook JSON on standard input, until it exits. It reports the
// median, p99 and peak RSS over the runs, as JSON lines.
//
//	hookbench -runs 200 -label actionguard -input routine.json -- actionguard hook claude-code
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"time"

	"github.com/actionguard/actionguard/bench/internal/procstat"
)

type result struct {
	Label    string  `json:"label"`
	Input    string  `json:"input"`
	Runs     int     `json:"runs"`
	MedianMs float64 `json:"median_ms"`
	P99Ms    float64 `json:"p99_ms"`
	MaxMs    float64 `json:"max_ms"`
	PeakRSS  int64   `json:"peak_rss_kib"`
	Stdout   string  `json:"first_stdout"`
}

func main() {
	runs := flag.Int("runs", 200, "number of processes to run")
	label := flag.String("label", "", "name of what is measured")
	input := flag.String("input", "", "file whose content goes to standard input")
	flag.Parse()
	argv := flag.Args()
	if len(argv) == 0 || *input == "" || *runs < 1 {
		fmt.Fprintln(os.Stderr, "usage: hookbench -input FILE [-runs N ≥ 1] [-label L] -- command args…")
		os.Exit(2)
	}
	in, err := os.ReadFile(*input)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var times []time.Duration
	var peak int64
	var first string
	for i := 0; i < *runs; i++ {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Stdin = bytes.NewReader(in)
		var out bytes.Buffer
		cmd.Stdout = &out
		start := time.Now()
		if err := cmd.Run(); err != nil {
			if _, ok := err.(*exec.ExitError); !ok {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
		times = append(times, time.Since(start))
		if rss, ok := procstat.PeakRSSKiB(cmd.ProcessState); ok && rss > peak {
			peak = rss
		}
		if i == 0 {
			first = out.String()
			if len(first) > 160 {
				first = first[:160]
			}
		}
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	p99 := times[(len(times)*99)/100]
	if len(times) < 100 {
		p99 = times[len(times)-1]
	}
	json.NewEncoder(os.Stdout).Encode(result{Label: *label, Input: *input, Runs: *runs, MedianMs: ms(times[len(times)/2]), P99Ms: ms(p99),
		MaxMs: ms(times[len(times)-1]), PeakRSS: peak, Stdout: first})
}
