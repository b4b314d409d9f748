package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Files sent by the transfer tools that take their commands as a script
// rather than as operands: socat (an address pair, one a file and the
// other a connection), lftp (-e/-c commands, a -f file), sftp (a -b batch
// file or commands on standard input), ftp and tftp (commands on standard
// input, tftp -c), ncftpput (the files after the host and the remote
// directory). A key named in such a script leaves the machine as surely
// as with scp; a script whose commands are not known may send anything;
// the shell escape these clients offer (!cmd) runs a local command.

// atk9Rules are the rules added for the attack round of issue 17.
var atk9Rules = []*rule.Rule{ruleTransferBatch}

var ruleTransferBatch = &rule.Rule{
	ID: "shell.net.transfer-batch", Category: rule.Exfiltration, Points: 75,
	Summary:     "Runs file-transfer commands (an sftp, lftp or ftp script) whose content is not known: they may upload any file from this machine.",
	Alternative: "write the transfer commands on the command line (sftp host <<< 'put dist/app.tgz'), so that what is sent can be checked",
	Match:       []string{"sftp -b batch.txt deploy@host", "lftp -f upload.lftp", "gen-cmds | sftp host", "ftp -n host < cmds.txt"},
	NoMatch:     []string{"sftp host <<< 'put dist/app.tgz'", "sftp -b - host <<< 'get report.csv'", "lftp -e 'get file.txt; quit' ftp.example.com", "sftp host"},
}

// transferScripts are the clients that read transfer commands, with their
// verbs that send a local file.
var transferScripts = map[string]bool{"sftp": true, "lftp": true, "ftp": true, "tftp": true, "smbclient": true}

// transferSends judges what a transfer client sends: the files its
// addresses, operands or commands name, and commands whose text is not
// known.
func (w *walker) transferSends(c *Cmd, in stream) {
	var files []string
	switch c.Name {
	case "socat":
		files = socatSentFiles(c)
		w.socatReceives(c)
	case "ncftpput":
		if pos := c.Positional(); len(pos) > 2 {
			files = pos[2:]
		}
	}
	if transferScripts[c.Name] {
		files = append(files, w.transferScriptFiles(c, in)...)
	}
	for _, p := range files {
		if cl := c.Class(p); cl.Credential != "" {
			w.r.add(c.find(ruleCredentialExfil, "Sends your "+cl.Credential+" ("+p+") to another machine with "+c.Name+".", p))
		}
	}
}

// transferScriptFiles reads the transfer commands c runs (its -e/-c
// option, -b/-f file, or standard input) and lists the local files they
// send; a local shell command in them (!cmd) is walked.
func (w *walker) transferScriptFiles(c *Cmd, in stream) []string {
	var scripts []string
	for _, o := range c.Argv().Opts {
		if !o.HasValue {
			continue
		}
		switch {
		case (c.Name == "lftp" || c.Name == "smbclient") && (o.Name == "-e" || o.Name == "--execute" || o.Name == "-c" || o.Name == "--command"),
			c.Name == "tftp" && o.Name == "-c":
			scripts = append(scripts, o.Value)
		case c.Name == "sftp" && o.Name == "-b" || c.Name == "lftp" && o.Name == "-f":
			if o.Value == "-" {
				continue // standard input, read below
			}
			if text, ok := w.knownFileText(o.Value); ok {
				scripts = append(scripts, text)
				continue
			}
			w.r.add(c.find(ruleTransferBatch, "Runs the transfer commands in "+o.Value+", whose content is not known here: they may upload any file with "+c.Name+".", o.Value))
		}
	}
	if c.Name == "tftp" {
		if i := indexOf(c.Args, "-c"); i >= 0 && i+1 < len(c.Args) {
			scripts = append(scripts, strings.Join(c.Args[i+1:], " ")) // tftp host -c put a b
		}
	}
	switch in.kind {
	case streamLiteral, streamDecoded:
		scripts = append(scripts, in.text)
	case streamUnknown, streamNetwork:
		if c.Name != "smbclient" && c.Name != "lftp" || len(scripts) == 0 {
			w.r.add(c.find(ruleTransferBatch, "Runs "+orWhat(in.what, "the commands on standard input")+" as "+c.Name+" commands, not known here: they may upload any file.", c.Name))
		}
	}
	var files []string
	for _, s := range scripts {
		files = append(files, w.transferCommands(c, s)...)
	}
	return files
}

// orWhat is what, or def when what is empty.
func orWhat(what, def string) string {
	if what == "" {
		return def
	}
	return what
}

// knownFileText is the content of the file name when this command line,
// the session or the disk tells it.
func (w *walker) knownFileText(name string) (string, bool) {
	abs, ok := w.r.env.resolve(name)
	if !ok {
		return "", false
	}
	fc, ok := w.r.fl().file(abs)
	if !ok || fc.partial || fc.kind != streamLiteral && fc.kind != streamDecoded {
		return "", false
	}
	return fc.text, true
}

