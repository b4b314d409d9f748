package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// macOS's own protections and records, as its command-line tools change
// them: the quarantine mark that makes Gatekeeper check a download before
// it first runs (xattr, spctl, the LaunchServices default), the settings
// that switch FileVault, the application firewall, the password on wake or
// the sealed system volume off (fdesetup, csrutil, defaults write), the
// login hook that runs a script as root at every login, Time Machine's
// backups and local snapshots (tmutil), a root certificate trusted for
// every site (security add-trusted-cert), and the directory service's user
// accounts (dscl, sysadminctl, dseditgroup).

var (
	macQuarantineOff = &rule.Rule{
		ID: "shell.macos.quarantine-off", Category: rule.Execution, Points: svcLose,
		Summary:     "Takes macOS's quarantine mark off downloaded software, or lets it past Gatekeeper: it runs without its signature and notarisation being checked.",
		Alternative: "open the app once from Finder (Control-click, Open) so Gatekeeper checks it, or verify it first (spctl --assess -v, codesign -dv)",
		Match: []string{"xattr -d com.apple.quarantine ~/Downloads/tool", "xattr -dr com.apple.quarantine /Applications/X.app", "xattr -cr ~/Downloads/X.app",
			"spctl --add ~/Downloads/x.app"},
		NoMatch: []string{"xattr -l ~/Downloads/tool", "xattr -p com.apple.quarantine ~/Downloads/tool", "xattr -c notes.txt", "spctl --status", "spctl --assess -v X.app"},
	}
	macProtectionOff = &rule.Rule{
		ID: "shell.macos.protection-off", Category: rule.SecurityBypass, Points: 110,
		Summary:     "Switches off a macOS protection: FileVault's disk encryption, the application firewall, the password on wake, the sealed system volume, the quarantine of downloads, or Gatekeeper for Terminal or its re-arming.",
		Alternative: "leave the protection on; change the one setting a program needs in System Settings",
		Match: []string{"fdesetup disable", "csrutil authenticated-root disable", "defaults write /Library/Preferences/com.apple.alf globalstate -int 0",
			"defaults write com.apple.screensaver askForPassword -int 0", "defaults write /Library/Preferences/com.apple.security GKAutoRearm -bool false",
			"defaults write com.apple.LaunchServices LSQuarantine -bool false", "spctl developer-mode enable-terminal"},
		NoMatch: []string{"fdesetup status", "csrutil authenticated-root status", "defaults write com.apple.dock autohide -bool true", "defaults write /Library/Preferences/com.apple.alf globalstate -int 1",
			"defaults read com.apple.LaunchServices"},
	}
	macLoginHook = &rule.Rule{
		ID: "shell.macos.login-hook", Category: rule.Escalation, Points: svcLose,
		Summary:     "Sets a login or logout hook: macOS runs the script as root at every login, outside this session.",
		Alternative: "run the script yourself, or install a LaunchAgent you can see and remove",
		Match:       []string{"defaults write com.apple.loginwindow LoginHook /tmp/x.sh", "defaults write com.apple.loginwindow LogoutHook /Users/me/bin/out.sh"},
		NoMatch:     []string{"defaults read com.apple.loginwindow", "defaults write com.apple.loginwindow TALLogoutSavesState -bool false"},
	}
	macBackupDelete = &rule.Rule{
		ID: "shell.macos.backup-delete", Category: rule.Destructive, Points: svcLose,
		Summary:     "Deletes Time Machine backups or local snapshots, or stops Time Machine: the versions they kept cannot be brought back.",
		Alternative: "list them first (tmutil listbackups, tmutil listlocalsnapshots /) and free space by deleting one old backup at a time",
		Match: []string{"tmutil delete /Volumes/TM/Backups.backupdb/mac/2024-01-01-000000", "tmutil delete -d /Volumes/TM -t 2024-01-01-000000",
			"tmutil deletelocalsnapshots /", "tmutil thinlocalsnapshots / 999999999999 4", "tmutil disable", "diskutil apfs deleteSnapshot disk1s1 -uuid X"},
		NoMatch: []string{"tmutil listbackups", "tmutil status", "tmutil startbackup", "tmutil listlocalsnapshots /", "diskutil apfs list"},
	}
	macTrustCert = &rule.Rule{
		ID: "shell.macos.trust-cert", Category: rule.Configuration, Points: svcLose,
		Summary:     "Trusts a certificate as a root authority in a macOS keychain: whoever holds its key can read and change this machine's encrypted traffic to any site.",
		Alternative: "trust it for the one program that needs it (its own CA bundle setting), not the keychain",
		Match:       []string{"security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain /tmp/ca.crt", "security add-trusted-cert ca.pem"},
		NoMatch:     []string{"security verify-cert -c ca.pem", "security find-certificate -a"},
	}
)

