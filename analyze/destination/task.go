package destination

import (
	"strings"
)

// Seed 001 reads the last three to five user messages; a longer message says
// no more about which service is meant.
const (
	maxTaskMessages = 5
	maxTaskBytes    = 4096
	maxTaskWords    = 1024
	contextWindow   = 4
)

// taskEntry is a service name or brand token as it may appear in a task.
type taskEntry struct {
	svc   int32
	next  []string // the rest of a multi-word name, lower case
	words []string // the name as written, for the capitals check of multi-word names
	need  need
}

// need is what a mention must have to count.
type need uint8

const (
	needNothing need = iota // a distinctive brand: "gmail", "paypal"
	needSome                // a common word or a short one: a sign-in word nearby, capitals mid-sentence, or an acronym
	needMore                // an exact token (box, wise, signal): an acronym, or capitals and a sign-in word nearby
)

// buildTask indexes the services' names and brand tokens for taskNames.
func (x *index) buildTask() {
	x.matching()
	x.task = make(map[string][]taskEntry, 1100)
	x.taskPool = make([]taskEntry, 0, 1200)
	for id, s := range x.services {
		for _, b := range s.Brands {
			raw, pol := brandPolicy(b)
			x.addTask(raw, pol, int32(id))
		}
		x.addName(s.Name, int32(id))
	}
}

func (x *index) addTask(tok string, pol policy, svc int32) {
	if x.rawWords[tok] || x.ctxWords[tok] {
		return // "login", "web", "mail" name a service only as a domain
	}
	for _, e := range x.task[tok] {
		if e.svc == svc && len(e.next) == 0 {
			return
		}
	}
	n := needNothing
	switch pol {
	case polCommon, polShort:
		n = needSome
	case polExact:
		n = needMore
	}
	x.addTaskEntry(tok, taskEntry{svc: svc, need: n})
}

// addName indexes a display name: one word is indexed like a token (and
// inherits the token's policy); several words ("Bank of America") must all
// follow each other.
func (x *index) addName(name string, svc int32) {
	n := 0
	forWords(name, func(string) { n++ })
	switch n {
	case 0:
		return
	case 1:
		var w string
		forWords(name, func(s string) { w = s })
		var b [64]byte
		if len(w) > len(b) {
			return
		}
		lw := lowerInto(b[:0], w)
		if _, ok := x.byRaw[string(lw)]; ok {
			return // the brand token already covers it
		}
		x.addTaskEntry(string(lw), taskEntry{svc: svc, need: needMore})
	default:
		words := make([]string, 0, n)
		lower := make([]string, 0, n)
		forWords(name, func(w string) {
			words = append(words, w)
			lower = append(lower, strings.ToLower(w))
		})
		x.addTaskEntry(lower[0], taskEntry{svc: svc, next: lower[1:], words: words, need: needSome})
	}
}

func (x *index) addTaskEntry(k string, e taskEntry) {
	if l, ok := x.task[k]; ok {
		x.task[k] = append(l, e)
	} else {
		x.task[k] = x.oneTask(e)
	}
}

// forWords calls fn with each run of ASCII letters and digits in s.
func forWords(s string, fn func(string)) {
	forWordsAt(s, func(w string, _ int) { fn(w) })
}

func forWordsAt(s string, fn func(string, int)) {
	start := -1
	for i := 0; i <= len(s); i++ {
		alnum := i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= '0' && s[i] <= '9')
		if alnum && start < 0 {
			start = i
		} else if !alnum && start >= 0 {
			fn(s[start:i], start)
			start = -1
		}
	}
}

// taskNames returns the services the user's recent messages name, most
// recent first, and whether a message names the destination itself.
func (x *index) taskNames(task []string, h *hostInfo) (named []int32, hostNamed bool) {
	x.taskOnce.Do(x.buildTask)
	if len(task) > maxTaskMessages {
		task = task[len(task)-maxTaskMessages:]
	}
	var words [maxTaskWords]wordAt
	for mi := len(task) - 1; mi >= 0; mi-- {
		m := task[mi]
		if len(m) > maxTaskBytes {
			m = m[:maxTaskBytes]
		}
		if !hostNamed && h.reg != "" && containsFold(m, h.reg) || h.unicode != h.ascii && containsFold(m, h.unicode) {
			hostNamed = true
		}
		n := 0
		forWordsAt(m, func(w string, at int) {
			if n < len(words) {
				words[n] = wordAt{w, at}
				n++
			}
		})
		var found []int32
		for i := n - 1; i >= 0; i-- {
			var b [64]byte
			w := words[i].w
			if len(w) > len(b) {
				continue
			}
			lw := lowerInto(b[:0], w)
			for _, e := range x.task[string(lw)] {
				if x.taskMatch(e, m, words[:n], i) {
					found = appendOnce(found, e.svc)
				}
			}
		}
		// Domains written out ("log into paypal.com") name their service.
		x.forHosts(m, func(id int32) { found = appendOnce(found, id) })
		for _, id := range found {
			named = appendOnce(named, id)
		}
	}
	return named, hostNamed
}

