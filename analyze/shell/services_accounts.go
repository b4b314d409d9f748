package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// The machine's accounts: useradd/adduser, userdel/deluser, usermod,
// gpasswd, groupadd/groupdel/groupmod, chage, passwd, chpasswd, visudo and
// macOS's dseditgroup. Joining an administrator group (sudo, wheel, admin,
// docker…) or taking user id 0 is privilege escalation; removing a password
// is a security bypass.

var (
	svcAccountAdd = &rule.Rule{
		ID: "shell.account.add", Category: rule.Permissions, Points: svcConfirm,
		Summary:     "Creates a user account or a group on the machine.",
		Alternative: "use a container or a service account scoped to the one task",
		Match:       []string{"useradd -m deploy", "sudo adduser ci", "groupadd developers"},
		NoMatch:     []string{"id deploy", "getent passwd deploy"},
	}
	svcAccountDelete = &rule.Rule{
		ID: "shell.account.delete", Category: rule.Destructive, Points: svcDisrupt,
		Summary:     "Deletes a user account (with -r, its home directory and mail too) or a group.",
		Alternative: "lock the account first (usermod -L, passwd -l) and archive its home directory",
		Match:       []string{"userdel deploy", "userdel -r olduser", "sudo deluser --remove-home bob", "groupdel developers"},
		NoMatch:     []string{"id olduser", "usermod -L olduser"},
	}
	svcAccountModify = &rule.Rule{
		ID: "shell.account.modify", Category: rule.Permissions, Points: svcConfirm,
		Summary:     "Changes a user account (its groups, shell, home, expiry) or locks it.",
		Alternative: "check the account first (id USER, chage -l USER)",
		Match:       []string{"usermod -s /bin/zsh dev", "usermod -L bob", "usermod -aG developers dev", "gpasswd -d bob developers", "chage -E 0 bob"},
		NoMatch:     []string{"id dev", "chage -l bob"},
	}
	svcAccountPrivGroup = &rule.Rule{
		ID: "shell.account.privileged-group", Category: rule.PrivilegeEscalation, Points: 110,
		Summary:     "Gives an account administrator rights (the sudo, wheel, admin, root or docker group, or user id 0).",
		Alternative: "grant the one command it needs in a sudoers.d file, reviewed by whoever owns the machine",
		Match: []string{"usermod -aG sudo dev", "sudo usermod -a -G wheel bob", "useradd -G docker ci", "gpasswd -a bob sudo", "adduser bob sudo",
			"usermod -u 0 -o bob", "useradd -o -u 0 backdoor", "dseditgroup -o edit -a bob -t user admin"},
		NoMatch: []string{"usermod -aG developers dev", "groups dev", "useradd -m deploy"},
	}
	svcAccountPassword = &rule.Rule{
		ID: "shell.account.password", Category: rule.Credentials, Points: svcChange,
		Summary:     "Changes, locks or expires an account's password.",
		Alternative: "let the account's owner change it (passwd) or expire it so they must (passwd -e)",
		Match:       []string{"passwd bob", "echo 'bob:newpass' | chpasswd", "passwd -l bob", "sudo passwd root"},
		NoMatch:     []string{"passwd -S bob", "chage -l bob"},
	}
	svcAccountNoPassword = &rule.Rule{
		ID: "shell.account.remove-password", Category: rule.SecurityBypass, Points: 110,
		Summary: "Removes an account's password, so that it can log in without one.",
		Match:   []string{"passwd -d root", "sudo passwd --delete bob"},
		NoMatch: []string{"passwd -S root", "passwd -l bob"},
	}
	svcSudoers = &rule.Rule{
		ID: "shell.account.sudoers", Category: rule.Escalation, Points: svcDisrupt,
		Summary:     "Edits the sudoers rules: who may run what as root.",
		Alternative: "add one reviewed file under /etc/sudoers.d and check it with visudo -c",
		Match:       []string{"sudo visudo", "visudo -f /etc/sudoers.d/deploy"},
		NoMatch:     []string{"visudo -c", "sudo -l"},
	}
)

var svcAccountRules = []*rule.Rule{
	svcAccountAdd, svcAccountDelete, svcAccountModify, svcAccountPrivGroup, svcAccountPassword, svcAccountNoPassword, svcSudoers,
}

