package shell

import (
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// How git is told to run other programs: configuration given on the command
// line (-c, --config-env), in the environment (GIT_CONFIG_*, GIT_SSH_COMMAND,
// GIT_EDITOR…) or written with git config, and aliases that rename commands.

// gitSetting is one configuration value git will use for this command.
type gitSetting struct {
	key     string // lower-cased, as git compares it
	name    string // as written, for messages
	value   string
	dynamic bool   // the value is only known when the command runs
	from    string // where it comes from: "-c", "the environment", "git config"
}

// gitGlobals are the options git reads before the subcommand.
type gitGlobals struct {
	settings []gitSetting
	execPath string // --exec-path=dir: where git takes its own commands from
	sub      int    // index of the subcommand in the arguments, len(args) when there is none
}

// parseGitGlobals reads git's own options (git -C dir -c k=v --no-pager …)
// through git's spec, so that every spelling it accepts counts. env is the
// command's environment, for --config-env.
func parseGitGlobals(c *Cmd, env map[string]envValue) gitGlobals {
	var g gitGlobals
	av := c.Argv()
	g.sub = len(c.Args)
	if len(av.wordArg) > 0 {
		g.sub = av.wordArg[0]
	}
	dyn := func(i int) bool { return i >= 0 && i < len(c.Dynamic) && c.Dynamic[i] }
	for _, o := range av.Opts {
		if o.Arg >= g.sub {
			break
		}
		v := o.ValueArg
		if v < 0 {
			v = o.Arg
		}
		switch {
		case o.Name == "--exec-path" && o.HasValue && o.Value != "":
			g.execPath = o.Value
		case o.Name == "-c" || o.Name == "--config-env":
			if o.HasValue {
				g.addOption(o.Name, o.Value, dyn(v), env)
			}
		case o.Unknown && strings.HasPrefix(o.Spelled, "-c") && len(o.Spelled) > 2 && !strings.HasPrefix(o.Spelled, "--"):
			// Not accepted by git, but read the way a lenient parser would.
			g.addOption("-c", c.Args[o.Arg][2:], dyn(o.Arg), env)
		}
	}
	return g
}

func (g *gitGlobals) addOption(opt, kv string, dynamic bool, env map[string]envValue) {
	k, v, hasValue := strings.Cut(kv, "=")
	if opt == "--config-env" {
		// --config-env=name=ENVVAR: the value is the variable's.
		ev, ok := env[v]
		g.settings = append(g.settings, gitSetting{key: strings.ToLower(k), name: k, value: ev.value, dynamic: dynamic || !ok || ev.dynamic, from: "--config-env"})
		return
	}
	if !hasValue {
		v = "true" // -c name alone sets a boolean
	}
	g.settings = append(g.settings, gitSetting{key: strings.ToLower(k), name: k, value: v, dynamic: dynamic, from: "-c"})
}

// envValue is the value of a variable assigned for one command.
type envValue struct {
	value   string
	dynamic bool
}

// commandEnv returns the variables assigned for this very command line
// (GIT_SSH_COMMAND=… git fetch, env EDITOR=… git commit, sudo VAR=… git …):
// the words of the form NAME=value before the program's own name.
func commandEnv(c *Cmd) map[string]envValue {
	text := c.Text
	// Assignments come before the program's name: a line that starts with
	// the program has none and needs no second parse.
	if !strings.Contains(text, "=") || strings.HasPrefix(text, c.Path+" ") || text == c.Path {
		return nil
	}
	p := parserPool.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(text), "")
	parserPool.Put(p)
	if err != nil {
		return nil
	}
	var ce *syntax.CallExpr
	syntax.Walk(f, func(n syntax.Node) bool {
		if ce != nil {
			return false
		}
		if x, ok := n.(*syntax.CallExpr); ok {
			ce = x
			return false
		}
		return true
	})
	if ce == nil {
		return nil
	}
	env := map[string]envValue{}
	for _, a := range ce.Assigns {
		if a.Name == nil {
			continue
		}
		v, ok := "", true
		if a.Value != nil {
			v, ok = literalWord(a.Value)
		}
		env[a.Name.Value] = envValue{value: v, dynamic: !ok}
	}
	for _, w := range ce.Args {
		lit, ok := literalWord(w)
		if ok && (lit == c.Path || progName(lit) == c.Name) {
			break
		}
		name, v, found := strings.Cut(lit, "=")
		if !found || !isEnvName(name) {
			continue
		}
		env[name] = envValue{value: v, dynamic: !ok}
	}
	return env
}

