package bgdrain

import (
	"os/exec"
	"syscall"
)

// detach gives cmd no console and a process group of its own, so that the
// agent's Ctrl+C to the hook does not stop the drain half-way.
func detach(cmd *exec.Cmd) {
	const detachedProcess = 0x00000008
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: detachedProcess | syscall.CREATE_NEW_PROCESS_GROUP}
}
