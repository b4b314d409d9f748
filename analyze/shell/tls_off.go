package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Certificate checks turned off for one command or for the rest of the
// shell: git's http.sslVerify (given with -c, --config-env or the
// GIT_CONFIG_* variables, for every URL or for one), GIT_SSL_NO_VERIFY,
// npm's strict-ssl, pip's trusted hosts, node's
// NODE_TLS_REJECT_UNAUTHORIZED=0. Any machine on the way can then pose as
// the server: it reads the credentials the command sends and swaps the code
// it fetches, code that is then built and run. A server on this machine
// (localhost, 127.0.0.1) is the everyday exception: nothing is on the way.
// Writing such a setting into a configuration file (git config, npm config
// set, pip config set) is judged where the file is written.

var ruleTLSOff = &rule.Rule{
	ID: "shell.net.tls-off", Category: rule.Network, Points: 30,
	Summary:     "Talks to a server with its certificate checks turned off (git http.sslVerify=false or GIT_SSL_NO_VERIFY, npm --strict-ssl=false, PIP_TRUSTED_HOST, NODE_TLS_REJECT_UNAUTHORIZED=0): any machine on the way can pose as the server, read the credentials sent and swap the code fetched.",
	Alternative: "give the program the server's certificate authority (http.sslCAInfo, --cafile, NODE_EXTRA_CA_CERTS) instead of turning the checks off",
	Match: []string{"git -c http.sslVerify=false clone https://git.example.com/acme/app.git", "GIT_SSL_NO_VERIFY=1 git push origin main",
		"git -c http.https://git.example.com/.sslVerify=false fetch origin", "npm install --strict-ssl=false", "export NODE_TLS_REJECT_UNAUTHORIZED=0",
		"PIP_TRUSTED_HOST=pypi.example.com pip install requests"},
	NoMatch: []string{"git clone https://git.example.com/acme/app.git", "git -c http.sslVerify=true fetch origin", "git -c http.sslVerify=false clone https://localhost:8443/app.git",
		"npm install --strict-ssl", "NODE_TLS_REJECT_UNAUTHORIZED=1 node server.js", "git -c http.sslVerify=false log"},
}

// tlsOffVar says what an assignment of a variable turns off, in the
// user's words ("" when it turns nothing off).
func tlsOffVar(name, val string) string {
	v := strings.TrimSpace(val)
	switch {
	case name == "GIT_SSL_NO_VERIFY":
		// git reads only whether it is set: GIT_SSL_NO_VERIFY=0 turns the checks off too.
		return "git's certificate checks"
	case name == "NODE_TLS_REJECT_UNAUTHORIZED" && v == "0":
		return "the certificate checks of every Node program"
	case name == "PYTHONHTTPSVERIFY" && v == "0":
		return "Python's certificate checks"
	case (name == "PIP_TRUSTED_HOST" || name == "UV_INSECURE_HOST") && v != "":
		return "pip's certificate checks for " + truncateText(v, 60)
	case name == "YARN_ENABLE_STRICT_SSL" && isFalse(v):
		return "yarn's certificate checks"
	case len(name) == len("npm_config_strict_ssl") && strings.EqualFold(name, "npm_config_strict_ssl") && isFalse(v):
		return "npm's certificate checks"
	}
	return ""
}

// tlsOffAssign judges an exported assignment (X=v cmd, export X=v, env
// X=v cmd) that turns certificate checks off for the programs started
// with it.
func (w *walker) tlsOffAssign(name, val, text string) {
	what := tlsOffVar(name, val)
	if what == "" {
		return
	}
	show := name + "=" + val
	if len(show) > 80 {
		show = show[:77] + "…"
	}
	w.r.add(ruleTLSOff.Find(text, "Sets "+show+", which turns off "+what+": any machine on the way can pose as the server, read the credentials sent and swap what is downloaded.", name))
}

// gitNetSub reports a git subcommand that talks to a remote (a switch,
// not a map: nothing is built when the hook starts).
func gitNetSub(sub string) bool {
	switch sub {
	case "push", "send-pack", "fetch", "pull", "clone", "ls-remote", "fetch-pack", "archive", "submodule", "remote":
		return true
	}
	return false
}

// gitTLSOff judges a git command that talks to a remote with the settings
// given with it (-c, --config-env, GIT_CONFIG_*) turning certificate
// checks off. sc is the subcommand (its arguments after sub).
func gitTLSOff(sc *Cmd, r *report, sub string, settings []gitSetting) {
	if !gitNetSub(sub) || sub == "archive" && !sc.Has("--remote") {
		return
	}
	var off *gitSetting
	for i := range settings {
		s := &settings[i]
		if s.key != "http.sslverify" && !(strings.HasPrefix(s.key, "http.") && strings.HasSuffix(s.key, ".sslverify")) {
			continue
		}
		if s.dynamic || isFalse(s.value) || strings.TrimSpace(s.value) == "" {
			off = s
		} else if s.key == "http.sslverify" {
			off = nil // a later -c http.sslVerify=true turns them back on
		}
	}
	if off == nil || gitTalksToLoopback(sc, sub, off) {
		return
	}
	r.add(sc.find(ruleTLSOff, "Runs git "+sub+" with certificate checks off ("+off.from+" "+off.name+"="+truncateText(off.value, 40)+"): any machine on the way can pose as the server, read the credentials git sends and swap the code it fetches.", off.name))
}

// gitTalksToLoopback reports a git transfer whose every address named on
// the command line (or in the setting's own URL) is on this machine.
func gitTalksToLoopback(sc *Cmd, sub string, s *gitSetting) bool {
	if u := strings.TrimSuffix(strings.TrimPrefix(s.key, "http."), ".sslverify"); u != s.key && u != "sslverify" && strings.Contains(u, "://") {
		h, ok := urlHost(u)
		return ok && isLoopback(h)
	}
	if sub == "submodule" || sub == "remote" {
		return false
	}
	pos := sc.Positional()
	if len(pos) == 0 {
		return false // the remote's address is in the repository's configuration
	}
	h := gitAddressHost(pos[0])
	return h != "" && isLoopback(h)
}

// npmTLSOff judges npm (pnpm, yarn, bun) run with --strict-ssl=false,
// --strict-ssl false or --no-strict-ssl: npm's options parser reads a
// boolean's value from the next word when it is true or false.
func npmTLSOff(c *Cmd, r *report) {
	av := c.Argv()
	for _, o := range av.Opts {
		if o.Arg < 0 || o.Arg >= len(c.Args) {
			continue
		}
		k, v, eq := strings.Cut(c.Args[o.Arg], "=")
		k = strings.ToLower(k)
		off := false
		switch k {
		case "--no-strict-ssl":
			off = true
		case "--strict-ssl":
			if !eq && o.Arg+1 < len(c.Args) {
				v = c.Args[o.Arg+1]
			}
			off = isFalse(v)
		}
		if !off {
			continue
		}
		if reg, ok := c.Flag("--registry"); ok {
			if h, ok := urlHost(reg); ok && isLoopback(h) {
				return
			}
		}
		r.add(c.find(ruleTLSOff, "Runs "+c.Name+" with certificate checks off ("+strings.Join(c.Args[o.Arg:min(o.Arg+1+boolInt(!eq && k == "--strict-ssl"), len(c.Args))], " ")+"): any machine on the way can swap the packages it installs, code that then runs.", k))
		return
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
