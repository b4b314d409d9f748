package shell

import (
	"strings"
	"sync"

	"github.com/actionguard/actionguard/rule"
)

// The machine's kernel, mounts, identity and logs: sysctl (its hardening
// settings are security bypasses), kernel modules, swap, mounts, host name
// and clock, and the system journal. Accounts are in services_accounts.go,
// firewalls and other protections in services_security.go.

var (
	svcSysctl = &rule.Rule{
		ID: "shell.kernel.sysctl", Category: rule.System, Points: svcChange,
		Summary:     "Changes kernel parameters of the running machine.",
		Alternative: "read the current value first (sysctl NAME) and keep the change in /etc/sysctl.d so it is reviewed",
		Match:       []string{"sysctl -w net.ipv4.ip_forward=1", "sysctl vm.swappiness=10", "sysctl -p", "sysctl --system"},
		NoMatch:     []string{"sysctl -a", "sysctl net.ipv4.ip_forward", "sysctl -n vm.swappiness"},
	}
	svcKernelModule = &rule.Rule{
		ID: "shell.kernel.module", Category: rule.System, Points: svcChange,
		Summary:     "Loads or removes kernel modules: code that runs with full control of the machine, or drivers it may need.",
		Alternative: "check what uses the module first (lsmod, modinfo) and load only signed modules from the distribution",
		Match:       []string{"modprobe -r nouveau", "rmmod usb_storage", "insmod ./rootkit.ko", "modprobe wireguard"},
		NoMatch:     []string{"lsmod", "modinfo wireguard", "modprobe -n wireguard", "modprobe --show-depends wireguard"},
	}
	svcSwapoff = &rule.Rule{
		ID: "shell.kernel.swapoff", Category: rule.System, Points: svcChange,
		Summary:     "Switches swap off: under memory pressure the kernel starts killing processes.",
		Alternative: "check free memory first (free -h) and turn off one swap device at a time",
		Match:       []string{"swapoff -a", "sudo swapoff /swapfile"},
		NoMatch:     []string{"swapon --show", "free -h"},
	}
	svcMount = &rule.Rule{
		ID: "shell.mount.change", Category: rule.System, Points: svcSmall,
		Summary:     "Mounts or unmounts a file system.",
		Alternative: "check what is mounted first (findmnt) and who uses it (lsof +f -- /mnt/x)",
		Match:       []string{"mount /dev/sdb1 /mnt/data", "umount /mnt/data", "mount -o remount,rw /", "mount --bind /src /dst"},
		NoMatch:     []string{"mount", "mount -l", "findmnt", "df -h"},
	}
	svcHostConfig = &rule.Rule{
		ID: "shell.host.config", Category: rule.Configuration, Points: svcConfirm,
		Summary:     "Changes the machine's identity or clock (host name, time zone, time, NTP).",
		Alternative: "check the current value first (hostnamectl, timedatectl) and change it through configuration management",
		Match: []string{"hostnamectl set-hostname web-02", "hostname newname", "timedatectl set-timezone UTC", "timedatectl set-ntp false", "date -s '2024-01-01 00:00'", "scutil --set HostName mac-01",
			"hwclock --set --date '2026-01-01'", "hwclock --hctosys", "hwclock -s", "ntpdate -u pool.example.com", "rdate -s time.example.com"},
		NoMatch: []string{"hostnamectl", "hostname", "hostname -f", "timedatectl status", "date", "date +%s", "hwclock", "hwclock --show", "hwclock -r",
			"ntpdate -q pool.example.com", "rdate -p time.example.com"},
	}
	svcLogsDelete = &rule.Rule{
		ID: "shell.logs.delete", Category: rule.Destructive, Points: svcChange,
		Summary:     "Deletes or rotates away system logs (journalctl --vacuum-*, --rotate, dmesg --clear).",
		Alternative: "export what you need first (journalctl --since … > logs.txt); let the configured retention do the rest",
		Match:       []string{"journalctl --vacuum-time=1d", "journalctl --vacuum-size=100M", "journalctl --rotate", "dmesg -C"},
		NoMatch:     []string{"journalctl -u nginx", "journalctl -f", "dmesg", "journalctl --disk-usage"},
	}
)

var svcMachineRules = []*rule.Rule{
	svcSysctl, svcKernelModule, svcSwapoff, svcMount, svcHostConfig, svcLogsDelete,
}

