package shell

import (
	"slices"
	"strings"
)

// Windows' links and access lists: mklink makes a link (/D, /J a directory
// link or junction, /H a hard link), icacls and cacls change who may read
// or write a file, takeown takes its ownership. winACLLine writes each as
// the POSIX command that does the same (ln, setfacl, chown), so that a
// link or an access change over the agents' settings or actionguard's
// files is judged as ln -s and setfacl over them are. flags are the /X
// switches (lower case), ops the other words; p spells a Windows path as a
// POSIX word.
func winACLLine(name string, flags, ops []string, p func(string) string) (string, bool) {
	has := func(fs ...string) bool { return hasWinSwitch(flags, fs...) }
	recursive := ""
	if has("/t", "/s", "/r") {
		recursive = "-R "
	}
	switch name {
	case "mklink":
		// mklink [/D|/J|/H] LINK TARGET
		if len(ops) < 2 {
			return "", false
		}
		opt := "-s "
		if has("/h") {
			opt = ""
		}
		return "ln " + opt + "-- " + p(ops[1]) + " " + p(ops[0]), true
	case "icacls", "cacls":
		// icacls PATH /grant|/deny|/remove|/setowner|/reset|/inheritance…;
		// cacls PATH /e /g|/p|/r|/d. Without one of them it only shows.
		if len(ops) == 0 || !has("/grant", "/deny", "/remove", "/setowner", "/reset", "/inheritance", "/setintegritylevel",
			"/restore", "/substitute", "/g", "/p", "/r", "/d", "/e") {
			return "", false
		}
		if name == "icacls" && has("/restore") {
			return "setfacl -R --restore=" + p(ops[len(ops)-1]) + " -- " + p(ops[0]), true
		}
		if slices.ContainsFunc(ops[1:], winGrantsEveryone) {
			// icacls DIR /grant Everyone:F: every user may change it, as
			// chmod 777 allows.
			return "chmod " + recursive + "777 -- " + p(ops[0]), true
		}
		return "setfacl " + recursive + "-m u::--- -- " + p(ops[0]), true
	case "attrib":
		// attrib [+r|-r|+h|-h|+s|-s|+a|-a] PATH [/s /d]: without a +x
		// or -x it only shows. A read-only, hidden or system file is
		// chattr's or chflags' business.
		var attrs, paths []string
		for _, o := range ops {
			if len(o) == 2 && (o[0] == '+' || o[0] == '-') {
				attrs = append(attrs, o)
			} else {
				paths = append(paths, p(o))
			}
		}
		if len(attrs) == 0 || len(paths) == 0 {
			return "", false
		}
		return "chattr " + recursive + "+i -- " + strings.Join(paths, " "), true
	case "takeown":
		// takeown /F PATH [/R]: the value of /F is a word of its own.
		for _, f := range flags {
			if v, ok := strings.CutPrefix(f, "/f:"); ok && v != "" {
				return "chown " + recursive + "\"$USER\" -- " + p(v), true
			}
		}
		if len(ops) > 0 && has("/f") {
			return "chown " + recursive + "\"$USER\" -- " + p(ops[0]), true
		}
	}
	return "", false
}

// winACLChanges are the switches with which icacls and cacls change an
// access list; without one they show it.
var winACLChanges = []string{"/grant", "/deny", "/remove", "/setowner", "/reset", "/inheritance", "/setintegritylevel",
	"/restore", "/substitute", "/g", "/p", "/r", "/d", "/e"}

// winShowsOnly reports attrib, icacls or cacls given no change: they show
// a file's attributes or access list, as ls -l does.
func winShowsOnly(c *Cmd) bool {
	switch strings.ToLower(progName(c.Name)) {
	case "attrib":
		for _, a := range c.Args {
			if len(a) == 2 && (a[0] == '+' || a[0] == '-') {
				return false
			}
		}
		return true
	case "icacls", "cacls":
		for _, a := range c.Args {
			lower := strings.ToLower(a)
			if strings.HasPrefix(lower, "//") {
				lower = lower[1:] // Git Bash's //grant
			} else if strings.HasPrefix(lower, "-") {
				lower = "/" + lower[1:]
			}
			for _, ch := range winACLChanges {
				if lower == ch || strings.HasPrefix(lower, ch+":") {
					return false
				}
			}
		}
		return true
	}
	return false
}

// winBroadPrincipals are the accounts that stand for every user of the
// machine (or of the network): Everyone, Users, Authenticated Users and
// their well-known SIDs.
var winBroadPrincipals = []string{"everyone", "*s-1-1-0", "users", "*s-1-5-32-545", "authenticated users", "*s-1-5-11", "builtin\\users", "nt authority\\authenticated users", "domain users", "guest", "guests"}

// winGrantsEveryone reports an icacls or cacls grant (PRINCIPAL:RIGHTS)
// that lets every user write: full control, modify or write given to a
// principal of winBroadPrincipals.
func winGrantsEveryone(op string) bool {
	who, rights, ok := strings.Cut(strings.ToLower(op), ":")
	if !ok || !slices.Contains(winBroadPrincipals, strings.Trim(who, `"'`)) {
		return false
	}
	for _, r := range strings.FieldsFunc(rights, func(c rune) bool { return c == '(' || c == ')' || c == ',' }) {
		if slices.Contains(winWriteRights, r) {
			return true
		}
	}
	return false
}

// winWriteRights are the icacls and cacls rights that let a user change
// or delete a file: full, modify, write, cacls' change, and the specific
// write, delete and ownership rights.
var winWriteRights = []string{"f", "m", "w", "c", "ga", "gw", "wd", "ad", "d", "dc", "wdac", "wo"}