func svcAccountHandlers() map[string]handler {
	return map[string]handler{
		"useradd": svcUserAdd, "adduser": svcUserAdd, "userdel": svcUserDel, "deluser": svcUserDel, "usermod": svcUserMod, "gpasswd": svcGpasswd,
		"groupadd": svcGroupAdd, "addgroup": svcGroupAdd, "groupdel": svcGroupDel, "delgroup": svcGroupDel, "groupmod": svcGroupMod, "chage": svcChage,
		"passwd": svcPasswd, "chpasswd": svcChpasswd, "visudo": svcVisudo, "dseditgroup": svcDseditgroup,
	}
}

// svcAdminGroups are groups whose members are administrators of the machine.
var svcAdminGroups = map[string]bool{"sudo": true, "wheel": true, "admin": true, "root": true, "docker": true, "lxd": true, "libvirt": true, "disk": true,
	"shadow": true, "sudoers": true, "adm": false, "staff": false, "kvm": false, "podman": false}

// svcPrivGroups returns the administrator groups among comma-separated lists.
func svcPrivGroups(lists ...string) []string {
	var out []string
	for _, l := range lists {
		for _, g := range strings.Split(l, ",") {
			if svcAdminGroups[strings.TrimSpace(g)] {
				out = append(out, strings.TrimSpace(g))
			}
		}
	}
	return out
}

// svcUID0 reports whether the command gives an account user id 0.
func svcUID0(c *Cmd) bool {
	for _, v := range svcFlagValues(c, "-u", "--uid") {
		if v == "0" {
			return true
		}
	}
	return false
}

func svcUserAdd(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	r.mutates()
	pos := c.Positional()
	user := svcAt(pos, 0)
	// adduser USER GROUP adds an existing user to a group (Debian).
	if c.Name == "adduser" && len(pos) == 2 {
		if g := svcPrivGroups(pos[1]); len(g) > 0 {
			r.add(c.find(svcAccountPrivGroup, "Adds "+user+" to the "+g[0]+" group: the account becomes an administrator of the machine.", user, g[0]))
			return
		}
		r.add(c.find(svcAccountModify, "Adds "+user+" to the group "+pos[1]+".", user, pos[1]))
		return
	}
	if g := svcPrivGroups(append(svcFlagValues(c, "-G", "--groups", "-g", "--gid", "--ingroup"), "")...); len(g) > 0 {
		r.add(c.find(svcAccountPrivGroup, "Creates the account "+svcQuote(user)+" in the "+g[0]+" group: it is an administrator of the machine from the start.", user, g[0]))
		return
	}
	if svcUID0(c) {
		r.add(c.find(svcAccountPrivGroup, "Creates the account "+svcQuote(user)+" with user id 0: a second root account.", user))
		return
	}
	r.add(c.find(svcAccountAdd, "Creates the user account "+svcQuote(user)+" on this machine.", user))
}

func svcUserDel(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	r.mutates()
	pos := c.Positional()
	user := svcAt(pos, 0)
	if c.Name == "deluser" && len(pos) == 2 {
		r.add(c.find(svcAccountModify, "Removes "+user+" from the group "+pos[1]+".", user, pos[1]))
		return
	}
	if c.Has("-r", "--remove", "--remove-home", "--remove-all-files") {
		r.add(c.find(svcAccountDelete, "Deletes the user account "+svcQuote(user)+" together with its home directory and mail.", user).WithPoints(svcLose))
		return
	}
	r.add(c.find(svcAccountDelete, "Deletes the user account "+svcQuote(user)+": it can no longer log in and its files lose their owner.", user))
}

func svcUserMod(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	r.mutates()
	pos := c.Positional()
	user := svcAt(pos, len(pos)-1)
	if g := svcPrivGroups(append(svcFlagValues(c, "-G", "--groups", "-g", "--gid"), svcGroupsFromCluster(c)...)...); len(g) > 0 {
		r.add(c.find(svcAccountPrivGroup, "Adds "+svcQuote(user)+" to the "+g[0]+" group: the account becomes an administrator of the machine.", user, g[0]))
		return
	}
	if svcUID0(c) {
		r.add(c.find(svcAccountPrivGroup, "Gives "+svcQuote(user)+" user id 0: it becomes a second root account.", user))
		return
	}
	if _, ok := c.Flag("-p", "--password"); ok {
		r.add(c.find(svcAccountPassword, "Sets a new password hash for "+svcQuote(user)+".", user))
		return
	}
	if c.Has("-L", "--lock") || c.Has("-e", "--expiredate") {
		r.add(c.find(svcAccountModify, "Locks or expires the account "+svcQuote(user)+": it can no longer log in.", user).WithPoints(svcChange))
		return
	}
	r.add(c.find(svcAccountModify, "Changes the account "+svcQuote(user)+" ("+strings.Join(c.Args[:max(0, len(c.Args)-1)], " ")+").", user))
}

