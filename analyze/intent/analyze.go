package intent

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/actionguard/actionguard/rule"
)

// MaxBytes is the longest request Analyze reads whole. A longer one is
// judged on its first MaxBytes and is at least privileged: nobody asks for
// a safe action in a megabyte.
const MaxBytes = 16 << 10

// Classes, from least to most strict.
const (
	Safe       = "safe"       // 0–25: auto-execute
	Cautious   = "cautious"   // 26–70: soft approval
	Privileged = "privileged" // 71–100: explicit approval
	Dangerous  = "dangerous"  // > 100, or a DANGEROUS category: block and alert
)

// Options is the context of a request.
type Options struct {
	// Application is where the request is made: coding-agent, assistant,
	// file-manager, code-editor, template-engine… In a code editor or a
	// template engine "create a file" edits a buffer; in a file manager it
	// writes to disk.
	Application string
	NewUser     bool // seed 000 step 4: +20
	LowTrust    bool // seed 000 step 4: +15
}

// Result is the classification of one request.
type Result struct {
	Class      string  // safe, cautious, privileged or dangerous: the strictest step's
	Score      int     // the strictest step's score on seed 000's table
	Confidence float64 // 0–1; below 0.6 is an anomaly
	Steps      []Step
	Findings   []rule.Finding // every step's findings, in order
	// Condition is the condition a conditional request depends on ("if
	// tomorrow is Sunday"). The action is classified as if it held.
	Condition string
	// Clarify is a question to ask the user when the request is ambiguous.
	Clarify   string
	Anomalies []string // seed 000's alerts: low confidence, score and keywords disagreeing
}

// Step is one action of a request: "draft an email and send it" has two.
type Step struct {
	Text     string
	Class    string
	Score    int
	Findings []rule.Finding
}

// ClassOf maps a score to its class with seed 000's thresholds.
func ClassOf(score int) string {
	switch {
	case score > 100:
		return Dangerous
	case score > 70:
		return Privileged
	case score > 25:
		return Cautious
	}
	return Safe
}

func rank(class string) int {
	switch class {
	case Cautious:
		return 1
	case Privileged:
		return 2
	case Dangerous:
		return 3
	}
	return 0
}

// Analyze classifies a request. It is pure, safe for concurrent use and
// linear in the length of text.
func Analyze(text string, opt Options) *Result {
	tables()
	lexicon()
	res := &Result{Class: Safe}
	long := len(text) > MaxBytes
	if long {
		text = text[:MaxBytes]
	}
	text = foldText(text)
	toks := tokenize(text)
	req := requestFlags(toks)
	req.low = lowerASCII(text)
	conf := 1.0
	var conds []string
	for _, sent := range sentences(toks) {
		if len(sent) == 0 {
			continue
		}
		action, cond := prefixCondition(sent)
		if cond != nil {
			conds = append(conds, span(text, cond))
		}
		steps := splitSteps(action)
		for k, st := range steps {
			s, c, clarify, cond2 := analyzeStep(text, st, opt, req, &res.Anomalies)
			if s.Class != Dangerous {
				if f, ok := exposesSecrets(text, steps[:k], st); ok {
					s = Step{Text: s.Text, Class: Dangerous, Score: f.Points, Findings: []rule.Finding{f}}
				}
			}
			if cond != nil {
				s.Findings = append([]rule.Finding{ruleConditional.Find(span(text, cond), "")}, s.Findings...)
			}
			if cond2 != "" {
				conds = append(conds, cond2)
			}
			if clarify != "" && res.Clarify == "" {
				res.Clarify = clarify
			}
			conf = min(conf, c)
			res.Steps = append(res.Steps, s)
			res.Findings = append(res.Findings, s.Findings...)
			if rank(s.Class) > rank(res.Class) || rank(s.Class) == rank(res.Class) && s.Score > res.Score {
				res.Class, res.Score = s.Class, s.Score
			}
		}
	}
	if len(res.Steps) == 0 {
		conf = 0.6
	}
	// Literals can fall between tokens ("rm -rf /" ends in punctuation):
	// look for them in the whole text too.
	if res.Class != Dangerous {
		if f, ok := literalDanger(req.low, toks); ok {
			res.Findings = append(res.Findings, f)
			res.Steps = append(res.Steps, Step{Text: f.Evidence, Class: Dangerous, Score: f.Points, Findings: []rule.Finding{f}})
			res.Class, res.Score = Dangerous, max(res.Score, f.Points)
			conf = min(conf, 0.95)
		}
	}
	if res.Class != Dangerous {
		// The harm categories in the other languages read.
		if f, ok := foreignHarm(text); ok {
			res.Findings = append(res.Findings, f)
			res.Steps = append(res.Steps, Step{Text: f.Evidence, Class: Dangerous, Score: f.Points, Findings: []rule.Finding{f}})
			res.Class, res.Score = Dangerous, max(res.Score, f.Points)
			conf = min(conf, 0.9)
		}
	}
	res.Condition = strings.Join(conds, "; ")
	if long {
		res.Anomalies = append(res.Anomalies, fmt.Sprintf("request longer than %d bytes: only the start was read", MaxBytes))
		if rank(res.Class) < rank(Privileged) {
			res.Class = Privileged
		}
		conf = min(conf, 0.5)
	}
	res.Confidence = conf
	if conf < 0.6 {
		res.Anomalies = append(res.Anomalies, fmt.Sprintf("low confidence: %.0f%% < 60%%", conf*100))
	}
	return res
}

