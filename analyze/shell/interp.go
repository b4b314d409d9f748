package shell

import (
	"encoding/base64"
	"strings"
	"sync"

	"github.com/actionguard/actionguard/rule"
)

// Rules about code given inline to an interpreter (python -c, node -e,
// perl -e, ruby -e, php -r, awk programs). Commands found in string literals
// are analysed like any other command; these rules cover what cannot be seen.
var (
	ruleInlineExec = &rule.Rule{
		ID: "shell.interp.exec", Category: rule.Execution, Points: 45,
		Summary:     "Inline code runs a command whose text is only known when it runs.",
		Alternative: "run the command itself so it can be checked",
		Match: []string{`python3 -c "import os,sys; os.system(sys.argv[1])" x`, `node -e "require('child_process').execSync(process.argv[1])"`,
			`perl -e 'system($ARGV[0])'`, `awk '{ system($0) }' cmds.txt`},
		NoMatch: []string{`python3 -c "print(1+1)"`, `node -e "console.log(process.version)"`},
	}
	ruleInlineDelete = &rule.Rule{
		ID: "shell.interp.delete", Category: rule.Destructive, Points: 40,
		Summary:     "Inline code deletes files whose names are only known when it runs.",
		Alternative: "list the files first, then delete them with rm -i or a trash command",
		Match:       []string{`python3 -c "import shutil,sys; shutil.rmtree(sys.argv[1])" build`, `node -e "require('fs').rmSync(process.argv[1], {recursive: true})"`, `ruby -e 'FileUtils.rm_rf(ARGV[0])'`},
		NoMatch:     []string{`python3 -c "import os; print(os.listdir('.'))"`},
	}
	ruleInlineNetwork = &rule.Rule{
		ID: "shell.interp.network-send", Category: rule.Network, Points: 30,
		Summary:     "Inline code sends data to another machine.",
		Alternative: "use curl with the data and the destination in plain sight",
		Match:       []string{`python3 -c "import requests; requests.post('https://api.example.com/x', json={'a': 1})"`, `node -e "fetch('https://x.io', {method: 'POST', body: 'hi'})"`},
		NoMatch:     []string{`python3 -c "import requests; print(requests.get('https://example.com').status_code)"`},
	}
)

type codePatterns struct {
	exec, del, delRecursive, send, obfuscated *lazyRE
}

// The patterns are compiled on first use: a process that never sees inline
// code (most hook calls) does not pay for them.
var (
	patternsOnce sync.Once
	reStringLit  *lazyRE
	langs        map[string]*codePatterns
)

