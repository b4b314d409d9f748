package cli

import "github.com/actionguard/actionguard/guard"

func verdictOf(s string) guard.Verdict {
	v := guard.Verdict(s)
	if !v.Valid() {
		return guard.Block
	}
	return v
}
