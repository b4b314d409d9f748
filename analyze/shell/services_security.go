package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// The machine's protections: firewalls (iptables and its relatives, nft, ufw,
// firewall-cmd, pf, the macOS application firewall, Windows' netsh),
// SELinux, AppArmor, macOS Gatekeeper and System Integrity Protection, and
// the kernel's audit subsystem. Switching one off is a security bypass;
// changing its rules is a confirm-level change. Stopping a security service
// through the service manager is in services_system.go.

var (
	svcFirewallOff = &rule.Rule{
		ID: "shell.security.firewall-off", Category: rule.SecurityBypass, Points: 110,
		Summary:     "Switches the firewall off or opens it completely (flushes its rules, accepts everything, disables it).",
		Alternative: "open the one port you need: ufw allow 8080/tcp, firewall-cmd --add-port=8080/tcp",
		Match: []string{"iptables -F", "sudo iptables --flush", "iptables -P INPUT ACCEPT", "nft flush ruleset", "ufw disable", "ufw default allow incoming",
			"firewall-cmd --set-default-zone=trusted", "pfctl -d", "iptables -I INPUT -j ACCEPT", "netsh advfirewall set allprofiles state off"},
		NoMatch: []string{"iptables -L -n", "iptables -S", "nft list ruleset", "ufw status", "firewall-cmd --list-all", "iptables -t nat -L", "ufw allow 22/tcp"},
	}
	svcMACOff = &rule.Rule{
		ID: "shell.security.mac-off", Category: rule.SecurityBypass, Points: 110,
		Summary:     "Switches off a mandatory protection of the system: SELinux, AppArmor, macOS Gatekeeper or System Integrity Protection.",
		Alternative: "fix the policy for the one program that is denied (audit2allow, aa-logprof) instead of switching the protection off",
		Match:       []string{"setenforce 0", "sudo setenforce Permissive", "aa-teardown", "aa-disable /usr/sbin/nginx", "spctl --master-disable", "csrutil disable", "apparmor_parser -R /etc/apparmor.d/usr.sbin.nginx"},
		NoMatch:     []string{"getenforce", "setenforce 1", "aa-status", "spctl --status", "csrutil status"},
	}
	svcAuditOff = &rule.Rule{
		ID: "shell.security.audit-off", Category: rule.SecurityBypass, Points: 110,
		Summary:     "Switches off the kernel's audit system or deletes its rules: what happens next is not recorded.",
		Alternative: "leave auditing on; change a single rule with auditctl -d … if one is too noisy",
		Match:       []string{"auditctl -e 0", "auditctl -D"},
		NoMatch:     []string{"auditctl -l", "auditctl -s", "auditctl -e 1"},
	}
	svcKernelHardeningOff = &rule.Rule{
		ID: "shell.security.kernel-hardening-off", Category: rule.SecurityBypass, Points: 110,
		Summary:     "Turns off a kernel protection (address randomisation, ptrace limits, pointer hiding, link protections).",
		Alternative: "leave the protection on; if a debugger needs ptrace, grant CAP_SYS_PTRACE to that one program",
		Match:       []string{"sysctl -w kernel.randomize_va_space=0", "sysctl kernel.yama.ptrace_scope=0", "sysctl -w fs.protected_symlinks=0"},
		NoMatch:     []string{"sysctl kernel.randomize_va_space", "sysctl -a", "sysctl -w kernel.randomize_va_space=2"},
	}
	svcFirewallChange = &rule.Rule{
		ID: "shell.firewall.change", Category: rule.Configuration, Points: svcConfirm,
		Summary:     "Changes firewall rules: traffic may be let in that was blocked, or cut off (SSH included).",
		Alternative: "list the rules first (iptables -S, ufw status numbered) and keep a copy (iptables-save > rules.bak)",
		Match:       []string{"iptables -A INPUT -p tcp --dport 8080 -j ACCEPT", "ufw allow 22/tcp", "firewall-cmd --add-port=8080/tcp", "nft add rule inet filter input tcp dport 80 accept", "iptables -P INPUT DROP", "iptables-restore < rules.v4"},
		NoMatch:     []string{"iptables -L", "ufw status verbose", "firewall-cmd --state", "nft list tables", "iptables-save"},
	}
)

