package agentproc

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Every agent's program is recognised under every spelling its
// executable and its command line take; look-alike names and other
// programs run by the same runtimes are not.
func TestProgram(t *testing.T) {
	type c struct {
		exe  string
		argv []string
	}
	var agents []c
	for name := range programs {
		for _, exe := range []string{name, "/usr/local/bin/" + name, `C:\Users\me\AppData\Roaming\npm\` + name + ".cmd", strings.ToUpper(name) + ".EXE", "/opt/homebrew/bin/" + name} {
			agents = append(agents, c{exe, []string{exe}}, c{"", []string{exe, "--resume"}}, c{"/proc/self/exe-like/" + name, nil})
		}
		for _, rt := range []string{"node", "/usr/bin/node", "nodejs", "bun", `C:\Program Files\nodejs\node.exe`, "deno"} {
			agents = append(agents, c{rt, []string{rt, "/usr/lib/node_modules/.bin/" + name}}, c{rt, []string{rt, "--no-warnings", name}})
		}
	}
	for _, s := range scripts {
		for _, rt := range []string{"node", "/usr/bin/node", "bun"} {
			agents = append(agents, c{rt, []string{rt, "--max-old-space-size=4096", "/home/u/.npm-global/lib/node_modules/" + s.part + "/cli.js"}},
				c{rt, []string{"node", `C:\Users\u\AppData\Roaming\npm\node_modules\` + strings.ReplaceAll(s.part, "/", `\`) + `\dist\index.js`}})
		}
	}
	agents = append(agents, c{"/home/u/.local/share/claude/versions/2.0.14", []string{"claude"}}, c{"/home/u/.local/share/claude/versions/2.0.14", nil})
	for _, a := range agents {
		if Program(a.exe, a.argv) == "" {
			t.Errorf("Program(%q, %q) = \"\", want an agent", a.exe, a.argv)
		}
	}
	for _, b := range []c{
		{"node", []string{"node", "server.js"}}, {"node", []string{"node", "--port", "8750", "app.js"}}, {"/usr/bin/python3", []string{"python3", "-m", "http.server"}},
		{"/bin/bash", []string{"bash", "-c", "claude"}}, {"/usr/bin/claudette", []string{"claudette"}}, {"codexer", nil}, {"/usr/bin/gemini-tools", nil},
		{"/usr/bin/vim", []string{"vim", "codex.md"}}, {"", nil}, {"node", nil}, {"node", []string{"node"}},
		{"/usr/bin/env", []string{"env", "claude"}}, // env runs claude: its parent is env, not claude
		{"code", []string{"code", "."}}, {"cursor", []string{"cursor", "."}},
	} {
		if got := Program(b.exe, b.argv); got != "" {
			t.Errorf("Program(%q, %q) = %q, want none", b.exe, b.argv, got)
		}
	}
}

// Each marker, and each variable of a marker's family, set to a value is
// found; an empty value, a look-alike name or a marker's name as a value
// is not.
func TestMarker(t *testing.T) {
	names := append([]string{}, Markers...)
	for _, p := range prefixes {
		names = append(names, p+"_X", p+"ANYTHING")
	}
	for _, k := range names {
		env := []string{"PATH=/bin", "HOME=/home/u", k + "=1"}
		if got := Marker(env); got != k {
			t.Errorf("Marker(%q) = %q", env, got)
		}
		for _, benign := range [][]string{{k + "="}, {"X_" + k + "=1"}, {"NOTE=" + k + "=1"}, {strings.ToLower(k) + "=1"}, {k}} {
			if got := Marker(benign); got != "" {
				t.Errorf("Marker(%q) = %q, want none", benign, got)
			}
		}
	}
}

// fakeTree is a process table: pid → process; a missing pid cannot be
// read.
type fakeTree map[int]process

func (f fakeTree) read(pid int) (process, error) {
	p, ok := f[pid]
	if !ok {
		return process{}, errors.New("no such process")
	}
	return p, nil
}

// The walk finds the agent at any depth below the bound, by marker or by
// program, nearest first; it ends at the top, at a process it cannot
// read, at a loop, and at the bound.
func TestWalk(t *testing.T) {
	for depth := 0; depth < maxDepth; depth += 7 {
		for _, kind := range []string{"marker", "program", "node"} {
			tree := fakeTree{}
			for i := 0; i < depth; i++ {
				tree[100+i] = process{ppid: 101 + i, exe: "/bin/sh", argv: []string{"sh", "-c", "x"}, environ: []string{"PATH=/bin"}}
			}
			agent := process{ppid: 1, exe: "/bin/bash", environ: []string{"CLAUDECODE=1"}}
			switch kind {
			case "program":
				agent = process{ppid: 1, exe: "/usr/local/bin/codex"}
			case "node":
				agent = process{ppid: 1, exe: "/usr/bin/node", argv: []string{"node", "/usr/lib/node_modules/@google/gemini-cli/dist/index.js"}}
			}
			tree[100+depth] = agent
			tree[1] = process{ppid: 0, exe: "/sbin/init"}
			a, ok := walk(100, tree.read)
			if !ok || a.PID != 100+depth {
				t.Errorf("%s at depth %d: %+v %v", kind, depth, a, ok)
			}
			if s := a.String(); !strings.Contains(s, fmt.Sprint(a.PID)) {
				t.Errorf("%s: %q does not name the process", kind, s)
			}
		}
	}
	// No agent: a plain tree, a loop, an unreadable parent, a tree deeper
	// than the bound with the agent beyond it.
	plain := fakeTree{10: {ppid: 5, exe: "/bin/sh"}, 5: {ppid: 1, exe: "/usr/sbin/sshd"}, 1: {ppid: 0, exe: "/sbin/init"}}
	loop := fakeTree{10: {ppid: 11, exe: "/bin/sh"}, 11: {ppid: 10, exe: "/bin/sh"}}
	cut := fakeTree{10: {ppid: 11, exe: "/bin/sh"}}
	deep := fakeTree{}
	for i := 0; i < maxDepth; i++ {
		deep[1000+i] = process{ppid: 1001 + i, exe: "/bin/sh"}
	}
	deep[1000+maxDepth] = process{exe: "claude"}
	for name, tree := range map[string]fakeTree{"plain": plain, "loop": loop, "unreadable": cut, "deep": deep} {
		start := 10
		if name == "deep" {
			start = 1000
		}
		if a, ok := walk(start, tree.read); ok {
			t.Errorf("%s: found %+v", name, a)
		}
	}
	if _, ok := walk(0, plain.read); ok {
		t.Error("pid 0 walked")
	}
}
