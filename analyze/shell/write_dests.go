package shell

import "strings"

// judgeCopyWrites judges, by the rules for what a path is (start-up files,
// git hooks and configuration, credentials, system paths, files that run
// later), every file a copy writes into a directory: cp x ~/ writes
// ~/x, not ~. The destination as written was judged already (skip); names
// known only when the command runs are left to the rules for unknown
// paths.
func judgeCopyWrites(c *Cmd, r *report, skip string, mode writeMode) {
	for _, w := range copyWrites(c) {
		if w.path == skip || strings.Contains(w.path, "\x00") || strings.TrimRight(w.path, "/") == strings.TrimRight(skip, "/") {
			continue
		}
		writeTarget(c, r, w.path, mode)
	}
}

// extractHandler: tar -x -C DIR and unzip -d DIR write files whose names
// only the archive knows; each is judged as a file of DIR (a directory
// whose every file runs later, such as .git/hooks, is written so).
func extractHandler(c *Cmd, r *report) {
	if c.Name == "unzip" && c.Has("-l", "-v", "-t", "-Z") {
		return // lists or tests the archive
	}
	for _, ch := range selfChanges(c) {
		if strings.Contains(ch.path, "\x00") {
			continue
		}
		r.mutates()
		writeTarget(c, r, selfJoin(ch.path, "…"), writeCreate)
	}
}
