package shell

import (
	"strings"
	"testing"
)

// FuzzPathFold: any expression given to the path folding (inline code's
// path calls, PowerShell's Join-Path and [IO.Path]::Combine, a method's
// receiver) returns without a panic or a hang; and a path made of
// ordinary names, joined in any language's spelling from the home
// directory, folds back to exactly that path.
func FuzzPathFold(f *testing.F) {
	for _, s := range []string{".claude/settings.json", ".config/actionguard/modes.json", "a/b/c", "x", ".local/state/actionguard/actionguard.db",
		"(Join-Path $HOME '.claude')", "[IO.Path]::Combine($HOME,", "((((", "'a' + ", "Path.home() / ", ").write_text(", "\x00\x01", "../..//./x"} {
		f.Add(uint8(0), s)
		f.Add(uint8(3), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		if len(s) > 2048 {
			return
		}
		// Any text: no panic.
		if v, ok := psFold(s, nil, 0); ok && strings.Contains(v, "\x00\x00\x00") {
			t.Logf("%q folds to %q", s, v)
		}
		_ = receiverStart(s, len(s))
		_ = foldedPaths(s)
		_ = rawArgList(s)
		lang := pfFuzzLangs[int(which)%len(pfFuzzLangs)]
		for _, call := range []string{"open(%s, 'w')", "fs.writeFileSync(%s, 'x')", "File.write(%s, 'x')", "(%s).write_text('x')", "copy('/tmp/x', %s)"} {
			code := strings.Replace(call, "%s", s, 1)
			res := Analyze(langCommand(lang)+" "+shq(code), exampleOptions)
			for _, fd := range res.Findings {
				if fd.Rule == "" || fd.Message == "" {
					t.Fatalf("incomplete finding %+v", fd)
				}
			}
		}
		// Ordinary names fold back through every spelling.
		var names []string
		for _, n := range strings.Split(s, "/") {
			n = strings.Map(func(r rune) rune {
				if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-' {
					return r
				}
				return -1
			}, n)
			if n != "" && n != "." && n != ".." && len(names) < 8 {
				names = append(names, n)
			}
		}
		if len(names) == 0 {
			return
		}
		want := "~/" + strings.Join(names, "/")
		for _, l := range pfLangs {
			for _, h := range l.homes[:1] {
				for _, join := range pfJoins(l) {
					expr := join(h, pfPieces(l, names))
					lang := map[string]string{"Python": "python", "JavaScript": "node", "Perl": "perl", "Ruby": "ruby", "PHP": "php"}[l.name]
					code := canonical(lang, expr)
					v, _ := newEvaluator(lang, code).arg(0)
					if got := strings.ReplaceAll(v.text(), "//", "/"); got != want {
						t.Fatalf("%s: %s folds to %q, want %q", l.name, expr, v.text(), want)
					}
				}
			}
		}
		ps := "Join-Path $HOME '" + strings.Join(names, `\`) + "'"
		if v, ok := psFold(ps, nil, 0); !ok || strings.ReplaceAll(v, `\`, "/") != psHomeMark+"/"+strings.Join(names, "/") {
			t.Fatalf("%s folds to %q (%v)", ps, v, ok)
		}
		ps = "[IO.Path]::Combine($HOME, '" + strings.Join(names, "', '") + "')"
		if v, ok := psFold(ps, nil, 0); !ok || v != psHomeMark+"/"+strings.Join(names, "/") {
			t.Fatalf("%s folds to %q (%v)", ps, v, ok)
		}
	})
}

var pfFuzzLangs = []string{"python", "node", "perl", "ruby", "php", "lua", "r"}
