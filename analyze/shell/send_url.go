package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A secret written into a URL leaves the machine with the URL, whatever
// program is given it: a browser opener (xdg-open, open, python3 -m
// webbrowser) fetches it, git sends its user information to the host as
// the login, a program nobody listed may do either. The URL's host is
// where it goes; to the secret's own service it is the secret's ordinary
// use, on the loopback interface it stays on the machine.

// urlSecret is a secret carried by an argument that holds a URL, and the
// URL's host ("" when the host itself is only known when it runs).
type urlSecret struct {
	cred, host string
}

// urlInFields returns the host of the first URL (scheme://host…) among
// fields, and whether there is one.
func urlInFields(fields []string) (string, bool) {
	for _, f := range fields {
		if h, ok := urlHost(f); ok {
			return h, true
		}
	}
	return "", false
}

// urlHost returns the host of the URL in the word w ("u:p@host:port/…"
// after a scheme), and whether w holds a URL. The host is "" when a part
// of it is only known when the command runs.
func urlHost(w string) (string, bool) {
	i := strings.Index(w, "://")
	if i <= 0 || !isSchemeByte(w[i-1]) {
		return "", false
	}
	rest := w[i+3:]
	if j := strings.IndexAny(rest, "/?#"); j >= 0 {
		rest = rest[:j]
	}
	if at := strings.LastIndexByte(rest, '@'); at >= 0 {
		rest = rest[at+1:]
	}
	if strings.HasPrefix(rest, "[") {
		if j := strings.IndexByte(rest, ']'); j > 0 {
			return strings.ToLower(rest[1:j]), true
		}
	}
	if j := strings.IndexByte(rest, ':'); j >= 0 {
		rest = rest[:j]
	}
	if strings.ContainsAny(rest, "$`\x00\u2026(") {
		return "", true
	}
	return strings.ToLower(rest), rest != ""
}

// secretInURL reports c handing a URL that carries the secret us.cred to
// its host: the secret goes there with the URL (its query, its path, its
// user information), unless the host is the secret's own service or this
// machine.
func (w *walker) secretInURL(c *Cmd, us urlSecret) {
	if us.cred == "" || echoPrograms(c.Name) {
		return
	}
	if us.host != "" && (isLoopback(us.host) || flowSecret(us.cred) && ownHost(us.host, secretServices(us.cred))) {
		return
	}
	what := describeFlowSecret(us.cred)
	if !flowSecret(us.cred) {
		what = "the content of your " + us.cred
	}
	where := "a host only known when it runs"
	if us.host != "" {
		where = us.host
	}
	w.r.add(c.find(ruleCredentialExfil, "Sends "+what+" to "+where+" in a URL handed to "+c.Name+": whoever runs that host reads it.", where))
}

// echoPrograms print their arguments and send nothing.
func echoPrograms(k string) bool {
	switch k {
	case "echo", "printf", "print":
		return true
	}
	return false
}

// urlSecretIn returns the secret word carries when one of its fields is a
// URL (st is what its substitutions printed).
func (w *walker) urlSecretIn(word *syntax.Word, fields []string, st stream) urlSecret {
	host, ok := urlInFields(fields)
	if !ok {
		return urlSecret{}
	}
	cred := ""
	if st.kind == streamSecret {
		cred = st.cred
		if cred == "" {
			cred = "credential"
		}
	} else {
		cred = w.secretVarIn(word)
	}
	return urlSecret{cred: cred, host: host}
}
