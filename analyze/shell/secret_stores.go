package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Secret stores: the programs that hand out the secrets they keep (the
// macOS keychain, the desktop keyring, password managers, the cloud and
// forge command-line tools, the container registries' credential helpers)
// and the places a running process keeps its own (its environment, its
// memory). What one of them prints lands in the agent's context and its
// logs; piped to another machine it is credential theft (the data-flow
// analysis sees the stream as a secret). Listing names, checking who is
// signed in, or printing a configuration that hides the secrets stays
// allowed.

var (
	ruleStorePrint = &rule.Rule{
		ID: "shell.cred.store-print", Category: rule.Credentials, Points: 40,
		Summary:     "Prints a secret from a password manager, a keyring or a cloud tool (a token, a password) where the agent and its logs can see it.",
		Alternative: "let the tool use the secret itself (gh, op run, aws --profile), or pass it on without printing it (… | docker login --password-stdin)",
		Match: []string{"gh auth token", "secret-tool lookup service github", "op item get GitHub --fields password", "op read op://Private/GitHub/token",
			"bw get password github", "pass show github", "gcloud auth print-access-token", "az account get-access-token", "aws sts get-session-token",
			"kubectl config view --raw", "cat /proc/$PPID/environ", "ps eww -o command", "docker-credential-desktop get <<< https://index.docker.io/v1/"},
		NoMatch: []string{"gh auth status", "op --version", "op item get GitHub", "op item list", "aws sts get-caller-identity", "kubectl config view",
			"pass ls", "bw list folders", "secret-tool --help", "ps aux", "ps -ef", "t=$(gh auth token)", "gh auth token | docker login ghcr.io -u me --password-stdin",
			"export GH_TOKEN=$(gh auth token)", "gh auth token >/dev/null && echo signed in"},
	}
	ruleStoreDump = &rule.Rule{
		ID: "shell.cred.store-dump", Category: rule.Credentials, Points: 80,
		Summary:     "Prints the passwords of the macOS keychain or of a whole password vault where the agent and its logs can see them.",
		Alternative: "look the one entry up yourself, in the Keychain Access app or the password manager",
		Match: []string{"security find-generic-password -wa 'Chrome Safe Storage'", "security dump-keychain -d login.keychain", "security find-internet-password -s github.com -w",
			"bw list items", "bw export --raw --format json"},
		NoMatch: []string{"security find-generic-password -s github", "security dump-keychain", "security list-keychains", "bw list folders"},
	}
	ruleSelfAttach = &rule.Rule{
		ID: "shell.self.attach", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Attaches a debugger or tracer to actionguard's own process: it could read its keys, change its answers or stop it.",
		Alternative: "a person debugs actionguard in their own terminal",
		Match: []string{"gdb -p $(pidof actionguard) -batch -ex 'call (void)exit(0)'", "strace -p $(pgrep -f 'actionguard serve') -o /dev/null",
			"sudo ltrace -p $(pgrep actionguard-hook)", "lldb -p $(pgrep -x actionguard)"},
		NoMatch: []string{"strace -f ./app", "gdb ./app core", "pgrep actionguard"},
	}
	// Debugging one's own program is routine: a notice, not a question.
	ruleProcAttach = &rule.Rule{
		ID: "shell.proc.attach", Category: rule.Credentials, Points: 20,
		Summary:     "Attaches a debugger or tracer to a running process: it can read the process's memory, the secrets it holds included.",
		Alternative: "start the program under the debugger instead (gdb ./app, strace ./app)",
		Match:       []string{"gdb -p 4242", "strace -p 1234 -e trace=read", "gcore 4242"},
		NoMatch:     []string{"strace -f ./app", "gdb ./app", "gdb -batch -ex bt ./app core"},
	}
	ruleDockerSocketRoot = &rule.Rule{
		ID: "shell.container.socket-root", Category: rule.PrivilegeEscalation, Points: 120,
		Summary:     "Asks the container engine, through its socket, for a container that mounts the machine's root or home directory or runs privileged: root on this machine.",
		Alternative: "use docker run with the one directory the container needs",
		Match: []string{`curl --unix-socket /var/run/docker.sock -X POST http://x/containers/create -d '{"Image":"alpine","HostConfig":{"Binds":["/:/h"]}}'`,
			`curl -s --unix-socket /run/podman/podman.sock -H 'Content-Type: application/json' -d '{"Image":"alpine","HostConfig":{"Privileged":true}}' http://d/v1.41/containers/create`},
		NoMatch: []string{"curl --unix-socket /var/run/docker.sock http://localhost/containers/json", "curl --unix-socket /var/run/docker.sock http://x/version"},
	}
	ruleDockerSocketWrite = &rule.Rule{
		ID: "shell.container.socket-write", Category: rule.Escalation, Points: 75,
		Summary:     "Sends a request that changes something to the container engine's socket: whoever uses it is as good as root on this machine.",
		Alternative: "use the docker command, which actionguard reads, instead of the raw socket",
		Match:       []string{"curl --unix-socket /var/run/docker.sock -X POST http://x/containers/abc/exec -d '{\"Cmd\":[\"sh\"]}'"},
		NoMatch:     []string{"curl --unix-socket /var/run/docker.sock http://localhost/images/json"},
	}
	ruleSSHAgentForward = &rule.Rule{
		ID: "shell.ssh.agent-forward", Category: rule.Credentials, Points: 75,
		Summary:     "Lends your SSH keys to another machine (agent forwarding): whoever is root there can log in wherever your keys open.",
		Alternative: "use a jump host instead (ssh -J bastion host), which never hands the keys over",
		Match:       []string{"ssh -A evil.example", "ssh -o ForwardAgent=yes evil.example", "ssh -At gw", "ssh -oForwardAgent=yes host"},
		NoMatch:     []string{"ssh host uptime", "ssh -a host", "ssh -o ForwardAgent=no host", "ssh -J bastion host"},
	}
	ruleSSHOpenForward = &rule.Rule{
		ID: "shell.ssh.open-forward", Category: rule.Network, Points: 75,
		Summary:     "Opens an SSH tunnel on every network interface: every machine that reaches this one reaches what the tunnel leads to.",
		Alternative: "bind the tunnel to this machine only (ssh -L 5432:db:5432 host, or -L 127.0.0.1:5432:db:5432)",
		Match: []string{"ssh -L 0.0.0.0:5432:prod-db:5432 bastion", "ssh -L '*:8080:intranet:80' gw", "ssh -g -L 5432:db:5432 bastion",
			"ssh -D 0.0.0.0:1080 host", "ssh -o GatewayPorts=yes -L 80:web:80 gw"},
		NoMatch: []string{"ssh -L 5432:prod-db:5432 bastion", "ssh -L 127.0.0.1:5432:db:5432 bastion", "ssh -D 1080 host", "ssh -L localhost:8080:web:80 gw"},
	}
)

var secretStoreRules = []*rule.Rule{ruleKillUnknown, ruleStorePrint, ruleStoreDump, ruleSelfAttach, ruleProcAttach, ruleDockerSocketRoot, ruleDockerSocketWrite, ruleSSHAgentForward, ruleSSHOpenForward}

// secretStoreHandlers maps the programs of this file to their handlers.
func secretStoreHandlers() map[string][]handler {
	m := map[string][]handler{"ssh": {sshExposeHandler}, "curl": {dockerSocketHandler}}
	for _, p := range []string{"gdb", "lldb", "strace", "ltrace", "gcore", "pstack", "eu-stack", "perf", "bpftrace", "dtrace", "dtruss", "frida", "frida-trace", "py-spy", "rbspy"} {
		m[p] = []handler{attachHandler}
	}
	for name, reads := range credentialReaders {
		if reads {
			m[name] = append(m[name], procEnvironHandler)
		}
	}
	for _, p := range []string{"strings", "xxd", "hexdump", "od", "tr"} {
		m[p] = append(m[p], procEnvironHandler)
	}
	return m
}

// storeDumps are the secrets whose printing is a whole vault's, or the
// keychain's, which holds every password of the machine.
func storeDumps(k string) bool {
	switch k {
	case "macOS keychain password", "macOS keychain's passwords", "Bitwarden vault's passwords",
		"desktop keyring's secrets", "macOS keychain's keys":
		return true
	}
	return false
}

// storePrinted are the secrets a top-level command may not print without
// a person's word: what storePrinter names, and the token printers that
// flow into other commands.
func storePrinted(k string) bool {
	switch k {
	case "GitHub token", "GitLab token", "Git credentials", "AWS credentials", "Google Cloud token",
		"Azure token", "macOS keychain password", "password store entry", "Kubernetes credentials",
		"Heroku token", "password from 1Password", "password from Bitwarden", "desktop keyring secret",
		"container registry password", "processes' environment variables", "Kubernetes token":
		return true
	}
	return false
}

// storePrinter names the secret a command prints, for the stores whose
// reading the token printers (tokenProducer) do not already describe, or
// describe too broadly: op item get prints concealed fields only when asked
// (--fields, --reveal, --format json).
func storePrinter(c *Cmd) string {
	pos := c.Positional()
	at := func(i int) string {
		if i < len(pos) {
			return pos[i]
		}
		return ""
	}
	switch c.Name {
	case "security":
		switch at(0) {
		case "find-generic-password", "find-internet-password":
			if clusterHas(c, 'w') || clusterHas(c, 'g') {
				return "macOS keychain password"
			}
		case "dump-keychain":
			if clusterHas(c, 'd') {
				return "macOS keychain's passwords"
			}
		case "export":
			return "macOS keychain's keys"
		}
	case "secret-tool":
		switch {
		case at(0) == "lookup":
			return "desktop keyring secret"
		case at(0) == "search" && c.Has("--unlock"):
			if c.Has("--all") {
				return "desktop keyring's secrets"
			}
			return "desktop keyring secret"
		}
	case "op":
		switch {
		case at(0) == "read":
			return "password from 1Password"
		case (at(0) == "item" || at(0) == "items") && at(1) == "get":
			f, _ := c.Flag("--format")
			if c.Has("--fields", "--reveal", "--otp") || strings.EqualFold(f, "json") {
				return "password from 1Password"
			}
		}
	case "bw":
		switch {
		case at(0) == "get" && svcIn(at(1), "password", "item", "notes", "totp", "exposed", "send"):
			return "password from Bitwarden"
		case at(0) == "list" && at(1) == "items", at(0) == "export" && c.Has("--raw"):
			return "Bitwarden vault's passwords"
		}
	case "lpass":
		if at(0) == "show" {
			return "password store entry"
		}
	case "keepassxc-cli":
		if at(0) == "show" && c.Has("-s", "--show-protected", "-a", "--attributes", "-t", "--totp") || at(0) == "export" {
			return "password store entry"
		}
	case "gh":
		if at(0) == "auth" && at(1) == "status" && c.Has("-t", "--show-token") {
			return "GitHub token"
		}
	case "gcloud":
		if at(0) == "config" && at(1) == "config-helper" {
			return "Google Cloud token"
		}
	case "aws":
		if at(0) == "sts" && svcIn(at(1), "assume-role", "assume-role-with-web-identity", "assume-role-with-saml", "get-federation-token") {
			return "AWS credentials"
		}
	case "kubectl", "oc":
		if at(0) == "create" && at(1) == "token" {
			return "Kubernetes token"
		}
	case "ps":
		if psShowsEnvironment(c) {
			return "processes' environment variables"
		}
	}
	if strings.HasPrefix(c.Name, "docker-credential-") && at(0) == "get" {
		return "container registry password"
	}
	return ""
}

// clusterHas reports whether a short option letter is given, alone or in
// a cluster (-wa, -gw), for programs without a spec.
func clusterHas(c *Cmd, letter byte) bool {
	for _, o := range c.Argv().Opts {
		s := o.Spelled
		if len(s) < 2 || s[0] != '-' || s[1] == '-' {
			continue
		}
		for i := 1; i < len(s); i++ {
			ch := s[i]
			if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z') {
				break
			}
			if ch == letter {
				return true
			}
		}
	}
	return false
}

