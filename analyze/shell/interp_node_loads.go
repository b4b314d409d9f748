package shell

import "strings"

// What node loads before the script: --require/-r, --import, --loader and
// --experimental-loader name a module, a file or a data: URL, and node runs
// it first, with the script's rights. A data: URL is code written on the
// command line and is judged as -e code is; a file this command line (or
// an earlier call of the session) wrote is judged by its content, as
// running it would be. A module found by name (dotenv/config, tsx) is the
// project's dependency, judged where it was installed.

// nodePreload reports a node option whose value node loads and runs
// before the script. node takes no abbreviations of its long options.
func nodePreload(opt string) bool {
	switch opt {
	case "--require", "--import", "--loader", "--experimental-loader":
		return true
	}
	return false
}

// nodeLoads judges what c's node loads before its script.
func (w *walker) nodeLoads(c *Cmd, loads []string) {
	for _, ld := range loads {
		ld = strings.TrimSpace(ld)
		switch {
		case ld == "":
		case len(ld) > 5 && strings.EqualFold(ld[:5], "data:"):
			w.inlineCode(c, "node", dataURLCode(ld))
		default:
			w.nodeLoadFile(c, ld)
		}
	}
}

// nodeLoadFile judges a preloaded file whose content the line shows.
func (w *walker) nodeLoadFile(c *Cmd, ld string) {
	if u, ok := strings.CutPrefix(ld, "file://"); ok {
		ld = u
	}
	if !strings.ContainsAny(ld, "/\\") && !strings.HasSuffix(ld, ".js") && !strings.HasSuffix(ld, ".mjs") && !strings.HasSuffix(ld, ".cjs") {
		return // a package by name
	}
	fl := w.r.fl()
	if !fl.knowsFiles() || argDynamic(c, ld) {
		return
	}
	abs, ok := c.Resolve(ld)
	if !ok {
		return
	}
	if fc, had := fl.file(abs); had {
		w.judgeFile(c, ld, "node", fc, "loads")
	}
}
