package chain

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/analyze/shell"
)

// printedFiles returns the files a content printer reads (a grep-like
// command's first word is its pattern, not a file).
func printedFiles(c *shell.Cmd) []string {
	p := c.Positional()
	switch c.Name {
	case "grep", "egrep", "rg", "awk", "sed", "jq", "yq":
		if len(p) > 0 && !c.Has("-e", "-f", "--regexp", "--file") {
			p = p[1:]
		}
	}
	return p
}

// outside reports whether a path read is a file outside the workspace
// that is the user's or the machine's own: in the home directory, /etc,
// /var, /root, another user's home, a mounted volume. Temporary files,
// dependency and toolchain caches (the Go module cache, site-packages…),
// system software (/usr, /opt), public keys (*.pub) and a few public
// system facts (/etc/os-release) are not counted: reading them is routine
// for a coding agent. Without a working directory nothing is outside.
func (a *analysis) outside(cl shell.PathClass) bool {
	abs := cl.Abs
	if a.cwd == "" || !cl.Known || cl.Temp || cl.TempRoot || cl.Device || abs == a.cwd || strings.HasPrefix(abs, a.cwd+"/") || a.cwd == "/" {
		return false
	}
	if dependencyPath(abs) || tab().publicFiles[abs] || strings.HasSuffix(abs, ".pub") {
		return false
	}
	if cl.InHome || cl.Home {
		return true
	}
	for _, d := range privateDirs {
		if abs == d || strings.HasPrefix(abs, d+"/") {
			return !strings.HasPrefix(abs, "/var/cache/") && !strings.HasPrefix(abs, "/var/lib/apt/") && !strings.HasPrefix(abs, "/var/lib/dpkg/")
		}
	}
	return false
}

var (
	// privateDirs hold the user's and the machine's own data.
	privateDirs = []string{"/etc", "/var", "/root", "/home", "/Users", "/srv", "/mnt", "/media", "/Volumes", "/private/etc", "/private/var"}

	// dependencyMarks are parts of the paths of dependency and toolchain
	// caches that agents read to learn an API.
	dependencyMarks = []string{"/node_modules/", "/site-packages/", "/dist-packages/", "/go/pkg/mod/", "/pkg/mod/", "/.cargo/registry/",
		"/.cargo/git/", "/.rustup/", "/.m2/repository/", "/.gradle/caches/", "/.npm/", "/.cache/", "/.pyenv/versions/", "/.nvm/versions/",
		"/.rbenv/versions/", "/.local/lib/python", "/.virtualenvs/", "/.bun/install/", "/.deno/", "/.composer/", "/vendor/bundle/",
		"/sdk/go", "/.vscode/extensions/", "/.vscode-server/extensions/", "/.dotnet/", "/.nuget/packages/", "/.julia/packages/"}
)

func dependencyPath(abs string) bool {
	for _, m := range dependencyMarks {
		if strings.Contains(abs, m) {
			return true
		}
	}
	return false
}

// samePath reports whether a downloaded file and a file run are the same:
// the same path from the working directory, or the same name when either
// was written without a directory (a cd in between moves both).
func (a *analysis) samePath(d, r string) bool {
	if d == "" || r == "" {
		return false
	}
	ad, ar := a.abs(d), a.abs(r)
	if ad == ar {
		return true
	}
	return path.Base(ad) == path.Base(ar) && (!strings.Contains(d, "/") || !strings.Contains(r, "/"))
}

// inWorkspace reports, without classifying, whether a path is plainly
// under the working directory: relative without "..", "~" or a variable,
// or absolute under it.
func (a *analysis) inWorkspace(p string) bool {
	if p == "" || a.cwd == "" || strings.ContainsAny(p, "$`~") || strings.Contains(p, "..") {
		return false
	}
	return !strings.HasPrefix(p, "/") || strings.HasPrefix(p, a.cwd+"/")
}

func (a *analysis) abs(p string) string {
	switch {
	case (p == "~" || strings.HasPrefix(p, "~/")) && a.home != "":
		p = a.home + p[1:]
	case !strings.HasPrefix(p, "/") && a.cwd != "":
		p = a.cwd + "/" + p
	}
	return path.Clean(p)
}
