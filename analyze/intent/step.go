package intent

import (
	"fmt"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

var familyRule = map[family]*rule.Rule{
	famWrite: ruleWrite, famDestroy: ruleDestroy, famSend: ruleSend, famPay: rulePay,
	famRun: ruleRun, famGrant: ruleGrant, famCall: ruleCall, famCommit: ruleCommit,
}

// analyzeStep classifies one step. It returns the step, a confidence, a
// clarifying question for an ambiguous step and a condition found inside
// the step ("delete the draft if tomorrow is Sunday").
func analyzeStep(text string, toks []token, opt Options, req flags, anomalies *[]string) (Step, float64, string, string) {
	step := Step{Text: span(text, toks), Class: Safe}
	if f, ok := scanDanger(text, req.low, toks); ok {
		step.Findings = append(step.Findings, f)
		step.Score = f.Points
		step.Class = Dangerous
		return step, 0.95, "", ""
	}
	// A condition inside the step: "delete the draft if tomorrow is Sunday".
	var cond string
	for i := 1; i < len(toks); i++ {
		if (toks[i].word == "if" || toks[i].word == "unless") && !whetherVerbs[toks[i-1].word] && !questionStarts[toks[0].word] && toks[i-1].word != "even" && toks[i-1].word != "as" {
			cond = span(text, toks[i:])
			toks = toks[:i]
			step.Findings = append(step.Findings, ruleConditional.Find(cond, ""))
			break
		}
	}

	// Find the main verb, noting negation and question form before it.
	first := 0
	for first < len(toks) && (toks[first].word == "please" || toks[first].word == "so" || toks[first].word == "ok" || toks[first].word == "okay" || toks[first].word == "hey" || toks[first].word == "yes" || toks[first].word == "now") {
		first++
	}
	question, hypo := false, false
	if first < len(toks) {
		w := toks[first].word
		next := ""
		if first+1 < len(toks) {
			next = toks[first+1].word
		}
		switch {
		case hypoStarts[w] || w == "what" && next == "if":
			hypo = true
		case questionStarts[w] && !(w == "do" && (next == "not" || next == "never")) && !possibleRequest(toks[first:]):
			question = true
		case modals[w] && !addressees[next] && next != "please" && !possibleRequest(toks[first:]):
			// "Would deleting the cache free up space?", "can I send it
			// later?": a yes/no question, not "can you send it?".
			question = true
		}
	}
	if !hypo {
		for i := first; i+1 < len(toks); i++ {
			if toks[i].word == "happen" || toks[i].word == "would" && toks[i+1].word == "happen" {
				hypo = true
				break
			}
		}
	}
	negated := false
	verb := -1
	fam := famNone
	for i := first; i < len(toks); i++ {
		t := toks[i]
		w := t.word
		if negations[w] {
			negated = true
			continue
		}
		// "walk me through how to set up SSH keys", "the best way to
		// send large files", "figure out why my container keeps
		// restarting": about an action, not the action.
		if embeddedQuestion[w] || w == "way" && i+1 < len(toks) && toks[i+1].word == "to" ||
			w == "if" && i > 0 && whetherVerbs[toks[i-1].word] {
			// "I wonder if I should delete my account" asks whether to.
			question = true
			continue
		}
		// "let everyone know I'll attend" tells other people.
		if w == "let" && letsKnow(toks[i+1:]) {
			verb, fam = i, famSend
			break
		}
		if f, ok := phrasal(toks, i); ok {
			verb, fam = i, f
			break
		}
		if (w == "sign" || w == "log") && i+1 < len(toks) && signInWords[toks[i+1].word] {
			i++ // "sign in to Jira": opening a session the user owns
			continue
		}
		if doubleNegate[w] {
			negated = false
			continue
		}
		if w == "make" && i+1 < len(toks) && toks[i+1].word == "sure" {
			i++
			continue
		}
		if w == "give" || w == "provide" {
			if i+4 < len(toks) && anyIn(accessWords, toks[i+1:i+5]) || i+4 >= len(toks) && anyIn(accessWords, toks[i+1:]) {
				verb, fam = i, famGrant
				break
			}
			continue
		}
		if t.kind != kindWord || questionStarts[w] || w == "if" {
			continue
		}
		f := verbFam[w]
		if f == famNone || f == famWrapper {
			continue
		}
		if i > first && determiners[toks[i-1].word] {
			continue
		}
		// "post-mortem" is a noun; "I deleted it" tells, it does not ask.
		if t.end < len(text) && text[t.end] == '-' || i > first && subjects[toks[i-1].word] && !strings.EqualFold(text[t.start:t.end], w) {
			continue
		}
		verb, fam = i, f
		break
	}
	if verb < 0 {
		if cond != "" {
			return step, 0.6, "", cond
		}
		step.Findings = nil
		return step, 0.6, "", ""
	}
	vw := toks[verb].word
	rest := toks[verb+1:]
	conf := 0.9

	// Verbs whose object decides the family.
	head := rest[:min(len(rest), 4)]
	switch {
	case (vw == "call" || vw == "name") && len(rest) > 0 && anaphors[rest[0].word]:
		fam = famWrite // "duplicate the sheet and call it Q4" names it
	case (vw == "call" || vw == "ping") && !anyIn(techObjects, rest):
		fam = famSend // "call mom", "ping Sarah on Teams": a person, not an API
	case vw == "tell" && len(rest) > 0 && !selfWords[rest[0].word] && rest[0].word != "us" && rest[0].word != "a" && rest[0].word != "an" && !questionStarts[rest[0].word]:
		fam = famSend // "tell her the build is green"; "tell me…" asks
	case vw == "remind" && len(rest) > 1 && selfWords[rest[0].word] && (questionStarts[rest[1].word] || rest[1].word == "about" || rest[1].word == "of"):
		fam = famRead // "remind me what we decided"
	case vw == "flag" && (anyIn(flaggable, head) || anyIn(set("as"), rest)):
		fam = famWrite // "flag the email from HR as important"; "flag risky clauses" reads
	case vw == "apply" && len(rest) > 0 && (rest[0].word == "for" || rest[0].word == "to"):
		fam = famCommit // "apply for the job at Stripe"
	case vw == "subscribe" && anyIn(freeLists, rest):
		fam = famWrite // "subscribe me to the newsletter" costs nothing
	case vw == "close" && anyIn(accountNouns, head):
		fam = famDestroy // "close my bank account"
	case vw == "checkout" && anyIn(gitNouns, rest):
		fam = famWrite // "checkout the feature branch"
	case vw == "approve" && anyIn(reviewNouns, head):
		fam = famWrite // "approve the PR" is a review, not a grant
	case vw == "push" && anyIn(forceWords, toks):
		fam = famDestroy // a force push overwrites what others pushed
	case (fam == famSend || fam == famWrite) && anyIn(currencyWords, rest):
		fam = famPay // "send Jim fifty dollars"
	case vw == "open" && anyIn(physicalNouns, head):
		fam = famGrant // "open the garage door" lets someone in
	case (vw == "upgrade" || vw == "downgrade" || vw == "extend") && anyIn(planNouns, rest):
		fam = famPay // "upgrade my Spotify to the family plan"
	case fam == famCommit && anyIn(planNouns, head):
		fam = famPay // "sign up for the premium plan"
	case fam == famGenerate && vw == "make" && anyIn(moneyNouns, rest):
		fam = famPay
	case fam == famGenerate && vw == "make" && len(rest) > 0 && anyIn(makeChanges, rest[:min(len(rest), 3)]):
		fam = famWrite
	case fam == famWrite && vw == "create" && len(rest) > 0 && generated(rest):
		fam = famGenerate
	case (fam == famSend || fam == famWrite) && hasKind(rest, kindMoney):
		fam = famPay
	case vw == "order" && anyIn(orderingWords, rest):
		fam = famRead // "order the list alphabetically"
	case vw == "share" && len(rest) > 0 && anyIn(opinionWords, rest[:min(len(rest), 3)]):
		fam = famRead // "share your thoughts"
	case vw == "run" && len(rest) > 0 && (rest[0].word == "through" || rest[0].word == "by"):
		fam = famRead // "run through the plan"
	}
	privileged := fam > famGenerate && fam != famWrapper

	contextual := func(r *rule.Rule) (Step, float64, string, string) {
		step.Findings = append(step.Findings, r.Find(step.Text, ""))
		step.Score = 0
		for _, f := range step.Findings {
			step.Score += f.Points
		}
		step.Score = max(step.Score, 0)
		step.Class = ClassOf(step.Score)
		return step, 0.8, "", cond
	}
	switch {
	case hypo && privileged:
		return contextual(ruleHypothetical)
	case question && privileged:
		return contextual(ruleQuestion)
	case negated && privileged:
		return contextual(ruleNegation)
	case fam == famGenerate:
		if len(rest) > 0 && anyIn(commNouns, rest[:min(len(rest), 4)]) {
			return contextual(ruleDraft)
		}
		if generated(rest) {
			return contextual(ruleGenerate)
		}
		return step, conf, "", cond
	case fam == famSend && (vw == "email" || vw == "message" || vw == "mail" || vw == "text") && len(rest) > 0 && aboutWords[rest[0].word]:
		return contextual(ruleDiscussion)
	case !privileged:
		if cond == "" {
			step.Findings = nil
		}
		return step, conf, "", cond
	}

	r := familyRule[fam]
	step.Findings = append(step.Findings, r.Find(step.Text, ""))
	if cond != "" {
		conf = 0.75
	}
	clarify := ""
	app := strings.ToLower(opt.Application)
	explained := false
	if fam == famWrite {
		switch {
		case contentApps[app]:
			explained = true
			step.Findings = append(step.Findings, ruleEditor.Findf(step.Text, nil, "in %s the change edits a buffer that can be undone", opt.Application))
		case directApps[app]:
			step.Findings = append(step.Findings, ruleFileManager.Findf(step.Text, nil, "in %s the change writes to disk at once", opt.Application))
		}
		if ambiguousVerbs[vw] && ambiguous(rest) {
			step.Findings = append(step.Findings, ruleAmbiguous.Find(step.Text, ""))
			obj := strings.TrimSpace(span(text, rest))
			if o, ok := strings.CutPrefix(strings.ToLower(obj), "my "); ok {
				obj = "your " + o
			}
			if obj == "" {
				obj = "it"
			}
			clarify = fmt.Sprintf("Do you want to view or modify %s?", obj)
			conf = 0.5
		}
		if anyIn(reversibleWords, toks) {
			step.Findings = append(step.Findings, ruleReversible.Find(step.Text, ""))
		}
		for _, t := range rest {
			if settingVerbs[vw] && securitySettings[t.word] {
				step.Findings = append(step.Findings, ruleSecuritySetting.Find(span(text, []token{t}), "", t.word))
				break
			}
		}
	}
	if fam == famWrite || fam == famDestroy || fam == famRun {
		for _, t := range rest {
			if t.kind == kindEmail || t.kind == kindURL || t.kind == kindHandle || externalWords[t.word] {
				step.Findings = append(step.Findings, ruleExternal.Find(span(text, []token{t}), "", t.word))
				break
			}
		}
	}
	for _, t := range rest {
		if lowStakes[t.word] || fam == famSend && selfWords[t.word] {
			step.Findings = append(step.Findings, ruleLowStakes.Find(span(text, []token{t}), ""))
			break
		}
	}
	if req.urgent || shouting(step.Text) {
		step.Findings = append(step.Findings, ruleUrgent.Find(step.Text, ""))
	}
	if req.polite {
		step.Findings = append(step.Findings, rulePolite.Find(step.Text, ""))
	}
	if req.confirmed || req.goAhead && (len(rest) == 0 || anaphors[rest[0].word]) {
		step.Findings = append(step.Findings, ruleConfirmed.Find(step.Text, ""))
	}
	if opt.NewUser {
		step.Findings = append(step.Findings, ruleNewUser.Find(step.Text, ""))
	}
	if opt.LowTrust {
		step.Findings = append(step.Findings, ruleLowTrust.Find(step.Text, ""))
	}
	for _, f := range step.Findings {
		step.Score += f.Points
	}
	step.Score = max(step.Score, 0)
	step.Class = ClassOf(step.Score)
	if step.Score >= 21 && step.Score <= 30 || step.Score >= 66 && step.Score <= 75 {
		conf -= 0.15 // close to a threshold
	}
	if step.Class == Safe && !explained {
		*anomalies = append(*anomalies, fmt.Sprintf("keywords and score disagree: %q has the privileged keyword %q but scores %d", step.Text, vw, step.Score))
	}
	return step, conf, clarify, cond
}

var (
	subjects      map[string]bool
	orderingWords map[string]bool
	opinionWords  map[string]bool
)

var accessWords map[string]bool

var (
	// serviceWords name where a document is stored.
	serviceWords map[string]bool
	// relativeWords end the object of a verb: "a script that uses Google Drive".
	relativeWords map[string]bool
	// modals open a yes/no question unless the user addresses the assistant.
	modals     map[string]bool
	addressees map[string]bool
	// things an API call reaches; "call" anything else is a phone call.
	techObjects map[string]bool
	// physical barriers: opening one lets someone in.
	physicalNouns map[string]bool
	// paid plans: upgrading one is a purchase.
	planNouns map[string]bool
	// security settings: changing one can lock the user out or open the
	// account to others.
	securitySettings map[string]bool
	// settingVerbs change a setting ("change my password"); saving or
	// storing one does not.
	settingVerbs map[string]bool
	signInWords  map[string]bool
	// embeddedQuestion words before the verb make the step a question
	// about it; "when" is left to conditions ("deploy when the tests pass").
	embeddedQuestion map[string]bool
	anaphors         map[string]bool
	flaggable        map[string]bool
	freeLists        map[string]bool
	accountNouns     map[string]bool
	gitNouns         map[string]bool
	reviewNouns      map[string]bool
	forceWords       map[string]bool
	currencyWords    map[string]bool
	// storage a "clean up" empties.
	storageNouns map[string]bool
)

// phrasal reads a verb made of two words at toks[i]: "get rid of", "throw
// away", "take down", "clean up my downloads", "sign up for".
func phrasal(toks []token, i int) (family, bool) {
	if i+1 >= len(toks) {
		return famNone, false
	}
	w, next := toks[i].word, toks[i+1].word
	switch {
	case w == "get" && next == "rid", w == "throw" && (next == "away" || next == "out"), w == "take" && next == "down":
		return famDestroy, true
	case w == "roll" && next == "back", w == "spin" && next == "up", w == "shut" && next == "down":
		return famRun, true
	case w == "back" && next == "up":
		return famWrite, true
	case w == "clean" && (next == "up" || next == "out") && anyIn(storageNouns, toks[i+2:min(len(toks), i+6)]):
		return famDestroy, true
	case w == "sign" && next == "up":
		return famCommit, true
	}
	return famNone, false
}

// letsKnow: "let everyone know", "let the team know that…" (but "let me
// know" asks for an answer).
func letsKnow(rest []token) bool {
	for k, t := range rest[:min(len(rest), 4)] {
		if t.word == "know" {
			return k > 0 && !selfWords[rest[0].word] && rest[0].word != "us"
		}
	}
	return false
}

// possibleRequest: "would it be possible to delete it?", "is it possible
// to send it today?", "is it ok if you send it?" ask for the action
// politely.
func possibleRequest(toks []token) bool {
	ok, you := false, false
	for _, t := range toks[:min(len(toks), 6)] {
		switch t.word {
		case "possible":
			return true
		case "ok", "okay", "alright", "fine":
			ok = true // "is it ok if you wipe the disk?"
		case "you", "u":
			you = true
		}
	}
	return ok && you
}

func hasKind(toks []token, k tokenKind) bool {
	for _, t := range toks {
		if t.kind == k {
			return true
		}
	}
	return false
}

// generated reports whether the object of a create/write verb is text or
// code made for the user ("a function that…", "a template"). A document
// made in a hosted service ("a new Google Doc", "a page in Confluence") is
// a write there, not text for the user.
func generated(rest []token) bool {
	for i, t := range rest {
		if i >= 8 || relativeWords[t.word] {
			break
		}
		if serviceWords[t.word] {
			return false
		}
	}
	for i, t := range rest {
		if i >= 5 || t.word == "to" || t.word == "on" || t.word == "in" && i > 0 {
			break
		}
		if generatedObjects[t.word] {
			return true
		}
	}
	return false
}

// ambiguous reports whether the object of a change says nothing of what
// the change is: "update my profile", "fix it".
func ambiguous(rest []token) bool {
	content := 0
	for _, t := range rest {
		switch t.word {
		case "to", "with", "from", "as", "by", "so", "into", "using", "that", "which", "where", "because":
			return false
		}
		if t.kind != kindWord {
			return false
		}
		if !stopWords[t.word] && !determiners[t.word] {
			content++
		}
	}
	return content <= 2
}
