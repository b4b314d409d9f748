package shell

import (
	"path"
	"strings"
)

// Meson and Ninja run what their build files say. meson setup (and
// configure, compile, test, install, which reconfigure when meson.build
// changed) evaluates meson.build: its run_command() calls run then, and
// the command: lists of its custom and run targets run with the build.
// ninja and samu run the command = lines of build.ninja (or the file -f
// names, in the directory -C names) and of the files it includes; ninja
// -t TOOL and -n run none of them. As for gradle, only build files this
// command line or the session wrote, or the line downloaded, are read: a
// project's own build on disk is the project's. meson devenv CMD is a
// wrapper (specs/hand.spec).

// mesonRuns: the meson.build a meson command evaluates.
func mesonRuns(w *walker, c *Cmd) []projectRun {
	if c.Has("-h", "--help", "-v", "--version") {
		return nil
	}
	pos := c.Positional()
	if len(pos) == 0 || dynWord(pos[0]) {
		return nil
	}
	src := "."
	switch pos[0] {
	case "setup":
		if len(pos) > 2 && !dynWord(pos[2]) {
			src = pos[2]
		}
	case "configure", "compile", "test", "install", "dist":
	case "devenv", "introspect", "init", "wrap", "subprojects", "help", "rewrite", "env2mfile", "format", "fmt":
		return nil
	default:
		// meson BUILDDIR [SRCDIR]: setup without its name.
		if len(pos) > 1 && !dynWord(pos[1]) {
			src = pos[1]
		}
	}
	return writtenOrFetchedRuns(w, c, []projectRun{{file: path.Join(src, "meson.build"), verb: "runs the commands of", extract: mesonCommands}})
}

// ninjaRuns: the build file ninja or samu runs the rules of.
func ninjaRuns(w *walker, c *Cmd) []projectRun {
	if c.Has("-t", "-n", "-h", "--help", "--version") {
		return nil // a tool (-t commands prints, -t clean is judged as its own), a dry run
	}
	dir := "."
	if d, ok := c.Flag("-C"); ok {
		if dynWord(d) {
			return nil
		}
		dir = d
	}
	file := "build.ninja"
	if f, ok := c.Flag("-f"); ok {
		if dynWord(f) {
			return nil
		}
		file = f
	}
	if !path.IsAbs(file) {
		file = path.Join(dir, file)
	}
	absDir, ok := c.Resolve(dir)
	if !ok {
		return nil
	}
	return writtenOrFetchedRuns(w, c, []projectRun{{file: file, verb: "runs the rules of", extract: ninjaCommands, dir: absDir}})
}

// writtenOrFetchedRuns keeps the runs whose file this command line or the
// session wrote (writtenRuns), or the line downloaded.
func writtenOrFetchedRuns(w *walker, c *Cmd, runs []projectRun) []projectRun {
	var fetched []projectRun
	for _, run := range runs {
		if abs, ok := c.Resolve(run.file); ok && w.r.fl().downloaded[abs] != "" {
			fetched = append(fetched, run)
		}
	}
	return append(writtenRuns(w, c, runs), fetched...)
}

// ninjaCommands reads the command = lines of a Ninja file (joined over
// its $-newline continuations, $$ read as $) and the files it includes
// or reads as subninja.
func ninjaCommands(text string) runnerText {
	var rt runnerText
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "$\n", "")
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if name, v, ok := strings.Cut(t, "="); ok && strings.TrimSpace(name) == "command" {
			if len(rt.shell) < maxChanRuns {
				rt.shell = append(rt.shell, strings.ReplaceAll(strings.TrimSpace(v), "$$", `\$`))
			}
			continue
		}
		for _, kw := range []string{"include ", "subninja "} {
			if f, ok := strings.CutPrefix(t, kw); ok && strings.TrimSpace(f) != "" && len(rt.then) < maxChanRuns {
				rt.then = append(rt.then, projectRun{file: strings.TrimSpace(f), verb: "runs the rules of", extract: ninjaCommands})
			}
		}
	}
	return rt
}

