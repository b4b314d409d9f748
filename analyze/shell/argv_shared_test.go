package shell

import (
	"slices"
	"testing"
)

// TestSharedArgvUnchanged: Argv and Positional hand every caller the same
// slices (read once a command), so no handler may write into them. After
// the analysis of each command of the guard's corpora, each command's
// argv record must still be what a fresh reading of its words gives: the
// positional words of a program with a spec, and of one without (kept on
// the first call of Positional).
func TestSharedArgvUnchanged(t *testing.T) {
	rows := readReuseRows(t)
	checked, bad := 0, 0
	for _, row := range rows {
		res := Analyze(row.Command, Options{Cwd: row.Cwd, Home: "/home/dev"})
		for _, c := range res.Commands {
			av := c.argv
			if av == nil {
				continue
			}
			fresh := parseArgv(SpecFor(c.Name), c.Args, c.Dynamic)
			var got, want []string
			if av.Known {
				got, want = av.words, fresh.words
			} else {
				if !av.literalRead {
					continue
				}
				got, want = av.literal, positionalLiteral(c.Args, nil)
			}
			checked++
			if !slices.Equal(got, want) && bad < 10 {
				bad++
				t.Errorf("%q: %s's positional words were changed by a reader: %q, read afresh %q", row.Command, c.Name, got, want)
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d commands had their argv read; the check needs thousands", checked)
	}
}

// TestPositionalSpeclessShared: a program without a spec gives the same
// positional words on every call, capped so that a caller's append copies
// instead of writing into the words the next caller gets.
func TestPositionalSpeclessShared(t *testing.T) {
	res := Analyze("no-such-prog-xyz -v a b -- -c", Options{Cwd: "/home/dev/project", Home: "/home/dev"})
	if len(res.Commands) != 1 {
		t.Fatalf("commands = %d, want 1", len(res.Commands))
	}
	c := res.Commands[0]
	if c.Argv().Known {
		t.Fatalf("%s has a spec: the test needs a program without one", c.Name)
	}
	first := c.Positional()
	want := []string{"a", "b", "-c"}
	if !slices.Equal(first, want) {
		t.Fatalf("Positional() = %q, want %q", first, want)
	}
	_ = append(first, "appended")
	if again := c.Positional(); !slices.Equal(again, want) {
		t.Fatalf("after a caller appended, Positional() = %q, want %q", again, want)
	}
	if valued := c.Positional("-v"); !slices.Equal(valued, []string{"b", "-c"}) {
		t.Fatalf(`Positional("-v") = %q, want ["b" "-c"]`, valued)
	}
}
