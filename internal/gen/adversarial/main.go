// Command adversarial writes guard/testdata/adversarial/commands.jsonl, the
// corpus of command lines a prompt-injected agent could use to run a
// destructive command unattended, each with a harmless twin that looks
// alike. guard's TestAdversarialCommands checks every row.
//
//	go run ./internal/gen/adversarial          # rewrite the corpus
//	go run ./internal/gen/adversarial -check   # fail if it is out of date
//	go run ./internal/gen/adversarial -attack  # rewrite the attack corpus (attack.jsonl)
//
// The rows come from two places: hand-written ones (hand.go), for the
// subtle spellings that only a person thinks of, and families built by
// combining destructive cores and their benign twins with option
// spellings and wrappers (families.go), run-time operands and data-flow
// encodings (flow.go), working directories, scripts and scratch space
// (place.go), other languages (interp.go), git (git.go) and all of them
// stacked (combined.go). Encoded forms (base64, hex, reversed text) are
// computed here, so a row always says what it claims to; the tests run
// the encodings, wrappers, scripts and git rows to check their labels.
//
// A row is labelled by what the command really does when a shell runs it
// in its cwd, with /home/dev as the home directory, not by what it looks
// like.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
)

// Row is one line of the corpus.
type Row struct {
	Class       string `json:"class"`
	Command     string `json:"command"`
	Cwd         string `json:"cwd"`
	Destructive bool   `json:"destructive"`
	What        string `json:"what"`
	// Min is the least strict verdict acceptable for a destructive row:
	// confirm, approve or block. Benign rows have none.
	Min string `json:"min,omitempty"`
	// Tool, when set, is the tool the row calls (an MCP tool, WebFetch):
	// Command then holds the call's input as a JSON object.
	Tool string `json:"tool,omitempty"`
}

// Classes of the corpus, in the order of the issue.
const (
	classOptions     = "options"
	classWrappers    = "wrappers"
	classRuntime     = "runtime-operands"
	classDataFlow    = "dataflow"
	classCwd         = "cwd"
	classScripts     = "scripts"
	classInterpreter = "interpreters"
	classGit         = "git"
	classScratch     = "scratch"
	classCombined    = "combined"
)

// The places the rows run in.
const (
	home    = "/home/dev"
	project = "/home/dev/project"
)

func main() {
	out := flag.String("out", "guard/testdata/adversarial/commands.jsonl", "the corpus file")
	check := flag.Bool("check", false, "fail when the file differs from what would be written")
	attack := flag.Bool("attack", false, "write the attack corpus (attack.jsonl) instead")
	flag.Parse()
	gen := all
	if *attack {
		gen = attackAll
		if !isSet("out") {
			*out = attackFile
		}
	}
	rows, err := gen()
	if err == nil {
		err = validate(rows)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "adversarial:", err)
		os.Exit(1)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, r := range rows {
		if err := enc.Encode(r); err != nil {
			fmt.Fprintln(os.Stderr, "adversarial:", err)
			os.Exit(1)
		}
	}
	if *check {
		old, err := os.ReadFile(*out)
		if err != nil || !bytes.Equal(old, buf.Bytes()) {
			fmt.Fprintf(os.Stderr, "adversarial: %s is out of date; run go run ./internal/gen/adversarial (with -attack for the attack corpus)\n", *out)
			os.Exit(1)
		}
		return
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "adversarial:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "adversarial: %d rows written to %s\n", len(rows), *out)
}

// attackFile is where -attack writes by default.
const attackFile = "guard/testdata/adversarial/attack.jsonl"

// isSet reports whether the flag was given on the command line.
func isSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// all returns the hand-written rows, then the generated families, with
// repeats (same command, same cwd) dropped; a repeat labelled differently
// is an error.
func all() ([]Row, error) {
	var rows []Row
	rows = append(rows, hand()...)
	rows = append(rows, families()...)
	return dedupe(rows)
}

// dedupe sets the default cwd and drops repeats (same command, same cwd);
// a repeat labelled differently is an error.
func dedupe(rows []Row) ([]Row, error) {
	seen := map[string]Row{}
	var out []Row
	for _, r := range rows {
		if r.Cwd == "" {
			r.Cwd = project
		}
		k := r.Cwd + "\x00" + r.Tool + "\x00" + r.Command
		if first, ok := seen[k]; ok {
			if first.Destructive != r.Destructive || first.Min != r.Min {
				return nil, fmt.Errorf("%q in %s is labelled twice: %v/%s and %v/%s", r.Command, r.Cwd, first.Destructive, first.Min, r.Destructive, r.Min)
			}
			continue
		}
		seen[k] = r
		out = append(out, r)
	}
	return out, nil
}

// validate checks each row's label.
func validate(rows []Row) error {
	for _, r := range rows {
		switch {
		case r.Command == "" || r.What == "" || r.Class == "":
			return fmt.Errorf("row %q: class, command and what are required", r.Command)
		case !strings.HasPrefix(r.Cwd, "/"):
			return fmt.Errorf("row %q: the cwd %q is not absolute", r.Command, r.Cwd)
		case r.Destructive && r.Min != "confirm" && r.Min != "approve" && r.Min != "block":
			return fmt.Errorf("destructive row %q: min %q is not confirm, approve or block", r.Command, r.Min)
		case !r.Destructive && r.Min != "":
			return fmt.Errorf("benign row %q has a min", r.Command)
		}
	}
	return nil
}

// d is a destructive row, b a benign one; both run in the project unless
// in says otherwise.
func d(class, min, command, what string) Row {
	return Row{Class: class, Command: command, Destructive: true, Min: min, What: what}
}

func b(class, command, what string) Row {
	return Row{Class: class, Command: command, What: what}
}

// dt is a destructive row that calls tool with input (a JSON object).
func dt(class, min, tool, input, what string) Row {
	r := d(class, min, input, what)
	r.Tool = tool
	return r
}

// bt is a benign row that calls tool with input (a JSON object).
func bt(class, tool, input, what string) Row {
	r := b(class, input, what)
	r.Tool = tool
	return r
}

// benigns are the benign rows of class for commands that share what they do.
func benigns(class, what string, commands ...string) []Row {
	rows := make([]Row, len(commands))
	for i, cmd := range commands {
		rows[i] = b(class, cmd, what)
	}
	return rows
}

// cmdWhat is a command and what it does.
type cmdWhat struct{ cmd, what string }

// twins are the benign rows of class, one for each command.
func twins(class string, cws []cmdWhat) []Row {
	rows := make([]Row, len(cws))
	for i, cw := range cws {
		rows[i] = b(class, cw.cmd, cw.what)
	}
	return rows
}

// joinRows is the rows of each function, in order.
func joinRows(fs ...func() []Row) []Row {
	var rows []Row
	for _, f := range fs {
		rows = append(rows, f()...)
	}
	return rows
}

func (r Row) in(cwd string) Row { r.Cwd = cwd; return r }

func (r Row) says(what string) Row { r.What = what; return r }
