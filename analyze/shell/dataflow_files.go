package shell

import (
	"path"
	"strings"
)

// Scripts written then run: a file the command line writes (echo … > x.sh,
// a here-document, tee, cp) or that an earlier call of the session wrote
// (Options.Files), and that the command line then runs (bash x.sh, ./x,
// python3 x.py, source x), is judged by what it holds.

// FileContent is what is known of a file written earlier in the session.
type FileContent struct {
	Text string
	// Partial reports that only Text is known to be in the file (the new
	// text of an edit); the rest of the file is not known.
	Partial bool
}

// fileContent is what the analysis knows of a file's content.
type fileContent struct {
	text    string
	kind    streamKind // streamLiteral or streamDecoded: text holds it; streamNetwork: downloaded; streamUnknown: not known
	what    string     // where an unknown or downloaded content comes from
	partial bool       // only text is known to be in it
	session bool       // written by an earlier call of the session
	disk    bool       // read from disk (Options.ReadFile)
	from    string     // copied by this command line from this file, whose content is read when needed
	cred    string     // streamSecret: the credential it holds (a copy of it, or its content)
	// inserted, for streamUnknown: the text a filter's literal program put
	// in it (filter_insert.go).
	inserted string

	packed bool // streamSecret: an archive with the credential among its members
}

// sessionFiles records the files Options.Files describes.
func (fl *flowState) sessionFiles(files map[string]FileContent, env *analysis) {
	for p, f := range files {
		abs, ok := env.resolve(p)
		if !ok || !strings.HasPrefix(abs, "/") {
			continue
		}
		text := f.Text
		if len(text) > maxFileBytes {
			text, f.Partial = text[:maxFileBytes], true
		}
		fl.setFile(abs, fileContent{text: text, kind: streamLiteral, partial: f.Partial, session: true})
	}
}

func (fl *flowState) setFile(abs string, f fileContent) {
	if fl.files == nil {
		fl.files = map[string]fileContent{}
	}
	if len(fl.files) >= 1024 {
		return
	}
	fl.files[abs] = f
}

// noteWrite remembers what a redirection writes to its file.
func (w *walker) noteWrite(t redirTarget, out stream) {
	if t.dynamic || t.name == "" || strings.HasPrefix(t.name, "/dev/") || strings.HasPrefix(t.name, "&") {
		return
	}
	abs, ok := w.r.env.resolve(t.name)
	if !ok {
		return
	}
	w.writeFile(abs, out, t.appendTo)
}

// writeFile records that abs now holds what out carries (appended when
// appendTo).
func (w *walker) writeFile(abs string, out stream, appendTo bool) {
	fl := w.r.fl()
	old, had := fl.files[abs]
	var f fileContent
	switch out.kind {
	case streamLiteral, streamDecoded:
		f = fileContent{text: out.text, kind: out.kind}
		if out.text != "" && !strings.HasSuffix(out.text, "\n") {
			f.text += "\n"
		}
	case streamNone:
		f = fileContent{kind: streamLiteral}
	case streamSecret:
		f = secretFileContent(out)
	case streamNetwork:
		f = fileContent{kind: streamNetwork, what: out.what}
		if fl.downloaded == nil {
			fl.downloaded = map[string]string{}
		}
		fl.downloaded[abs] = strings.TrimPrefix(out.what, "the download from ")
		w.downloaded = fl.downloaded
	default:
		what := out.what
		if what == "" {
			what = "a command's output"
		}
		f = fileContent{kind: streamUnknown, what: what, inserted: out.inserted}
	}
	if appendTo {
		switch {
		case had && old.kind == streamSecret:
			f = old // what is appended to a credential's copy leaves it in
		case f.kind == streamSecret:
		case !had || old.from != "":
			// Appended to a file whose content is not known: what was
			// appended runs all the same.
			f.partial = true
		case old.kind == streamNetwork || f.kind == streamNetwork:
			f.kind = streamNetwork
			if f.what == "" {
				f.what = old.what
			}
		case old.kind == streamUnknown || f.kind == streamUnknown:
			f.kind = streamUnknown
			if f.what == "" {
				f.what = old.what
			}
		default:
			if old.kind == streamDecoded {
				f.kind = streamDecoded
			}
			f.text = old.text + f.text
			f.partial = old.partial
		}
	}
	if len(f.text) > maxFileBytes {
		f.text, f.partial = f.text[:maxFileBytes], true
	}
	fl.setFile(abs, f)
}

// copyDest is the file cp, ln or install writes when told to copy src to
// arg (resolved: dst): a directory named with a trailing slash or "."
// receives src's name.
func copyDest(arg, dst, src string) string {
	if strings.HasSuffix(arg, "/") || path.Base(arg) == "." {
		return path.Join(dst, path.Base(src))
	}
	return dst
}

