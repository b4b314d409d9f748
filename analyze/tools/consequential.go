package tools

import (
	"strconv"
	"strings"
)

// Seed 003's grading of consequential actions — money, messages to
// contacts, public posts and what they say — on top of the risk points:
//
//	money      over $500, a first payment to a new payee, no amount, no payee: high
//	           $50–$500: medium; under $50 to a known payee (or a merchant): low
//	messages   to a new contact (fewer than 5 earlier interactions): medium
//	           to a frequent contact (5 or more): low; with no recipient: high
//	posts      public posts: medium; with nothing to post: high
//	content    legal, medical, emotional, contract changes and terminations: high
//	           conflict, negotiation, complaint: medium
//
// The points are composed so that the sum lands in the grade's band of the
// risk score scale (low ≤ 25 < medium ≤ 70 < high); a high reason is also
// always-review, so that nothing lowers it below an explicit approval.

// message reports whether a send goes to people (an e-mail, a chat
// message, a text, an invitation), not to a system (an API, a webhook, an
// emergency dispatch, a signature).
func (p *Prepared) message() bool {
	if p.over.message {
		return true
	}
	if p.over.noun != "" {
		return false
	}
	for _, r := range p.a.recipients {
		if !strings.Contains(r, "://") {
			return true
		}
	}
	verb := ""
	if len(p.res.Verbs) > 0 {
		verb = p.res.Verbs[0]
	}
	return messageVerbs[verb] || (verb == "send" || verb == "create" || verb == "new" || verb == "compose") && anyIn(p.res.Objects, mailNouns)
}

var (
	messageVerbs = map[string]bool{"email": true, "mail": true, "message": true, "sms": true, "text": true, "dm": true,
		"chat": true, "reply": true, "respond": true, "forward": true, "invite": true, "remind": true, "notify": true,
		"rsvp": true, "call": true, "dial": true, "contact": true, "ask": true, "page": true, "alert": true}
	mailNouns = map[string]bool{"email": true, "emails": true, "message": true, "messages": true, "sms": true, "dm": true,
		"text": true, "mail": true, "reply": true, "invitation": true, "invitations": true, "invite": true, "invites": true,
		"notification": true, "chat": true, "letter": true, "mms": true, "whatsapp": true, "reminder": true}
	// noPayeeVerbs pay a merchant, the user's own account or an existing
	// transaction: they name no payee of their own.
	noPayeeVerbs = map[string]bool{"buy": true, "purchase": true, "order": true, "place": true, "checkout": true,
		"book": true, "reserve": true, "subscribe": true, "renew": true, "upgrade": true, "charge": true, "capture": true,
		"refund": true, "deposit": true, "withdraw": true, "add": true, "sell": true, "trade": true, "swap": true,
		"exchange": true, "bid": true, "fulfill": true, "fulfil": true, "submit": true, "update": true, "set": true,
		"change": true, "modify": true, "edit": true, "adjust": true, "increase": true, "decrease": true, "execute": true,
		"run": true, "invoke": true, "trigger": true}
	// impliedPayeeNouns: paying a bill, an invoice or a card pays whoever
	// issued it.
	impliedPayeeNouns = map[string]bool{"bill": true, "bills": true, "invoice": true, "invoices": true, "card": true,
		"loan": true, "rent": true, "tax": true, "taxes": true, "fee": true, "fees": true, "fine": true, "subscription": true,
		"balance": true, "mortgage": true, "order": true, "premium": true, "tuition": true, "utility": true, "utilities": true,
		"ticket": true, "tickets": true}
)

// transfer reports whether a payment goes to someone the call must name
// (pay, transfer, send, wire, tip, donate), not to a merchant or the
// user's own account.
func (p *Prepared) transfer() bool {
	switch {
	case p.over.payeeCheck:
		return true
	case p.over.noPayee:
		return false
	}
	return !noPayeeVerbs[p.payVerb()]
}

