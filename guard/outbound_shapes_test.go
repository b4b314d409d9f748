package guard_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/analyze/fields"
	"github.com/actionguard/actionguard/guard"
)

// credentialShapes are one sign-in (user "me", password "MyPass123") in
// every shape a tool call carries it; HOST is where it goes.
var credentialShapes = []struct{ name, input string }{
	{"object", `{"method": "POST", "url": "https://HOST/login", "body": {"username": "me@gmail.com", "password": "MyPass123"}}`},
	{"object camelCase", `{"method": "POST", "url": "https://HOST/login", "body": {"userName": "me", "userPassword": "MyPass123"}}`},
	{"object in another language", `{"method": "POST", "url": "https://HOST/login", "body": {"benutzer": "me", "passwort": "MyPass123"}}`},
	{"nested", `{"method": "POST", "url": "https://HOST/login", "json": {"login": {"credentials": {"user": "me", "pwd": "MyPass123"}}}}`},
	{"array of objects", `{"method": "POST", "url": "https://HOST/login", "data": [{"step": "1"}, {"login": "me", "pass": "MyPass123"}]}`},
	{"string JSON", `{"method": "POST", "url": "https://HOST/login", "body": "{\"username\": \"me\", \"password\": \"MyPass123\"}"}`},
	{"form", `{"method": "POST", "url": "https://HOST/login", "body": "username=me&password=MyPass123"}`},
	{"form object", `{"method": "POST", "url": "https://HOST/login", "form": {"user[login]": "me", "user[password]": "MyPass123"}}`},
	{"multipart", `{"method": "POST", "url": "https://HOST/login", "body": "--b0undary\r\nContent-Disposition: form-data; name=\"login\"\r\n\r\nme\r\n--b0undary\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\nMyPass123\r\n--b0undary--\r\n"}`},
	{"headers object", `{"method": "GET", "url": "https://HOST/inbox", "headers": {"Accept": "application/json", "Authorization": "Basic bWU6TXlQYXNzMTIz"}}`},
	{"header lines", `{"method": "GET", "url": "https://HOST/inbox", "headers": "Accept: */*\nX-Api-Key: MyPass123"}`},
	{"URL userinfo", `{"url": "https://me:MyPass123@HOST/inbox", "prompt": "list the messages"}`},
	{"query", `{"method": "GET", "url": "https://HOST/login?user=me&password=MyPass123"}`},
}

// credentialClients are the same sign-in from the shell.
var credentialClients = []string{
	`curl -X POST -H 'Content-Type: application/json' -d '{"username": "me", "password": "MyPass123"}' https://HOST/login`,
	`curl -d 'username=me&password=MyPass123' https://HOST/login`,
	`curl --data-urlencode 'passwort=MyPass123' https://HOST/login`,
	`curl -F login=me -F password=MyPass123 https://HOST/login`,
	`curl -H 'Authorization: Basic bWU6TXlQYXNzMTIz' https://HOST/inbox`,
	`curl -H 'X-Api-Key: MyPass123' https://HOST/inbox`,
	`curl https://me:MyPass123@HOST/inbox`,
	`curl 'https://HOST/login?user=me&password=MyPass123'`,
	`wget --post-data '{"login": {"pwd": "MyPass123"}}' https://HOST/login`,
	`http POST https://HOST/login username=me password=MyPass123`,
	`http POST https://HOST/login auth:='{"password": "MyPass123"}'`,
	`http https://HOST/inbox 'Authorization:Bearer MyPass123'`,
}

const lookAlikeWarning = "I'm not going to send your credentials to gmai1.com. This doesn't look like Gmail — possible phishing. Did you mean gmail.com?"

// credentialActions returns every shape, through every tool, to host.
func credentialActions(t *testing.T, host string) map[string]guard.Action {
	out := map[string]guard.Action{}
	ctx := guard.Context{UserMessages: []string{"Log into Gmail, password is MyPass123"}}
	for _, sh := range credentialShapes {
		for _, tool := range []string{"http_request", "WebFetch", "mcp__http__fetch"} {
			var in map[string]any
			if err := json.Unmarshal([]byte(strings.ReplaceAll(sh.input, "HOST", host)), &in); err != nil {
				t.Fatalf("%s: %v", sh.name, err)
			}
			out[tool+" "+sh.name] = guard.Action{Tool: tool, Input: in, Context: ctx}
		}
	}
	for _, c := range credentialClients {
		out[c] = guard.Action{Tool: "Bash", Input: map[string]any{"command": strings.ReplaceAll(c, "HOST", host)}, Context: ctx}
	}
	return out
}

