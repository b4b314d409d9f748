package shell

import "strings"

// startStopDaemonHandler: start-stop-daemon --start --exec PROG -- ARGS
// (or --startas PROG) starts PROG with ARGS: a wrapper whose command is
// judged as if run directly. --stop and --status start nothing.
func startStopDaemonHandler(c *Cmd, r *report) {
	if !c.Has("-S", "--start") {
		return
	}
	prog, ok := c.Flag("-a", "--startas")
	if !ok {
		prog, ok = c.Flag("-x", "--exec")
	}
	r.mutates()
	if !ok || prog == "" {
		return
	}
	argv := []string{prog}
	if i := indexOf(c.Args, "--"); i >= 0 {
		argv = append(argv, c.Args[i+1:]...)
	}
	r.command(argv, c, "start-stop-daemon starts "+strings.TrimSpace(prog))
}
