package shell

import (
	"strings"
	"testing"
)

// Every option the specs tag out (a file the program writes over) is
// judged as "> FILE" is, under every spelling the program accepts:
// detached, attached, "=", and each unambiguous abbreviation of a long
// name. The options come from the specs, the spellings from the option's
// names, and a spelling is tried only when the parser reads it back as
// that option with that value: nothing here is a list of programs.

// outOption is one option tagged out and the spec that has it.
type outOption struct {
	words []string // the program and its subcommand words
	spec  *Spec
	opt   OptSpec
}

// outOptions walks the spec index for options tagged out.
func outOptions(t *testing.T) []outOption {
	var out []outOption
	for _, e := range specs().tab.entries {
		words := strings.Fields(e.key)
		s := SpecFor(words[0])
		for _, w := range words[1:] {
			if s == nil {
				break
			}
			s = s.child(w)
		}
		if s == nil {
			t.Errorf("spec %q: not found by its own key", e.key)
			continue
		}
		for _, o := range s.Options() {
			if o.Tags&TagOut != 0 {
				out = append(out, outOption{words: words, spec: s, opt: o})
			}
		}
	}
	return out
}

// outSpellings are the ways a program may be given option o with value v,
// before the parser is asked which of them it accepts.
func outSpellings(o OptSpec, v string) [][]string {
	var forms [][]string
	for _, n := range o.Names {
		forms = append(forms, []string{n, v}, []string{n + "=" + v})
		if !strings.HasPrefix(n, "--") && len(n) == 2 {
			forms = append(forms, []string{n + v})
		}
		if strings.HasPrefix(n, "--") {
			for k := len(n) - 1; k > 3; k-- {
				forms = append(forms, []string{n[:k] + "=" + v}, []string{n[:k], v})
			}
		}
	}
	return forms
}

// outTail is what follows the option: a command for a wrapper, an operand
// otherwise.
func outTail(s *Spec) []string {
	if _, ok := s.Wrapper(); ok {
		return []string{"ls"}
	}
	return []string{"x"}
}

// outProgram is how a line names the program: bash reads "time" as its
// own keyword, so /usr/bin/time is reached through command.
func outProgram(name string) string {
	if name == "time" {
		return "command time"
	}
	return name
}

func TestOutputOptionsJudgedAsRedirects(t *testing.T) {
	targets := []string{"~/.bashrc", "~/.ssh/authorized_keys", "~/.claude/settings.json", "~/.local/bin/git",
		"/home/dev/project/.git/hooks/pre-commit", "~/.aws/credentials", "~/.config/actionguard/policy.yaml", "/etc/profile"}
	opts := outOptions(t)
	if len(opts) < 25 {
		t.Fatalf("only %d options tagged out", len(opts))
	}
	n := 0
	for _, oo := range opts {
		readable := 0
		for _, target := range targets {
			floor, floorRule := maxPoints(": > "+target, scopeOptions)
			if floor == 0 {
				t.Fatalf("> %s: no finding to compare with", target)
			}
			for _, form := range outSpellings(oo.opt, target) {
				args := append(append(append([]string{}, oo.words[1:]...), form...), outTail(oo.spec)...)
				c := &Cmd{Name: oo.words[0], Args: args, Dynamic: make([]bool, len(args))}
				if v, ok := c.Flag(oo.opt.Canon); !ok || v != target {
					continue // a spelling this program does not read as the option
				}
				readable++
				src := outProgram(oo.words[0]) + " " + strings.Join(args, " ")
				got, _ := maxPoints(src, scopeOptions)
				if got < floor || !hasRule(Analyze(src, scopeOptions), floorRule) {
					t.Errorf("%s: %d points %v, want at least %d and %s as for > %s", src, got, ruleIDs(Analyze(src, scopeOptions)), floor, floorRule, target)
				}
				n++
			}
		}
		if readable < len(targets) {
			t.Errorf("%s %s: only %d spellings read back", strings.Join(oo.words, " "), oo.opt.Canon, readable)
		}
	}
	if n < 500 {
		t.Errorf("only %d cases", n)
	}
	t.Logf("%d commands over %d options tagged out", n, len(opts))
}

// Making a file in the project is what these programs are for: the
// output options there stay as quiet as the program alone.
func TestOutputOptionsInProject(t *testing.T) {
	for _, src := range []string{"go build -o bin/app", "gcc -o a.out x.c", "cc -oapp main.c", "pandoc -o out.pdf x.md",
		"pandoc --output=book.docx x.md", "sort -o sorted.txt x", "iconv -f latin1 -t utf8 -o out.txt in.txt",
		"gpg -d -o notes.txt notes.txt.gpg", "pg_dump -f dump.sql app", "tar -czf release.tar.gz dist", "strace -o trace.txt ls",
		"sort -o /tmp/sorted x", "psql -o report.txt -c 'select 1'"} {
		if got, id := maxPoints(src, scopeOptions); got >= 40 {
			t.Errorf("%s: %d points (%s), want a routine write", src, got, id)
		}
	}
}
