package policy

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"
)

// A custom rule's condition (when) is compiled by an expression compiler
// that this package does not link: its packages' initialisation would run
// in every process that reads a policy, the lean hook included, whose
// every call pays for what it links. The binaries that evaluate rules (the
// actionguard command, its server, tests) supply one with UseCompiler
// (package policy/rulexpr is expr-lang's); one that supplies none — the
// lean hook — reads a policy with rules, checks what it can of each
// condition (not empty, not too long) and reports NeedsCompiler, so that it
// hands the call to a binary that can decide it.

// Compiler compiles a custom rule's condition against Env. It must be
// safe for concurrent use.
type Compiler interface {
	// Compile returns the condition's program, or the problem in it
	// located at a rune offset into when.
	Compile(when string) (Program, *WhenError)
}

// Program is a compiled condition.
type Program interface {
	// Run reports whether the condition holds for env; an error is a
	// condition that could not be evaluated (an index out of range…). It
	// must be safe for concurrent use and must not panic.
	Run(env *Env) (bool, error)
}

// WhenError is a problem in a rule's condition: Message says what, Hint
// how to fix it, Offset is the rune offset into the condition where it is.
type WhenError struct {
	Offset        int
	Message, Hint string
}

func (e *WhenError) Error() string { return e.Message }

// ErrNoCompiler is the error of a custom rule evaluated in a process that
// supplied no compiler (UseCompiler): the caller decides with OnError.
var ErrNoCompiler = errors.New("this binary links no expression compiler for custom rules: `actionguard hook` evaluates them")

type compilerBox struct{ c Compiler }

var compiler atomic.Pointer[compilerBox]

// UseCompiler makes c the compiler of custom rules in this process; nil
// removes it. A binary calls it once at start, before it loads a policy:
// rules loaded without a compiler are compiled on their first evaluation
// once one is supplied, and fail with ErrNoCompiler until then.
func UseCompiler(c Compiler) {
	if c == nil {
		compiler.Store(nil)
		return
	}
	compiler.Store(&compilerBox{c})
}

// CanCompile reports whether a compiler was supplied (UseCompiler).
func CanCompile() bool { return compiler.Load() != nil }

func activeCompiler() Compiler {
	if b := compiler.Load(); b != nil {
		return b.c
	}
	return nil
}

// maxWhen bounds the length of a condition.
const maxWhen = 4 << 10

// boundWhen checks what needs no compiler: a condition is not empty and
// not longer than maxWhen. It runs in every process, so that a lean
// process never takes such a rule for a valid one.
func boundWhen(when string) *WhenError {
	if strings.TrimSpace(when) == "" {
		return &WhenError{Message: "when is empty", Hint: `write a condition, e.g. 'kind == "shell" && "kubectl" in programs'`}
	}
	if len(when) > maxWhen {
		return &WhenError{Message: fmt.Sprintf("when is longer than %d bytes", maxWhen), Hint: "split it into several rules"}
	}
	return nil
}

// NameHint is the hint for a name a condition uses that is not there:
// the closest name, or the list of names. of is the type whose field the
// name was used as ("Env", "EnvContext"), or "" for a top-level name.
func NameHint(name, of string) string {
	switch of {
	case "":
		return didYouMean(name, envNames(reflect.TypeFor[Env]()), "the names are")
	case "EnvContext":
		hint := didYouMean(name, envNames(reflect.TypeFor[EnvContext]()), "the fields are")
		return strings.ReplaceAll(hint, "did you mean ", "did you mean context.")
	}
	return didYouMean(name, envNames(reflect.TypeFor[Env]()), "the fields are")
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
