package shell

import (
	"net/url"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// What the arguments of a tool other than the shell say together. A web
// tool may take the server's address in one argument and the path in
// another (base_url and endpoint), a browser tool may open the approval
// page, where a person's session answers requests, and a call may hold
// more arguments than are judged one by one.

// Request judges a request whose address is split over two arguments:
// base (http://127.0.0.1:8750/v1) and rel (approvals/ap-1/approve), joined
// as a client joins them.
func (j *SelfJudge) Request(base, rel string, write bool) []rule.Finding {
	if !mayEndpoint(base) && !strings.Contains(base, ":"+j.port()) {
		return nil
	}
	rel = strings.TrimSpace(rel)
	if rel == "" || len(rel) > 2048 || strings.ContainsAny(rel, " \n") || strings.Contains(rel, "://") {
		return nil
	}
	return j.Argument(strings.TrimRight(strings.TrimSpace(base), "/")+"/"+strings.TrimLeft(rel, "/"), write)
}

// PageVisit judges an address a browser the agent drives opens: the
// approval page of this machine's server (any path on its port) is where a
// person signs in and answers requests, and a browser that holds their
// session would answer for them.
func (j *SelfJudge) PageVisit(s string) []rule.Finding {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, ":") {
		return nil
	}
	raw := s
	if !strings.Contains(s, "://") {
		raw = "http://" + strings.TrimPrefix(s, "//")
	}
	u, err := url.Parse(raw)
	if err != nil || u.Port() != j.port() || !localHost(u.Hostname()) {
		return nil
	}
	return []rule.Finding{ruleSelfServer.Find(truncateText(oneLine(s), 200), "Opens actionguard's approval page ("+truncateText(s, 120)+") in a browser the agent drives: with a person's session there, it could answer requests for them.", s)}
}

// TooMany is the finding for a call whose arguments were not all judged:
// more of them, or nested deeper, than the judge reads.
func (j *SelfJudge) TooMany(what string) rule.Finding {
	return ruleTooComplex.Find("", "This call is too complex to check fully: "+what+", and one not read may name actionguard's files or server.", "")
}

// port is the server's port as a word.
func (j *SelfJudge) port() string {
	return (&analysis{port: j.opt.ServerPort}).serverPort()
}

// canonicalEndpoints rewrites the paths in text as the server's router
// reads them, so that reControlPath sees /v1/approvals/… however it is
// spelled: repeated slashes and dot segments taken out (the router
// redirects to the clean path, and a client that keeps its method follows),
// letters lowered.
func canonicalEndpoints(text string) string {
	t := asciiLower(text)
	if strings.IndexByte(t, 0) >= 0 {
		return t // the marker below would be ambiguous
	}
	t = strings.ReplaceAll(t, "://", "\x00")
	for _, r := range [][2]string{{"//", "/"}, {"/./", "/"}} {
		for strings.Contains(t, r[0]) {
			t = strings.ReplaceAll(t, r[0], r[1])
		}
	}
	for i := 0; i < 16 && strings.Contains(t, "/../"); i++ {
		t = reDotDot.get().ReplaceAllString(t, "/")
	}
	return strings.ReplaceAll(t, "\x00", "://")
}

// asciiLower lowers the ASCII letters of s only: the router's paths are
// ASCII, and the length stays.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

var reDotDot = lazyRegexp(`/[^/\s"'?.][^/\s"'?]*/\.\./|/\.[^/\s"'?.][^/\s"'?]*/\.\./`)
