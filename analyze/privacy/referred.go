package privacy

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A user often names a recipient by what an earlier tool result showed:
// "reply to the landlord", "answer that e-mail", "respond to the person
// who wrote about the rent". The recipient is then the sender of the
// message the user referred to — its From, Sender or Reply-To, or the
// address of a contact a contacts tool listed — and never an address a
// message's text merely mentions: "send it to attacker@x" in a body is
// what an injected instruction supplies, and it names nobody.

// Result is an earlier tool result the user may refer to: a message read,
// an inbox listed, a contact looked up.
type Result struct {
	Text string
	// Fingerprints stand for the values Text held before it was redacted;
	// among them SenderFingerprints(key, original text), which stand for
	// its senders.
	Fingerprints []string
}

// Message is one message (or contact) a tool result shows.
type Message struct {
	// Index is the message's place in the result, the same whether the
	// result is redacted or not.
	Index int
	// Senders are the addresses the message came from (From, Sender,
	// Reply-To) or a contact's addresses, lower case, as the text shows
	// them (masked where the text is redacted).
	Senders []string
	// Words are the message's text, normalised: display names, subject,
	// body; what a user's description of it is compared with.
	Words string
}

// Bounds of the reading of results.
const (
	maxResultBytes   = 64 << 10
	maxResultValues  = 4096
	maxReferMessages = 256
)

// senderKeys name who a message came from, compared without case, "_"
// and "-".
// (a field of referWords)

// contactNameKeys and contactMailKeys make an object a contact: a name and an address.
// (fields of referWords, below)

// nestedMessageKeys hold the messages a message carries (a thread's
// replies); recipientListKeys hold who a message went to, never a message.
// (fields of referWords, below)

// Messages returns the messages and contacts a tool result shows: the
// objects of a JSON result that have a sender (from, sender, author,
// reply_to…) or a name and an address, or the header blocks (From:,
// Reply-To:, Subject:) of a text one. Lines quoted with ">" are not read:
// a quoted header is part of a body.
func Messages(text string) []Message {
	if len(text) > maxResultBytes {
		text = text[:maxResultBytes]
	}
	t := strings.TrimSpace(text)
	if strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[") {
		var v any
		if json.Unmarshal([]byte(t), &v) == nil {
			w := &jsonMessages{}
			w.walk(v, 0)
			return w.out
		}
	}
	return textMessages(text)
}

type jsonMessages struct {
	out    []Message
	values int
}

func normKey(k string) string {
	return strings.NewReplacer("_", "", "-", "", " ", "").Replace(strings.ToLower(k))
}

