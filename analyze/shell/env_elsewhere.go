package shell

import (
	"encoding/base64"
	"net/url"
	"path"
	"strings"
	"sync"

	"github.com/actionguard/actionguard/rule"
	"mvdan.cc/sh/v3/syntax"
)

// Configuration and code from elsewhere: an environment variable that
// makes a routine program (git status, npm install, pytest) read its
// configuration, or load code, from a place the agent chose. A
// configuration can name programs that run (git's core.fsmonitor and
// core.pager, npm's script-shell, pip's index); a module path makes the
// interpreter import the agent's file before the project's. A value in
// the project (the project's own files, which running its tests runs
// anyway), the home directory itself and its standard places, and the
// system's directories are where these programs read from every day:
// HOME=$PWD/.home npm test keeps the project's own state and runs. A
// value in scratch space, another user's home or elsewhere on the machine
// does not.

var (
	ruleEnvCode = &rule.Rule{
		ID: "shell.env.load-code", Category: rule.Execution, Points: 80,
		Summary:     "Sets a variable that makes a program load code from outside the project (a module path, a preloaded script, an editor or pager): that code runs with the program.",
		Alternative: "run the program with the project's own files, or review the code it would load first",
		Match: []string{"PYTHONPATH=/tmp/evil python3 -m pytest", "NODE_OPTIONS='--require /tmp/evil.js' npm test", "RUBYOPT=-r/tmp/evil.rb ruby -v",
			"PERL5LIB=/tmp perl -v", "EDITOR=/tmp/evil.sh crontab -e", "env GOFLAGS=-toolexec=/tmp/x go build", "export PYTHONPATH=/tmp/x:$PYTHONPATH"},
		NoMatch: []string{"PYTHONPATH=src python3 -m pytest", "NODE_OPTIONS=--max-old-space-size=4096 npm run build", "NODE_OPTIONS='--require ./test/setup.js' npm test",
			"PERL5LIB=lib perl -v", "RUBYOPT=-W0 ruby -v", "EDITOR=vim git commit", "PYTHONPATH=$(mktemp -d) true"},
	}
	ruleEnvConfig = &rule.Rule{
		ID: "shell.env.config-elsewhere", Category: rule.Configuration, Points: 50,
		Summary:     "Makes a program read its configuration from outside the project (another home, another repository, another config file): settings there can run programs or change where packages come from.",
		Alternative: "use the project's or your own configuration, or review the other one first",
		Match: []string{"HOME=/tmp/evilhome git status", "GIT_DIR=/tmp/evil/.git git status", "git --git-dir=/tmp/evil/.git status", "XDG_CONFIG_HOME=/tmp/x git status",
			"NPM_CONFIG_USERCONFIG=/tmp/evil.npmrc npm install", "PIP_CONFIG_FILE=/tmp/evil.conf pip install requests"},
		NoMatch: []string{"GIT_DIR=.git git status", "git --git-dir=.git log -1", "HOME=/home/dev git status", "XDG_CONFIG_HOME=/home/dev/.config git status",
			"NPM_CONFIG_USERCONFIG=.npmrc npm install", "PIP_CONFIG_FILE=pip.conf pip install -r requirements.txt", "HOME=$PWD/.home npm test"},
	}
	ruleUnpackedRepo = &rule.Rule{
		ID: "shell.git.unpacked-repo", Category: rule.Execution, Points: 80,
		Summary:     "Runs git in a repository that was just unpacked from an archive: its own .git/config (core.fsmonitor, core.pager, hooks) runs programs.",
		Alternative: "clone the repository instead (a clone brings no configuration), or read the archive's .git/config first",
		Match:       []string{"tar xzf /tmp/r.tgz -C /tmp && git -C /tmp/repo log", "unzip -o /tmp/r.zip -d /tmp/r && git -C /tmp/r diff"},
		NoMatch:     []string{"git clone https://github.com/acme/lib /tmp/lib && git -C /tmp/lib log -1", "tar xzf vendor.tgz -C /tmp && ls /tmp/vendor", "git -C ../other-project log --oneline"},
	}
	elsewhereRules = []*rule.Rule{ruleEnvCode, ruleEnvConfig, ruleUnpackedRepo}
)

