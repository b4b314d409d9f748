package shell

import (
	"strings"
)

// Code that joins the server's address and a path. A request to a
// control endpoint is often written as a base and a relative path joined
// at run time: base + 'v1/tokens', urljoin(base, 'v1/approvals/x/approve'),
// new URL('v1/tokens', base), path.join(base, 'v1', 'session'),
// fmt.Sprintf("%s/v1/mode", base). When the same code names actionguard's
// server (its variable ACTIONGUARD_SERVER_URL, or the port on the local
// machine), such a path is the endpoint it reaches, judged as the literal
// URL is. A project's own API paths (src/app/api/v1/session, a client of
// another host's v1/tokens) are not: no server of actionguard is named.

// reJoinPieces is the seam between string pieces joined by + or , (with at
// most one name between them: 'v1/approvals/' + id + '/approve').
var reJoinPieces = lazyRegexp("['\"`]\\s*[+,]\\s*(?:[\\w.$\\[\\]()]{1,64}\\s*[+,]\\s*)?['\"`]")

// reRelControl is a string literal that starts with a control path of the
// server, with or without its first slash, or after a placeholder for the
// base (%s, %v, {}).
var reRelControl = lazyRegexp("['\"`](?:%[sv]|\\{\\})?(?:\\./|/)?(v1/(?:approvals/[^/\\s\"'`?]+/(?:approve|reject|decide)|approvals/batch|session|tokens|mode|modes|trust|contacts|policy|settings))\\b")

// reSlashes is a run of slashes the pieces' seams leave behind (not a
// scheme's).
var reSlashes = lazyRegexp(`([^:])/{2,}`)

// namesServer reports whether text names actionguard's server: its
// variable, its port on the local machine, or the local machine at all — a
// server started with serve --addr :9911 is the control plane on that
// port, and code that joins a control path to a loopback address reaches
// it whatever the port.
func namesServer(text string) bool {
	if strings.Contains(strings.ToUpper(text), "ACTIONGUARD_SERVER_URL") {
		return true
	}
	if strings.Contains(text, ":8750") && reLocalServer.MatchString(text) {
		return true
	}
	return reLoopbackHost.MatchString(text)
}

// reLoopbackHost is an address of the local machine as code names it:
// localhost, 127.x.y.z (and its short forms 127.1), [::1], ::1 in quotes,
// 0.0.0.0.
var reLoopbackHost = lazyRegexp(`(?i)(?:^|[^\w.-])(?:localhost|127(?:\.\d{1,3}){1,3}|0\.0\.0\.0)(?:$|[^\w.-])|\[::1?\]|['"]::1['"]`)

// joinedControlPath returns the control path (/v1/tokens) that code naming
// the server joins to its address, or "".
func joinedControlPath(text string) string {
	if !strings.Contains(text, "v1") || !namesServer(text) {
		return ""
	}
	// Joined by + and , (path.join(base, 'v1', 'tokens')), then by + alone:
	// a comma also separates arguments (c.request('POST', '/v1/' + 'tokens')).
	for _, re := range []*lazyRE{reJoinPieces, reJoinPlus} {
		if m := joinedWith(re, text); m != "" {
			return m
		}
	}
	return ""
}

// reJoinPlus is reJoinPieces for pieces joined by + only.
var reJoinPlus = lazyRegexp("['\"`]\\s*[+]\\s*(?:[\\w.$\\[\\]()]{1,64}\\s*[+]\\s*)?['\"`]")

// joinedWith folds the seams re finds and returns the control path the
// joined text names, or "".
func joinedWith(re *lazyRE, text string) string {
	folded := re.get().ReplaceAllStringFunc(text, func(seam string) string {
		if strings.Trim(seam[1:len(seam)-1], " \t\r\n+,") != "" {
			return "/id/" // a name between the pieces: one segment
		}
		return "/"
	})
	folded = reSlashes.get().ReplaceAllString(folded, "$1/")
	if m := reRelControl.get().FindStringSubmatch(folded); m != nil {
		return "/" + m[1]
	}
	if folded != text {
		// 'http://127.0.0.1:8750/' + 'v1/tokens': a URL once joined.
		return requestControlPath(folded)
	}
	return ""
}
