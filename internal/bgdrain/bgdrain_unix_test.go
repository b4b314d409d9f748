//go:build !windows

package bgdrain

import (
	"os"
	"runtime"
	"syscall"
	"time"
)

// detachedHere says whether this process leads a process group of its
// own (a session's leader leads its group).
func detachedHere() string {
	if syscall.Getpgrp() == os.Getpid() {
		return "own session"
	}
	return "caller's session"
}

const detachedWanted = "own session"

func runtimeGosched() {
	runtime.Gosched()
	time.Sleep(time.Millisecond)
}
