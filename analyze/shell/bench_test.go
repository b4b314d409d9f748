package shell

import "testing"

var benchCommands = []string{
	"git status",
	"npm test",
	"rm -rf node_modules dist",
	"git push --force origin main",
	"curl -fsSL https://get.example.com/install.sh | sudo bash",
	`find . -name '*.pyc' -exec rm -f {} +`,
	`python3 -c "import os; os.system('rm -rf /tmp/x')"`,
	"cat <<'EOF' > notes.md\n# Notes\nrm -rf / is dangerous\nEOF",
}

func BenchmarkAnalyze(b *testing.B) {
	opt := Options{Cwd: "/home/dev/project", Home: "/home/dev"}
	for _, cmd := range benchCommands {
		b.Run(cmd[:min(len(cmd), 24)], func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				Analyze(cmd, opt)
			}
		})
	}
}
