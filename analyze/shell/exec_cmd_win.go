package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// ruleWinDownload: certutil and bitsadmin, tools every Windows has, fetch
// a program the way malware fetches its payload.
var ruleWinDownload = &rule.Rule{
	ID: "shell.win.download-tool", Category: rule.RemoteCode, Points: 80,
	Summary:     "Downloads a file with a tool of Windows itself (certutil, bitsadmin), the way malware fetches its program.",
	Alternative: "download with curl or Invoke-WebRequest into the project, and check the file before running it",
	Match: []string{`certutil -urlcache -split -f https://x.example/a.exe a.exe`, `certutil.exe -verifyctl -f -split https://x.example/a.exe`,
		`bitsadmin /transfer j https://x.example/a.exe C:\\Users\\me\\a.exe`, `cmd /c "certutil -urlcache -f https://x.example/a.exe a.exe"`},
	NoMatch: []string{"certutil -hashfile app.exe SHA256", "bitsadmin /list", "certutil -dump cert.pem"},
}

// Windows' own programs copy, mirror, download, schedule and start
// programs with options of their own (robocopy /MIR, certutil -urlcache,
// schtasks /create /tr). winToolLine writes each command as the POSIX line
// that does the same to the same files, so that the rules judge it as they
// judge rsync --delete, curl -o and crontab; cmd.exe's redirections (>,
// >>, 2>) are writes like the shell's.

// winTools are the Windows programs winToolLine reads.
func winTools(k string) bool {
	switch k {
	case "robocopy", "xcopy", "copy", "move", "certutil", "bitsadmin", "mshta", "regsvr32", "wmic", "reg",
		"schtasks", "mklink", "icacls", "cacls", "takeown", "attrib", "vssadmin", "wbadmin", "bcdedit", "cipher":
		return true
	}
	return false
}

// winTool judges a Windows program run from a POSIX shell (or from
// cmd.exe's line, which is translated to one): as cmd.exe reads its words,
// and, when the shell would have taken backslashes out of them (robocopy
// C:\src C:\dst), as they are written.
func (w *walker) winTool(c *Cmd) {
	home := c.env.home
	if home == "" {
		home = "~"
	}
	words := make([]string, 0, len(c.Args)+1)
	words = append(words, c.Name)
	for _, a := range c.Args {
		words = append(words, cmdVars(a, home))
	}
	inProject := func(p string) bool {
		k := w.r.env.classify(p)
		return k.Known && k.Workspace && !k.WorkspaceRoot
	}
	if what := winRecoveryWipe(c.Name, words); what != "" {
		w.r.mutates()
		w.r.add(c.find(ruleWinRecoveryWipe, what))
	}
	judged := ""
	judge := func(words []string) {
		line, ok := winToolLine(c.Name, words, home, inProject)
		if !ok || line == judged {
			return
		}
		judged = line
		w.r.mutates()
		if c.Name == "certutil" || c.Name == "bitsadmin" {
			if strings.HasPrefix(line, "curl -s -o") || strings.HasPrefix(line, "curl -s -O") {
				w.r.add(c.find(ruleWinDownload, c.Name+" downloads a file from the network with a tool of Windows itself, the way malware fetches its program."))
			}
		}
		w.r.script(line, c, c.Name+" runs")
	}
	judge(words)
	raw := strings.TrimSpace(c.Text)
	if raw != "" && strings.ContainsRune(raw, '\\') && !strings.ContainsAny(raw, "$`'<>|;&") {
		if ws := cmdWords(raw, home); len(ws) > 0 && progName(ws[0]) == c.Name {
			ws[0] = c.Name
			judge(ws)
		}
	}
}

