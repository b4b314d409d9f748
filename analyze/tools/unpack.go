package tools

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/internal/lazy"
)

// Unpacking: a tool that extracts an archive (extract_archive, unzip,
// untar, decompress) writes files whose names the call does not show into
// the directory it is given. That is what tar -x and unzip -d do, and it
// is judged as they are (Unpack).

// unpackVerbs are words of a name that unpack an archive by themselves;
// extractVerbs do so with an archive noun or an archive argument.
var (
	unpackVerbs = &lazy.Value[map[string]bool]{New: func() map[string]bool {
		return set("unzip", "untar", "unpack", "decompress", "unarchive", "dearchive", "gunzip", "bunzip2", "unrar", "unxz", "unzstd",
			"uncompress", "inflate", "unbundle", "un7z", "unzipfile", "untgz")
	}}
	extractVerbs = &lazy.Value[map[string]bool]{New: func() map[string]bool {
		return set("extract", "expand", "explode", "open", "restore", "import", "deploy", "install")
	}}
	archiveNouns = &lazy.Value[map[string]bool]{New: func() map[string]bool {
		return set("archive", "archives", "zip", "zips", "tar", "tarball", "tarballs", "tgz", "gz", "gzip", "bz2", "xz", "zst", "7z", "rar",
			"compressed", "bundle", "jar", "cpio")
	}}
	// unpackDestKeys name where an archive is unpacked, beyond destKeys.
	unpackDestKeys = &lazy.Value[map[string]bool]{New: func() map[string]bool {
		return set("outputdir", "outdir", "outputdirectory", "outputfolder", "extractto", "extractdir", "extractpath", "extractdirectory",
			"unpackto", "unpackdir", "into", "destinationdir", "destinationdirectory", "destinationfolder", "destfolder", "targetdir",
			"targetdirectory", "targetfolder", "todir", "dest", "destination", "target", "to", "output", "outputpath", "destpath",
			"targetpath", "destinationpath", "dir", "directory", "folder", "location", "where", "extractlocation", "cwd", "workdir")
	}}
	// unpackSourceKeys name the archive.
	unpackSourceKeys = &lazy.Value[map[string]bool]{New: func() map[string]bool {
		return set("archive", "archivepath", "archivefile", "zip", "zipfile", "zippath", "tarball", "tarfile", "file", "filepath", "path",
			"source", "src", "sourcepath", "input", "inputpath", "inputfile", "from", "package", "bundle", "filename")
	}}
)

// archiveExts are the endings of an archive's name.
var archiveExts = []string{".zip", ".tar", ".tgz", ".tar.gz", ".tar.bz2", ".tbz2", ".tar.xz", ".txz", ".tar.zst", ".7z", ".rar", ".jar",
	".war", ".whl", ".cpio", ".gz", ".bz2", ".xz", ".zst", ".apk", ".xpi", ".crx", ".nupkg", ".vsix"}

// looksLikeArchive reports a value named like an archive.
func looksLikeArchive(v string) bool {
	l := strings.ToLower(strings.TrimSpace(v))
	for _, e := range archiveExts {
		if strings.HasSuffix(l, e) && len(l) > len(e) {
			return true
		}
	}
	return false
}

// Unpacking is an archive unpacked by a tool call: the archive (as
// written, "" when the call does not name it) and the directories it is
// unpacked into.
type Unpacking struct {
	Archive string
	Into    []string
}

// Unpack reports a call that unpacks an archive into a directory it
// names: a name with an unpacking verb (unzip, untar, decompress…), or
// with extract, expand… and an archive noun or an argument named like an
// archive; and an argument that says where (destination, target,
// output_dir, extract_to…). A call that names no directory is not one:
// where it unpacks is the server's choice.
func (p *Prepared) Unpack() (Unpacking, bool) {
	if p == nil || len(p.input) == 0 {
		return Unpacking{}, false
	}
	unpack, extract, noun := false, false, false
	for _, w := range p.words {
		unpack = unpack || unpackVerbs.Get()[w]
		extract = extract || extractVerbs.Get()[w]
		noun = noun || archiveNouns.Get()[w]
	}
	if !unpack && !extract {
		return Unpacking{}, false // most calls: no argument is read
	}
	var u Unpacking
	var dests []string
	for k, v := range p.input {
		s, ok := v.(string)
		if !ok {
			continue
		}
		s = strings.TrimSpace(s)
		if s == "" || len(s) > 4096 || strings.ContainsAny(s, "\x00\n\r") {
			continue
		}
		key := normKey(k)
		switch {
		case unpackSourceKeys.Get()[key] || looksLikeArchive(s) && !unpackDestKeys.Get()[key]:
			if u.Archive == "" || looksLikeArchive(s) && !looksLikeArchive(u.Archive) {
				u.Archive = FilePath(s)
			}
		case unpackDestKeys.Get()[key]:
			dests = append(dests, FilePath(s))
		}
	}
	if !unpack && !(extract && (noun || looksLikeArchive(u.Archive))) || len(dests) == 0 {
		return Unpacking{}, false
	}
	if u.Archive == "" && !noun {
		return Unpacking{}, false // unpack_message {"to": "bob"}: no archive is named
	}
	if u.Archive != "" && !looksLikeArchive(u.Archive) && !unpack && !noun {
		return Unpacking{}, false
	}
	// A fixed order, whatever the map's: the shortest first (the
	// directory above the others when one is).
	sortByLen(dests)
	u.Into = dests
	return u, true
}

func sortByLen(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && (len(s[j]) < len(s[j-1]) || len(s[j]) == len(s[j-1]) && s[j] < s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// ArchiveProgram is the program whose command line does what a call
// unpacking the archive does: unzip for a zip (and its kin), tar for the
// rest.
func ArchiveProgram(archive string) string {
	switch strings.ToLower(path.Ext(archive)) {
	case ".zip", ".jar", ".war", ".whl", ".apk", ".xpi", ".nupkg", ".vsix":
		return "unzip"
	case ".7z":
		return "7z"
	case ".rar":
		return "unrar"
	}
	return "tar"
}
