package privacy

import "strings"

// piiCtx is what the words just before a number say it is. A bare number
// is personal data only when its context says so ("acct 12345678"), and a
// well-formed one is not when the context says otherwise ("order
// 415-555-0100"). The nearest keyword wins: in "call about order
// 12345678" the number is an order number.
type piiCtx uint8

const (
	piiCtxNone    piiCtx = iota
	piiCtxPhone          // phone, tel, mobile, fax, call, 电话
	piiCtxAccount        // account, acct, a/c, 账号
	piiCtxRouting        // routing, sort code, swift: a bank's code, not an account
	piiCtxCard           // card, credit, visa
	piiCtxSSN            // ssn, social security, itin
	piiCtxEIN            // ein, employer identification
	piiCtxTax            // tax id, tin, vat, nif, 税号
	piiCtxOther          // order, invoice, tracking, version, zip: not personal data
)

// piiCtxWindow is how far back, in bytes, context is looked for.
const piiCtxWindow = 64

// piiContextBefore returns the kind of the nearest keyword before pos
// that speaks of the number at pos. A keyword that says what a number
// is (phone, account, card…) counts anywhere within piiCtxWindow bytes
// on the line. A keyword that says the number is not personal data
// (order, invoice, version…) counts only when it is said of this number:
// nothing but punctuation and words such as "number", "no.", "id", "is"
// stands between them ("order no. 12345678", "tracking number is
// 1Z999…"), so "I asked about my order. Call 415-555-0100" is a phone
// number. When the number starts its line, the end of the line above
// is read too: a label written over its value ("Phone:\n+44 20 7946
// 0958", "call me at\n415 555 0100").
func piiContextBefore(t string, pos int) piiCtx {
	return piiContextScan(t, pos, max(pos-piiCtxWindow, 0), -1)
}

// piiContextScan reads back from pos to lo. words is the most words it
// reads (-1: no limit, and the line above may be read).
func piiContextScan(t string, pos, lo, words int) piiCtx {
	j := pos
	adjacent := true // only punctuation and filler words between j and pos
	seen := 0        // words read
	for j > lo {
		c := t[j-1]
		switch {
		case c == '\n':
			if words < 0 && seen == 0 {
				return piiContextAbove(t, j-1)
			}
			return piiCtxNone
		case c >= 0x80:
			if k := piiCJKKeyword(t[:j]); k != piiCtxNone && (k != piiCtxOther || adjacent) {
				return k
			}
			j--
		case piiIsLetter(c):
			e := j
			for j > lo && (piiIsLetter(t[j-1]) || t[j-1] == '_' || (t[j-1] == '/' && j-2 >= lo && piiIsLetter(t[j-2]))) {
				j--
			}
			if j > lo && piiIsDigit(t[j-1]) {
				continue // part of an identifier such as "v2beta"
			}
			k := piiCtxWord(t[j:e], piiPrevWord(t, lo, j))
			if k != piiCtxNone && (k != piiCtxOther || adjacent) {
				return k
			}
			if k != piiCtxOther && !piiFillerWord(t[j:e]) {
				adjacent = false
			}
			seen++
			if words >= 0 && seen >= words {
				return piiCtxNone
			}
		case c == '!' || c == '?' || c == ';' || c == ',' && seen > 0:
			adjacent = false
			j--
		case c == '.' && j < len(t) && (t[j] == ' ' || t[j] == '\n'):
			// The end of a sentence, unless it ends an abbreviation ("No.",
			// "ref.").
			if b := j - 1; b-4 < lo || piiIsLetter(t[b-1]) && piiIsLetter(t[b-2]) && piiIsLetter(t[b-3]) && piiIsLetter(t[b-4]) {
				adjacent = false
			}
			j--
		default:
			j--
		}
	}
	return piiCtxNone
}

