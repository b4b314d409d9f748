package privacy

import (
	"path"
	"slices"
	"strings"
	"unicode"
)

// Seed 001's one principle: trace the transmission back to the user's
// stated task. If it belongs, execute and briefly notify. If it does not,
// anonymize what has a useful partial form when the transmission is
// necessary, otherwise cancel, and tell the user once.

// Transmission is data about to leave the machine: an e-mail, a message, a
// post, an HTTP request, an upload, a tool call with a recipient or a URL.
type Transmission struct {
	// Destinations are where the data goes: recipients (addresses, names,
	// channels), URLs and hosts.
	Destinations []string
	// Aliases are other names of a destination that the user may have used
	// for it: the service a host belongs to ("Gmail" for
	// accounts.google.com), a contact's name. Keyed by destination.
	Aliases map[string][]string
	// Payload is the data sent, as text: the body, the message, the
	// parameters, the headers.
	Payload string
	// Attachments are files sent along (paths or names).
	Attachments []string
	// UserMessages are the user's recent messages, oldest first; the last
	// MaxUserMessages are read.
	UserMessages []string
	// Requests and Declines are the clauses of those messages that ask for
	// something and that forbid something ("don't email bob"), when the
	// caller can tell them apart; when Requests is nil every message
	// counts as a request.
	Requests, Declines []string
	// Known are the recipients the contact book knows (earlier sends that
	// ran, imported contacts): for them a person's name the user writes
	// ("email bob") resolves to the address. Any other recipient is named
	// only by its exact address, number or handle.
	Known []string
	// ContactBook: the caller looked the recipients up in a contact book,
	// so Known is what the user's contacts are. A person's name then names
	// only a contact the book knows: an address the book has never seen
	// with a name the user wrote ("email bob" → bob@evil.example) is not
	// the user's bob. Without a book a name names an address whose name it
	// is (seed 001: "send bob an email" reaches bob@example.com).
	ContactBook bool
	// Names are the book's names of its contacts (nil: none known). A
	// first name several contacts bear names none of them (see Names).
	Names Names
	// Referred reports whether an address is the sender of a message an
	// earlier tool result showed and the user asked to reply to (see
	// Refers); nil when no request refers to one.
	Referred func(addr string) bool
	// Observations are what earlier tool calls of the session returned:
	// data the agent found, not data the user gave.
	Observations []string
	// Findings are the personal data and secrets in Payload; Detect(Payload)
	// when nil.
	Findings []Finding
	// Where the user's messages and the tools' outputs are kept redacted,
	// the fingerprints of the values they held (see Fingerprint) under
	// FingerprintKey stand for them.
	FingerprintKey                         []byte
	UserFingerprints, ObservedFingerprints []string
}

// MaxUserMessages is how many of the user's last messages are read (seed
// 001: "look at the last 3–5 user messages").
const MaxUserMessages = 5

// Outcome is seed 001's decision on a transmission.
type Outcome string

// Outcomes, from the mildest to the strictest.
const (
	// Unrelated: nothing personal is sent and the user did not ask for the
	// transmission; the other analyzers decide.
	Unrelated Outcome = ""
	// PartOfTask: the user asked for this transmission: execute and
	// briefly notify.
	PartOfTask Outcome = "part-of-task"
	// Anonymized: not part of the task but necessary: the data that has a
	// useful partial form is masked (Alignment.Masked) and the user told.
	Anonymized Outcome = "anonymized"
	// Cancelled: not part of the task and either unnecessary or with no
	// safe form (a credential, an identity document): do not transmit,
	// warn once.
	Cancelled Outcome = "cancelled"
	// Exfiltration: data the agent found in a tool's output is going to a
	// recipient the user never named — the injected-exfiltration pattern.
	Exfiltration Outcome = "exfiltration"
)

var outcomeRank = map[Outcome]int{Unrelated: 0, PartOfTask: 1, Anonymized: 2, Cancelled: 3, Exfiltration: 4}

// Item is one piece of data in a transmission and how it relates to the task.
type Item struct {
	Finding
	// Provided: the user gave this value in their messages.
	Provided bool `json:"provided,omitempty"`
	// Requested: the user asked for this kind of data to be included ("my
	// phone number", "the password").
	Requested bool `json:"requested,omitempty"`
	// Observed: the value came from a tool's output, not from the user.
	Observed bool `json:"observed,omitempty"`
	// Outcome is what happens to this item.
	Outcome Outcome `json:"outcome"`
}

