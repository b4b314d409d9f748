package tools

import (
	"slices"
	"strings"
	"sync"

	"github.com/actionguard/actionguard/rule"
)

// Classes, on the risk score scale.
const (
	ClassSafe       = "safe"       // 0–25: runs
	ClassCautious   = "cautious"   // 26–70: soft confirmation
	ClassPrivileged = "privileged" // 71–100: explicit approval
	ClassDangerous  = "dangerous"  // over 100 or a dangerous category: blocked
)

// Options is what the caller knows around the call.
type Options struct {
	// UserMessages are the user's messages in the conversation, oldest
	// first; the last five are read.
	UserMessages []string
	// Application is where the action happens ("code-editor",
	// "file-manager"…), for the context-dependent case.
	Application string
	// History is the session's earlier tool calls, oldest first; the last
	// maxHistory are read. A payment to a payee that the earlier payments
	// and transaction lists never name goes to a new payee, which needs an
	// approval.
	History []Call
	// Interactions are the earlier interactions of the user with each of
	// the call's contacts (Prepared.Contacts), from a contact book: for a
	// recipient the messages exchanged, for a payee the payments made. A
	// contact absent from the map has none.
	Interactions map[Contact]int
	// ContactBook reports that a contact book answered. Without one nothing
	// is known of anyone: every recipient is graded as a new contact and
	// every payee the session's history does not show as a new payee (when
	// uncertain, an approval is required), and the findings say there is
	// no contact history.
	ContactBook bool
	// Referred reports whether an address is the sender of a message an
	// earlier tool result showed and the user asked to reply to ("reply
	// to the landlord"): the user named that recipient by the message.
	// Nil: no request refers to one.
	Referred func(addr string) bool
}

// Call is an earlier tool call of the session and what it returned.
type Call struct {
	Tool        string
	Input       map[string]any
	Observation string
}

// Contact is a recipient or a payee a call reaches, as the call names it.
type Contact struct {
	Kind    string // ContactRecipient or ContactPayee
	Address string
}

// Contact kinds (the same words as the audit log's).
const (
	ContactRecipient = "recipient" // an e-mail address, a phone number, a handle, a channel
	ContactPayee     = "payee"     // who a payment goes to
)

// Result is what Analyze tells about one tool call.
type Result struct {
	Verbs    []string // the verb of the name (the one that decides the effect)
	Objects  []string // the other meaningful words of the name
	Effect   string   // read|write|send|post|payment|grant|unlock|delete|execute|unknown
	Score    int      // risk points, never below 0
	Class    string   // safe|cautious|privileged|dangerous
	Findings []rule.Finding
	// Amount and Currency are the money moved, when the arguments say:
	// Amount in major units of Currency ("" is dollars), USD its value in
	// US dollars when USDKnown (see usdRates).
	Amount   float64
	Currency string
	USD      float64
	USDKnown bool
	// Recipients are who the call reaches (to, cc, channel, payee…).
	Recipients []string
	// Partial: the arguments were not all read (too many entries, a value
	// too long), so Recipients may not name everyone the call reaches.
	Partial bool
	// PayeeAccounts are, for a payment, the details that say where its
	// money goes, labelled ("IBAN DE89…", "routing number 021000021",
	// "account 12345678 (recipient)"): what a person approving must see.
	PayeeAccounts []string
	// Contacts are the recipients of a message and the payees of a payment:
	// the contacts the approval guard counts.
	Contacts []Contact
	// UserAsked reports that the user's recent messages asked for this.
	UserAsked bool
	// Grade is the approval guard's risk level of a message, a post or a payment
	// (low, medium or high; "" for other effects). Summary names what the
	// call is in a person's words ("A payment of $820.00 to a new payee")
	// and Why says why it has its grade ("more than $500 and a first
	// payment both need approval").
	Grade   string
	Summary string
	Why     string
}

// Seed 003's risk levels.
const (
	GradeLow    = "low"
	GradeMedium = "medium"
	GradeHigh   = "high"
)

// recentMessages is how many of the user's last messages count.
const recentMessages = 5

// Analyze judges one tool call. input may be nil. It never panics and is
// safe for concurrent use.
func Analyze(tool string, input map[string]any, opt Options) *Result {
	tables()
	return Prepare(tool, input).Judge(opt)
}

