package shell

import (
	"encoding/json"
	"strings"
)

// Filters that print a file anew with a literal program: jq and yq set a
// manifest's key (jq '.scripts.postinstall="curl …|sh"' package.json > t
// && mv t package.json && npm i), sed substitutes or appends a line (sed
// 's/"test": ".*"/"test": "rm -rf ~"/' package.json > t), awk prints
// lines (awk 'BEGIN{print "all:\n\trm -rf ~"}' > Makefile). What they
// print is their input rearranged plus the text their program holds. The
// text they insert is kept with the file they write, so a runner that
// reads the file (npm, make, a shell) is judged by the commands that text
// holds, as the same commands on the line would be.
//
// The rest of what they print stays unknown (a substitution can also cut
// a harmless command into a dangerous one), so a person still confirms
// the run; the inserted commands can only raise that. awk that prints
// only in BEGIN reads no input: its output is the literal text it prints.

// insertion is what a filter's program puts into the text it prints.
type insertion struct {
	// text holds the inserted text: each literal on its own line, and
	// "key": "value" pairs where the program sets a key.
	text string
	// exact: the program prints only its literals (awk's BEGIN block):
	// text is all it prints.
	exact bool
}

// matchedText stands for text a program copies from its input (sed's &
// and \1, awk's $1): a word only known when it runs.
const matchedText = "$MATCHED"

// filterProgramName reports the filters whose literal program is read
// (perl and ruby as -p/-n filters: filter_insert_perl.go). A switch, not
// a map: nothing is built when the hook starts.
func filterProgramName(name string) bool {
	switch name {
	case "jq", "gojq", "yq", "sed", "gsed", "awk", "gawk", "mawk", "nawk", "perl", "ruby":
		return true
	}
	return false
}

// filterProgram returns the program of a filter command, the literal
// values its options hand the program (jq --arg, awk -v) and the files it
// reads; ok is false when the program is in a file or not literal.
func filterProgram(c *Cmd) (prog string, values, files []string, ok bool) {
	if anyTrue(c.Dynamic) {
		return "", nil, nil, false
	}
	switch c.Name {
	case "jq", "gojq", "yq":
		return jqProgram(c.Name, c.Args)
	case "perl", "ruby":
		prog, files, ok := perlFilterProgram(c)
		return prog, nil, files, ok
	case "sed", "gsed":
		if c.Has("-f", "--file") {
			return "", nil, nil, false
		}
		pos := c.Positional()
		scripts := c.FlagAll("-e", "--expression")
		if len(scripts) == 0 {
			if len(pos) == 0 {
				return "", nil, nil, false
			}
			scripts, pos = pos[:1], pos[1:]
		}
		return strings.Join(scripts, "\n"), nil, pos, true
	default: // awk
		if c.Has("-f", "--file") {
			return "", nil, nil, false
		}
		pos := c.Positional()
		if len(pos) == 0 {
			return "", nil, nil, false
		}
		for _, v := range c.FlagAll("-v", "--assign") {
			if _, val, ok := strings.Cut(v, "="); ok {
				values = append(values, val)
			}
		}
		return pos[0], values, pos[1:], true
	}
}

// jqProgram reads jq's (and yq's) command line: options, the values of
// --arg and --argjson, the program and the files.
func jqProgram(name string, args []string) (prog string, values, files []string, ok bool) {
	seen := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--arg" || a == "--argjson":
			if i+2 < len(args) {
				values = append(values, args[i+2])
			}
			i += 2
		case a == "--slurpfile" || a == "--rawfile":
			i += 2
		case a == "-f" || a == "--from-file" || a == "--args" || a == "--jsonargs" || a == "--from-file=":
			return "", nil, nil, false
		case a == "-L" || a == "--indent" || a == "-o" || a == "--output-format" || a == "-p" || a == "--input-format" || a == "-I":
			i++
		case a == "--":
			if !seen && i+1 < len(args) {
				prog, seen = args[i+1], true
				i++
			}
			files = append(files, args[i+1:]...)
			return prog, values, files, seen
		case len(a) > 1 && a[0] == '-':
		case !seen && name == "yq" && (a == "e" || a == "eval" || a == "ea" || a == "eval-all"):
		case !seen:
			prog, seen = a, true
		default:
			files = append(files, a)
		}
	}
	return prog, values, files, seen
}

