package chain

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/rule"
)

// Step is an earlier call of the session that ran, oldest first.
type Step struct {
	Tool        string
	Input       map[string]any
	Observation string
}

// Call is the call being checked. Commands are its shell command's parsed
// commands when the caller has them (nil: parsed here).
type Call struct {
	Tool     string
	Input    map[string]any
	Commands []*shell.Cmd
}

// Options say where the session works.
type Options struct {
	Cwd, Home string
	// MaxSteps bounds how many earlier steps are looked at (the latest
	// ones); 0 is DefaultMaxSteps.
	MaxSteps int
}

// DefaultMaxSteps is how many earlier steps a check looks at by default.
const DefaultMaxSteps = 32

// minFragment is the length from which a line of an earlier output found
// in what is sent counts as that output being sent.
const minFragment = 24

// effects is what one call did, as far as chains care.
type effects struct {
	credential string   // a credential it read ("ssh key …"), with the path
	downloads  []string // files it downloaded to
	outside    string   // a file outside the workspace it read
	escalated  string   // the command that raised privileges
	production string   // what named production
	sends      string   // where it sends to, when it sends to the network
	runs       []string // files it runs
	installs   string   // the install from the network it makes
	deletes    bool     // an MCP tool that deletes
}

// Analyze returns the chain findings of the call after the session's
// earlier steps.
func Analyze(cur Call, history []Step, opt Options) []rule.Finding {
	if len(history) == 0 {
		return nil
	}
	max := opt.MaxSteps
	if max <= 0 {
		max = DefaultMaxSteps
	}
	if len(history) > max {
		history = history[len(history)-max:]
	}
	sopt := shell.Options{Cwd: opt.Cwd, Home: opt.Home}
	now := classify(cur.Tool, cur.Input, cur.Commands, sopt)
	if now.sends == "" && len(now.runs) == 0 && now.installs == "" && !now.deletes {
		return nil // nothing the current call does can end a chain
	}
	var out []rule.Finding
	seen := map[*rule.Rule]bool{}
	add := func(r *rule.Rule, msg, evidence string, targets ...string) {
		if !seen[r] {
			seen[r] = true
			out = append(out, r.Find(evidence, msg, targets...))
		}
	}
	payload := ""
	if now.sends != "" {
		payload = inputText(cur.Input)
	}
	for i := len(history) - 1; i >= 0; i-- {
		h := &history[i]
		n := i + 1 // steps are numbered from 1 in messages
		was := classify(h.Tool, h.Input, nil, sopt)
		if now.sends != "" && was.credential != "" {
			add(ruleCredentialSend, fmt.Sprintf("Sends data to %s after step %d (%s) read %s: the secret could leave with it.", now.sends, n, h.Tool, was.credential),
				fmt.Sprintf("step %d %s %s → %s", n, h.Tool, was.credential, now.sends), now.sends)
		}
		if len(now.runs) > 0 {
			for _, d := range was.downloads {
				for _, r := range now.runs {
					if samePath(d, r, opt.Cwd) {
						add(ruleDownloadRun, fmt.Sprintf("Runs %s, which step %d (%s) downloaded from the network: code nobody has read.", r, n, h.Tool),
							fmt.Sprintf("step %d downloaded %s → runs it", n, d), r)
					}
				}
			}
		}
		if now.sends != "" && was.outside != "" {
			if frag := sharedFragment(h.Observation, payload); frag != "" {
				add(ruleOutsideSend, fmt.Sprintf("Sends to %s what step %d (%s) read from %s, outside the workspace.", now.sends, n, h.Tool, was.outside),
					fmt.Sprintf("step %d read %s → sends %q", n, was.outside, truncate(frag, 60)), now.sends, was.outside)
			} else {
				add(ruleOutsideThenSend, fmt.Sprintf("Sends data to %s after step %d (%s) read %s, outside the workspace.", now.sends, n, h.Tool, was.outside),
					fmt.Sprintf("step %d read %s → %s", n, was.outside, now.sends), now.sends)
			}
		}
		if now.installs != "" && was.escalated != "" {
			add(ruleEscalateInstall, fmt.Sprintf("Installs from the network (%s) after step %d raised privileges (%s).", now.installs, n, truncate(was.escalated, 60)),
				fmt.Sprintf("step %d %s → %s", n, truncate(was.escalated, 60), now.installs), now.installs)
		}
		if now.deletes && was.production != "" {
			add(ruleProductionDelete, fmt.Sprintf("Deletes with %s after step %d (%s) named production (%s).", cur.Tool, n, h.Tool, truncate(was.production, 60)),
				fmt.Sprintf("step %d %s → %s", n, truncate(was.production, 60), cur.Tool), cur.Tool)
		}
	}
	return out
}

