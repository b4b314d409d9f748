package destination

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"sync"
)

//go:embed data/services.txt
var servicesTxt string

// Service is a service commonly imitated by phishing, as listed in
// data/services.txt.
type Service struct {
	Name     string   // display name: "Gmail"
	Category string   // mail, bank, payment, crypto, cloud, code, registry, sso, delivery, shopping, ai, saas, …
	Org      string   // services of one org trust each other's domains
	Domains  []string // legitimate domains and sign-in/API hosts; the first is the main one
	Brands   []string // tokens naming the service, with their ~ or = policy marker
	SelfHost bool     // the product also runs on customers' own hosts
}

// Main is the service's main domain, the one a warning suggests.
func (s Service) Main() string { return s.Domains[0] }

// policy says how far a brand token is matched; see data/services.txt.
type policy uint8

const (
	polNormal policy = iota // every check
	polCommon               // ~word: typos only on the service's own suffixes
	polShort                // three letters: an added key on the service's suffixes; no token alone in a subdomain
	polExact                // =word, or two letters: exact only
)

// token is one brand token with everything the matchers need.
type token struct {
	raw      string  // "paypal"
	key      string  // per-character skeleton (skeleton1)
	key2     string  // with rn→m, vv→w, cl→d (skeleton2)
	svcs     []int32 // services naming it, in file order
	pol      policy  // the strictest policy any of them gives it
	selfHost bool    // one of its services runs on customers' hosts
	chars    uint32  // a bit per character of key (c&31): a cheap filter for distance 2
	word     bool    // also a phishing word ("login", "web"): never the brand of a combination
}

// index is built once, on first use.
type index struct {
	services []Service
	errs     []string         // lines of data/services.txt that could not be read
	hosts    map[string]int32 // domain or host → first service listing it
	under    map[string]bool  // public suffixes listed as *.suffix: the service runs the names under them

	matchOnce  sync.Once // the rest is built by buildMatching
	tokens     []token
	byRaw      map[string]int32   // raw token → token
	byKey      map[string][]int32 // skeleton (either form) → tokens
	del        hashTable          // deletion-neighbourhood hashes → tokens
	long       []int32            // tokens long enough for distance 2
	hyphenated []int32            // tokens with hyphens
	prefix     [1 << 16 / 64]uint64
	tokLens    []int           // distinct skeleton lengths of tokens, ascending
	words      map[string]bool // skeletons of words phishers add to a brand
	rawWords   map[string]bool // the same words as written
	maxWord    int             // longest word skeleton
	ctxWords   map[string]bool

	taskOnce sync.Once // the task index is built when a task is first given
	task     map[string][]taskEntry

	// Backing arrays: one allocation for many small slices, so the first
	// call stays cheap. A slice handed out has no spare capacity; appending
	// to it later copies it.
	strPool  []string
	intPool  []int32
	taskPool []taskEntry
}

func (x *index) oneInt(v int32) []int32 {
	x.intPool = append(x.intPool, v)
	n := len(x.intPool)
	return x.intPool[n-1 : n : n]
}

func (x *index) oneTask(e taskEntry) []taskEntry {
	x.taskPool = append(x.taskPool, e)
	n := len(x.taskPool)
	return x.taskPool[n-1 : n : n]
}

// fields splits s at spaces into strings of the pool.
func (x *index) fields(s string) []string {
	start := len(x.strPool)
	for s != "" {
		var f string
		f, s, _ = strings.Cut(s, " ")
		if f != "" {
			x.strPool = append(x.strPool, f)
		}
	}
	end := len(x.strPool)
	return x.strPool[start:end:end]
}

var (
	idxOnce sync.Once
	idx     *index
)

func load() *index {
	idxOnce.Do(func() { idx = build(servicesTxt) })
	return idx
}

// build parses the data file and indexes the domains: all a legitimate
// host needs. The brand indexes are built on the first host that is not
// legitimate (buildMatching), the task index on the first task (buildTask).
// It never fails: a bad line is skipped and recorded in errs (the tests
// require none).
func build(txt string) *index {
	x := &index{
		hosts:    make(map[string]int32, 2400),
		services: make([]Service, 0, 520),
		strPool:  make([]string, 0, 3600),
	}
	lineNo := 0
	for len(txt) > 0 {
		var line string
		line, txt, _ = strings.Cut(txt, "\n")
		lineNo++
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		s, err := x.parseService(line)
		if err != "" {
			x.errs = append(x.errs, fmt.Sprintf("data/services.txt:%d: %s", lineNo, err))
			continue
		}
		id := int32(len(x.services))
		x.services = append(x.services, s)
		for _, d := range s.Domains {
			if _, ok := x.hosts[d]; !ok {
				x.hosts[d] = id
			}
		}
	}
	return x
}

// matching returns x with the brand indexes built.
func (x *index) matching() *index {
	x.matchOnce.Do(x.buildMatching)
	return x
}

