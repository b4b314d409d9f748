package shell

import (
	"net/url"
	"slices"
	"strings"
)

// Transmission is what one command sends to another machine, read from the
// command's record: the outbound data guard judges it without reading argv
// itself.
type Transmission struct {
	// Dests are where it goes: URLs, hosts, e-mail recipients.
	Dests []string
	// Fields are the values sent: data, form fields, headers, query
	// strings, cookies, and credentials as "password=…".
	Fields []string
	// Files are local files whose content is sent.
	Files []string
}

// Transmission returns what c sends, and false when c sends nothing the
// guard reads (it is not a network client, or names no destination).
func (c *Cmd) Transmission() (Transmission, bool) {
	var t Transmission
	switch c.Name {
	case "curl", "wget":
		c.httpClient(&t)
	case "http", "https", "xh", "xhs", "httpie":
		c.httpie(&t)
	case "scp", "rsync", "sftp":
		c.copyRemote(&t)
	case "nc", "ncat", "netcat", "telnet", "socat":
		for _, a := range c.Argv().Operands {
			if strings.Trim(a, "0123456789") != "" {
				t.Dests = append(t.Dests, a)
				break
			}
		}
		c.stdinField(&t)
	case "mail", "mailx", "s-nail", "bsd-mailx", "sendmail", "mutt":
		c.mailer(&t)
	case "git":
		c.gitTransmission(&t)
	case "echo", "printf":
		return t, false // prints, sends nothing
	}
	c.credentialURLs(&t)
	return t, len(t.Dests) > 0
}

// credentialURLs adds, as destinations, the URLs that carry a password
// (https://user:pw@host, rsync://, ftp://, git+ssh://) in any word of the
// command, whatever the program: git clone, git push, pip --index-url,
// npm config set registry=… each send the password to the URL's host.
func (c *Cmd) credentialURLs(t *Transmission) {
	av := c.Argv()
	for _, o := range av.Opts {
		if o.HasValue {
			c.credentialURLsIn(o.Value, t)
		}
	}
	for _, a := range av.Operands {
		c.credentialURLsIn(a, t)
	}
}

// credentialURLsIn adds the URLs with a password in one word
// ("registry=https://u:p@host" as well as the bare URL).
func (c *Cmd) credentialURLsIn(w string, t *Transmission) {
	for n := 0; n < 4; n++ {
		i := strings.Index(w, "://")
		if i <= 0 || !strings.Contains(w[i:], "@") {
			return
		}
		start := i
		for start > 0 && isSchemeByte(w[start-1]) {
			start--
		}
		end := i + 3
		for end < len(w) && w[end] > ' ' && w[end] != '"' && w[end] != '\'' && w[end] != ',' {
			end++
		}
		if start < i {
			if u, err := url.Parse(w[start:end]); err == nil && u.Host != "" {
				if p, ok := u.User.Password(); ok && p != "" && !slices.Contains(t.Dests, w[start:end]) {
					// The URL alone: the guard checks where a URL's password
					// goes (a look-alike, plain http); to the URL's own host
					// it is the program signing in.
					t.Dests = append(t.Dests, w[start:end])
				}
			}
		}
		w = w[end:]
	}
}

func isSchemeByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '+' || b == '-' || b == '.'
}

func (c *Cmd) stdinField(t *Transmission) {
	if c.Stdin != "" {
		t.Fields = append(t.Fields, c.Stdin)
	}
}

// httpClient reads curl and wget: options tagged data carry the payload
// (an @file value sends the file), secret ones a credential, dest ones a
// destination; the operands are the URLs.
func (c *Cmd) httpClient(t *Transmission) {
	av := c.Argv()
	for _, o := range av.Opts {
		if o.Unknown || !o.HasValue {
			continue
		}
		switch {
		case o.Tags&TagSecret != 0:
			t.Fields = append(t.Fields, credentialField(o.Name, o.Value))
		case o.Tags&TagData != 0:
			addPayload(o.Value, t)
		case o.Tags&TagDest != 0 && o.Name == "--url":
			c.addURL(o.Value, t)
		}
	}
	for _, a := range av.Operands {
		c.addURL(a, t)
	}
	c.stdinField(t)
}

// credentialField is how a credential option's value is sent: the
// password of "user:password", or the whole value.
func credentialField(name, v string) string {
	switch name {
	case "--user", "--proxy-user":
		if _, pass, ok := strings.Cut(v, ":"); ok && pass != "" {
			return "password=" + pass
		}
		return "user=" + v
	case "--password", "--http-password", "--ftp-password", "--proxy-password", "--pass":
		return "password=" + v
	case "--oauth2-bearer":
		return "Authorization: Bearer " + v
	}
	return "password=" + v
}

// addPayload records a data value: "@file" and "name=@file" send a file.
func addPayload(v string, t *Transmission) {
	if strings.HasPrefix(v, "@") && len(v) > 1 && v != "@-" {
		t.Files = append(t.Files, v[1:])
		return
	}
	if name, file, ok := strings.Cut(v, "=@"); ok && name != "" {
		t.Files = append(t.Files, strings.SplitN(file, ";", 2)[0])
		return
	}
	t.Fields = append(t.Fields, v)
}