// classify reads what a call does. Read-like tools are classified by name
// without parsing; shell commands are parsed (or their commands used).
func classify(tool string, in map[string]any, cmds []*shell.Cmd, opt shell.Options) effects {
	var e effects
	lt := strings.ToLower(tool)
	switch lt {
	case "read", "read_file", "view", "notebookread", "read_many_files", "grep", "search_file_content":
		p := firstString(in, "file_path", "path", "absolute_path", "notebook_path", "filename", "file")
		if p == "" {
			return e
		}
		cl := shell.ClassifyPath(p, opt)
		if cl.Credential != "" {
			e.credential = "your " + cl.Credential + " (" + p + ")"
		} else if cl.Known && !cl.Workspace && !cl.Temp {
			e.outside = p
		}
		return e
	case "webfetch", "web_fetch", "websearch", "web_search", "fetch", "http_request", "http":
		e.sends = hostOr(firstString(in, "url", "uri", "query"), tool)
		return e
	}
	if c := firstString(in, "command", "cmd", "script"); c != "" || cmds != nil {
		if cmds == nil {
			if len(c) > shell.MaxBytes {
				return e
			}
			cmds = shell.Analyze(c, opt).Commands
		}
		shellEffects(&e, cmds, opt)
		if f := strings.Fields(c); e.escalated == "" && len(f) > 0 {
			switch f[0] {
			case "sudo", "doas", "su", "pkexec", "run0":
				e.escalated = c // sudo -v, su -: privileges raised with no command to see
			}
		}
		if hasProdWord(c) {
			e.production = c
		}
		return e
	}
	if strings.HasPrefix(lt, "mcp__") || strings.Contains(lt, "_") || len(in) > 0 {
		text := inputText(in)
		if u := firstURL(in); u != "" {
			e.sends = hostOr(u, tool)
		} else if r := firstString(in, "to", "recipient", "recipients", "channel", "webhook", "email", "address"); r != "" {
			e.sends = r
		}
		if strings.HasPrefix(lt, "mcp__") {
			for _, w := range []string{"delete", "drop", "destroy", "remove", "purge", "truncate", "wipe"} {
				if strings.Contains(lt, w) {
					e.deletes = true
				}
			}
		}
		if hasProdWord(text) || hasProdWord(lt) {
			e.production = tool + " " + truncate(text, 80)
		}
	}
	return e
}

// network programs that send to another machine, whatever their arguments.
var senders = map[string]bool{"curl": true, "wget": true, "http": true, "https": true, "xh": true, "nc": true, "ncat": true, "netcat": true, "socat": true,
	"scp": true, "sftp": true, "rsync": true, "ssh": true, "ftp": true, "telnet": true, "aria2c": true, "httpie": true, "mail": true, "sendmail": true, "mutt": true}

var installers = map[string][]string{
	"apt": {"install"}, "apt-get": {"install"}, "yum": {"install"}, "dnf": {"install"}, "zypper": {"install", "in"}, "apk": {"add"}, "pacman": {"-S", "-Sy", "-Syu"},
	"pip": {"install"}, "pip3": {"install"}, "npm": {"install", "i", "add"}, "pnpm": {"add", "install", "i"}, "yarn": {"add"}, "bun": {"add", "install"},
	"gem": {"install"}, "cargo": {"install", "add"}, "go": {"install", "get"}, "brew": {"install"}, "snap": {"install"}, "uv": {"add", "pip"}, "poetry": {"add"},
}

