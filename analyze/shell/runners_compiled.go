package shell

import (
	"path"
	"strconv"
	"strings"
)

// Compiled runners: go run compiles and runs Go files, go generate runs
// a file's //go:generate lines, cargo run and cargo build run build.rs and
// the package's main. What such code does is read for its obvious calls:
// a program started (exec.Command, std::process::Command) and a tree
// removed (os.RemoveAll, fs::remove_dir_all) with literal words, the home
// directory read from the environment. A call whose program or path is
// only known when it runs holds a file the session wrote; in a file on
// disk it is passed over.

// goRunRuns: go run FILES… or PACKAGE (its .go files), and go generate
// FILES… read from disk (files the session wrote are read by goGenerate).
func goRunRuns(w *walker, c *Cmd) []projectRun {
	pos := c.Positional()
	if len(pos) > 0 && pos[0] == "test" {
		return goTestRuns(w, c, pos[1:])
	}
	if len(pos) == 1 && pos[0] == "generate" {
		return goGenerateDownloads([]string{"."})
	}
	if len(pos) < 2 {
		return nil
	}
	var runs []projectRun
	switch pos[0] {
	case "run":
	words:
		for _, p := range pos[1:] {
			switch {
			case dynWord(p) || strings.Contains(p, "@"):
				return runs
			case strings.HasSuffix(p, ".go"):
				runs = append(runs, projectRun{file: p, verb: "compiles and runs", extract: goCode})
				continue
			case isStdinPath(p):
				// go run /dev/stdin <<< 'package main…': the program is
				// what standard input holds.
				runs = append(runs, projectRun{file: p, verb: "compiles and runs", extract: goCode})
			case p == "." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../"):
				runs = append(runs, goPackageRuns(w, c, p)...)
			}
			break words // the program's own arguments follow
		}
	case "generate":
		runs = goGenerateDownloads(pos[1:])
		for _, p := range pos[1:] {
			if strings.HasSuffix(p, ".go") && !dynWord(p) {
				if abs, ok := c.Resolve(p); ok {
					if _, had := w.r.fl().files[abs]; had {
						continue // goGenerate judges it
					}
				}
				runs = append(runs, projectRun{file: p, verb: "runs the //go:generate lines of", extract: func(t string) runnerText {
					var rt runnerText
					for _, r := range goGenerateRuns(t) {
						rt.shell = append(rt.shell, r.shell)
					}
					return rt
				}})
			}
		}
	}
	return runs
}

// goGenerateDownloads: go generate runs the //go:generate lines of every
// Go file of the packages it is given (the tree below for DIR/...): a Go
// file the line downloaded there runs what came from the server.
func goGenerateDownloads(pkgs []string) []projectRun {
	var runs []projectRun
	for _, p := range pkgs {
		if dynWord(p) || strings.HasSuffix(p, ".go") {
			continue
		}
		p, deep := goPackageDir(p)
		runs = append(runs, projectRun{file: p, match: isGoFile, deep: deep, verb: "runs the //go:generate lines of"})
	}
	return runs
}

func isGoFile(base string) bool { return strings.HasSuffix(base, ".go") }

// cmakeProjectRuns: cmake runs the execute_process calls of the source
// tree's CMakeLists.txt and the .cmake files it includes (the custom
// commands when it builds), cmake -P the script it is given. Files written
// here are read by cmakeLists; a downloaded one runs what came from the
// server.
func cmakeProjectRuns(w *walker, c *Cmd) []projectRun {
	if c.Has("-E") {
		return nil // cmakeTool
	}
	if c.Has("--version", "-version", "--help", "-help", "-h", "--help-full", "--help-command", "--help-module", "--help-policy", "--help-variable", "--system-information") {
		return nil // it tells about itself and reads no project
	}
	if s, ok := c.Flag("-P"); ok {
		if dynWord(s) {
			return nil
		}
		base := path.Base(s)
		return []projectRun{{file: path.Dir(s), match: func(b string) bool { return b == base }, verb: "runs the script"}}
	}
	src := cmakeSource(c)
	if dynWord(src) {
		return nil
	}
	return []projectRun{{file: src, match: isCMakeFile, deep: true, verb: "runs the commands of"}}
}

func isCMakeFile(base string) bool {
	return base == "CMakeLists.txt" || strings.HasSuffix(base, ".cmake")
}

// goCode reads a Go program's obvious calls, and what it names (a request
// to actionguard's server, its files) as any code run is read.
func goCode(text string) runnerText {
	return runnerText{runs: goRuns(text), code: []runnerCode{{lang: "go", text: text}}}
}