func svcMachineHandlers() map[string]handler {
	h := map[string]handler{
		"sysctl": svcSysctlCmd, "modprobe": svcModprobe, "rmmod": svcRmmod, "insmod": svcInsmod, "swapoff": svcSwapoffCmd,
		"mount": svcMountCmd, "umount": svcMountCmd, "hostnamectl": svcHostnamectl, "hostname": svcHostname, "timedatectl": svcTimedatectl,
		"date": svcDate, "scutil": svcScutil, "hwclock": svcHwclock, "ntpdate": svcNtpdate, "rdate": svcRdate, "journalctl": svcJournalctl, "dmesg": svcDmesg,
	}
	return h
}

// svcHardening are kernel settings that protect the machine, with the
// value that switches each off.
var svcHardening = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"kernel.randomize_va_space": {"0"}, "kernel.yama.ptrace_scope": {"0"}, "kernel.kptr_restrict": {"0"}, "kernel.dmesg_restrict": {"0"},
		"kernel.unprivileged_bpf_disabled": {"0"}, "fs.protected_symlinks": {"0"}, "fs.protected_hardlinks": {"0"}, "fs.protected_regular": {"0"},
		"fs.protected_fifos": {"0"}, "vm.mmap_min_addr": {"0"}, "kernel.perf_event_paranoid": {"-1"}, "fs.suid_dumpable": {"1", "2"},
		"kernel.unprivileged_userns_clone": {"1"}, "net.ipv4.conf.all.rp_filter": {"0"}, "kernel.sysrq": {"1"},
	}
})

func svcSysctlCmd(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	if c.Has("-p", "--load", "--system") {
		r.mutates()
		r.add(c.find(svcSysctl, "Loads kernel parameters from the sysctl configuration files.").WithPoints(svcConfirm))
		return
	}
	var sets []string
	for _, a := range c.Positional() {
		if strings.Contains(a, "=") {
			sets = append(sets, a)
		}
	}
	if len(sets) == 0 {
		return
	}
	r.mutates()
	for _, s := range sets {
		k, v, _ := strings.Cut(s, "=")
		k = strings.ReplaceAll(strings.TrimSpace(k), "/", ".")
		if svcIn(strings.TrimSpace(v), svcHardening()[k]...) {
			r.add(c.find(svcKernelHardeningOff, "Turns off the kernel protection "+k+" (sets it to "+strings.TrimSpace(v)+").", k))
			return
		}
	}
	r.add(c.find(svcSysctl, "Changes kernel parameters of the running machine ("+strings.Join(sets, ", ")+").", sets...))
}

func svcModprobe(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-n", "--dry-run", "--show", "-c", "--showconfig", "-D", "--show-depends", "--show-modversions", "--dump-modversions", "-V") {
		return
	}
	mods := c.Positional()
	if len(mods) == 0 {
		return
	}
	r.mutates()
	if c.Has("-r", "--remove") {
		r.add(c.find(svcKernelModule, "Removes the kernel module"+svcPlural(len(mods), " ", "s ")+svcList(mods)+": the devices or features "+svcPlural(len(mods), "it drives", "they drive")+" stop working.", mods...))
		return
	}
	r.add(c.find(svcKernelModule, "Loads the kernel module "+mods[0]+" into the running kernel.", mods...).WithPoints(svcConfirm))
}

func svcRmmod(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	mods := c.Positional()
	r.mutates()
	r.add(c.find(svcKernelModule, "Removes the kernel module"+svcPlural(len(mods), " ", "s ")+svcList(mods)+".", mods...))
}

func svcInsmod(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	mods := c.Positional()
	r.mutates()
	r.add(c.find(svcKernelModule, "Loads the kernel module file "+svcQuote(svcAt(mods, 0))+": its code runs inside the kernel with full control of the machine.", mods...))
}

func svcSwapoffCmd(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	r.mutates()
	if c.Has("-a", "--all") {
		r.add(c.find(svcSwapoff, "Switches every swap area off: under memory pressure the kernel starts killing processes."))
		return
	}
	r.add(c.find(svcSwapoff, "Switches off swap on "+svcList(c.Positional())+".", c.Positional()...).WithPoints(svcConfirm))
}

func svcMountCmd(c *Cmd, r *report) {
	if svcHelp(c) || len(c.Args) == 0 || c.Has("-l", "--show-labels", "-V") && len(c.Positional()) == 0 || c.Has("--fake", "-f") && c.Name == "mount" {
		return
	}
	pos := c.Positional()
	if c.Name == "mount" && len(pos) == 0 && !c.Has("-a", "--all") {
		return // lists the mounts
	}
	r.mutates()
	verb := "Mounts"
	if c.Name == "umount" {
		verb = "Unmounts"
		if c.Has("-a", "--all") {
			r.add(c.find(svcMount, "Unmounts every file system it can: programs using them lose their files.").WithPoints(svcChange))
			return
		}
	}
	r.add(c.find(svcMount, verb+" "+svcOr(svcList(pos), "the file systems in fstab")+".", pos...))
}

