package shell

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Killing or impersonating actionguard's approval server. With the server
// stopped a held action has no page to be approved on, and the hooks and
// the request files point at its port: whoever listens there next is the
// page a person signs in on with an approver token. So the agent may not
// stop the server (pkill -f actionguard, kill $(pgrep actionguard), fuser
// -k 8750/tcp, systemctl --user stop actionguard) nor listen on its port
// (python3 -m http.server 8750, nc -l 8750, socat TCP-LISTEN:8750, node
// server.js --port 8750). Killing other programs by name, and servers on
// other ports, are judged as before.

var (
	ruleSelfServerStop = &rule.Rule{
		ID: "shell.self.server-stop", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Stops actionguard's approval server or its hooks' programs: held actions would have no page to be approved on, and the port would be free for an impostor.",
		Alternative: selfAlternative,
		Match: []string{"pkill -f actionguard", "killall actionguard", "kill $(pgrep actionguard)", "fuser -k 8750/tcp", "systemctl --user stop actionguard",
			"launchctl unload ~/Library/LaunchAgents/com.actionguard.serve.plist", "pgrep -f 'actionguard serve' | xargs kill -9", "kill -9 $(lsof -t -i :8750)"},
		NoMatch: []string{"pkill -f 'node server.js'", "killall node", "pgrep -a actionguard", "systemctl --user status actionguard", "fuser 8750/tcp", "kill 4242"},
	}
	ruleSelfServerFake = &rule.Rule{
		ID: "shell.self.server-impersonate", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Listens on actionguard's approval server port: a page there could collect a person's sign-in and answer the hooks in the server's place.",
		Alternative: selfAlternative,
		Match: []string{"python3 -m http.server 8750", "nc -l 8750", "nc -lk -p 8750", "socat TCP-LISTEN:8750,fork -", "node server.js --port 8750",
			"PORT=8750 node server.js", "php -S 127.0.0.1:8750", "ssh -N -L 8750:localhost:80 host", "docker run -p 8750:80 nginx"},
		NoMatch: []string{"python3 -m http.server 8000", "nc localhost 8750", "curl localhost:8750/healthz", "node server.js --port 3000", "seq 8750", "head -n 8750 log.txt"},
	}
)

// DefaultServerPort is the approval server's port when nothing else is
// configured (server.DefaultAddr).
const DefaultServerPort = 8750

// serverPort is the port actionguard's server listens on, as a word.
func (e *analysis) serverPort() string {
	if e.port > 0 && e.port != DefaultServerPort {
		return strconv.Itoa(e.port)
	}
	return defaultServerPortWord
}

// defaultServerPortWord is DefaultServerPort as a word, built once.
var defaultServerPortWord = strconv.Itoa(DefaultServerPort)

// selfProcessNames are the process names and command lines of
// actionguard's programs: what a pattern that kills them matches.
var selfProcessNames = []string{"actionguard", "actionguard-hook", "actionguard-mcp"}

// killPattern reports whether a pkill/pgrep pattern (an extended regular
// expression) or a killall name can pick one of actionguard's processes:
// by name, or with -f by its command line, where the match must touch
// "actionguard" or the server's port (pkill -f serve is about other
// servers; pkill -f guard is not).
func killPattern(pat string, full, exact bool, port string) bool {
	if pat == "" {
		return false
	}
	if strings.Contains(strings.ToLower(pat), "actionguard") {
		return true // the name itself, whatever else the pattern asks
	}
	lines := selfProcessNames
	if full {
		lines = []string{"/usr/local/bin/actionguard serve --listen 127.0.0.1:" + port, "actionguard-hook hook claude-code", "actionguard mcp-proxy"}
	}
	if exact {
		pat = "^(?:" + regexp.QuoteMeta(pat) + ")$"
	}
	re, err := regexp.Compile("(?i)" + pat)
	if err != nil {
		// A pattern Go does not read (a POSIX class, a back-reference):
		// judged by its letters.
		return strings.Contains(strings.ToLower(pat), "actionguard")
	}
	for _, l := range lines {
		l = strings.TrimPrefix(l, "/usr/local/bin/")
		if !full {
			if re.MatchString(l) {
				return true
			}
			continue
		}
		for _, m := range re.FindAllStringIndex(l, -1) {
			for _, w := range []string{"actionguard", port} {
				i := strings.Index(l, w)
				if i >= 0 && m[0] < i+len(w) && m[1] > i && m[1] > m[0] {
					return true
				}
			}
		}
	}
	return false
}

