package shell

import "strings"

// Windows names one file by many spellings: the extended-length prefix
// \\?\C:\…, the device prefix \\.\C:\…, the machine's own administrative
// share \\localhost\C$\… (and \\127.0.0.1\c$\…, \\?\UNC\localhost\C$\…),
// forward slashes for backslashes, any case, 8.3 short names (CLAUDE~1 for
// .claude), trailing dots and spaces that Windows strips from a name, and
// the same drive seen from WSL or Cygwin (/mnt/c/…, /cygdrive/c/…).
// winFold writes each of them as the one drive path C:\… that the rules
// know, so that self-protection, credential and delete rules judge the
// file and not its spelling.

// winFold returns the canonical drive form of a Windows path spelling, and
// whether p was one; a path it does not recognise is returned unchanged
// with false.
func winFold(p string) (string, bool) {
	if len(p) < 3 {
		return p, false
	}
	drive, rest, ok := winDrive(p)
	if !ok {
		return p, false
	}
	var b strings.Builder
	b.Grow(len(rest) + 3)
	b.WriteByte(upperASCII(drive))
	b.WriteString(`:\`)
	first := true
	for seg := range strings.SplitSeq(rest, `\`) {
		seg = winSegment(seg)
		if seg == "" {
			continue
		}
		if !first {
			b.WriteByte('\\')
		}
		first = false
		b.WriteString(seg)
	}
	return b.String(), true
}

// winDrive finds the drive a spelling names and the rest of the path, with
// backslashes only.
func winDrive(p string) (drive byte, rest string, ok bool) {
	sep := func(c byte) bool { return c == '\\' || c == '/' }
	// WSL's and Cygwin's mounts of the drives: /mnt/c/Users, /cygdrive/c/Users.
	for _, pre := range []string{"/mnt/", "/cygdrive/"} {
		if strings.HasPrefix(p, pre) && len(p) > len(pre) && isLetter(p[len(pre)]) && (len(p) == len(pre)+1 || p[len(pre)+1] == '/') {
			return p[len(pre)], strings.ReplaceAll(p[len(pre)+1:], "/", `\`), true
		}
	}
	if strings.HasPrefix(p, `\??\`) {
		p = `\\?` + p[3:]
	}
	if !sep(p[0]) {
		if isLetter(p[0]) && p[1] == ':' && sep(p[2]) {
			return p[0], strings.ReplaceAll(p[2:], "/", `\`), true
		}
		return 0, "", false
	}
	if !sep(p[1]) {
		return 0, "", false
	}
	q := strings.ReplaceAll(p[2:], "/", `\`)
	// \\?\ and \\.\ (and the native \??\): a drive path or
	// UNC\server\share follows.
	switch {
	case strings.HasPrefix(q, `?\`), strings.HasPrefix(q, `.\`):
		q = q[2:]
	default:
		return winShare(q)
	}
	if len(q) >= 2 && isLetter(q[0]) && q[1] == ':' && (len(q) == 2 || q[2] == '\\') {
		return q[0], q[2:], true
	}
	if len(q) >= 4 && strings.EqualFold(q[:4], `UNC\`) {
		return winShare(q[4:])
	}
	return 0, "", false
}

// winShare reads server\share\rest: a drive's administrative share (C$)
// on the machine itself is that drive.
func winShare(q string) (byte, string, bool) {
	server, after, ok := strings.Cut(q, `\`)
	if !ok || !loopbackHost(server) {
		return 0, "", false
	}
	share, rest, _ := strings.Cut(after, `\`)
	if len(share) != 2 || !isLetter(share[0]) || share[1] != '$' {
		return 0, "", false
	}
	return share[0], `\` + rest, true
}

// loopbackHost reports a name for this machine in a UNC path.
func loopbackHost(h string) bool {
	h = strings.ToLower(strings.TrimRight(h, "."))
	switch h {
	case "localhost", "::1", "[::1]", "0:0:0:0:0:0:0:1", "0--1.ipv6-literal.net", "127.0.0.1":
		return true
	}
	if strings.HasPrefix(h, "localhost.") || strings.HasPrefix(h, "127.") && strings.Count(h, ".") == 3 {
		return true
	}
	return false
}

// winSegment is one name as Windows reads it: trailing dots and spaces are
// stripped ("." and ".." stay), and an 8.3 short name of a name the rules
// know is that name.
func winSegment(s string) string {
	if s == "." || s == ".." {
		return s
	}
	t := strings.TrimRight(s, ". ")
	if t == "" {
		return s
	}
	if strings.IndexByte(t, '~') > 0 {
		if long, ok := winLongName(t); ok {
			return long
		}
	}
	return t
}

// winKnownNames are the names in the paths the rules protect, as their 8.3
// short names may stand for them: the agents' directories and settings,
// actionguard's own, the credential directories and files, and the folders
// of a Windows home.
var winKnownNames = []string{
	".claude", ".claude.json", ".codex", ".gemini", ".cursor", ".copilot", ".github", ".vscode", ".mcp.json",
	"settings.json", "settings.local.json", "hooks.json", "config.toml", "actionguard", "actionguard.yaml", "actionguard.db",
	".ssh", "authorized_keys", "id_rsa", "id_ed25519", "id_ecdsa", "known_hosts", ".aws", "credentials", ".azure", ".kube",
	".docker", ".gnupg", ".config", ".local", ".npmrc", ".pypirc", ".netrc", ".git-credentials", ".gitconfig",
	".bashrc", ".bash_profile", ".profile", ".zshrc", "AppData", "Roaming", "Local", "Documents", "Desktop",
	"Downloads", "Program Files", "Program Files (x86)", "ProgramData", "Microsoft", "Windows", "Start Menu", "Programs", "Startup",
}

// winLongName maps an 8.3 short name (BASE~N or BASE~N.EXT) to the known
// long name it abbreviates: the long name's letters without dots and
// spaces, its first up to six in capitals, then ~N and up to three of its
// extension's.
func winLongName(short string) (string, bool) {
	base, ext, _ := strings.Cut(strings.ToUpper(short), ".")
	tilde := strings.IndexByte(base, '~')
	if tilde <= 0 || tilde > 6 || tilde == len(base)-1 {
		return "", false
	}
	for i := tilde + 1; i < len(base); i++ {
		if base[i] < '0' || base[i] > '9' {
			return "", false
		}
	}
	stem := base[:tilde]
	for _, name := range winKnownNames {
		lb, le := shortParts(name)
		if len(lb) < len(stem) || lb[:len(stem)] != stem || len(stem) < 6 && len(stem) != len(lb) {
			continue
		}
		if ext != "" && (len(ext) > len(le) || le[:len(ext)] != ext || len(ext) < 3 && len(ext) != len(le)) {
			continue
		}
		if ext == "" && le != "" {
			continue
		}
		return name, true
	}
	return "", false
}

// shortParts returns a long name's base and extension as an 8.3 name is
// made from them: upper case, leading dots, spaces and inner dots removed.
func shortParts(name string) (base, ext string) {
	n := strings.ToUpper(strings.TrimLeft(name, "."))
	if i := strings.LastIndexByte(n, '.'); i > 0 {
		n, ext = n[:i], n[i+1:]
	}
	n = strings.NewReplacer(".", "", " ", "").Replace(n)
	return n, ext
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func upperASCII(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// winResolve writes a Windows spelling of a path the way resolve keeps
// paths: under the user's home when it is the home's Windows form
// (C:\Users\<you>, %USERPROFILE%, %HOMEDRIVE%%HOMEPATH%, $env:USERPROFILE),
// else /\x00drive/<letter>/<lower-case path>. ok is false for a path that
// is no Windows spelling.
func winResolve(p, home string) (string, bool) {
	if p == "" {
		return p, false
	}
	known := home != "" && home[0] == '/' && !strings.ContainsRune(home, 0)
	switch {
	case p[0] == '%' || p[0] == '$':
		winHome := ""
		if known {
			winHome = `C:\Users\` + homeBase(home)
		}
		p = winDriveVars(p, winHome)
		if p == "" || p[0] == '%' || p[0] == '$' {
			return p, false // windowsHome reads what is left
		}
	case strings.HasPrefix(p, `~\`) && known:
		p = `C:\Users\` + homeBase(home) + p[1:]
	}
	w, ok := winFold(p)
	if !ok {
		return p, false
	}
	// w is X:\rest, with single backslashes.
	rest := strings.ReplaceAll(w[3:], `\`, "/")
	if w[0] == 'C' && known {
		user := "users/" + homeBase(home)
		if l := strings.ToLower(rest); l == user || strings.HasPrefix(l, user+"/") {
			return home + rest[len(user):], true
		}
	}
	return "/\x00drive/" + strings.ToLower(w[:1]) + "/" + strings.ToLower(rest), true
}

// homeBase is the last name of the home directory, lower case.
func homeBase(home string) string {
	home = strings.TrimRight(home, "/")
	return strings.ToLower(home[strings.LastIndexByte(home, '/')+1:])
}

// winDriveVars expands the variable at the start of p that names a
// folder of the system drive (%HOMEDRIVE%, %SYSTEMDRIVE%, $env:SystemRoot,
// …) and, when winHome (the home's Windows form) is known, the home's
// folders (%USERPROFILE%, %HOMEDRIVE%%HOMEPATH%, $env:APPDATA, %TEMP%).
func winDriveVars(p, winHome string) string {
	name, rest, ok := winLeadVar(p)
	if !ok {
		return p
	}
	home := func(sub string) string {
		if winHome == "" {
			return p
		}
		return winHome + sub + rest
	}
	switch strings.ToUpper(name) {
	case "HOMEDRIVE":
		if n, r, ok := winLeadVar(rest); ok && strings.EqualFold(n, "HOMEPATH") {
			if winHome == "" {
				return "%USERPROFILE%" + r
			}
			return winHome + r
		}
		return "C:" + rest
	case "USERPROFILE", "HOMEPATH":
		return home("")
	case "APPDATA":
		return home(`\AppData\Roaming`)
	case "LOCALAPPDATA":
		return home(`\AppData\Local`)
	case "TEMP", "TMP":
		return home(`\AppData\Local\Temp`)
	case "SYSTEMDRIVE":
		return "C:" + rest
	case "SYSTEMROOT", "WINDIR":
		return `C:\Windows` + rest
	case "PROGRAMFILES":
		return `C:\Program Files` + rest
	case "PROGRAMDATA", "ALLUSERSPROFILE":
		return `C:\ProgramData` + rest
	}
	return p
}

// winLeadVar reads a variable at the start of p as cmd (%NAME%) or
// PowerShell ($env:NAME, ${env:NAME}) writes it.
func winLeadVar(p string) (name, rest string, ok bool) {
	switch {
	case strings.HasPrefix(p, "%"):
		end := strings.IndexByte(p[1:], '%')
		if end <= 0 {
			return "", "", false
		}
		return p[1 : 1+end], p[2+end:], true
	case strings.HasPrefix(p, "${env:"):
		end := strings.IndexByte(p, '}')
		if end < 0 {
			return "", "", false
		}
		return p[len("${env:"):end], p[end+1:], true
	case len(p) > 5 && strings.EqualFold(p[:5], "$env:"):
		i := 5
		for i < len(p) && (isLetter(p[i]) || p[i] == '_' || p[i] >= '0' && p[i] <= '9') {
			i++
		}
		return p[5:i], p[i:], i > 5
	}
	return "", "", false
}

// lowerASCII lowers the ASCII letters of s and keeps every other byte, so
// that indexes into the result are indexes into s.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