// mesonCommands reads the commands a meson.build runs: the words of its
// run_command() calls and of its command: lists (custom_target,
// run_target), a name or a call (find_program('sh')) being a word only
// known when it runs.
func mesonCommands(text string) runnerText {
	var rt runnerText
	for _, call := range []string{"run_command(", "command"} {
		for i := 0; i < len(text) && len(rt.runs) < maxChanRuns; {
			k := strings.Index(text[i:], call)
			if k < 0 {
				break
			}
			at := i + k
			i = at + len(call)
			if at > 0 && isWordByte(text[at-1]) {
				continue
			}
			if call == "command" {
				j := i
				for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
					j++
				}
				if j >= len(text) || text[j] != ':' {
					continue // not the keyword argument
				}
				i = j + 1
			}
			if words := mesonWords(text, i); len(words) > 0 {
				rt.runs = append(rt.runs, codeRun(words))
			}
		}
	}
	return rt
}

// mesonWords reads the words of a Meson argument list at text[i:]: string
// literals, and a name or a call as a word only known when it runs, up to
// the bracket that closes the list or the first keyword argument
// (check: true).
func mesonWords(text string, i int) []codeArg {
	for i < len(text) && strings.IndexByte(" \t\r\n", text[i]) >= 0 {
		i++
	}
	if i < len(text) && text[i] == '[' {
		i++
	}
	var words []codeArg
	depth := 0
	for j := i; j < len(text) && len(words) < 64; j++ {
		ch := text[j]
		switch {
		case ch == '\'':
			lit, end, ok := mesonString(text, j)
			if !ok {
				return words
			}
			words = append(words, codeArg{text: lit, raw: text[j:end]})
			j = end - 1
		case ch == '#':
			for j < len(text) && text[j] != '\n' {
				j++
			}
		case ch == '[' || ch == '(':
			depth++
		case ch == ']' || ch == ')':
			if depth == 0 {
				return words
			}
			depth--
		case isWordByte(ch):
			k := j
			for k < len(text) && (isWordByte(text[k]) || text[k] == '.') {
				k++
			}
			n := k
			for n < len(text) && (text[n] == ' ' || text[n] == '\t') {
				n++
			}
			if n < len(text) && text[n] == ':' {
				return words // a keyword argument ends the command's words
			}
			if text[j:k] == "f" && k < len(text) && text[k] == '\'' {
				// f'…@var@…': a format string, its value known when it runs.
				lit, end, ok := mesonString(text, k)
				if !ok {
					return words
				}
				words = append(words, codeArg{text: lit, raw: text[j:end], dyn: strings.Contains(lit, "@")})
				j = end - 1
				continue
			}
			if n < len(text) && text[n] == '(' {
				n = mesonCallEnd(text, n)
			} else {
				n = k
			}
			words = append(words, codeArg{raw: text[j:n], dyn: true})
			j = n - 1
		}
	}
	return words
}

// mesonString reads the Meson string literal at text[j] ('…' with
// backslash escapes, or ”'…”' without): its value and the index after
// it.
func mesonString(text string, j int) (string, int, bool) {
	if strings.HasPrefix(text[j:], "'''") {
		end := strings.Index(text[j+3:], "'''")
		if end < 0 {
			return "", 0, false
		}
		return text[j+3 : j+3+end], j + 6 + end, true
	}
	var b strings.Builder
	for k := j + 1; k < len(text); k++ {
		switch text[k] {
		case '\\':
			if k+1 < len(text) {
				k++
				switch text[k] {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				default:
					b.WriteByte(text[k])
				}
			}
		case '\'':
			return b.String(), k + 1, true
		case '\n':
			return "", 0, false
		default:
			b.WriteByte(text[k])
		}
	}
	return "", 0, false
}

// mesonCallEnd returns the index after the parenthesis that closes the
// call whose opening one is at text[open].
func mesonCallEnd(text string, open int) int {
	depth := 0
	for k := open; k < len(text); k++ {
		switch text[k] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return k + 1
			}
		case '\'':
			if _, end, ok := mesonString(text, k); ok {
				k = end - 1
			}
		}
	}
	return len(text)
}
