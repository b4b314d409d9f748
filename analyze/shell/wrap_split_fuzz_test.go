package shell

import (
	"strings"
	"testing"
)

// FuzzEnvSplit: splitEnvString never panics, returns one dyn flag per
// word, and a split string put back behind env -S in front of a delete
// never hides the delete: env -S '<s>' rm -rf / is still judged.
func FuzzEnvSplit(f *testing.F) {
	for _, s := range []string{`sh -c "rm -rf /"`, `a 'b c' "d e"`, `'d\_e' f\_g "h\_i"`, `a #b`, `a\cb`, `${HOME}/x`, `$HOME`, `"a`, `\q`, `""`, "\t\n", `'\''`, `"\_\c"`, `-i -C / x`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, dyn, err := splitEnvString(s)
		if err != nil {
			if words != nil || dyn != nil {
				t.Fatalf("splitEnvString(%q): words %q beside error %v", s, words, err)
			}
			return
		}
		if len(dyn) != len(words) {
			t.Fatalf("splitEnvString(%q): %d words, %d flags", s, len(words), len(dyn))
		}
		for i, w := range words {
			if !dyn[i] && strings.Contains(w, "${") && !strings.Contains(s, `\$`) {
				t.Fatalf("splitEnvString(%q): word %q holds ${ but is not marked dynamic", s, w)
			}
		}
		if strings.ContainsAny(s, "'\x00") {
			return // not writable inside the shell's single quotes below
		}
		src := "env -S '" + s + "' -- rm -rf /"
		res := Analyze(src, flowOptions)
		if len(positive(res)) == 0 && res.ParseError == "" && len(words) == 0 {
			t.Fatalf("%q reported nothing", src)
		}
	})
}
