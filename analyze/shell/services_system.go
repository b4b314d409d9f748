package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// The machine's services and power: systemctl, service and its relatives
// (rc-service, rc-update, chkconfig, update-rc.d, runit's sv, brew services),
// launchctl, shutdown/reboot/halt/poweroff, init/telinit, kexec and
// loginctl. Processes and scheduled jobs are in services_process.go.

var (
	svcServiceStop = &rule.Rule{
		ID: "shell.service.stop", Category: rule.System, Points: svcChange,
		Summary:     "Stops, disables or masks a system service: whatever depends on it stops working.",
		Alternative: "check what depends on it first (systemctl list-dependencies --reverse UNIT); restart rather than stop when a restart is what you need",
		Match: []string{"systemctl stop nginx", "sudo systemctl disable --now postgresql", "systemctl mask bluetooth", "service apache2 stop", "launchctl unload ~/Library/LaunchAgents/com.example.plist",
			"systemctl kill -s SIGKILL redis", "systemctl stop sshd", "rc-service nginx stop"},
		NoMatch: []string{"systemctl status nginx", "systemctl list-units", "service --status-all", "systemctl is-active nginx", "launchctl list"},
	}
	svcServiceStart = &rule.Rule{
		ID: "shell.service.start", Category: rule.System, Points: svcSmall,
		Summary:     "Starts, restarts, enables or reloads a system service.",
		Alternative: "check its configuration first (nginx -t, systemctl cat UNIT)",
		Match:       []string{"systemctl restart nginx", "systemctl enable --now docker", "service nginx reload", "launchctl load -w /Library/LaunchDaemons/com.example.plist"},
		NoMatch:     []string{"systemctl status docker", "systemctl --user restart pipewire", "systemctl daemon-reload"},
	}
	svcSecurityServiceOff = &rule.Rule{
		ID: "shell.security.service-off", Category: rule.SecurityBypass, Points: 110,
		Summary:     "Stops or disables a security service (firewall, AppArmor, audit daemon, intrusion prevention, endpoint protection, system logging).",
		Alternative: "change the service's rules instead of switching it off, and leave logging running",
		Match:       []string{"systemctl stop firewalld", "sudo systemctl disable --now ufw", "systemctl mask auditd", "service fail2ban stop", "systemctl stop apparmor", "sudo systemctl stop falcon-sensor"},
		NoMatch:     []string{"systemctl status firewalld", "systemctl restart fail2ban", "systemctl reload firewalld"},
	}
	svcPower = &rule.Rule{
		ID: "shell.power.shutdown", Category: rule.System, Points: svcDisrupt,
		Summary:     "Shuts down, reboots or halts the machine, or switches it to another run level: everything running on it stops.",
		Alternative: "schedule it (shutdown -r +10 'reason') and tell the machine's users; on a server, drain it first",
		Match:       []string{"shutdown -h now", "sudo reboot", "poweroff", "halt", "init 0", "telinit 6", "systemctl reboot", "systemctl isolate rescue.target", "shutdown -r +5"},
		NoMatch:     []string{"shutdown -c", "reboot --help", "systemctl status", "last reboot", "uptime"},
	}
)

var svcSystemRules = []*rule.Rule{
	svcServiceStop, svcServiceStart, svcSecurityServiceOff, svcPower,
}

func svcSystemHandlers() map[string]handler {
	return map[string]handler{
		"systemctl": svcSystemctl, "service": svcService, "rc-service": svcService, "rc-update": svcRcUpdate, "chkconfig": svcChkconfig,
		"update-rc.d": svcUpdateRcd, "sv": svcRunit, "launchctl": svcLaunchctl,
		"shutdown": svcShutdown, "reboot": svcShutdown, "halt": svcShutdown, "poweroff": svcShutdown, "init": svcInit, "telinit": svcInit,
		"kexec": svcKexec, "loginctl": svcLoginctl,
	}
}