// envValueKind is how a variable's value names what is loaded.
type envValueKind uint8

const (
	envPath     envValueKind = iota // one file or directory
	envPathList                     // directories separated by ':' (or ';')
	envCommand                      // a command line: its program runs
	envNodeOpts                     // node's options: --require, --import, --loader
	envPerlOpts                     // perl's switches: -I, -M, -m
	envRubyOpts                     // ruby's switches: -r, -I
	envGoFlags                      // go's flags: -toolexec, -exec, -overlay
	envJavaOpts                     // the JVM's options: -javaagent:, -agentpath:
	envCode                         // the value is code
)

// envLoad is one variable that makes programs load code or configuration.
type envLoad struct {
	kind envValueKind
	code bool   // it loads code (else configuration)
	who  string // what reads it, in the user's words
	std  string // a place under the home that is the variable's usual value ("" for none)
}

// envLoads is the table: by variable, what reads it and how. Variables
// git's own configuration reading already judges (GIT_CONFIG_*,
// GIT_SSH_COMMAND, GIT_EDITOR, GIT_PAGER…) and LD_PRELOAD are not here.
var envLoads = sync.OnceValue(func() map[string]envLoad {
	return map[string]envLoad{
		// Homes and configuration directories: every program's settings.
		"HOME":                    {kind: envPath, who: "git, npm, pip, ssh and the shell read their settings from the home directory"},
		"XDG_CONFIG_HOME":         {kind: envPath, who: "git and most tools read their settings from there", std: ".config"},
		"ZDOTDIR":                 {kind: envPath, code: true, who: "zsh runs the start-up files there"},
		"GIT_DIR":                 {kind: envPath, who: "git reads that repository's configuration (which can name programs to run)"},
		"GIT_COMMON_DIR":          {kind: envPath, who: "git reads that repository's configuration (which can name programs to run)"},
		"GIT_EXEC_PATH":           {kind: envPath, code: true, who: "git runs its own commands from there"},
		"GIT_TEMPLATE_DIR":        {kind: envPath, code: true, who: "git copies hooks from there into new repositories"},
		"NPM_CONFIG_USERCONFIG":   {kind: envPath, who: "npm reads its settings (registry, script shell) from there"},
		"NPM_CONFIG_GLOBALCONFIG": {kind: envPath, who: "npm reads its settings (registry, script shell) from there"},
		"YARN_RC_FILENAME":        {kind: envPath, who: "yarn reads its settings from there"},
		"PIP_CONFIG_FILE":         {kind: envPath, who: "pip reads its settings (its package index) from there"},
		"CARGO_HOME":              {kind: envPath, who: "cargo reads its settings (registries, build wrappers) from there", std: ".cargo"},
		"GOENV":                   {kind: envPath, who: "go reads its settings from there"},
		"DOCKER_CONFIG":           {kind: envPath, who: "docker reads its settings and credential helpers from there", std: ".docker"},
		"KUBECONFIG":              {kind: envPathList, who: "kubectl reads clusters and credential plugins (which run) from there", std: ".kube"},
		"GNUPGHOME":               {kind: envPath, who: "gpg reads its keys and settings from there", std: ".gnupg"},
		"CURL_HOME":               {kind: envPath, who: "curl reads its settings from there"},
		"WGETRC":                  {kind: envPath, who: "wget reads its settings from there"},
		"GRADLE_USER_HOME":        {kind: envPath, code: true, who: "gradle runs the init scripts there", std: ".gradle"},
		"IPYTHONDIR":              {kind: envPath, code: true, who: "IPython runs the start-up scripts there", std: ".ipython"},
		"JUPYTER_CONFIG_DIR":      {kind: envPath, code: true, who: "Jupyter runs the configuration files there", std: ".jupyter"},
		"BUNDLE_GEMFILE":          {kind: envPath, code: true, who: "bundler runs that Gemfile"},
		// Module paths and start-up code of interpreters.
		"PYTHONPATH":              {kind: envPathList, code: true, who: "Python imports modules from there before the project's"},
		"PYTHONHOME":              {kind: envPath, code: true, who: "Python takes its standard library from there"},
		"PYTHONSTARTUP":           {kind: envPath, code: true, who: "Python runs that file when it starts"},
		"PYTHONUSERBASE":          {kind: envPath, code: true, who: "Python loads the .pth files and packages there"},
		"PERL5LIB":                {kind: envPathList, code: true, who: "Perl loads modules from there first"},
		"PERLLIB":                 {kind: envPathList, code: true, who: "Perl loads modules from there first"},
		"PERL5OPT":                {kind: envPerlOpts, code: true, who: "every perl loads what these switches name"},
		"PERL5DB":                 {kind: envCode, code: true, who: "perl runs it as its debugger"},
		"RUBYLIB":                 {kind: envPathList, code: true, who: "Ruby loads libraries from there first"},
		"RUBYOPT":                 {kind: envRubyOpts, code: true, who: "every ruby loads what these switches name"},
		"NODE_PATH":               {kind: envPathList, code: true, who: "node resolves modules from there"},
		"NODE_OPTIONS":            {kind: envNodeOpts, code: true, who: "every node process loads what these options name"},
		"LUA_PATH":                {kind: envPathList, code: true, who: "Lua loads modules from there"},
		"LUA_CPATH":               {kind: envPathList, code: true, who: "Lua loads modules from there"},
		"LUA_INIT":                {kind: envCode, code: true, who: "Lua runs it when it starts"},
		"R_PROFILE_USER":          {kind: envPath, code: true, who: "R runs that file when it starts"},
		"PHPRC":                   {kind: envPath, code: true, who: "PHP reads its settings (auto_prepend_file runs code) from there"},
		"PHP_INI_SCAN_DIR":        {kind: envPathList, code: true, who: "PHP reads its settings (auto_prepend_file runs code) from there"},
		"JAVA_TOOL_OPTIONS":       {kind: envJavaOpts, code: true, who: "every JVM loads the agents these options name"},
		"_JAVA_OPTIONS":           {kind: envJavaOpts, code: true, who: "every JVM loads the agents these options name"},
		"JDK_JAVA_OPTIONS":        {kind: envJavaOpts, code: true, who: "every JVM loads the agents these options name"},
		"GOFLAGS":                 {kind: envGoFlags, code: true, who: "every go build runs the program these flags name"},
		"RUSTC_WRAPPER":           {kind: envCommand, code: true, who: "cargo runs it for every compilation"},
		"RUSTC_WORKSPACE_WRAPPER": {kind: envCommand, code: true, who: "cargo runs it for every compilation"},
		"RUSTC":                   {kind: envCommand, code: true, who: "cargo runs it as the compiler"},
		"CC":                      {kind: envCommand, code: true, who: "builds run it as the C compiler"},
		"CXX":                     {kind: envCommand, code: true, who: "builds run it as the C++ compiler"},
		// Programs other programs start.
		"EDITOR":       {kind: envCommand, code: true, who: "it runs as the editor"},
		"VISUAL":       {kind: envCommand, code: true, who: "it runs as the editor"},
		"PAGER":        {kind: envCommand, code: true, who: "it runs as the pager"},
		"MANPAGER":     {kind: envCommand, code: true, who: "it runs as the pager"},
		"LESSOPEN":     {kind: envCommand, code: true, who: "less runs it on every file it opens"},
		"BROWSER":      {kind: envCommand, code: true, who: "it runs as the web browser"},
		"SSH_ASKPASS":  {kind: envCommand, code: true, who: "ssh runs it to ask for a password"},
		"SUDO_ASKPASS": {kind: envCommand, code: true, who: "sudo runs it to ask for a password"},
	}
})

