package policy

import (
	"errors"
	"fmt"
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/goccy/go-yaml/ast"
)

// This file reads the evaluation section: the patterns of the offline
// evaluator (actionguard eval, seed 004's ActionSafety metric).

// EvalPattern is one pattern of the evaluation section.
type EvalPattern struct {
	Expr   string // the regular expression as written
	Source string // "file:line" where it was written
}

// Bounds on the evaluation section. The evaluator runs every pattern over
// every tool call of every run; a real list holds a few dozen.
const (
	maxEvalPatterns = 256  // per list
	maxEvalPattern  = 1000 // bytes per pattern
)

func (p *fileParser) evaluation(v ast.Node) {
	values, _ := p.mapping(v, "the evaluation section", evaluationKeys)
	for _, mv := range values {
		v := mv.Value
		if v != nil && !p.plain(v) {
			continue
		}
		key := keyName(mv)
		hint := `write each pattern on its own line after a dash, in single quotes: - '\btruncate\s+table\b'`
		if s, ok := v.(*ast.StringNode); ok {
			hint = fmt.Sprintf("write a list, even of one pattern: %s: ['%s']", key, strings.ReplaceAll(s.Value, "'", "''"))
		}
		items, _ := p.list(v, key, hint)
		dst := &p.l.forbidden
		if key == "sensitive_patterns" {
			dst = &p.l.sensitive
		}
		seen := map[string]int{} // pattern → line
		for i, item := range items {
			if i == maxEvalPatterns {
				p.errorAt(p.at(item), fmt.Sprintf("%s holds more than %d patterns", key, maxEvalPatterns),
					"a list this long is slow to run on every tool call; join alternatives with | or drop some")
				break
			}
			if !p.plain(item) {
				continue
			}
			s, ok := p.evalPattern(item, key)
			if !ok {
				continue
			}
			at := p.at(item)
			if line, dup := seen[s]; dup {
				p.warnAt(at, fmt.Sprintf("this pattern is already listed at line %d", line), "remove one")
				continue
			}
			seen[s] = at.line
			*dst = append(*dst, EvalPattern{Expr: s, Source: fmt.Sprintf("%s:%d", p.src.name, at.line)})
		}
	}
}

// evalPattern checks one pattern of list key: text, not empty, within the
// bounds, a valid RE2 expression. It warns about what can never match the
// lower-cased text the evaluator scans.
func (p *fileParser) evalPattern(n ast.Node, key string) (string, bool) {
	switch n.(type) {
	case *ast.StringNode, *ast.LiteralNode:
	case nil, *ast.NullNode:
		p.errorAt(p.at(n), fmt.Sprintf("a pattern of %s must be text, got nothing", key), "write the pattern after the dash, or remove the dash")
		return "", false
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.InfinityNode, *ast.NanNode:
		p.errorAt(p.at(n), fmt.Sprintf("a pattern of %s must be text, got %s", key, describe(n)),
			fmt.Sprintf("quote it: - '%s'", n.GetToken().Value))
		return "", false
	default:
		p.errorAt(p.at(n), fmt.Sprintf("a pattern of %s must be text, got %s", key, describe(n)), "write one regular expression per line after a dash")
		return "", false
	}
	s, ok := p.text(n, key)
	if !ok {
		return "", false
	}
	at := p.at(n)
	switch {
	case s == "":
		p.errorAt(at, "empty pattern: it would match every tool call", "remove it, or write the text to look for")
		return "", false
	case len(s) > maxEvalPattern:
		p.errorAt(at, fmt.Sprintf("the pattern is %d bytes, more than %d", len(s), maxEvalPattern), "split it into several patterns")
		return "", false
	}
	// Parsed, not compiled: parsing finds every error regexp.Compile
	// would for patterns within the size limit, at a quarter of the cost,
	// and every hook call loads the policy. The evaluator compiles them.
	if _, err := syntax.Parse(s, syntax.Perl); err != nil {
		off, msg, hint := regexpError(s, err)
		p.errorAt(p.inValue(n, off), msg, hint)
		return "", false
	}
	if strings.ContainsRune(s, '\b') {
		// In double quotes YAML reads \b itself, as a backspace.
		p.warnAt(at, "the pattern holds a backspace character, which never appears in a tool call",
			`in double quotes YAML reads \b as a backspace: write the pattern in single quotes, '\bssn\b'`)
	} else if frag, r, ok := upperCase(s); ok {
		p.warnAt(p.inValue(n, literalRune(s, r)), fmt.Sprintf("`%s` never matches: the evaluator lower-cases the text it scans", frag),
			fmt.Sprintf("write it in lower case, `%s`, or start the pattern with (?i)", strings.ToLower(frag)))
	}
	return s, true
}