// svcSecurityUnits are services that protect the machine or record what
// happens on it.
var svcSecurityUnits = map[string]string{
	"firewalld": "the firewall", "ufw": "the firewall", "nftables": "the firewall", "iptables": "the firewall", "ip6tables": "the firewall",
	"netfilter-persistent": "the firewall", "ebtables": "the firewall", "csf": "the firewall", "lfd": "the firewall's login failure daemon", "pf": "the firewall",
	"apparmor": "AppArmor", "selinux": "SELinux", "auditd": "the audit daemon", "auditbeat": "audit shipping", "fail2ban": "fail2ban (intrusion prevention)",
	"crowdsec": "CrowdSec (intrusion prevention)", "crowdsec-firewall-bouncer": "CrowdSec's firewall", "sshguard": "sshguard", "falco": "Falco (runtime security)",
	"osqueryd": "osquery", "clamav-daemon": "the antivirus", "clamd": "the antivirus", "clamav-freshclam": "antivirus updates", "wazuh-agent": "the Wazuh agent",
	"ossec": "OSSEC", "snort": "Snort (intrusion detection)", "suricata": "Suricata (intrusion detection)", "falcon-sensor": "CrowdStrike Falcon", "mdatp": "Microsoft Defender",
	"sentinelone": "SentinelOne", "rsyslog": "system logging", "syslog-ng": "system logging", "syslog": "system logging", "systemd-journald": "the system journal",
	"aide": "file integrity checks", "tripwire": "file integrity checks",
}

// svcCriticalUnits are services whose loss cuts access to the machine or
// stops everything on it.
var svcCriticalUnits = map[string]string{
	"ssh": "remote access", "sshd": "remote access", "openssh-server": "remote access", "networking": "the network", "network": "the network",
	"networkmanager": "the network", "systemd-networkd": "the network", "systemd-resolved": "name resolution", "dbus": "the system bus",
	"systemd-logind": "logins", "docker": "every container", "containerd": "every container", "kubelet": "this Kubernetes node", "crio": "every container", "cri-o": "every container",
}

// svcUnitName strips a unit's suffix and instance: "sshd.service" → "sshd".
func svcUnitName(u string) string {
	u = svcLower(u)
	for _, s := range []string{".service", ".socket", ".timer", ".target", ".mount", ".path"} {
		u = strings.TrimSuffix(u, s)
	}
	if i := strings.IndexByte(u, '@'); i >= 0 {
		u = u[:i]
	}
	return u
}

// svcStopUnits reports stopping (or disabling, masking, killing) units.
// user is true for per-user services; verb is what is done.
func svcStopUnits(c *Cmd, r *report, units []string, verb string, user bool) {
	if len(units) == 0 {
		return
	}
	for _, u := range units {
		if what, ok := svcSecurityUnits[svcUnitName(u)]; ok && !user {
			r.add(c.find(svcSecurityServiceOff, svcVerbCap(verb)+" "+u+" ("+what+"): the protection it gives is off until someone turns it back on.", u))
			return
		}
	}
	for _, u := range units {
		if what, ok := svcCriticalUnits[svcUnitName(u)]; ok && !user {
			r.add(c.find(svcServiceStop, svcVerbCap(verb)+" "+u+": "+what+" stops with it"+svcIf(svcUnitName(u) == "ssh" || svcUnitName(u) == "sshd", ", and you may lose access to the machine")+".", u).WithPoints(svcDisrupt))
			return
		}
	}
	f := c.find(svcServiceStop, svcVerbCap(verb)+" the service"+svcPlural(len(units), " ", "s ")+svcList(units)+": whatever depends on "+svcPlural(len(units), "it", "them")+" stops working.", units...)
	if user {
		f = c.find(svcServiceStop, svcVerbCap(verb)+" your user service"+svcPlural(len(units), " ", "s ")+svcList(units)+".", units...).WithPoints(svcSmall)
	}
	r.add(f)
}

func svcVerbCap(v string) string {
	switch v {
	case "stop":
		return "Stops"
	case "disable":
		return "Disables"
	case "mask":
		return "Masks (blocks from starting)"
	case "kill":
		return "Kills"
	case "freeze":
		return "Freezes"
	case "clean":
		return "Deletes the state, cache and logs of"
	case "unload", "bootout", "remove":
		return "Unloads"
	}
	return strings.ToUpper(v[:1]) + v[1:] + "s"
}

