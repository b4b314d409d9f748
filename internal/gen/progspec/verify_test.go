package main

import (
	"slices"
	"strings"
	"testing"
)

// TestGNUProgramsAgree checks what the help parser read against what the
// programs themselves do, for GNU programs that act on nothing without
// operands: getopt_long says "requires an argument" for an option given
// without its value, and "doesn't allow an argument" for "--flag=x". Every
// option read as taking a value must be refused without one; every long
// option read as taking none must refuse "=x"; every optional one must
// accept "=x". Programs not installed here are skipped.
func TestGNUProgramsAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("runs about 500 commands")
	}
	safe := []string{"rm", "cp", "mv", "ln", "chmod", "ls", "du", "sort", "grep", "sed", "tar", "gzip", "xz",
		"touch", "cut", "head", "tail", "env", "timeout"}
	r, err := NewRunner()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// Known: sort's help lists "-c, --check" and "--check=diagnose-first"
	// (du's "--time" and "--time=WORD"); one line cannot say that -c takes
	// nothing and --check an optional value, and the line keeps -c's.
	known := map[string]bool{"sort --check=zzz": true, "du --time=zzz": true}
	checked := 0
	for _, name := range safe {
		i := slices.IndexFunc(programs, func(p program) bool { return p.name == name })
		if i < 0 {
			t.Fatalf("%s is not in the program table", name)
		}
		b, skip, _, err := ProgramSpec(r, programs[i])
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if b == nil {
			t.Logf("%s: %s", name, skip)
			continue
		}
		for _, o := range b.Opts {
			for _, s := range o.Spellings {
				if s == "--help" || s == "--version" {
					continue
				}
				long := strings.HasPrefix(s, "--")
				var arg, bad string
				switch {
				case o.Value == RequiredValue:
					arg, bad = s, ""
				case long:
					arg = s + "=zzz"
				default:
					continue // a short flag or optional value: nothing safe to try
				}
				if known[name+" "+arg] {
					continue
				}
				out, err := r.Run(name, arg)
				if err != nil {
					t.Errorf("%s %s: %v", name, arg, err)
					continue
				}
				checked++
				switch {
				case o.Value == RequiredValue && !strings.Contains(out, "requires an argument"):
					bad = "read as taking a value, but it runs without one"
				case o.Value == NoValue && !strings.Contains(out, "allow an argument"):
					bad = "read as taking no value, but '=zzz' is not refused"
				case o.Value == OptionalValue && (strings.Contains(out, "allow an argument") || strings.Contains(out, "unrecognized option")):
					bad = "read as taking an optional value, but '=zzz' is refused"
				}
				if bad != "" {
					t.Errorf("%s %s: %s:\n%s", name, arg, bad, firstLine(out))
				}
			}
		}
	}
	t.Logf("%d spellings checked against the programs", checked)
}

// TestGitAgrees does the same for git commands, in the runner's empty
// scratch repository (no remote, no commit, no configuration): git's
// parse-options says "requires a value" and "takes no value". Only
// commands that can do nothing there are run.
func TestGitAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("runs about 400 commands")
	}
	if Installed("git") == "" {
		t.Skip("git is not installed")
	}
	r, err := NewRunner()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	notef := func(format string, args ...any) {}
	// These take the next word as their value, or HEAD when they end the
	// command (parse-options' "last argument default"): written "=", as
	// they are read everywhere but at the end.
	lastArgDefault := map[string]bool{}
	for _, c := range []string{"branch", "tag"} {
		for _, o := range []string{"--contains", "--no-contains", "--merged", "--no-merged", "--points-at"} {
			lastArgDefault[c+" "+o] = true
		}
	}
	checked := 0
	for _, cmd := range []string{"push", "clean", "reset", "checkout", "switch", "restore", "branch", "rm", "add", "tag", "stash"} {
		blocks, err := gitCommand(r, cmd, true, true, notef)
		if err != nil {
			t.Fatalf("git %s: %v", cmd, err)
		}
		for _, b := range blocks {
			if len(b.Names) > 2 && !(cmd == "stash" && b.Names[2] == "push") {
				continue
			}
			words := b.Names[1:]
			for _, o := range b.Opts {
				for _, s := range o.Spellings {
					long := strings.HasPrefix(s, "--")
					var arg string
					switch {
					case o.Value == RequiredValue:
						arg = s
					case long:
						arg = s + "=zzz"
					default:
						continue
					}
					if lastArgDefault[strings.Join(words, " ")+" "+arg] {
						continue
					}
					out, err := r.Run("git", append(slices.Clone(words), arg)...)
					if err != nil {
						t.Errorf("git %s %s: %v", strings.Join(words, " "), arg, err)
						continue
					}
					checked++
					bad := ""
					switch {
					case o.Value == RequiredValue && !strings.Contains(out, "requires a value"):
						bad = "read as taking a value, but it runs without one"
					case o.Value == NoValue && !strings.Contains(out, "takes no value"):
						bad = "read as taking no value, but '=zzz' is not refused"
					case o.Value == OptionalValue && (strings.Contains(out, "takes no value") || strings.Contains(out, "unknown option")):
						bad = "read as taking an optional value, but '=zzz' is refused"
					}
					if bad != "" {
						t.Errorf("git %s %s: %s:\n%s", strings.Join(words, " "), arg, bad, firstLine(out))
					}
				}
			}
		}
	}
	t.Logf("%d spellings checked against git", checked)
}

// TestSynopsisProgramsAgree checks the options read from ssh's, scp's and
// sftp's synopses against the programs: without a destination they
// connect nowhere, and their getopt says "requires an argument" exactly for
// the letters read as taking a value.
func TestSynopsisProgramsAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("runs about 80 commands")
	}
	r, err := NewRunner()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	checked := 0
	for _, name := range []string{"ssh", "scp", "sftp"} {
		i := slices.IndexFunc(programs, func(p program) bool { return p.name == name })
		b, skip, _, err := ProgramSpec(r, programs[i])
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b == nil {
			t.Logf("%s: %s", name, skip)
			continue
		}
		for _, o := range b.Opts {
			s := o.Spellings[0]
			if s == "-V" || s == "-G" {
				continue // print something and exit, or need a host
			}
			out, err := r.Run(name, s)
			if err != nil {
				t.Errorf("%s %s: %v", name, s, err)
				continue
			}
			checked++
			if takes := strings.Contains(out, "requires an argument"); takes != (o.Value == RequiredValue) {
				t.Errorf("%s %s: read with value %v, but the program says: %s", name, s, o.Value, firstLine(out))
			}
		}
	}
	t.Logf("%d options checked", checked)
}
