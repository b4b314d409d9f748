package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Exposing the machine itself: a tunnel that makes a local port reachable
// from the internet (ngrok, cloudflared, tailscale funnel, VS Code's
// remote tunnel), a terminal served over the web (ttyd, gotty), a notebook
// server without a password on every interface, a container publishing
// the home directory on a port, an SSH server that lets root in. The
// agent starts them; whoever finds the address runs code here.

var (
	ruleExposeMachine = &rule.Rule{
		ID: "shell.net.expose-machine", Category: rule.Network, Points: 80,
		Summary:     "Makes this machine, or a service on it, reachable from the internet (a tunnel, a remote editor, an SSH server that lets root in).",
		Alternative: "keep the service on 127.0.0.1 and share it through a reviewed, authenticated channel",
		Match: []string{"ngrok http 8000", "cloudflared tunnel --url http://localhost:8000", "tailscale funnel 8000", "code tunnel",
			"sshd -p 2222 -o PermitRootLogin=yes", "ttyd -p 7681 htop"},
		NoMatch: []string{"ngrok version", "ngrok config check", "cloudflared --version", "cloudflared tunnel list", "tailscale status", "tailscale funnel status",
			"code --list-extensions", "code tunnel status", "sshd -t", "ttyd --version", "ttyd -i lo bash"},
	}
	ruleServeShell = &rule.Rule{
		ID: "shell.net.serve-shell", Category: rule.Execution, Points: 120,
		Summary:     "Serves a shell, or code execution without a password, to anyone who can reach the port: they run commands on this machine as you.",
		Alternative: "bind to 127.0.0.1 and keep the password or token the server makes",
		Match: []string{"ttyd -p 7681 bash", "gotty -w bash", "ttyd -W -p 8080 -- sh -l", "jupyter notebook --ip=0.0.0.0 --NotebookApp.token=''",
			"jupyter lab --ip 0.0.0.0 --ServerApp.token= --ServerApp.password="},
		NoMatch: []string{"ttyd --version", "jupyter notebook", "jupyter notebook --ip=127.0.0.1 --no-browser", "jupyter lab --ip=0.0.0.0",
			"ttyd -i 127.0.0.1 bash"},
	}
	exposeMachineRules = []*rule.Rule{ruleExposeMachine, ruleServeShell}
)

func exposeMachineHandlers() map[string][]handler {
	return map[string][]handler{
		"ngrok": {tunnelHandler}, "cloudflared": {tunnelHandler}, "tailscale": {tunnelHandler},
		"code": {tunnelHandler}, "code-insiders": {tunnelHandler}, "code-tunnel": {tunnelHandler}, "codium": {tunnelHandler},
		"ttyd": {webTerminalHandler}, "gotty": {webTerminalHandler},
		"jupyter": {notebookHandler}, "jupyter-notebook": {notebookHandler}, "jupyter-lab": {notebookHandler},
		"docker": {publishHomeHandler}, "podman": {publishHomeHandler}, "nerdctl": {publishHomeHandler},
		"twistd": {twistdHandler}, "twistd3": {twistdHandler},
		"sshd": {sshdHandler},
	}
}

// tunnelHandler: ngrok http|tcp|tls|start|tunnel, cloudflared tunnel
// (--url, run), tailscale funnel, code tunnel. Their other subcommands
// (version, status, login, list, config) print or configure.
func tunnelHandler(c *Cmd, r *report) {
	sub := c.Sub(0)
	what := ""
	switch c.Name {
	case "ngrok":
		switch sub {
		case "http", "tcp", "tls", "start", "tunnel":
			what = "Makes the local service (" + strings.Join(c.Positional()[1:], " ") + ") reachable from the internet through ngrok."
		}
	case "cloudflared":
		if sub != "tunnel" {
			break
		}
		if u, ok := c.Flag("--url"); ok {
			what = "Makes the local service (" + u + ") reachable from the internet through a Cloudflare tunnel."
		} else if s := c.Sub(1); s == "run" || s == "" && c.Has("--hello-world") {
			what = "Runs a Cloudflare tunnel: services of this machine become reachable from the internet."
		}
	case "tailscale":
		if sub != "funnel" {
			break
		}
		switch c.Sub(1) {
		case "status", "reset", "":
		default:
			if !strings.EqualFold(c.Sub(2), "off") {
				what = "Makes the local service (" + c.Sub(1) + ") reachable from the internet through Tailscale Funnel."
			}
		}
	default: // VS Code: code tunnel [service install], code-tunnel [service install]
		args := c.Positional()
		if c.Name != "code-tunnel" {
			if sub != "tunnel" {
				break
			}
			args = args[1:]
		}
		// Its subcommands manage a tunnel (status, kill, rename, user
		// show…); without one (an operand is --name's value) it opens one.
		sub := ""
		if len(args) > 0 {
			sub = args[0]
		}
		switch sub {
		case "status", "kill", "rename", "unregister", "user", "prune", "help":
		case "service":
			if len(args) >= 2 && args[1] == "install" {
				what = "Installs a VS Code tunnel as a service: this machine stays open to remote editing and terminals from the internet."
			}
		default:
			what = "Opens this machine to remote editing and terminals from the internet (a VS Code tunnel): whoever signs in runs commands here."
		}
	}
	if what != "" {
		r.add(c.find(ruleExposeMachine, what, c.Name))
	}
}

