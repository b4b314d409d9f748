package chain

import (
	"net/url"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/actionguard/actionguard/analyze/privacy"
)

// mayStart reports whether an earlier shell command could start a chain
// in want, before paying for its analysis: it names a path outside the
// working directory or a credential file, a program that downloads or
// raises privileges, or hides what it does (a variable, a substitution,
// an encoding). Quotes and backslashes are dropped first (c”at, \sudo).
// It errs on the side of analysing.
func mayStart(cmd, obs string, want need) bool {
	if want&needSecret != 0 && strings.Contains(obs, "[REDACTED:") {
		return true // what it printed held a secret
	}
	s := cmd
	if strings.ContainsAny(s, `'"\`) {
		s = squeezer.Replace(s)
	}
	if strings.ContainsAny(s, "$`") {
		return true
	}
	for _, w := range []string{"base64", "eval", "xxd", "printf"} {
		if strings.Contains(s, w) {
			return true
		}
	}
	if want&needSecret != 0 && credentialHint(s) {
		return true
	}
	files := want&(needSecret|needOutside) != 0
	for s != "" {
		i := 0
		for i < len(s) && !isSeparator(s[i]) {
			i++
		}
		tok := s[:i]
		if i < len(s) {
			s = s[i+1:]
		} else {
			s = ""
		}
		if tok == "" {
			continue
		}
		if files && (tok[0] == '/' || tok[0] == '~' || tok == ".." || strings.Contains(tok, "../")) {
			return true
		}
		name := shortName(tok)
		if want&needSecret != 0 && (name == "env" || name == "printenv") {
			return true
		}
		if want&needDownload != 0 && (tab().fetchers[name] || name == "scp" || name == "rsync") {
			return true
		}
		if want&needEscalation != 0 && tab().escalators[name] {
			return true
		}
	}
	return false
}

// isSeparator reports whether b ends a word for mayStart: a blank, a shell
// operator, or the = of an option's value (--file=/etc/x).
func isSeparator(b byte) bool {
	switch b {
	case ' ', '\t', '\n', ';', '|', '&', '(', ')', '<', '>', '=':
		return true
	}
	return false
}

