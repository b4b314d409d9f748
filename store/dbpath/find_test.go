package dbpath

import (
	"path/filepath"
	"testing"
)

// TestFind: the flag beats $ACTIONGUARD_DB, which beats the state
// directory, whatever else is set.
func TestFind(t *testing.T) {
	env := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }
	state := filepath.Join("srv", "state")
	for _, tc := range []struct {
		explicit string
		env      map[string]string
		want     string
	}{
		{"flag.db", map[string]string{"ACTIONGUARD_DB": "env.db", "ACTIONGUARD_STATE_DIR": state}, "flag.db"},
		{"", map[string]string{"ACTIONGUARD_DB": "env.db", "ACTIONGUARD_STATE_DIR": state}, "env.db"},
		{"", map[string]string{"ACTIONGUARD_STATE_DIR": state}, filepath.Join(state, FileName)},
		{"", map[string]string{"ACTIONGUARD_STATE_DIR": state + string(filepath.Separator)}, filepath.Join(state, FileName)},
	} {
		if got, err := Find(tc.explicit, env(tc.env)); err != nil || got != tc.want {
			t.Errorf("Find(%q, %v) = %q, %v; want %q", tc.explicit, tc.env, got, err, tc.want)
		}
	}
	t.Setenv("ACTIONGUARD_DB", "")
	t.Setenv("ACTIONGUARD_STATE_DIR", "")
	want, _ := Default()
	if got, _ := Find("", env(nil)); got != want {
		t.Errorf("nothing set: %q, want Default's %q", got, want)
	}
}
