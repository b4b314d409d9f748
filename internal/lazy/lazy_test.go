package lazy

import (
	"sync"
	"testing"
)

var table = &Value[map[string]bool]{New: func() map[string]bool { built++; return map[string]bool{"a": true} }}

var built int

// The value is built once, on first use, whatever the number of callers.
func TestGetBuildsOnce(t *testing.T) {
	if built != 0 {
		t.Fatalf("built %d times before the first Get", built)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !table.Get()["a"] {
				t.Error("the value is not the one New built")
			}
		}()
	}
	wg.Wait()
	if built != 1 {
		t.Errorf("built %d times, want 1", built)
	}
}