// Attachment is one file sent along and how it relates to the task.
type Attachment struct {
	Name string `json:"name"`
	// Personal: a photo, a scan, an identity, medical or financial document.
	Personal bool `json:"personal,omitempty"`
	// Identity: an identity document, which has no anonymized form.
	Identity bool `json:"identity,omitempty"`
	// Mentioned: the user's messages name this file or what it is.
	Mentioned bool    `json:"mentioned,omitempty"`
	Outcome   Outcome `json:"outcome"`
}

// Alignment is the answer to "is this transmission part of the user's
// stated task?".
type Alignment struct {
	Outcome Outcome `json:"outcome"`
	// Asked: the user asked for an action that transmits ("send", "email",
	// "post", "share", "log into", "call this API").
	Asked bool `json:"asked,omitempty"`
	// Named: the user named this destination: the exact address, number
	// or handle, a contact the book knows by the person's name, or a host
	// by itself, its domain or its service.
	Named       bool         `json:"named,omitempty"`
	Items       []Item       `json:"items,omitempty"`
	Attachments []Attachment `json:"attachments,omitempty"`
	// Masked is the payload with the anonymized items masked (Outcome
	// Anonymized), else "".
	Masked string `json:"masked,omitempty"`
	// Notice is the one sentence for the user. It never contains a secret.
	Notice string `json:"notice"`
	// Shared are the first names the user wrote that several contacts
	// bear, when the destination is not named otherwise: the recipient is
	// ambiguous, the user did not say which one.
	Shared []SharedName `json:"shared,omitempty"`
}

// Align decides whether a transmission belongs to the user's stated task
// (seed 001's core loop). It never returns a value of a never-send type in
// any of its strings.
func Align(t Transmission) Alignment {
	msgs := t.UserMessages
	if len(msgs) > MaxUserMessages {
		msgs = msgs[len(msgs)-MaxUserMessages:]
	}
	asks := msgs
	if t.Requests != nil {
		asks = t.Requests
	}
	said := normalizeMessages(asks)
	var shared *[]SharedName
	if t.Names != nil {
		shared = new([]SharedName) // only then: a check without names allocates nothing for it
	}
	r := resolver{known: knownSet(t.Known), book: t.ContactBook, names: t.Names, shared: shared,
		observations: t.Observations, fpKey: t.FingerprintKey, observedFPs: t.ObservedFingerprints}
	al := Alignment{Asked: asksTransmission(said), Named: r.namesDestination(said, t.Destinations, t.Aliases) || allReferred(t.Referred, t.Destinations)}
	if !al.Named && shared != nil {
		al.Shared = *shared
	}
	// "Log into Gmail": what a sign-in sends (the password, the user
	// name, a one-time code) is asked for when it goes to the service the
	// user asked to sign in to — not to a person, not to another site.
	signIn := signsInTo(said, t.Destinations, t.Aliases)
	al.Asked = al.Asked || signIn
	if len(t.Declines) > 0 && r.namesDestination(normalizeMessages(t.Declines), t.Destinations, t.Aliases) {
		// "Don't send anything to bob": what goes to bob is not the task.
		al.Asked, al.Named, signIn = false, false, false
	}
	fs := t.Findings
	if fs == nil {
		fs = Detect(t.Payload)
	}
	related := al.Asked || al.Named
	// With no user message at all the task is unknown: the data is not
	// claimed for the task, but not judged unnecessary either — what has a
	// masked form goes out masked, credentials stay home.
	unknown := len(msgs) == 0
	for _, f := range fs {
		if f.Start < 0 || f.End > len(t.Payload) || f.Start >= f.End {
			continue
		}
		value := t.Payload[f.Start:f.End]
		it := Item{Finding: f}
		var fp string
		if t.FingerprintKey != nil && (len(t.UserFingerprints) > 0 || len(t.ObservedFingerprints) > 0) {
			fp = Fingerprint(t.FingerprintKey, f.Type, value)
		}
		it.Provided = mentionsValue(msgs, f.Type, value) || fp != "" && slices.Contains(t.UserFingerprints, fp)
		it.Requested = requestsType(said, f.Type) || signIn && signInType(f.Type)
		it.Observed = !it.Provided && (mentionsValueAny(t.Observations, f.Type, value) || fp != "" && slices.Contains(t.ObservedFingerprints, fp))
		switch {
		case it.Observed && !al.Named:
			it.Outcome = Exfiltration
		case (it.Provided || it.Requested) && related:
			it.Outcome = PartOfTask
		case (related || unknown) && !f.Type.NeverSend():
			it.Outcome = Anonymized // necessary: the transmission is the user's, this data is not
		default:
			it.Outcome = Cancelled
		}
		al.Items = append(al.Items, it)
	}
	for _, a := range t.Attachments {
		at := judgeAttachment(a, said)
		switch {
		case !at.Personal && related:
			at.Outcome = PartOfTask
		case !at.Personal:
			at.Outcome = Unrelated
		case at.Identity && !(at.Mentioned && al.Asked && al.Named && asksUpload(said)):
			// Seed 001 scenario 6: an identity document given as context is
			// not an instruction to upload it anywhere.
			at.Outcome = Cancelled
		case at.Mentioned && related:
			at.Outcome = PartOfTask
		case unknown:
			at.Outcome = Unrelated // nothing to trace it to; the other analyzers decide
		default:
			at.Outcome = Cancelled // seed 001 scenario 7: nobody asked for this file
		}
		al.Attachments = append(al.Attachments, at)
	}
	al.Outcome = Unrelated
	if al.Named {
		// The user said where it goes: the transmission is theirs.
		al.Outcome = PartOfTask
	}
	for _, it := range al.Items {
		if outcomeRank[it.Outcome] > outcomeRank[al.Outcome] {
			al.Outcome = it.Outcome
		}
	}
	for _, at := range al.Attachments {
		if outcomeRank[at.Outcome] > outcomeRank[al.Outcome] {
			al.Outcome = at.Outcome
		}
	}
	if al.Outcome == Anonymized {
		var mask []Finding
		for _, it := range al.Items {
			if it.Outcome == Anonymized {
				mask = append(mask, it.Finding)
			}
		}
		al.Masked = Mask(t.Payload, mask)
	}
	al.Notice = al.notice()
	return al
}

