package shell

import "strings"

// systemd-run's unit properties that are commands: -p ExecStartPre=CMD,
// ExecStartPost=, ExecStop=, ExecStopPost=, ExecReload=, ExecCondition=
// run beside the unit's own command, so each is judged as the command it
// runs, as systemd reads it (its prefixes @ - : + ! !! dropped).

// systemdExecProperties judges the command properties of a systemd-run
// line.
func (w *walker) systemdExecProperties(c *Cmd) {
	for _, v := range c.FlagAll("--property") {
		line, ok := systemdExecValue(v)
		if !ok {
			continue
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		w.r.script(line, c, "systemd-run runs the unit's "+v[:strings.IndexByte(v, '=')]+" command")
		w.r.mutates()
	}
}

// systemdExecValue returns the command an Exec…= property sets: the text
// after its '=', without systemd's prefixes.
func systemdExecValue(prop string) (string, bool) {
	name, v, ok := strings.Cut(prop, "=")
	if !ok || !strings.HasPrefix(strings.ToLower(strings.TrimSpace(name)), "exec") {
		return "", false
	}
	v = strings.TrimSpace(v)
	return strings.TrimLeft(v, "@-:+!"), true
}
