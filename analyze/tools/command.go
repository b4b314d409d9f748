package tools

import (
	"net/url"
	"strings"
)

// Shell commands that pay, send or publish: payment CLIs (stripe), mail
// programs (mail, mailx, mutt, sendmail, msmtp, swaks), HTTP clients (curl,
// wget, HTTPie, xh) calling a payment, messaging or social API, and a few
// publishing CLIs (twurl, toot, gh gist create --public). The shell
// analyzer has parsed the command line; here its words are read as the
// call they make.

// PrepareCommand reads one simple command (its program's base name, its
// literal arguments and, when known, what is fed to its standard input)
// as a payment, a message or a post. ok is false for any other command.
func PrepareCommand(name string, args []string, stdin string) (*Prepared, bool) {
	tables()
	if len(args) > 256 {
		args = args[:256]
	}
	switch name {
	case "curl", "wget", "wget2", "http", "https", "xh", "xhs":
		method, u, body := httpCommand(name, args, stdin)
		if u == "" {
			return nil, false
		}
		return PrepareRequest(method, u, body)
	case "stripe":
		return stripeCommand(args)
	case "mail", "mailx", "Mail", "bsd-mailx", "s-nail", "mutt", "neomutt", "sendmail", "msmtp", "ssmtp", "swaks":
		return mailCommand(name, args, stdin)
	case "twurl":
		method, path, body := "GET", "", ""
		for i := 0; i < len(args); i++ {
			switch a := args[i]; {
			case (a == "-d" || a == "--data") && i+1 < len(args):
				i++
				body, method = joinForm(body, args[i]), "POST"
			case (a == "-X" || a == "--request-method") && i+1 < len(args):
				i++
				method = args[i]
			case (a == "-A" || a == "--header" || a == "-H" || a == "--host" || a == "-u" || a == "--username" || a == "-c" || a == "--consumer-key") && i+1 < len(args):
				i++
			case strings.HasPrefix(a, "/"):
				path = a
			}
		}
		if path == "" {
			return nil, false
		}
		return PrepareRequest(method, "https://api.twitter.com"+path, body)
	case "toot":
		return tootCommand(args)
	case "gh":
		return gistCommand(args)
	}
	return nil, false
}

// commandPrepared builds the call a command makes from its arguments.
func commandPrepared(tool, effect, verb, noun string, in map[string]any, minor bool) *Prepared {
	a := readArgs(in, minor)
	res := &Result{Verbs: []string{verb}, Effect: effect, Recipients: a.recipients}
	p := &Prepared{res: res, a: a, tool: tool, words: splitName(tool)}
	p.over = override{noun: noun, message: effect == EffectSend}
	return p
}

// httpCommand reads an HTTP client's method, URL and body. The method is
// POST when data is sent without one.
func httpCommand(name string, args []string, stdin string) (method, u, body string) {
	httpie := name == "http" || name == "https" || name == "xh" || name == "xhs"
	jsonItems := map[string]string{}
	get := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		flag, val, hasVal := strings.Cut(a, "=")
		next := func() string {
			if hasVal {
				return val
			}
			if i+1 < len(args) {
				i++
				return args[i]
			}
			return ""
		}
		switch {
		case a == "-X" || a == "--request" || strings.HasPrefix(a, "--request=") || a == "--method" || strings.HasPrefix(a, "--method="):
			method = next()
		case strings.HasPrefix(a, "-X") && len(a) > 2:
			method = a[2:]
		case flag == "-d" || flag == "--data" || flag == "--data-raw" || flag == "--data-binary" || flag == "--data-ascii" ||
			flag == "--data-urlencode" || flag == "--json" || flag == "--post-data" || flag == "--body-data" ||
			flag == "-F" || flag == "--form" || flag == "--form-string":
			v := next()
			if v == "@-" || v == "-" {
				v = stdin
			}
			if flag == "--data-urlencode" {
				// curl encodes the value itself: a "+" stays a plus.
				if k, val, ok := strings.Cut(v, "="); ok {
					v = k + "=" + url.QueryEscape(val)
				}
			}
			if flag == "--json" || strings.HasPrefix(strings.TrimSpace(v), "{") {
				body = v
			} else {
				body = joinForm(body, v)
			}
		case strings.HasPrefix(a, "-d") && len(a) > 2 && !strings.HasPrefix(a, "--"):
			body = joinForm(body, a[2:])
		case a == "-G" || a == "--get":
			get = true
		case flag == "--url":
			u = next()
		case curlValueFlags[flag] && !hasVal:
			i++
		case strings.HasPrefix(a, "-"):
		case u == "" && (strings.Contains(a, "://") || httpie && (strings.Contains(a, ".") || strings.HasPrefix(a, ":")) && !strings.ContainsAny(a, "=@")):
			u = a
		case httpie && u == "" && isHTTPMethod(a):
			method = a
		case httpie && u != "":
			// HTTPie request items: field=value, field:=json; Header:value
			// and param==value are not the body.
			if k, v, ok := strings.Cut(a, ":="); ok && !strings.Contains(k, "=") {
				jsonItems[k] = v
			} else if k, v, ok := strings.Cut(a, "="); ok && !strings.HasSuffix(k, "=") && !strings.Contains(k, ":") && !strings.HasPrefix(v, "=") {
				body = joinForm(body, k+"="+url.QueryEscape(v))
			}
		}
	}
	if len(jsonItems) > 0 {
		var b strings.Builder
		b.WriteByte('{')
		n := 0
		for k, v := range jsonItems {
			if n > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`"` + strings.ReplaceAll(k, `"`, ``) + `":` + v)
			n++
		}
		for _, kv := range strings.Split(body, "&") {
			if k, v, ok := strings.Cut(kv, "="); ok {
				if u, err := url.QueryUnescape(v); err == nil {
					v = u
				}
				b.WriteString(`,"` + strings.ReplaceAll(k, `"`, ``) + `":"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`)
			}
		}
		b.WriteByte('}')
		body = b.String()
	}
	if method == "" {
		method = "GET"
		if body != "" && !get {
			method = "POST"
		}
	}
	if u != "" && !strings.Contains(u, "://") && strings.HasPrefix(u, ":") {
		u = "localhost" + u
	}
	return strings.ToUpper(method), u, body
}

