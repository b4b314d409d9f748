package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// A protected file named through a spelling nobody types (a device or
// extended-length prefix, the machine's own administrative share, an 8.3
// short name, a name with a trailing dot or space that Windows strips) is
// read, written or deleted as the file it is (winFold), and the spelling
// is a finding of its own: it only hides from a reader what the file is.
// The project's own files spelled so stay what they are.

var ruleSpelledPath = &rule.Rule{
	ID: "shell.evasion.path-spelling", Category: rule.Obfuscation, Points: 35,
	Summary:     "Names a protected file (a key, a credential, the agent's settings) through a spelling that hides it: a \\\\?\\ or \\\\.\\ prefix, the machine's own C$ share, an 8.3 short name, a trailing dot.",
	Alternative: "name the file by its plain path, so the person can see which file it is",
	Match: []string{`cat '\\?\C:\Users\dev\.ssh\id_rsa'`, `cat '\\localhost\C$\Users\dev\.aws\credentials'`, `cat 'C:\Users\dev\SSH~1\ID_RSA'`,
		`cat '\\.\C:\Users\dev\.ssh.\id_rsa'`},
	NoMatch: []string{`cat 'C:\Users\dev\.ssh\id_rsa.pub'`, `cat '\\?\C:\Users\dev\project\README.md'`, `cat /mnt/c/Users/dev/project/a.txt`},
}

// spelledPath says how p hides the file it names ("a \\?\ path", "the
// machine's own C$ share", "an 8.3 short name", "a trailing dot"), or ""
// when it is a plain spelling (a drive path with either slash, in any
// case, or WSL's and Cygwin's /mnt/c).
func spelledPath(p string) string {
	if len(p) < 3 {
		return ""
	}
	if _, _, ok := winDrive(p); !ok {
		return ""
	}
	q := strings.ReplaceAll(p, "/", `\`)
	switch {
	case strings.HasPrefix(q, `\\?\`), strings.HasPrefix(q, `\??\`):
		return `an extended-length \\?\ path`
	case strings.HasPrefix(q, `\\.\`):
		return `a device \\.\ path`
	case strings.HasPrefix(q, `\\`):
		return "the machine's own administrative share"
	}
	for seg := range strings.SplitSeq(q, `\`) {
		if seg == "." || seg == ".." || seg == "" {
			continue
		}
		if t := strings.TrimRight(seg, ". "); t != seg && t != "" {
			return "a name with a trailing dot or space, which Windows drops"
		}
		if strings.IndexByte(seg, '~') > 0 {
			if _, ok := winLongName(seg); ok {
				return "an 8.3 short name"
			}
		}
	}
	return ""
}

// spelledFinding is the finding of a protected file p named through a
// hiding spelling, for a finding already made about it: its points are
// that finding's and the rule's together.
func spelledFinding(p string, about rule.Finding) (rule.Finding, bool) {
	how := spelledPath(p)
	if how == "" {
		return rule.Finding{}, false
	}
	f := ruleSpelledPath.Find(about.Evidence, strings.TrimSuffix(about.Message, ".")+", naming it through "+how+", a spelling that hides which file it is.", p)
	// The file's own finding, made worse by hiding it.
	f.Points += about.Points
	return f, true
}
