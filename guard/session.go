package guard

import (
	"fmt"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/actionguard/actionguard/analyze/chain"
	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/learn"
	"github.com/actionguard/actionguard/policy"
	"github.com/actionguard/actionguard/rule"
)

// This file reads the session around an action: what went wrong recently,
// the anomalies (seeds 000 and 002) a session shows, and what the mode and
// the user's trust make of a held action.

// Bounds on how far back the session is read.
const (
	// mistakeWindow is how many of the latest calls a "recent mistake" is
	// looked for in (seed 002: recentMistake +2).
	mistakeWindow = 5
	// anomalyWindow is how many of the latest calls an earlier anomaly
	// keeps raising the risk of what follows.
	anomalyWindow = 10
	// retryAnomaly is how many earlier blocked tries of the very same
	// call make the next one an anomaly.
	retryAnomaly = 2
	// burstCount privileged calls within burstWindow are a sudden burst.
	burstCount  = 3
	burstWindow = 10 * time.Minute
)

// AnomalyDangerousApproved is the anomaly of a DANGEROUS action a person
// let run (seed 000): it is flagged in the audit log and raises the risk of
// what follows in the session.
const AnomalyDangerousApproved = "a person approved a DANGEROUS action"

// ModAnomaly is the risk an anomaly in the session adds (seed 000's
// anomaly alerts; on seed 002's scale, like a recent mistake).
const ModAnomaly = 2

// recentMistake reports why a recent call of the session went wrong — it
// failed, actionguard blocked it, or the person declined it — or "".
func recentMistake(a *Action) string {
	if a.Context.RecentMistake {
		return "a recent action in this session went wrong"
	}
	h := a.Context.History
	for i := len(h) - 1; i >= 0 && i >= len(h)-mistakeWindow; i-- {
		switch h[i].Outcome {
		case OutcomeFailed:
			return "a recent " + stepName(&h[i]) + " in this session failed"
		case OutcomeBlocked:
			return "a recent " + stepName(&h[i]) + " in this session was blocked"
		case OutcomeDeclined:
			return "the person declined a recent " + stepName(&h[i]) + " in this session"
		}
	}
	return ""
}

// stepName names a step for a message: its command's program, else its tool.
func stepName(s *Step) string {
	if c, _ := s.Input["command"].(string); c != "" {
		if f := strings.Fields(c); len(f) > 0 {
			return truncate(f[0], 40) + " command"
		}
	}
	if s.Tool == "" {
		return "action"
	}
	return truncate(s.Tool, 40) + " call"
}

// sessionAnomalies returns the anomalies the action itself raises in its
// session: the same blocked call tried again and again, a sudden burst of
// privileged calls, and those the learning layer found (Context.Anomalies).
func sessionAnomalies(a *Action) []string {
	out := append([]string(nil), a.Context.Anomalies...)
	blocked := 0
	for i := range a.Context.History {
		s := &a.Context.History[i]
		if s.Outcome == OutcomeBlocked && sameCall(a, s) {
			blocked++
		}
	}
	if blocked >= retryAnomaly {
		out = append(out, fmt.Sprintf("the same blocked action was tried %d times in this session", blocked+1))
	}
	if n, span := privilegedBurst(a.Context.History); n >= burstCount {
		out = append(out, fmt.Sprintf("a sudden burst of privileged actions: %d in %s", n, span.Round(time.Second)))
	}
	return out
}

// sameCall reports whether the step is the very call a makes.
func sameCall(a *Action, s *Step) bool {
	if !strings.EqualFold(s.Tool, a.Tool) {
		return false
	}
	if cmd := a.Command(); cmd != "" {
		c, _ := s.Input["command"].(string)
		return normalizeSpace(c) == normalizeSpace(cmd)
	}
	return sameInput(s.Input, a.Input)
}

// privilegedBurst counts the latest run of privileged or dangerous calls
// that fall within burstWindow of the newest one, and the time they span.
func privilegedBurst(h []Step) (int, time.Duration) {
	var newest time.Time
	n := 0
	var span time.Duration
	for i := len(h) - 1; i >= 0; i-- {
		s := &h[i]
		if s.Level != Privileged && s.Level != Dangerous {
			continue
		}
		if s.Time.IsZero() {
			return 0, 0
		}
		if newest.IsZero() {
			newest = s.Time
		}
		if d := newest.Sub(s.Time); d > burstWindow {
			break
		} else {
			span = d
		}
		n++
	}
	return n, span
}

