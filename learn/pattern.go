package learn

import (
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
	var flags, args []string
	for _, o := range av.Opts {
		f := o.Name
		if o.Negated {
			f = "--no-" + strings.TrimPrefix(f, "--")
		}
		if o.HasValue {
			f += " " + generaliseValue(o.Value)
		}
		flags = append(flags, f)
	}
	for _, a := range operands {
		args = append(args, generalise(a))
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

// generalise replaces an argument by its kind, unless it is sensitive.
func generalise(w string) string {
	if sensitive[w] || sensitive[strings.ToLower(w)] || strings.HasPrefix(strings.ToLower(w), "prod") {
		return w
	}
	return "<" + kindOf(w) + ">"
}

// generaliseValue generalises a flag's value, keeping sensitive ones
// (kubectl -n prod).
func generaliseValue(w string) string { return generalise(w) }

func kindOf(w string) string {
	switch {
	case strings.Contains(w, "://"):
		return "url"
	case isNumber(w):
		return "num"
	}
	// Paths and words are one kind: "dist" and "build/foo" are both what
	// rm -rf is given.
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

func isLetters(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
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
