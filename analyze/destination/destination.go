package destination

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Options is what Check knows besides the destination.
type Options struct {
	// Task is the user's recent messages, oldest first; a service named
	// there ("log into Gmail") is the one the credentials are meant for.
	// Only the last five are read.
	Task []string
}

// Kinds of suspicion, in the order Result.Kinds lists them.
const (
	KindLookalike       = "lookalike"         // the name imitates a service's domain
	KindHomoglyph       = "homoglyph"         // … with characters that look alike (gma1l, pаypal)
	KindMixedScript     = "mixed-script"      // a label mixes scripts (Latin and Cyrillic)
	KindPunycode        = "punycode"          // an imitation spelt as xn--
	KindBrandSubdomain  = "brand-subdomain"   // paypal.com.secure-login.io
	KindBrandInPath     = "brand-in-path"     // evil.io/paypal.com/login
	KindBrandInUserinfo = "brand-in-userinfo" // https://paypal.com@evil.io
	KindBrandMismatch   = "brand-mismatch"    // the task names another service
	KindNoHTTPS         = "no-https"          // plain http:// to a public host
)

// Result is the verdict on one destination.
type Result struct {
	Host       string   // the host, lower case, xn-- labels decoded; no port
	ASCII      string   // the host as sent on the wire (punycode for non-ASCII labels)
	Service    string   // the service the host legitimately belongs to, "" if none
	Suspicious bool     // do not send credentials here
	Kinds      []string // why, from the Kind constants
	Expected   string   // the service meant or imitated: "Gmail"
	Suggest    string   // the domain to use instead: "gmail.com" (or "https://…" for no-https)
	Warning    string   // the one warning for the user (seed 001's words), "" when not suspicious
	Reason     string   // one sentence for the log
}

// Check decides whether credentials may go to a destination: a URL, a bare
// host, host:port, or an e-mail address. It is pure and safe for concurrent
// use; the service data is parsed on the first call.
func Check(dest string, opt Options) Result {
	x := load()
	t := parseTarget(dest)
	h := &t.host
	if !h.valid {
		return Result{Reason: "not a host name: " + quoteShort(dest)}
	}
	r := Result{Host: h.unicode, ASCII: h.ascii}
	local := h.private()
	svc, legit := int32(-1), false
	if !h.isIP {
		svc, legit = x.serviceOf(h)
	}
	if legit {
		r.Service = x.services[svc].Name
	}
	if local {
		r.Reason = r.Host + " is this machine or a private network"
		return r
	}

	var v verdict
	if !legit && !h.isIP {
		x.matching()
		x.checkName(h, &v)
		if m, ok := x.matchPath(t.path); ok {
			v.add(KindBrandInPath, m, x.sentence(KindBrandInPath, m, &t))
		}
	}
	if !legit && t.userinfo != "" {
		user, _, _ := strings.Cut(t.userinfo, ":")
		if len(user) <= 253 {
			if dom, id, ok := x.scanDomains(strings.ToLower(user)); ok {
				m := match{how: howNone, tok: -1, svc: id, domain: dom}
				v.add(KindBrandInUserinfo, m, x.sentence(KindBrandInUserinfo, m, &t))
			}
		}
	}

	// Brand mismatch: the task names services and this host is none of them.
	var named []int32
	hostNamed := false
	if len(opt.Task) > 0 {
		named, hostNamed = x.taskNames(opt.Task, h)
	}
	if len(named) > 0 && !hostNamed && !x.meant(named, svc, legit) {
		exp := named[0]
		m := match{how: howNone, tok: -1, svc: exp, domain: x.services[exp].Main()}
		v.kinds = append(v.kinds, KindBrandMismatch)
		v.reasons = append(v.reasons, x.sentence(KindBrandMismatch, m, &t))
		v.expected = &m // the user's own words outrank what the host imitates
	}

	noHTTPS := t.scheme == "http" || t.scheme == "ws" || t.scheme == "ftp"
	if noHTTPS {
		v.kinds = append(v.kinds, KindNoHTTPS)
		v.reasons = append(v.reasons, "it would carry the credentials over plain "+t.scheme+"://, unencrypted")
	}
	if len(v.kinds) == 0 {
		if legit {
			r.Reason = r.Host + " belongs to " + r.Service
		}
		return r
	}

	r.Suspicious = true
	r.Kinds = canonicalKinds(v.kinds)
	exp := v.expected
	if exp == nil {
		exp = v.primary
	}
	display := r.Host
	if h.idn {
		display = h.ascii // a warning must not show pаypal.com as "paypal.com"
	}
	switch {
	case exp != nil:
		r.Expected = x.services[exp.svc].Name
		r.Suggest = exp.domain
		r.Warning = "I'm not going to send your credentials to " + display + ". This doesn't look like " +
			r.Expected + " — possible phishing. Did you mean " + r.Suggest + "?"
	case v.mixed != 0:
		r.Warning = "I'm not going to send your credentials to " + display + ". Its name mixes " +
			scriptNames(v.mixed) + " letters — possible phishing."
	default: // plain http:// only
		r.Suggest = "https://" + r.Host
		if h.idn {
			r.Suggest = "https://" + h.ascii
		}
		r.Warning = "I'm not going to send your credentials to " + display + " over plain " + t.scheme +
			":// — possible phishing. Did you mean " + r.Suggest + "?"
	}
	r.Reason = strings.Join(v.reasons, "; ")
	if strings.HasPrefix(r.Reason, "the ") || strings.HasPrefix(r.Reason, "it ") {
		r.Reason = strings.ToUpper(r.Reason[:1]) + r.Reason[1:]
	}
	r.Reason += "."
	return r
}