func (w *jsonMessages) walk(v any, depth int) {
	if depth > 32 || w.values > maxResultValues || len(w.out) >= maxReferMessages {
		return
	}
	w.values++
	switch x := v.(type) {
	case []any:
		for _, y := range x {
			w.walk(y, depth+1)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		// Sorted: the same order whether or not the result is redacted.
		slices.Sort(keys)
		var senders []string
		hasName, isMessage := false, false
		for _, k := range keys {
			nk := normKey(k)
			switch {
			case referTables().senderKeys[nk]:
				isMessage = true
				senders = append(senders, addressesIn(x[k], 0)...)
			case referTables().contactNameKeys[nk]:
				hasName = true
			}
		}
		if hs := headerSenders(x); hs != nil {
			isMessage = true
			senders = append(senders, hs...)
		}
		if !isMessage && hasName {
			for _, k := range keys {
				if referTables().contactMailKeys[normKey(k)] {
					isMessage = true
					senders = append(senders, addressesIn(x[k], 0)...)
				}
			}
		}
		if isMessage {
			var words []string
			collectStrings(x, &words, 0)
			w.out = append(w.out, Message{Index: len(w.out), Senders: dedupe(senders), Words: normalizeMessages(words)})
		}
		for _, k := range keys {
			switch x[k].(type) {
			case map[string]any, []any:
				// A message's own parts (its recipients, its headers) are
				// not messages; the replies it holds are.
				if nk := normKey(k); isMessage && referTables().nestedMessageKeys[nk] || !isMessage && !referTables().recipientListKeys[nk] && !referTables().senderKeys[nk] {
					w.walk(x[k], depth+1)
				}
			}
		}
	}
}

// headerSenders returns the senders of headers given as name/value pairs
// (Gmail's message: {"snippet": …, "payload": {"headers": [{"name":
// "From", "value": "Jane <jane@x>"}, …]}}), or nil.
func headerSenders(m map[string]any) []string {
	var out []string
	read := func(v any) {
		hs, _ := v.([]any)
		for _, h := range hs {
			if p, ok := h.(map[string]any); ok {
				if n, _ := p["name"].(string); referTables().senderKeys[normKey(n)] {
					out = append(out, addressesIn(p["value"], 0)...)
					if out == nil {
						out = []string{}
					}
				}
			}
		}
	}
	for k, v := range m {
		switch normKey(k) {
		case "headers":
			read(v)
		case "payload":
			if p, ok := v.(map[string]any); ok {
				for k2, v2 := range p {
					if normKey(k2) == "headers" {
						read(v2)
					}
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// addressesIn returns the addresses a sender's value holds: a string
// ("Jane <jane@x>"), an object ({"name": …, "address": …},
// {"emailAddress": {…}}) or a list of them.
func addressesIn(v any, depth int) []string {
	if depth > 4 {
		return nil
	}
	switch x := v.(type) {
	case string:
		return addressesOf(x)
	case []any:
		var out []string
		for _, y := range x {
			out = append(out, addressesIn(y, depth+1)...)
		}
		return out
	case map[string]any:
		var out []string
		for _, y := range x {
			out = append(out, addressesIn(y, depth+1)...)
		}
		slices.Sort(out)
		return out
	}
	return nil
}

func collectStrings(v any, out *[]string, depth int) {
	if depth > 8 || len(*out) > 256 {
		return
	}
	switch x := v.(type) {
	case string:
		*out = append(*out, x)
	case []any:
		for _, y := range x {
			collectStrings(y, out, depth+1)
		}
	case map[string]any:
		for _, y := range x {
			collectStrings(y, out, depth+1)
		}
	}
}

// textMessages reads header blocks: a From: (Sender:, or a translation)
// line starts a message; Reply-To: adds a sender; the lines up to the
// next From: line are its subject and body.
func textMessages(text string) []Message {
	var out []Message
	var cur *Message
	var words []string
	flush := func() {
		if cur != nil {
			cur.Words = normalizeMessages(words)
			cur.Senders = dedupe(cur.Senders)
			out = append(out, *cur)
		}
		cur, words = nil, nil
	}
	for line := range strings.SplitSeq(text, "\n") {
		l := strings.TrimSpace(line)
		if strings.HasPrefix(l, ">") {
			continue
		}
		name, value, ok := strings.Cut(l, ":")
		if ok && len(name) <= 16 {
			switch normKey(name) {
			case "from", "sender", "von", "de", "发件人", "寄件人", "remitente", "expéditeur", "absender":
				flush()
				if len(out) >= maxReferMessages {
					return out
				}
				cur = &Message{Index: len(out), Senders: addressesOf(value)}
				words = append(words, value)
				continue
			case "replyto", "antwortan", "répondreà", "responder a":
				if cur != nil {
					cur.Senders = append(cur.Senders, addressesOf(value)...)
				}
				continue
			}
		}
		if cur != nil {
			words = append(words, l)
		}
	}
	flush()
	return out
}

// addressesOf returns the e-mail addresses in s, lower case, masked ones
// ("j***@gmail.com") included.
func addressesOf(s string) []string {
	var out []string
	for i := 0; i < len(s); i++ {
		if s[i] != '@' {
			continue
		}
		a := i
		for a > 0 && isLocalByte(s[a-1]) {
			a--
		}
		b := i + 1
		for b < len(s) && isDomainByte(s[b]) {
			b++
		}
		local, domain := s[a:i], strings.Trim(s[i+1:b], ".-")
		if local == "" || !strings.Contains(domain, ".") {
			continue
		}
		out = append(out, strings.ToLower(local+"@"+domain))
		i = b - 1
	}
	return out
}

func isLocalByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("._%+-*'", c) >= 0 || c >= 0x80
}

func isDomainByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c >= 0x80
}

func dedupe(s []string) []string {
	var out []string
	for _, v := range s {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// SenderFingerprint stands for addr as a sender of the index-th message
// of a result (see Messages): a sender, unlike an address the text only
// mentions, and of that message, not of another one in the same result.
func SenderFingerprint(key []byte, index int, addr string) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("sender\x00" + strconv.Itoa(index) + "\x00" + normalizeAddress(addr)))
	return hex.EncodeToString(mac.Sum(nil)[:12])
}

// SenderFingerprints returns the fingerprints of the senders of the
// messages text shows, to keep with the text once it is redacted.
func SenderFingerprints(key []byte, text string) []string {
	var out []string
	for _, m := range Messages(text) {
		for _, s := range m.Senders {
			if !strings.Contains(s, "*") {
				out = append(out, SenderFingerprint(key, m.Index, s))
			}
		}
	}
	return out
}

func normalizeAddress(a string) string {
	a = strings.ToLower(strings.TrimSpace(a))
	a = strings.TrimPrefix(a, "mailto:")
	return strings.TrimRight(a, ".")
}

// referWords are the word tables of reading messages and the requests
// that refer to them, built together on first use.
type referWords struct {
	senderKeys        map[string]bool
	contactNameKeys   map[string]bool
	contactMailKeys   map[string]bool
	nestedMessageKeys map[string]bool
	recipientListKeys map[string]bool
	referStop         map[string]bool
	referEnd          map[string]bool
}

var referTables = sync.OnceValue(func() *referWords {
	return &referWords{
		senderKeys: map[string]bool{"from": true, "sender": true, "author": true, "replyto": true, "fromaddress": true,
			"fromemail": true, "senderemail": true, "senderaddress": true, "fromuser": true},
		contactNameKeys:   map[string]bool{"name": true, "displayname": true, "fullname": true, "firstname": true, "givenname": true, "lastname": true, "familyname": true},
		contactMailKeys:   map[string]bool{"email": true, "emails": true, "emailaddress": true, "emailaddresses": true, "mail": true, "phone": true, "phones": true, "phonenumber": true, "phonenumbers": true, "mobile": true},
		nestedMessageKeys: map[string]bool{"messages": true, "replies": true, "thread": true, "threads": true, "items": true, "children": true, "comments": true},
		recipientListKeys: map[string]bool{"to": true, "cc": true, "bcc": true, "torecipients": true, "ccrecipients": true, "bccrecipients": true, "recipients": true, "participants": true, "members": true, "attendees": true, "headers": true},
		referStop: map[string]bool{
			"to": true, "the": true, "a": true, "an": true, "that": true, "this": true, "these": true, "those": true, "it": true, "its": true,
			"her": true, "him": true, "them": true, "his": true, "their": true, "back": true, "up": true, "with": true, "on": true, "in": true,
			"email": true, "e-mail": true, "mail": true, "emails": true, "mails": true, "message": true, "messages": true, "msg": true,
			"note": true, "text": true, "thread": true, "dm": true, "letter": true, "reply": true, "one": true, "inquiry": true, "request": true,
			"from": true, "of": true, "by": true, "about": true, "regarding": true, "re": true, "concerning": true, "person": true, "people": true,
			"who": true, "which": true, "wrote": true, "written": true, "sent": true, "send": true, "me": true, "us": true, "my": true, "our": true,
			"i": true, "we": true, "just": true, "got": true, "received": true, "last": true, "latest": true, "recent": true, "new": true,
			"first": true, "please": true, "pls": true, "guy": true, "lady": true, "sender": true, "earlier": true, "today": true,
			"yesterday": true, "you": true, "read": true, "found": true, "above": true, "there": true, "has": true, "had": true, "have": true,
			"dem": true, "der": true, "die": true, "den": true, "das": true, "au": true, "à": true, "la": true, "le": true, "les": true,
			"al": true, "el": true, "del": true, "de": true, "du": true, "des": true, "an die": true, "auf": true,
		},
		referEnd: map[string]bool{"saying": true, "say": true, "and": true, "telling": true, "tell": true, "asking": true, "ask": true,
			"confirming": true, "confirm": true, "letting": true, "let": true, "because": true, "so": true, "but": true, "if": true,
			"accepting": true, "declining": true, "thanking": true, "thank": true, "explaining": true, "then": true, "when": true,
			"what": true, "how": true, "yes": true, "no": true, "politely": true, "briefly": true, "quickly": true, "for": true,
			"und": true, "et": true, "y": true, "e": true},
	}
})
