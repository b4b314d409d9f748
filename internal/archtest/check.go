package archtest

import (
	"fmt"
	"slices"
	"strings"
)

// pkg is what the check needs of one package of `go list -deps -json`.
type pkg struct {
	ImportPath string
	Name       string
	Standard   bool
	Imports    []string
	Module     *struct{ Path string }
}

// violations lists the imports of the module's packages in pkgs (module
// path mod) that break the layers or the analyzers' purity. Each is one
// line a person can act on.
func violations(mod string, pkgs []pkg) []string {
	var out []string
	byPath := map[string]*pkg{}
	for i := range pkgs {
		byPath[pkgs[i].ImportPath] = &pkgs[i]
	}
	rel := func(p string) (string, bool) {
		if p == mod {
			return "", true
		}
		r, ok := strings.CutPrefix(p, mod+"/")
		return r, ok
	}
	// pure: the analyzers and every package of the module they import.
	pure := map[string]string{} // rel path → the analyzer that needs it pure
	var mark func(r, from string)
	mark = func(r, from string) {
		if _, ok := pure[r]; ok {
			return
		}
		pure[r] = from
		p := byPath[mod+"/"+r]
		if p == nil {
			return
		}
		for _, imp := range p.Imports {
			if ir, ok := rel(imp); ok {
				mark(ir, from)
			}
		}
	}
	for _, p := range pkgs {
		r, ok := rel(p.ImportPath)
		if !ok || p.Name == "main" || matchPrefix(tools, r) {
			continue
		}
		if l, ok := layerOf(r); ok && l == layerAnalyzer {
			mark(r, r)
		}
	}
	for _, p := range pkgs {
		r, ok := rel(p.ImportPath)
		if !ok {
			continue
		}
		if matchPrefix(tools, r) || p.Name == "main" && !strings.HasPrefix(r, "cmd/") {
			continue // a tool may import anything
		}
		helper := matchPrefix(testHelpers, r)
		layer, placed := layerOf(r)
		if !placed && !helper {
			out = append(out, fmt.Sprintf("%s: not in the architecture's layers: add it to internal/archtest/layers.go", r))
			continue
		}
		for _, imp := range p.Imports {
			ir, inMod := rel(imp)
			if !inMod {
				if from, ok := pure[r]; ok && impure(imp) {
					who := r
					if from != r {
						who = r + " (imported by the analyzer " + from + ")"
					}
					out = append(out, fmt.Sprintf("%s imports %s: an analyzer reads no clock, file or network; take what it needs as data", who, imp))
				}
				continue
			}
			if matchPrefix(tools, ir) {
				out = append(out, fmt.Sprintf("%s imports %s: a tool is not a library", r, ir))
				continue
			}
			if matchPrefix(testHelpers, ir) {
				if !helper {
					out = append(out, fmt.Sprintf("%s imports %s: test helpers are for tests", r, ir))
				}
				continue
			}
			if helper {
				continue
			}
			il, ok := layerOf(ir)
			if !ok {
				continue // reported as unplaced on its own
			}
			if il > layer {
				out = append(out, fmt.Sprintf("%s (%s) imports %s (%s): imports run cmd → cli → front door → service → guard → record → analyzer → rule", r, layerNames[layer], ir, layerNames[il]))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
