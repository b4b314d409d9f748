package tools

import (
	"path"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/actionguard/actionguard/rule"
)

// What a message or a post says : legal, medical and emotional
// content, contract changes and terminations are high risk; conflict,
// negotiation and complaints medium. Only what is sent or posted is read —
// subject, body, text, caption, the names of attachments — never code a
// coding agent writes: editing terminate() is not a termination letter.
// Terms match whole words (and whole phrases), case-insensitively; a word
// that reads as code (terminate(), proc.terminate, inside `backticks`) does
// not count.

// A content category: its rule and the words a reason uses.
type contentCategory struct {
	rule *rule.Rule
	high bool
	what string // "legal content"
}

const (
	catLegal = iota
	catMedical
	catEmotional
	catContract
	catConflict
	numCategories
)

var categories = [numCategories]contentCategory{
	catLegal:     {ruleContentLegal, true, "legal content"},
	catMedical:   {ruleContentMedical, true, "medical content"},
	catEmotional: {ruleContentEmotional, true, "emotional content"},
	catContract:  {ruleContentContract, true, "a contract change or a termination"},
	catConflict:  {ruleContentConflict, false, "a conflict, a negotiation or a complaint"},
}

// contentTerms are the terms of each category, lower case, words separated
// by single spaces. A few are in French, German and Spanish.
var contentTerms = [numCategories][]string{
	catLegal: {
		"lawsuit", "lawsuits", "sued", "suing", "attorney", "attorneys", "lawyer", "lawyers", "solicitor", "solicitors",
		"subpoena", "subpoenas", "subpoenaed", "settlement", "settlements", "nda", "ndas", "non disclosure agreement",
		"cease and desist", "litigation", "litigate", "legal", "legally", "deposition", "affidavit", "indictment", "plaintiff",
		"defendant", "injunction", "power of attorney", "breach of contract", "arbitration", "court order", "small claims",
		"class action", "legal counsel", "testimony", "notarized", "summons",
		"anwalt", "rechtsanwalt", "klage", "abogado", "abogada", "demanda judicial", "mise en demeure", "action en justice",
	},
	catMedical: {
		"diagnosis", "diagnoses", "diagnosed", "prescription", "prescriptions", "prescribed", "lab results", "lab result",
		"lab report", "lab test", "blood test", "blood work", "bloodwork", "biopsy", "hipaa", "medical", "medication",
		"medications", "medical record", "medical records", "mental health", "therapist", "psychiatrist", "psychiatric",
		"oncologist", "oncology", "chemotherapy", "chemo", "cancer", "tumor", "tumour", "hiv", "pregnancy", "pregnant",
		"miscarriage", "surgery", "health condition", "sick leave", "sick note", "x ray", "mri", "ct scan",
		"feel sick", "feeling sick", "physician",
		"diagnóstico", "befund", "krankschreibung", "arztbrief", "ordonnance", "receta médica",
	},
	catEmotional: {
		"condolence", "condolences", "passed away", "funeral", "bereavement", "grieving", "grief", "apology",
		"formal apology", "sincerely apologize", "sincerely apologise", "deeply sorry", "deeply apologize", "breakup", "divorce", "divorcing", "resignation", "resign", "resigning", "i quit", "suicide",
		"suicidal", "self harm", "heartbroken", "devastated", "deepest sympathy", "rest in peace", "two weeks notice",
		"condoléances", "beileid", "pésame", "démission", "kündige",
	},
	catContract: {
		"terminate", "terminates", "terminated", "terminating", "termination", "notice of termination", "amend the contract",
		"amend the agreement", "amend our contract", "amend our agreement", "amendment", "contract amendment", "addendum",
		"modify the contract", "change the contract", "contract modification", "renegotiate", "renegotiation",
		"revise the contract", "cancel the contract", "cancel the agreement", "cancel our contract", "end the contract",
		"end our contract", "you are fired", "you re fired", "be fired", "being fired", "been fired", "fire him",
		"fire her", "fire you", "fire them", "dismissal", "dismiss him", "dismiss her", "dismiss you", "dismissed from",
		"layoff", "layoffs", "laid off", "lay off", "let you go", "let him go", "let her go", "severance", "wrongful termination",
		"end of employment", "notice period",
		"kündigung", "kündigen", "licenciement", "licencier", "résiliation", "rescisión", "despido", "rescindir",
	},
	catConflict: {
		"complaint", "complaints", "complain", "complaining", "formal complaint", "dispute", "disputes", "disputed",
		"disputing", "refund demand", "demand a refund", "demanding a refund", "request a refund", "full refund", "chargeback",
		"escalate", "escalated", "escalating", "escalation", "negotiate", "negotiating", "negotiation", "negotiations",
		"counter offer", "counteroffer", "final offer", "best and final", "grievance", "grievances", "ultimatum",
		"unacceptable", "dissatisfied", "conflict of interest", "threaten", "threatening",
		"queja", "reclamación", "réclamation", "plainte", "beschwerde", "reklamation", "litige",
	},
}

// medicalVendors are services whose every message is about health.
var medicalVendors = map[string]bool{"teladoc": true, "mychart": true, "fhir": true, "epic": true, "the23andme": true,
	"doctolib": true, "zocdoc": true, "healthkit": true}

