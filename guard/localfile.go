package guard

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"

	"github.com/actionguard/actionguard/analyze/shell"
)

// WithLocalFiles lets the shell analysis read this machine's files: a
// command that runs a script it has not seen written (bash x.sh, ./x,
// source x, cat x | sh, make, npm test) is judged by what the file holds,
// and a path through a link on disk (a symbolic link made by an earlier
// call, a hard link of a protected file) is judged where it leads too.
// Only for a guard whose actions run on this machine (the hook, check);
// never for one judging another machine's actions.
func WithLocalFiles() Option { return func(g *Guard) { g.readFile = readScript } }

var errNotScript = errors.New("not a script")

// openRegular opens the regular file p for reading without blocking: it
// is checked before it is opened and again once open (a FIFO put in place
// between the two). Anything but a regular file is notRegular.
func openRegular(p string, notRegular error) (*os.File, os.FileInfo, error) {
	fi, err := os.Stat(p)
	if err != nil {
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, notRegular
	}
	f, err := openNonBlocking(p)
	if err != nil {
		return nil, nil, err
	}
	if fi, err = f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, nil, notRegular
	}
	return f, fi, nil
}

// readScript reads at most shell.MaxScriptBytes+1 bytes of the regular
// file abs. It never blocks on a FIFO, a device or a socket: the file is
// checked before it is opened, opened without blocking, and checked
// again once open. A file whose first bytes show a compiled program is not
// read further.
func readScript(abs string) ([]byte, error) {
	f, _, err := openRegular(abs, errNotScript)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	head := make([]byte, 512)
	n, err := io.ReadFull(f, head)
	head = head[:n]
	if bytes.IndexByte(head, 0) >= 0 {
		return nil, errNotScript
	}
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return head, nil
	}
	if err != nil {
		return nil, err
	}
	rest, err := io.ReadAll(io.LimitReader(f, int64(shell.MaxScriptBytes+1-len(head))))
	if err != nil {
		return nil, err
	}
	return append(head, rest...), nil
}

// listFiles names the regular files and links of the directory abs: at
// most shell.MaxDirNames base names. Entries are named as the directory
// lists them (no file is opened); a link is named, as a compiler follows
// it, and what it leads to is for ReadFile to read or refuse. The directory is
// checked before it is opened, opened without blocking and checked again.
func listFiles(abs string) ([]string, error) {
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return nil, errNotScript
	}
	d, err := openNonBlocking(abs)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	if fi, err := d.Stat(); err != nil || !fi.IsDir() {
		return nil, errNotScript
	}
	entries, err := d.ReadDir(shell.MaxDirNames)
	if err != nil && len(entries) == 0 {
		return nil, err
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if e.Type().IsRegular() || e.Type()&fs.ModeSymlink != 0 {
			names = append(names, e.Name())
		}
	}
	return names, nil
}
