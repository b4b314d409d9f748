package shell

import (
	"encoding/json"
	"path"
	"sort"
	"strings"
)

// Service files written then loaded: a launchd property list loaded with
// launchctl load or bootstrap, a systemd unit linked, enabled or started
// with systemctl, a desktop entry in an autostart directory. The file
// names the command the service manager runs (ProgramArguments and
// Program, ExecStart=…, Exec=…): when the line (or the session) wrote
// that file, the command is judged as the command it is, as a script
// written then run is. A property list edited with defaults, plutil or
// PlistBuddy is known to hold the program its edit sets, which is judged
// the same way.

// maxLaunchArgs bounds the words read from one property list.
const maxLaunchArgs = 256

// desktopCommands returns the commands of a desktop entry's Exec= lines,
// without the field codes (%f, %U…) the launcher fills in.
func desktopCommands(text string) string {
	var b strings.Builder
	for _, line := range strings.Split(text, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
		if !ok || strings.TrimSpace(k) != "Exec" {
			continue
		}
		for _, code := range []string{"%f", "%F", "%u", "%U", "%i", "%c", "%k", "%d", "%D", "%n", "%N", "%v", "%m"} {
			v = strings.ReplaceAll(v, code, "")
		}
		b.WriteString(strings.ReplaceAll(strings.TrimSpace(v), "%%", "%"))
		b.WriteByte('\n')
	}
	return b.String()
}

// launchedText returns what runs of a service file, by its kind: the
// commands of a property list, a unit or a desktop entry. A property
// list that does not read as one is judged whole, as its commands may be
// anywhere in it.
func launchedText(base, text string) string {
	switch {
	case strings.HasSuffix(base, ".plist"):
		if line, ok := plistCommand(text); ok {
			return line
		}
		return text
	case strings.HasSuffix(base, ".desktop"):
		return desktopCommands(text)
	}
	return unitCommands(text)
}

// launchedFiles judges the service files that c loads, links, enables or
// starts when their content is known here: what the service manager runs
// is judged as the command it is.
func (w *walker) launchedFiles(c *Cmd) {
	fl := w.r.fl()
	if !fl.knowsFiles() {
		return
	}
	verb, args := svcSubcommand(c)
	switch c.Name {
	case "launchctl":
		if verb != "load" && verb != "bootstrap" {
			return
		}
		for _, a := range args {
			if strings.HasSuffix(strings.ToLower(a), ".plist") || strings.ContainsRune(a, '/') && !launchDomain(a) {
				w.launchedFile(c, a, "launchctl "+verb+" runs the program of")
			}
		}
	case "systemctl":
		switch verb {
		case "link", "enable", "reenable", "start", "restart", "preset", "try-restart", "reload-or-restart":
		default:
			return
		}
		for _, a := range args {
			if strings.ContainsRune(a, '/') {
				w.launchedFile(c, a, "systemctl "+verb+" runs the commands of")
				continue
			}
			for _, abs := range writtenUnits(fl, a) {
				w.launchedFile(c, abs, "systemctl "+verb+" runs the commands of")
			}
		}
	}
}

// launchDomain reports a launchd domain target (gui/501, user/501,
// system), not a file.
func launchDomain(a string) bool {
	for _, p := range []string{"gui/", "user/", "login/", "pid/", "system/"} {
		if strings.HasPrefix(a, p) {
			return true
		}
	}
	return false
}

// writtenUnits returns the unit files in systemd's directories that this
// line or the session wrote under the unit's name (x, x.service).
func writtenUnits(fl *flowState, unit string) []string {
	if unit == "" || strings.HasPrefix(unit, "-") {
		return nil
	}
	names := []string{unit}
	if !systemdUnitName(unit) {
		names = append(names, unit+".service")
	}
	var out []string
	for abs := range fl.files {
		if inUnitDir(abs) && (path.Base(abs) == names[0] || len(names) > 1 && path.Base(abs) == names[1]) {
			out = append(out, abs)
		}
	}
	sort.Strings(out)
	return out
}

