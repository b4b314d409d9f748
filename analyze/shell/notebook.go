package shell

import (
	"encoding/json"
	"path"
	"strings"
)

// Notebooks run from files: `jupyter nbconvert --execute`, `jupyter
// execute`, `papermill`, `ipython file.ipynb` and `quarto render` run the
// code cells of a notebook (or the chunks of a Quarto or R Markdown
// document). The cells are the code: when the notebook is known (written
// on this line, earlier in the session, or on disk where local files may
// be read) its cells are judged as the code they are — IPython's `!cmd`,
// `%%bash` and `%sx` lines as shell commands, `%%writefile F` as a write
// of F, the rest in the kernel's language. A notebook whose content is not
// known is judged as a script whose content is not known.

// notebookMaxCells bounds the cells read from one notebook.
const notebookMaxCells = 2048

// notebookRunners are the programs notebookFiles reads.
var notebookRunners = map[string]bool{"jupyter": true, "jupyter-nbconvert": true, "jupyter-execute": true, "jupyter-run": true,
	"papermill": true, "ipython": true, "ipython3": true, "quarto": true}

// notebookFiles lists the notebooks and documents c executes.
func notebookFiles(c *Cmd) []string {
	args := c.Args
	name := c.Name
	switch {
	case name == "jupyter" && len(args) > 0:
		sub := args[0]
		args = args[1:]
		switch sub {
		case "nbconvert":
			if !notebookExecutes(args) {
				return nil
			}
		case "execute", "run":
		default:
			return nil
		}
	case name == "jupyter-nbconvert":
		if !notebookExecutes(args) {
			return nil
		}
	case name == "jupyter-execute", name == "jupyter-run":
	case name == "papermill":
		// papermill IN OUT: the input is what runs.
		for _, a := range args {
			if notebookName(a) {
				return []string{a}
			}
		}
		return nil
	case name == "ipython" || name == "ipython3":
		for _, a := range args {
			if a == "--" || a == "-c" || a == "-m" {
				return nil // the code is the command line's (judged as inline code)
			}
			if !strings.HasPrefix(a, "-") {
				if notebookName(a) || strings.HasSuffix(strings.ToLower(a), ".ipy") {
					return []string{a}
				}
				return nil
			}
		}
		return nil
	case name == "quarto" && len(args) > 0 && (args[0] == "render" || args[0] == "preview" || args[0] == "run"):
		var out []string
		execute := containsWord(args, "--execute")
		for _, a := range args[1:] {
			lower := strings.ToLower(a)
			if strings.HasSuffix(lower, ".qmd") || strings.HasSuffix(lower, ".rmd") || execute && strings.HasSuffix(lower, ".ipynb") {
				out = append(out, a)
			}
		}
		return out
	default:
		return nil
	}
	var out []string
	for _, a := range args {
		if notebookName(a) {
			out = append(out, a)
		}
	}
	return out
}

// notebookExecutes: nbconvert runs the cells only when asked to.
func notebookExecutes(args []string) bool {
	for _, a := range args {
		lower := strings.ToLower(a)
		if lower == "--execute" || strings.HasPrefix(lower, "--executepreprocessor.enabled=t") {
			return true
		}
	}
	return false
}

func notebookName(a string) bool {
	return strings.HasSuffix(strings.ToLower(a), ".ipynb") && !strings.HasPrefix(a, "-")
}

// notebooks judges the cells of each notebook c runs whose content is known.
func (w *walker) notebooks(c *Cmd) {
	for _, name := range notebookFiles(c) {
		w.r.mutates()
		abs, ok := c.Resolve(name)
		if !ok {
			continue
		}
		fc, had := w.r.fl().file(abs)
		if !had || fc.kind != streamLiteral && fc.kind != streamDecoded {
			continue // a notebook not known: as a script not known
		}
		cells, ok := notebookCells(name, fc.text)
		if !ok {
			// jupyter reads what Go's JSON reader refuses (NaN, …): the
			// cells cannot be shown, so they cannot be cleared.
			w.r.add(c.find(ruleEvalDynamic, "Runs the notebook "+name+", whose cells could not be read, so what they run cannot be checked.", name))
			continue
		}
		for _, cell := range cells {
			code := fc
			code.text, code.kind = cell.code, streamLiteral
			w.judgeFile(c, name, cell.lang, code, "runs the cells of")
		}
	}
}

