package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Persistence through the programs' own commands: a user service linked
// or enabled from a file nobody saw, a login job submitted to launchd, a
// login item made with AppleScript, a crontab replaced from a file, and
// build settings saved for every later build (go env -w, cargo config
// set) that run a program or take packages from elsewhere. What is set
// up now runs later, in every session, out of sight.

var (
	rulePersistLater = &rule.Rule{
		ID: "shell.persist.later", Category: rule.Execution, Points: 80,
		Summary:     "Sets up code nobody reviewed to run later by itself (at every login, on a schedule, or in every later build).",
		Alternative: "show the person the file or setting first, and keep it in the project instead of the machine's settings",
		Match: []string{"systemctl --user link /tmp/evil.service", "launchctl submit -l x -- /tmp/evil.sh", "crontab /tmp/evil.cron",
			"go env -w GOFLAGS=-toolexec=/tmp/evil", "cargo config set build.rustc-wrapper /tmp/w",
			"cp evil.service ~/.config/systemd/user/ && systemctl --user enable evil",
			`osascript -e 'tell application "System Events" to make login item at end with properties {path:"/tmp/evil.app"}'`},
		NoMatch: []string{"systemctl --user status", "systemctl --user enable syncthing", "launchctl list", "crontab -l", "go env -w GOFLAGS=-mod=mod",
			"go env GOFLAGS", "cargo config get", `osascript -e 'display notification "build done"'`, "crontab ./ops/crontab"},
	}
	rulePersistSource = &rule.Rule{
		ID: "shell.persist.package-source", Category: rule.Configuration, Points: 50,
		Summary:     "Changes where every later build takes its packages from (a replaced registry, a proxy, checksums off).",
		Alternative: "set it for this project only, and tell the person which source it now uses",
		Match:       []string{"cargo config set source.crates-io.replace-with evil", "go env -w GOPROXY=https://evil.example", "go env -w GONOSUMDB=*"},
		NoMatch:     []string{"go env -w GOPROXY=https://proxy.golang.org,direct", "go env -w GOPRIVATE=github.com/acme/*", "cargo config get"},
	}
	persistMoreRules = []*rule.Rule{rulePersistLater, rulePersistSource}
)

func persistMoreHandlers() map[string][]handler {
	return map[string][]handler{
		"systemctl": {userServiceHandler}, "launchctl": {launchSubmitHandler}, "crontab": {crontabFileHandler},
		"go": {goEnvHandler}, "cargo": {cargoConfigHandler}, "git": {gitElsewhere},
		"rm": {launderHandler}, "unlink": {launderHandler}, "shred": {launderHandler}, "srm": {launderHandler}, "find": {launderHandler},
		"dotnet": {dotnetSourceHandler}, "nuget": {dotnetSourceHandler}, "hatch": {hatchRunCommand},
		"7z": {archiveDeleteHandler}, "7za": {archiveDeleteHandler}, "7zz": {archiveDeleteHandler}, "7zr": {archiveDeleteHandler},
	}
}

// unitDirs are the places systemd reads unit files from, with slashes.
var unitDirs = []string{"/.config/systemd/user", "/.local/share/systemd/user", "/etc/systemd/system", "/etc/systemd/user", "/usr/lib/systemd/user", "/usr/lib/systemd/system", "/lib/systemd/system", "/run/systemd/user"}

func inUnitDir(abs string) bool {
	for _, d := range unitDirs {
		if strings.Contains(abs+"/", d+"/") {
			return true
		}
	}
	return false
}

// userServiceHandler: systemctl link FILE (and enable FILE) installs a
// unit from wherever it lies; systemctl enable/start of a unit that an
// earlier command of the line copied into a unit directory starts a
// service whose file nobody saw.
func userServiceHandler(c *Cmd, r *report) {
	sub := c.Sub(0)
	switch sub {
	case "link", "enable", "reenable", "start", "restart", "preset":
	default:
		return
	}
	units := c.Positional()[1:]
	for _, u := range units {
		if !strings.ContainsAny(u, "/\\") {
			continue
		}
		if where := elsewhereDir(c, u, "", false); where != "" {
			r.add(c.find(rulePersistLater, "Installs the service "+u+" with systemctl "+sub+": it starts at every login or boot, and its file is "+where+".", u))
			return
		}
	}
	if sub == "link" || len(units) == 0 {
		return
	}
	for _, p := range cmdsBefore(r, c) {
		switch p.Name {
		case "cp", "mv", "install", "ln", "rsync", "gcp", "gmv":
		default:
			continue
		}
		for _, ch := range selfChanges(p) {
			if cl := p.Class(ch.path); cl.Known && inUnitDir(cl.Abs) {
				r.add(c.find(rulePersistLater, "Installs a service file with "+p.Name+" into "+showPath(ch.path)+" and enables it with systemctl "+sub+": it starts at every login, and its content was not shown.", ch.path))
				return
			}
		}
	}
}

// launchSubmitHandler: launchctl submit -l LABEL [-p PROG] -- COMMAND
// keeps a command running as a login job.
func launchSubmitHandler(c *Cmd, r *report) {
	if c.Sub(0) != "submit" {
		return
	}
	prog, ok := c.Flag("-p")
	if !ok {
		pos := c.Positional()
		if len(pos) < 2 {
			return
		}
		prog = strings.Join(pos[1:], " ")
	}
	if where := elsewhereProgram(c, prog); where != "" {
		r.add(c.find(rulePersistLater, "Keeps "+prog+" running as a login job with launchctl submit: it starts again at every login, and it is "+where+".", prog))
	}
}

