package chain

import (
	"slices"
	"strings"

	"github.com/actionguard/actionguard/analyze/shell"
)

// sendOf returns where a command sends data over the network ("" when it
// reaches only this machine): HTTP clients, raw sockets, remote shells and
// copies, mail, pushes to a URL, uploads to cloud storage, gists.
func sendOf(c *shell.Cmd) (string, bool) {
	switch c.Name {
	case "curl", "wget", "http", "https", "xh", "httpie", "aria2c", "fetch", "lwp-request":
		return remote(c.Name, webHosts(c))
	case "nc", "ncat", "netcat", "telnet", "socat":
		for _, a := range c.Positional() {
			if strings.Trim(a, "0123456789") == "" || a == "-" {
				continue
			}
			if c.Name == "socat" {
				// socat ADDRESS ADDRESS: TCP:host:port, OPENSSL:host:port…
				parts := strings.Split(a, ":")
				if len(parts) < 3 || !strings.Contains(strings.ToUpper(parts[0]), "TCP") && !strings.Contains(strings.ToUpper(parts[0]), "SSL") && !strings.Contains(strings.ToUpper(parts[0]), "UDP") {
					continue
				}
				a = parts[1]
			}
			return remote(c.Name, []string{a})
		}
		return c.Name, true
	case "ssh", "mosh":
		if p := c.Positional(); len(p) > 0 {
			return remote(c.Name, []string{hostOr(p[0], p[0])})
		}
	case "scp", "rsync":
		p := c.Positional()
		if len(p) >= 2 && isRemote(p[len(p)-1]) {
			return remote(c.Name, []string{remoteHost(p[len(p)-1])})
		}
	case "sftp", "ftp", "lftp", "tftp":
		if p := c.Positional(); len(p) > 0 {
			return remote(c.Name, []string{hostOr(p[0], p[0])})
		}
		return c.Name, true
	case "mail", "mailx", "sendmail", "mutt", "msmtp", "swaks":
		if sent, ok := c.Transmission(); ok {
			return sent.Dests[0], true
		}
		for _, a := range c.Positional() {
			if strings.Contains(a, "@") {
				return a, true
			}
		}
		return c.Name, true
	case "git":
		if p := c.Positional(); len(p) >= 2 && p[0] == "push" && (strings.Contains(p[1], "://") || isRemote(p[1])) {
			return remote("git", []string{hostOr(p[1], p[1])})
		}
	case "aws", "gsutil", "gcloud", "rclone":
		return storageUpload(c)
	case "gh":
		if c.ArgIs("gist", "create") {
			return "gist.github.com", true
		}
	case "pastebinit":
		return c.Name, true
	}
	return "", false
}

// remote returns the first host that is not this machine; a command with
// no host at all still sends (where is not known).
func remote(name string, hosts []string) (string, bool) {
	if len(hosts) == 0 {
		return name, true
	}
	for _, h := range hosts {
		if !loopback(h) {
			return h, true
		}
	}
	return "", false
}

// storageUpload reads an upload to cloud storage: aws s3 cp/mv/sync,
// gsutil cp/mv/rsync, gcloud storage cp, rclone copy/sync/move, with the
// bucket or the remote last.
func storageUpload(c *shell.Cmd) (string, bool) {
	p := c.Positional()
	var verbs []string
	scheme := ""
	switch c.Name {
	case "aws":
		if len(p) < 2 || p[0] != "s3" {
			return "", false
		}
		p, verbs, scheme = p[1:], []string{"cp", "mv", "sync"}, "s3://"
	case "gsutil":
		verbs, scheme = []string{"cp", "mv", "rsync"}, "gs://"
	case "gcloud":
		if len(p) < 2 || p[0] != "storage" {
			return "", false
		}
		p, verbs, scheme = p[1:], []string{"cp", "mv", "rsync"}, "gs://"
	case "rclone":
		verbs = []string{"copy", "copyto", "sync", "move", "moveto"}
	}
	if len(p) < 3 || !slices.Contains(verbs, p[0]) {
		return "", false
	}
	src, dst := p[1], p[len(p)-1]
	if scheme != "" && strings.HasPrefix(dst, scheme) && !strings.HasPrefix(src, scheme) {
		return short(dst, 80), true
	}
	if scheme == "" && isRemote(dst) && !isRemote(src) {
		return strings.SplitN(dst, ":", 2)[0], true
	}
	return "", false
}

// webHosts returns the hosts an HTTP client's command line names: its
// URLs, or words that look like a host (curl example.com/x).
func webHosts(c *shell.Cmd) []string {
	var hosts []string
	if sent, ok := c.Transmission(); ok {
		for _, d := range sent.Dests {
			hosts = append(hosts, hostOr(d, d))
		}
		return hosts
	}
	for _, a := range c.Positional() {
		if strings.Contains(a, "://") {
			hosts = append(hosts, hostOr(a, a))
		}
	}
	return hosts
}

// urlOf is the first URL of a command line, or its text.
func urlOf(c *shell.Cmd) string {
	p := c.Positional()
	for _, a := range p {
		if strings.Contains(a, "://") {
			return a
		}
	}
	for _, a := range p {
		if isRemote(a) {
			return a
		}
	}
	return c.Text
}

// isRemote reports whether a copy argument names another machine:
// host:path, user@host:path, rsync://host/path (not C:\ nor ./a:b).
func isRemote(a string) bool {
	if strings.HasPrefix(a, "rsync://") || strings.HasPrefix(a, "sftp://") || strings.HasPrefix(a, "scp://") {
		return true
	}
	host, _, ok := strings.Cut(a, ":")
	return ok && len(host) > 1 && !strings.ContainsAny(host, "/\\") && !strings.HasPrefix(a, "-")
}

// remoteHost is the host of a remote copy argument.
func remoteHost(a string) string {
	if strings.Contains(a, "://") {
		return hostOr(a, a)
	}
	host, _, _ := strings.Cut(a, ":")
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		host = host[i+1:]
	}
	return strings.ToLower(host)
}
