package shell

import (
	"strconv"
	"strings"
)

// The evaluator reads an expression of inline code and works out the text
// it makes, as far as that can be known without running anything: string
// literals with their escapes, concatenation ('r' + 'm', "r" . "m", "r" "m",
// a .. b), character codes (chr(114), String.fromCharCode(114,109),
// 114.chr, string.char), joins and formats of literals, base64 and hex
// decoded, reversals, variables assigned once, and the well-known values a
// command names a place with (the home directory, the working directory).
// Whatever it cannot know is an unknown part: a command with one is not a
// literal.

type valKind uint8

const (
	valNone valKind = iota // nothing could be read here
	valStr
	valNum
	valList
)

// val is what an expression evaluates to.
type val struct {
	kind valKind
	s    string // text; unknownPart marks what is only known at run time
	n    int64
	list []val
	// hidden: the text was spelled in disguise (character codes, escapes of
	// plain letters, base64, hex, reversed): nobody writes a command so.
	hidden bool
}

func unknownVal() val { return val{kind: valStr, s: unknownPart} }

// text is the value as text: a number as digits, a list joined by spaces.
func (v val) text() string {
	switch v.kind {
	case valStr:
		return v.s
	case valNum:
		return strconv.FormatInt(v.n, 10)
	case valList:
		parts := make([]string, len(v.list))
		size := 0
		for i, x := range v.list {
			parts[i] = x.text()
			if size += len(parts[i]) + 1; size > maxValLen {
				return unknownPart
			}
		}
		return strings.Join(parts, " ")
	}
	return unknownPart
}

// known reports whether the whole value is known.
func (v val) known() bool {
	switch v.kind {
	case valStr:
		return !strings.Contains(v.s, unknownPart)
	case valNum:
		return true
	case valList:
		for _, x := range v.list {
			if !x.known() {
				return false
			}
		}
		return true
	}
	return false
}

func (v val) anyHidden() bool {
	if v.hidden {
		return true
	}
	for _, x := range v.list {
		if x.anyHidden() {
			return true
		}
	}
	return false
}

// shellText is the value as text for the shell analysis: unknown parts
// become a variable, which the shell rules read as "only known at run time".
func shellText(s string) string {
	return strings.ReplaceAll(s, unknownPart, "$ARG")
}

// evaluator evaluates expressions of one piece of code in one language.
type evaluator struct {
	lang string
	code string
	i    int
	// scope is shared by the sub-evaluators of one piece of code.
	scope *scope
}

type scope struct {
	vars     map[string]varDef
	busy     map[string]bool // variables being evaluated (a = a + 'x')
	steps    int             // evaluation budget left
	depth    int
	progCode string
	lang     string
	varsRead bool // vars is found on first use: most code names no variable
}

type varDef struct {
	at    int  // where the assigned expression starts
	count int  // assignments seen
	bad   bool // shadowed or mutated: unknown
}

// maxEvalSteps bounds the work on one piece of code: past it, values are
// unknown. maxValLen bounds a value's text (a = 'x'; b = a + a; c = b + b…
// doubles at every step): a longer value is unknown.
const (
	maxEvalSteps = 20000
	maxValLen    = 64 << 10
)

func newEvaluator(lang, code string) *evaluator {
	return &evaluator{lang: lang, code: code, scope: &scope{busy: map[string]bool{}, steps: maxEvalSteps, progCode: code, lang: lang}}
}

// sub evaluates a piece of text (an interpolation, a variable's value)
// with the same variables and budget.
func (e *evaluator) sub(code string) *evaluator {
	return &evaluator{lang: e.lang, code: code, scope: e.scope}
}

func (e *evaluator) at(i int) *evaluator {
	return &evaluator{lang: e.lang, code: e.code, i: i, scope: e.scope}
}

func (e *evaluator) spend() bool {
	e.scope.steps--
	return e.scope.steps > 0
}

func (e *evaluator) skipSpace() {
	for e.i < len(e.code) {
		switch e.code[e.i] {
		case ' ', '\t', '\r':
			e.i++
		case '\\':
			// A line continuation.
			if e.i+1 < len(e.code) && e.code[e.i+1] == '\n' {
				e.i += 2
				continue
			}
			return
		default:
			return
		}
	}
}

