package intent

import (
	"fmt"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

var familyRule = map[family]*rule.Rule{
	famWrite: ruleWrite, famDestroy: ruleDestroy, famSend: ruleSend, famPay: rulePay,
	famRun: ruleRun, famGrant: ruleGrant, famCall: ruleCall,
}

// analyzeStep classifies one step. It returns the step, a confidence, a
// clarifying question for an ambiguous step and a condition found inside
// the step ("delete the draft if tomorrow is Sunday").
func analyzeStep(text string, toks []token, opt Options, req flags, anomalies *[]string) (Step, float64, string, string) {
	step := Step{Text: span(text, toks), Class: Safe}
	if f, ok := scanDanger(text, toks); ok {
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
		case questionStarts[w] && !(w == "do" && (next == "not" || next == "never")):
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
	switch {
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
	if req.confirmed {
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
	subjects      = set("i we he she they")
	orderingWords = set("alphabetically chronologically list rows columns items lines by")
	opinionWords  = set("thoughts thought opinion opinions ideas idea view views feedback tips advice knowledge experience")
)

var accessWords = set("access permission permissions rights right admin role edit")

func hasKind(toks []token, k tokenKind) bool {
	for _, t := range toks {
		if t.kind == k {
			return true
		}
	}
	return false
}

// generated reports whether the object of a create/write verb is text or
// code made for the user ("a function that…", "a template").
func generated(rest []token) bool {
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