var svcSecurityRules = []*rule.Rule{
	svcFirewallOff, svcMACOff, svcAuditOff, svcKernelHardeningOff, svcFirewallChange,
}

func svcSecurityHandlers() map[string]handler {
	h := map[string]handler{
		"nft": svcNft, "ufw": svcUfw, "firewall-cmd": svcFirewallCmd, "pfctl": svcPfctl, "socketfilterfw": svcSocketFilter, "netsh": svcNetsh,
		"setenforce": svcSetenforce, "aa-teardown": svcAppArmorOff, "aa-disable": svcAppArmorOff, "aa-complain": svcAppArmorOff, "apparmor_parser": svcAppArmorParser,
		"spctl": svcSpctl, "csrutil": svcCsrutil, "auditctl": svcAuditctl,
	}
	for _, n := range []string{"iptables", "ip6tables", "iptables-legacy", "ip6tables-legacy", "iptables-nft", "ip6tables-nft", "iptables-restore", "ip6tables-restore", "ebtables", "arptables"} {
		h[n] = svcIptables
	}
	return h
}

func svcIptables(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	tool := c.Name
	if strings.HasSuffix(tool, "-restore") {
		r.mutates()
		r.add(c.find(svcFirewallChange, "Replaces the firewall rules with the ones it reads ("+tool+")."))
		return
	}
	table, _ := c.Flag("-t", "--table")
	filter := table == "" || table == "filter"
	switch {
	case c.Has("-L", "--list", "-S", "--list-rules", "-C", "--check") && !c.Has("-F", "--flush", "-Z"):
		return
	case c.Has("-F", "--flush"):
		r.mutates()
		if !filter {
			r.add(c.find(svcFirewallChange, "Deletes every rule of the "+table+" table: forwarding and address translation stop working as set up.", table).WithPoints(svcChange))
			return
		}
		r.add(c.find(svcFirewallOff, "Deletes every firewall rule ("+tool+" -F): traffic the rules blocked gets through.", tool))
		return
	case c.Has("-P", "--policy"):
		r.mutates()
		pol := c.Positional()
		chain, _ := c.Flag("-P", "--policy")
		target := svcAt(pol, 0)
		if strings.EqualFold(target, "ACCEPT") && filter && svcIn(strings.ToUpper(chain), "INPUT", "FORWARD") {
			r.add(c.find(svcFirewallOff, "Makes the firewall accept everything arriving on "+chain+" that no rule blocks.", chain))
			return
		}
		r.add(c.find(svcFirewallChange, "Sets the default policy of "+chain+" to "+target+svcIf(strings.EqualFold(target, "DROP"), ": connections not explicitly allowed (SSH included) are cut")+".", chain).WithPoints(svcChange))
		return
	}
	for _, f := range []string{"-A", "--append", "-I", "--insert"} {
		chain, ok := c.Flag(f)
		if !ok {
			continue
		}
		r.mutates()
		j, _ := c.Flag("-j", "--jump")
		if filter && strings.EqualFold(j, "ACCEPT") && svcIn(strings.ToUpper(chain), "INPUT", "FORWARD") &&
			!c.Has("-s", "--source", "-p", "--protocol", "--dport", "--destination-port", "-i", "--in-interface", "-m", "--match", "-d", "--destination", "--sport", "--ctstate", "--state") {
			r.add(c.find(svcFirewallOff, "Adds a rule that accepts all traffic on "+chain+": the firewall no longer blocks anything.", chain))
			return
		}
		r.add(c.find(svcFirewallChange, "Adds a firewall rule to "+chain+" ("+strings.Join(c.Args, " ")+").", chain))
		return
	}
	if c.Has("-D", "--delete", "-R", "--replace", "-N", "--new-chain", "-X", "--delete-chain", "-E", "--rename-chain", "-Z", "--zero") {
		r.mutates()
		if c.Has("-Z", "--zero") && !c.Has("-D", "--delete", "-R", "--replace", "-X", "--delete-chain") {
			return
		}
		r.add(c.find(svcFirewallChange, "Changes the firewall rules ("+strings.Join(c.Args, " ")+")."))
		return
	}
	r.mutates()
}