// envLoadOf returns the table's entry for a variable; npm reads its
// npm_config_* variables in any case.
func envLoadOf(name string) (envLoad, bool) {
	if l, ok := envLoads()[name]; ok {
		return l, true
	}
	if len(name) > 11 && strings.EqualFold(name[:11], "npm_config_") {
		l, ok := envLoads()["NPM_CONFIG_"+strings.ToUpper(name[11:])]
		return l, ok
	}
	return envLoad{}, false
}

// envAssign judges an assignment of a table variable (NAME=v cmd,
// export NAME=v, env NAME=v cmd): from then on the programs that read it
// load what it names.
func (w *walker) envAssign(name, val, text string) {
	w.tlsOffAssign(name, val, text)    // tls_off.go
	w.pkgSourceAssign(name, val, text) // pkg_sources.go
	if _, ok := envLoadOf(name); !ok {
		return
	}
	c := &Cmd{Name: name, Path: name, Text: text, Depth: w.depth, env: w.r.env, Cwd: w.r.env.absDir()}
	w.envElsewhere(c, name, val, "Sets ")
}

// envExported judges export NAME of a variable set earlier in the line.
func (w *walker) envExported(name, text string) {
	_, loads := envLoadOf(name)
	if _, src := pkgSourceVarOf(name); !loads && !src {
		return
	}
	if v, ok := w.state().lookup(name); ok && !v.dyn && !v.unset && len(v.vals) > 0 {
		w.envAssign(name, v.vals[0], text)
	}
}

