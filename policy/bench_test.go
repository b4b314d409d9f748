package policy

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchPolicy is a realistic policy: the documentation's example plus 40
// more allow entries of every kind, so that a lookup that matches nothing
// walks them all.
func benchPolicy(tb testing.TB) *Policy {
	tb.Helper()
	src, err := os.ReadFile("testdata/check/good-example.yaml")
	if err != nil {
		tb.Fatal(err)
	}
	var more strings.Builder
	for i := range 10 {
		fmt.Fprintf(&more, "  - command: \"npm run task%d\"\n", i)
		fmt.Fprintf(&more, "  - command: \"git log --oneline -n *%d\"\n", i)
		fmt.Fprintf(&more, "  - command: \"go test ./pkg%d/**\"\n", i)
		fmt.Fprintf(&more, "  - command: \"re:docker (ps|images) --filter=name=svc%d\"\n", i)
	}
	// The extra entries come first: the example's entries are the ones a
	// lookup that matches nothing, or matches them, walks to the end for.
	full := strings.Replace(string(src), "allow:\n", "allow:\n"+more.String(), 1)
	p, diags := CheckBytes("bench.yaml", []byte(full))
	if p == nil {
		tb.Fatalf("bench policy has errors: %v", diags)
	}
	return p
}

func BenchmarkAllowsCommand(b *testing.B) {
	p := benchPolicy(b)
	for _, c := range []struct {
		name string
		argv []string
	}{
		{"match-first", []string{"npm", "run", "task0"}},
		{"match-glob", []string{"git", "push", "--force", "origin", "feature/login"}},
		{"match-path", []string{"/usr/bin/make", "-j8", "test"}},
		{"no-match", []string{"rm", "-rf", "build"}},
		{"no-match-regex-prefix", []string{"docker", "ps", "--filter=name=other"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p.AllowsCommand(c.argv)
			}
		})
	}
}

func BenchmarkEvalRules(b *testing.B) {
	src := `rules:
  - id: custom.prod-deploy
    when: 'kind == "shell" && "kubectl" in programs && context.environment == "production"'
    verdict: approve
  - id: custom.dirty-main
    when: 'context.git_branch in ["main", "master"] && context.git_dirty && any(programs, # == "git")'
    verdict: confirm
  - id: custom.risky-new-user
    when: 'context.user_new && risk >= 7'
    verdict: block
  - id: custom.drop
    when: 'kind == "sql" && lower(query) contains "drop table"'
    verdict: block
  - id: custom.after-finding
    when: '"shell.git.push-force" in findings && score > 50'
    verdict: approve
`
	p, diags := CheckBytes("bench.yaml", []byte(src))
	if p == nil {
		b.Fatal(diags)
	}
	env := &Env{Tool: "Bash", Kind: "shell", Command: "git push origin main", Programs: []string{"git"},
		Input: map[string]any{"command": "git push origin main"}, Findings: []string{"shell.git.push"},
		Score: 30, Risk: 3, Level: "cautious",
		Context: EnvContext{Application: "coding-agent", GitBranch: "main", GitDirty: true, Environment: "development"}}
	b.Run("5-rules", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := p.EvalRules(env); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("no-rules", func(b *testing.B) {
		p := Default()
		b.ReportAllocs()
		for b.Loop() {
			_, _ = p.EvalRules(env)
		}
	})
}

// BenchmarkLoad measures what a hook process pays to read its policy: the
// user's file and the project's, found from a subdirectory of a repository.
func BenchmarkLoad(b *testing.B) {
	example, err := os.ReadFile("testdata/check/good-example.yaml")
	if err != nil {
		b.Fatal(err)
	}
	noRules := []byte("mode: adaptive\nsecurity_level: 6\nallow:\n  - command: \"make **\"\n  - command: \"npm test\"\ndeny:\n  - command: \"terraform apply **\"\n")
	for _, c := range []struct {
		name          string
		user, project []byte
	}{
		{"no-files", nil, nil},
		{"no-rules", noRules, []byte("security_level: 7\n")},
		{"example", example, []byte("deny:\n  - tool: \"mcp__stripe__*\"\n")},
	} {
		b.Run(c.name, func(b *testing.B) {
			dir := b.TempDir()
			opts := LoadOptions{UserPath: filepath.Join(dir, "user.yaml"), Cwd: filepath.Join(dir, "repo", "sub")}
			must(b, os.MkdirAll(filepath.Join(dir, "repo", ".git"), 0o755))
			must(b, os.MkdirAll(opts.Cwd, 0o755))
			if c.user != nil {
				must(b, os.WriteFile(opts.UserPath, c.user, 0o644))
			} else {
				opts.UserPath = ""
				opts.Getenv = func(string) string { return "" }
			}
			if c.project != nil {
				must(b, os.WriteFile(filepath.Join(dir, "repo", FileName), c.project, 0o644))
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Load(opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func must(tb testing.TB, err error) {
	tb.Helper()
	if err != nil {
		tb.Fatal(err)
	}
}
