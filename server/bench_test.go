package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/server"
	"github.com/actionguard/actionguard/store"
)

// benchActions are typical checks: routine commands and edits, with a
// session (the approval queue is consulted only for held verdicts).
func benchActions(b *testing.B) [][]byte {
	var out [][]byte
	for i, a := range []guard.Action{
		{Tool: "Bash", Input: map[string]any{"command": "git status"}},
		{Tool: "Bash", Input: map[string]any{"command": "go test ./..."}},
		{Tool: "Bash", Input: map[string]any{"command": "rm -rf build/"}},
		{Tool: "Edit", Input: map[string]any{"file_path": "src/app.ts", "old_string": "a", "new_string": "b"}},
		{Tool: "Bash", Input: map[string]any{"command": "grep -rn TODO src/ | head -20"}},
		{Tool: "Write", Input: map[string]any{"file_path": "README.md", "content": "# app\n"}},
	} {
		a.Context = guard.Context{SessionID: fmt.Sprintf("bench-%d", i), Agent: "claude-code", Cwd: "/home/u/app"}
		data, err := json.Marshal(a)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, data)
	}
	return out
}

func benchServer(b *testing.B) (*server.Server, string) {
	st := openStore(b, store.WithServerMode()) // as actionguard serve opens it
	secret, tok := server.NewToken("bench", time.Now())
	if err := st.CreateToken(context.Background(), tok); err != nil {
		b.Fatal(err)
	}
	srv := server.New(st, guard.New(guard.WithHome("/home/u")))
	b.Cleanup(func() { srv.Close() })
	return srv, secret
}

// BenchmarkCheckHandler is POST /v1/check in process: decoding, the guard,
// the audit write (group commit on a real SQLite file) and the answer.
func BenchmarkCheckHandler(b *testing.B) {
	srv, secret := benchServer(b)
	bodies := benchActions(b)
	b.ReportAllocs()
	b.SetParallelism(16) // checks wait on the audit commit: let them share it
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			req := httptest.NewRequest("POST", "/v1/check", bytes.NewReader(bodies[i%len(bodies)]))
			req.Header.Set("Authorization", "Bearer "+secret)
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, req)
			if w.Code != 200 {
				b.Fatalf("%d %s", w.Code, w.Body)
			}
			i++
		}
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "checks/s")
	reportBatch(b, srv, secret)
}

// reportBatch reports the records per audit transaction: how much group
// commit shares.
func reportBatch(b *testing.B, srv *server.Server, secret string) {
	req := httptest.NewRequest("GET", "/metrics", nil)
	req.Header.Set("Authorization", "Bearer "+secret)
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, req)
	num := func(name string) float64 {
		m := regexp.MustCompile(`(?m)^` + name + ` (\d+)`).FindStringSubmatch(w.Body.String())
		if m == nil {
			return 0
		}
		f, _ := strconv.ParseFloat(m[1], 64)
		return f
	}
	if n := num("actionguard_audit_batches_total"); n > 0 {
		b.ReportMetric(num("actionguard_audit_records_total")/n, "records/commit")
	}
}

// BenchmarkCheckLoopback is the same over HTTP on loopback, with
// keep-alive connections.
func BenchmarkCheckLoopback(b *testing.B) {
	srv, secret := benchServer(b)
	ts := httptest.NewServer(srv)
	defer ts.Close()
	bodies := benchActions(b)
	tr := &http.Transport{MaxIdleConnsPerHost: 256}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	b.SetParallelism(16)
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			req, _ := http.NewRequest("POST", ts.URL+"/v1/check", bytes.NewReader(bodies[i%len(bodies)]))
			req.Header.Set("Authorization", "Bearer "+secret)
			res, err := client.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != 200 {
				b.Fatalf("status %d", res.StatusCode)
			}
			i++
		}
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "checks/s")
	reportBatch(b, srv, secret)
}
