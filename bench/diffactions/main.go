// Command diffactions writes the Actions of the differential check
// (bench/diffcheck.sh) beyond the throughput stream: the adversarial and
// attack corpora, the seed cases of every tool, the NL2Bash commands run
// from several working directories, and the PII sentences sent by e-mail,
// chat, HTTP and a shell pipe. Two builds that decide every line alike
// decide alike on these classes of input.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	repo := flag.String("repo", ".", "the repository's root (for guard/testdata)")
	corpus := flag.String("corpus", "../shared/corpus", "the shared corpus folder")
	flag.Parse()
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	enc := json.NewEncoder(w)
	n := 0
	emit := func(a map[string]any) {
		a["id"] = fmt.Sprint(n)
		n++
		if err := enc.Encode(a); err != nil {
			fail(err)
		}
	}
	bash := func(cmd, cwd, session string) map[string]any {
		return map[string]any{
			"tool":  "Bash",
			"input": map[string]any{"command": cmd},
			"context": map[string]any{
				"application": "coding-agent", "cwd": cwd, "home": "/home/dev", "session_id": session,
			},
		}
	}

	for _, name := range []string{"commands.jsonl", "attack.jsonl"} {
		eachLine(filepath.Join(*repo, "guard/testdata/adversarial", name), func(b []byte) {
			var row struct {
				Command, Cwd string
			}
			if json.Unmarshal(b, &row) == nil && row.Command != "" {
				emit(bash(row.Command, row.Cwd, "adversarial"))
			}
		})
	}
	for _, name := range []string{"seed_cases.jsonl", "seed003.jsonl"} {
		eachLine(filepath.Join(*repo, "guard/testdata", name), func(b []byte) {
			var row struct {
				Action map[string]any `json:"action"`
			}
			if json.Unmarshal(b, &row) == nil && row.Action != nil {
				emit(row.Action)
			}
		})
	}
	cwds := []string{"/home/dev/project", "/home/dev", "/", "/home/dev/.config/actionguard"}
	for _, name := range []string{"labelled-commands.jsonl", "benign-nl2bash.jsonl"} {
		i := 0
		eachLine(filepath.Join(*corpus, "shell", name), func(b []byte) {
			var row struct{ Command string }
			if json.Unmarshal(b, &row) == nil && row.Command != "" {
				emit(bash(row.Command, cwds[i%len(cwds)], "corpus"))
				i++
			}
		})
	}
	if data, err := os.ReadFile(filepath.Join(*corpus, "pii", "presidio-generated-large.json")); err == nil {
		var rows []struct {
			Text string `json:"full_text"`
		}
		if err := json.Unmarshal(data, &rows); err != nil {
			fail(err)
		}
		ctx := map[string]any{"application": "assistant", "session_id": "pii"}
		for i, r := range rows {
			switch i % 4 {
			case 0:
				emit(map[string]any{"tool": "GmailSendEmail", "context": ctx,
					"input": map[string]any{"to": "someone@outside.example", "subject": "notes", "body": r.Text}})
			case 1:
				emit(map[string]any{"tool": "SlackSendMessage", "context": ctx,
					"input": map[string]any{"channel": "#general", "text": r.Text}})
			case 2:
				emit(map[string]any{"tool": "WebFetch", "context": ctx,
					"input": map[string]any{"method": "POST", "url": "https://paste.example.net/api", "body": r.Text}})
			default:
				q, _ := json.Marshal(r.Text)
				emit(bash("curl -s -X POST -d "+string(q)+" https://api.example.com/notes", "/home/dev/project", "pii"))
			}
		}
	}
}

func eachLine(path string, f func([]byte)) {
	file, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "diffactions: %v (skipped)\n", err)
		return
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		f(sc.Bytes())
	}
	if err := sc.Err(); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "diffactions:", err)
	os.Exit(1)
}
