package rulexpr_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/actionguard/actionguard/policy"
	"github.com/actionguard/actionguard/policy/rulexpr"
)

// What rules may not use is refused with a message and the offset of the
// construct, whatever else the condition holds.
func TestCompileRefuses(t *testing.T) {
	for _, c := range []struct{ when, msg string }{
		{`risk in 1..5`, "ranges"},
		{`any(programs, any(findings, # == "x"))`, "predicate inside a predicate"},
		{`now() > 0`, "now() is not available"},
		{`comand contains "x"`, "unknown name comand"},
		{`context.enviroment == "x"`, "unknown field context.enviroment"},
		{`risk + 1`, "when must be true or false"},
		{`kind ==== "x"`, "unexpected token"},
	} {
		_, err := rulexpr.Compiler{}.Compile(c.when)
		if err == nil || !strings.Contains(err.Message, c.msg) || err.Hint == "" {
			t.Errorf("%s: %+v, want %q with a hint", c.when, err, c.msg)
			continue
		}
		if err.Offset < 0 || err.Offset > len(c.when) {
			t.Errorf("%s: offset %d outside the condition", c.when, err.Offset)
		}
	}
	if _, err := (rulexpr.Compiler{}).Compile(`context.enviroment == "x"`); err == nil || !strings.Contains(err.Hint, "did you mean context.environment?") {
		t.Errorf("the hint of a misspelled field: %+v", err)
	}
}

// One program runs on many goroutines at once, each on its own machine
// from the pool, and each gets its own answer.
func TestProgramConcurrent(t *testing.T) {
	prog, err := rulexpr.Compiler{}.Compile(`risk >= 7 && "make" in programs`)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				risk := (g + i) % 10
				env := &policy.Env{Risk: risk, Programs: []string{"ls", "make"}}
				got, err := prog.Run(env)
				if err != nil || got != (risk >= 7) {
					errs <- fmt.Errorf("risk %d: %v, %v", risk, got, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
