package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Processes and scheduled jobs: kill, killall, pkill, crontab, at and batch.
// Killing one process is routine; killing every process (kill -1, pkill -u)
// or the ones the machine depends on is not. crontab -r deletes every job
// without a copy, one of seed 002's always-review kind of commands.

var (
	svcKillAll = &rule.Rule{
		ID: "shell.process.kill-all", Category: rule.System, Points: svcDestroy,
		Summary:     "Kills every process it can reach (kill -1, pkill -u, killall -u): sessions, services and the agent itself.",
		Alternative: "find the processes first (pgrep -a -u USER pattern) and kill those by PID",
		Match:       []string{"kill -9 -1", "kill -- -1", "pkill -9 -u dev", "pkill -u www-data", "killall -u dev", "pkill -f ."},
		NoMatch:     []string{"kill 12345", "kill -9 12345", "pkill -f 'node server.js'", "kill -l", "kill -0 12345"},
	}
	svcKillCritical = &rule.Rule{
		ID: "shell.process.kill-critical", Category: rule.System, Points: svcLose,
		Summary:     "Kills a process the machine depends on (PID 1, init, systemd, sshd, the container runtime…), or the whole process group.",
		Alternative: "restart the service through its service manager instead (systemctl restart …)",
		Match:       []string{"kill 1", "kill -9 1", "killall sshd", "pkill -9 systemd", "killall -9 dockerd", "kill 0"},
		NoMatch:     []string{"kill 1234", "killall node", "pgrep sshd"},
	}
	svcKillName = &rule.Rule{
		ID: "shell.process.kill-by-name", Category: rule.System, Points: svcSmall,
		Summary:     "Kills every process with a given name or command line, including ones you did not start.",
		Alternative: "find them first (pgrep -a NAME) and kill only the PIDs you mean",
		Match:       []string{"killall node", "pkill -f 'python manage.py runserver'", "pkill -9 chrome"},
		NoMatch:     []string{"pgrep -a node", "kill 4242"},
	}
	svcCronRemove = &rule.Rule{
		ID: "shell.cron.remove-all", Category: rule.Destructive, Points: svcLose, AlwaysReview: true,
		Summary:     "Deletes the whole crontab (crontab -r) with no copy kept: every scheduled job is gone.",
		Alternative: "save it first (crontab -l > crontab.bak) and edit out the one job with crontab -e",
		Match:       []string{"crontab -r", "crontab -u deploy -r", "crontab -ir"},
		NoMatch:     []string{"crontab -l", "crontab -l > backup.txt"},
	}
	svcCronReplace = &rule.Rule{
		ID: "shell.cron.replace", Category: rule.System, Points: svcSmall,
		Summary:     "Replaces or edits the crontab: scheduled jobs change.",
		Alternative: "keep a copy first (crontab -l > crontab.bak)",
		Match:       []string{"crontab mycron.txt", "crontab -e", "(crontab -l; echo '0 3 * * * /opt/backup.sh') | crontab -"},
		NoMatch:     []string{"crontab -l"},
	}
)

var svcProcessRules = []*rule.Rule{
	svcKillAll, svcKillCritical, svcKillName, svcCronRemove, svcCronReplace,
}

func svcProcessHandlers() map[string]handler {
	return map[string]handler{
		"kill": svcKill, "killall": svcKillall, "pkill": svcKillall, "skill": svcKillall, "crontab": svcCrontab,
		"at": svcAt2, "batch": svcAt2, "atrm": svcMutates,
	}
}

// svcCriticalProcesses are process names whose loss cuts access or stops the machine.
var svcCriticalProcesses = map[string]string{
	"init": "the init process", "systemd": "the service manager", "launchd": "the service manager", "sshd": "remote access", "kernel_task": "the kernel",
	"windowserver": "the desktop", "loginwindow": "the login session", "xorg": "the desktop", "gnome-shell": "the desktop", "dbus-daemon": "the system bus",
	"networkmanager": "the network", "dockerd": "every container", "containerd": "every container", "kubelet": "this Kubernetes node", "postgres": "the database",
	"mysqld": "the database", "mongod": "the database", "redis-server": "the cache", "systemd-journald": "the system journal", "auditd": "the audit daemon",
}

