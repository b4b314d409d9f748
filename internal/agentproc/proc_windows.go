package agentproc

import (
	"errors"
	"unsafe"

	"golang.org/x/sys/windows"
)

// readProcess finds the process in a snapshot of the system's processes:
// its parent and its executable's name. Another process's environment is
// not read on Windows (it takes reading its memory): the walk judges the
// programs only.
func readProcess(pid int) (process, error) {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPPROCESS, 0)
	if err != nil {
		return process{}, err
	}
	defer windows.CloseHandle(snap)
	var e windows.ProcessEntry32
	e.Size = uint32(unsafe.Sizeof(e))
	for err = windows.Process32First(snap, &e); err == nil; err = windows.Process32Next(snap, &e) {
		if int(e.ProcessID) == pid {
			return process{ppid: int(e.ParentProcessID), exe: windows.UTF16ToString(e.ExeFile[:])}, nil
		}
	}
	return process{}, errors.New("the process is not in the system's list")
}
