package hookrun

import (
	"path/filepath"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/feedback"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
	"github.com/actionguard/actionguard/policy"
)

// AnomalyPolicyFallback flags the audit record of a decision made while
// the policy did not load: the front door's (every caller's) flag.
const AnomalyPolicyFallback = frontdoor.AnomalyPolicyFallback

// LastValidDir is where the hook keeps the last valid version of each
// policy file for the database at dbPath: beside it.
func LastValidDir(dbPath string) string {
	return filepath.Join(filepath.Dir(dbPath), policy.LastValidDir)
}

// loadPolicy loads the policy for a hook call and never loosens it: a file
// that does not load is replaced by its last valid version (kept beside
// the state), or by nothing under the strictest built-in settings. notice
// is "" when the policy loaded as written.
func loadPolicy(cfg Config, lo policy.LoadOptions) (p *policy.Policy, notice string) {
	keep := ""
	if path, err := DBPath(cfg); err == nil {
		keep = LastValidDir(path)
	}
	p, fb := policy.LoadFailClosed(lo, keep)
	if fb != nil {
		notice = fb.Notice()
	}
	return p, notice
}

// ControlPlane lists actionguard's own places for cfg, named by the same
// functions that find them: the user's policy file, the database and what
// lives beside it (spool, sessions, approval requests, learned
// adjustments, the install marker, the last valid policy). A guarded call
// may read them but never change them (see guard.WithControlPlane).
func ControlPlane(cfg Config) []string {
	getenv := cfg.Getenv
	user := policy.ResolveUserPath(cfg.PolicyPath, getenv)
	db, err := DBPath(cfg)
	if err != nil {
		db = ""
	}
	out := guard.ControlPlaneOf(user, db)
	if cfg.ProjectPath != "" {
		out = append(out, cfg.ProjectPath)
	}
	if db != "" {
		out = append(out, audit.SpoolPath(db), ApprovalsDir(db), filepath.Dir(sessionPath(db, "x")), feedback.LearnedPath(db), InstalledPath(db), LastValidDir(db), LateDir(db))
	}
	return out
}