// notebookCell is the code of a notebook's cells in one language.
type notebookCell struct {
	lang string // "shell", "python", "r", "julia", …
	code string
}

// notebookCells returns a notebook's (or a Quarto or R Markdown
// document's) code, grouped by language; ok is false for a notebook that
// does not parse.
func notebookCells(name, text string) ([]notebookCell, bool) {
	lower := strings.ToLower(path.Ext(name))
	if lower == ".qmd" || lower == ".rmd" {
		return markdownChunks(text), true
	}
	if lower == ".ipy" {
		return ipythonCells("python", []string{text}), true
	}
	var nb struct {
		Cells []struct {
			Type   string          `json:"cell_type"`
			Source json.RawMessage `json:"source"`
		} `json:"cells"`
		Metadata struct {
			Kernel struct {
				Language string `json:"language"`
				Name     string `json:"name"`
			} `json:"kernelspec"`
			Lang struct {
				Name string `json:"name"`
			} `json:"language_info"`
		} `json:"metadata"`
	}
	if err := json.Unmarshal([]byte(text), &nb); err != nil {
		return nil, false
	}
	lang := kernelLang(nb.Metadata.Kernel.Language, nb.Metadata.Kernel.Name, nb.Metadata.Lang.Name)
	var sources []string
	for i, cell := range nb.Cells {
		if i >= notebookMaxCells {
			return nil, false
		}
		if cell.Type != "code" {
			continue
		}
		src, ok := cellSource(cell.Source)
		if !ok {
			return nil, false
		}
		sources = append(sources, src)
	}
	return ipythonCells(lang, sources), true
}

// cellSource reads a cell's source: a string or a list of strings.
func cellSource(raw json.RawMessage) (string, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", true
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, true
	}
	var lines []string
	if json.Unmarshal(raw, &lines) == nil {
		return strings.Join(lines, ""), true
	}
	return "", false
}

// kernelLang is the language of a notebook's kernel; Python unless it
// says otherwise.
func kernelLang(names ...string) string {
	for _, n := range names {
		switch n = strings.ToLower(n); {
		case n == "":
		case n == "bash" || n == "sh" || n == "zsh" || n == "shell":
			return "shell"
		case n == "r" || n == "ir":
			return "r"
		case strings.HasPrefix(n, "julia"):
			return "julia"
		case n == "javascript" || n == "typescript" || strings.HasPrefix(n, "deno") || n == "tslab":
			return "node"
		case strings.HasPrefix(n, "perl"):
			return "perl"
		case strings.HasPrefix(n, "ruby"):
			return "ruby"
		case strings.HasPrefix(n, "python"):
			return "python"
		}
	}
	return "python"
}

// reIPythonShell is an IPython line that runs a shell command: !cmd,
// !!cmd, x = !cmd, %sx cmd, %system cmd.
// The first group is the names the line assigns, the second the command.
var reIPythonShell = lazyRegexp(`^\s*(?:([A-Za-z_][\w, ]*)=\s*)?(?:!!?|%sx\s|%system\s|%%!)(.*)$`)

