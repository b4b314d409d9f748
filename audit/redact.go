package audit

import (
	"github.com/actionguard/actionguard/analyze/shell"
	"regexp"

	"github.com/actionguard/actionguard/analyze/privacy"

	"slices"
	"strings"
	"sync"
)

// Redact returns s with the secrets it recognizes replaced by
// [REDACTED:<type>], everything else intact: cloud and SaaS keys and tokens,
// JWTs, private key blocks, Authorization headers, passwords in URLs and on
// command lines, and values assigned to names that end in TOKEN, SECRET,
// PASSWORD, PASSWD, API_KEY, APIKEY, ACCESS_KEY, PRIVATE_KEY, SECRET_KEY or
// CREDENTIALS (NAME=value, "name": "value", name: value, --name value).
// Values that are variable references ($TOKEN) or placeholders (<token>) are
// kept.
//
// Redact runs in time linear in len(s): each rule starts only where its
// anchor, a literal such as "ghp_" or "password", occurs. It is
// pattern-based and does not find every secret; it keeps the common ones out
// of the audit log. Redact(Redact(s)) == Redact(s).
//
// Personal data and the secrets analyze/privacy finds (gitleaks' rules,
// passwords, cookies, one-time codes) go too: personal data gets seed
// 001's masked form (138****5678, a****@domain.com), secrets a
// [REDACTED:<type>] mark.
func Redact(s string) string {
	s = redactSecrets(s)
	return maskFindings(s, privacy.Detect(s))
}

// RedactDetected is Redact for a text whose analyze/privacy findings the
// caller already has (fs = privacy.Detect(s)): one scan instead of two.
func RedactDetected(s string, fs []privacy.Finding) string {
	return redactSecrets(maskFindings(s, fs))
}

// RedactKeeping is Redact for a value a person must read exactly (the
// recipient of a held send): its secrets are redacted and its personal
// data masked as Redact's are, except the types keep names.
func RedactKeeping(s string, keep ...privacy.Type) string {
	s = redactSecrets(s)
	fs := privacy.Detect(s)
	masked := fs[:0:0]
	for _, f := range fs {
		if !slices.Contains(keep, f.Type) {
			masked = append(masked, f)
		}
	}
	return maskFindings(s, masked)
}

// redactForSpool is Redact without analyze/privacy's secret rules, whose
// start-up a hook call should not pay: the anchored secret rules of this
// file and the personal data. The drain into the log runs Redact.
func redactForSpool(s string) string {
	s = redactSecrets(s)
	return maskFindings(s, privacy.DetectPersonal(s))
}

// redactSecrets is Redact without the personal data and analyze/privacy's
// secrets: the cheap, anchored rules of this file.
// maxCommandLine is the longest string read as a command line for the
// passwords its options carry.
const maxCommandLine = 8 << 10

func redactSecrets(s string) string {
	// Passwords given to command-line clients (redis-cli -a, mysql -pPW,
	// sshpass -p, curl -u user:PW, …), as the program specs tag them: in
	// strings the size of a command line (a long text is prose or a file,
	// which the anchored rules read). They go after the anchored rules,
	// which name what they mask (a GitHub token, an AWS key): a secret the
	// rules know keeps its name.
	// A redaction can join what a line break kept apart (a quoted value
	// around a key block), so redact again until nothing changes; the
	// second pass is usually the last, and runs only when there were secrets.
	for range maxPasses {
		r, changed := redactOnce(s)
		if !changed {
			break
		}
		s = r
	}
	if len(s) <= maxCommandLine {
		s = shell.MaskSecrets(s)
	}
	return s
}