// Prepared is a tool call (or a shell command, or an HTTP request) read but
// not yet judged: Contacts says whom it reaches, so that the caller can
// look them up in a contact book before Judge. A Prepared is judged once.
type Prepared struct {
	res      *Result
	a        *args
	tool     string
	words    []string
	over     override
	contacts []Contact
	listed   bool // contacts is computed
	fileName bool // the name says the tool acts on files (fileToolName)
	input    map[string]any
}

// override is what a shell command or an API's route says about a call
// beyond its tool name.
type override struct {
	noun string // what the call is, for Summary: "An e-mail", "A post on X", "A payment"
	// payeeCheck: the call pays someone (a transfer), so its payee must be
	// named and known; noPayee: it pays a merchant or the user's own
	// account, so no payee is checked.
	payeeCheck, noPayee bool
	// elsewhere: the recipients are in the message itself (sendmail -t).
	elsewhere bool
	message   bool // a message to people, not a call to a system
}

// Prepare reads a tool call: the verbs and objects of its name, what its
// arguments say and whom it reaches. input may be nil.
func Prepare(tool string, input map[string]any) *Prepared {
	tables()
	return effect(tool, input, nil)
}

// PrepareSchema is Prepare for a tool whose input schema is known (an MCP
// server publishes one per tool in tools/list): the schema names the roles
// of arguments the name tables do not know (a property described as a
// file's path, with format "uri" or "email"). It adds roles, never takes
// one away: a server cannot hide a path by describing it as text.
func PrepareSchema(tool string, input, schema map[string]any) *Prepared {
	tables()
	return effect(tool, input, schemaRoles(schema))
}

// Effect is what the call does (EffectSend, EffectPayment…).
func (p *Prepared) Effect() string { return p.res.Effect }

// Contacts returns the recipients of a message and the payees of a
// payment, at most maxContacts of them; nil for other effects.
func (p *Prepared) Contacts() []Contact {
	if !p.listed {
		p.contacts, p.listed = p.listContacts(), true
	}
	return p.contacts
}

func (p *Prepared) listContacts() []Contact {
	var kind string
	var addrs []string
	switch p.res.Effect {
	case EffectSend:
		if !p.message() {
			return nil
		}
		kind, addrs = ContactRecipient, p.a.recipients
	case EffectPayment:
		kind, addrs = ContactPayee, p.payees()
	default:
		return nil
	}
	var out []Contact
	for _, r := range addrs {
		r = truncate(strings.TrimSpace(r), 200)
		if r == "" || len(out) == maxContacts || slices.Contains(out, Contact{kind, r}) {
			continue
		}
		out = append(out, Contact{Kind: kind, Address: r})
	}
	return out
}

// maxContacts bounds the contacts of one call that are looked up.
const maxContacts = 16

// Judge scores the call with what the caller knows around it.
func (p *Prepared) Judge(opt Options) *Result {
	e := evaluation{res: p.res, a: p.a, tool: p.tool, words: p.words, history: opt.History, p: p, referred: opt.Referred}
	p.res.Contacts = p.Contacts()
	// One allocation for the findings most calls have.
	switch p.res.Effect {
	case EffectRead:
		p.res.Findings = make([]rule.Finding, 0, 1)
	case EffectSend, EffectPost, EffectPayment:
		p.res.Findings = make([]rule.Finding, 0, 6)
	default:
		p.res.Findings = make([]rule.Finding, 0, 3)
	}
	e.score(opt)
	return p.res
}

