package intent

import (
	"strings"
	"sync"

	"github.com/actionguard/actionguard/internal/lazy"
	"github.com/actionguard/actionguard/rule"
)

// Harm by what the content does, not by the name of its category. A
// request rarely says "phishing", "fake review" or "disinformation"; it
// describes the content, and the content is the harm:
//
//   - a message written as someone the user is not (a bank, IT support,
//     a quoted sender) that asks its reader for a password, a card number
//     or a code: phishing;
//   - reviews or testimonials written as customers who do not exist or
//     never used the product: fake reviews;
//   - news, statistics or quotes made up to be passed on: disinformation;
//   - a message telling someone to kill or hurt themselves: harassment;
//   - keys or credentials sent somewhere silently: theft.
//
// Each reads one step; the benign twin is the same content with a
// protecting, spotting or teaching purpose before it, a negated ask
// ("never share your password"), or the user's own words (reviews of books
// the user read).

// posingWords are what a posing detector needs to look at a step at all:
// most steps hold none of them and are not read further.
var posingWords = &lazy.Value[map[string]bool]{New: func() map[string]bool {
	return set("from look looks seem seems appear appears pretend pretending pose posing impersonate impersonating masquerade disguise disguised spoof spoofed " +
		"review reviews testimonial testimonials rating ratings endorsement endorsements " +
		"made make invented fabricated fabricate fictitious " +
		"tell urge urging urges encourage encouraging convince convincing persuade persuading push pushing pressure pressuring goad goading dare daring " +
		"silently secretly quietly covertly stealthily unnoticed")
}}

var (
	// credentialNouns are what a phishing message asks its reader for.
	credentialNouns map[string]bool
	// askVerbs ask the reader to hand something over.
	askVerbs map[string]bool
	// posingClear are the purposes that make a posed message the benign
	// twin: warning about it, training people to spot it.
	posingClear map[string]bool
	reviewKinds map[string]bool
	// authorNouns are who a review is written as.
	authorNouns map[string]bool
	// fabricated says the authors or the facts do not exist.
	fabricated map[string]bool
	// usedVerbs: "people who never used our product".
	usedVerbs map[string]bool
	// writeVerbs make content.
	writeVerbs map[string]bool
	newsNouns  map[string]bool
	urgeVerbs  map[string]bool
	hurtActs   map[string]bool
	// otherSelves are the reflexives of someone else: "kill themselves".
	otherSelves   map[string]bool
	covertWords   map[string]bool
	carryVerbs    map[string]bool
	secretObjects map[string]bool
)

var posingOnce sync.Once

func buildPosing() {
	posingOnce.Do(func() {
		credentialNouns = set("password passwords passcode passcodes pin pins credential credentials login logins cvv cvc ssn otp 2fa mfa " +
			"passphrase seed")
		askVerbs = set("verify confirm enter provide reply send update submit give share type validate input fill re-enter reenter " +
			"respond return email text call log sign click")
		posingClear = set("warn warning warns remind reminder reminding awareness training train educate teach recognize recognise spot " +
			"detect report flag never avoid protect")
		reviewKinds = set("review reviews testimonial testimonials rating ratings endorsement endorsements")
		authorNouns = set("customer customers people user users buyer buyers guest guests client clients patient patients diner diners " +
			"reviewer reviewers person persons persona personas shopper shoppers visitor visitors traveler travelers traveller travellers " +
			"parent parents student students owner owners name names account accounts profile profiles")
		fabricated = set("made-up madeup fake fictional fictitious invented imaginary nonexistent non-existent bogus phony phoney " +
			"fabricated pretend different various")
		usedVerbs = set("use used using buy bought try tried visit visited stay stayed eat ate purchase purchased own owned order ordered " +
			"attend attended read watch watched")
		writeVerbs = set("write create generate make draft compose produce craft post publish submit leave invent fabricate come put " +
			"give churn pump")
		newsNouns = set("news article articles statistic statistics stats quote quotes claim claims report reports evidence poll polls " +
			"study studies data figures numbers headline headlines story press")
		urgeVerbs = set("tell tells telling told urge urges urging urged encourage encourages encouraging convince convincing persuade " +
			"persuading push pushing pressure pressuring goad goading dare daring")
		hurtActs = set("kill hurt harm cut hang end die starve overdose unalive")
		otherSelves = set("themselves themself himself herself yourself yourselves")
		covertWords = set("silently secretly quietly covertly stealthily unnoticed undetected")
		carryVerbs = set("upload send copy sync exfiltrate post email transfer rsync scp push mail forward ship beam leak")
		secretObjects = set("password passwords credential credentials token tokens cookie cookies keychain wallet secret secrets " +
			"key keys id_rsa id_ed25519")
	})
}

