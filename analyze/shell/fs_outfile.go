package shell

import (
	"path"
	"strings"
)

// Programs that write their result over a file named by an operand or an
// option instead of standard output: uniq IN OUT, xxd [-r] IN OUT,
// openssl … -out FILE. The file's old content is replaced, as > FILE
// replaces it, and is judged the same way (a document, a database or a
// key outside the project is data lost).

// outputOperandHandler judges the file such a program writes.
func outputOperandHandler(c *Cmd, r *report) {
	t, ok := outputOperand(c)
	if !ok {
		return
	}
	r.mutates()
	writeTarget(c, r, t, writeDestroy)
}

// outputOperand returns the file c writes its result over, if any: the
// second operand of uniq and xxd, the value of openssl's -out.
func outputOperand(c *Cmd) (string, bool) {
	var t string
	switch c.Name {
	case "uniq", "xxd":
		p := c.Positional()
		if len(p) < 2 {
			return "", false
		}
		t = p[1]
	case "openssl":
		v, ok := c.Flag("-out")
		if !ok {
			return "", false
		}
		if cl := c.Class(v); cl.Known && (cl.Workspace || cl.Temp) && keyMaterialName(v) {
			return "", false // making keys and certificates in the project is what openssl is for
		}
		t = v
	}
	if t == "" || t == "-" {
		return "", false // standard output
	}
	return t, true
}

// keyMaterialName reports a file name that holds a key or a certificate
// openssl writes (key.pem, server.crt, req.csr, bundle.p12).
func keyMaterialName(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".pem", ".key", ".crt", ".cer", ".csr", ".der", ".p12", ".pfx", ".srl":
		return true
	}
	return false
}

// outputOptionTargets judges the file an option tagged out names (sort -o,
// gpg --output, iconv -o, gcc -o, pg_dump -f, tar's -f when it creates an
// archive) as "> FILE" is judged: the program replaces what the file held,
// so a start-up file, the agent's settings, actionguard's own files,
// authorized_keys, a directory on PATH, a git hook, a credential or a data
// file outside the project is changed or lost.
func outputOptionTargets(c *Cmd, r *report) {
	av := c.Argv()
	if !av.Known {
		return
	}
	creates := false
	switch c.Name {
	case "tar", "bsdtar", "gtar":
		creates = c.Has("-c", "--create", "-r", "--append", "-u", "--update")
		if a, ok := tarOldStyleArchive(c.Args); ok {
			r.mutates()
			writeTarget(c, r, a, writeDestroy)
		}
	}
	if writesInto(av) {
		return // curl --output-dir DIR -o NAME: the file is DIR/NAME, dest_into.go's
	}
	for _, o := range av.Opts {
		if o.Unknown || !o.HasValue || o.Value == "" || o.Value == "-" || c.dynamicAt(o) {
			continue
		}
		if o.Tags&TagOut == 0 && !(creates && o.Tags&TagFile != 0 && o.Name == "--file") {
			continue
		}
		r.mutates()
		if producedInProject(c, o.Value) {
			continue
		}
		writeTarget(c, r, o.Value, outputMode(c))
	}
}

// producedInProject reports a document or data file in the project that
// is not a credential: making it is what the program is run for (pandoc
// -o out.pdf, pg_dump -f dump.sql, sort -o words.csv), as a build's
// output is.
func producedInProject(c *Cmd, t string) bool {
	cl := c.Class(t)
	return cl.Known && cl.Workspace && cl.DataFile != "" && cl.Credential == ""
}

// wrapperOutputs judges the files a wrapper's output options name (time
// -o, strace -o, perf record -o): the wrapper writes them whatever command
// it runs. argv is the wrapper's own words.
func (w *walker) wrapperOutputs(argv []string, dyn []bool, text string, sudo bool) {
	c := w.newCmd(argv, dyn, text, sudo)
	w.r.record(c)
	outputOptionTargets(c, w.r)
}

// writesInto reports an option tagged into with a value: the output
// option then names a file inside that directory.
func writesInto(av *Argv) bool {
	for _, o := range av.Opts {
		if o.Tags&TagInto != 0 && o.HasValue {
			return true
		}
	}
	return false
}

// outputMode is how a program writes the file its output option names:
// over it, unless it is told to append (time -a).
func outputMode(c *Cmd) writeMode {
	if c.Name == "time" && c.Has("--append") {
		return writeAppend
	}
	return writeDestroy
}

// tarOldStyleArchive returns the archive tar writes when its first word is
// an old-style key without a dash (tar cf out.tar files, tar rvf out.tar
// x): the letters that take a value take the next words in order.
func tarOldStyleArchive(args []string) (string, bool) {
	if len(args) < 2 || args[0] == "" || strings.HasPrefix(args[0], "-") {
		return "", false
	}
	key := args[0]
	for _, ch := range key {
		if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z') {
			return "", false
		}
	}
	if !strings.ContainsAny(key, "cru") {
		return "", false
	}
	next := 1
	for _, ch := range key {
		if strings.ContainsRune("bCTXgNKLVf", ch) {
			if ch == 'f' {
				if next < len(args) {
					return args[next], true
				}
				return "", false
			}
			next++
		}
	}
	return "", false
}