// effect reads what a call does from its name and arguments, without
// scoring it.
func effect(tool string, input map[string]any, schema map[string]Role) *Prepared {
	res := &Result{}
	words := phrasal(joinSignIn(splitName(tool)))
	verb := ""
	for i, wd := range words {
		if vendors()[wd] {
			continue
		}
		// A word that is both noun and verb (Lock, Email, Order, Dispatch)
		// is a noun when it follows an object or comes before a plain verb
		// or a noun that says what the tool is (EmailSummary, OrderHistory).
		if _, ok := verbs()[wd]; ok && verb == "" {
			if !nounVerbs()[wd] || len(res.Objects) == 0 && !verbFollows(words[i+1:]) && !viewFollows(words[i+1:]) {
				verb = wd
				res.Verbs = append(res.Verbs, wd)
				continue
			}
		}
		res.Objects = append(res.Objects, wd)
	}
	if verb == "" {
		// A tool named for a thing that takes its verb as an argument
		// (calendar {"action": "delete_event"}): the argument's verb.
		if v, objs := argumentVerb(input); v != "" {
			verb = v
			res.Verbs = append(res.Verbs, v)
			res.Objects = append(res.Objects, objs...)
		}
	}
	if verb == "" && nounEffect(res.Objects) == "" {
		// Only noun-verbs and no noun that says what the tool is: the
		// first of them is the verb (HTTPRequest). With one (email_summary,
		// scada_access, code_review) the nouns decide.
		for i, wd := range res.Objects {
			if _, ok := verbs()[wd]; ok {
				verb = wd
				res.Verbs = append(res.Verbs, wd)
				res.Objects = append(res.Objects[:i:i], res.Objects[i+1:]...)
				break
			}
		}
	}
	a := readArgs(input, anyIn(words, minorUnitVendors), fileToolName(tool, words), schema)
	a.argEffects(input)
	res.Recipients, res.Partial = a.recipients, a.partial
	res.Effect = effectOf(verb, res.Objects, words, a)
	if verb == "" {
		if eff := nounEffect(res.Objects); eff != "" {
			res.Effect = eff
		}
	}
	res.Effect = escalate(res, res.Effect, words)
	if named := res.Effect; argsEscalate(res, a) {
		a.argEscalated = named == EffectRead || named == EffectWrite
	}
	if res.Effect == EffectPost && anyIn(res.Objects, messageNouns) && len(a.recipients) > 0 {
		// slack_post_message {"channel": "#team"}: a message to a channel,
		// not a public post.
		res.Effect = EffectSend
	}
	p := &Prepared{res: res, a: a, tool: tool, words: words, fileName: a.fileTool, input: input}
	if res.Effect == EffectSend || res.Effect == EffectWrite || res.Effect == EffectUnknown {
		// A generic HTTP tool calling a payment, messaging or social API
		// does what the API does (HTTPRequest POST api.stripe.com/v1/charges).
		p.viaAPI(input)
	}
	if res.Effect == EffectPayment {
		res.PayeeAccounts = a.payeeAccounts
	}
	return p
}

// minorUnitVendors count "amount" in minor units: Stripe's 2000 is $20.00.
var minorUnitVendors = map[string]bool{"stripe": true, "adyen": true, "square": true, "squareup": true,
	"razorpay": true, "paystack": true, "gocardless": true, "klarna": true}

// escalate: a read or a write whose name carries a second, stronger verb
// (fetch_and_delete_messages, GetAndTransfer) takes the stronger effect, so
// that a harmless first word cannot hide what the call does.
//
// A name that begins with a read (Get, List, Read, Search, Fetch, Show…)
// reads whatever it names (GetSmsMessages, ListTransfers,
// ReadDeletedItems); only a second clause (fetch_and_delete) adds the
// stronger effect.
func escalate(res *Result, eff string, words []string) string {
	if eff != EffectRead && eff != EffectWrite {
		return eff
	}
	if eff == EffectRead && len(res.Verbs) > 0 && !anyIn(words, conjunctions()) && !replaces(res) {
		return eff
	}
	if eff == EffectRead && replaces(res) {
		// search_replace, find_replace_in_file: the edit idiom writes.
		res.Verbs = append(res.Verbs, "replace")
		return EffectWrite
	}
	for i, wd := range res.Objects {
		// A noun-verb counts only when what follows is its object
		// (TransferFunds, not TransferHistory).
		if nounVerbs()[wd] && (i+1 == len(res.Objects) || !moneyNouns[res.Objects[i+1]] || res.Objects[i+1] == wd) {
			continue
		}
		switch v := verbs()[wd]; v {
		case EffectSend, EffectPost, EffectPayment, EffectGrant, EffectUnlock, EffectDelete:
			res.Verbs = append(res.Verbs, wd)
			return v
		case EffectWrite:
			if eff == EffectRead && !nounVerbs()[wd] {
				// read_and_write_file, fetch_then_save: the second
				// clause changes what the first one read.
				res.Verbs = append(res.Verbs, wd)
				eff = EffectWrite
			}
		}
	}
	return eff
}

// replaces reports the search-and-replace idiom: a name that searches or
// finds and then replaces (search_replace, find_and_replace).
func replaces(res *Result) bool {
	if len(res.Verbs) == 0 || res.Verbs[0] != "search" && res.Verbs[0] != "find" {
		return false
	}
	return slices.Contains(res.Objects, "replace")
}

