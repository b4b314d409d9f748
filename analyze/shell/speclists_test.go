package shell

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// A program's options are described once, in its spec (specs/*.spec): a
// handler that keeps its own list of the options that take a value (a
// "…Valued" table, or option names handed to Positional) reads the command
// differently from every other consumer, and an abbreviation, a cluster or
// an attached value walks around the list.

// specListsLeft are the files that still hand option names to Positional,
// with how many calls: each is to move into the specs, and the count may
// only go down.
var specListsLeft = map[string]int{
	// Other readers of the same programs (data flow, git, file tools,
	// scheduling, wrappers).
	"dataflow_builtins.go": 2,
	"fs.go":                5,
	"sched.go":             2,
	// Handlers whose programs have no spec yet (a local list of the
	// options that take a value). The infrastructure handlers (infra_*.go)
	// have none left: their programs' options are spec blocks.
	"services_db.go":       1,
	"services_db_tools.go": 3,
	"services_process.go":  1,
	"services_secrets.go":  2,
}

// tablesLeft are package-level lists of option names that are not a
// second reading of a command line, or not moved yet, with why.
var tablesLeft = map[string]string{
	"awsConfigSuffixes": "suffixes of AWS operation names (delete-bucket-policy), not options",
	"timerFlags":        "the systemd-run options the scheduling rule looks for; the spec reads their values",
	"tclSpawnOptions":   "the options of Tcl's spawn command inside an expect script, not a program's argv",
}

func TestNoSecondFlagTable(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	var bad []string
	fset := token.NewFileSet()
	seen := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		seen++
		for _, v := range secondFlagTables(fset, f) {
			if v.positional {
				got[name]++
				continue
			}
			if _, ok := tablesLeft[v.name]; ok {
				continue
			}
			bad = append(bad, v.pos+": "+v.what)
		}
	}
	if seen < 50 {
		t.Fatalf("only %d files read: the check is not looking", seen)
	}
	for _, b := range bad {
		t.Errorf("%s: describe the program's options in specs/hand.spec and read them through Cmd.Argv", b)
	}
	for name := range specListsLeft {
		if strings.HasPrefix(name, "infra") || name == "cmd.go" {
			t.Errorf("%s: the infrastructure handlers and Cmd.Sub read options only through the specs; no list may come back", name)
		}
	}
	for name, n := range got {
		if left := specListsLeft[name]; n > left {
			t.Errorf("%s hands option names to Positional %d times (at most %d): give the program a spec in specs/hand.spec and call Positional()", name, n, left)
		}
	}
	for name, left := range specListsLeft {
		if got[name] < left {
			t.Logf("%s: %d option lists left of %d: lower specListsLeft", name, got[name], left)
		}
	}
}

// TestNoSecondFlagTableSees proves the check finds what it forbids.
func TestNoSecondFlagTableSees(t *testing.T) {
	const src = `package shell

var dockerRunValued = infraSet("-v", "--volume")
var tfValued = map[string]bool{"var": true}
var optionsThatTakeValues = []string{"-o"}
var gcloudLocal = infraSet("config", "auth")

func h(c *Cmd) {
	_ = c.Positional("-p", "--port")
	_ = c.Positional()
	_ = c.Positional(names...)
	v := []string{"--region"}
	_ = c.Positional(v...)
	_ = infraWords(c, "-n", "--name")
	_ = infraWords(c)
	_ = c.Sub(1, "-o")
	_ = c.Sub(0)
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range secondFlagTables(fset, f) {
		got = append(got, v.what)
	}
	want := []string{
		`a value list dockerRunValued`,
		`a value list tfValued`,
		`a list of options optionsThatTakeValues`,
		`Positional("-p", …)`,
		`Positional(names...)`,
		`Positional(v...)`,
		`infraWords("-n", …)`,
		`Sub("-o", …)`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("found %q, want %q", got, want)
	}
}

type flagTable struct {
	pos, what, name string
	positional      bool
}

// secondFlagTables lists f's package-level option tables and its calls of
// Positional with option names (literal, or a list spread into it).
func secondFlagTables(fset *token.FileSet, f *ast.File) []flagTable {
	var out []flagTable
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, sp := range g.Specs {
			vs := sp.(*ast.ValueSpec)
			for i, n := range vs.Names {
				switch {
				case strings.HasSuffix(n.Name, "Valued"):
					out = append(out, flagTable{pos: fset.Position(n.Pos()).String(), what: "a value list " + n.Name, name: n.Name})
				case i < len(vs.Values) && optionList(vs.Values[i]):
					out = append(out, flagTable{pos: fset.Position(n.Pos()).String(), what: "a list of options " + n.Name, name: n.Name})
				}
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		// Positional(list…), c.Sub(n, list…), infraWords(c, list…): the
		// option names handed over start at first.
		fn, first := "", 0
		switch x := call.Fun.(type) {
		case *ast.SelectorExpr:
			fn = x.Sel.Name
			if fn == "Sub" {
				first = 1
			}
		case *ast.Ident:
			fn, first = x.Name, 1
		}
		if fn != "Positional" && fn != "Sub" && fn != "infraWords" || len(call.Args) <= first {
			return true
		}
		what := fn + "("
		if lit, ok := call.Args[first].(*ast.BasicLit); ok {
			what += lit.Value + ", …)"
		} else if id, ok := call.Args[first].(*ast.Ident); ok && call.Ellipsis.IsValid() {
			what += id.Name + "...)"
		} else {
			what += "…)"
		}
		out = append(out, flagTable{pos: fset.Position(call.Pos()).String(), what: what, positional: true})
		return true
	})
	return out
}

// optionList reports whether e is a composite literal or an infraSet call
// whose elements are all option spellings ("-x", "--name").
func optionList(e ast.Expr) bool {
	var elts []ast.Expr
	switch x := e.(type) {
	case *ast.CompositeLit:
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Key
			}
			elts = append(elts, el)
		}
	case *ast.CallExpr:
		elts = x.Args
	default:
		return false
	}
	if len(elts) == 0 {
		return false
	}
	for _, el := range elts {
		lit, ok := el.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return false
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil || len(s) < 2 || s[0] != '-' {
			return false
		}
	}
	return true
}
