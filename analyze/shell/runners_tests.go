package shell

import (
	"path"
	"sort"
	"strings"
)

// Test runners run the test files of a project without naming them: go
// test compiles and runs the package's *_test.go files, cargo test the
// tests/ and the #[test] functions of src/, jest and vitest the *.test.*
// and *.spec.* files and their configuration, rspec the spec/ files,
// phpunit and pest the tests/ files, rails test the test/ files. The
// files are found by their name among those this command line or the
// session wrote (a directory cannot be listed), under the roots the
// command names (the working directory by default), and each is judged
// as the code it is in its language: a test that deletes the home
// directory is the deletion of the home directory when its runner runs.

// testRunners are the test runners by program; each returns the files it
// runs.
func testRunnerRuns(w *walker, c *Cmd) []projectRun {
	if c.Has("--help", "-h", "--version", "-V", "--listTests", "--list-tests") {
		return nil
	}
	switch c.Name {
	case "jest", "vitest", "mocha", "ava", "jasmine", "playwright", "tap":
		if c.Name == "playwright" && c.Sub(0) != "test" || c.Name == "vitest" && c.Sub(0) == "init" {
			return nil
		}
		// Their operands are name filters, not paths: the whole
		// project's test files are what may run.
		return w.testFiles(c, []string{"."}, "node", isJSTestFile)
	case "rspec":
		return w.testFiles(c, rootsOr(c, "spec"), "ruby", func(base string) bool { return strings.HasSuffix(base, ".rb") })
	case "rails":
		if c.Sub(0) != "test" && c.Sub(0) != "t" {
			return nil
		}
		return w.testFiles(c, []string{"test"}, "ruby", func(base string) bool { return strings.HasSuffix(base, ".rb") })
	case "phpunit", "pest", "paratest":
		return w.testFiles(c, rootsOr(c, "tests"), "php", func(base string) bool { return strings.HasSuffix(base, ".php") })
	}
	return nil
}

// rootsOr is the paths a runner is given among its operands (words that
// name a path: an option's value such as a format's name does not), or
// def.
func rootsOr(c *Cmd, def string) []string {
	var roots []string
	for _, p := range c.Positional() {
		if !dynWord(p) && !strings.HasPrefix(p, "-") && (p == def || strings.ContainsAny(p, "/.")) {
			p, _, _ = strings.Cut(p, ":") // spec/x_spec.rb:12
			roots = append(roots, p)
		}
	}
	if len(roots) == 0 {
		return []string{def}
	}
	return roots
}

// isJSTestFile reports a file a JavaScript test runner loads: a test or
// spec file, or the runner's configuration (code that runs first).
func isJSTestFile(base string) bool {
	ext := path.Ext(base)
	switch ext {
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx":
	default:
		return false
	}
	stem := strings.TrimSuffix(base, ext)
	switch {
	case strings.HasSuffix(stem, ".test"), strings.HasSuffix(stem, ".spec"), strings.HasSuffix(stem, "_test"), strings.HasSuffix(stem, "-test"):
		return true
	case stem == "jest.config", stem == "vitest.config", stem == "vite.config", stem == "jest.setup", stem == "vitest.setup", stem == "setupTests", stem == ".mocharc":
		return true
	}
	return false
}

// testFiles returns the files written here or by the session under the
// roots (files or directories, relative to the working directory) whose
// name match accepts, as runs in lang. A directory's tree is searched,
// node_modules and vendor left out.
func (w *walker) testFiles(c *Cmd, roots []string, lang string, match func(base string) bool) []projectRun {
	seen := map[string]bool{}
	for _, r := range roots {
		abs, ok := c.Resolve(r)
		if !ok {
			continue
		}
		for _, f := range w.writtenUnder(abs, true, match) {
			if !strings.Contains(f, "/node_modules/") && !strings.Contains(f, "/vendor/") {
				seen[f] = true
			}
		}
	}
	return testRuns(seen, lang)
}