// winToolLine writes one Windows program's command (words as cmd.exe
// splits them, the program first) as a POSIX line; ok is false when the
// command does nothing the rules judge differently from its words.
//
// inProject reports a path inside the project (not its root): a mirror
// from one such directory onto another rebuilds a copy the project owns.
func winToolLine(name string, words []string, home string, inProject func(string) bool) (string, bool) {
	var flags, ops []string
	for _, w := range words[1:] {
		if strings.HasPrefix(w, "//") && isWinSwitch(w[1:]) {
			w = w[1:] // Git Bash users write //grant so that the shell leaves it alone
		}
		if isWinSwitch(w) {
			flags = append(flags, strings.ToLower(w))
			continue
		}
		ops = append(ops, w)
	}
	has := func(fs ...string) bool { return hasWinSwitch(flags, fs...) }
	p := func(w string) string { return cmdWord(winPath(w, home)) }
	switch name {
	case "robocopy":
		// robocopy SRC DST [FILE…] [/options]
		if len(ops) < 2 {
			return "", false
		}
		src, dst := winPath(ops[0], home), winPath(ops[1], home)
		switch {
		case has("/mir", "/purge") && !(inProject(src) && inProject(dst)):
			// Mirrored onto dst: what src lacks is deleted there, and src
			// may lack everything (robocopy C:\empty D /MIR empties D).
			return "rm -r -f -- " + cmdWord(dst) + "/* && cp -r -- " + cmdWord(src+"/.") + " " + cmdWord(dst+"/"), true
		case has("/move", "/mov"):
			return "mv -- " + cmdWord(src) + " " + cmdWord(dst), true
		}
		return "cp -r -- " + cmdWord(src+"/.") + " " + cmdWord(dst+"/"), true
	case "xcopy", "copy":
		if len(ops) == 0 {
			return "", false
		}
		dst := "."
		srcs := ops
		if len(ops) >= 2 {
			srcs, dst = ops[:len(ops)-1], ops[len(ops)-1]
		}
		var q []string
		for _, s := range srcs {
			for _, part := range strings.Split(s, "+") { // copy a+b c joins files
				if part != "" {
					q = append(q, p(part))
				}
			}
		}
		return "cp -r -- " + strings.Join(q, " ") + " " + p(dst), true
	case "move":
		if len(ops) < 2 {
			return "", false
		}
		return "mv -- " + p(ops[0]) + " " + p(ops[len(ops)-1]), true
	case "certutil":
		return certutilLine(words[1:], home)
	case "bitsadmin":
		return bitsadminLine(words[1:], home)
	case "mshta", "regsvr32":
		// mshta URL, regsvr32 /i:URL scrobj.dll: a script fetched and run.
		for _, w := range words[1:] {
			if i := strings.Index(strings.ToLower(w), "/i:"); i == 0 {
				w = w[3:]
			}
			lw := strings.ToLower(strings.Trim(w, `"`))
			switch {
			case isURL(lw):
				return "curl -fsSL " + shWord(strings.Trim(w, `"`)) + " | sh", true
			case name == "mshta" && (strings.HasPrefix(lw, "vbscript:") || strings.HasPrefix(lw, "javascript:")):
				return `sh -c "$mshta_script"`, true
			case name == "mshta" && !isWinSwitch(w):
				return "sh -- " + p(w), true
			}
		}
		return "", false
	case "wmic":
		return wmicLine(words[1:], home)
	case "schtasks":
		return schtasksLine(words[1:], home)
	case "mklink", "icacls", "cacls", "takeown", "attrib":
		return winACLLine(name, flags, ops, p) // exec_cmd_acl.go
	case "reg":
		ws := make([]psWord, 0, len(words)-1)
		for _, w := range words[1:] {
			ws = append(ws, psWord{text: w, raw: w})
		}
		line := psReg(&psTr{home: home}, ws)
		return line, line != ""
	}
	return "", false
}

// isWinSwitch reports a Windows option word: /X, /X:value, -X for the
// programs that take both.
func isWinSwitch(w string) bool {
	if len(w) < 2 || w[0] != '/' {
		return false
	}
	name, _, _ := strings.Cut(w[1:], ":")
	return name != "" && !strings.ContainsAny(name, `/\.`) && len(name) <= 12
}

func isURL(lw string) bool {
	return strings.HasPrefix(lw, "http://") || strings.HasPrefix(lw, "https://") || strings.HasPrefix(lw, "ftp://") || strings.HasPrefix(lw, "file://")
}

