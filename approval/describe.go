package approval

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/actionguard/actionguard/analyze/tools"
	"github.com/actionguard/actionguard/guard"
)

// Description is a request's action in a person's words: what the request
// file, `approvals list` and `approvals watch` show. It is made from the
// stored action, whose secrets and personal data are already redacted, and
// from the recipients the request keeps unmasked (a person decides on
// them), so it shows nothing the store does not keep.
type Description struct {
	// Headline is one sentence saying what will be done: "Pay $820.00 to
	// ACME Ltd.", "Run `rm -rf build/`."
	Headline string
	// Params are the parameters a person decides on (recipient, amount,
	// subject, a preview of the content…), in that order.
	Params []Param
	// Impacts say what could go wrong, one sentence each: the kind of
	// action first (money cannot be recalled, a message cannot be
	// unsent…), then each category of harm the findings name.
	Impacts []string
	// Anomalies are what was unusual when the action was asked for (seed
	// 000's alerts): those its decision raised, and those the learning
	// layer put in its context. Each is a warning a person reads first.
	Anomalies []string
	// Input is the action's whole input, indented JSON ("" when it has
	// none).
	Input string
}

// Param is one parameter of an action.
type Param struct {
	Name  string
	Value string
	Code  bool // shown as code: a command, a path, a statement
}

// Bounds of what a description quotes.
const (
	maxHeadlineQuote = 120
	maxPreview       = 280
	maxShown         = 3 // recipients, parameters named in a headline
)

// action decodes r's action (numbers kept as written); one that does not
// decode is an action of the request's tool and nothing else.
func (r *Request) action() guard.Action {
	var a guard.Action
	dec := json.NewDecoder(bytes.NewReader(r.Action))
	dec.UseNumber()
	if dec.Decode(&a) != nil {
		a = guard.Action{}
	}
	if a.Tool == "" {
		a.Tool = r.Decision.Tool
	}
	return a
}

// Describe describes r's action.
func Describe(r *Request) Description {
	a := r.action()
	var d Description
	kind := a.InferKind()
	p := &params{}
	p.add("Tool", a.Tool, true)
	switch kind {
	case guard.KindShell:
		cmd := a.Command()
		d.Headline = "Run " + code(firstLine(cmd, maxHeadlineQuote))
		if n := strings.Count(strings.TrimRight(cmd, "\n"), "\n") + 1; n > 1 {
			d.Headline = fmt.Sprintf("Run a %d-line shell script that starts with %s", n, code(firstLine(cmd, maxHeadlineQuote)))
		}
		if a.Context.Cwd != "" {
			d.Headline += " in " + code(a.Context.Cwd)
		}
		p.add("Command", cmd, true)
		p.add("Working directory", a.Context.Cwd, true)
	case guard.KindSQL:
		d.Headline = "Run the SQL statement " + code(firstLine(a.Query(), maxHeadlineQuote))
		p.add("Statement", a.Query(), true)
	case guard.KindFile:
		path := inputString(a.Input, "file_path", "path", "filepath", "file", "notebook_path")
		d.Headline = fileVerb(a.Tool) + " the file " + code(path)
		if path == "" {
			d.Headline = fileVerb(a.Tool) + " files with " + code(a.Tool)
		}
		p.add("Path", path, true)
		p.add("Content", preview(inputString(a.Input, "content", "new_string", "new_source", "file_text")), false)
	case guard.KindHTTP:
		url := inputString(a.Input, "url", "uri", "endpoint", "query")
		method := strings.ToUpper(inputString(a.Input, "method"))
		switch {
		case method != "" && method != "GET" && method != "HEAD":
			d.Headline = "Send a " + method + " request to " + url
		case url == "":
			d.Headline = "Make a web request with " + code(a.Tool)
		default:
			d.Headline = "Fetch " + url
		}
		p.add("URL", url, false)
		p.add("Method", method, false)
		p.add("Content", preview(inputString(a.Input, "body", "data", "content", "prompt")), false)
	case guard.KindIntent:
		d.Headline = "Act on the request " + quote(oneLine(a.Text, maxHeadlineQuote))
		p.add("Request", a.Text, false)
	default:
		d.Headline = describeTool(&a, kind, r.Decision, p)
	}
	d.Headline = strings.TrimRight(d.Headline, ".") + "."
	d.Params = p.list
	d.Impacts = impacts(kind, &a, r.Decision)
	d.Anomalies = anomalies(r.Decision.Anomalies, a.Context.Anomalies)
	if len(a.Input) > 0 {
		if b, err := json.MarshalIndent(a.Input, "", "  "); err == nil {
			d.Input = string(b)
		}
	}
	return d
}

