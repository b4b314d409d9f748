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
		for _, a := range c.Positional("-p", "-s", "-w", "-i", "-e", "-c") {
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
		if p := c.Positional(sshValued...); len(p) > 0 {
			return remote(c.Name, []string{hostOr(p[0], p[0])})
		}
	case "scp", "rsync":
		p := c.Positional(copyValued...)
		if len(p) >= 2 && isRemote(p[len(p)-1]) {
			return remote(c.Name, []string{remoteHost(p[len(p)-1])})
		}
	case "sftp", "ftp", "lftp", "tftp":
		if p := c.Positional(sshValued...); len(p) > 0 {
			return remote(c.Name, []string{hostOr(p[0], p[0])})
		}
		return c.Name, true
	case "mail", "mailx", "sendmail", "mutt", "msmtp", "swaks":
		for _, a := range c.Args {
			if strings.Contains(a, "@") && !strings.HasPrefix(a, "-") {
				return a, true
			}
		}
		return c.Name, true
	case "git":
		if p := c.Positional("-C", "-c", "-o", "--push-option", "--repo"); len(p) >= 2 && p[0] == "push" && (strings.Contains(p[1], "://") || isRemote(p[1])) {
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
	p := c.Positional("--profile", "--region", "--endpoint-url", "--project", "--config", "--include", "--exclude")
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

var (
	// sshValued and copyValued are the options of ssh, scp and rsync that
	// take a value.
	sshValued  = []string{"-i", "-p", "-P", "-o", "-l", "-F", "-J", "-b", "-c", "-D", "-E", "-L", "-R", "-W", "-w", "-S", "-Q", "-m", "-O", "-e", "-I", "-B"}
	copyValued = []string{"-i", "-P", "-o", "-F", "-c", "-l", "-S", "-J", "-e", "--rsh", "-f", "--filter", "--exclude", "--include",
		"--exclude-from", "--include-from", "--files-from", "-B", "--port", "--password-file", "-T", "--temp-dir", "--chmod", "--chown", "--timeout", "--bwlimit"}
	// curlValued are the options of curl, wget and their kin that take a
	// value (none of them is where the request goes).
	curlValued = []string{"-o", "--output", "-d", "--data", "--data-raw", "--data-binary", "--data-urlencode", "--json", "-F", "--form",
		"--form-string", "-H", "--header", "-u", "--user", "-X", "--request", "-A", "--user-agent", "-e", "--referer", "-b", "--cookie",
		"-c", "--cookie-jar", "-T", "--upload-file", "-w", "--write-out", "-m", "--max-time", "--connect-timeout", "--retry", "-x",
		"--proxy", "-r", "--range", "-K", "--config", "--cacert", "--cert", "--key", "-E", "--resolve", "--output-dir", "-z",
		"--limit-rate", "-U", "--proxy-user", "-C", "--continue-at", "-O", "--output-document", "--output-file", "-P",
		"--directory-prefix", "--post-data", "--post-file", "--body-data", "--method", "-t", "--tries", "--timeout", "-i",
		"--input-file", "-a", "-Q", "-l", "--level", "-D", "--domains", "-R", "--reject", "--accept", "-d"}
)

// webHosts returns the hosts an HTTP client's command line names: its
// URLs, or words that look like a host (curl example.com/x).
func webHosts(c *shell.Cmd) []string {
	var hosts []string
	for _, a := range c.Args {
		if strings.Contains(a, "://") {
			hosts = append(hosts, hostOr(a, a))
		}
	}
	if len(hosts) > 0 {
		return hosts
	}
	for i, a := range c.Positional(curlValued...) {
		if c.Name == "http" || c.Name == "https" || c.Name == "xh" || c.Name == "httpie" {
			if i == 0 && isMethod(a) || strings.ContainsAny(a, "=") {
				continue // HTTPie: [METHOD] URL [items]
			}
		}
		if strings.Contains(a, ".") || strings.HasPrefix(a, "localhost") || strings.HasPrefix(a, ":") {
			hosts = append(hosts, hostOr("http://"+strings.TrimPrefix(a, ":"), a))
		}
	}
	return hosts
}

func isMethod(s string) bool {
	switch s {
	case "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS":
		return true
	}
	return false
}

// urlOf is the first URL of a command line, or its text.
func urlOf(c *shell.Cmd) string {
	for _, a := range c.Args {
		if strings.Contains(a, "://") {
			return a
		}
	}
	for _, a := range c.Args {
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
