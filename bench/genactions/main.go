// Command genactions writes N Actions as JSON lines for the throughput
// benchmark of check --jsonl: typical coding-agent commands, with the
// labelled corpus mixed in when it is found.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
)

var typical = []string{
	"git status", "git diff --stat", "ls -la src", "go test ./...", "npm run build", "cat package.json | jq .scripts",
	"grep -rn TODO src/ | head -20", "rm -rf node_modules dist", "git add -A && git commit -m 'fix: handle empty input'",
	"git push origin feature/x", "make -j4", "python3 -m pytest -q", "docker ps", "kubectl get pods -n dev",
	"git log --oneline -10", "find . -name '*.go' | xargs wc -l", "sed -i 's/foo/bar/g' src/app.ts", "curl -s https://api.example.com/health",
	"git push --force origin main", "psql -c 'DELETE FROM sessions'", "rm -rf ~/Documents",
}

func main() {
	n := flag.Int("n", 100000, "number of actions")
	corpus := flag.String("corpus", "", "a JSONL file of {\"command\": …} rows to mix in")
	flag.Parse()
	cmds := append([]string(nil), typical...)
	if *corpus != "" {
		if f, err := os.Open(*corpus); err == nil {
			sc := bufio.NewScanner(f)
			sc.Buffer(make([]byte, 1<<20), 1<<20)
			for sc.Scan() {
				var row struct {
					Command string `json:"command"`
				}
				if json.Unmarshal(sc.Bytes(), &row) == nil && row.Command != "" {
					cmds = append(cmds, row.Command)
				}
			}
			f.Close()
		}
	}
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	enc := json.NewEncoder(w)
	for i := 0; i < *n; i++ {
		a := map[string]any{
			"id":      fmt.Sprint(i),
			"tool":    "Bash",
			"input":   map[string]any{"command": cmds[i%len(cmds)]},
			"context": map[string]any{"application": "coding-agent", "cwd": "/home/dev/project", "session_id": "bench"},
		}
		if err := enc.Encode(a); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
