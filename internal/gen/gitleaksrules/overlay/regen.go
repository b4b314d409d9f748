//go:build ignore

// This file replaces gitleaks' cmd/generate/secrets/regen.go in the
// temporary copy the generator builds (internal/gen/gitleaksrules): the same
// generator, seeded from a counter instead of the clock, so that a rerun
// writes the same examples.

// Package reggen generates text based on regex definitions
// This is a slightly altered version of https://github.com/lucasjones/reggen
package secrets

import (
	"github.com/lucasjones/reggen"
)

var seed int64

func NewSecret(regex string) string {
	g, err := reggen.NewGenerator(regex)
	if err != nil {
		panic(err)
	}
	seed++
	g.SetSeed(seed)
	return g.Generate(1)
}
