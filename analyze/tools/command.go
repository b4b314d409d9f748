package tools

import (
	"net/url"
	"strings"
)

// Shell commands that pay, send or publish: payment CLIs (stripe), mail
// programs (mail, mailx, mutt, sendmail, msmtp, swaks), HTTP clients (curl,
// wget, HTTPie, xh) calling a payment, messaging or social API, and a few
// publishing CLIs (twurl, toot, gh gist create --public). The shell
// analysis has read the command line through the program's spec; here its
// record is read as the call it makes, without parsing argv again.

// Command is one simple command as the shell analysis read it. Options are
// asked for by any spelling the program accepts; *shell.Cmd satisfies it.
type Command interface {
	Program() string                      // the program's base name
	Input() string                        // what is fed to its standard input, when known
	Has(flags ...string) bool             // an option is given
	Flag(names ...string) (string, bool)  // an option's value
	FlagAll(names ...string) []string     // every value of a repeated option
	Positional(valued ...string) []string // the words that are not options (subcommands included)
	Params() map[string]string            // long options the program's spec does not list, with their values
}

// PrepareCommand reads one simple command as a payment, a message or a
// post. ok is false for any other command.
func PrepareCommand(c Command) (*Prepared, bool) {
	tables()
	switch name := c.Program(); name {
	case "curl", "wget", "wget2", "http", "https", "xh", "xhs":
		method, u, body := httpCommand(c)
		if u == "" {
			return nil, false
		}
		return PrepareRequest(method, u, body)
	case "stripe":
		return stripeCommand(c)
	case "mail", "mailx", "bsd-mailx", "s-nail", "mutt", "neomutt", "sendmail", "msmtp", "ssmtp", "swaks":
		return mailCommand(c)
	case "twurl":
		method, _ := c.Flag("-X", "--request-method")
		var body string
		for _, d := range c.FlagAll("-d", "--data") {
			body = joinForm(body, d)
		}
		if method == "" {
			method = "GET"
			if body != "" {
				method = "POST"
			}
		}
		path := ""
		for _, w := range c.Positional() {
			if strings.HasPrefix(w, "/") {
				path = w
			}
		}
		if path == "" {
			return nil, false
		}
		return PrepareRequest(method, "https://api.twitter.com"+path, body)
	case "toot":
		return tootCommand(c)
	case "gh":
		return gistCommand(c)
	case "git":
		return gitSendEmailCommand(c)
	}
	return nil, false
}

// gitSendEmailCommand reads git send-email: the patches it makes (the
// project's code) are e-mailed to every --to, --cc and --bcc.
func gitSendEmailCommand(c Command) (*Prepared, bool) {
	if pos := c.Positional(); len(pos) == 0 || pos[0] != "send-email" || c.Has("--dry-run", "--help", "-h", "--dump-aliases") {
		return nil, false
	}
	var to []any
	for _, v := range c.FlagAll("--to", "--cc", "--bcc") {
		for _, t := range strings.Split(v, ",") {
			if t = strings.TrimSpace(t); t != "" {
				to = append(to, t)
			}
		}
	}
	in := map[string]any{"body": "patches of the project's commits"}
	if len(to) > 0 {
		in["to"] = to
	}
	p := commandPrepared("git send-email", EffectSend, "send", "An e-mail", in, false)
	p.over.elsewhere = len(to) == 0
	return p, true
}

// commandPrepared builds the call a command makes from its arguments.
func commandPrepared(tool, effect, verb, noun string, in map[string]any, minor bool) *Prepared {
	a := readArgs(in, minor, false, nil)
	res := &Result{Verbs: []string{verb}, Effect: effect, Recipients: a.recipients}
	p := &Prepared{res: res, a: a, tool: tool, words: splitName(tool)}
	p.over = override{noun: noun, message: effect == EffectSend}
	return p
}

// The options httpCommand reads, each list made once: a variadic list
// passed through the Command interface is otherwise a new slice a call.
var (
	curlMethod     = []string{"-X", "--request"}
	curlData       = []string{"-d", "--data", "--data-raw", "--data-binary", "--data-ascii", "-F", "--form", "--form-string"}
	curlURLEncoded = []string{"--data-urlencode"}
	curlJSON       = []string{"--json"}
	curlGet        = []string{"-G", "--get"}
	curlURL        = []string{"--url"}
	wgetMethod     = []string{"--method"}
	wgetData       = []string{"--post-data", "--body-data"}
)

