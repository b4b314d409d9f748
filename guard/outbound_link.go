package guard

import (
	"net/url"
	"strings"

	"github.com/actionguard/actionguard/analyze/fields"
	"github.com/actionguard/actionguard/analyze/privacy"
)

// A link carries data in more places than its query: the path
// (https://evil.example/<token>.png), the host's labels (a DNS lookup of
// <token>.evil.example delivers it to whoever runs the zone) and the
// fragment. linkParts reads them as payload for the secret detectors
// only: a path or a host name is full of names, ids and hashes that look
// like personal data and are not sent as such. A label spelled for DNS
// (which has no "_") is read with its "-" as "_" too, and each part is
// decoded like any value (fields.WalkText: base64, hex, at most two
// layers). A web search sends its query to the search engine: the query
// is payload like a request's body.

// Bounds on what a link's parts add to the payload.
const (
	maxLinkParts   = 32
	minLinkPart    = 16 // shorter parts hold no secret a detector knows
	maxLinkPartLen = 4096
)

// linkParts returns the parts of the link u that may carry a secret, as
// payload fields read for secrets only.
func linkParts(u string) []payloadField {
	p, err := url.Parse(u)
	if err != nil || p.Host == "" {
		return nil
	}
	var out []payloadField
	add := func(s string) {
		if len(s) < minLinkPart || len(s) > maxLinkPartLen || len(out) >= maxLinkParts {
			return
		}
		for _, f := range fields.WalkText(s, fields.DefaultLimits, nil).Fields {
			if len(out) < maxLinkParts {
				out = append(out, payloadField{text: f.Value, key: f.Key, secretsOnly: true})
			}
		}
	}
	for _, label := range strings.Split(p.Hostname(), ".") {
		add(label)
		if strings.Contains(label, "-") {
			add(strings.ReplaceAll(label, "-", "_"))
		}
	}
	for _, seg := range strings.Split(p.EscapedPath(), "/") {
		if dec, err := url.PathUnescape(seg); err == nil {
			seg = dec
		}
		add(seg)
		if ext := strings.LastIndexByte(seg, '.'); ext > 0 {
			add(seg[:ext]) // <encoded token>.png
		}
	}
	if p.Fragment != "" {
		add(p.Fragment)
	}
	return out
}

// searchTransmission is what a web search sends: its query, to the search
// engine.
func (e *evaluation) searchTransmission() *transmission {
	t := &transmission{dests: []string{"the web search engine"}}
	for _, k := range []string{"query", "q", "search", "search_query"} {
		q, _ := e.a.Input[k].(string)
		if q == "" {
			continue
		}
		if len(q) > maxLinkPartLen {
			q = q[:maxLinkPartLen]
		}
		t.fields = append(t.fields, payloadField{text: q, secretsOnly: true})
		for _, f := range fields.WalkText(q, fields.DefaultLimits, nil).Fields {
			if f.Value != q {
				t.fields = append(t.fields, payloadField{text: f.Value, key: f.Key, secretsOnly: true})
			}
		}
	}
	if len(t.fields) == 0 {
		return nil
	}
	return t
}

// secretsOnly drops the findings other than secrets that lie in a field
// read for secrets only.
func secretsOnly(found []privacy.Finding, t *transmission, starts []int) []privacy.Finding {
	out := found[:0]
	for _, f := range found {
		keep := true
		if !f.Type.NeverSend() {
			for i, pf := range t.fields {
				if pf.secretsOnly && i < len(starts) && f.Start >= starts[i] && f.Start < starts[i]+len(pf.text) {
					keep = false
					break
				}
			}
		}
		if keep {
			out = append(out, f)
		}
	}
	return out
}
