package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// A shell on another machine that reads its commands from this one's
// standard input: ssh host < script.sh, ssh host bash -s < script.sh,
// cat script.sh | ssh host sh. The commands run there; when the analysis
// knows them (written on the line, read from disk) they are judged as
// they read, otherwise a person decides.

var ruleRemoteScript = &rule.Rule{
	ID: "shell.net.remote-script", Category: rule.Execution, Points: 75,
	Summary:     "Runs a local script whose content is not known on another machine: what it does there cannot be checked.",
	Alternative: "show the script first, or run it on the remote host as a reviewed file (ssh host ./deploy.sh)",
	Match:       []string{"ssh prod bash -s < /tmp/e/x", "ssh prod < /tmp/e/x", "ssh -T deploy@prod sh < run.sh", "gen-cmds | ssh prod bash"},
	NoMatch:     []string{"ssh prod uptime", "ssh prod < /dev/null", "ssh prod 'cat > notes.txt' < notes.txt", "echo uptime | ssh prod bash -s"},
}

// remoteShellStdin judges what a remote shell started by ssh reads from
// this machine's standard input.
func (w *walker) remoteShellStdin(c *Cmd, in stream) {
	if c.Name != "ssh" && c.Name != "autossh" {
		return
	}
	if c.Has("-N", "-f", "-W") || in.kind == streamNone || in.kind == streamSecret {
		return // no remote command; a secret fed to ssh is theft, judged apart
	}
	pos := c.Positional()
	if len(pos) > 1 && pos[1] == "--" {
		pos = append([]string{pos[0]}, pos[2:]...)
	}
	if len(pos) == 0 {
		return
	}
	host := pos[0]
	if len(pos) > 1 && !remoteShellReadsStdin(pos[1:]) {
		return // ssh host 'cat > x' < x copies the bytes; the command is judged as the remote script
	}
	r := w.r
	r.mutates()
	switch in.kind {
	case streamLiteral, streamDecoded:
		if len(pos) == 1 {
			// A login shell without a command runs what it reads (sshHandler
			// judges ssh host bash -s with a known input).
			r.script(in.text, c, "ssh runs on "+host+", from standard input")
		}
		if in.kind == streamDecoded {
			r.add(c.find(ruleObfuscated, "Decodes a hidden payload and runs it on "+host+"; decoded, it reads: "+truncateText(oneLine(in.text), 120)))
		}
	case streamNetwork:
		r.add(c.find(w.remoteRule(c), "Pipes "+in.what+" into a shell on "+host+": code from the network runs there without being looked at."))
	case streamUndecoded:
		r.add(c.find(ruleObfuscated, "Decodes a hidden payload ("+in.what+") and runs it on "+host+"."))
	default:
		if in.file != "" {
			if isDevNull(in.file) {
				return
			}
			if fc, ok := r.fl().file(in.file); ok {
				w.judgeFile(c, in.what, "shell", fc, "runs on "+host+" from")
				return
			}
			r.add(c.find(ruleRemoteScript, "Runs "+in.what+", a local script whose content is not known here, on "+host+": what it does there cannot be checked.", in.what))
			return
		}
		what := in.what
		if what == "" {
			what = "the commands another command prints"
		}
		r.add(c.find(ruleRemoteScript, "Runs "+truncateText(what, 60)+" as commands on "+host+", so they cannot be checked first.", host))
	}
}

// isDevNull reports whether p is the empty device.
func isDevNull(p string) bool {
	return p == "/dev/null" || strings.EqualFold(p, "NUL")
}