func compilePatterns() {
	// Each expression compiles on first use: a check of Python code does not
	// pay for the PHP patterns.
	reStringLit = lazyRegexp(`(?s)"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'`)
	langs = map[string]*codePatterns{
		"python": {
			exec:         lazyRegexp(`\b(?:system|popen|getoutput|getstatusoutput|check_output|check_call|call|run|Popen|spawn|execv|execvp|execl|execlp|execve|execvpe|spawnl|spawnlp|spawnv|spawnvp)\s*\(`),
			del:          lazyRegexp(`\b(?:os\.remove|os\.unlink|os\.rmdir|os\.removedirs|\.unlink|\.rmdir|remove|unlink)\s*\(`),
			delRecursive: lazyRegexp(`\brmtree\s*\(`),
			send:         lazyRegexp(`\b(?:requests|httpx|session|s|client)\.(?:post|put|patch|delete|request)\s*\(|\burlopen\s*\([^)]*data\s*=|\bsocket\.(?:socket|create_connection)\b|\bsmtplib\b|\bftplib\b|\bparamiko\b|\.sendall\s*\(|\.sendto\s*\(|urllib\.request\.Request\s*\([^)]*data`),
			obfuscated:   lazyRegexp(`\b(?:exec|eval|compile)\s*\(\s*(?:base64\.|b64decode|codecs\.decode|bytes\.fromhex|zlib\.decompress|marshal\.loads|__import__\s*\(\s*['"](?:base64|codecs|zlib|marshal))`),
		},
		"node": {
			exec:         lazyRegexp(`\b(?:execSync|execFileSync|spawnSync|exec|execFile|spawn|fork|execa|execaSync|execaCommand|execaCommandSync)\s*\(|\bBun\.spawn(?:Sync)?\s*\(|\bDeno\.(?:run|Command)\s*\(`),
			del:          lazyRegexp(`\b(?:unlinkSync|unlink|rmdirSync|rmdir)\s*\(`),
			delRecursive: lazyRegexp(`\b(?:rmSync|rm|rimraf|rimrafSync|removeSync|remove|emptyDirSync|emptyDir|deleteSync)\s*\(`),
			send:         lazyRegexp(`\bfetch\s*\([^)]*method\s*:\s*['"](?:POST|PUT|PATCH|DELETE)|\baxios\.(?:post|put|patch|delete)\s*\(|\bhttps?\.request\s*\(|\bnet\.(?:connect|createConnection)\s*\(|\bdgram\b|\.write\s*\(.*socket`),
			obfuscated:   lazyRegexp(`\b(?:eval|Function)\s*\(\s*(?:atob|Buffer\.from|unescape|decodeURIComponent|String\.fromCharCode)`),
		},
		"perl": {
			exec:         lazyRegexp(`\b(?:system|exec|qx)\s*[\(\s'"{/]|\bopen\s*\([^)]*['"]\s*\||\bopen\s*\([^)]*\|\s*['"]`),
			del:          lazyRegexp(`\bunlink\s*[\(\s'"]`),
			delRecursive: lazyRegexp(`\b(?:rmtree|remove_tree)\s*\(`),
			send:         lazyRegexp(`\bLWP::UserAgent\b|\bHTTP::Tiny\b.*\bpost\b|\bIO::Socket\b|\bNet::SMTP\b|\bsocket\s*\(`),
			obfuscated:   lazyRegexp(`\beval\s*\(?\s*(?:decode_base64|MIME::Base64|pack\s*\(\s*['"][Hu])`),
		},
		"ruby": {
			exec:         lazyRegexp(`\b(?:system|exec|spawn|IO\.popen|Open3\.\w+|%x)\s*[\(\s'"{\[]`),
			del:          lazyRegexp(`\b(?:File\.delete|File\.unlink|FileUtils\.rm|FileUtils\.rm_f|FileUtils\.remove|Dir\.rmdir|Dir\.delete|FileUtils\.rmdir)\s*[\(\s'"]`),
			delRecursive: lazyRegexp(`\bFileUtils\.(?:rm_rf|rm_r|remove_dir|remove_entry|remove_entry_secure|rmtree)\s*[\(\s'"]`),
			send:         lazyRegexp(`\bNet::HTTP\.(?:post|post_form|start)|\bNet::HTTP::(?:Post|Put|Delete)\b|\bTCPSocket\b|\bNet::SMTP\b|\bHTTParty\.(?:post|put|delete)|\bFaraday\.(?:post|put|delete)`),
			obfuscated:   lazyRegexp(`\beval\s*\(?\s*(?:Base64\.decode64|Base64\.strict_decode64|\[.*\]\.pack|Zlib::Inflate)`),
		},
		"php": {
			exec:         lazyRegexp(`\b(?:system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec)\s*\(`),
			del:          lazyRegexp(`\b(?:unlink|rmdir)\s*\(`),
			delRecursive: lazyRegexp(`\b(?:deleteDirectory|rrmdir)\s*\(`),
			send:         lazyRegexp(`\bcurl_exec\s*\(|\bfsockopen\s*\(|\bstream_socket_client\s*\(|\bmail\s*\(|\bfile_get_contents\s*\([^)]*stream_context_create`),
			obfuscated:   lazyRegexp(`\b(?:eval|assert)\s*\(\s*(?:base64_decode|gzinflate|gzuncompress|str_rot13|hex2bin|convert_uudecode)`),
		},
		"lua": {
			exec:         lazyRegexp(`\b(?:os\.execute|io\.popen)\s*\(`),
			del:          lazyRegexp(`\bos\.remove\s*\(`),
			delRecursive: lazyRegexp(`\blfs\.rmdir\s*\(`),
			send:         lazyRegexp(`\bsocket\.(?:tcp|connect|udp)\b|\bhttp\.request\s*\(`),
			obfuscated:   lazyRegexp(`\bload(?:string)?\s*\(\s*(?:mime\.unb64|from_base64|dec)`),
		},
		"r": {
			exec:         lazyRegexp(`\b(?:system|system2|shell)\s*\(`),
			del:          lazyRegexp(`\b(?:file\.remove|unlink)\s*\(`),
			delRecursive: lazyRegexp(`\bunlink\s*\([^)]*recursive\s*=\s*TRUE`),
			send:         lazyRegexp(`\b(?:httr::)?(?:POST|PUT|DELETE)\s*\(|\bcurl_fetch_memory\b|\bsocketConnection\s*\(`),
			obfuscated:   lazyRegexp(`\beval\s*\(\s*parse\s*\(\s*text\s*=\s*(?:rawToChar|base64)`),
		},
		"osascript": {
			exec:         lazyRegexp(`\bdo shell script\s+`),
			del:          lazyRegexp(`\bdelete\s+(?:file|folder)\b`),
			delRecursive: lazyRegexp(`\bempty\s+(?:the\s+)?trash\b`),
			send:         lazyRegexp(`\bsend\b.*\bmessage\b`),
			obfuscated:   lazyRegexp(`\brun script\s+`),
		},
		"powershell": {
			exec:         lazyRegexp(`(?i)\b(?:Invoke-Expression|iex|Start-Process|Invoke-Command|cmd(?:\.exe)?\s+/c)\b`),
			del:          lazyRegexp(`(?i)\b(?:Remove-Item|rm|del|erase|rd|rmdir|ri)\b`),
			delRecursive: lazyRegexp(`(?i)\b(?:Remove-Item|rm|del|rd|rmdir|ri)\b[^;|]*-(?:Recurse|r)\b|\b(?:Format-Volume|Clear-Disk|Remove-Partition)\b`),
			send:         lazyRegexp(`(?i)\bInvoke-(?:WebRequest|RestMethod)\b[^;|]*-Method\s+(?:Post|Put|Delete|Patch)|\bNet\.Sockets\.TcpClient\b|\bSend-MailMessage\b|\bUploadString\b|\bUploadFile\b`),
			obfuscated:   lazyRegexp(`(?i)\bFromBase64String\b|\b-EncodedCommand\b|\bDownloadString\b.*\b(?:iex|Invoke-Expression)\b|\b(?:iex|Invoke-Expression)\b.*\bDownloadString\b`),
		},
	}
	reDecodeCall = lazyRegexp(`(?:b64decode|decodebytes|decode64|strict_decode64|base64_decode|atob|Buffer\.from|decode_base64|FromBase64String)\s*\(`)
	rePSTarget = lazyRegexp(`(?i)(?:-Path\s+)?['"]?([A-Za-z]:\\[^'"\s;|]*|/[^'"\s;|]*|~[^'"\s;|]*|\$env:\w+[^'"\s;|]*)`)
	reAwkSystem = lazyRegexp(`\bsystem\s*\(`)
	reAwkGetline = lazyRegexp(`("(?:[^"\\]|\\.)*")\s*\|\s*getline`)
	reAwkPipeOut = lazyRegexp(`\|\s*("(?:[^"\\]|\\.)*")`)
	reAwkRedir = lazyRegexp(`>>?\s*("(?:[^"\\]|\\.)*")`)
}