func isEnvName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if !(ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9') {
			return false
		}
	}
	return true
}

// literalWord returns a word's value with quotes removed; ok is false when
// part of it is only known when the command runs.
func literalWord(w *syntax.Word) (string, bool) {
	var b strings.Builder
	ok := true
	var part func(p syntax.WordPart)
	part = func(p syntax.WordPart) {
		switch x := p.(type) {
		case *syntax.Lit:
			b.WriteString(unescapeLit(x.Value))
		case *syntax.SglQuoted:
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				part(q)
			}
		default:
			ok = false
			b.WriteString("$…")
		}
	}
	for _, p := range w.Parts {
		part(p)
	}
	return b.String(), ok
}

func unescapeLit(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// envSettings turns the configuration carried by the environment into
// settings: GIT_CONFIG_COUNT with GIT_CONFIG_KEY_n / GIT_CONFIG_VALUE_n,
// and GIT_CONFIG_PARAMETERS (what git -c passes to the programs it runs).
func envSettings(env map[string]envValue) []gitSetting {
	var out []gitSetting
	if _, ok := env["GIT_CONFIG_COUNT"]; ok {
		// Every KEY_n present counts, whatever GIT_CONFIG_COUNT says: a
		// count known only when the command runs may cover them all, and a
		// wrong one is an error git reports after reading the others.
		for i := 0; i < 64; i++ {
			k, ok := env["GIT_CONFIG_KEY_"+itoa(i)]
			if !ok {
				continue
			}
			v := env["GIT_CONFIG_VALUE_"+itoa(i)]
			out = append(out, gitSetting{key: strings.ToLower(k.value), name: k.value, value: v.value, dynamic: v.dynamic || k.dynamic, from: "the environment"})
		}
	}
	if p, ok := env["GIT_CONFIG_PARAMETERS"]; ok {
		for _, kv := range parseConfigParameters(p.value) {
			out = append(out, gitSetting{key: strings.ToLower(kv[0]), name: kv[0], value: kv[1], dynamic: p.dynamic, from: "the environment"})
		}
	}
	return out
}

// parseConfigParameters reads GIT_CONFIG_PARAMETERS: shell-quoted
// 'key'='value' pairs (or 'key=value'), separated by spaces.
func parseConfigParameters(s string) [][2]string {
	var out [][2]string
	var words []string
	var cur strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quoted:
			if ch == '\'' {
				quoted = false
			} else {
				cur.WriteByte(ch)
			}
		case ch == '\'':
			quoted, inWord = true, true
		case ch == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		case ch == ' ' || ch == '\t' || ch == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(ch)
			inWord = true
		}
		if len(words) > 256 {
			break
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			v = "true"
		}
		out = append(out, [2]string{k, v})
	}
	return out
}

// gitEnvPrograms are the environment variables that name a program git
// runs, and what git uses it for.
var gitEnvPrograms = map[string]string{
	"GIT_SSH":             "to connect over SSH",
	"GIT_SSH_COMMAND":     "to connect over SSH",
	"GIT_PROXY_COMMAND":   "to connect to git:// remotes",
	"GIT_ASKPASS":         "to ask for passwords",
	"SSH_ASKPASS":         "to ask for passwords",
	"GIT_EXTERNAL_DIFF":   "to show differences",
	"GIT_EDITOR":          "as its editor",
	"GIT_SEQUENCE_EDITOR": "to edit the rebase list",
	"EDITOR":              "as its editor",
	"VISUAL":              "as its editor",
	"GIT_PAGER":           "to page its output",
	"PAGER":               "to page its output",
	"GIT_EXEC_PATH":       "to find its own commands",
	"GIT_TEMPLATE_DIR":    "for the hooks of new repositories",
	"GIT_CONFIG_GLOBAL":   "",
	"GIT_CONFIG_SYSTEM":   "",
	"GIT_CONFIG":          "",
}