// transferCommands lists the local files the commands of a transfer
// script send (put, mput, reput, append, send, mirror -R), and walks the
// local commands it runs (!cmd, lftp's shell and local commands).
func (w *walker) transferCommands(c *Cmd, script string) []string {
	var files []string
	for _, line := range strings.FieldsFunc(script, func(r rune) bool { return r == '\n' || r == ';' || r == '&' }) {
		line = strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(line, "!"); ok {
			w.r.script(rest, c, c.Name+" runs a local command (!)")
			continue
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		verb := strings.ToLower(f[0])
		switch verb {
		case "shell", "local", "lcd":
			if verb != "lcd" && len(f) > 1 {
				w.r.script(strings.Join(f[1:], " "), c, c.Name+" runs a local command ("+verb+")")
			}
		case "put", "mput", "reput", "append", "send", "appe", "stor", "mirror":
			files = append(files, transferOperands(verb, f[1:])...)
		}
	}
	return files
}

// transferOperands are the local files of one sending command: put's
// operands but the value of -o/-O (the remote name), mirror's first
// operand when it is reversed (-R, --reverse).
func transferOperands(verb string, args []string) []string {
	var out []string
	reverse := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-o" || a == "-O" || a == "--target-directory":
			i++
		case a == "-R" || a == "--reverse":
			reverse = true
		case strings.HasPrefix(a, "-") && len(a) > 1:
		default:
			out = append(out, strings.Trim(a, `"'`))
		}
	}
	if verb == "mirror" {
		if !reverse || len(out) == 0 {
			return nil
		}
		return out[:1]
	}
	if verb == "put" || verb == "reput" || verb == "send" || verb == "append" || verb == "appe" || verb == "stor" {
		if len(out) > 1 && verb != "put" && verb != "reput" {
			out = out[:1] // ftp put LOCAL REMOTE
		}
		if len(out) > 1 && (verb == "put" || verb == "reput") {
			return out // lftp put a b c sends each; sftp put a b sends a
		}
	}
	return out
}

// socatNetAddrs are socat's address types that reach another machine or
// accept connections from one.
var socatNetAddrs = []string{"tcp", "tcp4", "tcp6", "udp", "udp4", "udp6", "ssl", "openssl", "sctp", "socks4", "socks4a", "socks5", "proxy", "udp-sendto", "udp-datagram",
	"tcp-listen", "tcp4-listen", "tcp6-listen", "tcp-l", "udp-listen", "ssl-listen", "openssl-listen", "sctp-listen", "dccp", "vsock-connect", "ip-sendto", "ip4-sendto", "ip6-sendto", "tun"}

// socatFileAddrs are socat's address types that name a local file: the
// value says whether socat reads it (CREATE and PIPE are written).
var socatFileAddrs = map[string]bool{"file": true, "open": true, "gopen": true, "create": false, "pipe": false}

// socatSentFiles: socat copies between its two addresses; a file address
// paired with a network one sends the file when socat can read it,
// unless the copy runs only towards the file (-u with the file second, -U
// with the file first).
func socatSentFiles(c *Cmd) []string {
	file, at, readable, ok := socatFileAndNet(c)
	if !ok || !readable || at == 1 && c.Has("-u") || at == 0 && c.Has("-U") {
		return nil
	}
	return []string{file}
}

// socatReceivedFile returns the local file socat writes what arrives from
// the network into (socat -u TCP:host:80 OPEN:x,creat): a file address
// paired with a network one, unless the copy runs only from the file to
// the network (-u with the file first, -U with the file second).
func socatReceivedFile(c *Cmd) (string, bool) {
	file, at, _, ok := socatFileAndNet(c)
	if !ok || at == 0 && c.Has("-u") || at == 1 && c.Has("-U") {
		return "", false
	}
	return file, true
}

// socatFileAndNet reads socat's two addresses (they end its command
// line): a file address (FILE:, OPEN:, GOPEN:, CREATE:, PIPE: in any case,
// or a bare path with a slash, which is GOPEN) beside a network one. It
// returns the file's path, its place in the pair (0 first, 1 second) and
// whether socat reads it.
func socatFileAndNet(c *Cmd) (file string, at int, readable, ok bool) {
	if len(c.Args) < 2 {
		return "", 0, false, false
	}
	net := false
	for i, a := range c.Args[len(c.Args)-2:] {
		kind, rest, hasColon := strings.Cut(a, ":")
		kind = strings.ToLower(kind)
		reads, isFile := socatFileAddrs[kind]
		switch {
		case hasColon && isFile:
			file, _, _ = strings.Cut(rest, ",")
			at, readable = i, reads
		case hasColon && isSocatNet(kind):
			net = true
		case !hasColon && strings.ContainsRune(a, '/'):
			file, _, _ = strings.Cut(a, ",")
			at, readable = i, true
		}
	}
	return file, at, readable, net && file != ""
}

func isSocatNet(kind string) bool {
	for _, k := range socatNetAddrs {
		if kind == k {
			return true
		}
	}
	return false
}

// socatReceives judges the file socat fills with what arrives from the
// network, as a download: by where it lies (a start-up file, an autostart
// place), and as a file a later command of the line may run.
func (w *walker) socatReceives(c *Cmd) {
	file, ok := socatReceivedFile(c)
	if !ok {
		return
	}
	w.r.mutates()
	mode := writeOverwrite
	if strings.Contains(strings.ToLower(c.Args[len(c.Args)-1]+c.Args[len(c.Args)-2]), ",append") {
		mode = writeAppend
	}
	writeTarget(c, w.r, file, mode)
	w.noteDownloaded(w.r.env.mustAbs(file), "a connection ("+c.Text+")")
}
