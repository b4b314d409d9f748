package tools

import (
	"strings"
	"sync"
)

func (e *evaluation) verb() string {
	if len(e.res.Verbs) == 0 {
		return ""
	}
	return e.res.Verbs[0]
}

// askWords are what a user says when asking for an effect.
var askWords = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		EffectWrite:   {"create", "add", "make", "update", "change", "edit", "set", "write", "save", "schedule", "book", "move", "rename"},
		EffectSend:    {"send", "email", "e-mail", "mail", "message", "text", "tell", "forward", "reply", "respond", "answer", "write back", "get back", "notify", "invite", "contact", "dm", "ping", "call", "let", "post", "say", "write"},
		EffectPost:    {"post", "tweet", "publish", "share", "announce", "comment", "reply"},
		EffectPayment: {"pay", "transfer", "send", "wire", "buy", "purchase", "order", "withdraw", "refund", "sell", "trade", "venmo", "$"},
		EffectGrant:   {"grant", "give", "share", "access", "invite", "add", "permission", "revoke", "let"},
		EffectUnlock:  {"unlock", "open", "let", "disarm", "disable", "turn off"},
		EffectDelete:  {"delete", "remove", "erase", "clear", "wipe", "trash", "cancel", "get rid", "purge", "empty", "uninstall"},
		EffectExecute: {"run", "execute", "install", "deploy", "launch", "start"},
	}
})

// consequential effects need the user's request or an approval.
func consequential(effect string) bool {
	switch effect {
	case EffectSend, EffectPost, EffectPayment, EffectGrant, EffectUnlock, EffectDelete, EffectExecute:
		return true
	}
	return false
}

// context reads the user's last messages: an action they asked for (its
// verb or object and its key argument appear in a clause that asks for
// something) is user-confirmed; one they said not to do, or a
// consequential one nobody asked for, needs approval. Questions about an
// action ("how do I send an email?"), hypotheses ("what would it cost to
// transfer $100?") and drafts ("write a tweet but don't post it") ask for
// nothing.
func (e *evaluation) context(messages []string) {
	if len(messages) > recentMessages {
		messages = messages[len(messages)-recentMessages:]
	}
	lower := make([]string, len(messages))
	for i, m := range messages {
		if len(m) > 4*maxValue {
			m = m[:4*maxValue]
		}
		lower[i] = strings.ToLower(m)
	}
	clauses := splitClauses(lower)
	var said, asks strings.Builder
	lastAsked, lastDeclined := -1, -1
	for _, c := range clauses {
		if c.question {
			// A question names people and things a later request may
			// refer to ("is bob's address bob@acme.com? send him the
			// report"); it asks for nothing itself.
			said.WriteString(c.text)
			said.WriteByte('\n')
			continue
		}
		if c.negated {
			// "if he doesn't reply, email bob" forbids nothing.
			if !c.hypo && e.mentionsAction(c.text) && e.mentionsRecipient(c.text) {
				lastDeclined = c.msg
			}
			continue
		}
		// A condition names who and what ("if bob hasn't answered, send
		// him a reminder") but asks for nothing itself.
		said.WriteString(c.text)
		said.WriteByte('\n')
		if c.hypo || c.self || c.draft && (e.res.Effect == EffectSend || e.res.Effect == EffectPost) {
			continue
		}
		asks.WriteString(c.text)
		asks.WriteByte('\n')
		if e.mentionsAction(c.text) {
			lastAsked = c.msg
		}
	}
	if lastDeclined >= 0 && lastDeclined >= lastAsked {
		e.add(ruleContextUserDeclined, truncate(oneLine(messages[lastDeclined]), 80), "")
		return
	}
	if e.asked(asks.String(), said.String()) {
		e.res.UserAsked = true
		e.add(ruleContextUserAsked, truncate(oneLine(messages[len(messages)-1]), 80), "")
		return
	}
	if strangers := e.unnamedBeside(asks.String(), said.String()); len(strangers) > 0 {
		e.add(ruleContextStranger, truncate(strings.Join(strangers, ", "), 120),
			"The user named some of the recipients, not "+truncate(strings.Join(strangers, ", "), 120)+": it needs approval.", strangers...)
		return
	}
	if consequential(e.res.Effect) || e.verb() == "upload" {
		// An upload is a write whose data leaves for someone else's server.
		e.add(ruleContextUnrequested, e.verb(), "Nothing in the user's last messages asked to "+e.verb()+" this: it needs approval.")
	}
}

// mentionsAction reports whether text names the call's effect, its verb or
// one of its objects.
func (e *evaluation) mentionsAction(text string) bool {
	for _, wd := range askWords()[e.res.Effect] {
		if hasWord(text, wd) {
			return true
		}
	}
	for _, wds := range [][]string{e.res.Verbs, e.res.Objects} {
		for _, wd := range wds {
			if len(wd) >= 3 && hasWord(text, wd) {
				return true
			}
		}
	}
	return false
}