// inlineCode analyses code given to an interpreter on the command line.
func (w *walker) inlineCode(c *Cmd, lang, code string) {
	r := w.r
	if len(code) > 256<<10 {
		code = code[:256<<10]
	}
	if lang == "deno" || lang == "bun" {
		lang = "node"
	}
	r.selfCode(c, code)
	if lang == "tcl" {
		lang = "lua" // close enough for exec/remove detection: exec and file delete have no portable pattern
	}
	patternsOnce.Do(compilePatterns)
	p := langs[lang]
	if p == nil {
		return
	}
	// Obfuscated code: decode a literal base64 payload where one is given.
	if loc := p.obfuscated.FindStringIndex(code); loc != nil {
		msg := "Inline code decodes a hidden payload and runs it."
		rest := code[loc[0]:]
		if m := reDecodeCall.FindStringIndex(rest); m != nil {
			if lit, ok := stringLitAfter(rest, m[1]); ok && lit.value != "" {
				for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding} {
					if b, err := enc.DecodeString(lit.value); err == nil {
						msg = "Inline code decodes a hidden payload and runs it; decoded, it reads: " + truncateText(oneLine(string(b)), 120)
						w.inlineCode(c, lang, string(b))
						break
					}
				}
			}
		}
		r.add(c.find(ruleObfuscated, msg))
	}
	sends := p.send.MatchString(code)
	// Commands run by the code.
	for _, loc := range p.exec.FindAllStringIndex(code, 16) {
		if lang == "node" && !strings.Contains(code, "child_process") && !strings.Contains(code, "execa") && !strings.Contains(code, "Bun.") && !strings.Contains(code, "Deno.") && !strings.Contains(code, "zx") {
			continue
		}
		if lang == "python" && isPythonNonExec(code, loc[0]) {
			continue
		}
		arg, ok := callArgument(code, loc[1], lang)
		switch {
		case ok && arg.list != nil:
			r.command(arg.list, c, "inline "+lang+" runs")
		case ok && arg.value != "":
			r.script(arg.value, c, "inline "+lang+" runs")
		default:
			r.add(c.find(ruleInlineExec, ""))
		}
	}
	// Deletions.
	for _, pair := range []struct {
		re        *lazyRE
		recursive bool
	}{{p.delRecursive, true}, {p.del, false}} {
		for _, loc := range pair.re.FindAllStringIndex(code, 16) {
			if lang == "node" && !pair.recursive && !strings.Contains(code, "fs") {
				continue
			}
			if lang == "python" && !pair.recursive && !isPythonDelete(code, loc) {
				continue
			}
			if lang == "powershell" {
				continue // handled below: PowerShell deletes are commands, not calls
			}
			arg, ok := callArgument(code, loc[1], lang)
			if ok && arg.value != "" {
				flags := "-f"
				if pair.recursive || (lang == "node" && strings.Contains(code[loc[1]:min(len(code), loc[1]+200)], "recursive")) {
					flags = "-rf"
				}
				r.command([]string{"rm", flags, arg.value}, c, "inline "+lang+" deletes")
			} else {
				r.add(c.find(ruleInlineDelete, ""))
			}
		}
	}
	if lang == "powershell" {
		w.powershell(c, code)
	}
	// Credentials named in the code, and what is sent.
	cred := ""
	for _, m := range reStringLit.FindAllString(code, 64) {
		lit := unquoteLit(m)
		if !strings.ContainsAny(lit, "/.") || len(lit) > 4096 {
			continue
		}
		if cl := c.Class(lit); cl.Credential != "" {
			cred = cl.Credential
			if !sends {
				r.add(c.find(ruleCredentialRead, "Inline code reads your "+cl.Credential+" ("+lit+").", lit))
			}
			break
		}
	}
	envDump := strings.Contains(code, "os.environ)") || strings.Contains(code, "dict(os.environ") || strings.Contains(code, "process.env)") || strings.Contains(code, "%ENV")
	switch {
	case sends && cred != "":
		r.add(c.find(ruleCredentialExfil, "Inline code sends your "+cred+" to another machine."))
	case sends && envDump:
		r.add(c.find(ruleCredentialExfil, "Inline code sends every environment variable (tokens and keys among them) to another machine."))
	case sends:
		r.add(c.find(ruleInlineNetwork, ""))
	}
}

