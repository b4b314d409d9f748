package shell

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// The spelling properties: a rule written for an option fires for every
// spelling the program accepts. The variants are generated from the rules'
// own examples and the program specs, not listed.

// plainExample splits an example that is one simple command of plain words
// (no quotes, expansions or operators) into its words.
func plainExample(ex string) ([]string, bool) {
	words, ok := plainWords(ex)
	if !ok || len(words) < 2 {
		return nil, false
	}
	return words, true
}

// specOf returns the spec chain an example's words are read with.
func exampleArgv(words []string) *Argv {
	return parseArgv(SpecFor(progName(words[0])), words[1:], make([]bool, len(words)-1))
}

// uniquePrefixes returns every prefix of the long option name (shorter
// than the name, at least "--" and one letter) that names only this
// option among s's long spellings.
func uniquePrefixes(s *Spec, o *OptSpec, name string) []string {
	var out []string
	for n := len(name) - 1; n >= 3; n-- {
		p := name[:n]
		unique := true
		for i := range s.opts {
			other := &s.opts[i]
			if other == o {
				continue
			}
			for _, on := range other.Names {
				if strings.HasPrefix(on, p) {
					unique = false
				}
			}
		}
		if !unique {
			break
		}
		out = append(out, p)
	}
	return out
}

func findings(ex string) map[string]bool {
	out := map[string]bool{}
	for _, f := range Analyze(ex, exampleOptions).Findings {
		out[f.Rule] = true
	}
	return out
}

