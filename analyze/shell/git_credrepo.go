package shell

import (
	"path"
	"strings"
)

// A credential store kept in git (pass's ~/.password-store, a dotfiles
// repository of keys) cloned and pushed to another host is the whole
// store sent there. gitCredentialRepo follows the clones of a credential
// directory through the command line and judges the pushes made from them
// to a URL given on the line.
func gitCredentialRepo(c *Cmd, r *report, sub string) {
	fl := r.fl()
	switch sub {
	case "clone":
		pos := c.Positional()
		if len(pos) == 0 {
			return
		}
		cl := c.Class(pos[0])
		if cl.Credential == "" {
			return
		}
		dst := ""
		if len(pos) > 1 {
			dst = pos[1]
		} else {
			dst = strings.TrimSuffix(path.Base(strings.TrimRight(pos[0], "/")), ".git")
		}
		if abs := c.env.mustAbs(dst); abs != "" {
			if fl.credRepos == nil {
				fl.credRepos = map[string]string{}
			}
			fl.credRepos[abs] = cl.Credential
		}
	case "push":
		repo := c.env.mustAbs(".")
		cred := c.Class(".").Credential
		for dir, cr := range fl.credRepos {
			if repo == dir || strings.HasPrefix(repo, dir+"/") {
				cred = cr
			}
		}
		if cred == "" {
			return
		}
		for _, p := range c.Positional() {
			if strings.Contains(p, "://") || strings.Contains(p, "@") && strings.Contains(p, ":") {
				r.add(c.find(ruleCredentialExfil, "Pushes a copy of your "+cred+" to "+p+", another machine.", p))
				return
			}
		}
	}
}
