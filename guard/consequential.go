package guard

import (
	"fmt"
	"strings"

	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/analyze/tools"
	"github.com/actionguard/actionguard/contact"
	"github.com/actionguard/actionguard/rule"
)

// Seed 003's consequential actions — money, messages to contacts, public
// posts — wherever they come from: a named tool (GmailSendEmail), an HTTP
// request to a payment, messaging or social API, or a shell command
// (stripe, mail, curl …). analyze/tools grades them; the guard looks their
// recipients and payees up in the contact book (once per check, and only
// when there are any), records them on the decision for the audit log to
// count, and words the reason. See docs/consequential.md.

// toolOptions is what analyze/tools needs to know around a call.
func (e *evaluation) toolOptions() tools.Options {
	opt := tools.Options{UserMessages: e.a.Context.UserMessages, Application: e.application(), Referred: e.referredTest()}
	if h := e.a.Context.History; len(h) > 0 {
		// The session's earlier calls: a payee seen in earlier payments is known.
		opt.History = make([]tools.Call, len(h))
		for i, s := range h {
			opt.History[i] = tools.Call{Tool: s.Tool, Input: s.Input, Observation: s.Observation}
		}
	}
	return opt
}

// lookUp records the contacts an action reaches on the decision (the audit
// log counts them when the action runs) and asks the contact book how many
// earlier interactions the user had with each. No book, or a failing one,
// leaves them unknown: analyze/tools then grades every recipient as a new
// contact and every payee as a new payee.
func (e *evaluation) lookUp(cs []tools.Contact, opt *tools.Options) {
	if len(cs) == 0 {
		return
	}
	for _, c := range cs {
		e.d.Contacts = append(e.d.Contacts, Contact{Kind: c.Kind, Address: c.Address})
	}
	if e.g.contacts == nil {
		if e.trace {
			e.step("contacts", fmt.Sprintf("%d contact%s, no contact book: each counts as new", len(cs), plural(len(cs))), 0)
		}
		return
	}
	keys := make([]string, len(cs))
	for i, c := range cs {
		keys[i] = contact.Key(c.Kind, c.Address)
	}
	counts, err := e.g.contacts.ContactCounts(e.ctx, keys)
	if err != nil {
		if e.trace {
			e.step("contacts", "the contact book failed ("+truncate(err.Error(), 120)+"): each contact counts as new", 0)
		}
		return
	}
	opt.ContactBook, e.contactBook = true, true
	opt.Interactions = make(map[tools.Contact]int, len(cs))
	for i, c := range cs {
		opt.Interactions[c] = counts[keys[i]]
		if counts[keys[i]] > 0 && c.Kind == tools.ContactRecipient {
			e.knownContacts = append(e.knownContacts, c.Address)
		}
	}
	if e.trace {
		var parts []string
		for i, c := range cs {
			parts = append(parts, fmt.Sprintf("%s %s: %d", c.Kind, truncate(c.Address, 60), counts[keys[i]]))
		}
		e.step("contacts", "the contact book knows "+strings.Join(parts, "; "), 0)
	}
}

// judge grades a prepared call (a tool, or an HTTP request to a known API)
// and takes its findings, its seed 003 grade and its summary.
func (e *evaluation) judge(p *tools.Prepared) *tools.Result {
	opt := e.toolOptions()
	e.lookUp(p.Contacts(), &opt)
	res := p.Judge(opt)
	if e.trace {
		e.step("tool", fmt.Sprintf("verb %s, objects %s → %s", orNone(res.Verbs), orNone(res.Objects), res.Effect), 0)
	}
	switch res.Effect {
	case tools.EffectSend, tools.EffectPost, tools.EffectPayment:
		e.sends = true
	}
	name := rule.Printable(truncate(e.describe(), 80))
	for _, f := range res.Findings {
		if f.Evidence == name && f.Message != "" && !strings.Contains(f.Message, name) {
			// Say which tool: "Sends a message to someone (GmailSendEmail)."
			f.Message = strings.TrimSuffix(f.Message, ".") + " (" + name + ")."
		}
		e.findings = append(e.findings, f)
	}
	e.consequence(res)
	return res
}

// consequence keeps seed 003's account of a graded call for the reason,
// when it is the strictest so far; it reports whether it kept it.
func (e *evaluation) consequence(res *tools.Result) bool {
	if res.Grade == "" || e.seed003 != nil && gradeRank(res.Grade) < gradeRank(e.seed003.grade) {
		return false
	}
	e.seed003 = &consequence{grade: res.Grade, summary: res.Summary, why: res.Why}
	if res.Grade != tools.GradeLow {
		if e.trace {
			e.step("consequence", res.Summary+": "+res.Why, 0)
		}
	}
	return true
}

func gradeRank(g string) int {
	switch g {
	case tools.GradeLow:
		return 1
	case tools.GradeMedium:
		return 2
	case tools.GradeHigh:
		return 3
	}
	return 0
}

// requestBody is the body of an HTTP action.
func (e *evaluation) requestBody() any {
	for _, k := range []string{"body", "data", "json", "payload", "form"} {
		if v, ok := e.a.Input[k]; ok {
			return v
		}
	}
	return nil
}

// shellConsequences reads the commands of a shell action that pay, send or
// publish (stripe, mail, sendmail, curl to a payment API…). The shell's
// score is its strongest finding's, so each command's grade rides on its
// first finding, which carries the command's seed 000 sum.
func (e *evaluation) shellConsequences(cmds []*shell.Cmd) {
	type prepared struct {
		p *tools.Prepared
		i int
	}
	var ps []prepared
	var cs []tools.Contact
	for i, c := range cmds {
		if p, ok := tools.PrepareCommand(c); ok {
			ps = append(ps, prepared{p, i + 1})
			cs = append(cs, p.Contacts()...)
		}
	}
	if len(ps) == 0 {
		return
	}
	opt := e.toolOptions()
	e.lookUp(cs, &opt) // one question to the book for the whole command line
	for _, x := range ps {
		res := x.p.Judge(opt)
		for j, f := range res.Findings {
			if j == 0 {
				f = f.WithPoints(res.Score)
			} else if f.Points != 0 {
				f = f.WithPoints(0)
			}
			f.Cmd = x.i
			e.findings = append(e.findings, f)
		}
		if e.trace {
			e.step("command", fmt.Sprintf("%s: %s, %s (consequence grade %s)", truncate(cmds[x.i-1].Text, 100), res.Effect, res.Class, res.Grade), res.Score)
		}
		if e.consequence(res) {
			e.seed003.callName = cmds[x.i-1].Name
		}
		e.floorFor(res)
	}
}

// floorFor makes a graded call's class the least verdict, unless the user
// asked for this very message or post by name: for communications the
// request is the approval (seed 001 and seed 003 reconciled, see
// docs/consequential.md); for money it is not.
func (e *evaluation) floorFor(res *tools.Result) {
	if res.UserAsked && (res.Effect == tools.EffectSend || res.Effect == tools.EffectPost) {
		e.aligned = true
		return
	}
	var v Verdict
	switch res.Class {
	case tools.ClassCautious:
		v = Confirm
	case tools.ClassPrivileged:
		v = Approve
	case tools.ClassDangerous:
		v = Block
	default:
		return
	}
	if v.Stricter(e.classFloor) {
		why := "what the command does"
		if res.Summary != "" {
			why = strings.ToLower(res.Summary[:1]) + res.Summary[1:]
		}
		e.classFloor, e.classFloorWhy = v, why
	}
}