// allReferred reports whether every destination is the sender of a
// message the user asked to reply to.
func allReferred(referred func(string) bool, dests []string) bool {
	if referred == nil || len(dests) == 0 {
		return false
	}
	for _, d := range dests {
		if recipientKind(d) != recipientEmail || !referred(d) {
			return false
		}
	}
	return true
}

// knownSet is the contact book's recipients, normalised.
func knownSet(known []string) map[string]bool {
	if len(known) == 0 {
		return nil
	}
	m := make(map[string]bool, len(known))
	for _, k := range known {
		m[strings.ToLower(strings.TrimSpace(strings.TrimPrefix(k, "mailto:")))] = true
	}
	return m
}

// notice writes the one message seed 001 allows: brief, naming what was
// done, never the value of a secret.
func (al *Alignment) notice() string {
	types := func(o Outcome) string { return joinWords(al.Labels(o)) }
	switch al.Outcome {
	case PartOfTask:
		if s := types(PartOfTask); s != "" {
			return "Sent as you asked, including the " + s + "."
		}
		return "Sent as you asked."
	case Anonymized:
		return "The " + types(Anonymized) + " in it was not part of what you asked to send, so it went out masked."
	case Exfiltration:
		return "I'm not sending the " + types(Exfiltration) + " found in a tool's output to a recipient you never named: that is how injected instructions steal data."
	case Cancelled:
		for _, at := range al.Attachments {
			if at.Outcome == Cancelled && at.Identity {
				return "I won't upload your ID document externally — please upload it yourself to ensure it reaches the correct destination."
			}
		}
		if s := types(Cancelled); s != "" {
			return "I didn't send the " + s + ": it was not part of what you asked for."
		}
		for _, at := range al.Attachments {
			if at.Outcome == Cancelled {
				return "I didn't send " + path.Base(at.Name) + ": you didn't ask for that file to be shared."
			}
		}
	}
	return ""
}