// ipythonCells splits cells of a kernel of lang into their shell lines and
// their own code. The line and cell magics only IPython has are read
// there; another kernel's cells are its language's.
func ipythonCells(lang string, sources []string) []notebookCell {
	byLang := map[string]*strings.Builder{}
	var order []string
	add := func(l, code string) {
		b := byLang[l]
		if b == nil {
			b = &strings.Builder{}
			byLang[l] = b
			order = append(order, l)
		}
		b.WriteString(code)
		b.WriteString("\n")
	}
	vars := newNbVars(sources)
	for _, src := range sources {
		if lang != "python" {
			add(lang, src)
			continue
		}
		vars.startCell()
		first, rest, _ := strings.Cut(src, "\n")
		if l, body, ok := cellMagic(first, rest); ok {
			if l != "" {
				add(l, body)
			}
			if l == "python" {
				vars.pythonCell(body)
			}
			continue
		}
		for _, line := range strings.Split(src, "\n") {
			if m := reIPythonShell.FindStringSubmatch(line); m != nil {
				add("shell", vars.shellLine(m[2], m[1]))
				add("python", "pass")
				continue
			}
			if t := strings.TrimSpace(line); strings.HasPrefix(t, "%") {
				if rest, ok := strings.CutPrefix(t, "%run "); ok {
					add("shell", "python3 "+rest)
				}
				add("python", "pass")
				continue
			}
			vars.python(line)
			add("python", line)
		}
	}
	out := make([]notebookCell, 0, len(order))
	for _, l := range order {
		out = append(out, notebookCell{lang: l, code: byLang[l].String()})
	}
	return out
}

// cellMagic reads a cell that starts with a cell magic: its language and
// body, "" for a cell that runs nothing here (%%html, %%javascript, which
// the browser runs). ok is false for a cell without one.
func cellMagic(first, rest string) (lang, body string, ok bool) {
	t := strings.TrimSpace(first)
	if !strings.HasPrefix(t, "%%") {
		return "", "", false
	}
	f := strings.Fields(t[2:])
	if len(f) == 0 {
		return "", "", false
	}
	switch f[0] {
	case "bash", "sh", "zsh", "system", "!":
		return "shell", rest, true
	case "script":
		// %%script PROG: the cell is PROG's input.
		if len(f) > 1 && interpreters[progName(f[len(f)-1])] {
			return langOf(progName(f[len(f)-1])), rest, true
		}
		return "shell", rest, true
	case "perl", "ruby", "python", "python2", "python3", "pypy":
		return langOf(f[0]), rest, true
	case "writefile":
		// %%writefile [-a] FILE: the cell's text written to FILE.
		if len(f) < 2 {
			return "", "", true
		}
		redir := ">"
		if f[1] == "-a" || f[1] == "--append" {
			redir = ">>"
		}
		return "shell", "cat " + redir + " " + shWord(f[len(f)-1]) + " <<'NOTEBOOK_CELL_END'\n" + rest + "\nNOTEBOOK_CELL_END", true
	case "html", "javascript", "js", "markdown", "latex", "svg":
		return "", "", true
	}
	// %%time, %%capture, %%timeit…: the cell below runs as Python.
	return "python", rest, true
}

// reChunk starts a code chunk of a Quarto or R Markdown document:
// ```{python}, ```{r label}, ```{bash echo=FALSE}.
var reChunk = lazyRegexp("^\\s*(`{3,}|~{3,})\\s*\\{\\s*([A-Za-z0-9_]+)")

// markdownChunks returns the code chunks of a Quarto or R Markdown
// document, by language.
func markdownChunks(text string) []notebookCell {
	var cells []notebookCell
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines) && len(cells) < notebookMaxCells; i++ {
		m := reChunk.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		fence, lang := m[1], chunkLang(m[2])
		var b strings.Builder
		for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), fence); i++ {
			b.WriteString(lines[i])
			b.WriteString("\n")
		}
		if lang == "python" {
			cells = append(cells, ipythonCells("python", []string{b.String()})...)
		} else if lang != "" {
			cells = append(cells, notebookCell{lang: lang, code: b.String()})
		}
	}
	return cells
}

// chunkLang is the language a chunk engine runs; "" for one that runs no
// code on this machine (ojs runs in the browser, mermaid draws).
func chunkLang(engine string) string {
	switch e := strings.ToLower(engine); e {
	case "bash", "sh", "zsh", "shell":
		return "shell"
	case "python", "r", "julia", "perl", "ruby", "node":
		return e
	case "ojs", "mermaid", "dot", "css", "js", "html", "sql", "stan", "tikz":
		return ""
	}
	return "" // knitr's other engines (awk, Rcpp, …) are not read here
}
