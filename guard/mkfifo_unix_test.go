//go:build unix

package guard

import "syscall"

func mkfifoForTest(p string) error { return syscall.Mkfifo(p, 0o644) }