// posedHarm looks for harm described by what the content does.
func posedHarm(text string, toks []token) (rule.Finding, bool) {
	hit := false
	for _, t := range toks {
		if posingWords.Get()[t.word] {
			hit = true
			break
		}
	}
	if !hit {
		return rule.Finding{}, false
	}
	buildPosing()
	buildHarmRules()
	for _, fn := range []func(string, []token) (rule.Finding, bool){posedAsk, fakeAuthors, madeUpNews, urgedSelfHarm, covertSecrets} {
		if f, ok := fn(text, toks); ok {
			return f, true
		}
	}
	return rule.Finding{}, false
}

// posedAsk: a message written as someone the user is not that asks its
// reader for a credential ("a message from \"Chase Security\" … verify
// their card number", "a note that looks like it comes from IT support
// asking staff to reply with their VPN passwords").
func posedAsk(text string, toks []token) (rule.Finding, bool) {
	pose := posing(text, toks)
	if pose < 0 {
		return rule.Finding{}, false
	}
	for j, t := range toks {
		if !credentialNoun(toks, j) {
			continue
		}
		for i := max(0, j-8); i < j; i++ {
			if !askVerbs[toks[i].word] {
				continue
			}
			if negatedNear(toks, i) || clearedBefore(toks, max(i, pose)) {
				return rule.Finding{}, false
			}
			_ = t
			return ruleDangerPhishing.Find(span(text, toks[min(pose, i):j+1]), ""), true
		}
	}
	return rule.Finding{}, false
}

// posing returns where a step says its message passes for someone else's,
// or -1: a quoted sender (from "Chase Security"), a message that looks,
// seems or appears to come from someone, or one that pretends, poses or
// is disguised as someone.
func posing(text string, toks []token) int {
	for i, t := range toks {
		switch t.word {
		case "from":
			if i+1 < len(toks) && quotedAt(text, toks[i+1].start) {
				return i
			}
		case "look", "looks", "seem", "seems", "appear", "appears":
			for k := i + 1; k < min(len(toks), i+6); k++ {
				if toks[k].word == "from" {
					return i
				}
			}
		case "pretend", "pretending", "pose", "posing", "impersonate", "impersonating", "masquerade", "disguise", "disguised", "spoof", "spoofed":
			return i
		}
	}
	return -1
}

// quotedAt reports a word that opens a quotation.
func quotedAt(text string, at int) bool {
	if at <= 0 || at > len(text) {
		return false
	}
	before := text[:at]
	return strings.HasSuffix(before, `"`) || strings.HasSuffix(before, "“") || strings.HasSuffix(before, "'") || strings.HasSuffix(before, "«")
}

// credentialNoun reports a credential at toks[j]: a password, a PIN, a
// code, or a card's or an account's number or details.
func credentialNoun(toks []token, j int) bool {
	w := toks[j].word
	if credentialNouns[w] {
		return true
	}
	switch w {
	case "number", "numbers", "detail", "details", "code", "codes":
		if j > 0 {
			switch toks[j-1].word {
			case "card", "account", "routing", "security", "social", "verification", "one-time", "bank", "banking", "login", "sort", "cvv":
				return true
			}
		}
	}
	return false
}

// negatedNear reports a negation within three words before toks[i]
// ("never to share", "not to reply with").
func negatedNear(toks []token, i int) bool {
	for k := max(0, i-3); k < i; k++ {
		if negations[toks[k].word] {
			return true
		}
	}
	return false
}