// payVerb is the verb that made the call a payment: the stronger second
// verb of an escalated name (stripe_create_refund: refund).
func (p *Prepared) payVerb() string {
	if len(p.res.Verbs) == 0 {
		return ""
	}
	return p.res.Verbs[len(p.res.Verbs)-1]
}

// payees are who a payment goes to: the arguments named as payees, or,
// for a transfer, its recipients.
func (p *Prepared) payees() []string {
	if len(p.a.payees) > 0 {
		return p.a.payees
	}
	if p.transfer() {
		return p.a.recipients
	}
	return nil
}

// impliedPayee: the payment settles a bill, an invoice or an order, whose
// issuer is the payee.
func (p *Prepared) impliedPayee() bool {
	return len(p.a.refs) > 0 || anyIn(p.res.Objects, impliedPayeeNouns) || p.over.elsewhere
}

// contactsOf returns the call's contacts of one kind.
func (e *evaluation) contactsOf(kind string) []Contact {
	var out []Contact
	for _, c := range e.res.Contacts {
		if c.Kind == kind {
			out = append(out, c)
		}
	}
	return out
}

// fewest returns the contact with the fewest earlier interactions and
// their number.
func fewest(cs []Contact, opt Options) (Contact, int) {
	best, n := cs[0], -1
	for _, c := range cs {
		if k := opt.Interactions[c]; n < 0 || k < n {
			best, n = c, k
		}
	}
	return best, n
}

func addresses(cs []Contact) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.Address)
		if b.Len() > 80 {
			break
		}
	}
	return truncate(b.String(), 80)
}

// FrequentContact is the approval guard's line: from this many earlier interactions
// on, a recipient is a frequent contact; below it, a new one.
const FrequentContact = 5

// send grades a message: to whom (a new or a frequent contact), whether
// anyone is named at all, and what it says.
func (e *evaluation) send(ev string, opt Options) {
	e.add(ruleSendMessage, ev, "", e.targets()...)
	if !e.p.message() {
		e.add(ruleSendExternal, ev, "")
		e.high = append(e.high, "an irreversible transmission to another system")
		return
	}
	rs := e.contactsOf(ContactRecipient)
	switch {
	case len(rs) == 0 && e.missingRecipient():
		e.add(ruleSendNoRecipient, ev, "")
		e.high = append(e.high, "a message with no recipient")
		e.toWhom = "with no recipient"
	case len(rs) == 0:
		// A reply or an invitation goes to whoever the thread or the
		// event names: someone actionguard cannot look up.
		e.add(ruleSendNewContact, ev, "It goes to the people of the thread or event it answers, whom actionguard cannot look up: treated as a new contact.")
		e.floor = ClassCautious
		e.medium = append(e.medium, "a recipient actionguard cannot look up")
		e.toWhom = "to the people of the thread or event it answers"
	case !opt.ContactBook:
		who := addresses(rs)
		e.add(ruleSendNewContact, who, who+": no contact history, so treated as a new contact (fewer than 5 earlier interactions).", who)
		e.floor = ClassCautious
		e.medium = append(e.medium, "a recipient with no contact history")
		e.toWhom = "to " + who + ", with no contact history"
	default:
		c, n := fewest(rs, opt)
		if n >= FrequentContact {
			who := addresses(rs)
			e.add(ruleSendFrequentContact, who, who+": "+interactions(n)+" (5 or more: a frequent contact).", who)
			e.low = append(e.low, "a frequent contact")
			e.toWhom = "to " + who + ", a frequent contact (" + interactions(n) + ")"
			break
		}
		e.add(ruleSendNewContact, c.Address, c.Address+": "+interactions(n)+" (fewer than 5: a new contact).", c.Address)
		e.floor = ClassCautious
		e.medium = append(e.medium, "a new contact")
		e.toWhom = "to " + addresses(rs) + ", a new contact (" + interactions(n) + ")"
	}
	e.content(ev)
}