// psShowsEnvironment reports ps's BSD "e" (ps eww, ps auxe, ps axe):
// each process's environment after its command. ps -e (with a dash) is
// POSIX's "every process" and shows none.
func psShowsEnvironment(c *Cmd) bool {
	for _, a := range c.Argv().Operands {
		if a == "" || len(a) > 16 {
			continue
		}
		letters := true
		for i := 0; i < len(a); i++ {
			if !(a[i] >= 'a' && a[i] <= 'z' || a[i] >= 'A' && a[i] <= 'Z') {
				letters = false
				break
			}
		}
		if letters && strings.IndexByte(a, 'e') >= 0 {
			return true
		}
	}
	return false
}

// printedSecret reports a secret that a top-level statement leaves on
// standard output: the agent reads it, and its logs keep it.
func (r *report) printedSecret(out stream, text string) {
	if out.kind != streamSecret || !storePrinted(out.cred) && !storeDumps(out.cred) && !strings.HasPrefix(out.cred, secretVarPrefix) {
		return
	}
	for _, f := range r.res.Findings {
		if f.Rule == ruleCredentialExfil.ID || f.Rule == ruleCredentialRead.ID || f.Rule == ruleStorePrint.ID || f.Rule == ruleStoreDump.ID {
			return // already said, or worse
		}
	}
	msg := "Prints " + describeFlowSecret(out.cred) + " where the agent and its logs can see it."
	if storeDumps(out.cred) {
		r.add(ruleStoreDump.Find(oneLine(text), msg, out.cred))
		return
	}
	r.add(ruleStorePrint.Find(oneLine(text), msg, out.cred))
}

