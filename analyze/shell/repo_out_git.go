package shell

import (
	"strings"
)

// gitOut follows what a git subcommand makes leave the machine: remotes
// pointed at an address, credentials staged by name, and the pushes that
// send them.
func gitOut(c *Cmd, r *report, sub string) {
	switch sub {
	case "remote":
		pos := c.Positional()
		// remote add [-f] NAME URL; remote set-url [--push|--add] NAME URL [OLD].
		if len(pos) >= 3 && (pos[0] == "add" || pos[0] == "set-url") {
			of := r.outFlow()
			if of.remotes == nil {
				of.remotes = map[string]string{}
			}
			of.remotes[pos[1]] = pos[2]
		}
	case "add", "stage":
		for _, p := range c.Positional() {
			if cl := c.Class(p); cl.Credential != "" {
				r.outFlow().staged = cl.Credential + " (" + p + ")"
				return
			}
		}
	case "push":
		if c.Has("-n", "--dry-run") {
			return
		}
		gitPushOut(c, r)
	}
}

// gitPushOut judges where a push goes and what it carries.
func gitPushOut(c *Cmd, r *report) {
	of := r.fl().out
	if of != nil && of.staged != "" {
		r.add(c.find(ruleGitPushStagedSecret, "Pushes the commit of your "+of.staged+", added by name earlier on the command line: everyone who can read the repository gets it, and it stays in the history."))
	}
	if c.Has("--repo") {
		if v, _ := c.Flag("--repo"); pushAddress(v) {
			r.add(c.find(ruleGitPushAddress, "Pushes the repository to "+truncateText(v, 100)+" (--repo), an address written on the command line rather than a configured remote: its history goes to that host.", v))
			return
		}
	}
	pos := c.Positional()
	remote := "origin"
	if len(pos) > 0 {
		remote = pos[0]
	}
	if pushAddress(remote) {
		r.add(c.find(ruleGitPushAddress, "Pushes the repository to "+truncateText(remote, 100)+", an address written on the command line rather than a configured remote: its history goes to that host.", remote))
		return
	}
	if of == nil {
		return
	}
	if addr, ok := of.remotes[remote]; ok && (pushAddress(addr) || addr == "" || argDynamic(c, addr)) {
		r.add(c.find(ruleGitPushAddress, "Pushes the repository to "+truncateText(addr, 100)+", the address this command line just gave the remote "+remote+": its history goes to that host.", addr))
	}
}

// remoteAddress reports whether a push's repository argument is the
// address of another machine (a URL, user@host:path, host:path) rather
// than a remote's name or a path on this machine.
func remoteAddress(a string) bool {
	if a == "" || strings.HasPrefix(a, "/") || strings.HasPrefix(a, ".") || strings.HasPrefix(a, "~") {
		return false
	}
	if strings.Contains(a, "://") {
		h, ok := urlHost(a)
		return ok && !strings.HasPrefix(strings.ToLower(a), "file://") && !isLoopback(h)
	}
	// scp-like: [user@]host:path (a colon before any slash).
	colon := strings.IndexByte(a, ':')
	if colon <= 0 {
		return false
	}
	slash := strings.IndexByte(a, '/')
	if slash >= 0 && slash < colon {
		return false
	}
	host := a[:colon]
	if at := strings.LastIndexByte(host, '@'); at >= 0 {
		host = host[at+1:]
	}
	return host != "" && !isLoopback(host) && !(len(host) == 1 && colon == 1) // C:\repo is a Windows path
}

