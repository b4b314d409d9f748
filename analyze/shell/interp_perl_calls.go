package shell

import "strings"

// Perl calls functions without parentheses (rmtree glob q(~), system
// "…", unlink $f): perlParenCalls writes the calls the deletion and
// exec readers look for with them, rmtree(glob(q(~))), so that they read
// every spelling alike.

// perlBareCalls are the functions whose paren-less calls are rewritten.
var perlBareCalls = map[string]bool{"rmtree": true, "remove_tree": true, "unlink": true, "rmdir": true, "system": true, "exec": true,
	"glob": true, "qx": false}

// perlParenCalls rewrites name ARGS to name(ARGS) for perlBareCalls, the
// arguments running to the end of the statement (;, a closing bracket, or
// a low-precedence or/and/unless/if).
func perlParenCalls(code string) string {
	return perlParenDepth(code, 0)
}

func perlParenDepth(code string, depth int) string {
	if depth > 8 || !strings.ContainsAny(code, " \t") {
		return code
	}
	var b strings.Builder
	var q byte
	for i := 0; i < len(code); i++ {
		ch := code[i]
		if q != 0 {
			b.WriteByte(ch)
			switch {
			case ch == '\\' && i+1 < len(code):
				i++
				b.WriteByte(code[i])
			case ch == q:
				q = 0
			}
			continue
		}
		if ch == '"' || ch == '\'' {
			q = ch
			b.WriteByte(ch)
			continue
		}
		if !isWordByte(ch) || i > 0 && (isWordByte(code[i-1]) || code[i-1] == '$' || code[i-1] == '@' || code[i-1] == '%' || code[i-1] == '&') {
			b.WriteByte(ch)
			continue
		}
		j := i
		for j < len(code) && isWordByte(code[j]) {
			j++
		}
		name := code[i:j]
		k := j
		for k < len(code) && (code[k] == ' ' || code[k] == '\t') {
			k++
		}
		if !perlBareCalls[name] || k == j || k >= len(code) || strings.IndexByte("(;,=)}]>.-", code[k]) >= 0 {
			b.WriteString(name)
			i = j - 1
			continue
		}
		end := perlStatementEnd(code, k)
		b.WriteString(name + "(" + perlParenDepth(strings.TrimSpace(code[k:end]), depth+1) + ")")
		i = end - 1
	}
	return b.String()
}

// perlStatementEnd returns where the arguments that start at code[i] end.
func perlStatementEnd(code string, i int) int {
	depth := 0
	var q byte
	for j := i; j < len(code); j++ {
		ch := code[j]
		if q != 0 {
			switch {
			case ch == '\\':
				j++
			case ch == q:
				q = 0
			}
			continue
		}
		switch ch {
		case '"', '\'':
			q = ch
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return j
			}
			depth--
		case ';':
			if depth == 0 {
				return j
			}
		case ' ':
			if depth == 0 {
				rest := code[j+1:]
				for _, kw := range []string{"or ", "and ", "unless ", "if ", "||", "&&"} {
					if strings.HasPrefix(rest, kw) {
						return j
					}
				}
			}
		}
	}
	return len(code)
}