// Labels names, once each, the types of the items with outcome o:
// "phone number", "API key".
func (al *Alignment) Labels(o Outcome) []string {
	var names []string
	seen := map[Type]bool{}
	for _, it := range al.Items {
		if it.Outcome == o && !seen[it.Type] {
			seen[it.Type] = true
			names = append(names, it.Type.Label())
		}
	}
	return names
}

func joinWords(ws []string) string {
	switch len(ws) {
	case 0:
		return ""
	case 1:
		return ws[0]
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// normalizeMessages lower-cases the messages and joins them, one per line,
// with punctuation (but not @ . - _ #) turned into spaces.
func normalizeMessages(msgs []string) string {
	var b strings.Builder
	for _, m := range msgs {
		for _, r := range strings.ToLower(m) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("@.-_#+'/:", r):
				b.WriteRune(r)
			default:
				b.WriteByte(' ')
			}
		}
		b.WriteString(" \n ")
	}
	return " " + b.String()
}

// transmitWords are what a user says to ask for a transmission.
var transmitWords = []string{
	"send", "sends", "sent", "email", "e-mail", "mail", "reply", "respond", "forward", "share", "post", "tweet",
	"publish", "upload", "submit", "message", "text", "dm", "ping", "notify", "tell", "let", "inform", "call",
	"log in", "login", "log into", "sign in", "signin", "sign into", "authenticate", "connect", "fill in", "fill out",
	"pay", "book", "order", "register", "sign up", "apply", "request", "fetch", "invite", "cc", "slack",
}

func asksTransmission(said string) bool {
	for _, w := range transmitWords {
		if containsVerb(said, w) {
			return true
		}
	}
	return false
}

// containsVerb is containsWord for a word used as a verb: not after a
// determiner or a possessive ("summarize my mail", "the post").
func containsVerb(s, w string) bool {
	return findWord(s, w, func(j int) bool { return !determiner[previousWord(s, j)] })
}

// previousWord is the word before s[j:].
func previousWord(s string, j int) string {
	end := j
	for end > 0 && !isWordByte(s[end-1]) {
		end--
	}
	start := end
	for start > 0 && isWordByte(s[start-1]) {
		start--
	}
	return s[start:end]
}

var determiner = map[string]bool{"my": true, "the": true, "a": true, "an": true, "your": true, "his": true, "her": true,
	"their": true, "our": true, "this": true, "that": true, "these": true, "those": true, "unread": true, "new": true,
	"old": true, "last": true, "latest": true, "its": true, "of": true, "any": true, "some": true, "every": true}

func asksUpload(said string) bool {
	for _, w := range []string{"upload", "attach", "send", "submit", "share", "forward", "email"} {
		if containsWord(said, w) {
			return true
		}
	}
	return false
}

// containsWord reports whether s (normalized) has w as whole words.
func containsWord(s, w string) bool { return findWord(s, w, nil) }

// findWord reports whether s has w as whole words at an offset ok accepts
// (any, when ok is nil).
func findWord(s, w string, ok func(at int) bool) bool {
	if w == "" {
		return false
	}
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(w)
		if (j == 0 || !isWordByte(s[j-1])) && (end == len(s) || !isWordByte(s[end])) && (ok == nil || ok(j)) {
			return true
		}
		i = j + 1
	}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 0x80
}

// resolver tells which recipients a person's name resolves to.
type resolver struct {
	// known: the contact book's recipients; book: a book was consulted.
	known map[string]bool
	book  bool
	// What the session's tools showed (see observed).
	observations, observedFPs []string
	fpKey                     []byte
	// names: the book's names of its contacts, nil when it has none;
	// shared collects the first names several of them bear.
	names  Names
	shared *[]SharedName
}

// observed reports whether an address appeared in a tool's output, or
// its fingerprint where the outputs are kept redacted.
func (r resolver) observed(addr string) bool {
	if mentionsValueAny(r.observations, Email, addr) {
		return true
	}
	return r.fpKey != nil && len(r.observedFPs) > 0 && slices.Contains(r.observedFPs, Fingerprint(r.fpKey, Email, addr))
}

