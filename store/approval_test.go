package store_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/store"
)

func TestApprovals(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	sum := approval.Summary{Tool: "mcp__db__drop", Verdict: "approve", Risk: 8, Reason: "Deletes data."}
	fresh := approval.New([]byte(`{"tool":"mcp__db__drop","input":{"password":"hunter2secretpw"}}`), sum, time.Now())
	if err := approval.Open(ctx, st, fresh); err != nil {
		t.Fatal(err)
	}
	stale := approval.New([]byte(`{"tool":"x"}`), sum, time.Now().Add(-25*time.Hour))
	if err := approval.Open(ctx, st, stale); err != nil {
		t.Fatal(err)
	}
	if err := st.OpenApproval(ctx, fresh); !errors.Is(err, approval.ErrDuplicate) {
		t.Errorf("reusing an id: %v, want ErrDuplicate", err)
	}
	got, err := st.Approval(ctx, fresh.ID)
	if err != nil || got.Status != approval.StatusPending || strings.Contains(string(got.Action), "hunter2") {
		t.Errorf("fresh = %+v, %v (want pending, redacted)", got, err)
	}
	if got, _ := st.Approval(ctx, stale.ID); got.Status != approval.StatusExpired {
		t.Errorf("stale reads as %s, want timeout", got.Status)
	}
	if pending, _ := st.Approvals(ctx, false); len(pending) != 1 || pending[0].ID != fresh.ID {
		t.Errorf("pending = %+v", pending)
	}
	if _, err := st.DecideApproval(ctx, stale.ID, approval.Decision{Status: approval.StatusApproved, By: "a"}); !errors.Is(err, approval.ErrDecided) && !errors.Is(err, approval.ErrExpired) {
		t.Errorf("approving an expired request: %v", err)
	}
	if _, err := st.DecideApproval(ctx, "ap-nope22", approval.Decision{Status: approval.StatusApproved}); !errors.Is(err, approval.ErrNotFound) {
		t.Errorf("unknown id: %v", err)
	}
	r, err := st.DecideApproval(ctx, fresh.ID, approval.Decision{Status: approval.StatusRejected, By: "bob", Note: "no"})
	if err != nil || r.Status != approval.StatusRejected || r.DecidedBy != "bob" {
		t.Errorf("reject = %+v, %v", r, err)
	}
	if _, err := st.DecideApproval(ctx, fresh.ID, approval.Decision{Status: approval.StatusApproved}); !errors.Is(err, approval.ErrDecided) {
		t.Errorf("deciding twice: %v", err)
	}
	all, _ := st.Approvals(ctx, true)
	if len(all) != 2 {
		t.Errorf("all = %d requests, want 2", len(all))
	}
	md := approval.Markdown(&r)
	for _, want := range []string{"# Approval request " + r.ID, "## Why it needs approval", "Deletes data.", "rejected", "> no"} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
}
