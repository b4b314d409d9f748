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
	if !selfPage(s, j.port()) {
		return nil
	}
	s = strings.TrimSpace(s)
	return []rule.Finding{ruleSelfServer.Find(truncateText(oneLine(s), 200), pageVisitWhy(s), s)}
}

// selfPage reports an address on this machine's server port: the approval
// page or its API.
func selfPage(s, port string) bool {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, ":") {
		return false
	}
	raw := s
	if !strings.Contains(s, "://") {
		raw = "http://" + strings.TrimPrefix(s, "//")
	}
	u, err := url.Parse(raw)
	return err == nil && u.Port() == port && localHost(u.Hostname())
}

// pageVisitWhy says why opening the approval page in a driven browser is
// the control plane's.
func pageVisitWhy(s string) string {
	return "Opens actionguard's approval page (" + truncateText(s, 120) + ") in a browser the agent drives: with a person's session there, it could answer requests for them."
}

// selfBrowserHandler judges a browser started from the shell. One the
// agent drives — headless, with a remote-debugging port or pipe, or
// Playwright's and shot-scraper's command lines — opening the approval
// page is blocked as a browser tool's visit is: with a person's profile
// (--user-data-dir) or a debugging port it can click Approve for them. A
// browser opened in a window the person sees (xdg-open, chromium URL) runs.
func selfBrowserHandler(c *Cmd, r *report) {
	driven := c.Name == "playwright" || c.Name == "shot-scraper"
	for _, a := range c.Args {
		switch {
		case strings.HasPrefix(a, "--headless"), strings.HasPrefix(a, "-headless"), strings.HasPrefix(a, "--remote-debugging"),
			a == "--marionette", a == "-marionette", strings.HasPrefix(a, "--screenshot"), a == "--dump-dom", strings.HasPrefix(a, "--print-to-pdf"):
			driven = true
		}
	}
	if !driven || c.env == nil {
		return
	}
	port := c.env.serverPort()
	for _, a := range c.Args {
		if selfPage(a, port) {
			r.mutates()
			r.add(c.find(ruleSelfServer, pageVisitWhy(a), a))
			return
		}
	}
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
	t = whatwgURLText(t)
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

// whatwgURLText reads URLs as browsers, Node's fetch and the URL class
// do (the WHATWG URL standard): a backslash is a slash in an http(s) URL,
// and tabs and newlines inside it are dropped, so
// http://127.0.0.1:8750\v1\approvals\… is /v1/approvals/…. A base URL
// in a variable or a template followed by v1/… (${BASE}v1/tokens,
// f"{base}v1/session") is read as that path too.
func whatwgURLText(t string) string {
	if strings.ContainsAny(t, "\\\t\r\n") {
		raw := strings.NewReplacer("\\", "/", "\t", "", "\r", "", "\n", "").Replace(t)
		if strings.Contains(t, "\\") {
			// In code, \n, \t and \r are a string's escapes for the
			// characters the parser drops; in a raw URL they are a
			// backslash before a name (\tokens). Both readings are
			// looked at.
			code := strings.NewReplacer("\\\\", "/", "\\n", "", "\\t", "", "\\r", "", "\\", "/", "\t", "", "\r", "", "\n", "").Replace(t)
			raw += " " + code
		}
		t = raw
	}
	if strings.Contains(t, "v1/") {
		t = strings.ReplaceAll(t, "}v1/", "}/v1/")
	}
	return t
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
