package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// System package managers: apt, dpkg, rpm, yum/dnf, pacman (and the AUR
// helpers yay and paru), zypper, apk, Homebrew, MacPorts, snap and flatpak.
// Installing or upgrading changes the machine for every user and project;
// removing can take essential pieces (libc, sudo, the kernel) with it. New
// package sources and signing keys are svcPkgIndex findings.

var (
	svcPkgSystemInstall = &rule.Rule{
		ID: "shell.pkg.system-install", Category: rule.System, Points: svcConfirm,
		Summary:     "Installs or upgrades system packages: the machine changes for every user and project.",
		Alternative: "use a container or a project-local tool where you can; run with --simulate (apt) or --assumeno (dnf) to see what changes",
		Match: []string{"apt-get install -y jq", "sudo apt install nginx", "yum install -y httpd", "dnf upgrade", "pacman -S firefox", "brew install jq", "apk add curl",
			"snap install code --classic", "dpkg -i pkg.deb", "rpm -ivh pkg.rpm", "zypper in vim", "apt-get dist-upgrade -y"},
		NoMatch: []string{"apt-get update", "apt list --installed", "apt-cache search jq", "yum search httpd", "pacman -Ss firefox", "brew info jq", "brew list", "apt-get install -s jq", "dpkg -l"},
	}
	svcPkgSystemRemove = &rule.Rule{
		ID: "shell.pkg.system-remove", Category: rule.System, Points: svcChange,
		Summary:     "Removes system packages (and with purge, their configuration); removing essential ones can leave the machine unusable.",
		Alternative: "simulate first (apt-get remove -s, dnf remove --assumeno, pacman -Rp) and read the list of what goes with it",
		Match: []string{"apt-get remove -y nginx", "apt purge mysql-server", "apt-get autoremove -y", "yum remove httpd", "pacman -Rns firefox", "dpkg --purge nginx",
			"brew uninstall --force node", "snap remove code", "flatpak uninstall org.gimp.GIMP", "apk del curl", "sudo apt-get remove --purge sudo"},
		NoMatch: []string{"apt-get remove -s nginx", "apt show nginx", "pacman -Qi firefox", "brew deps node"},
	}
)

var svcSystemPackageRules = []*rule.Rule{
	svcPkgSystemInstall, svcPkgSystemRemove,
}

func svcSystemPackageHandlers() map[string]handler {
	return map[string]handler{
		"apt": svcApt, "apt-get": svcApt, "aptitude": svcApt, "dpkg": svcDpkg, "rpm": svcRpm,
		"yum": svcYum, "dnf": svcYum, "microdnf": svcYum, "tdnf": svcYum, "pacman": svcPacman, "yay": svcPacman, "paru": svcPacman,
		"zypper": svcZypper, "apk": svcApk, "brew": svcBrew, "port": svcPort, "snap": svcSnap, "flatpak": svcFlatpak,
		"add-apt-repository": svcAddAptRepo, "apt-key": svcAptKey, "yum-config-manager": svcYumConfig,
	}
}

// svcCriticalPackages are packages whose removal can leave a machine
// unusable (no login, no network, no package manager, no boot).
var svcCriticalPackages = map[string]bool{"sudo": true, "systemd": true, "systemd-sysv": true, "libc6": true, "libc-bin": true, "glibc": true, "glibc-common": true,
	"bash": true, "dash": true, "coreutils": true, "util-linux": true, "login": true, "passwd": true, "shadow-utils": true, "openssh-server": true, "openssh": true,
	"ssh": true, "apt": true, "dpkg": true, "rpm": true, "yum": true, "dnf": true, "pacman": true, "zypper": true, "apk-tools": true, "python3": true, "python3-minimal": true,
	"perl-base": true, "init": true, "initscripts": true, "udev": true, "dbus": true, "network-manager": true, "networkmanager": true, "netplan.io": true, "ifupdown": true,
	"base-files": true, "base-passwd": true, "e2fsprogs": true, "mount": true, "tar": true, "gzip": true, "sed": true, "grep": true, "findutils": true, "procps": true,
	"iproute2": true, "ca-certificates": true, "linux": true, "kernel": true, "kernel-core": true, "linux-generic": true, "filesystem": true, "bash-completion": false}