func svcNft(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	if f, ok := c.Flag("-f", "--file"); ok {
		r.mutates()
		r.add(c.find(svcFirewallChange, "Loads the firewall rules in "+f+".", f))
		return
	}
	w := c.Positional()
	if len(w) == 1 {
		w = strings.Fields(w[0]) // nft 'flush ruleset'
	}
	verb, obj := svcAt(w, 0), svcAt(w, 1)
	switch {
	case verb == "list" || verb == "describe" || verb == "monitor" || verb == "":
		return
	case verb == "flush" && obj == "ruleset":
		r.mutates()
		r.add(c.find(svcFirewallOff, "Deletes every nftables rule and table: the firewall no longer blocks anything."))
	case (verb == "flush" || verb == "delete" || verb == "destroy") && obj == "table":
		r.mutates()
		name := strings.Join(w[2:], " ")
		if strings.Contains(name, "nat") {
			r.add(c.find(svcFirewallChange, "Deletes the nftables table "+name+".", name).WithPoints(svcChange))
			return
		}
		r.add(c.find(svcFirewallOff, "Deletes the rules of the nftables table "+name+": what it blocked gets through.", name))
	default:
		r.mutates()
		r.add(c.find(svcFirewallChange, "Changes the nftables rules ("+strings.Join(w, " ")+")."))
	}
}

func svcUfw(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("--dry-run") {
		return
	}
	w := c.Positional()
	switch svcAt(w, 0) {
	case "status", "show", "version", "app", "":
		if svcAt(w, 0) == "app" && svcAt(w, 1) == "update" {
			r.mutates()
		}
		return
	case "disable", "reset":
		r.mutates()
		r.add(c.find(svcFirewallOff, "Turns the ufw firewall off"+svcIf(svcAt(w, 0) == "reset", " and deletes its rules")+": nothing is blocked any more."))
	case "default":
		r.mutates()
		if svcAt(w, 1) == "allow" && !svcIn(svcAt(w, 2), "outgoing", "out") {
			r.add(c.find(svcFirewallOff, "Makes the ufw firewall allow all incoming traffic by default."))
			return
		}
		r.add(c.find(svcFirewallChange, "Changes ufw's default policy ("+strings.Join(w[1:], " ")+").").WithPoints(svcChange))
	case "enable":
		r.mutates()
		r.add(c.find(svcFirewallChange, "Turns the ufw firewall on: connections without an allow rule (SSH included) are cut."))
	default:
		r.mutates()
		r.add(c.find(svcFirewallChange, "Changes the ufw firewall rules (ufw "+strings.Join(w, " ")+")."))
	}
}

func svcFirewallCmd(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	if z, ok := c.Flag("--set-default-zone"); ok {
		r.mutates()
		if svcLower(z) == "trusted" {
			r.add(c.find(svcFirewallOff, "Makes the trusted zone the default: firewalld accepts every connection.", z))
			return
		}
		r.add(c.find(svcFirewallChange, "Changes firewalld's default zone to "+z+".", z).WithPoints(svcChange))
		return
	}
	changes := false
	for _, a := range c.Args {
		if strings.HasPrefix(a, "--add-") || strings.HasPrefix(a, "--remove-") || strings.HasPrefix(a, "--change-") || strings.HasPrefix(a, "--new-") ||
			strings.HasPrefix(a, "--delete-") || strings.HasPrefix(a, "--set-") || a == "--reload" || a == "--complete-reload" || a == "--runtime-to-permanent" ||
			a == "--panic-on" || a == "--panic-off" || strings.HasPrefix(a, "--load-") || strings.HasPrefix(a, "--reset-") {
			changes = true
		}
	}
	if !changes {
		return
	}
	r.mutates()
	if c.Has("--reload", "--complete-reload", "--runtime-to-permanent") && len(c.Args) == 1 {
		return
	}
	if z, _ := c.Flag("--zone"); svcLower(z) == "trusted" && (c.Has("--add-source") || c.Has("--add-interface")) {
		r.add(c.find(svcFirewallOff, "Puts a source or interface in the trusted zone: firewalld accepts all its traffic.", z))
		return
	}
	r.add(c.find(svcFirewallChange, "Changes firewalld's rules ("+strings.Join(c.Args, " ")+")."))
}