// gitEnvExported judges export NAME[=value] of one of git's own variables
// that name a program (GIT_SSH_COMMAND, GIT_ASKPASS, GIT_EXTERNAL_DIFF…):
// every git started after it in the line runs that program, as it does
// for GIT_SSH_COMMAND=… git fetch, so the value is judged the same way.
func (w *walker) gitEnvExported(name, text string) {
	if _, ok := gitEnvPrograms[name]; !ok || !strings.HasPrefix(name, "GIT_") {
		return // EDITOR, PAGER, SSH_ASKPASS: the environment table judges them (env_elsewhere.go)
	}
	v, ok := w.state().lookup(name)
	if !ok || v.unset {
		return
	}
	ev := envValue{dynamic: v.dyn || len(v.vals) != 1}
	if len(v.vals) > 0 {
		ev.value = v.vals[0]
	}
	c := &Cmd{Name: "git", Path: "git", Text: text, Depth: w.depth, Sudo: w.sudo, env: w.r.env, Cwd: w.r.env.absDir()}
	judgeGitEnv(c, w.r, map[string]envValue{name: ev})
}

// benignPrograms are pagers, editors and helpers that do nothing but their job.
var benignPrograms = map[string]bool{
	"": true, "less": true, "less -R": true, "less -FRX": true, "less -FRSX": true, "more": true, "cat": true, "most": true, "delta": true, "diff-so-fancy": true, "bat": true,
	"vim": true, "vi": true, "nvim": true, "nano": true, "emacs": true, "emacs -nw": true, "micro": true, "hx": true, "ed": true, "true": true, "false": true, ":": true,
	"code --wait": true, "code -w": true, "cursor --wait": true, "subl -w": true, "subl --wait": true, "mate -w": true, "zed --wait": true, "gedit": true, "kate": true, "notepad": true,
	"ssh": true, "ssh -o BatchMode=yes": true, "/usr/bin/ssh": true, "cat -": true,
	"code": true, "cursor": true, "zed": true, "subl": true, "mate": true, "emacsclient": true, "gvim": true, "mvim": true, "kak": true, "joe": true, "mcedit": true, "bbedit": true, "pg": true,
}

// benignCommand reports whether a pager or editor command line only runs
// an everyday pager or editor with plain options (less -R, delta --dark,
// code --wait), not commands of its own (vim -c, +cmd, shell marks).
func benignCommand(v string) bool {
	if benignPrograms[v] {
		return true
	}
	f := strings.Fields(v)
	if len(f) == 0 || !benignPrograms[f[0]] || f[0] == "true" || f[0] == ":" || f[0] == "ssh" || f[0] == "/usr/bin/ssh" || strings.Contains(v, "=") || strings.ContainsAny(v, ";|&$`<>()!\\'\"") {
		return false
	}
	for _, a := range f[1:] {
		if !strings.HasPrefix(a, "-") || a == "-c" || a == "--cmd" || strings.HasPrefix(a, "-c") && !strings.HasPrefix(a, "--") || strings.HasPrefix(a, "--command") || strings.HasPrefix(a, "-e") || strings.HasPrefix(a, "--eval") {
			return false
		}
	}
	return true
}

// credentialHelpers are git's own credential helpers and the usual
// platform ones (run as git-credential-<name>).
var credentialHelpers = map[string]bool{"": true, "store": true, "cache": true, "osxkeychain": true, "manager": true, "manager-core": true, "libsecret": true, "wincred": true, "gnome-keyring": true, "netrc": true}

