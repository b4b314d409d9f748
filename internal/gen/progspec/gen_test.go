package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Generated tests: help texts written from random option sets in the
// layouts real programs use, read back; spec files rendered from random
// blocks, validated and read back.

var (
	genWords = []string{"remove", "the", "FILE", "HTTP", "POST", "data", "to", "-x", "--force", "(default)", "when", "NUM",
		"<file>", "[=WHEN]", "a|b", "...", "--", "-", "it's", "e.g.", "ORIGINAL", "use", "N"}
	genLetters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	genParts   = []string{"force", "dry", "run", "output", "file", "no", "preserve", "root", "set", "upstream", "all", "x", "data", "binary"}
)

// genOption makes a random option: up to two short letters and up to two
// long names (at least one spelling), and a value kind.
func genOption(r *rand.Rand, used map[string]bool) (Opt, bool) {
	var o Opt
	for range r.IntN(3) {
		s := "-" + string(genLetters[r.IntN(len(genLetters))])
		if !used[s] {
			o.Spellings = append(o.Spellings, s)
		}
	}
	for range r.IntN(3) {
		n := 1 + r.IntN(3)
		var parts []string
		for range n {
			parts = append(parts, genParts[r.IntN(len(genParts))])
		}
		s := "--" + strings.Join(parts, "-")
		if !used[s] && !slices.Contains(o.Spellings, s) {
			o.Spellings = append(o.Spellings, s)
		}
	}
	if len(o.Spellings) == 0 {
		return o, false
	}
	shorts, longs := 0, 0
	for _, s := range o.Spellings {
		if strings.HasPrefix(s, "--") {
			longs++
		} else {
			shorts++
		}
	}
	if shorts > 1 && longs > 1 {
		return o, false // the parser refuses such lines on purpose
	}
	for _, s := range o.Spellings {
		used[s] = true
	}
	o.Value = Value(r.IntN(3)) // none, required, optional
	if o.Value == OptionalValue && longs == 0 {
		o.Value = NoValue // "-x[VAL]" is perl's layout, not GNU's
	}
	return o, true
}

// genHelpLine writes o as a GNU help line, in one of the layouts.
func genHelpLine(r *rand.Rand, o Opt) string {
	var b strings.Builder
	if strings.HasPrefix(o.Spellings[0], "--") {
		b.WriteString("      ")
	} else {
		b.WriteString("  ")
	}
	placeholders := []string{"FILE", "<file>", "NAME=VALUE", "[USER@]HOST", "<a|b>", "N[KMG]"}
	ph := placeholders[r.IntN(len(placeholders))]
	seps := []string{", ", ",", " "}
	sep := seps[r.IntN(len(seps))]
	detached := r.IntN(2) == 0
	last := len(o.Spellings) - 1
	// sed's layout: the value after every spelling ("-e script,
	// --expression=script"), where even a lowercase placeholder is one.
	every := r.IntN(3) == 0 && strings.HasPrefix(o.Spellings[last], "--")
	if every && r.IntN(2) == 0 && !strings.HasPrefix(o.Spellings[0], "--") {
		// Only after a short spelling: "--a=word" alone is a value
		// written as itself (sort's "--check=quiet").
		ph = "script"
	}
	for i, s := range o.Spellings {
		if i > 0 {
			if every {
				b.WriteString(", ")
			} else {
				b.WriteString(sep)
			}
		}
		b.WriteString(s)
		switch o.Value {
		case RequiredValue:
			if every {
				if strings.HasPrefix(s, "--") {
					b.WriteString("=" + ph)
				} else {
					b.WriteString(" " + ph)
				}
				continue
			}
			// GNU writes the value once, on the last spelling; git and
			// util-linux after the last one, detached.
			if i == last {
				if detached || !strings.HasPrefix(s, "--") {
					b.WriteString(" " + ph)
				} else {
					b.WriteString("=" + ph)
				}
			}
		case OptionalValue:
			if i == last {
				b.WriteString("[=" + ph + "]")
			}
		}
	}
	// The description, after two or more spaces.
	b.WriteString(strings.Repeat(" ", 2+r.IntN(10)))
	for k := range 1 + r.IntN(6) {
		if k > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(genWords[r.IntN(len(genWords))])
	}
	return b.String()
}

func TestParseHelpGenerated(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	noise := []string{
		"Usage: prog [OPTION]... [FILE]...",
		"Mandatory arguments to long options are mandatory for short options too.",
		"",
		"Examples:",
		"  prog -rf dir      # remove dir",
		"                          -x continues a description, deep",
		"Report bugs to <bugs@example.org>.",
	}
	for round := range 300 {
		used := map[string]bool{}
		var want []Opt
		var lines, optLines []string
		for range 1 + r.IntN(12) {
			o, ok := genOption(r, used)
			if !ok {
				continue
			}
			want = append(want, o)
			optLines = append(optLines, genHelpLine(r, o))
			lines = append(lines, optLines[len(optLines)-1])
			if r.IntN(3) == 0 {
				lines = append(lines, noise[r.IntN(len(noise))])
			}
		}
		text := strings.Join(lines, "\n")
		got, skipped := ParseHelp(text, LineMode{})
		if len(skipped) > 0 {
			t.Errorf("round %d: lines not read: %q\n%s", round, skipped, text)
			continue
		}
		if len(got) != len(want) {
			t.Errorf("round %d: read %d options, want %d\n%s\ngot %v", round, len(got), len(want), text, got)
			continue
		}
		for i := range want {
			if !slices.Equal(got[i].Spellings, want[i].Spellings) || got[i].Value != want[i].Value {
				t.Errorf("round %d: option %d: got %v %v, want %v %v\nline: %s", round, i, got[i].Spellings, got[i].Value, want[i].Spellings, want[i].Value, optLines[i])
			}
		}
	}
}