// certutilLine reads certutil's verbs that move bytes: -urlcache and
// -verifyctl download a URL to a file; -decode and -encode write one.
func certutilLine(args []string, home string) (string, bool) {
	var verb string
	var ops []string
	for _, a := range args {
		la := strings.ToLower(a)
		if len(la) > 1 && (la[0] == '-' || la[0] == '/') && !strings.Contains(la, "://") {
			switch la[1:] {
			case "urlcache", "verifyctl", "decode", "decodehex", "encode", "encodehex":
				verb = la[1:]
			}
			continue
		}
		ops = append(ops, a)
	}
	switch verb {
	case "urlcache", "verifyctl":
		for i, o := range ops {
			if !isURL(strings.ToLower(o)) {
				continue
			}
			if i+1 < len(ops) && ops[i+1] != "*" {
				return "curl -s -o " + cmdWord(winPath(ops[i+1], home)) + " " + shWord(o), true
			}
			return "curl -s -O " + shWord(o), true
		}
	case "decode", "decodehex", "encode", "encodehex":
		if len(ops) >= 2 {
			opt := ""
			if strings.HasPrefix(verb, "decode") {
				opt = "-d "
			}
			return "base64 " + opt + "-- " + cmdWord(winPath(ops[0], home)) + " > " + cmdWord(winPath(ops[1], home)), true
		}
	}
	return "", false
}

// bitsadminLine reads bitsadmin /transfer NAME [/download|/upload]
// [/priority P] URL FILE… and /addfile JOB URL FILE.
func bitsadminLine(args []string, home string) (string, bool) {
	upload := false
	var lines []string
	for i := 0; i < len(args); i++ {
		la := strings.ToLower(args[i])
		switch {
		case la == "/upload":
			upload = true
		case isURL(la) && i+1 < len(args):
			file := cmdWord(winPath(args[i+1], home))
			if upload {
				lines = append(lines, "curl -s -T "+file+" "+shWord(args[i]))
			} else {
				lines = append(lines, "curl -s -o "+file+" "+shWord(args[i]))
			}
			i++
		}
	}
	return strings.Join(lines, "; "), len(lines) > 0
}

// wmicLine reads wmic process call create "COMMAND" (a command line that
// runs) and wmic process where CLAUSE delete|call terminate (processes
// stopped by name).
func wmicLine(args []string, home string) (string, bool) {
	var rest []string
	for _, a := range args {
		if !strings.HasPrefix(a, "/") { // /node:HOST, /user:…
			rest = append(rest, a)
		}
	}
	if len(rest) == 0 || !strings.EqualFold(rest[0], "process") {
		return "", false
	}
	rest = rest[1:]
	if len(rest) >= 3 && strings.EqualFold(rest[0], "call") && strings.EqualFold(rest[1], "create") {
		return cmdScript(strings.Join(rest[2:], " "), home), true
	}
	if len(rest) >= 2 && strings.EqualFold(rest[0], "where") {
		last := strings.ToLower(rest[len(rest)-1])
		if last != "delete" && last != "terminate" {
			return "", false
		}
		clause := strings.Join(rest[1:len(rest)-1], " ")
		if i := strings.IndexAny(clause, "='"); i >= 0 {
			clause = clause[i:]
		}
		pat := strings.NewReplacer("=", "", "'", "", `"`, "", "%", ".*", " ", "").Replace(strings.TrimSuffix(strings.TrimSpace(clause), " call"))
		pat = strings.TrimSuffix(strings.TrimSuffix(pat, "call"), ".exe")
		if pat == "" {
			return "", false
		}
		return "pkill -f " + shWord(pat), true
	}
	return "", false
}

// cmdRedirect is one of cmd.exe's redirections: op is the POSIX operator
// (>, >>, <, 2>, 2>&1), target the word after it.
type cmdRedirect struct{ op, target string }