// envElsewhere reports one assignment of a table variable whose value
// loads code or configuration from elsewhere (or is code). how starts the
// message ("Runs git with ", "Sets ").
func (w *walker) envElsewhere(c *Cmd, name, val, how string) {
	l, ok := envLoadOf(name)
	if !ok || strings.TrimSpace(val) == "" {
		return
	}
	show := name + "=" + val
	if len(show) > 120 {
		show = show[:117] + "…"
	}
	r := w.r
	found := func(where string) {
		rl := ruleEnvConfig
		if l.code {
			rl = ruleEnvCode
		}
		r.add(c.find(rl, how+show+": "+l.who+", and that is "+where+".", name))
	}
	switch l.kind {
	case envPath:
		if where := elsewhereDir(c, val, l.std, name == "HOME"); where != "" {
			found(where)
		}
	case envPathList:
		for _, p := range strings.FieldsFunc(val, func(r rune) bool { return r == ':' || r == ';' }) {
			if where := elsewhereDir(c, p, l.std, false); where != "" {
				found(where)
				return
			}
		}
	case envCommand:
		if where := elsewhereProgram(c, val); where != "" {
			found(where)
		}
	case envCode:
		if name == "PERL5DB" {
			w.inlineCode(c, "perl", val)
		}
		r.add(c.find(ruleEnvCode, how+show+": "+l.who+", code nobody reviewed.", name))
	default:
		for _, ld := range optionLoads(l.kind, val) {
			if strings.HasPrefix(ld, "data:") {
				// The code may hold spaces: all that follows data: is read.
				if i := strings.Index(val, ld); i >= 0 {
					ld = strings.TrimRight(val[i:], `"'`)
				}
				w.inlineCode(c, "node", dataURLCode(ld))
				r.add(c.find(ruleEnvCode, how+show+": "+l.who+", code written into the variable.", name))
				return
			}
			if where := elsewhereDir(c, ld, "", false); where != "" {
				found(where)
				return
			}
		}
	}
}

// elsewhereDir says where a path lies when it is not where the program
// reads from every day ("" when it is): the project, the home directory
// itself (for HOME), the home's usual place for the variable (std), the
// system's directories. A value only known at run time is not judged.
func elsewhereDir(c *Cmd, p, std string, home bool) string {
	p = strings.Trim(p, `"' `)
	if p == "" || strings.ContainsAny(p, "$`\x00") {
		return ""
	}
	cl := c.Class(p)
	if !cl.Known {
		return ""
	}
	home = home || std != ""
	switch {
	case cl.Abs == "/dev/null":
		return "" // nothing to read
	case cl.Temp || cl.TempRoot || cl.Abs == "/dev/shm" || strings.HasPrefix(cl.Abs, "/dev/shm/"):
		return "scratch space (" + p + ") anyone on the machine can write"
	case cl.Workspace:
		return ""
	case cl.Home:
		if home {
			return ""
		}
		return "your home directory (" + p + ")"
	case cl.InHome:
		if s := path.Join(c.env.home, std); std != "" && c.env.home != "" && (cl.Abs == s || strings.HasPrefix(cl.Abs, s+"/")) {
			return ""
		}
		return "outside the project (" + p + ")"
	case installedDir(cl.Abs):
		return ""
	}
	return "outside the project (" + p + ")"
}

