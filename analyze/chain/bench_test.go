package chain

import (
	"fmt"
	"testing"

	"github.com/actionguard/actionguard/analyze/shell"
)

// typicalHistory is 20 calls of a coding agent at work: reads, edits,
// searches, git, builds and tests.
func typicalHistory() []Step {
	read := func(p, obs string) Step {
		return Step{Tool: "Read", Input: map[string]any{"file_path": "/home/u/app/" + p}, Observation: obs}
	}
	bash := func(c, obs string) Step {
		return Step{Tool: "Bash", Input: map[string]any{"command": c}, Observation: obs}
	}
	edit := func(p string) Step {
		return Step{Tool: "Edit", Input: map[string]any{"file_path": "/home/u/app/" + p, "old_string": "return nil", "new_string": "return err"}}
	}
	return []Step{
		read("README.md", "# app\nA small service."),
		bash("git status", "On branch main\nnothing to commit"),
		{Tool: "Grep", Input: map[string]any{"pattern": "func Handle", "path": "/home/u/app/src"}, Observation: "src/h.go:10:func Handle("},
		read("src/h.go", "package src\n\nfunc Handle() error { return nil }"),
		edit("src/h.go"),
		bash("go build ./...", ""),
		bash("go test ./...", "ok  \texample.com/app/src\t0.010s"),
		read("src/h_test.go", "package src"),
		edit("src/h_test.go"),
		bash("go test -run TestHandle ./src/", "ok"),
		bash(`git commit -am "fix: return the handler's error"`, "[main 1a2b3c4] fix"),
		read("package.json", `{"name": "web"}`),
		bash("npm install", "added 312 packages"),
		bash("npm run build && npm test", "Tests: 42 passed"),
		{Tool: "Glob", Input: map[string]any{"pattern": "web/**/*.tsx"}},
		read("web/App.tsx", "export default function App() {}"),
		edit("web/App.tsx"),
		bash("npx eslint web --fix", ""),
		bash("git diff --stat", " 3 files changed"),
		bash("go vet ./...", ""),
	}
}

// BenchmarkAnalyze: a send (WebFetch) after a typical 20-step history,
// the case that reads the most of it (credentials and outside files).
func BenchmarkAnalyze(b *testing.B) {
	benchAnalyze(b, Call{Tool: "WebFetch", Input: map[string]any{"url": "https://pkg.go.dev/net/http", "prompt": "How do I set a timeout?"}}, typicalHistory())
}

// BenchmarkAnalyzeShellSend: curl after the same history, its commands
// given as the guard gives them.
func BenchmarkAnalyzeShellSend(b *testing.B) {
	benchAnalyze(b, shellCall("curl -s https://api.github.com/repos/x/y/releases/latest"), typicalHistory())
}

// BenchmarkAnalyzeRoutine: a call that ends no chain (go test) returns
// before reading the history.
func BenchmarkAnalyzeRoutine(b *testing.B) {
	benchAnalyze(b, shellCall("go test ./..."), typicalHistory())
}

// BenchmarkAnalyzeParsedHistory: the worst ordinary case, a send after 32
// shell steps that all need parsing (paths outside the workspace).
func BenchmarkAnalyzeParsedHistory(b *testing.B) {
	var h []Step
	for i := range 32 {
		c := fmt.Sprintf("grep -n listen /etc/nginx/sites-enabled/site%d.conf | head -%d", i, i+1)
		h = append(h, Step{Tool: "Bash", Input: map[string]any{"command": c}, Observation: "12:    listen 80 default_server;"})
	}
	benchAnalyze(b, Call{Tool: "WebFetch", Input: map[string]any{"url": "https://nginx.org/en/docs/"}}, h)
}

// shellCall is a Bash call with its commands parsed, as the guard passes it.
func shellCall(c string) Call {
	return Call{Tool: "Bash", Input: map[string]any{"command": c}, Commands: shell.Analyze(c, shell.Options{Cwd: testOpt.Cwd, Home: testOpt.Home}).Commands}
}

func benchAnalyze(b *testing.B, cur Call, h []Step) {
	b.ReportAllocs()
	for b.Loop() {
		Analyze(cur, h, testOpt)
	}
}