// levelOfScore is the level a score reaches under the thresholds.
func levelOfScore(score int, t policy.Thresholds) Level {
	switch {
	case score > t.Privileged:
		return Dangerous
	case score > t.Cautious:
		return Privileged
	case score > t.Safe:
		return Cautious
	}
	return Safe
}

// heldBeforeSession returns the hold (confirm, approve) that a blocked
// action was before the session's escalation — a recent mistake, an
// anomaly — raised its score past the block threshold, or "" when the
// block stands on its own (a DANGEROUS finding, a deny entry, a custom
// rule, a class that blocks, a score that blocks without the session).
//
// The session's escalation is a guess about the agent; a person's approval
// of the exact call is a decision. The approval queue honours such an
// approval over the escalation (an agent that cannot ask is denied while
// its call waits, and its earlier holds then make its approved retry look
// like a burst), and only for that call: the hold is no request by itself,
// nothing is opened for a blocked call, and every other call of the
// session keeps the escalation.
func (e *evaluation) heldBeforeSession(score int, t policy.Thresholds, alwaysReview bool) Verdict {
	if e.floor == Block || e.classFloor == Block || levelOfScore(score, t) != Dangerous {
		return ""
	}
	pts := 0
	for _, m := range e.mods {
		if m.name == modRecentMistake || m.name == modAnomaly {
			pts += m.points
		}
	}
	if pts <= 0 {
		return ""
	}
	var v Verdict
	switch levelOfScore(score-pts, t) {
	case Cautious:
		v = Confirm
	case Privileged:
		v = Approve
	default:
		// Safe: it would have run unasked, so no person approved it;
		// Dangerous: blocked without the session too.
		return ""
	}
	if alwaysReview {
		v = Approve
	}
	for _, f := range []Verdict{e.floor, e.classFloor} {
		if f != "" && f.Stricter(v) {
			v = f
		}
	}
	return v
}

// earlierAnomaly returns an anomaly raised by one of the session's latest
// calls, which raises the risk of what follows, or "".
func earlierAnomaly(a *Action) string {
	h := a.Context.History
	for i := len(h) - 1; i >= 0 && i >= len(h)-anomalyWindow; i-- {
		if len(h[i].Anomalies) > 0 {
			return h[i].Anomalies[0]
		}
	}
	return ""
}

// irreversible lists the categories whose findings change something that
// cannot be taken back by the agent: flow mode does not wave them through.
var irreversible = map[rule.Category]bool{
	rule.Destructive: true, rule.MassDestruction: true, rule.History: true, rule.Exfiltration: true,
	rule.Database: true, rule.Infrastructure: true, rule.Credentials: true, rule.CredentialTheft: true,
	rule.RemoteCode: true, rule.Injection: true, rule.SecurityBypass: true, rule.UnauthorizedAccess: true,
	rule.PrivilegeEscalation: true,
}

// reversible reports whether everything the findings describe can be
// undone: no deletion, no history rewrite, nothing sent, paid or posted.
func (e *evaluation) reversible(fs []Finding) bool {
	if e.sends || e.seed003 != nil {
		return false
	}
	for _, f := range fs {
		if f.Points > 0 && irreversible[f.Category] {
			return false
		}
	}
	return true
}

// interpreters run code they are given: in paranoid mode running one needs
// an explicit approval (seed 002), whatever the code is.
var interpreters = map[string]bool{
	"python": true, "python2": true, "python3": true, "pypy": true, "pypy3": true, "node": true, "nodejs": true, "deno": true, "bun": true,
	"ruby": true, "perl": true, "php": true, "lua": true, "luajit": true, "rscript": true, "julia": true, "tclsh": true, "osascript": true,
	"bash": true, "sh": true, "zsh": true, "dash": true, "ksh": true, "fish": true, "csh": true, "tcsh": true, "pwsh": true, "powershell": true,
	"ts-node": true, "tsx": true, "groovy": true, "scala": true, "kotlin": true, "jshell": true, "irb": true, "ipython": true,
}

