package shell

import (
	"strings"
)

// Parsing the HTTP clients' command lines into a request: curl (clustered
// short options, --data* and -F forms with @file, -T, -G, -I), wget
// (--method, --post-*, --body-*, -O, -P) and HTTPie/xh (an optional method
// word, then request items: Header:value, name=data, name:=json, field@file).

// svcCurlShort are curl's single-letter options that take a value.
const svcCurlShort = "AbcCdDeEFHKmoPQrtTuUwxXyYz"

// svcCurlLongList are curl's long options that take a value.
var svcCurlLongList = []string{"abstract-unix-socket", "alt-svc", "aws-sigv4", "cacert", "capath", "cert", "cert-type", "ciphers", "config", "connect-timeout",
	"connect-to", "continue-at", "cookie", "cookie-jar", "create-file-mode", "crlfile", "curves", "data", "data-ascii", "data-binary", "data-raw", "data-urlencode",
	"delegation", "dns-interface", "dns-ipv4-addr", "dns-ipv6-addr", "dns-servers", "doh-url", "dump-header", "ech", "egd-file", "engine", "etag-compare", "etag-save",
	"expect100-timeout", "form", "form-string", "ftp-account", "ftp-alternative-to-user", "ftp-method", "ftp-port", "ftp-ssl-ccc-mode", "happy-eyeballs-timeout-ms",
	"haproxy-clientip", "header", "hostpubmd5", "hostpubsha256", "hsts", "interface", "ip-tos", "ipfs-gateway", "json", "keepalive-cnt", "keepalive-time", "key", "key-type", "krb",
	"libcurl", "limit-rate", "local-port", "login-options", "mail-auth", "mail-from", "mail-rcpt", "max-filesize", "max-redirs", "max-time", "netrc-file", "noproxy",
	"oauth2-bearer", "output", "output-dir", "parallel-max", "pass", "pinnedpubkey", "preproxy", "proto", "proto-default", "proto-redir", "proxy", "proxy-cacert",
	"proxy-capath", "proxy-cert", "proxy-cert-type", "proxy-ciphers", "proxy-crlfile", "proxy-header", "proxy-key", "proxy-key-type", "proxy-pass", "proxy-pinnedpubkey",
	"proxy-service-name", "proxy-tls13-ciphers", "proxy-tlsauthtype", "proxy-tlspassword", "proxy-tlsuser", "proxy-user", "proxy1.0", "pubkey", "quote", "random-file",
	"range", "rate", "referer", "request", "request-target", "resolve", "retry", "retry-delay", "retry-max-time", "sasl-authzid", "service-name", "socks4", "socks4a",
	"socks5", "socks5-gssapi-service", "socks5-hostname", "speed-limit", "speed-time", "stderr", "telnet-option", "tftp-blksize", "time-cond", "tls-max", "tls13-ciphers",
	"tlsauthtype", "tlspassword", "tlsuser", "trace", "trace-ascii", "trace-config", "unix-socket", "upload-file", "url", "url-query", "user", "user-agent", "variable",
	"write-out", "vlan-priority", "ssl-sessions", "expand-url", "expand-data", "expand-header", "expand-output"}

// svcCurlLong is svcCurlLongList as a set.
var svcCurlLong = svcSet(svcCurlLongList...)

// svcCurlLongValued reports whether curl's --name takes a value.
func svcCurlLongValued(name string) bool { return svcCurlLong[name] }

// svcCredHeader names the credential an HTTP header carries, or "".
func svcCredHeader(h string) string {
	name, _, ok := strings.Cut(h, ":")
	if !ok {
		return ""
	}
	switch n := svcLower(strings.TrimSpace(name)); {
	case n == "authorization" || n == "proxy-authorization":
		return "an Authorization header"
	case n == "cookie":
		return "cookies"
	case strings.Contains(n, "token") || strings.Contains(n, "api-key") || strings.Contains(n, "apikey") || strings.Contains(n, "api_key") ||
		strings.Contains(n, "secret") || strings.Contains(n, "password") || n == "x-auth" || strings.HasSuffix(n, "-auth") || n == "x-algolia-api-key":
		return "a " + strings.TrimSpace(name) + " header"
	}
	return ""
}

// svcMethodOverride returns the method an X-HTTP-Method-Override header asks for.
func svcMethodOverride(h string) string {
	name, val, ok := strings.Cut(h, ":")
	if !ok {
		return ""
	}
	switch svcLower(strings.TrimSpace(name)) {
	case "x-http-method-override", "x-http-method", "x-method-override":
		return strings.ToUpper(strings.TrimSpace(val))
	}
	return ""
}