// testRuns lists the files in a stable order, at most maxTestFiles.
func testRuns(files map[string]bool, lang string) []projectRun {
	names := make([]string, 0, len(files))
	for f := range files {
		names = append(names, f)
	}
	sort.Strings(names)
	if len(names) > maxTestFiles {
		names = names[:maxTestFiles]
	}
	runs := make([]projectRun, 0, len(names))
	for _, f := range names {
		runs = append(runs, projectRun{file: f, verb: "runs the tests in", lang: lang})
	}
	return runs
}

// maxTestFiles bounds the test files one runner's command is judged by.
const maxTestFiles = 32

// goTestRuns: go test [packages…] compiles and runs the packages'
// *_test.go files (./... the tree below).
func goTestRuns(w *walker, c *Cmd, pkgs []string) []projectRun {
	// Go's flags are words of their own (-count is not -c -o -u…).
	if c.Contains("-c", "-list", "--list", "-n", "-h", "-help", "--help") {
		return nil // compiled or listed, not run
	}
	var roots []string
	for _, p := range pkgs {
		switch {
		case dynWord(p):
			continue
		case strings.HasSuffix(p, ".go"):
			roots = append(roots, p)
		case p == "." || p == "./..." || p == "..." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || strings.HasPrefix(p, "/"):
			roots = append(roots, p)
		}
	}
	if len(roots) == 0 {
		roots = []string{"."}
	}
	files := map[string]bool{}
	isTest := func(b string) bool { return strings.HasSuffix(b, "_test.go") }
	for _, r := range roots {
		deep := strings.HasSuffix(r, "/...") || r == "..."
		r = strings.TrimSuffix(strings.TrimSuffix(r, "..."), "/")
		if r == "" {
			r = "."
		}
		abs, ok := c.Resolve(r)
		if !ok {
			continue
		}
		if strings.HasSuffix(abs, ".go") {
			if isTest(path.Base(abs)) {
				files[abs] = true
			}
			continue
		}
		for _, f := range w.writtenUnder(abs, deep, isTest) {
			if !strings.Contains(f, "/vendor/") && !strings.Contains(f, "/testdata/") {
				files[f] = true
			}
		}
	}
	runs := testRuns(files, "")
	for i := range runs {
		runs[i].extract = goCode
	}
	return runs
}

// cargoTestRuns: cargo test compiles and runs the integration tests
// (tests/) and the #[test] functions of the package's sources.
func cargoTestRuns(w *walker, c *Cmd, dir string) []projectRun {
	abs, ok := c.Resolve(dir)
	if !ok {
		return nil
	}
	files := map[string]bool{}
	isRust := func(b string) bool { return strings.HasSuffix(b, ".rs") }
	for _, f := range w.writtenUnder(path.Join(abs, "tests"), true, isRust) {
		files[f] = true
	}
	for _, f := range w.writtenUnder(path.Join(abs, "src"), true, isRust) {
		if fc, ok := w.r.fl().files[f]; ok && strings.Contains(fc.text, "#[test]") {
			files[f] = true
		}
	}
	runs := testRuns(files, "")
	for i := range runs {
		runs[i].extract = rustCode
	}
	return runs
}

// pkgTestRunner: a package manager that runs a test runner of the
// project (pnpm exec jest, yarn vitest run, npm exec -- jest, bun test)
// runs its test files.
func pkgTestRunner(w *walker, c *Cmd) []projectRun {
	pos := c.Positional()
	if len(pos) == 0 {
		return nil
	}
	if c.Name == "bun" && pos[0] == "test" {
		return w.testFiles(c, []string{"."}, "node", isJSTestFile)
	}
	words := pos
	if pos[0] == "exec" || pos[0] == "dlx" || pos[0] == "x" && c.Name == "npm" {
		words = pos[1:]
	}
	if len(words) == 0 || dynWord(words[0]) {
		return nil
	}
	switch words[0] {
	case "jest", "vitest", "mocha", "ava", "jasmine", "playwright", "tap":
	default:
		return nil
	}
	sub := w.newCmd(words, make([]bool, len(words)), c.Text, w.sudo)
	return testRunnerRuns(w, sub)
}

// gotestsumRuns: gotestsum [options] [-- go test arguments] runs go test.
func gotestsumRuns(w *walker, c *Cmd) []projectRun {
	return goTestRuns(w, c, c.Positional())
}
