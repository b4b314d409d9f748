package shell

import (
	"slices"
	"strings"
	"testing"
)

// FuzzHerokuRunArgv: for any words after "heroku", the dyno's command is
// the words after the run command in order, less heroku run's own options
// (as its spec reads them) and the "--" that ends them; every operand and
// every option heroku run does not know stays in the command, and nothing
// panics.
func FuzzHerokuRunArgv(f *testing.F) {
	for _, s := range []string{
		"run\x00-a\x00app\x00rm\x00-rf\x00/",
		"run\x00rm\x00-rf\x00/\x00-a\x00app",
		"run:detached\x00-s\x00standard-2x\x00--\x00rm\x00-rf\x00/",
		"run\x00--app=app\x00-x\x00psql\x00-c\x00drop table x\x00-s",
		"-a\x00app\x00run\x00--\x00--\x00ls",
		"run\x00-a",
		"run",
		"apps:info\x00-a\x00app",
		"run:inside\x00--no-tty\x00-e\x00A=1\x00sh\x00-c\x00id",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		args := strings.Split(in, "\x00")
		if len(args) > 200 {
			return
		}
		c := &Cmd{Name: "heroku", Args: args, Dynamic: make([]bool, len(args))}
		got := herokuRunArgv(c)
		av := c.Argv()
		if len(av.Sub) == 0 || av.Sub[0] != "run" && !strings.HasPrefix(av.Sub[0], "run:") {
			if got != nil {
				t.Fatalf("%q: a command %q without heroku run", args, got)
			}
			return
		}
		first := av.wordArg[0] + 1
		// got is args[first:] in order, less some words.
		k := 0
		kept := make([]bool, len(args))
		for i := first; i < len(args) && k < len(got); i++ {
			if args[i] == got[k] {
				kept[i] = true
				k++
			}
		}
		if k != len(got) {
			t.Fatalf("%q: command %q is not the words after run in order", args, got)
		}
		for j, i := range av.OperandArg {
			if i >= first && !kept[i] && !slices.Contains(got, av.Operands[j]) {
				t.Fatalf("%q: operand %q left out of the command %q", args, av.Operands[j], got)
			}
		}
		for _, o := range av.Opts {
			if o.Unknown && o.Arg >= first && !slices.Contains(got, args[o.Arg]) {
				t.Fatalf("%q: %q, which heroku run does not know, left out of the command %q", args, args[o.Arg], got)
			}
		}
	})
}
