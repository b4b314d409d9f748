package learn

import (
	"path"
	"slices"
	"strings"

	"github.com/actionguard/actionguard/analyze/shell"
	"mvdan.cc/sh/v3/syntax"
)

// MaxPatternInput bounds the command a pattern is made of.
const MaxPatternInput = 4 << 10

// subcommands are the programs whose leading words name what they do
// (git push, kubectl delete, aws s3 rm), and how many such words they take.
var subcommands = map[string]int{
	"git": 1, "npm": 1, "pnpm": 1, "yarn": 1, "bun": 1, "docker": 2, "podman": 2, "kubectl": 2, "helm": 1, "go": 1, "cargo": 1,
	"pip": 1, "pip3": 1, "uv": 2, "poetry": 1, "terraform": 1, "tofu": 1, "gcloud": 3, "aws": 2, "az": 2, "gh": 2, "systemctl": 1,
	"brew": 1, "apt": 1, "apt-get": 1, "dnf": 1, "yum": 1, "make": 0, "mvn": 1, "gradle": 1, "dotnet": 1, "composer": 1, "gem": 1,
	"bundle": 1, "rails": 1, "rake": 1, "heroku": 2, "fly": 1, "flyctl": 1, "vercel": 1, "netlify": 1, "firebase": 1, "sf": 2, "sfdx": 1,
	"psql": 0, "mysql": 0, "redis-cli": 1, "supabase": 2, "wrangler": 2, "pulumi": 1, "ansible-playbook": 0, "crontab": 0, "launchctl": 1,
}

// sensitive are argument words that stay literal in a pattern: pushing
// to main is not pushing to a feature branch.
var sensitive = map[string]bool{
	"main": true, "master": true, "prod": true, "production": true, "live": true, "release": true, "trunk": true,
	"/": true, "~": true, "*": true, "..": true, "-": true, ".": true,
}

