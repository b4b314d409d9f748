package guard

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/analyze/sql"
	"github.com/actionguard/actionguard/analyze/tools"
	"github.com/actionguard/actionguard/policy"
	"github.com/actionguard/actionguard/rule"
)

// evaluation is one run of Check.
type evaluation struct {
	g     *Guard
	ctx   context.Context
	a     *Action // &act
	act   Action
	trace bool
	kind  Kind
	d     Decision

	findings []Finding
	commands []*shell.Cmd
	programs []string
	readOnly bool
	// unparseable is why the input could not be understood, if it could not.
	unparseable string
	// floor is the least verdict policy entries and rules demand.
	floor     Verdict
	floorWhy  string
	missing   string // information the check needed and did not get
	allowedBy string // the allow entry that cleared every finding, if any
	// sum is the score of an analyzer that adds seed 000's points up
	// (intent, tools) rather than weighing each finding alone.
	sum *int
	// learnedDelta is what feedback added to the findings' points.
	learnedDelta int
	// clarify is a question to ask the user when the request is ambiguous.
	clarify string
	// classFloor is the least verdict a composite analyzer's class demands
	// (an always-review rule, an ambiguity) when its score says less.
	classFloor    Verdict
	classFloorWhy string
	// sends: the tool's name says it sends, posts or pays (analyze/tools).
	sends bool
	// aligned: seed 001 found the transmission part of the user's task.
	aligned bool
	// knownContacts are the recipients the contact book counts at least
	// one interaction with (sends that ran, imports): a person's name the
	// user writes resolves to them (analyze/privacy).
	knownContacts []string
	// contactBook: the recipients were looked up in a contact book, so
	// knownContacts is all the user's contacts among them.
	contactBook bool
	// referred tests whether an address is the sender of a message the
	// user asked to reply to (outbound_referred.go); referredDone: asked.
	referred     func(string) bool
	referredDone bool
	// notice is seed 001's one message to the user about a transmission;
	// noticeIfRuns: it says the transmission went out, so it is given only
	// when it runs. outReason is the outbound guard's account of it.
	notice       string
	noticeIfRuns bool
	outReason    string
	// secrets are the credentials in the data sent; no message repeats them.
	secrets []string
	// anomalies are the anomalies this action raises in its session.
	anomalies []string
	// wouldBe is the verdict learning mode relaxed; trusted: the user's
	// trust in the command's pattern let it run.
	wouldBe Verdict
	trusted bool
	// mods are the context modifiers that applied.
	mods []modifier
	// dirty caches the work-tree probe: 0 not asked, 1 dirty, 2 clean.
	dirty int8
	// seed003 is seed 003's account of a payment, a message or a post
	// (analyze/tools), when the action makes one.
	seed003 *consequence
	// vs is the verdict so far, passed along the decision's stages.
	vs verdictState
}

// consequence is seed 003's account of a graded call: its risk level,
// what it is and why it has that level, in a person's words.
type consequence struct {
	grade, summary, why string
	// callName names the graded call in the reason when it is not the
	// action's tool (the program of a shell command: stripe, mail, curl).
	callName string
}

func (e *evaluation) step(stage, detail string, points int) {
	if e.trace {
		e.d.Trace = append(e.d.Trace, TraceStep{Stage: stage, Detail: detail, Points: points})
	}
}

// application is the profile in force: coding-agent unless told otherwise.
func (e *evaluation) application() string {
	if app := strings.ToLower(strings.TrimSpace(e.a.Context.Application)); app != "" {
		return app
	}
	return AppCodingAgent
}

func (e *evaluation) home() string {
	if e.a.Context.Home != "" {
		return e.a.Context.Home
	}
	return e.g.home
}

func (e *evaluation) run() {
	e.d = Decision{ID: e.a.ID, Kind: e.kind, Findings: []Finding{}}
	if e.trace {
		e.step("parse", fmt.Sprintf("kind %s (tool %q), application %s", e.kind, e.a.Tool, e.application()), 0)
	}
	switch e.kind {
	case KindShell:
		e.shell()
	case KindSQL:
		e.sqlQuery()
	case KindFile:
		e.file()
	default:
		e.generic()
	}
	e.selfGuard()
	e.outbound()
	e.chain()
	e.applyLists()
	e.profile()
	e.decide()
}