func svcPfctl(c *Cmd, r *report) {
	switch {
	case c.Has("-d"):
		r.mutates()
		r.add(c.find(svcFirewallOff, "Disables the pf firewall."))
	case c.Has("-F"):
		r.mutates()
		r.add(c.find(svcFirewallOff, "Flushes the pf firewall's rules."))
	case c.Has("-e", "-f"):
		r.mutates()
		r.add(c.find(svcFirewallChange, "Enables or reloads the pf firewall."))
	}
}

func svcSocketFilter(c *Cmd, r *report) {
	if v, ok := c.Flag("--setglobalstate"); ok {
		r.mutates()
		if svcLower(v) == "off" {
			r.add(c.find(svcFirewallOff, "Turns the macOS application firewall off."))
		}
	}
}

func svcNetsh(c *Cmd, r *report) {
	l := svcLower(strings.Join(c.Args, " "))
	if strings.Contains(l, "firewall") && strings.Contains(l, "state off") || strings.Contains(l, "firewall set opmode disable") {
		r.mutates()
		r.add(c.find(svcFirewallOff, "Turns the Windows firewall off."))
		return
	}
	if strings.Contains(l, " add ") || strings.Contains(l, " set ") || strings.Contains(l, " delete ") {
		r.mutates()
	}
}

func svcSetenforce(c *Cmd, r *report) {
	v := svcLower(svcAt(c.Positional(), 0))
	if v == "" {
		return
	}
	r.mutates()
	if v == "0" || v == "permissive" {
		r.add(c.find(svcMACOff, "Puts SELinux in permissive mode: its policy is no longer enforced."))
	}
}

func svcAppArmorOff(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	r.mutates()
	what := "AppArmor"
	if p := c.Positional(); len(p) > 0 {
		what = "AppArmor's protection of " + svcList(p)
	}
	r.add(c.find(svcMACOff, "Switches off "+what+" ("+c.Name+")."))
}

func svcAppArmorParser(c *Cmd, r *report) {
	r.mutates()
	if c.Has("-R", "--remove") {
		r.add(c.find(svcMACOff, "Removes the AppArmor profile "+svcList(c.Positional())+": the program runs unconfined.", c.Positional()...))
	}
}

func svcSpctl(c *Cmd, r *report) {
	if c.Has("--master-disable", "--global-disable") || c.Contains("--disable") && len(c.Positional()) == 0 {
		r.mutates()
		r.add(c.find(svcMACOff, "Turns Gatekeeper off: apps from anywhere run without a signature check."))
		return
	}
	if c.Has("--add", "--remove", "--enable", "--master-enable", "--global-enable", "--disable") {
		r.mutates()
	}
}

func svcCsrutil(c *Cmd, r *report) {
	switch svcAt(c.Positional(), 0) {
	case "disable":
		r.mutates()
		r.add(c.find(svcMACOff, "Turns macOS System Integrity Protection off."))
	case "enable", "clear", "authenticated-root":
		r.mutates()
	}
}

func svcAuditctl(c *Cmd, r *report) {
	if v, ok := c.Flag("-e"); ok && v == "0" {
		r.mutates()
		r.add(c.find(svcAuditOff, "Switches the kernel's audit system off: what happens next is not recorded."))
		return
	}
	if c.Has("-D") {
		r.mutates()
		r.add(c.find(svcAuditOff, "Deletes every audit rule: what they watched is no longer recorded."))
		return
	}
	if c.Has("-a", "-A", "-w", "-W", "-d", "-e", "-f", "-b", "-r", "-R") {
		r.mutates()
	}
}