var interpreters = map[string]bool{"bash": true, "sh": true, "zsh": true, "dash": true, "python": true, "python3": true, "perl": true, "ruby": true, "node": true, "php": true, "source": true, ".": true}

func shellEffects(e *effects, cmds []*shell.Cmd, opt shell.Options) {
	fetched := false // a command before this one fetched from the network
	for _, c := range cmds {
		if interpreters[c.Name] && positional(c.Args) == "" && fetched && e.installs == "" {
			e.installs = "a script from the network piped into " + c.Name
		}
		if senders[c.Name] {
			fetched = true
		}
		name := c.Name
		if c.Sudo && e.escalated == "" {
			e.escalated = c.Text
		}
		switch name {
		case "su", "doas", "pkexec", "sudo":
			if e.escalated == "" {
				e.escalated = c.Text
			}
		case "cat", "less", "more", "head", "tail", "cp", "base64", "xxd", "od", "strings", "grep", "rg", "awk", "sed", "tar", "zip", "gpg", "openssl":
			for _, a := range c.Args {
				if strings.HasPrefix(a, "-") || a == "" {
					continue
				}
				cl := shell.ClassifyPath(a, opt)
				if cl.Credential != "" && e.credential == "" {
					e.credential = "your " + cl.Credential + " (" + a + ")"
				} else if cl.Known && !cl.Workspace && !cl.Temp && e.outside == "" && strings.Contains(a, "/") && name != "cp" {
					e.outside = a
				}
			}
		case "env", "printenv", "set", "export":
			// Dumping the environment is a credential read only when
			// secrets showed: the observation says so, not the command.
		}
		if senders[name] {
			dest := ""
			for _, a := range c.Args {
				if strings.Contains(a, "://") || strings.Contains(a, "@") && strings.Contains(a, ":") {
					dest = hostOr(a, name)
					break
				}
			}
			if dest == "" && len(c.Args) > 0 && (name == "nc" || name == "ncat" || name == "netcat" || name == "ssh" || name == "telnet") {
				dest = lastPositional(c.Args)
			}
			if dest == "" {
				dest = name
			}
			if e.sends == "" {
				e.sends = dest
			}
			if out := downloadTarget(c); out != "" {
				e.downloads = append(e.downloads, out)
			}
		}
		if subs, ok := installers[name]; ok && len(c.Args) > 0 {
			for _, s := range subs {
				if positional(c.Args) == s || c.Args[0] == s {
					e.installs = strings.TrimSpace(truncate(c.Text, 80))
				}
			}
		}
		if interpreters[name] {
			if p := positional(c.Args); p != "" {
				e.runs = append(e.runs, p)
			}
		}
		if name == "chmod" {
			if p := lastPositional(c.Args); p != "" && strings.Contains(strings.Join(c.Args, " "), "x") {
				e.runs = append(e.runs, p)
			}
		}
		if strings.Contains(c.Path, "/") && !strings.HasPrefix(c.Path, "/usr/") && !strings.HasPrefix(c.Path, "/bin/") {
			e.runs = append(e.runs, c.Path)
		}
	}
}

// downloadTarget is the file a curl or wget command saves to, or "".
func downloadTarget(c *shell.Cmd) string {
	args := c.Args
	for i, a := range args {
		switch {
		case (a == "-o" || a == "--output" || a == "-O" && c.Name == "wget" || a == "--output-document") && i+1 < len(args):
			if args[i+1] != "-" {
				return args[i+1]
			}
		case strings.HasPrefix(a, "--output=") || strings.HasPrefix(a, "--output-document="):
			return a[strings.IndexByte(a, '=')+1:]
		}
	}
	remote := c.Name == "curl" && (c.Has("-O", "--remote-name") || c.Has("-OL", "-LO"))
	if c.Name == "wget" || remote {
		for i := len(args) - 1; i >= 0; i-- {
			if strings.Contains(args[i], "://") {
				u := strings.SplitN(args[i], "?", 2)[0]
				if b := path.Base(u); b != "" && b != "/" && !strings.Contains(b, ":") {
					return b
				}
			}
		}
	}
	return ""
}

