package destination

import (
	"math/bits"
	"slices"
	"strings"

	"github.com/actionguard/actionguard/internal/editdist"
)

// Look-alike policy (see data/services.txt for the token markers).
const (
	minLenAnyEdit     = 6  // shorter tokens need a typo-like edit (keyboard, look-alike, vowel, one bit)
	minLenOtherSuffix = 8  // a misspelt token on a suffix the service does not use
	minLenDist2       = 9  // two edits
	minLenDist2Other  = 10 // two edits on a suffix the service does not use
)

// how a registrable label imitates a brand, best first.
type how uint8

const (
	howHomoglyph how = iota // same skeleton, other characters
	howHyphen               // the brand with hyphens added
	howTypo1                // one edit away
	howTLD                  // the brand on another suffix
	howTypo2                // two edits away
	howCombo                // the brand with phishing words
	howNone
)

// match is the best imitation found in one part of a destination.
type match struct {
	how    how
	tok    int32  // token, -1 for a full domain
	svc    int32  // the service imitated
	domain string // the legitimate domain it imitates or contains
	label  string // the label as written (Unicode)
}

// matchLabel compares a registrable label (Unicode form) on the given public
// suffix with the brand tokens.
func (x *index) matchLabel(label, suffix string) (match, bool) {
	best := match{how: howNone, tok: -1}
	consider := func(h how, ti int32) {
		if h > best.how || h == best.how && best.tok >= 0 && len(x.tokens[ti].raw) <= len(x.tokens[best.tok].raw) {
			return
		}
		svc, dom := x.suggestFor(ti, suffix)
		best = match{how: h, tok: ti, svc: svc, domain: dom, label: label}
	}
	ascii := isASCII(label)

	// The brand itself on a suffix that is not the service's; for a common
	// or short name only on a misspelt one of its suffixes (box.co for
	// box.com), as the name on another suffix is likely somebody else's.
	if ascii {
		if ti, ok := x.byRaw[label]; ok {
			if x.tokens[ti].pol != polExact || x.suffixTypo(ti, suffix) {
				consider(howTLD, ti)
			}
		}
	}

	var b1, b2 [keyBuf]byte
	k1 := skeleton1(b1[:0], label)
	k2 := skeleton2(b2[:0], label)
	for _, k := range [2][]byte{k1, k2} {
		for _, ti := range x.byKey[string(k)] {
			t := &x.tokens[ti]
			if t.raw == label {
				continue
			}
			if t.pol <= polCommon || x.sameSuffix(t.raw, suffix) {
				consider(howHomoglyph, ti)
			}
		}
	}

	if strings.IndexByte(label, '-') >= 0 {
		var b3, b4 [keyBuf]byte
		joined := strings.ReplaceAll(label, "-", "")
		k3 := skeleton1(b3[:0], joined)
		k4 := skeleton2(b4[:0], joined)
		for _, k := range [2][]byte{k3, k4} {
			for _, ti := range x.byKey[string(k)] {
				t := &x.tokens[ti]
				if t.pol <= polCommon || x.sameSuffix(t.raw, suffix) {
					consider(howHyphen, ti)
				}
			}
		}
	}

	if best.how > howTypo1 && len(k1) >= 3 && len(k1) <= 40 {
		x.typos(k1, k2, label, ascii, suffix, consider)
	}
	if best.how > howCombo {
		if ti, ok := x.combo(label); ok {
			consider(howCombo, ti)
		}
	}
	return best, best.how != howNone
}