func (e *evaluator) skipSpaceNL() {
	for {
		e.skipSpace()
		if e.i < len(e.code) && e.code[e.i] == '\n' {
			e.i++
			continue
		}
		return
	}
}

func (e *evaluator) peek(s string) bool { return strings.HasPrefix(e.code[e.i:], s) }

// expr1 evaluates the whole text of a sub-evaluator: unknown unless the
// expression covers all of it.
func (e *evaluator) expr1() val {
	v := e.expr()
	e.skipSpaceNL()
	if e.i < len(e.code) || v.kind == valNone {
		return unknownVal()
	}
	return v
}

// arg evaluates the expression at i and reports where it ends. The value
// is unknown unless the expression ends where an argument ends: a value
// followed by " if x else …" or "? a : b" is not the value.
func (e *evaluator) arg(i int) (val, int) {
	s := e.at(i)
	s.skipSpaceNL()
	v := s.expr()
	s.skipSpace()
	if v.kind == valNone {
		return unknownVal(), s.i
	}
	if !s.argEnds() {
		return unknownVal(), s.i
	}
	return v, s.i
}

// argEnds reports whether the text at e.i ends an argument or a statement.
func (e *evaluator) argEnds() bool {
	if e.i >= len(e.code) {
		return true
	}
	switch e.code[e.i] {
	case ',', ')', ']', ';', '\n', '}':
		return true
	case '|', '&':
		return e.peek("||") || e.peek("&&")
	}
	rest := e.code[e.i:]
	if e.lang == "osascript" {
		// do shell script "…" with administrator privileges, … as text.
		for _, kw := range []string{"with ", "without ", "as ", "user name ", "password ", "altering "} {
			if strings.HasPrefix(rest, kw) {
				return true
			}
		}
	}
	for _, kw := range []string{"or ", "and ", "if ", "unless ", "or\n", "do ", "do\n", "=>", "then"} {
		if strings.HasPrefix(rest, kw) && e.lang != "python" || e.lang == "python" && kw == "or " && strings.HasPrefix(rest, kw) {
			return e.lang != "python"
		}
	}
	return false
}

// expr: terms joined by concatenation and arithmetic.
func (e *evaluator) expr() val {
	if !e.spend() || e.scope.depth > 64 {
		return val{}
	}
	e.scope.depth++
	defer func() { e.scope.depth-- }()
	left := e.term()
	if left.kind == valNone {
		return left
	}
	for e.spend() {
		save := e.i
		e.skipSpace()
		op := e.binaryOp()
		if op == "" {
			e.i = save
			return left
		}
		e.skipSpaceNL()
		right := e.term()
		if right.kind == valNone {
			e.i = save
			return left
		}
		left = e.apply(op, left, right)
	}
	return left
}

// binaryOp reads a concatenation or arithmetic operator at e.i.
func (e *evaluator) binaryOp() string {
	if e.i >= len(e.code) {
		return ""
	}
	rest := e.code[e.i:]
	switch {
	case strings.HasPrefix(rest, "==") || strings.HasPrefix(rest, "+=") || strings.HasPrefix(rest, "++") || strings.HasPrefix(rest, "-=") || strings.HasPrefix(rest, ".="):
		return ""
	case e.lang == "lua" && strings.HasPrefix(rest, ".."):
		e.i += 2
		return "."
	case (e.lang == "perl" || e.lang == "php") && rest[0] == '.' && !strings.HasPrefix(rest, ".."):
		e.i++
		return "."
	case e.lang == "osascript" && rest[0] == '&':
		e.i++
		return "."
	case e.lang == "perl" && strings.HasPrefix(rest, "x ") || e.lang == "perl" && len(rest) > 1 && rest[0] == 'x' && rest[1] >= '0' && rest[1] <= '9':
		e.i++
		return "x"
	case rest[0] == '+' || rest[0] == '-' || rest[0] == '*':
		e.i++
		return rest[:1]
	case rest[0] == '%' && e.lang != "perl" && e.lang != "php":
		e.i++
		return "%"
	case rest[0] == '/' && e.lang == "python":
		e.i++
		return "/"
	}
	// Juxtaposition: awk always, Python and Ruby for adjacent string literals.
	if e.lang == "awk" && (rest[0] == '"' || rest[0] == '(' || isIdentStart(rest[0]) || rest[0] == '$') && !startsKeyword(rest) {
		return "."
	}
	if (e.lang == "python" || e.lang == "ruby") && (rest[0] == '"' || rest[0] == '\'') {
		return "."
	}
	return ""
}

