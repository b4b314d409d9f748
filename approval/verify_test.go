package approval_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/audit"
)

// rmKey is the call the tests approve: rm -rf build/ by codex in a project.
var rmKey = approval.Key{Session: "s1", InputHash: rmHash, Cwd: "/home/alice/proj", Agent: "codex"}

// approved opens a request for k and has alice approve it.
func approved(t *testing.T, q *testQueue, k approval.Key) approval.Request {
	t.Helper()
	ctx := context.Background()
	o, err := q.Gate(ctx, rmAction, rmSum, k)
	if err != nil || o.Request.ID == "" {
		t.Fatalf("Gate: %+v, %v", o, err)
	}
	r, err := q.Decide(ctx, o.Request.ID, approval.Decision{Status: approval.StatusApproved, By: "alice"})
	if err != nil || r.DecisionSeq == 0 || r.DecisionHash == "" {
		t.Fatalf("Decide: %+v, %v", r, err)
	}
	return r
}

// An approval passes exactly its call, once: any other session, input,
// working directory or agent opens a request of its own, and nothing is
// refused (those calls never had an approval).
func TestPassBoundToCall(t *testing.T) {
	ctx := context.Background()
	others := []approval.Key{
		{Session: "s2", InputHash: rmKey.InputHash, Cwd: rmKey.Cwd, Agent: rmKey.Agent},
		{Session: rmKey.Session, InputHash: approval.InputHash("Bash", map[string]any{"command": "rm -rf /"}), Cwd: rmKey.Cwd, Agent: rmKey.Agent},
		{Session: rmKey.Session, InputHash: rmKey.InputHash, Cwd: "/etc", Agent: rmKey.Agent},
		{Session: rmKey.Session, InputHash: rmKey.InputHash, Cwd: rmKey.Cwd + "/", Agent: rmKey.Agent},
		{Session: rmKey.Session, InputHash: rmKey.InputHash, Cwd: rmKey.Cwd, Agent: "claude-code"},
		{Session: rmKey.Session, InputHash: rmKey.InputHash},
	}
	q := newTestQueue(t)
	r := approved(t, q, rmKey)
	for _, k := range others {
		o, err := q.Gate(ctx, rmAction, rmSum, k)
		if err != nil || o.Passed || o.Refused != nil || o.Request.ID == r.ID || o.Request.Key() != k {
			t.Errorf("%+v: %+v, %v; want a request of its own", k, o, err)
		}
		if p, _ := q.Pass(ctx, k); p.Passed {
			t.Errorf("%+v passed on %s", k, r.ID)
		}
	}
	o, err := q.Gate(ctx, rmAction, rmSum, rmKey)
	if err != nil || !o.Passed || o.Request.ID != r.ID {
		t.Fatalf("the approved call: %+v, %v", o, err)
	}
	if o, _ := q.Gate(ctx, rmAction, rmSum, rmKey); o.Passed || o.Request.ID == r.ID {
		t.Errorf("a second use: %+v", o)
	}
	q.reasons()
}

// Generated calls that differ from the approved one in any field never
// pass, whatever the field's value.
func TestPassBoundToCallGenerated(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 5))
	q := newTestQueue(t)
	r := approved(t, q, rmKey)
	words := []string{"", "s1", "/", "/home/alice/proj", "codex", rmHash, "x", "/home/alice/proj/..", "s1 ", "CODEX"}
	for i := range 300 {
		k := rmKey
		switch rng.IntN(4) {
		case 0:
			k.Session = words[rng.IntN(len(words))]
		case 1:
			k.InputHash = words[rng.IntN(len(words))]
		case 2:
			k.Cwd = words[rng.IntN(len(words))]
		case 3:
			k.Agent = words[rng.IntN(len(words))]
		}
		if k == rmKey || k.InputHash == "" {
			continue
		}
		if p, err := q.Pass(ctx, k); err != nil || p.Passed {
			t.Fatalf("call %d %+v passed on %s (%v)", i, k, r.ID, err)
		}
	}
	if p, _ := q.Pass(ctx, rmKey); !p.Passed {
		t.Error("the approved call did not pass after the others")
	}
	q.reasons()
}

// A pass lapses PassTTL after the decision, however long the request
// waited before it.
func TestPassExpires(t *testing.T) {
	ctx := context.Background()
	q := newTestQueue(t)
	o, _ := q.Gate(ctx, rmAction, rmSum, rmKey)
	q.clock.Add(20 * time.Hour)
	q.Decide(ctx, o.Request.ID, approval.Decision{Status: approval.StatusApproved, By: "alice"})
	q.clock.Add(approval.DefaultPassTTL - time.Second)
	if p, _ := q.Pass(ctx, rmKey); !p.Passed {
		t.Fatalf("a second before the pass lapses: %+v", p)
	}

	q = newTestQueue(t)
	q.PassTTL = time.Minute
	r := approved(t, q, rmKey)
	q.clock.Add(time.Minute)
	if p, _ := q.Pass(ctx, rmKey); p.Passed || p.Refused != nil {
		t.Errorf("a lapsed pass: %+v", p)
	}
	if o, _ := q.Gate(ctx, rmAction, rmSum, rmKey); o.Passed || o.Request.ID == r.ID || o.Request.Status != approval.StatusPending {
		t.Errorf("after the pass lapsed: %+v; want a new pending request", o)
	}
	q.reasons()
}