// conjunctions join two actions in one name (fetch_and_delete_messages).
var conjunctions = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"and": true, "then": true, "plus": true, "also": true}
})

// verbFollows reports whether a verb that is only a verb comes next,
// skipping vendor words.
func verbFollows(rest []string) bool {
	for _, wd := range rest {
		if vendors()[wd] {
			continue
		}
		_, ok := verbs()[wd]
		return ok && !nounVerbs()[wd]
	}
	return false
}

func anyIn(ws []string, m map[string]bool) bool {
	for _, wd := range ws {
		if m[wd] {
			return true
		}
	}
	return false
}

// effectOf refines the verb's effect with the objects and arguments:
// "create" a payment moves money, "add" a collaborator grants access,
// "open" a door unlocks it.
func effectOf(verb string, objs, words []string, a *args) string {
	eff, ok := verbs()[verb]
	if !ok {
		return EffectUnknown
	}
	if len(a.methods) > 0 && (anyIn(words, httpNouns) || verb == "request" || verb == "call" || verb == "fetch") {
		switch a.methods[0] {
		case "GET", "HEAD", "OPTIONS":
			return EffectRead
		case "DELETE":
			return EffectDelete
		default:
			return EffectSend
		}
	}
	switch eff {
	case EffectRead:
		if (verb == "open" || verb == "access") && anyIn(objs, physicalNouns) {
			return EffectUnlock
		}
		if verb == "capture" && (anyIn(objs, moneyNouns) || a.hasAmount) {
			return EffectPayment // capture_payment charges the card
		}
	case EffectWrite:
		creates := verb == "create" || verb == "new" || verb == "make" || verb == "submit" || verb == "place" ||
			verb == "initiate" || verb == "schedule" || verb == "request" || verb == "add"
		// Changing a payment with an amount moves money
		// (update_scheduled_transaction {"amount": 1200}).
		changes := verb == "update" || verb == "set" || verb == "change" || verb == "modify" || verb == "edit"
		generic := creates || changes || verb == "assign" || verb == "attach" || verb == "detach"
		switch {
		case verb == "disable" || verb == "stop" || verb == "pause" || verb == "turn" || verb == "switch":
			if anyIn(objs, securityNouns) {
				return EffectUnlock
			}
		case anyIn(objs, draftNouns):
			return EffectWrite
		case generic && anyIn(objs, moneyNouns) && (!changes || a.hasAmount):
			return EffectPayment
		case (verb == "book" || verb == "reserve") && anyIn(objs, travelNouns):
			// A hotel, a flight or a trip is paid when booked.
			return EffectPayment
		case verb == "apply" && anyIn(objs, applicationNouns):
			// An application goes to an employer, a bank or a consulate.
			return EffectSend
		case anyIn(objs, securityNouns) && a.falsy && !anyIn(objs, map[string]bool{"rule": true, "rules": true}):
			// update_branch_protection {"enforce_admins": false}: a write
			// that switches a protection off.
			return EffectUnlock
		case generic && (anyIn(objs, accessNouns) || anyIn(objs, map[string]bool{"payee": true})):
			if anyIn(objs, map[string]bool{"payee": true}) {
				return EffectPayment
			}
			return EffectGrant
		case creates && anyIn(objs, postNouns):
			return EffectPost
		case creates && anyIn(objs, messageNouns):
			return EffectSend
		}
	case EffectSend:
		switch {
		case anyIn(objs, moneyNouns) || a.hasAmount:
			return EffectPayment
		case anyIn(objs, postNouns) && !anyIn(objs, messageNouns):
			return EffectPost
		case anyIn(objs, draftNouns) && verb != "send":
			return EffectWrite
		case verb == "invite" && !anyIn(objs, eventNouns):
			// Inviting someone to a workspace, a repository or a team
			// gives them access; an invitation to an event is a message.
			return EffectGrant
		}
	case EffectPayment:
		switch {
		case anyIn(objs, map[string]bool{"ownership": true, "owner": true}):
			return EffectGrant
		case verb == "transfer" && anyIn(objs, map[string]bool{"file": true, "files": true, "call": true, "chat": true, "domain": true}):
			return EffectWrite
		}
	case EffectExecute:
		if anyIn(objs, moneyNouns) {
			return EffectPayment
		}
	case EffectGrant:
		if verb == "approve" && anyIn(objs, map[string]bool{"pull": true, "pr": true, "review": true, "request": true}) {
			return EffectWrite
		}
	case EffectDelete:
		if verb == "clear" && anyIn(objs, map[string]bool{"cache": true, "filter": true, "filters": true, "notifications": true}) {
			return EffectWrite
		}
		// Deleting a protection turns it off (delete_branch_protection);
		// deleting one rule of it is a configuration change.
		if anyIn(objs, securityNouns) && !anyIn(objs, map[string]bool{"rule": true, "rules": true, "group": true, "log": true, "logs": true, "key": true}) {
			return EffectUnlock
		}
	}
	return eff
}