// namesDestination reports whether the user's messages name one of the
// destinations. A recipient (an e-mail address, a phone number, a handle
// or channel) is named only by itself: the exact address, the number's
// digits, the handle; or by a person's name that resolves to it. A name
// resolves to an address whose local part carries it when the contact
// book knows the address, or when the address came from nowhere a tool
// showed (the user's own knowledge of "bob"): an address first seen in a
// tool's output is what an injected instruction supplies, and a name the
// attacker put in its local part resolves to nothing. A provider, a
// domain, a product or a brand never names an address: "my Gmail" is not
// every address at gmail.com. A host (a URL) is named by itself, its
// registrable domain, or an alias of its service.
//
// Where a transmission reaches people (addresses, numbers, @handles,
// #channels), every one of them must be named: naming bob does not name
// the attacker in the cc. Otherwise one host or service named is enough
// (an API's URL beside the channel it posts to).
func (r resolver) namesDestination(said string, dests []string, aliases map[string][]string) bool {
	people, named := 0, 0
	any := false
	for _, d := range dests {
		ok := r.namesOne(said, d, aliases[d])
		if person(d) {
			people++
			if ok {
				named++
			}
		} else if ok {
			any = true
		}
	}
	if people > 0 {
		return named == people
	}
	return any
}

// person reports whether a destination reaches a person or a group of
// people by their address: an e-mail address, a phone number, an @handle
// or a #channel.
func person(d string) bool {
	switch recipientKind(d) {
	case recipientEmail, recipientPhone:
		return true
	case recipientHandle:
		d = strings.TrimSpace(d)
		return strings.HasPrefix(d, "@") || strings.HasPrefix(d, "#")
	}
	return false
}

// namesOne is namesDestination for one destination.
func (r resolver) namesOne(said, d string, aliases []string) bool {
	switch k := recipientKind(d); k {
	case recipientEmail:
		a := strings.TrimPrefix(strings.ToLower(strings.TrimSpace(d)), "mailto:")
		if containsWord(said, a) || containsWord(said, "mailto:"+a) {
			return true
		}
		if !r.known[a] && (r.book || r.observed(a)) {
			return false
		}
		names := personNames(a)
		if r.names != nil {
			// The book's name for the contact names it too ("Alex" for
			// akim@corp.example, Alex Kim), written with or without
			// accents.
			said = foldLetters(said)
			if first := FirstName(FoldName(r.names.NameOf(a))); first != "" {
				names = append(names, first)
			}
		}
		for _, name := range names {
			// "bob" as a word of its own, not the bob of bob@acme.com:
			// the user who wrote one address named no other bob.
			if findWord(said, name, func(j int) bool { return bareWord(said, j, j+len(name)) }) && !r.sharedFirstName(said, name, a) {
				return true
			}
		}
		return false
	case recipientPhone:
		return mentionsNumber(said, d)
	case recipientHandle:
		h := strings.ToLower(strings.TrimSpace(d))
		if containsWord(said, h) {
			return true
		}
		if bare := strings.TrimLeft(h, "#@"); bare != h && bare != "" && containsWord(said, bare) {
			// "post in general" names #general; "dm sam" names @sam.
			return true
		}
		for _, a := range aliases {
			if a = strings.ToLower(strings.TrimSpace(a)); a != "" && containsWord(said, a) {
				return true
			}
		}
		return false
	}
	for _, name := range hostNames(d) {
		if containsWord(said, name) {
			return true
		}
	}
	for _, a := range aliases {
		if a = strings.ToLower(strings.TrimSpace(a)); a != "" && containsWord(said, a) {
			return true
		}
	}
	return false
}

// bareWord reports whether said[j:end] stands alone: not part of an
// address, a host or a handle ("bob@acme.com", "bob.example.org", "@bob").
func bareWord(said string, j, end int) bool {
	if j > 0 && strings.IndexByte("@.+_-#/:", said[j-1]) >= 0 {
		return false
	}
	if end < len(said) && strings.IndexByte("@+_-/", said[end]) >= 0 {
		return false
	}
	if end+1 < len(said) && said[end] == '.' && isWordByte(said[end+1]) {
		return false
	}
	return true
}

// Kinds of destination, as far as naming them goes.
const (
	recipientHost   = iota // a URL or a host name
	recipientEmail         // local@domain
	recipientPhone         // digits with the usual separators
	recipientHandle        // @sam, #general, a channel id, a vendor's name
)

