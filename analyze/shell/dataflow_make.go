package shell

import (
	"path"
	"strings"
)

// makeRecipes returns the shell commands of a Makefile's recipes, with the
// Makefile's own simple variables filled in ($(BUILD) → build) and other
// references turned into shell variables (unknown when the recipe runs).
func makeRecipes(text string) string {
	vars := map[string]string{}
	var recipes []string
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "\t") {
			r := strings.TrimLeft(strings.TrimSpace(line), "@-+")
			if r != "" {
				recipes = append(recipes, r)
			}
			continue
		}
		if m := makeAssign.FindStringSubmatch(line); m != nil {
			vars[m[1]] = strings.TrimSpace(m[2])
		}
		if len(recipes) > 512 {
			break
		}
	}
	out := strings.Join(recipes, "\n")
	// Two rounds fill in variables defined from others.
	for i := 0; i < 2; i++ {
		out = makeRef.get().ReplaceAllStringFunc(out, func(ref string) string {
			name := strings.Trim(ref[1:], "(){}")
			if v, ok := vars[name]; ok {
				return v
			}
			return "${" + strings.Map(func(r rune) rune {
				if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
					return r
				}
				return '_'
			}, name) + "}"
		})
	}
	return strings.ReplaceAll(out, "$$", "$")
}

var (
	makeAssign = lazyRegexp(`^([A-Za-z_][A-Za-z0-9_]*)\s*(?:=|:=|::=|\?=)\s*(.*)$`)
	makeRef    = lazyRegexp(`\$\([A-Za-z_][A-Za-z0-9_]*\)|\$\{[A-Za-z_][A-Za-z0-9_]*\}`)
)

// runsMakefile judges make run on a Makefile whose content is known: its
// recipes are what runs.
func (w *walker) runsMakefile(c *Cmd) {
	if c.Name != "make" && c.Name != "gmake" {
		return
	}
	if c.Has("--dry-run", "--just-print", "--recon", "-n", "--question", "-q") {
		return // make -n prints the recipes and runs none of them
	}
	fl := w.r.fl()
	f, named := c.Flag("-f", "--file", "--makefile")
	if !fl.knowsFiles() && !(named && (f == "-" || isStdinPath(f))) {
		return
	}
	dir := "."
	if d, ok := c.Flag("-C", "--directory"); ok {
		dir = d
	}
	names := []string{"GNUmakefile", "makefile", "Makefile"}
	if named {
		names = []string{f}
	}
	for _, n := range names {
		p := n
		if n == "-" {
			p = "/dev/stdin" // make -f - reads the makefile from standard input
		} else if !strings.HasPrefix(n, "/") {
			p = path.Join(dir, n)
		}
		abs, ok := c.Resolve(p)
		if !ok {
			continue
		}
		if w.runsDownloaded(c, abs, n, "runs the recipes of") {
			return
		}
		fc, had := w.fileOrStdin(fl, abs)
		if !had {
			continue
		}
		if fc.kind == streamLiteral || fc.kind == streamDecoded {
			// The recipes, and what $(shell …) runs while make reads it.
			fc.text = strings.Join(append([]string{makeRecipes(inlineRecipes(fc.text))}, makeShellCommands(fc.text)...), "\n")
			fc.partial = true // recipes are fragments of a script
		}
		w.judgeFile(c, n, "shell", fc, "runs the recipes of")
		return
	}
}
