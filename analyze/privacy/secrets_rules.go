package privacy

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// gitleaks' rules, extracted by internal/gen/gitleaksrules (MIT, Copyright
// (c) 2019 Zachary Rice; see gitleaks/NOTICE). The file holds one rule per
// line so that a rule is decoded and compiled only when one of its
// keywords occurs in a text.
//
//go:embed gitleaks/rules.json
var secretRulesJSON string

// secretRuleHead is what the detector needs of a rule before decoding it:
// its keywords and how far a match reaches around a keyword.
type secretRuleHead struct {
	ID       string   `json:"id"`
	Keywords []string `json:"keywords"`
	// Before and After bound, in bytes, how far a match reaches before and
	// after the end of a keyword it contains; -1 when unbounded.
	Before   int      `json:"before"`
	After    int      `json:"after"`
	Required []string `json:"required"`
}

// secretRuleData is one line of rules.json, decoded on first use.
type secretRuleData struct {
	Gate        string            `json:"gate"`
	GateLen     int               `json:"gateLen"`
	Next        map[string]string `json:"next"`
	Near        string            `json:"near"`
	Between     string            `json:"between"`
	NearDist    int               `json:"nearDist"`
	TailSkip    string            `json:"tailSkip"`
	TailSkipMax int               `json:"tailSkipMax"`
	TailClass   string            `json:"tailClass"`
	TailMin     int               `json:"tailMin"`
	Core        string            `json:"core"`
	Prefix      string            `json:"prefix"`
	PrefixMax   int               `json:"prefixMax"`
	Description string            `json:"description"`
	Regex       string            `json:"regex"`
	SecretGroup int               `json:"secretGroup"`
	Entropy     float64           `json:"entropy"`
	Path        string            `json:"path"`
	Allowlists  json.RawMessage   `json:"allowlists"`
}

// secretRule is a gitleaks rule, compiled on first use; safe for
// concurrent use.
type secretRule struct {
	secretRuleHead
	lineAt [2]int32 // where the rule's JSON is in secretRulesJSON

	once sync.Once
	c    *secretCompiled
	err  error
}

// secretCompiled is a rule ready to run. Its regular expressions are
// compiled when first needed: a hook process pays only for what it uses.
type secretCompiled struct {
	typ         Type
	confidence  float64
	secretGroup int
	entropy     float64
	regex       string

	allowRaw  json.RawMessage
	allowOnce sync.Once
	allow     []secretAllowlist
	allowErr  error

	// span > 0: the rule's matches start at most span bytes before the
	// end of a keyword, and the anchored forms run. at0 finds the leftmost
	// match among the first span+1 bytes of its input:
	// ^(?s:.){0,span}?(regex); at1 the same after skipping one byte of
	// context, so that \b and the like see the real text:
	// ^(?s:.){1,span+1}?(regex). span == 0: plain runs on the window.
	span     int
	at0, at1 secretLazyRegexp
	plain    secretLazyRegexp

	// gate, when set, must match at the start of a keyword hit (the
	// hit's first gateLen bytes) for the rule to match there: most hits
	// of common keywords ("key", "token") fail it at once.
	gate    *regexp.Regexp
	gateLen int
	// Byte tests cheaper than the gate that a hit must pass first: the
	// byte after keyword k is in next[k] (jwt's "ey" is followed by a
	// letter or digit); from the keyword's end, a byte of near comes
	// within nearDist bytes, after bytes of between only (an assignment
	// operator after "token").
	next     map[string]*[256]bool
	near     *[256]bool
	between  *[256]bool
	nearDist int
	// After the near byte: at most tailSkipMax bytes of tailSkip, then at
	// least tailMin bytes of tailClass (the secret after an operator).
	tailSkip    *[256]bool
	tailSkipMax int
	tailClass   *[256]bool
	tailMin     int

	// core, when set, is the rule without its leading identifier prefix
	// ([\w.-]{0,50}? in gitleaks' semi-generic rules), anchored: it runs
	// once at each keyword hit, and the match's start is found by
	// walking back over prefix bytes (at most prefixMax).
	core      secretLazyRegexp
	coreAll   secretLazyRegexp // the core, not anchored
	prefix    [128]bool
	prefixMax int
}

// secretLazyRegexp compiles an expression on first use; safe for
// concurrent use.
type secretLazyRegexp struct {
	expr string
	once sync.Once
	re   *regexp.Regexp
}

// get returns the compiled expression, or nil if it does not compile
// (the tests compile every expression of rules.json).
func (l *secretLazyRegexp) get() *regexp.Regexp {
	l.once.Do(func() { l.re, _ = regexp.Compile(l.expr) })
	return l.re
}

// find is get().FindStringSubmatchIndex, nil when there is no expression.
func (l *secretLazyRegexp) find(s string) []int {
	if re := l.get(); re != nil {
		return re.FindStringSubmatchIndex(s)
	}
	return nil
}

const (
	// secretMaxAnchoredSpan is the farthest a match may start before its
	// keyword for the anchored search; beyond, the plain search runs.
	secretMaxAnchoredSpan = 256
	// secretCapBefore and secretCapAfter bound the window of a rule whose
	// matches are unbounded on that side.
	secretCapBefore = 4 << 10
	secretCapAfter  = 16 << 10
)