func startsKeyword(s string) bool {
	for _, kw := range []string{"in ", "in(", "getline", "if", "else", "while", "for", "do", "print", "printf"} {
		if strings.HasPrefix(s, kw) {
			return true
		}
	}
	return false
}

// apply combines two values with an operator.
func (e *evaluator) apply(op string, a, b val) val {
	hidden := a.hidden || b.hidden
	switch op {
	case "+", ".":
		if op == "+" && a.kind == valNum && b.kind == valNum {
			return val{kind: valNum, n: a.n + b.n}
		}
		if a.kind == valList && b.kind == valList && op == "+" && len(a.list)+len(b.list) <= 4096 {
			return val{kind: valList, list: append(append([]val{}, a.list...), b.list...)}
		}
		if a.kind == valList || b.kind == valList {
			return unknownVal()
		}
		if len(a.s)+len(b.s) > maxValLen {
			return unknownVal()
		}
		return val{kind: valStr, s: a.text() + b.text(), hidden: hidden}
	case "-":
		if a.kind == valNum && b.kind == valNum {
			return val{kind: valNum, n: a.n - b.n}
		}
	case "*":
		if a.kind == valNum && b.kind == valNum {
			return val{kind: valNum, n: a.n * b.n}
		}
		if a.kind == valStr && b.kind == valNum && b.n >= 0 && b.n <= 64 && len(a.s)*int(b.n) <= 4096 {
			return val{kind: valStr, s: strings.Repeat(a.s, int(b.n)), hidden: hidden}
		}
	case "x":
		if b.kind == valNum && b.n >= 0 && b.n <= 64 && len(a.text())*int(b.n) <= 4096 {
			return val{kind: valStr, s: strings.Repeat(a.text(), int(b.n)), hidden: hidden}
		}
	case "%":
		if a.kind == valStr {
			args := []val{b}
			if b.kind == valList {
				args = b.list
			}
			return formatValue(a, args)
		}
		if a.kind == valNum && b.kind == valNum && b.n != 0 {
			return val{kind: valNum, n: a.n % b.n}
		}
	case "/":
		if a.kind == valStr && b.kind == valStr {
			return val{kind: valStr, s: strings.TrimRight(a.s, "/") + "/" + b.s, hidden: hidden}
		}
	}
	return unknownVal()
}

// term: a primary followed by method calls, subscripts and slices.
func (e *evaluator) term() val {
	e.skipSpace()
	if e.i >= len(e.code) {
		return val{}
	}
	// Unary minus on a number; Perl's "scalar reverse"; PowerShell's [char]114.
	if e.code[e.i] == '-' && e.i+1 < len(e.code) && e.code[e.i+1] >= '0' && e.code[e.i+1] <= '9' {
		e.i++
		v := e.term()
		if v.kind == valNum {
			v.n = -v.n
		}
		return v
	}
	v := e.primary()
	if v.kind == valNone {
		return v
	}
	for e.spend() {
		save := e.i
		e.skipSpace()
		if e.i >= len(e.code) {
			return v
		}
		switch c := e.code[e.i]; {
		case c == '.' && e.lang != "perl" && e.lang != "php" && !e.peek("..") || e.peek("->") && (e.lang == "php" || e.lang == "perl") || c == ':' && e.peek(":") && e.lang == "lua":
			if c == '-' {
				e.i++
			}
			e.i++
			name := e.ident()
			if name == "" {
				e.i = save
				return v
			}
			var args []val
			hasArgs := false
			e.skipSpace()
			if e.i < len(e.code) && e.code[e.i] == '(' {
				args, hasArgs = e.callArgs(), true
			} else if e.lang == "ruby" && e.i < len(e.code) && (e.code[e.i] == '"' || e.code[e.i] == '\'') {
				// Ruby: "x".tr 'a-y', 'b-z' (arguments without parentheses).
				args, hasArgs = e.bareArgs(), true
			}
			v = e.method(v, name, args, hasArgs)
		case c == '[':
			end := matchClose(e.code, e.i, '[', ']')
			if end < 0 {
				e.i = save
				return v
			}
			inner := strings.TrimSpace(e.code[e.i+1 : end])
			e.i = end + 1
			v = e.subscript(v, inner)
		default:
			e.i = save
			return v
		}
	}
	return v
}

