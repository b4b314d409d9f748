// Command hookbench times a hook command as an agent runs it: one process
// per call, the hook JSON on standard input, until it exits. It reports,
// per command, the median and p99 wall time, the median CPU time (user +
// system) and the peak RSS over the runs, as JSON lines.
//
//	hookbench -runs 200 -label actionguard -input routine.json -- actionguard hook claude-code
//
// Several commands are measured interleaved, run by run and in a new
// order every round, so that a host whose speed drifts slows them all
// alike:
//
//	hookbench -runs 200 -input routine.json -empty -state /tmp/s \
//	    -cmd 'old=./hook-old hook claude-code' -cmd 'new=./hook-new hook claude-code' \
//	    -cmd 'cc-safety-net/4=node cc.js hook --claude-code'
//
// A "/N" after a label runs that command every Nth round only. -empty adds
// the floor of a process start: this program run again to print "{}" and
// exit (a static Go binary that does nothing else); every result then
// carries its figures net of that floor. -state gives each command its own
// HOME and ACTIONGUARD_DB under the directory, so that no command reads
// what another wrote.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/actionguard/actionguard/bench/internal/procstat"
)

// emptyEnv makes this program the empty process -empty measures.
const emptyEnv = "HOOKBENCH_PRINT_EMPTY"

type result struct {
	Label    string  `json:"label"`
	Input    string  `json:"input"`
	Runs     int     `json:"runs"`
	MedianMs float64 `json:"median_ms"`
	P99Ms    float64 `json:"p99_ms"`
	MaxMs    float64 `json:"max_ms"`
	CPUMs    float64 `json:"cpu_median_ms"`
	// Net of the empty process's median (wall) and median CPU time, when
	// -empty is given.
	NetMedianMs *float64 `json:"net_median_ms,omitempty"`
	NetP99Ms    *float64 `json:"net_p99_ms,omitempty"`
	NetCPUMs    *float64 `json:"net_cpu_median_ms,omitempty"`
	PeakRSS     int64    `json:"peak_rss_kib"`
	Stdout      string   `json:"first_stdout"`
}

// command is one measured command line and its runs.
type command struct {
	label  string
	every  int
	argv   []string
	env    []string
	wall   []time.Duration
	cpu    []time.Duration
	peak   int64
	stdout string
}

type cmdFlags []string

func (c *cmdFlags) String() string     { return strings.Join(*c, "; ") }
func (c *cmdFlags) Set(s string) error { *c = append(*c, s); return nil }

func main() {
	if os.Getenv(emptyEnv) != "" {
		os.Stdout.Write([]byte("{}\n"))
		return
	}
	runs := flag.Int("runs", 200, "number of rounds (processes per command)")
	label := flag.String("label", "", "name of what is measured (the command after --)")
	input := flag.String("input", "", "file whose content goes to standard input")
	empty := flag.Bool("empty", false, "also measure a process that only prints {}, and report figures net of it")
	state := flag.String("state", "", "directory under which each command gets its own HOME and ACTIONGUARD_DB")
	var cmds cmdFlags
	flag.Var(&cmds, "cmd", "`label[/N]=command args…` to measure (repeatable; split at spaces; every Nth round)")
	flag.Parse()
	list, err := commands(*label, flag.Args(), cmds, *empty, *state)
	if err != nil || *input == "" || *runs < 1 {
		if err != nil {
			fmt.Fprintln(os.Stderr, "hookbench:", err)
		}
		fmt.Fprintln(os.Stderr, "usage: hookbench -input FILE [-runs N ≥ 1] [-empty] [-state DIR] [-cmd 'label[/N]=command args…']… [-label L -- command args…]")
		os.Exit(2)
	}
	in, err := os.ReadFile(*input)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// The order changes every round: on a loaded host the process that
	// runs right after another one (a large one, or the empty one) is
	// measurably faster or slower, and no command may always get the
	// same place.
	rng := rand.New(rand.NewPCG(uint64(*runs), uint64(len(list))))
	order := slices.Clone(list)
	for round := 0; round < *runs; round++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, c := range order {
			if round%c.every != 0 {
				continue
			}
			if err := c.run(in); err != nil {
				fmt.Fprintf(os.Stderr, "hookbench: %s: %v\n", c.label, err)
				os.Exit(1)
			}
		}
	}
	var floor *command
	if *empty {
		floor = list[0]
	}
	enc := json.NewEncoder(os.Stdout)
	for _, c := range list {
		enc.Encode(c.result(*input, floor))
	}
}