// judgeGitSetting reports configuration that makes git run a program, and
// hands the program's text to the shell analysis.
func judgeGitSetting(c *Cmd, r *report, s gitSetting) {
	v := strings.TrimSpace(s.value)
	k := s.key
	show := func() string {
		if s.dynamic {
			return "a program known only when the command runs"
		}
		return truncateText(oneLine(v), 80)
	}
	runs := func(why string) {
		if s.dynamic || v == "" {
			return
		}
		r.script(strings.TrimPrefix(v, "!"), c, why)
	}
	// held reports the setting when what it runs cannot be read through,
	// and otherwise lets the analysis of the program itself decide: git
	// runs the value with sh -c, for this command only (git config writes
	// it for every later command, and is always reported).
	held := func(msg, why string) {
		if s.from != "git config" && !s.dynamic && v != "" && r.gitProgramClear(strings.TrimPrefix(v, "!"), c, why) {
			return
		}
		r.add(c.find(ruleGitConfigExec, msg))
		runs(why)
	}
	if strings.HasPrefix(v, "ext::") {
		gitExtURL(c, r, v, s.dynamic)
	}
	switch {
	case strings.HasPrefix(k, "url.") && strings.Contains(k, "ext::"):
		// url.ext::cmd.insteadOf=https://…: every matching address runs cmd.
		name := s.name[len("url."):]
		if i := strings.LastIndexByte(name, '.'); i > 0 {
			name = name[:i]
		}
		gitExtURL(c, r, name, s.dynamic)
	case strings.HasPrefix(k, "alias."):
		if s.dynamic {
			r.add(c.find(ruleGitConfigExec, "Defines the git alias "+s.name[len("alias."):]+" as "+show()+"."))
			return
		}
		if strings.HasPrefix(v, "!") {
			held("Defines the git alias "+s.name[len("alias."):]+", which runs the shell command "+truncateText(oneLine(v[1:]), 80)+".", "the git alias "+s.name[len("alias."):]+" runs")
		}
	case k == "core.hookspath" && !s.dynamic && (v == "/dev/null" || v == ""):
		r.add(c.find(ruleGitNoVerify, "Switches off the repository's git hooks ("+s.name+"="+v+"): pre-commit checks and secret scanners do not run."))
	case k == "core.hookspath" && !s.dynamic && hooksIntoAgent(r.env.in(c.Cwd), v):
		// self_shadow.go
		r.add(c.find(ruleSelfDisable, "Points git's hooks at "+v+" ("+s.name+"), the coding agent's or actionguard's own directory: its files would run as git hooks, and the project's hooks stop running.", v))
	case k == "core.hookspath" || k == "init.templatedir":
		r.add(c.find(ruleWriteGitHooks, "Points git's hooks at "+show()+" ("+s.name+"): whatever is there runs on commits, checkouts and pushes.", v))
	case k == "protocol.ext.allow" || k == "protocol.allow":
		if v == "always" || v == "user" || s.dynamic {
			r.add(c.find(ruleGitConfigExec, "Lets remote addresses of the form ext::command run commands on this machine ("+s.name+"="+v+")."))
		}
	case k == "credential.helper" || strings.HasPrefix(k, "credential.") && strings.HasSuffix(k, ".helper"):
		if f := strings.Fields(v); !s.dynamic && (len(f) == 0 || credentialHelpers[f[0]] && !strings.ContainsAny(v, ";|&$`<>()")) {
			return
		}
		if strings.HasPrefix(v, "!") && !s.dynamic {
			r.add(c.find(ruleGitConfigExec, "Makes git run the shell command "+truncateText(oneLine(v[1:]), 80)+" and hand it your credentials ("+s.name+")."))
			runs("the git credential helper runs")
			return
		}
		r.add(c.find(ruleGitConfigExec, "Makes git hand your credentials to "+show()+" ("+s.name+")."))
	case k == "core.fsmonitor":
		if !s.dynamic && (v == "true" || v == "false" || v == "") {
			return
		}
		held("Makes git run "+show()+" on every status and diff ("+s.name+").", "git runs "+s.name)
	case isGitProgramKey(k):
		if !s.dynamic && benignCommand(v) {
			return
		}
		held("Makes git run "+show()+" ("+s.name+").", "git runs "+s.name)
	case k == "include.path" || strings.HasPrefix(k, "includeif.") && strings.HasSuffix(k, ".path"):
		r.add(c.find(ruleGitConfigExec, "Makes git read its settings from "+show()+": hooks, aliases and programs set there apply too."))
	}
}

// isGitProgramKey reports whether a configuration key names a program or a
// shell command git runs.
func isGitProgramKey(k string) bool {
	switch k {
	case "core.sshcommand", "core.pager", "core.editor", "core.askpass", "core.gitproxy", "sequence.editor", "diff.external", "gpg.program",
		"uploadpack.packobjectshook", "interactive.difffilter", "sendemail.sendmailcmd", "sendemail.tocmd", "sendemail.cccmd", "web.browser", "ssh.command":
		return true
	}
	first, rest, _ := strings.Cut(k, ".")
	last := rest
	if i := strings.LastIndexByte(rest, '.'); i >= 0 {
		last = rest[i+1:]
	}
	switch first {
	case "pager":
		return true // pager.<command>
	case "filter":
		return last == "clean" || last == "smudge" || last == "process"
	case "diff":
		return last == "command" || last == "textconv"
	case "merge":
		return last == "driver"
	case "mergetool", "difftool", "man", "browser":
		return last == "cmd" || last == "path"
	case "gpg":
		return last == "program"
	case "remote":
		return last == "uploadpack" || last == "receivepack"
	}
	return false
}

