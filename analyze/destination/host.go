package destination

import (
	"net/netip"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/actionguard/actionguard/analyze/destination/internal/publicsuffix"
)

// maxInput bounds how much of a destination is read: the host comes first,
// and a path longer than this says nothing more about it.
const maxInput = 4096

// target is a parsed destination.
type target struct {
	scheme   string // lower case, "" when none was written
	userinfo string // before the @ of a URL, "" for an e-mail address
	path     string // from the first / (without query and fragment)
	host     hostInfo
}

// hostInfo is a host name in its forms.
type hostInfo struct {
	ascii   string // lower case, punycode for non-ASCII labels: what goes on the wire
	unicode string // lower case, xn-- labels decoded: what a person reads
	reg     string // registrable domain (eTLD+1) of ascii; "" when ascii is itself a public suffix or an IP
	suffix  string // public suffix of ascii
	ip      netip.Addr
	isIP    bool
	idn     bool // some label is non-ASCII or xn--
	wroteXN bool // the input spelt some label as xn--
	badPuny bool // an xn-- label does not decode
	valid   bool
}

// parseTarget splits a URL, a bare host, host:port or an e-mail address.
func parseTarget(raw string) target {
	var t target
	s := strings.TrimSpace(raw)
	if len(s) > maxInput {
		s = s[:maxInput]
	}
	rest := s
	if i := strings.Index(s, "://"); i > 0 && validScheme(s[:i]) {
		t.scheme = strings.ToLower(s[:i])
		rest = s[i+3:]
	} else if len(s) > 7 && strings.EqualFold(s[:7], "mailto:") {
		t.scheme = "mailto"
		rest = s[7:]
	} else if strings.HasPrefix(s, "//") {
		rest = s[2:]
	}
	// Browsers read a backslash as a slash in http(s) URLs.
	end := strings.IndexAny(rest, "/\\?#")
	authority := rest
	if end >= 0 {
		authority = rest[:end]
		p := rest[end:]
		if q := strings.IndexAny(p, "?#"); q >= 0 {
			p = p[:q]
		}
		t.path = p
	}
	hostport := authority
	if at := strings.LastIndexByte(authority, '@'); at >= 0 {
		hostport = authority[at+1:]
		if t.scheme != "" && t.scheme != "mailto" || end >= 0 {
			t.userinfo = authority[:at]
		}
	}
	t.host = parseHost(hostport)
	return t
}

func validScheme(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if !(c >= 'a' && c <= 'z' || i > 0 && (s[i] >= '0' && s[i] <= '9' || s[i] == '+' || s[i] == '-' || s[i] == '.')) {
			return false
		}
	}
	return true
}

// parseHost normalises host[:port]: lower case, no trailing dot, full stops
// of other scripts read as dots, percent-escapes decoded, and both the ASCII
// and the Unicode form of every label.
func parseHost(hp string) hostInfo {
	var h hostInfo
	if strings.HasPrefix(hp, "[") {
		end := strings.IndexByte(hp, ']')
		if end < 0 {
			return h
		}
		a, err := netip.ParseAddr(hp[1:end])
		if err != nil {
			return h
		}
		a = a.WithZone("") // a zone names an interface of this machine, not a host
		h.ip, h.isIP, h.valid = a, true, true
		h.ascii, h.unicode = a.String(), a.String()
		return h
	}
	if strings.Count(hp, ":") > 1 {
		// An IPv6 address without brackets, or nothing.
		if a, err := netip.ParseAddr(hp); err == nil {
			a = a.WithZone("")
			h.ip, h.isIP, h.valid = a, true, true
			h.ascii, h.unicode = a.String(), a.String()
		}
		return h
	}
	if i := strings.IndexByte(hp, ':'); i >= 0 {
		hp = hp[:i]
	}
	hp = normaliseHost(hp)
	hp = strings.TrimSuffix(hp, ".")
	if hp == "" || len(hp) > 4*253 {
		return h
	}
	ascii, uni, ok := hostForms(&h, hp)
	if !ok {
		return h
	}
	h.ascii, h.unicode = ascii, uni
	if len(h.ascii) > 253 {
		return h
	}
	if strings.Trim(h.ascii, "0123456789.") == "" {
		if a, err := netip.ParseAddr(h.ascii); err == nil {
			h.ip, h.isIP, h.valid = a, true, true
			return h
		}
	}
	h.valid = true
	h.suffix, _ = publicsuffix.PublicSuffix(h.ascii)
	if len(h.suffix) < len(h.ascii) {
		head := h.ascii[:len(h.ascii)-len(h.suffix)-1]
		h.reg = h.ascii[strings.LastIndexByte(head, '.')+1:]
	}
	return h
}

