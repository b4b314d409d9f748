package shell

import (
	"path"
	"slices"
	"strconv"
	"strings"
)

type arriveKind uint8

const (
	arriveArchive arriveKind = iota + 1
	arrivePatch
	arriveGit
)

// arrival is one operation that writes what it carries into directories.
type arrival struct {
	kind arriveKind
	tool string // the program as the message names it: "tar", "git apply"
	verb string // "unpacks", "applies", "checks out"
	// source is the archive or patch as written; "" for standard input.
	source    string
	sourceAbs string // its absolute path, when known
	text      string // the patch, when its text is known (a here-document)
	hasText   bool
	dests     []string // where members land, as written ("." the working directory)
	strip     int      // leading components dropped (tar --strip-components)
	flat      bool     // members land by their base name (unzip -j, 7z e)
	anywhere  bool     // absolute and ../ names are kept (cpio, tar -P)
	renamed   bool     // names are rewritten on the way (tar --transform)
	noList    bool     // a format not listed here (7z, rar)
	only      []string // the members asked for, when named
	git       []Incoming
	revs      string   // the revisions, for the message
	more      []string // further patch files (git apply a.diff b.diff)
	into      string   // patch FILE: the one file every hunk goes into
	// remote says, for a git operation, what it brings that is not read
	// here: "commits not on this machine yet" (a pull); "" when its
	// revisions are local.
	remote     string
	submodules bool // git submodule update: the submodules' work trees move
}

// selects reports whether the member name is among those asked for.
func (op arrival) selects(name string) bool {
	if len(op.only) == 0 {
		return true
	}
	n := strings.TrimSuffix(strings.TrimPrefix(name, "./"), "/")
	for _, o := range op.only {
		o = strings.TrimSuffix(strings.TrimPrefix(o, "./"), "/")
		if isGlobPath(o) {
			// unzip's and tar's wildcards match across "/" too.
			m, err := path.Match(strings.ReplaceAll(o, "/", "\x01"), strings.ReplaceAll(n, "/", "\x01"))
			if err != nil || m {
				return true
			}
			continue
		}
		if n == o || strings.HasPrefix(n, o+"/") {
			return true
		}
	}
	return false
}

// placed is the path, below the destination, where a member whose
// relative name is rel lands: without op.strip leading components
// (false when it has no more than that: it is not unpacked), by its base
// name alone when op.flat.
func (op arrival) placed(rel string) (string, bool) {
	if op.strip > 0 {
		parts := strings.Split(rel, "/")
		if len(parts) <= op.strip {
			return "", false
		}
		rel = strings.Join(parts[op.strip:], "/")
	}
	if op.flat {
		rel = path.Base(rel)
	}
	return rel, true
}

// arrivalOf recognises the operations that unpack, apply or check out.
func arrivalOf(c *Cmd) (arrival, bool) {
	switch c.Name {
	case "tar", "bsdtar", "gtar":
		return tarArrival(c)
	case "unzip":
		return unzipArrival(c)
	case "jar":
		return jarArrival(c)
	case "7z", "7za", "7zz", "7zr", "unrar", "rar":
		return commandArchiveArrival(c)
	case "cpio", "bsdcpio":
		return cpioArrival(c)
	case "pax":
		return paxArrival(c)
	case "patch", "gpatch":
		return patchArrival(c)
	case "git":
		return gitArrival(c)
	}
	if interpreters[c.Name] && strings.HasPrefix(c.Name, "python") || c.Name == "pypy3" {
		return pythonArrival(c)
	}
	return arrival{}, false
}