// maskFindings masks the findings fs of s, leaving earlier [REDACTED:…]
// marks alone.
func maskFindings(s string, fs []privacy.Finding) string {
	if len(fs) == 0 {
		return s
	}
	var marks [][2]int
	if strings.Contains(s, "[REDACTED:") {
		marks = markers(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	at := 0
	for _, f := range fs {
		if slices.ContainsFunc(marks, func(m [2]int) bool { return f.Start < m[1] && m[0] < f.End }) {
			continue
		}
		b.WriteString(s[at:f.Start])
		if f.Type.NeverSend() {
			b.WriteString("[REDACTED:" + string(f.Type) + "]")
		} else {
			b.WriteString(privacy.MaskValue(f.Type, s[f.Start:f.End]))
		}
		at = f.End
	}
	b.WriteString(s[at:])
	return b.String()
}

const maxPasses = 4

func redactOnce(s string) (string, bool) {
	if len(s) == 0 {
		return s, false
	}
	lower := asciiLower(s)
	var spans []span
	for i := range secretRules {
		spans = secretRules[i].find(s, lower, i, spans)
	}
	spans = findAssignments(s, lower, len(secretRules), spans)
	if len(spans) > 0 && strings.Contains(s, "[REDACTED:") {
		spans = unmark(s, spans)
	}
	if len(spans) == 0 {
		return s, false
	}
	return replaceSpans(s, spans), true
}

// A secretRule finds one kind of secret: at each occurrence of one of its
// anchors, its pattern must match the text that starts there. Rules are
// tried in order; where two rules find overlapping secrets the earlier one
// names the redaction.
type secretRule struct {
	typ string // the <type> in [REDACTED:<type>]
	// anchors are lowercase literals, searched in the lowercased text; the
	// match starts at the anchor (or where back says).
	anchors []string
	back    func(lower string, at int) int
	// boundary: the match must not follow a letter, digit or underscore.
	boundary bool
	// pattern is matched at the start of the text (as if it began with ^).
	// The secret is the first group named "v" that matched, or the whole
	// match when there is no such group.
	pattern string
	// limit caps how far past its start a match is looked for, so that each
	// anchor costs a bounded amount of work; line stops it at a line break.
	limit int
	line  bool
	// valid, when set, vets a candidate secret.
	valid func(secret string) bool
	// skip, when set, says how much of text a failed match rules out for
	// the anchors that follow, so that anchors packed together cost linear
	// time (eyJa-eyJa-eyJa…, curl curl curl…).
	skip func(text string) int

	// The pattern is compiled on first use (a hook process should not pay
	// for rules whose anchors never occur, nor build their expressions at
	// start-up): anchored at the start (re), and unanchored (all), for the
	// linear fallback.
	reOnce, allOnce sync.Once
	reRE, allRE     *regexp.Regexp
}

// re is the rule's pattern anchored at the start of the text.
func (r *secretRule) re() *regexp.Regexp {
	r.reOnce.Do(func() {
		flags, body := r.flagsBody()
		r.reRE = regexp.MustCompile(flags + "^(?:" + body + ")")
	})
	return r.reRE
}

// all is the rule's pattern anywhere in the text (after a word boundary
// when the rule has one).
func (r *secretRule) all() *regexp.Regexp {
	r.allOnce.Do(func() {
		flags, body := r.flagsBody()
		if r.boundary {
			body = `\b(?:` + body + ")"
		}
		r.allRE = regexp.MustCompile(flags + body)
	})
	return r.allRE
}

// flagsBody splits a leading (?i) off the pattern, so that it stays in
// front of the anchors re and all add.
func (r *secretRule) flagsBody() (flags, body string) {
	if strings.HasPrefix(r.pattern, "(?i)") {
		return "(?i)", r.pattern[len("(?i)"):]
	}
	return "", r.pattern
}

var secretRules = []secretRule{
	{
		typ:     "private_key",
		anchors: []string{"-----begin"},
		pattern: `-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?s:.*?)(?:-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\z)`,
		limit:   64 << 10,
	},
	{
		typ:      "jwt",
		anchors:  []string{"eyj"},
		boundary: true,
		pattern:  `eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*`,
		limit:    2 << 10,
		// A match from a later eyJ in the same run would match from this one.
		skip: func(text string) int {
			if !strings.HasPrefix(text, "eyJ") {
				return 0
			}
			i := len("eyJ")
			for i < len(text) && (wordChar(text[i]) || text[i] == '-') {
				i++
			}
			return i
		},
	},
	{
		typ:      "aws_access_key",
		anchors:  []string{"akia", "asia", "abia", "acca", "a3t"},
		boundary: true,
		pattern:  `(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b`,
		limit:    64,
	},
	{
		typ:     "aws_secret_key",
		anchors: []string{"secret"},
		back: func(lower string, at int) int {
			switch {
			case strings.HasSuffix(lower[:at], "aws_"):
				return at - 4
			case strings.HasSuffix(lower[:at], "aws"):
				return at - 3
			}
			return at
		},
		pattern: `(?i)(?:aws_?secret_?(?:access_?)?key|secret_?access_?key)["']?[ \t]*[:=][ \t]*["']?(?P<v>[A-Za-z0-9/+=]{20,})`,
		limit:   1 << 10,
		line:    true,
	},
	{
		typ:      "github_token",
		anchors:  []string{"ghp_", "gho_", "ghs_", "ghu_", "ghr_"},
		boundary: true,
		pattern:  `gh[pousr]_[A-Za-z0-9]{20,}`,
		limit:    1 << 10,
	},
	{
		typ:      "github_token",
		anchors:  []string{"github_pat_"},
		boundary: true,
		pattern:  `github_pat_[A-Za-z0-9_]{20,}`,
		limit:    1 << 10,
	},
	{
		typ:      "gitlab_token",
		anchors:  []string{"glpat-"},
		boundary: true,
		pattern:  `glpat-[A-Za-z0-9_-]{20,}`,
		limit:    1 << 10,
	},
	{
		typ:      "slack_token",
		anchors:  []string{"xox"},
		boundary: true,
		pattern:  `xox[abpr]-[A-Za-z0-9-]{10,}`,
		limit:    1 << 10,
	},
	{
		typ:      "stripe_key",
		anchors:  []string{"sk_live_", "rk_live_"},
		boundary: true,
		pattern:  `[rs]k_live_[A-Za-z0-9]{16,}`,
		limit:    1 << 10,
	},
	{
		// OpenAI (sk-…, sk-proj-…) and Anthropic (sk-ant-…) keys.
		typ:      "api_key",
		anchors:  []string{"sk-"},
		boundary: true,
		pattern:  `sk-[A-Za-z0-9_-]{20,}`,
		limit:    1 << 10,
		valid:    func(s string) bool { return hasDigit(s) && hasLetter(s[3:]) },
	},
	{
		typ:      "google_api_key",
		anchors:  []string{"aiza"},
		boundary: true,
		pattern:  `AIza[0-9A-Za-z_-]{35}`,
		limit:    64,
	},
	{
		typ:      "authorization",
		anchors:  []string{"authorization"},
		boundary: true,
		pattern:  `(?i)authorization["']?[ \t]*:[ \t]*["']?(?:bearer|basic|token|digest|negotiate)[ \t]+(?P<v>[^\s"',;]+)`,
		limit:    1 << 10,
		line:     true,
	},
	{
		// A bearer token outside an Authorization header.
		typ:      "authorization",
		anchors:  []string{"bearer"},
		boundary: true,
		pattern:  `(?i)bearer[ \t]+(?P<v>[A-Za-z0-9._~+/-]{16,}=*)`,
		limit:    1 << 10,
		valid:    hasDigit,
		line:     true,
	},
	{
		// scheme://user:password@host
		typ:     "password",
		anchors: []string{"://"},
		back: func(lower string, at int) int {
			start := at
			for start > 0 && schemeChar(lower[start-1]) {
				start--
			}
			for start < at && !('a' <= lower[start] && lower[start] <= 'z') {
				start++
			}
			return start
		},
		pattern: `[A-Za-z][A-Za-z0-9+.-]*://[^\s:/?#@"'\\\[\]]*:(?P<v>[^\s/?#@"'\\\[\]]+)@`,
		limit:   1 << 10,
		line:    true,
	},
	{
		// curl -u user:password
		typ:      "password",
		anchors:  []string{"curl"},
		skip:     segment("curl"),
		boundary: true,
		pattern:  `(?i:curl)\b[^\n|;&]*?\s(?:-u[ \t]*|--user[= ][ \t]*)["']?[^\s:"']+:(?P<v>[^\s"']+)`,
		limit:    4 << 10,
		line:     true,
	},
	{
		// mysql -p<password> (a bare -p prompts and is left alone).
		typ:      "password",
		anchors:  []string{"mysql", "mariadb"},
		skip:     segment(mysqlNames...),
		boundary: true,
		pattern: `(?i:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mysqlpump|mysqlsh|mariadb|mariadb-dump)\b[^\n|;&]*?\s-p(?:` +
			`'(?P<v>[^'\n]*)'|"(?P<v>[^"\n]*)"|(?P<v>[^\s'"\\][^\s'"]*))`,
		limit: 4 << 10,
		line:  true,
	},
}

// mysqlNames are the programs that take -p<password>.
var mysqlNames = []string{"mysql", "mysqldump", "mysqladmin", "mysqlimport", "mysqlshow", "mysqlcheck",
	"mysqlpump", "mysqlsh", "mariadb", "mariadb-dump"}

// segment is the skip of the command-line rules: when the text starts with
// one of the commands, a later anchor in the same command (up to a line
// break, |, ; or &) finds no match that the first one did not look at.
func segment(commands ...string) func(text string) int {
	return func(text string) int {
		for _, c := range commands {
			if len(text) >= len(c) && strings.EqualFold(text[:len(c)], c) &&
				(len(text) == len(c) || !wordChar(text[len(c)]) && text[len(c)] != '-') {
				if i := strings.IndexAny(text, "\n|;&"); i >= 0 {
					return i
				}
				return len(text)
			}
		}
		return 0
	}
}

// find appends the secrets rule r (at index i) finds in s.
func (r *secretRule) find(s, lower string, i int, spans []span) []span {
	var starts []int
	for _, a := range r.anchors {
		for off := 0; ; {
			at := strings.Index(lower[off:], a)
			if at < 0 {
				break
			}
			at += off
			off = at + len(a)
			if r.back != nil {
				at = r.back(lower, at)
			}
			starts = append(starts, at)
		}
	}
	if len(starts) == 0 {
		return spans
	}
	slices.Sort(starts)
	re := r.re()
	// Each anchor costs at most limit, and the skips keep anchors packed
	// together (eyJa-eyJa-…, curl curl …) from each scanning the same text.
	// Should some input still make the anchors expensive, the budget runs
	// out and the rest of the text gets one unanchored pass, which is linear
	// whatever the input.
	budget := 16*len(s) + 64<<10
	end := 0 // matches do not overlap, as with FindAll
	lineEnd := -1
	for _, start := range starts {
		if start < end || r.boundary && start > 0 && wordChar(s[start-1]) {
			continue
		}
		if budget < 0 {
			return r.findAll(s, end, i, spans)
		}
		text, cut := s[start:], false
		if r.line {
			if lineEnd < start {
				lineEnd = len(s)
				if nl := strings.IndexByte(s[start:], '\n'); nl >= 0 {
					lineEnd = start + nl
				}
			}
			text = s[start:lineEnd]
		}
		if r.limit > 0 && len(text) > r.limit {
			text, cut = text[:r.limit], true
		}
		m := re.FindStringSubmatchIndex(text)
		if m != nil && cut && m[1] == len(text) {
			// The match may go on past the limit: look again without it.
			text = s[start:]
			m = re.FindStringSubmatchIndex(text)
		}
		// A failed attempt is charged little: the skips, not the budget,
		// are what keep the usual dense cases linear.
		budget -= 32
		if m == nil {
			if r.skip != nil {
				end = start + r.skip(text)
			}
			continue
		}
		budget -= m[1]
		end = start + m[1]
		spans = r.add(spans, i, start, text, m)
	}
	return spans
}

// findAll appends the secrets rule r finds in s[from:] in one unanchored pass.
func (r *secretRule) findAll(s string, from, i int, spans []span) []span {
	for _, m := range r.all().FindAllStringSubmatchIndex(s[from:], -1) {
		spans = r.add(spans, i, from, s[from:], m)
	}
	return spans
}

// add appends the secret in match m of text, which starts at s[start], unless
// it is no secret.
func (r *secretRule) add(spans []span, i, start int, text string, m []int) []span {
	vs, ve := m[0], m[1]
	for g, name := range r.re().SubexpNames() {
		if name == "v" && m[2*g] >= 0 {
			vs, ve = m[2*g], m[2*g+1]
			break
		}
	}
	secret := text[vs:ve]
	if vs == ve || placeholder(secret) || r.valid != nil && !r.valid(secret) {
		return spans
	}
	return append(spans, span{start: start + vs, end: start + ve, rule: i, typ: r.typ})
}

// span is a secret found at s[start:end].
type span struct {
	start, end int
	rule       int // the index of the rule that found it: the lower, the more specific
	typ        string
}

// markers returns where earlier redactions, [REDACTED:<type>], are in s.
func markers(s string) [][2]int {
	const open = "[REDACTED:"
	var marks [][2]int
	for off := 0; ; {
		at := strings.Index(s[off:], open)
		if at < 0 {
			return marks
		}
		at += off
		j := at + len(open)
		for j < len(s) && ('a' <= s[j] && s[j] <= 'z' || s[j] == '_') {
			j++
		}
		if j > at+len(open) && j < len(s) && s[j] == ']' {
			marks = append(marks, [2]int{at, j + 1})
			off = j + 1
		} else {
			off = at + 1
		}
	}
}

// unmark removes earlier redactions from the spans, splitting a span around
// a marker inside it, so that Redact is idempotent and never hides a marker.
func unmark(s string, spans []span) []span {
	marks := markers(s)
	if len(marks) == 0 {
		return spans
	}
	var out []span
	for _, sp := range spans {
		for _, m := range marks {
			if m[1] <= sp.start || sp.end <= m[0] {
				continue
			}
			if sp.start < m[0] {
				left := sp
				left.end = m[0]
				out = append(out, left)
			}
			sp.start = max(sp.start, m[1])
		}
		if sp.start < sp.end {
			out = append(out, sp)
		}
	}
	return out
}

// replaceSpans replaces the spans, merged where they overlap, by their marks.
func replaceSpans(s string, spans []span) string {
	slices.SortFunc(spans, func(a, b span) int {
		if a.start != b.start {
			return a.start - b.start
		}
		return a.rule - b.rule
	})
	var b strings.Builder
	b.Grow(len(s))
	last := 0
	for i := 0; i < len(spans); {
		cur := spans[i]
		for i++; i < len(spans) && spans[i].start < cur.end; i++ {
			if spans[i].rule < cur.rule {
				cur.typ, cur.rule = spans[i].typ, spans[i].rule
			}
			cur.end = max(cur.end, spans[i].end)
		}
		b.WriteString(s[last:cur.start])
		b.WriteString("[REDACTED:")
		b.WriteString(cur.typ)
		b.WriteString("]")
		last = cur.end
	}
	b.WriteString(s[last:])
	return b.String()
}

// placeholder reports whether a value is no secret: a variable reference, a
// template, or an earlier redaction.
func placeholder(v string) bool {
	return strings.HasPrefix(v, "$") || strings.HasPrefix(v, "[REDACTED") ||
		(strings.HasPrefix(v, "<") && strings.HasSuffix(v, ">")) ||
		(strings.HasPrefix(v, "{{") && strings.HasSuffix(v, "}}")) ||
		strings.Trim(v, "*") == ""
}

// asciiLower lowercases ASCII letters only, so byte offsets are kept.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

func wordChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

func schemeChar(c byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '.' || c == '-'
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

func hasLetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; 'a' <= c && c <= 'z' {
			return true
		}
	}
	return false
}