// normaliseHost lower-cases, decodes %XX and reads 。．｡ as dots; it
// returns hp itself when there is nothing to do.
func normaliseHost(hp string) string {
	clean := true
	for i := 0; i < len(hp); i++ {
		c := hp[i]
		if c >= 'A' && c <= 'Z' || c == '%' || c >= utf8.RuneSelf {
			clean = false
			break
		}
	}
	if clean {
		return hp
	}
	if strings.IndexByte(hp, '%') >= 0 {
		var b strings.Builder
		for i := 0; i < len(hp); i++ {
			if hp[i] == '%' && i+2 < len(hp) && isHex(hp[i+1]) && isHex(hp[i+2]) {
				b.WriteByte(unhex(hp[i+1])<<4 | unhex(hp[i+2]))
				i += 2
				continue
			}
			b.WriteByte(hp[i])
		}
		hp = b.String()
	}
	hp = strings.ToLower(hp)
	return strings.NewReplacer("。", ".", "．", ".", "｡", ".").Replace(hp)
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f' }
func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}

// hostForms checks every label and returns the host's ASCII and Unicode
// forms. Labels hold letters, digits, hyphens and underscores (seen in
// real DNS names), or non-ASCII letters.
func hostForms(h *hostInfo, hp string) (ascii, uni string, ok bool) {
	if !utf8.ValidString(hp) {
		return "", "", false
	}
	plain := true
	for i := 0; i < len(hp); i++ {
		if hp[i] >= utf8.RuneSelf {
			plain = false
			break
		}
	}
	if plain && !strings.Contains(hp, "xn--") {
		if !validLabels(hp) {
			return "", "", false
		}
		return hp, hp, true
	}
	var ab, ub strings.Builder
	for i, l := range strings.Split(hp, ".") {
		if i > 0 {
			ab.WriteByte('.')
			ub.WriteByte('.')
		}
		if l == "" || len(l) > 4*maxLabel {
			return "", "", false
		}
		switch {
		case strings.HasPrefix(l, "xn--"):
			h.idn, h.wroteXN = true, true
			if !validLabels(l) {
				return "", "", false
			}
			ab.WriteString(l)
			if u, ok := punyDecode(l[4:]); ok && validUnicodeLabel(u) {
				ub.WriteString(u)
			} else {
				h.badPuny = true
				ub.WriteString(l)
			}
		case isASCII(l):
			if !validLabels(l) {
				return "", "", false
			}
			ab.WriteString(l)
			ub.WriteString(l)
		default:
			h.idn = true
			if !validUnicodeLabel(l) {
				return "", "", false
			}
			p, ok := punyEncode(l)
			if !ok || len(p)+4 > maxLabel {
				return "", "", false
			}
			ab.WriteString("xn--")
			ab.WriteString(p)
			ub.WriteString(l)
		}
	}
	return ab.String(), ub.String(), true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// validLabels checks dot-separated ASCII labels.
func validLabels(s string) bool {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '.':
			if n == 0 {
				return false
			}
			n = 0
			continue
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-', c == '_':
		default:
			return false
		}
		n++
		if n > maxLabel {
			return false
		}
	}
	return n > 0
}

// validUnicodeLabel accepts letters, marks, digits, hyphens and underscores.
func validUnicodeLabel(l string) bool {
	if l == "" || utf8.RuneCountInString(l) > maxLabel {
		return false
	}
	for _, r := range l {
		if r < utf8.RuneSelf {
			c := byte(r)
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
				return false
			}
			continue
		}
		if !isLabelRune(r) {
			return false
		}
	}
	return true
}

func isLabelRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r)
}

// private reports whether the host is this machine or a private network,
// where plain http:// and credentials are routine (seed 001: local
// credential use is no concern).
func (h *hostInfo) private() bool {
	if h.isIP {
		a := h.ip.Unmap()
		if a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsUnspecified() {
			return true
		}
		// 100.64.0.0/10, shared address space (carrier-grade NAT, Tailscale).
		return a.Is4() && a.As4()[0] == 100 && a.As4()[1]&0xc0 == 64
	}
	name := h.ascii
	if !strings.Contains(name, ".") {
		return name != "" // intranet, localhost
	}
	for _, s := range [...]string{".localhost", ".local", ".internal", ".lan", ".home.arpa", ".localdomain", ".test", ".intranet", ".corp"} {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}