// Pattern returns the normalised pattern of a tool call: for a shell
// command, every simple command's program, its subcommands, its flags
// (sorted, short flags split, values generalised) and its arguments
// generalised by kind (<path>, <url>, <num>, <arg>), with the pipes and
// lists kept; for another tool, its name and the shape of its input. ok is
// false for what cannot be normalised safely (command substitution,
// variables as programs, eval, bash -c): such a call never earns trust.
func Pattern(tool string, input map[string]any) (pattern string, ok bool) {
	if cmd, _ := input["command"].(string); cmd != "" {
		return CommandPattern(cmd)
	}
	if tool == "" {
		return "", false
	}
	keys := make([]string, 0, len(input))
	for k, v := range input {
		switch x := v.(type) {
		case string:
			keys = append(keys, k+"="+kindOf(x))
		default:
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return tool + "(" + strings.Join(keys, ", ") + ")", true
}

// CommandPattern is Pattern for a shell command.
func CommandPattern(cmd string) (string, bool) {
	if len(cmd) > MaxPatternInput || strings.TrimSpace(cmd) == "" {
		return "", false
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil || len(f.Stmts) == 0 {
		return "", false
	}
	var b strings.Builder
	ok := true
	for i, st := range f.Stmts {
		if i > 0 {
			b.WriteString(" ; ")
		}
		if !stmtPattern(&b, st) {
			ok = false
		}
	}
	return maskSecrets(b.String(), cmd), ok
}

// maskSecrets generalises the passwords the command carries wherever the
// pattern kept them literally (a sensitive word such as "prod…", a
// subcommand): the trust store never holds one.
func maskSecrets(pattern, cmd string) string {
	for _, v := range shell.SecretValues(cmd) {
		if !strings.Contains(pattern, v) {
			continue
		}
		words := strings.Fields(pattern)
		for i, w := range words {
			if strings.Contains(w, v) {
				words[i] = "<arg>"
			}
		}
		pattern = strings.Join(words, " ")
	}
	return pattern
}

func stmtPattern(b *strings.Builder, st *syntax.Stmt) bool {
	for _, r := range st.Redirs {
		if r.Hdoc != nil {
			return false // the here-document's text is what runs
		}
	}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(x.Assigns) > 0 {
			return false
		}
		if !callPattern(b, x) {
			return false
		}
	case *syntax.BinaryCmd:
		if !stmtPattern(b, x.X) {
			return false
		}
		b.WriteString(" " + x.Op.String() + " ")
		return stmtPattern(b, x.Y)
	default:
		return false // subshells, loops, functions: not a pattern
	}
	for _, r := range st.Redirs {
		b.WriteString(" " + r.Op.String() + " ")
		w, ok := literal(r.Word)
		if !ok {
			return false
		}
		b.WriteString(generalise(w))
	}
	if st.Background {
		b.WriteString(" &")
	}
	return true
}

func callPattern(b *strings.Builder, x *syntax.CallExpr) bool {
	words := make([]string, 0, len(x.Args))
	for _, w := range x.Args {
		s, ok := literal(w)
		if !ok {
			return false
		}
		words = append(words, s)
	}
	if len(words) == 0 {
		return false
	}
	prog := words[0]
	if i := strings.LastIndexByte(prog, '/'); i >= 0 && i < len(prog)-1 {
		prog = prog[i+1:]
	}
	if strings.TrimSpace(prog) == "" {
		return false
	}
	switch prog {
	case "eval", "exec", "source", ".", "sudo", "doas", "su", "xargs", "env", "command", "builtin", "time", "nohup", "timeout", "watch":
		return false // what they run is in their arguments: not a pattern
	case "bash", "sh", "zsh", "dash", "ksh":
		for _, w := range words[1:] {
			if w == "-c" || strings.HasPrefix(w, "-") && strings.Contains(w, "c") {
				return false
			}
		}
	}
	// The words are read the way the program reads them: options under
	// their canonical names (abbreviations and clusters resolved), values
	// generalised, subcommands kept.
	av := shell.ReadArgv(words)
	out := []string{prog}
	sub := av.Sub
	operands := av.Operands
	if !av.Known || len(sub) == 0 {
		// Programs without subcommands in their spec: the table's count of
		// leading words.
		sub = nil
		for n := subcommands[prog]; n > 0 && len(operands) > 0 && isWord(operands[0]); n-- {
			sub = append(sub, operands[0])
			operands = operands[1:]
		}
	}
	out = append(out, sub...)
	// An infrastructure command's operands name the resource it acts on
	// (the volume, the deployment, the branch, HEAD~50): they stay, so
	// approving the removal of a scratch volume never trusts the database's.
	gen, genValue := generalise, generaliseValue
	if literalOperands[prog] {
		gen = keepLiteral
		if prog != "git" { // git's values are messages and formats; its refs are operands
			genValue = keepLiteral
		}
	}
	var flags, args []string
	for _, o := range av.Opts {
		f := o.Name
		if o.Negated {
			f = "--no-" + strings.TrimPrefix(f, "--")
		}
		if o.HasValue {
			f += " " + genValue(o.Value)
		}
		flags = append(flags, f)
	}
	for _, a := range operands {
		args = append(args, gen(a))
	}
	slices.Sort(flags)
	flags = slices.Compact(flags)
	out = append(out, flags...)
	// Repeated generalised arguments collapse: rm a b c is rm <path>….
	args = slices.Compact(args)
	out = append(out, args...)
	b.WriteString(strings.Join(out, " "))
	return true
}

// literal returns a word's text when it is fixed (quotes removed), false
// when it depends on the shell (variables, substitutions).
func literal(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch x := p.(type) {
		case *syntax.Lit:
			b.WriteString(x.Value)
		case *syntax.SglQuoted:
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// generalise replaces an argument by its kind, keeping what makes a
// command dangerous: sensitive words stay literal, and a path keeps its
// class (see pathClass), so rm -rf tmp and rm -rf ~/.ssh are two patterns.
func generalise(w string) string {
	if sensitive[w] || sensitive[strings.ToLower(w)] || strings.HasPrefix(strings.ToLower(w), "prod") {
		return w
	}
	switch k := kindOf(w); k {
	case "url", "num":
		return "<" + k + ">"
	}
	return pathClass(w)
}

// generaliseValue generalises a flag's value, keeping sensitive ones
// (kubectl -n prod).
func generaliseValue(w string) string { return generalise(w) }

// keepLiteral keeps a word as it is (bounded), for the operands of
// infrastructure commands.
func keepLiteral(w string) string {
	if sensitive[w] || w == "" {
		return w
	}
	if strings.ContainsAny(w, " \t\n") || len(w) > 80 {
		return "<" + kindOf(w) + ">" + "=" + truncate(w, 80) // never one pattern for two different names
	}
	return w
}

// literalOperands are the programs whose operands and option values name
// a resource, a ref or a remote: git, containers, clusters, clouds,
// databases, services, schedulers.
var literalOperands = map[string]bool{
	"git": true, "docker": true, "podman": true, "kubectl": true, "helm": true, "terraform": true, "tofu": true, "aws": true,
	"gcloud": true, "gsutil": true, "az": true, "gh": true, "heroku": true, "fly": true, "flyctl": true, "vercel": true, "netlify": true,
	"firebase": true, "supabase": true, "wrangler": true, "pulumi": true, "psql": true, "mysql": true, "redis-cli": true,
	"mongosh": true, "systemctl": true, "launchctl": true, "crontab": true, "kill": true, "pkill": true, "killall": true,
	"dropdb": true, "createdb": true, "mysqladmin": true, "s3cmd": true, "rclone": true, "az-cli": true, "doctl": true,
	"ssh": true, "scp": true, "rsync": true, "chmod": true, "chown": true, "dd": true, "mkfs": true, "diskutil": true,
}

// Path classes, in the pattern's words. A pattern keeps the class of each
// path operand, and for the classes that are never routine (credentials,
// the agent's and actionguard's control plane, outside the workspace) the
// path itself.
const (
	ClassWorkspace = "<arg>"       // relative, inside the workspace (the historical name)
	ClassScratch   = "<scratch>"   // build output, caches, temporary directories
	ClassGlob      = "<glob>"      // a relative pattern the shell expands
	ClassTemp      = "<tmp>"       // under /tmp or /var/tmp
	ClassHome      = "<home>"      // under the home directory
	ClassAbsolute  = "<absolute>"  // another absolute path: the system, another project
	ClassOutside   = "<outside>"   // climbs out with ..
	ClassCred      = "<credential" // + ":" + the path: keys, tokens, cloud credentials
	ClassControl   = "<control"    // + ":" + the path: agent settings, git internals, actionguard
)

// credentialNames are the file and directory names that hold secrets.
var credentialNames = map[string]bool{
	".ssh": true, ".gnupg": true, ".aws": true, ".azure": true, ".kube": true, ".docker": true, ".netrc": true, ".pgpass": true,
	".npmrc": true, ".pypirc": true, ".git-credentials": true, ".config/gcloud": true, "gcloud": true, ".env": true, ".password-store": true,
	".vault-token": true, ".terraformrc": true, "credentials": true, "credentials.json": true, "id_rsa": true, "id_ed25519": true,
	"id_ecdsa": true, ".keychain": true, "keychains": true, ".gem": true, ".cargo/credentials": true, "secrets": true, ".secrets": true,
}

// controlNames are the directories and files that steer the agent, the
// repository or actionguard itself.
var controlNames = map[string]bool{
	".git": true, ".claude": true, ".actionguard": true, "actionguard": true, ".cursor": true, ".codex": true, ".gemini": true,
	".vscode": true, ".github": true, ".husky": true, ".githooks": true, ".mcp.json": true, "CLAUDE.md": true, "AGENTS.md": true,
	"GEMINI.md": true, ".envrc": true, ".bashrc": true, ".zshrc": true, ".profile": true, ".bash_profile": true, ".gitconfig": true,
	".config": true, "settings.json": true, "settings.local.json": true, "hooks": true,
}

// scratchNames are the directories a build or a test run recreates.
var scratchNames = map[string]bool{
	"tmp": true, "temp": true, ".tmp": true, "dist": true, "build": true, "out": true, "target": true, "node_modules": true,
	".cache": true, "coverage": true, "__pycache__": true, ".next": true, ".nuxt": true, ".pytest_cache": true, ".mypy_cache": true,
	".turbo": true, ".parcel-cache": true, "bin": true, "obj": true, ".gradle": true, ".venv": true, "venv": true, ".tox": true,
}

// pathClass returns the class of a path operand (a plain word is a
// workspace-relative path: rm reads it so).
func pathClass(w string) string {
	p := strings.ReplaceAll(w, "\\", "/")
	// ./ is the workspace itself, tmp/../.. its parent.
	if c := path.Clean(p); c == "." || c == "/" || c == ".." {
		return c
	} else if strings.HasPrefix(c, "../") {
		return ClassOutside
	}
	lower := strings.ToLower(p)
	segs := strings.Split(strings.Trim(p, "/"), "/")
	for i, seg := range segs {
		two := seg
		if i+1 < len(segs) {
			two = seg + "/" + segs[i+1]
		}
		l := strings.ToLower(seg)
		switch {
		case credentialNames[l] || credentialNames[strings.ToLower(two)] || strings.HasPrefix(l, "id_") && !strings.Contains(l, "."),
			strings.HasSuffix(l, ".pem") || strings.HasSuffix(l, ".key") || strings.HasSuffix(l, ".p12") || strings.HasSuffix(l, ".pfx"):
			return ClassCred + ":" + truncate(p, 80) + ">"
		case controlNames[seg] || controlNames[l]:
			return ClassControl + ":" + truncate(p, 80) + ">"
		}
	}
	switch {
	case strings.HasPrefix(p, "~") || strings.HasPrefix(lower, "$home") || strings.HasPrefix(lower, "${home}"):
		return ClassHome
	case slices.Contains(segs, ".."):
		return ClassOutside
	case strings.HasPrefix(p, "/tmp/") || strings.HasPrefix(p, "/var/tmp/") || strings.HasPrefix(p, "/private/tmp/"):
		return ClassTemp
	case strings.HasPrefix(p, "/") || len(p) >= 2 && p[1] == ':' || strings.HasPrefix(p, "-"):
		return ClassAbsolute
	case strings.ContainsAny(p, "*?[{"):
		return ClassGlob
	}
	first := segs[0]
	if first == "." && len(segs) > 1 {
		first = segs[1]
	}
	if scratchNames[strings.ToLower(first)] {
		return ClassScratch
	}
	return ClassWorkspace
}

// Trustable reports whether a pattern may ever be trusted: never one that
// names a credential, the control plane, the home directory, a path
// outside the workspace or the system, or the root, home or parent
// directory itself. Such commands are asked about every time.
func Trustable(pattern string) bool {
	for _, w := range strings.Fields(pattern) {
		switch {
		case strings.HasPrefix(w, ClassCred), strings.HasPrefix(w, ClassControl),
			w == ClassHome, w == ClassOutside, w == ClassAbsolute, w == "/", w == "~", w == "..", w == ".", w == "*":
			return false
		}
	}
	return pattern != ""
}

func kindOf(w string) string {
	switch {
	case strings.Contains(w, "://"):
		return "url"
	case isNumber(w):
		return "num"
	}
	return "arg"
}

func isWord(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == ':' || r == '_') {
			return false
		}
	}
	return w[0] >= 'a' && w[0] <= 'z'
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