// evaluation scores one call.
type evaluation struct {
	res     *Result
	a       *args
	tool    string
	words   []string
	review  bool // some finding needs explicit approval whatever the score
	floor   string
	history []Call
	p       *Prepared
	// referred: see Options.Referred.
	referred func(addr string) bool
	// Seed 003's reasons, in a person's words, by the grade they give:
	// "more than $500", "a new contact", "less than $50".
	high, medium, low []string
	// what the Summary says about the contacts and the money.
	toWhom, money string
}

func (e *evaluation) add(r *rule.Rule, evidence, msg string, targets ...string) {
	f := r.Find(evidence, msg, targets...)
	if r.AlwaysReview {
		e.review = true
	}
	e.res.Findings = append(e.res.Findings, f)
}

func (e *evaluation) targets() []string {
	var t []string
	t = append(t, e.a.recipients...)
	t = append(t, e.a.paths...)
	t = append(t, e.a.urls...)
	t = append(t, e.a.names...)
	if len(t) > 8 {
		t = t[:8]
	}
	return t
}

func (e *evaluation) score(opt Options) {
	res, a := e.res, e.a
	ev := rule.Printable(truncate(e.tool, 80))
	switch res.Effect {
	case EffectRead:
		e.add(ruleReadLookup, ev, "")
	case EffectWrite:
		e.add(ruleWriteData, ev, "", e.targets()...)
		if w := securitySetting(res.Objects, a); w != "" {
			e.add(ruleWriteSecurity, w, "")
		}
		if a.public {
			e.add(ruleWritePublic, ev, "")
		}
		if admin(nil, a.roles) {
			// create_user {"role": "admin"}: a write that makes an administrator.
			e.add(ruleGrantAdmin, ev, "")
		} else if editorApp(opt.Application) {
			e.add(ruleContextEditor, opt.Application, "")
		}
	case EffectSend:
		e.send(ev, opt)
	case EffectPost:
		e.post(ev)
	case EffectPayment:
		e.payment(ev, opt)
	case EffectGrant:
		e.add(ruleGrantAccess, ev, "", e.targets()...)
		if admin(res.Objects, a.roles) {
			e.add(ruleGrantAdmin, ev, "")
		}
	case EffectUnlock:
		if anyIn(res.Objects, securityNouns) && !physicalVerbs[e.verb()] {
			e.add(ruleSecurityOff, ev, "")
		} else {
			e.add(ruleUnlockPhysical, ev, "", e.targets()...)
		}
	case EffectDelete:
		e.add(ruleDeleteData, ev, "", e.targets()...)
		if a.everything || anyIn(res.Objects, everythingWords) || e.critical() {
			e.add(ruleDeleteEverything, ev, "")
		}
	case EffectExecute:
		e.add(ruleExecuteCode, ev, "", e.a.code...)
	default:
		if assistantApp(opt.Application) && e.readShaped() {
			// An assistant's tool named for something unknown that is
			// given only names, ids and search words (a lookup): it is
			// told, not held.
			e.add(ruleUnknownReadShaped, ev, "")
			break
		}
		e.add(ruleUnknownVerb, ev, "")
		e.floor = ClassCautious
	}
	if h, ev := e.statedHarm(); h != nil {
		e.add(h.rule, rule.Printable(truncate(ev, 120)), "")
	}
	e.argFindings(opt)
	if res.Effect != EffectRead && len(a.destructive) > 0 {
		e.add(ruleArgsDestructive, strings.Join(a.destructive, ","), "")
	}
	if res.Effect != EffectRead && len(opt.UserMessages) > 0 {
		e.context(opt.UserMessages)
	}
	if res.Effect == EffectPayment {
		e.requested(ev)
	}

	for _, f := range res.Findings {
		res.Score += f.Points
	}
	res.Score = max(res.Score, 0)
	res.Class = classOf(res.Score)
	dangerous := false
	for _, f := range res.Findings {
		dangerous = dangerous || f.Category.Dangerous()
	}
	switch {
	case dangerous:
		res.Class = ClassDangerous
	case e.review && rank(res.Class) < rank(ClassPrivileged):
		res.Class = ClassPrivileged
	case e.floor != "" && rank(res.Class) < rank(e.floor):
		res.Class = e.floor
	}
	e.grade()
}