func (e *evaluation) shell() {
	if cmd, ok := containerCommand(e.a); ok {
		// The command runs in the container the fields describe.
		e.toolProgramCall(cmd)
		return
	}
	if e.toolRunsCommand(true) {
		return // it runs in a container, a pod or on another host
	}
	cmd := e.a.Command()
	if strings.TrimSpace(cmd) == "" {
		e.missing = "the action has no command"
		return
	}
	e.shellCommand(e.programPrefixed(cmd))
}

// shellCommand judges cmd as the shell command of the action.
func (e *evaluation) shellCommand(cmd string) {
	opt := e.shellOptions()
	res := shell.Analyze(cmd, opt)
	if len(e.findings) == 0 && len(res.Findings) > 0 {
		e.findings = res.Findings // the result is not used past this call: no copy
	} else {
		e.findings = append(e.findings, res.Findings...)
	}
	e.commands = res.Commands
	e.readOnly = res.ReadOnly
	if res.ParseError != "" {
		e.unparseable = "the command could not be parsed: " + res.ParseError
	}
	if e.trace {
		for _, t := range res.Trace {
			e.step("unwrap", t, 0)
		}
		for _, c := range res.Commands {
			if e.trace {
				e.step("command", truncate(c.Text, 160), 0)
			}
		}
	}
	// Each program once, in order: a few commands are compared in place,
	// many through a set.
	from := len(e.programs)
	var seen map[string]bool
	if len(res.Commands) > 16 {
		seen = make(map[string]bool, len(res.Commands))
	}
	for _, c := range res.Commands {
		switch {
		case seen != nil:
			if seen[c.Name] {
				continue
			}
			seen[c.Name] = true
		case slices.Contains(e.programs[from:], c.Name):
			continue
		}
		e.programs = append(e.programs, c.Name)
	}
	e.shellConsequences(res.Commands)
}

func (e *evaluation) sqlQuery() {
	q := e.a.Query()
	if strings.TrimSpace(q) == "" {
		e.missing = "the action has no query"
		return
	}
	res := sql.Analyze(q)
	e.findings = append(e.findings, res.Findings...)
	if res.Err != nil {
		e.unparseable = "the SQL could not be analysed: " + res.Err.Error()
	}
	e.readOnly = res.Err == nil
	for _, s := range res.Statements {
		if e.trace {
			e.step("statement", truncate(oneLine(s.Text), 160), 0)
		}
		if !s.ReadOnly {
			e.readOnly = false
		}
	}
}

// file judges the file tools of coding agents (Read, Write, Edit, …).
func (e *evaluation) file() {
	p := ""
	for _, k := range []string{"file_path", "path", "notebook_path", "filename", "file"} {
		if s, ok := e.a.Input[k].(string); ok && s != "" {
			p = tools.FilePath(s) // file:///etc/passwd is /etc/passwd
			break
		}
	}
	opt := e.shellOptions()
	tool := strings.ToLower(e.a.Tool)
	if p == "" && tool != "apply_patch" {
		// Another name for the path (filePath, target_file, paths…):
		// every path argument, as a tool named for files is judged.
		if tp := tools.Prepare(e.a.Tool, e.a.Input); len(tp.Paths()) > 0 {
			e.toolFiles(tp)
			return
		}
	}
	if e.a.editorVerb() && e.a.inputString("command") == "view" {
		tool = "read" // the text editor's view: {"command": "view", "path": …}
	}
	switch tool {
	case "read", "read_file", "glob", "grep", "ls", "list_directory":
		e.readOnly = true
		if p != "" {
			e.findings = append(e.findings, localCredentials(p, shell.FileRead(p, opt), opt)...)
			if dec, ok := percentDecoded(p); ok {
				e.findings = append(e.findings, localCredentials(dec, shell.FileRead(dec, opt), opt)...)
			}
		}
		e.findings = append(e.findings, toolTreeRead(tool, p, e.a.Input, opt)...)
		return
	}
	if p == "" {
		if tool == "apply_patch" {
			// A patch names its files inside; judge each one.
			for _, f := range patchFiles(e.a.Input) {
				e.findings = append(e.findings, shell.FileWrite(f, opt)...)
			}
			return
		}
		e.missing = "the action names no file"
		return
	}
	e.findings = append(e.findings, shell.FileWrite(p, opt)...)
	if content, ok := writtenContent(tool, e.a.Input, p, opt); ok {
		// A manifest or hook written: what it will run, judged now.
		e.findings = appendNewRules(e.findings, shell.FileWriteContent(p, content, opt))
	}
	if dec, ok := percentDecoded(p); ok {
		e.findings = append(e.findings, shell.FileWrite(dec, opt)...)
	}
}