// judgeGitEnv reports environment variables that make git run a program.
func judgeGitEnv(c *Cmd, r *report, env map[string]envValue) {
	for _, name := range sortedKeys(env) {
		why, ok := gitEnvPrograms[name]
		if !ok {
			continue
		}
		ev := env[name]
		v := strings.TrimSpace(ev.value)
		if !ev.dynamic && (benignCommand(v) && !strings.HasPrefix(name, "GIT_CONFIG") && name != "GIT_EXEC_PATH" && name != "GIT_TEMPLATE_DIR" || v == "") {
			continue
		}
		shown := truncateText(oneLine(v), 80)
		if ev.dynamic {
			shown = "a program known only when the command runs"
		}
		switch name {
		case "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG":
			if !ev.dynamic && (v == "/dev/null" || v == "") {
				continue
			}
			r.add(c.find(ruleGitConfigExec, "Makes git read its settings from "+shown+" ("+name+"): hooks, aliases and programs set there apply."))
			continue
		case "GIT_EXEC_PATH":
			r.add(c.find(ruleGitConfigExec, "Makes git take its own commands from "+shown+" (GIT_EXEC_PATH): programs there run instead of git's."))
			continue
		case "GIT_TEMPLATE_DIR":
			r.add(c.find(ruleWriteGitHooks, "Makes new repositories take their hooks from "+shown+" (GIT_TEMPLATE_DIR): they run on commits and checkouts.", v))
			continue
		}
		if ev.dynamic || v == "" {
			r.add(c.find(ruleGitConfigExec, "Makes git run "+shown+" "+why+" ("+name+")."))
			continue
		}
		var clear bool
		if name == "GIT_SSH" || name == "GIT_ASKPASS" || name == "SSH_ASKPASS" || name == "GIT_PROXY_COMMAND" && !strings.ContainsAny(v, " ;|&") {
			// A program's path, run without a shell: one word.
			n, nf := len(r.res.Commands), len(r.res.Findings)
			r.command([]string{v}, c, "git runs "+name)
			clear = r.ranClear(n, nf)
		} else {
			clear = r.gitProgramClear(v, c, "git runs "+name)
		}
		if !clear {
			r.add(c.find(ruleGitConfigExec, "Makes git run "+shown+" "+why+" ("+name+")."))
		}
	}
}

func sortedKeys(m map[string]envValue) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// splitAlias splits an alias's expansion into words the way git does:
// spaces separate words, single and double quotes group them, a backslash
// escapes the next character.
func splitAlias(s string) []string {
	var w wordBuf
	var quote byte
	for i := 0; i < len(s) && len(w.words) <= 256; i++ {
		ch := s[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			} else if ch == '\\' && quote == '"' && i+1 < len(s) {
				i++
				w.cur.WriteByte(s[i])
			} else {
				w.cur.WriteByte(ch)
			}
		case ch == '\'' || ch == '"':
			quote, w.in = ch, true
		case ch == '\\' && i+1 < len(s):
			i++
			w.add(s[i])
		case ch == ' ' || ch == '\t' || ch == '\n':
			w.end()
		default:
			w.add(ch)
		}
	}
	w.end()
	return w.words
}