// flags that hold for a whole request.
type flags struct {
	urgent, polite, confirmed bool
	// goAhead: "go ahead and…" confirms an action already named ("go
	// ahead and send it"), not a new one ("go ahead and post the
	// announcement in #general").
	goAhead bool
	// low is the request with ASCII letters in lower case; byte offsets
	// are the request's, so a step's literal text is low[start:end].
	low string
}

// lowerASCII lowers ASCII letters only, keeping every byte offset.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; c >= 'A' && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

func requestFlags(toks []token) flags {
	var f flags
	for i, t := range toks {
		w := t.word
		switch {
		case urgentWords[w] || w == "right" && i+1 < len(toks) && toks[i+1].word == "away":
			f.urgent = true
		case w == "please" || w == "kindly" || w == "thanks" || w == "thank":
			f.polite = true
		case (w == "could" || w == "would" || w == "can") && i+1 < len(toks) && toks[i+1].word == "you":
			f.polite = true
		case w == "yes" && i == 0 || w == "confirm" || w == "approved" || w == "proceed":
			f.confirmed = true
		case w == "ahead" && i > 0 && toks[i-1].word == "go":
			f.goAhead = true
		case w == "sure" && i > 0 && toks[i-1].word == "am":
			f.confirmed = true
		}
	}
	return f
}

func span(text string, toks []token) string {
	if len(toks) == 0 {
		return ""
	}
	return rule.Printable(strings.TrimSpace(text[toks[0].start:toks[len(toks)-1].end]))
}

// sentences splits tokens at sentence ends.
func sentences(toks []token) [][]token {
	var out [][]token
	st := 0
	for i, t := range toks {
		if t.brk {
			out = append(out, toks[st:i+1])
			st = i + 1
		}
	}
	if st < len(toks) {
		out = append(out, toks[st:])
	}
	return out
}

// isVerbAt reports whether toks[i] reads as the verb of a clause.
func isVerbAt(toks []token, i int) bool {
	t := toks[i]
	if t.kind != kindWord {
		return false
	}
	f := verbFam[t.word]
	if f == famNone || f == famWrapper || questionStarts[t.word] {
		return false
	}
	return i == 0 || !determiners[toks[i-1].word]
}

// prefixCondition splits "if X, Y" into Y and X.
func prefixCondition(sent []token) (action, cond []token) {
	i := 0
	for i < len(sent) && (sent[i].word == "only" || sent[i].word == "but" || sent[i].word == "and" || sent[i].word == "please") {
		i++
	}
	if i >= len(sent) || !condStarts[sent[i].word] {
		return sent, nil
	}
	if i+1 < len(sent) && auxiliaries[sent[i+1].word] {
		return sent, nil // "when was the last deploy?" asks, it sets no condition
	}
	for j := i + 1; j < len(sent)-1; j++ {
		if sent[j].comma {
			return sent[j+1:], sent[i : j+1]
		}
		if sent[j+1].word == "then" {
			return sent[j+1:], sent[i : j+1]
		}
	}
	// No comma: the action starts at the first verb past the subject.
	for j := i + 2; j < len(sent); j++ {
		if f := verbFam[sent[j].word]; f > famGenerate && f != famWrapper && isVerbAt(sent, j) {
			return sent[j:], sent[i:j]
		}
	}
	return sent, nil
}

var connectors map[string]bool

// auxiliaries after "when" make a question: "when was…", "when did…".
var auxiliaries map[string]bool

// pairWords join two nouns with "and": "the difference between delete and
// truncate", "compare send and post".
var pairWords map[string]bool

// splitSteps splits a sentence into actions at commas and conjunctions
// followed by a verb: "draft an email and send it".
func splitSteps(toks []token) [][]token {
	var out [][]token
	st := 0
	for i := 1; i < len(toks); i++ {
		if !(toks[i-1].comma || connectors[toks[i].word]) {
			continue
		}
		if !toks[i-1].comma && toks[i].word == "and" && anyIn(pairWords, toks[st:i]) {
			continue // "between delete and truncate" names two things
		}
		j := i
		for j < len(toks) && (connectors[toks[j].word] || verbFam[toks[j].word] == famWrapper) && !(toks[j].word == "let" && letsKnow(toks[j+1:])) {
			j++
		}
		if j < len(toks) && j > st && (isVerbAt(toks, j) || toks[j].word == "let") && (toks[i-1].comma || j > i) {
			out = append(out, toks[st:i])
			st = i
			i = j
		}
	}
	out = append(out, toks[st:])
	// Drop leading connectors.
	for k, s := range out {
		for len(s) > 1 && connectors[s[0].word] {
			s = s[1:]
		}
		out[k] = s
	}
	return out
}

func shouting(s string) bool {
	up, letters := 0, 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				up++
			}
		}
	}
	return letters >= 8 && up*10 >= letters*8
}