// launchedFile judges the service file f that c hands its manager.
func (w *walker) launchedFile(c *Cmd, f, verb string) {
	abs, ok := c.Resolve(f)
	if !ok {
		return
	}
	fc, had := w.r.fl().file(abs)
	if !had {
		return
	}
	show := showPath(f)
	if fc.kind == streamLiteral || fc.kind == streamDecoded {
		fc.text = launchedText(strings.ToLower(path.Base(abs)), fc.text)
		if strings.TrimSpace(fc.text) == "" {
			return
		}
	}
	w.judgeFile(c, show, "shell", fc, verb)
}

// launchdEdit reports the programs that edit a property list in place.
func launchdEdit(name string) bool {
	return name == "defaults" || name == "plutil" || name == "PlistBuddy" || name == "plistbuddy"
}

// plistEdited records what defaults write, plutil -replace/-insert and
// PlistBuddy -c set as a property list's program: the file is known to
// hold that program (a partial file: the rest of it is not known, and
// only ProgramArguments and Program run). An edit of other keys leaves
// the file as the analysis knew it.
func (w *walker) plistEdited(c *Cmd) {
	if !launchdEdit(c.Name) || anyTrue(c.Dynamic) {
		return
	}
	file, words := plistEdit(c)
	if len(words) == 0 || !strings.HasSuffix(strings.ToLower(file), ".plist") {
		return
	}
	abs, ok := c.Resolve(file)
	if !ok || !strings.HasPrefix(abs, "/") {
		return
	}
	w.r.fl().setFile(abs, fileContent{kind: streamLiteral, partial: true, text: plistXML(words)})
}

// plistEdit reads an edit of a property list: the file and the words it
// sets as the job's program (ProgramArguments or Program), none when it
// sets neither.
func plistEdit(c *Cmd) (file string, words []string) {
	a := c.Args
	switch c.Name {
	case "defaults":
		// defaults write FILE KEY [-array|-string] VALUE…
		if len(a) < 4 || a[0] != "write" {
			return "", nil
		}
		file, key, vals := a[1], a[2], a[3:]
		if len(vals) > 0 && strings.HasPrefix(vals[0], "-") {
			vals = vals[1:]
		}
		if key == "ProgramArguments" || key == "Program" {
			words = vals
		}
		return file, words
	case "plutil":
		// plutil -replace|-insert KEY -json|-string VALUE FILE
		if len(a) < 5 || a[0] != "-replace" && a[0] != "-insert" {
			return "", nil
		}
		key, typ, val, file := a[1], a[2], a[3], a[len(a)-1]
		if !strings.HasPrefix(key, "ProgramArguments") && key != "Program" {
			return file, nil
		}
		if typ == "-json" && json.Unmarshal([]byte(val), &words) == nil {
			return file, words
		}
		return file, []string{val}
	default: // PlistBuddy -c "Add :ProgramArguments:0 string sh" … FILE
		if len(a) < 2 {
			return "", nil
		}
		file = a[len(a)-1]
		for i := 0; i+1 < len(a); i++ {
			if a[i] != "-c" {
				continue
			}
			if v, ok := plistBuddyValue(a[i+1]); ok {
				words = append(words, v)
			}
			i++
		}
		return file, words
	}
}

// plistBuddyValue reads one PlistBuddy command that sets a word of the
// job's program: "Add :ProgramArguments:N string VALUE" or "Set
// :Program VALUE".
func plistBuddyValue(cmd string) (string, bool) {
	f := strings.Fields(cmd)
	if len(f) < 3 || !strings.EqualFold(f[0], "Add") && !strings.EqualFold(f[0], "Set") ||
		!strings.HasPrefix(f[1], ":ProgramArguments") && f[1] != ":Program" {
		return "", false
	}
	rest := strings.TrimSpace(cmd)
	for _, skip := range f[:2] {
		rest = strings.TrimSpace(strings.TrimPrefix(rest, skip))
	}
	if strings.EqualFold(f[0], "Add") {
		typ, value, _ := strings.Cut(rest, " ")
		if typ != "string" {
			return "", false // the array itself, or a value of another type
		}
		rest = strings.TrimSpace(value)
	}
	rest = strings.Trim(rest, `"'`)
	return rest, rest != ""
}
