// Package rulexpr compiles the conditions of a policy's custom rules with
// github.com/expr-lang/expr. Package policy does not link it, so that the
// lean hook binary pays no expression compiler's initialisation at start;
// a binary that evaluates rules supplies it before loading a policy:
//
//	policy.UseCompiler(rulexpr.Compiler{})
//
// Beyond expr's own checks (unknown names, types, a boolean result), it
// keeps rules pure and cheap: no clock (now, date), no ranges, no
// predicate inside a predicate, so that a rule runs in time linear in the
// size of the action.
package rulexpr

import (
	"errors"
	"fmt"
	"regexp"
	"sync"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"

	"github.com/actionguard/actionguard/policy"
)

// Compiler is expr-lang's policy.Compiler. It is safe for concurrent use.
type Compiler struct{}

// Compile implements policy.Compiler.
func (Compiler) Compile(when string) (policy.Program, *policy.WhenError) {
	lim := &limiter{}
	prog, err := expr.Compile(when,
		expr.Env(policy.Env{}),
		expr.AsBool(),
		expr.DisableBuiltin("now"),
		expr.DisableBuiltin("date"),
		expr.DisableBuiltin("timezone"),
		expr.DisableBuiltin("duration"),
		expr.MaxNodes(2000),
		expr.Patch(lim),
	)
	if err != nil {
		return nil, explain(err)
	}
	if lim.problem != nil {
		return nil, lim.problem
	}
	return program{prog}, nil
}

// program runs a compiled condition on a virtual machine from machines.
type program struct{ p *vm.Program }

// machines keeps the virtual machines between evaluations: one costs a
// few allocations, and a check runs every rule.
var machines = sync.Pool{New: func() any { return new(vm.VM) }}

// Run implements policy.Program. The machine recovers from panics in
// expressions.
func (p program) Run(env *policy.Env) (bool, error) {
	m := machines.Get().(*vm.VM)
	defer machines.Put(m)
	out, err := m.Run(p.p, env)
	if err != nil {
		return false, err
	}
	b, isBool := out.(bool)
	if !isBool {
		return false, fmt.Errorf("when gave %T, not a boolean", out)
	}
	return b, nil
}

// limiter walks the parsed expression and records the first construct that
// rules may not use.
type limiter struct {
	problem *policy.WhenError
}

func (l *limiter) Visit(node *ast.Node) {
	if l.problem != nil {
		return
	}
	switch n := (*node).(type) {
	case *ast.BinaryNode:
		if n.Operator == ".." {
			l.problem = &policy.WhenError{Offset: n.Location().From, Message: "ranges (a..b) are not allowed in rules",
				Hint: "compare numbers directly, e.g. risk >= 7"}
		}
	case *ast.PredicateNode:
		inner := 0
		ast.Walk(&n.Node, visitFunc(func(m *ast.Node) {
			if _, ok := (*m).(*ast.PredicateNode); ok {
				inner++
			}
		}))
		if inner > 0 {
			l.problem = &policy.WhenError{Offset: n.Location().From, Message: "a predicate inside a predicate is not allowed in rules",
				Hint: "rules must run in time linear in the action; test the inner list in a separate condition joined with &&"}
		}
	}
}

type visitFunc func(*ast.Node)

func (f visitFunc) Visit(n *ast.Node) { f(n) }

// The expressions that read expr's errors are compiled when a rule does
// not compile, not in every process that loads a policy.
var (
	reUnknownName  = lazyRegexp(`^unknown name (\S+)`)
	reNoField      = lazyRegexp(`^type policy\.(\w+) has no field (\S+)`)
	reNotBool      = lazyRegexp(`^expected bool, but got (\S+)`)
	exprDocsHint   = "the syntax is expr's: https://expr-lang.org/docs/language-definition"
	clockFunctions = map[string]bool{"now": true, "date": true, "timezone": true, "duration": true}
)

// explain turns an expr compile error into a message and a hint located
// at a rune offset into the expression.
func explain(err error) *policy.WhenError {
	e := &policy.WhenError{Message: err.Error(), Hint: exprDocsHint}
	var fe *file.Error
	if errors.As(err, &fe) {
		e.Offset, e.Message = fe.From, fe.Message
	}
	if m := reUnknownName().FindStringSubmatch(e.Message); m != nil && clockFunctions[m[1]] {
		e.Message = m[1] + "() is not available in rules"
		e.Hint = "rules see no clock, so that a decision can be replayed; decide from the action and its context"
	} else if m != nil {
		e.Message = "unknown name " + m[1]
		e.Hint = policy.NameHint(m[1], "")
	} else if m := reNoField().FindStringSubmatch(e.Message); m != nil {
		e.Message = "unknown field " + m[2]
		if m[1] == "EnvContext" {
			e.Message = "unknown field context." + m[2]
		}
		e.Hint = policy.NameHint(m[2], m[1])
	} else if m := reNotBool().FindStringSubmatch(e.Message); m != nil {
		e.Message = "when must be true or false, not " + m[1]
		e.Hint = `compare the value, e.g. 'command contains "deploy"' or 'risk >= 7'`
	}
	return e
}

// lazyRegexp compiles expr the first time it is used.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
