package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Programs told on the command line what to run or what to serve: Maven's
// exec plugin given its executable and arguments as properties (mvn
// exec:exec -Dexec.executable=sh -Dexec.args='-c …'), nix run of a flake
// fetched from elsewhere (nix run github:owner/repo), and git's own
// servers (git daemon, git instaweb, git http-backend), which hand the
// user's repositories to whoever reaches the machine, for writing when
// receive-pack is on. The options are read through the programs' specs.

var (
	ruleGitServe = &rule.Rule{
		ID: "shell.git.serve-repos", Category: rule.Network, Points: svcLose,
		Summary:     "Serves git repositories to whoever can reach this machine (git daemon, git instaweb, git http-backend): their code and history, and with receive-pack on, pushes that rewrite them.",
		Alternative: "serve one repository on 127.0.0.1 (git daemon --listen=127.0.0.1 --base-path=. .), read-only, and stop it when done",
		Match: []string{"git daemon --enable=receive-pack --base-path=/home/dev", "git daemon --export-all --base-path=/", "git daemon --export-all --user-path",
			"git daemon --enable=receive-pack --export-all ."},
		NoMatch: []string{"git daemon --listen=127.0.0.1 --base-path=. --export-all", "git daemon --help", "git status"},
	}
	ruleGitServeLocal = &rule.Rule{
		ID: "shell.git.serve-repo", Category: rule.Network, Points: svcConfirm + 10,
		Summary:     "Serves this repository over the network (git daemon, git instaweb without --local, git http-backend run by hand): its code and history can be read from other machines.",
		Alternative: "bind it to 127.0.0.1 (git instaweb --local, git daemon --listen=127.0.0.1)",
		Match:       []string{"git instaweb", "git instaweb --httpd=python", "git http-backend", "git daemon --export-all ."},
		NoMatch:     []string{"git instaweb --local", "git instaweb --stop", "git daemon --listen=localhost --export-all ."},
	}
	ruleRunFlake = &rule.Rule{
		ID: "shell.pkg.run-flake", Category: rule.RemoteCode, Points: svcConfirm,
		Summary:     "Fetches a Nix flake from a repository or URL and runs its program or shell at once (nix run, nix shell, nix develop): its code is not in the project and nobody has reviewed it.",
		Alternative: "run a package of nixpkgs, or add the flake to the project's inputs and pin it",
		Match:       []string{"nix run github:someone/tool", "nix run https://example.com/x.tar.gz", "nix develop git+https://example.com/x.git", "nix shell gitlab:a/b -c b"},
		NoMatch:     []string{"nix run nixpkgs#hello", "nix run .#app", "nix develop", "nix build .#x", "nix run github:NixOS/nixpkgs#hello"},
	}
	runsToldRules = []*rule.Rule{ruleGitServe, ruleGitServeLocal, ruleRunFlake}
)

// runsToldHandlers are the handlers of the programs above.
func runsToldHandlers() map[string][]handler {
	return map[string][]handler{"mvn": {mavenExecHandler}, "mvnw": {mavenExecHandler}, "git": {gitServeHandler}, "sbt": {sbtEvalHandler},
		"mkfifo": {mkfifoHandler}, "mknod": {mkfifoHandler}}
}

// mavenExecHandler: mvn exec:exec runs the program named by the property
// exec.executable with the words of exec.args (split as a shell splits
// them); a -D on the command line overrides the pom's configuration.
func mavenExecHandler(c *Cmd, r *report) {
	if !mavenExecGoal(c.Positional()) {
		return
	}
	var exe, args string
	found := false
	for _, d := range c.FlagAll("-D", "--define") {
		k, v, _ := strings.Cut(d, "=")
		switch k {
		case "exec.executable":
			exe, found = v, true
		case "exec.args", "exec.commandlineArgs":
			args = v
		}
	}
	if !found {
		return // the pom names it: mavenRuns reads the pom
	}
	r.mutates()
	if strings.TrimSpace(exe) == "" || dynWord(exe) || dynWord(args) {
		r.add(c.find(ruleDynamicCommand, "Has Maven run a program given by -Dexec.executable that is only known when it runs, so what it does cannot be checked."))
		return
	}
	r.script(exe+" "+args, c, "mvn exec:exec runs")
}

// mavenExecGoal reports whether one of the goals is the exec plugin's
// exec goal, by its prefix (exec:exec, exec:exec@id) or its coordinates
// (org.codehaus.mojo:exec-maven-plugin:3.1.0:exec).
func mavenExecGoal(goals []string) bool {
	for _, g := range goals {
		g, _, _ = strings.Cut(g, "@")
		if g == "exec:exec" || strings.Contains(g, "exec-maven-plugin") && strings.HasSuffix(g, ":exec") {
			return true
		}
	}
	return false
}

// nixRunHandler: nix run, nix shell and nix develop of a flake named by a
// repository or a URL fetch it and run what it says. nix shell and nix
// develop are wrappers, so runnerWrapper calls it for every nix command.
func nixRunHandler(c *Cmd, r *report) {
	// nix shell and nix develop are subcommands of nix's spec; run is read
	// as an operand.
	av := c.Argv()
	pos := c.Positional()
	if len(av.Sub) > 0 {
		pos = append(append([]string(nil), av.Sub...), av.Operands...)
	}
	if len(pos) < 2 {
		return
	}
	switch pos[0] {
	case "run", "shell", "develop":
	default:
		return
	}
	ref := pos[1]
	if dynWord(ref) || !remoteFlake(ref) {
		return
	}
	r.mutates()
	r.add(c.find(ruleRunFlake, "nix "+pos[0]+" fetches the flake "+ref+" and runs what it says now: its code is not in the project and nobody has reviewed it.", ref))
}

