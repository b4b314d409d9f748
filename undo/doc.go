// Package undo makes recoverable operations recoverable (seed 002's "undo
// capabilities", undoBufferSeconds: 60): an agent's `rm` of workspace files
// becomes a move into actionguard's trash, `git clean` moves what it would
// delete into the trash, and `git reset --hard` first records the work it
// would discard as a safety ref.
//
// Entry points:
//
//   - Rewrite: a pure function the guard calls on a shell command; it
//     returns the command that does the same through the trash (or ok=false,
//     and the command is judged as it is).
//   - Open gives a Trash in a state directory; Put, Undo, Restore, List,
//     Empty and Purge work on it.
//   - GitSafetyRef records a repository's work before `git reset --hard`;
//     GitClean moves what `git clean` would remove into the trash.
//   - RunTrash (and RunPut, RunGitClean, RunGitSafetyRef) are the
//     `trash put|git-clean|git-safety-ref` commands the rewritten commands
//     call, shared by the actionguard and actionguard-hook binaries.
//
// The trash is <state dir>/trash/<batch id>/: a manifest.json (written
// atomically before anything moves) and items/<n>/<name>. An item belongs
// to a batch exactly when its stored path exists, so a process killed at any
// point leaves every file either where it was or in a batch that lists it.
// Every operation that changes the trash holds an exclusive flock on
// trash/.lock, so many hook processes can put at once; a Trash is safe for
// concurrent use.
package undo
