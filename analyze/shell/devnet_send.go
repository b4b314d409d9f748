package shell

import "strings"

// A redirection to bash's network files (> /dev/tcp/HOST/PORT, >>
// /dev/udp/…) sends what the command prints to that host, as piping it
// into nc would: a credential printed there leaves the machine. A host of
// this machine is a local service.

// devNetSend judges the output out of a statement redirected to t.
func (w *walker) devNetSend(t redirTarget, out stream, ev string) {
	if t.dynamic || !strings.HasPrefix(t.name, "/dev/tcp/") && !strings.HasPrefix(t.name, "/dev/udp/") || loopbackDev(t.name) {
		return
	}
	if out.kind != streamSecret || out.cred == "" {
		return
	}
	host := strings.TrimPrefix(strings.TrimPrefix(t.name, "/dev/tcp/"), "/dev/udp/")
	w.r.add(ruleCredentialExfil.Find(ev, "Sends "+describeFlowSecret(out.cred)+" to "+host+" through "+t.name+".", t.name))
}