func svcHostnamectl(c *Cmd, r *report) {
	w := c.Positional()
	verb := svcAt(w, 0)
	if strings.HasPrefix(verb, "set-") || verb == "hostname" && len(w) > 1 || svcIn(verb, "icon-name", "chassis", "deployment", "location") && len(w) > 1 {
		r.mutates()
		r.add(c.find(svcHostConfig, "Changes the machine's "+strings.TrimPrefix(verb, "set-")+" to "+svcQuote(svcAt(w, 1))+".", svcAt(w, 1)))
	}
}

func svcHostname(c *Cmd, r *report) {
	if c.Has("-F", "--file", "-b", "--boot") {
		r.mutates()
		r.add(c.find(svcHostConfig, "Changes the machine's host name."))
		return
	}
	if c.Has("-f", "-i", "-I", "-s", "-d", "-a", "-A", "-y", "--fqdn", "--long", "--short", "--domain", "--ip-address", "--all-ip-addresses", "--alias", "-V", "--version", "--help") {
		return
	}
	if p := c.Positional(); len(p) == 1 {
		r.mutates()
		r.add(c.find(svcHostConfig, "Changes the machine's host name to "+p[0]+".", p[0]))
	}
}

func svcTimedatectl(c *Cmd, r *report) {
	w := c.Positional()
	verb := svcAt(w, 0)
	if strings.HasPrefix(verb, "set-") {
		r.mutates()
		r.add(c.find(svcHostConfig, "Changes the machine's clock settings ("+verb+" "+strings.Join(w[1:], " ")+").", w[1:]...))
	}
}

func svcDate(c *Cmd, r *report) {
	if v, ok := c.Flag("-s", "--set"); ok {
		r.mutates()
		r.add(c.find(svcHostConfig, "Sets the machine's clock to "+v+": certificates, logs and scheduled jobs see the jump.", v))
	}
}

// svcHwclock: hwclock sets the hardware clock (--set, --systohc, -w,
// --adjust) or the system clock from it (--hctosys, -s, --systz). A clock
// set back makes what has expired look fresh again (an approval's pass,
// a certificate); --show and -r only read.
func svcHwclock(c *Cmd, r *report) {
	for _, a := range c.Args {
		switch a {
		case "--set", "--systohc", "-w", "--adjust", "-a", "--hctosys", "-s", "--systz":
			r.mutates()
			r.add(c.find(svcHostConfig, "Sets the machine's clock with hwclock "+a+": certificates, logs, scheduled jobs and approvals' lifetimes see the jump.", a))
			return
		}
	}
}

// svcNtpdate: ntpdate sets the clock from the server it names, unless
// it only asks (-q, -d).
func svcNtpdate(c *Cmd, r *report) {
	for _, a := range c.Args {
		if a == "-q" || a == "-d" || a == "--help" {
			return
		}
	}
	r.mutates()
	r.add(c.find(svcHostConfig, "Sets the machine's clock from "+strings.Join(c.Positional(), " ")+": a clock set by another machine's answer can move back.", c.Positional()...))
}

// svcRdate: rdate sets the clock (-s) or only prints the remote time (-p).
func svcRdate(c *Cmd, r *report) {
	for _, a := range c.Args {
		if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.Contains(a, "s") {
			r.mutates()
			r.add(c.find(svcHostConfig, "Sets the machine's clock from "+strings.Join(c.Positional(), " ")+".", c.Positional()...))
			return
		}
	}
}

func svcScutil(c *Cmd, r *report) {
	if v, ok := c.Flag("--set"); ok {
		r.mutates()
		r.add(c.find(svcHostConfig, "Changes the macOS "+v+".", v))
	}
}

func svcJournalctl(c *Cmd, r *report) {
	if c.Has("--vacuum-size", "--vacuum-time", "--vacuum-files") {
		r.mutates()
		r.add(c.find(svcLogsDelete, "Deletes archived system journal files ("+strings.Join(c.Args, " ")+"): the logs they held are gone."))
		return
	}
	if c.Has("--rotate") {
		r.mutates()
		r.add(c.find(svcLogsDelete, "Rotates the system journal: the current files are archived, and may then be vacuumed.").WithPoints(svcConfirm))
		return
	}
	if c.Has("--flush", "--sync", "--relinquish-var", "--setup-keys", "--update-catalog") {
		r.mutates()
	}
}

func svcDmesg(c *Cmd, r *report) {
	if c.Has("-C", "--clear", "-c", "--read-clear") {
		r.mutates()
		r.add(c.find(svcLogsDelete, "Clears the kernel's message buffer: its messages are gone.").WithPoints(svcConfirm))
	}
}
