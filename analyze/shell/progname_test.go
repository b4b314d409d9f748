package shell

import (
	"math/rand"
	"strings"
	"testing"
)

// TestProgNameFastPath: the shortcut for plain names gives what the full
// reading gives, on generated names.
func TestProgNameFastPath(t *testing.T) {
	full := func(p string) string {
		n := strings.ToLower(baseName(p))
		for _, ext := range []string{".exe", ".cmd", ".bat", ".com"} {
			if strings.HasSuffix(n, ext) && len(n) > len(ext) {
				n = n[:len(n)-len(ext)]
				break
			}
		}
		for _, pre := range []string{"python", "pip", "perl", "ruby", "php", "node", "lua"} {
			if strings.HasPrefix(n, pre) && len(n) > len(pre) && isVersion(n[len(pre):]) {
				return pre
			}
		}
		return n
	}
	pieces := []string{"python", "pip", "node", "lua", "git", "rm", "3", ".11", ".exe", ".EXE", "-", "_", "+", "/usr/bin/", "Git", "x", "c++", "g"}
	r := rand.New(rand.NewSource(2))
	for n := 0; n < 20000; n++ {
		p := ""
		for k := r.Intn(4); k >= 0; k-- {
			p += pieces[r.Intn(len(pieces))]
		}
		if got, want := progName(p), full(p); got != want {
			t.Fatalf("progName(%q) = %q, the full reading gives %q", p, got, want)
		}
	}
}
