package shell

import (
	"strings"
	"testing"
)

// Values assigned on only some of the paths that reach a command: the
// command is judged with each value the variable may hold, so a delete of
// a variable that may be /usr is a delete of /usr, whatever the branch
// that assigns it (&&, ||, if, case, a loop body) and whatever wraps the
// delete.

// maybeWrappers put a delete behind the wrappers that leave its operands
// alone, with their value options attached and detached.
var maybeWrappers = []string{"", "sudo ", "sudo -u root -- ", "sudo nice -n 5 ", "nice -n5 ", "nice --adjustment=5 ", "timeout 5 ", "timeout -s KILL 5 ", "env ",
	"doas ", "ionice -c3 ", "stdbuf -oL ", "nohup ", "command ", "builtin command ", "time "}

// maybeBranches assign @V the value @T on some paths only; the command
// @C follows.
var maybeBranches = []string{
	"true && @V=@T; @C",
	"test -d .git && @V=@T; @C",
	"[ -n \"$CI\" ] && @V=@T\n@C",
	"false || @V=@T; @C",
	"grep -q x f || @V=@T; @C",
	"if [ -f x ]; then @V=@T; fi; @C",
	"if [ -f x ]; then :; else @V=@T; fi; @C",
	"if [ -f x ]; then @V=build; elif [ -f y ]; then @V=@T; fi; @C",
	"case \"$1\" in a) @V=@T;; b) @V=dist;; esac; @C",
	"@V=build; test -d out && @V=@T; @C",
	"@V=build; [ -z \"$KEEP\" ] && { @V=@T; }; @C",
	"while read -r l; do @V=@T; done < list.txt; @C",
	"until [ -f done ]; do @V=@T; break; done; @C",
	"true && @V=@T && :; @C",
}

func TestMaybeValueDeletes(t *testing.T) {
	n := 0
	for _, b := range maybeBranches {
		for _, wr := range maybeWrappers {
			for _, tgt := range []string{"/usr", "/etc", "/boot", "/var/lib"} {
				for _, rm := range []string{"rm -rf", "rm -fr", "rm -r -f", "rm --recursive --force"} {
					for _, use := range []string{"\"$x\"", "$x", "\"${x}\"", "\"$x\"/"} {
						if n%7 != 0 && rm != "rm -rf" {
							n++
							continue // every option spelling, not every combination
						}
						src := strings.NewReplacer("@V", "x", "@T", tgt, "@C", wr+rm+" "+use).Replace(b)
						wantAtLeast(t, src, scopeOptions, atLeastBlock)
						n++
					}
				}
			}
		}
	}
	if n < 2000 {
		t.Errorf("only %d cases", n)
	}
}

// The directory moves with the value: cd / before, relative value after.
func TestMaybeValueAfterCd(t *testing.T) {
	for _, cd := range []string{"cd / && ", "cd /; ", "pushd / && ", "builtin cd / && ", "cd / || exit; "} {
		for _, b := range []string{"x=usr; @C", "true && x=usr; @C", "test -e z; [ $? = 0 ] || x=usr; @C", "if true; then x=etc; fi; @C", "case a in a) x=usr;; esac; @C"} {
			for _, wr := range maybeWrappers {
				src := cd + strings.Replace(b, "@C", wr+"rm -fr \"$x\"", 1)
				wantAtLeast(t, src, scopeOptions, atLeastBlock)
			}
		}
	}
}

// The benign twins: values that may be a system directory, read or
// printed, not deleted; and deletes of values that are known on every
// path.
func TestMaybeValueBenign(t *testing.T) {
	for _, b := range maybeBranches {
		for _, use := range []string{"echo \"$x\"", "ls -la \"$x\"", "du -sh $x", "printf '%s\\n' \"$x\"", "test -d \"$x\" && echo yes"} {
			src := strings.NewReplacer("@V", "x", "@T", "/usr", "@C", use).Replace(b)
			if p, id := maxPoints(src, scopeOptions); p > runsUnattended {
				t.Errorf("%q: %d points (%s), want it to run", src, p, id)
			}
		}
	}
	for _, src := range []string{"x=build; rm -rf \"$x\"", "true; x=dist; rm -rf \"$x\"", "test -d .git && echo git; x=build; rm -rf \"$x\"",
		"if true; then x=1; fi; x=build; rm -rf \"$x\""} {
		if p, id := maxPoints(src, scopeOptions); p > runsUnattended {
			t.Errorf("%q: %d points (%s), want it to run", src, p, id)
		}
	}
}

// maybeValues keeps distinct known values, at most maxMaybe, and only
// scalars.
func TestMaybeValuesBound(t *testing.T) {
	var states []*shState
	for _, v := range []string{"a", "b", "a", "c", "d", "e", "f"} {
		states = append(states, &shState{vars: map[string]shVar{"x": {vals: []string{v}}}})
	}
	states = append(states, &shState{vars: map[string]shVar{"x": {vals: []string{"g", "h"}, array: true}}}, nil, &shState{})
	got := maybeValues("x", states)
	if len(got) != maxMaybe || got[0] != "a" || got[1] != "b" || got[2] != "c" {
		t.Errorf("maybeValues = %q, want the first %d distinct scalars", got, maxMaybe)
	}
	if got := maybeValues("y", states); got != nil {
		t.Errorf("maybeValues of an unset name = %q", got)
	}
}

// A value that may hold a whole command, run as the command word, through
// eval or sh -c; and a value copied from one that may hold a system
// directory.
func TestMaybeValueCommandsAndCopies(t *testing.T) {
	for _, b := range maybeBranches {
		for _, run := range []string{"$x", "eval \"$x\"", "sh -c \"$x\"", "y=$x; $y"} {
			src := strings.NewReplacer("@V", "x", "@T", "'rm -rf /'", "@C", run).Replace(b)
			wantAtLeast(t, src, scopeOptions, atLeastBlock)
		}
		for _, cp := range []string{"y=$x; rm -rf \"$y\"", "y=\"$x/lib\"; rm -rf $y", "y=${x}; sudo rm -fr \"$y\""} {
			src := strings.NewReplacer("@V", "x", "@T", "/usr", "@C", cp).Replace(b)
			wantAtLeast(t, src, scopeOptions, atLeastBlock)
		}
	}
}
