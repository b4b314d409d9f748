package shell

import (
	"strings"
)

// canonical rewrites the indirect ways inline code reaches a function into
// the direct spelling the rules look for: __import__('os').system →
// os.system, getattr(os, 'sys'+'tem') → os.system, require('child_'+'process')
// → require('child_process'), cp['exec'+'Sync'] → cp.execSync,
// Kernel.send(:system, …) → Kernel.system(…), call_user_func('system', …)
// → system(…), aliases (import subprocess as sp, f = os.system,
// const {execSync: run} = …) resolved. Names are worked out with the
// evaluator, so a name spelled in pieces or in character codes is found.
func canonical(lang, code string) string {
	if len(code) > 64<<10 {
		return code
	}
	// A second pass finds what the first revealed: globalThis['req'+'uire']
	// becomes globalThis.require(…), whose module is then named.
	for pass := 0; pass < 2; pass++ {
		next := canonicalPass(lang, code)
		if next == code {
			break
		}
		code = next
	}
	return code
}

func canonicalPass(lang, code string) string {
	switch lang {
	case "python":
		code = rewriteCalls(lang, code, reCanonDunderCall, canonApply)
		code = rewriteCalls(lang, code, reCanonImport, canonModule)
		code = rewriteCalls(lang, code, reCanonGetattr, canonGetattr)
		code = rewriteCalls(lang, code, reCanonSubscript, canonSubscript)
		code = pythonAliases(code)
	case "node", "jxa":
		code = rewriteCalls(lang, code, reCanonApply, canonApply)
		code = rewriteCalls(lang, code, reCanonReflectGet, canonGetattr) // Reflect.get(cp, 'execSync') → cp.execSync
		code = rewriteCalls(lang, code, reCanonRequire, canonRequire)
		code = rewriteCalls(lang, code, reCanonSubscript, canonSubscript)
		code = nodeAliases(code)
	case "ruby":
		code = rewriteCalls(lang, code, reCanonSend, canonSend)
		code = rewriteCalls(lang, code, reCanonMethod, canonMethodCall)
		code = rewriteCalls(lang, code, reCanonConstGet, canonModule)
	case "php":
		code = rewriteCalls(lang, code, reCanonCallUser, canonCallUser)
		code = rewriteCalls(lang, code, reCanonVarFunc, canonVarFunc)
		code = rewriteCalls(lang, code, reCanonParenCall, canonParenCall)
	case "lua":
		code = rewriteCalls(lang, code, reCanonLuaRequire, canonModule)
		code = rewriteCalls(lang, code, reCanonSubscript, canonSubscript)
		code = strings.ReplaceAll(code, "_G.", "")
	case "perl":
		code = rewriteCalls(lang, code, reCanonPerlRef, canonPerlRef)
		code = perlParenCalls(code)
	}
	return code
}

var (
	reCanonImport     = lazyRegexp(`\b(?:__import__|importlib\.import_module|import_module)\s*\(|\bsys\.modules\s*\[`)
	reCanonGetattr    = lazyRegexp(`\bgetattr\s*\(`)
	reCanonSubscript  = lazyRegexp(`(?:\b(?:globals|locals|vars)\s*\([^()]*\)|[\w\])]|\b__dict__)\s*\[`)
	reCanonRequire    = lazyRegexp(`\b(?:require|_load|import)\s*\(`)
	reCanonSend       = lazyRegexp(`(?:\.|\b)(?:send|public_send|__send__)\s*\(?\s*`)
	reCanonMethod     = lazyRegexp(`(?:\.|\b)method\s*\(`)
	reCanonConstGet   = lazyRegexp(`\bconst_get\s*\(`)
	reCanonCallUser   = lazyRegexp(`\b(?:call_user_func|call_user_func_array|forward_static_call|forward_static_call_array|array_map|array_walk)\s*\(`)
	reCanonVarFunc    = lazyRegexp(`\$\w+\s*\(`)
	reCanonPerlRef    = lazyRegexp(`&\s*\{\s*\\?&?\s*\{?`)
	reCanonReflectGet = lazyRegexp(`\bReflect\.get\s*\(`)
	reCanonApply      = lazyRegexp(`\.(?:call|apply)\s*\(|\bReflect\.apply\s*\(`)
	reCanonDunderCall = lazyRegexp(`\.__call__\s*\(`)
	reCanonParenCall  = lazyRegexp(`\(\s*['"]`)
	reCanonLuaRequire = lazyRegexp(`\brequire\s*\(`)
)

