package approval

import (
	"crypto/sha256"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/actionguard/actionguard/analyze/tools"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/learn"
)

// Batch review (issue 8): pending requests "of the same kind" — ten file
// deletions in one project, three installs of new packages, the e-mails to
// one outside domain — are read and decided together.
//
// What makes two requests of the same kind is their BatchKind: the kind of
// action (shell, file, e-mail…), what it does (the command's program and
// subcommands, the file tool's verb, the recipients' domains, the HTTP
// method and host…), the rules that held it, its level, and where it runs
// (the working directory), and where the files it names lie (the
// workspace, the user's home, system folders: scope.go). Requests that
// differ in any of these are different kinds, so a group never mixes
// levels, nor a routine deletion with one outside the workspace.

// BatchKind is the kind of a request's action, for batch review.
type BatchKind struct {
	// Key names the kind: "g-" and six characters, the same for every
	// request of the kind in every process (what `approvals approve
	// --group` takes).
	Key string `json:"key"`
	// One and Many say what one request, and several, of the kind are:
	// "file deletion in /home/u/app", "file deletions in /home/u/app".
	One  string `json:"one"`
	Many string `json:"many"`
}

// Title says in words what n requests of the kind are: "10 file deletions
// in /home/u/app", "1 file deletion in /home/u/app".
func (k BatchKind) Title(n int) string {
	if n == 1 {
		return "1 " + k.One
	}
	return strconv.Itoa(n) + " " + k.Many
}

// Group is the pending requests of one kind.
type Group struct {
	Key   string `json:"key"`
	Title string `json:"title"` // BatchKind.Title of the group's size
	// Dangerous: a request of the group is DANGEROUS. Such a group can be
	// rejected together, never approved: each needs a look of its own.
	Dangerous bool      `json:"dangerous,omitempty"`
	Requests  []Request `json:"requests"`
}

// IDs are the ids of the group's requests, in order.
func (g *Group) IDs() []string {
	ids := make([]string, len(g.Requests))
	for i := range g.Requests {
		ids[i] = g.Requests[i].ID
	}
	return ids
}

// GroupKey is the key of r's BatchKind.
func GroupKey(r *Request) string { return BatchKindOf(r).Key }

// Groups sorts the pending requests by kind. Groups come in the order of
// their first request, and keep the requests' order (the store's: newest
// first); a request alone of its kind is a group of one. Requests that are
// not pending are left out.
func Groups(pending []Request) []Group {
	var out []Group
	at := map[string]int{}
	kinds := map[string]BatchKind{}
	for i := range pending {
		r := &pending[i]
		if r.Status != StatusPending {
			continue
		}
		k := BatchKindOf(r)
		j, ok := at[k.Key]
		if !ok {
			j = len(out)
			at[k.Key] = j
			kinds[k.Key] = k
			out = append(out, Group{Key: k.Key})
		}
		out[j].Requests = append(out[j].Requests, *r)
		if r.Dangerous() {
			out[j].Dangerous = true
		}
	}
	for i := range out {
		out[i].Title = kinds[out[i].Key].Title(len(out[i].Requests))
	}
	return out
}

// Dangerous reports whether r's action is DANGEROUS: it may be rejected
// with others, but approved only on its own (Queue.DecideAll refuses it).
func (r *Request) Dangerous() bool {
	return strings.EqualFold(r.Decision.Level, "dangerous") || r.Decision.Verdict == "block"
}

// BatchKindOf returns the kind of r's action.
func BatchKindOf(r *Request) BatchKind {
	a := r.action()
	kind := a.InferKind()
	w := whatOf(&a, kind)
	rules := slices.Clone(r.Decision.Rules)
	for _, f := range r.Decision.Findings {
		rules = append(rules, f.Rule)
	}
	slices.Sort(rules)
	rules = slices.Compact(rules)
	level := strings.ToLower(r.Decision.Level)
	if level == "" {
		level = r.Decision.Verdict
	}
	// Where the action's files lie splits a kind: a system or home file
	// is never decided beside workspace files.
	sc := scopeOf(&a, kind)
	if sc != scopeWorkspace {
		w.where = sc.words(a.Context.Cwd)
	}
	sum := sha256.Sum256([]byte("actionguard batch kind\x00" + string(kind) + "\x00" + w.op + "\x00" +
		strings.Join(rules, ",") + "\x00" + level + "\x00" + w.where + scopeKey(sc)))
	key := make([]byte, 6)
	for i := range key {
		key[i] = idAlphabet[int(sum[i])%len(idAlphabet)]
	}
	where := ""
	if w.where != "" {
		where = " " + w.where
	}
	return BatchKind{Key: "g-" + string(key), One: w.one + where, Many: w.many + where}
}