// subscript applies [inner] to v: an index, a Python slice, a key.
func (e *evaluator) subscript(v val, inner string) val {
	if inner == "::-1" {
		return reverseVal(v)
	}
	if strings.Contains(inner, ":") {
		parts := strings.Split(inner, ":")
		if len(parts) == 2 && v.kind == valStr && v.known() {
			lo, hi := 0, len(v.s)
			if parts[0] != "" {
				n := e.sub(parts[0]).expr1()
				if n.kind != valNum {
					return unknownVal()
				}
				lo = int(n.n)
			}
			if parts[1] != "" {
				n := e.sub(parts[1]).expr1()
				if n.kind != valNum {
					return unknownVal()
				}
				hi = int(n.n)
			}
			if lo < 0 {
				lo += len(v.s)
			}
			if hi < 0 {
				hi += len(v.s)
			}
			if lo < 0 || hi > len(v.s) || lo > hi {
				return unknownVal()
			}
			return val{kind: valStr, s: v.s[lo:hi], hidden: true}
		}
		return unknownVal()
	}
	idx := e.sub(inner).expr1()
	if idx.kind == valNum {
		n := int(idx.n)
		switch v.kind {
		case valList:
			if n < 0 {
				n += len(v.list)
			}
			if n >= 0 && n < len(v.list) {
				return v.list[n]
			}
		case valStr:
			if v.known() {
				if n < 0 {
					n += len(v.s)
				}
				if n >= 0 && n < len(v.s) {
					return val{kind: valStr, s: v.s[n : n+1], hidden: true}
				}
			}
		}
	}
	return unknownVal()
}

// ident reads an identifier at e.i.
func (e *evaluator) ident() string {
	start := e.i
	for e.i < len(e.code) && (isIdentChar(e.code[e.i]) || e.code[e.i] == '!' && e.lang == "ruby" && e.i > start || e.code[e.i] == '?' && e.lang == "ruby" && e.i > start) {
		e.i++
	}
	return e.code[start:e.i]
}

// callArgs reads (a, b, …) at e.i.
func (e *evaluator) callArgs() []val {
	end := matchClose(e.code, e.i, '(', ')')
	if end < 0 {
		e.i = len(e.code)
		return []val{unknownVal()}
	}
	args := e.argList(e.code[e.i+1 : end])
	e.i = end + 1
	return args
}

// bareArgs reads Ruby or Perl arguments without parentheses, to the end
// of the statement.
func (e *evaluator) bareArgs() []val {
	end := e.i
	for end < len(e.code) && e.code[end] != ';' && e.code[end] != '\n' && e.code[end] != '}' && e.code[end] != ')' && e.code[end] != ']' {
		switch q := e.code[end]; q {
		case '"', '\'':
			if _, k, ok := e.at(end).readLiteral(end); ok {
				end = k
				continue
			}
		case '(', '[', '{':
			if k := matchClose(e.code, end, q, map[byte]byte{'(': ')', '[': ']', '{': '}'}[q]); k > 0 {
				end = k + 1
				continue
			}
		case 'q', '%':
			// Perl's q{…} and qq(…), Ruby's %q(…): a literal whose brackets close it.
			if (end == e.i || !isIdentChar(e.code[end-1])) && (e.lang == "perl" || e.lang == "ruby") {
				if _, k, ok := e.at(end).readLiteral(end); ok {
					end = k
					continue
				}
			}
		}
		end++
	}
	args := e.argList(e.code[e.i:end])
	e.i = end
	return args
}