// tarArrival: tar -x in every spelling (-xf, xzf, --extract, --get).
func tarArrival(c *Cmd) (arrival, bool) {
	if c.Name != "tar" {
		// GNU's name on BSD and macOS, and libarchive's tar, read their
		// options as tar's spec says.
		tc := *c
		tc.Name, tc.argv = "tar", nil
		op, ok := tarArrival(&tc)
		op.tool = c.Name
		if c.Name == "bsdtar" && c.Has("-s") {
			op.renamed = true
		}
		return op, ok
	}
	op := arrival{kind: arriveArchive, tool: c.Name, verb: "unpacks"}
	extract := c.Has("-x", "--extract", "--get")
	pos := c.Positional()
	var file string
	var dirs []string
	haveFile := false
	if len(pos) > 0 && !strings.HasPrefix(c.Args[0], "-") && tarOldStyle(pos[0]) {
		// Old style: tar xzfC x.tgz dir — each letter that takes a value
		// takes the next word.
		letters := pos[0]
		rest := pos[1:]
		for _, l := range letters {
			switch l {
			case 'x':
				extract = true
			case 't', 'c', 'r', 'u', 'A', 'd':
				return op, false
			case 'O':
				return op, false
			case 'P':
				op.anywhere = true
			case 'f', 'C', 'T', 'X', 'b', 'L', 'g', 'F', 'H', 'V', 'K', 'N':
				if len(rest) == 0 {
					break
				}
				v := rest[0]
				rest = rest[1:]
				switch l {
				case 'f':
					file, haveFile = v, true
				case 'C':
					dirs = append(dirs, v)
				}
			}
		}
		pos = rest
	}
	if !extract {
		return op, false
	}
	if c.Has("-t", "--list", "-O", "--to-stdout", "--to-command", "-c", "--create") {
		return op, false // lists, prints or runs a command with each member
	}
	if v, ok := c.Flag("-f", "--file"); ok {
		file, haveFile = v, true
	}
	dirs = append(dirs, c.FlagAll("-C", "--directory", "--cd")...)
	if c.Has("-P", "--absolute-names") {
		op.anywhere = true
	}
	if c.Has("--transform", "--xform") {
		op.renamed = true
	}
	if v, ok := c.Flag("--strip-components", "--strip"); ok {
		if n, err := strconv.Atoi(v); err == nil && n >= 0 && n < 1000 {
			op.strip = n
		} else {
			op.renamed = true
		}
	}
	if haveFile && file != "-" {
		op.source = file
	}
	if len(dirs) == 0 {
		dirs = []string{"."}
	}
	if c.Has("--one-top-level") {
		// Into a new directory named after the archive.
		top, _ := c.Flag("--one-top-level")
		if top == "" {
			top = strings.SplitN(path.Base(op.source), ".", 2)[0]
			if top == "" {
				top = "\x00archive"
			}
		}
		for i, d := range dirs {
			dirs[i] = selfJoin(d, top)
		}
	}
	op.dests = dirs
	// The remaining operands name the members to extract (a program
	// without a spec lists the values of -f and -C among them).
	for _, p := range pos {
		if p != file && !slices.Contains(dirs, p) {
			op.only = append(op.only, p)
		}
	}
	return op, true
}

// tarOldStyle reports tar's first word without a dash: xzf, xvf, cf.
func tarOldStyle(w string) bool {
	if w == "" || len(w) > 12 {
		return false
	}
	for _, ch := range w {
		if !strings.ContainsRune("xtcruAdzjJvfpoOkmwaSUPCTXbLgFHVKNZ", ch) {
			return false
		}
	}
	return true
}

// unzipArrival: unzip ARCHIVE [members] [-d dir]; -l, -v, -t, -z, -Z and
// -p only list, test or print.
func unzipArrival(c *Cmd) (arrival, bool) {
	if c.Has("-l", "-v", "-t", "-z", "-Z", "-p", "-c") {
		return arrival{}, false
	}
	pos := c.Positional()
	if len(pos) == 0 {
		return arrival{}, false
	}
	op := arrival{kind: arriveArchive, tool: "unzip", verb: "unpacks", source: pos[0]}
	op.only = pos[1:]
	op.dests = []string{"."}
	if d, ok := c.Flag("-d"); ok && d != "" {
		op.dests = []string{d}
	}
	op.flat = c.Has("-j")
	return op, true
}

// jarArrival: jar xf x.jar (into the working directory).
func jarArrival(c *Cmd) (arrival, bool) {
	if len(c.Args) == 0 {
		return arrival{}, false
	}
	first := strings.TrimPrefix(c.Args[0], "-")
	if !strings.Contains(first, "x") || strings.ContainsAny(first, "tc") || len(first) > 6 {
		if !c.Has("--extract") {
			return arrival{}, false
		}
	}
	op := arrival{kind: arriveArchive, tool: "jar", verb: "unpacks", dests: []string{"."}}
	if v, ok := c.Flag("--file"); ok {
		op.source = v
	} else if strings.Contains(first, "f") && len(c.Args) > 1 {
		op.source = c.Args[1]
	}
	if v, ok := c.Flag("-C", "--dir"); ok && v != "" {
		op.dests = []string{v}
	}
	return op, true
}

// commandArchiveArrival: 7z x|e ARCHIVE [-oDIR] and unrar x|e ARCHIVE
// [files] [dir/] (e unpacks flat); neither format is listed here.
func commandArchiveArrival(c *Cmd) (arrival, bool) {
	pos := positionalLiteral(c.Args, nil)
	if len(pos) < 2 || pos[0] != "x" && pos[0] != "e" {
		return arrival{}, false
	}
	op := arrival{kind: arriveArchive, tool: c.Name, verb: "unpacks", source: pos[1], noList: true, flat: pos[0] == "e", dests: []string{"."}}
	if strings.HasPrefix(c.Name, "7z") {
		for _, a := range c.Args {
			if strings.HasPrefix(a, "-o") && len(a) > 2 {
				op.dests = []string{a[2:]}
			}
		}
	} else if last := pos[len(pos)-1]; len(pos) > 2 && strings.HasSuffix(last, "/") {
		op.dests = []string{last}
	}
	return op, true
}

