package evaluate

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// The regression gate (`actionguard eval diff OLD NEW`): seed 004's
// advice is to "alert on the count, not on a smoothed score". Two runs of
// the evaluator are compared per pattern; any dangerous or sensitive
// pattern that matched more often, or more blocked steps, is a regression.

// Counts are the totals of one run of the evaluator.
type Counts struct {
	Trajectories int            `json:"trajectories"`
	ToolCalls    int            `json:"tool_calls"`
	MeanScore    float64        `json:"mean_score"`
	Dangerous    map[string]int `json:"dangerous"`
	Sensitive    map[string]int `json:"sensitive"`
	BlockedSteps int            `json:"blocked_steps"`
	// Replayed is set when the run carried guard decisions (--guard).
	Replayed bool `json:"replayed"`
}

// Counts are the totals of a summary that a regression gate compares.
func (s *Summary) Counts() Counts {
	c := Counts{Trajectories: s.Trajectories, ToolCalls: s.ToolCalls, MeanScore: s.MeanScore, Dangerous: s.Dangerous, Sensitive: s.Sensitive,
		BlockedSteps: s.BlockedSteps, Replayed: len(s.Verdicts) > 0}
	if c.Dangerous == nil {
		c.Dangerous, c.Sensitive = map[string]int{}, map[string]int{}
	}
	return c
}

// ReadResults reads the results `actionguard eval --json` or `--jsonl`
// wrote: one object, an array of them, or one per line. fn is called for
// each, in order.
func ReadResults(r io.Reader, name string, fn func(*Result) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	first, err := firstByte(br)
	if err == io.EOF {
		return fmt.Errorf("%s: empty: expected the output of 'actionguard eval --json' or '--jsonl'", name)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	dec := json.NewDecoder(br)
	decode := func() error {
		var res Result
		if err := dec.Decode(&res); err != nil {
			if errors.Is(err, io.EOF) {
				return err
			}
			return fmt.Errorf("%s: at byte %d: %w", name, dec.InputOffset(), err)
		}
		if res.Steps == nil && res.DangerousActions == nil && res.SensitiveLeaks == nil && res.ID == "" {
			return fmt.Errorf("%s: at byte %d: not an evaluation result: expected the output of 'actionguard eval --json' or '--jsonl'", name, dec.InputOffset())
		}
		return fn(&res)
	}
	switch first {
	case '[':
		if _, err := dec.Token(); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		for dec.More() {
			if err := decode(); err != nil {
				if errors.Is(err, io.EOF) {
					return fmt.Errorf("%s: the array is not closed", name)
				}
				return err
			}
		}
		if _, err := dec.Token(); err != nil {
			return fmt.Errorf("%s: the array is not closed: %w", name, err)
		}
		return nil
	case '{':
		for {
			if err := decode(); err != nil {
				if errors.Is(err, io.EOF) {
					return nil
				}
				return err
			}
		}
	}
	return fmt.Errorf("%s: starts with %q: expected the output of 'actionguard eval --json' or '--jsonl'", name, first)
}

// firstByte peeks at the first byte that is not white space or a BOM.
func firstByte(br *bufio.Reader) (byte, error) {
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, []byte{0xEF, 0xBB, 0xBF}) {
		br.Discard(3)
	}
	for {
		b, err := br.Peek(1)
		if err != nil {
			return 0, err
		}
		switch b[0] {
		case ' ', '\t', '\r', '\n':
			br.Discard(1)
		default:
			return b[0], nil
		}
	}
}

// CountResults reads results (see ReadResults) and adds them up.
func CountResults(r io.Reader, name string) (Counts, error) {
	var s Summary
	err := ReadResults(r, name, func(res *Result) error { s.Add(res); return nil })
	return s.Counts(), err
}

// DiffRow compares one count.
type DiffRow struct {
	// Kind is "dangerous", "sensitive" or "blocked" (the blocked steps).
	Kind string `json:"kind"`
	// Pattern names the pattern; empty for the blocked steps.
	Pattern    string `json:"pattern,omitempty"`
	Old        int    `json:"old"`
	New        int    `json:"new"`
	Regression bool   `json:"regression"`
}

// Diff is the comparison of two runs.
type Diff struct {
	Old  Counts    `json:"old"`
	New  Counts    `json:"new"`
	Rows []DiffRow `json:"rows"`
	// Regressions counts the rows whose count rose.
	Regressions int `json:"regressions"`
	// Warnings say what could not be compared.
	Warnings []string `json:"warnings,omitempty"`
}

// Compare compares two runs: every pattern either run matched, and the
// blocked steps.
func Compare(old, new Counts) Diff {
	d := Diff{Old: old, New: new, Rows: []DiffRow{}}
	add := func(kind string, o, n map[string]int) {
		names := make([]string, 0, len(o)+len(n))
		for k := range o {
			names = append(names, k)
		}
		for k := range n {
			if _, ok := o[k]; !ok {
				names = append(names, k)
			}
		}
		slices.Sort(names)
		for _, k := range names {
			row := DiffRow{Kind: kind, Pattern: k, Old: o[k], New: n[k], Regression: n[k] > o[k]}
			d.Rows = append(d.Rows, row)
		}
	}
	add(KindDangerous, old.Dangerous, new.Dangerous)
	add(KindSensitive, old.Sensitive, new.Sensitive)
	switch {
	case old.Replayed && new.Replayed:
		d.Rows = append(d.Rows, DiffRow{Kind: "blocked", Old: old.BlockedSteps, New: new.BlockedSteps, Regression: new.BlockedSteps > old.BlockedSteps})
	case old.Replayed != new.Replayed:
		which := "the old run"
		if old.Replayed {
			which = "the new run"
		}
		d.Warnings = append(d.Warnings, "blocked steps not compared: "+which+" was evaluated without --guard")
	}
	for _, r := range d.Rows {
		if r.Regression {
			d.Regressions++
		}
	}
	if old.Trajectories != new.Trajectories {
		d.Warnings = append(d.Warnings, fmt.Sprintf("the runs hold different numbers of trajectories (%d and %d): counts are compared as they are", old.Trajectories, new.Trajectories))
	}
	return d
}

// String renders the comparison as a table.
func (d Diff) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-10s %-28s %8s %8s %8s\n", "KIND", "PATTERN", "OLD", "NEW", "CHANGE")
	for _, r := range d.Rows {
		name := r.Pattern
		if r.Kind == "blocked" {
			name = "(blocked steps)"
		}
		mark := ""
		if r.Regression {
			mark = "  ← regression"
		}
		fmt.Fprintf(&b, "%-10s %-28s %8d %8d %+8d%s\n", r.Kind, name, r.Old, r.New, r.New-r.Old, mark)
	}
	fmt.Fprintf(&b, "trajectories %d → %d, mean score %.2f → %.2f\n", d.Old.Trajectories, d.New.Trajectories, d.Old.MeanScore, d.New.MeanScore)
	if d.Regressions > 0 {
		fmt.Fprintf(&b, "%d regression(s): a count rose\n", d.Regressions)
	} else {
		b.WriteString("no regression: no count rose\n")
	}
	return b.String()
}
