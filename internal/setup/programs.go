package setup

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// maxSettingsBytes bounds a settings file HookPrograms reads.
const maxSettingsBytes = 1 << 20

// HookPrograms lists the programs the agents' hook settings run as
// actionguard's hook: the first word of every command of the form
// "PROGRAM hook AGENT", whatever the program is called (install writes
// the binary it ran from, under any name), in the user's settings of
// every agent and, when root is not "", the project's. Only absolute
// paths are listed; a file that is missing or cannot be read adds none.
func HookPrograms(home, root string) []string {
	var out []string
	for _, a := range agents {
		var files []string
		if home != "" {
			files = append(files, a.userFile(home))
		}
		if root != "" {
			files = append(files, a.projectFile(root))
		}
		for _, f := range files {
			out = appendHookPrograms(out, f)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// appendHookPrograms adds the hook programs of one settings file.
func appendHookPrograms(out []string, file string) []string {
	f, err := os.Open(file)
	if err != nil {
		return out
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSettingsBytes))
	if err != nil {
		return out
	}
	var v any
	if json.Unmarshal(data, &v) != nil {
		return out
	}
	n := 0
	var walk func(v any)
	walk = func(v any) {
		if n++; n > 10000 {
			return
		}
		switch x := v.(type) {
		case string:
			if p := hookProgramOf(x); p != "" {
				out = append(out, p)
			}
		case map[string]any:
			for _, y := range x {
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	walk(v)
	return out
}

// hookProgramOf is the program of a hook command "PROGRAM hook AGENT",
// or "" for any other string.
func hookProgramOf(command string) string {
	if !strings.Contains(command, " hook ") {
		return ""
	}
	bin := CommandBinary(command)
	_, after, _ := strings.Cut(command, " hook ")
	rest := strings.Fields(after)
	if bin == "" || !filepath.IsAbs(bin) || len(rest) != 1 {
		return ""
	}
	return filepath.Clean(bin)
}