// argList evaluates comma-separated arguments; keyword arguments (a=b,
// key: value) are skipped.
func (e *evaluator) argList(s string) []val {
	var args []val
	sub := e.sub(s)
	for sub.spend() && len(args) < 256 {
		sub.skipSpaceNL()
		if sub.i >= len(s) {
			break
		}
		// key=value (Python) and key: value (Ruby, JS objects) are options.
		k := sub.i
		for k < len(s) && isIdentChar(s[k]) {
			k++
		}
		if k > sub.i && k < len(s) && (s[k] == '=' && (k+1 >= len(s) || s[k+1] != '=') || s[k] == ':' && (k+1 >= len(s) || s[k+1] != ':')) {
			end := nextComma(s, k)
			args = append(args, val{kind: valNone, s: s[sub.i:k]})
			sub.i = end + 1
			continue
		}
		splat := false
		switch {
		case s[sub.i] == '*' && (e.lang == "python" || e.lang == "ruby") && !strings.HasPrefix(s[sub.i:], "**"):
			sub.i++ // *args: its elements are the arguments
			splat = true
		case strings.HasPrefix(s[sub.i:], "...") && (e.lang == "node" || e.lang == "jxa"):
			sub.i += 3 // ...args
			splat = true
		}
		v, end := sub.arg(sub.i)
		if splat && v.kind == valList {
			args = append(args, v.list...)
		} else {
			args = append(args, v)
		}
		sub.i = nextComma(s, end) + 1
	}
	return args
}

// nextComma returns the index of the next top-level comma from i, or len(s).
func nextComma(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch c := s[j]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '"', '\'', '`':
			k := j + 1
			for k < len(s) && s[k] != c {
				if s[k] == '\\' {
					k++
				}
				k++
			}
			j = k
		case ',':
			if depth <= 0 {
				return j
			}
		}
	}
	return len(s)
}

// positional drops keyword arguments.
func positional(args []val) []val {
	var out []val
	for _, a := range args {
		if a.kind != valNone {
			out = append(out, a)
		}
	}
	return out
}

// keyword returns the keyword argument named key, if given.
func keywordGiven(args []val, key string) bool {
	for _, a := range args {
		if a.kind == valNone && a.s == key {
			return true
		}
	}
	return false
}

// primary: a literal, a list, a parenthesised expression, a name (a
// variable, a well-known value, a call).
func (e *evaluator) primary() val {
	code := e.code
	c := code[e.i]
	switch {
	case c == '"' || c == '\'' || c == '`' && (e.lang == "node" || e.lang == "julia"):
		v, end, ok := e.readLiteral(e.i)
		if !ok {
			e.i = len(code)
			return unknownVal()
		}
		e.i = end
		return v
	case c >= '0' && c <= '9':
		return e.number()
	case c == '(':
		end := matchClose(code, e.i, '(', ')')
		if end < 0 {
			return val{}
		}
		inner := code[e.i+1 : end]
		e.i = end + 1
		if nextComma(inner, 0) < len(inner) || e.lang == "perl" {
			l := positional(e.argList(inner))
			if len(l) == 1 && nextComma(inner, 0) >= len(inner) {
				return l[0]
			}
			return val{kind: valList, list: l}
		}
		return e.sub(inner).expr1()
	case c == '[':
		end := matchClose(code, e.i, '[', ']')
		if end < 0 {
			return val{}
		}
		inner := code[e.i+1 : end]
		e.i = end + 1
		if e.lang == "powershell" {
			// [char]114, [string]'x'.
			e.skipSpace()
			v := e.term()
			if strings.EqualFold(inner, "char") && v.kind == valNum {
				return charVal(v.n)
			}
			return v
		}
		return val{kind: valList, list: positional(e.argList(inner))}
	case c == '{' && e.lang == "lua":
		end := matchClose(code, e.i, '{', '}')
		if end < 0 {
			return val{}
		}
		inner := code[e.i+1 : end]
		e.i = end + 1
		return val{kind: valList, list: positional(e.argList(inner))}
	case c == ':' && e.lang == "ruby" && e.i+1 < len(code) && isIdentStart(code[e.i+1]):
		e.i++
		return val{kind: valStr, s: e.ident()}
	case c == '%' && e.lang == "ruby" && e.i+2 < len(code) && (code[e.i+1] == 'w' || code[e.i+1] == 'W'):
		if cl, ok := quotePair(code[e.i+2]); ok {
			end := strings.IndexByte(code[e.i+3:], cl)
			if end >= 0 {
				words := strings.Fields(code[e.i+3 : e.i+3+end])
				e.i += 3 + end + 1
				return wordList(words)
			}
		}
	case c == 'q' && e.lang == "perl" && e.peek("qw"):
		if e.i+2 < len(code) {
			if cl, ok := quotePair(code[e.i+2]); ok {
				end := strings.IndexByte(code[e.i+3:], cl)
				if end >= 0 {
					words := strings.Fields(code[e.i+3 : e.i+3+end])
					e.i += 3 + end + 1
					return wordList(words)
				}
			}
		}
	}
	if c == 'q' && e.lang == "perl" || c == '%' && e.lang == "ruby" {
		if v, end, ok := e.readLiteral(e.i); ok {
			e.i = end
			return v
		}
	}
	if e.lang == "python" && e.i+1 < len(code) && strings.IndexByte("rbfuRBFU", c) >= 0 {
		if v, end, ok := e.readLiteral(e.i); ok {
			e.i = end
			return v
		}
	}
	if isIdentStart(c) || c == '$' || c == '@' || c == '%' && e.lang == "perl" || c == '&' && e.lang == "perl" {
		return e.name()
	}
	return val{}
}