// piiContextAbove reads the end of the line that ends at nl (a '\n'),
// skipping up to one blank line: the last four words of it.
func piiContextAbove(t string, nl int) piiCtx {
	for blank := 0; ; blank++ {
		e := nl
		for e > 0 && (t[e-1] == '\r' || t[e-1] == ' ' || t[e-1] == '\t') {
			e--
		}
		if e > 0 && t[e-1] == '\n' && blank == 0 {
			nl = e - 1 // one blank line between the label and the value
			continue
		}
		return piiContextScan(t, e, max(e-piiCtxWindow, 0), 4)
	}
}

// piiFillerWord reports a word that may stand between a keyword and
// its number without changing what the keyword speaks of: "order
// number is 1234", "invoice no. 56".
func piiFillerWord(w string) bool {
	if len(w) > 10 {
		return false
	}
	switch {
	case piiEqualFold(w, "number"), piiEqualFold(w, "numbers"), piiEqualFold(w, "no"), piiEqualFold(w, "nr"),
		piiEqualFold(w, "num"), piiEqualFold(w, "id"), piiEqualFold(w, "is"), piiEqualFold(w, "was"),
		piiEqualFold(w, "are"), piiEqualFold(w, "were"), piiEqualFold(w, "code"), piiEqualFold(w, "ref"),
		piiEqualFold(w, "reference"), piiEqualFold(w, "identifier"), piiEqualFold(w, "be"):
		return true
	}
	return false
}

// piiPrevWord returns the ASCII word that ends before j (skipping
// spaces), or "".
func piiPrevWord(t string, lo, j int) string {
	for j > lo && (t[j-1] == ' ' || t[j-1] == '-' || t[j-1] == '.') {
		j--
	}
	e := j
	for j > lo && piiIsLetter(t[j-1]) {
		j--
	}
	return t[j:e]
}

// piiCtxWord is the kind of one word, given the word before it. Compound
// identifiers (phone_number, account_id) take the kind of their first
// known part unless they name an identifier or a count.
func piiCtxWord(w, prev string) piiCtx {
	if i := strings.LastIndexByte(w, '_'); i >= 0 {
		switch strings.ToLower(w[i+1:]) {
		case "id", "ids", "key", "type", "count", "name", "url", "uuid", "hash", "format", "len", "length":
			return piiCtxOther // order_id, account_id: an identifier, not personal data
		}
		for w != "" {
			part := w
			if j := strings.IndexByte(w, '_'); j >= 0 {
				part, w = w[:j], w[j+1:]
			} else {
				w = ""
			}
			if part == "" || strings.IndexByte(part, '_') >= 0 {
				continue
			}
			if k := piiCtxWord(part, ""); k != piiCtxNone {
				return k
			}
		}
		return piiCtxNone
	}
	if len(w) > 32 {
		return piiCtxNone
	}
	var buf [32]byte
	for i := 0; i < len(w); i++ {
		buf[i] = piiLower(w[i])
	}
	switch string(buf[:len(w)]) {
	case "id", "ids", "identifier", "no", "nr", "num":
		// "tax ID", "SSN no": the word before says what; "customer ID"
		// and "account ID" are not personal data.
		switch k := piiCtxWord(prev, ""); k {
		case piiCtxTax, piiCtxSSN, piiCtxEIN, piiCtxPhone, piiCtxCard:
			return k
		case piiCtxAccount:
			if string(buf[:len(w)]) == "no" || string(buf[:len(w)]) == "nr" || string(buf[:len(w)]) == "num" {
				return k
			}
		}
		return piiCtxOther
	case "phone", "phones", "telephone", "tel", "mobile", "mob", "cell", "cellphone", "fax", "call", "calls",
		"calling", "called", "reach", "contact", "dial", "sms", "whatsapp", "ph", "answering",
		"hotline", "landline", "telefon", "telefono", "tlf", "handy", "phonenumber", "mobilenumber",
		"telephonenumber", "cellnumber", "faxnumber", "msisdn":
		return piiCtxPhone
	case "account", "accounts", "acct", "acc", "a/c", "accountnumber", "accountno", "acctno", "konto",
		"kontonummer", "cuenta", "compte", "conto", "rekening", "iban", "beneficiary":
		switch strings.ToLower(prev) {
		case "aws", "cloud", "user", "service", "customer", "gcp", "azure", "email", "github", "google",
			"twitter", "apple", "microsoft", "game", "admin", "root", "test", "demo", "storage":
			return piiCtxOther
		}
		return piiCtxAccount
	case "routing", "aba", "sort", "swift", "bic", "blz", "bsb", "ifsc", "transit", "routingnumber":
		return piiCtxRouting
	case "card", "cards", "cc", "visa", "mastercard", "amex", "credit", "debit", "cardnumber", "creditcard", "pan",
		"maestro", "jcb", "discover", "unionpay", "diners", "mir", "rupay", "cvv", "expiry":
		return piiCtxCard
	case "ssn", "ss", "social", "itin", "ssnumber":
		return piiCtxSSN
	case "ein", "fein", "employer":
		return piiCtxEIN
	case "tax", "tin", "taxpayer", "taxid", "vat", "tva", "ust", "mwst", "iva", "btw", "moms", "nif", "nie",
		"steuer", "steuernummer", "steuerid", "steueridentifikationsnummer", "utr", "gst", "abn", "cpf",
		"cnpj", "rfc", "vatin", "vatnumber", "idnr":
		return piiCtxTax
	case "order", "orders", "invoice", "ref", "reference", "tracking", "ticket", "transaction", "txn", "zip",
		"postcode", "postal", "version", "ver", "build", "release", "isbn", "sku", "serial", "license",
		"licence", "passport", "port", "pid", "uid", "code", "otp", "pin", "item", "product", "model",
		"part", "batch", "issue", "pr", "commit", "page", "line", "row", "size", "amount", "total", "price",
		"balance", "usd", "eur", "gbp", "cny", "rmb", "jpy", "chf", "year", "years", "since", "step":
		return piiCtxOther
	}
	return piiCtxNone
}

