package guard

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/actionguard/actionguard/analyze/intent"
	"github.com/actionguard/actionguard/analyze/tools"
	"github.com/actionguard/actionguard/rule"
)

// generic judges the actions that are not shell, SQL or file operations:
// a user's request in words (kind intent) goes to analyze/intent; HTTP
// requests are judged by their method; every other tool call (e-mail,
// messages, posts, payments, MCP tools, any named tool) goes to
// analyze/tools, which reads the verb and objects of the tool's name and
// its arguments.
func (e *evaluation) generic() {
	switch e.kind {
	case KindIntent:
		e.intent()
	case KindHTTP:
		e.httpAction()
	default:
		e.tool()
	}
}

// intent classifies a request in natural language.
func (e *evaluation) intent() {
	text := e.a.Text
	if strings.TrimSpace(text) == "" {
		text = e.a.inputString("text", "request", "prompt", "message")
	}
	if strings.TrimSpace(text) == "" {
		e.missing = "the request has no text"
		return
	}
	// A new user and low trust are the scorer's modifiers; the analyzer
	// is asked without them so that they count once.
	res := intent.Analyze(text, intent.Options{Application: e.application()})
	for _, f := range res.Findings {
		f.Message = sentence(f.Message)
		e.findings = append(e.findings, f)
	}
	e.composite(res.Score, levelOfClass(res.Class), levelOfClass(intent.ClassOf(res.Score)), "the request's wording")
	for _, s := range res.Steps {
		e.d.Steps = append(e.d.Steps, RequestStep{Text: s.Text, Level: levelOfClass(s.Class), Score: s.Score})
		if e.trace {
			e.step("step", fmt.Sprintf("%q → %s", truncate(s.Text, 120), s.Class), s.Score)
		}
	}
	if len(res.Steps) == 0 {
		e.readOnly = true
	}
	e.d.Condition = res.Condition
	if res.Condition != "" {
		if e.trace {
			e.step("condition", "the action depends on "+truncate(res.Condition, 120)+"; classified as if it held", 0)
		}
	}
	if res.Clarify != "" {
		e.clarify = res.Clarify
	}
	e.confidence(res.Confidence, res.Anomalies)
}

// confidence records the classification's confidence and seed 000's
// anomaly alerts. A classification under 60% asks for confirmation (seed
// 000: when uncertain, ask).
func (e *evaluation) confidence(c float64, anomalies []string) {
	c = float64(int(c*100+0.5)) / 100
	e.d.Confidence = &c
	e.d.Anomalies = append(e.d.Anomalies, anomalies...)
	for _, a := range anomalies {
		id := ruleAnomalyDisagree
		if strings.HasPrefix(a, "low confidence") {
			id = ruleAnomalyLowConfidence
		}
		e.findings = append(e.findings, id.Find(truncate(a, 200), "Anomaly: "+a+"."))
		e.step("anomaly", a, 0)
	}
	if c < 0.6 {
		e.raise(Confirm, fmt.Sprintf("a classification with %.0f%% confidence", c*100))
	}
}

// tool judges a named tool call with analyze/tools.
func (e *evaluation) tool() {
	if strings.TrimSpace(e.a.Tool) == "" {
		e.missing = "the action names no tool"
		return
	}
	if AgentInternal(e.a.Tool) {
		e.readOnly = true
		if e.trace {
			e.step("tool", e.a.Tool+" is one of the coding agent's own tools: it acts only inside the agent", 0)
		}
		return
	}
	if cmd, ok := containerCommand(e.a); ok {
		e.toolProgramCall(cmd)
		return
	}
	if e.toolRunsCommand(false) {
		return
	}
	if cmd, ok := programCommand(e.a); ok {
		e.toolProgramCall(cmd)
		return
	}
	e.toolCommandFindings()
	p := tools.PrepareSchema(e.a.Tool, e.a.Input, e.a.Schema)
	if u, ok := p.Unpack(); ok {
		e.toolUnpack(u)
		return
	}
	if p.FileTool() && e.fileRulesApply() {
		if p.Effect() == tools.EffectDelete {
			e.toolDelete(p)
			return
		}
		e.toolFiles(p)
		return
	}
	if p.Effect() == tools.EffectUnknown {
		// The name says nothing the analyzer knows; the kind the caller
		// gave (or the vendor word in the name) still does.
		if f, ok := kindBaseline(e.kind, e.a.Tool); ok {
			if e.trace {
				e.step("tool", "the name says nothing known; the kind "+string(e.kind)+" decides", 0)
			}
			e.add(f)
			return
		}
	}
	if p.Effect() == tools.EffectRead {
		e.readOnly = true
	}
	res := e.judge(p)
	if p.Effect() == tools.EffectUnknown && hasRule(res.Findings, "tool.unknown.verb") {
		// (An assistant's lookup with an unknown name is told, not held:
		// tool.unknown.read-shaped.)
		e.missing = "what " + e.describe() + " does cannot be told from its name"
	}
	e.composite(res.Score, levelOfClass(res.Class), levelOfClass(intent.ClassOf(res.Score)), "what the tool does")
	e.toolPaths(p)
	if res.UserAsked && res.Effect == tools.EffectPost {
		// A post goes where the user said (LinkedIn, X): the user's request
		// for it is the approval (docs/consequential.md). Messages are
		// traced to the user's task by the outbound guard (seed 001).
		e.aligned = true
	}
}

