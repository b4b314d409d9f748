package setup

// managedSettingsFile is Claude Code's managed settings file on Linux (and
// WSL).
func managedSettingsFile() string { return "/etc/claude-code/managed-settings.json" }