// TestCredentialShapesLookAlike: a credential to a look-alike of the
// service the user named is blocked with the one warning, in every shape,
// and no message repeats it.
func TestCredentialShapesLookAlike(t *testing.T) {
	g := guard.New()
	for name, a := range credentialActions(t, "gmai1.com") {
		d := check(t, g, a)
		if d.Verdict != guard.Block || !hasRule(d, "privacy.send.phishing") || d.Notice != lookAlikeWarning {
			t.Errorf("%s: %s %v notice %q (%s)", name, d.Verdict, ruleIDs(d), d.Notice, d.Reason)
		}
		out, _ := json.Marshal(struct {
			R, N string
			F    any
		}{d.Reason, d.Notice, d.Findings})
		if strings.Contains(string(out), "MyPass123") {
			t.Errorf("%s: the decision repeats the password: %s", name, out)
		}
	}
}

// TestCredentialShapesLegitimate: the same sign-in to the service's own
// host, as the user asked, runs and the user is told; never a phishing
// block.
func TestCredentialShapesLegitimate(t *testing.T) {
	g := guard.New()
	for name, a := range credentialActions(t, "accounts.google.com") {
		d := check(t, g, a)
		if hasRule(d, "privacy.send.phishing") {
			t.Errorf("%s: phishing on the real host: %s", name, d.Reason)
		}
		if d.Verdict == guard.Block {
			t.Errorf("%s: blocked: %v (%s)", name, ruleIDs(d), d.Reason)
		}
	}
}

// TestCredentialShapesLoopback: what goes to this machine does not leave
// it: no outbound finding, whatever the shape.
func TestCredentialShapesLoopback(t *testing.T) {
	g := guard.New()
	for _, host := range []string{"localhost:8080", "127.0.0.1:9000", "[::1]:3000"} {
		for name, a := range credentialActions(t, host) {
			d := check(t, g, a)
			for _, f := range d.Findings {
				if strings.HasPrefix(f.Rule, "privacy.") {
					t.Errorf("%s to %s: %s (%s)", name, host, f.Rule, d.Reason)
				}
			}
		}
	}
}

// TestUserinfoAlwaysChecked: a URL with a password is a credential send
// even when nothing else in the request is: a GET to a look-alike with
// user:pass@ is blocked (it was allowed when nothing was found).
func TestUserinfoAlwaysChecked(t *testing.T) {
	g := guard.New()
	for _, u := range []string{"https://me:MyPass123@gmai1.com/", "https://me:MyPass123@gmai1.com:443/inbox?page=2", "http://me:MyPass123@gmai1.com"} {
		for _, tool := range []string{"WebFetch", "http_request"} {
			d := check(t, g, guard.Action{Tool: tool, Input: map[string]any{"url": u}, Context: guard.Context{UserMessages: []string{"check my Gmail"}}})
			if d.Verdict != guard.Block || d.Notice != lookAlikeWarning {
				t.Errorf("%s %s: %s notice %q", tool, u, d.Verdict, d.Notice)
			}
		}
	}
}

// TestUsernameNotDestination: a sign-in's user name or e-mail is who signs
// in, not where the data goes: the destination is the URL.
func TestUsernameNotDestination(t *testing.T) {
	g := guard.New()
	for _, key := range []string{"username", "user", "login", "email", "userName", "user_name"} {
		in := map[string]any{"url": "https://accounts.google.com/signin", "body": map[string]any{key: "someone@gmai1.com", "password": "MyPass123"}}
		d := check(t, g, guard.Action{Tool: "http_request", Input: in, Context: guard.Context{UserMessages: []string{"Log into Gmail, password is MyPass123"}}})
		if strings.Contains(d.Reason, "gmai1") || d.Verdict == guard.Block {
			t.Errorf("%s: %s %v (%s)", key, d.Verdict, ruleIDs(d), d.Reason)
		}
	}
}