// composite records an analyzer that adds seed 000's points up (the
// verb, the target, the money…) rather than reporting one weight per
// finding. When its class is stricter than its score's (an always-review
// rule, an ambiguity), that class is a floor.
func (e *evaluation) composite(score int, class, scoreClass Level, why string) {
	e.sum = &score
	if levelRank(class) > levelRank(scoreClass) {
		switch class {
		case Cautious:
			e.classFloor, e.classFloorWhy = Confirm, why
		case Privileged:
			e.classFloor, e.classFloorWhy = Approve, why
		}
	}
}

// sentence makes a message a sentence: a capital first letter and a full stop.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	s = string(unicode.ToUpper(r)) + s[n:]
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") && !strings.HasSuffix(s, "!") {
		s += "."
	}
	return s
}

func orNone(ws []string) string {
	if len(ws) == 0 {
		return "none"
	}
	return strings.Join(ws, " ")
}

func levelOfClass(c string) Level {
	switch c {
	case intent.Dangerous:
		return Dangerous
	case intent.Privileged:
		return Privileged
	case intent.Cautious:
		return Cautious
	}
	return Safe
}

func levelRank(l Level) int {
	switch l {
	case Cautious:
		return 1
	case Privileged:
		return 2
	case Dangerous:
		return 3
	}
	return 0
}

// kindBaseline is what a kind alone says about a tool whose name is
// unknown: sending, posting and paying are privileged whatever they are called.
func kindBaseline(k Kind, tool string) (Finding, bool) {
	var r *rule.Rule
	switch k {
	case KindEmail, KindMessage:
		r = ruleKindSend
	case KindPost:
		r = ruleKindPost
	case KindPayment:
		r = ruleKindPayment
	default:
		return Finding{}, false
	}
	return r.Find(truncate(tool, 80), ""), true
}

func (e *evaluation) describe() string {
	if e.a.Tool != "" {
		return e.a.Tool
	}
	return truncate(oneLine(e.a.Text), 80)
}

func (e *evaluation) add(f Finding) {
	if f.Evidence == "" {
		f.Evidence = e.describe()
	}
	e.findings = append(e.findings, f)
}

// httpAction judges an HTTP request by its method.
func (e *evaluation) httpAction() {
	method, _ := e.a.Input["method"].(string)
	method = strings.ToUpper(strings.TrimSpace(method))
	url, _ := e.a.Input["url"].(string)
	switch strings.ToLower(e.a.Tool) {
	case "websearch", "web_search":
		e.readOnly = true
		return
	}
	ev := truncate(strings.TrimSpace(method+" "+url), 200)
	if tools.IsLocalPath(url) {
		// WebFetch of file:///home/dev/.ssh/id_rsa reads the file.
		e.toolPaths(tools.Prepare(e.a.Tool, e.a.Input))
	} else if savesLocally(e.a.Input) {
		// A request that stores its response on this machine
		// ({"url": …, "path": "~/.bashrc"}) writes that file.
		opt := e.shellOptions()
		for _, pa := range tools.Prepare(e.a.Tool, e.a.Input).Paths() {
			if pa.Key == "url" || pa.Key == "uri" {
				continue
			}
			pa.Read, pa.Write = false, true
			e.findings = append(e.findings, pathFindings(pa, opt)...)
		}
	}
	switch method {
	case "", "GET", "HEAD", "OPTIONS":
		e.readOnly = true
	case "DELETE":
		e.add(ruleHTTPDelete.Find(ev, "Deletes a remote resource ("+truncate(method+" "+url, 100)+")."))
	default:
		// A payment, messaging or social API: the request is what it does there.
		if p, ok := tools.PrepareRequest(method, url, e.requestBody()); ok {
			res := e.judge(p)
			e.composite(res.Score, levelOfClass(res.Class), levelOfClass(intent.ClassOf(res.Score)), "what the request does")
			if res.UserAsked && (res.Effect == tools.EffectSend || res.Effect == tools.EffectPost) {
				e.aligned = true // the user asked for this message or post by name
			}
			return
		}
		e.add(ruleHTTPWrite.Find(ev, "Sends data to "+truncate(url, 80)+" ("+method+")."))
	}
}

