package shell

import (
	"strings"
	"sync"

	"github.com/actionguard/actionguard/rule"
)

// Rules about code given inline to an interpreter (python -c, node -e,
// perl -e, ruby -e, php -r, awk programs). Commands found in string literals
// are analysed like any other command; these rules cover what cannot be seen.
var (
	ruleInlineExec = &rule.Rule{
		ID: "shell.interp.exec", Category: rule.Execution, Points: rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible, AlwaysReview: true,
		Summary:     "Inline code runs a command (or code) whose text is only known when it runs, so it cannot be checked first.",
		Alternative: "run the command itself so it can be checked",
		Match: []string{`python3 -c "import os,sys; os.system(sys.argv[1])" x`, `node -e "require('child_process').execSync(process.argv[1])"`,
			`perl -e 'system($ARGV[0])'`, `awk '{ system($0) }' cmds.txt`, `python3 -c "import os; os.system('ls ' + input())"`,
			`ruby -e 'system(STDIN.read)'`, `php -r 'shell_exec($argv[1]);'`, `node -e "require('child_'+'process').exec(process.env.CMD)"`,
			`python3 -c "import subprocess,sys; subprocess.run([sys.argv[1]])"`, `node -e "process.binding('spawn_sync').spawn({file: 'sh'})"`},
		NoMatch: []string{`python3 -c "print(1+1)"`, `node -e "console.log(process.version)"`, `python3 -c "import os; os.system('ls -la')"`,
			`python3 -c "import subprocess; subprocess.run(['git', 'status'])"`, `perl -ne 'print if /x/' f`, `node -e 'console.log(require("os").homedir())'`},
	}
	ruleInlineDelete = &rule.Rule{
		ID: "shell.interp.delete", Category: rule.Destructive, Points: 40,
		Summary:     "Inline code deletes files whose names are only known when it runs.",
		Alternative: "list the files first, then delete them with rm -i or a trash command",
		Match:       []string{`python3 -c "import os,sys; os.remove(sys.argv[1])" x`, `node -e "require('fs').unlinkSync(process.argv[1])" x`, `ruby -e 'File.delete(ARGV[0])' x`},
		NoMatch:     []string{`python3 -c "import os; print(os.listdir('.'))"`, `python3 -c "import shutil,sys; shutil.rmtree(sys.argv[1])" build`},
	}
	ruleInlineDeleteTree = &rule.Rule{
		ID: "shell.interp.delete-tree", Category: rule.Destructive, Points: rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible,
		Summary:     "Inline code deletes a directory tree whose path is only known when it runs: it could be your home directory or the whole project.",
		Alternative: "print the path first, then delete it with rm -ri or a trash command",
		Match: []string{`python3 -c "import shutil,sys; shutil.rmtree(sys.argv[1])" build`, `node -e "require('fs').rmSync(process.argv[1], {recursive: true})"`,
			`ruby -e 'FileUtils.rm_rf(ARGV[0])'`, `python3 -c "import shutil,pwd,os; shutil.rmtree(pwd.getpwuid(os.getuid()).pw_dir)"`,
			`perl -MFile::Path -e 'rmtree($ENV{"HO" . "ME"} . $x)'`},
		NoMatch: []string{`python3 -c "import shutil,sys; shutil.rmtree('build/' + sys.argv[1])" x`, `python3 -c "import os,sys; os.remove(sys.argv[1])" x`,
			`python3 -c "import shutil; shutil.rmtree('dist')"`},
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
			exec:         lazyRegexp(`\b(?:system|popen[234]?|getoutput|getstatusoutput|check_output|check_call|call|run|Popen|spawn|execv|execvp|execl|execlp|execle|execlpe|execve|execvpe|spawnl|spawnlp|spawnle|spawnlpe|spawnv|spawnvp|spawnve|spawnvpe|posix_spawnp?|create_subprocess_shell|create_subprocess_exec)\s*\(`),
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
			exec:         lazyRegexp(`\b(?:system|exec|readpipe|open3|open2)\b\s*[\(\s'"$@q]`),
			del:          lazyRegexp(`\bunlink\s*[\(\s'"]`),
			delRecursive: lazyRegexp(`\b(?:rmtree|remove_tree)\s*\(`),
			send:         lazyRegexp(`\bLWP::UserAgent\b|\bHTTP::Tiny\b.*\bpost\b|\bIO::Socket\b|\bNet::SMTP\b|\bsocket\s*\(`),
			obfuscated:   lazyRegexp(`\beval\s*\(?\s*(?:decode_base64|MIME::Base64|pack\s*\(\s*['"][Hu])`),
		},
		"ruby": {
			exec:         lazyRegexp(`\b(?:system|exec|spawn|IO\.popen|Open3\.\w+|PTY\.spawn)\b\s*[\(\s'"\[%:]`),
			del:          lazyRegexp(`\b(?:File\.delete|File\.unlink|FileUtils\.rm|FileUtils\.rm_f|FileUtils\.remove|Dir\.rmdir|Dir\.delete|FileUtils\.rmdir)\s*[\(\s'"]`),
			delRecursive: lazyRegexp(`\bFileUtils\.(?:rm_rf|rm_r|remove_dir|remove_entry|remove_entry_secure|rmtree)\s*[\(\s'"]`),
			send:         lazyRegexp(`\bNet::HTTP\.(?:post|post_form|start)|\bNet::HTTP::(?:Post|Put|Delete)\b|\bTCPSocket\b|\bNet::SMTP\b|\bHTTParty\.(?:post|put|delete)|\bFaraday\.(?:post|put|delete)`),
			obfuscated:   lazyRegexp(`\beval\s*\(?\s*(?:Base64\.decode64|Base64\.strict_decode64|\[.*\]\.pack|Zlib::Inflate)`),
		},
		"php": {
			exec:         lazyRegexp(`\b(?:system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec|expect_popen)\s*\(`),
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
			exec:         lazyRegexp(`\b(?:system|system2|shell|pipe)\s*\(`),
			del:          lazyRegexp(`\b(?:file\.remove|unlink)\s*\(`),
			delRecursive: lazyRegexp(`\b(?:fs::)?dir_delete\s*\(`),
			send:         lazyRegexp(`\b(?:httr::)?(?:POST|PUT|DELETE)\s*\(|\bcurl_fetch_memory\b|\bsocketConnection\s*\(`),
			obfuscated:   lazyRegexp(`\beval\s*\(\s*parse\s*\(\s*text\s*=\s*(?:rawToChar|base64)`),
		},
		"julia": {
			// A `…` command literal is a string to the evaluator, so
			// run(`ls`) runs ls; a call given anything else (a Cmd built at
			// run time) runs what nobody saw.
			// rm(path; recursive=true) deletes a tree; its keyword comes after
			// the path, so every rm is read as the recursive one (fail safe).
			exec:         lazyRegexp(`\b(?:run|success|pipeline|spawn)\s*\(`),
			del:          lazyRegexp(`\bunlink\s*\(`),
			delRecursive: lazyRegexp(`\b(?:rm|Base\.Filesystem\.rm)\s*\(`),
			send:         lazyRegexp(`\bHTTP\.(?:post|put|patch|delete|request)\s*\(|\bDownloads\.request\s*\([^)]*method\s*=\s*"(?:POST|PUT)|\bconnect\s*\(\s*"`),
			obfuscated:   lazyRegexp(`\b(?:eval|include_string)\s*\(\s*(?:Meta\.parse\s*\(\s*)?(?:String\s*\(\s*)?base64decode`),
		},
		"osascript": {
			exec:         lazyRegexp(`\bdo shell script\b`),
			del:          lazyRegexp(`\bdelete\s+(?:file|folder)\b`),
			delRecursive: lazyRegexp(`\bempty\s+(?:the\s+)?trash\b`),
			send:         lazyRegexp(`\bsend\b.*\bmessage\b`),
			obfuscated:   lazyRegexp(`\brun script\s+`),
		},
		"jxa": {
			exec:         lazyRegexp(`\b(?:doShellScript|system|popen)\s*\(`),
			del:          lazyRegexp(`\bremoveItemAtPath\s*\(`),
			delRecursive: lazyRegexp(`\bremoveItemAtPathError\s*\(`),
			send:         lazyRegexp(`\bNSURLSession\b|\bdataTaskWithRequest\b`),
			obfuscated:   lazyRegexp(`\beval\s*\(\s*(?:atob|\$\.NSData)`),
		},
		"powershell": {
			exec:         lazyRegexp(`(?i)\b(?:Invoke-Expression|iex|Start-Process|Invoke-Command|cmd(?:\.exe)?\s+/c)\b`),
			del:          lazyRegexp(`(?i)\b(?:Remove-Item|rm|del|erase|rd|rmdir|ri)\b`),
			delRecursive: lazyRegexp(`(?i)\b(?:Remove-Item|rm|del|rd|rmdir|ri)\b[^;|]*-(?:Recurse|r)\b|\b(?:Format-Volume|Clear-Disk|Remove-Partition)\b`),
			send:         lazyRegexp(`(?i)\bInvoke-(?:WebRequest|RestMethod)\b[^;|]*-Method\s+(?:Post|Put|Delete|Patch)|\bNet\.Sockets\.TcpClient\b|\bSend-MailMessage\b|\bUploadString\b|\bUploadFile\b`),
			obfuscated:   lazyRegexp(`(?i)\bFromBase64String\b|\b-EncodedCommand\b|\bDownloadString\b.*\b(?:iex|Invoke-Expression)\b|\b(?:iex|Invoke-Expression)\b.*\bDownloadString\b`),
		},
	}
	rePSTarget = lazyRegexp(`(?i)(?:-Path\s+)?['"]?([A-Za-z]:\\[^'"\s;|]*|/[^'"\s;|]*|~[^'"\s;|]*|\$env:\w+[^'"\s;|]*|\$home\b[^'"\s;|]*)`)
}

