package cli

import (
	"strings"

	"github.com/actionguard/actionguard/internal/hookrun"
	"github.com/actionguard/actionguard/policy"
)

// doctorPolicyFallback says what the hooks enforce while the policy does
// not load: the last valid version of each broken file (kept beside the
// audit database), or the strictest built-in settings. Doctor only reads:
// no copy is written.
func (a *app) doctorPolicyFallback(lo policy.LoadOptions) string {
	keep := ""
	if db, err := a.dbFile(); err == nil {
		keep = hookrun.LastValidDir(db)
	}
	_, fb := policy.LoadFailClosed(lo, keep)
	if fb == nil {
		return "The policy loads now: the hooks enforce it."
	}
	notice := fb.Notice()
	if i := strings.Index(notice, "Until it is fixed, "); i >= 0 {
		notice = notice[i:]
	}
	notice = strings.TrimSuffix(notice, "; run actionguard doctor to see every problem.") + "."
	return strings.NewReplacer("actionguard keeps enforcing", "the hooks keep enforcing", "actionguard enforces", "the hooks enforce").Replace(notice)
}