// The guard's own rules: HTTP methods, the baseline of a kind whose tool
// name says nothing, and seed 000's anomaly alerts.
var (
	ruleHTTPDelete = &rule.Rule{
		ID: "tool.http.delete", Summary: "An HTTP DELETE removes a remote resource.",
		Points: rule.PrivilegedKeyword + rule.ExternalTarget + rule.DataModification, Category: rule.Destructive,
		Match:   []string{`WebFetch {"method": "DELETE", "url": "https://api.example.com/v1/users/7"}`},
		NoMatch: []string{`WebFetch {"method": "GET", "url": "https://api.example.com/v1/users/7"}`},
	}
	ruleHTTPWrite = &rule.Rule{
		ID: "tool.http.write", Summary: "An HTTP POST, PUT or PATCH sends data to another system.",
		Points: rule.PrivilegedKeyword + rule.ExternalTarget, Category: rule.Network,
		Match:   []string{`WebFetch {"method": "POST", "url": "https://api.example.com/v1/users", "body": "{}"}`},
		NoMatch: []string{`WebFetch {"url": "https://docs.example.com"}`},
	}
	ruleKindPayment = &rule.Rule{
		ID: "tool.kind.payment", Summary: "A payment tool whose name says nothing more: moving money cannot be taken back.",
		Points: rule.PrivilegedKeyword + rule.Financial + rule.ExternalTarget, Category: rule.Infrastructure,
		Match:   []string{`payment Stripe {"amount": 20}`},
		NoMatch: []string{`payment StripeListCharges {}`},
	}
	ruleKindPost = &rule.Rule{
		ID: "tool.kind.post", Summary: "A publishing tool whose name says nothing more: a post cannot be unseen.",
		Points: rule.PrivilegedKeyword + rule.ExternalTarget + rule.Irreversible, Category: rule.Exfiltration,
		Match:   []string{`post Mastodon {"status": "hello"}`},
		NoMatch: []string{`post MastodonGetTimeline {}`},
	}
	ruleKindSend = &rule.Rule{
		ID: "tool.kind.send", Summary: "A messaging tool whose name says nothing more: a message cannot be recalled.",
		Points: rule.PrivilegedKeyword + rule.ExternalTarget, Category: rule.Exfiltration,
		Match:   []string{`email Outlook {"to": "bob@example.com"}`},
		NoMatch: []string{`email OutlookSearchEmails {"query": "invoice"}`},
	}
	ruleAnomalyDisagree = &rule.Rule{
		ID: "intent.anomaly.disagree", Summary: "Anomaly alert: the score and the keywords of a request disagree.",
		Category: rule.Routine,
		Match:    []string{`intent yes go ahead and rename the sample draft, it is reversible`},
		NoMatch:  []string{`intent Search for React tutorials`},
	}
	ruleAnomalyLowConfidence = &rule.Rule{
		ID: "intent.anomaly.low-confidence", Summary: "Anomaly alert: the request was classified with less than 60% confidence.",
		Category: rule.Routine,
		Match:    []string{overLongRequest()},
		NoMatch:  []string{`intent Search for React tutorials`},
	}
	guardRules = []*rule.Rule{ruleCredReadLocal, ruleCancelled, ruleExfiltration, ruleMasked, rulePartOfTask, rulePhishing, ruleSharedName, ruleAnomalyDisagree, ruleAnomalyLowConfidence, ruleHTTPDelete, ruleHTTPWrite, ruleKindPayment, ruleKindPost, ruleKindSend, ruleToolCredSend}
)

// overLongRequest is a request longer than the intent analyzer reads (the
// low-confidence rule's example). It is built in every process that links
// the guard, the hook's included, so it is built with one allocation of
// its final size rather than a repeat and a concatenation.
func overLongRequest() string {
	const prefix, run = "intent ", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	n := len(prefix) + intent.MaxBytes + 1
	var b strings.Builder
	b.Grow(n)
	b.WriteString(prefix)
	for b.Len() < n {
		b.WriteString(run[:min(len(run), n-b.Len())])
	}
	return b.String()
}

// genericRules returns the guard's own rules, sorted by id.
func genericRules() []*rule.Rule {
	rs := slices.Clone(guardRules)
	slices.SortFunc(rs, func(a, b *rule.Rule) int { return strings.Compare(a.ID, b.ID) })
	return rs
}

func hasRule(fs []Finding, id string) bool {
	for _, f := range fs {
		if f.Rule == id {
			return true
		}
	}
	return false
}

// requestKeys are the arguments of a web request that name no file.
var requestKeys = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"url": true, "uri": true, "method": true, "prompt": true, "headers": true, "body": true, "data": true,
		"json": true, "query": true, "params": true, "timeout": true, "allowed_domains": true, "blocked_domains": true}
})

// savesLocally reports a request with an argument beyond the request's
// own: where it may store its response.
func savesLocally(in map[string]any) bool {
	for k := range in {
		if !requestKeys()[k] {
			return true
		}
	}
	return false
}