// genBlocks makes a random spec: programs, some with subcommands.
func genBlocks(r *rand.Rand) []*Block {
	attrSets := [][]string{{"gnu"}, {"posix"}, {"parseopt"}, {"gnu", "stop"}, {"dash1"}, {"posix", "nocluster"}, {"gnu", "exact"}}
	tags := []string{"", "", "", "secret", "dest", "data", "file", "exec", "cwd"}
	var blocks []*Block
	progs := map[string]bool{}
	for range 1 + r.IntN(5) {
		name := genParts[r.IntN(len(genParts))] + fmt.Sprint(r.IntN(100))
		if progs[name] {
			continue
		}
		progs[name] = true
		attrs := slices.Clone(attrSets[r.IntN(len(attrSets))])
		subs := r.IntN(3) == 0
		if subs {
			attrs = append(attrs, "sub")
		}
		p := &Block{Names: []string{name}, Attrs: attrs}
		blocks = append(blocks, p)
		fill := func(b *Block) {
			used := map[string]bool{}
			for range r.IntN(10) {
				o, ok := genOption(r, used)
				if !ok {
					continue
				}
				if o.Value == ManyValues || r.IntN(10) == 0 {
					o.Value = ManyValues
				}
				if o.Value != NoValue {
					o.Tag = tags[r.IntN(len(tags))]
				}
				if slices.Contains(b.Attrs, "dash1") && r.IntN(2) == 0 {
					o.Spellings = append(o.Spellings, "-"+genParts[r.IntN(len(genParts))]+"x")
				}
				b.addOpt(o)
			}
		}
		fill(p)
		if subs {
			words := map[string]bool{}
			for range 1 + r.IntN(3) {
				w := genParts[r.IntN(len(genParts))]
				if words[w] || isAttrWord(w) {
					continue
				}
				words[w] = true
				sb := &Block{Names: []string{name, w}, Sub: true, Attrs: []string{"parseopt"}}
				fill(sb)
				blocks = append(blocks, sb)
			}
		}
	}
	return blocks
}

func TestRenderRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for round := range 300 {
		s := &Spec{Preamble: []string{"generated", "", "for a test"}, Blocks: genBlocks(r)}
		s.sortBlocks()
		text := s.Render()
		got, errs := validateSpec(text)
		if len(errs) > 0 {
			t.Fatalf("round %d: %v\n%s", round, errs, text)
		}
		if len(got) != len(s.Blocks) {
			t.Fatalf("round %d: %d blocks read, %d written\n%s", round, len(got), len(s.Blocks), text)
		}
		for i, b := range s.Blocks {
			g := got[i]
			if !slices.Equal(g.names, b.Names) || !slices.Equal(g.attrs, b.Attrs) || len(g.opts) != len(b.Opts) {
				t.Fatalf("round %d: block %d read as %+v, written %+v\n%s", round, i, g, b, text)
			}
			for k, o := range b.Opts {
				if !slices.Equal(g.opts[k].spellings, o.Spellings) || g.opts[k].suffix != o.Value.suffix() || g.opts[k].tag != o.Tag {
					t.Fatalf("round %d: %v read as %+v\n%s", round, o, g.opts[k], text)
				}
			}
		}
		if text != s.Render() {
			t.Fatalf("round %d: rendering twice differs", round)
		}
	}
}

func TestDiffSpecs(t *testing.T) {
	old := "# made here\n\n# rm 9.1\nprog rm gnu\n  -f --force\n  -i\n\nprog git posix sub\n  -C=\n\nsub git push parseopt\n  -f --force\n"
	if d := DiffSpecs(old, old); len(d) != 0 {
		t.Errorf("a file differs from itself: %q", d)
	}
	cases := []struct {
		new  string
		want []string
	}{
		{strings.Replace(old, "  -i\n", "  -i --interactive\n", 1), []string{"prog rm:", "  + -i --interactive", "  - -i"}},
		{strings.Replace(old, "# rm 9.1", "# rm 9.2", 1), []string{"prog rm:", "  + # rm 9.2", "  - # rm 9.1"}},
		{strings.Replace(old, "sub git push parseopt\n  -f --force\n", "", 1), []string{"sub git push: only in the file"}},
		{old + "\nsub git pull parseopt\n  -r\n", []string{"sub git pull: only here"}},
		{strings.Replace(old, "prog rm gnu", "prog rm posix", 1), []string{"prog rm:", "  + prog rm posix", "  - prog rm gnu"}},
		{strings.Replace(old, "# made here", "# made there", 1), []string{"header comments:", "  + # made there", "  - # made here"}},
	}
	for _, c := range cases {
		got := DiffSpecs(old, c.new)
		if !slices.Equal(got, c.want) {
			t.Errorf("diff:\n%s\ngot  %q\nwant %q", c.new, got, c.want)
		}
	}
}

func TestStripOverstrike(t *testing.T) {
	if got := stripOverstrike("N\bNA\bAM\bME\bE _\bx"); got != "NAME x" {
		t.Errorf("got %q", got)
	}
}