// stopsSelfServer reports a command that on its own stops actionguard's
// server or programs, with the words that say what it stops.
func (e *analysis) stopsSelfServer(c *Cmd) (string, bool) {
	port := e.serverPort()
	pos := c.Positional()
	switch c.Name {
	case "pkill", "skill", "snice":
		if len(pos) == 0 {
			return "", false
		}
		return pos[0], killPattern(pos[0], c.Has("-f", "--full"), c.Has("-x", "--exact"), port)
	case "killall":
		regex := c.Has("-r", "--regexp")
		for _, p := range pos {
			if killPattern(p, false, !regex, port) || !regex && isSelfProgram(p) {
				return p, true
			}
		}
	case "fuser":
		if !c.Has("-k", "--kill") {
			return "", false
		}
		for _, p := range pos {
			if p == port || strings.HasPrefix(p, port+"/") || strings.HasSuffix(p, ":"+port) || isSelfProgram(baseOf(p)) {
				return p, true
			}
		}
	case "systemctl", "launchctl":
		if u, ok := selfUnitStopped(pos); ok {
			return u, true
		}
	case "service":
		if len(pos) > 1 && strings.Contains(strings.ToLower(pos[0]), "actionguard") && (pos[1] == "stop" || pos[1] == "disable") {
			return pos[0], true
		}
	case "taskkill":
		for _, v := range c.FlagAll("/im", "/IM", "-im") {
			if strings.Contains(strings.ToLower(v), "actionguard") {
				return v, true
			}
		}
	case "stop-process", "spps":
		// Stop-Process -Name actionguard, Stop-Process actionguard -Force
		// (PowerShell's names and options are case-blind).
		for i, a := range c.Args {
			if strings.EqualFold(a, "-Name") || strings.EqualFold(a, "-ProcessName") || !strings.HasPrefix(a, "-") && i == 0 {
				v := a
				if strings.HasPrefix(a, "-") && i+1 < len(c.Args) {
					v = c.Args[i+1]
				}
				if strings.Contains(strings.ToLower(v), "actionguard") {
					return v, true
				}
			}
		}
	case "kill-port":
		for _, p := range pos {
			if p == port || p == ":"+port {
				return p, true
			}
		}
	}
	return "", false
}

// stopVerbs are the verbs of the service managers that stop a service
// or keep it from starting.
var stopVerbs = map[string]bool{"stop": true, "kill": true, "disable": true, "mask": true, "freeze": true, "clean": true,
	"unload": true, "bootout": true, "remove": true}

// selfUnitStopped reports systemctl's and launchctl's stopping verbs
// given a unit, label or plist of actionguard, with its name.
func selfUnitStopped(pos []string) (string, bool) {
	if len(pos) < 2 || !stopVerbs[pos[0]] {
		return "", false
	}
	for _, u := range pos[1:] {
		if strings.Contains(strings.ToLower(u), "actionguard") {
			return u, true
		}
	}
	return "", false
}

