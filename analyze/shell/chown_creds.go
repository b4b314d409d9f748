package shell

import (
	"path"
	"strings"
)

// chownCredential returns what giving the credential at t to owner does
// (chown nobody ~/.ssh/id_rsa: that user reads the key, and ssh refuses a
// key another user owns), or "" when t holds none or the owner is the
// user themselves (chown $USER ~/.ssh/id_rsa takes it back).
func chownCredential(c *Cmd, owner, t string, cl PathClass) string {
	if cl.Credential == "" || cl.Workspace || selfOwner(c, owner) {
		return ""
	}
	return "Gives your " + cl.Credential + " (" + t + ") to " + owner + ": that user can read it, and the programs that use it stop trusting it."
}

// selfOwner reports whether a chown owner[:group] names the user who runs
// the command: their name (the home directory's), $USER, $(id -u),
// $(whoami).
func selfOwner(c *Cmd, owner string) bool {
	user, _, _ := strings.Cut(owner, ":")
	if user == "" {
		return true // chown :group changes the group only
	}
	if c.env != nil && c.env.home != "" && user == path.Base(c.env.home) {
		return true
	}
	if strings.ContainsAny(user, "$`\x00") || strings.Contains(user, "(…)") {
		for _, s := range []string{"$USER", "${USER}", "$LOGNAME", "${LOGNAME}", "$(id -u", "$(id -un", "$(whoami)", "`whoami`", "`id -u"} {
			if strings.Contains(c.Text, s) {
				return true
			}
		}
	}
	return false
}