func svcSystemctl(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	verb, units := svcSubcommand(c)
	user := c.Has("--user")
	switch verb {
	case "", "status", "show", "cat", "help", "get-default", "show-environment", "list-dependencies", "whoami", "is-active", "is-enabled", "is-failed",
		"is-system-running", "list-units", "list-unit-files", "list-sockets", "list-timers", "list-jobs", "list-machines", "list-automounts", "list-paths":
		return
	case "stop", "kill", "mask", "freeze", "clean":
		r.mutates()
		svcStopUnits(c, r, units, verb, user)
	case "disable":
		r.mutates()
		svcStopUnits(c, r, units, "disable", user)
	case "isolate":
		r.mutates()
		t := svcUnitName(svcAt(units, 0))
		f := c.find(svcPower, "Switches the machine to "+svcAt(units, 0)+": every service that is not part of it stops.", svcAt(units, 0))
		switch t {
		case "rescue", "emergency", "poweroff", "reboot", "halt", "runlevel0", "runlevel1", "runlevel6":
			f = c.find(svcPower, "Switches the machine to "+svcAt(units, 0)+": nearly everything stops.", svcAt(units, 0))
		}
		r.add(f)
	case "poweroff", "reboot", "halt", "kexec", "soft-reboot", "rescue", "emergency":
		r.mutates()
		r.add(c.find(svcPower, svcPowerMsg(verb), svcTargets(svcFlagOr(c, "-H", "--host"))...))
	case "suspend", "hibernate", "hybrid-sleep", "suspend-then-hibernate", "sleep":
		r.mutates()
		r.add(c.find(svcPower, "Puts the machine to sleep ("+verb+"): everything on it pauses until someone wakes it.").WithPoints(svcChange))
	case "start", "restart", "try-restart", "reload", "reload-or-restart", "try-reload-or-restart", "condrestart", "force-reload", "enable", "reenable",
		"unmask", "link", "preset", "preset-all", "revert", "set-default", "set-property", "edit", "thaw", "add-wants", "add-requires":
		r.mutates()
		if user || len(units) == 0 {
			return
		}
		r.add(c.find(svcServiceStart, svcStartMsg(verb, units), units...))
	default:
		r.mutates()
	}
}

func svcPowerMsg(verb string) string {
	switch verb {
	case "reboot", "kexec", "soft-reboot":
		return "Reboots the machine: everything running on it stops."
	case "rescue", "emergency":
		return "Switches the machine to " + verb + " mode: nearly every service stops."
	case "halt":
		return "Halts the machine: everything running on it stops."
	}
	return "Shuts the machine down: everything running on it stops."
}

func svcStartMsg(verb string, units []string) string {
	what := svcList(units)
	switch verb {
	case "start":
		return "Starts the service " + what + "."
	case "enable", "reenable", "preset", "link":
		return "Enables the service " + what + " so that it starts at boot."
	case "reload", "force-reload":
		return "Reloads the configuration of " + what + "."
	case "unmask":
		return "Unmasks " + what + " so that it can start again."
	case "set-default":
		return "Changes the target the machine boots into (" + what + ")."
	}
	return "Restarts " + what + " (" + verb + "): its clients are cut off for a moment."
}

// svcServiceVerb handles "NAME VERB" style service managers.
func svcServiceVerb(c *Cmd, r *report, name, verb string) {
	switch verb {
	case "stop", "force-stop", "kill", "down", "exit", "off", "disable", "remove", "del", "delete":
		r.mutates()
		v := "stop"
		if svcIn(verb, "off", "disable", "remove", "del", "delete") {
			v = "disable"
		}
		svcStopUnits(c, r, []string{name}, v, false)
	case "start", "restart", "reload", "force-reload", "condrestart", "try-restart", "up", "on", "enable", "defaults", "add", "once":
		r.mutates()
		m := verb
		switch verb {
		case "on", "enable", "defaults", "add":
			m = "enable"
		case "up", "once":
			m = "start"
		}
		r.add(c.find(svcServiceStart, svcStartMsg(m, []string{name}), name))
	case "status", "check", "":
	default:
		r.mutates()
	}
}

func svcService(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("--status-all", "--list") {
		return
	}
	w := c.Positional()
	svcServiceVerb(c, r, svcAt(w, 0), svcAt(w, 1))
}

func svcRcUpdate(c *Cmd, r *report) {
	w := c.Positional()
	switch svcAt(w, 0) {
	case "del", "delete":
		svcServiceVerb(c, r, svcAt(w, 1), "disable")
	case "add":
		svcServiceVerb(c, r, svcAt(w, 1), "enable")
	}
}

func svcChkconfig(c *Cmd, r *report) {
	w := c.Positional()
	switch svcAt(w, 1) {
	case "off":
		svcServiceVerb(c, r, svcAt(w, 0), "disable")
	case "on":
		svcServiceVerb(c, r, svcAt(w, 0), "enable")
	}
	if c.Has("--del") {
		svcServiceVerb(c, r, svcAt(w, 0), "disable")
	}
}

func svcUpdateRcd(c *Cmd, r *report) {
	w := c.Positional()
	switch svcAt(w, 1) {
	case "remove", "disable":
		svcServiceVerb(c, r, svcAt(w, 0), "disable")
	case "defaults", "enable":
		svcServiceVerb(c, r, svcAt(w, 0), "enable")
	}
}

func svcRunit(c *Cmd, r *report) {
	w := c.Positional()
	verb := svcAt(w, 0)
	for _, name := range w[min(1, len(w)):] {
		svcServiceVerb(c, r, name, verb)
	}
}