var squeezer = strings.NewReplacer(`'`, "", `"`, "", `\`, "")

// credentialHints are parts of the names of credential files (the shell
// analyzer's credential paths; TestCredentialHints keeps them in step).
var credentialHints = []string{".ssh", ".env", ".aws", "netrc", ".kube", "kubeconfig", ".docker", "gcloud", "credentials", ".azure",
	".gnupg", ".pgpass", ".my.cnf", ".npmrc", ".pypirc", ".gem", "gh/hosts", ".vault-token", ".pem", ".key", ".p12", ".pfx",
	"keystore", ".jks", "id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", "shadow", "sudoers"}

func credentialHint(s string) bool {
	hints := &tab().hints
	for i := 0; i < len(s); i++ {
		for _, h := range hints[s[i]] {
			if strings.HasPrefix(s[i:], h) {
				return true
			}
		}
	}
	return false
}

// secretMark returns the type of the first secret the redaction marked in
// s ("[REDACTED:api_key]" → "api_key"), or "": personal data such as an
// e-mail address is not a secret.
func secretMark(s string) string {
	const open = "[REDACTED:"
	for n := 0; n < 64; n++ {
		i := strings.Index(s, open)
		if i < 0 {
			return ""
		}
		s = s[i+len(open):]
		end := strings.IndexByte(s, ']')
		if end <= 0 || end > 40 {
			continue
		}
		if t := privacy.Type(s[:end]); !slices.Contains(privacy.Types, t) || t.Secret() {
			return s[:end]
		}
	}
	return ""
}

// minFragment is the length from which a line of an earlier output found
// in what is sent counts as that output being sent; at most
// maxFragmentLines lines are tried, each by its first fragmentProbe bytes.
const (
	minFragment      = 24
	maxFragmentLines = 512
	fragmentProbe    = 64
)

// sharedFragment returns a line of out (at least minFragment long, not a
// redaction) whose start appears in payload, or "". Each line tried costs
// len(payload) of the budget; none is tried once it is spent.
func sharedFragment(out, payload string, budget *int) string {
	if len(out) < minFragment || len(payload) < minFragment {
		return ""
	}
	tried := 0
	for out != "" && tried < maxFragmentLines && *budget > 0 {
		line := out
		if i := strings.IndexByte(out, '\n'); i >= 0 {
			line, out = out[:i], out[i+1:]
		} else {
			out = ""
		}
		line = strings.TrimSpace(stripLineNumber(strings.TrimSpace(line)))
		if len(line) < minFragment || strings.Contains(line, "[REDACTED") {
			continue
		}
		tried++
		*budget -= len(payload)
		if strings.Contains(payload, clip(line, fragmentProbe)) {
			return line
		}
	}
	return ""
}

// stripLineNumber removes the line number a file tool puts before each
// line ("    12→text", "12\ttext").
func stripLineNumber(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || i == len(s) {
		return s
	}
	if s[i] == '\t' {
		return s[i+1:]
	}
	if strings.HasPrefix(s[i:], "→") {
		return s[i+len("→"):]
	}
	return s
}

// payloadOf is what a call's input carries, for matching earlier outputs:
// every string, and the decoded form of URL-encoded ones. A web tool's
// prompt stays with the agent and is left out.
func payloadOf(in map[string]any, web bool) string {
	var b strings.Builder
	walkStrings(in, func(key, s string) bool {
		if web && strings.EqualFold(key, "prompt") {
			return true
		}
		s = clip(s, maxPayload-b.Len())
		b.WriteString(s)
		b.WriteByte('\n')
		if strings.ContainsAny(s, "%+") {
			if d, err := url.QueryUnescape(s); err == nil && d != s {
				b.WriteString(clip(d, max(0, maxPayload-b.Len())))
				b.WriteByte('\n')
			}
		}
		return b.Len() < maxPayload
	})
	return clip(b.String(), maxPayload)
}

// walkStrings calls fn with every string in v and the key it sits under,
// depth first in key order, until fn returns false; it stops at a depth
// of 16 and after 4096 values.
func walkStrings(v any, fn func(key, s string) bool) {
	budget := 4096
	var rec func(v any, key string, depth int) bool
	rec = func(v any, key string, depth int) bool {
		budget--
		if depth > 16 || budget < 0 {
			return false
		}
		switch x := v.(type) {
		case string:
			return fn(key, x)
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				if !rec(x[k], k, depth+1) {
					return false
				}
			}
		case []any:
			for _, y := range x {
				if !rec(y, key, depth+1) {
					return false
				}
			}
		}
		return true
	}
	rec(v, "", 0)
}

// firstString returns the first non-empty string under one of the keys
// (or the first string of a list there).
func firstString(in map[string]any, keys ...string) string {
	for _, k := range keys {
		switch v := in[k].(type) {
		case string:
			if v != "" {
				return v
			}
		case []any:
			for _, x := range v {
				if s, ok := x.(string); ok && s != "" {
					return s
				}
			}
		}
	}
	return ""
}

// firstURL returns the first http(s) URL in the input's strings, even
// inside text ("Summarize https://…").
func firstURL(in map[string]any) string {
	found := ""
	walkStrings(in, func(_, s string) bool {
		i := strings.Index(s, "https://")
		if j := strings.Index(s, "http://"); j >= 0 && (i < 0 || j < i) {
			i = j
		}
		if i < 0 {
			return true
		}
		u := s[i:]
		if end := strings.IndexAny(u, " \t\n\"'<>)"); end >= 0 {
			u = u[:end]
		}
		found = u
		return false
	})
	return found
}

// urlKeys and recipientKeys are the input fields that say where a tool
// call goes.
var (
	urlKeys       = []string{"url", "uri", "endpoint", "webhook", "webhook_url", "website", "site"}
	recipientKeys = []string{"to", "cc", "bcc", "recipient", "recipients", "email", "email_address", "to_email", "receiver",
		"channel", "channel_id", "chat_id", "phone_number", "to_number", "destination", "address_to"}
)

// inputDestination returns where a tool call's input says it goes: the
// host of a URL field or of a top-level http(s) value, else a recipient.
// recipients is false for tools that only read (a lookup by e-mail
// address sends nothing).
func inputDestination(in map[string]any, recipients bool) (string, bool) {
	if u := firstString(in, urlKeys...); u != "" {
		return hostOr(u, u), true
	}
	keys := make([]string, 0, len(in))
	for k := range in {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if s, ok := in[k].(string); ok && (strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://")) {
			return hostOr(s, s), true
		}
	}
	if recipients {
		if r := firstString(in, recipientKeys...); r != "" {
			return short(oneLine(r), 80), true
		}
	}
	return "", false
}

// hostOr returns the host of a URL or of a remote (user@host:path), lower
// case and without its port, or def when there is none.
func hostOr(u, def string) string {
	s := u
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
	}
	if j := strings.IndexAny(s, "/?#"); j >= 0 {
		s = s[:j]
	}
	if at := strings.LastIndexByte(s, '@'); at >= 0 {
		s = s[at+1:]
	}
	if strings.HasPrefix(s, "[") {
		if k := strings.IndexByte(s, ']'); k > 0 {
			s = s[1:k]
		}
	} else if k := strings.IndexByte(s, ':'); k >= 0 && strings.Count(s, ":") == 1 {
		s = s[:k]
	}
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return def
	}
	return s
}

// loopback reports whether a host is this machine: data sent there does
// not leave it.
func loopback(h string) bool {
	h = strings.ToLower(hostOr(h, h))
	return h == "localhost" || strings.HasSuffix(h, ".localhost") || strings.HasPrefix(h, "127.") || h == "::1" ||
		h == "0.0.0.0" || h == "host.docker.internal"
}

// hasProdWord reports whether s names production as a word (prod,
// production, prd): seed 002's production indicators without main and
// master, which a coding agent meets all day.
func hasProdWord(s string) bool {
	s = clip(s, 64<<10)
	for i := 0; i+3 <= len(s); {
		j := i
		for j < len(s) && isAlnum(s[j]) {
			j++
		}
		if j > i {
			if w := s[i:j]; strings.EqualFold(w, "prod") || strings.EqualFold(w, "production") || strings.EqualFold(w, "prd") {
				return true
			}
			i = j
			continue
		}
		i++
	}
	return false
}

func isAlnum(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// oneLine returns s on one line with its blanks collapsed, at most 200 bytes.
func oneLine(s string) string {
	s = clip(s, 400)
	if !strings.ContainsAny(s, "\n\r\t") && !strings.Contains(s, "  ") {
		return clip(s, 200)
	}
	return clip(strings.Join(strings.Fields(s), " "), 200)
}

// short returns s cut to about n bytes, with an ellipsis when cut.
func short(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return clip(s, n) + "…"
}

// clip returns the first n bytes of s, cut at a character boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// shortName is the last element of a path.
func shortName(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}