// taskMatch checks an entry against the words of a message at i.
func (x *index) taskMatch(e taskEntry, m string, words []wordAt, i int) bool {
	for j, nw := range e.next {
		if i+1+j >= len(words) || !strings.EqualFold(words[i+1+j].w, nw) {
			return false
		}
	}
	if e.need == needNothing {
		return true
	}
	w := words[i].w
	if len(e.next) == 0 && len(w) >= 2 && strings.ToUpper(w) == w && strings.ToLower(w) != w {
		return true // an acronym: AWS, UPS, ING
	}
	caps := true
	if len(e.words) > 0 {
		for j, nw := range e.words {
			if c := nw[0]; c >= 'A' && c <= 'Z' && words[i+j].w[0] != c {
				caps = false
			}
		}
	} else {
		caps = w[0] >= 'A' && w[0] <= 'Z'
	}
	// A capital at the start of a sentence says nothing.
	midSentence := caps && !sentenceStart(m, words[i].at)
	near := x.nearContext(words, i, i+len(e.next))
	if e.need == needSome {
		return near || midSentence
	}
	return near && caps
}

// wordAt is a word of a message and its offset.
type wordAt struct {
	w  string
	at int
}

func sentenceStart(m string, at int) bool {
	for j := at - 1; j >= 0; j-- {
		switch c := m[j]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '"' || c == '\'' || c == '(':
			continue
		case c == '.' || c == '!' || c == '?' || c == ':':
			return true
		default:
			return false
		}
	}
	return true
}

func (x *index) nearContext(words []wordAt, from, to int) bool {
	for j := max(0, from-contextWindow); j <= min(len(words)-1, to+contextWindow); j++ {
		if j >= from && j <= to {
			continue
		}
		var b [64]byte
		if len(words[j].w) <= len(b) && x.ctxWords[string(lowerInto(b[:0], words[j].w))] {
			return true
		}
	}
	return false
}

// forHosts calls fn with the service of each legitimate domain written in s.
func (x *index) forHosts(s string, fn func(int32)) {
	start := -1
	for i := 0; i <= len(s); i++ {
		c := byte(0)
		if i < len(s) {
			c = s[i]
		}
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.'
		if ok && start < 0 {
			start = i
		} else if !ok && start >= 0 {
			w := strings.Trim(s[start:i], ".-")
			start = -1
			if strings.IndexByte(w, '.') <= 0 || len(w) > 253 {
				continue
			}
			// The domain or one of its parents is listed: a few map
			// lookups, no parsing (a task may hold hundreds of words).
			var b [253]byte
			name := string(lowerInto(b[:0], w))
			for {
				if id, ok := x.hosts[name]; ok {
					fn(id)
					break
				}
				dot := strings.IndexByte(name, '.')
				if dot < 0 || strings.IndexByte(name[dot+1:], '.') < 0 {
					break
				}
				name = name[dot+1:]
			}
		}
	}
}

func lowerInto(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// containsFold reports whether s contains sub, ignoring ASCII case, as a
// whole host name (not inside a longer one).
func containsFold(s, sub string) bool {
	if sub == "" || len(sub) > len(s) {
		return false
	}
	for i := 0; i+len(sub) <= len(s); i++ {
		if !strings.EqualFold(s[i:i+len(sub)], sub) {
			continue
		}
		before := i == 0 || !hostByte(s[i-1])
		after := i+len(sub) == len(s) || !hostByte(s[i+len(sub)]) || s[i+len(sub)] == '.' && (i+len(sub)+1 == len(s) || !hostByte(s[i+len(sub)+1]))
		if (before || s[i-1] == '.') && after {
			return true
		}
	}
	return false
}

func hostByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.'
}
