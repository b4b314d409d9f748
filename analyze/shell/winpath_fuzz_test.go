package shell

import (
	"strings"
	"testing"
)

// FuzzWinFold: every spelling winFold reads folds once and for all (its
// result folds to itself), is a drive path, and no input makes the Windows
// readers (the path folding, cmd.exe's redirections, the Windows tools)
// panic.
func FuzzWinFold(f *testing.F) {
	for _, s := range []string{`\\?\C:\Users\dev\.claude\settings.json`, `\\localhost\C$\x`, `\\?\UNC\127.0.0.1\c$\a\b`, `//?/c:/x/`,
		`C:\Users\dev\CLAUDE~1\SETTIN~1.JSO`, `/mnt/c/Users/dev`, `%HOMEDRIVE%%HOMEPATH%\.ssh`, `$env:USERPROFILE\x. `, `\??\C:`, `\\.\`,
		`echo {}>x 2>&1 >>y <z`, `type a 1> "b c"`, `robocopy /MIR C:\e %USERPROFILE%`, `certutil -urlcache -f https://x/y y`,
		`bitsadmin /transfer j https://x/y`, `wmic process where name='a%' delete`, `schtasks /create /tn x /tr "a b"`, `reg add HKCU\x /v y /d z`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if got, ok := winFold(p); ok {
			if len(got) < 3 || got[1] != ':' || got[2] != '\\' {
				t.Fatalf("winFold(%q) = %q: not a drive path", p, got)
			}
			if again, ok := winFold(got); !ok || again != got {
				t.Fatalf("winFold(%q) = %q, folded again %q, %v", p, got, again, ok)
			}
		}
		winResolve(p, "/home/dev")
		winResolve(p, "")
		text, rs := cmdRedirects(p)
		cmdRedirectLine(rs, "/home/dev")
		if words := cmdWords(text, "/home/dev"); len(words) > 0 {
			winToolLine(strings.ToLower(progName(words[0])), words, "/home/dev", func(string) bool { return false })
			for _, name := range []string{"robocopy", "xcopy", "copy", "move", "certutil", "bitsadmin", "mshta", "regsvr32", "wmic", "reg", "schtasks"} {
				winToolLine(name, words, "/home/dev", func(string) bool { return true })
			}
		}
		cmdScript(p, "/home/dev")
	})
}
