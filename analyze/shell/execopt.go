package shell

import "strings"

// Options and variables that make an ordinary program run a command:
// rsync -e, tar --to-command and --checkpoint-action=exec=, tar -I,
// sort --compress-program, man -P, zip -TT, and a pager or editor named in
// the environment of a program that starts one. The value runs (through
// the shell for most of them), so it is analysed as the command it is.

// execOptions analyses the values of c's options that its spec tags as a
// command that runs. Wrappers (sudo, su -c, flock -c…) are read by unwrap
// and never reach this.
func (w *walker) execOptions(c *Cmd) {
	if ownLanguage[c.Name] || interpreters[c.Name] || shells[c.Name] {
		w.envCommands(c)
		return
	}
	av := c.Argv()
	if s := av.Spec(); s != nil && s.attrs&attrScript != 0 {
		w.scriptOperands(c) // hyperfine 'make build'
	}
	if c.Name == "capsh" {
		w.capshShell(c)
	}
	for _, o := range av.Opts {
		if o.Unknown || o.Tags&TagExec == 0 || !o.HasValue || o.Negated {
			continue
		}
		if o.ValueArg >= 0 && o.ValueArg < len(c.Dynamic) && c.Dynamic[o.ValueArg] {
			w.r.add(c.find(ruleDynamicCommand, "Runs a command given to "+c.Name+" "+o.Spelled+" that is only known when it runs, so what it does cannot be checked."))
			continue
		}
		v := o.Value
		if c.Name == "tar" && o.Name == "--checkpoint-action" {
			// --checkpoint-action=exec=CMD; the other actions (dot, echo,
			// ttyout, wait, bell, sleep, totals) run nothing.
			cmd, ok := strings.CutPrefix(v, "exec=")
			if !ok {
				continue
			}
			v = cmd
		}
		if strings.TrimSpace(v) == "" {
			continue
		}
		w.r.mutates()
		if lang := av.optLang(o); lang != "" {
			w.inlineCode(c, lang, v) // rake -e: Ruby code, judged as ruby -e is
			continue
		}
		w.tempProgram(c, v, c.Name+"'s "+o.Spelled)
		w.r.script(v, c, c.Name+" "+o.Spelled+" runs")
		if filterOptions[c.Name+" "+o.Name] && readsScriptOnStdin(v) {
			w.r.add(c.find(ruleFilterInterpreter, c.Name+" feeds its data to "+strings.Fields(v)[0]+" ("+o.Spelled+"), which runs that data as a script.", v))
		}
	}
	if c.Name == "zip" {
		// zip's two-letter option -TT CMD does not cluster (its long
		// spelling, --unzip-command, any prefix of it, is the spec's).
		for i, a := range c.Args {
			v, ok := "", false
			switch {
			case a == "-TT":
				if i+1 < len(c.Args) {
					v, ok = c.Args[i+1], !(i+1 < len(c.Dynamic) && c.Dynamic[i+1])
				}
			case strings.HasPrefix(a, "-TT") && len(a) > 3:
				v, ok = strings.TrimPrefix(strings.TrimPrefix(a, "-TT"), "="), true
			}
			if ok && strings.TrimSpace(v) != "" {
				w.r.mutates()
				w.r.script(strings.ReplaceAll(v, "{}", "archive.zip"), c, "zip -TT runs")
			}
		}
	}
	w.envCommands(c)
}

// ownLanguage are programs whose exec-tagged option holds code in their
// own language (SQL, a sed script) or a program their handler judges (nc
// -e): read by that handler, not as a shell command.
var ownLanguage = map[string]bool{"make": true, "gmake": true, "psql": true, "sqlite3": true, "sed": true, "nc": true, "ncat": true, "netcat": true}

// envRunners are the variables a program reads the name of a command from
// and runs it through the shell: a pager, an editor, a preprocessor.
var envRunners = map[string][]string{
	"ssh":        {"SSH_ASKPASS"},
	"scp":        {"SSH_ASKPASS"},
	"sftp":       {"SSH_ASKPASS"},
	"sudo":       {"SUDO_ASKPASS"},
	"man":        {"PAGER", "MANPAGER", "BROWSER"},
	"less":       {"LESSOPEN", "LESSCLOSE", "VISUAL", "EDITOR"},
	"crontab":    {"VISUAL", "EDITOR"},
	"visudo":     {"SUDO_EDITOR", "VISUAL", "EDITOR"},
	"sudoedit":   {"SUDO_EDITOR", "VISUAL", "EDITOR"},
	"vipw":       {"VISUAL", "EDITOR"},
	"systemctl":  {"SYSTEMD_EDITOR", "SYSTEMD_PAGER", "PAGER", "VISUAL", "EDITOR"},
	"journalctl": {"SYSTEMD_PAGER", "PAGER"},
	"kubectl":    {"KUBE_EDITOR", "EDITOR"},
	"psql":       {"PAGER", "PSQL_PAGER", "PSQL_EDITOR", "EDITOR", "VISUAL"},
	"mysql":      {"PAGER", "EDITOR", "VISUAL"},
	"gh":         {"GH_PAGER", "PAGER", "GH_EDITOR", "VISUAL", "EDITOR", "BROWSER", "GH_BROWSER"},
}

// envCommands analyses the commands c's environment names for it to run
// (PAGER='sh -c …' man ls, EDITOR=… crontab -e; a shell's BASH_ENV and ENV
// are read in exec_startup.go).
func (w *walker) envCommands(c *Cmd) {
	vars := envRunners[c.Name]
	if len(vars) == 0 {
		return
	}
	env := commandEnv(c)
	for _, name := range vars {
		v, ok := env[name]
		if !ok {
			// Set earlier on the line (export PAGER=…; man ls): taken as
			// exported, the stricter reading.
			sv, had := w.state().lookup(name)
			if !had || sv.unset || sv.array || len(sv.vals) != 1 {
				continue
			}
			v = envValue{value: sv.vals[0], dynamic: sv.dyn}
		}
		if v.dynamic {
			w.r.add(c.find(ruleDynamicCommand, "Runs the command "+name+" names for "+c.Name+", which is only known when it runs, so what it does cannot be checked."))
			continue
		}
		if strings.TrimSpace(v.value) == "" {
			continue
		}
		w.r.mutates()
		w.tempProgram(c, strings.TrimPrefix(v.value, "|"), c.Name+"'s "+name)
		w.r.script(strings.TrimPrefix(v.value, "|"), c, c.Name+" runs "+name)
	}
}
