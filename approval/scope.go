package approval

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/actionguard/actionguard/guard"
)

// Where the files an action names lie, for batch review: a group never
// puts a write to a system file or to the user's home beside writes in the
// workspace, whatever the rules said about them. The reading is
// deliberately wide (any argument that looks like a path counts), since a
// wrong guess only splits a group.

// scope is where the farthest of an action's paths lies.
type scope int

const (
	scopeWorkspace scope = iota // in the working directory, or no path named
	scopeOutside                // leaves the working directory (a relative "..")
	scopeHome                   // in the user's home, outside the working directory
	scopeSystem                 // anywhere else: /etc, /usr, C:\Windows…
)

// maxScopePaths bounds the paths read of one action.
const maxScopePaths = 256

// scopeOf reads where a's paths lie.
func scopeOf(a *guard.Action, kind guard.Kind) scope {
	cwd := cleanPath(a.Context.Cwd)
	if cwd == "/" || !isAbs(cwd) {
		cwd = "" // the root, or no real directory, is no workspace
	}
	home := cleanPath(a.Context.Home)
	worst := scopeWorkspace
	n := 0
	visit := func(p string) {
		if n >= maxScopePaths {
			return
		}
		n++
		if s := placeOf(p, cwd, home); s > worst {
			worst = s
		}
	}
	if kind == guard.KindShell {
		for _, w := range strings.Fields(a.Command()) {
			visit(w)
		}
	}
	walkStrings(a.Input, 0, func(s string) {
		if kind == guard.KindShell || strings.ContainsAny(s, "\n") {
			return // the command was read word by word; text is not a path
		}
		visit(s)
	})
	return worst
}

// walkStrings calls f with the strings of v, to a bounded depth.
func walkStrings(v any, depth int, f func(string)) {
	if depth > 4 {
		return
	}
	switch x := v.(type) {
	case string:
		f(x)
	case []any:
		for _, e := range x {
			walkStrings(e, depth+1, f)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			walkStrings(x[k], depth+1, f)
		}
	}
}

// placeOf says where a word that may be a path lies: a shell word with its
// quotes, redirection or "name=" prefix, a tool argument.
func placeOf(word, cwd, home string) scope {
	w := strings.Trim(word, `"'()<>&|;`+"`")
	if i := strings.IndexByte(w, '='); i > 0 && !strings.Contains(w[:i], "/") {
		w = w[i+1:] // of=/dev/sda, --output=/etc/x
	}
	w = strings.Trim(w, `"'`)
	switch {
	case w == "" || strings.Contains(w, "://"):
		return scopeWorkspace
	case devices[w]:
		return scopeWorkspace // no file: output thrown away or shown, bytes read
	}
	switch {
	case w == "~" || strings.HasPrefix(w, "~/") || strings.HasPrefix(w, "~\\"):
		return scopeHome
	case strings.HasPrefix(w, "~"): // ~root, ~alice
		return scopeSystem
	case strings.HasPrefix(w, "$HOME") || strings.HasPrefix(w, "${HOME}") || strings.HasPrefix(w, "%USERPROFILE%"):
		return scopeHome
	}
	p := cleanPath(w)
	if !isAbs(p) {
		if p == ".." || strings.HasPrefix(p, "../") {
			if cwd == "" {
				return scopeOutside
			}
			p = cleanPath(cwd + "/" + w)
		} else {
			return scopeWorkspace
		}
	}
	if cwd != "" && within(p, cwd) {
		return scopeWorkspace
	}
	if home != "" && within(p, home) {
		return scopeHome
	}
	if looksLikeHome(p) {
		return scopeHome
	}
	return scopeSystem
}

// devices are the device files a command reads or writes as a stream,
// not as a place.
var devices = map[string]bool{"/dev/null": true, "/dev/stdout": true, "/dev/stderr": true, "/dev/stdin": true,
	"/dev/tty": true, "/dev/zero": true, "/dev/random": true, "/dev/urandom": true}

// cleanPath is p with forward slashes, cleaned; "" stays "".
func cleanPath(p string) string {
	if p == "" {
		return ""
	}
	p = strings.ReplaceAll(p, `\`, "/")
	return path.Clean(p)
}

// isAbs reports whether p (forward slashes) is absolute on some system:
// "/x", "C:/x", "//server/share".
func isAbs(p string) bool {
	if strings.HasPrefix(p, "/") {
		return true
	}
	return len(p) >= 3 && p[1] == ':' && p[2] == '/' && (p[0]|0x20 >= 'a' && p[0]|0x20 <= 'z')
}

// within reports whether p is dir or below it; drive letters and Windows
// names compare without case.
func within(p, dir string) bool {
	if !isAbs(dir) {
		return false
	}
	if len(dir) >= 2 && dir[1] == ':' {
		p, dir = strings.ToLower(p), strings.ToLower(dir)
	}
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}

// looksLikeHome reports whether p lies in a home folder when the action
// does not say where the user's home is.
func looksLikeHome(p string) bool {
	lp := strings.ToLower(p)
	for _, prefix := range []string{"/home/", "/users/", "/root/", "/var/home/"} {
		if strings.HasPrefix(lp, prefix) || lp+"/" == prefix {
			return true
		}
	}
	return len(lp) >= 3 && lp[1] == ':' && strings.HasPrefix(lp[2:], "/users/")
}

// words says where the scope lies, after a kind's words: "outside
// /home/u/app", "in your home folder, outside /home/u/app", "in system
// folders".
func (s scope) words(cwd string) string {
	outside := ""
	if cwd != "" {
		outside = ", outside " + cwd
	}
	switch s {
	case scopeOutside:
		if cwd != "" {
			return "outside " + cwd
		}
		return "outside the workspace"
	case scopeHome:
		return "in your home folder" + outside
	case scopeSystem:
		return "in system folders" + outside
	}
	return ""
}

// scopeKey is what the scope adds to a kind's key: nothing for the
// workspace, so that keys of workspace kinds stay what they were.
func scopeKey(s scope) string {
	if s == scopeWorkspace {
		return ""
	}
	return "\x00scope " + strconv.Itoa(int(s))
}