// inlineCode analyses code given to an interpreter on the command line.
func (w *walker) inlineCode(c *Cmd, lang, code string) {
	w.inlineCodeDepth(c, lang, code, 0)
}

// maxCodeDepth bounds code that evaluates code (exec of exec of …).
const maxCodeDepth = 6

func (w *walker) inlineCodeDepth(c *Cmd, lang, code string, depth int) {
	r := w.r
	if depth > maxCodeDepth {
		r.add(c.find(ruleNestingTooDeep, "Inline code hides its code under more layers of eval and exec than anyone writes by hand."))
		return
	}
	if len(code) > 256<<10 {
		code = code[:256<<10]
	}
	if lang == "deno" || lang == "bun" {
		lang = "node"
	}
	r.selfCode(c, code)
	loginItemCode(c, r, lang, code) // persist_more.go
	if lang == "tcl" {
		// Tcl is read word by word: exec, open "|…", file delete.
		w.chanRuns(c, tclRuns(code), c.Name)
		return
	}
	patternsOnce.Do(compilePatterns)
	p := langs[lang]
	if p == nil {
		return
	}
	code = canonical(lang, code)
	if moved := codeChdir(c, p, code); moved != c {
		// The code's commands and deletions work in the directory it
		// moved to, and so do the scripts it runs.
		c = moved
		saved := w.state()
		w.st = saved.clone()
		w.st.env, w.st.dirAlts = c.env, nil
		w.activate()
		defer func() {
			w.st = saved
			w.activate()
		}()
	}
	e := newEvaluator(lang, code)
	s := &codeScan{w: w, c: c, lang: lang, code: code, e: e, depth: depth}
	s.evalCalls(p)
	if lang == "powershell" && w.powershell(c, code) {
		home := c.env.home
		if home == "" {
			home = "~"
		}
		for _, p := range psPartialWrites(code, home, 0) {
			s.judgeFolded(val{kind: valStr, s: p}, pathWrites)
		}
		s.reverseShell()
		return
	}
	sends := p.send.MatchString(code)
	ran := len(r.res.Findings)
	s.execCalls(p)
	s.quotedCommands()
	s.deletions(p)
	s.pathCallsScan()
	s.codeSQL()           // self_codesql.go
	s.codeGlobDatabases() // self_codesql.go
	s.walkDeletions()
	s.reverseShell()
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
	if cred == "" && credentialRun(r.res.Findings[min(ran, len(r.res.Findings)):]) {
		cred = "credential file" // get(URL . `cat ~/.ssh/id_rsa`): a command the code runs reads it
	}
	envDump := strings.Contains(code, "os.environ)") || strings.Contains(code, "dict(os.environ") || strings.Contains(code, "process.env)") || strings.Contains(code, "%ENV")
	envSecret := ""
	if !sends && (cred != "" || envDump) && inlineRequests(code) {
		// urlopen(url, open(key).read()), a GET with the key in its URL:
		// what the code read leaves with the request.
		sends = true
	}
	if cred == "" && !envDump && (sends || reInlineFetch.MatchString(code)) {
		if n := inlineSecretEnv(code); n != "" && !inlineToOwnService(code, secretVarPrefix+n) {
			envSecret = n
		}
	}
	switch {
	case sends && cred != "":
		r.add(c.find(ruleCredentialExfil, "Inline code sends your "+cred+" to another machine."))
	case envSecret != "":
		r.add(c.find(ruleCredentialExfil, "Inline code sends the secret in $"+envSecret+" to another machine."))
	case sends && envDump:
		r.add(c.find(ruleCredentialExfil, "Inline code sends every environment variable (tokens and keys among them) to another machine."))
	case sends:
		r.add(c.find(ruleInlineNetwork, ""))
	}
	if !sends && envSecret == "" && reInlinePrint.MatchString(code) {
		// print(os.environ["GITHUB_TOKEN"]): the code leaves the secret on
		// its standard output, the interpreter's, where the agent reads it.
		if n := inlineSecretEnv(code); n != "" {
			r.fl().keepNestedOut(stream{kind: streamSecret, cred: secretVarPrefix + n, what: "the output of " + c.Name})
		}
	}
}