// curlValueFlags take a value that is neither the URL nor the body.
var curlValueFlags = map[string]bool{"-H": true, "--header": true, "-u": true, "--user": true, "-o": true, "--output": true,
	"-A": true, "--user-agent": true, "-e": true, "--referer": true, "-b": true, "--cookie": true, "-c": true,
	"--cookie-jar": true, "-m": true, "--max-time": true, "--connect-timeout": true, "-w": true, "--write-out": true,
	"-x": true, "--proxy": true, "--cacert": true, "--cert": true, "--key": true, "-K": true, "--config": true,
	"-T": true, "--upload-file": true, "-r": true, "--range": true, "--retry": true, "--resolve": true,
	"--interface": true, "--oauth2-bearer": true, "--header-file": true, "-a": true, "--auth": true,
	"--auth-type": true, "--output-document": true, "-P": true, "--directory-prefix": true}

func isHTTPMethod(s string) bool {
	switch strings.ToUpper(s) {
	case "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS":
		return true
	}
	return false
}

func joinForm(body, v string) string {
	if body == "" {
		return v
	}
	return body + "&" + v
}

// stripeCommand reads the Stripe CLI: `stripe payouts create --amount 50000
// --currency usd`, `stripe post /v1/charges -d amount=2000`, `stripe
// invoices pay in_1`. Stripe counts amounts in minor units (cents).
func stripeCommand(args []string) (*Prepared, bool) {
	var words []string
	in := map[string]any{}
	var form string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case (a == "-d" || a == "--data") && i+1 < len(args):
			i++
			form = joinForm(form, args[i])
		case strings.HasPrefix(a, "--"):
			k, v, ok := strings.Cut(a[2:], "=")
			if !ok {
				if i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
					i++
					v = args[i]
				} else {
					v = "true"
				}
			}
			in[strings.ReplaceAll(k, "-", "_")] = v
		case strings.HasPrefix(a, "-"):
		default:
			words = append(words, a)
		}
	}
	if m, _ := bodyMap(form); m != nil {
		for k, v := range m {
			in[k] = v
		}
	}
	if len(words) < 2 {
		return nil, false
	}
	path := ""
	switch res, op := strings.ToLower(words[0]), strings.ToLower(words[1]); {
	case res == "post":
		path = op
	case res == "invoices" && op == "pay":
		path = "/v1/invoices/x/pay"
	case op == "create" || op == "confirm" || op == "capture":
		path = "/v1/" + res
	default:
		return nil, false
	}
	r := routeOf("https://api.stripe.com" + path)
	if r == nil {
		return nil, false
	}
	p := prepareRoute(r, "https://api.stripe.com"+path, in)
	if p == nil {
		return nil, false
	}
	p.tool = truncate("stripe "+strings.Join(words[:2], " "), 80)
	return p, true
}