// powershell handles the few destructive PowerShell commands worth knowing.
func (w *walker) powershell(c *Cmd, code string) {
	p := langs["powershell"]
	if p.delRecursive.MatchString(code) {
		target := ""
		if m := rePSTarget.FindStringSubmatch(code); m != nil {
			target = m[1]
		}
		if target == "" {
			w.r.add(c.find(ruleInlineDelete, "PowerShell deletes recursively."))
			return
		}
		t := strings.ReplaceAll(target, `\`, "/")
		if len(t) >= 2 && t[1] == ':' {
			rest := strings.TrimLeft(t[2:], "/")
			if rest == "" || strings.HasPrefix(strings.ToLower(rest), "windows") || strings.HasPrefix(strings.ToLower(rest), "users") && strings.Count(rest, "/") <= 1 {
				t = "/"
			} else {
				t = "/\x00win/" + rest
			}
		}
		if strings.HasPrefix(strings.ToLower(t), "$env:userprofile") || strings.HasPrefix(strings.ToLower(t), "$home") {
			t = "~" + t[strings.IndexByte(t+"/", '/'):]
		}
		w.r.command([]string{"rm", "-rf", t}, c, "PowerShell deletes")
	}
}

// isPythonNonExec filters calls named like exec functions that are not
// (asyncio.run, app.run, …).
func isPythonNonExec(code string, at int) bool {
	start := at - 24
	if start < 0 {
		start = 0
	}
	before := code[start:at]
	word := code[at:]
	if strings.HasPrefix(word, "run") || strings.HasPrefix(word, "call") || strings.HasPrefix(word, "spawn") || strings.HasPrefix(word, "Popen") {
		return !strings.HasSuffix(before, "subprocess.") && !strings.HasSuffix(before, "sp.") && !strings.Contains(code, "from subprocess import") &&
			!strings.HasSuffix(before, "os.") && !strings.HasSuffix(before, "pty.")
	}
	if strings.HasPrefix(word, "system") || strings.HasPrefix(word, "popen") || strings.HasPrefix(word, "exec") {
		return !strings.HasSuffix(before, "os.") && !strings.HasSuffix(before, ").") && !strings.Contains(code, "from os import")
	}
	return !strings.HasSuffix(before, "subprocess.") && !strings.HasSuffix(before, "commands.") && !strings.Contains(code, "from subprocess import")
}

func isPythonDelete(code string, loc []int) bool {
	m := code[loc[0]:loc[1]]
	if strings.HasPrefix(m, "os.") || strings.HasPrefix(m, ".unlink") || strings.HasPrefix(m, ".rmdir") {
		return true
	}
	// A bare remove( or unlink( counts only when imported from os.
	return strings.Contains(code, "from os import")
}

// literal is a string or list literal found in code.
type literal struct {
	value string
	list  []string
}

// callArgument parses the first argument of a call whose "(" (or the space
// after the function name) ends at i: a string literal, a list of string
// literals, or a concatenation starting with a literal (the rest becomes an
// unknown word).
func callArgument(code string, i int, lang string) (literal, bool) {
	for i < len(code) && (code[i] == ' ' || code[i] == '(' || code[i] == '\t') {
		i++
	}
	if i >= len(code) {
		return literal{}, false
	}
	if code[i] == '[' {
		var list []string
		j := i + 1
		for j < len(code) {
			for j < len(code) && (code[j] == ' ' || code[j] == ',' || code[j] == '\n') {
				j++
			}
			if j < len(code) && code[j] == ']' {
				break
			}
			lit, end, ok := parseStringLit(code, j)
			if !ok {
				list = append(list, "$ARG")
				for j < len(code) && code[j] != ',' && code[j] != ']' {
					j++
				}
				continue
			}
			list = append(list, lit)
			j = end
			if len(list) > 64 {
				break
			}
		}
		if len(list) == 0 {
			return literal{}, false
		}
		return literal{list: list}, true
	}
	return stringLitAfter(code, i)
}

// stringLitAfter parses a string literal at (or after spaces from) i,
// following concatenations with + or . as an unknown part.
func stringLitAfter(code string, i int) (literal, bool) {
	for i < len(code) && (code[i] == ' ' || code[i] == '(') {
		i++
	}
	lit, end, ok := parseStringLit(code, i)
	if !ok {
		return literal{}, false
	}
	k := end
	for k < len(code) && code[k] == ' ' {
		k++
	}
	if k < len(code) && (code[k] == '+' || code[k] == '.' && lit != "" || code[k] == '%') {
		lit += "$ARG"
	}
	return literal{value: lit}, true
}

// parseStringLit reads a quoted literal at i: '…', "…", `…` (a template
// with ${…} becomes partly unknown), Python prefixes r/b/f/u and triple
// quotes, Perl's qx{…}/q(…). It returns the value and the index after it.
func parseStringLit(code string, i int) (string, int, bool) {
	for i < len(code) && strings.IndexByte("rbfuRBFU", code[i]) >= 0 && i+1 < len(code) && (code[i+1] == '"' || code[i+1] == '\'' || strings.IndexByte("rbfuRBFU", code[i+1]) >= 0) {
		i++
	}
	if i >= len(code) {
		return "", i, false
	}
	q := code[i]
	perl := false
	if q == 'q' && i+1 < len(code) {
		// Perl's q{…}, qq(…), qx[…], q/…/.
		j := i + 1
		if code[j] == 'x' || code[j] == 'q' {
			j++
		}
		if j < len(code) && strings.IndexByte("{([/|!<", code[j]) >= 0 {
			i = j
			q = code[i]
			perl = true
		}
	}
	closeQ := q
	switch q {
	case '"', '\'', '`':
	case '/', '|', '!':
		if !perl {
			return "", i, false
		}
	case '{', '(':
		if !perl {
			return "", i, false
		}
		closeQ = map[byte]byte{'{': '}', '(': ')'}[q]
	case '[', '<':
		if !perl {
			return "", i, false
		}
		closeQ = map[byte]byte{'[': ']', '<': '>'}[q]
	default:
		return "", i, false
	}
	if (q == '"' || q == '\'') && strings.HasPrefix(code[i:], strings.Repeat(string(q), 3)) {
		end := strings.Index(code[i+3:], strings.Repeat(string(q), 3))
		if end < 0 {
			return "", i, false
		}
		return code[i+3 : i+3+end], i + 6 + end, true
	}
	var b strings.Builder
	for j := i + 1; j < len(code); j++ {
		ch := code[j]
		if ch == '\\' && j+1 < len(code) {
			j++
			switch code[j] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(code[j])
			}
			continue
		}
		if ch == closeQ {
			s := b.String()
			if q == '`' && strings.Contains(s, "${") {
				s = templateUnknown(s)
			}
			return s, j + 1, true
		}
		b.WriteByte(ch)
	}
	return "", i, false
}