// commands lists what to measure, the empty process first.
func commands(label string, argv []string, cmds []string, empty bool, state string) ([]*command, error) {
	var list []*command
	if empty {
		self, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("finding this program for -empty: %w", err)
		}
		list = append(list, &command{label: "empty", every: 1, argv: []string{self}, env: []string{emptyEnv + "=1"}})
	}
	if len(argv) > 0 {
		list = append(list, &command{label: label, every: 1, argv: argv})
	}
	for _, spec := range cmds {
		name, line, ok := strings.Cut(spec, "=")
		fields := strings.Fields(line)
		if !ok || name == "" || len(fields) == 0 {
			return nil, fmt.Errorf("-cmd %q: want label[/N]=command args…", spec)
		}
		c := &command{label: name, every: 1, argv: fields}
		if l, n, ok := strings.Cut(name, "/"); ok {
			every, err := strconv.Atoi(n)
			if err != nil || every < 1 {
				return nil, fmt.Errorf("-cmd %q: %q is not a number of rounds ≥ 1", spec, n)
			}
			c.label, c.every = l, every
		}
		list = append(list, c)
	}
	if len(list) == 0 || (empty && len(list) == 1) {
		return nil, fmt.Errorf("no command to measure")
	}
	if state != "" {
		for _, c := range list {
			dir := filepath.Join(state, c.label)
			if err := os.MkdirAll(filepath.Join(dir, "home"), 0o700); err != nil {
				return nil, err
			}
			c.env = append(c.env, "HOME="+filepath.Join(dir, "home"), "ACTIONGUARD_DB="+filepath.Join(dir, "audit.db"))
		}
	}
	return list, nil
}

// run runs the command once with in on its standard input.
func (c *command) run(in []byte) error {
	cmd := exec.Command(c.argv[0], c.argv[1:]...)
	cmd.Stdin = bytes.NewReader(in)
	if len(c.env) > 0 {
		cmd.Env = append(os.Environ(), c.env...)
	}
	var out bytes.Buffer
	cmd.Stdout = &out
	start := time.Now()
	if err := cmd.Run(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			return err
		}
	}
	c.wall = append(c.wall, time.Since(start))
	c.cpu = append(c.cpu, cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
	if rss, ok := procstat.PeakRSSKiB(cmd.ProcessState); ok && rss > c.peak {
		c.peak = rss
	}
	if c.stdout == "" {
		c.stdout = out.String()
		if len(c.stdout) > 160 {
			c.stdout = c.stdout[:160]
		}
	}
	return nil
}

func (c *command) result(input string, floor *command) result {
	wall, cpu := sorted(c.wall), sorted(c.cpu)
	r := result{Label: c.label, Input: input, Runs: len(wall), MedianMs: ms(median(wall)), P99Ms: ms(p99(wall)),
		MaxMs: ms(wall[len(wall)-1]), CPUMs: ms(median(cpu)), PeakRSS: c.peak, Stdout: c.stdout}
	if floor != nil {
		fw, fc := sorted(floor.wall), sorted(floor.cpu)
		net := func(x, y time.Duration) *float64 { v := ms(x - y); return &v }
		r.NetMedianMs, r.NetP99Ms, r.NetCPUMs = net(median(wall), median(fw)), net(p99(wall), median(fw)), net(median(cpu), median(fc))
	}
	return r
}

func sorted(d []time.Duration) []time.Duration {
	d = slices.Clone(d)
	slices.Sort(d)
	return d
}

func median(d []time.Duration) time.Duration { return d[len(d)/2] }

// p99 is the 99th percentile; with fewer than 100 runs, the maximum.
func p99(d []time.Duration) time.Duration {
	if len(d) < 100 {
		return d[len(d)-1]
	}
	return d[(len(d)*99)/100]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