func interactions(n int) string {
	if n == 1 {
		return "1 earlier interaction"
	}
	return strconv.Itoa(n) + " earlier interactions"
}

// missingRecipient: a message that names nobody, answers nothing and does
// not carry its recipients inside (sendmail -t).
func (e *evaluation) missingRecipient() bool {
	a := e.a
	if len(a.recipients) > 0 || len(a.urls) > 0 || len(a.refs) > 0 || e.p.over.elsewhere {
		return false
	}
	switch e.verb() {
	case "reply", "respond", "rsvp", "invite", "remind", "notify", "alert", "page", "call", "dial":
		return false // they answer or reach someone the tool knows
	}
	return true
}

// post grades a public post: the approval guard's medium, high when there is nothing
// to post, and what it says.
func (e *evaluation) post(ev string) {
	e.add(rulePostPublic, ev, "", e.targets()...)
	e.medium = append(e.medium, "a public post")
	a := e.a
	switch e.verb() {
	case "retweet", "repost", "upvote", "like", "pin", "follow", "share":
		// Passes on what someone else posted.
	default:
		if len(a.content) == 0 && len(a.attachments) == 0 && len(a.refs) == 0 && len(a.names) == 0 && len(a.paths) == 0 && len(a.urls) == 0 {
			e.add(rulePostNoContent, ev, "")
			e.high = append(e.high, "a post with nothing to post")
		}
	}
	e.content(ev)
}

// payment grades the money moved (the approval guard's thresholds, in dollars) and
// whom it goes to.
func (e *evaluation) payment(ev string, opt Options) {
	res, a := e.res, e.a
	e.add(rulePaymentMove, ev, "", e.targets()...)
	if a.hasAmount {
		res.Amount, res.USD, res.USDKnown = a.amount, a.usd, a.usdKnown
	}
	res.Currency = a.currency
	crypto := anyIn(e.words, cryptoWords) || cryptoWords[strings.ToLower(a.currency)] || cryptoCodes[a.currency]
	amt := formatMoney(a.amount, a.currency, a.usd, a.usdKnown)
	e.money = "of " + amt
	v := e.p.payVerb()
	cryptoOut := crypto && (v == "withdraw" || v == "send" || v == "transfer")
	if cryptoOut {
		e.add(rulePaymentCrypto, ev, "")
		e.high = append(e.high, "a crypto-currency transfer, which cannot be reversed")
	}
	switch {
	case !a.hasAmount:
		e.add(rulePaymentUnknown, ev, "")
		e.high = append(e.high, "an unknown amount")
		e.money = "of an unknown amount"
	case !a.usdKnown && cryptoOut:
		// The crypto rule says it already; its dollar value moves by the minute.
	case !a.usdKnown:
		e.add(rulePaymentUnknownCurrency, amt, "Moves "+amt+": actionguard has no rate for "+a.currency+", so the amount's value in dollars is unknown (missing information needs approval).")
		e.high = append(e.high, "an amount whose value in dollars is unknown")
	case a.usd > 500:
		e.add(rulePaymentLarge, amt, "Moves "+amt+": more than $500 needs approval.")
		e.high = append(e.high, "more than $500")
	case a.usd >= 50:
		e.add(rulePaymentMedium, amt, "Moves "+amt+": between $50 and $500 needs a confirmation.")
		e.floor = ClassCautious
		e.medium = append(e.medium, "an amount between $50 and $500")
	default:
		e.add(rulePaymentSmall, amt, "Moves "+amt+": less than $50.")
		e.low = append(e.low, "less than $50")
	}
	e.payee(ev, opt)
}

