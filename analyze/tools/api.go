package tools

import (
	"encoding/json"
	"net/url"
	"strings"
)

// HTTP requests to the APIs that move money, send messages or publish:
// a POST to api.stripe.com/v1/transfers is a payment whatever the tool that
// sends it is called (HTTPRequest, WebFetch, curl). Each route names what
// the request does there; its body is read like a tool call's arguments.

// apiRoute is one API endpoint.
type apiRoute struct {
	host      string // exact host; ".example.com" matches it and its subdomains; "*" any host
	path      string // what the lower-case path contains; "*" stands for any text ("/chats/*/messages")
	effect    string
	verb      string // the verb the call is judged by (pay, transfer, refund, send, post)
	noun      string // what the call is, for the summary
	minor     bool   // "amount" is in minor units (cents)
	payee     int8   // 1: pays someone the body names; -1: a merchant or the user's own account; 0: by verb
	elsewhere bool   // the recipients are inside an encoded message
}

// apiRoutes are checked in order: a more specific path comes first.
var apiRoutes = []apiRoute{
	// Payments. Stripe, Square, Adyen, Checkout.com, Razorpay, Paystack
	// and GoCardless count amounts in minor units; PayPal, Wise, Coinbase,
	// Mollie and Revolut in major units.
	{host: "api.stripe.com", path: "/v1/transfers", effect: EffectPayment, verb: "transfer", noun: "A Stripe transfer", minor: true, payee: 1},
	{host: "api.stripe.com", path: "/v1/payouts", effect: EffectPayment, verb: "payout", noun: "A Stripe payout", minor: true, payee: -1},
	{host: "api.stripe.com", path: "/v1/charges", effect: EffectPayment, verb: "charge", noun: "A Stripe charge", minor: true, payee: -1},
	{host: "api.stripe.com", path: "/v1/payment_intents", effect: EffectPayment, verb: "charge", noun: "A Stripe payment", minor: true, payee: -1},
	{host: "api.stripe.com", path: "/v1/refunds", effect: EffectPayment, verb: "refund", noun: "A Stripe refund", minor: true, payee: -1},
	{host: "api.stripe.com", path: "/v1/topups", effect: EffectPayment, verb: "deposit", noun: "A Stripe top-up", minor: true, payee: -1},
	{host: "api.stripe.com", path: "/v1/checkout/sessions", effect: EffectPayment, verb: "charge", noun: "A Stripe checkout", minor: true, payee: -1},
	{host: "api.stripe.com", path: "/v1/invoices/*/pay", effect: EffectPayment, verb: "pay", noun: "A Stripe invoice payment", minor: true, payee: -1},
	{host: ".paypal.com", path: "/payments/payouts", effect: EffectPayment, verb: "transfer", noun: "A PayPal payout", payee: 1},
	{host: ".paypal.com", path: "/checkout/orders", effect: EffectPayment, verb: "order", noun: "A PayPal order", payee: -1},
	{host: ".paypal.com", path: "/payments/captures", effect: EffectPayment, verb: "refund", noun: "A PayPal refund", payee: -1},
	{host: ".paypal.com", path: "/payments/authorizations", effect: EffectPayment, verb: "charge", noun: "A PayPal capture", payee: -1},
	{host: "api.wise.com", path: "/transfers", effect: EffectPayment, verb: "transfer", noun: "A Wise transfer", payee: 1},
	{host: "api.wise.com", path: "/payments", effect: EffectPayment, verb: "transfer", noun: "A Wise transfer", payee: 1},
	{host: "api.transferwise.com", path: "/transfers", effect: EffectPayment, verb: "transfer", noun: "A Wise transfer", payee: 1},
	{host: "api.transferwise.com", path: "/payments", effect: EffectPayment, verb: "transfer", noun: "A Wise transfer", payee: 1},
	{host: "api.coinbase.com", path: "/transactions", effect: EffectPayment, verb: "send", noun: "A Coinbase transfer", payee: 1},
	{host: "api.coinbase.com", path: "/orders", effect: EffectPayment, verb: "trade", noun: "A Coinbase trade", payee: -1},
	{host: "api.coinbase.com", path: "/buys", effect: EffectPayment, verb: "buy", noun: "A Coinbase purchase", payee: -1},
	{host: "api.coinbase.com", path: "/sells", effect: EffectPayment, verb: "sell", noun: "A Coinbase sale", payee: -1},
	{host: "api.coinbase.com", path: "/withdrawals", effect: EffectPayment, verb: "withdraw", noun: "A Coinbase withdrawal", payee: 1},
	{host: ".squareup.com", path: "/v2/payments", effect: EffectPayment, verb: "charge", noun: "A Square payment", minor: true, payee: -1},
	{host: ".squareup.com", path: "/v2/refunds", effect: EffectPayment, verb: "refund", noun: "A Square refund", minor: true, payee: -1},
	{host: ".checkout.com", path: "/transfers", effect: EffectPayment, verb: "transfer", noun: "A Checkout.com transfer", minor: true, payee: 1},
	{host: ".checkout.com", path: "/payments", effect: EffectPayment, verb: "charge", noun: "A Checkout.com payment", minor: true, payee: -1},
	{host: ".adyen.com", path: "/payout", effect: EffectPayment, verb: "transfer", noun: "An Adyen payout", minor: true, payee: 1},
	{host: ".adyen.com", path: "/payments", effect: EffectPayment, verb: "charge", noun: "An Adyen payment", minor: true, payee: -1},
	{host: ".adyenpayments.com", path: "/payments", effect: EffectPayment, verb: "charge", noun: "An Adyen payment", minor: true, payee: -1},
	{host: "api.razorpay.com", path: "/payouts", effect: EffectPayment, verb: "transfer", noun: "A Razorpay payout", minor: true, payee: 1},
	{host: "api.razorpay.com", path: "/transfers", effect: EffectPayment, verb: "transfer", noun: "A Razorpay transfer", minor: true, payee: 1},
	{host: "api.razorpay.com", path: "/payments", effect: EffectPayment, verb: "charge", noun: "A Razorpay payment", minor: true, payee: -1},
	{host: "api.paystack.co", path: "/transfer", effect: EffectPayment, verb: "transfer", noun: "A Paystack transfer", minor: true, payee: 1},
	{host: "api.paystack.co", path: "/transaction", effect: EffectPayment, verb: "charge", noun: "A Paystack charge", minor: true, payee: -1},
	{host: "api.gocardless.com", path: "/payments", effect: EffectPayment, verb: "charge", noun: "A GoCardless payment", minor: true, payee: -1},
	{host: "api.mollie.com", path: "/payments", effect: EffectPayment, verb: "charge", noun: "A Mollie payment", payee: -1},
	{host: "api.mollie.com", path: "/refunds", effect: EffectPayment, verb: "refund", noun: "A Mollie refund", payee: -1},
	{host: ".revolut.com", path: "/pay", effect: EffectPayment, verb: "transfer", noun: "A Revolut payment", payee: 1},
	{host: ".revolut.com", path: "/transfer", effect: EffectPayment, verb: "transfer", noun: "A Revolut transfer", payee: -1},
	{host: ".plaid.com", path: "/transfer/create", effect: EffectPayment, verb: "transfer", noun: "A Plaid transfer", payee: 1},
	{host: "api.venmo.com", path: "/payments", effect: EffectPayment, verb: "pay", noun: "A Venmo payment", payee: 1},

	// Messages.
	{host: "api.twilio.com", path: "/messages", effect: EffectSend, verb: "send", noun: "A text message"},
	{host: "api.twilio.com", path: "/calls", effect: EffectSend, verb: "call", noun: "A call"},
	{host: "slack.com", path: "/api/chat.post", effect: EffectSend, verb: "send", noun: "A Slack message"},
	{host: "slack.com", path: "/api/chat.schedulemessage", effect: EffectSend, verb: "send", noun: "A Slack message"},
	{host: "hooks.slack.com", path: "/services/", effect: EffectSend, verb: "send", noun: "A Slack message"},
	{host: "api.telegram.org", path: "/send", effect: EffectSend, verb: "send", noun: "A Telegram message"},
	{host: ".discord.com", path: "/webhooks/", effect: EffectSend, verb: "send", noun: "A Discord message"},
	{host: ".discord.com", path: "/channels/*/messages", effect: EffectSend, verb: "send", noun: "A Discord message"},
	{host: "discord.com", path: "/webhooks/", effect: EffectSend, verb: "send", noun: "A Discord message"},
	{host: "discord.com", path: "/channels/*/messages", effect: EffectSend, verb: "send", noun: "A Discord message"},
	{host: "graph.facebook.com", path: "/messages", effect: EffectSend, verb: "send", noun: "A WhatsApp or Messenger message"},
	{host: "api.sendgrid.com", path: "/mail/send", effect: EffectSend, verb: "send", noun: "An e-mail"},
	{host: ".mailgun.net", path: "/messages", effect: EffectSend, verb: "send", noun: "An e-mail"},
	{host: "api.postmarkapp.com", path: "/email", effect: EffectSend, verb: "send", noun: "An e-mail"},
	{host: "api.resend.com", path: "/emails", effect: EffectSend, verb: "send", noun: "An e-mail"},
	{host: "graph.microsoft.com", path: "/sendmail", effect: EffectSend, verb: "send", noun: "An e-mail"},
	{host: "graph.microsoft.com", path: "/messages/*/send", effect: EffectSend, verb: "send", noun: "An e-mail"},
	{host: "graph.microsoft.com", path: "/chats/*/messages", effect: EffectSend, verb: "send", noun: "A Teams message"},
	{host: "graph.microsoft.com", path: "/channels/*/messages", effect: EffectSend, verb: "send", noun: "A Teams message"},
	{host: "gmail.googleapis.com", path: "/messages/send", effect: EffectSend, verb: "send", noun: "An e-mail", elsewhere: true},
	{host: ".api.mailchimp.com", path: "/actions/send", effect: EffectPost, verb: "broadcast", noun: "A mass e-mail campaign"},

	// Public posts.
	{host: "api.twitter.com", path: "/tweets", effect: EffectPost, verb: "post", noun: "A post on X"},
	{host: "api.twitter.com", path: "/statuses/update", effect: EffectPost, verb: "post", noun: "A post on X"},
	{host: "api.x.com", path: "/tweets", effect: EffectPost, verb: "post", noun: "A post on X"},
	{host: "api.linkedin.com", path: "/ugcposts", effect: EffectPost, verb: "post", noun: "A post on LinkedIn"},
	{host: "api.linkedin.com", path: "/posts", effect: EffectPost, verb: "post", noun: "A post on LinkedIn"},
	{host: "api.linkedin.com", path: "/shares", effect: EffectPost, verb: "post", noun: "A post on LinkedIn"},
	{host: "graph.facebook.com", path: "/media_publish", effect: EffectPost, verb: "publish", noun: "A post on Instagram"},
	{host: "graph.facebook.com", path: "/feed", effect: EffectPost, verb: "post", noun: "A post on Facebook"},
	{host: "graph.facebook.com", path: "/photos", effect: EffectPost, verb: "post", noun: "A post on Facebook"},
	{host: "graph.facebook.com", path: "/videos", effect: EffectPost, verb: "post", noun: "A post on Facebook"},
	{host: "graph.instagram.com", path: "/media", effect: EffectPost, verb: "publish", noun: "A post on Instagram"},
	{host: "graph.threads.net", path: "/threads", effect: EffectPost, verb: "publish", noun: "A post on Threads"},
	{host: "*", path: "/api/v1/statuses", effect: EffectPost, verb: "post", noun: "A post on Mastodon"},
	{host: "*", path: "/xrpc/com.atproto.repo.createrecord", effect: EffectPost, verb: "post", noun: "A post on Bluesky"},
	{host: "oauth.reddit.com", path: "/api/submit", effect: EffectPost, verb: "post", noun: "A post on Reddit"},
	{host: "oauth.reddit.com", path: "/api/comment", effect: EffectPost, verb: "comment", noun: "A comment on Reddit"},
	{host: "public-api.wordpress.com", path: "/posts", effect: EffectPost, verb: "publish", noun: "A WordPress post"},
	{host: "*", path: "/wp-json/wp/v2/posts", effect: EffectPost, verb: "publish", noun: "A WordPress post"},
	{host: "api.medium.com", path: "/posts", effect: EffectPost, verb: "publish", noun: "A post on Medium"},
	{host: "*", path: "/ghost/api/admin/posts", effect: EffectPost, verb: "publish", noun: "A Ghost post"},
	{host: ".googleapis.com", path: "/youtube/v3/videos", effect: EffectPost, verb: "publish", noun: "A YouTube upload"},
	{host: "open.tiktokapis.com", path: "/post/publish", effect: EffectPost, verb: "publish", noun: "A TikTok post"},
	{host: "api.github.com", path: "/gists", effect: EffectPost, verb: "publish", noun: "A public GitHub gist"},
}