// echoedSecret is what echo or printf print when an argument is a
// secret a store printed: echo $(gh auth token) prints the token.
func echoedSecret(c *Cmd) (stream, bool) {
	if c.Name != "echo" && c.Name != "printf" && c.Name != "print" {
		return stream{}, false
	}
	for _, p := range c.proc {
		if p.kind == streamSecret && (storePrinted(p.cred) || storeDumps(p.cred)) {
			return p, true
		}
	}
	return stream{}, false
}

// procEnviron reports a path to a process's environment, its process id
// known or not: /proc/$PPID/environ, /proc/$(pgrep -f claude)/environ.
func procEnviron(p string) bool {
	return strings.HasPrefix(p, "/proc/") && strings.HasSuffix(p, "/environ") && len(p) > len("/proc//environ")
}

// procEnvironHandler: a reader given a process's environment whose id is
// only known when it runs (the credential rules judge the known ones).
func procEnvironHandler(c *Cmd, r *report) {
	for _, a := range c.Positional() {
		if procEnviron(a) && strings.ContainsAny(a, "$*?[\u2026") {
			r.add(c.find(ruleStorePrint, "Prints the environment of another process (an agent's API keys among it) where the agent and its logs can see it.", a))
			return
		}
	}
}

// selfProcessWords are what names actionguard's process to pidof, pgrep
// or ps | grep.
func namesSelfProcess(text string) bool {
	return strings.Contains(strings.ToLower(text), "actionguard")
}