// gitBuiltins are git's own commands: an alias of the same name is ignored.
var gitBuiltins = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"add": true, "am": true, "annotate": true, "apply": true, "archive": true, "bisect": true, "blame": true, "branch": true, "bugreport": true, "bundle": true,
		"cat-file": true, "check-attr": true, "check-ignore": true, "check-mailmap": true, "check-ref-format": true, "checkout": true, "checkout-index": true,
		"cherry": true, "cherry-pick": true, "clean": true, "clone": true, "column": true, "commit": true, "commit-graph": true, "commit-tree": true, "config": true,
		"count-objects": true, "credential": true, "describe": true, "diff": true, "diff-files": true, "diff-index": true, "diff-tree": true, "difftool": true,
		"fast-export": true, "fast-import": true, "fetch": true, "fetch-pack": true, "filter-branch": true, "for-each-ref": true, "format-patch": true, "fsck": true,
		"gc": true, "grep": true, "hash-object": true, "help": true, "index-pack": true, "init": true, "instaweb": true, "interpret-trailers": true, "log": true,
		"ls-files": true, "ls-remote": true, "ls-tree": true, "maintenance": true, "merge": true, "merge-base": true, "merge-file": true, "mergetool": true, "mktag": true,
		"mktree": true, "mv": true, "name-rev": true, "notes": true, "pack-objects": true, "prune": true, "pull": true, "push": true, "range-diff": true,
		"read-tree": true, "rebase": true, "reflog": true, "remote": true, "repack": true, "replace": true, "request-pull": true, "rerere": true, "reset": true,
		"restore": true, "rev-list": true, "rev-parse": true, "revert": true, "rm": true, "send-email": true, "shortlog": true, "show": true, "show-branch": true,
		"show-ref": true, "sparse-checkout": true, "stash": true, "status": true, "submodule": true, "switch": true, "symbolic-ref": true, "tag": true,
		"update-index": true, "update-ref": true, "var": true, "verify-commit": true, "verify-pack": true, "verify-tag": true, "version": true, "whatchanged": true,
		"worktree": true, "write-tree": true, "init-db": true, "lfs": false, "filter-repo": false,
	}
})

// gitProgramClear analyses src, a command line git runs through sh -c
// (an alias's !command, core.sshCommand, GIT_SSH_COMMAND, diff.external…),
// as the nested script it is, and reports whether the analysis read it
// through: it parses, it found nothing to report, and every program it
// runs is a named one, not a script file or a program outside the
// installed ones whose content the analysis does not see. When it is not
// clear, the caller holds the setting itself.
func (r *report) gitProgramClear(src string, c *Cmd, why string) bool {
	p := parserPool.Get().(*syntax.Parser)
	_, err := p.Parse(strings.NewReader(src), "")
	parserPool.Put(p)
	n, nf := len(r.res.Commands), len(r.res.Findings)
	r.script(src, c, why)
	return err == nil && r.ranClear(n, nf)
}

// ranClear reports whether the commands analysed since there were n
// commands and nf findings added no finding (but notes of what a pull
// brings) and ran only programs the analysis sees through.
func (r *report) ranClear(n, nf int) bool {
	if len(r.res.Commands) == n {
		return false
	}
	for _, f := range r.res.Findings[nf:] {
		if f.Rule != ruleGitPullSettings.ID { // a note of what a pull brings is no risk of the program
			return false
		}
	}
	for _, x := range r.res.Commands[n:] {
		if opaqueProgram(x) {
			return false
		}
	}
	return true
}

// opaqueProgram reports a command whose effect the analysis cannot see:
// a program named by a path outside the installed programs (./x.sh,
// ~/bin/x), a name only known when it runs, or a shell or interpreter
// that runs a file (sh x, python tool.py) or its standard input.
func opaqueProgram(x *Cmd) bool {
	if x.Name == "" || x.Path == "" || strings.ContainsAny(x.Path, "$`") {
		return true
	}
	if strings.ContainsAny(x.Path, "/\\") && !(strings.HasPrefix(x.Path, "/") && installedProgram(x.Path)) {
		return true
	}
	switch {
	case x.Name == "ssh":
		// ssh runs local commands of its own: -o ProxyCommand=…, a -F file's.
		for _, a := range x.Args {
			l := strings.ToLower(a)
			if strings.HasPrefix(a, "-F") || strings.Contains(l, "command") || strings.Contains(l, "include") {
				return true
			}
		}
		return false
	case benignPrograms[x.Name]:
		// Pagers and editors run commands through their options (vim -c,
		// less --lesskey-src): only plain options are read through.
		return !benignCommand(strings.Join(append([]string{x.Name}, x.Args...), " "))
	case interpreters[x.Name]:
		// Code on the command line is analysed; a file, a module or
		// standard input is not seen.
		return len(parseInterpArgs(langOf(x.Name), x.Name, x.Args).codes) == 0
	case !shells[x.Name]:
		return false
	}
	for i, a := range x.Args {
		if i < len(x.Dynamic) && x.Dynamic[i] || !strings.HasPrefix(a, "-") || a == "-" || a == "--" {
			return true // a file, or standard input
		}
		if isCluster(a) && strings.ContainsRune(a, 'c') {
			return false // sh -c 'code', sh -ec 'code'
		}
	}
	return true
}
