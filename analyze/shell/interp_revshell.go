package shell

import (
	"strings"
)

// Reverse shells in inline code: a connection to another machine wired to
// a shell on this one. The connection is one pattern per language; the
// shell is a shell named in the code, or the connection's descriptor handed
// to the standard streams (dup2, open(STDIN, ">&S"), :in => s).
var (
	revConnect = map[string]*lazyRE{
		"python":     lazyRegexp(`\bsocket\.(?:socket|create_connection|fromfd)\s*\(|\bsocket\s*\(\s*(?:socket\.)?AF_INET|\basyncio\.open_connection\s*\(`),
		"node":       lazyRegexp(`\bnet\.(?:Socket|connect|createConnection)\b|\bnew\s+(?:net\.)?Socket\s*\(|\brequire\s*\(\s*['"](?:node:)?(?:net|tls|dgram)['"]\s*\)|\btls\.connect\s*\(|\bDeno\.connect\s*\(|\bBun\.connect\s*\(`),
		"jxa":        lazyRegexp(`\bNSStream\b|\bgetStreamsToHost\b`),
		"perl":       lazyRegexp(`\bIO::Socket(?:::INET6?|::IP|::SSL)?\b|\bsocket\s*\(\s*\w+\s*,\s*(?:PF_INET|AF_INET|2)|\bconnect\s*\(\s*\w+\s*,\s*(?:sockaddr_in|pack_sockaddr_in)`),
		"ruby":       lazyRegexp(`\bTCPSocket\b|\bSocket\.tcp\b|\bSocket\.new\b|\bUDPSocket\b|\bOpenSSL::SSL::SSLSocket\b`),
		"php":        lazyRegexp(`\bfsockopen\s*\(|\bpfsockopen\s*\(|\bstream_socket_client\s*\(|\bsocket_create\s*\(|\bsocket_connect\s*\(`),
		"lua":        lazyRegexp(`\bsocket\.(?:tcp|connect|udp)\b|\brequire\s*\(?\s*['"]socket['"]`),
		"r":          lazyRegexp(`\bsocketConnection\s*\(|\bmake\.socket\s*\(|\bsocketAccept\s*\(`),
		"powershell": lazyRegexp(`(?i)\bNet\.Sockets\.TCPClient\b|\bSystem\.Net\.Sockets\b|\bTcpClient\s*\(`),
	}
	// revWire: the connection's descriptor becomes the standard streams, or
	// a process reads from it.
	revWire = lazyRegexp(`\bdup2?\s*\(|\bpty\.spawn\b|\bopen\s*\(\s*STD(?:IN|OUT|ERR)\s*,\s*['"]?[<>+]*&|\bstdio\s*:\s*\[\s*\w|:(?:in|out|err)\s*=>|\.pipe\s*\(\s*\w+\.stdin\b|\.stdout\.pipe\s*\(|\bproc_open\s*\([^;]*\$\w*sock|\bfdopen\b|\bGetStream\s*\(\s*\)[\s\S]*\b(?:iex|Invoke-Expression)\b|<&\s*\d|>&\s*\d|\bsubprocess\.\w+\s*\([^)]*std(?:in|out)\s*=\s*\w+\.fileno\(\)|\bexec\s*\{`)
)

// reverseShell reports a reverse (or bind) shell.
func (s *codeScan) reverseShell() {
	re := revConnect[s.lang]
	if re == nil || !re.MatchString(s.code) {
		return
	}
	shell := s.namedShell()
	switch {
	case s.ranUnknown:
		// It runs commands it gets when it runs, over a connection: the
		// other machine's commands.
	case shell == "" && !revWire.MatchString(s.code):
		return
	case shell == "" && !s.runsSomething():
		return
	}
	msg := "Inline " + s.name() + " code connects to another machine and hands it a shell on this one (a reverse shell)."
	if shell != "" {
		msg = "Inline " + s.name() + " code connects to another machine and hands it " + shell + " on this one (a reverse shell)."
	}
	s.w.r.add(s.c.find(ruleReverseShell, msg))
	s.w.r.mutates()
}

// namedShell returns a shell the code names in a string literal (/bin/sh,
// bash -i, cmd.exe, powershell), or "".
func (s *codeScan) namedShell() string {
	for _, m := range reStringLit.FindAllString(s.code, 128) {
		lit := strings.TrimSpace(unquoteLit(m))
		if lit == "" || len(lit) > 200 {
			continue
		}
		f := strings.Fields(lit)
		prog := strings.ToLower(progName(strings.ReplaceAll(f[0], `\`, "/")))
		prog = strings.TrimSuffix(prog, ".exe")
		if shells[prog] || prog == "cmd" || prog == "powershell" || prog == "pwsh" {
			return lit
		}
	}
	for _, sh := range []string{"/bin/sh", "/bin/bash", "/bin/zsh", "sh -i", "bash -i", "cmd.exe"} {
		if strings.Contains(s.code, sh) {
			return sh
		}
	}
	return ""
}

// runsSomething reports code that starts a process or hands over its
// streams (dup2 onto a socket is already that).
func (s *codeScan) runsSomething() bool {
	if p := langs[s.lang]; p != nil && p.exec.MatchString(s.code) {
		return true
	}
	return strings.Contains(s.code, "dup2") || strings.Contains(s.code, "pty.spawn") || reBacktick.MatchString(s.code) && s.lang != "node" ||
		strings.Contains(s.code, "exec") || strings.Contains(s.code, "spawn") || strings.Contains(s.code, "popen")
}