// baseOf is a path's last component.
func baseOf(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// findsSelfProcess reports a command whose output is the process ids of
// actionguard's programs or of what listens on its port: pgrep, pidof,
// lsof -t -i :8750, ss/netstat filtered by the port, or grep and awk over
// ps's list.
func (e *analysis) findsSelfProcess(c *Cmd) bool {
	port := e.serverPort()
	pos := c.Positional()
	switch c.Name {
	case "pgrep":
		return len(pos) > 0 && killPattern(pos[0], c.Has("-f", "--full"), c.Has("-x", "--exact"), port)
	case "pidof":
		for _, p := range pos {
			if isSelfProgram(baseOf(p)) {
				return true
			}
		}
	case "lsof", "ss", "netstat", "fuser":
		// lsof -ti:8750, ss -ltnp 'sport = :8750', fuser 8750/tcp: the
		// port however the options cluster around it.
		t := c.Text
		for i := strings.Index(t, port); i >= 0; {
			before, after := byte(' '), byte(' ')
			if i > 0 {
				before = t[i-1]
			}
			if j := i + len(port); j < len(t) {
				after = t[j]
			}
			if strings.IndexByte(": =\t'\"", before) >= 0 && (after < '0' || after > '9') {
				return true
			}
			k := strings.Index(t[i+1:], port)
			if k < 0 {
				break
			}
			i += 1 + k
		}
	case "grep", "egrep", "fgrep", "rg", "awk", "gawk", "mawk", "sed":
		for _, p := range pos {
			if strings.Contains(strings.ToLower(p), "actionguard") || strings.Contains(p, ":"+port) {
				return true
			}
		}
	}
	return false
}

// killers signal the processes whose ids they are given.
var killers = map[string]bool{"kill": true, "pkill": true, "killall": true, "skill": true, "taskkill": true, "stop-process": true, "spps": true}

// selfServerScan judges the commands of src that would run together: one that
// stops actionguard's server on its own, a kill fed the ids of its
// processes (kill $(pgrep actionguard), pgrep … | xargs kill), and one
// that listens on its port.
func (r *report) selfServerScan(src string) {
	if r.selfPidScan() {
		return
	}
	cmds := r.res.Commands
	finds, kills := false, false
	for _, c := range cmds {
		if c.Name == "actionguard" || c.Name == "actionguard-hook" {
			continue
		}
		if what, ok := r.env.stopsSelfServer(c); ok {
			r.mutates()
			r.add(c.find(ruleSelfServerStop, c.Name+" stops actionguard's own processes ("+what+"): held actions would have no approval page, and its port would be free for an impostor.", what))
			return
		}
		if r.env.findsSelfProcess(c) {
			finds = true
		}
		if killers[c.Name] {
			kills = true
		}
	}
	if finds && kills {
		for _, c := range cmds {
			if killers[c.Name] {
				r.mutates()
				r.add(c.find(ruleSelfServerStop, c.Name+" is given the ids of actionguard's own processes: held actions would have no approval page, and its port would be free for an impostor."))
				return
			}
		}
	}
	// PORT=8750 before the server, or exported ahead of it.
	// The port's digits must appear in a text for an assignment of it to:
	// the cheap test spares the pattern on nearly every command line.
	port := r.env.serverPort()
	setsPort := func(text string) bool {
		if !strings.Contains(text, port) {
			return false
		}
		m := portAssign.FindStringSubmatch(text)
		return m != nil && m[1] == port
	}
	portSet := setsPort(src)
	for _, c := range cmds {
		if !portSet && setsPort(c.Text) {
			portSet = true
		}
	}
	for _, c := range cmds {
		if where, ok := r.env.listensOnSelfPort(c, portSet); ok {
			r.mutates()
			r.add(c.find(ruleSelfServerFake, c.Name+" listens on "+where+", actionguard's approval server's port: a page there could collect a person's sign-in.", where))
			return
		}
	}
}

// listenClients connect to a port rather than listen on it.
var listenClients = map[string]bool{"curl": true, "wget": true, "http": true, "https": true, "xh": true, "telnet": true, "grpcurl": true}

// servers are programs that listen on a port named among their
// arguments (interpreters running a server, development servers).
var servers = map[string]bool{
	"python": true, "python2": true, "python3": true, "pypy3": true, "node": true, "nodejs": true, "bun": true, "deno": true, "php": true, "ruby": true,
	"perl": true, "http-server": true, "serve": true, "live-server": true, "miniserve": true, "caddy": true, "busybox": true, "httpd": true,
	"flask": true, "uvicorn": true, "gunicorn": true, "hypercorn": true, "daphne": true, "rails": true, "jekyll": true, "hugo": true, "mkdocs": true,
	"json-server": true, "vite": true, "next": true, "webpack-dev-server": true, "twistd": true, "websockify": true, "npx": true, "pnpm": true,
	"yarn": true, "bunx": true, "npm": true, "uv": true, "uvx": true, "pipx": true, "gost": true, "mitmproxy": true, "mitmdump": true, "mitmweb": true,
	"openssl": true, "ncat": true, "nc": true, "netcat": true, "socat": true, "ssh": true, "docker": true, "podman": true, "kubectl": true,
	"php-cgi": true, "lighttpd": true, "nginx": true, "tcpserver": true, "ruby3": true, "go": true, "cargo": true, "dotnet": true, "java": true,
}

// nonListeners among servers do not take their port from $PORT.
var nonListeners = map[string]bool{"nc": true, "netcat": true, "ncat": true, "socat": true, "ssh": true, "docker": true, "podman": true, "kubectl": true, "openssl": true}

// portAssign is an environment assignment that names a listening port.
var portAssign = lazyRegexp(`(?i)(?:^|[\s;])(?:export\s+)?[A-Z_]*PORT=["']?(\d+)`)

// listensOnSelfPort reports a command that would listen on actionguard's
// server port, with where; portSet: the command line sets $PORT (or
// another …PORT variable) to that port.
func (e *analysis) listensOnSelfPort(c *Cmd, portSet bool) (string, bool) {
	port := e.serverPort()
	if listenClients[c.Name] || !servers[c.Name] {
		return "", false
	}
	if portSet && !nonListeners[c.Name] {
		return "port " + port, true
	}
	words := c.Positional()
	for _, o := range c.Argv().Opts {
		if o.HasValue {
			words = append(words, o.Value)
		}
		words = append(words, o.Spelled)
	}
	names := func(w string) bool {
		w = strings.Trim(w, `"'`)
		return w == port || strings.HasSuffix(w, ":"+port) || strings.HasSuffix(w, "="+port) ||
			strings.HasSuffix(w, "-p"+port) || strings.Contains(w, ":"+port+",") || strings.Contains(w, "="+port+",")
	}
	switch c.Name {
	case "nc", "netcat", "ncat":
		if !c.Has("-l", "--listen") && !dashClusterHas(c, 'l') {
			return "", false // a client connecting to the port
		}
	case "socat":
		for _, w := range words {
			u := strings.ToUpper(w)
			if (strings.Contains(u, "-LISTEN:") || strings.Contains(u, "-L:")) && afterColon(u, port) {
				return w, true
			}
		}
		return "", false
	case "ssh":
		for _, v := range c.FlagAll("-L", "-D") {
			if v == port || strings.HasPrefix(v, port+":") || strings.Contains(v, ":"+port+":") && strings.Count(v, ":") == 3 || strings.HasSuffix(v, ":"+port) {
				return v, true
			}
		}
		return "", false
	case "docker", "podman":
		for _, v := range c.FlagAll("-p", "--publish") {
			host := v
			if i := strings.LastIndexByte(v, ':'); i >= 0 {
				host = v[:i] // [ip:]hostPort:containerPort
			}
			if host == port || strings.HasSuffix(host, ":"+port) {
				return v, true
			}
		}
		return "", false
	case "kubectl":
		if len(words) > 0 && c.Sub(0) == "port-forward" {
			for _, w := range words {
				if w == port || strings.HasPrefix(w, port+":") {
					return w, true
				}
			}
		}
		return "", false
	}
	for _, w := range words {
		if names(w) {
			return w, true
		}
	}
	return "", false
}

// afterColon reports port right after a colon in s, not followed by
// another digit (TCP-LISTEN:8750,fork; not :87500).
func afterColon(s, port string) bool {
	for i := strings.Index(s, ":"+port); i >= 0; {
		j := i + 1 + len(port)
		if j == len(s) || s[j] < '0' || s[j] > '9' {
			return true
		}
		k := strings.Index(s[j:], ":"+port)
		if k < 0 {
			return false
		}
		i = j + k
	}
	return false
}

// dashClusterHas reports a one-letter flag given in a cluster (-lk, -lvp).
func dashClusterHas(c *Cmd, letter byte) bool {
	for _, o := range c.Argv().Opts {
		if len(o.Spelled) == 2 && o.Spelled[0] == '-' && o.Spelled[1] == letter {
			return true
		}
	}
	return false
}