// routeOf finds the API route of a URL, or nil. The URL may lack its
// scheme ("api.stripe.com/v1/charges", as HTTPie writes it).
func routeOf(raw string) *apiRoute {
	raw = strings.TrimSpace(raw)
	if !strings.Contains(raw, "://") {
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil
	}
	host := strings.ToLower(u.Hostname())
	p := strings.ToLower(u.EscapedPath())
	for i := range apiRoutes {
		r := &apiRoutes[i]
		if !hostMatches(host, r.host) || !pathMatches(p, r.path) {
			continue
		}
		return r
	}
	return nil
}

// pathMatches reports whether p contains the pattern's parts in order.
func pathMatches(p, pattern string) bool {
	for part := range strings.SplitSeq(pattern, "*") {
		i := strings.Index(p, part)
		if i < 0 {
			return false
		}
		p = p[i+len(part):]
	}
	return true
}

func hostMatches(host, pattern string) bool {
	switch {
	case pattern == "*":
		return true
	case strings.HasPrefix(pattern, "."):
		return host == pattern[1:] || strings.HasSuffix(host, pattern)
	}
	return host == pattern
}

// writeMethod reports a method that changes something at the other end.
func writeMethod(m string) bool {
	switch strings.ToUpper(strings.TrimSpace(m)) {
	case "POST", "PUT", "PATCH":
		return true
	}
	return false
}