// attachHandler: a debugger or tracer attached to a running process (-p
// PID, --pid, attach PID, gcore PID). Attached to actionguard's own, it
// could change the answers or stop the guard.
func attachHandler(c *Cmd, r *report) {
	attached := c.Name == "gcore" || c.Name == "pstack" || c.Name == "eu-stack" || c.Name == "py-spy" && svcIn(c.Sub(0), "dump", "top") && c.Has("--pid", "-p")
	for _, o := range c.Argv().Opts {
		switch o.Spelled {
		case "-p", "--pid", "--attach-pid", "-pid", "--process", "--attach":
			attached = true
		}
		if strings.HasPrefix(o.Spelled, "-p") && len(o.Spelled) > 2 && o.Spelled[2] >= '0' && o.Spelled[2] <= '9' || strings.HasPrefix(o.Spelled, "--pid=") {
			attached = true
		}
	}
	if c.Name == "gdb" && c.ArgIs("attach") || (c.Name == "gdb" || c.Name == "lldb") && c.Contains("attach") {
		attached = true
	}
	if c.Name == "perf" && !c.Has("-p", "--pid") || c.Name == "bpftrace" && !c.Has("-p") {
		return
	}
	if !attached {
		return
	}
	r.mutates()
	if namesSelfProcess(c.Text) {
		r.add(c.find(ruleSelfAttach, "Attaches "+c.Name+" to actionguard's own process: it could read its keys, change its answers or stop it. Debugging actionguard is a person's call.", c.Name))
		return
	}
	r.add(c.find(ruleProcAttach, "Attaches "+c.Name+" to a running process: it can read that process's memory, the secrets it holds included.", c.Name))
}

// containerSockets are the API sockets of the container engines.
func containerSocket(p string) bool {
	b := p[strings.LastIndexByte(p, '/')+1:]
	return b == "docker.sock" || b == "podman.sock" || b == "containerd.sock" || b == "docker_engine" || strings.HasSuffix(b, "docker.sock")
}

