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
