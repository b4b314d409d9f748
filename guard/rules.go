package guard

import (
	"sync"

	"github.com/actionguard/actionguard/analyze/chain"
	"github.com/actionguard/actionguard/analyze/intent"
	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/analyze/sql"
	"github.com/actionguard/actionguard/analyze/tools"
	"github.com/actionguard/actionguard/rule"
)

var (
	registryOnce sync.Once
	registry     rule.Registry
	registryErr  error
)

// Rules returns the registry of every analyzer's rules, sorted by id. It
// panics only if the built-in rule lists are inconsistent (a duplicate id, a
// rule without examples), which the test suite rules out.
func Rules() rule.Registry {
	registryOnce.Do(func() {
		registry, registryErr = rule.NewRegistry(shell.Rules(), sql.Rules(), intent.Rules(), tools.Rules(), chain.Rules(), genericRules())
	})
	if registryErr != nil {
		panic("actionguard: built-in rules: " + registryErr.Error())
	}
	return registry
}

// RuleIDs returns the ids of every built-in rule, sorted.
func RuleIDs() []string {
	reg := Rules()
	ids := make([]string, len(reg))
	for i, r := range reg {
		ids[i] = r.ID
	}
	return ids
}