// interpreter returns the first command of the action that runs an
// interpreter on code (a script file, -c/-e code or standard input), or "".
func (e *evaluation) interpreter() string {
	for _, c := range e.commands {
		name := strings.ToLower(c.Name)
		if i := strings.IndexFunc(name, func(r rune) bool { return r >= '0' && r <= '9' }); i > 0 && strings.HasPrefix(name, "python") {
			name = "python"
		}
		if !interpreters[name] {
			continue
		}
		if (name == "python" || name == "node" || name == "ruby" || name == "perl" || name == "php") && onlyVersion(c) {
			continue
		}
		return c.Text
	}
	return ""
}

// onlyVersion reports a command that only asks an interpreter its
// version or help.
func onlyVersion(c *shell.Cmd) bool {
	av := c.Argv()
	return len(av.Opts) == 1 && len(av.Operands) == 0 && c.Has("--version", "-V", "-v", "--help", "-h")
}

// trust lets a held shell command whose pattern the user has approved
// often enough in this project run with a notice (seed 002's progressive
// trust). It only turns a confirmation into a notice: never an explicit
// approval, never a DANGEROUS or always-review command, never a pattern
// that names a credential, the control plane or a path outside the
// workspace (learn.Trustable) — what an agent can get approved by asking
// for the harmless form does not reach those. Deny entries and custom
// rules, applied after, still hold it.
func (e *evaluation) trust(v Verdict, dangerous, alwaysReview bool) Verdict {
	ap := e.a.Context.Approvals
	if ap == nil || !ap.Trusted || e.kind != KindShell || dangerous || alwaysReview || v != Confirm {
		return v
	}
	// The pattern is the command's own, read again here: a trust record
	// made for another pattern or for none (an older store, a context given
	// by hand)
	// does not reach this command.
	if pat, ok := learn.CommandPattern(e.a.Command()); !ok || !learn.Trustable(pat) || ap.Pattern != pat {
		if e.trace {
			e.step("trust", "the pattern "+strconv.Quote(pat)+" is never trusted here: it is asked about every time", 0)
		}
		return v
	}
	if e.trace {
		e.step("trust", fmt.Sprintf("the pattern %q was approved %d times in this project: trusted → notify", ap.Pattern, ap.Count), 0)
	}
	e.trusted = true
	return Notify
}

// sessionReason says in the reason and the notice what learning mode and
// trust did to the verdict.
func (e *evaluation) sessionReason() {
	d := &e.d
	switch {
	case d.WouldBe != "" && d.Verdict == Notify:
		would := map[Verdict]string{Confirm: "asked you to confirm it", Approve: "waited for your approval"}[d.WouldBe]
		if would == "" {
			return
		}
		d.Reason = "Learning mode: actionguard would have " + would + "; it runs and is recorded as it would be. " + d.Reason
		d.Notice = "actionguard (learning mode) would have " + would + ": " + strings.TrimSuffix(d.Reason[strings.Index(d.Reason, "recorded as it would be. ")+len("recorded as it would be. "):], ".") + "."
	case e.trusted && d.Verdict == Notify:
		ap := e.a.Context.Approvals
		d.Reason = fmt.Sprintf("Trusted: you approved %q %d times in this project, so it runs without asking. %s", ap.Pattern, ap.Count, d.Reason)
		d.Notice = fmt.Sprintf("actionguard let this run because you trust %q in this project (approved %d times; `actionguard trust revoke` stops it).", ap.Pattern, ap.Count)
	}
}

// gitDirty reports whether the working tree has uncommitted changes: the
// context says so, or the guard's probe (WithWorkTree) finds them. The
// probe runs at most once a check, and only when a finding makes it matter.
func (e *evaluation) gitDirty() bool {
	if e.a.Context.GitDirty {
		return true
	}
	if e.g.workTree == nil {
		return false
	}
	if e.dirty == 0 {
		e.dirty = 2
		if e.g.workTree(e.a.Context.Cwd) {
			e.dirty = 1
		}
	}
	return e.dirty == 1
}

