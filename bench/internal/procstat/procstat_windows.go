//go:build windows

package procstat

import (
	"os"
	"time"

	"golang.org/x/sys/windows"
)

// PeakRSSKiB: Windows keeps no peak working set for a process that has
// exited, so it is not reported.
func PeakRSSKiB(*os.ProcessState) (int64, bool) { return 0, false }

// SelfCPU is the CPU time (user and kernel) this process has used.
func SelfCPU() time.Duration {
	var creation, exit, kernel, user windows.Filetime
	if windows.GetProcessTimes(windows.CurrentProcess(), &creation, &exit, &kernel, &user) != nil {
		return 0
	}
	ticks := func(f windows.Filetime) int64 { return int64(f.HighDateTime)<<32 | int64(f.LowDateTime) }
	return time.Duration((ticks(kernel) + ticks(user)) * 100)
}