// rewriter replaces the text matched at loc (and what follows it) and
// returns the span replaced, the replacement and whether it applies.
type rewriter func(e *evaluator, loc []int) (start, end int, repl string, ok bool)

// rewriteCalls applies a rewriter at every match, left to right.
func rewriteCalls(lang, code string, re *lazyRE, f rewriter) string {
	locs := re.FindAllStringIndex(code, 64)
	if len(locs) == 0 {
		return code
	}
	e := newEvaluator(lang, code)
	var b strings.Builder
	last := 0
	for _, loc := range locs {
		start, end, repl, ok := f(e, loc)
		if !ok || start < last || end > len(code) || start > end {
			continue
		}
		b.WriteString(code[last:start])
		b.WriteString(repl)
		last = end
	}
	b.WriteString(code[last:])
	return b.String()
}

// nameOf evaluates text as the name of a module, function or attribute.
func (e *evaluator) nameOf(text string) (string, bool) {
	v := e.sub(strings.TrimSpace(text)).expr1()
	if v.kind != valStr || !v.known() || v.s == "" || len(v.s) > 64 {
		return "", false
	}
	for i := 0; i < len(v.s); i++ {
		if c := v.s[i]; !isIdentChar(c) && c != '.' && c != '/' && c != '-' && c != ':' && c != '@' {
			return "", false
		}
	}
	return v.s, true
}

// canonModule: __import__('o'+'s') → os; sys.modules['os'] → os;
// Object.const_get(:IO) → IO.
func canonModule(e *evaluator, loc []int) (int, int, string, bool) {
	code := e.code
	open := loc[1] - 1
	closeC := byte(')')
	if code[open] == '[' {
		closeC = ']'
	}
	end := matchClose(code, open, code[open], closeC)
	if end < 0 {
		return 0, 0, "", false
	}
	inner := code[open+1 : end]
	if k := nextComma(inner, 0); k < len(inner) {
		inner = inner[:k]
	}
	name, ok := e.nameOf(inner)
	if !ok {
		return 0, 0, "", false
	}
	start := loc[0]
	if i := strings.LastIndexByte(code[:loc[0]], '.'); i >= 0 && strings.TrimSpace(code[i+1:loc[0]]) == "" {
		// Object.const_get(…): the receiver goes with it.
		j := i
		for j > 0 && (isIdentChar(code[j-1]) || code[j-1] == ':' || code[j-1] == '.') {
			j--
		}
		start = j
	}
	return start, end + 1, name, true
}

// canonGetattr: getattr(os, 'system') → os.system.
func canonGetattr(e *evaluator, loc []int) (int, int, string, bool) {
	code := e.code
	end := matchClose(code, loc[1]-1, '(', ')')
	if end < 0 {
		return 0, 0, "", false
	}
	inner := code[loc[1]:end]
	k := nextComma(inner, 0)
	if k >= len(inner) {
		return 0, 0, "", false
	}
	obj := strings.TrimSpace(inner[:k])
	rest := inner[k+1:]
	if j := nextComma(rest, 0); j < len(rest) {
		rest = rest[:j] // getattr(x, 'name', default)
	}
	name, ok := e.nameOf(rest)
	if !ok || obj == "" {
		return 0, 0, "", false
	}
	return loc[0], end + 1, obj + "." + name, true
}

// canonSubscript: cp['exec'+'Sync'] → cp.execSync, globals()['os'] → os,
// os.__dict__['system'] → os.system, _G['os'] → os.
func canonSubscript(e *evaluator, loc []int) (int, int, string, bool) {
	code := e.code
	open := loc[1] - 1
	end := matchClose(code, open, '[', ']')
	if end < 0 {
		return 0, 0, "", false
	}
	name, ok := e.nameOf(code[open+1 : end])
	if !ok || !isIdentStart(name[0]) || strings.ContainsAny(name, "/-:@") {
		return 0, 0, "", false
	}
	prefix := code[loc[0]:open]
	p := strings.TrimSpace(prefix)
	switch {
	case strings.HasPrefix(p, "globals") || strings.HasPrefix(p, "locals") || strings.HasPrefix(p, "vars"):
		if strings.HasPrefix(p, "vars") && p != "vars()" {
			// vars(os)['system'] → os.system
			obj := strings.TrimSpace(p[strings.IndexByte(p, '(')+1 : len(p)-1])
			return loc[0], end + 1, obj + "." + name, true
		}
		return loc[0], end + 1, name, true
	case p == "__dict__":
		// os.__dict__['system'] → os.system (the dot before __dict__ stays).
		return loc[0], end + 1, name, true
	}
	if !sensitiveNames[name] {
		return 0, 0, "", false
	}
	return open, end + 1, "." + name, true
}

