package server_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

// FuzzAPI sends arbitrary bodies and query strings to the API: every
// answer is JSON with a status below 500, never a panic or a hang, and a
// check that is answered 200 carries a verdict.
func FuzzAPI(f *testing.F) {
	for _, s := range []struct{ path, body string }{
		{"/v1/check", `{"tool":"Bash","input":{"command":"rm -rf /"},"context":{"session_id":"s1"}}`},
		{"/v1/check", `{"tool":"transfer_funds","input":{"to":"acct-1","amount":"€1.234,56"}}`},
		{"/v1/check", `{"tool":"Bash","input":{"command":"git push --force origin main"},"context":{"session_id":"f"}}`},
		{"/v1/check", `{"tool":`},
		{"/v1/check", "\x00\xff\xfe"},
		{"/v1/check", `[1,2,3]`},
		{"/v1/approvals/ap-zzzzzz/approve", `{"note":"ok","auto":true}`},
		{"/v1/approvals/ap-zzzzzz/reject", `{"note":`},
		{"/v1/audit?verdict=block&since=24h&limit=5&before=-3", ""},
		{"/v1/audit?since=yesterday&until=%ff", ""},
		{"/v1/rules/hits?since=7d&bucket=0s", ""},
		{"/v1/rules/hits?bucket=-1h", ""},
		{"/v1/approvals/batch", `{"ids":["ap-zzzzzz","ap-yyyyyy"],"decision":"approve","note":"ok"}`},
		{"/v1/approvals/batch", `{"ids":[],"decision":"reject"}`},
		{"/v1/approvals/batch", `{"ids":"ap-1","decision":7}`},
	} {
		f.Add(s.path, []byte(s.body))
	}
	e := newEnv(&testing.T{})
	f.Fuzz(func(t *testing.T, path string, body []byte) {
		if len(path) == 0 || path[0] != '/' {
			path = "/" + path
		}
		method := http.MethodPost
		if len(body) == 0 {
			method = http.MethodGet
		}
		req := httptest.NewRequest(method, "http://127.0.0.1/", bytes.NewReader(body))
		req.URL.RawQuery = ""
		if i := bytes.IndexByte([]byte(path), '?'); i >= 0 {
			req.URL.Path, req.URL.RawQuery = path[:i], path[i+1:]
		} else {
			req.URL.Path = path
		}
		req.Header.Set("Authorization", "Bearer "+e.token)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		e.srv.ServeHTTP(rec, req)
		if rec.Code >= 500 && rec.Code != http.StatusServiceUnavailable {
			t.Fatalf("%s %s → %d %s", method, path, rec.Code, rec.Body.Bytes())
		}
		ct := rec.Header().Get("Content-Type")
		if ct == "application/json" || ct == "application/json; charset=utf-8" {
			if !json.Valid(rec.Body.Bytes()) {
				t.Fatalf("%s %s → invalid JSON %q", method, path, rec.Body.Bytes())
			}
		}
		if req.URL.Path == "/v1/check" && rec.Code == http.StatusOK {
			var d struct{ Verdict string }
			if json.Unmarshal(rec.Body.Bytes(), &d) != nil || d.Verdict == "" {
				t.Fatalf("check answered 200 without a verdict: %s", rec.Body.Bytes())
			}
		}
	})
}
