package policy

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"sync"

	"github.com/expr-lang/expr"
	exprast "github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"
)

// Env is what a custom rule's expression sees: the action and the decision
// reached so far. Field names in expressions are the expr tags.
type Env struct {
	Tool     string         `expr:"tool" json:"tool"`
	Kind     string         `expr:"kind" json:"kind"`
	Command  string         `expr:"command" json:"command"`
	Query    string         `expr:"query" json:"query"`
	Text     string         `expr:"text" json:"text"`
	Input    map[string]any `expr:"input" json:"input"`
	Programs []string       `expr:"programs" json:"programs"` // program names of every simple command in a shell action
	Findings []string       `expr:"findings" json:"findings"` // rule ids found so far
	Score    int            `expr:"score" json:"score"`
	Risk     int            `expr:"risk" json:"risk"`
	Level    string         `expr:"level" json:"level"`
	Context  EnvContext     `expr:"context" json:"context"`
}

// EnvContext is the action's context, as custom rules see it.
type EnvContext struct {
	Application string `expr:"application" json:"application"`
	Cwd         string `expr:"cwd" json:"cwd"`
	GitBranch   string `expr:"git_branch" json:"git_branch"`
	GitDirty    bool   `expr:"git_dirty" json:"git_dirty"`
	Environment string `expr:"environment" json:"environment"`
	SessionID   string `expr:"session_id" json:"session_id"`
	Agent       string `expr:"agent" json:"agent"`
	UserID      string `expr:"user_id" json:"user_id"`
	UserNew     bool   `expr:"user_new" json:"user_new"`
}

// CustomRule is a rule written in a policy file: when the boolean expression
// When holds for an action, the rule hits with Verdict (notify, confirm,
// approve or block — a custom rule can only raise a verdict) and Message.
// ID starts with "custom."; Source is the "file:line" of the rule.
//
// Rules are compiled by Load and CheckFile; a CustomRule built by hand is
// compiled on its first evaluation. A CustomRule is safe for concurrent use.
type CustomRule struct {
	ID      string
	When    string
	Verdict string
	Message string
	Source  string

	once    sync.Once
	program *vm.Program
	err     *exprError
}

// Hit is a custom rule that held for an action.
type Hit struct {
	ID      string
	Verdict string
	Message string
	Source  string
}

// EvalRules evaluates every custom rule against env and returns the rules
// that hold, in policy order. A rule that fails at run time (an index out of
// range, a nil map…) or does not compile is reported in the error, joined
// with the others; the caller should then decide with the policy's OnError
// verdict. The hits of the rules that did run are returned either way.
// With no rules, EvalRules costs nothing. It is safe for concurrent use.
func (p *Policy) EvalRules(env *Env) ([]Hit, error) {
	if len(p.Rules) == 0 {
		return nil, nil
	}
	if env == nil {
		env = &Env{}
	}
	var hits []Hit
	var errs []error
	var machine vm.VM // reused by every rule of this call
	for _, r := range p.Rules {
		ok, err := r.eval(&machine, env)
		if err != nil {
			errs = append(errs, fmt.Errorf("custom rule %s (%s): %w", r.ID, r.Source, err))
			continue
		}
		if ok {
			hits = append(hits, Hit{ID: r.ID, Verdict: r.Verdict, Message: r.Message, Source: r.Source})
		}
	}
	return hits, errors.Join(errs...)
}

// eval runs the rule. The VM recovers from panics in expressions; the
// recover here guards against anything else, since no input may crash a check.
func (r *CustomRule) eval(machine *vm.VM, env *Env) (ok bool, err error) {
	if cerr := r.compile(); cerr != nil {
		return false, cerr
	}
	defer func() {
		if x := recover(); x != nil {
			ok, err = false, fmt.Errorf("evaluation failed: %v", x)
		}
	}()
	out, err := machine.Run(r.program, env)
	if err != nil {
		return false, err
	}
	b, isBool := out.(bool)
	if !isBool {
		return false, fmt.Errorf("when gave %T, not a boolean", out)
	}
	return b, nil
}

func (r *CustomRule) compile() *exprError {
	r.once.Do(func() { r.program, r.err = compileWhen(r.When) })
	if r.err != nil {
		return r.err
	}
	return nil
}

// exprError is a problem in an expression, at a rune offset into it.
type exprError struct {
	off       int
	msg, hint string
}

func (e *exprError) Error() string { return e.msg }

// maxWhen bounds the length of an expression.
const maxWhen = 4 << 10

