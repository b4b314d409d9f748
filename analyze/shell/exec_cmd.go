package shell

import (
	"path"
	"strings"
)

// cmd.exe runs the command line after /c or /k. cmdScript reads it as
// cmd does (operators & && || |, double quotes, %VARIABLES%) and writes
// it as the POSIX command line that does the same to the same files, so
// that the shell rules judge it: rd /s /q → rm -r -f, del /s → rm -r -f,
// format → mkfs, with C:\ read as /, C:\Users\<you> and %USERPROFILE% as
// your home.

// cmdLine returns the command line a cmd.exe invocation runs, and whether
// it runs one (/c, /k, /r).
func cmdLine(args []string) (string, bool) {
	for i, a := range args {
		// Git Bash users write //c so that the shell does not turn /c into a path.
		if strings.HasPrefix(a, "//") {
			a = a[1:]
		}
		if len(a) < 2 || a[0] != '/' {
			continue
		}
		switch strings.ToLower(a[:2]) {
		case "/c", "/k", "/r":
			line := strings.Join(args[i+1:], " ")
			if len(a) > 2 {
				// /cdir: cmd accepts the command attached.
				line = strings.TrimSpace(a[2:] + " " + line)
			}
			// cmd strips the outer quotes of a line quoted whole.
			if len(line) > 1 && line[0] == '"' && line[len(line)-1] == '"' {
				line = line[1 : len(line)-1]
			}
			return line, true
		}
	}
	return "", false
}

// cmdScript translates a cmd.exe command line into a POSIX one; home is the
// user's home directory.
func cmdScript(line, home string) string {
	var out []string
	for _, part := range cmdSplit(line) {
		if part.op != "" {
			out = append(out, part.op)
			continue
		}
		text, redirs := cmdRedirects(part.text)
		words := cmdWords(text, home)
		if len(words) == 0 {
			if len(redirs) > 0 {
				out = append(out, ":"+cmdRedirectLine(redirs, home))
			}
			continue
		}
		line := cmdTranslate(words, home)
		if len(redirs) > 0 {
			line = "{ " + line + "; }" + cmdRedirectLine(redirs, home)
		}
		out = append(out, line)
	}
	// A trailing operator has nothing after it.
	for len(out) > 0 && (out[len(out)-1] == "&&" || out[len(out)-1] == "||" || out[len(out)-1] == "|" || out[len(out)-1] == ";") {
		out = out[:len(out)-1]
	}
	return strings.Join(out, " ")
}

type cmdPart struct{ text, op string }

// cmdSplit splits a line at & && || | outside double quotes; ^ escapes the
// next character.
func cmdSplit(line string) []cmdPart {
	var parts []cmdPart
	start, q := 0, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '"':
			q = !q
		case q:
		case c == '^':
			i++
		case c == '&' || c == '|':
			op := string(c)
			if i+1 < len(line) && line[i+1] == c {
				op += string(c)
			}
			parts = append(parts, cmdPart{text: line[start:i]})
			if op == "&" {
				op = ";"
			}
			parts = append(parts, cmdPart{op: op})
			i += len(op) - 1
			start = i + 1
		}
	}
	return append(parts, cmdPart{text: line[start:]})
}

// cmdWords splits one command into words (double quotes removed,
// %VARIABLES% filled in).
func cmdWords(s, home string) []string {
	s = cmdVars(s, home)
	var words []string
	var b strings.Builder
	in, q := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			q, in = !q, true
		case c == '^' && !q && i+1 < len(s):
			i++
			b.WriteByte(s[i])
			in = true
		case (c == ' ' || c == '\t') && !q:
			if in {
				words = append(words, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, b.String())
	}
	return words
}

