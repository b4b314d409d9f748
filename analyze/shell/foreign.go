package shell

import (
	"slices"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// A command written for Windows' shells reaches a POSIX tool too: an agent
// on Windows whose tool is called Bash, shell or run_shell_command may be
// running PowerShell or cmd.exe underneath. Read as POSIX, Remove-Item
// -Recurse -Force C:\Users\me\Documents, gci ~ -r | ri -fo and rd /s /q
// %USERPROFILE% are unknown programs with odd words; read in their own
// dialect they delete the user's files. A command whose program only
// PowerShell has (a cmdlet or one of its own aliases) or only cmd.exe has
// (del, erase, rd, rmdir with its switches) makes the line be read again
// in that dialect, and the stricter judgement holds.

// maxForeignReads bounds the dialect re-readings of one analysis.
const maxForeignReads = 4

// psVerbs are the PowerShell verbs of the cmdlets psCmdlets knows: a name
// made of one of them, a dash and a noun is looked up there.
var psVerbs = map[string]bool{
	"remove": true, "get": true, "set": true, "add": true, "clear": true, "new": true, "copy": true, "move": true,
	"rename": true, "invoke": true, "start": true, "stop": true, "restart": true, "format": true, "out": true,
	"push": true, "initialize": true, "send": true, "compress": true,
}

// psOnlyAliases are the aliases of cmdlets that no POSIX system has as a
// program of its own (rm, ls, cp, curl… are read as the POSIX programs).
var psOnlyAliases = map[string]bool{
	"ri": true, "gci": true, "gi": true, "iwr": true, "irm": true, "iex": true, "saps": true, "icm": true,
	"sajb": true, "spps": true, "clc": true, "cpi": true, "rni": true, "rp": true,
}

// psOnlyNoun reports the nouns of PowerShell's cmdlets that psCmdlets does not
// translate but whose code is read in its dialect (Get-CimInstance
// Win32_ShadowCopy | Remove-CimInstance deletes the shadow copies).
func psOnlyNoun(noun string) bool {
	return noun == "wmiobject" || noun == "ciminstance" || noun == "mppreference"
}

// foreignDialect returns the Windows shell whose program c runs, or
// DialectPOSIX when c's program is one a POSIX shell may run.
func foreignDialect(c *Cmd) Dialect {
	n := strings.ToLower(c.Name)
	if psOnlyAliases[n] {
		return DialectPowerShell
	}
	if verb, noun, ok := strings.Cut(n, "-"); ok && psVerbs[verb] && noun != "" {
		if _, known := psCmdlets()[n]; known || psOnlyNoun(noun) {
			return DialectPowerShell
		}
	}
	if winDriveWord(c.Text) {
		// C:\Windows\System32\bash.exe unquoted: a POSIX shell strips its
		// backslashes and runs nothing; PowerShell and cmd.exe run it.
		return DialectPowerShell
	}
	switch n {
	case "rm", "del", "erase", "rd", "rmdir", "ri":
		// rm -Force, del -fo: GNU rm has no -o, -c or -e, so a word that
		// spells PowerShell's -Force or -Recurse is Remove-Item's.
		if slices.ContainsFunc(c.Args, psDeleteSwitch) {
			return DialectPowerShell
		}
	case "format":
		// format C: /q: cmd.exe's format of a drive (no POSIX format
		// takes a drive letter).
		if slices.ContainsFunc(c.Args, isDriveLetter) {
			return DialectCmd
		}
	}
	switch n {
	case "del", "erase", "rd":
		return DialectCmd
	case "rmdir":
		// POSIX rmdir has no /s: a switch there is cmd.exe's.
		for _, a := range c.Args {
			if isWinSwitch(a) {
				return DialectCmd
			}
		}
	}
	return DialectPOSIX
}

// rereadForeign judges again, in its own dialect, each piece of src whose
// command belongs to a Windows shell: src itself for a command on the
// line, the nested code for one under bash -c, ssh or the like. The
// findings that reading adds join res's.
func rereadForeign(src string, res *Result, opt Options) {
	type piece struct {
		text string
		d    Dialect
	}
	var done []piece
	for _, c := range res.Commands {
		d := foreignDialect(c)
		if d == DialectPOSIX {
			continue
		}
		p := piece{src, d}
		if c.Depth > 0 {
			p.text = c.Text
		}
		if p.text == "" || slices.Contains(done, p) {
			continue
		}
		if len(done) == maxForeignReads {
			return
		}
		done = append(done, p)
		o := opt
		o.Dialect = d
		addFindings(res, Analyze(p.text, o), func(rule.Finding) bool { return true })
	}
}

// psDeleteSwitch reports a word that is an abbreviation of Remove-Item's
// -Force or -Recurse (PowerShell accepts any unambiguous prefix, in any
// case): -fo, -Force, -rec, -Recurse.
func psDeleteSwitch(a string) bool {
	if len(a) < 3 || a[0] != '-' {
		return false
	}
	l := strings.ToLower(a)
	return strings.HasPrefix("-force", l) || strings.HasPrefix("-recurse", l)
}

// isDriveLetter reports a word that names a Windows drive: C: or C:\.
func isDriveLetter(a string) bool {
	a = strings.TrimSuffix(strings.TrimSuffix(a, `\`), "/")
	return len(a) == 2 && isLetter(a[0]) && a[1] == ':'
}

// winDriveWord reports a command whose program is written, unquoted, as a
// Windows drive path with backslashes (C:\Tools\x.exe).
func winDriveWord(text string) bool {
	return len(text) > 3 && isLetter(text[0]) && text[1] == ':' && text[2] == '\\' && isLetter(text[3])
}