// svcDataFile returns the file a curl data argument reads, or "".
func svcDataFile(flag, v string) string {
	switch flag {
	case "data-raw", "form-string", "json-raw":
		return ""
	case "data-urlencode":
		// [name]@file: the content of file, URL-encoded.
		at := strings.IndexByte(v, '@')
		eq := strings.IndexByte(v, '=')
		if at >= 0 && (eq < 0 || at < eq) {
			return v[at+1:]
		}
		return ""
	case "form":
		// name=@file (uploaded) or name=<file (content as the value); ;type=… follows.
		_, val, ok := strings.Cut(v, "=")
		if !ok {
			return ""
		}
		if strings.HasPrefix(val, "@") || strings.HasPrefix(val, "<") {
			f := val[1:]
			if i := strings.IndexByte(f, ';'); i >= 0 {
				f = f[:i]
			}
			return strings.Trim(f, `"`)
		}
		return ""
	}
	if strings.HasPrefix(v, "@") {
		return v[1:]
	}
	return ""
}

func svcCurl(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-V", "-M", "--manual") {
		return
	}
	q := &svcHTTPReq{scheme: "http"}
	args := c.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			q.urls = append(q.urls, args[i+1:]...)
			break
		}
		if strings.HasPrefix(a, "--") {
			name, val, hasVal := strings.Cut(a[2:], "=")
			if svcCurlLongValued(name) {
				if !hasVal {
					if i+1 >= len(args) {
						break
					}
					i++
					val = args[i]
				}
				svcCurlOption(q, name, val)
				continue
			}
			svcCurlFlag(q, name)
			continue
		}
		if len(a) > 1 && a[0] == '-' {
			for j := 1; j < len(a); j++ {
				ch := a[j]
				if strings.IndexByte(svcCurlShort, ch) >= 0 {
					val := a[j+1:]
					if val == "" && i+1 < len(args) {
						i++
						val = args[i]
					}
					svcCurlOption(q, svcCurlShortName(ch), val)
					break
				}
				svcCurlFlag(q, svcCurlShortName(ch))
			}
			continue
		}
		q.urls = append(q.urls, a)
	}
	svcJudgeHTTP(c, r, q)
}

// svcCurlShortName maps a single-letter curl option to its long name.
func svcCurlShortName(ch byte) string {
	switch ch {
	case 'A':
		return "user-agent"
	case 'b':
		return "cookie"
	case 'c':
		return "cookie-jar"
	case 'C':
		return "continue-at"
	case 'd':
		return "data"
	case 'D':
		return "dump-header"
	case 'e':
		return "referer"
	case 'E':
		return "cert"
	case 'F':
		return "form"
	case 'G':
		return "get"
	case 'H':
		return "header"
	case 'I':
		return "head"
	case 'k':
		return "insecure"
	case 'K':
		return "config"
	case 'n':
		return "netrc"
	case 'o':
		return "output"
	case 'O':
		return "remote-name"
	case 'T':
		return "upload-file"
	case 'u':
		return "user"
	case 'x':
		return "proxy"
	case 'X':
		return "request"
	}
	return string(ch)
}

// svcCurlFlag records a curl option without a value.
func svcCurlFlag(q *svcHTTPReq, name string) {
	switch name {
	case "insecure":
		q.insecure = true
	case "get":
		q.get = true
	case "head":
		q.head = true
	case "netrc", "netrc-optional":
		q.creds = append(q.creds, "netrc credentials")
	case "negotiate", "ntlm", "digest", "basic", "anyauth":
	}
}

// svcCurlOption records a curl option and its value.
func svcCurlOption(q *svcHTTPReq, name, v string) {
	switch name {
	case "request":
		q.method = strings.ToUpper(v)
	case "data", "data-ascii", "data-binary", "data-raw", "data-urlencode", "json", "form", "form-string":
		q.body = true
		if f := svcDataFile(name, v); f != "" {
			if f != "-" && f != "/dev/stdin" {
				q.uploads = append(q.uploads, f)
			}
		} else {
			q.bodies = append(q.bodies, v)
		}
	case "upload-file":
		q.put = true
		if v != "-" && v != "." {
			q.uploads = append(q.uploads, v)
		}
	case "header", "proxy-header":
		if strings.HasPrefix(v, "@") {
			if f := v[1:]; f != "-" {
				q.uploads = append(q.uploads, f)
			}
			return
		}
		if cr := svcCredHeader(v); cr != "" {
			q.creds = append(q.creds, cr)
		}
		if m := svcMethodOverride(v); m != "" {
			q.method = m
		}
	case "user":
		q.creds = append(q.creds, "a user name and password")
	case "oauth2-bearer", "aws-sigv4", "proxy-user", "tlspassword", "pass", "login-options":
		q.creds = append(q.creds, "credentials ("+name+")")
	case "cookie":
		if strings.Contains(v, "=") {
			q.creds = append(q.creds, "cookies")
		} else if v != "" && v != "-" {
			q.creds = append(q.creds, "cookies from "+v)
		}
	case "netrc-file":
		q.creds = append(q.creds, "netrc credentials")
	case "url":
		q.urls = append(q.urls, v)
	case "output", "dump-header", "cookie-jar", "trace", "trace-ascii", "stderr", "etag-save", "libcurl":
		q.outputs = append(q.outputs, v)
	case "output-dir":
		q.outDirs = append(q.outDirs, v)
	case "unix-socket", "abstract-unix-socket":
		q.socket = true
	}
}

