package shell

import (
	"math/rand"
	"os/exec"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

func TestSplitEnvStringTable(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		dyn  []bool
		err  bool
	}{
		{in: `sh -c "rm -rf /"`, want: []string{"sh", "-c", "rm -rf /"}},
		{in: `a 'b c' "d e"`, want: []string{"a", "b c", "d e"}},
		{in: `'d\_e' f\_g "h\_i"`, want: []string{`d\_e`, "f", "g", "h i"}},
		{in: `a #b c`, want: []string{"a"}},
		{in: `x#y`, want: []string{"x#y"}},
		{in: `a\cb c`, want: []string{"a"}},
		{in: `'a\'b' 'a\\b' 'a\nb'`, want: []string{"a'b", `a\b`, `a\nb`}},
		{in: `"" a""b`, want: []string{"", "ab"}},
		{in: `a\tb \$x \# \\`, want: []string{"a\tb", "$x", "#", `\`}},
		{in: "\t a \n b \v", want: []string{"a", "b"}},
		{in: `${HOME}/x "${U}" y`, want: []string{"${HOME}/x", "${U}", "y"}, dyn: []bool{true, true, false}},
		{in: ``, want: nil},
		{in: `$HOME`, err: true},
		{in: `${1x}`, err: true},
		{in: `${X`, err: true},
		{in: `\q`, err: true},
		{in: `a\`, err: true},
		{in: `"a`, err: true},
		{in: `'a`, err: true},
		{in: `"a\cb"`, err: true},
	} {
		got, dyn, err := splitEnvString(tc.in)
		if (err != nil) != tc.err {
			t.Errorf("splitEnvString(%q) error = %v, want error %v", tc.in, err, tc.err)
			continue
		}
		if tc.err {
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("splitEnvString(%q) = %q, want %q", tc.in, got, tc.want)
		}
		wantDyn := tc.dyn
		if wantDyn == nil {
			wantDyn = make([]bool, len(tc.want))
		}
		if len(dyn) != len(got) || len(tc.want) > 0 && !reflect.DeepEqual(dyn, wantDyn) {
			t.Errorf("splitEnvString(%q) dyn = %v, want %v", tc.in, dyn, wantDyn)
		}
	}
}

// envQuote writes word so that env -S reads it back as one word, in one
// of the ways env accepts, chosen by r.
func envQuote(word string, r *rand.Rand) string {
	if r.Intn(3) == 0 { // single quotes: only \\ and \' are escapes
		return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(word) + "'"
	}
	// Double quotes (\_ or a space for a space), or none (every special
	// character escaped, a space as "\_").
	double := r.Intn(2) == 0
	escaped := "\"'\\#$"
	if double {
		escaped = "\"\\$"
	}
	var b strings.Builder
	if double || word == "" {
		b.WriteByte('"')
	}
	for i := 0; i < len(word); i++ {
		switch c := word[i]; {
		case strings.IndexByte(escaped, c) >= 0:
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == ' ' && !double:
			b.WriteString(`"\_"`)
		case c == ' ' && r.Intn(2) == 0:
			b.WriteString(`\_`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		default:
			b.WriteByte(c)
		}
	}
	if double || word == "" {
		b.WriteByte('"')
	}
	return b.String()
}

// randomWords are words of the characters env -S treats specially.
func randomWords(r *rand.Rand) []string {
	const alphabet = "ab-/ \t\n'\"\\#$_c{}"
	words := make([]string, 1+r.Intn(5))
	for i := range words {
		b := make([]byte, r.Intn(8))
		for j := range b {
			b[j] = alphabet[r.Intn(len(alphabet))]
		}
		words[i] = string(b)
	}
	return words
}

// Any words, written in any of env's quoting forms and joined by white
// space, split back into the same words.
func TestSplitEnvStringRoundTrip(t *testing.T) {
	r := rand.New(rand.NewSource(17))
	for i := 0; i < 3000; i++ {
		words := randomWords(r)
		parts := make([]string, len(words))
		for j, w := range words {
			parts[j] = envQuote(w, r)
		}
		sep := []string{" ", "  ", "\t", " \n "}[r.Intn(4)]
		src := strings.Join(parts, sep)
		got, _, err := splitEnvString(src)
		if err != nil || !reflect.DeepEqual(got, words) {
			t.Fatalf("splitEnvString(%q) = %q, %v; want %q", src, got, err, words)
		}
	}
}

// Where GNU env is installed, it agrees with splitEnvString on the same
// generated strings (printf prints each word it is given in brackets).
func TestSplitEnvStringMatchesEnv(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("GNU env is checked on Linux")
	}
	if out, err := exec.Command("env", "--version").Output(); err != nil || !strings.Contains(string(out), "GNU coreutils") {
		t.Skip("GNU env not installed")
	}
	if err := exec.Command("env", "-S", "true").Run(); err != nil {
		t.Skip("this env has no -S")
	}
	r := rand.New(rand.NewSource(1717))
	for i := 0; i < 60; i++ {
		words := randomWords(r)
		parts := make([]string, len(words))
		for j, w := range words {
			parts[j] = envQuote(w, r)
		}
		src := `printf [%s]\n ` + strings.Join(parts, " ")
		got, _, err := splitEnvString(src)
		if err != nil {
			t.Fatalf("splitEnvString(%q): %v", src, err)
		}
		out, err := exec.Command("env", "-S", src).Output()
		if err != nil {
			t.Fatalf("env -S %q: %v", src, err)
		}
		var want strings.Builder
		for _, w := range got[2:] {
			want.WriteString("[" + w + "]\n")
		}
		if string(out) != want.String() {
			t.Errorf("env -S %q printed %q, splitEnvString gives %q", src, out, got[2:])
		}
	}
}

// Every wrapper, with its value options attached and detached, in front
// of every spelling of env -S whose string runs a delete: the delete is
// judged.
func TestEnvSplitUnderWrappers(t *testing.T) {
	splits := []string{"env -S '@S'", "env -S'@S'", "env --split-string='@S'", "env --split-string '@S'", "env -i -S '@S'", "env -u HOME -S '@S'", "env -C / -S '@S'", "env -S '@S' --",
		"env -vS '@S'", "/usr/bin/env -S '@S'", "env --split-str='@S'", "env -S 'FOO=1 @S'", "env -S '-i @S'", "env -S '-- @S'"}
	inner := []string{`sh -c "rm -rf /"`, `bash -c "rm -rf /*"`, `sh -c "rm -rf ~"`, `rm -rf /`, `rm\_-rf\_/`, `"rm" "-rf" "/"`, `sh -c 'rm -rf /'`, `dash -c "cd / && rm -rf usr"`,
		`python3 -c "import shutil; shutil.rmtree(\"/usr\")"`}
	n := 0
	for _, wr := range maybeWrappers {
		for _, sp := range splits {
			for _, in := range inner {
				if strings.Contains(in, "'") && strings.Contains(sp, "'") {
					// a single quote inside '…' in the shell: write it as the shell would
					in = strings.ReplaceAll(in, "'", `'\''`)
				}
				src := wr + strings.Replace(sp, "@S", in, 1)
				wantAtLeast(t, src, scopeOptions, atLeastBlock)
				n++
			}
		}
	}
	if n < 1500 {
		t.Errorf("only %d cases", n)
	}
}

func TestEnvSplitBenign(t *testing.T) {
	for _, wr := range maybeWrappers {
		if strings.HasPrefix(wr, "sudo") || strings.HasPrefix(wr, "doas") {
			continue // held for running as root, whatever runs
		}
		for _, src := range []string{"env -S 'echo \"hello world\"'", "env -S 'sh -c \"echo hi\"'", "env -S'ls -la'", "env --split-string='git status'", "env -S 'printf %s\\n a b'"} {
			src = wr + src
			if p, id := maxPoints(src, scopeOptions); p > runsUnattended {
				t.Errorf("%q: %d points (%s), want it to run", src, p, id)
			}
		}
	}
}