func (x *index) buildMatching() {
	x.byRaw = make(map[string]int32, 700)
	x.byKey = make(map[string][]int32, 800)
	x.del = newHashTable(8192)
	x.words = make(map[string]bool, len(phishWords))
	x.tokens = make([]token, 0, 800)
	x.intPool = make([]int32, 0, 2400)
	x.rawWords = make(map[string]bool, len(phishWords))
	for _, w := range phishWords {
		var buf [keyBuf]byte
		k := skeleton1(buf[:0], w)
		x.words[string(k)] = true
		x.rawWords[w] = true
		x.maxWord = max(x.maxWord, len(k))
	}
	x.ctxWords = make(map[string]bool, len(contextWords))
	for _, w := range contextWords {
		x.ctxWords[w] = true
	}
	for id, s := range x.services {
		for _, b := range s.Brands {
			raw, pol := brandPolicy(b)
			x.addToken(raw, pol, int32(id), s.SelfHost)
		}
	}
	seen := map[int]bool{}
	for _, t := range x.tokens {
		if !seen[len(t.key)] {
			seen[len(t.key)] = true
			x.tokLens = append(x.tokLens, len(t.key))
		}
		if t.key2 != t.key && !seen[len(t.key2)] {
			seen[len(t.key2)] = true
			x.tokLens = append(x.tokLens, len(t.key2))
		}
	}
	slices.Sort(x.tokLens)
}

// parseService reads "name | category | org | domains | brands [| flags]".
func (x *index) parseService(line string) (Service, string) {
	var f [6]string
	n := 0
	for rest := line; n < len(f); n++ {
		var field string
		var ok bool
		field, rest, ok = strings.Cut(rest, "|")
		f[n] = strings.TrimSpace(field)
		if !ok {
			n++
			break
		}
		if n == len(f)-1 {
			return Service{}, "too many fields"
		}
	}
	if n < 5 {
		return Service{}, fmt.Sprintf("want 5 or 6 fields separated by |, have %d", n)
	}
	s := Service{Name: f[0], Category: f[1], Org: f[2], Domains: x.fields(f[3]), Brands: x.fields(f[4])}
	for i, d := range s.Domains {
		if strings.HasPrefix(d, "*.") {
			s.Domains[i] = d[2:]
			if x.under == nil {
				x.under = map[string]bool{}
			}
			x.under[d[2:]] = true
		}
	}
	switch f[5] {
	case "":
	case "selfhost":
		s.SelfHost = true
	default:
		return Service{}, fmt.Sprintf("unknown flag %q", f[5])
	}
	if s.Name == "" || s.Category == "" || s.Org == "" || len(s.Domains) == 0 || len(s.Brands) == 0 {
		return Service{}, "empty field"
	}
	for _, d := range s.Domains {
		if !validDataHost(d) {
			return Service{}, fmt.Sprintf("bad domain %q", d)
		}
	}
	for _, b := range s.Brands {
		raw := strings.TrimLeft(b, "~=")
		if raw == "" || len(b)-len(raw) > 1 || !validDataLabel(raw) {
			return Service{}, fmt.Sprintf("bad brand %q", b)
		}
	}
	return s, ""
}

func validDataHost(d string) bool {
	if len(d) > 253 || !strings.Contains(d, ".") {
		return false
	}
	for d != "" {
		var l string
		l, d, _ = strings.Cut(d, ".")
		if !validDataLabel(l) {
			return false
		}
	}
	return true
}