// svcWgetLong are wget's long options that take a value.
var svcWgetLong = map[string]bool{"output-document": true, "output-file": true, "append-output": true, "directory-prefix": true, "user-agent": true, "execute": true,
	"input-file": true, "tries": true, "timeout": true, "wait": true, "quota": true, "level": true, "domains": true, "accept": true, "reject": true,
	"include-directories": true, "exclude-directories": true, "base": true, "header": true, "user": true, "password": true, "http-user": true, "http-password": true,
	"ftp-user": true, "ftp-password": true, "post-data": true, "post-file": true, "body-data": true, "body-file": true, "method": true, "load-cookies": true,
	"save-cookies": true, "referer": true, "ca-certificate": true, "certificate": true, "private-key": true, "bind-address": true, "limit-rate": true,
	"read-timeout": true, "connect-timeout": true, "dns-timeout": true, "waitretry": true, "proxy-user": true, "proxy-password": true, "restrict-file-names": true,
	"local-encoding": true, "remote-encoding": true, "default-page": true, "cut-dirs": true, "exclude-domains": true, "follow-tags": true, "ignore-tags": true,
	"secure-protocol": true, "ca-directory": true, "certificate-type": true, "private-key-type": true, "crl-file": true, "pinnedpubkey": true, "warc-file": true,
	"warc-header": true, "warc-max-size": true, "warc-tempdir": true, "config": true, "rejected-log": true, "accept-regex": true, "reject-regex": true, "regex-type": true,
	"progress": true, "backups": true, "max-redirect": true, "prefer-family": true, "retry-on-http-error": true, "ciphers": true, "hsts-file": true,
	"compression": true, "dns-servers": true, "bind-dns-address": true, "output-directory": true, "report-speed": true, "use-askpass": true}

// svcWgetShort names wget's single-letter options that matter here.
var svcWgetShort = map[byte]string{'O': "output-document", 'o': "output-file", 'a': "append-output", 'P': "directory-prefix",
	'U': "user-agent", 'e': "execute", 'i': "input-file", 'B': "base"}

func svcWget(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-V") {
		return
	}
	q := &svcHTTPReq{scheme: "http"}
	const short = "OoaPUeitTwQlDARIXB"
	args := c.Args
	spider := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			q.urls = append(q.urls, args[i+1:]...)
			break
		}
		if strings.HasPrefix(a, "--") {
			name, val, hasVal := strings.Cut(a[2:], "=")
			if svcWgetLong[name] {
				if !hasVal {
					if i+1 >= len(args) {
						break
					}
					i++
					val = args[i]
				}
				svcWgetOption(q, name, val)
				continue
			}
			switch name {
			case "no-check-certificate":
				q.insecure = true
			case "spider":
				spider = true
			}
			continue
		}
		if len(a) > 1 && a[0] == '-' {
			if len(a) == 3 && a[1] == 'n' {
				continue // -nv, -nc, -nd, -nH, -np
			}
			for j := 1; j < len(a); j++ {
				ch := a[j]
				if strings.IndexByte(short, ch) >= 0 {
					val := a[j+1:]
					if val == "" && i+1 < len(args) {
						i++
						val = args[i]
					}
					svcWgetOption(q, svcWgetShort[ch], val)
					break
				}
			}
			continue
		}
		q.urls = append(q.urls, a)
	}
	if spider {
		q.outputs = nil
	}
	svcJudgeHTTP(c, r, q)
	if !spider {
		r.mutates() // wget saves what it downloads
	}
}