// compileWhen compiles a rule's expression against Env. Beyond expr's own
// checks (unknown names, types, a boolean result), it keeps rules pure and
// cheap: no clock (now, date), no ranges, no predicate inside a predicate,
// so that a rule runs in time linear in the size of the action.
func compileWhen(when string) (*vm.Program, *exprError) {
	if strings.TrimSpace(when) == "" {
		return nil, &exprError{msg: "when is empty", hint: `write a condition, e.g. 'kind == "shell" && "kubectl" in programs'`}
	}
	if len(when) > maxWhen {
		return nil, &exprError{msg: fmt.Sprintf("when is longer than %d bytes", maxWhen), hint: "split it into several rules"}
	}
	lim := &limiter{}
	prog, err := expr.Compile(when,
		expr.Env(Env{}),
		expr.AsBool(),
		expr.DisableBuiltin("now"),
		expr.DisableBuiltin("date"),
		expr.DisableBuiltin("timezone"),
		expr.DisableBuiltin("duration"),
		expr.MaxNodes(2000),
		expr.Patch(lim),
	)
	if err != nil {
		return nil, explainExprError(err)
	}
	if lim.problem != nil {
		return nil, lim.problem
	}
	return prog, nil
}

// limiter walks the parsed expression and records the first construct that
// rules may not use.
type limiter struct {
	problem *exprError
}

func (l *limiter) Visit(node *exprast.Node) {
	if l.problem != nil {
		return
	}
	switch n := (*node).(type) {
	case *exprast.BinaryNode:
		if n.Operator == ".." {
			l.problem = &exprError{off: n.Location().From, msg: "ranges (a..b) are not allowed in rules",
				hint: "compare numbers directly, e.g. risk >= 7"}
		}
	case *exprast.PredicateNode:
		inner := 0
		exprast.Walk(&n.Node, visitFunc(func(m *exprast.Node) {
			if _, ok := (*m).(*exprast.PredicateNode); ok {
				inner++
			}
		}))
		if inner > 0 {
			l.problem = &exprError{off: n.Location().From, msg: "a predicate inside a predicate is not allowed in rules",
				hint: "rules must run in time linear in the action; test the inner list in a separate condition joined with &&"}
		}
	}
}

type visitFunc func(*exprast.Node)

func (f visitFunc) Visit(n *exprast.Node) { f(n) }

// The expressions that read expr's errors are compiled when a rule does
// not compile, not in every process that loads a policy.
var (
	reUnknownName  = lazyRegexp(`^unknown name (\S+)`)
	reNoField      = lazyRegexp(`^type policy\.(\w+) has no field (\S+)`)
	reNotBool      = lazyRegexp(`^expected bool, but got (\S+)`)
	exprDocsHint   = "the syntax is expr's: https://expr-lang.org/docs/language-definition"
	clockFunctions = map[string]bool{"now": true, "date": true, "timezone": true, "duration": true}
)

// explainExprError turns an expr compile error into a message and a hint
// located at a rune offset into the expression.
func explainExprError(err error) *exprError {
	e := &exprError{msg: err.Error(), hint: exprDocsHint}
	var fe *file.Error
	if errors.As(err, &fe) {
		e.off, e.msg = fe.From, fe.Message
	}
	if m := reUnknownName().FindStringSubmatch(e.msg); m != nil && clockFunctions[m[1]] {
		e.msg = m[1] + "() is not available in rules"
		e.hint = "rules see no clock, so that a decision can be replayed; decide from the action and its context"
	} else if m != nil {
		e.msg = "unknown name " + m[1]
		e.hint = didYouMean(m[1], envNames(reflect.TypeFor[Env]()), "the names are")
	} else if m := reNoField().FindStringSubmatch(e.msg); m != nil {
		e.msg = "unknown field " + m[2]
		var t reflect.Type = reflect.TypeFor[Env]()
		prefix := ""
		if m[1] == "EnvContext" {
			t, prefix = reflect.TypeFor[EnvContext](), "context."
			e.msg = "unknown field context." + m[2]
		}
		e.hint = didYouMean(m[2], envNames(t), "the fields are")
		if prefix != "" {
			e.hint = strings.ReplaceAll(e.hint, "did you mean ", "did you mean "+prefix)
		}
	} else if m := reNotBool().FindStringSubmatch(e.msg); m != nil {
		e.msg = "when must be true or false, not " + m[1]
		e.hint = `compare the value, e.g. 'command contains "deploy"' or 'risk >= 7'`
	}
	return e
}

func didYouMean(word string, names []string, intro string) string {
	if s := suggest(word, names); s != "" {
		return "did you mean " + s + "?"
	}
	return intro + " " + strings.Join(names, ", ")
}

// envNames lists the expression names of a struct's fields.
func envNames(t reflect.Type) []string {
	names := make([]string, 0, t.NumField())
	for i := range t.NumField() {
		if n := t.Field(i).Tag.Get("expr"); n != "" {
			names = append(names, n)
		}
	}
	return names
}

// lazyRegexp compiles expr the first time it is used.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
