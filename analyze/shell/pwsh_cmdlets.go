package shell

import (
	"path"
	"strings"
	"sync"
)

// psCmdlets are the cmdlets (by name and documented alias, lower case)
// whose effect the rules judge, with their parameters and translation.
var (
	psCmdletsOnce sync.Once
	psCmdletMap   map[string]*psSpec
)

func psCmdlets() map[string]*psSpec {
	psCmdletsOnce.Do(func() { psCmdletMap = psCmdletTable() })
	return psCmdletMap
}

func psCmdletTable() map[string]*psSpec {
	m := map[string]*psSpec{}
	add := func(names string, s *psSpec) {
		for _, n := range strings.Fields(names) {
			m[n] = s
		}
	}
	pathAlias := map[string]string{"pspath": "literalpath", "lp": "literalpath", "fullname": "path"}
	add("remove-item rm del erase rd ri rmdir", &psSpec{
		params:   []string{"path", "literalpath", "recurse", "force", "filter", "include", "exclude", "credential", "stream"},
		switches: psSet("recurse", "force"), pos: []string{"path"}, aliases: pathAlias,
		posixAlias: psSet("rm", "rmdir"), tr: psRemoveItem,
	})
	add("get-childitem gci ls dir", &psSpec{
		params:   []string{"path", "literalpath", "filter", "include", "exclude", "recurse", "depth", "force", "name", "attributes", "directory", "file", "hidden", "readonly", "system", "followsymlink"},
		switches: psSet("recurse", "force", "name", "directory", "file", "hidden", "readonly", "system", "followsymlink"), pos: []string{"path", "filter"}, aliases: pathAlias,
		posixAlias: psSet("ls"), tr: psList,
	})
	add("get-item gi", &psSpec{
		params: []string{"path", "literalpath", "filter", "include", "exclude", "force", "stream"}, switches: psSet("force"), pos: []string{"path"}, aliases: pathAlias,
		tr: psList,
	})
	add("get-content gc cat type", &psSpec{
		params:   []string{"path", "literalpath", "readcount", "totalcount", "tail", "filter", "include", "exclude", "force", "delimiter", "wait", "raw", "encoding", "stream", "asbytestream"},
		switches: psSet("force", "wait", "raw", "asbytestream"), pos: []string{"path"}, aliases: map[string]string{"pspath": "literalpath", "lp": "literalpath", "first": "totalcount", "head": "totalcount", "last": "tail"},
		posixAlias: psSet("cat"), tr: psGetContent,
	})
	writer := func(appendTo bool) *psSpec {
		return &psSpec{
			params:   []string{"path", "literalpath", "value", "passthru", "filter", "include", "exclude", "force", "encoding", "nonewline", "asbytestream", "stream"},
			switches: psSet("passthru", "force", "nonewline", "asbytestream"), pos: []string{"path", "value"}, aliases: pathAlias,
			tr: func(t *psTr, b *psBound) string { return psWrite(t, b, appendTo, "path", "literalpath") },
		}
	}
	add("set-content sc", writer(false))
	add("add-content ac", writer(true))
	add("out-file", &psSpec{
		params:   []string{"filepath", "literalpath", "append", "encoding", "force", "noclobber", "width", "nonewline", "inputobject"},
		switches: psSet("append", "force", "noclobber", "nonewline"), pos: []string{"filepath", "encoding"}, aliases: map[string]string{"path": "filepath", "lp": "literalpath", "pspath": "literalpath"},
		tr: func(t *psTr, b *psBound) string { return psWrite(t, b, b.on["append"], "filepath", "literalpath") },
	})
	add("clear-content clc", &psSpec{
		params: []string{"path", "literalpath", "filter", "include", "exclude", "force", "stream"}, switches: psSet("force"), pos: []string{"path"}, aliases: pathAlias,
		tr: psClearContent,
	})
	add("new-item ni", &psSpec{
		params:   []string{"path", "itemtype", "name", "value", "target", "force"},
		switches: psSet("force"), pos: []string{"path"}, aliases: map[string]string{"type": "itemtype"},
		tr: psNewItem,
	})
	add("copy-item cp copy cpi", &psSpec{
		params:   []string{"path", "literalpath", "destination", "recurse", "force", "container", "filter", "include", "exclude", "passthru", "tosession", "fromsession"},
		switches: psSet("recurse", "force", "container", "passthru"), pos: []string{"path", "destination"}, aliases: pathAlias,
		posixAlias: psSet("cp"), tr: func(t *psTr, b *psBound) string { return psCopyMove(t, b, "cp") },
	})
	add("move-item mv move mi", &psSpec{
		params:   []string{"path", "literalpath", "destination", "force", "filter", "include", "exclude", "passthru"},
		switches: psSet("force", "passthru"), pos: []string{"path", "destination"}, aliases: pathAlias,
		posixAlias: psSet("mv"), tr: func(t *psTr, b *psBound) string { return psCopyMove(t, b, "mv") },
	})
	add("rename-item ren rni", &psSpec{
		params: []string{"path", "literalpath", "newname", "force", "passthru"}, switches: psSet("force", "passthru"), pos: []string{"path", "newname"}, aliases: pathAlias,
		tr: psRename,
	})
	add("set-location cd sl chdir push-location pushd", &psSpec{
		params: []string{"path", "literalpath", "passthru", "stackname"}, switches: psSet("passthru"), pos: []string{"path"}, aliases: pathAlias,
		tr: func(t *psTr, b *psBound) string {
			return "cd -- " + strings.Join(t.words(append(b.vals["path"], b.vals["literalpath"]...), false), " ")
		},
	})
	web := &psSpec{
		params: []string{"uri", "method", "body", "infile", "outfile", "headers", "contenttype", "form", "usebasicparsing", "usedefaultcredentials",
			"credential", "websession", "sessionvariable", "proxy", "useragent", "skipcertificatecheck", "passthru", "custommethod", "authentication", "token", "maximumredirection", "timeoutsec"},
		switches: psSet("usebasicparsing", "usedefaultcredentials", "skipcertificatecheck", "passthru"), pos: []string{"uri", "body"},
		aliases:    map[string]string{"url": "uri", "cm": "custommethod"},
		posixAlias: psSet("curl", "wget"), tr: psWeb,
	}
	add("invoke-webrequest iwr invoke-restmethod irm curl wget", web)
	add("send-mailmessage", &psSpec{
		params: []string{"to", "cc", "bcc", "from", "subject", "body", "attachments", "smtpserver", "port", "credential", "usessl", "bodyashtml",
			"priority", "encoding", "deliverynotificationoption", "replyto"},
		switches: psSet("usessl", "bodyashtml"), pos: []string{"to", "subject", "body", "smtpserver"},
		aliases: map[string]string{"ba": "bodyashtml", "pr": "priority", "dno": "deliverynotificationoption", "bee": "encoding", "attachment": "attachments"},
		tr:      psSendMail,
	})
	add("compress-archive", &psSpec{
		params:   []string{"path", "literalpath", "destinationpath", "compressionlevel", "update", "force", "passthru"},
		switches: psSet("update", "force", "passthru"), pos: []string{"path", "destinationpath"},
		aliases: map[string]string{"pspath": "literalpath", "lp": "literalpath"},
		tr:      psCompressArchive,
	})
	add("invoke-expression iex", &psSpec{params: []string{"command"}, pos: []string{"command"}, tr: psInvokeExpression})
	add("start-process saps start", &psSpec{
		params: []string{"filepath", "argumentlist", "verb", "workingdirectory", "wait", "nonewwindow", "windowstyle", "passthru", "credential",
			"redirectstandardoutput", "redirectstandardinput", "redirectstandarderror", "loaduserprofile", "useshellexecute", "environment"},
		switches: psSet("wait", "nonewwindow", "passthru", "loaduserprofile", "useshellexecute"), pos: []string{"filepath", "argumentlist"},
		aliases: map[string]string{"path": "filepath", "args": "argumentlist", "lup": "loaduserprofile", "rso": "redirectstandardoutput", "rsi": "redirectstandardinput", "rse": "redirectstandarderror"},
		tr:      psStartProcess,
	})
	add("invoke-command icm start-job sajb", &psSpec{
		params:   []string{"scriptblock", "filepath", "computername", "argumentlist", "session", "credential", "asjob", "hidecomputername", "inputobject"},
		switches: psSet("asjob", "hidecomputername"), pos: []string{"scriptblock", "argumentlist"}, aliases: map[string]string{"cn": "computername", "args": "argumentlist", "command": "scriptblock"},
		tr: func(t *psTr, b *psBound) string {
			if f := b.vals["filepath"]; len(f) > 0 {
				return "pwsh -File " + t.arg(f[0], false)
			}
			return "" // the block's code is judged as nested code
		},
	})
	add("get-process gps ps", &psSpec{
		params: []string{"name", "id", "inputobject", "computername", "module", "fileversioninfo", "includeusername"}, switches: psSet("module", "fileversioninfo", "includeusername"),
		pos: []string{"name"}, aliases: map[string]string{"processname": "name", "pid": "id", "cn": "computername"},
		posixAlias: psSet("ps"), tr: psGetProcess,
	})
	add("stop-process spps kill", &psSpec{
		params: []string{"id", "name", "inputobject", "force", "passthru"}, switches: psSet("force", "passthru"), pos: []string{"id"}, aliases: map[string]string{"processname": "name"},
		posixAlias: psSet("kill"), tr: psStopProcess,
	})
	add("restart-computer", &psSpec{params: []string{"computername", "force", "wait"}, switches: psSet("force", "wait"), pos: []string{"computername"},
		tr: func(*psTr, *psBound) string { return "reboot" }})
	add("stop-computer", &psSpec{params: []string{"computername", "force"}, switches: psSet("force"), pos: []string{"computername"},
		tr: func(*psTr, *psBound) string { return "poweroff" }})
	add("format-volume clear-disk initialize-disk remove-partition", &psSpec{
		params:   []string{"driveletter", "number", "filesystem", "path", "partition", "disknumber", "objectid", "friendlyname", "removedata", "full", "force", "confirm"},
		switches: psSet("removedata", "full", "force"), pos: []string{"driveletter"}, tr: psFormat,
	})
	add("clear-recyclebin", &psSpec{params: []string{"driveletter", "force"}, switches: psSet("force"), pos: []string{"driveletter"},
		tr: func(t *psTr, _ *psBound) string { return "rm -r -f -- " + t.sh(t.home, false) + "/.local/share/Trash" }})
	add("set-executionpolicy", &psSpec{params: []string{"executionpolicy", "scope", "force"}, switches: psSet("force"), pos: []string{"executionpolicy", "scope"},
		tr: psExecutionPolicy})
	add("new-itemproperty set-itemproperty sp remove-itemproperty rp", &psSpec{
		params:   []string{"path", "literalpath", "name", "value", "propertytype", "type", "force", "passthru"},
		switches: psSet("force", "passthru"), pos: []string{"path", "name", "value"}, aliases: pathAlias,
		tr: psItemProperty,
	})
	add("set-acl", &psSpec{
		params:   []string{"path", "literalpath", "aclobject", "inputobject", "passthru", "filter", "include", "exclude", "clearcentralaccesspolicy"},
		switches: psSet("passthru", "clearcentralaccesspolicy"), pos: []string{"path", "aclobject"}, aliases: pathAlias,
		tr: psSetACL,
	})
	add("new-scheduledtaskaction", &psSpec{params: []string{"execute", "argument", "workingdirectory", "id"}, pos: []string{"execute", "argument"},
		tr: func(t *psTr, b *psBound) string {
			return psCron(t.path(b.text("execute")) + " " + b.text("argument"))
		}})
	return m
}