func wordList(words []string) val {
	l := make([]val, len(words))
	for i, w := range words {
		l[i] = val{kind: valStr, s: w}
	}
	return val{kind: valList, list: l}
}

func (e *evaluator) number() val {
	start := e.i
	for e.i < len(e.code) && (isIdentChar(e.code[e.i])) {
		e.i++
	}
	lit := strings.ReplaceAll(e.code[start:e.i], "_", "")
	n, err := strconv.ParseInt(lit, 0, 64)
	if err != nil {
		if len(lit) > 1 && lit[0] == '0' && allOctal(lit[1:]) {
			n, err = strconv.ParseInt(lit[1:], 8, 64)
		}
		if err != nil {
			// 1.5, 10L…: a number, but not one a character code is made of.
			for e.i < len(e.code) && (isIdentChar(e.code[e.i]) || e.code[e.i] == '.') {
				e.i++
			}
			return val{kind: valStr, s: unknownPart}
		}
	}
	return val{kind: valNum, n: n}
}

func allOctal(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '7' {
			return false
		}
	}
	return s != ""
}

// charVal is the character with code n.
func charVal(n int64) val {
	if n < 0 || n > 0x10FFFF {
		return unknownVal()
	}
	return val{kind: valStr, s: string(rune(n)), hidden: true}
}

// name reads a dotted name (os.path.expanduser, $ENV{HOME}, Dir.home,
// String.fromCharCode) and what follows it: a call, a subscript.
func (e *evaluator) name() val {
	code := e.code
	start := e.i
	if c := code[e.i]; c == '$' || c == '@' || c == '%' || c == '&' {
		e.i++
		if e.i < len(code) && code[e.i] == '{' && e.lang == "perl" {
			// ${name} or @{[ … ]}: unknown.
			end := matchClose(code, e.i, '{', '}')
			if end < 0 {
				e.i = len(code)
				return unknownVal()
			}
			e.i = end + 1
			return unknownVal()
		}
	}
	for e.i < len(code) {
		e.ident()
		switch {
		case e.peek("::") && e.lang != "lua":
			e.i += 2
			continue
		case e.peek(".") && !e.peek("..") && e.lang != "perl" && e.lang != "php" && e.lang != "lua" && e.i+1 < len(code) && isIdentStart(code[e.i+1]):
			e.i++
			continue
		case e.peek(":") && e.lang == "powershell" && e.i+1 < len(code) && isIdentStart(code[e.i+1]):
			e.i++ // $env:HOME
			continue
		case e.peek(".") && e.lang == "lua" && e.i+1 < len(code) && isIdentStart(code[e.i+1]):
			e.i++
			continue
		}
		break
	}
	full := code[start:e.i]
	if full == "" || full == "$" {
		e.i = start
		return val{}
	}
	// A Perl hash element: $ENV{HOME}, $ENV{'HOME'}.
	if e.lang == "perl" && e.i < len(code) && code[e.i] == '{' {
		end := matchClose(code, e.i, '{', '}')
		if end > 0 {
			keyText := strings.TrimSpace(code[e.i+1 : end])
			key := keyText
			if k := e.sub(keyText).expr1(); k.kind == valStr && k.known() {
				key = k.s
			} else if !isBareword(keyText) {
				key = unknownPart
			}
			e.i = end + 1
			return e.element(full, key)
		}
	}
	// A subscript by a literal key: os.environ['HOME'], ENV["HOME"], process.env['HOME'].
	if e.i < len(code) && code[e.i] == '[' && !strings.HasPrefix(full, "$") || e.i < len(code) && code[e.i] == '[' && (e.lang == "php" || e.lang == "powershell") {
		end := matchClose(code, e.i, '[', ']')
		if end > 0 {
			inner := strings.TrimSpace(code[e.i+1 : end])
			if k := e.sub(inner).expr1(); k.kind == valStr && k.known() && !strings.Contains(inner, ":") {
				e.i = end + 1
				return e.element(full, k.s)
			}
		}
	}
	e.skipSpace()
	if e.i < len(code) && code[e.i] == '(' {
		args := e.callArgs()
		return e.call(full, args)
	}
	if e.lang == "ruby" || e.lang == "perl" {
		// Ruby and Perl calls without parentheses: chr 114, decode_base64 "…".
		if f := lastSegment(full); bareCalls[f] && e.i < len(code) && (code[e.i] == '"' || code[e.i] == '\'' || code[e.i] >= '0' && code[e.i] <= '9' || code[e.i] == '$' || isIdentStart(code[e.i])) {
			v, end := e.arg(e.i)
			e.i = end
			return e.call(full, []val{v})
		}
	}
	return e.variable(full)
}