// svcGroupsFromCluster finds the groups of "-aG sudo" written as a cluster.
func svcGroupsFromCluster(c *Cmd) []string {
	var out []string
	for i, a := range c.Args {
		if isCluster(a) && len(a) > 2 && strings.HasSuffix(a, "G") && i+1 < len(c.Args) {
			out = append(out, c.Args[i+1])
		}
	}
	return out
}

func svcGpasswd(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	r.mutates()
	pos := c.Positional()
	group := svcAt(pos, 0)
	if add, ok := c.Flag("-a", "--add"); ok {
		if svcAdminGroups[group] {
			r.add(c.find(svcAccountPrivGroup, "Adds "+add+" to the "+group+" group: the account becomes an administrator of the machine.", add, group))
			return
		}
		r.add(c.find(svcAccountModify, "Adds "+add+" to the group "+group+".", add, group))
		return
	}
	if m, ok := c.Flag("-M", "--members"); ok && svcAdminGroups[group] {
		r.add(c.find(svcAccountPrivGroup, "Sets the members of the "+group+" group to "+m+": they become administrators of the machine.", m, group))
		return
	}
	r.add(c.find(svcAccountModify, "Changes the group "+svcQuote(group)+" ("+strings.Join(c.Args, " ")+").", group))
}

func svcDseditgroup(c *Cmd, r *report) {
	if !c.Has("-o") {
		return
	}
	op, _ := c.Flag("-o")
	if op != "edit" {
		return
	}
	r.mutates()
	pos := c.Positional()
	group := svcAt(pos, 0)
	if add, ok := c.Flag("-a"); ok && svcIn(group, "admin", "wheel") {
		r.add(c.find(svcAccountPrivGroup, "Adds "+add+" to the macOS "+group+" group: the account becomes an administrator of the machine.", add, group))
		return
	}
	r.add(c.find(svcAccountModify, "Changes the macOS group "+svcQuote(group)+".", group))
}

func svcGroupAdd(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	r.mutates()
	if c.Name == "addgroup" && len(c.Positional()) == 2 {
		p := c.Positional()
		if svcAdminGroups[p[1]] {
			r.add(c.find(svcAccountPrivGroup, "Adds "+p[0]+" to the "+p[1]+" group: the account becomes an administrator of the machine.", p[0], p[1]))
			return
		}
	}
	g := svcAt(c.Positional(), 0)
	r.add(c.find(svcAccountAdd, "Creates the group "+svcQuote(g)+".", g).WithPoints(svcSmall))
}

func svcGroupDel(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	r.mutates()
	g := svcAt(c.Positional(), 0)
	r.add(c.find(svcAccountDelete, "Deletes the group "+svcQuote(g)+": its members lose the access it gave them.", g).WithPoints(svcChange))
}

func svcGroupMod(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	r.mutates()
	pos := c.Positional()
	g := svcAt(pos, 0)
	if u, ok := c.Flag("-U", "--users"); ok && svcAdminGroups[g] {
		r.add(c.find(svcAccountPrivGroup, "Adds "+u+" to the "+g+" group: they become administrators of the machine.", u, g))
		return
	}
	r.add(c.find(svcAccountModify, "Changes the group "+svcQuote(g)+".", g))
}

func svcChage(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-l", "--list") {
		return
	}
	r.mutates()
	u := svcAt(c.Positional(), 0)
	r.add(c.find(svcAccountModify, "Changes the password ageing or expiry of "+svcQuote(u)+".", u))
}

func svcPasswd(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-S", "--status", "-a", "--all") {
		return
	}
	r.mutates()
	pos := c.Positional()
	user := svcAt(pos, 0)
	who := "your own account"
	if user != "" {
		who = user
	}
	switch {
	case c.Has("-d", "--delete"):
		r.add(c.find(svcAccountNoPassword, "Removes the password of "+who+": it can then log in without one.", user))
	case c.Has("-l", "--lock"):
		r.add(c.find(svcAccountPassword, "Locks the password of "+who+": it can no longer log in with it.", user))
	default:
		r.add(c.find(svcAccountPassword, "Changes the password of "+who+".", user))
	}
}

func svcChpasswd(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	r.mutates()
	r.add(c.find(svcAccountPassword, "Sets the passwords of the accounts listed on its input."))
}

func svcVisudo(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-c", "--check") {
		return
	}
	r.mutates()
	f, _ := c.Flag("-f", "--file")
	r.add(c.find(svcSudoers, "Edits the sudoers rules"+svcIf(f != "", " in "+f)+": who may run what as root.", svcTargets(f)...))
}