func templateUnknown(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			b.WriteString("$ARG")
			return b.String()
		}
		b.WriteString("$ARG")
		s = s[i+j+1:]
	}
}

func unquoteLit(m string) string {
	if len(m) >= 2 {
		return strings.ReplaceAll(m[1:len(m)-1], `\\`, `\`)
	}
	return m
}

var reDecodeCall, rePSTarget, reAwkSystem, reAwkGetline, reAwkPipeOut, reAwkRedir *lazyRE

// awk analyses an awk program: system(), "cmd" | getline, print | "cmd"
// and print > "file".
func (w *walker) awk(c *Cmd) {
	patternsOnce.Do(compilePatterns)
	if c.Has("-f") {
		return
	}
	prog := ""
	skip := false
	for _, a := range c.Args {
		if skip {
			skip = false
			continue
		}
		if a == "-F" || a == "-v" || a == "--field-separator" || a == "--assign" {
			skip = true
			continue
		}
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			continue
		}
		prog = a
		break
	}
	if prog == "" {
		return
	}
	for _, loc := range reAwkSystem.FindAllStringIndex(prog, 16) {
		arg, ok := stringLitAfter(prog, loc[1])
		if ok && arg.value != "" && !strings.HasSuffix(arg.value, "$ARG") {
			w.r.script(arg.value, c, "awk runs")
		} else if ok && arg.value != "" {
			w.r.script(arg.value, c, "awk runs")
		} else {
			w.r.add(c.find(ruleInlineExec, "The awk program runs commands built from its input."))
		}
		w.r.mutates()
	}
	for _, m := range reAwkGetline.FindAllStringSubmatch(prog, 16) {
		w.r.script(unquoteLit(m[1]), c, "awk runs")
	}
	for _, m := range reAwkPipeOut.FindAllStringSubmatch(prog, 16) {
		w.r.script(unquoteLit(m[1]), c, "awk pipes to")
		w.r.mutates()
	}
	for _, m := range reAwkRedir.FindAllStringSubmatch(prog, 16) {
		w.redirect(redirTarget{name: unquoteLit(m[1])}, false, nil)
	}
}
