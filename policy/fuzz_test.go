package policy

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/actionguard/actionguard/analyze/shell"
)

// FuzzParse feeds arbitrary bytes to the policy file parser. Whatever the
// input: no panic, no hang, every problem located and explained, a policy
// exactly when there is no error, never an allow fallback, and evaluation
// patterns that compile. The policy it returns is then used as a check
// would use it. Seeds are in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, src []byte) {
		p, diags := CheckBytes("fuzz.yaml", src)
		lines := strings.Count(string(normalizeNewlines(src)), "\n") + 1
		for _, d := range diags {
			if d.Message == "" || (d.Severity != SeverityError && d.Severity != SeverityWarning) {
				t.Fatalf("malformed diagnostic %#v", d)
			}
			if d.Line < 0 || d.Line > lines || d.Col < 0 {
				t.Fatalf("diagnostic out of the file (%d lines): %s", lines, d)
			}
			_ = d.String()
		}
		if (p == nil) != hasErrors(diags) {
			t.Fatalf("policy %v with diagnostics %v", p, diags)
		}
		if p == nil {
			return
		}
		if p.OnUnparseable == "allow" || p.OnError == "allow" {
			t.Fatalf("an allow fallback was accepted")
		}
		if p.Level < 1 || p.Level > 9 {
			t.Fatalf("level %d accepted", p.Level)
		}
		for _, argv := range [][]string{{"git", "status"}, {"/usr/bin/rm", "-rf", "/"}, {"x"}, {}} {
			p.AllowsCommand(argv)
			p.DeniesCommand(argv)
		}
		p.AllowsTool("mcp__github__get_issue")
		p.DeniesTool("Bash")
		_, _ = p.EvalRules(&Env{Kind: "shell", Command: "git status", Programs: []string{"git"},
			Input: map[string]any{"command": "git status"}, Findings: []string{"x"}, Risk: 3})
		_, _ = p.EvalRules(&Env{})
		for _, list := range [][]EvalPattern{p.ForbiddenPatterns, p.SensitivePatterns} {
			if len(list) > maxEvalPatterns {
				t.Fatalf("%d patterns accepted", len(list))
			}
			seen := map[string]bool{}
			for _, e := range list {
				if e.Expr == "" || len(e.Expr) > maxEvalPattern || seen[e.Expr] || e.Source == "" {
					t.Fatalf("pattern %+v accepted", e)
				}
				seen[e.Expr] = true
				if _, err := regexp.Compile(e.Expr); err != nil {
					t.Fatalf("pattern %q accepted: %v", e.Expr, err)
				}
			}
		}
		for _, w := range p.Wrappers {
			if w.Skip < 0 || w.Skip > shell.MaxWrapperSkip || w.Source == "" {
				t.Fatalf("wrapper %+v accepted", w)
			}
		}
		if sw := p.ShellWrappers(); len(sw) != len(p.Wrappers) {
			t.Fatalf("%d wrappers accepted, %d handed to the analysis", len(p.Wrappers), len(sw))
		}
		_ = p.Describe()
	})
}

// FuzzGlob compares globMatch with the same glob translated to a regular
// expression.
func FuzzGlob(f *testing.F) {
	for _, s := range [][2]string{
		{"*", "abc"}, {"a*b?c", "axxbyc"}, {"[!a-c]x", "dx"}, {`\*`, "*"}, {"[]]", "]"},
		{"*a*a*a*b", "aaaaaaaaaaaa"}, {"?é", "xé"}, {"[é-ê]", "é"}, {"[a-]", "-"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pat, s string) {
		if !utf8.ValidString(pat) || !utf8.ValidString(s) || checkGlob(pat, 0) != nil {
			return
		}
		re, err := regexp.Compile(globToRegexp(pat))
		if err != nil {
			t.Skip() // the translation, not the glob, is at fault
		}
		if got, want := globMatch(pat, s), re.MatchString(s); got != want {
			t.Fatalf("globMatch(%q, %q) = %v, regexp %s says %v", pat, s, got, re, want)
		}
	})
}

// globToRegexp translates a glob (as checkGlob accepts it) to an anchored
// regular expression: the test oracle of FuzzGlob.
func globToRegexp(pat string) string {
	var b strings.Builder
	b.WriteString(`^(?s:`)
	rs := []rune(pat)
	for i := 0; i < len(rs); i++ {
		switch c := rs[i]; c {
		case '*':
			b.WriteString(`.*`)
		case '?':
			b.WriteString(`.`)
		case '\\':
			if i+1 < len(rs) {
				i++
				b.WriteString(regexp.QuoteMeta(string(rs[i])))
			} else {
				b.WriteString(`\\`)
			}
		case '[':
			b.WriteByte('[')
			j := i + 1
			if rs[j] == '!' || rs[j] == '^' {
				b.WriteByte('^')
				j++
			}
			member := func() string { // the member at rs[j], escaped for a regexp class
				r := rs[j]
				if r == '\\' {
					j++
					r = rs[j]
				}
				j++
				return `\x{` + strconv.FormatInt(int64(r), 16) + `}`
			}
			for first := true; first || rs[j] != ']'; first = false {
				b.WriteString(member())
				if rs[j] == '-' && rs[j+1] != ']' {
					j++
					b.WriteString("-" + member())
				}
			}
			b.WriteByte(']')
			i = j
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString(`)$`)
	return b.String()
}