// webTerminalHandler: ttyd and gotty serve a program's terminal over HTTP
// (ttyd PROG, gotty PROG); an interactive shell or interpreter there is a
// shell for whoever reaches the port.
func webTerminalHandler(c *Cmd, r *report) {
	pos := c.Positional()
	if len(pos) == 0 {
		return // --version, --help: serves nothing
	}
	addr, _ := c.Flag("-i", "--interface", "-a", "--address")
	if addr != "" && (isLoopback(addr) || addr == "lo" || addr == "lo0") {
		return
	}
	prog := progName(pos[0])
	_, password := c.Flag("-c", "--credential", "-H", "--auth-header")
	if !password && (shells[prog] || interpreters[prog] || prog == "login" || prog == "su" || prog == "sudo" || prog == "tmux" || prog == "screen") {
		r.add(c.find(ruleServeShell, "Serves a shell ("+strings.Join(pos, " ")+") over the web with "+c.Name+": whoever reaches the port runs commands on this machine as you.", pos[0]))
		return
	}
	r.add(c.find(ruleExposeMachine, "Serves the terminal of "+strings.Join(pos, " ")+" over the web with "+c.Name+" to anyone who reaches the port.", pos[0]))
}

// notebookHandler: jupyter notebook|lab|server listening on every
// interface with an empty token and password runs code for anyone.
func notebookHandler(c *Cmd, r *report) {
	switch c.Name {
	case "jupyter":
		switch c.Sub(0) {
		case "notebook", "lab", "server", "nbclassic":
		default:
			return
		}
	}
	ip, ok := c.Flag("--ip", "--NotebookApp.ip", "--ServerApp.ip")
	if !ok || ip == "" || isLoopback(ip) {
		return // the default is localhost
	}
	tokenSet := false
	for _, n := range []string{"--NotebookApp.token", "--ServerApp.token", "--IdentityProvider.token", "--token"} {
		if v, ok := c.Flag(n); ok {
			if strings.Trim(v, `'"`) != "" {
				return // a token of its own: whoever connects must know it
			}
			tokenSet = true
		}
	}
	if !tokenSet && !c.Has("--NotebookApp.disable_check_xsrf", "--ServerApp.disable_check_xsrf") {
		return // a fresh token is made and printed
	}
	for _, n := range []string{"--NotebookApp.password", "--ServerApp.password", "--PasswordIdentityProvider.hashed_password"} {
		if v, ok := c.Flag(n); ok && strings.Trim(v, `'"`) != "" {
			return
		}
	}
	r.add(c.find(ruleServeShell, "Serves a notebook on every interface ("+ip+") without a token or password: whoever reaches the port runs code on this machine as you.", ip))
}

// publishHomeHandler: docker run publishing a port on every interface
// with the home directory, the whole file system or a credential directory
// mounted serves them to the network.
func publishHomeHandler(c *Cmd, r *report) {
	if !c.ArgIs("run") && !c.ArgIs("create") && !c.ArgIs("container", "run") && !c.ArgIs("container", "create") {
		return
	}
	open := c.Has("-P", "--publish-all")
	for _, p := range c.FlagAll("-p", "--publish") {
		if strings.Count(p, ":") < 2 || !isLoopback(p) {
			open = true
		}
	}
	if n, _ := c.Flag("--network", "--net"); !open && n != "host" {
		return
	}
	for _, v := range c.FlagAll("-v", "--volume") {
		host, _, ok := strings.Cut(v, ":")
		if !ok || host == "" {
			continue
		}
		cl := c.Class(host)
		var what string
		switch {
		case cl.Root:
			what = "the whole file system"
		case cl.Home:
			what = "your home directory, SSH keys and cloud credentials among it,"
		case cl.Credential != "":
			what = "your " + cl.Credential
		default:
			continue
		}
		r.add(c.find(ruleServeSecrets, "Mounts "+what+" ("+host+") into a container that publishes a port on every interface: it is served to anyone who can reach this machine.", host))
		return
	}
}

// twistdHandler: twistd web --path DIR serves DIR; its port is
// tcp:PORT[:interface=ADDR].
func twistdHandler(c *Cmd, r *report) {
	pos := c.Positional()
	web := false
	for _, p := range pos {
		if p == "web" {
			web = true
			break
		}
	}
	dir, ok := c.Flag("--path")
	if !web || !ok {
		return
	}
	for _, p := range c.FlagAll("--port", "--listen", "-p") {
		if i := strings.Index(p, "interface="); i >= 0 && isLoopback(strings.Trim(p[i+len("interface="):], `\`)) {
			return
		}
	}
	serveDirFinding(c, r, dir)
}

// serveDirFinding reports serving dir to the network when it holds
// secrets (the home directory, the root, a credential directory).
func serveDirFinding(c *Cmd, r *report, dir string) {
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

// sshdHandler: an SSH server started with options that let root or
// passwordless accounts in.
func sshdHandler(c *Cmd, r *report) {
	if c.Has("-t", "-T", "-V") {
		return // checks the configuration, prints it or the version
	}
	for _, o := range c.FlagAll("-o") {
		k, v, _ := strings.Cut(o, "=")
		if !strings.Contains(o, "=") {
			k, v, _ = strings.Cut(o, " ")
		}
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.ToLower(strings.TrimSpace(v))
		switch {
		case k == "permitrootlogin" && v != "no" && v != "prohibit-password" && v != "without-password" && v != "forced-commands-only":
			r.add(c.find(ruleExposeMachine, "Starts an SSH server that lets root log in ("+o+").", o))
			return
		case k == "permitemptypasswords" && v == "yes", k == "authorizedkeysfile" && v != "" && !strings.Contains(v, ".ssh/authorized_keys"):
			r.add(c.find(ruleExposeMachine, "Starts an SSH server that lets people in another way than your keys ("+o+").", o))
			return
		}
	}
}
