package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Values bash evaluates as arithmetic. An array subscript inside an
// arithmetic expression is expanded before it is evaluated, so a string
// that reaches arithmetic evaluation runs the command substitutions in its
// subscripts: x='a[$(rm -rf ~)]' and then $((x)), (( x )), let x,
// declare -i n=$x, [[ $x -eq 1 ]], ${s:x}, [[ -v $x ]], read "$x" or
// printf -v "$x" all delete the home directory, though no command
// substitution shows where it runs. This file finds those values (quoted
// strings, variables with known values) and walks the commands they hold.

// arithEvalWhy is the trace line of a value bash evaluates as arithmetic.
const arithEvalWhy = "bash evaluates this value as arithmetic, and runs the command substitution in its array subscript"

// mayRunInArith reports whether s, evaluated as arithmetic, may run a
// command: it holds a command substitution.
func mayRunInArith(s string) bool {
	return strings.Contains(s, "$(") || strings.IndexByte(s, '`') >= 0
}

// arithValue walks text as bash evaluates it: an arithmetic expression
// whose command substitutions run. The depth limit of nested scripts
// bounds a value that names itself.
func (w *walker) arithValue(text string) {
	if !mayRunInArith(text) {
		return
	}
	w.r.analyzeScriptAs(": $(("+text+"))", w.parent, w.depth+1, arithEvalWhy)
}

// arithNode looks at the values an arithmetic or test node evaluates again:
// the operands of an arithmetic expression (let, (( )), $(( )), an array
// subscript, a slice offset), the operands of [[ a -eq b ]] and the name
// of [[ -v name ]]. Command substitutions written in the node itself are
// walked by walkSubst.
func (w *walker) arithNode(n syntax.Node) {
	switch x := n.(type) {
	case *syntax.ArithmExp:
		w.arithOperands(x.X)
	case *syntax.ArithmCmd:
		w.arithOperands(x.X)
	case *syntax.CStyleLoop:
		w.arithOperands(x.Init)
		w.arithOperands(x.Cond)
		w.arithOperands(x.Post)
	case *syntax.LetClause:
		for _, e := range x.Exprs {
			w.arithOperands(e)
		}
	case *syntax.BinaryTest:
		switch x.Op {
		case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
			w.testOperand(x.X)
			w.testOperand(x.Y)
		}
	case *syntax.UnaryTest:
		if x.Op == syntax.TsVarSet {
			if wd, ok := x.X.(*syntax.Word); ok && !hasCmdSubst(wd) {
				if s, dyn := w.wordString(wd, false); !dyn {
					w.subscriptName(s)
				}
			}
		}
	case syntax.ArithmExpr:
		w.arithOperands(x)
	}
}

// testOperand is an operand of an arithmetic comparison in [[ ]]: bash
// evaluates its value as arithmetic.
func (w *walker) testOperand(e syntax.TestExpr) {
	if wd, ok := e.(*syntax.Word); ok {
		w.arithWord(wd)
	}
}

// arithOperands looks at every word of an arithmetic expression.
func (w *walker) arithOperands(e syntax.ArithmExpr) {
	if e == nil {
		return
	}
	syntax.Walk(e, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		case *syntax.Word:
			w.arithWord(x)
			return false
		}
		return true
	})
}

// arithWord evaluates one word of an arithmetic context: a variable name
// stands for its value, which is evaluated in turn; a quoted string or an
// expansion is evaluated once expanded.
func (w *walker) arithWord(wd *syntax.Word) {
	if hasCmdSubst(wd) {
		return // walked where it is written
	}
	if name := wd.Lit(); name != "" {
		if isName(name) {
			w.arithVar(name)
		}
		return
	}
	if s, dyn := w.wordString(wd, false); !dyn {
		w.arithValue(s)
		return
	}
	for _, p := range wd.Parts {
		if pe, ok := p.(*syntax.ParamExp); ok && pe.Param != nil && pe.Index == nil && pe.Exp == nil && pe.Repl == nil && pe.Slice == nil {
			w.arithVar(pe.Param.Value) // "$x" whose value came from the network
		}
	}
}