func psRemoveItem(t *psTr, b *psBound) string {
	if b.on["whatif"] {
		return ""
	}
	flags := ""
	if b.on["recurse"] {
		flags += " -r"
	}
	if b.on["force"] {
		flags += " -f"
	}
	for _, f := range b.foreign {
		flags += " " + t.sh("-"+f.text, false)
	}
	paths := append(t.words(b.vals["path"], true), t.words(b.vals["literalpath"], false)...)
	if b.splat {
		paths = append(paths, `"${ps_args}"`)
	}
	if len(paths) == 0 && b.piped {
		if len(t.upPaths) > 0 {
			// Get-ChildItem C:\ -Recurse | Remove-Item: what was listed.
			if t.upRecurse {
				flags += " -r"
			}
			return "rm" + flags + " -- " + strings.Join(t.upPaths, " ")
		}
		return "xargs rm" + flags + " --"
	}
	if len(paths) == 0 {
		return ""
	}
	return "rm" + flags + " -- " + strings.Join(paths, " ")
}

func psList(t *psTr, b *psBound) string {
	paths := append(t.words(b.vals["path"], true), t.words(b.vals["literalpath"], false)...)
	if len(paths) == 0 {
		paths = []string{"."}
	}
	t.listed = nil
	pattern := psListPattern(b)
	for _, p := range paths {
		if p == "/" || strings.HasSuffix(p, "/") {
			t.listed = append(t.listed, p+pattern)
		} else {
			t.listed = append(t.listed, p+"/"+pattern)
		}
	}
	t.listedRecurse = b.on["recurse"]
	flags := ""
	if b.on["recurse"] {
		flags = " -R"
	}
	return "ls" + flags + " -- " + strings.Join(paths, " ")
}

