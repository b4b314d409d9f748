package shell_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The shell analysis is the only reader of a command's argv: every other
// package reads the record it hands out (Cmd.Argv, Has, Flag, Positional,
// Transmission…), so that a program's options are described once, in its
// spec, and no consumer keeps a second flag table that an abbreviation or a
// cluster walks around.

// argsReaders are the functions outside analyze/shell allowed to read
// Cmd.Args, each with the reason: none of them reads options.
var argsReaders = map[string]string{
	// Policy allow and deny entries are matched against the words as the
	// user wrote them (and, for deny entries, also against the program's
	// own reading): a literal comparison of the whole command, not a flag
	// parser.
	"guard.applyLists": "policy entries match the words as written",
}

func TestArchitectureNoArgvOutsideShell(t *testing.T) {
	if testing.Short() && os.Getenv("CI") == "" {
		t.Skip("type-checks the module with the go tool; runs without -short and in CI")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	mod, err := modulePath(root)
	if err != nil {
		t.Fatal(err)
	}
	found, err := argvReaders(root, mod+"/analyze/shell")
	if err != nil {
		t.Fatal(err)
	}
	if len(found) == 0 {
		t.Fatal("no package checked reads the command record: the check is not looking")
	}
	for _, v := range found {
		if v.reader {
			continue
		}
		if why, ok := argsReaders[v.fn]; ok && v.kind == "reads Cmd.Args" {
			t.Logf("%s: %s (allowed: %s)", v.pos, v.kind, why)
			continue
		}
		t.Errorf("%s: %s in %s: read the command through its record (Cmd.Argv, Has, Flag, Positional) and give the program a spec in analyze/shell/specs", v.pos, v.kind, v.fn)
	}
}

// TestArchitectureCheckFails proves the check sees what it forbids: in a
// small module of its own, a package that reads Cmd.Args (through a value
// and a pointer) and builds a Cmd is reported, and one that reads the
// record is not.
func TestArchitectureCheckFails(t *testing.T) {
	if testing.Short() && os.Getenv("CI") == "" {
		t.Skip("runs the go tool; runs without -short and in CI")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.22\n",
		"analyze/shell/cmd.go": `package shell

type Cmd struct{ Name string; Args []string }

func (c *Cmd) Has(f string) bool { return len(c.Args) > 0 && c.Args[0] == f }
`,
		"bad/bad.go": `package bad

import "example.com/m/analyze/shell"

func Force(c *shell.Cmd) bool {
	for _, a := range c.Args {
		if a == "-f" {
			return true
		}
	}
	return false
}

func First(c shell.Cmd) string { return c.Args[0] }

func Make() *shell.Cmd { return &shell.Cmd{Name: "rm"} }
`,
		"good/good.go": `package good

import "example.com/m/analyze/shell"

type other struct{ Args []string }

func Force(c *shell.Cmd) bool { return c.Has("--force") }

func Other(o other) int { return len(o.Args) }
`,
	}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	found, err := argvReaders(dir, "example.com/m/analyze/shell")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range found {
		if !v.reader {
			got = append(got, v.fn+": "+v.kind)
		}
	}
	want := []string{"bad.First: reads Cmd.Args", "bad.Force: reads Cmd.Args", "bad.Make: builds a shell.Cmd"}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("violations = %q, want %q", got, want)
	}
}

// violation is a use of shell.Cmd found outside the shell package.
type violation struct {
	pos    string
	fn     string // package.Function (or package.init for a package-level use)
	kind   string
	reader bool // a use of the record that is allowed: seen, to show the check looks
}

type listedPackage struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	CgoFiles   []string
	Export     string
	Standard   bool
	ImportMap  map[string]string
	Module     *struct{ Path string }
	Error      *struct{ Err string }
}

// argvReaders type-checks every non-test package of the module at root
// (except the shell package at shellPath and the packages below it) and
// returns its uses of shellPath's Cmd.
func argvReaders(root, shellPath string) ([]violation, error) {
	cmd := exec.Command("go", "list", "-deps", "-export", "-json=ImportPath,Dir,GoFiles,CgoFiles,Export,Standard,ImportMap,Module,Error", "./...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v: %s", err, stderr.String())
	}
	var mod string
	exports := map[string]string{}
	var pkgs []*listedPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		p := new(listedPackage)
		if err := dec.Decode(p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("reading go list: %v", err)
		}
		if p.Error != nil {
			return nil, fmt.Errorf("go list: %s: %s", p.ImportPath, p.Error.Err)
		}
		exports[p.ImportPath] = p.Export
		if p.ImportPath == shellPath && p.Module != nil {
			mod = p.Module.Path
		}
		pkgs = append(pkgs, p)
	}
	if mod == "" {
		return nil, fmt.Errorf("go list: no package %s in the module at %s", shellPath, root)
	}
	var found []violation
	for _, p := range pkgs {
		if p.Standard || p.Module == nil || p.Module.Path != mod || p.ImportPath == shellPath || strings.HasPrefix(p.ImportPath, shellPath+"/") {
			continue
		}
		v, err := checkPackage(p, exports, shellPath)
		if err != nil {
			return nil, err
		}
		found = append(found, v...)
	}
	return found, nil
}

// checkPackage type-checks one package from source, its imports from
// their export data, and reports its uses of shell.Cmd.
func checkPackage(p *listedPackage, exports map[string]string, shellPath string) ([]violation, error) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range append(append([]string(nil), p.GoFiles...), p.CgoFiles...) {
		f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	lookup := func(path string) (io.ReadCloser, error) {
		if m, ok := p.ImportMap[path]; ok {
			path = m
		}
		file := exports[path]
		if file == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", lookup), FakeImportC: true}
	info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}, Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := conf.Check(p.ImportPath, fset, files, info); err != nil {
		return nil, fmt.Errorf("type-checking %s: %v", p.ImportPath, err)
	}
	isCmd := func(t types.Type) bool {
		if ptr, ok := t.(*types.Pointer); ok {
			t = ptr.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		return ok && n.Obj().Name() == "Cmd" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == shellPath
	}
	pkgName := p.ImportPath[strings.LastIndexByte(p.ImportPath, '/')+1:]
	var found []violation
	for _, f := range files {
		fn := pkgName + ".init"
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				fn = pkgName + "." + n.Name.Name
			case *ast.SelectorExpr:
				sel, ok := info.Selections[n]
				if !ok || !isCmd(sel.Recv()) {
					return true
				}
				v := violation{pos: fset.Position(n.Pos()).String(), fn: fn, reader: true, kind: "reads Cmd." + n.Sel.Name}
				if sel.Kind() == types.FieldVal && n.Sel.Name == "Args" {
					v.reader = false
				}
				found = append(found, v)
			case *ast.CompositeLit:
				if tv, ok := info.Types[n]; ok && isCmd(tv.Type) {
					found = append(found, violation{pos: fset.Position(n.Pos()).String(), fn: fn, kind: "builds a shell.Cmd"})
				}
			}
			return true
		})
	}
	return found, nil
}

// moduleRoot walks up from the test's directory to the go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the test's directory")
		}
		dir = parent
	}
}

func modulePath(root string) (string, error) {
	b, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if m, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(m), `"`), nil
		}
	}
	return "", errors.New("go.mod names no module")
}