// svcCritical returns the critical packages among names.
func svcCritical(names []string) []string {
	var out []string
	for _, n := range names {
		l := svcLower(n)
		if i := strings.IndexAny(l, ":=<>"); i > 0 {
			l = l[:i]
		}
		if svcCriticalPackages[l] || strings.HasPrefix(l, "linux-image") || strings.HasPrefix(l, "grub") || strings.HasPrefix(l, "shim") ||
			strings.HasPrefix(l, "kernel-") && !strings.Contains(l, "devel") && !strings.Contains(l, "headers") || l == "*" || strings.HasPrefix(l, "*") {
			out = append(out, n)
		}
	}
	return out
}

// svcSysPkg reports what a system package manager is asked to do.
func svcSysPkg(c *Cmd, r *report, action string, pkgs []string) {
	r.mutates()
	tool := c.Name
	switch action {
	case "install":
		svcSupplyChainHook(c, r, tool, pkgs)
		if len(pkgs) == 0 {
			r.add(c.find(svcPkgSystemInstall, "Installs system packages with "+tool+"."))
			return
		}
		r.add(c.find(svcPkgSystemInstall, "Installs the system package"+svcPlural(len(pkgs), " ", "s ")+svcList(pkgs)+" with "+tool+".", pkgs...))
	case "upgrade":
		what := "every upgradable system package"
		if len(pkgs) > 0 {
			what = svcList(pkgs)
		}
		r.add(c.find(svcPkgSystemInstall, "Upgrades "+what+" with "+tool+".", pkgs...))
	case "remove", "purge", "autoremove":
		crit := svcCritical(pkgs)
		verb := "Removes"
		if action == "purge" {
			verb = "Removes (with their configuration)"
		}
		what := "the system package" + svcPlural(len(pkgs), " ", "s ") + svcList(pkgs)
		if action == "autoremove" && len(pkgs) == 0 {
			what = "every package nothing depends on any more"
		}
		if len(crit) > 0 {
			r.add(c.find(svcPkgSystemRemove, verb+" "+what+" with "+tool+"; "+svcList(crit)+svcPlural(len(crit), " is", " are")+" essential: the machine may be left without login, network, package manager or boot.", pkgs...).WithPoints(svcDestroy))
			return
		}
		r.add(c.find(svcPkgSystemRemove, verb+" "+what+" with "+tool+".", pkgs...))
	}
}

func svcApt(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-v", "--version") && len(c.Args) == 1 {
		return
	}
	sub, pkgs := svcSubcommand(c)
	if c.Has("-s", "--simulate", "--dry-run", "--just-print", "--no-act", "--recon", "--assume-no", "--print-uris", "-d", "--download-only") {
		return
	}
	switch sub {
	case "install", "reinstall", "build-dep", "satisfy":
		if c.Has("--allow-unauthenticated") {
			r.add(c.find(svcPkgIndex, "Installs packages whose signatures cannot be checked (--allow-unauthenticated)."))
		}
		svcSysPkg(c, r, "install", pkgs)
	case "upgrade", "dist-upgrade", "full-upgrade", "safe-upgrade":
		svcSysPkg(c, r, "upgrade", pkgs)
	case "remove":
		if c.Has("--purge") {
			svcSysPkg(c, r, "purge", pkgs)
			return
		}
		svcSysPkg(c, r, "remove", pkgs)
	case "purge":
		svcSysPkg(c, r, "purge", pkgs)
	case "autoremove", "autopurge":
		svcSysPkg(c, r, "autoremove", pkgs)
	case "list", "search", "show", "showsrc", "policy", "depends", "rdepends", "changelog", "madison", "why", "why-not", "help", "":
	default:
		r.mutates()
	}
}