// remoteFlake reports a flake reference fetched from elsewhere than the
// project or the Nix package set.
func remoteFlake(ref string) bool {
	src, _, _ := strings.Cut(ref, "#")
	l := strings.ToLower(src)
	if strings.HasPrefix(l, "github:nixos/nixpkgs") {
		return false
	}
	for _, p := range []string{"github:", "gitlab:", "sourcehut:", "git+", "hg+", "http://", "https://", "tarball+", "file+http"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// gitServeHandler judges git's servers: git daemon (every interface unless
// --listen says otherwise; the directories it serves are its operands or
// everything under --base-path; --user-path serves every user's home;
// --enable=receive-pack lets anyone push), git instaweb (the repository's
// history on a web server, every interface unless --local) and git
// http-backend run by hand (it answers the request it is given, a push
// among them).
func gitServeHandler(c *Cmd, r *report) {
	// git's spec has no block for every server: its word is then the
	// first operand.
	av := c.Argv()
	words := c.Positional()
	if len(av.Sub) > 0 {
		words = av.Sub
	}
	if len(words) == 0 || c.Has("-h", "--help") {
		return
	}
	switch words[0] {
	case "daemon":
		gitDaemon(c, r)
	case "instaweb":
		if c.Has("--local", "--stop", "--restart") {
			return
		}
		r.mutates()
		r.add(c.find(ruleGitServeLocal, "Serves this repository's code and history on a web server that other machines can reach (git instaweb without --local)."))
	case "http-backend":
		r.mutates()
		r.add(c.find(ruleGitServeLocal, "Runs git's HTTP server program by hand: it answers the request its environment and standard input carry, a push among them, for the repositories under GIT_PROJECT_ROOT."))
	}
}

func gitDaemon(c *Cmd, r *report) {
	if c.Has("--inetd") && !c.Has("--enable") {
		return // one connection on standard input, read-only
	}
	loopback := true
	listens := c.FlagAll("--listen")
	for _, l := range listens {
		loopback = loopback && isLoopback(l)
	}
	loopback = loopback && len(listens) > 0
	push := false
	for _, e := range append(c.FlagAll("--enable"), c.FlagAll("--allow-override")...) {
		push = push || e == "receive-pack"
	}
	dirs := append([]string(nil), c.Argv().Operands...)
	if b, ok := c.Flag("--base-path"); ok {
		dirs = append(dirs, b)
	}
	outside := c.Has("--user-path")
	where := "~user/public_git of every user"
	for _, d := range dirs {
		cl := c.Class(d)
		if !cl.Known || !cl.Workspace {
			outside, where = true, showPath(d)
			break
		}
	}
	if len(dirs) == 0 && !outside && c.Has("--export-all") {
		outside, where = true, "every path a client names"
	}
	r.mutates()
	switch {
	case push && (!loopback || outside):
		r.add(c.find(ruleGitServe, "Lets whoever reaches git daemon push to the repositories it serves ("+where+", --enable=receive-pack): their branches and history can be rewritten."))
	case outside && !loopback && c.Has("--export-all", "--user-path"):
		r.add(c.find(ruleGitServe, "Serves every git repository under "+where+" to whoever reaches this machine (git daemon --export-all): their code and history can be read."))
	case !loopback && (c.Has("--export-all") || push):
		r.add(c.find(ruleGitServeLocal, "Serves this repository to whoever reaches this machine (git daemon): its code and history can be read."))
	}
}

// sbtEvalHandler: sbt's operands are its commands (";clean;test"), and
// eval EXPR evaluates Scala code. A process the code starts ("cmd".!,
// Process("cmd"), Seq(…).!) is judged as the command its string literals
// spell; one whose text is only known when it runs waits for a person.
func sbtEvalHandler(c *Cmd, r *report) {
	for _, op := range c.Positional() {
		code, ok := sbtEvalCode(op)
		if !ok || !scalaRunsProcess(code) {
			continue
		}
		r.mutates()
		lits := scalaStrings(code)
		if len(lits) == 0 {
			r.add(c.find(ruleInlineExec, "Scala code given to sbt eval starts a program only known when it runs, so what it does cannot be checked."))
			continue
		}
		for _, l := range lits {
			r.script(l, c, "sbt eval runs")
		}
		if len(lits) > 1 {
			r.script(strings.Join(lits, " "), c, "sbt eval runs") // Seq("rm", "-rf", "~").!
		}
	}
}

// sbtEvalCode returns the Scala code of an eval command among an sbt
// operand's commands (eval x, ;eval x, clean; eval x).
func sbtEvalCode(op string) (string, bool) {
	for _, cmd := range strings.Split(op, ";") {
		t := strings.TrimSpace(cmd)
		if rest, ok := strings.CutPrefix(t, "eval"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			i := strings.Index(op, t)
			return strings.TrimSpace(op[i+len("eval"):]), true
		}
	}
	return "", false
}

// scalaRunsProcess reports Scala code that starts a process.
func scalaRunsProcess(code string) bool {
	for _, k := range []string{"sys.process", "Process(", ".!", "Runtime.getRuntime", "ProcessBuilder", "#|", "#&&"} {
		if strings.Contains(code, k) {
			return true
		}
	}
	return false
}

// scalaStrings returns the double-quoted string literals of Scala code,
// at most 16.
func scalaStrings(code string) []string {
	var out []string
	for len(out) < 16 {
		i := strings.IndexByte(code, '"')
		if i < 0 {
			break
		}
		j := strings.IndexByte(code[i+1:], '"')
		if j < 0 {
			break
		}
		if l := code[i+1 : i+1+j]; strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
		code = code[i+j+2:]
	}
	return out
}
