package tools

import (
	"strings"
	"sync"
)

// A clause is a piece of a user message with what it does to the actions it
// names: a negated clause ("don't send anything to bob") forbids them, a
// question about an action ("how do I send an email?", "what would it cost
// to transfer $100?") or a hypothesis ("if I delete it…") asks for nothing,
// and a draft ("write a tweet about the launch") asks for text, not for a
// send or a post.
type clause struct {
	text     string // lower case
	msg      int    // index of the message it comes from
	negated  bool
	question bool
	hypo     bool // "if bob hasn't answered by noon": a condition, no request
	draft    bool
	self     bool // the user's own action: "I'll post it myself"
}

// splitClauses cuts lower-case messages into clauses: at sentence ends
// (a period only before a blank, so that addresses and amounts stay whole),
// at a comma before a blank and at "but", "except", "though" and an "and"
// that brings a negation ("send it and don't cc anyone").
func splitClauses(messages []string) []clause {
	var out []clause
	for mi, m := range messages {
		start := 0
		sentenceQuestion := false
		sentenceFirst := true
		emit := func(end int) {
			text := strings.TrimSpace(m[start:end])
			start = end
			if text == "" {
				return
			}
			c := clause{text: text, msg: mi}
			ws := clauseWords(text)
			c.negated = negatedClause(ws)
			q := questionClause(ws)
			if sentenceFirst {
				sentenceQuestion = q
				sentenceFirst = false
			}
			c.question = q || sentenceQuestion
			c.hypo = hypothetical(ws)
			c.draft = draftClause(ws)
			c.self = selfAction(ws)
			out = append(out, c)
		}
		for i := 0; i < len(m); i++ {
			switch c := m[i]; {
			case c == '?' || c == '!' || c == ';' || c == '\n' || c == '.' && (i+1 == len(m) || m[i+1] == ' ' || m[i+1] == '\n'):
				emit(i)
				start = i + 1
				sentenceFirst, sentenceQuestion = true, false
			case c == ',' && i+1 < len(m) && m[i+1] == ' ':
				emit(i)
				start = i + 1
			case c == ' ':
				for _, sep := range clauseSeparators {
					if strings.HasPrefix(m[i:], sep) {
						emit(i)
						start = i + 1
						break
					}
				}
			}
		}
		emit(len(m))
	}
	return out
}

var clauseSeparators = []string{" but ", " except ", " though ", " however ", " and don't ", " and do not ", " and never ", " and not ", " then don't ", " instead "}

// clauseWords returns the words of a clause, apostrophes kept ("don't").
func clauseWords(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '\'' || r == '’' || r == '$' || r == '@' || r == '#')
	})
}

var (
	negators     = map[string]bool{"not": true, "never": true, "no": true, "nothing": true, "nobody": true, "don't": true, "dont": true, "don’t": true, "doesn't": true, "didn't": true, "won't": true, "shouldn't": true, "mustn't": true, "stop": true, "nor": true}
	unNegators   = map[string]bool{"forget": true, "hesitate": true, "fail": true, "neglect": true, "only": true}
	whWords      = map[string]bool{"how": true, "what": true, "what's": true, "whats": true, "why": true, "when": true, "where": true, "which": true, "who": true, "whom": true, "whose": true, "how's": true}
	auxWords     = map[string]bool{"is": true, "are": true, "was": true, "were": true, "does": true, "do": true, "did": true, "should": true, "has": true, "have": true, "am": true, "isn't": true, "would": true, "could": true, "can": true, "will": true, "may": true, "might": true, "shall": true}
	addressee    = map[string]bool{"you": true, "u": true, "ya": true, "we": true, "someone": true}
	fillers      = map[string]bool{"hi": true, "hey": true, "ok": true, "okay": true, "so": true, "also": true, "and": true, "oh": true, "well": true, "now": true, "then": true, "hello": true, "thanks": true, "great": true, "cool": true, "yes": true, "yeah": true, "sure": true}
	hypoStarts   = map[string]bool{"if": true, "suppose": true, "supposing": true, "imagine": true, "hypothetically": true, "assuming": true, "unless": true}
	draftVerbs   = map[string]bool{"draft": true, "drafts": true, "compose": true, "prepare": true, "write": true, "rewrite": true, "outline": true, "brainstorm": true, "suggest": true, "proofread": true, "translate": true, "summarize": true, "summarise": true}
	draftObjects = map[string]bool{"a": true, "an": true, "the": true, "me": true, "up": true, "some": true, "this": true, "that": true, "my": true}
)

// negatedClause: a negation before the clause's action ("don't send
// anything to bob", "I never want you to pay him") or right after it
// ("send nothing"), not cancelled by "forget" or "hesitate" ("don't forget
// to send it" asks to send). A negation after the action is about its
// object ("send it with no attachment").
func negatedClause(ws []string) bool {
	for i, w := range ws {
		if isAskVerb(w) {
			return i+1 < len(ws) && (ws[i+1] == "nothing" || ws[i+1] == "nobody" || ws[i+1] == "none" || ws[i+1] == "no")
		}
		if !negators[w] || w == "no" && i+1 < len(ws) && (ws[i+1] == "problem" || ws[i+1] == "worries") {
			continue
		}
		cancelled := false
		for _, n := range ws[i+1 : min(len(ws), i+4)] {
			if unNegators[n] {
				cancelled = true
			}
		}
		if !cancelled {
			return true
		}
	}
	return false
}