// samePath reports whether two paths name the same file for a session in cwd.
func samePath(a, b, cwd string) bool {
	abs := func(p string) string {
		if !strings.HasPrefix(p, "/") && cwd != "" {
			p = cwd + "/" + p
		}
		return path.Clean(p)
	}
	return abs(a) == abs(b) || path.Base(a) == path.Base(b) && (!strings.Contains(a, "/") || !strings.Contains(b, "/"))
}

// sharedFragment returns a line of out (at least minFragment long) that
// appears in payload, or "".
func sharedFragment(out, payload string) string {
	if len(out) < minFragment || len(payload) < minFragment {
		return ""
	}
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimSpace(line)
		if len(line) >= minFragment && !strings.Contains(line, "[REDACTED") && strings.Contains(payload, line) {
			return line
		}
	}
	return ""
}

func inputText(in map[string]any) string {
	if len(in) == 0 {
		return ""
	}
	b, err := json.Marshal(in)
	if err != nil {
		return ""
	}
	// Decoded once more so that JSON escapes do not hide a shared line.
	var s strings.Builder
	walk(in, func(v string) { s.WriteString(v); s.WriteByte('\n') })
	return s.String() + string(b)
}

// walk calls f with every string in v, to a bounded depth.
func walk(v any, f func(string)) {
	var rec func(v any, depth int)
	rec = func(v any, depth int) {
		if depth > 16 {
			return
		}
		switch x := v.(type) {
		case string:
			f(x)
		case map[string]any:
			for _, y := range x {
				rec(y, depth+1)
			}
		case []any:
			for _, y := range x {
				rec(y, depth+1)
			}
		}
	}
	rec(v, 0)
}

func firstString(in map[string]any, keys ...string) string {
	for _, k := range keys {
		switch v := in[k].(type) {
		case string:
			if v != "" {
				return v
			}
		case []any:
			if len(v) > 0 {
				if s, ok := v[0].(string); ok {
					return s
				}
			}
		}
	}
	return ""
}

// firstURL returns the first http(s) URL among the input's strings.
func firstURL(in map[string]any) string {
	u := ""
	walk(in, func(s string) {
		if u == "" && (strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")) {
			u = s
		}
	})
	return u
}

// hostOr is the host of a URL, or what when it has none.
func hostOr(u, what string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		h := u[i+3:]
		if j := strings.IndexAny(h, "/?#"); j >= 0 {
			h = h[:j]
		}
		if at := strings.LastIndexByte(h, '@'); at >= 0 {
			h = h[at+1:]
		}
		if h != "" {
			return h
		}
	}
	if at := strings.IndexByte(u, '@'); at >= 0 {
		if h, _, ok := strings.Cut(u[at+1:], ":"); ok && h != "" {
			return h
		}
	}
	return what
}

func positional(args []string) string {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") && a != "" {
			return a
		}
	}
	return ""
}

func lastPositional(args []string) string {
	for i := len(args) - 1; i >= 0; i-- {
		if !strings.HasPrefix(args[i], "-") && args[i] != "" {
			return args[i]
		}
	}
	return ""
}

// hasProdWord reports whether s names production as a whole word.
func hasProdWord(s string) bool {
	ls := strings.ToLower(s)
	if !strings.Contains(ls, "pr") && !strings.Contains(ls, "live") {
		return false
	}
	for _, w := range strings.FieldsFunc(ls, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') }) {
		switch w {
		case "prod", "production", "prd", "live":
			return true
		}
	}
	return false
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
