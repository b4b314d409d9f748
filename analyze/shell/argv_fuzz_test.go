package shell

import (
	"strings"
	"testing"
)

// FuzzArgv: for any program and words, reading them through the program's
// spec never panics, accounts for every word exactly once (as an option, an
// option's value, a subcommand word, an operand or "--"), and never reads
// an option the spec does not list as a known one.
func FuzzArgv(f *testing.F) {
	for _, s := range []string{
		"git\x00-C\x00/x\x00push\x00--forc\x00origin\x00main",
		"rm\x00-rfv\x00--\x00-x\x00/",
		"sudo\x00-u\x00root\x00-Dwork\x00env\x00-i\x00rm",
		"curl\x00-sSfLo\x00out\x00--data-a\x00x=1\x00https://h",
		"timeout\x00-sKILL\x005\x00rm",
		"git\x00stash\x00drop\x00-q",
		"xargs\x00-I{}\x00-n1\x00-P4\x00rm\x00-rf\x00{}",
		"parallel\x00-j4\x00rm\x00{}\x00:::\x00/",
		"env\x00-S\x00rm -rf /\x00",
		"rm\x00--no-pres\x00--\x00",
		"git\x00--no-\x00push\x00--no-ver",
		"wget\x00-nv\x00-O-\x00h",
		"mutt\x00-a\x00a\x00b\x00--\x00x@y",
		"nosuchprogram\x00-x\x00--y=z",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		words := strings.Split(in, "\x00")
		if len(words) == 0 || len(words) > 200 {
			return
		}
		prog, args := strings.ToLower(words[0]), words[1:]
		spec := SpecFor(prog)
		av := parseArgv(spec, args, make([]bool, len(args)))
		used := make([]int, len(args))
		for _, o := range av.Opts {
			if o.Arg < 0 || o.Arg >= len(args) {
				t.Fatalf("option %+v points outside the %d words", o, len(args))
			}
			if o.ValueArg >= 0 {
				if o.ValueArg+o.ValueLen > len(args) || o.ValueLen < 1 {
					t.Fatalf("option %+v: value outside the words", o)
				}
				for k := o.ValueArg; k < o.ValueArg+o.ValueLen; k++ {
					used[k] = 1
				}
			}
			used[o.Arg] = 1
			if !o.Unknown {
				s := av.specs[o.level]
				if optSpecOf(s, o.Name) == nil {
					t.Fatalf("option %q read as %q, which %s does not list", o.Spelled, o.Name, s.Key)
				}
			}
		}
		for _, i := range av.wordArg {
			if used[i] != 0 {
				t.Fatalf("word %d (%q) is both an option or value and an operand", i, args[i])
			}
			used[i] = 2
		}
		for i, u := range used {
			if u == 0 && args[i] != "--" && !strings.HasPrefix(args[i], "-") {
				t.Fatalf("word %d (%q) is neither an option, a value nor an operand: %+v", i, args[i], av)
			}
		}
		// The record's queries agree with it.
		c := &Cmd{Name: prog, Args: args, Dynamic: make([]bool, len(args))}
		_ = c.Positional()
		for _, o := range av.Opts {
			if !o.Unknown && !o.Negated && !c.Has(o.Name) {
				t.Fatalf("Has(%q) is false though %q was given", o.Name, o.Spelled)
			}
		}
	})
}
