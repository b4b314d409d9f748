package main

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestHelpTexts reads the help texts captured from real programs in
// testdata/help and checks the options, subcommands and aliases read from
// each against testdata/expect: a "# parse: …" line says how the text is
// read, "+ LINE" is a line that must be read exactly so (an option line as
// written in a spec file, or a subcommand word), "- WORD" a spelling or
// word that must not be read.
func TestHelpTexts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "expect", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no expectations: %v", err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(strings.TrimSuffix(name, ".txt"), func(t *testing.T) {
			help, err := os.ReadFile(filepath.Join("testdata", "help", name))
			if err != nil {
				t.Fatal(err)
			}
			exp, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			checkExpectations(t, string(help), string(exp))
		})
	}
}

func checkExpectations(t *testing.T, help, exp string) {
	t.Helper()
	var got []string // what the current "# parse:" section read
	var directive string
	for n, line := range strings.Split(exp, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case strings.HasPrefix(line, "# parse:"):
			directive = strings.TrimSpace(strings.TrimPrefix(line, "# parse:"))
			got = readBy(t, help, directive)
		case strings.HasPrefix(line, "+ "):
			want := strings.TrimPrefix(line, "+ ")
			if !slices.Contains(got, want) {
				t.Errorf("line %d (%s): %q not read; read:\n  %s", n+1, directive, want, strings.Join(got, "\n  "))
			}
		case strings.HasPrefix(line, "- "):
			bad := strings.TrimPrefix(line, "- ")
			for _, g := range got {
				if slices.Contains(strings.Fields(stripSuffixes(g)), bad) {
					t.Errorf("line %d (%s): %q read, in %q", n+1, directive, bad, g)
				}
			}
		default:
			t.Fatalf("line %d: %q: want '# parse:', '+ ' or '- '", n+1, line)
		}
	}
}

// stripSuffixes removes the value suffixes from an option line's spellings.
func stripSuffixes(line string) string {
	for _, s := range []string{"[=]", "=+", "="} {
		line = strings.ReplaceAll(line, s, "")
	}
	return line
}

// readBy reads help as a directive says and returns option lines (as a spec
// file writes them, without tags) or subcommand words.
func readBy(t *testing.T, help, directive string) []string {
	t.Helper()
	f := strings.Fields(directive)
	var opts []Opt
	attrs := []string{}
	switch f[0] {
	case "help":
		var mode LineMode
		for _, a := range f[1:] {
			switch {
			case a == "dash1":
				mode.Dash1 = true
				attrs = append(attrs, "dash1")
			case a == "attached":
				mode.Attached = true
			case a == "lowervalue":
				mode.LowerValue = true
			case strings.HasPrefix(a, "indent="):
				n, err := strconv.Atoi(strings.TrimPrefix(a, "indent="))
				if err != nil {
					t.Fatal(err)
				}
				mode.MaxIndent = n
			default:
				t.Fatalf("unknown help mode %q", a)
			}
		}
		opts, _ = ParseHelp(help, mode)
	case "usage":
		opts = ParseUsage(strings.Join(UsageLines(help, f[1:]...), " "))
	case "find":
		opts = parseFindHelp(help)
		attrs = append(attrs, "dash1")
	case "subs":
		var words []string
		for _, l := range UsageLines(help, f[1:]...) {
			subs, _, _ := SubcommandsOf(l)
			words = append(words, subs...)
		}
		return words
	case "usage-sub":
		// The options a script's usage lines give one subcommand.
		prog, sub := f[1:len(f)-1], f[len(f)-1]
		var text []string
		for _, l := range UsageLines(help, prog...) {
			subs, _, after := SubcommandsOf(l)
			if slices.Contains(subs, sub) {
				text = append(text, after)
			}
		}
		opts = ParseUsage(strings.Join(text, " "))
	case "alias":
		return []string{gitUsageTarget(help)}
	default:
		t.Fatalf("unknown directive %q", directive)
	}
	b := &Block{Names: []string{"test"}, Attrs: attrs}
	for _, o := range opts {
		b.addOpt(o)
	}
	var out []string
	for _, o := range b.Opts {
		var w strings.Builder
		(&Block{Opts: []Opt{o}}).renderOpts(&w)
		out = append(out, strings.TrimSpace(w.String()))
	}
	return out
}