// arithVar evaluates the variable name as arithmetic does: its known
// value is evaluated in turn; a value read from the network is code from
// outside.
func (w *walker) arithVar(name string) {
	v, ok := w.state().lookup(name)
	if !ok || v.unset {
		return
	}
	if v.net != "" {
		w.r.add(ruleRemoteExec.Find(name, "Evaluates data read from "+v.net+" as an arithmetic expression: an array subscript in it runs commands.", ""))
		w.r.mutates()
		return
	}
	if v.dyn || v.array || v.assoc || len(v.vals) != 1 {
		return
	}
	if mayRunInArith(v.vals[0]) {
		w.arithValue(v.vals[0])
		return
	}
	w.arithChase(v.vals[0], map[string]bool{name: true})
}

// maxArithChase bounds the names followed from one value.
const maxArithChase = 32

// arithChase follows the names in a value evaluated as arithmetic (x=y,
// y='a[$(cmd)]', $((x))): each is evaluated in turn, to the value that
// runs a command. seen stops a value that names itself.
func (w *walker) arithChase(text string, seen map[string]bool) {
	for i := 0; i < len(text) && len(seen) < maxArithChase; {
		c := text[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			i++
			continue
		}
		j := i + 1
		for j < len(text) && (text[j] == '_' || text[j] >= 'a' && text[j] <= 'z' || text[j] >= 'A' && text[j] <= 'Z' || text[j] >= '0' && text[j] <= '9') {
			j++
		}
		name := text[i:j]
		i = j
		if seen[name] {
			continue
		}
		seen[name] = true
		v, ok := w.state().lookup(name)
		if !ok || v.unset || v.dyn || v.array || v.assoc || len(v.vals) != 1 {
			continue
		}
		if mayRunInArith(v.vals[0]) {
			w.arithValue(v.vals[0])
			continue
		}
		w.arithChase(v.vals[0], seen)
	}
}

// subscriptName walks the subscript of NAME[SUBSCRIPT] given to a builtin
// that assigns or tests a variable by name (read, printf -v, [ -v ],
// unset, declare, getopts, wait -p): bash evaluates the subscript of an
// indexed array as arithmetic.
func (w *walker) subscriptName(s string) {
	i := strings.IndexByte(s, '[')
	if i <= 0 || !strings.HasSuffix(s, "]") || !isName(s[:i]) {
		return
	}
	w.arithValue(s[i+1 : len(s)-1])
}

// nameArgBuiltins take variable names as operands; a name with a
// subscript has it evaluated.
var nameArgBuiltins = map[string]bool{"read": true, "printf": true, "unset": true, "test": true, "[": true, "getopts": true, "wait": true,
	"declare": true, "typeset": true, "local": true, "export": true, "readonly": true, "mapfile": true, "readarray": true}

// subscriptArgs walks the subscripts of the names a builtin's literal
// operands give.
func (w *walker) subscriptArgs(c *Cmd) {
	if !nameArgBuiltins[c.Name] {
		return
	}
	for i, a := range c.Args {
		if i < len(c.Dynamic) && c.Dynamic[i] {
			continue
		}
		if strings.IndexByte(a, '[') > 0 && mayRunInArith(a) {
			w.subscriptName(strings.TrimPrefix(a, "-v"))
		}
	}
}

// declInteger handles declare -i (typeset -i, local -i): the values given
// now and assigned later are evaluated as arithmetic.
func (w *walker) declInteger(d *syntax.DeclClause) {
	integer := false
	for _, a := range d.Args {
		if a.Name == nil && a.Value != nil {
			if f := a.Value.Lit(); strings.HasPrefix(f, "-") && strings.IndexByte(f, 'i') > 0 {
				integer = true
			}
		}
	}
	for _, a := range d.Args {
		if a.Name == nil && a.Value != nil && !hasCmdSubst(a.Value) {
			// declare 'a[$(cmd)]=1': a name with a subscript, written quoted.
			if s, dyn := w.wordString(a.Value, false); !dyn {
				name, _, _ := strings.Cut(s, "=")
				w.subscriptName(name)
			}
		}
		if !integer || a.Name == nil {
			continue
		}
		fl := w.r.fl()
		if fl.intVars == nil {
			fl.intVars = map[string]bool{}
		}
		fl.intVars[a.Name.Value] = true
	}
}

// intAssign evaluates a value assigned to a variable declared integer.
func (w *walker) intAssign(a *syntax.Assign) {
	if a.Name == nil || a.Value == nil || !w.r.fl().intVars[a.Name.Value] {
		return
	}
	w.arithWord(a.Value)
}