var macRules = []*rule.Rule{macQuarantineOff, macProtectionOff, macLoginHook, macBackupDelete, macTrustCert}

func macHandlers() map[string][]handler {
	return map[string][]handler{
		"xattr": {macXattr}, "spctl": {macSpctl}, "fdesetup": {macFdesetup}, "csrutil": {macCsrutil}, "defaults": {macDefaults},
		"tmutil": {macTmutil}, "security": {macSecurityTrust}, "dscl": {macDscl}, "sysadminctl": {macSysadminctl},
	}
}

// macQuarantine is the extended attribute of a download that Gatekeeper
// checks.
const macQuarantine = "com.apple.quarantine"

// macXattr: xattr -d com.apple.quarantine FILE (or -c, which clears every
// attribute, on an app, an installer or a download).
func macXattr(c *Cmd, r *report) {
	pos := c.Positional()
	if c.Has("-d", "-c") {
		r.mutates()
	}
	switch {
	case c.Has("-d") && slices.Contains(pos, macQuarantine):
		r.add(c.find(macQuarantineOff, "Takes the quarantine mark off "+macOperands(pos, macQuarantine)+": Gatekeeper no longer checks it before it runs.", pos...))
	case c.Has("-c") && slices.ContainsFunc(pos, macDownloadLike):
		r.add(c.find(macQuarantineOff, "Clears every attribute of "+macOperands(pos, "")+", the quarantine mark included: Gatekeeper no longer checks it before it runs.", pos...))
	}
}

// macOperands joins the words of pos other than skip, for a message.
func macOperands(pos []string, skip string) string {
	var out []string
	for _, p := range pos {
		if p != skip {
			out = append(out, p)
		}
	}
	return infraOr(strings.Join(out, " "), "the file")
}

// macDownloadLike reports a path that is software or a download: an app,
// an installer, a disk image, a script macOS opens in Terminal, or a file
// under Downloads.
func macDownloadLike(p string) bool {
	l := strings.ToLower(strings.TrimSuffix(p, "/"))
	switch path.Ext(l) {
	case ".app", ".pkg", ".dmg", ".command", ".mpkg", ".kext", ".dylib":
		return true
	}
	return strings.Contains(l, "downloads/") || strings.HasSuffix(l, "downloads")
}

// macSpctl: spctl --add (a rule that lets a program past Gatekeeper) and
// developer-mode enable-terminal (Terminal's programs skip it).
func macSpctl(c *Cmd, r *report) {
	pos := c.Positional()
	switch {
	case c.Has("--add"):
		r.add(c.find(macQuarantineOff, "Adds a Gatekeeper rule that lets "+macOperands(pos, "")+" run without its signature being checked.", pos...))
	case len(pos) >= 2 && pos[0] == "developer-mode" && pos[1] == "enable-terminal":
		r.mutates()
		r.add(c.find(macProtectionOff, "Puts Terminal in developer mode: what it runs skips Gatekeeper's checks."))
	}
}

