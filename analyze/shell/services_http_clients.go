package shell

import (
	"strings"
)

// Parsing the HTTP clients' command lines into a request: curl (clustered
// short options, --data* and -F forms with @file, -T, -G, -I), wget
// (--method, --post-*, --body-*, -O, -P) and HTTPie/xh (an optional method
// word, then request items: Header:value, name=data, name:=json, field@file).

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
	av := c.Argv()
	for _, o := range av.Opts {
		name := strings.TrimLeft(o.Name, "-")
		switch {
		case o.Unknown:
			svcCurlFlag(q, name)
		case o.HasValue:
			svcCurlOption(q, name, o.Value)
		default:
			svcCurlFlag(q, name)
		}
	}
	q.urls = append(q.urls, av.Operands...)
	svcJudgeHTTP(c, r, q)
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

func svcWget(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-V") {
		return
	}
	q := &svcHTTPReq{scheme: "http"}
	spider := false
	av := c.Argv()
	for _, o := range av.Opts {
		name := strings.TrimLeft(o.Name, "-")
		switch {
		case o.HasValue && !o.Unknown:
			svcWgetOption(q, name, o.Value)
		case name == "no-check-certificate" && !o.Negated:
			q.insecure = true
		case name == "spider":
			spider = true
		}
	}
	q.urls = append(q.urls, av.Operands...)
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
	av := c.Argv()
	for _, o := range av.Opts {
		switch o.Name {
		case "--auth", "--bearer":
			q.creds = append(q.creds, "credentials ("+strings.TrimLeft(o.Name, "-")+")")
		case "--verify":
			if svcFold(o.Value, "no", "false") {
				q.insecure = true
			}
		case "--output":
			q.outputs = append(q.outputs, o.Value)
		case "--raw":
			q.body = true
			q.bodies = append(q.bodies, o.Value)
		case "--unix-socket":
			q.socket = true
		case "--default-scheme":
			q.scheme = o.Value
		case "--offline", "--curl", "--curl-long":
			q.offline = true
		case "--insecure":
			q.insecure = true
		}
	}
	pos := append([]string(nil), av.Operands...)
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
