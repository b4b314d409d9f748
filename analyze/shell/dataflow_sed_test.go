package shell

import (
	"strings"
	"testing"
)

// TestSedSubs: the substitutions the analysis applies give what GNU sed
// prints, and scripts it cannot apply say so.
func TestSedSubs(t *testing.T) {
	for _, c := range []struct {
		script   string
		extended bool
		in, want string
		ok       bool
	}{
		{`s/^/rm -rf /`, false, "/home/dev/x\n", "rm -rf /home/dev/x\n", true},
		{`s|^|rm -rf ~/|`, false, "Documents\n", "rm -rf ~/Documents\n", true},
		{`s/X/r/g`, false, "Xm -Xf a\n", "rm -rf a\n", true},
		{`s/X/r/`, false, "Xm -Xf a\n", "rm -Xf a\n", true},
		{`s/\(.*\)/rm -rf \1/`, false, "a b\n", "rm -rf a b\n", true},
		{`s/(.*)/<\1>/`, true, "ab\n", "<ab>\n", true},
		{`s/(a)/[&]/`, false, "x(a)y\n", "x[(a)]y\n", true},
		{`s/a/\n/`, false, "bab", "b\nb", true},
		{`s/a/$HOME/`, false, "a\n", "$HOME\n", true},
		{`s/^/rm /; s/rm/rm -rf/`, false, "x\n", "rm -rf x\n", true},
		{"s/^/a/\ns/a/b/", false, "x\n", "bx\n", true},
		{`s/\//|/g`, false, "a/b/c\n", "a|b|c\n", true},
		{`s/^/rm /e`, false, "x\n", "", false},
		{`x;p`, false, "x\n", "", false},
		{`1d`, false, "x\n", "", false},
		{`s/\(a\)\1/b/`, false, "aa\n", "", false},
		{`s/a/b`, false, "a\n", "", false},
		{``, false, "a\n", "", false},
	} {
		subs, ok := parseSedSubs(c.script, c.extended)
		if ok != c.ok {
			t.Errorf("%q: ok %v, want %v", c.script, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		if got := applySedSubs(subs, c.in); got != c.want {
			t.Errorf("%q on %q: %q, want %q", c.script, c.in, got, c.want)
		}
	}
}

// TestFilteredRewrites: a filter that rewrites lines never passes its
// input through unchanged when it cannot say what it prints; one that only
// keeps lines does.
func TestFilteredRewrites(t *testing.T) {
	in := stream{kind: streamLiteral, text: "rm -rf ~/Documents\n"}
	for name := range rewritesLines {
		c := testCmd(name, "-n", "x;p")
		if got := filtered(c, in); got.kind != streamUnknown {
			t.Errorf("%s %v: stream kind %v, want unknown", name, c.Args, got.kind)
		}
	}
	for _, name := range []string{"grep", "head", "tail", "sort", "uniq", "tac"} {
		if got := filtered(testCmd(name), in); got.kind != in.kind || got.text != in.text {
			t.Errorf("%s: %+v, want the input", name, got)
		}
	}
}

// FuzzSedSubs: any sed script is read without a panic, and what the
// analysis applies keeps the number of lines unless the replacement
// holds a newline.
func FuzzSedSubs(f *testing.F) {
	for _, s := range []string{`s/^/rm -rf /`, `s|a|b|g`, `s/\(x\)/\1\1/`, `s/(x)/&/`, `s/a/b/;s/c/d/g`, "s/a/\\n/", `s/[/x/`, `s/\{/x/`, `s/a*/-/g`, `s/$/;/`} {
		f.Add(s, false, "a b\nc(x)\n")
		f.Add(s, true, "x")
	}
	f.Fuzz(func(t *testing.T, script string, extended bool, text string) {
		if len(script) > 512 || len(text) > 4096 {
			return
		}
		subs, ok := parseSedSubs(script, extended)
		if !ok {
			return
		}
		out := applySedSubs(subs, text)
		if !strings.Contains(script, `\n`) && !strings.Contains(script, "\n") && strings.Count(out, "\n") != strings.Count(text, "\n") {
			t.Errorf("%q on %q: %q changes the lines", script, text, out)
		}
	})
}