// macFdesetup: fdesetup disable decrypts the startup disk.
func macFdesetup(c *Cmd, r *report) {
	if !macVerbIn(svcAt(c.Positional(), 0), "", "status", "list", "isactive", "haspersonalrecoverykey", "hasinstitutionalrecoverykey", "supportsauthrestart", "showdeferralinfo", "help", "version") {
		r.mutates()
	}
	if svcAt(c.Positional(), 0) == "disable" {
		r.mutates()
		r.add(c.find(macProtectionOff, "Turns FileVault off: the disk is decrypted and readable by whoever holds the machine."))
	}
}

// macCsrutil: csrutil authenticated-root disable unseals the system volume.
func macCsrutil(c *Cmd, r *report) {
	pos := c.Positional()
	if len(pos) >= 2 && pos[1] != "status" {
		r.mutates()
	}
	if len(pos) >= 2 && pos[0] == "authenticated-root" && pos[1] == "disable" {
		r.add(c.find(macProtectionOff, "Turns off the sealed system volume: macOS's own files can be changed unnoticed."))
	}
}

// macDefault is a defaults key whose value switches a protection off (or a
// hook on): the domain's last element, the key, and the values that do it
// ("" for any).
type macDefault struct {
	domain, key string
	off         []string
	rule        *rule.Rule
	what        string
}

var macDefaultKeys = []macDefault{
	{"com.apple.launchservices", "lsquarantine", []string{"false", "no", "0"}, macProtectionOff, "Stops macOS from marking downloads as quarantined: Gatekeeper no longer checks them before they run."},
	{"com.apple.security", "gkautorearm", []string{"false", "no", "0"}, macProtectionOff, "Stops Gatekeeper from switching itself back on."},
	{"com.apple.alf", "globalstate", []string{"0"}, macProtectionOff, "Turns the macOS application firewall off."},
	{"com.apple.screensaver", "askforpassword", []string{"false", "no", "0"}, macProtectionOff, "Turns off the password asked when the machine wakes: whoever is at it gets your session."},
	{"com.apple.loginwindow", "loginhook", nil, macLoginHook, "Sets a login hook: the script runs as root at every login."},
	{"com.apple.loginwindow", "logouthook", nil, macLoginHook, "Sets a logout hook: the script runs as root at every logout."},
}

// macDefaults: defaults write DOMAIN KEY [-type] VALUE of a key of
// macDefaultKeys.
func macDefaults(c *Cmd, r *report) {
	pos := c.Positional()
	if macVerbIn(svcAt(pos, 0), "write", "delete", "import", "rename") {
		r.mutates()
	}
	if len(pos) < 3 || pos[0] != "write" {
		return
	}
	domain := strings.TrimSuffix(strings.ToLower(path.Base(pos[1])), ".plist")
	key := strings.ToLower(pos[2])
	value := strings.ToLower(lastOf(pos[3:]))
	if len(pos) == 3 {
		value = strings.ToLower(lastOf(c.Args)) // -bool false: the value follows the type option
	}
	for _, d := range macDefaultKeys {
		if d.domain != domain || d.key != key || d.off != nil && !slices.Contains(d.off, value) {
			continue
		}
		r.mutates()
		r.add(c.find(d.rule, d.what, pos[1]))
		return
	}
}

// macTmutil: tmutil's verbs that delete backups or stop them.
func macTmutil(c *Cmd, r *report) {
	pos := c.Positional()
	if !strings.HasPrefix(svcAt(pos, 0), "list") && !macVerbIn(svcAt(pos, 0), "", "status", "version", "help", "latestbackup", "machinedirectory", "destinationinfo", "isexcluded", "uniquesize", "compare", "calculatedrift", "verifychecksums") {
		r.mutates()
	}
	switch svcAt(pos, 0) {
	case "delete":
		r.mutates()
		r.add(c.find(macBackupDelete, "Deletes Time Machine backups ("+macOperands(pos[1:], "")+"): what they kept cannot be brought back.", pos[1:]...))
	case "deletelocalsnapshots", "thinlocalsnapshots":
		r.mutates()
		r.add(c.find(macBackupDelete, "Deletes Time Machine's local snapshots of "+infraOr(svcAt(pos, 1), "the disk")+": the earlier versions they kept are gone.", pos[1:]...))
	case "disable", "removedestination":
		r.mutates()
		r.add(c.find(macBackupDelete, "Stops Time Machine's backups ("+pos[0]+"): nothing made from now on is kept."))
	}
}

