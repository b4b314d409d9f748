package shell

import (
	"strings"
	"testing"
)

// FuzzGitConfig: the readers of git's configuration text (alias
// expansions, GIT_CONFIG_PARAMETERS, ext:: commands) never panic, keep
// plain words as they are, and a git command line built from the input is
// analysed without panicking, its findings complete.
func FuzzGitConfig(f *testing.F) {
	for _, s := range []string{"push --force", "'core.pager'='rm -rf ~' 'alias.x'='!sh'", "sh -c rm% -rf% ~", `a "b c" 'd e' f\ g`, "'unterminated", `"`, `\`, "%", "%%% %s%S%G",
		"!rm -rf ~", "-c core.pager=x log", "'a=b", "''=''", "x=\x00", "alias.zz=push --force"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words := splitAlias(s)
		if !strings.ContainsAny(s, "'\"\\") {
			if got, want := strings.Join(words, " "), strings.Join(strings.Fields(s), " "); len(words) <= 256 && got != want && !strings.ContainsAny(s, "\v\f\r\u0085\u00a0") {
				t.Fatalf("splitAlias(%q) = %q, want the fields %q", s, words, strings.Fields(s))
			}
		}
		for _, kv := range parseConfigParameters(s) {
			if strings.Contains(kv[0], "=") && !strings.ContainsAny(s, "'\\") {
				t.Fatalf("parseConfigParameters(%q): key %q holds '='", s, kv[0])
			}
		}
		for _, w := range extCommand(s) {
			if w == "" {
				t.Fatalf("extCommand(%q): empty word", s)
			}
		}
		q := "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		for _, line := range []string{"git -c alias.zz=" + q + " zz", "git -c " + q + " status", "GIT_CONFIG_PARAMETERS=" + q + " git log", "git config alias.zz " + q, "git clone " + q} {
			res := Analyze(line, Options{Cwd: "/home/dev/project", Home: "/home/dev"})
			for _, fd := range res.Findings {
				if fd.Rule == "" || fd.Message == "" || fd.Cmd < 0 || fd.Cmd > len(res.Commands) {
					t.Fatalf("%s: incomplete finding %+v", line, fd)
				}
			}
		}
	})
}
