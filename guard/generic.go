package guard

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// generic judges actions that are not shell, SQL or file operations (HTTP
// requests, e-mail, messages, posts, payments, other tools, natural-language
// requests) by what their name and input say they do. Dedicated analyzers
// refine these kinds; this is the conservative baseline: an action whose
// effect cannot be told needs approval (seed 003: missing information means
// approval).
func (e *evaluation) generic() {
	switch e.kind {
	case KindHTTP:
		e.httpAction()
		return
	case KindPayment:
		e.add(genericRule("tool.finance.payment", rule.Infrastructure, rule.PrivilegedKeyword+rule.Financial+rule.ExternalTarget,
			"Moves money: a payment or a transfer cannot be taken back."))
		return
	case KindEmail, KindMessage:
		e.add(genericRule("tool.communication.send", rule.Exfiltration, rule.PrivilegedKeyword+rule.ExternalTarget,
			"Sends a message to someone outside: once sent it cannot be recalled."))
		return
	case KindPost:
		e.add(genericRule("tool.communication.post", rule.Exfiltration, rule.PrivilegedKeyword+rule.ExternalTarget+rule.Irreversible,
			"Publishes a post where anyone can see it."))
		return
	}
	words := SplitName(e.a.Tool)
	if e.kind == KindIntent {
		words = strings.Fields(strings.ToLower(e.a.Text))
	}
	if strings.HasPrefix(e.a.Tool, "mcp__") && len(words) > 2 {
		words = words[2:] // mcp__server__tool: the server name says nothing about the effect
	}
	class := classifyVerbs(words)
	switch class {
	case verbRead:
		e.readOnly = true
	case verbWrite:
		e.add(genericRule("tool.generic.write", rule.Configuration, rule.PrivilegedKeyword+rule.DataModification, "Creates or changes data ("+e.describe()+")."))
	case verbDelete:
		e.add(genericRule("tool.generic.delete", rule.Destructive, rule.PrivilegedKeyword+rule.DataModification+rule.Irreversible, "Deletes data ("+e.describe()+")."))
	case verbSend:
		e.add(genericRule("tool.generic.send", rule.Exfiltration, rule.PrivilegedKeyword+rule.ExternalTarget, "Sends something to another person or system ("+e.describe()+")."))
	case verbMoney:
		e.add(genericRule("tool.generic.financial", rule.Infrastructure, rule.PrivilegedKeyword+rule.Financial+rule.ExternalTarget, "Moves money ("+e.describe()+")."))
	case verbExec:
		e.add(genericRule("tool.generic.execute", rule.Execution, rule.PrivilegedKeyword+rule.DataModification, "Runs code or deploys ("+e.describe()+")."))
	case verbGrant:
		e.add(genericRule("tool.generic.grant", rule.Permissions, rule.PrivilegedKeyword+rule.DataModification+rule.Irreversible, "Changes who may access what ("+e.describe()+")."))
	default:
		e.missing = "what " + e.describe() + " does cannot be told from its name"
	}
}

func (e *evaluation) describe() string {
	if e.a.Tool != "" {
		return e.a.Tool
	}
	return truncate(oneLine(e.a.Text), 80)
}

func (e *evaluation) add(f Finding) {
	if f.Evidence == "" {
		f.Evidence = e.describe()
	}
	e.findings = append(e.findings, f)
}

func genericRule(id string, cat rule.Category, points int, msg string) Finding {
	return Finding{Rule: id, Category: cat, Points: points, Message: msg}
}