// what is what an action does, for its BatchKind.
type what struct {
	op        string // what it does, in the key: "rm", "DELETE", "POST example.com"
	one, many string // "file deletion", "file deletions"
	where     string // "in /home/u/app", "to example.com"
}

// maxOp bounds the operation a kind keeps of a command.
const maxOp = 80

func whatOf(a *guard.Action, kind guard.Kind) what {
	in := ""
	if a.Context.Cwd != "" {
		in = "in " + a.Context.Cwd
	}
	switch kind {
	case guard.KindShell:
		op := shellOp(a.Command())
		w := what{op: op, where: in}
		switch {
		case op == "":
			w.one, w.many = "shell command", "shell commands"
		case deletes(op):
			w.one, w.many = "file deletion"+root(op), "file deletions"+root(op)
		case installs(op):
			w.one, w.many = "package installation"+root(op), "package installations"+root(op)
		default:
			w.one, w.many = code(op)+" command", code(op)+" commands"
		}
		return w
	case guard.KindSQL:
		op := strings.ToUpper(firstWord(a.Query()))
		if op == "" {
			return what{op: "sql", one: "SQL statement", many: "SQL statements"}
		}
		return what{op: op, one: code(op) + " statement", many: code(op) + " statements"}
	case guard.KindFile:
		verb := fileVerb(a.Tool)
		noun := map[string][2]string{"Write": {"file write", "file writes"}, "Edit": {"file edit", "file edits"},
			"Read": {"file read", "file reads"}, "Delete": {"file deletion", "file deletions"},
			"Search": {"file search", "file searches"}}[verb]
		if noun[0] == "" {
			noun = [2]string{"file change", "file changes"}
		}
		return what{op: verb + " " + a.Tool, one: noun[0], many: noun[1], where: in}
	case guard.KindHTTP:
		method := strings.ToUpper(inputString(a.Input, "method"))
		if method == "" {
			method = "GET"
		}
		host := ""
		if u, err := url.Parse(inputString(a.Input, "url", "uri", "endpoint")); err == nil {
			host = strings.ToLower(u.Hostname())
		}
		w := what{op: method + " " + host, one: method + " request", many: method + " requests"}
		if method == "GET" {
			w.one, w.many = "web request", "web requests"
		}
		if host != "" {
			w.where = "to " + host
		}
		return w
	case guard.KindIntent:
		return what{op: "intent", one: "request in words", many: "requests in words"}
	}
	res := tools.Analyze(a.Tool, a.Input, tools.Options{})
	switch {
	case kind == guard.KindPayment || res.Effect == tools.EffectPayment:
		return what{op: "pay " + a.Tool, one: "payment with " + code(a.Tool), many: "payments with " + code(a.Tool)}
	case kind == guard.KindEmail:
		d := domains(res.Recipients)
		w := what{op: "email " + strings.Join(d, ","), one: "e-mail", many: "e-mails"}
		if len(d) > 0 {
			w.where = "to " + names(d)
		}
		return w
	case kind == guard.KindMessage || kind != guard.KindPost && res.Effect == tools.EffectSend:
		d := domains(res.Recipients)
		w := what{op: "message " + a.Tool + " " + strings.Join(d, ","), one: "message sent with " + code(a.Tool), many: "messages sent with " + code(a.Tool)}
		if len(d) > 0 {
			w.where = "to " + names(d)
		}
		return w
	case kind == guard.KindPost || res.Effect == tools.EffectPost:
		w := what{op: "post " + a.Tool, one: "public post", many: "public posts"}
		if pl := platform(a.Tool); pl != "" {
			w.where = "on " + pl
		} else {
			w.where = "with " + code(a.Tool)
		}
		return w
	}
	if a.Tool == "" {
		return what{op: "unknown", one: "action", many: "actions"}
	}
	return what{op: "tool " + a.Tool, one: code(a.Tool) + " call", many: code(a.Tool) + " calls"}
}

