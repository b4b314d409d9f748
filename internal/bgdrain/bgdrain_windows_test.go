package bgdrain

import (
	"runtime"
	"time"
)

func detachedHere() string { return "detached" }

const detachedWanted = "detached"

func runtimeGosched() {
	runtime.Gosched()
	time.Sleep(time.Millisecond)
}