// readOnlyOfFiles never change the files they are given.
var readOnlyOfFiles = map[string]bool{
	"cat": true, "head": true, "tail": true, "less": true, "more": true, "grep": true, "egrep": true, "fgrep": true, "rg": true, "wc": true,
	"file": true, "stat": true, "ls": true, "chmod": true, "chown": true, "chgrp": true, "touch": true, "diff": true, "cmp": true, "md5sum": true,
	"sha1sum": true, "sha256sum": true, "shasum": true, "git": true, "bat": true, "echo": true, "printf": true, "test": true, "[": true, "shellcheck": true,
	"source": true, ".": true, "at": true, "batch": true, "crontab": true, "nl": true, "od": true, "xxd": true, "hexdump": true, "strings": true,
}

// notedWrites follows the commands that write or copy a tracked file (tee,
// cp, mv, ln, install), and forgets the content of one that another
// command may change (sed -i, perl -pi, an editor…).
func (w *walker) notedWrites(c *Cmd, in stream) {
	fl := w.r.fl()
	switch c.Name {
	case "sponge":
		// cmd | sponge FILE: FILE holds what sponge read, once it ends.
		for _, f := range c.Positional() {
			if abs, ok := c.Resolve(f); ok {
				w.writeFile(abs, in, c.Has("-a"))
			}
		}
		return
	case "tee":
		for _, f := range c.Positional() {
			if abs, ok := c.Resolve(f); ok {
				w.writeFile(abs, in, c.Has("-a", "--append"))
				w.pkgConfigWrite(c.Text, c.index, f, abs)
				w.teeAutorun(c, f, abs)
			}
		}
		return
	case "cp", "mv", "ln", "install", "gcp", "gmv":
		p := c.Positional() // the specs say which options take a value
		if t, ok := c.Flag("-t", "--target-directory"); ok {
			// -t DIR src…: each source lands in DIR under its name.
			for _, s := range p {
				if f, ok := copiedSecret(c, s); ok {
					if dst, ok := c.Resolve(t); ok {
						fl.setFile(path.Join(dst, path.Base(s)), f)
					}
				}
			}
			break
		}
		if len(p) > 2 {
			for _, s := range p[:len(p)-1] {
				if f, ok := copiedSecret(c, s); ok {
					if dst, ok := c.Resolve(p[len(p)-1]); ok {
						fl.setFile(path.Join(dst, path.Base(s)), f)
					}
				}
			}
		}
		if len(p) != 2 {
			break
		}
		src, ok1 := c.Resolve(p[0])
		dst, ok2 := c.Resolve(p[1])
		if !ok1 || !ok2 {
			break
		}
		f, had := fl.files[src]
		if !had {
			f, had = copiedSecret(c, p[0])
		}
		if !had && isStdinPath(p[0]) && (in.kind == streamLiteral || in.kind == streamDecoded) {
			f, had = fileContent{text: in.text, kind: in.kind, what: in.what}, true // install /dev/stdin x <<< '…'
		}
		if !had {
			if fl.read != nil {
				// Its content is read from the source if dst runs.
				fl.setFile(copyDest(p[1], dst, src), fileContent{from: src})
				return
			} else if _, over := fl.files[dst]; over {
				fl.setFile(dst, fileContent{kind: streamUnknown, what: p[0]})
			}
			break
		}
		fl.setFile(copyDest(p[1], dst, src), f)
		return
	}
	if len(fl.files) == 0 || readOnlyOfFiles[c.Name] || shells[c.Name] || interpreters[c.Name] {
		return
	}
	for i, a := range c.Args {
		if i < len(c.Dynamic) && c.Dynamic[i] {
			continue
		}
		if k := strings.IndexByte(a, '='); k > 0 && strings.HasPrefix(a, "-") {
			a = a[k+1:]
		}
		abs, ok := c.Resolve(a)
		if !ok {
			continue
		}
		if f, had := fl.files[abs]; had && f.kind != streamUnknown {
			fl.setFile(abs, fileContent{kind: streamUnknown, what: "the output of " + c.Name})
		}
	}
}

// readsWritten is what cat prints of files whose content is known.
func (w *walker) readsWritten(c *Cmd, out stream) stream {
	if c.Name != "cat" || out.kind == streamSecret || out.kind == streamNetwork {
		return out
	}
	files := c.Positional()
	fl := w.r.fl()
	if len(files) == 0 || len(fl.files) == 0 {
		return out
	}
	var b strings.Builder
	for i, f := range files {
		if i < len(c.Dynamic) && c.Dynamic[i] {
			return out
		}
		abs, ok := c.Resolve(f)
		if !ok {
			return out
		}
		fc, had := fl.files[abs]
		if !had || fc.partial || fc.kind != streamLiteral && fc.kind != streamDecoded {
			return out
		}
		b.WriteString(fc.text)
	}
	return stream{kind: streamLiteral, text: b.String(), what: "text"}
}