// mailCommand reads a mail program's recipients, subject, attachments and
// the message it is fed.
func mailCommand(name string, args []string, stdin string) (*Prepared, bool) {
	var to, attach, content []string
	elsewhere := false
	afterDashes := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		val := func() string {
			if i+1 < len(args) {
				i++
				return args[i]
			}
			return ""
		}
		if afterDashes {
			to = append(to, a)
			continue
		}
		switch name {
		case "swaks":
			k, v, ok := strings.Cut(a, "=")
			if !ok && strings.HasPrefix(a, "-") {
				v = ""
			}
			switch k {
			case "--to", "-t":
				if !ok {
					v = val()
				}
				to = append(to, strings.Split(v, ",")...)
			case "--header", "-h", "--body", "--h-Subject":
				if !ok {
					v = val()
				}
				content = append(content, v)
			case "--attach", "--attach-name":
				if !ok {
					v = val()
				}
				attach = append(attach, v)
			case "--from", "-f", "--server", "-s", "--auth-user", "-au", "--auth-password", "-ap", "--port", "-p", "--helo", "--ehlo":
				if !ok {
					val()
				}
			}
			continue
		}
		switch {
		case a == "--":
			afterDashes = true
		case a == "-s" || a == "--subject":
			content = append(content, val())
		case a == "-c" || a == "-b" || a == "--cc" || a == "--bcc":
			to = append(to, strings.Split(val(), ",")...)
		case a == "-a" || a == "-A" || a == "--attach":
			if name == "mutt" || name == "neomutt" {
				// mutt -a file… -- recipients
				for i+1 < len(args) && args[i+1] != "--" && !strings.HasPrefix(args[i+1], "-") {
					i++
					attach = append(attach, args[i])
				}
				continue
			}
			attach = append(attach, val())
		case a == "-t" && (name == "sendmail" || name == "msmtp" || name == "ssmtp"):
			elsewhere = true
		case a == "-r" || a == "-f" || a == "-F" || a == "-S" || a == "-q" || a == "-i" || a == "-e" || a == "-o" || a == "-C" || a == "--from" || a == "--account" || a == "-R":
			if a == "-i" && name != "mutt" && name != "neomutt" {
				continue // sendmail -i: a flag
			}
			val()
		case strings.HasPrefix(a, "-"):
		default:
			to = append(to, a)
		}
	}
	if stdin != "" {
		hdrTo, body := mailHeaders(stdin)
		if elsewhere && len(hdrTo) > 0 {
			to, elsewhere = append(to, hdrTo...), false
		}
		content = append(content, body)
	}
	in := map[string]any{}
	if len(to) > 0 {
		l := make([]any, 0, len(to))
		for _, t := range to {
			if t = strings.TrimSpace(t); t != "" {
				l = append(l, t)
			}
		}
		in["to"] = l
	}
	if len(content) > 0 {
		in["body"] = strings.Join(content, "\n")
	}
	if len(attach) > 0 {
		l := make([]any, len(attach))
		for i, f := range attach {
			l[i] = f
		}
		in["attachments"] = l
	}
	p := commandPrepared(name, EffectSend, "send", "An e-mail", in, false)
	p.over.elsewhere = elsewhere || len(to) == 0 && stdin == "" && name != "swaks"
	return p, true
}

// mailHeaders reads the To: and Cc: headers of a message fed to sendmail,
// and returns them and the rest (subject and body) as the message's text.
func mailHeaders(msg string) (to []string, text string) {
	head, body, ok := strings.Cut(msg, "\n\n")
	if !ok {
		return nil, msg
	}
	var rest strings.Builder
	for _, line := range strings.Split(head, "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		switch strings.ToLower(strings.TrimSpace(k)) {
		case "to", "cc", "bcc":
			for _, r := range strings.Split(v, ",") {
				if r = strings.TrimSpace(r); r != "" {
					to = append(to, r)
				}
			}
		case "subject":
			rest.WriteString(v + "\n")
		}
	}
	rest.WriteString(body)
	return to, rest.String()
}

// tootCommand reads `toot post "text"` (Mastodon).
func tootCommand(args []string) (*Prepared, bool) {
	if len(args) == 0 || args[0] != "post" {
		return nil, false
	}
	in := map[string]any{}
	var media []any
	for i := 1; i < len(args); i++ {
		switch a := args[i]; {
		case (a == "-m" || a == "--media") && i+1 < len(args):
			i++
			media = append(media, args[i])
		case (a == "-v" || a == "--visibility" || a == "-u" || a == "--using" || a == "-l" || a == "--language" ||
			a == "--scheduled-at" || a == "-r" || a == "--reply-to" || a == "-d" || a == "--description" || a == "-p" || a == "--spoiler-text") && i+1 < len(args):
			i++
			if a == "-v" || a == "--visibility" {
				in["visibility"] = args[i]
			}
		case strings.HasPrefix(a, "-"):
		default:
			in["status"] = a
		}
	}
	if media != nil {
		in["media"] = media
	}
	if v, _ := in["visibility"].(string); v == "direct" || v == "private" {
		return nil, false // not public
	}
	return commandPrepared("toot post", EffectPost, "post", "A post on Mastodon", in, false), true
}

// gistCommand reads `gh gist create --public FILE…`: a public gist is
// published for anyone to read.
func gistCommand(args []string) (*Prepared, bool) {
	if len(args) < 2 || args[0] != "gist" || args[1] != "create" {
		return nil, false
	}
	public := false
	in := map[string]any{}
	var files []any
	for i := 2; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--public" || a == "-p":
			public = true
		case (a == "-d" || a == "--desc" || a == "-f" || a == "--filename") && i+1 < len(args):
			i++
			if a == "-d" || a == "--desc" {
				in["description"] = args[i]
			}
		case strings.HasPrefix(a, "-"):
		default:
			files = append(files, a)
		}
	}
	if !public {
		return nil, false
	}
	if files != nil {
		in["files"] = files
	}
	return commandPrepared("gh gist create", EffectPost, "publish", "A public GitHub gist", in, false), true
}