// recipientKind tells an address from a host.
func recipientKind(d string) int {
	d = strings.TrimSpace(strings.ToLower(d))
	d = strings.TrimPrefix(d, "mailto:")
	switch {
	case d == "":
		return recipientHandle
	case strings.Contains(d, "://"):
		return recipientHost
	case strings.LastIndexByte(d, '@') > 0:
		return recipientEmail
	case isPhoneNumber(strings.TrimPrefix(d, "tel:")):
		return recipientPhone
	case strings.HasPrefix(d, "#"), strings.HasPrefix(d, "@"), !strings.Contains(d, "."):
		return recipientHandle
	}
	return recipientHost
}

// isPhoneNumber: digits with the usual separators, at least 6 digits.
func isPhoneNumber(s string) bool {
	digits := 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '+' || r == '-' || r == '(' || r == ')' || r == '.' || r == ' ':
		default:
			return false
		}
	}
	return digits >= 6
}

// mentionsNumber reports whether said holds the phone number d, compared
// by its digits: the whole number, or its national part when the user
// wrote it without the country code (at least 7 digits).
func mentionsNumber(said, d string) bool {
	want := digitsOnly(d)
	if len(want) < 6 {
		return false
	}
	for _, run := range numberRuns(said) {
		if run == want || len(run) >= 7 && strings.HasSuffix(want, run) || len(want) >= 7 && strings.HasSuffix(run, want) {
			return true
		}
	}
	return false
}

// numberRuns are the phone-number-like runs of said: digits joined across
// the separators people write inside a number.
func numberRuns(said string) []string {
	var runs []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			runs = append(runs, cur.String())
			cur.Reset()
		}
	}
	for i := 0; i < len(said); i++ {
		c := said[i]
		switch {
		case c >= '0' && c <= '9':
			cur.WriteByte(c)
		case (c == '-' || c == '.' || c == ' ' || c == '+') && cur.Len() > 0 && i+1 < len(said) && said[i+1] >= '0' && said[i+1] <= '9':
		case c == '+':
		default:
			flush()
		}
	}
	flush()
	return runs
}

func digitsOnly(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// personNames are the words of an address's local part that name a
// person or a group: "bob.jones+x@…" → bob.jones, bob, jones; "team@" → team.
func personNames(addr string) []string {
	at := strings.LastIndexByte(addr, '@')
	if at <= 0 {
		return nil
	}
	local := addr[:at]
	if i := strings.IndexByte(local, '+'); i > 0 {
		local = local[:i]
	}
	var names []string
	if !genericLocal[local] {
		names = append(names, local)
	}
	for _, part := range strings.FieldsFunc(local, func(r rune) bool { return r == '.' || r == '_' || r == '-' }) {
		if len(part) >= 3 && !genericLocal[part] {
			names = append(names, part)
		}
	}
	return names
}

// hostNames lists the words by which a user names a host:
// "https://api.example.com/v1" → api.example.com, example.com;
// "example.org" → example.org.
func hostNames(d string) []string {
	d = strings.ToLower(strings.TrimSpace(d))
	if d == "" {
		return nil
	}
	names := []string{d}
	host := d
	if i := strings.Index(d, "://"); i >= 0 {
		host = d[i+3:]
		if j := strings.IndexAny(host, "/?#"); j >= 0 {
			host = host[:j]
		}
		if j := strings.LastIndexByte(host, '@'); j >= 0 {
			host = host[j+1:]
		}
		if j := strings.LastIndexByte(host, ':'); j >= 0 && !strings.Contains(host[j:], "]") {
			host = host[:j]
		}
	}
	if host != "" && strings.Contains(host, ".") {
		names = append(names, host)
		labels := strings.Split(host, ".")
		if n := len(labels); n >= 2 {
			names = append(names, labels[n-2]+"."+labels[n-1])
		}
	}
	return names
}

// genericLocal are local parts that name a role or group rather than a person.
var genericLocal = map[string]bool{"team": true, "support": true, "info": true, "sales": true, "hr": true, "admin": true,
	"hello": true, "contact": true, "office": true, "billing": true, "security": true, "it": true, "dev": true, "ops": true,
	"all": true, "staff": true, "everyone": true, "engineering": true, "legal": true, "finance": true, "jobs": true, "careers": true,
	// Roles a user calls a person by ("send it to my accountant"): the
	// role names no address, whoever's local part carries it.
	"accountant": true, "accounting": true, "accounts": true, "lawyer": true, "attorney": true, "boss": true, "manager": true,
	"assistant": true, "doctor": true, "landlord": true, "payroll": true, "bank": true, "banker": true, "advisor": true,
	"adviser": true, "agent": true, "recruiter": true, "mail": true, "email": true, "inbox": true, "me": true, "myself": true,
	"invoices": true, "invoice": true, "payments": true, "orders": true, "noreply": true, "help": true, "service": true}

// mentionsValue reports whether the user's messages contain value:
// digits compared without separators for numbers, case-insensitively for
// the rest.
func mentionsValue(msgs []string, t Type, value string) bool {
	return mentionsValueAny(msgs, t, value)
}

func mentionsValueAny(texts []string, t Type, value string) bool {
	if len(texts) == 0 || strings.TrimSpace(value) == "" {
		return false
	}
	if numericType(t) {
		v := alnumOnly(value)
		if len(v) < 4 {
			return false
		}
		for _, s := range texts {
			if strings.Contains(alnumOnly(s), v) {
				return true
			}
		}
		return false
	}
	v := strings.ToLower(value)
	for _, s := range texts {
		if strings.Contains(strings.ToLower(s), v) {
			return true
		}
	}
	return false
}

// alnumOnly keeps letters and digits, upper-cased: "+86 138-1234-5678" → "8613812345678".
func alnumOnly(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9', c >= 'A' && c <= 'Z':
			b.WriteByte(c)
		case c >= 'a' && c <= 'z':
			b.WriteByte(c - 'a' + 'A')
		}
	}
	return b.String()
}