// svcWgetOption records a wget option and its value.
func svcWgetOption(q *svcHTTPReq, name, v string) {
	switch name {
	case "method":
		q.method = strings.ToUpper(v)
	case "post-data", "body-data":
		q.body = true
		q.bodies = append(q.bodies, v)
		if name == "post-data" && q.method == "" {
			q.method = "POST"
		}
	case "post-file", "body-file":
		q.body = true
		q.uploads = append(q.uploads, v)
		if name == "post-file" && q.method == "" {
			q.method = "POST"
		}
	case "header":
		if cr := svcCredHeader(v); cr != "" {
			q.creds = append(q.creds, cr)
		}
		if m := svcMethodOverride(v); m != "" {
			q.method = m
		}
	case "user", "password", "http-user", "http-password", "ftp-password", "proxy-password":
		if !svcIn("a user name and password", q.creds...) {
			q.creds = append(q.creds, "a user name and password")
		}
	case "load-cookies":
		q.creds = append(q.creds, "cookies from "+v)
	case "output-document", "output-file", "append-output", "save-cookies":
		if v != "-" {
			q.outputs = append(q.outputs, v)
		}
	case "directory-prefix":
		q.outDirs = append(q.outDirs, v)
	}
}

// svcHTTPieValued are the options of HTTPie and xh that take a value.
var svcHTTPieValued = map[string]bool{"-a": true, "--auth": true, "-A": true, "--auth-type": true, "--session": true, "--session-read-only": true,
	"-o": true, "--output": true, "--verify": true, "--cert": true, "--cert-key": true, "--cert-key-pass": true, "--proxy": true, "--timeout": true,
	"--pretty": true, "-s": true, "--style": true, "-p": true, "--print": true, "-P": true, "--history-print": true, "--format-options": true,
	"--max-redirects": true, "--boundary": true, "--ssl": true, "--ciphers": true, "--default-scheme": true, "--response-charset": true,
	"--response-mime": true, "--raw": true, "--bearer": true, "--resolve": true, "--interface": true, "--http-version": true, "--unix-socket": true}

// svcHTTPMethods are the methods HTTPie and xh accept as a first word.
var svcHTTPMethods = map[string]bool{"GET": true, "POST": true, "PUT": true, "PATCH": true, "DELETE": true, "HEAD": true, "OPTIONS": true}

func svcHTTPie(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	q := &svcHTTPReq{scheme: "http"}
	if c.Name == "https" || c.Name == "xhs" || c.Has("--https") {
		q.scheme = "https"
	}
	var pos []string
	args := c.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if len(a) > 1 && a[0] == '-' {
			name, val, hasVal := strings.Cut(a, "=")
			if svcHTTPieValued[name] {
				if !hasVal && i+1 < len(args) {
					i++
					val = args[i]
				}
				switch name {
				case "-a", "--auth", "--bearer":
					q.creds = append(q.creds, "credentials ("+strings.TrimLeft(name, "-")+")")
				case "--verify":
					if svcFold(val, "no", "false") {
						q.insecure = true
					}
				case "-o", "--output":
					q.outputs = append(q.outputs, val)
				case "--raw":
					q.body = true
					q.bodies = append(q.bodies, val)
				case "--unix-socket":
					q.socket = true
				case "--default-scheme":
					q.scheme = val
				}
				continue
			}
			switch a {
			case "--offline", "--curl", "--curl-long":
				q.offline = true
			case "-k", "--insecure":
				q.insecure = true
			}
			continue
		}
		pos = append(pos, a)
	}
	if len(pos) >= 2 && svcHTTPMethods[strings.ToUpper(pos[0])] {
		q.method = strings.ToUpper(pos[0])
		pos = pos[1:]
	}
	if len(pos) == 0 {
		return
	}
	q.urls = append(q.urls, pos[0])
	for _, item := range pos[1:] {
		svcHTTPieItem(q, item)
	}
	svcJudgeHTTP(c, r, q)
}

// svcHTTPieItem records one request item of HTTPie or xh: Header:value,
// name==query, name=data, name:=json, field@file, name=@file, name:=@file.
func svcHTTPieItem(q *svcHTTPReq, item string) {
	for i := 0; i < len(item); i++ {
		if item[i] == '\\' {
			i++
			continue
		}
		rest := item[i:]
		switch {
		case strings.HasPrefix(rest, ":=@"):
			q.body = true
			q.uploads = append(q.uploads, rest[3:])
			return
		case strings.HasPrefix(rest, "=="):
			return // a query parameter
		case strings.HasPrefix(rest, "=@"):
			q.body = true
			q.uploads = append(q.uploads, rest[2:])
			return
		case strings.HasPrefix(rest, ":="):
			q.body = true
			q.bodies = append(q.bodies, item)
			return
		case strings.HasPrefix(rest, "@"):
			q.body = true
			q.uploads = append(q.uploads, rest[1:])
			return
		case strings.HasPrefix(rest, "="):
			q.body = true
			q.bodies = append(q.bodies, item)
			return
		case strings.HasPrefix(rest, ":"):
			h := item
			if cr := svcCredHeader(h); cr != "" {
				q.creds = append(q.creds, cr)
			}
			if m := svcMethodOverride(h); m != "" {
				q.method = m
			}
			return
		}
	}
}