func svcKill(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-l", "-L", "--list", "--table") {
		return
	}
	sigSeen, dashdash := false, false
	signal := ""
	var pids []string
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case dashdash:
			pids = append(pids, a)
		case a == "--":
			dashdash = true
		case (a == "-s" || a == "-n" || a == "--signal" || a == "-q" || a == "--queue") && i+1 < len(c.Args):
			signal = c.Args[i+1]
			sigSeen = true
			i++
		case strings.HasPrefix(a, "-") && !sigSeen && len(pids) == 0 && len(a) > 1:
			signal = a[1:]
			sigSeen = true
		default:
			pids = append(pids, a)
		}
	}
	if signal == "0" || svcFold(signal, "SIG0") {
		return // only checks that the process exists
	}
	r.mutates()
	for _, p := range pids {
		switch p {
		case "-1":
			r.add(c.find(svcKillAll, "Sends "+svcSigName(signal)+" to every process you may signal"+svcIf(c.Sudo, " (as root: every process on the machine)")+": sessions, services and the agent itself stop."))
			return
		case "1":
			r.add(c.find(svcKillCritical, "Sends "+svcSigName(signal)+" to PID 1 (init, or a container's main process): the machine or the container goes down with it.", "1"))
			return
		case "0":
			r.add(c.find(svcKillCritical, "Sends "+svcSigName(signal)+" to every process of the current process group, the agent's own shell included.").WithPoints(svcChange))
			return
		}
	}
}

func svcSigName(s string) string {
	switch strings.TrimPrefix(strings.ToUpper(s), "SIG") {
	case "", "15", "TERM":
		return "a termination signal"
	case "9", "KILL":
		return "SIGKILL"
	case "1", "HUP":
		return "SIGHUP"
	case "2", "INT":
		return "SIGINT"
	}
	return "signal " + s
}

func svcKillall(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-l", "--list", "-V") {
		return
	}
	valued := []string{"-u", "--euid", "-U", "--uid", "-s", "--session", "--signal", "-g", "--pgroup", "-G", "--group", "-P", "--parent",
		"-t", "--terminal", "-F", "--pidfile", "--ns", "--nslist", "--cgroup", "--older"}
	if c.Name != "pkill" {
		valued = []string{"-u", "--user", "-s", "--signal", "-o", "--older-than", "-y", "--younger-than", "-Z", "--context", "-n", "--ns"}
	}
	// -9, -KILL, -SIGKILL are signals, not flags that take values.
	names := c.Positional(valued...)
	users := svcFlagValues(c, "-u", "--user", "-U", "--uid", "--euid")
	regex := c.Name == "pkill" || c.Has("-r", "--regexp")
	catchAll := len(names) == 0
	for _, n := range names {
		if regex && (n == "." || n == ".*" || n == "^" || n == "" || n == ".+" || n == "$") {
			catchAll = true
		}
	}
	if len(names) == 0 && len(users) == 0 && !c.Has("-t", "--terminal", "-P", "--parent", "-g", "--pgroup", "-s", "--session", "-G", "--group") {
		return // nothing selected: the tool refuses
	}
	r.mutates()
	if catchAll && (len(users) > 0 || len(names) > 0) {
		who := "every process you may signal"
		if len(users) > 0 {
			who = "every process of " + svcList(users)
		}
		r.add(c.find(svcKillAll, "Kills "+who+": their sessions, services and programs all stop.", users...))
		return
	}
	for _, n := range names {
		base := svcLower(n)
		if i := strings.LastIndexByte(base, '/'); i >= 0 {
			base = base[i+1:]
		}
		base = strings.Trim(base, "^$")
		if what, ok := svcCriticalProcesses[base]; ok {
			r.add(c.find(svcKillCritical, "Kills every "+n+" process: "+what+" stops with it.", n))
			return
		}
	}
	if len(names) > 0 {
		r.add(c.find(svcKillName, "Kills every process "+svcIf(c.Has("-f", "--full"), "whose command line matches ")+svcIf(!c.Has("-f", "--full"), "named ")+svcList(names)+", including ones you did not start.", names...))
	}
}

func svcCrontab(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	user, _ := c.Flag("-u")
	whose := "your"
	if user != "" {
		whose = user + "'s"
	}
	switch {
	case c.Has("-r"):
		r.mutates()
		r.add(c.find(svcCronRemove, "Deletes "+whose+" whole crontab: every scheduled job is gone and no copy is kept.", svcTargets(user)...))
	case c.Has("-l"), c.Has("-T"):
	case c.Has("-e"):
		r.mutates()
		r.add(c.find(svcCronReplace, "Opens "+whose+" crontab for editing: scheduled jobs may change.", svcTargets(user)...))
	default:
		pos := c.Positional()
		r.mutates()
		src := svcAt(pos, 0)
		if src == "" || src == "-" {
			src = "what it reads from its input"
		}
		r.add(c.find(svcCronReplace, "Replaces "+whose+" whole crontab with "+src+".", svcTargets(user)...))
	}
}

// svcAt2 handles at and batch: a job scheduled for later (no finding: what
// it runs comes from standard input and is analysed by the core).
func svcAt2(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-l", "-c", "-V") {
		return
	}
	r.mutates()
}