// reInlinePrint is inline code writing to its standard output, in each
// language's spelling.
var reInlinePrint = lazyRegexp(`\b(?:print|println|printf|puts|say|echo|console\.(?:log|info|error|warn)|(?:sys|process)\.std(?:out|err)\.write|System\.out\.print\w*|Write-(?:Output|Host)|pp)\b\s*[(\s"'$]|\$stdout\.(?:write|puts|print)`)

// powershell judges PowerShell code as the POSIX commands that do the
// same (pwsh.go). It reports whether the code could be read; when it
// cannot, the command is marked unparseable and the code is scanned for
// the destructive forms it names.
func (w *walker) powershell(c *Cmd, code string) bool {
	home := c.env.home
	if home == "" {
		home = "~"
	}
	script, err := pwshScript(code, home)
	if err != nil {
		if w.r.res.ParseError == "" {
			w.r.res.ParseError = "PowerShell: " + err.Error()
		}
		w.r.add(c.find(ruleEvalDynamic, "Runs PowerShell code that cannot be read ("+err.Error()+"), so it cannot be checked first."))
		w.powershellDeletes(c, code)
		return false
	}
	w.r.mutates()
	from := len(w.r.res.Findings)
	w.r.script(script, c, "PowerShell runs")
	if raw, ok := psRawCode(c.Text, code); ok {
		// A POSIX shell took the backslashes of C:\Users\dev; PowerShell
		// started from Windows gets them.
		if s, err := pwshScript(raw, home); err == nil {
			w.r.script(s, c, "PowerShell runs")
		}
	}
	psNameCmdlets(w.r.res.Findings[from:], code)
	return true
}

