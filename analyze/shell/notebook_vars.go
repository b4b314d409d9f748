package shell

import "strings"

// A notebook's shell lines take values of the kernel: IPython expands
// {expr} and $name in `!cmd` with the Python names the earlier cells set,
// so `path = '~/.claude'` in one cell and `!rm -rf {path}` in the next
// removes the agent's settings. The cells are followed in the order they
// run and a name keeps a value only while it is plainly known: set at the
// top level of a cell to a string literal, and not bound again since in any
// way (another assignment, for, with … as, import, def, del, a capture).
// A notebook whose code can bind names unseen (exec, globals(), setattr,
// global statements, %run and the magics not known here) knows no value.
// Anything else stays unknown, as it was: "$NOTEBOOK_VALUE".

// reNbLiteral is a top-level assignment of a string literal with no escape.
var reNbLiteral = lazyRegexp(`^([A-Za-z_]\w*)\s*=\s*(?:[rRuU]?'([^'\\\n]*)'|[rRuU]?"([^"\\\n]*)")\s*(?:#.*)?$`)

// reNbDynamic is Python or IPython that can bind a name no line shows.
var reNbDynamic = lazyRegexp(`\b(?:exec|eval|globals|locals|vars|setattr|delattr|get_ipython|__dict__|__main__|__builtins__|builtins|sys\.modules|importlib|global|nonlocal)\b|\bimport\s*\*|--(?:out|err)\b`)

// reNbBinds is a line that may bind a name it mentions.
var reNbBinds = lazyRegexp(`(?:^|[^=!<>])=(?:[^=]|$)|\b(?:for|as|def|class|import|del|case|lambda)\b`)

// nbSafeMagics are the IPython magics that bind no Python name.
var nbSafeMagics = map[string]bool{"matplotlib": true, "pip": true, "conda": true, "config": true, "cd": true, "env": true, "sx": true,
	"system": true, "time": true, "timeit": true, "%time": true, "%timeit": true, "%bash": true, "%sh": true, "%zsh": true, "%system": true,
	"%!": true, "%script": true, "%writefile": true, "%html": true, "%javascript": true, "%js": true, "%markdown": true, "%latex": true,
	"%svg": true, "%perl": true, "%ruby": true, "%python": true, "%python2": true, "%python3": true, "%pypy": true, "%%!": true}

// nbVars is what a notebook's Python names hold as its cells run.
type nbVars struct {
	known map[string]string
	off   bool // the code can bind names unseen: none is known
	py    pyLines
}

// newNbVars starts following the names of a notebook made of sources.
func newNbVars(sources []string) *nbVars {
	v := &nbVars{known: map[string]string{}}
	for _, src := range sources {
		if nbCodeIsDynamic(src) {
			v.off = true
		}
	}
	return v
}

// nbCodeIsDynamic reports code that can bind a Python name unseen.
func nbCodeIsDynamic(src string) bool {
	if reNbDynamic.MatchString(src) {
		return true
	}
	for _, line := range strings.Split(src, "\n") {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "%") {
			continue
		}
		magic := strings.Fields(t[1:] + " ")
		if len(magic) == 0 || !nbSafeMagics[magic[0]] {
			return true
		}
	}
	return false
}

// startCell begins a cell: a statement never runs on from the last one.
func (v *nbVars) startCell() { v.py = pyLines{} }

// python reads one line of Python code.
func (v *nbVars) python(line string) {
	start := v.py.atStatement()
	v.py.scan(line)
	if v.off {
		return
	}
	if m := reNbLiteral.FindStringSubmatch(line); m != nil && start && v.py.atStatement() {
		v.known[m[1]] = m[2] + m[3]
		return
	}
	if !reNbBinds.MatchString(line) && start {
		return
	}
	v.forget(line)
}

// pythonCell reads the Python body of a cell magic (%%time, %%timeit).
func (v *nbVars) pythonCell(body string) {
	for _, line := range strings.Split(body, "\n") {
		v.python(line)
	}
}

// forget drops every known name line mentions.
func (v *nbVars) forget(line string) {
	for name := range v.known {
		if mentionsWord(line, name) {
			delete(v.known, name)
		}
	}
}

// mentionsWord reports name as a whole word of line.
func mentionsWord(line, name string) bool {
	for i := 0; ; {
		j := strings.Index(line[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if (j == 0 || !isWordByte(line[j-1])) && (end == len(line) || !isWordByte(line[end])) {
			return true
		}
		i = j + 1
	}
}

// reNbField is {expr} or $name in a shell line.
var reNbField = lazyRegexp(`\{([^{}\n]*)\}|\$\$|\$([A-Za-z_]\w*)`)

// shellLine is the shell line IPython runs for cmd (the text after !),
// with bound the names the line assigns (x = !cmd). A {name} or $name
// with a known value is that value, as IPython puts it in; any other
// {expr} is a value of the kernel, unknown here; $name with no known
// value is left to the shell.
func (v *nbVars) shellLine(cmd, bound string) string {
	for _, n := range strings.Split(bound, ",") {
		delete(v.known, strings.TrimSpace(n))
	}
	return reNbField.get().ReplaceAllStringFunc(cmd, func(f string) string {
		if f == "$$" {
			return f
		}
		name := strings.TrimSpace(strings.Trim(f, "{}$"))
		if val, ok := v.known[name]; ok && !v.off {
			return val
		}
		if strings.HasPrefix(f, "$") {
			return f
		}
		return `"$NOTEBOOK_VALUE"`
	})
}

// pyLines follows where Python statements start across lines: inside
// brackets, a triple-quoted string or after a backslash a line goes on.
type pyLines struct {
	depth  int
	triple string
	cont   bool
}

func (p *pyLines) atStatement() bool { return p.depth <= 0 && p.triple == "" && !p.cont }

// scan reads line, skipping strings and comments.
func (p *pyLines) scan(line string) {
	p.cont = false
	for i := 0; i < len(line); i++ {
		if p.triple != "" {
			k := strings.Index(line[i:], p.triple)
			if k < 0 {
				return
			}
			i += k + 2
			p.triple = ""
			continue
		}
		switch c := line[i]; c {
		case '#':
			return
		case '\'', '"':
			if q := strings.Repeat(string(c), 3); strings.HasPrefix(line[i:], q) {
				p.triple = q
				i += 2
				continue
			}
			i = pyStringEnd(line, i)
		case '(', '[', '{':
			p.depth++
		case ')', ']', '}':
			p.depth--
		case '\\':
			if i == len(line)-1 {
				p.cont = true
			}
		}
	}
}

// pyStringEnd is the index of the quote closing the string at i (or the
// line's end).
func pyStringEnd(line string, i int) int {
	q := line[i]
	for j := i + 1; j < len(line); j++ {
		switch line[j] {
		case '\\':
			j++
		case q:
			return j
		}
	}
	return len(line)
}
