package server

import (
	"fmt"
	"net"
	"strings"
)

// CheckListen refuses an address other machines can reach (an empty host,
// 0.0.0.0, a LAN address) unless allowRemote says so: by default the
// server answers this machine only.
func CheckListen(addr string, allowRemote bool) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--listen %q: %v (want host:port, e.g. 127.0.0.1:8750)", addr, err)
	}
	if port == "" {
		return fmt.Errorf("--listen %q: no port (want host:port, e.g. 127.0.0.1:8750)", addr)
	}
	if loopbackHost(host) {
		return nil
	}
	if allowRemote {
		return nil
	}
	what := host
	if strings.Trim(host, "[]") == "" || host == "0.0.0.0" || host == "::" {
		what = "every interface"
	}
	return fmt.Errorf("--listen %s would accept connections from other machines (%s); the server listens on loopback only unless --allow-remote is given too", addr, what)
}