func svcDpkg(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	force := false
	for _, a := range c.Args {
		if strings.HasPrefix(a, "--force-remove-essential") || a == "--force-all" || strings.HasPrefix(a, "--force-depends") {
			force = true
		}
	}
	if c.Has("--dry-run", "--no-act", "--simulate") {
		return
	}
	pkgs := c.Positional()
	switch {
	case c.Has("-i", "--install", "--unpack"):
		svcSysPkg(c, r, "install", pkgs)
	case c.Has("-P", "--purge"):
		svcSysPkg(c, r, "purge", svcForce(pkgs, force))
	case c.Has("-r", "--remove"):
		svcSysPkg(c, r, "remove", svcForce(pkgs, force))
	case c.Has("-l", "--list", "-L", "--listfiles", "-s", "--status", "-S", "--search", "-c", "--contents", "-I", "--info", "--get-selections", "-p", "--print-avail", "--print-architecture", "--compare-versions", "--audit", "-C"):
	default:
		r.mutates()
	}
}

// svcForce marks a removal forced past dpkg's or rpm's safety checks as
// essential, so that it weighs what removing an essential package weighs.
func svcForce(pkgs []string, force bool) []string {
	if !force {
		return pkgs
	}
	return append(append([]string{}, pkgs...), "*")
}

func svcRpm(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("--test") {
		return
	}
	mode := ""
	for _, a := range c.Args {
		switch {
		case a == "--install" || a == "--upgrade" || a == "--freshen" || a == "--reinstall":
			mode = "install"
		case a == "--erase":
			mode = "remove"
		case a == "--query" || a == "--verify" || a == "--checksig":
			mode = "read"
		case a == "--import":
			mode = "import"
		case isCluster(a) && mode == "":
			switch a[1] {
			case 'i', 'U', 'F':
				mode = "install"
			case 'e':
				mode = "remove"
			case 'q', 'V', 'K':
				mode = "read"
			}
		}
	}
	pkgs := c.Positional()
	switch mode {
	case "install":
		svcSysPkg(c, r, "install", pkgs)
	case "remove":
		svcSysPkg(c, r, "remove", svcForce(pkgs, c.Has("--nodeps")))
	case "import":
		r.mutates()
		r.add(c.find(svcPkgIndex, "Trusts the signing key "+svcList(pkgs)+" for every package it signs.", pkgs...))
	case "read":
	default:
		r.mutates()
	}
}

func svcYum(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("--assumeno") {
		return
	}
	sub, pkgs := svcSubcommand(c)
	if svcIn(sub, "group", "groups", "module") && len(pkgs) > 0 {
		sub, pkgs = sub+" "+pkgs[0], pkgs[1:]
	}
	if c.Has("--nogpgcheck") && !svcIn(sub, "list", "info", "search") {
		r.add(c.find(svcPkgIndex, "Installs packages without checking their signatures (--nogpgcheck)."))
	}
	switch sub {
	case "install", "in", "reinstall", "localinstall", "groupinstall", "group install", "groups install", "downgrade", "swap", "module install", "module enable":
		svcSysPkg(c, r, "install", pkgs)
	case "update", "upgrade", "up", "update-to", "upgrade-to", "distro-sync", "dsync", "upgrade-minimal", "update-minimal", "group update", "group upgrade":
		svcSysPkg(c, r, "upgrade", pkgs)
	case "remove", "erase", "rm", "groupremove", "group remove", "group erase", "groups remove", "module remove":
		svcSysPkg(c, r, "remove", pkgs)
	case "autoremove":
		svcSysPkg(c, r, "autoremove", pkgs)
	case "config-manager":
		r.mutates()
		if v, ok := c.Flag("--add-repo", "--addrepo"); ok {
			r.add(c.find(svcPkgIndex, "Adds the package repository "+v+": its packages will be installed like the distribution's.", v))
		}
	case "list", "info", "search", "provides", "whatprovides", "repolist", "repoinfo", "check-update", "deplist", "repoquery", "history", "help", "check", "changelog", "": // reads
	default:
		r.mutates()
	}
}

func svcYumConfig(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	r.mutates()
	if v, ok := c.Flag("--add-repo", "--addrepo"); ok {
		r.add(c.find(svcPkgIndex, "Adds the package repository "+v+": its packages will be installed like the distribution's.", v))
	}
}

