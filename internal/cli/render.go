package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/actionguard/actionguard/guard"
)

// printer writes human output, in colour on a terminal.
type printer struct {
	w     io.Writer
	color bool
}

func newPrinter(w io.Writer, color bool) *printer { return &printer{w: w, color: color} }

const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiRed    = "\x1b[31m"
	ansiGreen  = "\x1b[32m"
	ansiYellow = "\x1b[33m"
	ansiBlue   = "\x1b[34m"
	ansiMag    = "\x1b[35m"
)

func (p *printer) paint(code, s string) string {
	if !p.color || s == "" {
		return s
	}
	return code + s + ansiReset
}

func (p *printer) printf(format string, args ...any) { fmt.Fprintf(p.w, format, args...) }

// verdictColor is the colour of a verdict.
func verdictColor(v guard.Verdict) string {
	switch v {
	case guard.Allow:
		return ansiGreen
	case guard.Notify:
		return ansiBlue
	case guard.Confirm:
		return ansiYellow
	case guard.Approve:
		return ansiMag
	}
	return ansiRed
}

func verdictMark(v guard.Verdict) string {
	switch v {
	case guard.Allow:
		return "✔"
	case guard.Notify:
		return "ℹ"
	case guard.Confirm, guard.Approve:
		return "?"
	}
	return "✖"
}

func riskColor(r int) string {
	switch {
	case r >= 8:
		return ansiRed
	case r >= 4:
		return ansiYellow
	}
	return ansiGreen
}

// riskBar renders seed 002's bar, coloured by level on a terminal.
func (p *printer) riskBar(risk int) string {
	bar := guard.RiskBar(risk)
	if !p.color {
		return bar
	}
	// Colour the filled part only.
	i := strings.Index(bar, "█")
	j := strings.LastIndex(bar, "█")
	if i < 0 {
		return bar
	}
	j += len("█")
	return bar[:i] + riskColor(risk) + bar[i:j] + ansiReset + bar[j:]
}

// actionText is a one-line summary of the action.
func actionText(a *guard.Action) string {
	if c := a.Command(); c != "" {
		return oneLineCut(c, 160)
	}
	if q := a.Query(); q != "" {
		return oneLineCut(q, 160)
	}
	if a.Text != "" {
		return oneLineCut(a.Text, 160)
	}
	for _, k := range []string{"file_path", "path", "url"} {
		if s, ok := a.Input[k].(string); ok {
			return a.Tool + " " + s
		}
	}
	return a.Tool
}

func oneLineCut(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		cut := n
		for cut > 0 && (s[cut]&0xC0) == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// decision prints a decision for a person.
func (p *printer) decision(a *guard.Action, d *guard.Decision) {
	head := fmt.Sprintf("%s %-7s", verdictMark(d.Verdict), d.Verdict)
	p.printf("%s %s\n", p.paint(ansiBold+verdictColor(d.Verdict), head), actionText(a))
	p.printf("  %s  %s (score %d)\n", p.riskBar(d.Risk), d.Level, d.Score)
	p.printf("  %s\n", d.Reason)
	for _, f := range d.Findings {
		p.printf("  • %s %s %s\n", p.paint(ansiBold, f.Rule), p.paint(ansiDim, fmt.Sprintf("(%+d, %s)", f.Points, f.Category)), f.Message)
	}
	if d.Notice != "" {
		label := "notice:"
		switch d.Verdict {
		case guard.Notify:
		case guard.Block:
			label = "warning:"
		default:
			label = "ask:"
		}
		p.printf("  %s %s\n", p.paint(ansiBlue, label), d.Notice)
	}
	if d.RewrittenInput != nil {
		if b, err := json.Marshal(d.RewrittenInput); err == nil {
			p.printf("  %s %s\n", p.paint(ansiBlue, "runs as:"), oneLineCut(string(b), 200))
		}
	}
	if len(d.Steps) > 1 {
		for i, s := range d.Steps {
			p.printf("  step %d: %-10s %s\n", i+1, s.Level, oneLineCut(s.Text, 90))
		}
	}
	if d.Condition != "" {
		p.printf("  %s %s (classified as if it held)\n", p.paint(ansiBlue, "condition:"), d.Condition)
	}
	for _, an := range d.Anomalies {
		p.printf("  %s %s\n", p.paint(ansiYellow, "anomaly:"), an)
	}
	if d.Error != "" {
		p.printf("  %s %s\n", p.paint(ansiYellow, "note:"), d.Error)
	}
}

// classification prints classify's answer: the class, the steps, the
// condition, the question to ask and the reasons.
func (p *printer) classification(text string, d *guard.Decision) {
	head := strings.ToUpper(string(d.Level))
	conf := ""
	if d.Confidence != nil {
		conf = fmt.Sprintf(", confidence %.0f%%", *d.Confidence*100)
	}
	p.printf("%s %s\n", p.paint(ansiBold+verdictColor(d.Verdict), fmt.Sprintf("%-10s", head)), oneLineCut(text, 100))
	p.printf("  score %d%s → %s\n", d.Score, conf, d.Verdict)
	if len(d.Steps) > 1 {
		p.printf("  steps:\n")
		for i, s := range d.Steps {
			p.printf("    %d. %-10s %s\n", i+1, s.Level, oneLineCut(s.Text, 90))
		}
	}
	if d.Condition != "" {
		p.printf("  %s %s (classified as if it held)\n", p.paint(ansiBlue, "condition:"), d.Condition)
	}
	if d.Notice != "" && d.Verdict != guard.Notify {
		p.printf("  %s %s\n", p.paint(ansiBlue, "ask:"), d.Notice)
	}
	p.printf("  %s\n", d.Reason)
	for _, f := range d.Findings {
		p.printf("  • %s %s %s\n", p.paint(ansiBold, f.Rule), p.paint(ansiDim, fmt.Sprintf("(%+d, %s)", f.Points, f.Category)), f.Message)
	}
	for _, an := range d.Anomalies {
		p.printf("  %s %s\n", p.paint(ansiYellow, "anomaly:"), an)
	}
	if d.Error != "" {
		p.printf("  %s %s\n", p.paint(ansiYellow, "note:"), d.Error)
	}
}

// feedbackHint tells a person how to say the decision was wrong.
func (p *printer) feedbackHint(d *guard.Decision) {
	if d.ID == "" {
		return
	}
	// The nearest verdict on the other side: a block a person thinks too
	// strict is more often a call they want to be asked about than one
	// that should run unseen.
	other := guard.Allow
	switch {
	case d.Verdict.Allowed():
		other = guard.Approve
	case d.Verdict == guard.Block:
		other = guard.Confirm
	}
	p.printf("  %s\n", p.paint(ansiDim, fmt.Sprintf("decision %s · feedback: actionguard feedback %s --should-be %s", d.ID, d.ID, other)))
}
