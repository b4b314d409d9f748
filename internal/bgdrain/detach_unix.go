//go:build !windows

package bgdrain

import (
	"os/exec"
	"syscall"
)

// detach puts cmd in a session of its own, so that the agent's signals to
// the hook's process group (an interrupt) do not stop the drain half-way.
func detach(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }
