package privacy

import (
	"slices"
	"strings"
)

// replyVerbs ask to answer someone whose message the user read; what
// follows them describes that message or its sender.
var replyVerbs = []string{"reply", "replies", "respond", "answer", "write back", "get back", "follow up", "reply back",
	"antworte", "antworten", "beantworte", "réponds", "répondre", "responde", "responder", "contesta", "rispondi", "回复", "答复"}

// referStop are the words of a description that pick out no message:
// articles, pronouns, the kinds of message, the verbs of having received it.
// (a field of referWords)

// referEnd are the words after which a description has ended and what to
// say begins: "reply to the landlord saying the rent is paid".
// (a field of referWords)

// maxReferWords is how many words after the verb a description may take.
const maxReferWords = 10

// reference is what one request asks to reply to: the words that
// describe the message, or none ("reply to that e-mail").
type reference struct{ words []string }

// references returns what the requests ask to reply to.
func references(requests []string) []reference {
	var out []reference
	for _, r := range requests {
		said := normalizeMessages([]string{r})
		for _, v := range replyVerbs {
			for i := 0; ; {
				j := strings.Index(said[i:], v)
				if j < 0 {
					break
				}
				j += i
				i = j + len(v)
				if j > 0 && isWordByte(said[j-1]) || v[0] < 0x80 && i < len(said) && isWordByte(said[i]) && !strings.HasPrefix(said[i:], "s ") && !strings.HasPrefix(said[i:], "ing ") {
					continue
				}
				out = append(out, describe(said[i:]))
			}
		}
	}
	return out
}

// MayRefer reports, cheaply, whether any message may ask to reply to
// someone: Refers has nothing to find otherwise.
func MayRefer(msgs []string) bool {
	for _, m := range msgs {
		m = strings.ToLower(m)
		for _, v := range replyVerbs {
			if strings.Contains(m, v) {
				return true
			}
		}
	}
	return false
}

// describe reads the description after a reply verb.
func describe(rest string) reference {
	var ref reference
	seenNoun := false
	for n, w := range strings.Fields(rest) {
		if n >= maxReferWords || w == "\n" {
			break
		}
		w = strings.Trim(strings.TrimSuffix(w, "'s"), ".-_'/:+#")
		switch {
		case w == "":
		case referTables().referEnd[w] || w == "that" && (seenNoun || len(ref.words) > 0):
			return ref
		case referTables().referStop[w]:
			if strings.Contains("email e-mail mail message msg note text thread letter", w) {
				seenNoun = true
			}
		case strings.ContainsRune(w, '@'):
			// An address written out names itself (namesOne).
			return reference{}
		default:
			ref.words = append(ref.words, w)
		}
	}
	if len(ref.words) > 4 {
		ref.words = ref.words[:4]
	}
	return ref
}

// Refers returns, for the user's requests and the earlier results (most
// recent last), a test of whether an address is the sender of a message
// the user asked to reply to, or nil when no request refers to one. A
// description ("the landlord", "the e-mail about the rent") picks the
// messages whose words hold all its words; a bare "that e-mail" picks the
// latest result that shows messages, which must show one. Messages of
// two different senders that fit one description name nobody: which one
// the user meant cannot be told, and an attacker's message may be one.
// Where a result is redacted its senders are recognised by their
// fingerprints under key.
func Refers(requests []string, results []Result, key []byte) func(addr string) bool {
	refs := references(requests)
	if len(refs) == 0 {
		return nil
	}
	type pick struct {
		r Result
		m Message
	}
	var picks []pick
	parsed := make([][]Message, len(results))
	for i, r := range results {
		parsed[i] = Messages(r.Text)
	}
	for _, ref := range refs {
		var these []pick
		if len(ref.words) == 0 {
			for i := len(results) - 1; i >= 0; i-- {
				if len(parsed[i]) > 0 {
					for _, m := range parsed[i] {
						these = append(these, pick{results[i], m})
					}
					break
				}
			}
		} else {
			for i, ms := range parsed {
				for _, m := range ms {
					if describes(m.Words, ref.words) {
						these = append(these, pick{results[i], m})
					}
				}
			}
		}
		// One sender per description: the first address of each message
		// (its From) must agree.
		var from string
		ok := len(these) > 0
		for _, p := range these {
			if len(p.m.Senders) == 0 {
				ok = false
				break
			}
			if from == "" {
				from = p.m.Senders[0]
			} else if p.m.Senders[0] != from {
				ok = false
				break
			}
		}
		if ok {
			picks = append(picks, these...)
		}
	}
	if len(picks) == 0 {
		return nil
	}
	return func(addr string) bool {
		a := strings.TrimSpace(addr)
		if i := strings.LastIndexByte(a, '<'); i >= 0 && strings.HasSuffix(a, ">") {
			a = a[i+1 : len(a)-1] // "Jane Miller" <jane@x>: the mail goes to the address in brackets
		}
		a = normalizeAddress(a)
		if a == "" || strings.ContainsAny(a, "*<>\\ ") || strings.Count(a, "@") != 1 {
			return false
		}
		for _, p := range picks {
			if slices.Contains(p.m.Senders, a) {
				return true
			}
			if key != nil && len(p.r.Fingerprints) > 0 && slices.Contains(p.r.Fingerprints, SenderFingerprint(key, p.m.Index, a)) {
				return true
			}
		}
		return false
	}
}

// describes reports whether a message's words hold every word of a
// description (a plural or possessive "s" aside).
func describes(msg string, words []string) bool {
	for _, w := range words {
		if !containsWord(msg, w) && !(strings.HasSuffix(w, "s") && len(w) > 3 && containsWord(msg, strings.TrimSuffix(w, "s"))) && !containsWord(msg, w+"s") {
			return false
		}
	}
	return true
}