// The tampering an agent can do with the database (a program that writes
// the approvals table directly) lets nothing through, and is reported.
func TestTamperedApprovalRefused(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		// do changes the store after the request for rmKey was opened
		// (and approved, when approve), and returns the call tried.
		approve bool
		do      func(q *testQueue, r *approval.Request) approval.Key
	}{
		{"row set to approved", false, func(q *testQueue, r *approval.Request) approval.Key {
			q.store.Tamper(r.ID, func(s *approval.Request) {
				s.Status, s.DecidedBy, s.DecidedAt = approval.StatusApproved, "alice", q.clock.Now().Add(-2*time.Minute)
			})
			return rmKey
		}},
		{"row set to approved, linked to a record that names it", false, func(q *testQueue, r *approval.Request) approval.Key {
			rec := audit.Record{SessionID: rmKey.Session, Tool: "Bash", Verdict: "allow", Reason: "approval " + r.ID + " approved by alice"}
			q.Audit(ctx, &rec)
			q.store.Tamper(r.ID, func(s *approval.Request) {
				s.Status, s.DecidedBy, s.DecidedAt = approval.StatusApproved, "alice", q.clock.Now()
				s.DecisionSeq, s.DecisionHash = rec.Seq, rec.Hash
			})
			return rmKey
		}},
		{"row linked to another approval's record", false, func(q *testQueue, r *approval.Request) approval.Key {
			other := approved(t, q, approval.Key{Session: "s9", InputHash: rmHash})
			q.store.Tamper(r.ID, func(s *approval.Request) {
				s.Status, s.DecidedBy, s.DecidedAt = approval.StatusApproved, "alice", q.clock.Now()
				s.DecisionSeq, s.DecisionHash = other.DecisionSeq, other.DecisionHash
			})
			return rmKey
		}},
		{"approved row moved to /etc", true, func(q *testQueue, r *approval.Request) approval.Key {
			q.store.Tamper(r.ID, func(s *approval.Request) { s.Cwd = "/etc" })
			k := rmKey
			k.Cwd = "/etc"
			return k
		}},
		{"approved row given another command", true, func(q *testQueue, r *approval.Request) approval.Key {
			k := rmKey
			k.InputHash = approval.InputHash("Bash", map[string]any{"command": "rm -rf ~"})
			q.store.Tamper(r.ID, func(s *approval.Request) { s.InputHash = k.InputHash })
			return k
		}},
		{"approved row given another session", true, func(q *testQueue, r *approval.Request) approval.Key {
			k := rmKey
			k.Session = "s-attacker"
			q.store.Tamper(r.ID, func(s *approval.Request) { s.SessionID = k.Session })
			return k
		}},
		{"approved row given another agent", true, func(q *testQueue, r *approval.Request) approval.Key {
			k := rmKey
			k.Agent = "gemini-cli"
			q.store.Tamper(r.ID, func(s *approval.Request) { s.Agent = k.Agent })
			return k
		}},
		{"used pass set unused", true, func(q *testQueue, r *approval.Request) approval.Key {
			if p, _ := q.Pass(ctx, rmKey); !p.Passed {
				t.Fatalf("the approved call did not pass: %+v", p)
			}
			q.store.Tamper(r.ID, func(s *approval.Request) { s.UsedAt = time.Time{} })
			return rmKey
		}},
		{"decision hash changed", true, func(q *testQueue, r *approval.Request) approval.Key {
			q.store.Tamper(r.ID, func(s *approval.Request) { s.DecisionHash = strings.Repeat("0", 64) })
			return rmKey
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := newTestQueue(t)
			var r approval.Request
			if tc.approve {
				r = approved(t, q, rmKey)
			} else {
				o, _ := q.Gate(ctx, rmAction, rmSum, rmKey)
				r = o.Request
			}
			k := tc.do(q, &r)
			p, err := q.Pass(ctx, k)
			if err != nil || p.Passed || !errors.Is(p.Refused, approval.ErrUnverified) || !strings.Contains(p.Refused.Error(), r.ID) {
				t.Fatalf("Pass: %+v, %v; want refused as unverified", p, err)
			}
			o, err := q.Gate(ctx, rmAction, rmSum, k)
			if err != nil || o.Passed || o.Refused == nil || o.Request.ID == r.ID || o.Request.Status != approval.StatusPending {
				t.Errorf("Gate: %+v, %v; want refused, and a new pending request", o, err)
			}
			q.reasons()
		})
	}
}

// A decision that never reached the audit log (no Audit) lets nothing
// through: not in the moment after it, and refused after that.
func TestUnrecordedDecisionRefused(t *testing.T) {
	ctx := context.Background()
	q := newTestQueue(t)
	q.Audit = nil
	var warned []string
	q.Warn = func(err error) { warned = append(warned, err.Error()) }
	o, _ := q.Gate(ctx, rmAction, rmSum, rmKey)
	if _, err := q.Decide(ctx, o.Request.ID, approval.Decision{Status: approval.StatusApproved, By: "alice"}); err != nil {
		t.Fatal(err)
	}
	if len(warned) != 1 || !strings.Contains(warned[0], "will not let the call through") {
		t.Errorf("warnings %q", warned)
	}
	if p, _ := q.Pass(ctx, rmKey); p.Passed || p.Refused != nil {
		t.Errorf("just after the decision: %+v", p)
	}
	q.clock.Add(2 * time.Minute)
	if p, _ := q.Pass(ctx, rmKey); p.Passed || !errors.Is(p.Refused, approval.ErrUnverified) {
		t.Errorf("later: %+v", p)
	}
}

// Verified without an audit log to look in refuses.
func TestVerifiedWithoutChain(t *testing.T) {
	r := approval.Request{ID: "ap-x", Status: approval.StatusApproved, DecisionSeq: 1, DecisionHash: "h"}
	if err := approval.Verified(context.Background(), nil, &r, rmKey); !errors.Is(err, approval.ErrUnverified) {
		t.Errorf("Verified(nil chain) = %v", err)
	}
}

func ExamplePassTag() {
	fmt.Println(len(approval.PassTag("ap-7f3k2q", rmKey)))
	// Output: 32
}
