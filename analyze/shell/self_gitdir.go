package shell

import (
	"path"
	"strings"
)

// A repository's own config can name its work tree: core.worktree in
// GIT_DIR/config (or .git/config) makes every git command that runs with
// that repository write its files there, though the command line names
// no work tree (GIT_DIR=/tmp/r git reset --hard, git --git-dir=/tmp/r
// checkout ., git -C r reset --hard). The work tree is read where the
// config is known: set earlier on the line (git config core.worktree W,
// git -C r config …, git init --separate-git-dir R W), written earlier on
// the line or in the session, or on disk where local files may be read
// (a bounded INI read, gitConfigWorkTree). A config that includes other
// files names a work tree that cannot be told here: judged as the
// working directory, as a config not read is.

// gitMaxConfig bounds the config text read for core.worktree.
const gitMaxConfig = 64 << 10

// gitRepoDir is the git directory c runs with, as given: --git-dir,
// GIT_DIR (on the command or set earlier on the line), else DIR/.git
// for git -C DIR, else .git of the working directory ("" when no word
// names it).
func gitRepoDir(r *report, c *Cmd) (gitDir, given string) {
	dir := ""
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case (a == "-C" || a == "--git-dir" || a == "-c" || a == "--work-tree" || a == "--namespace") && i+1 < len(c.Args):
			i++
			if a == "-C" {
				dir = gitJoin(dir, c.Args[i])
			}
			if a == "--git-dir" {
				gitDir, given = gitJoin(dir, c.Args[i]), "--git-dir="+c.Args[i]
			}
			continue
		case strings.HasPrefix(a, "--git-dir="):
			v := strings.TrimPrefix(a, "--git-dir=")
			gitDir, given = gitJoin(dir, v), a
			continue
		case strings.HasPrefix(a, "-"):
			continue
		}
		break
	}
	if given != "" {
		return gitDir, given
	}
	if v, ok := gitLineVar(r, c, "GIT_DIR"); ok {
		return gitJoin(dir, v), "GIT_DIR=" + v
	}
	if dir != "" {
		return gitJoin(dir, ".git"), "git -C " + dir
	}
	return ".git", ""
}

// gitLineVar is the variable name as the command's own assignment or an
// earlier export of the line sets it.
func gitLineVar(r *report, c *Cmd, name string) (string, bool) {
	if ev, ok := commandEnv(c)[name]; ok && !ev.dynamic {
		return ev.value, true
	}
	v, found := "", false
	if r.fl().cur != nil {
		for _, lv := range r.lineVars(c, func(n string) bool { return n == name }) {
			v, found = lv.value, true
			if lv.dyn {
				v = "$" + name
			}
		}
	}
	if !found && strings.Contains(c.Text, name+"=") {
		for _, w := range strings.Fields(c.Text) {
			if x, ok := strings.CutPrefix(w, name+"="); ok {
				v, found = strings.Trim(x, `"'`), true
			}
		}
	}
	return v, found
}

// gitRepoTree is the work tree the repository c runs with names in its
// config, when the line gives none itself (given is how gitWorkTree found
// one: "" or git -C), with how it was found.
func (r *report) gitRepoTree(c *Cmd, env *analysis, given string) (tree, how string, ok bool) {
	if given != "" && !strings.HasPrefix(given, "git -C") {
		return "", "", false
	}
	gitDir, gdGiven := gitRepoDir(r, c)
	t, ok := r.gitConfigTree(c, env, gitDir)
	if !ok {
		return "", "", false
	}
	if gdGiven == "" {
		gdGiven = "the repository here"
	}
	return t, "core.worktree=" + t + " in the config of " + gdGiven, true
}