// dockerSocketHandler: curl --unix-socket /var/run/docker.sock speaks the
// engine's API directly, past every rule for the docker command.
func dockerSocketHandler(c *Cmd, r *report) {
	sock, ok := c.Flag("--unix-socket", "--abstract-unix-socket")
	if !ok || !containerSocket(sock) {
		return
	}
	body := strings.Join(c.FlagAll("-d", "--data", "--data-raw", "--data-binary", "--json", "--data-ascii"), " ")
	method, _ := c.Flag("-X", "--request")
	write := body != "" || method != "" && !strings.EqualFold(method, "GET") && !strings.EqualFold(method, "HEAD") || c.Has("-T", "--upload-file", "-F", "--form")
	if !write {
		return
	}
	r.mutates()
	compact := strings.NewReplacer(" ", "", "\t", "", "\n", "", `\"`, `"`).Replace(body)
	switch {
	case rootBind(compact), strings.Contains(compact, `"Privileged":true`), strings.Contains(compact, `"PidMode":"host"`):
		r.add(c.find(ruleDockerSocketRoot, "Asks the container engine, through "+sock+", for a container with the machine's root or home directory mounted, or privileged: root on this machine.", sock))
	default:
		r.add(c.find(ruleDockerSocketWrite, "Sends a request that changes something to the container engine's socket ("+sock+"): whoever uses it is as good as root here.", sock))
	}
}

// rootBind reports a bind mount of the root or a home directory in a
// container's JSON (Binds "/:/h", Mounts Source "/").
func rootBind(body string) bool {
	for _, src := range []string{`"/:`, `"/root:`, `"/home:`, `"/etc:`, `"/var/run/docker.sock:`, `"Source":"/"`, `"Source":"/etc"`, `"Source":"/root"`, `"Source":"/home"`} {
		if strings.Contains(body, src) {
			return true
		}
	}
	return false
}

// sshExposeHandler: agent forwarding lends the keys; a forward bound to
// every interface opens what it leads to to the network.
func sshExposeHandler(c *Cmd, r *report) {
	opts := map[string]string{}
	for _, o := range c.FlagAll("-o") {
		k, v, ok := strings.Cut(o, "=")
		if !ok {
			k, v, _ = strings.Cut(strings.TrimSpace(o), " ")
		}
		opts[strings.ToLower(strings.TrimSpace(k))] = strings.ToLower(strings.TrimSpace(v))
	}
	if c.Has("-A") || opts["forwardagent"] == "yes" || opts["forwardagent"] != "" && opts["forwardagent"] != "no" {
		r.add(c.find(ruleSSHAgentForward, "Lends your SSH keys to "+c.Sub(0)+" (agent forwarding): whoever is root there can log in wherever your keys open.", c.Sub(0)))
	}
	gateway := c.Has("-g") || opts["gatewayports"] == "yes"
	forwards := append(c.FlagAll("-L"), c.FlagAll("-D")...)
	for _, k := range []string{"localforward", "dynamicforward"} {
		if v := opts[k]; v != "" {
			forwards = append(forwards, strings.Fields(v)[0])
		}
	}
	for _, f := range forwards {
		if gateway || openBind(f) {
			r.add(c.find(ruleSSHOpenForward, "Opens a tunnel ("+f+") on every network interface: every machine that reaches this one reaches what it leads to.", f))
			return
		}
	}
}

// openBind reports an ssh forward spec bound to every interface:
// 0.0.0.0:…, *:…, [::]:…, or an address other than the loopback's.
func openBind(spec string) bool {
	spec = strings.Trim(spec, `'"`)
	if strings.HasPrefix(spec, "[") {
		end := strings.IndexByte(spec, ']')
		if end < 0 {
			return false
		}
		addr := spec[1:end]
		return addr == "::" || addr == "*" || addr == "" || addr != "::1" && !strings.HasPrefix(addr, "::ffff:127.")
	}
	parts := strings.Split(spec, ":")
	// port, port:host:hostport, or with a bind address in front.
	if len(parts) != 2 && len(parts) != 4 {
		return false
	}
	addr := parts[0]
	if len(parts) == 2 && (addr == "" || strings.Trim(addr, "0123456789") == "") {
		return addr == "" // -D :1080 binds every interface
	}
	if len(parts) == 4 || len(parts) == 2 {
		switch {
		case addr == "" || addr == "*" || addr == "0.0.0.0" || addr == "0":
			return true
		case addr == "localhost" || strings.HasPrefix(addr, "127."):
			return false
		}
		return strings.Trim(addr, "0123456789.") == "" || addr != "" && !strings.Contains(addr, "$")
	}
	return false
}
