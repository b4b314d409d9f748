package setup

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// FuzzInstall: whatever valid settings file install is given, it writes
// valid JSON, and removing actionguard's entries again gives back the same
// content.
func FuzzInstall(f *testing.F) {
	names, _ := filepath.Glob("testdata/*.json")
	for _, n := range names {
		b, _ := os.ReadFile(n)
		f.Add(b)
	}
	f.Add([]byte(`{"hooks": {"PreToolUse": [{"hooks": [{"command": "x actionguard hook y"}]}]}}`))
	f.Add([]byte(`{"a": "\u00e9\"", "b": [1e3, -0.5, true, null, {}], "hooks": {}}`))
	f.Fuzz(func(t *testing.T, src []byte) {
		root, err := parseSettings("f.json", src)
		if err != nil {
			return
		}
		if len(hooksIn(root, agents[0])) > 0 {
			return // already installed: uninstall would (rightly) remove it
		}
		before := canonical(withoutEmptyHooks(root))
		for _, a := range agents {
			root, _ := parseSettings("f.json", src)
			if _, err := install("f.json", root, a, HookCommand(binary, a.Name)); err != nil {
				continue
			}
			out := root.render(detectStyle(src))
			if !json.Valid(out) {
				t.Fatalf("%s: invalid JSON after install:\n%s", a.Name, out)
			}
			again, err := parseSettings("f.json", out)
			if err != nil {
				t.Fatal(err)
			}
			if len(hooksIn(again, a)) == 0 {
				t.Fatalf("%s: no hook after install:\n%s", a.Name, out)
			}
			uninstall(again, a, false)
			if len(a.preamble) == 0 && canonical(withoutEmptyHooks(again)) != before && len(hooksIn(mustParse(src), a)) == 0 {
				t.Fatalf("%s: uninstall does not give back the content:\n%s\n%s", a.Name, before, canonical(again))
			}
		}
	})
}

func mustParse(src []byte) *node {
	n, _ := parseSettings("f.json", src)
	return n
}
