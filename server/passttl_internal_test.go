package server

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/store"
)

// TestWithPassTTL: the policy's pass lifetime reaches both of the server's
// queues — the one people decide with and the one checks pass through —
// and without the option both keep the default.
func TestWithPassTTL(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "ag.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, d := range []time.Duration{0, 30 * time.Second, 2 * time.Hour} {
		srv := New(st, guard.New(), WithoutAuth(), WithPassTTL(d))
		for name, q := range map[string]*approval.Queue{"people's": srv.q, "checks'": srv.gateQ} {
			if q.PassTTL != d {
				t.Errorf("WithPassTTL(%s): the %s queue has %s", d, name, q.PassTTL)
			}
		}
		srv.Close()
	}
}