// describeTool describes a generic tool call (e-mail, message, post,
// payment, anything else) from what analyze/tools reads in its name and
// arguments.
//
// The recipients and payee accounts shown are those the request kept
// unmasked (Summary.Recipients, Summary.PayeeAccounts); a request opened
// before they were kept shows the stored, masked ones.
func describeTool(a *guard.Action, kind guard.Kind, s Summary, p *params) string {
	res := tools.Analyze(a.Tool, a.Input, tools.Options{})
	if len(s.Recipients) > 0 {
		res.Recipients = s.Recipients
	}
	if len(s.PayeeAccounts) > 0 {
		res.PayeeAccounts = s.PayeeAccounts
	}
	to := names(res.Recipients)
	subject := inputString(a.Input, "subject", "title")
	content := inputString(a.Input, "body", "text", "content", "message", "html", "status", "comment", "caption", "post", "description")
	// As code: a recipient is shown as written, never read as markup.
	if len(res.Recipients) == 1 {
		p.add("Recipient", res.Recipients[0], true)
	} else {
		p.add("Recipients", strings.Join(res.Recipients, ", "), true)
	}
	var h string
	switch {
	case kind == guard.KindPayment || res.Effect == tools.EffectPayment:
		accounts := strings.Join(res.PayeeAccounts, ", ")
		p.add("Paid into", accounts, true)
		switch {
		case to == "" && accounts != "":
			to = accounts
		case to == "":
			to = "a payee the call does not name"
		}
		if res.Amount > 0 {
			h = "Pay " + money(res.Amount, res.Currency) + " to " + to
			p.add("Amount", money(res.Amount, res.Currency), false)
		} else {
			h = "Make a payment to " + to + " (the amount could not be read)"
			p.add("Amount", "not given", false)
		}
		p.add("Currency", res.Currency, false)
	case kind == guard.KindEmail:
		if to == "" {
			to = "recipients the call does not name"
		}
		h = "Send an e-mail to " + to
		if subject != "" {
			h += " with the subject " + quote(oneLine(subject, maxHeadlineQuote))
		}
	case kind == guard.KindMessage || kind != guard.KindPost && res.Effect == tools.EffectSend:
		h = "Send a message"
		if to != "" {
			h += " to " + to
		}
		if content != "" {
			h += ": " + quote(oneLine(content, maxHeadlineQuote))
		}
	case kind == guard.KindPost || res.Effect == tools.EffectPost:
		h = "Publish a post"
		if pl := platform(a.Tool); pl != "" {
			h += " on " + pl
		}
		if content != "" {
			h += ": " + quote(oneLine(content, maxHeadlineQuote))
		}
	default:
		h = "Call " + code(a.Tool)
		if res.Effect == tools.EffectDelete {
			h += ", which deletes,"
		}
		if args := argSummary(a.Input); args != "" {
			h += " with " + args
		}
	}
	p.add("Subject", subject, false)
	p.add("Content", preview(content), false)
	return h
}