// gitConfigTree is the work tree the repository at gitDir names in its
// config, set on the line before c or read from the config file.
func (r *report) gitConfigTree(c *Cmd, env *analysis, gitDir string) (string, bool) {
	abs, ok := env.resolve(gitDir)
	if !ok || !strings.HasPrefix(abs, "/") {
		return "", false
	}
	if t, ok := r.gitTreeSetOnLine(c, env, abs); ok {
		return t, true
	}
	fc, ok := r.flow.file(abs + "/config")
	if !ok || fc.partial || fc.kind != streamLiteral && fc.kind != streamDecoded || len(fc.text) > gitMaxConfig {
		return "", false
	}
	t, found, sure := gitConfigWorkTree(fc.text)
	if !found || !sure {
		return "", false
	}
	if !strings.HasPrefix(t, "/") && !strings.HasPrefix(t, "~") {
		t = path.Join(abs, t) // relative to the git directory
	}
	return t, true
}

// gitTreeSetOnLine is core.worktree as a command before c sets it for the
// repository at abs (or for a repository that cannot be told apart).
func (r *report) gitTreeSetOnLine(c *Cmd, env *analysis, abs string) (string, bool) {
	tree, set := "", false
	for _, p := range r.res.Commands {
		if p == c {
			break
		}
		if p.Name != "git" {
			continue
		}
		args := gitVerbArgs(p.Args)
		verb := gitVerb(p.Args)
		if verb == "init" {
			if t, ok := gitInitSeparate(args, abs); ok {
				tree, set = t, true
			}
			continue
		}
		pdir, _ := gitRepoDir(r, p)
		if pabs, known := env.resolve(pdir); verb != "config" || known && pabs != abs {
			continue
		}
		for i, a := range args {
			if strings.EqualFold(a, "core.worktree") && i+1 < len(args) {
				tree, set = gitJoin(path.Dir(abs), args[i+1]), true
			}
		}
	}
	return tree, set
}

// gitInitSeparate is the work tree git init --separate-git-dir R [DIR]
// records in R, when R is abs.
func gitInitSeparate(args []string, abs string) (string, bool) {
	sep, dir := "", "."
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--separate-git-dir" && i+1 < len(args):
			i++
			sep = args[i]
		case strings.HasPrefix(a, "--separate-git-dir="):
			sep = strings.TrimPrefix(a, "--separate-git-dir=")
		case !strings.HasPrefix(a, "-"):
			dir = a
		}
	}
	if sep == "" || path.Clean(sep) != abs && !strings.HasSuffix(abs, "/"+path.Clean(sep)) {
		return "", false
	}
	return dir, true
}

// gitConfigWorkTree reads core.worktree from a git config file's text.
// found is false when it is not set; sure is false when the file includes
// others ([include], [includeIf]), which may set it.
func gitConfigWorkTree(text string) (tree string, found, sure bool) {
	if len(text) > gitMaxConfig {
		return "", false, false
	}
	sure = true
	section := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		if line[0] == '[' {
			end := strings.IndexByte(line, ']')
			if end < 0 {
				return "", false, false // not a config git reads
			}
			name := strings.TrimSpace(line[1:end])
			if sp := strings.IndexAny(name, " \t"); sp >= 0 {
				name = name[:sp] // [section "sub"]
			}
			section = strings.ToLower(name)
			if strings.HasPrefix(section, "include") {
				sure = false
			}
			line = strings.TrimSpace(line[end+1:])
			if line == "" {
				continue
			}
		}
		key, val, _ := strings.Cut(line, "=")
		if section == "core" && strings.EqualFold(strings.TrimSpace(key), "worktree") {
			tree, found = gitConfigValue(val), true
		}
	}
	return tree, found, sure
}

// gitConfigValue is a config value: quotes removed, \" \\ \t \n read, a
// comment after # or ; outside quotes dropped.
func gitConfigValue(v string) string {
	var b strings.Builder
	quoted := false
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '"':
			quoted = !quoted
		case c == '\\' && i+1 < len(v):
			i++
			switch v[i] {
			case 't':
				b.WriteByte('\t')
			case 'n':
				b.WriteByte('\n')
			default:
				b.WriteByte(v[i])
			}
		case (c == '#' || c == ';') && !quoted:
			return strings.TrimSpace(b.String())
		default:
			b.WriteByte(c)
		}
	}
	return strings.TrimSpace(b.String())
}