// PrepareRequest reads an HTTP request (method, URL, body) to a known
// payment, messaging or social API as the call it is: a payment, a message
// or a post. body is the decoded JSON object, a string (JSON, or a form
// "a=1&b=2"), or nil. ok is false for any other request, which the caller
// judges by its method.
func PrepareRequest(method, rawURL string, body any) (*Prepared, bool) {
	tables()
	if !writeMethod(method) {
		return nil, false
	}
	r := routeOf(rawURL)
	if r == nil {
		return nil, false
	}
	in, elsewhere := bodyMap(body)
	p := prepareRoute(r, rawURL, in)
	if p == nil {
		return nil, false
	}
	p.over.elsewhere = p.over.elsewhere || elsewhere
	return p, true
}

// prepareRoute reads a body sent to an API route.
func prepareRoute(r *apiRoute, rawURL string, in map[string]any) *Prepared {
	a := readArgs(in, r.minor, false, nil)
	if r.path == "/gists" && !a.public {
		return nil // a secret gist is not a public post
	}
	a.urls = append(a.urls, rawURL)
	words := hostWords(rawURL)
	res := &Result{Verbs: []string{r.verb}, Effect: r.effect, Recipients: a.recipients}
	p := &Prepared{res: res, a: a, tool: truncate(rawURL, 120), words: words}
	p.over = override{noun: r.noun, payeeCheck: r.payee > 0, noPayee: r.payee < 0, elsewhere: r.elsewhere, message: r.effect == EffectSend}
	return p
}

