package shell

import (
	"github.com/actionguard/actionguard/rule"
)

// The work one analysis may do is bounded by counts, not by time: a
// command line can make values grow without end (x=$x$x, a=("${a[@]}"
// "${a[@]}")), ask for pattern matches that cost the square of a value's
// length, or walk the same statements over and over through loops,
// functions and eval. When a bound is reached the analysis stops following
// values (they become unknown) and says so: the command is held, never
// allowed for being too complex to read.

// ruleTooComplex: the analysis ran out of its budget.
var ruleTooComplex = &rule.Rule{
	ID: "shell.exec.too-complex", Category: rule.Obfuscation, Points: 50,
	Summary:     "This command is too complex to check fully: it builds values or repeats work beyond what can be followed.",
	Alternative: "split the command into smaller steps that can each be checked",
	Match:       []string{"x=ab; " + repeatText("x=$x$x; ", 24) + "echo $x"},
	NoMatch:     []string{"x=ab; x=$x$x; echo $x"},
}

func repeatText(s string, n int) string {
	b := make([]byte, 0, len(s)*n)
	for i := 0; i < n; i++ {
		b = append(b, s...)
	}
	return string(b)
}

// Bounds on one analysis's work.
const (
	maxValueBytes = 64 << 10 // the bytes one variable may hold
	maxArrayElems = 4096     // the elements one array may hold
	maxStmtWalks  = 50000    // statements walked, counting every repeat
	maxMatchWork  = 4 << 20  // characters compared by ${x%pat}, ${x/pat/r} and the like
)

// budget is the work an analysis has left; shared by every state of one
// analysis. The zero value is a full budget.
type budget struct {
	stmts, match int
	// spent names the bound that was reached first, "" while none was.
	spent string
	// maybes: some variable may hold one of several known values
	// (dataflow_maybe.go), so commands that use one are judged again.
	maybes bool
	// netVars: some variable holds data read from the network
	// (net_lines.go), so the words that use one are looked at.
	netVars bool
}

// exhaust records that a bound was reached.
func (b *budget) exhaust(what string) {
	if b != nil && b.spent == "" {
		b.spent = what
	}
}

// stmt spends one statement walk; false when none is left.
func (b *budget) stmt() bool {
	if b == nil {
		return true
	}
	if b.stmts >= maxStmtWalks {
		b.exhaust("it repeats more commands (through loops, functions and eval) than can be followed")
		return false
	}
	b.stmts++
	return true
}

// matchWork spends n character comparisons; false when they are not left.
func (b *budget) matchWork(n int) bool {
	if b == nil {
		return true
	}
	if n < 0 || b.match+n > maxMatchWork {
		b.exhaust("it asks for more pattern matching on its values than can be followed")
		return false
	}
	b.match += n
	return true
}

// capValue reports whether v is small enough to be followed.
func (b *budget) capValue(v shVar) bool {
	if len(v.vals) > maxArrayElems {
		b.exhaust("it builds an array larger than can be followed")
		return false
	}
	n := 0
	for _, s := range v.vals {
		n += len(s)
	}
	if n > maxValueBytes {
		b.exhaust("it builds a value larger than can be followed")
		return false
	}
	return true
}

// reportBudget adds the finding for a spent budget.
func (r *report) reportBudget() {
	if b := &r.flow.budget; b.spent != "" {
		r.add(ruleTooComplex.Find("", "This command is too complex to check fully: "+b.spent+".", ""))
		r.mutates()
	}
}