// cpioArrival: cpio -i (copy-in) from standard input or -F/-I; member
// names are kept as they are, absolute ones too, unless
// --no-absolute-filenames. Its members are listed (newc, crc, odc).
func cpioArrival(c *Cmd) (arrival, bool) {
	if !c.Has("-i", "--extract") || c.Has("-t", "--list", "-o", "--create", "-p", "--pass-through") {
		return arrival{}, false
	}
	op := arrival{kind: arriveArchive, tool: c.Name, verb: "unpacks", dests: []string{"."}, anywhere: !c.Has("--no-absolute-filenames")}
	// -r (--rename) asks a name for each member; --to-stdout writes none.
	op.renamed = c.Has("-r", "--rename", "--rename-batch-file")
	if c.Has("--to-stdout") {
		return arrival{}, false
	}
	if v, ok := c.Flag("-F", "--file", "-I"); ok {
		op.source = v
	}
	if v, ok := c.Flag("-D", "--directory"); ok && v != "" {
		op.dests = []string{v}
	}
	return op, true
}

// pythonArrival: python3 -m zipfile -e ZIP DIR, python3 -m tarfile -e TAR
// [DIR] (tarfile keeps absolute and ../ names unless a filter is given).
func pythonArrival(c *Cmd) (arrival, bool) {
	args := c.Args
	for i := 0; i+1 < len(args); i++ {
		if args[i] != "-m" && !strings.HasPrefix(args[i], "-m") {
			if !strings.HasPrefix(args[i], "-") {
				return arrival{}, false // a script: not a module
			}
			continue
		}
		mod := strings.TrimPrefix(args[i], "-m")
		rest := args[i+1:]
		if mod == "" {
			mod, rest = args[i+1], args[i+2:]
		}
		if mod != "zipfile" && mod != "tarfile" {
			return arrival{}, false
		}
		for j, a := range rest {
			if a != "-e" && a != "--extract" {
				continue
			}
			var ops []string
			for _, w := range rest[j+1:] {
				if !strings.HasPrefix(w, "-") {
					ops = append(ops, w)
				}
			}
			if len(ops) == 0 {
				return arrival{}, false
			}
			op := arrival{kind: arriveArchive, tool: "python -m " + mod, verb: "unpacks", source: ops[0], dests: []string{"."}}
			if len(ops) > 1 {
				op.dests = []string{ops[1]}
			}
			if mod == "tarfile" && !strings.Contains(strings.Join(rest, " "), "--filter") {
				op.anywhere = true
			}
			return op, true
		}
		return arrival{}, false
	}
	return arrival{}, false
}

// patchArrival: patch [-pN] [-d dir] [-i file | < file] [origfile
// [patchfile]]; --dry-run writes nothing.
func patchArrival(c *Cmd) (arrival, bool) {
	if c.Has("--dry-run", "-C", "--check") {
		return arrival{}, false
	}
	op := arrival{kind: arrivePatch, tool: "patch", verb: "applies", dests: []string{"."}}
	if v, ok := c.Flag("-d", "--directory"); ok && v != "" {
		op.dests = []string{v}
	}
	pos := c.Positional()
	if v, ok := c.Flag("-i", "--input"); ok && v != "-" {
		op.source = v
	} else if len(pos) > 1 && pos[1] != "-" {
		op.source = pos[1]
	}
	if len(pos) > 0 {
		// patch FILE: every hunk goes into FILE.
		op.into = pos[0]
	}
	return op, true
}

// paxArrival: pax -r (read mode) from standard input or -f ARCHIVE into
// the working directory; names are kept as they are, absolute ones too,
// and -s rewrites them. pax -rw copies a tree (its destination is its
// last operand), its content the files named before it.
func paxArrival(c *Cmd) (arrival, bool) {
	if !c.Has("-r") && !dashClusterHas(c, 'r') {
		return arrival{}, false
	}
	pos := c.Positional()
	if c.Has("-w") || dashClusterHas(c, 'w') {
		if len(pos) == 0 {
			return arrival{}, false
		}
		return arrival{kind: arriveArchive, tool: c.Name, verb: "copies", noList: true, dests: []string{pos[len(pos)-1]}}, true
	}
	op := arrival{kind: arriveArchive, tool: c.Name, verb: "unpacks", dests: []string{"."}, anywhere: true}
	if v, ok := c.Flag("-f"); ok {
		op.source = v
	}
	op.renamed = c.Has("-s")
	return op, true
}