// payee grades whom a payment goes to: known from the contact book or an
// earlier payment of the session, new, unknown, or not named at all.
func (e *evaluation) payee(ev string, opt Options) {
	res, a, p := e.res, e.a, e.p
	ps := e.contactsOf(ContactPayee)
	switch {
	case a.newPayee || anyIn(res.Objects, map[string]bool{"payee": true, "beneficiary": true}) && p.payVerb() != "pay" && p.payVerb() != "transfer":
		e.add(rulePaymentNewPayee, ev, "")
		e.high = append(e.high, "a first payment to a new payee")
		e.toWhom = "to a new payee"
	case len(ps) == 0 && p.transfer() && !p.impliedPayee():
		e.add(rulePaymentNoPayee, ev, "")
		e.high = append(e.high, "a payment with no payee")
		e.toWhom = "with no payee"
	case len(ps) == 0:
		// A merchant, the user's own account, the issuer of a bill.
	default:
		who := addresses(ps)
		addrs := make([]string, len(ps))
		for i, c := range ps {
			addrs[i] = c.Address
		}
		histKnown, evidence := "", false
		if len(e.history) > 0 {
			histKnown, evidence = payeeKnown(e.history, addrs)
		}
		_, n := fewest(ps, opt)
		switch {
		case opt.ContactBook && n >= 1:
			times := strconv.Itoa(n) + " earlier payments"
			if n == 1 {
				times = "1 earlier payment"
			}
			e.add(rulePaymentKnownPayee, who, who+": "+times+" in the contact book, a known payee.")
			e.toWhom = "to a known payee, " + who + " (" + times + ")"
			e.low = append(e.low, "a known payee")
		case histKnown != "":
			e.add(rulePaymentKnownPayee, histKnown, "")
			e.toWhom = "to a known payee, " + who + " (paid earlier in this session)"
			e.low = append(e.low, "a known payee")
		case opt.ContactBook:
			e.add(rulePaymentNewPayee, who, who+": no earlier payment in the contact book. A first payment to a new payee needs approval.")
			e.high = append(e.high, "a first payment")
			e.toWhom = "to a new payee, " + who
		case evidence:
			e.add(rulePaymentNewPayee, who, "No earlier payment or transaction in this session names "+who+": a new payee needs approval.")
			e.high = append(e.high, "a first payment")
			e.toWhom = "to a new payee, " + who
		default:
			e.add(rulePaymentNewPayee, who, who+": no contact history, so actionguard cannot tell a known payee from a new one. A first payment to a new payee needs approval.")
			e.high = append(e.high, "an unknown payee")
			e.toWhom = "to " + who + ", a payee with no payment history"
		}
	}
}

// requested lowers a payment between $50 and $500 to a known payee (or a
// merchant) that the user asked for in so many words: the request is the
// approval (see docs/consequential.md). More than $500, a new payee or any
// other high reason still needs an explicit approval, asked or not.
func (e *evaluation) requested(ev string) {
	if !e.res.UserAsked || len(e.high) > 0 || e.review || len(e.medium) != 1 {
		return
	}
	e.add(rulePaymentRequested, ev, "")
	e.floor = ""
	e.medium = nil
	e.low = append(e.low, "a payment of $50–$500 the user asked for")
}

// grade sets the approval guard's grade of a message, a post or a payment, and says
// what it is and why in a person's words.
func (e *evaluation) grade() {
	res := e.res
	switch res.Effect {
	case EffectSend, EffectPost, EffectPayment:
	default:
		return
	}
	switch res.Class {
	case ClassSafe:
		res.Grade = GradeLow
	case ClassCautious:
		res.Grade = GradeMedium
	default:
		res.Grade = GradeHigh
	}
	for _, f := range res.Findings {
		switch f.Rule {
		case ruleContextUnrequested.ID:
			e.high = append(e.high, "an action nobody in the conversation asked for")
		case ruleContextUserDeclined.ID:
			e.high = append(e.high, "an action the user said not to do")
		}
	}
	res.Summary = e.summary()
	switch res.Grade {
	case GradeHigh:
		res.Why = reasons(e.high, "needs approval", "it needs approval")
	case GradeMedium:
		res.Why = reasons(e.medium, "needs a confirmation", "it needs a confirmation")
	default:
		res.Why = reasons(e.low, "is low risk", "low risk")
	}
}