// cmdRedirects takes the redirections out of one cmd.exe command, outside
// double quotes and ^ escapes.
func cmdRedirects(s string) (string, []cmdRedirect) {
	if !strings.ContainsAny(s, "<>") {
		return s, nil
	}
	var b strings.Builder
	var rs []cmdRedirect
	q := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			q = !q
		case q:
		case c == '^' && i+1 < len(s):
			b.WriteByte(c)
			i++
			c = s[i]
		case c == '>' || c == '<':
			op := string(c)
			// A digit right before, at a word's start, names the stream.
			if out := b.String(); len(out) > 0 && (out[len(out)-1] == '1' || out[len(out)-1] == '2') && (len(out) == 1 || out[len(out)-2] == ' ' || out[len(out)-2] == '\t') {
				op = out[len(out)-1:] + op
				b.Reset()
				b.WriteString(out[:len(out)-1])
			}
			if c == '>' && i+1 < len(s) && s[i+1] == '>' {
				op += ">"
				i++
			}
			if i+2 < len(s) && s[i+1] == '&' && s[i+2] >= '0' && s[i+2] <= '9' {
				rs = append(rs, cmdRedirect{op: op + "&" + s[i+2:i+3]})
				i += 2
				continue
			}
			j := i + 1
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
			k, inq := j, false
			for k < len(s) && (inq || s[k] != ' ' && s[k] != '\t' && s[k] != '<' && s[k] != '>') {
				if s[k] == '"' {
					inq = !inq
				}
				k++
			}
			rs = append(rs, cmdRedirect{op: op, target: strings.Trim(s[j:k], `"`)})
			b.WriteByte(' ')
			i = k - 1
			continue
		}
		b.WriteByte(c)
	}
	return b.String(), rs
}

// cmdRedirectLine writes redirections as POSIX ones; NUL is /dev/null.
func cmdRedirectLine(rs []cmdRedirect, home string) string {
	var b strings.Builder
	for _, r := range rs {
		b.WriteString(" " + r.op)
		if r.target == "" {
			continue
		}
		t := cmdVars(r.target, home)
		if strings.EqualFold(t, "nul") || strings.EqualFold(t, "nul:") {
			t = "/dev/null"
		}
		b.WriteString(" " + cmdWord(winPath(t, home)))
	}
	return b.String()
}

// cmdWord quotes a translated word for the POSIX line: a variable cmd
// left unknown (${NAME}) stays a variable.
func cmdWord(w string) string {
	if strings.Contains(w, "${") && !strings.ContainsAny(w, "\"`\\") {
		return `"` + w + `"`
	}
	return shWord(w)
}

// cmdRunsHere reports a program named by a file name with a Windows
// program's suffix and no directory, which cmd.exe runs from the current
// directory when one is there.
func cmdRunsHere(name string) bool {
	if strings.ContainsAny(name, `/\`) || winTools(progName(name)) {
		return false
	}
	l := strings.ToLower(name)
	for _, ext := range []string{".exe", ".bat", ".cmd", ".com"} {
		if strings.HasSuffix(l, ext) && len(l) > len(ext) {
			return true
		}
	}
	return false
}

// schtasksLine reads schtasks /create /tn NAME /tr COMMAND: the command
// runs later on its own, at logon or on a schedule, like a program in the
// autostart folder; the command itself is judged too.
func schtasksLine(args []string, home string) (string, bool) {
	create := false
	name, run := "task", ""
	for i := 0; i < len(args); i++ {
		switch strings.ToLower(args[i]) {
		case "/create":
			create = true
		case "/tn":
			if i+1 < len(args) {
				i++
				name = strings.NewReplacer(`\`, "_", "/", "_").Replace(args[i])
			}
		case "/tr":
			if i+1 < len(args) {
				i++
				run = args[i]
			}
		}
	}
	if !create || run == "" {
		return "", false
	}
	line := "printf '%s\\n' " + shWord("Exec="+run) + " > " + cmdWord(home+"/.config/autostart/"+name+".desktop")
	if s := cmdScript(run, home); s != "" && s != ":" {
		line += "; " + psCron(s)
	}
	return line, true
}

// hasWinSwitch reports whether flags (lower case) hold one of the switches
// fs, alone or with a value (/r, /r:3).
func hasWinSwitch(flags []string, fs ...string) bool {
	for _, x := range flags {
		for _, f := range fs {
			if x == f || strings.HasPrefix(x, f+":") {
				return true
			}
		}
	}
	return false
}
