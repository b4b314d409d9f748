package tools

import (
	"encoding/json"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Bounds on the arguments read: a tool's input is small, and a huge or deep
// one is judged on what is read within the bounds.
const (
	maxDepth   = 8
	maxEntries = 256
	maxValue   = 4096
)

// args is what the arguments of a call say.
type args struct {
	// partial: an argument was not read whole (more than maxEntries
	// entries, or a value longer than maxValue).
	partial bool
	// Money: every amount read, resolved by resolveMoney into the largest
	// one (amount, in major units of currency) and its dollar value.
	amounts    []amountArg
	itemsTotal float64 // the sum of price × quantity over line items
	hasItems   bool
	amount     float64
	hasAmount  bool
	currency   string // the amount's currency ("" when none is written: dollars)
	usd        float64
	usdKnown   bool   // the currency has a rate (toUSD)
	curArg     string // the currency argument, read by currencyOf
	// minorUnits: the tool or API counts "amount" in minor units (Stripe,
	// Adyen, Square…), so an integer amount is cents.
	minorUnits bool

	recipients []string
	payees     []string // recipients named by a payee's key (payee, beneficiary, to_account, iban…)
	// payeeAccounts are the details of where a payment's money goes
	// (account and routing numbers, IBAN, BIC, wallet), labelled.
	payeeAccounts []string
	names         []string // names of the things acted on (file, repo, title)
	urls, paths   []string
	queries       []string
	code          []string
	methods       []string
	roles         []string
	destructive   []string // argument names that make the call destructive
	everything    bool     // the call names everything: all=true, path "/"
	newPayee      bool
	falsy         bool     // a guard argument (enforce…, require…, enabled) is false, 0, "off" or "none"
	public        bool     // visibility, privacy or sharing set to public
	secrets       []string // argument names that set a password, a PIN or a key
	// content is what a message or a post says (subject, body, text…),
	// attachments the files it carries, refs what it answers or settles (an
	// e-mail id, a thread, an invoice): a reference implies a recipient or
	// a payee.
	content     []string
	contentLen  int
	attachments []string
	refs        []string
	seen        int

	// pathArgs are the paths on this machine the arguments name (see
	// pathSideOf); remoteKey: a top-level argument places them in a remote
	// store (repo, bucket) rather than on this machine.
	pathArgs  []pathArg
	remoteKey bool
	// fileTool: the tool's name says it acts on files, so both ends of a
	// move are paths whatever they look like; schema the roles the MCP
	// server's input schema gives to argument names (see schemaRoles).
	fileTool bool
	schema   map[string]Role

	// What the arguments do beyond the name (argeffect.go): the verb a
	// mode, an action, a follow-up step or a switch names, the argument
	// that names it, whether it made the call's effect stronger than the
	// name's, and where the result is delivered.
	argVerb, argVerbKey string
	argEscalated        bool
	deliveries          []delivery
}

// amountArg is one amount argument.
type amountArg struct {
	v        float64 // as written, major units unless minor
	cur      string  // its own currency ("" when only a currency argument can say)
	minor    bool    // in minor units by its key (amount_cents)
	integral bool    // written as a whole number: cents for a minor-unit API
}

// maxAmounts bounds the amounts kept; maxContent the text of a message read.
const (
	maxAmounts = 16
	maxContent = 16 << 10
)

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
	recipientKeys map[string]bool
	// payeeKeys name who a payment goes to whatever the tool's verb.
	payeeKeys  map[string]bool
	amountKeys map[string]bool
	// minorKeys hold amounts in minor units (cents, pence, paise) whatever the API.
	minorKeys    map[string]bool
	priceKeys    map[string]bool
	qtyKeys      map[string]bool
	currencyKeys map[string]bool
	urlKeys      map[string]bool
	pathKeys     map[string]bool
	nameKeys     map[string]bool
	queryKeys    map[string]bool
	codeKeys     map[string]bool
	roleKeys     map[string]bool
	// Flags that make a call destructive when set.
	destructiveKeys map[string]bool
	newPayeeKeys    map[string]bool
	// exposureKeys say who sees a thing: set to public, everyone sees it.
	exposureKeys map[string]bool
	secretKeys   map[string]bool
	// senderKeys hold the sender's own address ({"from": {"email": …}}): not a recipient.
	senderKeys map[string]bool
	// contentKeys hold what a message or a post says.
	contentKeys    map[string]bool
	attachmentKeys map[string]bool
	// refKeys name what a call answers or settles: a reply has the
	// recipient of what it answers, a bill or an invoice its payee.
	refKeys map[string]bool
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
// minorUnits says that the tool's API counts "amount" in minor units.
func readArgs(input map[string]any, minorUnits, fileTool bool, schema map[string]Role) *args {
	a := &args{minorUnits: minorUnits, fileTool: fileTool, schema: schema}
	a.walk(input, "", "", 0)
	a.resolveMoney()
	return a
}

// resolveMoney picks the amount that decides: the largest in dollars, or
// the first whose currency has no rate (its value is unknown, which
// counts as missing information). Line items add up when no amount
// argument says the total.
func (a *args) resolveMoney() {
	if len(a.amounts) == 0 && a.hasItems {
		a.amounts = append(a.amounts, amountArg{v: a.itemsTotal})
	}
	best := -1.0
	for _, am := range a.amounts {
		cur := am.cur
		if cur == "" {
			cur = a.curArg
		}
		v := am.v
		if am.minor || a.minorUnits && am.integral {
			v /= math.Pow10(minorExponent(cur))
		}
		usd, ok := toUSD(v, cur)
		switch {
		case !ok && (a.usdKnown || !a.hasAmount):
			a.amount, a.currency, a.usd, a.usdKnown, best = v, cur, 0, false, math.Inf(1)
		case ok && usd > best:
			a.amount, a.currency, a.usd, a.usdKnown, best = v, cur, usd, true, usd
		}
		a.hasAmount = true
	}
}

func (a *args) walk(v any, key, parent string, depth int) {
	a.seen++
	if a.seen > maxEntries || depth > maxDepth {
		a.partial = true
		return
	}
	switch v := v.(type) {
	case map[string]any:
		// A line item: its price times its quantity.
		var price, qty float64
		hasPrice := false
		// Keys in order: the first term found, the entries read before
		// the limit and so the decision do not change from run to run.
		for _, k := range slices.Sorted(maps.Keys(v)) {
			e := v[k]
			nk := normKey(k)
			switch {
			case priceKeys[nk]:
				if f, cur, ok := numberOf(e); ok {
					price, hasPrice = f, true
					if cur != "" && a.curArg == "" {
						a.curArg = cur
					}
				}
			case qtyKeys[nk]:
				if f, _, ok := numberOf(e); ok {
					qty = f
				}
			}
			if depth == 0 && remoteKeys()[nk] {
				a.remoteKey = true
			}
			a.walk(e, nk, key, depth+1)
		}
		if hasPrice {
			a.itemsTotal += price * max(qty, 1)
			a.hasItems = true
		}
	case []any:
		for _, e := range v {
			a.walk(e, key, parent, depth+1)
		}
	case []string:
		for _, e := range v {
			a.walk(e, key, parent, depth+1)
		}
	case string:
		a.value(key, parent, v)
	case float64:
		a.number(key, v, v == math.Trunc(v))
		a.payeeAccountNumber(key, parent, v)
	case int:
		a.number(key, float64(v), true)
		a.payeeAccountNumber(key, parent, float64(v))
	case int64:
		a.number(key, float64(v), true)
		a.payeeAccountNumber(key, parent, float64(v))
	case json.Number:
		if f, err := v.Float64(); err == nil {
			a.number(key, f, !strings.ContainsAny(v.String(), ".eE"))
		}
		if _, ok := payeeAccountLabels()[key]; ok {
			a.payeeAccount(key, parent, v.String())
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

// numberOf reads a number or an amount in text.
func numberOf(v any) (float64, string, bool) {
	switch v := v.(type) {
	case float64:
		return math.Abs(v), "", !math.IsNaN(v) && !math.IsInf(v, 0)
	case int:
		return math.Abs(float64(v)), "", true
	case int64:
		return math.Abs(float64(v)), "", true
	case json.Number:
		f, err := v.Float64()
		return math.Abs(f), "", err == nil && !math.IsInf(f, 0)
	case string:
		return parseMoney(v)
	}
	return 0, "", false
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

// addAmount keeps an amount argument; key decides its units.
func (a *args) addAmount(key string, f float64, cur string, integral bool) {
	if len(a.amounts) >= maxAmounts {
		return
	}
	if strings.HasSuffix(key, "usd") {
		cur = "USD" // amount_usd
	}
	a.amounts = append(a.amounts, amountArg{v: math.Abs(f), cur: cur, minor: minorKeys[key], integral: integral})
}

func (a *args) number(key string, f float64, integral bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return
	}
	if f == 0 && guardKey(key) {
		a.falsy = true
	}
	switch {
	case amountKeys[key] || minorKeys[key]:
		a.addAmount(key, f, "", integral)
	case priceKeys[key] || qtyKeys[key]:
		// Read with their line item (walk).
	case f == 1 && (destructiveKeys[key] || newPayeeKeys[key]):
		a.flag(key)
	case recipientKeys[key]:
		r := strconv.FormatFloat(f, 'f', -1, 64)
		a.recipients = append(a.recipients, r)
		if payeeKeys[key] {
			a.payees = append(a.payees, r)
		}
	case refKeys[key]:
		a.refs = append(a.refs, key)
	}
}

func (a *args) value(key, parent, v string) {
	if rawMessageArg(key, parent) && a.readRawMessage(v) {
		return
	}
	if len(v) > maxValue {
		v = v[:maxValue]
		a.partial = true
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
	if t != "" && (parent == "" || a.schema[key] == RolePath) {
		// Value-based paths only at the top level: the text inside an
		// edit ({"edits": [{"oldText": "/etc/hosts"}]}) is not a path.
		if s, ok := pathSideOf(key, t, a.fileTool, a.schema[key] == RolePath); ok {
			a.addPath(key, t, s)
		}
	} else if t != "" && (pathKeys[key] || pathListKeys()[key]) {
		a.addPath(key, t, sidePlain)
	}
	if secretKeys[key] && t != "" && len(a.secrets) < 4 {
		a.secrets = append(a.secrets, key)
	}
	if t != "" && (contentKeys[key] && key != "value" || key == "value" && (parent == "content" || parent == "text" || parent == "body")) && a.contentLen < maxContent {
		a.content = append(a.content, t)
		a.contentLen += len(t)
	}
	if t != "" && attachmentKeys[key] && len(a.attachments) < 16 {
		a.attachments = append(a.attachments, t)
	}
	if t != "" && refKeys[key] && len(a.refs) < 16 {
		a.refs = append(a.refs, key)
	}
	a.payeeAccount(key, parent, t)
	switch {
	case (key == "replyto" || key == "email" && parent == "replyto") && looksLikeAddress(t):
		// Where the answers go: whoever reads the message writes back
		// to this address.
		a.recipients = append(a.recipients, t)
	case recipientKeys[key] && !senderKeys[parent]:
		for _, r := range splitRecipients(t) {
			a.recipients = append(a.recipients, r)
			if payeeKeys[key] {
				a.payees = append(a.payees, r)
			}
		}
	case amountKeys[key] || minorKeys[key]:
		if m, ok := readMoney(t); ok {
			a.addAmount(key, m.amount, m.cur, allDigits(t))
		}
	case priceKeys[key] || qtyKeys[key]:
		// Read with their line item (walk).
	case currencyKeys[key]:
		if a.curArg == "" {
			a.curArg = currencyOf(t)
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