// hostWords are the words of a URL's host ("api", "coinbase", "com"): the
// vendor they name counts like a vendor in a tool's name.
func hostWords(raw string) []string {
	if i := strings.Index(raw, "://"); i >= 0 {
		raw = raw[i+3:]
	}
	if i := strings.IndexAny(raw, "/?#"); i >= 0 {
		raw = raw[:i]
	}
	return strings.FieldsFunc(strings.ToLower(raw), func(r rune) bool { return r == '.' || r == ':' || r == '-' })
}

// bodyMap turns a request body into arguments: a JSON object, a form
// ("amount=2000&currency=usd"), or nothing. elsewhere is true when the body
// cannot be read here (a file: @payload.json).
func bodyMap(body any) (map[string]any, bool) {
	switch b := body.(type) {
	case map[string]any:
		return b, false
	case []any:
		return map[string]any{"items": b}, false
	case string:
		s := strings.TrimSpace(b)
		if s == "" {
			return nil, false
		}
		if strings.HasPrefix(s, "@") {
			return nil, true
		}
		if strings.HasPrefix(s, "{") || strings.HasPrefix(s, "[") {
			var v any
			if err := json.Unmarshal([]byte(s), &v); err == nil {
				return bodyMap(v)
			}
			return nil, true
		}
		q, err := url.ParseQuery(s)
		if err != nil || len(q) == 0 {
			return nil, true
		}
		m := make(map[string]any, len(q))
		for k, vs := range q {
			// Stripe writes nested fields as metadata[key] and
			// transfer_data[destination]: the innermost name counts.
			if i := strings.LastIndexByte(k, '['); i >= 0 && strings.HasSuffix(k, "]") {
				k = k[i+1 : len(k)-1]
			}
			if len(vs) == 1 {
				m[k] = vs[0]
			} else {
				l := make([]any, len(vs))
				for i, v := range vs {
					l[i] = v
				}
				m[k] = l
			}
		}
		return m, false
	}
	return nil, false
}

// bodyKeys hold the body of a request in a generic HTTP tool's input.
var bodyKeys = []string{"body", "data", "json", "payload", "form", "params"}

// viaAPI reads a generic HTTP tool call (HTTPRequest {"method": "POST",
// "url": "https://api.stripe.com/v1/transfers", "body": …}) as the call the
// API makes of it.
func (p *Prepared) viaAPI(input map[string]any) {
	a := p.a
	if len(a.urls) == 0 {
		return
	}
	method := ""
	if len(a.methods) > 0 {
		method = a.methods[0]
	} else if p.res.Effect == EffectSend {
		method = "POST"
	}
	if !writeMethod(method) {
		return
	}
	for _, u := range a.urls {
		r := routeOf(u)
		if r == nil {
			continue
		}
		var body any
		for _, k := range bodyKeys {
			if v, ok := input[k]; ok {
				body = v
				break
			}
		}
		in, elsewhere := bodyMap(body)
		q := prepareRoute(r, u, in)
		if q == nil {
			return
		}
		q.tool, q.words = p.tool, append(append([]string{}, p.words...), q.words...)
		q.over.elsewhere = q.over.elsewhere || elsewhere
		*p = *q
		return
	}
}