// editedFile reads the file an Edit changes, when the caller lets the
// analysis read files and it is small enough to judge whole.
func editedFile(p string, opt shell.Options) ([]byte, bool) {
	if opt.ReadFile == nil {
		return nil, false
	}
	abs := shell.ClassifyPath(p, opt).Abs
	if abs == "" {
		return nil, false
	}
	b, err := opt.ReadFile(abs)
	if err != nil || len(b) > shell.MaxScriptBytes {
		return nil, false
	}
	return b, true
}

// patchFiles lists the files an apply_patch input touches.
func patchFiles(in map[string]any) []string {
	var out []string
	for _, v := range in {
		var texts []string
		switch v := v.(type) {
		case string:
			texts = []string{v}
		case []any:
			// Codex's argument list: ["apply_patch", "*** Begin Patch…"].
			for i, e := range v {
				if s, ok := e.(string); ok && i < 16 {
					texts = append(texts, s)
				}
			}
		}
		for _, s := range texts {
			out = append(out, patchTextFiles(s)...)
		}
	}
	return out
}

// patchTextFiles lists the files one patch text touches.
func patchTextFiles(s string) []string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSuffix(line, "\r")
		for _, pre := range []string{"*** Update File:", "*** Add File:", "*** Delete File:", "*** Move to:", "rename to ", "copy to ", "+++ ", "--- "} {
			if !strings.HasPrefix(line, pre) {
				continue
			}
			f := strings.TrimSpace(line[len(pre):])
			if pre == "+++ " || pre == "--- " {
				// A unified diff's header: the name ends at a tab (a
				// time stamp may follow), and git's a/ and b/ are
				// stripped as git apply strips them; the name as written
				// is judged too (patch -p0).
				f, _, _ = strings.Cut(f, "\t")
				if f == "/dev/null" || f == "" {
					continue
				}
				if rest, ok := strings.CutPrefix(f, "b/"); ok {
					out = append(out, rest)
				} else if rest, ok := strings.CutPrefix(f, "a/"); ok {
					out = append(out, rest)
				}
			}
			if f != "" {
				out = append(out, f)
			}
		}
	}
	return out
}

