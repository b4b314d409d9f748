//go:build !linux && !darwin && !windows

package setup

// managedSettingsFile: no managed settings location is known on this OS.
func managedSettingsFile() string { return "" }
