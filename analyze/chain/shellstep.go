package chain

import (
	"slices"
	"strings"

	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/rule"
)

// shellEnding reads what the current shell command does that can end a
// chain: where it sends, the files it runs, the install it makes.
func (a *analysis) shellEnding(e *ending, cmds []*shell.Cmd, src string) {
	fetches, interprets := false, false
	for _, c := range cmds {
		if e.send == "" {
			if dest, ok := sendOf(c); ok {
				e.send = dest
			}
		}
		if inlineCode(c) {
			e.maybeSend = true
		}
		for _, p := range runPaths(c) {
			e.runs = append(e.runs, run{path: p, root: c.Sudo, text: oneLine(c.Text)})
		}
		if e.install == "" && installs(c) {
			e.install = oneLine(c.Text)
		}
		fetches = fetches || tab().fetchers[c.Name]
		interprets = interprets || tab().scriptRunners[c.Name]
	}
	e.maybeInstall = fetches && interprets && e.install == ""
	if src != "" && (e.maybeSend && e.send == "" || e.maybeInstall) {
		// Inline code that sends and a download piped into a shell are what
		// the shell analyzer's data flow sees; it runs again only when an
		// earlier step makes them matter.
		e.confirm = func() (send, install string) {
			for _, f := range shell.Analyze(clip(src, shell.MaxBytes), a.sopt).Findings {
				switch f.Rule {
				case "shell.interp.network-send", "shell.cred.exfiltrate":
					if send == "" {
						send = "the network (" + short(f.Evidence, 40) + ")"
					}
				case "shell.exec.remote-code", "shell.exec.remote-code-root":
					install = oneLine(src)
				}
			}
			return send, install
		}
	}
}

// shellStart reads what an earlier shell command did that a chain in
// want can start with. obs is what it printed.
func (a *analysis) shellStart(st *start, src, obs string, want need) {
	res := shell.Analyze(src, a.sopt)
	if want&needSecret != 0 {
		a.shellSecret(st, res, obs)
	}
	if want&needEscalation != 0 {
		st.escalated = escalation(res, src)
	}
	for _, c := range res.Commands {
		if want&needDownload != 0 {
			for _, p := range downloadsOf(c, src) {
				st.downloads = append(st.downloads, download{path: p, from: urlOf(c)})
			}
		}
		if want&needOutside != 0 && st.outside == "" && tab().contentPrinters[c.Name] && !failedRead(obs) {
			for _, p := range printedFiles(c) {
				if cl := shell.ClassifyPath(p, a.sopt); cl.Credential == "" && a.outside(cl) {
					st.outside = p
					break
				}
			}
		}
	}
}

// shellSecret finds the credential a shell command printed or copied (the
// shell analyzer's shell.cred.* findings), or the secrets it printed from
// the environment or a secrets tool (its output holds a redacted secret).
func (a *analysis) shellSecret(st *start, res *shell.Result, obs string) {
	for _, f := range res.Findings {
		if f.Rule != "shell.cred.read" && f.Rule != "shell.cred.exfiltrate" {
			continue
		}
		p := ""
		if len(f.Targets) > 0 {
			p = f.Targets[0]
		}
		kind := shell.ClassifyPath(p, a.sopt).Credential
		if kind == "" {
			st.secret, st.secretPath = "handled a secret ("+short(oneLine(f.Evidence), 60)+")", p
			return
		}
		if shown(kind, obs) {
			st.secret, st.secretPath = "read your "+kind+" ("+p+")", p
			return
		}
	}
	typ := secretMark(obs)
	if typ == "" {
		return
	}
	for _, c := range res.Commands {
		if secretPrinter(c) {
			st.secret, st.secretPath = "printed a secret ("+typ+") with "+short(c.Name, 30), ""
			return
		}
	}
}

// secretPrinter reports whether a command prints the environment, a
// variable or a stored secret.
func secretPrinter(c *shell.Cmd) bool {
	if tab().secretPrinters[c.Name] {
		return true
	}
	switch c.Name {
	case "echo", "printf":
		return slices.Contains(c.Dynamic, true) // a variable printed
	case "cat", "strings", "tr", "xargs":
		for _, a := range c.Positional() {
			if strings.HasSuffix(a, "/environ") {
				return true
			}
		}
	}
	return false
}

// escalation returns how a shell command raised privileges: a command
// under sudo, doas, pkexec or su, setuid bits, a privileged group, the
// sudoers file, or a bare `sudo -v` that only caches the credentials.
func escalation(res *shell.Result, src string) string {
	for _, c := range res.Commands {
		if c.Sudo {
			return oneLine(c.Text)
		}
	}
	for _, f := range res.Findings {
		if f.Category == rule.Escalation || f.Category == rule.PrivilegeEscalation {
			return oneLine(f.Evidence)
		}
	}
	switch w, _, _ := strings.Cut(strings.TrimSpace(src), " "); w {
	case "sudo", "doas", "su", "pkexec", "run0":
		return oneLine(src)
	}
	return ""
}
