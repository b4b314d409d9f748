package shell

import (
	"slices"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Scheduled work: at and batch run commands later, crontab installs jobs
// that run on a schedule, systemd-run with a timer starts a command later.
// What they will run is analysed like what runs now, and scheduling itself
// is worth telling the user: it runs when no one is watching.

var ruleScheduleLater = &rule.Rule{
	ID: "shell.sched.later", Category: rule.Execution, Points: svcSmall,
	Summary:     "Schedules commands to run later (at, batch, a systemd timer), when no one is watching.",
	Alternative: "run the command now, or show the person what will run and when",
	Match: []string{"echo 'make backup' | at now + 1 hour", "at -f job.sh midnight", "systemd-run --on-active=1h /usr/bin/backup",
		"batch < jobs.txt", "sudo systemd-run --on-calendar=daily make clean"},
	NoMatch: []string{"atq", "at -l", "systemd-run --user --scope make", "echo at now"},
}

var schedRules = []*rule.Rule{ruleScheduleLater}

// timerFlags are systemd-run's options that start the command later.
var timerFlags = []string{"--on-active", "--on-boot", "--on-startup", "--on-unit-active", "--on-unit-inactive", "--on-calendar", "--on-clock-change", "--on-timezone-change", "--timer-property"}

// scheduledWrapper notices systemd-run with a timer, which unwrapping
// drops to analyse the command it starts.
func (w *walker) scheduledWrapper(argv []string, dyn []bool, text string) {
	for i := 0; i < len(argv) && i < 12; i++ {
		if dyn[i] {
			return
		}
		name := progName(argv[i])
		if name == "launchctl" && i+1 < len(argv) && argv[i+1] == "submit" && !dyn[i+1] {
			w.launchSubmitLater(&Cmd{Name: name, Args: argv[i+1:], Dynamic: dyn[i+1:]}, text)
			return
		}
		if name == "systemd-run" {
			c := &Cmd{Name: name, Args: argv[i+1:], Dynamic: dyn[i+1:]}
			av := c.Argv()
			w.systemdExecProperties(c)
			for _, o := range av.Opts {
				if !o.Unknown && slices.Contains(timerFlags, o.Name) {
					f := ruleScheduleLater.Find(text, "Starts a command later with a systemd timer ("+c.Args[o.Arg]+").", "")
					if s := w.unseenScript(strings.Join(av.Operands, " ")); s != "" {
						f = f.WithPoints(svcLose)
						f.Message = "Runs " + s + ", a script whose content is not shown, later and again with a systemd timer (" + c.Args[o.Arg] + "): it runs out of sight."
					}
					w.r.add(f)
					w.r.mutates()
					return
				}
			}
			if c.Has("--scope") || len(av.Operands) == 0 {
				return // runs in the foreground, as if run directly
			}
			// A transient service: the command runs on, detached, out of
			// sight of this session.
			f := ruleScheduleLater.Find(text, "Starts "+av.Operands[0]+" as a background service with systemd-run: it runs on out of sight.", "")
			if s := w.unseenScript(strings.Join(av.Operands, " ")); s != "" {
				f = f.WithPoints(svcLose)
				f.Message = "Starts " + s + ", a script whose content is not shown, as a background service with systemd-run: it runs on out of sight."
			}
			w.r.add(f)
			w.r.mutates()
			return
		}
		switch {
		case name == "sudo" || name == "doas" || name == "env" || name == "nice" || name == "nohup" || name == "setsid" || name == "command" || name == "exec" || name == "builtin" || name == "time":
		case strings.HasPrefix(argv[i], "-") || strings.Contains(argv[i], "=") && i > 0:
		default:
			if i > 0 && strings.HasPrefix(argv[i-1], "-") && (argv[i-1] == "-u" || argv[i-1] == "-g" || argv[i-1] == "-n") {
				continue
			}
			return
		}
	}
}

// launchSubmitLater tells that launchctl submit keeps its command running
// as a login job (the command itself is judged by unwrapping): it runs on,
// and again at every login, out of sight of this session.
func (w *walker) launchSubmitLater(c *Cmd, text string) {
	c.Text, c.env = text, w.r.env
	av := c.Argv()
	prog, ok := c.Flag("-p")
	if !ok && len(av.Operands) == 0 {
		return
	}
	if !ok {
		prog = strings.Join(av.Operands, " ")
	}
	if where := elsewhereProgram(c, prog); where != "" {
		w.r.add(c.find(rulePersistLater, "Keeps "+prog+" running as a login job with launchctl submit: it starts again at every login, and it is "+where+".", prog))
		w.r.mutates()
		return
	}
	words := strings.Fields(prog)
	if len(words) == 0 {
		return
	}
	f := ruleScheduleLater.Find(text, "Keeps "+words[0]+" running as a login job with launchctl submit: it runs on, and again at every login, out of sight.", "")
	if s := w.unseenScript(prog); s != "" {
		f = f.WithPoints(svcLose)
		f.Message = "Keeps " + s + ", a script whose content is not shown, running as a login job with launchctl submit: it runs out of sight."
	}
	w.r.add(f)
	w.r.mutates()
}

// scheduled analyses what at, batch and crontab are given to run later.
func (w *walker) scheduled(c *Cmd, in stream) {
	switch c.Name {
	case "at", "batch":
		if c.Has("-l", "-c", "-r", "-d", "-V", "--help") {
			return
		}
		how := "Schedules commands to run later with " + c.Name
		if f, ok := c.Flag("-f"); ok {
			if abs, ok := c.Resolve(f); ok {
				if fc, had := w.r.fl().files[abs]; had {
					w.r.add(c.find(ruleScheduleLater, how+" (from "+f+")."))
					w.judgeFile(c, f, "shell", fc, "schedules")
					return
				}
			}
			// A script no one has seen runs later, when no one watches.
			w.r.add(c.find(ruleScheduleLater, how+" from "+f+", a script whose content is not shown: it runs later, out of sight.").WithPoints(svcLose))
			return
		}
		f := c.find(ruleScheduleLater, how+".")
		if in.kind == streamLiteral || in.kind == streamDecoded {
			if s := w.unseenScript(in.text); s != "" {
				f = c.find(ruleScheduleLater, how+": it runs "+s+", a script whose content is not shown, out of sight.").WithPoints(svcLose)
			}
		}
		w.r.add(f)
		w.laterInput(c, in, c.Name+" runs later", false)
	case "trap":
		// trap 'code' EXIT INT…: the code runs later, when the signal comes.
		p := c.Positional("-p", "-l")
		if c.Has("-p", "-l") || len(p) < 2 || p[0] == "-" || p[0] == "" {
			return
		}
		exitOnly := true
		for _, sig := range p[1:] {
			if s := strings.TrimPrefix(strings.ToUpper(sig), "SIG"); s != "EXIT" && s != "0" {
				exitOnly = false
			}
		}
		if !exitOnly {
			// A signal may come at any point: the code is judged now too.
			w.r.script(p[0], c, "trap runs")
			w.activate()
		}
		// It runs when the script ends, with what the script left.
		fl := w.r.fl()
		fl.traps = append(fl.traps, pendingTrap{src: p[0], cmd: c})
	case "crontab":
		if c.Has("-l", "-r", "-e", "-T", "--help") {
			return
		}
		pos := c.Positional("-u", "-s")
		emptied := len(pos) > 0 && pos[0] == "/dev/null" ||
			(len(pos) == 0 || pos[0] == "-") && (in.kind == streamLiteral && strings.TrimSpace(in.text) == "" || in.kind == streamUnknown && in.what == "/dev/null")
		if emptied {
			w.r.add(c.find(svcCronRemove, "Replaces the crontab with an empty one: every scheduled job is gone."))
			return
		}
		if len(pos) > 0 && pos[0] != "-" {
			abs, ok := c.Resolve(pos[0])
			if !ok {
				return
			}
			fc, had := w.r.fl().files[abs]
			if !had {
				return
			}
			switch fc.kind {
			case streamLiteral, streamDecoded:
				w.cronJobs(c, fc.text)
			case streamNetwork:
				w.r.add(c.find(w.remoteRule(c), "Installs a crontab downloaded from "+strings.TrimPrefix(fc.what, "the download from ")+": its jobs run code no one looked at."))
			default:
				w.r.add(c.find(rulePipeToShell, "Installs a crontab whose jobs are only known when the command runs."))
			}
			return
		}
		if in.kind == streamUnknown && in.file != "" {
			// crontab < FILE and cat FILE | crontab - install FILE as
			// crontab FILE does, and are judged the same.
			crontabUnseenFile(c, w.r, in.file)
		}
		w.laterInput(c, in, "crontab runs", true)
	}
}

// laterInput analyses the commands a scheduler reads on standard input.
func (w *walker) laterInput(c *Cmd, in stream, why string, cron bool) {
	switch in.kind {
	case streamLiteral, streamDecoded:
		if in.kind == streamDecoded {
			w.r.add(c.find(ruleObfuscated, "Decodes a hidden payload and schedules it; decoded, it reads: "+truncateText(oneLine(in.text), 120)))
		}
		if cron {
			w.cronJobs(c, in.text)
			return
		}
		w.r.script(in.text, c, why)
	case streamNetwork:
		w.r.add(c.find(w.remoteRule(c), "Schedules "+in.what+" to run later: code from the network runs without being looked at."))
	case streamSecret:
		w.r.add(c.find(ruleEvalDynamic, "Schedules the content of a credential file as commands."))
	case streamUndecoded:
		w.r.add(c.find(ruleObfuscated, "Decodes a hidden payload ("+in.what+") and schedules it."))
	case streamUnknown:
		if in.what != "" && !strings.Contains(in.what, "output of") || cron {
			// Commands read from a local file, or a crontab edited in a
			// pipe (crontab -l | sed … | crontab -), which shell.cron.replace
			// already reports.
			return
		}
		w.r.add(c.find(rulePipeToShell, "Schedules commands produced by another command, so they cannot be checked first."))
	}
	w.activate()
}

// cronJobs analyses the command of every job line of a crontab. Jobs run
// from the home directory.
func (w *walker) cronJobs(c *Cmd, text string) {
	st := w.state().clone()
	home := st.env.home
	if home == "" {
		home = "/\x00home"
	}
	st.env = st.env.at(home)
	fl := w.r.fl()
	prev := fl.cur
	fl.cur = st
	n := 0
	for _, line := range strings.Split(text, "\n") {
		cmd := cronCommand(line)
		if cmd == "" {
			continue
		}
		if n++; n > 64 {
			break
		}
		w.r.script(cmd, c, "a cron job runs")
	}
	fl.cur = prev
	w.activate()
}

// cronCommand returns the command of a crontab line: what follows the five
// time fields (or an @reboot-style nickname); "" for comments, variable
// settings and blank lines.
func cronCommand(line string) string {
	line = strings.TrimSpace(line)
	if line == "" || line[0] == '#' {
		return ""
	}
	fields := 5
	if line[0] == '@' {
		fields = 1
	} else if i := strings.IndexAny(line, " \t="); i > 0 && line[i] == '=' {
		return "" // NAME=value
	}
	rest := line
	for i := 0; i < fields; i++ {
		rest = strings.TrimLeft(rest, " \t")
		j := strings.IndexAny(rest, " \t")
		if j < 0 {
			return ""
		}
		rest = rest[j:]
	}
	rest = strings.TrimSpace(rest)
	// A % ends the command (what follows is its standard input).
	if i := strings.IndexByte(rest, '%'); i >= 0 && (i == 0 || rest[i-1] != '\\') {
		rest = rest[:i]
	}
	return rest
}