// shellOp is what a command does, as its programs and their subcommands:
// "rm", "npm install", "git push", "npm test && npm run". learn's pattern
// knows the programs that take subcommands; what it cannot read (sudo, bash
// -c, eval…) is named by its first word.
func shellOp(cmd string) string {
	cmd = strings.TrimSpace(cmd)
	if cmd == "" {
		return ""
	}
	if rest, ok := asRoot(cmd); ok {
		if op := shellOp(rest); op != "" {
			return oneLine("sudo "+op, maxOp)
		}
		return "sudo"
	}
	var op string
	if pattern, ok := learn.CommandPattern(cmd); ok {
		var b strings.Builder
		leading := true
		for _, t := range strings.Fields(pattern) {
			switch t {
			case ";", "&&", "||", "|", "|&", "&":
				b.WriteString(" " + t)
				leading = true
				continue
			}
			if !leading {
				continue
			}
			if !plainWord(t) {
				leading = false
				continue
			}
			b.WriteString(" " + t)
		}
		op = strings.TrimSpace(b.String())
	}
	if op == "" {
		op = path.Base(firstWord(cmd))
	}
	return oneLine(op, maxOp)
}

// asRoot returns the command sudo (or doas) runs, without its options.
func asRoot(cmd string) (string, bool) {
	f := strings.Fields(cmd)
	if len(f) < 2 || f[0] != "sudo" && f[0] != "doas" {
		return "", false
	}
	i := 1
	for i < len(f) && strings.HasPrefix(f[i], "-") {
		switch f[i] {
		case "-u", "-g", "-C", "-h", "-p", "-D", "-R", "-T", "-U", "-r", "-t":
			i++ // the option's value
		case "--":
			i++
			return strings.Join(f[min(i, len(f)):], " "), true
		}
		i++
	}
	return strings.Join(f[min(i, len(f)):], " "), true
}

// plainWord reports whether a word of a pattern is a program or a
// subcommand: not a flag, a generalised argument or a redirection.
func plainWord(t string) bool {
	if t == "" || !(t[0] >= 'a' && t[0] <= 'z' || t[0] >= 'A' && t[0] <= 'Z' || t[0] >= '0' && t[0] <= '9' || t[0] == '_') {
		return false
	}
	for _, r := range t {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._:+-", r)) {
			return false
		}
	}
	return true
}

func firstWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// root says that an operation runs as root.
func root(op string) string {
	if strings.HasPrefix(op, "sudo ") {
		return " as root"
	}
	return ""
}

// deletes reports whether every step of a command's operation deletes
// files.
func deletes(op string) bool {
	for _, step := range steps(op) {
		switch strings.TrimPrefix(step, "sudo ") {
		case "rm", "rmdir", "unlink", "shred", "trash", "trash-put", "gio trash", "git rm":
		default:
			return false
		}
	}
	return true
}

// installs reports whether every step of a command's operation installs
// packages.
func installs(op string) bool {
	for _, step := range steps(op) {
		switch strings.TrimPrefix(step, "sudo ") {
		case "npm install", "npm i", "npm add", "pnpm add", "pnpm install", "pnpm i", "yarn add", "bun add", "bun install", "bun i",
			"pip install", "pip3 install", "uv add", "uv pip install", "poetry add", "pipx install", "gem install", "bundle add",
			"cargo add", "cargo install", "go get", "go install", "brew install", "apt install", "apt-get install",
			"dnf install", "yum install", "composer require", "dotnet add":
		default:
			return false
		}
	}
	return true
}

// steps splits an operation at its operators.
func steps(op string) []string {
	var out []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.Join(cur, " "))
			cur = nil
		}
	}
	for _, t := range strings.Fields(op) {
		switch t {
		case ";", "&&", "||", "|", "|&", "&":
			flush()
		default:
			cur = append(cur, t)
		}
	}
	flush()
	return out
}

// domains lists the recipients' domains, sorted, each once; the names of
// those without one ("#general").
func domains(recipients []string) []string {
	var ds []string
	for _, r := range recipients {
		r = strings.ToLower(strings.TrimSpace(r))
		if i := strings.LastIndexByte(r, '@'); i >= 0 {
			r = r[i+1:]
		}
		if r != "" {
			ds = append(ds, r)
		}
	}
	slices.Sort(ds)
	return slices.Compact(ds)
}