// httpAction judges an HTTP request by its method.
func (e *evaluation) httpAction() {
	method, _ := e.a.Input["method"].(string)
	method = strings.ToUpper(strings.TrimSpace(method))
	url, _ := e.a.Input["url"].(string)
	switch strings.ToLower(e.a.Tool) {
	case "websearch", "web_search":
		e.readOnly = true
		return
	}
	switch method {
	case "", "GET", "HEAD", "OPTIONS":
		e.readOnly = true
	case "DELETE":
		e.add(Finding{Rule: "tool.http.delete", Category: rule.Destructive, Points: rule.PrivilegedKeyword + rule.ExternalTarget + rule.DataModification, Evidence: method + " " + url, Message: "Deletes a remote resource (" + method + " " + truncate(url, 80) + ")."})
	default:
		e.add(Finding{Rule: "tool.http.write", Category: rule.Network, Points: rule.PrivilegedKeyword + rule.ExternalTarget, Evidence: method + " " + url, Message: "Sends data to " + truncate(url, 80) + " (" + method + ")."})
	}
}

type verbClass int

const (
	verbUnknown verbClass = iota
	verbRead
	verbWrite
	verbSend
	verbExec
	verbGrant
	verbDelete
	verbMoney
)

var verbs = map[string]verbClass{
	"get": verbRead, "list": verbRead, "read": verbRead, "search": verbRead, "find": verbRead, "query": verbRead, "fetch": verbRead, "view": verbRead,
	"show": verbRead, "describe": verbRead, "lookup": verbRead, "count": verbRead, "check": verbRead, "status": verbRead, "explain": verbRead,
	"summarize": verbRead, "analyze": verbRead, "calculate": verbRead, "convert": verbRead, "translate": verbRead, "format": verbRead, "help": verbRead,
	"verify": verbRead, "review": verbRead, "guide": verbRead, "inspect": verbRead, "browse": verbRead, "download": verbRead, "retrieve": verbRead, "load": verbRead,
	"create": verbWrite, "update": verbWrite, "set": verbWrite, "add": verbWrite, "edit": verbWrite, "write": verbWrite, "put": verbWrite, "patch": verbWrite,
	"upload": verbWrite, "insert": verbWrite, "modify": verbWrite, "change": verbWrite, "rename": verbWrite, "move": verbWrite, "copy": verbWrite, "save": verbWrite,
	"merge": verbWrite, "close": verbWrite, "open": verbWrite, "schedule": verbWrite, "book": verbWrite, "archive": verbWrite, "upsert": verbWrite, "replace": verbWrite,
	"delete": verbDelete, "remove": verbDelete, "drop": verbDelete, "destroy": verbDelete, "purge": verbDelete, "wipe": verbDelete, "truncate": verbDelete,
	"erase": verbDelete, "clear": verbDelete, "terminate": verbDelete, "kill": verbDelete, "reset": verbDelete, "cancel": verbDelete, "revoke": verbGrant, "unsubscribe": verbDelete,
	"send": verbSend, "post": verbSend, "publish": verbSend, "email": verbSend, "mail": verbSend, "message": verbSend, "notify": verbSend, "share": verbSend,
	"invite": verbSend, "tweet": verbSend, "reply": verbSend, "forward": verbSend, "comment": verbSend, "call": verbSend, "sms": verbSend, "dm": verbSend,
	"pay": verbMoney, "transfer": verbMoney, "withdraw": verbMoney, "purchase": verbMoney, "buy": verbMoney, "charge": verbMoney, "refund": verbMoney,
	"order": verbMoney, "sell": verbMoney, "trade": verbMoney, "deposit": verbMoney, "payout": verbMoney, "invoice": verbMoney, "subscribe": verbMoney,
	"run": verbExec, "execute": verbExec, "exec": verbExec, "eval": verbExec, "deploy": verbExec, "install": verbExec, "script": verbExec, "shell": verbExec,
	"grant": verbGrant, "assign": verbGrant, "permission": verbGrant, "permissions": verbGrant, "role": verbGrant, "admin": verbGrant, "authorize": verbGrant,
}

// classifyVerbs returns the strictest class among the words.
func classifyVerbs(words []string) verbClass {
	best := verbUnknown
	for _, w := range words {
		c, ok := verbs[w]
		if !ok {
			c, ok = verbs[strings.TrimSuffix(strings.TrimSuffix(w, "s"), "e")]
		}
		if ok && c > best {
			best = c
		}
	}
	return best
}
