package policy

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// CheckFile reads one policy file on its own, as actionguard policy check
// does, and returns every problem in it, errors and warnings, in file order.
// The Policy is that of the file over the defaults, or nil when the file has
// errors. A project file's allow entries and disable list are reported by
// Load, which knows which file is the project's.
func CheckFile(path string) (*Policy, []Diagnostic) {
	l, diags := readLayer(path, true, nil)
	if l == nil {
		return nil, diags
	}
	return checkLayer(l)
}

// CheckBytes is CheckFile on a file already read; name is the file name
// used in diagnostics.
func CheckBytes(name string, src []byte) (*Policy, []Diagnostic) {
	return checkLayer(parseLayer(name, src))
}

func checkLayer(l *layer) (*Policy, []Diagnostic) {
	p, diags := merge(l, nil, nil, nil)
	diags = append(l.diags, diags...)
	sortByFile(diags)
	if hasErrors(diags) {
		return nil, diags
	}
	p.addWarnings(diags)
	return p, diags
}

// Describe summarizes the policy for a person: mode, security level,
// thresholds, fallbacks, what the lists and rules hold, the evaluator's
// patterns, and where it came from.
func (p *Policy) Describe() string {
	var b strings.Builder
	row := func(label, format string, args ...any) {
		fmt.Fprintf(&b, "%-11s %s\n", label, fmt.Sprintf(format, args...))
	}
	row("mode", "%s — %s", p.modeName(), modeSummary[p.modeName()])
	row("level", "%d of 9 — %s", p.level(), levelSummary(p.level()))
	t := p.Thresholds()
	row("thresholds", "safe ≤ %d, cautious ≤ %d, privileged ≤ %d, dangerous above", t.Safe, t.Cautious, t.Privileged)
	row("fallbacks", "unparseable → %s, internal error → %s", p.OnUnparseable, p.OnError)
	row("allow", "%s", countEntries(p.Allow))
	row("deny", "%s", countEntries(p.Deny))
	row("rules", "%s", plural(len(p.Rules), "custom rule"))
	if len(p.Disabled) > 0 {
		ids := make([]string, 0, len(p.Disabled))
		for id := range p.Disabled {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		row("disabled", "%s", strings.Join(ids, ", "))
	}
	p.describeSession(row)
	p.describeDurability(row)
	p.describeApprovals(row)
	for i, w := range p.Wrappers {
		label := ""
		if i == 0 {
			label = "wrappers"
		}
		row(label, "%s  (%s)", w.describe(), w.Source)
	}
	label := "evaluation"
	for _, list := range []struct {
		kind     string
		patterns []EvalPattern
	}{{"forbidden", p.ForbiddenPatterns}, {"sensitive", p.SensitivePatterns}} {
		for _, e := range list.patterns {
			expr := e.Expr
			if strings.ContainsFunc(expr, func(r rune) bool { return !unicode.IsPrint(r) }) {
				expr = strconv.Quote(expr) // a backspace or a tab, shown rather than printed
			}
			row(label, "%s %s  (%s)", list.kind, expr, e.Source)
			label = ""
		}
	}
	if len(p.Sources) == 0 {
		row("sources", "none: the built-in policy")
	}
	for i, s := range p.Sources {
		label := ""
		if i == 0 {
			label = "sources"
		}
		row(label, "%s", s)
	}
	for i, w := range p.Warnings {
		label := ""
		if i == 0 {
			label = "warnings"
		}
		row(label, "%s", w)
	}
	return b.String()
}

func (p *Policy) modeName() string {
	if _, ok := modeSummary[string(p.Mode)]; ok {
		return string(p.Mode)
	}
	return string(Adaptive)
}

var modeSummary = map[string]string{
	string(Learning): "observe: only DANGEROUS is enforced; the rest runs and is logged as it would be",
	string(Adaptive): "the seeds' thresholds, adjusted by learned trust",
	string(Flow):     "fewer interruptions: higher thresholds, reversible soft approvals become notices",
	string(Paranoid): "lower thresholds, every approval explicit",
}

func levelSummary(level int) string {
	switch {
	case level < 5:
		return "relaxed"
	case level == 5:
		return "balanced"
	case level < 9:
		return "strict"
	}
	return "strictest"
}

func countEntries(entries []Entry) string {
	commands, tools := 0, 0
	for _, e := range entries {
		if e.Command != "" {
			commands++
		} else {
			tools++
		}
	}
	return plural(commands, "command entry") + ", " + plural(tools, "tool entry")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	if strings.HasSuffix(what, "y") {
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(what, "y"))
	}
	return fmt.Sprintf("%d %ss", n, what)
}