func validDataLabel(l string) bool {
	if l == "" || len(l) > maxLabel || l[0] == '-' || l[len(l)-1] == '-' {
		return false
	}
	for i := 0; i < len(l); i++ {
		c := l[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// brandPolicy reads a brand token's marker.
func brandPolicy(b string) (string, policy) {
	pol := polNormal
	switch b[0] {
	case '~':
		pol, b = polCommon, b[1:]
	case '=':
		pol, b = polExact, b[1:]
	}
	switch {
	case len(b) <= 2:
		pol = polExact
	case len(b) == 3 && pol != polExact:
		pol = polShort
	}
	return b, pol
}

func (x *index) addToken(raw string, pol policy, svc int32, selfHost bool) {
	if ti, ok := x.byRaw[raw]; ok {
		t := &x.tokens[ti]
		t.svcs = append(t.svcs, svc)
		t.pol = max(t.pol, pol)
		t.selfHost = t.selfHost || selfHost
		return
	}
	var b1, b2 [keyBuf]byte
	k1 := skeleton1(b1[:0], raw)
	k2 := skeleton2(b2[:0], raw)
	key := raw // most brands are their own skeleton: no allocation
	if string(k1) != raw {
		key = string(k1)
	}
	t := token{raw: raw, key: key, key2: key, svcs: x.oneInt(svc), pol: pol, selfHost: selfHost, chars: charMask(k1),
		word: x.rawWords[raw]}
	if string(k2) != t.key {
		t.key2 = string(k2)
	}
	ti := int32(len(x.tokens))
	x.tokens = append(x.tokens, t)
	x.byRaw[raw] = ti
	if strings.IndexByte(raw, '-') >= 0 {
		x.hyphenated = append(x.hyphenated, ti)
	}
	x.addKey(t.key, ti)
	if t.key2 != t.key {
		x.addKey(t.key2, ti)
	}
	// Tokens that may be misspelt go into the neighbourhood index; the
	// policy is applied when a candidate is verified (typoAllowed).
	if len(raw) < 3 {
		return
	}
	for _, k := range []string{t.key, t.key2} {
		deletions(k, func(h uint64) { x.del.add(h, ti) })
		if t.key2 == t.key {
			break
		}
	}
	if len(raw) >= minLenDist2 && pol == polNormal {
		x.long = append(x.long, ti)
	}
}

func (x *index) addKey(k string, ti int32) {
	if l, ok := x.byKey[k]; ok {
		x.byKey[k] = appendOnce(l, ti)
	} else {
		x.byKey[k] = x.oneInt(ti)
	}
	x.setPrefix(k)
}

func charMask[S ~string | ~[]byte](k S) uint32 {
	var m uint32
	for i := 0; i < len(k); i++ {
		m |= 1 << (k[i] & 31)
	}
	return m
}

func (x *index) setPrefix(k string) {
	if len(k) >= 2 {
		p := uint16(k[0])<<8 | uint16(k[1])
		x.prefix[p/64] |= 1 << (p % 64)
	}
}

func (x *index) hasPrefix(a, b byte) bool {
	p := uint16(a)<<8 | uint16(b)
	return x.prefix[p/64]&(1<<(p%64)) != 0
}

func appendOnce(s []int32, v int32) []int32 {
	for _, e := range s {
		if e == v {
			return s
		}
	}
	return append(s, v)
}

// serviceOf returns the service a legitimate host belongs to: the most
// specific listed domain at or above it, without crossing the host's
// registrable domain (so bucket.s3.amazonaws.com is not AWS's although
// amazonaws.com is, and evil.github.io is not GitHub's), except that a
// public suffix listed as *.suffix (*.googleapis.com) vouches for the
// registrable domains directly beneath it, and a host that is itself a
// public suffix (s3.amazonaws.com) belongs to whoever runs the domains above
// it.
func (x *index) serviceOf(h *hostInfo) (int32, bool) {
	name := h.ascii
	for {
		if id, ok := x.hosts[name]; ok {
			return id, true
		}
		if h.reg != "" && len(name) <= len(h.reg) {
			break
		}
		dot := strings.IndexByte(name, '.')
		if dot < 0 {
			break
		}
		name = name[dot+1:]
	}
	if h.reg != "" && h.reg == h.ascii && x.under[h.suffix] {
		if id, ok := x.hosts[h.suffix]; ok {
			return id, true
		}
	}
	return 0, false
}

// sameOrg reports whether service a and b belong to one org.
func (x *index) sameOrg(a, b int32) bool {
	return a == b || x.services[a].Org == x.services[b].Org
}

// hashTable maps deletion hashes to tokens: open addressing, duplicates
// allowed, built once. A map of slices would cost an allocation per entry
// on the first call. Hashes are cut to 32 bits: a collision only makes a
// candidate that the distance check then rejects.
type hashTable struct {
	keys []uint32 // 0 marks an empty slot (a hash of 0 is stored as 1)
	vals []uint16
	n    int
}

func newHashTable(size int) hashTable {
	return hashTable{keys: make([]uint32, size), vals: make([]uint16, size)}
}

func (t *hashTable) add(h64 uint64, v int32) {
	h := uint32(h64 ^ h64>>32)
	if h == 0 {
		h = 1
	}
	if 4*(t.n+1) > 3*len(t.keys) {
		old := *t
		*t = newHashTable(2 * len(old.keys))
		for i, k := range old.keys {
			if k != 0 {
				t.add(uint64(k), int32(old.vals[i]))
			}
		}
	}
	mask := uint32(len(t.keys) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch t.keys[i] {
		case 0:
			t.keys[i], t.vals[i] = h, uint16(v)
			t.n++
			return
		case h:
			if t.vals[i] == uint16(v) {
				return
			}
		}
	}
}

// each calls fn with every token stored under h.
func (t *hashTable) each(h64 uint64, fn func(int32)) {
	h := uint32(h64 ^ h64>>32)
	if h == 0 {
		h = 1
	}
	mask := uint32(len(t.keys) - 1)
	for i := h & mask; t.keys[i] != 0; i = (i + 1) & mask {
		if t.keys[i] == h {
			fn(int32(t.vals[i]))
		}
	}
}