// addURL records a URL operand: the destination, its query string and the
// password of its user information.
func (c *Cmd) addURL(a string, t *Transmission) {
	switch {
	case strings.Contains(a, "://"):
	case looksLikeHost(a):
		a = "http://" + a
	default:
		return
	}
	t.Dests = append(t.Dests, a)
	if u, err := url.Parse(a); err == nil {
		if u.RawQuery != "" {
			t.Fields = append(t.Fields, u.RawQuery)
		}
		if p, ok := u.User.Password(); ok {
			t.Fields = append(t.Fields, "password="+p)
		}
	}
}

// looksLikeHost reports whether a bare operand names a host (with an
// optional port and path): example.com, api.example.com:8443/x, 10.0.0.5.
func looksLikeHost(a string) bool {
	host := a
	if i := strings.IndexAny(host, "/?#"); i >= 0 {
		host = host[:i]
	}
	if at := strings.LastIndexByte(host, '@'); at >= 0 {
		host = host[at+1:]
	}
	if h, _, ok := strings.Cut(host, ":"); ok {
		host = h
	}
	if host == "localhost" {
		return true
	}
	dot := strings.IndexByte(host, '.')
	if dot <= 0 || dot == len(host)-1 || strings.HasSuffix(host, ".") {
		return false
	}
	for i := 0; i < len(host); i++ {
		ch := host[i]
		if !(ch == '.' || ch == '-' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9') {
			return false
		}
	}
	// A file name (report.json, ./x.txt) is not a host: the last label of
	// a host is a letter-only TLD or a number.
	last := host[strings.LastIndexByte(host, '.')+1:]
	return len(last) >= 2 && !fileExtensions[strings.ToLower(last)]
}

// fileExtensions are endings that make a bare word a file, not a host.
var fileExtensions = map[string]bool{"json": true, "txt": true, "csv": true, "xml": true, "yml": true, "yaml": true, "html": true, "htm": true,
	"md": true, "log": true, "tar": true, "gz": true, "tgz": true, "zip": true, "sh": true, "py": true, "js": true, "ts": true, "go": true,
	"pdf": true, "png": true, "jpg": true, "jpeg": true, "gif": true, "bin": true, "iso": true, "pem": true, "key": true, "crt": true, "conf": true,
	"cfg": true, "ini": true, "env": true, "sql": true, "db": true, "bak": true, "out": true, "tmp": true, "lock": true, "toml": true}

// httpie reads HTTPie and xh: an optional method word, the URL, then
// request items (Header:value, name=value, name:=json, name@file).
func (c *Cmd) httpie(t *Transmission) {
	av := c.Argv()
	for _, o := range av.Opts {
		if o.Tags&TagSecret != 0 && o.HasValue {
			t.Fields = append(t.Fields, credentialField("--user", o.Value))
		}
		if o.Name == "--raw" && o.HasValue {
			t.Fields = append(t.Fields, o.Value)
		}
	}
	pos := av.Operands
	if len(pos) >= 2 && svcHTTPMethods[strings.ToUpper(pos[0])] {
		pos = pos[1:]
	}
	if len(pos) == 0 {
		return
	}
	u := pos[0]
	if strings.HasPrefix(u, ":") || strings.HasPrefix(u, "/") {
		u = "localhost" + u // :3000/x and /x are localhost in HTTPie
	}
	c.addURL(u, t)
	for _, item := range pos[1:] {
		if name, file, ok := strings.Cut(item, "@"); ok && name != "" && !strings.ContainsAny(name, "=:") {
			t.Files = append(t.Files, file)
			continue
		}
		if strings.ContainsAny(item, "=:") {
			t.Fields = append(t.Fields, item)
		}
	}
	c.stdinField(t)
}

// copyRemote reads scp, rsync and sftp: an operand host:path names the
// destination, the other operands are the local files sent.
func (c *Cmd) copyRemote(t *Transmission) {
	for _, a := range c.Argv().Operands {
		if strings.HasPrefix(a, "scp://") || strings.HasPrefix(a, "sftp://") || strings.HasPrefix(a, "rsync://") {
			if u, err := url.Parse(a); err == nil {
				t.Dests = append(t.Dests, u.Hostname())
				continue
			}
		}
		if host, _, ok := strings.Cut(a, ":"); ok && host != "" && !strings.Contains(host, "/") {
			t.Dests = append(t.Dests, strings.TrimPrefix(host[strings.LastIndexByte(host, '@')+1:], "["))
			continue
		}
		t.Files = append(t.Files, a)
	}
}

// mailer reads mail, mailx, sendmail and mutt: recipients from the
// operands and the dest options, the subject and the body as fields,
// attachments as files.
func (c *Cmd) mailer(t *Transmission) {
	av := c.Argv()
	for _, o := range av.Opts {
		if o.Unknown || !o.HasValue {
			continue
		}
		switch {
		case o.Tags&TagDest != 0:
			t.Dests = append(t.Dests, splitList(o.Value)...)
		case o.Tags&TagData != 0:
			t.Fields = append(t.Fields, o.Value)
		case o.Tags&TagFile != 0 && (o.Name == "-a" || o.Name == "-A"):
			for _, f := range strings.Fields(o.Value) {
				t.Files = append(t.Files, f)
			}
		}
	}
	for _, a := range av.Operands {
		if strings.Contains(a, "@") {
			t.Dests = append(t.Dests, splitList(a)...)
		}
	}
	c.stdinField(t)
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == ';' }) {
		out = append(out, p)
	}
	return out
}