// installedDir reports whether a path lies where installed software is
// kept, written only by an administrator (another user's home is not).
func installedDir(abs string) bool {
	for _, d := range []string{"/usr/", "/etc/", "/opt/", "/lib/", "/lib64/", "/bin/", "/sbin/", "/nix/store/", "/snap/", "/Library/", "/System/", "/Applications/", "/Program Files/", "C:/Program Files/"} {
		if strings.HasPrefix(abs+"/", d) {
			return true
		}
	}
	return false
}

// elsewhereProgram says where a command's program lies when it is a file
// outside the project and not an installed program: a name looked up on
// PATH (vim, less, clang) and the system's programs are not judged here.
func elsewhereProgram(c *Cmd, cmdline string) string {
	fs := strings.Fields(strings.TrimLeft(cmdline, "|"))
	if len(fs) == 0 {
		return ""
	}
	prog := strings.Trim(fs[0], `"'`)
	if scriptRunners[path.Base(prog)] && len(fs) > 1 {
		prog = strings.Trim(fs[1], `"'`) // sh /tmp/x.sh
	}
	if !strings.ContainsAny(prog, "/\\") || knownSystemProgram(prog) {
		return ""
	}
	return elsewhereDir(c, prog, "", false)
}

// optionLoads returns the files, directories or data: URLs that an
// option-string variable makes the program load.
func optionLoads(kind envValueKind, val string) []string {
	fs := strings.Fields(val)
	var out []string
	for i := 0; i < len(fs); i++ {
		f := strings.Trim(fs[i], `"'`)
		next := func() string {
			if i+1 < len(fs) {
				i++
				return strings.Trim(fs[i], `"'`)
			}
			return ""
		}
		switch kind {
		case envNodeOpts:
			name, v, eq := strings.Cut(f, "=")
			switch name {
			case "-r", "--require", "--import", "--loader", "--experimental-loader", "--experimental-specifier-resolution":
				if !eq {
					v = next()
				}
				out = append(out, v)
			default:
				if strings.HasPrefix(f, "-r") && len(f) > 2 && !strings.HasPrefix(f, "--") {
					out = append(out, f[2:])
				}
			}
		case envPerlOpts, envRubyOpts:
			for _, sw := range []string{"-I", "-r", "-M", "-m"} {
				if kind == envPerlOpts && sw == "-r" || kind == envRubyOpts && (sw == "-M" || sw == "-m") {
					continue
				}
				if f == sw {
					f = sw + next()
				}
				if strings.HasPrefix(f, sw) && len(f) > 2 {
					v := f[2:]
					if sw == "-M" || sw == "-m" {
						v, _, _ = strings.Cut(strings.TrimPrefix(v, "-"), "=")
						if !strings.ContainsAny(v, "/\\") {
							continue // a module found on the module path: judged by PERL5LIB
						}
					}
					if sw == "-r" && !strings.ContainsAny(v, "/\\") {
						continue // a library by name (bundler/setup)
					}
					out = append(out, v)
				}
			}
		case envGoFlags:
			for _, k := range []string{"-toolexec", "--toolexec", "-exec", "--exec", "-overlay", "--overlay"} {
				if v, ok := strings.CutPrefix(f, k+"="); ok {
					out = append(out, firstField(v))
				} else if f == k {
					out = append(out, firstField(next()))
				}
			}
		case envJavaOpts:
			for _, k := range []string{"-javaagent:", "-agentpath:", "-Xbootclasspath/a:", "-Xbootclasspath/p:"} {
				if v, ok := strings.CutPrefix(f, k); ok {
					v, _, _ = strings.Cut(v, "=")
					out = append(out, v)
				}
			}
		}
	}
	return out
}