// typos finds tokens one edit (two for long ones) from the label, through
// the deletion-neighbourhood index, and applies each token's policy.
func (x *index) typos(k1, k2 []byte, label string, ascii bool, suffix string, consider func(how, int32)) {
	var seen [16]int32
	nseen := 0
	check := func(ti int32) {
		for _, s := range seen[:nseen] {
			if s == ti {
				return
			}
		}
		if nseen < len(seen) {
			seen[nseen] = ti
			nseen++
		}
		t := &x.tokens[ti]
		d := editdist.OSA(k1, t.key, 1)
		if len(k2) != len(k1) || t.key2 != t.key {
			d = min(d, editdist.OSA(k2, t.key2, 1))
		}
		if d != 1 || !x.typoAllowed(t, label, ascii, suffix) {
			return
		}
		consider(howTypo1, ti)
	}
	for _, k := range [2][]byte{k1, k2} {
		deletions(k, func(h uint64) { x.del.each(h, check) })
		if len(k2) == len(k1) && string(k1) == string(k2) {
			break
		}
	}
	if len(k1) < minLenDist2-2 {
		return
	}
	mask := charMask(k1)
	for _, ti := range x.long {
		t := &x.tokens[ti]
		// Each character in one and not the other costs an edit.
		if abs(len(t.key)-len(k1)) > 2 || bits.OnesCount32(mask&^t.chars) > 2 || bits.OnesCount32(t.chars&^mask) > 2 {
			continue
		}
		if editdist.OSA(k1, t.key, 2) != 2 {
			continue
		}
		if len(t.raw) >= minLenDist2Other || x.sameSuffix(t.raw, suffix) {
			consider(howTypo2, ti)
		}
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// typoAllowed applies a token's policy to a label one edit away from it:
//
//   - two letters or fewer: never (every neighbour is some other site);
//   - three letters: only a repeated or neighbouring key added, on the
//     service's own suffix (upps.com, not ups.net, ips.com or ign.com);
//   - common words and exact tokens: a typo-like edit on the service's own
//     suffix;
//   - others: a typo-like edit below six letters, any edit from six, on the
//     service's own suffix, or on any suffix from eight letters.
func (x *index) typoAllowed(t *token, label string, ascii bool, suffix string) bool {
	n := len(t.raw)
	if n <= 2 {
		return false
	}
	same := x.sameSuffix(t.raw, suffix)
	typoLike := !ascii || plausibleEdit(label, t.raw, (t.pol == polCommon || t.pol == polExact) && n < minLenAnyEdit)
	switch {
	case n == 3:
		return same && ascii && len(label) == n+1 && typoLike
	case t.pol != polNormal:
		return same && typoLike
	case n < minLenAnyEdit && !typoLike:
		return false
	}
	return same || n >= minLenOtherSuffix
}

// suffixTypo reports whether suffix is one edit from a suffix of three or
// more letters on which the token is a service's domain (co for com, con
// for com, nt for net).
func (x *index) suffixTypo(ti int32, suffix string) bool {
	t := &x.tokens[ti]
	for _, id := range t.svcs {
		for _, d := range x.services[id].Domains {
			if len(d) <= len(t.raw)+1 || d[:len(t.raw)] != t.raw || d[len(t.raw)] != '.' {
				continue
			}
			own := d[len(t.raw)+1:]
			if len(own) >= 3 && own != suffix && editdist.OSA(own, suffix, 1) <= 1 {
				return true
			}
		}
	}
	return false
}

// sameSuffix reports whether label.suffix is one of the service domains.
func (x *index) sameSuffix(label, suffix string) bool {
	if suffix == "" {
		return false
	}
	var b [256]byte
	if len(label)+1+len(suffix) > len(b) {
		return false
	}
	s := append(append(append(b[:0], label...), '.'), suffix...)
	_, ok := x.hosts[string(s)]
	return ok
}

// suggestFor picks the service a token names and the domain to suggest:
// the token on the same suffix when that is legitimate (amazom.co.uk →
// amazon.co.uk), else the main domain of the service whose domain the token
// is.
func (x *index) suggestFor(ti int32, suffix string) (int32, string) {
	t := &x.tokens[ti]
	if suffix != "" {
		var b [256]byte
		if len(t.raw)+1+len(suffix) <= len(b) {
			s := append(append(append(b[:0], t.raw...), '.'), suffix...)
			if id, ok := x.hosts[string(s)]; ok {
				dom := string(s)
				for _, own := range t.svcs {
					if slices.Contains(x.services[own].Domains, dom) {
						return own, dom
					}
				}
				return id, dom
			}
		}
	}
	for _, id := range t.svcs {
		m := x.services[id].Main()
		if strings.HasPrefix(m, t.raw+".") || strings.Contains(m, "."+t.raw+".") {
			return id, m
		}
	}
	// A domain of the service spelt with the token (hotmail.com for
	// hotmail.co.uk), else its main domain.
	for _, id := range t.svcs {
		for _, d := range x.services[id].Domains {
			if len(d) > len(t.raw) && d[:len(t.raw)] == t.raw && d[len(t.raw)] == '.' {
				return id, d
			}
		}
	}
	id := t.svcs[0]
	return id, x.services[id].Main()
}

// combo finds a brand token joined to nothing but phishing words and digits:
// "paypal-login", "securepaypal", "gmail-com". Tokens marked exact (and
// those of two letters) must stand between hyphens.
func (x *index) combo(label string) (int32, bool) {
	if strings.IndexByte(label, '-') >= 0 {
		parts := strings.Split(label, "-")
		if len(parts) <= 8 {
			for i, p := range parts {
				var b [keyBuf]byte
				k := skeleton1(b[:0], p)
				for _, ti := range x.byKey[string(k)] {
					if !x.tokens[ti].word && x.onlyWords(parts, i, i+1) {
						return ti, true
					}
				}
			}
			// Brands spelt with hyphens (canadapost-postescanada).
			for _, ti := range x.hyphenated {
				n := strings.Count(x.tokens[ti].raw, "-") + 1
				for i := 0; i+n <= len(parts); i++ {
					if strings.Join(parts[i:i+n], "-") == x.tokens[ti].raw && x.onlyWords(parts, i, i+n) && len(parts) > n {
						return ti, true
					}
				}
			}
		}
	}
	var b [keyBuf]byte
	k := b[:0]
	start := 0
	for i := 0; i <= len(label); i++ {
		if i == len(label) || label[i] == '-' {
			k = skeleton1(k, label[start:i])
			start = i + 1
		}
	}
	if len(k) < 5 || len(k) > 64 {
		return -1, false
	}
	for i := 0; i+3 <= len(k); i++ {
		if !x.hasPrefix(k[i], k[i+1]) {
			continue
		}
		for _, n := range x.tokLens {
			if n < 3 {
				continue
			}
			if i+n > len(k) {
				break
			}
			if i == 0 && n == len(k) {
				continue
			}
			for _, ti := range x.byKey[string(k[i:i+n])] {
				if t := &x.tokens[ti]; t.pol == polExact || t.word {
					continue
				}
				if x.wordsOnly(k[:i]) && x.wordsOnly(k[i+n:]) {
					return ti, true
				}
			}
		}
	}
	return -1, false
}

// onlyWords reports whether every part outside [from, to) is phishing words
// or digits, or a top-level domain spelt into the label (gmail-com,
// seznam-cz, irs-gov).
func (x *index) onlyWords(parts []string, from, to int) bool {
	for i, p := range parts {
		if i >= from && i < to {
			continue
		}
		if len(p) == 2 && p[0] >= 'a' && p[0] <= 'z' && p[1] >= 'a' && p[1] <= 'z' {
			continue // a country code
		}
		switch p {
		case "gov", "edu", "mil", "int", "app", "social":
			continue
		}
		var b [keyBuf]byte
		k := skeleton1(b[:0], p)
		if !x.wordsOnly(k) || len(k) == 0 {
			return false
		}
	}
	return true
}

// wordsOnly reports whether a skeleton splits into phishing words and
// digits (an empty one does).
func (x *index) wordsOnly(k []byte) bool {
	if len(k) == 0 {
		return true
	}
	var ok [66]bool
	ok[0] = true
	for j := 1; j <= len(k); j++ {
		for i := max(0, j-x.maxWord); i < j && !ok[j]; i++ {
			if ok[i] && (x.words[string(k[i:j])] || allDigits(k[i:j])) {
				ok[j] = true
			}
		}
	}
	return ok[len(k)]
}

func allDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

// scanDomains looks for a listed domain made of two or more consecutive
// labels of s ("paypal.com" in "www.paypal.com.secure"), longest first.
func (x *index) scanDomains(s string) (string, int32, bool) {
	var starts [17]int
	n := 0
	starts[n] = 0
	n++
	for i := 0; i < len(s) && n < len(starts); i++ {
		if s[i] == '.' {
			starts[n] = i + 1
			n++
		}
	}
	bestLen := 0
	var best string
	var svc int32
	for i := 0; i < n; i++ {
		for j := i + 2; j <= n; j++ {
			end := len(s)
			if j < n {
				end = starts[j] - 1
			}
			c := s[starts[i]:end]
			if id, ok := x.hosts[c]; ok && len(c) > bestLen {
				best, svc, bestLen = c, id, len(c)
			}
		}
	}
	return best, svc, bestLen > 0
}

// matchSub looks at the labels in front of the registrable domain: a full
// domain of a service ("accounts.google.com.evil.ru"), or a brand token on
// its own or with phishing words ("paypal.evil.io", "login-paypal.evil.io").
// A common-word, exact or self-hosted token needs the phishing words
// (gitlab.example.com is somebody's GitLab).
func (x *index) matchSub(h *hostInfo) (match, bool) {
	if h.reg == "" {
		return match{}, false
	}
	// Any listed domain inside the name, short of its end (which would
	// make the host legitimate): paypal.com.secure-login.io, ups.com.co.
	if i := strings.LastIndexByte(h.ascii, '.'); i > 0 {
		if dom, svc, ok := x.scanDomains(h.ascii[:i]); ok {
			return match{how: howNone, tok: -1, svc: svc, domain: dom}, true
		}
	}
	if len(h.ascii) <= len(h.reg) {
		return match{}, false
	}
	sub := h.ascii[:len(h.ascii)-len(h.reg)-1]
	n := 0
	for rest := sub; rest != "" && n < 16; n++ {
		var l string
		l, rest, _ = strings.Cut(rest, ".")
		if strings.HasPrefix(l, "xn--") {
			if u, ok := punyDecode(l[4:]); ok {
				l = u
			}
		}
		var b [keyBuf]byte
		k := skeleton1(b[:0], l)
		for _, ti := range x.byKey[string(k)] {
			t := &x.tokens[ti]
			if t.pol == polNormal && !t.selfHost {
				svc, dom := x.suggestFor(ti, "")
				return match{how: howNone, tok: ti, svc: svc, domain: dom, label: l}, true
			}
		}
		if ti, ok := x.combo(l); ok {
			svc, dom := x.suggestFor(ti, "")
			return match{how: howNone, tok: ti, svc: svc, domain: dom, label: l}, true
		}
	}
	return match{}, false
}

// matchPath finds a service's domain in a URL path ("evil.io/paypal.com/
// login"), or a brand token beside a phishing word ("evil.io/paypal/login").
func (x *index) matchPath(path string) (match, bool) {
	if path == "" {
		return match{}, false
	}
	lower := path
	for i := 0; i < len(path); i++ {
		if c := path[i]; c >= 'A' && c <= 'Z' {
			lower = strings.ToLower(path)
			break
		}
	}
	var segs [32]string
	n := 0
	for rest := lower; rest != "" && n < len(segs); {
		var s string
		s, rest, _ = strings.Cut(rest, "/")
		if i := strings.IndexByte(s, '\\'); i >= 0 {
			s = s[:i]
		}
		if s == "" || len(s) > 253 {
			continue
		}
		segs[n] = s
		n++
	}
	word := false
	for _, s := range segs[:n] {
		if strings.IndexByte(s, '.') > 0 {
			if dom, svc, ok := x.scanDomains(s); ok {
				return match{how: howNone, tok: -1, svc: svc, domain: dom}, true
			}
		}
		var b [keyBuf]byte
		if len(s) <= maxLabel && x.wordsOnly(skeleton1(b[:0], s)) {
			word = true
		}
	}
	if !word {
		return match{}, false
	}
	for _, s := range segs[:n] {
		if len(s) > maxLabel {
			continue
		}
		if ti, ok := x.byRaw[s]; ok {
			t := &x.tokens[ti]
			if t.pol == polNormal && !t.selfHost {
				svc, dom := x.suggestFor(ti, "")
				return match{how: howNone, tok: ti, svc: svc, domain: dom, label: s}, true
			}
		}
	}
	return match{}, false
}

// deletions calls fn with the hash of k and of k with each one byte
// deleted: two strings within one edit (with transpositions) share one.
func deletions[S ~string | ~[]byte](k S, fn func(uint64)) {
	const offset, prime = 14695981039346656037, 1099511628211
	if len(k) > keyBuf {
		return
	}
	// pre[i] is the hash of k[:i]; k without k[i] continues it from k[i+1].
	var pre [keyBuf + 1]uint64
	pre[0] = offset
	for i := 0; i < len(k); i++ {
		pre[i+1] = (pre[i] ^ uint64(k[i])) * prime
	}
	fn(pre[len(k)] ^ uint64(len(k)))
	for skip := 0; skip < len(k); skip++ {
		h := pre[skip]
		for i := skip + 1; i < len(k); i++ {
			h = (h ^ uint64(k[i])) * prime
		}
		fn(h ^ uint64(len(k)-1))
	}
}

// Keyboard rows (QWERTY, with the QWERTZ and AZERTY swaps added as
// neighbours) for plausibleEdit.
var keyRows = [...]string{"1234567890-", "qwertyuiop", "asdfghjkl", "zxcvbnm"}

func keyPos(c byte) (int, int, bool) {
	for r, row := range keyRows {
		if i := strings.IndexByte(row, c); i >= 0 {
			return r, i, true
		}
	}
	return 0, 0, false
}

// adjacent reports whether two keys touch on a QWERTY, QWERTZ or AZERTY keyboard.
func adjacent(a, b byte) bool {
	switch {
	case a > b:
		a, b = b, a
	}
	switch string([]byte{a, b}) {
	case "yz", "aq", "wz", "lm":
		return true
	}
	r1, c1, ok1 := keyPos(a)
	r2, c2, ok2 := keyPos(b)
	if !ok1 || !ok2 || abs(r1-r2) > 1 {
		return false
	}
	// Each row is shifted half a key right of the one above it.
	switch r2 - r1 {
	case 0:
		return abs(c1-c2) == 1
	case 1:
		return c2 == c1 || c2 == c1-1
	default:
		return c1 == c2 || c1 == c2-1
	}
}

const vowels = "aeiouy"

// lookSame are letter pairs that pass for each other in a small font.
var lookSame = [...]string{"bd", "ce", "gq", "il", "ij", "mn", "nr", "uv", "pq", "oc"}

// plausibleEdit reports whether a label one edit from a short token is the
// kind of edit a typosquatter makes (or a finger slips into): a deletion, a
// swap of neighbours, a repeated or neighbouring key added, a key replaced by
// a neighbour, a look-alike, another vowel or a one-bit flip. Dictionary
// words that happen to be one letter from a brand mostly are not. For a
// short brand that is itself a word (word), a one-bit flip or an added
// final s makes another word too often (zoom → room, wise → wire): those do
// not count.
func plausibleEdit(label, tok string, word bool) bool {
	switch {
	case len(label) == len(tok)-1:
		return true
	case len(label) == len(tok)+1:
		i := 0
		for i < len(tok) && label[i] == tok[i] {
			i++
		}
		c := label[i]
		if word && i == len(tok) && c == 's' {
			return false
		}
		if c == '-' || c >= '0' && c <= '9' {
			return true
		}
		for _, j := range [2]int{i - 1, i} {
			if j >= 0 && j < len(tok) && (tok[j] == c || adjacent(tok[j], c)) {
				return true
			}
		}
		return false
	case len(label) == len(tok):
		i := 0
		for i < len(tok) && label[i] == tok[i] {
			i++
		}
		if i == len(tok) {
			return false
		}
		if i+1 < len(tok) && label[i] == tok[i+1] && label[i+1] == tok[i] && label[i+2:] == tok[i+2:] {
			return true
		}
		a, b := label[i], tok[i]
		if adjacent(a, b) || strings.IndexByte(vowels, a) >= 0 && strings.IndexByte(vowels, b) >= 0 {
			return true
		}
		if x := a ^ b; x&(x-1) == 0 && !word {
			return true
		}
		if a >= '0' && a <= '9' {
			return true
		}
		for _, p := range lookSame {
			if a == p[0] && b == p[1] || a == p[1] && b == p[0] {
				return true
			}
		}
	}
	return false
}