// applyLists applies the policy's disabled rules and anchored allow and
// deny entries. An allow entry clears only the findings of the very
// command it matches: "git status && rm -rf ~" keeps the rm's findings.
func (e *evaluation) applyLists() {
	p := e.g.policy
	var allowed map[int]string // filled only when an allow entry matches
	// With no command entries (the defaults), nothing below can match:
	// the argv of every command is not built.
	if e.kind == KindShell && e.unparseable == "" && len(p.Allow)+len(p.Deny) > 0 {
		for _, c := range e.commands {
			argv := append([]string{c.Path}, c.Args...)
			if ent := p.AllowsCommand(argv); ent != nil {
				if allowed == nil {
					allowed = map[int]string{}
				}
				allowed[commandIndex(e.commands, c)] = ent.Source
				if e.trace {
					e.step("policy", "allow entry "+quoteEntry(ent)+" matches "+truncate(c.Text, 100), 0)
				}
			}
			if ent := p.DeniesCommand(argv); ent != nil {
				e.deny(ent, c.Text)
			} else if len(p.Deny) > 0 {
				// The same entry in the program's own reading: a deny for
				// "git push --force **" holds "git push origin main --forc".
				if ent := p.DeniesCanonical(shell.Canonical(argv), shell.Canonical); ent != nil {
					e.deny(ent, c.Text)
				}
			}
		}
	}
	if e.a.Tool != "" {
		if ent := p.DeniesTool(e.a.Tool); ent != nil {
			e.deny(ent, e.a.Tool)
		}
	}
	kept := e.findings[:0]
	for _, f := range e.findings {
		if p.RuleDisabled(f.Rule) {
			if e.trace {
				e.step("policy", "rule "+f.Rule+" is disabled by the user's policy", 0)
			}
			continue
		}
		if src, ok := allowed[f.Cmd]; ok && f.Cmd != 0 {
			if e.trace {
				e.step("policy", "finding "+f.Rule+" cleared by the allow entry at "+src, 0)
			}
			continue
		}
		kept = append(kept, f)
	}
	e.findings = kept
	if e.kind != KindShell && e.a.Tool != "" && len(e.findings) > 0 {
		if ent := p.AllowsTool(e.a.Tool); ent != nil {
			if e.trace {
				e.step("policy", "allow entry "+quoteEntry(ent)+" matches tool "+e.a.Tool, 0)
			}
			e.allowedBy = ent.Source
			var dangerous []Finding
			for _, f := range e.findings {
				if f.Category.Dangerous() {
					dangerous = append(dangerous, f) // an allow entry never clears a dangerous finding
				}
			}
			e.findings = dangerous
		}
	}
}

func commandIndex(cmds []*shell.Cmd, c *shell.Cmd) int {
	for i, x := range cmds {
		if x == c {
			return i + 1
		}
	}
	return 0
}

func quoteEntry(ent *policy.Entry) string {
	s := ent.Command
	if s == "" {
		s = ent.Tool
	}
	return fmt.Sprintf("%q (%s)", s, ent.Source)
}

// deny records a deny-list match as a finding and a verdict floor.
func (e *evaluation) deny(ent *policy.Entry, what string) {
	v, err := ParseVerdict(ent.Verdict)
	if err != nil || v.Stricter(Block) || v == Allow || v == Notify {
		v = Block
	}
	msg := "The policy denies this"
	if ent.Reason != "" {
		msg += ": " + ent.Reason
	}
	points := map[Verdict]int{Confirm: 50, Approve: 85, Block: 110}[v]
	e.findings = append(e.findings, Finding{Rule: "policy.deny", Category: rule.Configuration, Points: points, Evidence: truncate(what, 200), Message: msg + " (" + ent.Source + ")."})
	e.raise(v, "the deny entry "+quoteEntry(ent))
	if e.trace {
		e.step("policy", "deny entry "+quoteEntry(ent)+" matches → at least "+string(v), points)
	}
}

func (e *evaluation) raise(v Verdict, why string) {
	if v.Stricter(e.floor) {
		e.floor, e.floorWhy = v, why
	}
}

// profile adds what the application profile says about routine work: for
// a general assistant, writing and running things is privileged (seed
// 000); for a coding agent in its workspace, it is routine (seed 002).
func (e *evaluation) profile() {
	if e.application() != AppAssistant {
		return
	}
	switch e.kind {
	case KindShell:
		if !e.readOnly && len(e.commands) > 0 {
			e.findings = append(e.findings, Finding{Rule: "profile.assistant.execute", Category: rule.Execution, Points: rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible,
				Evidence: truncate(oneLine(e.a.Command()), 200), Message: "An assistant runs a command that changes things; in the assistant profile that needs approval."})
		}
	case KindFile:
		if !e.readOnly {
			e.findings = append(e.findings, Finding{Rule: "profile.assistant.write", Category: rule.Configuration, Points: rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible,
				Evidence: truncate(e.a.Tool, 200), Message: "An assistant writes a file; in the assistant profile writes need approval."})
		}
	case KindSQL:
		if !e.readOnly {
			e.findings = append(e.findings, Finding{Rule: "profile.assistant.write", Category: rule.Database, Points: rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible,
				Evidence: truncate(oneLine(e.a.Query()), 200), Message: "An assistant changes a database; in the assistant profile that needs approval."})
		}
	}
}