// httpCommand reads an HTTP client's method, URL and body. The method is
// POST when data is sent without one.
func httpCommand(c Command) (method, u, body string) {
	name := c.Program()
	httpie := name == "http" || name == "https" || name == "xh" || name == "xhs"
	stdin := c.Input()
	data := func(v string) string {
		if v == "@-" || v == "-" {
			return stdin
		}
		return v
	}
	get := false
	switch {
	case httpie:
	case name == "curl":
		method, _ = c.Flag(curlMethod...)
		for _, v := range c.FlagAll(curlData...) {
			v = data(v)
			if strings.HasPrefix(strings.TrimSpace(v), "{") {
				body = v
			} else {
				body = joinForm(body, v)
			}
		}
		for _, v := range c.FlagAll(curlURLEncoded...) {
			// curl encodes the value itself: a "+" stays a plus.
			v = data(v)
			if k, val, ok := strings.Cut(v, "="); ok {
				v = k + "=" + url.QueryEscape(val)
			}
			body = joinForm(body, v)
		}
		for _, v := range c.FlagAll(curlJSON...) {
			body = data(v)
		}
		get = c.Has(curlGet...)
		u, _ = c.Flag(curlURL...)
	default: // wget
		method, _ = c.Flag(wgetMethod...)
		for _, v := range c.FlagAll(wgetData...) {
			v = data(v)
			if strings.HasPrefix(strings.TrimSpace(v), "{") {
				body = v
			} else {
				body = joinForm(body, v)
			}
		}
	}
	words := c.Positional()
	if httpie {
		jsonItems := map[string]string{}
		for _, a := range words {
			switch {
			case u == "" && method == "" && isHTTPMethod(a):
				method = a
			case u == "" && (strings.Contains(a, "://") || (strings.Contains(a, ".") || strings.HasPrefix(a, ":")) && !strings.ContainsAny(a, "=@")):
				u = a
			case u != "":
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
			body = jsonBody(jsonItems, body)
		}
		if raw, ok := c.Flag("--raw"); ok {
			body = raw
		}
	} else if u == "" {
		for _, a := range words {
			if strings.Contains(a, "://") {
				u = a
				break
			}
		}
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

// jsonBody writes HTTPie's field:=json items and form fields as one JSON object.
func jsonBody(items map[string]string, form string) string {
	var b strings.Builder
	b.WriteByte('{')
	n := 0
	for k, v := range items {
		if n > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"` + strings.ReplaceAll(k, `"`, ``) + `":` + v)
		n++
	}
	for _, kv := range strings.Split(form, "&") {
		if k, v, ok := strings.Cut(kv, "="); ok {
			if u, err := url.QueryUnescape(v); err == nil {
				v = u
			}
			b.WriteString(`,"` + strings.ReplaceAll(k, `"`, ``) + `":"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`)
		}
	}
	b.WriteByte('}')
	return b.String()
}

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
func stripeCommand(c Command) (*Prepared, bool) {
	words := c.Positional()
	in := map[string]any{}
	for k, v := range c.Params() {
		in[strings.ReplaceAll(k, "-", "_")] = v
	}
	var form string
	for _, d := range c.FlagAll("-d", "--data") {
		form = joinForm(form, d)
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
func mailCommand(c Command) (*Prepared, bool) {
	name, stdin := c.Program(), c.Input()
	var to, attach, content []string
	elsewhere := false
	split := func(vs []string) []string {
		var out []string
		for _, v := range vs {
			out = append(out, strings.Split(v, ",")...)
		}
		return out
	}
	if name == "swaks" {
		to = split(c.FlagAll("--to", "--cc", "--bcc"))
		content = append(c.FlagAll("--header", "--body", "--data"), c.FlagAll("--h-Subject")...)
		attach = c.FlagAll("--attach", "--attach-name")
	} else {
		to = append(c.Positional(), split(c.FlagAll("-c", "-b", "--cc", "--bcc"))...)
		content = c.FlagAll("-s", "--subject")
		for _, a := range c.FlagAll("-a", "-A", "--attach") {
			attach = append(attach, strings.Fields(a)...)
		}
		elsewhere = (name == "sendmail" || name == "msmtp" || name == "ssmtp") && c.Has("-t", "--read-recipients")
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
func tootCommand(c Command) (*Prepared, bool) {
	words := c.Positional()
	if len(words) == 0 || words[0] != "post" {
		return nil, false
	}
	in := map[string]any{}
	var media []any
	for _, m := range c.FlagAll("-m", "--media") {
		media = append(media, m)
	}
	if v, ok := c.Flag("-v", "--visibility"); ok {
		in["visibility"] = v
	}
	if len(words) > 1 {
		in["status"] = words[len(words)-1]
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
func gistCommand(c Command) (*Prepared, bool) {
	words := c.Positional()
	if len(words) < 2 || words[0] != "gist" || words[1] != "create" {
		return nil, false
	}
	public := c.Has("-p", "--public")
	in := map[string]any{}
	if d, ok := c.Flag("-d", "--desc"); ok {
		in["description"] = d
	}
	var files []any
	for _, f := range words[2:] {
		files = append(files, f)
	}
	if !public {
		return nil, false
	}
	if files != nil {
		in["files"] = files
	}
	return commandPrepared("gh gist create", EffectPost, "publish", "A public GitHub gist", in, false), true
}