// reasons joins reasons into a clause: "more than $500 and a first payment
// both need approval".
func reasons(rs []string, verb, none string) string {
	switch len(rs) {
	case 0:
		return none
	case 1:
		return rs[0] + " " + verb
	}
	plural := strings.Replace(strings.Replace(verb, "needs", "need", 1), "is ", "are ", 1)
	both := "both "
	if len(rs) > 2 {
		both = "all "
	}
	return strings.Join(rs[:len(rs)-1], ", ") + " and " + rs[len(rs)-1] + " " + both + plural
}

// summary names the call: "A payment of $820.00 to a new payee", "An
// e-mail to bob@acme.com, a new contact (2 earlier interactions)".
func (e *evaluation) summary() string {
	s := e.noun()
	switch e.res.Effect {
	case EffectPayment:
		s += " " + e.money
	case EffectSend:
		if e.toWhom == "" && len(e.a.recipients) > 0 {
			e.toWhom = "to " + truncate(strings.Join(e.a.recipients, ", "), 80)
		}
	}
	if e.toWhom != "" {
		s += " " + e.toWhom
	}
	return s
}

// noun is what the call is, in a person's words.
func (e *evaluation) noun() string {
	if e.p.over.noun != "" {
		return e.p.over.noun
	}
	ws := e.words
	switch e.res.Effect {
	case EffectPayment:
		switch e.p.payVerb() {
		case "buy", "purchase", "order", "place", "checkout":
			return "A purchase"
		case "refund":
			return "A refund"
		case "withdraw":
			return "A withdrawal"
		case "deposit", "add":
			return "A deposit"
		case "trade", "sell", "swap", "exchange", "bid":
			return "A trade"
		case "book", "reserve":
			return "A booking"
		case "donate":
			return "A donation"
		case "request":
			return "A request for money"
		case "charge", "capture":
			return "A charge"
		}
		return "A payment"
	case EffectPost:
		if e.verb() == "comment" || anyIn(ws, map[string]bool{"comment": true, "comments": true}) {
			return "A public comment"
		}
		name := strings.ToLower(e.tool)
		for _, n := range postPlaces {
			if strings.Contains(name, n.in) || n.word != "" && anyIn(ws, map[string]bool{n.word: true}) {
				return "A post on " + n.name
			}
		}
		return "A public post"
	}
	switch {
	case e.verb() == "call" || e.verb() == "dial":
		return "A call"
	case anyIn(ws, map[string]bool{"email": true, "emails": true, "mail": true, "gmail": true, "outlook": true, "sendgrid": true, "mailgun": true}):
		return "An e-mail"
	case anyIn(ws, map[string]bool{"sms": true, "text": true, "twilio": true, "mms": true}):
		return "A text message"
	case e.verb() == "invite" || anyIn(ws, map[string]bool{"invitation": true, "invitations": true}):
		return "An invitation"
	case e.verb() == "reply" || e.verb() == "respond":
		return "A reply"
	}
	return "A message"
}

// postPlaces name the public places a post goes to, by what the tool's
// name contains (or one of its words: post_on_x).
var postPlaces = []struct{ in, word, name string }{
	{"twitter", "x", "X"}, {"tweet", "", "X"}, {"linkedin", "", "LinkedIn"}, {"facebook", "fb", "Facebook"},
	{"instagram", "ig", "Instagram"}, {"threads", "", "Threads"}, {"mastodon", "", "Mastodon"}, {"toot", "", "Mastodon"},
	{"bluesky", "bsky", "Bluesky"}, {"reddit", "", "Reddit"}, {"wordpress", "", "WordPress"}, {"medium", "", "Medium"},
	{"ghost", "", "Ghost"}, {"youtube", "", "YouTube"}, {"tiktok", "", "TikTok"}, {"gist", "", "a public GitHub gist"},
}