// regexpError turns an error of regexp.Compile into a diagnostic: the
// offset (in runes) of the faulty part in expr, the compiler's message and
// a hint.
func regexpError(expr string, err error) (off int, msg, hint string) {
	msg = "invalid regular expression: " + strings.TrimPrefix(err.Error(), "error parsing regexp: ")
	hint = "the syntax is Go's RE2: https://golang.org/s/re2syntax"
	var se *syntax.Error
	if !errors.As(err, &se) {
		return 0, msg, hint
	}
	if i := strings.Index(expr, se.Expr); i > 0 {
		off = utf8.RuneCountInString(expr[:i])
	}
	switch se.Code {
	case syntax.ErrInvalidPerlOp:
		hint = "RE2 has no lookahead or lookbehind: match the text itself"
	case syntax.ErrInvalidEscape:
		switch {
		case se.Expr == `\Z`:
			hint = `RE2 writes the end of the text \z`
		case len(se.Expr) > 1 && '0' <= se.Expr[1] && se.Expr[1] <= '9':
			hint = "RE2 has no backreferences"
		default:
			hint = `RE2's escapes include \d \s \w \b \pL \x{41}; a literal backslash is \\`
		}
	case syntax.ErrMissingRepeatArgument:
		hint = `*, + and ? repeat what comes before them (.* is any text); a literal one is \*`
	case syntax.ErrMissingParen, syntax.ErrUnexpectedParen:
		hint = `balance the parentheses; a literal one is \( or \)`
	case syntax.ErrMissingBracket:
		hint = `close the class with ]; a literal one is \[`
	case syntax.ErrInvalidRepeatSize:
		hint = "a repetition count is at most 1000, nested counts multiplied together"
	}
	return off, msg, hint
}

// upperCase looks for a part of expr that can never match lower-cased
// text: a literal with an upper-case letter, outside (?i), or a class of
// upper-case letters only ([A-Z]). Escapes such as \S, \W, \B, \A and \PL
// are not literals, so they are not reported. It returns the part as RE2
// prints it (at most about 40 characters) and its first upper-case rune.
func upperCase(expr string) (frag string, first rune, ok bool) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return "", 0, false
	}
	var walk func(*syntax.Regexp) bool
	walk = func(re *syntax.Regexp) bool {
		switch re.Op {
		case syntax.OpLiteral:
			if re.Flags&syntax.FoldCase == 0 {
				for _, r := range re.Rune {
					if unicode.ToLower(r) != r {
						frag, first = re.String(), r
						return true
					}
				}
			}
		case syntax.OpCharClass:
			if r, only := onlyUpper(re.Rune); only {
				frag, first = re.String(), r
				return true
			}
		}
		for _, sub := range re.Sub {
			if walk(sub) {
				return true
			}
		}
		return false
	}
	if !walk(re) {
		return "", 0, false
	}
	if rs := []rune(frag); len(rs) > 40 {
		frag = string(rs[:40]) + "…"
	}
	return frag, first, true
}

// onlyUpper reports whether a class (as pairs of ranges) holds only runes
// that lower-casing removes, and returns the first one. A large class is
// taken to hold some other rune: no real pattern lists thousands of
// upper-case letters one by one.
func onlyUpper(ranges []rune) (rune, bool) {
	n := 0
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= ranges[i+1]; r++ {
			if n++; n > 4096 || unicode.ToLower(r) == r {
				return 0, false
			}
		}
	}
	if len(ranges) < 2 {
		return 0, false
	}
	return ranges[0], true
}

// literalRune returns the offset in runes of the first r in expr that is
// written as itself, not inside an escape (\S, \p{Lu}) or the flags and
// name of a group ((?U), (?P<Name>); 0 when there is none, as for \x41.
func literalRune(expr string, r rune) int {
	rs := []rune(expr)
	skipTo := func(i int, ends string) int {
		for i < len(rs) && !strings.ContainsRune(ends, rs[i]) {
			i++
		}
		return i
	}
	for i := 0; i < len(rs); i++ {
		switch {
		case rs[i] == '\\' && i+1 < len(rs):
			i++
			switch {
			case strings.ContainsRune("pPx", rs[i]) && i+1 < len(rs) && rs[i+1] == '{':
				i = skipTo(i, "}")
			case rs[i] == 'p' || rs[i] == 'P':
				i++ // a one-letter class name: \pL
			case rs[i] == 'x':
				i += 2 // two hex digits: \x4A
			}
		case rs[i] == '(' && i+1 < len(rs) && rs[i+1] == '?':
			if j := i + 2; j < len(rs) && (rs[j] == '<' || rs[j] == 'P') {
				i = skipTo(j, ">")
			} else {
				i = skipTo(j, ":)")
			}
		case rs[i] == r:
			return i
		}
	}
	return 0
}