// piiCJKKeyword returns the kind of a Chinese keyword that ends t.
func piiCJKKeyword(t string) piiCtx {
	for _, k := range piiCJKKeywords {
		if strings.HasSuffix(t, k.word) {
			return k.ctx
		}
	}
	return piiCtxNone
}

var piiCJKKeywords = [...]struct {
	word string
	ctx  piiCtx
}{
	{"电话", piiCtxPhone}, {"手机", piiCtxPhone}, {"手机号", piiCtxPhone}, {"联系方式", piiCtxPhone},
	{"致电", piiCtxPhone}, {"拨打", piiCtxPhone}, {"电话号码", piiCtxPhone}, {"號碼", piiCtxPhone},
	{"账号", piiCtxAccount}, {"帐号", piiCtxAccount}, {"账户", piiCtxAccount}, {"帐户", piiCtxAccount},
	{"卡号", piiCtxCard}, {"银行卡", piiCtxCard}, {"信用卡", piiCtxCard},
	{"身份证", piiCtxTax}, {"身份证号", piiCtxTax}, {"税号", piiCtxTax}, {"纳税人识别号", piiCtxTax},
	{"订单", piiCtxOther}, {"订单号", piiCtxOther}, {"编号", piiCtxOther},
}

// piiPhoneWordAfter reports whether a phone label follows end on the same
// line: "555 0100 (office)", "06-10446904-Office".
func piiPhoneWordAfter(t string, end int) bool {
	p := end
	for k := 0; k < 3 && p < len(t) && (t[p] == ' ' || t[p] == '-' || t[p] == '(' || t[p] == ',' || t[p] == '\t'); k++ {
		p++
	}
	q := p
	for q < len(t) && q-p <= 10 && piiIsLetter(t[q]) {
		q++
	}
	if q == p || q-p > 10 {
		return false
	}
	switch w := t[p:q]; {
	case piiEqualFold(w, "office"), piiEqualFold(w, "fax"), piiEqualFold(w, "mobile"), piiEqualFold(w, "cell"),
		piiEqualFold(w, "home"), piiEqualFold(w, "work"), piiEqualFold(w, "phone"), piiEqualFold(w, "tel"),
		piiEqualFold(w, "landline"), piiEqualFold(w, "mob"):
		return true
	}
	return false
}