// chain adds the findings of risky sequences across the session (seed
// 002's risky tool chains): only calls that ran count.
func (e *evaluation) chain() {
	h := e.a.Context.History
	if len(h) == 0 || e.kind == KindIntent {
		return
	}
	steps := make([]chain.Step, 0, len(h))
	for i := range h {
		if h[i].Ran() {
			steps = append(steps, chain.Step{Tool: h[i].Tool, Input: h[i].Input, Observation: h[i].Observation})
		}
	}
	fs := chain.Analyze(chain.Call{Tool: e.a.Tool, Input: e.a.Input, Commands: e.commands}, steps, chain.Options{Cwd: e.a.Context.Cwd, Home: e.home()})
	for _, f := range fs {
		if e.trace {
			e.step("chain", f.Message, f.Points)
		}
	}
	e.findings = append(e.findings, fs...)
}

// sessionFiles returns the files the session's earlier calls wrote with
// the agent's file tools, by absolute path: a later shell command that runs
// one (bash setup.sh, python3 x.py) is judged by what it holds. A write
// gives the whole content; an edit of a file written earlier is applied to
// it, an edit of another file gives only its new text (Partial). Calls
// that did not run (blocked, declined, pending) wrote nothing.
func sessionFiles(a *Action) map[string]shell.FileContent {
	var files map[string]shell.FileContent
	for i := range a.Context.History {
		s := &a.Context.History[i]
		if s.Outcome != "" && s.Outcome != OutcomeFailed {
			continue
		}
		p := stepFilePath(s, a.Context.Cwd)
		if p == "" {
			continue
		}
		if s.Outcome == OutcomeFailed {
			// What a failed call left in the file is not known.
			delete(files, p)
			continue
		}
		tool := strings.ToLower(s.Tool)
		if files == nil {
			files = map[string]shell.FileContent{}
		}
		switch tool {
		case "write", "write_file", "create_file":
			if content, ok := s.Input["content"].(string); ok {
				files[p] = shell.FileContent{Text: content}
			}
		case "edit", "edit_file", "replace", "str_replace_based_edit_tool", "multiedit":
			edits := stepEdits(s.Input)
			if len(edits) == 0 {
				continue
			}
			f, had := files[p]
			for _, ed := range edits {
				switch {
				case had && !f.Partial && ed.old != "" && strings.Contains(f.Text, ed.old):
					if ed.all {
						f.Text = strings.ReplaceAll(f.Text, ed.old, ed.new)
					} else {
						f.Text = strings.Replace(f.Text, ed.old, ed.new, 1)
					}
				default:
					// The rest of the file is not known: keep what was
					// written into it.
					f.Partial = true
					if f.Text != "" && !strings.HasSuffix(f.Text, "\n") {
						f.Text += "\n"
					}
					f.Text += ed.new
				}
			}
			if len(f.Text) > 1<<20 {
				f.Text = f.Text[len(f.Text)-1<<20:]
			}
			files[p] = f
		case "delete_file":
			delete(files, p)
		}
	}
	return files
}

type fileEdit struct {
	old, new string
	all      bool
}

// stepEdits reads the replacements of an edit call: old_string/new_string
// (replace_all), or a MultiEdit's edits.
func stepEdits(in map[string]any) []fileEdit {
	one := func(m map[string]any) (fileEdit, bool) {
		nw, ok := m["new_string"].(string)
		if !ok {
			nw, ok = m["new_str"].(string)
		}
		if !ok {
			return fileEdit{}, false
		}
		old, _ := m["old_string"].(string)
		if old == "" {
			old, _ = m["old_str"].(string)
		}
		all, _ := m["replace_all"].(bool)
		return fileEdit{old: old, new: nw, all: all}, true
	}
	if list, ok := in["edits"].([]any); ok {
		var out []fileEdit
		for _, x := range list {
			if m, ok := x.(map[string]any); ok {
				if ed, ok := one(m); ok {
					out = append(out, ed)
				}
			}
		}
		return out
	}
	if ed, ok := one(in); ok {
		return []fileEdit{ed}
	}
	return nil
}

// stepFilePath is the absolute path a file tool call names, or "".
func stepFilePath(s *Step, cwd string) string {
	for _, k := range []string{"file_path", "path", "filename", "file"} {
		p, _ := s.Input[k].(string)
		if p == "" {
			continue
		}
		if !filepath.IsAbs(p) && !strings.HasPrefix(p, "/") {
			if cwd == "" {
				return ""
			}
			p = cwd + "/" + p
		}
		return path.Clean(filepath.ToSlash(p))
	}
	return ""
}
