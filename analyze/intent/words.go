package intent

import (
	"strings"
	"sync"
)

// family is what a request's main verb does.
type family uint8

const (
	famNone     family = iota
	famRead            // seed 000's safe keywords: search, read, explain, list…
	famGenerate        // produces text or code for the user to read: draft, write, generate
	famWrite           // changes data: create, update, modify, rename…
	famDestroy         // deletes: delete, remove, erase, wipe, purge…
	famSend            // communicates: send, email, post, publish, share…
	famPay             // moves money: pay, transfer, purchase, buy…
	famRun             // executes: run, execute, deploy, restart…
	famGrant           // authorises: grant, revoke, invite…
	famCall            // reaches an external API: call, request, hit
	famCommit          // binds the user: sign a contract, submit a form
	famWrapper         // carries another verb: help, want, need, try, let
)

// verbs lists each family's base forms; inflections are derived (see
// lemma). The seed's keyword lists are here, extended with synonyms.
var verbs = map[family]string{
	famRead: "search find read view show list analyze analyse summarize summarise explain calculate " +
		"convert translate format check verify review guide look lookup fetch query describe compare tell " +
		"define understand learn see display preview count estimate recommend suggest brainstorm plan " +
		"research locate inspect examine proofread evaluate identify detect diagnose debug answer " +
		"spell parse interpret predict clarify teach outline visualize visualise measure browse scan watch " +
		"walk open skim audit assess decide export download print flag " +
		"what how why where when who which whether",
	famGenerate: "draft prepare write compose generate sketch rewrite rephrase paraphrase design build " +
		"code implement refactor template make",
	famWrite: "create update modify change edit rename move save add insert set install upgrade configure " +
		"enable disable schedule reset replace archive commit push merge append fix apply import " +
		"sync restore mark tag assign accept decline reject register turn switch upload rotate " +
		"remind overwrite adjust alter patch migrate backup copy duplicate store record " +
		"star unstar pin unpin bookmark favorite favourite label snooze mute unmute prepend attach rsvp put " +
		"lock arm close revert undo redo rebase squash amend stash cherry-pick",
	famDestroy: "delete remove erase wipe purge destroy drop clear truncate shred trash discard empty " +
		"uninstall nuke unsubscribe cancel rm rmdir unlink deactivate terminate",
	famSend: "send email mail message text forward post publish tweet share reply respond dm broadcast " +
		"notify announce retweet repost comment sms contact ship dial",
	famPay: "pay transfer purchase buy withdraw order checkout donate wire invest sell refund subscribe tip " +
		"deposit charge book bid trade venmo renew reserve rent lease",
	famRun: "run execute eval launch start deploy restart stop kill reboot shutdown trigger invoke rollback redeploy",
	famGrant: "grant revoke invite authorize authorise promote demote unlock unblock allow permit " +
		"whitelist allowlist approve unshare disarm",
	famCommit:  "sign submit countersign notarize notarise",
	famCall:    "call request ping hit",
	famWrapper: "help want need like try let go ahead able going also then now quickly immediately kindly please just really",
}

// irregular forms of verbs the tables use.
var irregular = "sent:send wrote:write written:write made:make bought:buy paid:pay ran:run " +
	"withdrew:withdraw withdrawn:withdraw gave:give given:give stole:steal stolen:steal took:take " +
	"taken:take found:find told:tell shown:show built:build drew:draw sold:sell broke:break " +
	"began:begin saw:see seen:see read:read set:set put:put shut:shut"

var (
	lexOnce   sync.Once
	lemmas    map[string]string // inflected form → base
	verbFam   map[string]family // base → family
	dangerAny map[string]uint8  // dangerVerb: the verbs and alone words of every pattern; dangerReview, dangerOwner: see scanDanger
	// dangerPatternsOf has bit k set when the word is a verb or an alone
	// word of dangerPatterns[k] (TestDangerPatternCount keeps k < 64).
	dangerPatternsOf map[string]uint64
)

