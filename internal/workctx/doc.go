// Package workctx gathers, cheaply, the circumstances of a hook call that
// the agent does not send (seed 002's context): the git repository, its
// branch and whether its tree has uncommitted changes (read from .git
// directly, within a time budget), production indicators in the
// environment, and the user's latest words in the agent's transcript.
//
// Entry points: FindRepo (Repo.Branch, Repo.Dirty, Repo.Tracked,
// Repo.HooksPath), Production, LastUserMessage. Nothing runs git or any other program; nothing is done
// at package initialisation (the package is linked into the hook binary).
package workctx