// questionClause: a clause that asks about an action instead of asking for
// it. "Can you send it?" and "could we pay now?" are requests; "can I send
// it?", "how do I send it?", "would it cost much to pay?" are questions.
func questionClause(ws []string) bool {
	i := 0
	for i < len(ws) && fillers[ws[i]] {
		i++
	}
	if i >= len(ws) {
		return false
	}
	w, next := ws[i], ""
	if i+1 < len(ws) {
		next = ws[i+1]
	}
	switch {
	case whWords[w]:
		return !(w == "how" && next == "about") && !(w == "why" && (next == "don't" || next == "not"))
	case auxWords[w]:
		// "do not pay alice" is an order, "do you mind…" a request.
		return !addressee[next] && next != "please" && !(w == "do" && (next == "not" || next == "never"))
	}
	return false
}

func hypothetical(ws []string) bool {
	i := 0
	for i < len(ws) && fillers[ws[i]] {
		i++
	}
	if i >= len(ws) {
		return false
	}
	return hypoStarts[ws[i]] || ws[i] == "what" && i+1 < len(ws) && ws[i+1] == "if" || ws[i] == "in" && i+1 < len(ws) && ws[i+1] == "case"
}

// selfAction: the user says what they will do themselves ("I'll post it
// myself", "let me send it"), which asks nothing of the agent.
func selfAction(ws []string) bool {
	i := 0
	for i < len(ws) && fillers[ws[i]] {
		i++
	}
	for _, w := range ws[i:] {
		if addressee[w] && w != "we" {
			return false // "I'll need you to send it"
		}
	}
	if i >= len(ws) {
		return false
	}
	rest := strings.Join(ws[i:min(len(ws), i+4)], " ")
	for _, p := range selfStarts {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	for _, w := range ws {
		if w == "myself" || w == "ourselves" {
			return true
		}
	}
	return false
}

var selfStarts = []string{"i'll ", "i’ll ", "ill ", "i will ", "we'll ", "we will ", "let me ", "i'm going to ", "i am going to ", "i can ", "i'd rather ", "i prefer to "}

// draftClause: the clause asks for a text to be written ("write a tweet
// about the launch", "draft an email to bob"), and for nothing more: "write
// an email to bob and send it" also asks to send.
func draftClause(ws []string) bool {
	draft := false
	for i, w := range ws {
		switch {
		case draftVerbs[w] && !draft:
			if w == "write" && !(i+1 < len(ws) && draftObjects[ws[i+1]]) {
				return false // "write to bob" sends
			}
			draft = true
		case isAskVerb(w) && !(i > 0 && draftObjects[ws[i-1]]):
			// A verb, not a noun after "a", "the", "my": an action.
			return false
		}
	}
	return draft
}

// askVerbs are the one-word askWords but "write" (a draft as often as a
// send): the first one in a clause is its action. TestAskVerbs keeps the two
// lists in step.
var askVerbs = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"create": true, "add": true, "make": true, "update": true, "change": true, "edit": true, "set": true,
		"save": true, "schedule": true, "book": true, "move": true, "rename": true, "send": true, "email": true,
		"e-mail": true, "mail": true, "message": true, "text": true, "tell": true, "forward": true, "reply": true, "respond": true, "answer": true,
		"notify": true, "invite": true, "contact": true, "dm": true, "ping": true, "call": true, "let": true,
		"post": true, "say": true, "tweet": true, "publish": true, "share": true, "announce": true, "comment": true,
		"pay": true, "transfer": true, "wire": true, "buy": true, "purchase": true, "order": true, "withdraw": true,
		"refund": true, "sell": true, "trade": true, "venmo": true, "$": true, "grant": true, "give": true,
		"access": true, "permission": true, "revoke": true, "unlock": true, "open": true, "disarm": true,
		"disable": true, "delete": true, "remove": true, "erase": true, "clear": true, "wipe": true, "trash": true,
		"cancel": true, "purge": true, "empty": true, "uninstall": true, "run": true, "execute": true,
		"install": true, "deploy": true, "launch": true, "start": true,
	}
})

func isAskVerb(w string) bool { return askVerbs()[w] }

// Requests returns the clauses of the user's messages that ask the agent
// for something — not negated, not questions about an action, not
// hypotheses, not the user's own plans, not a text to draft and nothing
// more — and the negated ones ("don't send anything to bob"), lower case.
// The outbound data guard reads them to tell whether a transmission is
// part of the user's task.
func Requests(messages []string) (asks, declines []string) {
	tables()
	lower := make([]string, len(messages))
	for i, m := range messages {
		if len(m) > 4*maxValue {
			m = m[:4*maxValue]
		}
		lower[i] = strings.ToLower(m)
	}
	for _, c := range splitClauses(lower) {
		switch {
		case c.question || c.hypo || c.self || c.draft:
		case c.negated:
			declines = append(declines, c.text)
		default:
			asks = append(asks, c.text)
		}
	}
	return asks, declines
}
