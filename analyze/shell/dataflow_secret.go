package shell

import (
	"path"
	"strings"
)

// A credential's content keeps its name wherever the command line puts
// it: a file written from it (cat key > f, tee f, cp key f, mv, install,
// ln), a variable read from it (… | while read l), an encoding of it (xxd,
// od, hexdump, rev, fold). Sending any of them is sending the credential,
// judged as the inline form (curl -d "$(cat ~/.ssh/id_rsa)") is.

// secretFileContent is what a file written from the secret stream in
// holds.
func secretFileContent(in stream) fileContent {
	cred := in.cred
	if cred == "" {
		cred = "credential"
	}
	return fileContent{kind: streamSecret, cred: cred, what: in.what}
}

// copiedSecret is what cp, mv, ln or install leaves at dst from src, when
// src is a credential file the analysis has no content for.
func copiedSecret(c *Cmd, src string) (fileContent, bool) {
	cl := c.Class(src)
	if cl.Credential == "" || !cl.Known && !strings.HasPrefix(src, "~") && !strings.HasPrefix(src, "$HOME") {
		return fileContent{}, false
	}
	return fileContent{kind: streamSecret, cred: cl.Credential, what: src}, true
}

// writtenSecret is the credential a file that the command line wrote
// holds (ok false when none): the file is a copy of it, its content, or
// an archive that packs it (fc.packed).
func (r *report) writtenSecret(c *Cmd, p string) (fc fileContent, ok bool) {
	if len(r.flow.files) == 0 {
		return fileContent{}, false
	}
	abs, ok := c.Resolve(p)
	if !ok {
		return fileContent{}, false
	}
	if fc, ok := r.flow.files[abs]; ok && fc.kind == streamSecret && !fc.disk && fc.cred != "" {
		return fc, true
	}
	return fileContent{}, false
}

// sendsWrittenSecret reports a network command that sends a file the
// command line filled with a credential (cp ~/.ssh/id_rsa /tmp/k && curl
// -F f=@/tmp/k …).
func (w *walker) sendsWrittenSecret(c *Cmd) {
	if len(w.r.flow.files) == 0 {
		return
	}
	files := sentFiles(c)
	if t, ok := c.Transmission(); ok {
		files = append(files, t.Files...)
	}
	for _, f := range files {
		if fc, ok := w.r.writtenSecret(c, f); ok {
			how := "copied into "
			if fc.packed {
				how = "packed into "
			}
			w.r.add(c.find(ruleCredentialExfil, "Sends your "+fc.cred+", "+how+f+" earlier on the command line, to another machine with "+c.Name+".", f))
			return
		}
	}
}

// encoders print their input, or the files they are given, in another
// form: what they print of a credential is the credential.
var encoders = map[string]bool{"od": true, "hexdump": true, "hd": true, "xxd": true, "rev": true, "fold": true, "basenc": true, "base32": true,
	"base64": true, "uuencode": true, "tr": true, "gzip": true, "bzip2": true, "xz": true, "zstd": true, "lz4": true, "compress": true, "openssl": true,
	"expand": true, "unexpand": true, "paste": true, "tac": true, "cut": true, "head": true, "tail": true, "sort": true, "nl": true, "pr": true}

// encodedSecret is the output of an encoder given a credential, on its
// standard input or as a file.
func (w *walker) encodedSecret(c *Cmd, in stream) (stream, bool) {
	if !encoders[c.Name] {
		return stream{}, false
	}
	if c.Name == "xxd" && c.Has("-r") || (c.Name == "base64" || c.Name == "base32" || c.Name == "basenc") && c.Has("-d", "--decode", "-D") {
		return stream{}, false
	}
	if in.kind == streamSecret {
		return in, true
	}
	for _, f := range c.Positional() {
		if st := w.fileStream(f, false); st.kind == streamSecret {
			return st, true
		}
	}
	return stream{}, false
}

// readSecret marks the variables read (or mapfile) set from a credential
// stream as holding it.
func (w *walker) readSecret(names []string, in stream) {
	if in.kind != streamSecret {
		return
	}
	cred := in.cred
	if cred == "" {
		cred = "credential"
	}
	st := w.state()
	for _, n := range names {
		if v, ok := st.lookup(n); ok {
			v.cred = cred
			st.setVar(n, v)
		}
	}
}

// archivedSecret records the archive an archiver writes (tar -c, zip, 7z a,
// rar a) when a member it packs is a credential: the archive holds the
// credential, and sending it later on the line is sending the credential
// (zip -r k.zip ~/.ssh; curl -F f=@k.zip …). An archive written to the
// standard output is followed as a stream already.
func (w *walker) archivedSecret(c *Cmd) {
	file, members, ok := archiveWrite(c)
	if !ok || file == "-" || file == "" {
		return
	}
	for _, m := range members {
		f, ok := copiedSecret(c, m)
		if !ok {
			continue
		}
		f.packed = true
		if abs, ok := c.Resolve(file); ok {
			w.r.fl().setFile(abs, f)
		}
		return
	}
}

// archiveWrite reads an archiver creating or adding to an archive: the
// archive written and the members packed (joined to tar's -C directory).
func archiveWrite(c *Cmd) (file string, members []string, ok bool) {
	switch c.Name {
	case "tar", "bsdtar", "gtar":
		file, dir, ms, ok := tarCreate(c)
		if !ok {
			return "", nil, false
		}
		for _, m := range ms {
			if dir != "" && !strings.HasPrefix(m, "/") && !strings.HasPrefix(m, "~") {
				m = path.Join(dir, m)
			}
			members = append(members, m)
		}
		return file, members, true
	case "zip":
		pos := c.Positional()
		if len(pos) < 2 || c.Has("-d", "--delete") {
			return "", nil, false
		}
		return pos[0], pos[1:], true
	case "7z", "7za", "7zr", "7zz", "rar":
		pos := c.Positional()
		if len(pos) < 3 || pos[0] != "a" && pos[0] != "u" {
			return "", nil, false
		}
		return pos[1], pos[2:], true
	}
	return "", nil, false
}