// goRuns returns the commands a Go file's exec.Command calls start and
// the trees its os.RemoveAll calls remove (os.Remove: one file).
func goRuns(code string) []buildRun {
	code = goRawStrings(code)
	var runs []buildRun
	for _, call := range []string{"exec.Command(", "exec.CommandContext("} {
		for i := 0; len(runs) < maxChanRuns; {
			k := strings.Index(code[i:], call)
			if k < 0 {
				break
			}
			i += k + len(call)
			args, end, ok := rustArgsUntil(code, i, ')')
			if !ok {
				runs = append(runs, buildRun{})
				continue
			}
			i = end
			if call == "exec.CommandContext(" && len(args) > 0 {
				args = args[1:]
			}
			if len(args) == 0 {
				continue
			}
			run := buildRun{known: true}
			for j, a := range args {
				if strings.HasSuffix(a.raw, "...") {
					a.dyn = true // a slice spread: its words are not known
				}
				a = goValue(a)
				if j == 0 && a.dyn {
					run.known = false
				}
				run.argv, run.dyn = append(run.argv, a.text), append(run.dyn, a.dyn)
			}
			runs = append(runs, run)
		}
	}
	for _, fn := range []struct{ call, rm string }{{"os.RemoveAll(", "-rf"}, {"os.Remove(", "-f"}} {
		for i := 0; len(runs) < maxChanRuns; {
			k := strings.Index(code[i:], fn.call)
			if k < 0 {
				break
			}
			i += k + len(fn.call)
			a, end, ok := rustArg(code, i)
			if !ok {
				break
			}
			i = end
			a = goValue(a)
			if a.dyn {
				if fn.rm == "-rf" {
					runs = append(runs, buildRun{}) // a tree only known when it runs
				}
				continue
			}
			runs = append(runs, buildRun{argv: []string{"rm", fn.rm, "--", a.text}, dyn: []bool{false, false, false, false}, known: true})
		}
	}
	return runs
}

// goValue reads a Go expression as a word: a string literal, the home
// directory (os.Getenv("HOME"), os.UserHomeDir), filepath.Join of such
// words, or not known.
func goValue(a codeArg) codeArg {
	e := strings.TrimSpace(a.raw)
	if lit, ok := rustLiteral(e); ok && strings.HasPrefix(e, `"`) {
		return codeArg{raw: a.raw, text: lit}
	}
	if strings.Contains(e, `Getenv("HOME")`) || strings.Contains(e, `Getenv("USERPROFILE")`) || e == "home" || strings.Contains(e, "UserHomeDir") {
		if !strings.HasPrefix(e, "filepath.Join(") && !strings.HasPrefix(e, "path.Join(") {
			return codeArg{raw: a.raw, text: "~"}
		}
	}
	for _, j := range []string{"filepath.Join(", "path.Join("} {
		if strings.HasPrefix(e, j) && strings.HasSuffix(e, ")") {
			parts, _, ok := rustArgsUntil(e, len(j), ')')
			if !ok || len(parts) == 0 {
				break
			}
			var words []string
			for _, p := range parts {
				v := goValue(p)
				if v.dyn {
					return codeArg{raw: a.raw, dyn: true}
				}
				words = append(words, v.text)
			}
			return codeArg{raw: a.raw, text: path.Join(words...)}
		}
	}
	return codeArg{raw: a.raw, dyn: true}
}

// goRawStrings rewrites Go's raw strings (`…`) as interpreted ones, so
// that one reader reads both.
func goRawStrings(code string) string {
	if !strings.Contains(code, "`") {
		return code
	}
	var b strings.Builder
	for i := 0; i < len(code); i++ {
		switch code[i] {
		case '"':
			j := rustStringEnd(code, i)
			if j < 0 {
				b.WriteString(code[i:])
				return b.String()
			}
			b.WriteString(code[i:j])
			i = j - 1
		case '`':
			end := strings.IndexByte(code[i+1:], '`')
			if end < 0 {
				b.WriteString(code[i:])
				return b.String()
			}
			b.WriteString(strconv.Quote(code[i+1 : i+1+end]))
			i += end + 1
		default:
			b.WriteByte(code[i])
		}
	}
	return b.String()
}

// cargoRunRuns: the compiling cargo commands run build.rs, and cargo run
// runs the package's main.
func cargoRunRuns(w *walker, c *Cmd) []projectRun {
	sub := c.Sub(0)
	if strings.HasPrefix(sub, "+") {
		sub = c.Sub(1)
	}
	if !cargoCompiles[sub] {
		return nil
	}
	dir := "."
	if m, ok := c.Flag("--manifest-path"); ok && !dynWord(m) {
		dir = path.Dir(m)
	}
	var runs []projectRun
	// (A build.rs written here is also read by cargoBuildScript, with
	// the members of a workspace; the same findings are kept once.)
	runs = append(runs, projectRun{file: path.Join(dir, "build.rs"), verb: "runs the build script", extract: rustCode},
		// The manifests name the build script and the build-dependencies
		// that compile and run with it (a workspace's members too).
		projectRun{file: dir, match: func(b string) bool { return b == "Cargo.toml" }, deep: true, verb: "builds and runs the build scripts named by"})
	if sub == "run" || sub == "r" {
		main := path.Join(dir, "src", "main.rs")
		if b, ok := c.Flag("--bin"); ok && !dynWord(b) {
			main = path.Join(dir, "src", "bin", b+".rs")
		}
		runs = append(runs, cargoPackageRuns(w, c, dir, main)...)
	}
	if sub == "test" || sub == "t" {
		runs = append(runs, cargoTestRuns(w, c, dir)...)
	}
	return runs
}

// rustCode reads a Rust program's obvious calls; a removal of a path only
// known when it runs is not known either.
func rustCode(text string) runnerText {
	runs := rustRuns(text)
	for _, call := range []string{"remove_dir_all("} {
		for i := 0; len(runs) < maxChanRuns; {
			k := strings.Index(text[i:], call)
			if k < 0 {
				break
			}
			i += k + len(call)
			a, end, ok := rustArg(text, i)
			if !ok {
				break
			}
			i = end
			if a.dyn {
				runs = append(runs, buildRun{})
			}
		}
	}
	return runnerText{runs: runs, code: []runnerCode{{lang: "rust", text: text}}}
}
