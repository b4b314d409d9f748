//go:build !windows

package audit

// renamesOpenFiles: a drain renames the spool aside while writers may
// have it open, and they follow its name to the new file (see Drain).
const renamesOpenFiles = true
