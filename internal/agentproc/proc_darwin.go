package agentproc

import (
	"golang.org/x/sys/unix"
)

// readProcess asks the kernel for the process's parent (kern.proc.pid)
// and for its executable, arguments and environment (kern.procargs2,
// readable for this user's processes).
func readProcess(pid int) (process, error) {
	kp, err := unix.SysctlKinfoProc("kern.proc.pid", pid)
	if err != nil {
		return process{}, err
	}
	p := process{ppid: int(kp.Eproc.Ppid)}
	if b, err := unix.SysctlRaw("kern.procargs2", pid); err == nil {
		p.exe, p.argv, p.environ, _ = ParseProcArgs(b)
	}
	if p.exe == "" {
		p.exe = unix.ByteSliceToString(kp.Proc.P_comm[:])
	}
	return p, nil
}
