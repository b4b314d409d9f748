package guard

import (
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
)

// The approval server's port. A command that stops what listens there, or
// listens there itself, is blocked by the shell analyzer
// (shell.self.server-stop, shell.self.server-impersonate): the hooks and
// the request files point at that port, so whoever listens on it is the
// page a person signs in on. The server listens on 127.0.0.1:8750 unless
// it was started with --listen; the hooks and request files name it with
// $ACTIONGUARD_SERVER_URL, which is the guard's configuration for it.

// ServerURLVar names the approval server's address, as the hooks read it
// (hookrun.ServerURLEnv).
const ServerURLVar = "ACTIONGUARD_SERVER_URL"

// WithServerPort names the port the approval server listens on, for a
// process that knows it (the server itself, a test). Without it the guard
// reads $ACTIONGUARD_SERVER_URL for each action; with neither, the
// server's default port is protected.
func WithServerPort(port int) Option {
	return func(g *Guard) {
		if port > 0 && port < 65536 {
			g.serverPort = port
		}
	}
}

// envPort is a port read from the server's address, with the address.
type envPort struct {
	url  string
	port int
}

// approvalPort is the approval server's port for the shell analysis
// (0: its default).
func (g *Guard) approvalPort() int {
	if g.serverPort > 0 {
		return g.serverPort
	}
	u := os.Getenv(ServerURLVar)
	if u == "" {
		return 0
	}
	if c := g.envPort.Load(); c != nil && c.url == u {
		return c.port
	}
	p := ServerPortOf(u)
	g.envPort.Store(&envPort{url: u, port: p})
	return p
}

// ServerPortOf is the port of this machine an approval server address
// names (http://127.0.0.1:9000 → 9000, http://localhost → 80); 0 for an
// address that is not this machine's (a server behind a proxy listens on
// a port the address does not tell) or that does not parse.
func ServerPortOf(addr string) int {
	addr = strings.TrimSpace(addr)
	if addr == "" || len(addr) > 2048 {
		return 0
	}
	if !strings.Contains(addr, "://") {
		addr = "http://" + addr // 127.0.0.1:9000, as --listen spells it
	}
	u, err := url.Parse(addr)
	if err != nil || u.Host == "" {
		return 0
	}
	if !localHost(u.Hostname()) {
		return 0
	}
	ps := u.Port()
	if ps == "" {
		switch strings.ToLower(u.Scheme) {
		case "http":
			return 80
		case "https":
			return 443
		}
		return 0
	}
	p, err := strconv.Atoi(ps)
	if err != nil || p <= 0 || p > 65535 {
		return 0
	}
	return p
}

// localHost reports a host name of this machine: localhost, a loopback or
// unspecified address.
func localHost(h string) bool {
	h = strings.ToLower(strings.TrimSuffix(h, "."))
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && (ip.IsLoopback() || ip.IsUnspecified())
}