func firstField(s string) string {
	if fs := strings.Fields(s); len(fs) > 0 {
		return fs[0]
	}
	return s
}

// dataURLCode returns the code a data: URL carries (node's --import
// accepts data:text/javascript,CODE and its base64 form).
func dataURLCode(u string) string {
	meta, body, _ := strings.Cut(strings.TrimPrefix(u, "data:"), ",")
	if strings.HasSuffix(meta, ";base64") {
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
			if b, err := enc.DecodeString(body); err == nil {
				return string(b)
			}
		}
		return body
	}
	if d, err := url.PathUnescape(body); err == nil {
		return d
	}
	return body
}

// gitElsewhere judges git pointed at another repository (--git-dir) and
// git run in a directory an earlier command of the line unpacked an
// archive into.
func gitElsewhere(c *Cmd, r *report) {
	if d, ok := c.Flag("--git-dir"); ok {
		if where := elsewhereDir(c, d, "", false); where != "" {
			r.add(c.find(ruleEnvConfig, "Runs git with --git-dir="+d+": git reads that repository's configuration (which can name programs to run), and that is "+where+".", d))
		}
	}
	switch c.Sub(0) {
	case "clone", "init", "version", "help", "":
		return
	}
	dir := c.Cwd
	if d, ok := c.Flag("-C"); ok {
		abs, known := c.Resolve(d)
		if !known {
			return
		}
		dir = abs
	}
	if dir == "" || c.index < 2 {
		return
	}
	for _, p := range cmdsBefore(r, c) {
		dest, what := unpackDest(p)
		if dest == "" {
			continue
		}
		cl := p.Class(dest)
		if !cl.Known || cl.Workspace && !cl.Temp {
			continue
		}
		if dir == cl.Abs || strings.HasPrefix(dir, strings.TrimSuffix(cl.Abs, "/")+"/") {
			r.add(c.find(ruleUnpackedRepo, "Runs git in "+showPath(dir)+", unpacked from "+what+" on this command line: the repository's own configuration (core.fsmonitor, core.pager, hooks) runs programs.", dir))
			return
		}
	}
}

// unpackDest returns the directory an extracting command writes into and
// what it unpacks, or "".
func unpackDest(c *Cmd) (dest, what string) {
	switch c.Name {
	case "tar", "bsdtar", "gtar":
		if !c.Has("-x", "--extract", "--get") && !tarClusterExtract(c) {
			return "", ""
		}
		what = "an archive"
		if f, ok := c.Flag("-f", "--file"); ok && f != "-" {
			what = "an archive (" + f + ")"
		} else {
			what = "what was piped in"
		}
		if d, ok := c.Flag("-C", "--directory"); ok {
			return d, what
		}
		return ".", what
	case "unzip":
		what = "an archive"
		if p := c.Positional(); len(p) > 0 {
			what = "an archive (" + p[0] + ")"
		}
		if d, ok := c.Flag("-d"); ok {
			return d, what
		}
		return ".", what
	case "7z", "7za", "7zz", "7zr":
		if s := c.Sub(0); s != "x" && s != "e" {
			return "", ""
		}
		if d, ok := c.Flag("-o"); ok {
			return d, "an archive"
		}
		return ".", "an archive"
	}
	return "", ""
}

// cmdsBefore returns the commands of the line analysed before c: what
// they did (moved, linked, unpacked) is in place when c runs.
func cmdsBefore(r *report, c *Cmd) []*Cmd {
	if c.index < 2 || c.index-1 > len(r.res.Commands) {
		return nil
	}
	return r.res.Commands[:c.index-1]
}

// hasCmdSubst reports whether a word takes part of its value from a
// command's output ($(mktemp -d)): a directory made fresh for the
// command, or one only known when it runs, is not judged as a place.
func hasCmdSubst(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	found := false
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			found = true
		}
		return !found
	})
	return found
}