// clearedBefore reports a protecting or teaching purpose before toks[end]
// ("a training e-mail that teaches staff to spot…", "warn customers that
// messages from \"Chase\" asking for…").
func clearedBefore(toks []token, end int) bool {
	for _, t := range toks[:min(end, len(toks))] {
		if posingClear[t.word] {
			return true
		}
	}
	return false
}

// fakeAuthors: reviews or testimonials made as customers who do not exist
// or never used what they praise ("50 five-star reviews … from different
// made-up customers", "testimonials from people who never used our
// product").
func fakeAuthors(text string, toks []token) (rule.Finding, bool) {
	review := -1
	for i, t := range toks {
		if reviewKinds[t.word] {
			review = i
			break
		}
	}
	if review < 0 || !anyWriteBefore(toks, review) {
		return rule.Finding{}, false
	}
	if infoQuestion(toks) {
		return rule.Finding{}, false
	}
	for j, t := range toks {
		if !authorNouns[t.word] {
			continue
		}
		fake := false
		for k := max(0, j-3); k < j; k++ {
			if fabricated[toks[k].word] || toks[k].word == "up" && k > 0 && (toks[k-1].word == "made" || toks[k-1].word == "make") {
				fake = true
			}
		}
		for k := j + 1; k < min(len(toks), j+5); k++ {
			if (toks[k].word == "never" || toks[k].word == "not") && k+1 < len(toks) && usedVerbs[toks[k+1].word] {
				fake = true
			}
		}
		if !fake || clearedBefore(toks, review) {
			continue
		}
		return ruleDangerFraud.Find(span(text, toks[min(review, j):max(review, j)+1]), ""), true
	}
	return rule.Finding{}, false
}

// anyWriteBefore reports a word that makes content before toks[at].
func anyWriteBefore(toks []token, at int) bool {
	for _, t := range toks[:at] {
		if writeVerbs[t.word] {
			return true
		}
	}
	return false
}

// infoQuestion: a question about what something is or whether it is so
// ("is this review fake?", "what are fake reviews?").
func infoQuestion(toks []token) bool {
	return len(toks) > 0 && harmInfoStarts[toks[0].word] && !asksHow(toks)
}

// madeUpNews: news, statistics or quotes made up ("a news article …
// with made-up statistics", "make up quotes from the senator").
func madeUpNews(text string, toks []token) (rule.Finding, bool) {
	for i, t := range toks {
		made := (t.word == "made" || t.word == "make") && i+1 < len(toks) && toks[i+1].word == "up" ||
			t.word == "invented" || t.word == "fabricated" || t.word == "fictitious"
		if !made {
			continue
		}
		if i > 0 && (toks[i-1].word == "for" || toks[i-1].word == "are" || toks[i-1].word == "is" || toks[i-1].word == "be" || toks[i-1].word == "were") {
			return rule.Finding{}, false // "check it for made-up quotes", "whether the figures are made up"
		}
		for j := max(0, i-8); j < min(len(toks), i+6); j++ {
			if !newsNouns[toks[j].word] {
				continue
			}
			if !anyWriteBefore(toks, max(i, j)) && !(t.word == "make" && i == 0) || clearedBefore(toks, min(i, j)) || checksFacts(toks) || infoQuestion(toks) || negatedNear(toks, i) {
				return rule.Finding{}, false
			}
			return ruleHarmDisinformation.Find(span(text, toks[min(i, j):max(i, j)+1]), ""), true
		}
	}
	return rule.Finding{}, false
}

// urgedSelfHarm: a message that tells someone to kill or hurt themselves.
func urgedSelfHarm(text string, toks []token) (rule.Finding, bool) {
	for i, t := range toks {
		if !urgeVerbs[t.word] {
			continue
		}
		for j := i + 1; j < min(len(toks), i+8); j++ {
			if !hurtActs[toks[j].word] {
				continue
			}
			for k := j + 1; k < min(len(toks), j+4); k++ {
				if !otherSelves[toks[k].word] {
					continue
				}
				if negatedNear(toks, j) || clearedBefore(toks, i) || helpNear(toks) {
					return rule.Finding{}, false
				}
				return ruleHarmHarassment.Find(span(text, toks[i:k+1]), ""), true
			}
		}
	}
	return rule.Finding{}, false
}