func svcPacman(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-V") {
		return
	}
	op, letters := "", ""
	for _, a := range c.Args {
		if a == "--" {
			break
		}
		switch {
		case strings.HasPrefix(a, "--"):
			switch a {
			case "--sync":
				op = "S"
			case "--remove":
				op = "R"
			case "--upgrade":
				op = "U"
			case "--query", "--files", "--deptest":
				op = "Q"
			case "--print":
				letters += "p"
			case "--search":
				letters += "s"
			case "--info":
				letters += "i"
			case "--sysupgrade":
				letters += "u"
			case "--cascade":
				letters += "c"
			case "--nodeps":
				letters += "d"
			}
		case len(a) > 1 && a[0] == '-':
			for _, ch := range a[1:] {
				if strings.ContainsRune("SRUQFDT", ch) && op == "" {
					op = string(ch)
				} else {
					letters += string(ch)
				}
			}
		}
	}
	pkgs := c.Positional()
	aur := c.Name != "pacman"
	switch op {
	case "S":
		switch {
		case strings.ContainsAny(letters, "silgp"):
		case strings.ContainsRune(letters, 'c') || strings.ContainsRune(letters, 'w'):
			r.mutates()
		case len(pkgs) > 0:
			svcSysPkg(c, r, "install", pkgs)
			if aur {
				r.add(c.find(svcPkgIndex, "Installs "+svcList(pkgs)+" possibly from the AUR, whose build scripts are written by anyone and run on this machine.", pkgs...))
			}
		case strings.ContainsRune(letters, 'u'):
			svcSysPkg(c, r, "upgrade", nil)
		default:
			r.mutates()
		}
	case "R":
		if strings.ContainsRune(letters, 'p') {
			return
		}
		if strings.Count(letters, "d") >= 2 {
			pkgs = svcForce(pkgs, true)
		}
		svcSysPkg(c, r, "remove", pkgs)
	case "U":
		svcSysPkg(c, r, "install", pkgs)
	case "Q", "F", "T":
	case "":
		if aur && len(pkgs) == 0 {
			svcSysPkg(c, r, "upgrade", nil) // yay / paru alone upgrade everything
		} else if aur {
			r.mutates()
		}
	default:
		r.mutates()
	}
}

func svcZypper(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("--dry-run", "-D") {
		return
	}
	sub, pkgs := svcSubcommand(c)
	if c.Has("--no-gpg-checks", "--gpg-auto-import-keys") {
		r.add(c.find(svcPkgIndex, "Skips or auto-accepts package signature checks."))
	}
	switch sub {
	case "install", "in":
		svcSysPkg(c, r, "install", pkgs)
	case "update", "up", "dist-upgrade", "dup", "patch":
		svcSysPkg(c, r, "upgrade", pkgs)
	case "remove", "rm":
		svcSysPkg(c, r, "remove", pkgs)
	case "addrepo", "ar":
		r.mutates()
		r.add(c.find(svcPkgIndex, "Adds the package repository "+svcList(pkgs)+": its packages will be installed like the distribution's.", pkgs...))
	case "search", "se", "info", "if", "list-updates", "lu", "repos", "lr", "packages", "pa", "patches", "pch", "what-provides", "wp", "products", "pd", "":
	default:
		r.mutates()
	}
}

func svcApk(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-s", "--simulate") {
		return
	}
	sub, pkgs := svcSubcommand(c)
	if c.Has("--allow-untrusted") {
		r.add(c.find(svcPkgIndex, "Installs packages whose signatures are not trusted (--allow-untrusted)."))
	}
	if v, ok := c.Flag("-X", "--repository"); ok && svcIn(sub, "add", "upgrade", "fix") {
		r.add(c.find(svcPkgIndex, "Installs from the repository "+v+" as well as the distribution's.", v))
	}
	switch sub {
	case "add":
		svcSysPkg(c, r, "install", pkgs)
	case "upgrade":
		svcSysPkg(c, r, "upgrade", pkgs)
	case "del":
		svcSysPkg(c, r, "remove", pkgs)
	case "search", "info", "list", "policy", "stats", "dot", "version", "audit", "":
	default:
		r.mutates()
	}
}