// impacts says what could go wrong: the kind of action first, then each
// category of harm the findings name, each once.
func impacts(kind guard.Kind, a *guard.Action, s Summary) []string {
	var out []string
	add := func(x string) {
		if x != "" && !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	effect := ""
	if kind != guard.KindShell && kind != guard.KindSQL && kind != guard.KindFile && kind != guard.KindHTTP && kind != guard.KindIntent {
		effect = tools.Analyze(a.Tool, a.Input, tools.Options{}).Effect
	}
	switch {
	case kind == guard.KindPayment || effect == tools.EffectPayment:
		add("Money that is sent usually cannot be recalled: a wrong or fraudulent payee keeps it.")
		for _, f := range s.Findings {
			if f.Rule == "tool.payment.crypto-withdrawal" {
				add("A cryptocurrency transfer cannot be reversed by anyone.")
			}
		}
	case kind == guard.KindEmail:
		add("An e-mail cannot be unsent: the recipients read it as it is, and may forward it.")
	case kind == guard.KindMessage || kind != guard.KindPost && effect == tools.EffectSend:
		add("A message cannot be unsent: everyone it reaches reads it at once.")
	case kind == guard.KindPost || effect == tools.EffectPost:
		add("A public post is seen, shared and copied before it can be deleted.")
	}
	// What the kind of action says covers the rules' broad categories
	// (analyze/tools files money under infrastructure, sending under
	// exfiltration).
	kindSaid := len(out) > 0
	for _, f := range s.Findings {
		if kindSaid && (f.Category == "infrastructure" || f.Category == "exfiltration") {
			continue
		}
		add(categoryImpact[f.Category])
	}
	if len(out) == 0 {
		add("It changes something outside the conversation: check that it is what you expect before it runs.")
	}
	return out
}

// categoryImpact is what could go wrong, per category of harm (rule.Category).
var categoryImpact = map[string]string{
	"security-bypass":      "A protection is switched off: what it kept out can get in.",
	"privilege-escalation": "Someone gets more rights than they had: a mistake or an attacker then reaches further.",
	"mass-destruction":     "A great deal of data may be destroyed at once.",
	"credential-theft":     "Credentials may end up with someone else, who could then act as you.",
	"injection":            "Input may run as code or as a query.",
	"unauthorized-access":  "It reaches something the agent has no right to.",
	"destructive":          "Data that is deleted or overwritten may not come back without a backup.",
	"history":              "Version-control history or uncommitted work may be lost for good.",
	"credentials":          "Secrets may be read or exposed; an exposed secret must be rotated.",
	"exfiltration":         "Data leaves this machine; once sent, it cannot be called back.",
	"remote-code":          "Code fetched from elsewhere runs with your permissions.",
	"permissions":          "Who may read, write or run something changes.",
	"escalation":           "It runs with more privilege than the agent has: a mistake reaches the whole system.",
	"infrastructure":       "Cloud, cluster or service state changes, for everyone who depends on it.",
	"database":             "A database's data or schema changes, for every program that reads it.",
	"system":               "The machine itself changes: services, packages or how it boots.",
	"obfuscation":          "What will run is hidden: it may not be what it seems.",
	"execution":            "Code or commands run with your permissions.",
	"network":              "This machine talks to another one: what is sent cannot be called back.",
	"unparseable":          "actionguard could not read all of it: it may do more than it shows.",
	"configuration":        "Settings or behaviour change, possibly for later runs too.",
}

// anomalies lists the decision's anomalies and the context's, each once,
// on one line each.
func anomalies(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		for _, x := range l {
			if x = oneLine(x, maxPreview); x != "" && !slices.Contains(out, x) {
				out = append(out, x)
			}
		}
	}
	return out
}

// params collects the non-empty parameters.
type params struct{ list []Param }

func (p *params) add(name, value string, code bool) {
	if strings.TrimSpace(value) != "" {
		p.list = append(p.list, Param{Name: name, Value: value, Code: code})
	}
}

// inputString is the first non-empty string among the input's keys (at
// the top level, or one level down: {"message": {"subject": …}}).
func inputString(in map[string]any, keys ...string) string {
	for _, k := range keys {
		if s, ok := in[k].(string); ok && strings.TrimSpace(s) != "" {
			return s
		}
	}
	for _, v := range in {
		if m, ok := v.(map[string]any); ok {
			for _, k := range keys {
				if s, ok := m[k].(string); ok && strings.TrimSpace(s) != "" {
					return s
				}
			}
		}
	}
	return ""
}