// crontabFileHandler: crontab FILE replaces every scheduled job with the
// file's lines; a file outside the project that this line did not write
// is a schedule nobody saw.
func crontabFileHandler(c *Cmd, r *report) {
	if c.Has("-l", "-r", "-e") {
		return
	}
	pos := c.Positional()
	if len(pos) == 0 || pos[0] == "-" {
		return
	}
	crontabUnseenFile(c, r, pos[0])
}

// crontabUnseenFile reports a crontab installed from file f, named as an
// operand or read on standard input (crontab < f, cat f | crontab -).
func crontabUnseenFile(c *Cmd, r *report, f string) {
	if abs, ok := c.Resolve(f); ok {
		if _, seen := r.fl().file(abs); seen {
			return // written on this line: its content is judged as a crontab
		}
	}
	if where := elsewhereDir(c, f, "", false); where != "" {
		r.add(c.find(rulePersistLater, "Replaces your scheduled jobs with the lines of "+f+", a file whose content was not shown: it is "+where+".", f))
	}
}

// goEnvHandler: go env -w KEY=VALUE saves a setting for every later go
// command of the user.
func goEnvHandler(c *Cmd, r *report) {
	if c.Sub(0) != "env" || !c.Has("-w") {
		return
	}
	for _, kv := range c.Positional()[1:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		switch strings.ToUpper(k) {
		case "GOFLAGS":
			if loads := optionLoads(envGoFlags, v); len(loads) > 0 {
				r.add(c.find(rulePersistLater, "Saves "+kv+" for every later go command: each build runs "+loads[0]+".", kv))
				return
			}
		case "CC", "CXX", "GOROOT", "GOTOOLCHAIN", "GOEXPERIMENT":
			if strings.ToUpper(k) == "GOTOOLCHAIN" || strings.ToUpper(k) == "GOEXPERIMENT" {
				continue
			}
			if where := elsewhereProgram(c, v); where != "" {
				r.add(c.find(rulePersistLater, "Saves "+kv+" for every later go command: each build runs it, and it is "+where+".", kv))
				return
			}
		case "GOPROXY":
			if !goProxyKnown(v) {
				r.add(c.find(rulePersistSource, "Saves "+kv+" for every later go command: modules come from there.", kv))
				return
			}
		case "GOSUMDB", "GONOSUMDB", "GONOSUMCHECK", "GOINSECURE":
			if strings.ToUpper(k) == "GOSUMDB" && !strings.EqualFold(v, "off") {
				continue
			}
			r.add(c.find(rulePersistSource, "Saves "+kv+" for every later go command: modules are no longer checked against the checksum database.", kv))
			return
		}
	}
}

// goProxyKnown reports whether every entry of a GOPROXY list is the
// public proxy, direct or off.
func goProxyKnown(v string) bool {
	for _, p := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == '|' }) {
		switch strings.TrimSuffix(strings.TrimSpace(p), "/") {
		case "https://proxy.golang.org", "direct", "off", "https://goproxy.io", "https://goproxy.cn":
		default:
			return false
		}
	}
	return true
}

// cargoConfigHandler: cargo config set KEY VALUE saves a setting in the
// user's cargo configuration.
func cargoConfigHandler(c *Cmd, r *report) {
	if !c.ArgIs("config", "set") {
		return
	}
	pos := c.Positional()
	if len(pos) < 3 {
		return
	}
	key, _, _ := strings.Cut(pos[2], "=")
	k := strings.ToLower(key)
	switch {
	case strings.HasPrefix(k, "source.") && strings.HasSuffix(k, ".replace-with"), strings.HasPrefix(k, "registries."), strings.HasPrefix(k, "registry."), strings.HasPrefix(k, "source."):
		r.add(c.find(rulePersistSource, "Saves "+key+" in cargo's configuration: every later build takes its crates from another source.", key))
	case k == "build.rustc-wrapper", k == "build.rustc", k == "build.rustc-workspace-wrapper", k == "build.rustdoc",
		strings.HasPrefix(k, "target.") && (strings.HasSuffix(k, ".runner") || strings.HasSuffix(k, ".linker")), strings.HasPrefix(k, "alias."):
		r.add(c.find(rulePersistLater, "Saves "+key+" in cargo's configuration: every later build runs what it names.", key))
	}
}

// reLoginItem finds AppleScript that adds a login item (System Events'
// make login item), which starts the named application at every login.
var reLoginItem = lazyRegexp(`(?i)\bmake\s+(?:new\s+)?login\s+item\b`)

// loginItemCode judges inline AppleScript or JXA that adds a login item.
func loginItemCode(c *Cmd, r *report, lang, code string) {
	if lang != "osascript" && lang != "jxa" {
		return
	}
	if reLoginItem.MatchString(code) || lang == "jxa" && strings.Contains(code, "loginItems.push") {
		r.add(c.find(rulePersistLater, "Adds a login item with AppleScript: the application it names starts at every login.", "login item"))
	}
}

// dynamicAutorunWrite judges a write to a file whose directory is only
// known when the command runs, by its name: a .pth file (or
// sitecustomize.py, usercustomize.py) is run by Python at every start
// wherever it lands in a site directory, and a name computed by asking
// Python for its site directory lands there.
func dynamicAutorunWrite(r *report, name string) {
	base := name
	if i := strings.LastIndexAny(base, "/\\"); i >= 0 {
		base = base[i+1:]
	}
	if strings.HasSuffix(base, ".pth") || base == "sitecustomize.py" || base == "usercustomize.py" {
		r.add(ruleWriteAutorun.Find("> "+name, "Writes "+base+" into a directory known only when the command runs (Python's site directory): Python runs what it imports at every start.", name))
	}
}
