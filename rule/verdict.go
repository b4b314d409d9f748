package rule

import (
	"fmt"
	"strings"
)

// Verdict is what happens to an action: the one word the guard decides,
// the policy adjusts and the audit log keeps.
type Verdict string

// Verdicts, from the most permissive to the strictest.
const (
	Allow   Verdict = "allow"   // run now
	Notify  Verdict = "notify"  // run and tell the user
	Confirm Verdict = "confirm" // soft approval (CAUTIOUS)
	Approve Verdict = "approve" // explicit approval (PRIVILEGED)
	Block   Verdict = "block"   // do not run (DANGEROUS)
)

// rank orders the verdicts; 0 for an unknown one, which is never
// stricter than a known one.
func (v Verdict) rank() int {
	switch v {
	case Notify:
		return 1
	case Confirm:
		return 2
	case Approve:
		return 3
	case Block:
		return 4
	}
	return 0
}

// Stricter reports whether v is stricter than w.
func (v Verdict) Stricter(w Verdict) bool { return v.rank() > w.rank() }

// Max returns the stricter of v and w.
func (v Verdict) Max(w Verdict) Verdict {
	if w.Stricter(v) {
		return w
	}
	return v
}

// Valid reports whether v is a known verdict.
func (v Verdict) Valid() bool { return v == Allow || v.rank() > 0 }

// Allowed reports whether the action runs without a person deciding.
func (v Verdict) Allowed() bool { return v == Allow || v == Notify }

// ParseVerdict parses a verdict name, in any case and with spaces around.
func ParseVerdict(s string) (Verdict, error) {
	v := Verdict(strings.ToLower(strings.TrimSpace(s)))
	if !v.Valid() {
		return "", fmt.Errorf("unknown verdict %q (want allow, notify, confirm, approve or block)", s)
	}
	return v, nil
}

// Level is seed 000's class of an action.
type Level string

// Levels, from the least risky to the most.
const (
	Safe       Level = "safe"
	Cautious   Level = "cautious"
	Privileged Level = "privileged"
	Dangerous  Level = "dangerous"
)