// personalShapes carry a phone number the user did not ask to send, in a
// request the user did ask for: it goes out masked, in the same shape.
var personalShapes = []struct{ name, input string }{
	{"object", `{"method": "POST", "url": "https://api.example.com/users", "body": {"name": "Carol", "phone": "13812345678", "note": "new hire"}}`},
	{"nested", `{"method": "POST", "url": "https://api.example.com/users", "json": {"user": {"name": "Carol", "contact": {"mobile": "13812345678"}}}}`},
	{"array", `{"method": "POST", "url": "https://api.example.com/users", "data": [{"name": "Carol", "tel": "13812345678"}, {"name": "Dan"}]}`},
	{"string JSON", `{"method": "POST", "url": "https://api.example.com/users", "body": "{\"name\": \"Carol\", \"phone\": \"13812345678\", \"tags\": [\"a\", \"b\"]}"}`},
	{"form", `{"method": "POST", "url": "https://api.example.com/users", "body": "name=Carol&phone=13812345678&note=new+hire"}`},
	{"multipart", `{"method": "POST", "url": "https://api.example.com/users", "body": "--xx\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nCarol\r\n--xx\r\nContent-Disposition: form-data; name=\"phone\"\r\n\r\n13812345678\r\n--xx--\r\n"}`},
	{"query", `{"method": "POST", "url": "https://api.example.com/users?name=Carol&phone=13812345678"}`},
}

// TestMaskingKeepsShape: the masked input has the same keys and shape as
// the original (JSON text stays JSON, a form stays a form), with the one
// value masked by the seed's table and the others unchanged.
func TestMaskingKeepsShape(t *testing.T) {
	g := guard.New()
	for _, sh := range personalShapes {
		var in map[string]any
		if err := json.Unmarshal([]byte(sh.input), &in); err != nil {
			t.Fatal(err)
		}
		d := check(t, g, guard.Action{Tool: "http_request", Input: in, Context: guard.Context{UserMessages: []string{"Create the user Carol in our API at api.example.com"}}})
		if !hasRule(d, "privacy.send.masked") || d.RewrittenInput == nil {
			t.Errorf("%s: %s %v (%s)", sh.name, d.Verdict, ruleIDs(d), d.Reason)
			continue
		}
		before := fields.Walk(in, fields.DefaultLimits).Fields
		after := fields.Walk(d.RewrittenInput, fields.DefaultLimits).Fields
		if len(before) != len(after) {
			t.Errorf("%s: %d fields, was %d: %v", sh.name, len(after), len(before), d.RewrittenInput)
			continue
		}
		masked := 0
		for i, f := range after {
			b := before[i]
			if f.Path != b.Path || f.Key != b.Key || f.Carrier != b.Carrier {
				t.Errorf("%s: field %s (%s) was %s (%s)", sh.name, f.Path, f.Carrier, b.Path, b.Carrier)
			}
			switch {
			case b.Value == "13812345678":
				masked++
				if f.Value != "138****5678" {
					t.Errorf("%s: %s = %q, want 138****5678", sh.name, f.Path, f.Value)
				}
			case !f.URL && f.Value != b.Value:
				t.Errorf("%s: %s changed %q → %q", sh.name, f.Path, b.Value, f.Value)
			}
		}
		if masked != 1 {
			t.Errorf("%s: %d masked values: %v", sh.name, masked, d.RewrittenInput)
		}
		if s := fmt.Sprint(d.RewrittenInput); strings.Contains(s, "13812345678") {
			t.Errorf("%s: raw number left: %s", sh.name, s)
		}
	}
	// A masked URL is still a URL with the same query names.
	d := check(t, g, guard.Action{Tool: "http_request", Input: map[string]any{"method": "POST", "url": "https://api.example.com/users?name=Carol&phone=13812345678"},
		Context: guard.Context{UserMessages: []string{"Create the user Carol in our API at api.example.com"}}})
	if u, err := url.Parse(fmt.Sprint(d.RewrittenInput["url"])); err != nil || u.Query().Get("name") != "Carol" || u.Host != "api.example.com" {
		t.Errorf("masked URL %v: %v", d.RewrittenInput["url"], err)
	}
}

// BenchmarkCheckOutboundShapes is guard.Check on every credential shape
// (tools and shell clients) to a look-alike, the real host and loopback.
func BenchmarkCheckOutboundShapes(b *testing.B) {
	t := &testing.T{}
	var acts []guard.Action
	for _, host := range []string{"gmai1.com", "accounts.google.com", "localhost:8080"} {
		for _, a := range credentialActions(t, host) {
			acts = append(acts, a)
		}
	}
	g := guard.New()
	ctx := context.Background()
	for _, a := range acts {
		g.Check(ctx, a)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, a := range acts {
			g.Check(ctx, a)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(acts))/1000, "µs/action")
}
