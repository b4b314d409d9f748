package policy

import (
	"strings"
	"testing"
)

// TestStrictDurabilityMerge: every pairing of the user's and a project's
// strict_durability. Either file turns it on; a project's false never
// turns the user's true off, and says so.
func TestStrictDurabilityMerge(t *testing.T) {
	values := []string{"", "true", "false"}
	file := func(v string) string {
		if v == "" {
			return "mode: adaptive\n"
		}
		return "strict_durability: " + v + "\n"
	}
	for _, u := range values {
		for _, pr := range values {
			p, err := loadPair(t, file(u), file(pr))
			if err != nil {
				t.Fatalf("user %q project %q: %v", u, pr, err)
			}
			if want := u == "true" || pr == "true"; p.StrictDurability != want {
				t.Errorf("user %q project %q: strict durability %v, want %v", u, pr, p.StrictDurability, want)
			}
			warned := false
			for _, w := range p.Warnings {
				warned = warned || strings.Contains(w, "strict_durability false ignored")
			}
			if want := u == "true" && pr == "false"; warned != want {
				t.Errorf("user %q project %q: warned %v, want %v (%v)", u, pr, warned, want, p.Warnings)
			}
		}
	}
	if Default().StrictDurability {
		t.Error("the built-in policy syncs every record")
	}
}

// TestStrictDurabilityType: anything but true or false is an error at its
// line and column, and the file is not used.
func TestStrictDurabilityType(t *testing.T) {
	for _, bad := range []string{`"true"`, "yes", "1", "[true]", "{on: true}"} {
		_, diags := CheckBytes("user.yaml", []byte("mode: adaptive\nstrict_durability: "+bad+"\n"))
		errs := 0
		for _, d := range diags {
			if d.Severity == SeverityError {
				errs++
				if d.Line != 2 || !strings.Contains(d.Message, "strict_durability") {
					t.Errorf("%s: error %v, want one on line 2 naming the key", bad, d)
				}
			}
		}
		if errs == 0 {
			t.Errorf("%s: accepted (%v)", bad, diags)
		}
	}
}
