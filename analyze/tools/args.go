package tools

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// Bounds on the arguments read: a tool's input is small, and a huge or deep
// one is judged on what is read within the bounds.
const (
	maxDepth   = 4
	maxEntries = 256
	maxValue   = 4096
)

// args is what the arguments of a call say.
type args struct {
	amount      float64
	hasAmount   bool
	price, qty  float64
	currency    string
	recipients  []string
	names       []string // names of the things acted on (file, repo, title)
	urls, paths []string
	queries     []string
	code        []string
	methods     []string
	roles       []string
	destructive []string // argument names that make the call destructive
	everything  bool     // the call names everything: all=true, path "/"
	newPayee    bool
	falsy       bool     // a guard argument (enforce…, require…, enabled) is false, 0, "off" or "none"
	public      bool     // visibility, privacy or sharing set to public
	secrets     []string // argument names that set a password, a PIN or a key
	seen        int
}

func normKey(k string) string {
	var b strings.Builder
	for i := 0; i < len(k) && i < 64; i++ {
		c := k[i]
		switch {
		case c >= 'A' && c <= 'Z':
			b.WriteByte(c + 'a' - 'A')
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			b.WriteByte(c)
		}
	}
	return b.String()
}

var (
	recipientKeys = set("to", "cc", "bcc", "recipient", "recipients", "email", "emails", "emailaddress", "phone",
		"phonenumber", "phonenumbers", "channel", "channelid", "channelname", "receiver", "payee", "payeeid", "payeename",
		"toaccount", "toaccountnumber", "recipientaccount", "recipientaccountnumber", "username", "user", "userid", "handle",
		"contact", "contacts", "attendees", "attendee", "guest", "guests", "guestemail", "guestname", "invitee", "invitees",
		"collaborator", "collaboratorusername", "destination", "destinationaddress", "toaddress", "walletaddress",
		"recipientemail", "recipientname", "recipientid", "member", "members", "assignee", "number", "tonumber", "chatid",
		"conversationid", "to_", "address", "recipientusername", "recipienthandle", "touser", "tousername", "iban", "toiban",
		"recipientiban", "beneficiary", "beneficiaryname", "beneficiaryiban", "beneficiaryaccount", "destinationaccount",
		"payeeaccount", "friend", "friendusername", "participants", "participant", "emailaddresses")
	amountKeys   = set("amount", "value", "total", "sum", "cost", "amountusd", "paymentamount", "transferamount", "totalamount", "fee", "tip")
	priceKeys    = set("price", "unitprice", "limitprice")
	qtyKeys      = set("quantity", "qty", "shares", "units")
	currencyKeys = set("currency", "currencycode", "coin", "asset", "symbol", "pair", "ticker", "token")
	urlKeys      = set("url", "uri", "link", "endpoint", "webhook", "webhookurl", "href", "website")
	pathKeys     = set("path", "file", "filepath", "filename", "directory", "dir", "folder", "itempath", "src", "source",
		"localfilepath", "cloudfilepath", "dest", "target", "targetpath", "folderpath")
	nameKeys = set("name", "title", "repo", "repository", "reponame", "repoid", "project", "projectname", "taskname",
		"subject", "productname", "item", "itemname", "device", "devicename", "door", "lockname", "event", "eventname",
		"bucket", "bucketname", "database", "db", "dbname", "table", "tablename", "cluster", "namespace", "volume", "environment", "env")
	queryKeys = set("query", "q", "search", "keyword", "keywords", "searchterm", "filter", "sql")
	codeKeys  = set("code", "script", "command", "cmd", "program", "commands", "expression", "snippet")
	roleKeys  = set("role", "roles", "permission", "permissions", "accesslevel", "access", "level", "privilege", "privileges",
		"policy", "policyarn", "policyname", "rolename", "group", "groupname", "scope", "scopes", "clusterrole")
	// Flags that make a call destructive when set.
	destructiveKeys = set("force", "recursive", "all", "permanent", "permanently", "hard", "purge", "cascade",
		"deleteall", "removeall", "noconfirm", "skipconfirmation", "noverify", "overwrite", "harddelete", "wipe",
		"forcedelete", "deletepermanently", "includesubfolders", "bypass")
	newPayeeKeys = set("newpayee", "isnewpayee", "firsttime", "firstpayment", "addpayee")
	// exposureKeys say who sees a thing: set to public, everyone sees it.
	exposureKeys = set("visibility", "privacy", "privacysetting", "privacylevel", "audience", "sharing", "access", "accesslevel", "public", "ispublic", "shareable")
	secretKeys   = set("password", "newpassword", "passcode", "pin", "newpin", "passphrase", "secret", "privatekey", "sshkey", "mfa", "twofactor", "2fa")
)

func set(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// readArgs walks the input, depth first in no particular order; every
// category's list is sorted afterwards by the caller when order matters.
func readArgs(input map[string]any) *args {
	a := &args{}
	a.walk(input, "", 0)
	if !a.hasAmount && a.price > 0 {
		a.amount, a.hasAmount = a.price, true
		if a.qty > 0 {
			a.amount = a.price * a.qty
		}
	}
	return a
}

func (a *args) walk(v any, key string, depth int) {
	a.seen++
	if a.seen > maxEntries || depth > maxDepth {
		return
	}
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			a.walk(e, normKey(k), depth+1)
		}
	case []any:
		for _, e := range v {
			a.walk(e, key, depth+1)
		}
	case []string:
		for _, e := range v {
			a.walk(e, key, depth+1)
		}
	case string:
		a.value(key, v)
	case float64:
		a.number(key, v)
	case int:
		a.number(key, float64(v))
	case int64:
		a.number(key, float64(v))
	case json.Number:
		if f, err := v.Float64(); err == nil {
			a.number(key, f)
		}
	case bool:
		if v {
			a.flag(key)
			if key == "public" || key == "ispublic" {
				a.public = true
			}
		} else {
			a.falsy = a.falsy || guardKey(key)
			if key == "private" || key == "isprivate" {
				a.public = true // "private": false
			}
		}
	}
}