// psStandIns are the POSIX programs a cmdlet is judged as whose name
// would mislead in a message: the person wrote the cmdlet, so the
// message names it (Send-MailMessage is judged as mutt).
var psStandIns = []struct{ cmdlet, posix string }{{"Send-MailMessage", "mutt"}}

// psNameCmdlets names, in the messages of findings, the cmdlet the code
// used in place of the POSIX program it was judged as, when the code
// does not name that program itself.
func psNameCmdlets(found []rule.Finding, code string) {
	lc := strings.ToLower(code)
	for _, s := range psStandIns {
		if !strings.Contains(lc, strings.ToLower(s.cmdlet)) || strings.Contains(lc, s.posix) {
			continue
		}
		for i := range found {
			found[i].Message = strings.ReplaceAll(found[i].Message, " with "+s.posix, " with "+s.cmdlet)
		}
	}
}

// psRawCode returns the code as written in the command line text, when a
// POSIX shell removed backslashes from it.
func psRawCode(text, code string) (string, bool) {
	// '\'' only quotes a quote.
	if !strings.ContainsRune(strings.ReplaceAll(text, `'\''`, ""), '\\') || strings.ContainsRune(code, '\\') {
		return "", false
	}
	f := strings.Fields(code)
	if len(f) == 0 {
		return "", false
	}
	i := strings.Index(text, f[0])
	if i < 0 {
		return "", false
	}
	raw := strings.TrimSpace(text[i:])
	if i > 0 && (text[i-1] == '\'' || text[i-1] == '"') && strings.HasSuffix(raw, text[i-1:i]) {
		raw = raw[:len(raw)-1]
	}
	return raw, raw != code
}

// powershellDeletes finds a recursive delete in PowerShell code that could
// not be read.
func (w *walker) powershellDeletes(c *Cmd, code string) {
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
		home := c.env.home
		if home == "" {
			home = "~"
		}
		t := &psTr{home: home}
		w.r.command([]string{"rm", "-rf", t.path(strings.NewReplacer("$env:USERPROFILE", psHomeMark, "$HOME", psHomeMark, "$home", psHomeMark).Replace(target))}, c, "PowerShell deletes")
	}
}

// isPythonNonExec filters calls named like exec functions that are not
// (asyncio.run, app.run, …).
func isPythonNonExec(code string, at int) bool {
	start := at - 24
	if start < 0 {
		start = 0
	}
	before := strings.ReplaceAll(code[start:at], " ", "") // os . system is os.system
	word := code[at:]
	if strings.HasPrefix(word, "run") || strings.HasPrefix(word, "call") || strings.HasPrefix(word, "spawn") || strings.HasPrefix(word, "Popen") {
		return !strings.HasSuffix(before, "subprocess.") && !strings.HasSuffix(before, "sp.") && !strings.Contains(code, "from subprocess import") &&
			!strings.HasSuffix(before, "os.") && !strings.HasSuffix(before, "pty.")
	}
	if strings.HasPrefix(word, "create_subprocess_") || strings.HasPrefix(word, "posix_spawn") {
		// asyncio's and os's own names: no other module's call is spelt so.
		return false
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

func unquoteLit(m string) string {
	if len(m) >= 2 {
		return strings.ReplaceAll(m[1:len(m)-1], `\\`, `\`)
	}
	return m
}

var rePSTarget *lazyRE