// psListPattern is the names a listing keeps: its -Filter or -Include
// pattern (Get-ChildItem -Recurse -Include *.log lists only the logs), or
// "*". A pattern with other characters than a glob of a plain name is
// not trusted into the line written for it.
func psListPattern(b *psBound) string {
	for _, k := range []string{"filter", "include"} {
		p := strings.Trim(b.text(k), `"'`)
		if p != "" && strings.Trim(p, "*?.-_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" {
			return p
		}
	}
	return "*"
}

func psGetContent(t *psTr, b *psBound) string {
	paths := append(t.words(b.vals["path"], true), t.words(b.vals["literalpath"], false)...)
	if len(paths) == 0 {
		return "cat"
	}
	return "cat -- " + strings.Join(paths, " ")
}

func psWrite(t *psTr, b *psBound, appendTo bool, pathParam, literalParam string) string {
	paths := append(t.words(b.vals[pathParam], true), t.words(b.vals[literalParam], false)...)
	if len(paths) == 0 {
		return ""
	}
	op := " > "
	if appendTo {
		op = " >> "
	}
	src := "cat"
	if v := b.vals["value"]; len(v) > 0 {
		src = "printf '%s\\n' " + strings.Join(t.words(v, false), " ")
	} else if v := b.vals["inputobject"]; len(v) > 0 {
		src = "printf '%s\\n' " + strings.Join(t.words(v, false), " ")
	}
	var out []string
	for _, p := range paths {
		out = append(out, src+op+p)
	}
	return strings.Join(out, "; ")
}

func psClearContent(t *psTr, b *psBound) string {
	var out []string
	for _, p := range append(t.words(b.vals["path"], true), t.words(b.vals["literalpath"], false)...) {
		out = append(out, ": > "+p)
	}
	return strings.Join(out, "; ")
}

func psNewItem(t *psTr, b *psBound) string {
	var full []string
	paths := b.vals["path"]
	if len(paths) == 0 {
		paths = []psWord{{text: "."}}
	}
	for _, p := range paths {
		f := t.wordPath(p)
		if n := b.text("name"); n != "" {
			f = path.Join(f, t.path(n))
		}
		full = append(full, t.sh(f, false))
	}
	target := b.vals["target"]
	if len(target) == 0 {
		target = b.vals["value"]
	}
	force := ""
	if b.on["force"] {
		force = " -f"
	}
	var out []string
	for _, f := range full {
		switch strings.ToLower(b.text("itemtype")) {
		case "symboliclink", "junction":
			if len(target) > 0 {
				out = append(out, "ln -s"+force+" -- "+t.arg(target[0], false)+" "+f)
			}
		case "hardlink":
			if len(target) > 0 {
				out = append(out, "ln"+force+" -- "+t.arg(target[0], false)+" "+f)
			}
		case "directory", "d":
			out = append(out, "mkdir -p -- "+f)
		default:
			switch {
			case len(b.vals["value"]) > 0:
				out = append(out, "printf '%s\\n' "+t.arg(b.vals["value"][0], false)+" > "+f)
			case b.on["force"]:
				out = append(out, ": > "+f)
			default:
				out = append(out, "touch -- "+f)
			}
		}
	}
	return strings.Join(out, "; ")
}

func psCopyMove(t *psTr, b *psBound, prog string) string {
	flags := ""
	if b.on["recurse"] {
		flags += " -r"
	}
	if b.on["force"] {
		flags += " -f"
	}
	src := append(t.words(b.vals["path"], true), t.words(b.vals["literalpath"], false)...)
	dst := "."
	if d := b.vals["destination"]; len(d) > 0 {
		dst = t.arg(d[0], false)
	}
	if len(src) == 0 {
		if !b.piped {
			return ""
		}
		return "xargs -I{} " + prog + flags + " -- {} " + dst
	}
	return prog + flags + " -- " + strings.Join(src, " ") + " " + dst
}

func psRename(t *psTr, b *psBound) string {
	p := t.path(b.text("path") + b.text("literalpath"))
	if w := append(b.vals["path"], b.vals["literalpath"]...); len(w) == 1 {
		p = t.wordPath(w[0])
	}
	n := b.text("newname")
	if p == "" || n == "" {
		return ""
	}
	return "mv -- " + t.sh(p, false) + " " + t.sh(path.Join(psDir(p), t.path(n)), false)
}

func psWeb(t *psTr, b *psBound) string {
	argv := []string{"curl", "-sS"}
	m := b.text("method") + b.text("custommethod")
	if m != "" {
		argv = append(argv, "-X", t.sh(strings.ToUpper(m), false))
	}
	for _, h := range b.vals["headers"] {
		argv = append(argv, "-H", t.arg(h, false))
	}
	for _, f := range b.vals["infile"] {
		argv = append(argv, "--data-binary", "@"+t.arg(f, false))
	}
	for _, v := range append(b.vals["body"], b.vals["form"]...) {
		argv = append(argv, "--data-binary", t.arg(v, false))
	}
	if b.piped && len(b.vals["body"]) == 0 && len(b.vals["infile"]) == 0 {
		argv = append(argv, "--data-binary", "@-")
	}
	for _, f := range b.vals["outfile"] {
		argv = append(argv, "-o", t.arg(f, false))
	}
	if b.on["skipcertificatecheck"] {
		argv = append(argv, "-k")
	}
	argv = append(argv, "--")
	for _, u := range b.vals["uri"] {
		argv = append(argv, t.sh(u.text, false))
	}
	return strings.Join(argv, " ")
}

func psInvokeExpression(t *psTr, b *psBound) string {
	cmd := b.vals["command"]
	if len(cmd) == 0 {
		if b.piped {
			return "sh" // the previous command's output runs as code
		}
		return ""
	}
	w := cmd[0]
	if w.kind != psExpr && !strings.Contains(w.text, psUnknown) {
		inner, err := pwshScriptDepth(w.text, t.home, t.depth+1)
		if err != nil {
			return "eval \"${ps_code}\""
		}
		return "{ " + strings.ReplaceAll(inner, "\n", "; ") + "; }"
	}
	if code, ok := psConcat(w.inner, t.vars); ok && w.inner != "" {
		inner, err := pwshScriptDepth(code, t.home, t.depth+1)
		if err == nil {
			return "{ " + strings.ReplaceAll(inner, "\n", "; ") + "; }"
		}
	}
	if code, ok := psDecoded(w.raw); ok {
		inner, err := pwshScriptDepth(code, t.home, t.depth+1)
		if err == nil {
			return "{ " + strings.ReplaceAll(inner, "\n", "; ") + "; }"
		}
	}
	if got := t.dotNet(w.raw); len(got) > 0 {
		// iex (New-Object Net.WebClient).DownloadString(URL): what it
		// fetches runs.
		return got[0] + " | sh"
	}
	if w.inner != "" {
		inner, err := pwshScriptDepth(w.inner, t.home, t.depth+1)
		if err == nil && strings.TrimSpace(inner) != "" && strings.Trim(inner, ": \n") != "" {
			return "{ " + strings.ReplaceAll(inner, "\n", "; ") + "; } | sh"
		}
	}
	return "eval \"${ps_code}\""
}

func psStartProcess(t *psTr, b *psBound) string {
	file := b.vals["filepath"]
	if len(file) == 0 {
		return ""
	}
	argv := []string{t.arg(file[0], false)}
	for _, a := range b.vals["argumentlist"] {
		if a.kind == psExpr && a.inner == "" {
			argv = append(argv, `"${ps_args}"`)
			continue
		}
		// The arguments are one command line, split as Windows programs do.
		for _, p := range strings.Split(a.text, ",") {
			for _, w := range cmdWords(p, t.home) {
				argv = append(argv, t.sh(t.path(w), false))
			}
		}
	}
	line := strings.Join(argv, " ")
	if strings.EqualFold(b.text("verb"), "runas") || strings.EqualFold(b.text("verb"), "runasuser") {
		line = "sudo " + line
	}
	return line
}

func psStopProcess(t *psTr, b *psBound) string {
	var out []string
	force := ""
	if b.on["force"] {
		force = " -9"
	}
	for _, id := range t.words(b.vals["id"], false) {
		out = append(out, "kill"+force+" "+id)
	}
	for _, n := range t.words(b.vals["name"], false) {
		out = append(out, "pkill"+force+" -x "+n)
	}
	if len(out) == 0 && b.piped {
		return "xargs kill" + force
	}
	return strings.Join(out, "; ")
}

func psFormat(t *psTr, b *psBound) string {
	var disks []string
	for _, k := range []string{"driveletter", "number", "disknumber", "path", "partition", "objectid", "friendlyname"} {
		for _, v := range b.vals[k] {
			disks = append(disks, "/dev/disk/by-drive/"+strings.ToUpper(strings.Trim(v.text, `:\`)))
		}
	}
	if len(disks) == 0 {
		disks = []string{"/dev/disk/by-drive/piped"}
	}
	return "mkfs -- " + strings.Join(disks, " ")
}

func psExecutionPolicy(t *psTr, b *psBound) string {
	switch strings.ToLower(b.text("executionpolicy")) {
	case "bypass", "unrestricted":
		if strings.EqualFold(b.text("scope"), "process") {
			return "" // only this PowerShell session
		}
		return "spctl --master-disable"
	}
	return ""
}

// psDefender reads Set-MpPreference and Add-MpPreference: a -Disable…
// switched on or an exclusion added switches Microsoft Defender off for
// what matters.
func psDefender(words []psWord) string {
	for i, w := range words {
		if w.kind != psOpt {
			continue
		}
		n := strings.ToLower(w.text)
		switch {
		case strings.HasPrefix(n, "exclusion") || strings.HasPrefix(n, "attacksurfacereductiononlyexclusion") || strings.HasPrefix(n, "controlledfolderaccessallowed"):
			return "systemctl disable --now mdatp"
		case strings.HasPrefix(n, "disable"):
			v := "true"
			if w.value != nil {
				v = w.value.text
			} else if i+1 < len(words) && words[i+1].kind != psOpt {
				v = words[i+1].text
			}
			if v = strings.ToLower(v); v != "false" && v != "0" {
				return "systemctl disable --now mdatp"
			}
		}
	}
	return ""
}

func psItemProperty(t *psTr, b *psBound) string {
	key := t.path(b.text("path") + b.text("literalpath"))
	name := b.text("name")
	if key == "" || name == "" {
		return ""
	}
	file := key + "/" + name
	if attr := psFileAttribute(t, b.text("path")+b.text("literalpath"), name); attr != "" {
		return attr
	}
	if strings.HasSuffix(key, "/autostart") {
		file += ".desktop"
	}
	if v := b.vals["value"]; len(v) > 0 {
		return "printf '%s\\n' " + t.arg(v[0], false) + " > " + t.sh(file, false)
	}
	return "rm -f -- " + t.sh(file, false)
}

// psSetACL reads Set-Acl: an access list built elsewhere (Get-Acl, then
// changed) is given to a file. What it holds is not known here, so it is
// setfacl with entries from a file: over the agents' settings or
// actionguard's files it can take the owner's access away, as chmod 000
// and setfacl -m u::--- can.
func psSetACL(t *psTr, b *psBound) string {
	paths := append(t.words(b.vals["path"], true), t.words(b.vals["literalpath"], false)...)
	if len(paths) == 0 {
		return ""
	}
	return "setfacl -M /dev/stdin -- " + strings.Join(paths, " ")
}

// psFileAttribute reads Set-ItemProperty FILE -Name IsReadOnly|Attributes:
// a file's attributes changed (read-only, hidden, system), written as the
// chattr that freezes a file, for a path (as written) that is not the
// registry's.
func psFileAttribute(t *psTr, given, name string) string {
	switch strings.ToLower(name) {
	case "isreadonly", "attributes":
	default:
		return ""
	}
	if _, reg := t.registry(given); reg {
		return ""
	}
	return "chattr +i -- " + t.sh(t.path(given), false)
}

// psCron writes a command that runs later, as a crontab line.
func psCron(cmd string) string {
	return "{ crontab -l; echo " + shWord("* * * * * "+cmd) + "; } | crontab -"
}

// psReg reads reg.exe: reg add KEY /v NAME /d DATA, reg delete KEY [/v NAME].
func psReg(t *psTr, words []psWord) string {
	var args []string
	for _, w := range words {
		args = append(args, w.text)
	}
	if len(args) < 2 {
		return ""
	}
	key := t.path(args[1])
	if key == args[1] && !strings.Contains(key, "/") {
		return "" // not a key of the registry
	}
	opt := func(name string) (string, bool) {
		for i := 2; i < len(args); i++ {
			if strings.EqualFold(args[i], name) {
				if i+1 < len(args) {
					return args[i+1], true
				}
				return "", true
			}
		}
		return "", false
	}
	file := key
	if name, ok := opt("/v"); ok {
		file = key + "/" + name
		if strings.HasSuffix(key, "/autostart") {
			file += ".desktop"
		}
	}
	switch strings.ToLower(args[0]) {
	case "add", "import", "restore", "copy", "load":
		data, _ := opt("/d")
		return "printf '%s\\n' " + t.sh(data, false) + " > " + t.sh(file, false)
	case "delete", "unload":
		if file == key {
			return "rm -r -f -- " + t.sh(key, false)
		}
		return "rm -f -- " + t.sh(file, false)
	}
	return ""
}

// psSchtasks reads schtasks /create … /tr COMMAND: the command runs later.
func psSchtasks(t *psTr, words []psWord) string {
	create := false
	run := ""
	for i, w := range words {
		switch strings.ToLower(w.text) {
		case "/create":
			create = true
		case "/tr":
			if i+1 < len(words) {
				run = words[i+1].text
			}
		}
	}
	if !create || run == "" {
		return ""
	}
	return psCron(cmdScript(run, t.home))
}

// psSendMail writes Send-MailMessage as mutt with the same recipients and
// attachments: what it sends is judged as an e-mail with files.
func psSendMail(t *psTr, b *psBound) string {
	argv := []string{"mutt", "-s", t.sh(b.text("subject"), false)}
	for _, f := range b.vals["attachments"] {
		argv = append(argv, "-a", t.arg(f, false))
	}
	for _, k := range []string{"cc", "bcc"} {
		for _, r := range b.vals[k] {
			argv = append(argv, "-"+k[:1], t.arg(r, false))
		}
	}
	argv = append(argv, "--")
	for _, r := range b.vals["to"] {
		argv = append(argv, t.arg(r, false))
	}
	return strings.Join(argv, " ") + " < /dev/null"
}

// psCompressArchive writes Compress-Archive as zip -r of the same paths
// into the same archive.
func psCompressArchive(t *psTr, b *psBound) string {
	dst := b.vals["destinationpath"]
	if len(dst) == 0 {
		return ""
	}
	argv := []string{"zip", "-r", t.arg(dst[0], false)}
	argv = append(argv, t.words(append(b.vals["path"], b.vals["literalpath"]...), true)...)
	return strings.Join(argv, " ")
}
