package guard

import (
	"path/filepath"
	"strings"
)

// workdirKeys are the arguments in which a shell tool is told where its
// command runs: Codex's shell (workdir), Gemini CLI's run_shell_command
// (directory, dir_path), Cursor's Shell (working_directory) and the names
// MCP servers give it. A command runs there, so its relative paths are
// judged there: `echo {} > settings.json` with the directory ~/.gemini
// writes the agent's hook settings.
var workdirKeys = []string{"workdir", "working_directory", "directory", "dir_path", "cwd", "working_dir", "workingDirectory", "dir"}

// shellWorkdir returns the directory a shell tool's command runs in: the
// tool's own argument, relative to the agent's working directory, else
// the agent's working directory. A leading ~ is read as the home
// directory: a tool that does not expand it runs in a directory named ~
// below the working directory, which no rule protects, so reading it as
// the home directory can only judge more strictly.
func shellWorkdir(in map[string]any, cwd, home string) string {
	for _, k := range workdirKeys {
		d, ok := in[k].(string)
		if !ok {
			continue
		}
		d = strings.TrimSpace(d)
		switch {
		case d == "" || d == ".":
			continue
		case home != "" && (d == "~" || strings.HasPrefix(d, "~/")):
			d = filepath.Join(home, d[1:])
		case !filepath.IsAbs(d) && !isWindowsAbs(d) && cwd != "":
			d = filepath.Join(cwd, d)
		}
		return filepath.Clean(d)
	}
	return cwd
}

// isWindowsAbs reports a Windows path with a drive letter (C:\x, C:/x) or
// a UNC path, absolute on any system the agent may be on.
func isWindowsAbs(p string) bool {
	if strings.HasPrefix(p, `\\`) {
		return true
	}
	return len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') && (p[0]|0x20 >= 'a' && p[0]|0x20 <= 'z')
}
