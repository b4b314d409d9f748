package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/internal/cli"
	"github.com/actionguard/actionguard/internal/mcpcmd"
	"github.com/rogpeppe/go-internal/testscript"
	"mvdan.cc/sh/v3/shell"
)

// The README is the newcomer's first hour: these tests hold it to the
// binary, so that a command, a flag or an answer it shows cannot drift.

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"actionguard": main})
}

// TestReadmeWalkthrough runs testdata/*.txtar: the usage table's rows, in
// the order a newcomer meets them, with the binary as built (mcp-proxy in).
func TestReadmeWalkthrough(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata",
		Setup: func(e *testscript.Env) error {
			e.Setenv("HOME", e.WorkDir+"/home")
			e.Setenv("ACTIONGUARD_DB", e.WorkDir+"/state/actionguard.db")
			e.Setenv("XDG_CONFIG_HOME", e.WorkDir+"/home/.config")
			e.Setenv("XDG_STATE_HOME", e.WorkDir+"/home/.local/state")
			return os.MkdirAll(e.WorkDir+"/home", 0o755)
		},
	})
}

// run runs the command line in-process and returns its exit code, stdout
// and stderr.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	home := t.TempDir()
	var stdout, stderr bytes.Buffer
	env := map[string]string{"HOME": home, "ACTIONGUARD_DB": filepath.Join(home, "actionguard.db"), "XDG_CONFIG_HOME": filepath.Join(home, ".config")}
	code := cli.RunWith(cli.Env{Args: args, Stdout: &stdout, Stderr: &stderr, Getenv: func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		return os.Getenv(k)
	}}, mcpcmd.Command)
	return code, stdout.String(), stderr.String()
}

// readmePath is the README, found from this package's directory before a
// test changes it.
var readmePath, _ = filepath.Abs("../../README.md")

func readme(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatalf("reading the README: %v", err)
	}
	return string(b)
}

var (
	backticked = regexp.MustCompile("`([^`]+)`")
	longFlag   = regexp.MustCompile(`(?:^|\s|\()(--[a-z][a-z0-9-]*)`)
	word       = regexp.MustCompile(`^[a-z][a-z-]*$`)
)

// TestReadmeUsageTable checks every `actionguard …` the usage table shows:
// the command exists (its --help answers) and every flag it names is one
// of that command's flags.
func TestReadmeUsageTable(t *testing.T) {
	text := readme(t)
	start := strings.Index(text, "| task | command |")
	if start < 0 {
		t.Fatal("the README has no usage table (| task | command |)")
	}
	table := text[start:]
	if end := strings.Index(table, "\n\n"); end > 0 {
		table = table[:end]
	}
	checked := 0
	for _, line := range strings.Split(table, "\n")[2:] {
		var last []string // the command path a bare `--flag` or `sub …` continues
		for _, m := range backticked.FindAllStringSubmatch(line, -1) {
			snippet := m[1]
			words := strings.Fields(snippet)
			if len(words) == 0 {
				continue
			}
			var path []string
			switch {
			case words[0] == "actionguard" || strings.HasSuffix(words[0], "/actionguard"):
				path = commandPath(words[1:])
				last = path
			case strings.HasPrefix(words[0], "--") && last != nil:
				path = last
			case last != nil && len(commandPath(words)) > 0:
				// `approvals list`, `show ap-…` after `actionguard approvals watch`
				sub := commandPath(words)
				if sub[0] == last[0] {
					path = sub
				} else {
					path = []string{last[0], sub[0]}
				}
				last = path
			default:
				continue // make, a file name, a value
			}
			code, help, stderr := run(t, append(append([]string{}, path...), "--help")...)
			if code != 0 || !strings.Contains(help, "Usage:\n  actionguard "+path[0]) {
				t.Errorf("README %q: `actionguard %s --help` exits %d: %s", snippet, strings.Join(path, " "), code, stderr)
				continue
			}
			for _, f := range longFlag.FindAllStringSubmatch(snippet, -1) {
				name := strings.SplitN(f[1], "=", 2)[0]
				if !strings.Contains(help, name+" ") && !strings.Contains(help, name+"\n") && !strings.Contains(help, name+"[") {
					t.Errorf("README %q: `actionguard %s` has no flag %s", snippet, strings.Join(path, " "), name)
				}
			}
			checked++
		}
	}
	if checked < 20 {
		t.Fatalf("checked %d snippets of the usage table; the table's shape changed?", checked)
	}
}

// commandPath is the leading command words of an invocation: up to the
// first flag, placeholder, id, path or quoted text.
func commandPath(words []string) []string {
	var path []string
	for _, w := range words {
		if !word.MatchString(w) || len(path) == 2 {
			break
		}
		path = append(path, w)
	}
	return path
}

// TestReadmeExamples runs every `$ actionguard …` of the README's console
// blocks and checks that the lines the README shows under it are what the
// command prints, in order.
func TestReadmeExamples(t *testing.T) {
	text := readme(t)
	blocks := strings.Split(text, "```console\n")[1:]
	if len(blocks) == 0 {
		t.Fatal("the README has no console block")
	}
	// The examples run where nothing around them is a project or a
	// protected place.
	t.Chdir(t.TempDir())
	ran := 0
	for _, b := range blocks {
		b = b[:strings.Index(b, "```")]
		var cmd string
		var want []string
		flush := func() {
			if cmd == "" {
				return
			}
			args, err := shell.Fields(strings.TrimPrefix(cmd, "actionguard "), nil)
			if err != nil {
				t.Errorf("README %q: %v", cmd, err)
				return
			}
			_, out, stderr := run(t, append([]string{"--no-audit"}, args...)...)
			got := strings.Split(strings.TrimRight(out, "\n"), "\n")
			i := 0
			for _, w := range want {
				for i < len(got) && got[i] != w {
					i++
				}
				if i == len(got) {
					t.Errorf("README %q shows\n\t%s\nwhich the command does not print; it prints:\n%s%s", cmd, w, out, stderr)
					break
				}
			}
			ran++
		}
		for _, line := range strings.Split(b, "\n") {
			if rest, ok := strings.CutPrefix(line, "$ "); ok {
				flush()
				cmd, want = rest, nil
				continue
			}
			if line != "" {
				want = append(want, line)
			}
		}
		flush()
	}
	if ran == 0 {
		t.Fatal("no README example ran")
	}
}