// typeWords are how a user names each type of data.
var typeWords = map[Type][]string{
	Phone:       {"phone", "number", "mobile", "cell", "telephone", "tel", "whatsapp", "电话", "手机"},
	Email:       {"email", "e-mail", "address", "mail", "contact", "account", "邮箱"},
	Card:        {"card", "credit card", "debit card", "card number", "visa", "mastercard", "amex", "payment details"},
	BankAccount: {"account", "account number", "bank details", "bank account", "routing", "wire", "账号"},
	IBAN:        {"iban", "bank details", "bank account", "account", "wire", "transfer"},
	IP:          {"ip", "ip address", "address", "server", "host"},
	Address:     {"address", "home address", "street", "where i live", "shipping", "delivery", "mailing address", "地址"},
	TaxID:       {"tax", "tax id", "ssn", "social security", "tin", "ein", "itin", "vat", "id number", "身份证"},
	Password:    {"password", "passwd", "passphrase", "pin", "credentials", "密码"},
	APIKey:      {"api key", "apikey", "key", "token", "credentials", "secret"},
	Token:       {"token", "api key", "key", "bearer", "credentials", "secret", "pat"},
	Cookie:      {"cookie", "session", "cookies"},
	PrivateKey:  {"private key", "ssh key", "key", "pem", "certificate"},
	OTP:         {"code", "otp", "2fa", "verification", "one-time", "one time", "mfa", "验证码"},
}

// signInWords ask to sign in somewhere.
var signInWords = []string{"log in", "login", "log into", "log on", "logon", "sign in", "signin", "sign into", "sign on",
	"authenticate", "anmelden", "melde dich", "einloggen", "connecte-toi", "connecter", "connexion", "iniciar sesión",
	"inicia sesión", "accedi", "登录", "登入", "ログイン"}

// signInWindow is how far, in bytes of the normalised messages, the name
// of the service may follow the words that ask to sign in: "log into my
// Gmail account", "sign in to github.com".
const signInWindow = 48

// signsInTo reports whether the user asked to sign in to one of the
// destinations that is a site (not an address, a number or a handle),
// naming it near the words that ask.
func signsInTo(said string, dests []string, aliases map[string][]string) bool {
	for _, d := range dests {
		if recipientKind(d) != recipientHost {
			continue
		}
		names := hostNames(d)
		for _, a := range aliases[d] {
			if a = strings.ToLower(strings.TrimSpace(a)); a != "" {
				names = append(names, a)
			}
		}
		for _, w := range signInWords {
			for i := 0; ; {
				j := strings.Index(said[i:], w)
				if j < 0 {
					break
				}
				j += i
				i = j + len(w)
				if j > 0 && isWordByte(said[j-1]) || i < len(said) && isWordByte(said[i]) && w[len(w)-1] < 0x80 {
					continue // "catalog in", "logging"
				}
				// After the words, up to the end of the clause ("log into
				// my Gmail account"); before them, the two words next to
				// them ("my GitHub login").
				after := said[i:min(len(said), i+signInWindow)]
				for _, sep := range clauseEnds {
					if k := strings.Index(after, sep); k >= 0 {
						after = after[:k]
					}
				}
				before := said[:j]
				for n := 0; n < 2; n++ {
					before = strings.TrimRight(before, " ")
					before = before[:strings.LastIndexAny(before, " \n")+1]
				}
				for _, n := range names {
					if containsWord(after, n) || containsWord(said[len(before):j], n) {
						return true
					}
				}
			}
		}
	}
	return false
}

