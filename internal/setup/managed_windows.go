package setup

import (
	"os"
	"path/filepath"
)

// managedSettingsFile is Claude Code's managed settings file on Windows,
// under %ProgramData% (C:\ProgramData by default).
func managedSettingsFile() string {
	dir := os.Getenv("ProgramData")
	if dir == "" {
		dir = `C:\ProgramData`
	}
	return filepath.Join(dir, "ClaudeCode", "managed-settings.json")
}