// sensitiveNames are the names worth resolving in obj[name]: modules and
// functions that run programs or code.
var sensitiveNames = map[string]bool{
	"child_process": true, "require": true, "mainModule": true, "constructor": true, "_load": true, "binding": true, "process": true,
	"exec": true, "execSync": true, "spawn": true, "spawnSync": true, "execFile": true, "execFileSync": true, "fork": true,
	"eval": true, "Function": true, "system": true, "popen": true, "os": true, "subprocess": true, "__import__": true,
	"__builtins__": true, "builtins": true, "run": true, "call": true, "check_output": true, "check_call": true, "Popen": true,
	"getoutput": true, "getstatusoutput": true, "execute": true, "io": true, "rmtree": true, "rmSync": true, "rm": true,
	"unlink": true, "unlinkSync": true, "remove": true, "shutil": true, "fs": true, "execv": true, "execvp": true, "execl": true,
	"execlp": true, "execve": true, "spawnv": true, "spawnl": true, "import_module": true, "importlib": true, "modules": true,
	"globalThis": true, "global": true, "window": true, "pty": true, "load": true, "loadstring": true, "dofile": true,
}

// canonRequire: require('child_'+'process') → require('child_process').
func canonRequire(e *evaluator, loc []int) (int, int, string, bool) {
	code := e.code
	end := matchClose(code, loc[1]-1, '(', ')')
	if end < 0 {
		return 0, 0, "", false
	}
	inner := strings.TrimSpace(code[loc[1]:end])
	name, ok := e.nameOf(inner)
	if !ok {
		return 0, 0, "", false
	}
	plain := strings.TrimPrefix(name, "node:")
	if len(inner) >= 2 && (inner[0] == '\'' || inner[0] == '"') && inner[1:len(inner)-1] == plain {
		return 0, 0, "", false // already plain: rewriting could change the quotes of a string it is in
	}
	q := "'"
	if strings.Contains(code[max(0, loc[0]-200):loc[0]], "'") {
		q = `"` // inside '…', perhaps: keep the quotes apart
	}
	return loc[0], end + 1, "require(" + q + plain + q + ")", true
}

// canonSend: obj.send(:system, 'x') → obj.system('x').
func canonSend(e *evaluator, loc []int) (int, int, string, bool) {
	code := e.code
	i := loc[1]
	paren := strings.HasSuffix(strings.TrimSpace(code[loc[0]:loc[1]]), "(")
	rest := code[i:]
	k := nextComma(rest, 0)
	if k >= len(rest) {
		// send(:system) with no arguments.
		k = strings.IndexAny(rest, ")\n;")
		if k < 0 {
			k = len(rest)
		}
	}
	name, ok := e.nameOf(rest[:k])
	if !ok {
		return 0, 0, "", false
	}
	dot := ""
	if code[loc[0]] == '.' {
		dot = "."
	}
	open := "("
	if !paren {
		open = " "
	}
	end := i + k + 1
	if k >= len(rest) || rest[k] != ',' {
		end = i + k
	}
	return loc[0], end, dot + name + open, true
}

// canonMethodCall: method(:system).call('x') → system('x').
func canonMethodCall(e *evaluator, loc []int) (int, int, string, bool) {
	code := e.code
	end := matchClose(code, loc[1]-1, '(', ')')
	if end < 0 {
		return 0, 0, "", false
	}
	name, ok := e.nameOf(code[loc[1]:end])
	if !ok {
		return 0, 0, "", false
	}
	rest := code[end+1:]
	for _, call := range []string{".call(", ".(", ".call ", "[", ".to_proc.call("} {
		if strings.HasPrefix(rest, call) {
			dot := ""
			if code[loc[0]] == '.' {
				dot = "."
			}
			repl := dot + name + "("
			if call == ".call " {
				repl = dot + name + " "
			}
			return loc[0], end + 1 + len(call), repl, true
		}
	}
	return 0, 0, "", false
}

