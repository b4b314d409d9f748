package policy

import (
	"errors"
	"fmt"
	"sync"
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
// Rules are compiled by Load and CheckFile with the process's compiler
// (UseCompiler); a CustomRule built by hand, or loaded where no compiler
// was supplied, is compiled on its first evaluation. A CustomRule is safe
// for concurrent use.
type CustomRule struct {
	ID      string
	When    string
	Verdict string
	Message string
	Source  string

	once    sync.Once
	program Program
	err     *WhenError
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
// range, a nil map…), does not compile, or finds no compiler in this
// process (ErrNoCompiler) is reported in the error, joined with the
// others; the caller should then decide with the policy's OnError verdict.
// The hits of the rules that did run are returned either way. With no
// rules, EvalRules costs nothing. It is safe for concurrent use.
func (p *Policy) EvalRules(env *Env) ([]Hit, error) {
	if len(p.Rules) == 0 {
		return nil, nil
	}
	if env == nil {
		env = &Env{}
	}
	var hits []Hit
	var errs []error
	for _, r := range p.Rules {
		ok, err := r.eval(env)
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

// eval runs the rule. The recover guards against a compiler's program
// that panics, since no input may crash a check.
func (r *CustomRule) eval(env *Env) (ok bool, err error) {
	if cerr := r.compile(); cerr != nil {
		if cerr == errNoCompiler {
			return false, ErrNoCompiler
		}
		return false, cerr
	}
	defer func() {
		if x := recover(); x != nil {
			ok, err = false, fmt.Errorf("evaluation failed: %v", x)
		}
	}()
	return r.program.Run(env)
}

// errNoCompiler is compile's answer in a process with no compiler: not
// kept, so that a compiler supplied later compiles the rule.
var errNoCompiler = &WhenError{Message: ErrNoCompiler.Error()}

// compile checks the condition's bounds, then compiles it once with the
// process's compiler.
func (r *CustomRule) compile() *WhenError {
	if err := boundWhen(r.When); err != nil {
		return err
	}
	c := activeCompiler()
	if c == nil {
		return errNoCompiler
	}
	r.once.Do(func() {
		r.program, r.err = c.Compile(r.When)
		if r.err == nil && r.program == nil {
			r.err = &WhenError{Message: "the compiler gave no program", Hint: "report this as a bug of actionguard"}
		}
	})
	return r.err
}