// svcBrewServices handles brew services (per-user launchd services unless run with sudo).
func svcBrewServices(c *Cmd, r *report, w []string) {
	verb, name := svcAt(w, 0), svcAt(w, 1)
	switch verb {
	case "stop", "kill":
		r.mutates()
		svcStopUnits(c, r, []string{name}, verb, !c.Sudo)
	case "start", "restart", "run", "cleanup":
		r.mutates()
	}
}

func svcLaunchctl(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	verb, args := svcSubcommand(c)
	system := false
	for _, a := range args {
		if strings.HasPrefix(a, "system") || strings.HasPrefix(a, "/Library/LaunchDaemons") || strings.HasPrefix(a, "/System/") {
			system = true
		}
		if l := svcLower(a); strings.Contains(l, "com.apple.alf") || strings.Contains(l, "firewall") || strings.Contains(l, "xprotect") || strings.Contains(l, "com.apple.security") {
			if svcIn(verb, "unload", "remove", "bootout", "disable", "kill", "stop") {
				r.mutates()
				r.add(c.find(svcSecurityServiceOff, "Turns off the macOS protection "+a+".", a))
				return
			}
		}
	}
	switch verb {
	case "unload", "remove", "bootout", "disable", "kill", "stop":
		r.mutates()
		svcStopUnits(c, r, args, map[string]string{"unload": "unload", "remove": "remove", "bootout": "bootout", "disable": "disable", "kill": "kill", "stop": "stop"}[verb], !system && !c.Sudo)
	case "load", "bootstrap", "enable", "kickstart", "start", "submit":
		r.mutates()
		r.add(c.find(svcServiceStart, "Loads or starts the launchd service "+svcList(args)+".", args...))
	case "reboot":
		r.mutates()
		r.add(c.find(svcPower, "Reboots the machine (launchctl reboot"+svcIf(len(args) > 0, " "+strings.Join(args, " "))+").", args...))
	case "list", "print", "blame", "dumpstate", "procinfo", "hostinfo", "getenv", "version", "managerpid", "print-disabled", "print-cache", "error", "examine", "":
	default:
		r.mutates()
	}
}

func svcShutdown(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-c", "-k", "-w", "--wtmp-only", "--show") {
		if c.Has("-c") {
			r.mutates()
		}
		return
	}
	r.mutates()
	verb := c.Name
	if verb == "shutdown" {
		verb = "poweroff"
		if c.Has("-r", "--reboot") {
			verb = "reboot"
		} else if c.Has("-H", "--halt") {
			verb = "halt"
		}
	} else if c.Has("-p", "--poweroff") {
		verb = "poweroff"
	}
	r.add(c.find(svcPower, svcPowerMsg(verb)))
}

func svcInit(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	lvl := svcAt(c.Positional(), 0)
	switch lvl {
	case "0":
		r.mutates()
		r.add(c.find(svcPower, "Shuts the machine down (run level 0): everything running on it stops."))
	case "6":
		r.mutates()
		r.add(c.find(svcPower, "Reboots the machine (run level 6): everything running on it stops."))
	case "1", "s", "S", "single":
		r.mutates()
		r.add(c.find(svcPower, "Switches the machine to single-user mode: every service and every other user's session stops."))
	case "2", "3", "4", "5":
		r.mutates()
		r.add(c.find(svcPower, "Switches the machine to run level "+lvl+": services outside it stop.").WithPoints(svcChange))
	case "":
	default:
		r.mutates()
	}
}

func svcKexec(c *Cmd, r *report) {
	if c.Has("-e", "--exec") {
		r.mutates()
		r.add(c.find(svcPower, "Reboots straight into another kernel (kexec -e): everything running stops."))
	} else if !svcHelp(c) {
		r.mutates()
	}
}

func svcLoginctl(c *Cmd, r *report) {
	w := c.Positional()
	verb := svcAt(w, 0)
	switch verb {
	case "poweroff", "reboot", "halt":
		r.mutates()
		r.add(c.find(svcPower, svcPowerMsg(verb)))
	case "terminate-user", "kill-user", "terminate-session", "kill-session", "terminate-seat":
		r.mutates()
		r.add(c.find(svcKillAll, "Ends "+verb[strings.IndexByte(verb, '-')+1:]+" "+svcList(w[1:])+" and every process in it.", w[1:]...).WithPoints(svcLose))
	case "lock-session", "unlock-session", "lock-sessions", "unlock-sessions", "activate", "enable-linger", "disable-linger", "attach", "flush-devices":
		r.mutates()
	}
}