// contentIndex maps a term's last word to the terms it ends.
type contentIndex map[string][]contentTerm

type contentTerm struct {
	before []string // the words before the last, in order
	cat    int
}

var (
	contentOnce sync.Once
	contentIdx  contentIndex
)

// index builds the term index on first use: no work at start-up.
func index() contentIndex {
	contentOnce.Do(func() {
		contentIdx = contentIndex{}
		for cat, terms := range contentTerms {
			for _, t := range terms {
				ws := strings.Fields(t)
				last := ws[len(ws)-1]
				contentIdx[last] = append(contentIdx[last], contentTerm{before: ws[:len(ws)-1], cat: cat})
			}
		}
	})
	return contentIdx
}

// maxTermWords is the longest term, in words.
const maxTermWords = 4

// scanContent notes, for each category, the first term of it found in
// text. It reads the text once, keeping the last few words: no allocation
// but the lower-case copy of a text that has capitals.
func scanContent(text string, found *[numCategories]string) {
	if len(text) > maxContent {
		text = text[:maxContent]
	}
	lower := strings.ToLower(text)
	idx := index()
	// recent holds the last words read, newest last; an empty word stands
	// for code, which no phrase crosses.
	var recent [maxTermWords][2]int
	n := 0
	inCode := false
	for i := 0; i < len(lower); {
		r, w := utf8.DecodeRuneInString(lower[i:])
		if r == '`' {
			inCode = !inCode
			i += w
			continue
		}
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			i += w
			continue
		}
		start := i
		for i < len(lower) {
			r, w = utf8.DecodeRuneInString(lower[i:])
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				break
			}
			i += w
		}
		copy(recent[:], recent[1:])
		n = min(n+1, maxTermWords)
		if inCode || codeLike(lower, start, i) {
			recent[maxTermWords-1] = [2]int{-1, -1}
			continue
		}
		recent[maxTermWords-1] = [2]int{start, i}
		terms, ok := idx[lower[start:i]]
		if !ok {
			continue
		}
	next:
		for _, t := range terms {
			k := len(t.before)
			if found[t.cat] != "" || k >= n {
				continue
			}
			for j, b := range t.before {
				wd := recent[maxTermWords-1-k+j]
				if wd[0] < 0 || lower[wd[0]:wd[1]] != b {
					continue next
				}
			}
			from := recent[maxTermWords-1-k][0]
			if len(lower) == len(text) {
				found[t.cat] = text[from:i] // as written
			} else {
				found[t.cat] = lower[from:i]
			}
		}
	}
}

// codeLike reports a word written as code: a call (terminate(), an
// attribute or method (proc.terminate, os.exit), or a part of an
// identifier (worker_terminate, terminateWorker is one word already).
func codeLike(s string, start, end int) bool {
	if end < len(s) && (s[end] == '(' || s[end] == '_') {
		return true
	}
	if start > 0 && s[start-1] == '_' {
		return true
	}
	if start >= 2 && s[start-1] == '.' && isAlnum(s[start-2]) {
		return true
	}
	return false
}

// nameSpaces writes a file name's separators as spaces; a Replacer is
// safe for concurrent use.
var nameSpaces = strings.NewReplacer("_", " ", "-", " ")

// content grades what a message or a post says.
func (e *evaluation) content(ev string) {
	a := e.a
	var found [numCategories]string
	for _, c := range a.content {
		scanContent(c, &found)
	}
	for _, at := range a.attachments {
		// An attachment's name says what it is: lab_results.pdf, NDA-signed.docx.
		if i := strings.LastIndexAny(at, "/\\"); i >= 0 {
			at = at[i+1:]
		}
		scanContent(nameSpaces.Replace(strings.TrimSuffix(at, path.Ext(at))), &found)
	}
	for _, w := range e.words {
		if medicalVendors[w] && found[catMedical] == "" {
			found[catMedical] = w
		}
	}
	highFound := false
	for cat, term := range found {
		if term == "" {
			continue
		}
		c := categories[cat]
		msg := "It says something about " + c.what + " (“" + truncate(term, 40) + "”)"
		if c.high {
			msg += ": legal, medical and emotional content, contract changes and terminations count as high risk."
		} else {
			msg += ": conflict, negotiation and complaints count as medium risk."
		}
		f := c.rule.Find(truncate(term, 80), msg)
		if c.high && highFound || !c.high && (highFound || anyHigh(found)) {
			// One content finding carries the points; the others explain.
			f = f.WithPoints(0)
		}
		if c.rule.AlwaysReview {
			e.review = true
		}
		e.res.Findings = append(e.res.Findings, f)
		if c.high {
			highFound = true
			e.high = append(e.high, c.what)
		} else {
			e.floor = maxClass(e.floor, ClassCautious)
			e.medium = append(e.medium, c.what)
		}
	}
}

func anyHigh(found [numCategories]string) bool {
	for cat, t := range found {
		if t != "" && categories[cat].high {
			return true
		}
	}
	return false
}

func maxClass(a, b string) string {
	if a == "" || rank(b) > rank(a) {
		return b
	}
	return a
}