var bareCalls = map[string]bool{"chr": true, "decode_base64": true, "reverse": true, "lc": true, "uc": true, "join": true, "sprintf": true, "pack": true, "scalar": true}

func lastSegment(name string) string {
	if i := strings.LastIndexAny(name, ".:>"); i >= 0 {
		return name[i+1:]
	}
	return name
}

// element is the value of a hash or dictionary element: the environment's
// HOME and PWD are the home and working directories.
func (e *evaluator) element(name, key string) val {
	switch strings.TrimLeft(lastSegment(name), "$@%_") {
	case "ENV", "environ", "env", "SERVER", "ENVIRON":
		return inlineEnvValue(key)
	}
	return unknownVal()
}

// inlineEnvValue is the value of an environment variable, for the ones that
// name a place.
func inlineEnvValue(key string) val {
	switch strings.ToUpper(key) {
	case "HOME", "USERPROFILE":
		return val{kind: valStr, s: "~"}
	case "PWD":
		return val{kind: valStr, s: "."}
	}
	return unknownVal()
}

// variable is the value of a name: a well-known value or a variable
// assigned once.
func (e *evaluator) variable(name string) val {
	switch name {
	case "Dir.home", "$HOME", "$env:HOME", "$env:USERPROFILE", "$home", "$Home", "os.homedir", "Path.home", "pathlib.Path.home":
		return val{kind: valStr, s: "~"}
	case "DIRECTORY_SEPARATOR", "os.sep", "path.sep", "File::SEPARATOR", "File.SEPARATOR", "path.posix.sep":
		return val{kind: valStr, s: "/"}
	case "Dir.pwd", "$PWD", "$pwd", "__dirname", "os.curdir", "process.cwd", "__DIR__", "$PSScriptRoot":
		return val{kind: valStr, s: "."}
	case "True", "true", "False", "false", "None", "nil", "null", "undefined":
		return unknownVal()
	}
	if strings.HasPrefix(strings.ToLower(name), "$env:") {
		return inlineEnvValue(name[5:])
	}
	if strings.HasPrefix(name, "process.env.") {
		return inlineEnvValue(name[len("process.env."):])
	}
	if strings.HasPrefix(name, "ENV.") {
		return inlineEnvValue(name[4:])
	}
	if !e.scope.varsRead {
		e.scope.vars = findAssignments(e.scope.lang, e.scope.progCode)
		e.scope.varsRead = true
	}
	if d, ok := e.scope.vars[name]; ok && d.count == 1 && !d.bad && !e.scope.busy[name] && d.at < len(e.scope.progCode) {
		e.scope.busy[name] = true
		v, _ := (&evaluator{lang: e.lang, code: e.scope.progCode, scope: e.scope}).arg(d.at)
		delete(e.scope.busy, name)
		return v
	}
	return unknownVal()
}
