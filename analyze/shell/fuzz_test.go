package shell

import (
	"testing"
	"unicode/utf8"
)

// FuzzAnalyze: whatever the input, Analyze returns, never panics, and its
// findings point at commands it reports.
func FuzzAnalyze(f *testing.F) {
	for _, r := range Rules() {
		for _, ex := range r.Match {
			f.Add(ex)
		}
	}
	for _, s := range []string{"", "'", "\"", "$(", "`", "<<EOF\nrm -rf /\n", "a=$(b=$(c=$(d)))", "${x:0:-1}", "{a,b}{c,d}{e,f}", "\x00\xff\xfe",
		"eval eval eval eval eval eval eval eval eval eval eval eval ls", "bash -c 'bash -c \"bash -c ls\"'", "f(){ f|f& };f", "$'\\x72\\x6d' -rf /"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		res := Analyze(src, Options{Cwd: "/home/dev/project", Home: "/home/dev"})
		if res == nil {
			t.Fatal("nil result")
		}
		for _, fd := range res.Findings {
			if fd.Cmd < 0 || fd.Cmd > len(res.Commands) {
				t.Fatalf("finding %s points at command %d of %d", fd.Rule, fd.Cmd, len(res.Commands))
			}
			if fd.Rule == "" || fd.Message == "" {
				t.Fatalf("incomplete finding %+v", fd)
			}
		}
		if utf8.ValidString(src) && len(res.Findings) > 10000 {
			t.Fatalf("%d findings", len(res.Findings))
		}
	})
}
