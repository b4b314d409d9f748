package shell

import (
	"net/netip"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash's /dev/tcp/HOST/PORT and /dev/udp/HOST/PORT: a redirection opens a
// connection. exec N<>/dev/tcp/… keeps it open as file descriptor N for
// the rest of the script, and <&N, >&N read and write it: a shell that
// reads its commands there, or writes its output there, is a reverse
// shell.

// socketWhat starts the description of a stream read from a connection.
const socketWhat = "data from the connection to "

// fdSocket is a file descriptor an earlier redirection opened on a
// connection.
type fdSocket struct {
	fd, dev string
}

func isSocketDev(name string) bool {
	return strings.HasPrefix(name, "/dev/tcp/") || strings.HasPrefix(name, "/dev/udp/")
}

// socketStream is what is read from the connection dev.
func socketStream(dev string) stream {
	return stream{kind: streamNetwork, what: socketWhat + dev}
}

// noteSocket records that file descriptor n (nil: standard input or
// output, which is no lasting descriptor) is the connection dev.
func (w *walker) noteSocket(n *syntax.Lit, dev string) {
	if n == nil || n.Value == "0" || n.Value == "1" || n.Value == "2" {
		return
	}
	w.noteFd(n.Value, dev)
}

// noteFd records that file descriptor fd is the connection dev for the
// rest of the script ("0": its standard input, after exec 0<&5).
func (w *walker) noteFd(fd, dev string) {
	st := w.state()
	// Never appended in place: a copied state shares the slice.
	st.sockets = append(st.sockets[:len(st.sockets):len(st.sockets)], fdSocket{fd: fd, dev: dev})
	st.changed = true
}

// bareExec reports exec with redirections only, which apply to the rest
// of the script.
func bareExec(s *syntax.Stmt) bool {
	c, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) != 1 || len(c.Args[0].Parts) != 1 {
		return false
	}
	l, ok := c.Args[0].Parts[0].(*syntax.Lit)
	return ok && l.Value == "exec"
}

// socketFd returns the connection that the file descriptor word of a
// duplication (<&5, >&5-) is, if an earlier redirection opened one.
func (w *walker) socketFd(word string) (string, bool) {
	fd := strings.TrimSuffix(word, "-")
	if fd == "" {
		return "", false
	}
	socks := w.state().sockets
	for i := len(socks) - 1; i >= 0; i-- {
		if socks[i].fd == fd {
			return socks[i].dev, true
		}
	}
	return "", false
}

// loopbackDev reports a /dev/tcp or /dev/udp address on this machine
// (localhost, 127.0.0.0/8, ::1): a local service, not another machine.
func loopbackDev(name string) bool {
	rest := strings.TrimPrefix(strings.TrimPrefix(name, "/dev/tcp/"), "/dev/udp/")
	host, _, ok := strings.Cut(rest, "/")
	if !ok || rest == name {
		return false
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") || strings.EqualFold(host, "ip6-localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.IsLoopback()
}

// connectionOutput is what a program that opens a raw connection prints:
// the data that arrives on it (nc, ncat, netcat, socat, telnet, openssl
// s_client, and their listening forms). A shell that reads it, or runs the
// lines it reads from it, is a reverse (or bind) shell. ok is false for
// other programs and for forms that carry no data (nc -z).
func connectionOutput(c *Cmd) (stream, bool) {
	switch c.Name {
	case "nc", "ncat", "netcat":
		if c.Has("-z") {
			return stream{}, false
		}
		pos := c.Positional()
		if c.Has("-l", "--listen") {
			port := ""
			if v, ok := c.Flag("-p", "--source-port"); ok {
				port = v
			} else if len(pos) > 0 {
				port = pos[len(pos)-1]
			}
			return socketStream("port " + port + " of this machine (listening)"), true
		}
		if len(pos) == 0 {
			return stream{}, false
		}
		return socketStream(strings.Join(pos, " port ")), true
	case "telnet":
		pos := c.Positional()
		if len(pos) == 0 {
			return stream{}, false
		}
		return socketStream(strings.Join(pos, " port ")), true
	case "socat":
		for _, p := range c.Positional() {
			if socatNetAddr(p) {
				return socketStream(p), true
			}
		}
	case "openssl":
		switch c.Sub(0) {
		case "s_client":
			if v, ok := c.Flag("-connect"); ok {
				return socketStream(v), true
			}
			return socketStream("localhost:443"), true
		case "s_server":
			port, _ := c.Flag("-accept", "-port")
			return socketStream("port " + port + " of this machine (listening)"), true
		}
	}
	return stream{}, false
}

// socatNetAddr reports a socat address that is a network connection or a
// listening socket (TCP:host:port, OPENSSL-LISTEN:443, UDP4:…).
func socatNetAddr(a string) bool {
	kind, _, _ := strings.Cut(strings.ToLower(a), ":")
	kind, _, _ = strings.Cut(kind, ",")
	switch kind {
	case "tcp", "tcp4", "tcp6", "tcp-connect", "tcp4-connect", "tcp6-connect", "tcp-l", "tcp-listen", "tcp4-listen", "tcp6-listen",
		"udp", "udp4", "udp6", "udp-connect", "udp-l", "udp-listen", "udp4-listen", "udp6-listen", "udp-recv", "udp-recvfrom",
		"ssl", "openssl", "openssl-connect", "ssl-l", "openssl-listen", "sctp", "sctp-connect", "sctp-listen", "socks", "socks4", "socks4a", "socks5", "proxy", "proxy-connect",
		"dccp-connect", "dccp-listen", "vsock-connect", "vsock-listen":
		return true
	}
	return false
}

// socketOf returns the connection a stream read from one comes from.
func socketOf(s stream) (string, bool) {
	if s.kind != streamNetwork {
		return "", false
	}
	return strings.CutPrefix(s.what, socketWhat)
}
