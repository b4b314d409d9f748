package shell

import "testing"

// TestInPlaceRewritersWrite: gawk's inplace extension writes the files it
// reads (under every spelling that loads it), while plain awk only reads.
func TestInPlaceRewritersWrite(t *testing.T) {
	for _, src := range []string{"awk -i inplace 'NR<0' ~/Documents/notes.txt", "gawk -i inplace '{print}' ~/notes.txt",
		"gawk --include=inplace 'NR>1' ~/list.csv", "awk -iinplace 'NR<0' ~/.bashrc", "gawk --incl=inplace 1 ~/x.txt"} {
		if res := Analyze(src, Options{Cwd: "/home/u/p", Home: "/home/u"}); res.ReadOnly || len(res.Findings) == 0 {
			t.Errorf("%s: read-only %v, findings %v: want a write outside the project", src, res.ReadOnly, res.Findings)
		}
	}
	for _, src := range []string{"awk '{print $1}' notes.txt", "awk -v x=1 '{print x}' a.txt", "gawk -f s.awk data.txt"} {
		if res := Analyze(src, Options{Cwd: "/home/u/p", Home: "/home/u"}); !res.ReadOnly {
			t.Errorf("%s: want read-only, got findings %v", src, res.Findings)
		}
	}
}

// TestForeignDialectCommands: a PowerShell or cmd.exe command given to a
// POSIX tool is judged in its own dialect; POSIX programs with dashed
// names are not taken for cmdlets.
func TestForeignDialectCommands(t *testing.T) {
	for _, c := range []struct {
		src  string
		want Dialect
	}{
		{"Remove-Item -Recurse -Force x", DialectPowerShell}, {"remove-item x", DialectPowerShell}, {"ri x", DialectPowerShell},
		{"gci", DialectPowerShell}, {"del /q x", DialectCmd}, {"RD /S /Q x", DialectCmd}, {"rmdir /s x", DialectCmd},
		{"rmdir x", DialectPOSIX}, {"apt-get install x", DialectPOSIX}, {"start-stop-daemon --status", DialectPOSIX},
		{"get-task-list", DialectPOSIX}, {"ssh-keygen -t ed25519", DialectPOSIX}, {"rm -rf x", DialectPOSIX},
	} {
		res := Analyze(c.src, Options{Cwd: "/home/u/p", Home: "/home/u"})
		if len(res.Commands) == 0 {
			t.Fatalf("%s: no command", c.src)
		}
		if got := foreignDialect(res.Commands[0]); got != c.want {
			t.Errorf("%s: dialect %q, want %q", c.src, got, c.want)
		}
	}
}
