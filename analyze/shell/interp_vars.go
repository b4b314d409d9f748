package shell

import (
	"strings"
)

// Variables of inline code: c = 'rm -rf ~'; os.system(c). A variable is
// known when it is assigned exactly once and nothing else can change it
// (no loop, parameter or second assignment binds the name, no method
// mutates it in place); otherwise it is unknown, which is the safe side.

var (
	// name = value, with the declarations of each language; not ==, =~, =>.
	reAssign = lazyRegexp(`(?m)(?:^|[;{(\s]|\b(?:my|our|local|const|let|var|set)\s+|\bset\s+)\s*([$@%]?[A-Za-z_][\w.:]*)\s*(?:\s+to\s+|=(?:[^=~>]|$)|:=|<-)`)
	// Names bound otherwise: parameters, loop variables, with … as x, blocks |x|.
	reShadow = lazyRegexp(`\b(?:def|function|sub|func|proc|lambda)\b[^(:{]*\(([^)]*)\)|\blambda\s+([^:]*):|\(([^()]*)\)\s*=>|\b([A-Za-z_]\w*)\s*=>|\|([^|]*)\||\bfor\s*\(?\s*(?:my\s+|local\s+|const\s+|let\s+|var\s+)?([$\w, ]+?)\s+(?:in|of)\b|\bforeach\s+(?:my\s+)?(\$\w+)|\bas\s+(\$?\w+)|\bwhile\s*\(\s*(?:my\s+)?(\$\w+)\s*=|\b(?:global|nonlocal)\s+([\w, ]+)|([$@]?\w+)\s*(?:\+=|-=|\.=|\*=|\|\|=|&&=|\?\?=|<<|=~|\+\+|--)|\bchomp\s*\(?\s*(\$\w+)|\bread(?:line)?\s*\(?\s*(\$\w+)`)
	// Code that can set any variable: eval and exec of code, globals()[…] =,
	// setattr, PHP's extract.
	reDynamicScope = lazyRegexp(`\b(?:exec|eval|evalq|compile|Function|instance_eval|class_eval|module_eval|binding|instance_variable_set|define_method|setattr|extract|parse_str|import_request_variables|setfenv|rawset|loadstring|runInThisContext|runInNewContext|runInContext)\b\s*[(\s"'{]|\b(?:globals|locals|vars)\s*\(\s*\)|__dict__|\b_G\s*\[|\b_ENV\b|\b(?:global|globalThis|window|self)\s*(?:\.|\[)|(?:^|[^.\w])(?:load|assign)\s*\(`)
	// Perl's and PHP's variables named by a string: ${"name"}, $$name, *{"name"}.
	reSymbolicRef = lazyRegexp(`(?:^|[^\\])(?:\$\$[A-Za-z_{]|\$\{\s*["'$\\]|\*\{\s*["'$])`)
	// In-place changes through a method: c.replace!(…), c << 'x', c.push(…).
	reMutate = lazyRegexp(`([$@]?\w+)\s*\.\s*(?:\w+!|concat|insert|prepend|push|append|extend|replace|update|setdefault|pop|clear|splice|unshift|shift)\b|([$@]?\w+)\s*\[[^\]]*\]\s*=[^=]`)
)

// findAssignments returns the variables assigned in code and whether each
// can be trusted.
func findAssignments(lang, code string) map[string]varDef {
	vars := map[string]varDef{}
	if len(code) > 64<<10 {
		return vars
	}
	for _, m := range reAssign.get().FindAllStringSubmatchIndex(code, 512) {
		name := code[m[2]:m[3]]
		if isReservedName(name) {
			continue
		}
		if lang == "powershell" {
			name = strings.ToLower(name)
		}
		d := vars[name]
		d.count++
		// The value starts after "=", ":=", "<-" or " to ".
		at := m[1]
		if mt := code[m[0]:m[1]]; strings.HasSuffix(mt, "=") || strings.HasSuffix(mt, " to ") || strings.HasSuffix(mt, "<-") {
			d.at = at
		} else {
			d.at = at - 1 // the match took the first character of the value
		}
		vars[name] = d
		// Tuple assignments (a, b = …) and Perl's list assignments are not followed.
		if m[2] > 0 && (code[m[2]-1] == '(' || code[m[2]-1] == ',') {
			d.bad = true
			vars[name] = d
		}
	}
	if len(vars) == 0 {
		return vars
	}
	mark := func(name string) {
		name = strings.TrimSpace(name)
		if name == "" {
			return
		}
		if lang == "powershell" {
			name = strings.ToLower(name)
		}
		if d, ok := vars[name]; ok {
			d.bad = true
			vars[name] = d
		}
	}
	for _, m := range reShadow.FindAllStringSubmatch(code, 512) {
		for _, g := range m[1:] {
			for _, n := range strings.FieldsFunc(g, func(r rune) bool { return r == ',' || r == ' ' || r == '*' || r == '&' || r == '=' }) {
				mark(n)
			}
		}
	}
	for _, m := range reMutate.FindAllStringSubmatch(code, 512) {
		mark(m[1])
		mark(m[2])
	}
	if reDynamicScope.MatchString(code) || (lang == "perl" || lang == "php") && reSymbolicRef.MatchString(code) {
		// Code that evaluates code or sets variables by name can change any
		// variable: none is known.
		for name, d := range vars {
			d.bad = true
			vars[name] = d
		}
	}
	return vars
}

func isReservedName(name string) bool {
	switch name {
	case "if", "while", "for", "return", "and", "or", "not", "in", "is", "else", "elif", "print", "echo", "then", "do":
		return true
	}
	return false
}
