package tools

import (
	"net/url"
	"strings"
	"sync"
)

// PathArg is a path on the machine a call names in its arguments, and what
// the call does to it: Read (its content reaches the agent or leaves the
// machine), Write (it is created, changed, moved away or deleted) or both.
type PathArg struct {
	Key         string // the argument's name, lower case without separators ("path", "paths", "source")
	Path        string
	Read, Write bool
}

// side is where a path argument stands in a call: the thing acted on, or
// the source or the destination of a move or a copy.
type side uint8

const (
	sidePlain side = iota
	sideSource
	sideDest
)

// maxPaths bounds the path arguments read from one call.
const maxPaths = 32

// pathArg is one path argument as read.
type pathArg struct {
	key, path string
	side      side
	url       bool // written as a file:// URL
}

// Path keys beyond pathKeys: lists of paths, and the two ends of a move or a copy.
var (
	pathListKeys = sync.OnceValue(func() map[string]bool {
		return set("paths", "files", "filepaths", "filenames", "sources", "directories", "dirs", "folders", "inputpaths")
	})
	sourceKeys = sync.OnceValue(func() map[string]bool {
		return set("source", "src", "from", "frompath", "sourcepath", "sourcefile", "oldpath", "origin", "old", "sourcedir", "sourcedirectory", "fromfile")
	})
	destKeys = sync.OnceValue(func() map[string]bool {
		return set("destination", "dest", "target", "to", "topath", "destinationpath", "targetpath", "newpath", "destpath",
			"targetfile", "destinationfile", "output", "outputpath", "outfile", "outputfile", "savepath", "saveto", "downloadpath", "todir", "destdir", "targetdir", "destinationdir")
	})
	// pathSuffixes end argument names that hold a path (configpath, logfile, workdir).
	pathSuffixes = []string{"path", "paths", "file", "files", "filename", "filenames", "dir", "directory", "folder", "filepath"}
)

// pathSideOf says whether an argument holds a path, and where it stands.
// A key that names a path holds one; a key that names one end of a move
// holds one in a file tool, or when its value is written as a path; any
// other argument (but the text of a message, code or a query) holds one
// when its value is written as an absolute, home or file:// path.
func pathSideOf(key, value string, fileTool, schemaPath bool) (side, bool) {
	switch {
	case sourceKeys()[key]:
		return sideSource, fileTool || schemaPath || looksLikePath(value)
	case destKeys()[key]:
		return sideDest, fileTool || schemaPath || looksLikePath(value)
	case pathKeys[key] || pathListKeys()[key] || schemaPath:
		return sidePlain, true
	case contentKeys[key] || codeKeys[key] || queryKeys[key] || key == "pattern" || key == "glob" || key == "regex":
		return sidePlain, false
	}
	for _, s := range pathSuffixes {
		if strings.HasSuffix(key, s) && len(key) > len(s) {
			return sidePlain, true
		}
	}
	if strings.HasPrefix(key, "output") || strings.HasPrefix(key, "dest") || strings.HasPrefix(key, "target") {
		return sideDest, looksLikePath(value)
	}
	return sidePlain, looksLikePath(value)
}

