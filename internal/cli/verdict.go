package cli

import "github.com/actionguard/actionguard/guard"

// verdictOf is a recorded verdict as shown: a word this release does not
// know (a record written by another) is painted as a block.
func verdictOf(v guard.Verdict) guard.Verdict {
	if !v.Valid() {
		return guard.Block
	}
	return v
}
