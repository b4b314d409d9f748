package shell

import (
	"strings"
	"testing"
)

// FuzzNotebookVars: following a notebook's names never panics, and every
// value it knows is a literal written in the cells.
func FuzzNotebookVars(f *testing.F) {
	f.Add("path = '~/.claude'", "!rm -rf {path} $path")
	f.Add("s = \"\"\"\npath = 'x'\n\"\"\"", "d = dict(\npath = 'y'\n)\n!ls {path}")
	f.Add("path = r\"a\\b\"  # c", "%%time\npath = 'z'\n")
	f.Add("x = (\n'a'", "x = 'b' \\\n")
	f.Fuzz(func(t *testing.T, a, b string) {
		ipythonCells("python", []string{a, b})
		v := newNbVars([]string{a, b})
		for _, src := range []string{a, b} {
			v.startCell()
			for _, line := range strings.Split(src, "\n") {
				v.python(line)
			}
		}
		for name, val := range v.known {
			if !strings.Contains(a+b, name) || !strings.Contains(a+b, val) {
				t.Fatalf("%q = %q is not written in the cells", name, val)
			}
		}
	})
}
