package policy

import (
	"fmt"
	"slices"
	"strings"
)

// Severities of a Diagnostic.
const (
	SeverityError   = "error"   // the file is not used
	SeverityWarning = "warning" // the file is used; something in it has no effect or is risky
)

// Diagnostic is one problem found in a policy file, located at its line and
// column (both 1-based; 0 when the problem concerns the whole file).
type Diagnostic struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	Hint     string `json:"hint,omitempty"`
}

// String renders the diagnostic as "file:line:col: message (hint: …)",
// prefixed with "warning: " for a warning.
func (d Diagnostic) String() string {
	var b strings.Builder
	b.WriteString(d.File)
	if d.Line > 0 {
		fmt.Fprintf(&b, ":%d", d.Line)
		if d.Col > 0 {
			fmt.Fprintf(&b, ":%d", d.Col)
		}
	}
	b.WriteString(": ")
	if d.Severity == SeverityWarning {
		b.WriteString("warning: ")
	}
	b.WriteString(d.Message)
	if d.Hint != "" {
		b.WriteString(" (hint: ")
		b.WriteString(d.Hint)
		b.WriteString(")")
	}
	return b.String()
}

// LoadError is returned by Load when a policy file has errors. It carries
// every error of every file read, in file order, so that a user can fix them
// all at once.
type LoadError struct {
	Diagnostics []Diagnostic // severity error only
	uncompiled  bool         // the files hold rules no compiler checked
}

func (e *LoadError) Error() string {
	lines := make([]string, len(e.Diagnostics))
	for i, d := range e.Diagnostics {
		lines[i] = d.String()
	}
	return "loading policy: " + strings.Join(lines, "\n")
}

func hasErrors(diags []Diagnostic) bool {
	return slices.ContainsFunc(diags, func(d Diagnostic) bool { return d.Severity == SeverityError })
}

// suggest returns the candidate closest to word by edit distance, or "" when
// none is close enough to be what the user meant.
func suggest(word string, candidates []string) string {
	best, bestDist := "", 1<<30
	lw := strings.ToLower(word)
	for _, c := range candidates {
		d := editDistance(lw, c)
		if d < bestDist {
			best, bestDist = c, d
		}
	}
	limit := max(1, min(3, len([]rune(word))/3))
	if bestDist <= limit {
		return best
	}
	// A fragment of a longer name ("level" for "security_level") is close
	// enough too, as long as it is not a single letter.
	if len(lw) >= 4 {
		for _, c := range candidates {
			if strings.Contains(c, lw) {
				return c
			}
		}
	}
	return ""
}

// editDistance is the optimal string alignment distance: insertions,
// deletions, substitutions and transpositions of adjacent runes cost 1.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		return 1 << 20 // not a typo of a key name
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// oneOf renders a list of choices for a hint: "a, b or c".
func oneOf(choices []string) string {
	switch len(choices) {
	case 0:
		return ""
	case 1:
		return choices[0]
	}
	return strings.Join(choices[:len(choices)-1], ", ") + " or " + choices[len(choices)-1]
}
