package shell

import (
	"strings"
	"sync"
)

// persistPlace is a directory whose files something on the machine runs
// by itself later (at login, in every new shell, on a schedule). Every
// path below it is such a file. The one table of these places: a write
// (cp, a redirection, the agents' Write tool, an MCP write_file) and an
// unpack (tar -x, unzip, an MCP extract tool with a destination) are
// judged by it alike.
type persistPlace struct {
	// dir is the place, with slashes: "/.config/autostart"
	// under the home, or an absolute path when abs is set.
	dir string
	abs bool
	// anywhere: the place is matched wherever dir occurs in a path (a
	// home not known, another user's home, /etc/xdg/autostart).
	anywhere bool
	// wants: only the directories named dir/*.wants, dir/*.requires
	// (a systemd unit linked there starts with its target) and the
	// drop-in directories dir/*.d (a file there changes what a unit
	// that is already enabled runs).
	wants bool
	// unseen: only files whose names are not known make it one (a
	// directory on PATH: autorunOf judges a named file by its name).
	unseen bool
	when   string
}

var persistPlaces = []persistPlace{
	{dir: "/.config/fish/conf.d", anywhere: true, when: "fish runs it in every new shell"},
	{dir: "/.config/fish/functions", anywhere: true, when: "fish runs it in every new shell"},
	{dir: "/.bashrc.d", anywhere: true, when: "bash runs it in every new shell"},
	{dir: "/.zshrc.d", anywhere: true, when: "zsh runs it in every new shell"},
	{dir: "/.oh-my-zsh/custom", anywhere: true, when: "zsh runs it in every new shell"},
	{dir: "/.config/autostart", anywhere: true, when: "the desktop runs it at every login"},
	{dir: "/etc/xdg/autostart", abs: true, anywhere: true, when: "the desktop runs it at every login"},
	{dir: "/.config/autostart-scripts", anywhere: true, when: "the desktop runs it at every login"},
	{dir: "/.kde/Autostart", anywhere: true, when: "the desktop runs it at every login"},
	{dir: "/.kde4/Autostart", anywhere: true, when: "the desktop runs it at every login"},
	{dir: "/.config/environment.d", anywhere: true, when: "the session reads it at every login"},
	{dir: "/.config/plasma-workspace/env", anywhere: true, when: "the session reads it at every login"},
	{dir: "/.config/plasma-workspace/shutdown", anywhere: true, when: "the session reads it at every login"},
	{dir: "/.config/systemd/user", anywhere: true, wants: true, when: "systemd starts it at every login"},
	{dir: "/.local/share/systemd/user", anywhere: true, wants: true, when: "systemd starts it at every login"},
	{dir: "/Library/LaunchAgents", anywhere: true, when: "macOS's launchd runs it at every login"},
	{dir: "/Library/LaunchDaemons", anywhere: true, when: "macOS's launchd runs it at every login"},
	{dir: "/Library/LoginItems", anywhere: true, when: "macOS's launchd runs it at every login"},
	{dir: "/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Startup", anywhere: true, when: "Windows runs it at every sign-in"},
	{dir: "/Start Menu/Programs/Startup", anywhere: true, when: "Windows runs it at every sign-in"},
	// PowerShell's profiles (profile.ps1, Microsoft.PowerShell_profile.ps1)
	// and the modules it loads by themselves live in these folders.
	{dir: "/Documents/WindowsPowerShell", anywhere: true, when: "Windows PowerShell runs it (a profile or a module) in every new session"},
	{dir: "/Documents/PowerShell", anywhere: true, when: "PowerShell runs it (a profile or a module) in every new session"},
	{dir: "/.config/powershell", anywhere: true, when: "PowerShell runs it (a profile or a module) in every new session"},
	{dir: "/.vscode/extensions", anywhere: true, when: "the editor runs it when it starts"},
	{dir: "/.vscode-server/extensions", anywhere: true, when: "the editor runs it when it starts"},
	{dir: "/.cursor/extensions", anywhere: true, when: "the editor runs it when it starts"},
	{dir: "/.local/bin", unseen: true, when: "a file there named like a program (git, ls, python) runs instead of it"},
	{dir: "/bin", unseen: true, when: "a file there named like a program (git, ls, python) runs instead of it"},
	{dir: "/usr/local/bin", abs: true, unseen: true, when: "a file there named like a program (git, ls, python) runs instead of it"},
	{dir: "/opt/homebrew/bin", abs: true, unseen: true, when: "a file there named like a program (git, ls, python) runs instead of it"},
}

// persistLower are persistPlaces' directories in lower case, each with a
// slash after it (what a path below it holds).
var persistLower = sync.OnceValue(func() []string {
	out := make([]string, len(persistPlaces))
	for i, pl := range persistPlaces {
		out[i] = strings.ToLower(pl.dir) + "/"
	}
	return out
})

// persistWhen says when the file at l (a cleaned path in lower case) runs
// by itself, if it lies in one of persistPlaces, or "".
func persistWhen(l string) string {
	for i, dirSlash := range persistLower() {
		pl := &persistPlaces[i]
		if pl.unseen {
			continue
		}
		dir := dirSlash[:len(dirSlash)-1]
		k := strings.Index(l, dirSlash)
		if k < 0 || !pl.anywhere && k > 0 {
			continue
		}
		rest := l[k+len(dir)+1:]
		if pl.wants {
			d, _, ok := strings.Cut(rest, "/")
			if !ok && systemdUnitName(d) {
				return "systemd runs it at the next login in place of an enabled unit of the same name"
			}
			if !ok || !strings.HasSuffix(d, ".wants") && !strings.HasSuffix(d, ".requires") && !strings.HasSuffix(d, ".d") {
				continue
			}
		}
		if rest != "" {
			return pl.when
		}
	}
	return ""
}

// persistBelow returns the first place of persistPlaces that lies inside
// the directory abs (a cleaned absolute path) or is abs itself, where an
// archive whose members are not shown may put a file, and when that file
// runs; home is the user's home directory. The place is returned as a
// path below abs ("" for abs itself).
func persistBelow(abs, home string) (below, when string, ok bool) {
	if abs == "" || !strings.HasPrefix(abs, "/") {
		return "", "", false
	}
	l := strings.ToLower(abs)
	for i, dirSlash := range persistLower() {
		pl := &persistPlaces[i]
		dir := dirSlash[:len(dirSlash)-1]
		full, show := dir, pl.dir
		switch {
		case pl.abs:
		case home != "":
			full, show = strings.ToLower(home)+dir, home+pl.dir
		default:
			continue
		}
		if pl.wants {
			full, show = full+"/default.target.wants", show+"/default.target.wants"
		}
		switch {
		case full == l:
			return "", pl.when, true
		case l == "/":
			return show, pl.when, true
		case strings.HasPrefix(full, l+"/"):
			return show[len(l):], pl.when, true
		}
	}
	return "", "", false
}

// systemdUnitName reports whether a file name (lower case) is a systemd
// unit's. A unit file in the user's unit directory takes the place of
// the unit of the same name the system ships (pipewire.service,
// dbus.socket), which is enabled already: it starts at the next login
// without systemctl enable.
func systemdUnitName(name string) bool {
	for _, ext := range []string{".service", ".socket", ".timer", ".path", ".mount", ".automount", ".target"} {
		if len(name) > len(ext) && strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}
