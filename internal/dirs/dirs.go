// Package dirs says where actionguard keeps its files on each operating
// system: the configuration directory (the user's policy, the chosen
// modes, the audit checkpoints), the state directory (the database, the
// audit spool and key, sessions, approvals, trust, the trash), the cache
// directory, and the agents' settings that hold its hooks. Every part of
// actionguard that looks for one of them asks this package, so the CLI,
// the hook, the server and the self-protection agree.
//
// The directories follow each system's convention:
//
//	         configuration                          state
//	Linux    $XDG_CONFIG_HOME or ~/.config           $XDG_STATE_HOME or ~/.local/state
//	macOS    ~/Library/Application Support           ~/Library/Application Support/actionguard/state
//	Windows  %AppData% (Roaming)                     %LocalAppData%
//
// each with an actionguard directory. On macOS and Windows a directory an
// earlier release made (~/.config/actionguard, ~/.local/state/actionguard)
// is kept while it exists, so that nobody's keys, policy or audit log are
// left behind.
//
// Names are computed from an Env: the operating system, the environment
// and the home directory are data, so every system's answer can be tested
// on any machine. Host is the Env of this process.
//
// Entry points: Env, Host, HomePlaces, AgentSystemSettings.
package dirs

import (
	"errors"
	"path"
	"strings"
)

// Name is the name of actionguard's directory under each base directory.
const Name = "actionguard"

// File names in the configuration and state directories.
const (
	PolicyFileName = "actionguard.yaml"
	DBFileName     = "actionguard.db"
)

// ErrNoHome is returned when a directory cannot be named: no home
// directory and no variable that names the place.
var ErrNoHome = errors.New("no home directory: set HOME (USERPROFILE on Windows) or the ACTIONGUARD_ variable for the path")

// Env is what the directories are named from.
type Env struct {
	// GOOS is the operating system ("linux", "darwin", "windows", …);
	// empty is Linux's convention.
	GOOS string
	// Getenv reads the environment; nil reads nothing.
	Getenv func(string) string
	// Home is the user's home directory; empty: $HOME, else (on
	// Windows) %USERPROFILE%.
	Home string
	// Exists reports whether a directory exists; it is asked only on
	// macOS and Windows, about an earlier release's directories. Nil:
	// none exists.
	Exists func(dir string) bool
}

func (e Env) getenv(k string) string {
	if e.Getenv == nil {
		return ""
	}
	return e.Getenv(k)
}

func (e Env) windows() bool { return e.GOOS == "windows" }

// HomeDir is the user's home directory, or "" when none is known.
func (e Env) HomeDir() string {
	if e.Home != "" {
		return e.Home
	}
	if h := e.getenv("HOME"); h != "" {
		return h
	}
	if e.windows() {
		return e.getenv("USERPROFILE")
	}
	return ""
}

// Join joins path elements with the separator of the Env's system.
func (e Env) Join(elem ...string) string {
	if !e.windows() {
		return path.Join(elem...)
	}
	return e.native(path.Join(elem...))
}