// mentionsRecipient reports whether text names one of the call's
// recipients, or the call has none.
func (e *evaluation) mentionsRecipient(text string) bool {
	if len(e.a.recipients) == 0 {
		return true
	}
	for _, r := range e.a.recipients {
		if mentions(text, r) {
			return true
		}
	}
	return false
}

// asked reports whether the user asked for this call: asks (the clauses
// that ask for an action) name it, and said (everything the user stated,
// drafts included) names its recipients, its amount or what it acts on.
func (e *evaluation) asked(asks, said string) bool {
	if !e.mentionsAction(asks) {
		return false
	}
	a := e.a
	if !e.everyRecipientNamed(said) {
		return false
	}
	if e.res.Effect == EffectPayment && a.hasAmount && !mentionsAmount(said, a.amount) {
		return false
	}
	if len(a.recipients) == 0 && !(e.res.Effect == EffectPayment && a.hasAmount) && len(a.names)+len(a.paths) > 0 {
		for _, n := range append(append([]string{}, a.names...), a.paths...) {
			if mentions(said, n) {
				return true
			}
		}
		return false
	}
	return true
}

// hasWord reports whether w appears in text as a word or an inflection of
// one (send, sends, sending; not "add" in "address").
func hasWord(text, w string) bool {
	for i := 0; i <= len(text)-len(w); {
		j := strings.Index(text[i:], w)
		if j < 0 || w == "" {
			return false
		}
		j += i
		end := j + len(w)
		for end < len(text) && isAlnum(text[end]) && end-(j+len(w)) <= 3 {
			end++
		}
		if (j == 0 || !isAlnum(text[j-1])) && end-(j+len(w)) <= 3 {
			return true
		}
		i = j + 1
	}
	return false
}

// wholeWord reports whether w appears in text as a whole word.
func wholeWord(text, w string) bool {
	for i := 0; i <= len(text)-len(w); {
		j := strings.Index(text[i:], w)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(w)
		if (j == 0 || !isAlnum(text[j-1])) && (end == len(text) || !isAlnum(text[end])) {
			return true
		}
		i = j + 1
	}
	return false
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// mentions reports whether the text names a recipient or a target: the
// whole value, an e-mail's local part, a channel without its #, a path's
// last element, or a phone number's digits.
func mentions(text, v string) bool {
	v = strings.ToLower(strings.TrimSpace(v))
	if i := strings.LastIndexByte(v, '<'); i >= 0 && strings.HasSuffix(v, ">") && strings.Contains(v[i:], "@") {
		v = strings.TrimSpace(v[i+1 : len(v)-1]) // "Bob" <bob@x>: the mail goes to bob@x
	}
	v = strings.TrimPrefix(v, "mailto:")
	if v == "" {
		return false
	}
	if len(v) < 3 {
		return wholeWord(text, v)
	}
	if looksLikeAddress(v) {
		// An address the user wrote is named as written: a look-alike
		// (alice@gmaiI.com) or a longer one (alice@gmail.com.evil.example)
		// is someone else, and so is another address with the same name.
		if named, ok := addressNamed(text, v); ok {
			return named
		}
	} else if strings.Contains(text, v) {
		return true
	}
	cands := []string{strings.TrimLeft(v, "#@")}
	if local, _, ok := strings.Cut(v, "@"); ok && local != "" {
		cands = append(cands, local, strings.Split(local, ".")[0])
	}
	if i := strings.LastIndexAny(v, "/\\"); i >= 0 && i+1 < len(v) {
		cands = append(cands, v[i+1:])
	}
	for _, c := range cands {
		if len(c) >= 3 && hasWord(text, c) {
			return true
		}
	}
	if d := digits(v); len(d) >= 7 && strings.Contains(digits(text), d) {
		return true
	}
	return false
}

func digits(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// mentionsAmount reports whether the text names the amount, with or
// without thousands separators and cents.
func mentionsAmount(text string, amount float64) bool {
	for i := 0; i < len(text); {
		j := i
		for j < len(text) && !(text[j] >= '0' && text[j] <= '9') {
			j++
		}
		if j == len(text) {
			return false
		}
		if f, _, ok := parseMoney(text[j:]); ok && (f == amount || f*1000 == amount && strings.HasPrefix(strings.TrimLeft(text[j:], "0123456789.,"), "k")) {
			return true
		}
		for j < len(text) && (text[j] >= '0' && text[j] <= '9' || text[j] == '.' || text[j] == ',') {
			j++
		}
		i = j
	}
	return false
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