// scriptRun returns the file a command runs as a program or script, and
// the language it is read in ("shell" for a shell script); "" when it
// runs none.
func scriptRun(c *Cmd, shebang func(file string) string) (file, lang string) {
	if syntaxCheckOnly(c) {
		return "", "" // bash -n x.sh, node --check x.js: read, not run
	}
	switch {
	case shells[c.Name]:
		for i := 0; i < len(c.Args); i++ {
			a := c.Args[i]
			switch {
			case a == "--":
				if i+1 < len(c.Args) {
					return c.Args[i+1], "shell"
				}
				return "", ""
			case a == "-" || a == "-s":
				return "", ""
			case a == "-o" || a == "+o" || a == "-O" || a == "+O" || a == "--rcfile" || a == "--init-file":
				i++
			case len(a) > 1 && (a[0] == '-' || a[0] == '+'):
				if a[0] == '-' && a[1] != '-' && strings.IndexByte(a[1:], 'c') >= 0 {
					return "", ""
				}
			default:
				return a, "shell"
			}
		}
	case interpreters[c.Name]:
		lang := langOf(c.Name)
		for i := 0; i < len(c.Args); i++ {
			a := c.Args[i]
			switch {
			case a == "--":
				if i+1 < len(c.Args) {
					return c.Args[i+1], lang
				}
				return "", ""
			case a == "-m" && lang == "python" && i+1 < len(c.Args):
				// python -m mod runs mod.py from the working directory first.
				return strings.ReplaceAll(c.Args[i+1], ".", "/") + ".py", lang
			case a == "-c" || a == "-e" || a == "-E" || a == "-r" || a == "-p" || a == "--eval" || a == "--print" || a == "-m" || a == "-" || a == "eval":
				return "", ""
			case a == "run" && (c.Name == "deno" || c.Name == "bun"):
			case len(a) > 1 && a[0] == '-':
				if lang == "python" && isCluster(a) && strings.ContainsAny(a[1:], "cm") {
					return "", ""
				}
				if a == "-W" || a == "-X" || a == "-I" && lang != "python" || a == "-r" || a == "--require" || a == "--import" || a == "--loader" {
					i++
				}
			default:
				return a, lang
			}
		}
	case c.Name == "open":
		return openedScript(c), "shell"
	case strings.ContainsRune(c.Path, '/') && !strings.HasPrefix(c.Path, "\x00"):
		l := shebang(c.Path)
		return c.Path, l
	}
	return "", ""
}

// shebangLang is the language a script's first line names ("#!/usr/bin/env
// python3" → python); a file without one runs as a shell script.
func shebangLang(text string) string {
	if !strings.HasPrefix(text, "#!") {
		return "shell"
	}
	line, _, _ := strings.Cut(text[2:], "\n")
	f := strings.Fields(line)
	if len(f) == 0 {
		return "shell"
	}
	prog := progName(f[0])
	if prog == "env" {
		for _, a := range f[1:] {
			if !strings.HasPrefix(a, "-") && !strings.Contains(a, "=") {
				prog = progName(a)
				break
			}
		}
	}
	if shells[prog] {
		return "shell"
	}
	if interpreters[prog] {
		return langOf(prog)
	}
	return "shell"
}

// runsWritten judges a command that runs a file whose content is known:
// the content is analysed as what runs.
func (w *walker) runsWritten(c *Cmd, in stream) {
	fl := w.r.fl()
	if !fl.knowsFiles() && !argsNameFd(c.Args) {
		return
	}
	var fc fileContent
	var abs string
	file, lang := scriptRun(c, func(p string) string {
		a, ok := c.Resolve(p)
		if !ok {
			return ""
		}
		f, had := fl.file(a)
		if !had {
			return ""
		}
		if f.partial {
			return "shell"
		}
		return shebangLang(f.text)
	})
	if file == "" {
		return
	}
	for i, a := range c.Args {
		if a == file && i < len(c.Dynamic) && c.Dynamic[i] {
			return
		}
	}
	var ok, had bool
	abs, ok = c.Resolve(file)
	if !ok {
		return
	}
	fc, had = fl.file(abs)
	if !had {
		return
	}
	if lang == "" {
		lang = "shell"
	}
	w.judgeFile(c, file, lang, fc, "runs")
}

