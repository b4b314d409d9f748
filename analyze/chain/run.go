package chain

import (
	"slices"
	"strings"

	"github.com/actionguard/actionguard/analyze/shell"
)

// inlineFlags are the options that give a runner its code on the command line.
var inlineFlags = []string{"-c", "-e", "-E", "-r", "-p", "--eval", "--print", "-Command", "-command"}

// inlineCode reports whether a runner is given its code on the command
// line (python -c, node -e…), which may send.
func inlineCode(c *shell.Cmd) bool {
	switch c.Name {
	case "python", "perl", "ruby", "node", "nodejs", "php", "pwsh", "powershell", "deno", "bun", "lua":
		return c.Has(inlineFlags...)
	}
	return false
}

// runPaths returns the files a command runs: a program given by its path
// (./tool), a script given to a shell or an interpreter, a package file
// given to an installer.
func runPaths(c *shell.Cmd) []string {
	var out []string
	if strings.Contains(c.Path, "/") {
		out = append(out, c.Path)
	}
	switch c.Name {
	case "deno", "bun":
		p := c.Positional()
		if len(p) > 1 && p[0] == "run" {
			out = append(out, p[1])
		} else if len(p) > 0 && p[0] != "run" && strings.Contains(p[0], ".") {
			out = append(out, p[0])
		}
		return out
	case "java":
		if f, ok := c.Flag("-jar"); ok && f != "" {
			out = append(out, f)
		}
		return out
	case "dpkg", "rpm", "apt", "apt-get", "dnf", "yum", "zypper", "pip", "pipx", "npm", "pnpm", "yarn", "installer", "msiexec":
		for _, p := range c.Positional("-pkg", "-target", "-r", "--root", "-c", "-o") {
			if strings.Contains(p, "/") || strings.Contains(p, ".") && (strings.HasSuffix(p, ".deb") || strings.HasSuffix(p, ".rpm") ||
				strings.HasSuffix(p, ".whl") || strings.HasSuffix(p, ".tgz") || strings.HasSuffix(p, ".tar.gz") || strings.HasSuffix(p, ".pkg") || strings.HasSuffix(p, ".msi")) {
				out = append(out, p)
			}
		}
		if f, ok := c.Flag("-pkg"); ok && f != "" {
			out = append(out, f)
		}
		return out
	}
	if !tab().scriptRunners[c.Name] || c.Has(inlineFlags...) || c.Has("-m") && c.Name == "python" {
		return out
	}
	if p := c.Positional("-o", "-O", "-W", "-X", "--rcfile", "--init-file", "-I", "-M"); len(p) > 0 {
		out = append(out, p[0])
	}
	return out
}

// installs reports whether a command installs named packages from the
// network (pip install requests, npm install -g x, apt-get install jq,
// go install x@latest). Installing what the project declares (npm ci,
// pip install -r requirements.txt, npm install) or a local path is not
// counted: the chain is about new code fetched after sudo.
func installs(c *shell.Cmd) bool {
	name := c.Name
	p := c.Positional()
	if name == "python" {
		// python -m pip install x
		if m, ok := c.Flag("-m"); ok && (m == "pip" || m == "pip3") {
			name = "pip"
			if len(p) > 0 && p[0] == m {
				p = p[1:]
			}
		}
	}
	if name == "pacman" {
		if c.Has("-S") && !c.Has("-s", "-i", "-c", "-g", "-l") {
			return len(p) > 0
		}
		return false
	}
	if name == "cargo" && c.Has("--git") {
		return true
	}
	verbs, ok := tab().installVerbs[name]
	if !ok {
		return false
	}
	if name == "nix-env" {
		return c.Has(verbs...) && len(p) > 0
	}
	if len(p) < 2 || !slices.Contains(verbs, p[0]) {
		return false
	}
	rest := p[1:]
	switch {
	case name == "uv" && (p[0] == "pip" || p[0] == "tool"):
		if rest[0] != "install" {
			return false
		}
		rest = rest[1:]
	case name == "yarn" && p[0] == "global":
		if rest[0] != "add" {
			return false
		}
		rest = rest[1:]
	}
	for _, r := range rest {
		if r != "" && !strings.HasPrefix(r, ".") && !strings.HasPrefix(r, "/") && !strings.HasPrefix(r, "~") &&
			!(name == "go" && !strings.Contains(r, "@") && !strings.Contains(r, ".")) {
			return true
		}
	}
	return false
}
