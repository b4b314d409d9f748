package shell

import (
	"fmt"
	"strings"
	"testing"
)

// budgetBombs are command lines that make the analysis's work grow
// faster than their length: values that double, pattern matches on long
// values, repeated walks through loops, functions and eval. Each is built
// at a size that would take minutes (or all memory) without the budget.
func budgetBombs() map[string]string {
	rep := strings.Repeat
	chain := func(format string, n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, format, i, i+1, i+1)
		}
		return b.String()
	}
	return map[string]string{
		"array doubling":      "a=(x y); " + rep(`a=("${a[@]}" "${a[@]}"); `, 30) + `rm -rf "${a[@]}"`,
		"string doubling":     "x=ab; " + rep(`x=$x$x; `, 40) + "rm -rf $x",
		"array append":        "a=(x); " + rep(`a+=("${a[@]}"); `, 30) + `"${a[@]}"`,
		"printf doubling":     `printf -v x '%s%s%s%s' ` + rep("aaaa ", 5000) + "; " + rep(`x="$x$x"; `, 30),
		"mapfile doubling":    `mapfile -t a < <(printf '%s\n' ` + rep("x ", 5000) + `); ` + rep(`a+=("${a[@]}"); `, 20),
		"read doubling":       `read -ra a <<< "` + rep("x ", 3000) + `"; ` + rep(`a=("${a[@]}" "${a[@]}"); `, 20),
		"element doubling":    "a[0]=x; " + rep(`a[1]="${a[0]}${a[0]}"; a[0]="${a[1]}"; `, 30),
		"nameref doubling":    "declare -n r=x; x=ab; " + rep(`r=$r$r; `, 40),
		"trim on long values": "x=" + rep("a", 4000) + "; " + rep(`y=${x%%*b*}; `, 200),
		"replace with globs":  "x=" + rep("a", 1000) + "; " + rep(`y=${x//a*b/c}; `, 200),
		"loops and eval":      "s='" + rep("ls; ", 3000) + "'; " + rep("for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do ", 2) + `eval "$s"` + rep("; done", 2),
		"functions in loops":  "f(){ for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do g; done; }; g(){ for j in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do h; done; }; h(){ " + rep("ls $i $j; ", 3000) + "}; f; f; f",
		"function fan-out":    chain("f%d(){ f%d; f%d; }; ", 200) + "f0",
		"alias fan-out":       chain("alias a%d='a%d; a%d'\n", 200) + "a0",
	}
}

// TestBudgetBounds: every bomb is held as too complex (or already held
// for its nesting), and the work counters stay within their bounds.
func TestBudgetBounds(t *testing.T) {
	for name, src := range budgetBombs() {
		res, r := analyze(src, producerOptions)
		b := r.flow.budget
		if b.stmts > maxStmtWalks || b.match > maxMatchWork {
			t.Errorf("%s: spent %d statement walks and %d pattern comparisons; the bounds are %d and %d", name, b.stmts, b.match, maxStmtWalks, maxMatchWork)
		}
		if !heldBy(res) {
			t.Errorf("%s: not held: %v", name, ruleIDs(res))
		}
		if !hasRule(res, "shell.exec.too-complex") && !hasRule(res, "shell.exec.nesting-too-deep") {
			t.Errorf("%s: want shell.exec.too-complex, got %v", name, ruleIDs(res))
		}
		for k, v := range r.flow.top.vars {
			n := 0
			for _, s := range v.vals {
				n += len(s)
			}
			if n > maxValueBytes || len(v.vals) > maxArrayElems {
				t.Errorf("%s: %s kept %d bytes in %d elements", name, k, n, len(v.vals))
			}
		}
	}
}

// TestBudgetBenignTwins: the same forms at everyday sizes are followed
// without reaching a bound.
func TestBudgetBenignTwins(t *testing.T) {
	for _, src := range []string{
		"a=(x y); " + strings.Repeat(`a=("${a[@]}" "${a[@]}"); `, 5) + `ls "${a[@]}"`,
		"x=ab; " + strings.Repeat(`x=$x$x; `, 8) + "echo $x",
		"x=/home/dev/project/src/main.go; echo ${x%%/*} ${x##*/} ${x//o/0} ${x%.go}",
		"for i in 1 2 3; do for j in a b c; do echo $i$j; done; done",
		"f(){ echo $1; }; g(){ f a; f b; }; g; g",
		strings.Repeat("ls; ", 2000),
	} {
		res, r := analyze(src, producerOptions)
		if hasRule(res, "shell.exec.too-complex") || r.flow.budget.spent != "" {
			t.Errorf("%.80q: reached a bound (%s)", src, r.flow.budget.spent)
		}
		if ids := positive(res); len(ids) > 0 {
			t.Errorf("%.80q should run: %v", src, ids)
		}
	}
}

// BenchmarkBudgetBombs measures the worst cases the budget bounds.
func BenchmarkBudgetBombs(b *testing.B) {
	for name, src := range budgetBombs() {
		b.Run(strings.ReplaceAll(name, " ", "-"), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				Analyze(src, producerOptions)
			}
		})
	}
}
