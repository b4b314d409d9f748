// Package setup puts actionguard's hook into coding agents' settings files
// and takes it out again, for 'actionguard install', 'uninstall' and
// 'doctor'.
//
// Entry points: LookupAgent and Agent.SettingsFile say which file an agent
// reads; PlanInstall and PlanUninstall compute a change (Plan.Diff shows it,
// Plan.Apply makes it, with a backup and an atomic write); Inspect reports
// what a file says about actionguard.
//
// Edits keep what the user wrote: the order of keys, the file's
// indentation, the exact text of every value not edited, and every other
// hook. Installing twice leaves one entry; uninstalling removes exactly
// actionguard's entries (commands that name actionguard and run "… hook
// <agent>"), and puts a backup back when the only change since it was
// actionguard's. A file that is not valid JSON is never written.
//
// The functions work on the paths they are given and read nothing else of
// the environment, so they are safe to test in a temporary directory.
package setup
