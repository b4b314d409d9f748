package setup

// managedSettingsFile is Claude Code's managed settings file on macOS.
func managedSettingsFile() string {
	return "/Library/Application Support/ClaudeCode/managed-settings.json"
}
