package agentproc

import (
	"bytes"
	"testing"
)

func FuzzParseEnviron(f *testing.F) {
	f.Add([]byte("CLAUDECODE=1\x00PATH=/bin\x00"))
	f.Add([]byte("\x00\x00A=\x00"))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, s := range ParseEnviron(b) {
			if s == "" || bytes.IndexByte([]byte(s), 0) >= 0 {
				t.Fatalf("ParseEnviron(%q) gave %q", b, s)
			}
		}
		Marker(ParseEnviron(b))
	})
}

func FuzzParseStat(f *testing.F) {
	f.Add([]byte("1234 (bash) S 1200 1234 1234 34816 1234 4194304"))
	f.Add([]byte("1 (a) b) S 9 (x) S 3"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if n, err := ParseStat(b); err == nil && n < 0 {
			t.Fatalf("ParseStat(%q) = %d", b, n)
		}
	})
}

func FuzzParseProcArgs(f *testing.F) {
	f.Add(procArgs("/usr/local/bin/node", []string{"node", "/usr/local/lib/node_modules/@anthropic-ai/claude-code/cli.js"}, []string{"CLAUDECODE=1"}, 3))
	f.Add([]byte{2, 0, 0, 0, '/', 0, 'a', 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		exe, argv, env, err := ParseProcArgs(b)
		if err != nil && (exe != "" || argv != nil || env != nil) {
			t.Fatalf("ParseProcArgs(%q): an error with an answer", b)
		}
		Program(exe, argv)
		Marker(env)
	})
}
