package main

import (
	"slices"
	"strings"
	"testing"
)

// FuzzParseHelp feeds arbitrary help texts to the help-line parser in every
// mode: it must not panic or hang, must read the same text the same way
// twice, and whatever it reads must render as a valid spec block.
func FuzzParseHelp(f *testing.F) {
	f.Add("  -f, --force   ignore nonexistent files\n      --interactive[=WHEN]  prompt\n", byte(0))
	f.Add("-c cmd : program passed in as string\n-X opt : set option\n", byte(4))
	f.Add("  -[mM][-]module  execute\n  -0[octal]  sep\n  -Idirectory  inc\n", byte(6))
	f.Add("   -[no]header   headers\n   -lookaside SIZE N  use\n", byte(5))
	f.Fuzz(func(t *testing.T, text string, flags byte) {
		mode := LineMode{
			Dash1:      flags&1 != 0,
			Attached:   flags&2 != 0,
			LowerValue: flags&4 != 0,
			Columns:    flags&8 != 0,
			MaxIndent:  int(flags >> 4),
		}
		opts, _ := ParseHelp(text, mode)
		again, _ := ParseHelp(text, mode)
		if len(opts) != len(again) {
			t.Fatalf("read %d then %d options", len(opts), len(again))
		}
		checkRenders(t, opts, mode.Dash1)
	})
}

// FuzzParseUsage feeds arbitrary synopses to the usage readers.
func FuzzParseUsage(f *testing.F) {
	f.Add("usage: ssh [-46AaCf] [-B bind_interface] [-D [bind_address:]port]\n           [-w local_tun[:remote_tun]] destination", "ssh")
	f.Add("usage: git stash [push [-p | --patch] [-k | --[no-]keep-index]\n   or: git stash drop [-q | --quiet] [<stash>]", "git stash")
	f.Add("git bisect start [--term-{new,bad}=<term>] [--no-checkout] [<bad> [<good>...]]", "git bisect")
	f.Add("usage: git remote [-v | --verbose] show [-n] <name>\n   or: git remote set-head <name> (-a | --auto | -d | --delete | <branch>)", "git remote")
	f.Fuzz(func(t *testing.T, text, prog string) {
		words := strings.Fields(prog)
		if len(words) == 0 {
			return
		}
		var all []Opt
		for _, l := range UsageLines(text, words...) {
			subs, _, after := SubcommandsOf(l)
			for _, w := range subs {
				if !wordRE.MatchString(w) {
					t.Fatalf("subcommand %q from %q", w, l)
				}
			}
			all = append(all, ParseUsage(after)...)
			all = append(all, ParseUsage(l)...)
		}
		all = append(all, ParseUsage(text)...)
		checkRenders(t, all, false)
		_ = gitUsageTarget(text)
	})
}

// checkRenders adds opts to a block, renders it and validates the result.
func checkRenders(t *testing.T, opts []Opt, dash1 bool) {
	t.Helper()
	attrs := []string{"gnu"}
	if dash1 {
		attrs = []string{"dash1"}
	}
	b := &Block{Names: []string{"prog"}, Attrs: attrs}
	for _, o := range opts {
		if len(o.Spellings) == 0 {
			t.Fatalf("an option without spellings: %+v", o)
		}
		b.addOpt(o)
	}
	s := &Spec{Blocks: []*Block{b}}
	text := s.Render()
	got, errs := validateSpec(text)
	if len(errs) > 0 {
		t.Fatalf("invalid spec %v:\n%s", errs, text)
	}
	if len(got) != 1 || len(got[0].opts) != len(b.Opts) {
		t.Fatalf("rendered block read back differently:\n%s", text)
	}
	for i, o := range b.Opts {
		if !slices.Equal(got[0].opts[i].spellings, o.Spellings) {
			t.Fatalf("%v read back as %v", o.Spellings, got[0].opts[i].spellings)
		}
	}
}
