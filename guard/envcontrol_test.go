package guard

import (
	"slices"
	"testing"
)

// TestEnvControlPlaneVars: the guard keeps the control plane named from
// the environment until one of controlPlaneVars changes, so naming it must
// read no other variable.
func TestEnvControlPlaneVars(t *testing.T) {
	envs := []map[string]string{
		{},
		{"HOME": "/home/u"},
		{"HOME": "/home/u", "ACTIONGUARD_DB": "/srv/ag/x.db", "ACTIONGUARD_CONFIG": "/etc/ag.yaml"},
		{"HOME": "/home/u", "ACTIONGUARD_STATE_DIR": "/var/ag", "XDG_CONFIG_HOME": "/cfg"},
		{"XDG_STATE_HOME": "/st", "XDG_CONFIG_HOME": "relative"},
	}
	for _, env := range envs {
		envControlPlane(func(v string) string {
			if !slices.Contains(controlPlaneVars[:], v) {
				t.Errorf("envControlPlane reads $%s, which controlPlaneVars does not list", v)
			}
			return env[v]
		})
	}
}

// TestControlPlaneFollowsEnv: a change of the environment between two
// actions names the new control plane.
func TestControlPlaneFollowsEnv(t *testing.T) {
	g := New()
	t.Setenv("ACTIONGUARD_CONFIG", "")
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("HOME", "/home/one")
	t.Setenv("ACTIONGUARD_DB", "/srv/first/audit.db")
	first := g.controlPlane()
	if !slices.Contains(first, "/srv/first/audit.db") {
		t.Fatalf("control plane %q lacks the database", first)
	}
	if again := g.controlPlane(); !slices.Equal(first, again) {
		t.Fatalf("same environment, control plane %q then %q", first, again)
	}
	t.Setenv("ACTIONGUARD_DB", "/srv/second/audit.db")
	second := g.controlPlane()
	if !slices.Contains(second, "/srv/second/audit.db") || slices.Contains(second, "/srv/first/audit.db") {
		t.Fatalf("after the database moved, control plane %q", second)
	}
	t.Setenv("HOME", "/home/two")
	if third := g.controlPlane(); !slices.Contains(third, "/home/two/.config/actionguard") {
		t.Fatalf("after HOME changed, control plane %q", third)
	}
}
