package shell

import (
	"strings"
	"testing"
)

// FuzzSedScript: any script parses without a panic, and a script without
// the letter e runs nothing.
func FuzzSedScript(f *testing.F) {
	for _, s := range []string{"e rm -rf /", "s/.*/ls/e", "1{e date\n}", `s/\/x/y/ge`, "/a/,/b/!e\n", "y/abc/xyz/;e", "a\\\ntext\ne ls", "s/[/]/x/e", ":a;N;ba", "\\%x%e id"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		runs, _ := sedRuns(script)
		if !strings.ContainsRune(script, 'e') && len(runs) > 0 {
			t.Fatalf("%q: runs %v without an e", script, runs)
		}
		for _, r := range runs {
			if r.known && !strings.Contains(script, strings.TrimSpace(strings.Split(r.command, "\n")[0])) && !r.subst {
				t.Fatalf("%q: runs %q, which it does not contain", script, r.command)
			}
		}
	})
}

// FuzzExCommands: any ex, ed or gdb line parses without a panic, runs
// nothing when it has no ! and names no function or command that runs
// (nor :execute), and yields a bounded list.
func FuzzExCommands(f *testing.F) {
	for _, s := range []string{"!rm -rf /", ":silent !ls", "call system(\"id\")", "exe \"!\" . \"ls\"", "r !date", "w !sh", "1,$!sort", "terminal bash", "py3 import os", "shell ls", "| bt | sh", "platform shell ls", "set nu | !ls", "'<,'>!fmt", "/pat/!x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, runs := range [][]chanRun{exRuns(line), edRuns(line), gdbRuns(line)} {
			if len(runs) > maxChanRuns+1 {
				t.Fatalf("%q: %d runs", line, len(runs))
			}
		}
		// (:execute of an expression it cannot read is unknown, not harmless.)
		if !strings.ContainsAny(line, "!|") && !strings.Contains(line, "(") && !strings.ContainsAny(line, "tTpPlsSrR") && !strings.Contains(line, "exe") {
			if runs := exRuns(line); len(runs) > 0 {
				t.Fatalf("%q: runs %v", line, runs)
			}
		}
	})
}

// FuzzTclScript: any Tcl script parses without a panic or a hang, and one
// that never names exec, spawn, system, open or delete runs nothing.
func FuzzTclScript(f *testing.F) {
	for _, s := range []string{"exec rm -rf /", "spawn sh -c {ls}; expect eof", "set f [open \"|ls\"]", "if {1} {exec ls}", "puts [exec date]", "system ls -la", "{*}$x", "exec {*}$cmd", "# exec ls\nputs hi", "catch {exec ls} e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		runs := tclRuns(script)
		if len(runs) > 4*maxChanRuns {
			t.Fatalf("%q: %d runs", script, len(runs))
		}
		if !strings.Contains(script, "exec") && !strings.Contains(script, "spawn") && !strings.Contains(script, "system") && !strings.Contains(script, "open") && !strings.Contains(script, "delete") && len(runs) > 0 {
			t.Fatalf("%q: runs %v", script, runs)
		}
	})
}

// FuzzCmdLine: any cmd.exe line translates into a POSIX line the shell
// parser reads without a panic.
func FuzzCmdLine(f *testing.F) {
	for _, s := range []string{`rd /s /q C:\`, `del /f /s /q %USERPROFILE%\*`, `format C: /q`, `echo a & rd /s b`, `"a b" ^& c`, `robocopy a b /MIR`, `%X%%Y%`, `cd /d C:\ && dir`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		out := cmdScript(line, "/home/dev")
		_ = Analyze(out, exampleOptions)
		if raw, ok := cmdRawLine("cmd /c " + line); ok && len(raw) > len(line) {
			t.Fatalf("%q: raw line %q is longer", line, raw)
		}
	})
}

// FuzzMountMap: mapping container paths never panics and leaves a word
// without a mount target as it is.
func FuzzMountMap(f *testing.F) {
	for _, s := range []string{"rm -rf /data/*", "/data", "x=/data/y", "/datax", "/", "'/data'"} {
		f.Add(s, "/data")
	}
	f.Fuzz(func(t *testing.T, word, target string) {
		m, ok := parseVolumeFlag("/home/dev:" + target)
		if !ok {
			return
		}
		got := mapMounts(word, []mount{m})
		if !strings.Contains(word, m.target) && got != word {
			t.Fatalf("%q: mapped to %q without %q in it", word, got, m.target)
		}
	})
}