// canonCallUser: call_user_func('system', 'x') → system('x');
// array_map('system', $list) → system($list).
func canonCallUser(e *evaluator, loc []int) (int, int, string, bool) {
	code := e.code
	rest := code[loc[1]:]
	k := nextComma(rest, 0)
	name, ok := e.nameOf(rest[:k])
	if !ok {
		return 0, 0, "", false
	}
	end := loc[1] + k + 1
	if k >= len(rest) {
		end = loc[1] + k
	}
	return loc[0], end, name + "(", true
}

// canonVarFunc: $f = 'sys'.'tem'; $f('x') → system('x').
func canonVarFunc(e *evaluator, loc []int) (int, int, string, bool) {
	code := e.code
	name := strings.TrimRight(code[loc[0]:loc[1]-1], " \t")
	v := e.variable(name)
	if v.kind != valStr || !v.known() || v.s == "" || !isIdentStart(v.s[0]) {
		return 0, 0, "", false
	}
	for i := 0; i < len(v.s); i++ {
		if !isIdentChar(v.s[i]) {
			return 0, 0, "", false
		}
	}
	return loc[0], loc[1], v.s + "(", true
}

// canonPerlRef: &{"CORE::sys"."tem"}('x') and &{\&{"system"}}('x') → system('x').
func canonPerlRef(e *evaluator, loc []int) (int, int, string, bool) {
	code := e.code
	open := strings.LastIndexByte(code[loc[0]:loc[1]], '{') + loc[0]
	end := matchClose(code, open, '{', '}')
	if end < 0 {
		return 0, 0, "", false
	}
	name, ok := e.nameOf(code[open+1 : end])
	if !ok {
		return 0, 0, "", false
	}
	for end+1 < len(code) && code[end+1] == '}' {
		end++
	}
	name = strings.TrimPrefix(strings.TrimPrefix(name, "CORE::"), "main::")
	return loc[0], end + 1, name, true
}

var (
	rePyImportAs  = lazyRegexp(`\bimport\s+([\w.]+)\s+as\s+(\w+)`)
	rePyFromAs    = lazyRegexp(`\bfrom\s+([\w.]+)\s+import\s+\(?([\w\s,*]+(?:\s+as\s+\w+)?(?:\s*,\s*\w+(?:\s+as\s+\w+)?)*)\)?`)
	rePyAlias     = lazyRegexp(`(?m)(?:^|[;\s])(\w+)\s*=\s*((?:[\w]+\.)*(?:system|popen|run|call|check_output|check_call|Popen|getoutput|getstatusoutput|spawn|execv|execvp|execl|execlp|execve|spawnv|spawnl|rmtree|remove|unlink|rmdir|exec|eval))\s*(?:[;\n]|$)`)
	reNodeAlias   = lazyRegexp(`\{([^{}]*)\}\s*=\s*(?:require\(['"](?:child_process|fs|fs/promises|fs-extra)['"]\)|\w+)`)
	reNodeFnAlias = lazyRegexp(`(?:^|[;\s])(?:const|let|var)?\s*(\w+)\s*=\s*((?:[\w]+\.)*(?:execSync|exec|spawn|spawnSync|execFile|execFileSync|rmSync|rm|unlinkSync|eval))\s*(?:[;\n]|$)`)
)

// pythonAliases resolves import … as …, from … import … and f = os.system.
func pythonAliases(code string) string {
	for _, m := range rePyImportAs.FindAllStringSubmatch(code, 16) {
		if m[1] != m[2] {
			code = replaceWord(code, m[2]+".", m[1]+".")
		}
	}
	for _, m := range rePyFromAs.FindAllStringSubmatch(code, 16) {
		mod := m[1]
		for _, item := range strings.Split(m[2], ",") {
			f := strings.Fields(item)
			switch {
			case len(f) == 3 && f[1] == "as":
				code = replaceWord(code, f[2]+"(", mod+"."+f[0]+"(")
				code = replaceWord(code, f[2]+".", mod+"."+f[0]+".")
			case len(f) == 1 && f[0] != "*":
				code = replaceWord(code, f[0]+"(", mod+"."+f[0]+"(")
			}
		}
	}
	for _, m := range rePyAlias.FindAllStringSubmatch(code, 16) {
		code = replaceWord(code, m[1]+"(", m[2]+"(")
	}
	return code
}

