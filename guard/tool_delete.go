package guard

import (
	"strings"

	"github.com/actionguard/actionguard/analyze/tools"
)

// toolDelete judges a file tool that deletes (delete_file, remove_directory,
// or a read whose arguments delete: list_files {"action": "delete"}) as
// the shell command that does the same, rm (with -r when the call reaches
// into directories or does not say). The shell's rules for deletions —
// the home directory, the system's directories, the project's history,
// actionguard's own files — then decide, and the tool reaches the verdict
// the command would. The file rules for a write of each path add theirs.
func (e *evaluation) toolDelete(p *tools.Prepared) {
	paths := p.Paths()
	var b strings.Builder
	b.WriteString("rm -f")
	if p.Recursive() || !singleFile(e.a.Tool) {
		// delete_directory, remove_folder, get_rid_of_files without a
		// recursive switch: what a directory's deletion takes with it
		// is judged.
		b.WriteString(" -r")
	}
	b.WriteString(" --")
	n := 0
	for _, pa := range paths {
		if !pa.Write {
			continue
		}
		b.WriteString(" " + shellWord(pa.Path))
		n++
	}
	if n == 0 {
		e.toolFiles(p)
		return
	}
	cmd := b.String()
	if e.trace {
		e.step("tool", e.a.Tool+" deletes files on this machine: judged as "+truncate(cmd, 160), 0)
	}
	from := len(e.findings)
	e.shellCommand(cmd)
	for i := from; i < len(e.findings); i++ {
		if rest, ok := strings.CutPrefix(e.findings[i].Message, "rm "); ok {
			e.findings[i].Message = e.a.Tool + " " + rest
		}
	}
	e.kind, e.d.Kind = KindFile, KindFile
	e.readOnly = false
	e.hiddenEffect(p)
	opt := e.shellOptions()
	for _, pa := range paths {
		e.findings = append(e.findings, pathFindings(pa, opt)...)
	}
}

// hiddenEffect adds the finding of an argument that makes a file tool
// whose name reads delete: what it does is not what it says, so it waits
// for a confirmation at least.
func (e *evaluation) hiddenEffect(p *tools.Prepared) {
	if f, ok := p.HiddenEffect(); ok {
		e.add(f)
		e.raise(Confirm, "an argument makes "+truncate(e.a.Tool, 60)+" do what its name does not say")
	}
}

// singleFile reports a tool named for one file (delete_file, read_file),
// not for directories or many files.
func singleFile(tool string) bool {
	one := false
	for _, w := range SplitName(tool) {
		switch w {
		case "file":
			one = true
		case "files", "dir", "dirs", "directory", "directories", "folder", "folders", "tree", "all", "everything", "path", "paths":
			return false
		}
	}
	return one
}