// learn applies the adjustments learned from feedback to the findings.
func (e *evaluation) learn(fs []Finding) {
	if len(e.g.learned) == 0 {
		return
	}
	for i := range fs {
		f := &fs[i]
		d, ok := e.g.learned[f.Rule]
		if !ok || d == 0 {
			continue
		}
		d = clamp(d, -MaxLearnedDrop, MaxLearnedRise)
		if d < 0 && f.Category.Dangerous() {
			if e.trace {
				e.step("learned", "feedback would lower "+f.Rule+" but a DANGEROUS finding is never lowered", 0)
			}
			continue
		}
		if d < 0 && f.Points+d < 0 {
			d = -f.Points
		}
		if d < 0 && f.Points <= 0 {
			continue
		}
		f.Points += d
		e.learnedDelta += d
		if e.trace {
			e.step("learned", fmt.Sprintf("feedback on %s adjusts it by %+d points", f.Rule, d), d)
		}
	}
}

func (e *evaluation) policyEnv(score int, level Level) *policy.Env {
	env := &policy.Env{
		Tool: e.a.Tool, Kind: string(e.kind), Command: e.a.Command(), Query: e.a.Query(), Text: e.a.Text, Input: e.a.Input,
		Programs: e.programs, Score: score, Risk: riskOf(score), Level: string(level),
		Context: policy.EnvContext{Application: e.application(), Cwd: e.a.Context.Cwd, GitBranch: e.a.Context.GitBranch, GitDirty: e.a.Context.GitDirty,
			Environment: e.a.Context.Environment, SessionID: e.a.Context.SessionID, Agent: e.a.Context.Agent},
	}
	if u := e.a.Context.User; u != nil {
		env.Context.UserID, env.Context.UserNew = u.ID, u.New
	}
	for _, f := range e.findings {
		env.Findings = append(env.Findings, f.Rule)
	}
	return env
}