// filterInsertion reads the program of a filter command.
func filterInsertion(c *Cmd) (insertion, []string, bool) {
	prog, values, files, ok := filterProgram(c)
	if !ok {
		return insertion{}, nil, false
	}
	var ins insertion
	switch c.Name {
	case "jq", "gojq", "yq":
		ins = jqInsertion(prog)
	case "sed", "gsed":
		ins = sedInsertion(prog)
	case "perl":
		ins = perlInsertion(prog)
	case "ruby":
		ins = rubyInsertion(prog)
	default:
		ins = awkInsertion(prog)
	}
	if len(values) > 0 {
		// Values handed in are printed as the program says: they are
		// judged as text it inserts, and the program reads them as
		// variables.
		ins.text += strings.Join(values, "\n") + "\n"
		ins.exact = false
	}
	return ins, files, true
}

// runnersLater records what later runners of the line read (a filter's
// insertion, a fetched directory) and judges a runner pointed at code
// from elsewhere; out is c's output.
func (w *walker) runnersLater(c *Cmd, in, out stream) stream {
	w.noteFetchedDir(c, in)   // runners_elsewhere.go
	w.elsewhereRunners(c, in) // runners_elsewhere.go
	return w.filterOutput(c, in, out)
}

// filterOutput adds to the output of a filter with a literal program the
// text its program inserts. yq -i writes its files in place.
func (w *walker) filterOutput(c *Cmd, in, out stream) stream {
	if !filterProgramName(c.Name) || out.kind == streamSecret || out.kind == streamNetwork || out.kind == streamDecoded || out.kind == streamUndecoded {
		return out
	}
	if c.Name == "yq" && c.Has("-i", "--inplace") || inPlaceFilter(c) {
		return out // its files are written in place (editedInPlace)
	}
	ins, files, ok := filterInsertion(c)
	if !ok || strings.TrimSpace(strings.ReplaceAll(ins.text, matchedText, "")) == "" {
		return out // it inserts nothing of its own ({print $6})
	}
	if out.kind == streamLiteral && len(files) == 0 && in.kind == streamLiteral {
		return out // sed's substitutions applied to a known text
	}
	if ins.exact {
		// awk 'BEGIN{print "…"}' reads no input: it prints its literals.
		return stream{kind: streamLiteral, text: ins.text, what: "the output of " + c.Name}
	}
	text := ins.text
	if len(files) == 0 && in.kind == streamLiteral {
		text = in.text + "\n" + text
	}
	res := out
	switch res.kind {
	case streamUnknown:
	case streamNone:
		res = stream{kind: streamUnknown, what: "the output of " + c.Name}
	default:
		return out
	}
	res.inserted = text
	return res
}

// insertedPart returns what a file a filter wrote is known to hold: the
// text its program inserted, as a partial literal.
func (fc fileContent) insertedPart() (fileContent, bool) {
	if fc.kind != streamUnknown || fc.inserted == "" {
		return fc, false
	}
	return fileContent{text: fc.inserted, kind: streamLiteral, partial: true, session: fc.session}, true
}

// jsonQuote is s as a JSON string.
func jsonQuote(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		return `""`
	}
	return string(b)
}

// insertedByEdit adds to fc, the content of t after c's in-place edit
// (sed -i, gawk -i inplace), the text c's program inserts.
func insertedByEdit(c *Cmd, fc *fileContent) {
	if !filterProgramName(c.Name) {
		return
	}
	if ins, _, ok := filterInsertion(c); ok {
		fc.inserted = ins.text
	}
}
