package shell

import (
	"math/rand"
	"strings"
	"testing"
)

// TestLiteralNamesSelfMatchesRegexp checks the literal shortcut against the
// compiled pattern over generated patterns: pieces of actionguard's name
// in mixed case, with marks and letters around them, and random words.
func TestLiteralNamesSelfMatchesRegexp(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	const name = "actionguard"
	const alphabet = "actionguardACTIONGUARDxyz019_-/:,=@% "
	var pats []string
	for i := 0; i <= len(name); i++ {
		for j := i; j <= len(name); j++ {
			pats = append(pats, name[i:j], strings.ToUpper(name[i:j]))
		}
	}
	for n := 0; n < 5000; n++ {
		b := []byte(name[rng.Intn(4) : len(name)-rng.Intn(4)])
		for k := range b {
			if rng.Intn(3) == 0 {
				b[k] = alphabet[rng.Intn(len(alphabet))]
			}
		}
		if rng.Intn(4) == 0 {
			b = append(b, alphabet[rng.Intn(len(alphabet))])
		}
		if rng.Intn(4) == 0 {
			b = append([]byte{alphabet[rng.Intn(len(alphabet))]}, b...)
		}
		pats = append(pats, string(b))
	}
	literal := 0
	for _, p := range pats {
		if !literalPattern(p) {
			continue
		}
		literal++
		if got, want := grepNamesSelf(p), namesSelfProcess(p) || compiledNamesSelf(p); got != want {
			t.Errorf("grepNamesSelf(%q) = %v, the compiled pattern says %v", p, got, want)
		}
	}
	if literal < len(pats)/2 {
		t.Fatalf("only %d of %d generated patterns are literal: the test checks too little", literal, len(pats))
	}
	for _, p := range []string{"action.guard", "[a]ctionguard", "actio(n)guard", "ac*tionguard", `action\guard`, "actionguarð"} {
		if literalPattern(p) {
			t.Errorf("literalPattern(%q) = true, but regular expression syntax reads it", p)
		}
	}
}

// TestJoinHasDirPrefix checks the allocation-free prefix test against the
// strings it stands for, over generated directories.
func TestJoinHasDirPrefix(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	parts := []string{"", "home", "dev", ".ssh", "id_rsa", "project", "h", "de", ".", "a/b"}
	pick := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			if i > 0 || rng.Intn(2) == 0 {
				b.WriteByte('/')
			}
			b.WriteString(parts[rng.Intn(len(parts))])
		}
		return b.String()
	}
	agree, under := 0, 0
	for n := 0; n < 20000; n++ {
		dir, rel, abs := pick(rng.Intn(3)), pick(1+rng.Intn(3)), pick(rng.Intn(5))
		if rng.Intn(3) == 0 {
			abs = dir + "/" + rel[:rng.Intn(len(rel)+1)]
		}
		want := strings.HasPrefix(dir+"/"+rel, abs+"/")
		if got := joinHasDirPrefix(dir, rel, abs); got != want {
			t.Fatalf("joinHasDirPrefix(%q, %q, %q) = %v, want %v", dir, rel, abs, got, want)
		}
		agree++
		if want {
			under++
		}
	}
	if under < agree/20 {
		t.Fatalf("only %d of %d generated cases are under: the test checks too little", under, agree)
	}
}
