package approval_test

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/google/go-cmp/cmp"
)

// groupCase is one case of testdata/groups.json: pending requests (as the
// store returns them, newest first) and the groups they make.
type groupCase struct {
	Name     string `json:"name"`
	Requests []struct {
		ID       string           `json:"id"`
		Status   approval.Status  `json:"status"`
		Action   json.RawMessage  `json:"action"`
		Decision approval.Summary `json:"decision"`
	} `json:"requests"`
	Want []wantGroup `json:"want"`
}

type wantGroup struct {
	Title     string   `json:"title"`
	IDs       []string `json:"ids"`
	Dangerous bool     `json:"dangerous,omitempty"`
}

var groupKey = regexp.MustCompile(`^g-[23456789abcdefghjkmnpqrstuvwxyz]{6}$`)

// TestGroups sorts the requests of testdata/groups.json by kind.
func TestGroups(t *testing.T) {
	data, err := os.ReadFile("testdata/groups.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []groupCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			rs := make([]approval.Request, len(c.Requests))
			for i, x := range c.Requests {
				r := approval.New(x.Action, x.Decision, now)
				r.ID = x.ID
				if x.Status != "" {
					r.Status = x.Status
				}
				rs[i] = *r
			}
			groups := approval.Groups(rs)
			got := make([]wantGroup, len(groups))
			keys := map[string]bool{}
			for i := range groups {
				g := &groups[i]
				got[i] = wantGroup{Title: g.Title, IDs: g.IDs(), Dangerous: g.Dangerous}
				if !groupKey.MatchString(g.Key) {
					t.Errorf("group key %q is not g- and six letters", g.Key)
				}
				if keys[g.Key] {
					t.Errorf("two groups have the key %s", g.Key)
				}
				keys[g.Key] = true
				for j := range g.Requests {
					if k := approval.GroupKey(&g.Requests[j]); k != g.Key {
						t.Errorf("%s has the key %s in group %s", g.Requests[j].ID, k, g.Key)
					}
				}
			}
			if diff := cmp.Diff(c.Want, got); diff != "" {
				t.Errorf("groups (-want +got):\n%s", diff)
			}
		})
	}
}

// A kind's key is the same in every process and every version: the CLI's
// --group takes what an earlier `approvals list` printed.
func TestGroupKeyStable(t *testing.T) {
	r := approval.New([]byte(`{"tool":"Bash","input":{"command":"rm -rf build"},"context":{"cwd":"/home/x/proj"}}`),
		approval.Summary{Tool: "Bash", Verdict: "approve", Level: "privileged", Rules: []string{"profile.assistant.execute"}}, time.Now())
	want := approval.BatchKind{Key: "g-3vzg3t", One: "file deletion in /home/x/proj", Many: "file deletions in /home/x/proj"}
	if got := approval.BatchKindOf(r); got != want {
		t.Errorf("BatchKindOf = %+v, want %+v", got, want)
	}
	if got := approval.GroupKey(r); got != want.Key {
		t.Errorf("GroupKey = %s, want %s", got, want.Key)
	}
	if got := want.Title(10); got != "10 file deletions in /home/x/proj" {
		t.Errorf("Title(10) = %q", got)
	}
}

// BenchmarkGroups sorts 100 pending requests of a few kinds (what the
// server's list and every `approvals list` do).
func BenchmarkGroups(b *testing.B) {
	now := time.Now()
	actions := []string{
		`{"tool":"Bash","input":{"command":"rm -rf build/%d"},"context":{"cwd":"/home/x/proj"}}`,
		`{"tool":"Bash","input":{"command":"npm install pkg-%d"},"context":{"cwd":"/home/x/proj"}}`,
		`{"tool":"send_email","input":{"to":"u%d@othercorp.com","subject":"hi"}}`,
		`{"tool":"mcp__db__query","kind":"sql","input":{"query":"DELETE FROM t WHERE id = %d"}}`,
	}
	rs := make([]approval.Request, 100)
	for i := range rs {
		r := approval.New(fmt.Appendf(nil, actions[i%len(actions)], i), approval.Summary{Verdict: "approve", Level: "privileged", Rules: []string{"x.y"}}, now)
		r.ID = fmt.Sprintf("ap-%06d", i)
		rs[i] = *r
	}
	b.ReportAllocs()
	for b.Loop() {
		if gs := approval.Groups(rs); len(gs) != len(actions) {
			b.Fatalf("%d groups", len(gs))
		}
	}
}
