package shell

import (
	"path"
	"sort"
	"strconv"
	"strings"
)

// A compiled program's package is more than the file named main: go run
// . compiles every .go file of the directory, cargo run every module
// beside main.rs. Each of them is code that runs, read as main.go is. The
// files are those the line or the session wrote in the directory and,
// where the caller lets the analysis look (Options.ListDir), those on
// disk; at most maxPackageFiles, main first, each read through the
// bounded reader (Options.ReadFile, MaxScriptReads files of
// MaxScriptBytes).

// MaxDirNames bounds the names one ListDir call returns.
const MaxDirNames = 256

// maxPackageFiles bounds the files of one package judged.
const maxPackageFiles = 16

// packageFiles returns the files of the directory dir (relative to c's
// working directory, or absolute) that match, the file main first when
// it is one of them; nil when none is known. Past maxPackageFiles the
// rest is not judged, and the package is reported as not read in full.
func (w *walker) packageFiles(c *Cmd, dir, main string, match func(base string) bool) []string {
	abs, ok := c.Resolve(dir)
	if !ok {
		return nil
	}
	seen := map[string]bool{}
	for _, f := range w.writtenUnder(abs, false, match) {
		seen[f] = true
	}
	for _, name := range w.r.fl().listDir(abs) {
		if match(name) && !strings.Contains(name, "/") {
			seen[path.Join(abs, name)] = true
		}
	}
	files := make([]string, 0, len(seen))
	for f := range seen {
		files = append(files, f)
	}
	first := path.Join(abs, main)
	sort.Slice(files, func(i, j int) bool {
		if (files[i] == first) != (files[j] == first) {
			return files[i] == first
		}
		return files[i] < files[j]
	})
	if len(files) > maxPackageFiles {
		w.packageUnread(c, dir, len(files)-maxPackageFiles)
		files = files[:maxPackageFiles]
	}
	return files
}

// packageUnread reports a package c compiles whole whose files were not
// all read (n of them, or an unknown number when n is 0): what the rest
// run is not known, so the package is not taken as safe.
func (w *walker) packageUnread(c *Cmd, dir string, n int) {
	what := "some of its files"
	if n > 0 {
		what = strconv.Itoa(n) + " of its files"
	}
	w.r.mutates()
	w.r.add(c.find(ruleBuildRunsUnknown, c.Name+" compiles and runs every file of the package "+dir+", but "+what+" could not be read (the analysis reads a bounded number): what they run is not checked.", dir))
}

// listDir names the files of the directory abs on disk, within the
// analysis's budget of calls; nil when it cannot tell.
func (fl *flowState) listDir(abs string) []string {
	if fl.list == nil || fl.lists >= MaxIncomingReads || isDeviceOrProc(abs) {
		return nil
	}
	fl.lists++
	names, err := fl.list(abs)
	if err != nil {
		return nil
	}
	if len(names) > MaxDirNames {
		names = names[:MaxDirNames]
	}
	return names
}

// goPackageRuns: go run DIR compiles and runs the package's .go files
// (not its tests); main.go alone when the package's files are not known.
func goPackageRuns(w *walker, c *Cmd, dir string) []projectRun {
	isGo := func(b string) bool { return strings.HasSuffix(b, ".go") && !strings.HasSuffix(b, "_test.go") }
	files := w.packageFiles(c, dir, "main.go", isGo)
	if len(files) == 0 {
		files = []string{path.Join(dir, "main.go")}
	}
	runs := make([]projectRun, 0, len(files))
	for _, f := range files {
		runs = append(runs, projectRun{file: f, verb: "compiles and runs", extract: goPackageCode, pkg: dir})
	}
	return runs
}

// goPackageCode reads a file of the package go run compiles: one that
// says it belongs to another package is not compiled with main.
func goPackageCode(text string) runnerText {
	if name, ok := goPackageName(text); ok && name != "main" {
		return runnerText{}
	}
	return goCode(text)
}

// goPackageName returns the name of a Go file's package clause, the first
// line that starts with "package" outside comments; ok is false when none
// is found.
func goPackageName(text string) (string, bool) {
	inBlock := false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if inBlock {
			end := strings.Index(line, "*/")
			if end < 0 {
				continue
			}
			line, inBlock = strings.TrimSpace(line[end+2:]), false
		}
		if strings.HasPrefix(line, "/*") {
			if !strings.Contains(line[2:], "*/") {
				inBlock = true
			}
			continue // a clause after a one-line comment is not looked for
		}
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		rest, ok := strings.CutPrefix(line, "package")
		if !ok || rest == "" || rest[0] != ' ' && rest[0] != '\t' {
			return "", false
		}
		name, _, _ := strings.Cut(strings.TrimSpace(rest), " ")
		name, _, _ = strings.Cut(name, "//")
		name, _, _ = strings.Cut(name, ";")
		return name, name != ""
	}
	return "", false
}

// cargoPackageRuns: cargo run compiles the binary's file and the modules
// beside it in src/ (src/*.rs).
func cargoPackageRuns(w *walker, c *Cmd, dir, main string) []projectRun {
	isRust := func(b string) bool { return strings.HasSuffix(b, ".rs") }
	src := path.Join(dir, "src")
	files := []string{main}
	mainAbs, _ := c.Resolve(main)
	for _, f := range w.packageFiles(c, src, "main.rs", isRust) {
		if f != mainAbs {
			files = append(files, f)
		}
	}
	runs := make([]projectRun, 0, len(files))
	for _, f := range files {
		runs = append(runs, projectRun{file: f, verb: "compiles and runs", extract: rustCode, pkg: dir})
	}
	return runs
}