func svcBrew(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	sub, pkgs := svcSubcommand(c)
	switch sub {
	case "install", "reinstall":
		svcSysPkg(c, r, "install", pkgs)
	case "upgrade":
		svcSysPkg(c, r, "upgrade", pkgs)
	case "uninstall", "remove", "rm":
		svcSysPkg(c, r, "remove", pkgs)
	case "autoremove":
		r.mutates()
		r.add(c.find(svcPkgSystemRemove, "Removes every Homebrew formula nothing depends on any more.").WithPoints(svcConfirm))
	case "tap":
		if len(pkgs) > 0 {
			r.mutates()
			r.add(c.find(svcPkgIndex, "Adds the third-party Homebrew tap "+pkgs[0]+": its formulae run their own install code.", pkgs[0]))
		}
	case "services":
		svcBrewServices(c, r, pkgs)
	case "list", "ls", "info", "abv", "search", "outdated", "deps", "uses", "leaves", "config", "--prefix", "--cellar", "--repository", "--cache", "--version",
		"home", "desc", "doctor", "commands", "log", "cat", "formulae", "casks", "missing", "options", "shellenv", "--env", "":
	default:
		r.mutates()
	}
}

func svcPort(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	sub, pkgs := svcSubcommand(c)
	switch sub {
	case "install":
		svcSysPkg(c, r, "install", pkgs)
	case "upgrade", "selfupdate":
		svcSysPkg(c, r, "upgrade", pkgs)
	case "uninstall":
		svcSysPkg(c, r, "remove", pkgs)
	case "search", "info", "installed", "list", "deps", "contents", "outdated", "provides", "echo", "":
	default:
		r.mutates()
	}
}

func svcSnap(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	sub, pkgs := svcSubcommand(c)
	switch sub {
	case "install":
		if c.Has("--dangerous", "--devmode") {
			r.add(c.find(svcPkgIndex, "Installs a snap without signature checks or confinement (--dangerous / --devmode).", pkgs...))
		}
		svcSysPkg(c, r, "install", pkgs)
	case "refresh", "revert":
		if c.Has("--list", "--time") {
			return
		}
		svcSysPkg(c, r, "upgrade", pkgs)
	case "remove":
		svcSysPkg(c, r, "remove", pkgs)
		if c.Has("--purge") {
			r.add(c.find(svcPkgSystemRemove, "Removes "+svcList(pkgs)+" without keeping a snapshot of its data (--purge).", pkgs...).WithPoints(svcLose))
		}
	case "list", "info", "find", "search", "connections", "services", "version", "changes", "tasks", "logs", "interfaces", "known", "get", "":
	default:
		r.mutates()
	}
}

func svcFlatpak(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	sub, pkgs := svcSubcommand(c)
	switch sub {
	case "install":
		if c.Has("--no-gpg-verify") {
			r.add(c.find(svcPkgIndex, "Installs without checking signatures (--no-gpg-verify).", pkgs...))
		}
		svcSysPkg(c, r, "install", pkgs)
	case "update", "upgrade":
		svcSysPkg(c, r, "upgrade", pkgs)
	case "uninstall", "remove":
		if c.Has("--all", "--delete-data") {
			r.mutates()
			r.add(c.find(svcPkgSystemRemove, "Removes "+svcOr(svcList(pkgs), "every Flatpak application")+svcIf(c.Has("--delete-data"), " together with its data")+".", pkgs...).WithPoints(svcLose))
			return
		}
		svcSysPkg(c, r, "remove", pkgs)
	case "remote-add":
		r.mutates()
		r.add(c.find(svcPkgIndex, "Adds the Flatpak remote "+svcList(pkgs)+": its applications will be installable like the distribution's.", pkgs...))
	case "list", "info", "search", "remotes", "remote-ls", "remote-info", "history", "ps", "documents", "permissions", "":
	default:
		r.mutates()
	}
}

func svcAddAptRepo(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-r", "--remove") || c.Has("-L", "--list") {
		if c.Has("-r", "--remove") {
			r.mutates()
		}
		return
	}
	r.mutates()
	src := svcList(c.Positional())
	r.add(c.find(svcPkgIndex, "Adds the package source "+src+": its packages will be trusted and installed like the distribution's.", src))
}

func svcAptKey(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	switch svcAt(w, 0) {
	case "add", "adv":
		r.mutates()
		r.add(c.find(svcPkgIndex, "Trusts a new signing key for every package source: packages it signs install without warning."))
	case "list", "finger", "fingerprint", "export", "exportall", "":
	default:
		r.mutates()
	}
}