// cmdVars fills in the variables cmd expands; an unknown one stays a
// variable of the POSIX line ($NAME), known only when it runs.
func cmdVars(s, home string) string {
	winHome := `C:\Users\` + path.Base(home)
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '%')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i+1:], '%')
		if j < 0 {
			break
		}
		name := s[i+1 : i+1+j]
		b.WriteString(s[:i])
		s = s[i+2+j:]
		switch strings.ToUpper(name) {
		case "USERPROFILE", "HOME":
			b.WriteString(winHome)
		case "HOMEDRIVE", "SYSTEMDRIVE":
			b.WriteString("C:")
		case "HOMEPATH":
			b.WriteString(winHome[2:])
		case "SYSTEMROOT", "WINDIR":
			b.WriteString(`C:\Windows`)
		case "PROGRAMFILES", "PROGRAMFILES(X86)":
			b.WriteString(`C:\Program Files`)
		case "APPDATA":
			b.WriteString(winHome + `\AppData\Roaming`)
		case "LOCALAPPDATA":
			b.WriteString(winHome + `\AppData\Local`)
		case "TEMP", "TMP":
			b.WriteString(winHome + `\AppData\Local\Temp`)
		case "CD":
			b.WriteString(".")
		case "":
			b.WriteString("%")
		default:
			b.WriteString("${" + cmdVarName(name) + "}")
		}
	}
	b.WriteString(s)
	return b.String()
}

func cmdVarName(n string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, n)
}

// winPath maps a Windows path to the POSIX path the rules know: a drive's
// root is /, C:\Users\<you> is your home, C:\Windows is the system.
func winPath(p, home string) string {
	if f, ok := winFold(p); ok {
		p = f
	}
	if !strings.ContainsRune(p, '\\') && !(len(p) >= 2 && p[1] == ':') {
		return p
	}
	q := strings.ReplaceAll(p, `\`, "/")
	if len(q) >= 2 && q[1] == ':' && (q[0] >= 'a' && q[0] <= 'z' || q[0] >= 'A' && q[0] <= 'Z') {
		q = q[2:]
		if q == "" {
			q = "/" // C: alone: the drive
		}
	}
	lower := strings.ToLower(q)
	user := "/users/" + strings.ToLower(path.Base(home))
	switch {
	case lower == user || strings.HasPrefix(lower, user+"/"):
		return home + q[len(user):]
	case lower == "/users" || strings.HasPrefix(lower, "/users/"):
		return "/home" + q[len("/users"):]
	case lower == "/windows" || strings.HasPrefix(lower, "/windows/"):
		return "/usr" + q[len("/windows"):]
	case strings.HasPrefix(lower, "/program files"):
		return "/opt" + q[len("/program files"):]
	}
	return q
}

// cmdTranslate writes one cmd command as a POSIX command.
func cmdTranslate(words []string, home string) string {
	name := strings.ToLower(progName(words[0]))
	var flags, ops []string
	for _, w := range words[1:] {
		if len(w) >= 2 && w[0] == '/' && !strings.ContainsAny(w[1:], `/\`) && len(w) <= 4 {
			flags = append(flags, strings.ToLower(w))
			continue
		}
		ops = append(ops, winPath(w, home))
	}
	has := func(f string) bool {
		for _, x := range flags {
			if x == f || strings.HasPrefix(x, f+":") {
				return true
			}
		}
		return false
	}
	quoted := func(ws []string) string {
		q := make([]string, len(ws))
		for i, w := range ws {
			if strings.HasPrefix(w, "${") {
				q[i] = `"` + w + `"`
			} else {
				q[i] = shWord(w)
			}
		}
		return strings.Join(q, " ")
	}
	switch name {
	case "type":
		return "cat -- " + quoted(ops)
	case "echo":
		if len(words) == 2 && (strings.EqualFold(words[1], "off") || strings.EqualFold(words[1], "on")) {
			return ":"
		}
		return "echo " + quoted(words[1:])
	case "rd", "rmdir":
		if has("/s") {
			return "rm -r -f -- " + quoted(ops)
		}
		return "rmdir -- " + quoted(ops)
	case "del", "erase":
		if has("/s") {
			return "rm -r -f -- " + quoted(ops)
		}
		return "rm -f -- " + quoted(ops)
	case "format":
		// format C: erases a drive: a disk tool on a whole disk says the same.
		var disks []string
		for _, w := range words[1:] {
			if !strings.HasPrefix(w, "/") {
				disks = append(disks, "/dev/disk/by-drive/"+strings.ToUpper(strings.TrimRight(w, `:\`)))
			}
		}
		if len(disks) == 0 {
			return ":"
		}
		return "mkfs -- " + quoted(disks)
	case "cd", "chdir", "pushd":
		return "cd -- " + quoted(ops)
	case "dir", "set", "ver", "where", "title", "cls", "rem", "vol", "path":
		return ":"
	case "start":
		if rest := startProgram(words[1:]); len(rest) > 0 {
			return cmdTranslate(rest, home)
		}
		return ":"
	}
	if winTools(name) {
		// Judged by winTool as the program is read, on its own words.
		return quoted(words)
	}
	all := append([]string{words[0]}, words[1:]...)
	for i := range all {
		all[i] = winPath(all[i], home)
	}
	if cmdRunsHere(all[0]) {
		// cmd.exe looks for x.exe in the current directory first.
		all[0] = "./" + all[0]
	}
	return quoted(all)
}

// cmdRawLine returns the command line after /c or /k as written, with one
// layer of quotes removed when it is quoted whole: what cmd.exe receives
// when no POSIX shell reads the line first.
func cmdRawLine(text string) (string, bool) {
	lower := strings.ToLower(text)
	at := -1
	for _, sw := range []string{" /c ", " /k ", " /r ", " //c ", " //k "} {
		if i := strings.Index(lower, sw); i >= 0 && (at < 0 || i < at) {
			at = i
		}
	}
	if at < 0 {
		return "", false
	}
	raw := strings.TrimSpace(text[at+strings.IndexByte(text[at+1:], ' ')+1:])
	if strings.ContainsAny(raw, "$`") {
		return "", false
	}
	if len(raw) > 1 && (raw[0] == '"' || raw[0] == '\'') && raw[len(raw)-1] == raw[0] {
		raw = raw[1 : len(raw)-1]
		if raw != "" && text[at+4] == '"' {
			raw = strings.ReplaceAll(raw, `\\`, `\`)
		}
	}
	return raw, true
}

// startProgram is what cmd's start runs: the words after its switches
// (/wait, /b, /min, /unix, /d DIR, /affinity N…) and an empty title.
func startProgram(words []string) []string {
	for i := 0; i < len(words); i++ {
		w := strings.ToLower(words[i])
		switch {
		case w == "/d" || w == "/affinity" || w == "/node":
			i++ // the switch's value
		case len(w) >= 2 && w[0] == '/' && !strings.ContainsAny(w[1:], `/\`):
		case w == "" || w == `""`:
			// start "" prog: the window's title
		default:
			return words[i:]
		}
	}
	return nil
}