// macSecurityTrust: security add-trusted-cert.
func macSecurityTrust(c *Cmd, r *report) {
	pos := c.Positional()
	if svcAt(pos, 0) == "add-trusted-cert" {
		r.mutates()
		r.add(c.find(macTrustCert, "Trusts "+infraOr(lastOf(pos[1:]), "a certificate")+" as a root authority: whoever holds its key can read and change this machine's encrypted traffic.", pos[1:]...))
	}
}

// macUserPath returns the account an operand /Users/NAME names, or "".
func macUserPath(p string) string {
	if name, ok := strings.CutPrefix(p, "/Users/"); ok && name != "" && !strings.Contains(name, "/") {
		return name
	}
	return ""
}

// macAdminGroup reports the directory path or name of macOS's admin group.
func macAdminGroup(g string) bool {
	g = strings.TrimPrefix(g, "/Groups/")
	return g == "admin" || g == "wheel"
}

// macDscl: dscl NODE -delete /Users/NAME, -passwd, and membership of the
// admin group (-append /Groups/admin GroupMembership NAME).
func macDscl(c *Cmd, r *report) {
	args := c.Args
	for i := 0; i+1 < len(args); i++ {
		op := strings.ToLower(strings.TrimPrefix(args[i], "-"))
		target := args[i+1]
		if macVerbIn(op, "create", "append", "merge", "delete", "passwd", "change", "changei", "authonly") {
			r.mutates()
		}
		switch {
		case op == "delete" && macUserPath(target) != "" && i+2 >= len(args):
			r.mutates()
			r.add(c.find(svcAccountDelete, "Deletes the user account "+macUserPath(target)+" from the directory service.", target))
			return
		case op == "passwd" && macUserPath(target) != "":
			r.mutates()
			r.add(c.find(svcAccountPassword, "Sets a new password for the user "+macUserPath(target)+".", target))
			return
		case (op == "append" || op == "merge" || op == "create") && macAdminGroup(target) && i+2 < len(args) && strings.EqualFold(args[i+2], "GroupMembership"):
			r.mutates()
			r.add(c.find(svcAccountPrivGroup, "Adds "+infraOr(strings.Join(args[i+3:], " "), "a user")+" to macOS's admin group: they get root through sudo.", target))
			return
		}
	}
}

// macSysadminctl: sysadminctl -deleteUser, -resetPasswordFor, -addUser
// … -admin.
func macSysadminctl(c *Cmd, r *report) {
	r.mutates() // every action but the -status ones changes an account or a setting
	if v, ok := c.Flag("-deleteUser"); ok {
		r.mutates()
		r.add(c.find(svcAccountDelete, "Deletes the user account "+v+" (and its home folder unless -keepHome).", v))
		return
	}
	if v, ok := c.Flag("-resetPasswordFor"); ok {
		r.mutates()
		r.add(c.find(svcAccountPassword, "Sets a new password for the user "+v+".", v))
		return
	}
	if v, ok := c.Flag("-addUser"); ok && c.Has("-admin") {
		r.mutates()
		r.add(c.find(svcAccountPrivGroup, "Creates the administrator account "+v+": it gets root through sudo.", v))
	}
}

// macVerbIn reports whether verb is one of verbs.
func macVerbIn(verb string, verbs ...string) bool { return slices.Contains(verbs, verb) }