// nodeAliases resolves const {execSync: run} = require('child_process')
// and const run = cp.execSync.
func nodeAliases(code string) string {
	for _, m := range reNodeAlias.FindAllStringSubmatch(code, 16) {
		for _, item := range strings.Split(m[1], ",") {
			from, to, ok := strings.Cut(item, ":")
			if !ok {
				continue
			}
			from, to = strings.TrimSpace(from), strings.TrimSpace(to)
			if from != "" && to != "" && from != to {
				code = replaceWord(code, to+"(", from+"(")
			}
		}
	}
	for _, m := range reNodeFnAlias.FindAllStringSubmatch(code, 16) {
		code = replaceWord(code, m[1]+"(", m[2]+"(")
	}
	return code
}

// replaceWord replaces old where it starts a word (not after a letter,
// digit, _ or .) with repl.
func replaceWord(code, old, repl string) string {
	if old == "" || !strings.Contains(code, old) {
		return code
	}
	var b strings.Builder
	for {
		i := strings.Index(code, old)
		if i < 0 || b.Len() > 1<<20 {
			b.WriteString(code)
			return b.String()
		}
		if i > 0 && (isIdentChar(code[i-1]) || code[i-1] == '.' || code[i-1] == '$') {
			b.WriteString(code[:i+len(old)])
			code = code[i+len(old):]
			continue
		}
		b.WriteString(code[:i])
		b.WriteString(repl)
		code = code[i+len(old):]
	}
}

// canonParenCall: ('sys'.'tem')('x') → system('x') (PHP calls a string).
func canonParenCall(e *evaluator, loc []int) (int, int, string, bool) {
	code := e.code
	end := matchClose(code, loc[0], '(', ')')
	if end < 0 {
		return 0, 0, "", false
	}
	rest := strings.TrimLeft(code[end+1:], " \t")
	if !strings.HasPrefix(rest, "(") {
		return 0, 0, "", false
	}
	name, ok := e.nameOf(code[loc[0]+1 : end])
	if !ok || !isIdentStart(name[0]) || strings.ContainsAny(name, "./-:@") {
		return 0, 0, "", false
	}
	return loc[0], len(code) - len(rest) + 1, name + "(", true
}

// canonApply: f.call(this, a) → f(a); f.apply(this, [a]) → f(a);
// f.__call__(a) → f(a); Reflect.apply(f, this, [a]) → f(a).
func canonApply(e *evaluator, loc []int) (int, int, string, bool) {
	code := e.code
	open := loc[1] - 1
	end := matchClose(code, open, '(', ')')
	if end < 0 {
		return 0, 0, "", false
	}
	inner := code[open+1 : end]
	m := code[loc[0]:loc[1]]
	switch {
	case strings.Contains(m, "__call__"):
		return loc[0], loc[1], "(", true
	case strings.Contains(m, "Reflect"):
		k := nextComma(inner, 0)
		if k >= len(inner) {
			return 0, 0, "", false
		}
		fn := inner[:k]
		rest := inner[k+1:]
		j := nextComma(rest, 0)
		if j >= len(rest) {
			return 0, 0, "", false
		}
		args := strings.TrimSpace(rest[j+1:])
		if !strings.HasPrefix(args, "[") || !strings.HasSuffix(args, "]") {
			return 0, 0, "", false
		}
		return loc[0], end + 1, strings.TrimSpace(fn) + "(" + args[1:len(args)-1] + ")", true
	case strings.Contains(m, "apply"):
		k := nextComma(inner, 0)
		if k >= len(inner) {
			return loc[0], end + 1, "()", true
		}
		args := strings.TrimSpace(inner[k+1:])
		if !strings.HasPrefix(args, "[") || !strings.HasSuffix(args, "]") {
			return 0, 0, "", false
		}
		return loc[0], end + 1, "(" + args[1:len(args)-1] + ")", true
	}
	k := nextComma(inner, 0) // call(this, a, …)
	if k >= len(inner) {
		return loc[0], end + 1, "()", true
	}
	return loc[0], end + 1, "(" + inner[k+1:] + ")", true
}