// native spells a slash path, cleaned, as Windows does; a leading pair of
// separators (a UNC path: \\server\share) is kept.
func (e Env) native(p string) string {
	unc := strings.HasPrefix(p, `\\`) || strings.HasPrefix(p, "//")
	p = path.Clean(strings.ReplaceAll(p, `\`, "/"))
	if unc {
		p = "/" + p
	}
	return strings.ReplaceAll(p, "/", `\`)
}

// Dir is the directory of a path on the Env's system.
func (e Env) Dir(p string) string {
	if e.windows() {
		unc := strings.HasPrefix(p, `\\`) || strings.HasPrefix(p, "//")
		d := path.Dir(strings.ReplaceAll(p, `\`, "/"))
		if unc {
			d = "/" + d
		}
		return e.native(d)
	}
	return path.Dir(p)
}

// IsAbs reports whether p is an absolute path on the Env's system (the
// XDG variables are ignored when relative, as their specification says).
func (e Env) IsAbs(p string) bool {
	if !e.windows() {
		return strings.HasPrefix(p, "/")
	}
	if strings.HasPrefix(p, `\\`) || strings.HasPrefix(p, "//") {
		return true // a UNC path
	}
	return len(p) >= 3 && isLetter(p[0]) && p[1] == ':' && (p[2] == '\\' || p[2] == '/')
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// base is the variable's directory when it names an absolute one, else
// home joined with rel (when the home is known).
func (e Env) base(variable string, rel ...string) string {
	if d := e.getenv(variable); d != "" && e.IsAbs(d) {
		return d
	}
	home := e.HomeDir()
	if home == "" {
		return ""
	}
	return e.Join(append([]string{home}, rel...)...)
}

// legacy is the first of an earlier release's directories that exists.
func (e Env) legacy(dirs ...string) string {
	if e.Exists == nil {
		return ""
	}
	for _, d := range dirs {
		if d != "" && e.Exists(d) {
			return d
		}
	}
	return ""
}

// unixConfigDir and unixStateDir are the XDG places (and what every
// release before the per-system directories used on every system).
func (e Env) unixConfigDir() string {
	if b := e.base("XDG_CONFIG_HOME", ".config"); b != "" {
		return e.Join(b, Name)
	}
	return ""
}

func (e Env) unixStateDir() string {
	if b := e.base("XDG_STATE_HOME", ".local", "state"); b != "" {
		return e.Join(b, Name)
	}
	return ""
}

// DefaultConfigDir is the configuration directory by the system's
// convention, whatever $ACTIONGUARD_CONFIG says.
func (e Env) DefaultConfigDir() (string, error) {
	var d string
	switch e.GOOS {
	case "darwin", "ios":
		if d = e.legacy(e.unixConfigDir()); d == "" {
			if home := e.HomeDir(); home != "" {
				d = e.Join(home, "Library", "Application Support", Name)
			}
		}
	case "windows":
		if d = e.legacy(e.unixConfigDir()); d == "" {
			if b := e.base("APPDATA", "AppData", "Roaming"); b != "" {
				d = e.Join(b, Name)
			}
		}
	default:
		d = e.unixConfigDir()
	}
	if d == "" {
		return "", ErrNoHome
	}
	return d, nil
}

// ConfigDir is the configuration directory: the directory of
// $ACTIONGUARD_CONFIG when set, else DefaultConfigDir.
func (e Env) ConfigDir() (string, error) {
	if p := e.getenv("ACTIONGUARD_CONFIG"); p != "" {
		return e.Dir(p), nil
	}
	return e.DefaultConfigDir()
}

// PolicyFile is the user's policy file: $ACTIONGUARD_CONFIG (explicit:
// it must exist) when set, else actionguard.yaml in the configuration
// directory. It is "" when there is no home directory.
func (e Env) PolicyFile() (file string, explicit bool) {
	if p := e.getenv("ACTIONGUARD_CONFIG"); p != "" {
		return p, true
	}
	d, err := e.DefaultConfigDir()
	if err != nil {
		return "", false
	}
	return e.Join(d, PolicyFileName), false
}

// DefaultStateDir is the state directory by the system's convention,
// whatever $ACTIONGUARD_DB and $ACTIONGUARD_STATE_DIR say.
func (e Env) DefaultStateDir() (string, error) {
	var d string
	switch e.GOOS {
	case "darwin", "ios":
		if d = e.legacy(e.unixStateDir()); d == "" {
			if home := e.HomeDir(); home != "" {
				d = e.Join(home, "Library", "Application Support", Name, "state")
			}
		}
	case "windows":
		if d = e.legacy(e.unixStateDir()); d == "" {
			if b := e.base("LOCALAPPDATA", "AppData", "Local"); b != "" {
				d = e.Join(b, Name)
			}
		}
	default:
		d = e.unixStateDir()
	}
	if d == "" {
		return "", ErrNoHome
	}
	return d, nil
}

// DBPath is where the database lives: $ACTIONGUARD_DB if set, else
// actionguard.db in $ACTIONGUARD_STATE_DIR, else in DefaultStateDir.
// It creates nothing.
func (e Env) DBPath() (string, error) {
	if p := e.getenv("ACTIONGUARD_DB"); p != "" {
		return p, nil
	}
	if d := e.getenv("ACTIONGUARD_STATE_DIR"); d != "" {
		return e.Join(d, DBFileName), nil
	}
	d, err := e.DefaultStateDir()
	if err != nil {
		return "", err
	}
	return e.Join(d, DBFileName), nil
}

// StateDir is the state directory: the directory of DBPath.
func (e Env) StateDir() (string, error) {
	p, err := e.DBPath()
	if err != nil {
		return "", err
	}
	return e.Dir(p), nil
}

// CacheDir is where actionguard keeps what it can make again: $XDG_CACHE_HOME
// or ~/.cache on Linux, ~/Library/Caches on macOS, %LocalAppData%\actionguard\cache
// on Windows, each with an actionguard directory.
func (e Env) CacheDir() (string, error) {
	var d string
	switch e.GOOS {
	case "darwin", "ios":
		if home := e.HomeDir(); home != "" {
			d = e.Join(home, "Library", "Caches", Name)
		}
	case "windows":
		if b := e.base("LOCALAPPDATA", "AppData", "Local"); b != "" {
			d = e.Join(b, Name, "cache")
		}
	default:
		if b := e.base("XDG_CACHE_HOME", ".cache"); b != "" {
			d = e.Join(b, Name)
		}
	}
	if d == "" {
		return "", ErrNoHome
	}
	return d, nil
}

// UserConfigBase is the directory where programs keep their users'
// configuration by the system's convention ($XDG_CONFIG_HOME or ~/.config,
// ~/Library/Application Support, %AppData%), or "" without a home.
func (e Env) UserConfigBase() string {
	switch e.GOOS {
	case "darwin", "ios":
		if home := e.HomeDir(); home != "" {
			return e.Join(home, "Library", "Application Support")
		}
		return ""
	case "windows":
		return e.base("APPDATA", "AppData", "Roaming")
	}
	return e.base("XDG_CONFIG_HOME", ".config")
}
