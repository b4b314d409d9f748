package agentproc

import (
	"fmt"
	"os"
)

// maxDepth bounds the walk: process trees are shallow, and a loop in what
// the system reports (a pid reused mid-walk) must end.
const maxDepth = 64

// Agent is a coding agent found in the current process's ancestry.
type Agent struct {
	PID    int    // the process that showed it
	Marker string // the marker set in its environment, or ""
	Name   string // the agent's program ("Claude Code"), or ""
}

// String says in words why the process runs under a coding agent.
func (a Agent) String() string {
	if a.Marker != "" {
		return fmt.Sprintf("%s is set in the environment of its parent process %d", a.Marker, a.PID)
	}
	return fmt.Sprintf("its parent process %d is %s", a.PID, a.Name)
}

// process is what the system shows of one process: its parent, its
// executable and arguments, and its environment when it may be read.
type process struct {
	ppid    int
	exe     string
	argv    []string
	environ []string
}

// Find walks the parent processes of the current one, nearest first, and
// returns the first that is a coding agent or carries an agent's marker.
// A process that cannot be read ends the walk; so does the top of the
// tree. false: no agent was seen (not a proof that there is none).
func Find() (Agent, bool) {
	return walk(os.Getppid(), readProcess)
}

// walk is Find starting at pid, with read standing for the system.
func walk(pid int, read func(pid int) (process, error)) (Agent, bool) {
	seen := map[int]bool{}
	for depth := 0; depth < maxDepth && pid > 0 && !seen[pid]; depth++ {
		seen[pid] = true
		p, err := read(pid)
		if err != nil {
			return Agent{}, false
		}
		if m := Marker(p.environ); m != "" {
			return Agent{PID: pid, Marker: m}, true
		}
		if n := Program(p.exe, p.argv); n != "" {
			return Agent{PID: pid, Name: n}, true
		}
		pid = p.ppid
	}
	return Agent{}, false
}
