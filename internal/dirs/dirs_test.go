package dirs

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func envOf(goos string, vars map[string]string, existing ...string) Env {
	return Env{GOOS: goos, Getenv: func(k string) string { return vars[k] }, Exists: func(d string) bool {
		for _, x := range existing {
			if x == d {
				return true
			}
		}
		return false
	}}
}

// homes are a home directory per system.
var homes = map[string]string{"linux": "/home/u", "darwin": "/Users/u", "windows": `C:\Users\u`}

func TestDirectoriesPerSystem(t *testing.T) {
	for _, tc := range []struct {
		goos              string
		vars              map[string]string
		existing          []string
		config, state, db string
	}{
		{"linux", nil, nil, "/home/u/.config/actionguard", "/home/u/.local/state/actionguard", "/home/u/.local/state/actionguard/actionguard.db"},
		{"linux", map[string]string{"XDG_CONFIG_HOME": "/x/c", "XDG_STATE_HOME": "/x/s"}, nil, "/x/c/actionguard", "/x/s/actionguard", "/x/s/actionguard/actionguard.db"},
		// A relative XDG variable is ignored, as its specification says.
		{"linux", map[string]string{"XDG_CONFIG_HOME": "c", "XDG_STATE_HOME": "s"}, nil, "/home/u/.config/actionguard", "/home/u/.local/state/actionguard", "/home/u/.local/state/actionguard/actionguard.db"},
		{"freebsd", nil, nil, "/home/u/.config/actionguard", "/home/u/.local/state/actionguard", "/home/u/.local/state/actionguard/actionguard.db"},
		{"darwin", nil, nil, "/Users/u/Library/Application Support/actionguard", "/Users/u/Library/Application Support/actionguard/state", "/Users/u/Library/Application Support/actionguard/state/actionguard.db"},
		// An earlier release's directories are kept while they exist.
		{"darwin", nil, []string{"/Users/u/.config/actionguard", "/Users/u/.local/state/actionguard"}, "/Users/u/.config/actionguard", "/Users/u/.local/state/actionguard", "/Users/u/.local/state/actionguard/actionguard.db"},
		{"darwin", map[string]string{"XDG_CONFIG_HOME": "/x/c"}, []string{"/x/c/actionguard", "/Users/u/.config/actionguard"}, "/x/c/actionguard", "/Users/u/Library/Application Support/actionguard/state", "/Users/u/Library/Application Support/actionguard/state/actionguard.db"},
		{"windows", map[string]string{"APPDATA": `C:\Users\u\AppData\Roaming`, "LOCALAPPDATA": `C:\Users\u\AppData\Local`}, nil, `C:\Users\u\AppData\Roaming\actionguard`, `C:\Users\u\AppData\Local\actionguard`, `C:\Users\u\AppData\Local\actionguard\actionguard.db`},
		{"windows", map[string]string{"APPDATA": `D:\roam`, "LOCALAPPDATA": `D:\local`}, nil, `D:\roam\actionguard`, `D:\local\actionguard`, `D:\local\actionguard\actionguard.db`},
		// No variables: the conventional places under the profile.
		{"windows", nil, nil, `C:\Users\u\AppData\Roaming\actionguard`, `C:\Users\u\AppData\Local\actionguard`, `C:\Users\u\AppData\Local\actionguard\actionguard.db`},
		{"windows", map[string]string{"APPDATA": `roam`}, []string{`C:\Users\u\.config\actionguard`}, `C:\Users\u\.config\actionguard`, `C:\Users\u\AppData\Local\actionguard`, `C:\Users\u\AppData\Local\actionguard\actionguard.db`},
		// The variables that name a file or a directory win everywhere.
		{"windows", map[string]string{"ACTIONGUARD_CONFIG": `E:\ag\p.yaml`, "ACTIONGUARD_STATE_DIR": `E:\st`}, nil, `E:\ag`, `E:\st`, `E:\st\actionguard.db`},
		{"darwin", map[string]string{"ACTIONGUARD_CONFIG": "/etc/ag/p.yaml", "ACTIONGUARD_DB": "/srv/ag.db"}, nil, "/etc/ag", "/srv", "/srv/ag.db"},
	} {
		e := envOf(tc.goos, tc.vars, tc.existing...)
		e.Home = homes[tc.goos]
		if e.Home == "" {
			e.Home = "/home/u"
		}
		name := fmt.Sprintf("%s %v %v", tc.goos, tc.vars, tc.existing)
		check := func(what, want string, got string, err error) {
			t.Helper()
			if err != nil || got != want {
				t.Errorf("%s: %s = %q, %v; want %q", name, what, got, err, want)
			}
		}
		got, err := e.ConfigDir()
		check("ConfigDir", tc.config, got, err)
		got, err = e.StateDir()
		check("StateDir", tc.state, got, err)
		got, err = e.DBPath()
		check("DBPath", tc.db, got, err)
		file, explicit := e.PolicyFile()
		if want := e.Join(tc.config, PolicyFileName); tc.vars["ACTIONGUARD_CONFIG"] == "" && (file != want || explicit) {
			t.Errorf("%s: PolicyFile = %q, %v; want %q", name, file, explicit, want)
		} else if p := tc.vars["ACTIONGUARD_CONFIG"]; p != "" && (file != p || !explicit) {
			t.Errorf("%s: PolicyFile = %q, %v; want %q, explicit", name, file, explicit, p)
		}
	}
}