// reason writes the decision's one-sentence reason and the notice.
func (e *evaluation) reason() {
	d := &e.d
	var top *Finding
	for i := range d.Findings {
		if d.Findings[i].Points > 0 || top == nil {
			top = &d.Findings[i]
			break
		}
	}
	what := ""
	if top != nil {
		what = strings.TrimSuffix(top.Message, ".")
		if n := countRisky(d.Findings) - 1; n > 0 {
			what += fmt.Sprintf(" (and %d more finding%s)", n, plural(n))
		}
	}
	if c := e.seed003; c != nil {
		// Seed 003's words: what it is ("A payment of $820.00 to a new
		// payee") and, when the verdict is the grade, why.
		name := c.callName
		if name == "" {
			name = e.describe()
		}
		call := c.summary + " (" + rule.Printable(truncate(name, 80)) + ")"
		ok := d.Verdict != Block && e.missing == "" && e.unparseable == ""
		switch {
		case ok && d.Verdict == Notify && e.aligned && d.RiskLevel != c.grade:
			// A message or a post the user asked for by name: the request
			// is the approval (docs/consequential.md).
			d.Reason = call + ": the user asked for it, so it runs and the user is told."
		case ok && d.RiskLevel == c.grade:
			d.Reason = call + ": " + c.why + "."
		default:
			ok = false
		}
		if ok {
			if d.Verdict == Notify {
				d.Notice = "actionguard let this run and is telling you: " + d.Reason
			}
			e.notices()
			return
		}
	}
	// The sentences after the reason (the context alert of a held or
	// blocked action, the safer way of one that does not simply run) are
	// joined with it in one concatenation.
	var alertSep, alert, saferSep, safer, end string
	if c := e.contextAlert(); c != "" && d.Verdict != Allow && d.Verdict != Notify {
		alertSep, alert = " ", c
	}
	if top != nil && top.Alternative != "" && d.Verdict != Allow {
		saferSep, safer, end = " Safer: ", strings.TrimSuffix(top.Alternative, "."), "."
	}
	switch d.Verdict {
	case Allow:
		switch {
		case e.missing != "" || e.unparseable != "":
			d.Reason = "Allowed by the policy's fallback although " + firstNonEmpty(e.unparseable, e.missing) + "."
		case what != "":
			d.Reason = what + "; routine, so it runs."
		case e.readOnly:
			d.Reason = "Nothing risky found: it only reads."
		default:
			d.Reason = "Nothing risky found."
		}
	case Notify:
		if what == "" {
			what = "It runs"
		}
		d.Reason = what + "." + saferSep + safer + end
		d.Notice = "actionguard let this run and is telling you: " + what + "."
		if e.unparseable != "" || e.missing != "" {
			d.Notice = "actionguard could not fully check this action (" + firstNonEmpty(e.unparseable, e.missing) + ") and let it run because the policy says so."
		}
	case Confirm, Approve:
		ask := "It needs your confirmation"
		if d.Verdict == Approve {
			ask = "It needs your explicit approval"
		}
		switch {
		case what != "":
			d.Reason = what + ". " + ask + "." + alertSep + alert + saferSep + safer + end
		case e.missing != "":
			d.Reason = "actionguard cannot tell what this does because " + e.missing + ". " + ask + "." + alertSep + alert + saferSep + safer + end
		case e.unparseable != "":
			d.Reason = "actionguard cannot tell what this does because " + e.unparseable + ". " + ask + "." + alertSep + alert + saferSep + safer + end
		default:
			d.Reason = ask + " (" + e.floorWhy + ")." + alertSep + alert + saferSep + safer + end
		}
	case Block:
		if what == "" {
			what = "The policy blocks this"
		}
		d.Reason = what + ". Blocked." + alertSep + alert + saferSep + safer + end
	default:
		d.Reason += alertSep + alert + saferSep + safer + end
	}
	e.notices()
}

// contextAlert is seed 002's context alert: the circumstances that raised
// the risk of a held or blocked action, in one sentence, or "".
func (e *evaluation) contextAlert() string {
	var why []string
	for _, m := range e.mods {
		if m.points > 0 {
			why = append(why, fmt.Sprintf("%s (+%d)", m.why, m.points/10))
		}
	}
	if len(why) == 0 {
		return ""
	}
	s := "Context: " + strings.Join(why, "; ")
	if b := e.a.Context.GitBranch; b != "" && !strings.Contains(s, b) {
		s += "; branch " + b
	}
	return s + "."
}

// notices sets the notice of a question to ask (seed 000) or of a
// transmission (seed 001), which replaces the generic one.
func (e *evaluation) notices() {
	d := &e.d
	if e.clarify != "" && d.Verdict != Allow && d.Verdict != Block {
		// Seed 000: an ambiguous request is privileged, with a question.
		d.Notice = e.clarify
	}
	if e.notice != "" && d.Verdict != Allow && (!e.noticeIfRuns || d.Verdict.Allowed()) {
		// Seed 001: exactly one message about the transmission.
		d.Notice = e.notice
		if d.Verdict == Notify && e.outReason != "" {
			d.Reason = e.outReason
		}
	}
}

// onlyTransmit reports whether every finding that carries points is about
// the act of sending (see transmitFinding) and none asks for review.
func onlyTransmit(fs []Finding) bool {
	for _, f := range fs {
		if f.AlwaysReview && !strings.HasPrefix(f.Rule, "tool.content.") {
			// An always-review finding (a message nobody asked for, one
			// the user declined, one with no recipient or no content) is
			// reviewed whatever the task says. What the message says
			// (lab results, a contract) is the user's to send when they
			// named the exact recipient (seed 001: "the user knows what
			// they're doing"); aligned holds only then.
			return false
		}
		if f.Points > 0 && !transmitFinding(f.Rule) {
			return false
		}
	}
	return true
}