// argSummary is "k=v, k=v" for the first few scalar arguments, sorted.
func argSummary(in map[string]any) string {
	keys := make([]string, 0, len(in))
	for k, v := range in {
		switch v.(type) {
		case string, json.Number, bool, float64:
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var parts []string
	for i, k := range keys {
		if i == maxShown {
			parts = append(parts, fmt.Sprintf("%d more", len(keys)-maxShown))
			break
		}
		parts = append(parts, k+"="+oneLine(fmt.Sprint(in[k]), 40))
	}
	return strings.Join(parts, ", ")
}

func fileVerb(tool string) string {
	switch strings.ToLower(tool) {
	case "write", "write_file", "create", "create_file":
		return "Write"
	case "edit", "multiedit", "notebookedit", "edit_file", "str_replace", "str_replace_editor", "replace", "insert", "apply_patch":
		return "Edit"
	case "read", "view", "read_file", "notebookread", "read_many_files":
		return "Read"
	case "delete", "delete_file":
		return "Delete"
	case "glob", "grep", "ls", "list_directory", "search_file_content":
		return "Search"
	}
	return "Change"
}

// platform names the service a post goes to, from the tool's name.
func platform(tool string) string {
	names := map[string]string{"x": "X", "twitter": "X", "tweet": "X", "linkedin": "LinkedIn", "facebook": "Facebook",
		"instagram": "Instagram", "mastodon": "Mastodon", "bluesky": "Bluesky", "reddit": "Reddit", "threads": "Threads"}
	for _, w := range guard.SplitName(tool) {
		if n, ok := names[w]; ok {
			return n
		}
	}
	return ""
}

// names lists a few recipients: "a, b and 3 more".
func names(rs []string) string {
	switch {
	case len(rs) == 0:
		return ""
	case len(rs) == 1:
		return rs[0]
	case len(rs) <= maxShown:
		return strings.Join(rs[:len(rs)-1], ", ") + " and " + rs[len(rs)-1]
	}
	return strings.Join(rs[:maxShown], ", ") + fmt.Sprintf(" and %d more", len(rs)-maxShown)
}

// fiat are the currencies written with two decimals (and a sign when
// they have a well-known one).
var (
	fiat = map[string]bool{"USD": true, "EUR": true, "GBP": true, "CHF": true, "CAD": true, "AUD": true, "NZD": true, "CNY": true,
		"INR": true, "SEK": true, "NOK": true, "DKK": true, "PLN": true, "BRL": true, "MXN": true, "SGD": true, "HKD": true, "ZAR": true, "JPY": true}
	signs = map[string]string{"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥"}
)

// money writes an amount as a person reads it: "$1,250.00", "0.5 BTC".
func money(amount float64, currency string) string {
	cur := strings.ToUpper(currency)
	if cur == "" {
		cur = "USD" // analyze/tools reads an amount without a currency as dollars
	}
	if !fiat[cur] {
		return strconv.FormatFloat(amount, 'f', -1, 64) + " " + cur
	}
	decimals := 2
	if cur == "JPY" {
		decimals = 0
	}
	s := tools.Thousands(strconv.FormatFloat(amount, 'f', decimals, 64))
	if sign, ok := signs[cur]; ok {
		return sign + s
	}
	return s + " " + cur
}

// preview is the start of a text on one line.
func preview(s string) string { return oneLine(s, maxPreview) }

// oneLine folds s onto one line and cuts it at n runes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n])) + "…"
}

// firstLine is the first non-empty line of s, cut at n runes; "…" marks
// what was left out.
func firstLine(s string, n int) string {
	s = strings.TrimSpace(s)
	line, rest, _ := strings.Cut(s, "\n")
	out := oneLine(line, n)
	if strings.TrimSpace(rest) != "" && !strings.HasSuffix(out, "…") {
		out += " …"
	}
	return out
}

// code writes s as inline Markdown code, with a fence longer than any run
// of backticks inside.
func code(s string) string {
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// quote puts s in typographic quotes.
func quote(s string) string { return "“" + s + "”" }