// TestAbbreviations: for every rule example that uses a long option of a
// program that accepts abbreviations, every unambiguous prefix gives the
// same finding.
func TestAbbreviations(t *testing.T) {
	checked := 0
	for _, r := range Rules() {
		for _, ex := range r.Match {
			words, ok := plainExample(ex)
			if !ok {
				continue
			}
			av := exampleArgv(words)
			if !av.Known {
				continue
			}
			for _, o := range av.Opts {
				if o.Unknown || o.Ambiguous || o.Negated || !strings.HasPrefix(o.Spelled, "--") || o.Spelled != o.Name {
					continue
				}
				s := av.specs[o.level]
				if !s.Abbreviates() {
					continue
				}
				spec := optSpecOf(s, o.Name)
				for _, p := range uniquePrefixes(s, spec, o.Name) {
					variant := append([]string(nil), words...)
					w := variant[o.Arg+1]
					variant[o.Arg+1] = p + w[len(o.Name):]
					v := strings.Join(variant, " ")
					checked++
					if !findings(v)[r.ID] {
						t.Errorf("%s: %q fires but its abbreviation %q does not (found %v)", r.ID, ex, v, ruleIDs(Analyze(v, exampleOptions)))
					}
				}
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d abbreviations were generated: the rules' examples or the specs lost their long options", checked)
	}
	t.Logf("%d abbreviated spellings checked", checked)
}

func optSpecOf(s *Spec, canon string) *OptSpec {
	for i := range s.opts {
		if s.opts[i].Canon == canon {
			return &s.opts[i]
		}
	}
	return nil
}

// TestClusters: for every rule example with two or more single-letter
// options that take no value, every clustering and ordering of them gives
// the same finding.
func TestClusters(t *testing.T) {
	checked := 0
	for _, r := range Rules() {
		for _, ex := range r.Match {
			words, ok := plainExample(ex)
			if !ok {
				continue
			}
			av := exampleArgv(words)
			if !av.Known || len(av.specs) == 0 {
				continue
			}
			// The single-letter options at the deepest level, each its own word or in one cluster.
			level := len(av.specs) - 1
			if !av.specs[level].Clusters() {
				continue
			}
			var letters []byte
			argIdx := map[int]bool{}
			for _, o := range av.Opts {
				if o.level != level || o.Unknown || o.HasValue || len(o.Spelled) != 2 || o.Spelled[0] != '-' {
					continue
				}
				letters = append(letters, o.Spelled[1])
				argIdx[o.Arg] = true
			}
			if len(letters) < 2 || len(letters) > 4 {
				continue
			}
			// Where the options stood: the first of their words.
			first := len(words)
			for i := range argIdx {
				first = min(first, i+1)
			}
			for _, perm := range permutations(letters) {
				for _, split := range []bool{false, true} {
					var opts []string
					if split {
						for _, l := range perm {
							opts = append(opts, "-"+string(l))
						}
					} else {
						opts = []string{"-" + string(perm)}
					}
					var variant []string
					for i, w := range words {
						if i == first {
							variant = append(variant, opts...)
						}
						if argIdx[i-1] {
							continue
						}
						variant = append(variant, w)
					}
					v := strings.Join(variant, " ")
					checked++
					if !findings(v)[r.ID] {
						t.Errorf("%s: %q fires but %q does not (found %v)", r.ID, ex, v, ruleIDs(Analyze(v, exampleOptions)))
					}
				}
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d clusterings were generated", checked)
	}
	t.Logf("%d clusterings and orderings checked", checked)
}

func permutations(b []byte) [][]byte {
	if len(b) <= 1 {
		return [][]byte{append([]byte(nil), b...)}
	}
	var out [][]byte
	for i := range b {
		rest := append(append([]byte(nil), b[:i]...), b[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, append([]byte{b[i]}, p...))
		}
	}
	return out
}

// wrapperSpellings returns, for every wrapper in the table, prefixes that
// spell each of its value-taking options attached and detached (short and
// long), with the operands it needs before the wrapped command.
func wrapperSpellings() []string {
	var out []string
	keys := SpecKeys()
	sort.Strings(keys)
	for _, k := range keys {
		s := SpecFor(k)
		skip, ok := s.Wrapper()
		if !ok || strings.Contains(k, " ") || s.attrs&attrScript != 0 {
			// A wrapper that hands its words to a shell (sem) is read as
			// bash -c is, like sudo -s: wrap_atk8_test.go checks it.
			continue
		}
		name := k
		if k == "time" {
			// The shell's own time keyword takes only -p: the program is reached by its path.
			name = "/usr/bin/time"
		}
		operands := ""
		for i := 0; i < skip; i++ {
			operands += " 5"
		}
		if skip == wrapAfterDashes {
			operands = " --" // distrobox-enter: the command follows "--"
		}
		out = append(out, name+operands)
		out = append(out, wrapperClusters(s, name, operands)...)
		for _, o := range s.opts {
			if o.Tags&(TagNoExec|TagExec|TagSplit|TagScript|TagEnd) != 0 {
				continue
			}
			val := "1"
			if o.Tags&TagCwd != 0 {
				val = exampleOptions.Cwd
			}
			for _, n := range o.Names {
				switch kind := o.valueOf(n); {
				case kind == valueTwo || kind == valueThree:
					// bwrap --bind SRC DEST: detached words only.
					out = append(out, name+" "+n+strings.Repeat(" "+val, valueWords(kind))+operands)
				case kind == valueNone:
					out = append(out, name+" "+n+operands)
				case kind == valueOptional:
					if strings.HasPrefix(n, "--") {
						out = append(out, name+" "+n+"="+val+operands)
					} else {
						out = append(out, name+" "+n+val+operands)
					}
				case strings.HasPrefix(n, "--"):
					out = append(out, name+" "+n+"="+val+operands, name+" "+n+" "+val+operands)
				case len(n) == 2:
					out = append(out, name+" "+n+val+operands, name+" "+n+" "+val+operands)
				default:
					out = append(out, name+" "+n+" "+val+operands)
				}
			}
		}
	}
	return out
}

// wrapperClusters spells, for a wrapper, each of its short options that
// take a value clustered behind one that takes none, with the value
// detached ("sudo -Eu 1"): the cluster must end where the program ends it.
func wrapperClusters(s *Spec, name, operands string) []string {
	if s.attrs&attrNoCluster != 0 {
		return nil // arch -x86_64: each option is a word of its own
	}
	var flag string
	for _, o := range s.opts {
		for _, n := range o.Names {
			if flag == "" && len(n) == 2 && n[0] == '-' && o.valueOf(n) == valueNone && o.Tags&(TagNoExec|TagExec|TagSplit) == 0 {
				flag = n
			}
		}
	}
	if flag == "" {
		return nil
	}
	var out []string
	for _, o := range s.opts {
		if o.Tags&(TagNoExec|TagExec|TagSplit|TagCwd) != 0 {
			continue
		}
		for _, n := range o.Names {
			if len(n) == 2 && n[0] == '-' && o.valueOf(n) == valueRequired {
				out = append(out, name+" "+flag+n[1:]+" 1"+operands)
			}
		}
	}
	return out
}

// TestWrappers: every wrapper in the table, with each of its options
// attached and detached, leaves the wrapped command's findings in place.
func TestWrappers(t *testing.T) {
	prefixes := wrapperSpellings()
	if len(prefixes) < 100 {
		t.Fatalf("only %d wrapper spellings: the wrapper table lost entries", len(prefixes))
	}
	// One example of each rule that is a single plain command.
	var examples []string
	var ids []string
	for _, r := range Rules() {
		for _, ex := range r.Match {
			if _, ok := plainExample(ex); ok && strings.Count(ex, " ") >= 1 {
				examples = append(examples, ex)
				ids = append(ids, r.ID)
				break
			}
		}
	}
	checked := 0
	for pi, p := range prefixes {
		// Every wrapper spelling with a rotating slice of the examples, so
		// that each example meets many wrappers and the test stays fast.
		for k := 0; k < 12; k++ {
			i := (pi*12 + k) % len(examples)
			v := p + " " + examples[i]
			checked++
			if !findings(v)[ids[i]] {
				t.Errorf("%s: %q fires but %q does not (found %v)", ids[i], examples[i], v, ruleIDs(Analyze(v, exampleOptions)))
			}
		}
	}
	// And env -S with the whole command as one string.
	for i, ex := range examples {
		for _, v := range []string{"env -S '" + ex + "'", "env --split-string='" + ex + "'", "env -S'" + ex + "'"} {
			checked++
			if !findings(v)[ids[i]] {
				t.Errorf("%s: %q fires but %q does not (found %v)", ids[i], ex, v, ruleIDs(Analyze(v, exampleOptions)))
			}
		}
	}
	t.Logf("%d wrapped spellings checked (%d wrapper spellings, %d examples)", checked, len(prefixes), len(examples))
}

// TestUnknownOptions: an option the spec does not list is never read as a
// known one, and never swallows the operand after it.
func TestUnknownOptions(t *testing.T) {
	for _, tc := range []struct{ cmd, rule string }{
		{"rm --frobnicate -rf /", "shell.fs.rm-root"},
		{"rm -Zrf /", "shell.fs.rm-root"},
		{"rm --recursive --frob=1 --force ~", "shell.fs.rm-home"},
	} {
		if !findings(tc.cmd)[tc.rule] {
			t.Errorf("%q: want %s, found %v", tc.cmd, tc.rule, ruleIDs(Analyze(tc.cmd, exampleOptions)))
		}
	}
	av := exampleArgv(strings.Fields("rm --frobnicate -rf /"))
	if len(av.Unknown()) != 1 || av.Unknown()[0].Name != "--frobnicate" {
		t.Errorf("unknown options: %+v", av.Unknown())
	}
}

// TestArgvParse pins the reading of a few command lines down to the record.
func TestArgvParse(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want string
	}{
		{"git -C /x -c a=b push --forc origin main", "sub=[push] opts=[-C=/x -c=a=b --force? --force-with-lease? --force-if-includes?] operands=[origin main]"},
		{"git push --force-w origin main", "sub=[push] opts=[--force-with-lease] operands=[origin main]"},
		{"git stash drop -q stash@{1}", "sub=[stash drop] opts=[--quiet] operands=[stash@{1}]"},
		{"rm -rfv -- -x /", "sub=[] opts=[--recursive --force --verbose] operands=[-x /]"},
		{"rm --no-preserve --recur /", "sub=[] opts=[--no-preserve-root --recursive] operands=[/]"},
		{"sudo -u root -Dwork env -i rm -rf /", "sub=[] opts=[--user=root --chdir=work] operands=[env -i rm -rf /]"},
		{"timeout -sKILL 5 rm", "sub=[] opts=[--signal=KILL] operands=[5 rm]"},
		{"sudo -Eu root rm -rf /", "sub=[] opts=[--preserve-env --user=root] operands=[rm -rf /]"},
		{"sudo -nEHu root rm", "sub=[] opts=[--non-interactive --preserve-env --set-home --user=root] operands=[rm]"},
		{"sudo --preserve-env=PATH rm", "sub=[] opts=[--preserve-env=PATH] operands=[rm]"},
		{"unshare -mr rm -rf /", "sub=[] opts=[--mount --map-root-user] operands=[rm -rf /]"},
		{"nsenter -mt 1 rm", "sub=[] opts=[--mount=t] operands=[1 rm]"},
		{"shred -uz key", "sub=[] opts=[--remove --zero] operands=[key]"},
		{"xargs -i rm {}", "sub=[] opts=[--replace] operands=[rm {}]"},
		{"mysql -psecret db", "sub=[] opts=[--password=secret] operands=[db]"},
		{"curl -sSfLo out https://x", "sub=[] opts=[-s? -S? -f? -L? -o=out] operands=[https://x]"},
	} {
		words := strings.Fields(tc.cmd)
		av := exampleArgv(words)
		var opts []string
		for _, o := range av.Opts {
			s := o.Name
			if o.HasValue {
				s += "=" + o.Value
			}
			if o.Ambiguous || o.Unknown {
				s += "?"
			}
			opts = append(opts, s)
		}
		got := fmt.Sprintf("sub=%v opts=%v operands=%v", av.Sub, opts, av.Operands)
		if tc.cmd == "curl -sSfLo out https://x" && SpecFor("curl") != nil && len(SpecFor("curl").opts) > 20 {
			continue // the generated curl spec knows every letter
		}
		if got != tc.want {
			t.Errorf("%s\n got %s\nwant %s", tc.cmd, got, tc.want)
		}
	}
}

// TestWindowsProgramNames: a program named by a Windows path, with an
// .exe/.cmd suffix or in upper case, is the same program.
func TestWindowsProgramNames(t *testing.T) {
	checked := 0
	for _, r := range Rules() {
		for _, ex := range r.Match {
			words, ok := plainExample(ex)
			if !ok || strings.ContainsAny(words[0], "/.") || words[0] == "sudo" {
				continue
			}
			rest := strings.Join(words[1:], " ")
			for _, prog := range []string{
				`"C:\Program Files\Tools\` + words[0] + `.exe"`,
				`'D:\bin\` + strings.ToUpper(words[0]) + `.EXE'`,
				strings.ToUpper(words[0]) + ".exe",
				words[0] + ".cmd",
				`/c/Program\ Files/Tools/` + words[0] + ".exe",
			} {
				v := prog + " " + rest
				checked++
				if !findings(v)[r.ID] {
					t.Errorf("%s: %q fires but %q does not (found %v)", r.ID, ex, v, ruleIDs(Analyze(v, exampleOptions)))
				}
			}
			break
		}
	}
	t.Logf("%d Windows spellings checked", checked)
}