// scrub removes the credentials found in the data sent from every message
// of the decision: seed 001, a secret is never echoed.
func (e *evaluation) scrub() {
	if len(e.secrets) == 0 {
		return
	}
	r := make([]string, 0, 2*len(e.secrets))
	for _, s := range e.secrets {
		if len(s) >= 4 {
			r = append(r, s, "[REDACTED]")
		}
	}
	if len(r) == 0 || !e.echoesAny(r) {
		return // building a Replacer costs more than looking
	}
	var rep interface{ Replace(string) string } = onePair{r[0], r[1]}
	if len(r) > 2 {
		rep = strings.NewReplacer(r...)
	}
	d := &e.d
	d.Reason, d.Notice, d.Error = rep.Replace(d.Reason), rep.Replace(d.Notice), rep.Replace(d.Error)
	for i := range d.Findings {
		d.Findings[i].Evidence = rep.Replace(d.Findings[i].Evidence)
		d.Findings[i].Message = rep.Replace(d.Findings[i].Message)
	}
	for i := range d.Trace {
		d.Trace[i].Detail = rep.Replace(d.Trace[i].Detail)
	}
	for i := range d.Steps {
		d.Steps[i].Text = rep.Replace(d.Steps[i].Text)
	}
}

// onePair replaces one string: a strings.Replacer of one pair builds a
// search table larger than the texts it is used on.
type onePair struct{ old, new string }

func (p onePair) Replace(s string) string { return strings.ReplaceAll(s, p.old, p.new) }

// echoesAny reports whether a text of the decision holds one of the
// old strings of pairs (old, new, old, new…).
func (e *evaluation) echoesAny(pairs []string) bool {
	has := func(t string) bool {
		for i := 0; i < len(pairs); i += 2 {
			if strings.Contains(t, pairs[i]) {
				return true
			}
		}
		return false
	}
	d := &e.d
	if has(d.Reason) || has(d.Notice) || has(d.Error) {
		return true
	}
	for _, f := range d.Findings {
		if has(f.Evidence) || has(f.Message) {
			return true
		}
	}
	for _, t := range d.Trace {
		if has(t.Detail) {
			return true
		}
	}
	for _, s := range d.Steps {
		if has(s.Text) {
			return true
		}
	}
	return false
}

func countRisky(fs []Finding) int {
	n := 0
	for _, f := range fs {
		if f.Points > 0 {
			n++
		}
	}
	return n
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// appendNewRules appends the findings of add whose rule none of fs has.
func appendNewRules(fs, add []rule.Finding) []rule.Finding {
	have := make(map[string]bool, len(fs))
	for _, f := range fs {
		have[f.Rule] = true
	}
	for _, f := range add {
		if !have[f.Rule] {
			fs = append(fs, f)
		}
	}
	return fs
}

// writtenContent is the whole text a file tool leaves in the file p: a
// Write's content, or an Edit's replacement applied to the file as it
// is on disk (when it can be read). ok is false when it is not known.
func writtenContent(tool string, in map[string]any, p string, opt shell.Options) (string, bool) {
	switch tool {
	case "write", "write_file", "create_file":
		s, ok := in["content"].(string)
		return s, ok
	case "edit", "str_replace", "edit_file":
		oldS, ok1 := in["old_string"].(string)
		newS, ok2 := in["new_string"].(string)
		if !ok1 || !ok2 {
			return "", false
		}
		b, ok := editedFile(p, opt)
		if !ok {
			// The file cannot be read (check --jsonl, no disk): the added
			// text alone is judged, as a fragment of the file ("postinstall":
			// "curl …|sh" added to package.json's scripts).
			return newS, true
		}
		if all, _ := in["replace_all"].(bool); all {
			return strings.ReplaceAll(string(b), oldS, newS), true
		}
		return strings.Replace(string(b), oldS, newS, 1), true
	}
	return "", false
}