// TestDirectoriesWithoutHome: no home and no variable is an error, never
// a directory relative to wherever the process runs.
func TestDirectoriesWithoutHome(t *testing.T) {
	for _, goos := range append(Systems, "freebsd") {
		e := envOf(goos, nil)
		for what, f := range map[string]func() (string, error){"ConfigDir": e.ConfigDir, "StateDir": e.StateDir, "DBPath": e.DBPath, "CacheDir": e.CacheDir} {
			if got, err := f(); !errors.Is(err, ErrNoHome) {
				t.Errorf("%s %s = %q, %v; want ErrNoHome", goos, what, got, err)
			}
		}
		if f, _ := e.PolicyFile(); f != "" {
			t.Errorf("%s PolicyFile = %q; want none", goos, f)
		}
		if b := e.UserConfigBase(); b != "" {
			t.Errorf("%s UserConfigBase = %q; want none", goos, b)
		}
	}
}

// TestDirectoriesAbsolute: whatever the environment holds, every name is
// absolute on its system (given an absolute home) and ends in
// actionguard's directory or file.
func TestDirectoriesAbsolute(t *testing.T) {
	values := []string{"", "rel", "../up", "/abs", `C:\abs`, `\\srv\share`, "C:", "/", `C:rel`}
	vars := []string{"XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "APPDATA", "LOCALAPPDATA"}
	n := 0
	for _, goos := range Systems {
		for i := range len(values) * len(vars) {
			m := map[string]string{}
			for j, v := range vars {
				m[v] = values[(i+j*(i/len(values)+1))%len(values)]
			}
			e := envOf(goos, m)
			e.Home = homes[goos]
			for _, f := range []func() (string, error){e.ConfigDir, e.StateDir, e.DBPath, e.CacheDir} {
				got, err := f()
				n++
				if err != nil || !e.IsAbs(got) || !strings.Contains(got, Name) {
					t.Errorf("%s %v: %q, %v: not an absolute path of actionguard's", goos, m, got, err)
				}
			}
		}
	}
	t.Logf("%d names", n)
}

func TestHomePlaces(t *testing.T) {
	got := HomePlaces()
	for _, want := range []string{".config/actionguard", ".local/state/actionguard", "Library/Application Support/actionguard", "AppData/Roaming/actionguard", "AppData/Local/actionguard"} {
		found := false
		for _, g := range got {
			found = found || g == want
		}
		if !found {
			t.Errorf("HomePlaces() = %q: %q missing", got, want)
		}
	}
	// Each system's default directories are inside one of the places.
	for _, goos := range Systems {
		e := Env{GOOS: goos, Home: homes[goos]}
		for _, f := range []func() (string, error){e.ConfigDir, e.StateDir} {
			d, _ := f()
			rel := strings.TrimPrefix(strings.ReplaceAll(d, `\`, "/"), strings.ReplaceAll(homes[goos], `\`, "/")+"/")
			ok := false
			for _, g := range got {
				ok = ok || rel == g || strings.HasPrefix(rel, g+"/")
			}
			if !ok {
				t.Errorf("%s: %q is in no home place %q", goos, d, got)
			}
		}
	}
}

func TestAgentSystemSettings(t *testing.T) {
	for _, goos := range Systems {
		s := AgentSystemSettingsFor(goos)
		if len(s) == 0 {
			t.Errorf("%s: no agent settings", goos)
		}
		e := Env{GOOS: goos}
		for _, x := range s {
			if !e.IsAbs(x.Path) {
				t.Errorf("%s: %q is not absolute", goos, x.Path)
			}
		}
	}
}