// meant reports whether the host belongs to one of the services the task
// names. A legitimate host of another service counts when it is in another
// line of business: a task may involve several tools (named Terraform,
// pushing to GitHub), but a Gmail password has no business at Outlook.
func (x *index) meant(named []int32, svc int32, legit bool) bool {
	if !legit {
		return false
	}
	for _, id := range named {
		if x.sameOrg(id, svc) {
			return true
		}
	}
	for _, id := range named {
		if x.services[id].Category == x.services[svc].Category {
			return false
		}
	}
	return true
}

// verdict collects what checkName and the others found.
type verdict struct {
	kinds    []string
	reasons  []string
	primary  *match // the strongest imitation found in the destination
	expected *match // the service the task names, when it does
	mixed    script // scripts of a mixed-script label
}

func (v *verdict) add(kind string, m match, reason string) {
	v.kinds = append(v.kinds, kind)
	v.reasons = append(v.reasons, reason)
	if v.primary == nil {
		v.primary = &m
	}
}

// checkName looks at the host name itself: an imitation in the registrable
// label or a brand in front of it, and mixed scripts in any label.
func (x *index) checkName(h *hostInfo, v *verdict) {
	x.checkImitation(h, v)
	if !h.idn {
		return
	}
	for _, l := range strings.Split(h.unicode, ".") {
		if isASCII(l) {
			continue
		}
		if sc := scriptsOf(l); mixedScripts(sc) {
			v.mixed = sc
			v.kinds = append(v.kinds, KindMixedScript)
			v.reasons = append(v.reasons, "the label "+l+" mixes "+scriptNames(sc)+" letters")
			if h.wroteXN {
				v.kinds = append(v.kinds, KindPunycode)
			}
			return
		}
	}
}

func (x *index) checkImitation(h *hostInfo, v *verdict) {
	if h.reg != "" {
		label, _, _ := strings.Cut(h.reg, ".")
		if strings.HasPrefix(label, "xn--") {
			if u, ok := punyDecode(label[4:]); ok {
				label = u
			}
		}
		if m, ok := x.matchLabel(label, h.suffix); ok {
			v.add(KindLookalike, m, x.labelSentence(m, h))
			if m.how == howHomoglyph {
				v.kinds = append(v.kinds, KindHomoglyph)
			}
			if !isASCII(label) && h.wroteXN {
				v.kinds = append(v.kinds, KindPunycode)
			}
			return
		}
	}
	if m, ok := x.matchSub(h); ok {
		v.add(KindBrandSubdomain, m, x.subSentence(m, h))
	}
}

// canonicalKinds sorts and de-duplicates kinds in the order of the Kind
// constants.
func canonicalKinds(ks []string) []string {
	order := [...]string{KindLookalike, KindHomoglyph, KindMixedScript, KindPunycode, KindBrandSubdomain,
		KindBrandInPath, KindBrandInUserinfo, KindBrandMismatch, KindNoHTTPS}
	out := make([]string, 0, len(ks))
	for _, k := range order {
		if slices.Contains(ks, k) {
			out = append(out, k)
		}
	}
	return out
}

// Lookup returns the service a legitimate domain or host belongs to
// (accounts.google.com → Gmail). It accepts what Check accepts.
func Lookup(dest string) (Service, bool) {
	x := load()
	t := parseTarget(dest)
	if !t.host.valid || t.host.isIP {
		return Service{}, false
	}
	if id, ok := x.serviceOf(&t.host); ok {
		return x.services[id], true
	}
	return Service{}, false
}

// Services returns the services of data/services.txt in file order. The
// slices inside are shared: do not modify them.
func Services() []Service {
	return slices.Clone(load().services)
}

func quoteShort(s string) string {
	if len(s) > 80 {
		s = s[:80]
		for !utf8.ValidString(s) && len(s) > 0 {
			s = s[:len(s)-1]
		}
		s += "…"
	}
	return "\"" + strings.ToValidUTF8(s, "?") + "\""
}