// lexicon builds the tables on first use, so that package init stays cheap.
func lexicon() {
	// The word flags below read the tables: they come first, whoever
	// asks for a word's base form first.
	tables()
	lexOnce.Do(func() {
		lemmas = make(map[string]string, 2048)
		verbFam = make(map[string]family, 400)
		add := func(base string) {
			for _, f := range inflect(base) {
				if _, ok := lemmas[f]; !ok {
					lemmas[f] = base
				}
			}
		}
		for fam := famRead; fam <= famWrapper; fam++ {
			for _, v := range strings.Fields(verbs[fam]) {
				if _, ok := verbFam[v]; !ok || fam != famRead {
					verbFam[v] = fam
				}
				add(v)
			}
		}
		// The harm categories' patterns join the security ones here, on
		// first use.
		// Their words are not added to the lemmas (a new lemma would change
		// how every other table reads a word: "reports" would become
		// "report"); their sets hold every inflected form instead.
		nSec := len(dangerPatterns)
		dangerPatterns = append(dangerPatterns[:nSec:nSec], harmPatterns()...)
		for _, p := range dangerPatterns[:nSec] {
			for _, set := range [][]string{p.verbs, p.objects, p.people, p.alone} {
				for _, w := range set {
					add(w)
				}
			}
		}
		for _, pair := range strings.Fields(irregular) {
			form, base, _ := strings.Cut(pair, ":")
			lemmas[form] = base
		}
		// Words whose derived forms collide with other words.
		for _, w := range []string{"news", "access", "process", "address", "business", "class", "status", "is", "was", "has", "this", "us", "its", "bus", "less", "series", "analysis", "always", "data", "bed", "red", "need", "feed", "seed", "speed", "posting"} {
			lemmas[w] = w
		}
		lemmas["posting"] = "post"
		lemmas["settings"] = "setting"
		lemmas["setting"] = "setting"
		lemmas["logging"] = "logging"
		lemmas["booking"] = "booking"
		lemmas["meeting"] = "meeting"
		dangerAny = make(map[string]uint8, 256)
		dangerPatternsOf = make(map[string]uint64, 256)
		base := func(list []string) map[string]bool {
			m := make(map[string]bool, len(list))
			for _, w := range list {
				if b, ok := lemmas[w]; ok {
					w = b
				}
				m[w] = true
			}
			return m
		}
		for flag, words := range map[uint8]map[string]bool{
			dangerReview: reviewWords, dangerOwner: recordOwners, dangerDefense: defensiveWords,
			dangerRisk: riskWords, dangerFiller: stopWords,
		} {
			for w := range words {
				dangerAny[w] |= flag
			}
		}
		for w := range determiners {
			dangerAny[w] |= dangerFiller
		}
		for w := range reviewWords {
			dangerAny[w] |= dangerReview
		}
		for w := range recordOwners {
			dangerAny[w] |= dangerOwner
		}
		for i := range dangerPatterns {
			p := &dangerPatterns[i]
			if i < nSec {
				p.verbSet, p.objectSet, p.peopleSet, p.aloneSet = base(p.verbs), base(p.objects), base(p.people), base(p.alone)
			} else {
				p.verbSet, p.objectSet, p.peopleSet, p.aloneSet = forms(p.verbs), forms(p.objects), forms(p.people), forms(p.alone)
			}
			for _, m := range []map[string]bool{p.verbSet, p.aloneSet} {
				for w := range m {
					dangerAny[w] |= dangerVerb
					dangerPatternsOf[w] |= 1 << i
				}
			}
		}
	})
}

// forms returns a set of every inflected form of the words, and the base
// form the lemmas give each word: a token matches whether the tokenizer
// reduced it or not.
func forms(list []string) map[string]bool {
	m := make(map[string]bool, 4*len(list))
	for _, w := range list {
		for _, f := range inflect(w) {
			m[f] = true
		}
		if b, ok := lemmas[w]; ok {
			m[b] = true // "passwords" is read as "password"
		}
	}
	for _, pair := range strings.Fields(irregular) {
		form, b, _ := strings.Cut(pair, ":")
		if m[b] {
			m[form] = true
		}
	}
	return m
}

// inflect returns the forms of a base word: plural, third person, past,
// gerund. It over-generates; forms that are no English word do no harm.
func inflect(b string) []string {
	out := []string{b, b + "s", b + "es", b + "ed", b + "ing", b + "d"}
	n := len(b)
	if n > 1 && b[n-1] == 'e' {
		out = append(out, b[:n-1]+"ing")
	}
	if n > 1 && b[n-1] == 'y' && !strings.ContainsRune("aeiou", rune(b[n-2])) {
		out = append(out, b[:n-1]+"ies", b[:n-1]+"ied")
	}
	if n > 2 && !strings.ContainsRune("aeiouwxy", rune(b[n-1])) && strings.ContainsRune("aeiou", rune(b[n-2])) && !strings.ContainsRune("aeiou", rune(b[n-3])) {
		d := b + b[n-1:]
		out = append(out, d+"ed", d+"ing")
	}
	return out
}

// lemma returns the base form of a word the tables know, or the word.
func lemma(w string) string {
	lexicon()
	if b, ok := lemmas[w]; ok {
		return b
	}
	return w
}

// Object words that change what a verb means.
var (
	// generated things: "write code", "create a template" make text.
	generatedObjects map[string]bool
	// communication nouns after draft verbs.
	commNouns map[string]bool
	// a discussion of a message, not its sending: "email about X".
	aboutWords map[string]bool
	// financial nouns: "make a purchase", "place an order".
	moneyNouns map[string]bool
	// targets outside the user's machine.
	externalWords map[string]bool
	// low stakes: tests, samples, the user's own inbox.
	lowStakes map[string]bool
	// the user as recipient: a message to yourself.
	selfWords map[string]bool
	// objects that make "make" a change: "make a copy".
	makeChanges map[string]bool
	// reversible outcomes.
	reversibleWords map[string]bool
	// urgency markers.
	urgentWords map[string]bool
	// question words: a request starting with one asks about an action.
	questionStarts map[string]bool
	// hypothetical openers.
	hypoStarts map[string]bool
	// conditional openers.
	condStarts map[string]bool
	// verbs that take "if" as "whether": "check if the server is up".
	whetherVerbs map[string]bool
	// defensive words: a request about protecting against harm.
	defensiveWords map[string]bool
	// negation words; "forget", "hesitate" after "not" cancel it.
	negations    map[string]bool
	doubleNegate map[string]bool
	// ambiguous verbs: "update my profile" says neither what nor how.
	ambiguousVerbs map[string]bool
	// content applications: edits happen in a buffer the user can undo.
	contentApps map[string]bool
	// direct applications: actions touch the user's files for real.
	directApps map[string]bool
)

func set(s string) map[string]bool {
	// Sized up front: these tables are built when the process starts.
	m := make(map[string]bool, strings.Count(s, " ")+1)
	for w := range strings.FieldsSeq(s) {
		m[w] = true
	}
	return m
}
