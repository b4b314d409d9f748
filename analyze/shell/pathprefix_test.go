package shell

import (
	"strings"
	"testing"
)

// pathPrefixInputs are paths and directories built from the pieces that
// make the tests differ: slashes at the joints, repeated and partial
// directory names, backslashes, non-ASCII and invalid UTF-8, empty parts.
func pathPrefixInputs() []string {
	parts := []string{"", "/", "//", "a", "/a", "a/", "/a/", "/tmp", "/tmpx", "tmp/", "/.azure", ".azure/", "\\", "C:\\x\\", "é", "\xff", "\xe2\x80", "/\xff/"}
	var out []string
	for _, x := range parts {
		for _, y := range parts {
			out = append(out, x+y)
			for _, z := range parts[:8] {
				out = append(out, x+y+z)
			}
		}
	}
	return out
}

// The allocation-free tests answer exactly what the concatenating ones
// answer, for every pair of generated inputs.
func TestPathPrefixAgreesWithConcatenation(t *testing.T) {
	in := pathPrefixInputs()
	dirs := in[:200]
	for _, p := range in {
		checkPathPrefix(t, p, dirs)
		if got, want := baseName(p), baseNameReference(p); got != want {
			t.Fatalf("baseName(%q) = %q, want %q", p, got, want)
		}
	}
}

func checkPathPrefix(t *testing.T, p string, dirs []string) {
	t.Helper()
	for _, d := range dirs {
		if got, want := hasDirPrefix(p, d), strings.HasPrefix(p, d+"/"); got != want {
			t.Fatalf("hasDirPrefix(%q, %q) = %v, want %v", p, d, got, want)
		}
		if got, want := containsDir(p, d), strings.Contains(p, d+"/"); got != want {
			t.Fatalf("containsDir(%q, %q) = %v, want %v", p, d, got, want)
		}
		if got, want := containsSlashed(p, d), strings.Contains(p+"/", d); got != want {
			t.Fatalf("containsSlashed(%q, %q) = %v, want %v", p, d, got, want)
		}
	}
}

// baseNameReference is baseName as strings.LastIndexAny reads it.
func baseNameReference(p string) string {
	p = strings.TrimLeft(p, "\\")
	if i := strings.LastIndexAny(p, "/\\"); i >= 0 {
		p = p[i+1:]
	}
	return p
}

func FuzzPathPrefix(f *testing.F) {
	for _, s := range []string{"/tmp/x", "/home/u/.azure/x", "a//b", "C:\\Program Files\\git.exe", "\xff/\xfe", ""} {
		f.Add(s, "/tmp")
		f.Add(s, "")
		f.Add(s, "a")
	}
	f.Fuzz(func(t *testing.T, p, dir string) {
		checkPathPrefix(t, p, []string{dir})
		if got, want := baseName(p), baseNameReference(p); got != want {
			t.Fatalf("baseName(%q) = %q, want %q", p, got, want)
		}
	})
}