// everythingWords in a deletion's name reach every item (delete_all_emails).
var everythingWords = map[string]bool{"all": true, "everything": true, "every": true, "bulk": true, "mass": true}

// critical reports a forced or recursive deletion of a production or backup
// store (S3DeleteBucket {"bucket": "prod-backups", "force": true}): the
// copies that would bring the data back go with it.
func (e *evaluation) critical() bool {
	if len(e.a.destructive) == 0 && !anyIn(e.res.Objects, storeNouns) {
		return false
	}
	for _, n := range e.a.targetWords() {
		if criticalWords[n] {
			return true
		}
	}
	return false
}

var criticalWords = map[string]bool{"prod": true, "production": true, "backup": true, "backups": true, "live": true}

// storeNouns hold a whole store: dropping one named production goes with
// every record in it (drop_database {"database": "production"}).
var storeNouns = map[string]bool{"database": true, "databases": true, "db": true, "cluster": true, "bucket": true, "buckets": true, "namespace": true, "volume": true, "schema": true}

// joinSignIn reads "sign in", "log out" as one word: opening a session is
// not signing a document.
func joinSignIn(words []string) []string {
	for i := 0; i+1 < len(words); i++ {
		if (words[i] == "sign" || words[i] == "log") && (words[i+1] == "in" || words[i+1] == "out" || words[i+1] == "up" || words[i+1] == "on") {
			words[i] += words[i+1]
			words = append(words[:i+1], words[i+2:]...)
		}
	}
	return words
}

// securitySetting returns the password, key or sign-in setting a write
// changes, from the name (update_password) or an argument (new_password).
func securitySetting(objs []string, a *args) string {
	for _, o := range objs {
		if securitySettings[o] {
			return o
		}
	}
	if len(a.secrets) > 0 {
		return a.secrets[0]
	}
	return ""
}

var securitySettings = map[string]bool{"password": true, "passwords": true, "passcode": true, "passphrase": true, "pin": true,
	"credential": true, "credentials": true, "mfa": true, "2fa": true, "firewall": true, "dns": true, "sso": true, "ssh": true,
	"recovery": true, "secret": true, "secrets": true}

var applicationNouns = map[string]bool{"job": true, "jobs": true, "position": true, "role": true, "loan": true, "mortgage": true,
	"credit": true, "card": true, "visa": true, "grant": true, "scholarship": true, "program": true, "university": true, "school": true}

var adminWords = map[string]bool{"admin": true, "administrator": true, "owner": true, "superuser": true, "root": true, "maintain": true, "sudo": true, "sudoer": true, "sudoers": true}

// admin reports an administrator role in the name's objects or in a role
// argument, read word by word ("SUPER_ADMIN", "cluster-admin",
// "arn:aws:iam::aws:policy/AdministratorAccess").
func admin(objs, roles []string) bool {
	if anyIn(objs, adminWords) {
		return true
	}
	for _, r := range roles {
		if adminWords[strings.ToLower(r)] {
			return true
		}
		for _, w := range splitName(r) {
			if adminWords[w] || strings.HasPrefix(w, "admin") {
				return true
			}
		}
	}
	return false
}

func editorApp(app string) bool {
	switch strings.ToLower(strings.ReplaceAll(strings.TrimSpace(app), "_", "-")) {
	case "code-editor", "editor", "ide", "template-engine", "vscode", "notebook":
		return true
	}
	return false
}

func classOf(score int) string {
	switch {
	case score > 100:
		return ClassDangerous
	case score > 70:
		return ClassPrivileged
	case score > 25:
		return ClassCautious
	}
	return ClassSafe
}

func rank(class string) int {
	switch class {
	case ClassSafe:
		return 0
	case ClassCautious:
		return 1
	case ClassPrivileged:
		return 2
	}
	return 3
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}
