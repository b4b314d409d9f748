package tools

import (
	"strings"
	"sync"
)

// effectNouns tell what a tool whose name has no verb does, from what it
// is named for: a summary, a plan, a forecast or a translation is worked
// out and shown (a read); a purge, a shutdown or a transfer changes the
// world. A word that is also a verb (access, report, review) is read here
// when it follows another word: scada_access is access being given,
// expense_report a report being shown.
var effectNouns = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for eff, words := range map[string]string{
		EffectRead: `summary summaries summarizer summariser plan planner checklist report reports analysis analyzer analyser
			translation translator weather forecast calculation calculator tree info information details status overview
			definition dictionary thesaurus stats statistics metrics recommendation recommendations recommender suggestion
			suggestions estimate estimator conversion converter lookup finder search searcher viewer reader checker
			validator explanation explainer outline itinerary directions route recipe recipes news headlines quiz trivia
			review audit diagnosis transcript transcription outlook timezone clock availability price prices
			quote rates score scores standings horoscope joke advice tips guide tutorial comparison prediction predictor
			insights trends history listing listings catalog inventory balance profile feedback sentiment classifier
			classification detector detection scanner formatter parser counter brainstorm ideas map maps geocode geocoding
			nutrition bmi health uptime logs diff preview benchmark benchmarks analytics`,
		EffectDelete:  `purge wipe deletion removal cleanup teardown termination cancellation erasure reset shredder eraser`,
		EffectExecute: `shutdown reboot restart deployment deploy rollout execution executor runner launcher migration failover`,
		EffectPayment: `transfer payment payout withdrawal refund purchase checkout remittance wire donation order trade`,
		EffectSend:    `dispatch sender mailer notifier notification`,
		EffectPost:    `broadcast publisher poster`,
		EffectGrant:   `access`,
		EffectUnlock:  `override unlock`,
		EffectWrite:   `upload uploader booking reservation registration enrollment`,
	} {
		for _, w := range strings.Fields(words) {
			m[w] = eff
		}
	}
	return m
})

// effectRank orders effects by what they can do.
func effectRank(eff string) int {
	switch eff {
	case EffectRead:
		return 1
	case EffectWrite:
		return 2
	case EffectSend, EffectPost:
		return 3
	case EffectExecute:
		return 4
	case EffectGrant, EffectPayment:
		return 5
	case EffectUnlock, EffectDelete:
		return 6
	}
	return 0
}

// nounEffect is the effect the nouns of a name without a verb say, or "":
// the last of them is what the tool is (a payment_status is a status, an
// account_transfer a transfer, a database_purge a purge).
func nounEffect(objs []string) string {
	for i := len(objs) - 1; i >= 0; i-- {
		if eff, ok := effectNouns()[objs[i]]; ok {
			return eff
		}
	}
	return ""
}

// actionKeys hold the verb of a tool that takes it as an argument.
var actionKeys = []string{"action", "operation", "op", "verb", "mode"}

// argumentVerb returns the verb an action argument names (the first word
// of "delete_event", "sendMessage", "pay") and the words after it, or "".
func argumentVerb(input map[string]any) (string, []string) {
	for _, k := range actionKeys {
		s, _ := input[k].(string)
		if s == "" || len(s) > 64 {
			continue
		}
		ws := splitName(s)
		if len(ws) == 0 || len(ws) > 4 {
			continue
		}
		if _, ok := verbs()[ws[0]]; ok {
			return ws[0], ws[1:]
		}
	}
	return "", nil
}

// readShaped reports a call whose arguments only say what to look at
// (names, ids, search words, numbers that are not money): no recipient, no
// amount, no message, no code, no path it would write, no switch that
// destroys, no secret, nothing made public.
func (e *evaluation) readShaped() bool {
	a := e.a
	return len(a.recipients) == 0 && len(a.amounts) == 0 && !a.hasItems && len(a.content) == 0 && len(a.code) == 0 &&
		len(a.destructive) == 0 && len(a.secrets) == 0 && !a.public && len(a.attachments) == 0 && len(a.roles) == 0 &&
		len(a.pathArgs) == 0 && len(a.methods) == 0 && !a.falsy && !a.newPayee
}

// assistantApp reports the assistant profile.
func assistantApp(app string) bool {
	return strings.EqualFold(strings.TrimSpace(app), "assistant")
}

// viewFollows reports a word that names what is shown of a thing
// (EmailSummary, OrderHistory, PostAnalytics): the word before it is that
// thing, not a verb. Things that are made to be sent or published (a
// review, a report, a quote) do not count: PostReview posts one.
func viewFollows(rest []string) bool {
	for _, w := range rest {
		if effectNouns()[w] == EffectRead && !published()[w] {
			return true
		}
	}
	return false
}

var published = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"review": true, "report": true, "reports": true, "quote": true, "feedback": true, "news": true, "plan": true,
		"checklist": true, "outline": true, "recipe": true, "recipes": true, "joke": true, "tips": true, "advice": true, "guide": true, "translation": true}
})