// judgeFile analyses the content of file that c runs (or schedules).
func (w *walker) judgeFile(c *Cmd, file, lang string, fc fileContent, verb string) {
	fl := w.r.fl()
	r := w.r
	r.mutates()
	origin := "this command line wrote"
	switch {
	case fc.session:
		origin = "was written earlier in this session"
	case fc.disk:
		origin = "is on disk"
	}
	switch fc.kind {
	case streamNetwork:
		if w.downloaded == nil || w.downloaded[c.env.mustAbs(file)] == "" {
			r.add(c.find(w.remoteRule(c), "Runs "+file+", which "+origin+" from "+strings.TrimPrefix(fc.what, "the download from ")+", without checking it."))
		}
		return
	case streamSecret:
		r.add(c.find(ruleEvalDynamic, "Runs "+file+", a credential file, as code."))
		return
	case streamUnknown:
		r.add(c.find(rulePipeToShell, "Runs "+file+", which "+origin+" with text only known when it runs ("+truncateText(fc.what, 60)+"), so what it does cannot be checked."))
		if part, ok := fc.insertedPart(); ok {
			w.judgeFile(c, file, lang, part, verb) // what the filter's program put in it
		}
		return
	case streamDecoded:
		r.add(c.find(ruleObfuscated, "Writes a decoded payload to "+file+" and runs it; decoded, it reads: "+truncateText(oneLine(fc.text), 120)))
	}
	if strings.TrimSpace(fc.text) == "" {
		return
	}
	switch {
	case fc.session:
		r.trace(c.Name + " " + verb + " " + file + ", written earlier in this session")
	case fc.disk:
		r.trace(c.Name + " " + verb + " " + file + ", read from disk")
	}
	frag := fl.fragment
	fl.fragment = frag || fc.partial
	defer func() { fl.fragment = frag }()
	if fc.disk {
		// A file on disk was not seen being written: build scripts and
		// wrappers (./gradlew, ./configure) are full of commands built at
		// run time and routine clean-ups. Only what the file clearly does
		// that is serious is kept.
		n := len(r.res.Findings)
		defer func() { r.res.Findings = keepSerious(r.res.Findings, n) }()
	}
	if lang == "shell" {
		r.script(fc.text, c, c.Name+" "+verb+" "+file)
		return
	}
	w.inlineCode(c, lang, fc.text)
}

// sourcedWritten judges "source file" and ". file" of a file whose content
// is known: its commands run in this shell.
func (w *walker) sourcedWritten(c *Cmd) {
	if c.Name != "source" && c.Name != "." || len(c.Args) == 0 {
		return
	}
	fl := w.r.fl()
	if !fl.knowsFiles() || len(c.Dynamic) > 0 && c.Dynamic[0] {
		return
	}
	abs, ok := c.Resolve(c.Args[0])
	if !ok {
		return
	}
	fc, had := fl.file(abs)
	if !had || fc.kind == streamNetwork {
		return // a download is judged by source itself
	}
	w.judgeFile(c, c.Args[0], "shell", fc, "runs")
	w.activate()
}

// syntaxCheckOnly reports an interpreter asked only to check a script's
// syntax: bash/sh -n (or -o noexec), node --check, perl -c, ruby -c,
// php -l. Nothing in the script runs.
func syntaxCheckOnly(c *Cmd) bool {
	switch {
	case shells[c.Name]:
		for _, a := range c.Args {
			if a == "--" || len(a) < 2 || a[0] != '-' && a[0] != '+' {
				break
			}
			if a[0] == '-' && a[1] != '-' && isCluster(a) && strings.IndexByte(a[1:], 'n') >= 0 && strings.IndexByte(a[1:], 'c') < 0 {
				return true
			}
		}
		v, ok := c.Flag("-o")
		return ok && v == "noexec"
	case c.Name == "node" || c.Name == "nodejs":
		return c.Has("--check", "-c")
	case c.Name == "perl" || c.Name == "ruby":
		for _, a := range c.Args {
			if isCluster(a) && strings.IndexByte(a[1:], 'c') >= 0 && strings.IndexByte(a[1:], 'e') < 0 {
				return true
			}
		}
	case c.Name == "php":
		return c.Has("-l", "--syntax-check")
	}
	return false
}

// argsNameFd reports an argument that names an open file descriptor
// (bash /dev/fd/3): what runs there is not known.
func argsNameFd(args []string) bool {
	for _, a := range args {
		if fdPath(a) {
			return true
		}
	}
	return false
}

// mkfifoHandler: a named pipe made on the line carries what another
// process writes into it when it runs: a shell that later reads it (bash
// < p, bash p) runs text nobody saw, unless the line itself writes it.
func mkfifoHandler(c *Cmd, r *report) {
	pos := c.Positional()
	if c.Name == "mknod" {
		if len(pos) < 2 || pos[1] != "p" {
			return
		}
		pos = pos[:1]
	}
	for _, p := range pos {
		if abs, ok := c.Resolve(p); ok && strings.HasPrefix(abs, "/") {
			r.fl().setFile(abs, fileContent{kind: streamUnknown, what: "what another process writes into the named pipe " + showPath(p)})
		}
	}
}
