package shell

import "testing"

// A caller appending to Positional's answer must not change what the next
// caller gets.
func TestPositionalAppendDoesNotAlias(t *testing.T) {
	for _, line := range []string{"git push origin main", "rm -rf build dist", "docker run alpine sh"} {
		r := Analyze(line, Options{})
		if len(r.Commands) == 0 {
			t.Fatalf("%q: no command", line)
		}
		c := r.Commands[0]
		first := append([]string(nil), c.Positional()...)
		_ = append(c.Positional(), "INJECTED")
		again := c.Positional()
		if len(again) != len(first) {
			t.Fatalf("%q: %d words then %d", line, len(first), len(again))
		}
		for i := range first {
			if again[i] != first[i] {
				t.Fatalf("%q: word %d %q became %q", line, i, first[i], again[i])
			}
		}
		if w := c.Argv().words; cap(w) > len(w) && w[:cap(w)][len(w)] == "INJECTED" {
			t.Fatalf("%q: an append wrote into the command's own words", line)
		}
	}
}