// judgeGitTransport judges a git config write that changes where git's
// transfers go or who can read them, for every later command.
func judgeGitTransport(c *Cmd, r *report, s gitSetting) {
	k, v := s.key, strings.TrimSpace(s.value)
	show := truncateText(oneLine(v), 80)
	if s.dynamic {
		show = "a value only known when the command runs"
	}
	switch {
	case strings.HasPrefix(k, "url.") && (strings.HasSuffix(k, ".insteadof") || strings.HasSuffix(k, ".pushinsteadof")):
		base := s.name[len("url."):strings.LastIndexByte(s.name, '.')]
		if strings.Contains(base, "ext::") {
			return // judged as a command git runs
		}
		to, from := gitAddressHost(base), gitAddressHost(v)
		if to == "" || !s.dynamic && to == from || isLoopback(to) {
			return
		}
		what := "every later fetch and push"
		if strings.HasSuffix(k, ".pushinsteadof") {
			what = "every later push"
		}
		r.add(c.find(ruleGitConfigRedirect, "Sends "+what+" to "+truncateText(base, 80)+" instead of "+show+" ("+s.name+"): the repository, and the credentials sent with it, go to "+to+".", base))
	case k == "http.proxy" || k == "https.proxy" || strings.HasPrefix(k, "http.") && strings.HasSuffix(k, ".proxy"):
		if !s.dynamic && (v == "" || isLoopback(gitAddressHost(v)) || isLoopback(v)) {
			return
		}
		r.add(c.find(ruleGitConfigTransport, "Sends git's later transfers through the proxy "+show+" ("+s.name+"): that machine sees and can change what git sends and fetches, credentials included.", v))
	case k == "http.sslverify" || strings.HasPrefix(k, "http.") && strings.HasSuffix(k, ".sslverify"):
		if !s.dynamic && !isFalse(v) {
			return
		}
		r.add(c.find(ruleGitConfigTransport, "Turns off certificate checks for git's later transfers ("+s.name+"="+show+"): any machine on the way can pose as the server and read the credentials."))
	case k == "http.sslcainfo" || k == "http.sslcapath" || strings.HasPrefix(k, "http.") && (strings.HasSuffix(k, ".sslcainfo") || strings.HasSuffix(k, ".sslcapath")):
		r.add(c.find(ruleGitConfigTransport, "Makes git trust the certificate authorities in "+show+" for its later transfers ("+s.name+"): whoever holds that authority's key can pose as any server.", v))
	case k == "credential.helper" || strings.HasPrefix(k, "credential.") && strings.HasSuffix(k, ".helper"):
		f := strings.Fields(v)
		if s.dynamic || len(f) < 2 || f[0] != "store" {
			return
		}
		for i, a := range f[1:] {
			file, ok := strings.CutPrefix(a, "--file=")
			if !ok && a == "--file" && i+2 < len(f) {
				file, ok = f[i+2], true
			}
			if ok {
				r.add(c.find(ruleGitConfigTransport, "Makes git write every later password, in clear, to "+truncateText(strings.Trim(file, `"'`), 80)+" ("+s.name+")."))
				return
			}
		}
	}
}

// gitAddressHost returns the host of a git address or address prefix
// (https://host/…, ssh://user@host/…, user@host:path, host:), or "".
func gitAddressHost(a string) string {
	if strings.Contains(a, "://") {
		h, _ := urlHost(a)
		return h
	}
	colon := strings.IndexByte(a, ':')
	if colon <= 0 || strings.ContainsRune(a[:colon], '/') {
		return ""
	}
	host := a[:colon]
	return strings.ToLower(host[strings.LastIndexByte(host, '@')+1:])
}

// accountForges are the hosting services where a push lands only in a
// repository the user's own account may write to: the user's credentials,
// not the address, decide where it can go.
var accountForges = []string{"github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "dev.azure.com", "ssh.dev.azure.com", "git.sr.ht"}

// pushAddress reports a push's repository argument that names another
// machine where anything may be pushed: not a remote's name, not this
// machine, not an account's forge, not a URL signed in with the host's own
// token.
func pushAddress(a string) bool {
	if !remoteAddress(a) || ownCredentialURL(a) {
		return false
	}
	h := gitAddressHost(a)
	return h == "" || !ownHost(h, accountForges)
}

// ownCredentialURL reports a URL that signs in with a secret of the
// host's own service (https://x-access-token:$GITHUB_TOKEN@github.com/…):
// the push can only reach what that account may write to.
func ownCredentialURL(u string) bool {
	i := strings.Index(u, "://")
	if i < 0 {
		return false
	}
	rest := u[i+3:]
	if j := strings.IndexAny(rest, "/?#"); j >= 0 {
		rest = rest[:j]
	}
	at := strings.LastIndexByte(rest, '@')
	if at < 0 {
		return false
	}
	host, _ := urlHost(u)
	info := rest[:at]
	for info != "" {
		d := strings.IndexByte(info, '$')
		if d < 0 {
			return false
		}
		info = strings.TrimPrefix(info[d+1:], "{")
		end := 0
		for end < len(info) && (info[end] == '_' || info[end] >= 'A' && info[end] <= 'Z' || info[end] >= 'a' && info[end] <= 'z' || info[end] >= '0' && info[end] <= '9') {
			end++
		}
		name := info[:end]
		if name != "" && secretVarName(name) && host != "" && ownHost(host, secretServices(secretVarPrefix+name)) {
			return true
		}
		info = info[end:]
	}
	return false
}