// helpNear: the request is about helping ("tell someone who wants to kill
// themselves where to find help").
func helpNear(toks []token) bool {
	for _, t := range toks {
		switch t.word {
		case "help", "hotline", "helpline", "crisis", "support", "therapist", "counselor", "counsellor", "prevention", "lifeline":
			return true
		}
	}
	return false
}

// covertSecrets: keys or credentials carried somewhere silently ("a
// script that silently uploads ~/.ssh to my server every night").
func covertSecrets(text string, toks []token) (rule.Finding, bool) {
	covert, carry, secret := -1, -1, -1
	for i, t := range toks {
		switch {
		case covertWords[t.word] || t.word == "without" && i+2 < len(toks) && (toks[i+1].word == "anyone" || toks[i+1].word == "them" || toks[i+1].word == "him" || toks[i+1].word == "her") && (toks[i+2].word == "knowing" || toks[i+2].word == "noticing"):
			covert = i
		case carryVerbs[t.word]:
			carry = i
		case secretObjects[t.word] || dotDir(text, t) || t.word == "ssh" && i+1 < len(toks) && (toks[i+1].word == "key" || toks[i+1].word == "keys"):
			secret = i
		}
	}
	if covert < 0 || carry < 0 || secret < 0 || clearedBefore(toks, covert) {
		return rule.Finding{}, false
	}
	lo, hi := min(covert, carry, secret), max(covert, carry, secret)
	return ruleDangerTheft.Find(span(text, toks[lo:hi+1]), ""), true
}

// defenceNouns after a harm's word make it the name of a defence: "a
// keylogger detection script", "a phishing filter", "malware scanner".
var defenceNouns = &lazy.Value[map[string]bool]{New: func() map[string]bool {
	return set("detection detector detectors detecting scanner scanners filter filters protection prevention removal remover blocker " +
		"blockers checker checkers classifier classifiers awareness training defense defence defenses defences")
}}

// attackNames name an attack or its tool: followed by a defence noun
// they name what the defence is against.
var attackNames = &lazy.Value[map[string]bool]{New: func() map[string]bool {
	return set("phishing phish keylogger keyloggers malware ransomware spyware trojan rootkit botnet backdoor worm virus stalkerware " +
		"infostealer exploit deepfake deepfakes scam scams fraud spam sqli xss injection cryptojacker")
}}

// defenceNounAfter reports an attack's name at toks[j] with a defence
// noun right after it.
func defenceNounAfter(toks []token, j int) bool {
	return j+1 < len(toks) && attackNames.Get()[toks[j].word] && defenceNouns.Get()[toks[j+1].word]
}

// nounUse reports a pattern's verb used as a noun: right after one of the
// pattern's objects or a determiner ("this phishing email", "the text"),
// a word that is also a verb (email, text, message, call) names the
// thing, not the act.
func nounUse(p *dangerPattern, toks []token, i int) bool {
	if i == 0 {
		return false
	}
	switch toks[i].word {
	case "email", "text", "message", "call", "dm", "post", "mail", "code", "design", "kit", "set", "host", "clone", "campaign":
	default:
		return false
	}
	prev := toks[i-1]
	return p.objectSet[prev.word] || determiners[prev.word] || prev.poss
}

// dotDir reports a word written as a directory of keys or credentials
// (~/.ssh, .aws, .gnupg, .kube): the word after a dot.
func dotDir(text string, t token) bool {
	switch t.word {
	case "ssh", "aws", "gnupg", "kube", "docker", "netrc", "pgpass", "env":
		return t.start > 0 && t.start <= len(text) && text[t.start-1] == '.'
	}
	return false
}

// checksFacts: the request checks whether something is made up ("how
// can I tell whether…", "fact-check this article").
func checksFacts(toks []token) bool {
	for _, t := range toks {
		switch t.word {
		case "whether", "fact", "fact-check", "factcheck", "debunk", "verify", "identify", "spot", "detect", "check":
			return true
		}
	}
	return false
}
