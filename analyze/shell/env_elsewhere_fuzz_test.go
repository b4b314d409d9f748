package shell

import (
	"strings"
	"testing"
)

// FuzzEnvOptionLoads: reading an option-string variable (NODE_OPTIONS,
// PERL5OPT, RUBYOPT, GOFLAGS, JAVA_TOOL_OPTIONS) never panics, names only
// words of the value, and the whole analysis of a command with that
// assignment never panics either.
func FuzzEnvOptionLoads(f *testing.F) {
	f.Add(byte(envNodeOpts), "--require /tmp/evil.js --import=data:text/javascript,console.log(1)")
	f.Add(byte(envPerlOpts), "-Mevil -I/tmp -m-strict=x")
	f.Add(byte(envRubyOpts), "-r/tmp/evil.rb -I /tmp -W0")
	f.Add(byte(envGoFlags), "-toolexec='/tmp/w -x' -exec")
	f.Add(byte(envJavaOpts), "-javaagent:/tmp/a.jar=opt -agentpath:")
	f.Add(byte(envNodeOpts), "-r")
	f.Fuzz(func(t *testing.T, kind byte, val string) {
		if len(val) > 4096 {
			return
		}
		k := envValueKind(kind % (byte(envCode) + 1))
		for _, ld := range optionLoads(k, val) {
			if ld != "" && !strings.Contains(val, ld) {
				t.Fatalf("optionLoads(%d, %q) named %q, which is not in the value", k, val, ld)
			}
		}
		_ = dataURLCode(val)
		for name, l := range envLoads() {
			if l.kind == k {
				Analyze(name+"='"+strings.ReplaceAll(val, "'", "")+"' make", producerOptions)
				break
			}
		}
	})
}

// FuzzLaunderLine: a rename, link or mount followed by a delete, with
// fuzzed names, never panics and never leaves a delete of the home
// through a link unreported.
func FuzzLaunderLine(f *testing.F) {
	f.Add("mv", "~/Documents", "/tmp/trash", "/tmp/trash")
	f.Add("ln -s", "~/Documents", "node_modules", "node_modules/")
	f.Add("mount --bind", "~", "build", "build")
	f.Add("ln -sfn", "../x", "a/b", "a/b/*")
	f.Fuzz(func(t *testing.T, op, src, name, del string) {
		if len(op)+len(src)+len(name)+len(del) > 1024 {
			return
		}
		Analyze(op+" "+src+" "+name+" && rm -rf "+del, producerOptions)
		if isPlainWord(name) {
			line := "ln -s ~ " + name + " && rm -rf " + name + "/"
			if res := Analyze(line, producerOptions); envMaxPoints(res) <= 100 {
				t.Fatalf("%q: %v, want a block", line, ruleIDs(res))
			}
		}
	})
}

// isPlainWord reports whether s is a relative path of letters and digits
// (no shell syntax, no dot segments, no glob).
func isPlainWord(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}
