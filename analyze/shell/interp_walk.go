package shell

import (
	"strings"
)

// Inline code that walks a directory tree and deletes what it finds
// (os.walk + os.remove, fs.readdirSync recursion + unlinkSync, File::Find +
// unlink, Dir.glob("**") + File.delete) deletes the files of that tree
// whose names only the walk knows. Outside the project (the home
// directory, the root, a system directory, a directory of keys) that is
// the same as rm -rf DIR/*, and is judged so; a walk of the project keeps
// the judgement of the deletion itself.

// walkCalls are the calls that list or walk a directory, per language.
var walkCalls = map[string]*lazyRE{
	"python": lazyRegexp(`\b(?:os\.walk|os\.fwalk|walk|os\.scandir|scandir|os\.listdir|listdir|glob\.i?glob|i?glob|Path|pathlib\.Path|PurePath|rglob|iterdir)\s*\(`),
	"node":   lazyRegexp(`\b(?:readdirSync|readdir|opendirSync|opendir|globSync|glob|walkSync|walk)\s*\(`),
	"perl":   lazyRegexp(`\b(?:find|finddepth|opendir|glob)\s*[\(\s]`),
	"ruby":   lazyRegexp(`\b(?:Dir\.glob|Dir\.entries|Dir\.children|Dir\.each_child|Dir\.foreach|Dir\[|Find\.find|Pathname\.new|Pathname\.glob)\s*[\(\s\[]?`),
	"php":    lazyRegexp(`\b(?:scandir|glob|opendir|RecursiveDirectoryIterator|DirectoryIterator|FilesystemIterator)\s*\(`),
}

// walkDeletes are the calls that delete a file or a directory, written
// any way the language allows (a bare unlink in Perl deletes $_).
var walkDeletes = map[string]*lazyRE{
	"python": lazyRegexp(`\b(?:os\.remove|os\.unlink|os\.rmdir|os\.removedirs|remove|unlink|rmdir|rmtree)\s*\(|\.unlink\s*\(|\.rmdir\s*\(`),
	"node":   lazyRegexp(`\b(?:unlinkSync|unlink|rmSync|rmdirSync|rmdir|rm)\s*\(`),
	"perl":   lazyRegexp(`\b(?:unlink|rmdir|rmtree|remove_tree)\b`),
	"ruby":   lazyRegexp(`\b(?:File\.delete|File\.unlink|FileUtils\.rm\w*|FileUtils\.remove\w*|Dir\.delete|Dir\.rmdir|Dir\.unlink|\.delete|\.unlink|\.rmtree)\b`),
	"php":    lazyRegexp(`\b(?:unlink|rmdir)\s*\(`),
}

// maxWalkCalls bounds the calls a piece of code is searched for.
const maxWalkCalls = 32

// walkDeletions judges code that walks a tree and deletes in it: each root
// of the walk outside the project (the home directory, the root, a system
// directory, the SSH keys' directory…) is judged as rm -rf of everything
// under it; a walk of the project keeps the judgement of the deletion.
func (s *codeScan) walkDeletions() {
	walk, del := walkCalls[s.lang], walkDeletes[s.lang]
	if walk == nil || !del.MatchString(s.code) {
		return
	}
	calls := walk.FindAllStringIndex(s.code, maxWalkCalls)
	if len(calls) == 0 {
		return
	}
	roots := s.walkRoots(calls)
	if len(roots) == 0 {
		// The walk's directory is a parameter or a variable: the roots are
		// then what the code passes anywhere (walk(os.homedir())).
		roots = s.codePaths()
	}
	seen := map[string]bool{}
	for _, root := range roots {
		cl := s.c.Class(root)
		if !cl.Known || cl.Workspace && !cl.HoldsWorkspace || seen[cl.Abs] {
			continue
		}
		seen[cl.Abs] = true
		s.w.r.mutates()
		every := strings.TrimSuffix(root, "/") + "/*"
		s.w.r.commandWords([]string{"rm", "-rf", every}, []bool{false, false, false}, s.c, "inline "+strings.ToLower(s.name())+" walks "+root+" and deletes what it finds")
	}
}

// walkRoots evaluates the arguments of the walking calls: the directories
// (or globs) they walk, reduced to the directory a glob starts from.
func (s *codeScan) walkRoots(calls [][]int) []string {
	var roots []string
	for _, loc := range calls {
		i := nameEnd(s.code, loc)
		if i < len(s.code) && s.code[i] == '[' {
			i++ // Ruby's Dir["…"]
		}
		e := s.e.at(i)
		e.skipSpace()
		var args []val
		if e.i < len(e.code) && e.code[e.i] == '(' {
			args = e.callArgs()
		} else {
			args = e.bareArgs()
		}
		for _, a := range positional(args) {
			if r, ok := globRoot(a.text()); ok {
				roots = append(roots, r)
			}
		}
		// A method of a path (Path.home().joinpath(".ssh").iterdir(),
		// Pathname.new(dir).children): the directory is the receiver.
		if loc[0] > 0 && s.code[loc[0]-1] == '.' {
			if start := receiverStart(s.code, loc[0]-1); start < loc[0]-1 {
				if r, ok := globRoot(s.e.sub(s.code[start : loc[0]-1]).expr().text()); ok {
					roots = append(roots, r)
				}
			}
		}
	}
	return roots
}

// codePaths are the known values the code passes to any call that are
// directories the walk judgement looks at (the home directory, the root, a
// system directory).
func (s *codeScan) codePaths() []string {
	var out []string
	code := s.code
	n := 0
	for i := 0; i < len(code) && n < maxWalkCalls*2; i++ {
		if code[i] != '(' || i == 0 || !isIdentChar(code[i-1]) {
			continue
		}
		n++
		for _, a := range positional(s.e.at(i).callArgs()) {
			if r, ok := globRoot(a.text()); ok {
				out = append(out, r)
			}
		}
	}
	return out
}

// globRoot is the directory a walk argument starts from: the text before
// its first glob character, up to the last slash ("~/**/*" is "~", "/" is
// "/"). A value not known up to its first component gives false.
func globRoot(t string) (string, bool) {
	if i := strings.Index(t, unknownPart); i >= 0 {
		t = t[:i]
	}
	if t == "" || strings.Contains(t, "\x00") {
		return "", false
	}
	if i := strings.IndexAny(t, "*?["); i >= 0 {
		t = t[:i]
		if j := strings.LastIndexByte(t, '/'); j >= 0 {
			t = t[:j+1]
		} else {
			return "", false
		}
	}
	if t == "" || !(strings.HasPrefix(t, "/") || strings.HasPrefix(t, "~") || strings.HasPrefix(t, "$HOME")) {
		return "", false
	}
	if t != "/" {
		t = strings.TrimSuffix(t, "/")
	}
	return t, true
}
