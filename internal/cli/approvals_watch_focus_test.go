package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
)

// A terminal that lost the focus pauses the countdown of the request on
// screen, however long the person is away; back in focus, it goes on and
// confirms. Nothing runs while no request is picked.
func TestWatchCountdownPausesWithoutFocus(t *testing.T) {
	ctx := context.Background()
	f := newWatchFixture(t)
	v := &termView{}
	status := func() approval.Status {
		t.Helper()
		r, err := f.w.q.Store.Approval(ctx, f.soft)
		if err != nil {
			t.Fatal(err)
		}
		return r.Status
	}
	// Unpicked, a long time.
	for range 20 {
		f.w.keepSelection(v)
		f.w.countdown(ctx, v)
		f.now = f.now.Add(time.Second)
	}
	if status() != approval.StatusPending {
		t.Fatalf("confirmed with nothing picked: %s", status())
	}
	f.w.key(ctx, v, "j")
	f.w.countdown(ctx, v)
	f.w.key(ctx, v, keyFocusOut)
	for range 60 {
		f.now = f.now.Add(time.Second)
		f.w.countdown(ctx, v)
	}
	if status() != approval.StatusPending {
		t.Fatalf("confirmed while the window had no focus: %s", status())
	}
	if s := f.screen(v); !strings.Contains(s, "Paused while this window has no focus") {
		t.Errorf("the screen does not say the countdown is paused:\n%s", s)
	}
	f.w.key(ctx, v, keyFocusIn)
	for range 10 {
		f.now = f.now.Add(time.Second)
		f.w.countdown(ctx, v)
	}
	if status() != approval.StatusApproved {
		t.Fatalf("not confirmed once back in focus: %s", status())
	}
}

// Focus reports are keys of their own, among the others.
func TestReadFocusKeys(t *testing.T) {
	keys := make(chan string, 16)
	readKeys(bytes.NewReader([]byte("j\x1b[Oy\x1b[I\x1b[Bq")), keys)
	var got []string
	for k := range keys {
		got = append(got, k)
	}
	if strings.Join(got, " ") != "j focus-out y focus-in down q" {
		t.Errorf("keys %q", got)
	}
}
