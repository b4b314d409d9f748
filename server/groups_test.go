package server_test

import (
	"fmt"
	"testing"

	"github.com/actionguard/actionguard/approval"
)

// GET /v1/approvals groups pending requests for batch review: a group never
// holds two levels, nor a file outside the workspace beside workspace
// files, and every request of a group has the group's key.
func TestApprovalGroupsKeepLevelsAndPlacesApart(t *testing.T) {
	e := newEnv(t)
	type opened struct{ level, place string }
	want := map[string]opened{}
	levels := []approval.Summary{
		{Tool: "Write", Verdict: "confirm", Level: "cautious", Risk: 3},
		{Tool: "Write", Verdict: "approve", Level: "privileged", Risk: 6},
		{Tool: "Write", Verdict: "approve", Level: "dangerous", Risk: 10},
	}
	places := map[string][]string{
		"workspace": {"src/a.go", "src/b.go", "/home/u/app/c.go"},
		"home":      {"~/.bashrc", "../notes.txt", "/home/u/.ssh/config", "$HOME/.profile"},
		"system":    {"/etc/hosts", "../../../etc/passwd", "/usr/lib/x.so", `C:\Windows\win.ini`},
	}
	for _, s := range levels {
		for place, paths := range places {
			for _, p := range paths {
				id := openRequest(t, e.st, fmt.Sprintf(`{"tool":"Write","input":{"file_path":%q,"content":"x"},"context":{"cwd":"/home/u/app"}}`, p), s)
				want[id] = opened{s.Level, place}
			}
		}
	}
	code, body := e.do("GET", "/v1/approvals", nil)
	list := decode[struct {
		Approvals []struct {
			ID    string             `json:"id"`
			Batch approval.BatchKind `json:"batch"`
		}
		Groups []struct {
			Key   string   `json:"key"`
			Title string   `json:"title"`
			IDs   []string `json:"ids"`
		}
	}](t, body)
	if code != 200 {
		t.Fatalf("GET /v1/approvals: %d %s", code, body)
	}
	keyOf := map[string]string{}
	for _, a := range list.Approvals {
		keyOf[a.ID] = a.Batch.Key
	}
	seen := 0
	for _, g := range list.Groups {
		first := want[g.IDs[0]]
		for _, id := range g.IDs {
			seen++
			if got := want[id]; got != first {
				t.Errorf("group %q puts a %s request %s beside a %s one %s", g.Title, got.level+" "+got.place, id, first.level+" "+first.place, g.IDs[0])
			}
			if keyOf[id] != g.Key {
				t.Errorf("%s has the key %s in group %s", id, keyOf[id], g.Key)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("the groups hold %d requests, want %d", seen, len(want))
	}
	// Batch review still works: the workspace writes of a level are one group.
	if len(list.Groups) != len(levels)*len(places) {
		for _, g := range list.Groups {
			t.Logf("%s: %v", g.Title, g.IDs)
		}
		t.Errorf("%d groups, want one a level and place (%d)", len(list.Groups), len(levels)*len(places))
	}
}