// line is the rule's JSON.
func (r *secretRule) line() string { return secretRulesJSON[r.lineAt[0]:r.lineAt[1]] }

func (r *secretRule) compiled() (*secretCompiled, error) {
	r.once.Do(func() { r.c, r.err = compileSecretRule(r) })
	return r.c, r.err
}

func compileSecretRule(r *secretRule) (*secretCompiled, error) {
	// The allowlists come last in a rule's line (the generator writes
	// them so) and are decoded only when the rule finds something: the
	// generic rule's stopwords alone are 14 KB of JSON.
	head, allow := r.line(), ""
	if i := strings.LastIndex(head, `,"allowlists":`); i >= 0 && strings.HasSuffix(head, "}") {
		head, allow = head[:i]+"}", head[i+len(`,"allowlists":`):len(head)-1]
	}
	var d secretRuleData
	if err := json.Unmarshal([]byte(head), &d); err != nil {
		return nil, fmt.Errorf("gitleaks rule %s: %w", r.ID, err)
	}
	if allow != "" {
		d.Allowlists = json.RawMessage(allow)
	}
	c := &secretCompiled{
		typ:         secretRuleType(r.ID),
		confidence:  secretRuleConfidence(r.ID),
		secretGroup: d.SecretGroup,
		entropy:     d.Entropy,
		regex:       d.Regex,
	}
	c.plain.expr = d.Regex
	if d.Core != "" {
		c.core.expr = `^(?:` + d.Core + `)`
		c.coreAll.expr = d.Core
		for i := 0; i < len(d.Prefix); i++ {
			if d.Prefix[i] < 128 {
				c.prefix[d.Prefix[i]] = true
			}
		}
		c.prefixMax = d.PrefixMax
	} else if r.Before >= 0 && r.Before <= secretMaxAnchoredSpan {
		c.span = max(r.Before, 1)
		c.at0.expr = `^(?s:.){0,` + strconv.Itoa(c.span) + `}?(` + d.Regex + `)`
		c.at1.expr = `^(?s:.){1,` + strconv.Itoa(c.span+1) + `}?(` + d.Regex + `)`
	}
	var err error
	// For a rule with a core, the byte tests below stand in for the gate:
	// the core runs next and checks the rest.
	if d.Gate != "" && !(d.Core != "" && d.TailClass != "") {
		if c.gate, err = regexp.Compile(`^(?:` + d.Gate + `)`); err != nil {
			return nil, fmt.Errorf("gitleaks rule %s: gate: %w", r.ID, err)
		}
		c.gateLen = d.GateLen
	}
	for k, set := range d.Next {
		if c.next == nil {
			c.next = map[string]*[256]bool{}
		}
		c.next[k] = secretByteSet(set)
	}
	if d.Near != "" {
		c.near, c.between, c.nearDist = secretByteSet(d.Near), secretByteSet(d.Between), d.NearDist
		if d.TailClass != "" {
			c.tailSkip, c.tailSkipMax = secretByteSet(d.TailSkip), d.TailSkipMax
			c.tailClass, c.tailMin = secretByteSet(d.TailClass), d.TailMin
		}
	}
	c.allowRaw = d.Allowlists
	return c, nil
}

func secretByteSet(s string) *[256]bool {
	var set [256]bool
	for i := 0; i < len(s); i++ {
		set[s[i]] = true
	}
	return &set
}

// gateOpen reports whether a hit of keyword k at text[p:q] may start a
// match.
func (c *secretCompiled) gateOpen(text, k string, p, q int) bool {
	if set := c.next[k]; set != nil && (q >= len(text) || !set[text[q]]) {
		return false
	}
	if c.near != nil {
		open := false
		for i, end := q, min(len(text), q+c.nearDist+1); i < end; i++ {
			b := text[i]
			if c.near[b] && (c.tailClass == nil || c.tailOpen(text, i)) {
				open = true
				break
			}
			if !c.between[b] {
				break
			}
		}
		if !open {
			return false
		}
	}
	return c.gate == nil || c.gate.MatchString(text[p:min(len(text), p+c.gateLen+1)])
}

// tailOpen reports whether, after an operator starting at text[i], a run
// of at least tailMin secret bytes follows within the operator's rest and
// tailSkipMax bytes of quotes and spaces.
func (c *secretCompiled) tailOpen(text string, i int) bool {
	for k := i + 1; k < len(text); k++ {
		run := 0
		for j := k; j < len(text) && run < c.tailMin && c.tailClass[text[j]]; j++ {
			run++
		}
		if run >= c.tailMin {
			return true
		}
		if k-i > c.tailSkipMax || !c.tailSkip[text[k]] {
			return false
		}
	}
	return false
}

// secretEntropy is gitleaks' Shannon entropy: counts per rune, divided by
// the length in bytes.
func secretEntropy(s string) float64 {
	if s == "" {
		return 0
	}
	var ascii [128]int
	var other map[rune]int
	for _, r := range s {
		if r < 128 {
			ascii[r]++
			continue
		}
		if other == nil {
			other = map[rune]int{}
		}
		other[r]++
	}
	inv := 1 / float64(len(s))
	e := 0.0
	for _, n := range ascii {
		if n > 0 {
			f := float64(n) * inv
			e -= f * math.Log2(f)
		}
	}
	for _, n := range other {
		f := float64(n) * inv
		e -= f * math.Log2(f)
	}
	return e
}
