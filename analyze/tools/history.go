package tools

import "strings"

// Bounds on the history read: the latest calls matter, and an observation
// is judged on its beginning.
const (
	maxHistory     = 50
	maxObservation = 16 << 10
)

// ledgerNouns name what lists earlier payments: a read of transactions, a
// statement, the payees.
var ledgerNouns = map[string]bool{"transaction": true, "transactions": true, "payment": true, "payments": true,
	"payee": true, "payees": true, "statement": true, "statements": true, "transfer": true, "transfers": true,
	"history": true, "activity": true, "activities": true, "friends": true, "beneficiaries": true, "beneficiary": true}

// payeeKnown looks for the recipients of a payment in the session's
// history: in an earlier payment's recipients, or in what a read of
// transactions, payees or statements returned. It returns the recipient
// found, and whether the history held any payment evidence at all.
func payeeKnown(history []Call, recipients []string) (known string, evidence bool) {
	if len(history) > maxHistory {
		history = history[len(history)-maxHistory:]
	}
	for _, c := range history {
		p := effect(c.Tool, c.Input, nil)
		res, a := p.res, p.a
		switch {
		case res.Effect == EffectPayment:
			evidence = true
			for _, r := range recipients {
				for _, prev := range a.recipients {
					if strings.EqualFold(strings.TrimSpace(r), strings.TrimSpace(prev)) {
						return r, true
					}
				}
			}
		case res.Effect == EffectRead && c.Observation != "" && anyIn(res.Objects, ledgerNouns):
			evidence = true
			obs := c.Observation
			if len(obs) > maxObservation {
				obs = obs[:maxObservation]
			}
			obs = strings.ToLower(obs)
			for _, r := range recipients {
				if len(strings.TrimSpace(r)) >= 3 && mentions(obs, r) {
					return r, true
				}
			}
		}
	}
	return "", evidence
}