// looksLikePath reports a value written as a path on this machine:
// absolute (/etc/passwd, C:\Users, \\server\share), in the home directory
// (~, ~/…, $HOME/…, %USERPROFILE%\…), relative with ./ or ../, or a file:// URL.
func looksLikePath(v string) bool {
	if v == "" || len(v) > 1024 || strings.ContainsAny(v, "\n\r\x00") {
		return false
	}
	switch {
	case v[0] == '~' || v == "." || v == "..":
		return true // ~, ~/…, ~root/… (another user's home)
	case strings.HasPrefix(v, "//"):
		return false // a comment, or a URL without its scheme
	case v[0] == '/', strings.HasPrefix(v, "~/"), strings.HasPrefix(v, "~\\"), strings.HasPrefix(v, "./"), strings.HasPrefix(v, "../"),
		strings.HasPrefix(v, `.\`), strings.HasPrefix(v, `..\`), strings.HasPrefix(v, `\\`):
		return true
	case len(v) >= 3 && (v[0]|0x20) >= 'a' && (v[0]|0x20) <= 'z' && v[1] == ':' && (v[2] == '\\' || v[2] == '/'):
		return true
	case strings.HasPrefix(v, "$HOME"), strings.HasPrefix(v, "${HOME}"), strings.HasPrefix(strings.ToUpper(v), "%USERPROFILE%"), strings.HasPrefix(strings.ToUpper(v), "%APPDATA%"):
		return true
	case len(v) > 6 && strings.EqualFold(v[:5], "file:") && v[5] == '/':
		return true // file:///…, file://localhost/…, file:/…
	}
	return false
}

// localPath turns a file:// URL into its path; other values are returned as they are.
// Its %-escapes are decoded (file:///home/dev/.ssh/id%5Frsa).
func localPath(v string) string {
	if len(v) < 6 || !strings.EqualFold(v[:5], "file:") || v[5] != '/' {
		return v
	}
	p := v[5:]
	if rest, ok := strings.CutPrefix(p, "//"); ok {
		// file://host/path: this machine's only when the host is empty
		// or localhost; another host's path is judged as written.
		h, path, _ := strings.Cut(rest, "/")
		if h != "" && !strings.EqualFold(h, "localhost") {
			return v
		}
		p = "/" + path
	}
	if u, err := url.PathUnescape(p); err == nil {
		p = u
	}
	if len(p) >= 3 && p[0] == '/' && p[2] == ':' {
		p = p[1:] // file:///C:/Users/…
	}
	return p
}

// addPath keeps a path argument.
func (a *args) addPath(key, v string, s side) {
	if len(a.pathArgs) >= maxPaths {
		return
	}
	a.pathArgs = append(a.pathArgs, pathArg{key: key, path: localPath(v), side: s, url: len(v) != len(localPath(v))})
}

// fileNouns name what a file tool acts on: read_text_file,
// list_directory_with_sizes, directory_tree, create_directory.
var fileNouns = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"file": true, "files": true, "directory": true, "directories": true, "dir": true, "dirs": true,
		"folder": true, "folders": true, "path": true, "paths": true, "tree": true, "filesystem": true, "fs": true}
})

// remoteWords say that a file lives elsewhere than the machine the tool
// runs on: a repository, a bucket, a drive, a remote host.
var remoteWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"github": true, "gitlab": true, "bitbucket": true, "repo": true, "repos": true, "repository": true,
		"repositories": true, "gist": true, "dropbox": true, "drive": true, "gdrive": true, "onedrive": true, "box": true, "sharepoint": true,
		"s3": true, "bucket": true, "buckets": true, "gcs": true, "blob": true, "azure": true, "cloud": true, "remote": true, "ftp": true,
		"sftp": true, "scp": true, "notion": true, "confluence": true, "slack": true, "gmail": true, "email": true, "mail": true,
		"attachment": true, "attachments": true, "pod": true, "container": true, "vm": true}
})

// remoteKeys are arguments that place a call's paths in a remote store.
var remoteKeys = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"repo": true, "repository": true, "owner": true, "branch": true, "bucket": true, "bucketname": true,
		"driveid": true, "siteid": true, "host": true, "hostname": true, "server": true, "remote": true, "container": true, "pod": true,
		"sha": true, "ref": true, "commitmessage": true, "message": true}
})

// transferVerbs move a file between this machine and another place: the
// file is what leaves (upload, attach) or what arrives (download).
var transferVerbs = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"upload": true, "download": true, "attach": true, "share": true, "send": true, "sync": true,
		"import": true, "export": true, "publish": true, "post": true, "email": true, "print": true, "fax": true, "backup": true}
})

// writesPlain are verbs whose plain path argument is where they write:
// download_file {"url": …, "path": "~/.bashrc"}.
var writesPlain = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"download": true, "export": true, "save": true, "dump": true, "write": true, "create": true,
		"generate": true, "record": true, "screenshot": true, "capture": true, "render": true}
})

// serverWords are the words of the MCP server's name in mcp__server__tool
// (splitName drops them: they say nothing of the effect, but they say
// where the files are).
func serverWords(tool string) []string {
	rest, ok := strings.CutPrefix(tool, "mcp__")
	if !ok {
		return nil
	}
	server, _, ok := strings.Cut(rest, "__")
	if !ok {
		return nil
	}
	return splitName(server)
}

// fileToolName reports a name that says the tool acts on files (a file
// noun, no word of a remote store). It decides whether the ends of a move
// are read as paths whatever they look like.
func fileToolName(tool string, words []string) bool {
	if !anyIn(words, fileNouns()) || anyIn(words, remoteWords()) || anyIn(serverWords(tool), remoteWords()) {
		return false
	}
	return true
}

// FileTool reports that the call reads or changes files on the machine it
// runs on, like the agents' own Read, Write and Edit tools: a verb that
// reads, writes or deletes, a file noun in the name (read_text_file,
// write_file, move_file, list_directory, directory_tree), no remote store
// in the name, the server's name or the arguments (a repository, a
// bucket, a drive, a URL), and no transfer verb (upload, download,
// attach, share). Its paths (Paths) are judged by the file rules instead
// of the tool's verb.
func (p *Prepared) FileTool() bool {
	switch p.res.Effect {
	case EffectRead, EffectWrite, EffectDelete:
	default:
		return false
	}
	return p.fileName && !p.webURL() && !anyIn(p.res.Verbs, transferVerbs()) && !anyIn(p.res.Objects, transferVerbs()) && !p.remote()
}

// webURL reports a URL argument that is not a path of this machine
// (https://…, not file:///… or /home/…).
func (p *Prepared) webURL() bool {
	for _, u := range p.a.urls {
		if !looksLikePath(u) {
			return true
		}
	}
	return false
}

// remote reports a call whose paths may be in a remote store: a remote
// word in the name or the server's name (Dropbox, a repository, a
// bucket), or an argument that places them there (repo, bucket, branch).
// Such a call is not a file tool.
func (p *Prepared) remote() bool { return p.a.remoteKey || p.remoteName() }

// remoteName reports a name (or a server's name) that says the tool works
// on a remote store: its paths are that store's, not this machine's. The
// arguments never say so: the agent writes them, and a "branch" added to
// a write_file of /etc/passwd must not make /etc/passwd a remote path.
func (p *Prepared) remoteName() bool {
	return anyIn(p.words, remoteWords()) || anyIn(serverWords(p.tool), remoteWords())
}

// localOnRemote reports a path argument of a call to a remote store that
// is on this machine all the same: named local (local_file_path), written
// from the home directory, a drive or as a file:// URL, or a file a message
// or a post carries.
func (p *Prepared) localOnRemote(pa pathArg) bool {
	if strings.HasPrefix(pa.key, "local") || pa.url {
		return true
	}
	v := pa.path
	if v == "~" || strings.HasPrefix(v, "~/") || strings.HasPrefix(v, "~\\") || strings.HasPrefix(v, "$HOME") || strings.HasPrefix(v, "${HOME}") ||
		strings.HasPrefix(strings.ToUpper(v), "%USERPROFILE%") || len(v) >= 3 && v[1] == ':' && (v[2] == '\\' || v[2] == '/') {
		return true
	}
	switch p.res.Effect {
	case EffectSend, EffectPost:
		return attachmentKeys[pa.key] || pathKeys[pa.key] || pathListKeys()[pa.key]
	}
	return false
}

// Paths returns the paths on this machine the call names, with what it
// does to each: read by a read, sent by a message, a post or an upload;
// written by a write or a deletion (a download writes where it saves);
// the source of a move read and written (it goes away), of a copy read;
// the destination written. A call whose effect is unknown reads and writes
// them, so that neither set of rules is skipped.
func (p *Prepared) Paths() []PathArg {
	if len(p.a.pathArgs) == 0 {
		return nil
	}
	verb := p.verb()
	remote := p.remoteName()
	hasDest := false
	for _, pa := range p.a.pathArgs {
		hasDest = hasDest || pa.side == sideDest
	}
	out := make([]PathArg, 0, len(p.a.pathArgs))
	for _, pa := range p.a.pathArgs {
		if remote && !p.localOnRemote(pa) {
			continue // a path in the store the tool works on, not on this machine
		}
		r, w := false, false
		switch pa.side {
		case sideDest:
			w = true
			if p.res.Effect == EffectSend || p.res.Effect == EffectPost {
				w = false // "to" of a message that looks like a path: nothing is written here
				r = true
			}
		case sideSource:
			r = true
			w = verb == "move" || verb == "rename" || verb == "mv" || p.res.Effect == EffectDelete || p.res.Effect == EffectUnknown
			if !hasDest && p.res.Effect == EffectWrite && !transferVerbs()[verb] {
				// write_file {"source": "~/.bashrc", …}: with no other end
				// named, the one path is the file the write changes.
				w = true
			}
		default:
			switch p.res.Effect {
			case EffectRead:
				r = true
				w = writesPlain()[verb]
			case EffectWrite, EffectDelete, EffectUnlock:
				w = true
				if transferVerbs()[verb] && !writesPlain()[verb] {
					r, w = true, false // upload_file {"path": …} carries the file away
				}
				if verb == "move" || verb == "rename" || verb == "copy" {
					r = true // one path named for both ends
				}
			case EffectGrant:
				r, w = true, true // sharing a file lets others read it
			case EffectUnknown:
				r, w = true, true
			default:
				r = true // a message, a post, a payment or a run carries the file
			}
		}
		out = append(out, PathArg{Key: pa.key, Path: pa.path, Read: r, Write: w})
	}
	return out
}

// verb is the verb that decides the call's effect, or "".
func (p *Prepared) verb() string {
	if len(p.res.Verbs) == 0 {
		return ""
	}
	return p.res.Verbs[0]
}

// IsLocalPath reports a value written as a path on this machine (/etc/passwd,
// ~/.ssh/id_rsa, C:\Users, file:///…), not a web address.
func IsLocalPath(v string) bool { return looksLikePath(strings.TrimSpace(v)) }

// FilePath is the path a path argument names: a file:// URL's path, or
// the value itself.
func FilePath(v string) string { return localPath(strings.TrimSpace(v)) }
