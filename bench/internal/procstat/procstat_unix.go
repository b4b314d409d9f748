//go:build unix

package procstat

import (
	"os"
	"runtime"
	"syscall"
	"time"
)

// PeakRSSKiB is a finished child's peak resident memory in KiB, and
// whether the system reports it.
func PeakRSSKiB(ps *os.ProcessState) (int64, bool) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, false
	}
	kib := int64(ru.Maxrss) //nolint:unconvert // int32 on some systems
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		kib /= 1024 // bytes there
	}
	return kib, true
}

// SelfCPU is the CPU time (user and system) this process has used.
func SelfCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