// clauseEnds end the clause that asks to sign in.
var clauseEnds = []string{"\n", " and ", " then ", " but ", " und ", " dann ", " et ", " puis ", " y ", " luego ", " e "}

// signInType: the data a sign-in sends.
func signInType(t Type) bool { return t == Password || t == OTP || t == Email }

// requestsType reports whether the user asked for this kind of data to be
// part of the transmission ("needs my phone number", "with the API key").
func requestsType(said string, t Type) bool {
	for _, w := range typeWords[t] {
		if containsWord(said, w) {
			return true
		}
	}
	return false
}

// judgeAttachment says whether a file sent along is personal and whether
// the user's messages name it.
func judgeAttachment(name, said string) Attachment {
	at := Attachment{Name: name}
	lower := strings.ToLower(strings.ReplaceAll(name, "\\", "/"))
	base := path.Base(lower)
	stem := strings.TrimSuffix(base, path.Ext(base))
	words := strings.FieldsFunc(stem, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	has := func(list ...string) bool {
		for _, w := range words {
			for _, l := range list {
				if w == l {
					return true
				}
			}
		}
		for _, l := range list {
			if strings.Contains(l, "_") && strings.Contains(stem, l) {
				return true
			}
		}
		return false
	}
	switch {
	case has("passport", "id", "idcard", "id_card", "id_document", "identity", "license", "licence", "driving", "drivers",
		"national", "ssn", "residence", "visa", "身份证", "护照"):
		at.Personal, at.Identity = true, true
	case has("lab", "medical", "diagnosis", "prescription", "health", "bloodwork", "xray", "mri", "insurance",
		"statement", "payslip", "paystub", "salary", "tax", "w2", "w-2", "1040", "bank", "contract", "will", "scan", "selfie", "photo", "photos", "img", "dsc", "pxl", "vacation", "family"):
		at.Personal = true
	}
	switch path.Ext(base) {
	case ".jpg", ".jpeg", ".png", ".heic", ".heif", ".gif", ".webp", ".raw", ".dng", ".mov", ".mp4":
		at.Personal = true
	}
	if strings.Contains(lower, "/desktop/") || strings.Contains(lower, "/pictures/") || strings.Contains(lower, "/photos/") ||
		strings.Contains(lower, "/documents/") || strings.Contains(lower, "/downloads/") {
		at.Personal = true
	}
	// Mentioned: the file's name, a word of it, or what it is.
	if containsWord(said, base) || containsWord(said, stem) {
		at.Mentioned = true
	}
	for _, w := range words {
		if len(w) >= 4 && !genericFileWord[w] && containsWord(said, w) {
			at.Mentioned = true
		}
	}
	kinds := []string{"photo", "picture", "pic", "image", "video", "document", "file", "scan", "attachment", "pdf", "results", "report", "record", "records", "statement"}
	if at.Identity {
		kinds = []string{"id", "id document", "passport", "license", "licence", "identity", "id card"}
	}
	for _, k := range kinds {
		if containsWord(said, "my "+k) || containsWord(said, "the "+k) || containsWord(said, "this "+k) || containsWord(said, "attached "+k) {
			// "my vacation photo": the kind and a word of the file's name agree.
			for _, w := range words {
				if len(w) >= 3 && containsWord(said, w) {
					at.Mentioned = true
				}
			}
			if at.Identity {
				at.Mentioned = true
			}
		}
	}
	return at
}

var genericFileWord = map[string]bool{"file": true, "image": true, "photo": true, "copy": true, "final": true, "scan": true, "document": true, "untitled": true, "screenshot": true}