func (a *args) flag(key string) {
	if destructiveKeys[key] {
		a.destructive = append(a.destructive, key)
		if key == "all" || key == "deleteall" || key == "removeall" {
			a.everything = true
		}
	}
	if newPayeeKeys[key] {
		a.newPayee = true
	}
}

func (a *args) number(key string, f float64) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return
	}
	if f == 0 && guardKey(key) {
		a.falsy = true
	}
	switch {
	case amountKeys[key] && !a.hasAmount:
		a.amount, a.hasAmount = math.Abs(f), true
	case priceKeys[key]:
		a.price = math.Abs(f)
	case qtyKeys[key]:
		a.qty = math.Abs(f)
	case f == 1 && (destructiveKeys[key] || newPayeeKeys[key]):
		a.flag(key)
	case recipientKeys[key]:
		a.recipients = append(a.recipients, strconv.FormatFloat(f, 'f', -1, 64))
	}
}

func (a *args) value(key, v string) {
	if len(v) > maxValue {
		v = v[:maxValue]
	}
	t := strings.TrimSpace(v)
	switch strings.ToLower(t) {
	case "false", "off", "none", "disabled", "disable", "no":
		a.falsy = a.falsy || guardKey(key)
	case "public", "anyone", "everyone", "anyonewithlink", "anyone_with_link", "world":
		if exposureKeys[key] {
			a.public = true
		}
	}
	if secretKeys[key] && t != "" && len(a.secrets) < 4 {
		a.secrets = append(a.secrets, key)
	}
	switch {
	case recipientKeys[key]:
		for _, r := range strings.FieldsFunc(t, func(c rune) bool { return c == ',' || c == ';' }) {
			if r = strings.TrimSpace(r); r != "" {
				a.recipients = append(a.recipients, r)
			}
		}
	case amountKeys[key] || priceKeys[key] || qtyKeys[key]:
		if f, cur, ok := parseMoney(t); ok {
			a.number(key, f)
			if cur != "" && a.currency == "" {
				a.currency = cur
			}
		}
	case currencyKeys[key]:
		if a.currency == "" {
			a.currency = strings.ToUpper(t)
		}
	case urlKeys[key]:
		a.urls = append(a.urls, t)
	case pathKeys[key]:
		a.paths = append(a.paths, t)
		if t == "/" || t == "*" || t == "/*" || t == "~" || t == "~/" || t == "." {
			a.everything = true
		}
	case nameKeys[key]:
		a.names = append(a.names, t)
	case queryKeys[key]:
		a.queries = append(a.queries, t)
	case codeKeys[key]:
		a.code = append(a.code, t)
	case key == "method" || key == "httpmethod":
		a.methods = append(a.methods, strings.ToUpper(t))
	case roleKeys[key]:
		a.roles = append(a.roles, t) // case kept: splitName reads AdministratorAccess
	case destructiveKeys[key] || newPayeeKeys[key]:
		switch strings.ToLower(t) {
		case "true", "yes", "1", "on":
			a.flag(key)
		}
	}
}

// currencySigns maps a sign or code found next to an amount to a code.
var currencySigns = map[string]string{"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₿": "BTC"}

// parseMoney reads an amount in text such as "$1,200.50", "1200 USD",
// "EUR 30" or "0.5 BTC": the first number, commas between digits dropped,
// and a currency sign or three-to-four-letter code next to it.
func parseMoney(s string) (float64, string, bool) {
	cur := ""
	for sign, code := range currencySigns {
		if strings.Contains(s, sign) {
			cur = code
			break
		}
	}
	start := -1
	var num strings.Builder
	end := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= '0' && c <= '9' || (c == '.' && start >= 0) {
			if start < 0 {
				start = i
			}
			num.WriteByte(c)
			end = i + 1
			continue
		}
		if c == ',' && start >= 0 && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
			continue
		}
		if start >= 0 {
			break
		}
	}
	if start < 0 {
		return 0, "", false
	}
	f, err := strconv.ParseFloat(strings.TrimRight(num.String(), "."), 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, "", false
	}
	if cur == "" {
		for _, part := range []string{s[:start], s[end:]} {
			code := strings.ToUpper(strings.Trim(strings.TrimSpace(part), "-+ "))
			if n := len(code); n >= 3 && n <= 4 && isLetters(code) {
				cur = code
			}
		}
	}
	return f, cur, true
}

func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

// targetWords are the lower-case words of the names, paths and URLs the
// call acts on ("prod-backups" gives prod and backups).
func (a *args) targetWords() []string {
	var ws []string
	for _, group := range [][]string{a.names, a.paths, a.urls} {
		for _, v := range group {
			if len(v) > 256 {
				v = v[:256]
			}
			ws = append(ws, splitName(v)...)
		}
	}
	return ws
}

// guardKey reports an argument that switches a protection on: enforce_admins,
// required_approving_review_count, mfa_enabled, require_signed_commits.
func guardKey(key string) bool {
	for _, g := range []string{"enforce", "require", "enable", "protect", "mfa", "2fa", "twofactor", "auth", "verif", "scan", "lock"} {
		if strings.Contains(key, g) {
			return true
		}
	}
	return false
}
