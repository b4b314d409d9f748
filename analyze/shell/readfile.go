package shell

import (
	"bytes"
	"errors"
	"io/fs"
	"path"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Scripts on disk. A command that runs a file this command line did not
// write (bash x.sh, ./x, source x, cat x | sh, make, a later call running
// what an earlier shell call wrote) is judged by what the file holds when
// the caller lets the analysis read this machine's files
// (Options.ReadFile). The analysis itself never opens a file.

const (
	// MaxScriptBytes is the most of one file judged; a longer file is
	// judged on its first MaxScriptBytes as a fragment.
	MaxScriptBytes = 64 << 10
	// MaxScriptReads bounds the files read from disk in one analysis.
	MaxScriptReads = 8
)

// knowsFiles reports whether any file's content can be known: written by
// this command line or the session, or readable from disk.
func (fl *flowState) knowsFiles() bool {
	return len(fl.files) > 0 || fl.read != nil || len(fl.downloaded) > 0
}

// noteDownloaded records that the line downloaded src into the file at
// abs (curl -o, wget -O): running it, or a runner reading it, runs what
// came from there.
func (w *walker) noteDownloaded(abs, src string) {
	fl := w.r.fl()
	if fl.downloaded == nil {
		fl.downloaded = map[string]string{}
	}
	fl.downloaded[abs] = src
	w.downloaded = fl.downloaded
}

// file returns what the analysis knows of the file at abs: what this
// command line or the session wrote into it, else what it holds on disk.
// A file copied by this command line from one whose content is not known
// (cp x.sh y.sh) is read from its source.
func (fl *flowState) file(abs string) (fileContent, bool) {
	if fdPath(abs) {
		// /dev/fd/3: whatever the process that started this one holds
		// open there, only known when it runs.
		return fileContent{kind: streamUnknown, what: "what file descriptor " + path.Base(abs) + " carries"}, true
	}
	f, had := fl.files[abs]
	if had && f.from == "" {
		return f, true
	}
	src := abs
	if had {
		src = f.from
	}
	if had && fl.missing[src] {
		return missingCopy(src), true
	}
	if fl.read == nil || fl.unread[src] || isDeviceOrProc(src) || installedProgram(src) {
		return fileContent{}, false
	}
	fc, ok := fl.readDisk(src)
	if ok && fl.sensitive(src) {
		// Its words must not reach a finding's message: running it is
		// judged as running a credential.
		fc = fileContent{kind: streamSecret, disk: true}
	}
	if !ok {
		if fl.unread == nil {
			fl.unread = map[string]bool{}
		}
		fl.unread[src] = true
		if had && fl.missing[src] {
			return missingCopy(src), true
		}
		return fileContent{}, false
	}
	fl.setFile(abs, fc)
	return fc, true
}

// missingCopy is the content of a file the line copied from src, which is
// not on disk when the line is judged: what the copy holds is only known
// when it runs (cp /tmp/x.json package.json && npm i).
func missingCopy(src string) fileContent {
	return fileContent{kind: streamUnknown, what: "a copy of " + src + ", which is not on disk now"}
}

// readDisk reads abs through Options.ReadFile: a text file, cut to
// MaxScriptBytes (then a fragment). Binary content (a NUL byte) is a
// program, not a script: not known.
func (fl *flowState) readDisk(abs string) (fileContent, bool) {
	if fl.reads >= MaxScriptReads {
		return fileContent{}, false
	}
	fl.reads++
	data, err := fl.read(abs)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			if fl.missing == nil {
				fl.missing = map[string]bool{}
			}
			fl.missing[abs] = true
		}
		return fileContent{}, false
	}
	partial := false
	if len(data) > MaxScriptBytes {
		data, partial = data[:MaxScriptBytes], true
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return fileContent{}, false
	}
	return fileContent{text: string(data), kind: streamLiteral, partial: partial, disk: true}, true
}

// isDeviceOrProc reports a path under /dev, /proc or /sys: never read.
func isDeviceOrProc(abs string) bool {
	for _, p := range []string{"/dev/", "/proc/", "/sys/"} {
		if len(abs) >= len(p) && abs[:len(p)] == p {
			return true
		}
	}
	return false
}

// installedProgram reports a file of the system's or a package manager's
// installed programs (/usr/bin/…, node_modules/.bin/…): what an agent
// writes is judged, not the machine's own tools.
func installedProgram(abs string) bool {
	for _, p := range []string{"/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/opt/", "/nix/", "/snap/", "/System/", "/Library/", "/Applications/", "/etc/"} {
		if len(abs) >= len(p) && abs[:len(p)] == p {
			return true
		}
	}
	return strings.Contains(abs, "/node_modules/")
}

// sensitive reports a credential or one of actionguard's own files.
func (fl *flowState) sensitive(abs string) bool {
	e := fl.root
	return e == nil || e.classify(abs).Credential != "" || e.controlPlane(abs).ok()
}

// seriousPoints is the least weight of a finding kept from a file read
// from disk.
const seriousPoints = 60

// keepSerious drops, from fs[from:], the findings that say only that
// something is not known (a command built at run time, code from a pipe)
// or that weigh less than seriousPoints.
func keepSerious(fs []rule.Finding, from int) []rule.Finding {
	out := fs[:from]
	for _, f := range fs[from:] {
		switch f.Rule {
		case ruleDynamicCommand.ID, rulePipeToShell.ID, ruleEvalDynamic.ID, ruleNestingTooDeep.ID, ruleFeedUnknown.ID, ruleRmDynamic.ID, ruleInlineExec.ID:
			continue
		}
		if f.Points >= seriousPoints {
			out = append(out, f)
		}
	}
	return out
}

// fdPath reports a path that names an open file descriptor other than
// standard input (/dev/fd/3, /proc/self/fd/9, /proc/$$/fd/5).
func fdPath(p string) bool {
	dir, n := path.Split(p)
	if n == "" || n == "0" || strings.Trim(n, "0123456789") != "" {
		return false
	}
	switch dir {
	case "/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/":
		return true
	}
	pid, ok := strings.CutPrefix(dir, "/proc/")
	pid, ok2 := strings.CutSuffix(pid, "/fd/")
	return ok && ok2 && pid != "" && !strings.Contains(pid, "/")
}
