package shell

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Runners pointed at code from elsewhere. A build tool told to build or
// run the project in another directory (make -C /tmp/x, dotnet run
// --project /tmp/x, cargo run --manifest-path /tmp/x/Cargo.toml, npm
// --prefix /tmp/x run build, go run -C /tmp/x ., gradle -p, mvn -f,
// poetry -C, uv run --project) runs that directory's build files and
// code; an image build (docker build, podman build, buildah bud, earthly,
// dagger) runs its Dockerfile's or Earthfile's steps on the machine's
// builder. When those files came from the network on this line (git clone
// URL DIR, an archive fetched and unpacked there, curl -o DIR/Makefile,
// docker build URL, a remote earthly target or dagger module) the code
// runs unread: a person approves, as for a script piped from curl. A
// known directory outside the workspace that the line did not fetch is
// code nobody reviewed here either: it runs, and the user is told. The
// workspace's own subdirectories run as before.

var ruleRunsElsewhere = &rule.Rule{
	ID: "shell.runner.elsewhere", Category: rule.Execution, Points: svcSmall,
	Summary:     "Builds or runs a project in a directory outside the workspace (make -C, dotnet run --project, cargo --manifest-path, npm --prefix, go run -C): its build files and code run with your rights, and nobody has reviewed them here.",
	Alternative: "read the project's build files first (Makefile, package.json, *.csproj, Cargo.toml), or build it inside the workspace",
	Match: []string{"make -C /opt/tool", "dotnet run --project /srv/app", "cargo build --manifest-path /opt/x/Cargo.toml", "npm --prefix /opt/app run build",
		"go run -C /opt/tool .", "gradle -p /opt/app build", "mvn -f /opt/app/pom.xml package"},
	NoMatch: []string{"make -C build", "dotnet run --project src/App", "cargo build --manifest-path crates/a/Cargo.toml", "npm --prefix web run build",
		"go run -C tools/gen .", "make", "make -C /opt/tool --dry-run", "dotnet --version"},
}

// elsewhereRunners judges c when it builds or runs a project it is
// pointed at, or builds an image; in is its standard input.
func (w *walker) elsewhereRunners(c *Cmd, in stream) {
	if c.Name == "docker" || c.Name == "podman" || c.Name == "nerdctl" || c.Name == "buildah" || c.Name == "earthly" || c.Name == "dagger" {
		w.imageBuild(c, in)
		return
	}
	dirs := runnerProjectDirs(c)
	for _, d := range dirs {
		if w.runsFetchedDir(c, d, true) {
			return
		}
	}
	for _, d := range dirs {
		cl := c.Class(d)
		if !cl.Known || cl.Workspace || !strings.HasPrefix(cl.Abs, "/") {
			continue
		}
		w.r.mutates()
		w.r.add(c.find(ruleRunsElsewhere, c.Name+" builds and runs the project in "+showPath(d)+", outside the workspace: its build files and code run with your rights, and nobody has reviewed them here.", d))
		return
	}
}

// runsFetchedDir reports (and judges) a project directory d whose files
// the line fetched: cloned or unpacked there, or downloaded into it.
func (w *walker) runsFetchedDir(c *Cmd, d string, files bool) bool {
	abs, ok := c.Resolve(d)
	if !ok || dynWord(d) {
		return false
	}
	src := fetchedUnder(w.r.fl(), abs, files)
	if src == "" {
		return false
	}
	w.r.mutates()
	w.r.add(c.find(w.remoteRule(c), c.Name+" builds and runs the project in "+showPath(d)+", whose files this command line just fetched from "+src+", without anyone reading them.", d))
	return true
}

// fetchedUnder returns where the files of the directory abs came from
// when the line fetched them: a clone or unpacking into it or a
// directory above it, or, when files is set, a download into it or below
// it of a file that is not plain data (notes.txt, logo.png).
func fetchedUnder(fl *flowState, abs string, files bool) string {
	for dir, src := range fl.fetchedDirs {
		if abs == dir || strings.HasPrefix(abs, dir+"/") || dir == "/" {
			return src
		}
	}
	if !files {
		return ""
	}
	best := ""
	for f := range fl.downloaded {
		if strings.HasPrefix(f, abs+"/") && !plainData[strings.ToLower(path.Ext(f))] && (best == "" || f < best) {
			best = f // the first in order of name, for a message that does not change
		}
	}
	return fl.downloaded[best]
}

// plainData are the extensions of files no build tool runs.
var plainData = map[string]bool{".txt": true, ".md": true, ".csv": true, ".tsv": true, ".log": true, ".png": true, ".jpg": true, ".jpeg": true, ".gif": true,
	".svg": true, ".pdf": true, ".bin": true, ".dat": true, ".ico": true, ".webp": true, ".mp4": true, ".wav": true, ".parquet": true}

// runnerProjectDirs returns the directories c is told to build or run
// the project of, as written; nil when it builds the working directory's
// or only tells about itself.
func runnerProjectDirs(c *Cmd) []string {
	if !elsewhereProgs[c.Name] || len(c.Args) == 0 || c.Has("--help", "--version") {
		return nil
	}
	var dirs []string
	flagDir := func(names ...string) {
		if v, ok := c.Flag(names...); ok && v != "" && !dynWord(v) {
			dirs = append(dirs, v)
		}
	}
	fileDir := func(names ...string) {
		if v, ok := c.Flag(names...); ok && v != "" && !dynWord(v) && v != "-" {
			dirs = append(dirs, path.Dir(v))
		}
	}
	switch c.Name {
	case "make", "gmake":
		if c.Has("-n", "--dry-run", "--just-print", "--recon", "-q", "--question", "-v") {
			return nil
		}
		flagDir("-C", "--directory")
		fileDir("-f", "--file", "--makefile")
	case "dotnet":
		return dotnetProjectDirs(c.Args)
	case "cargo":
		if !cargoCompiles[strings.TrimPrefix(c.Sub(0), "+")] && !cargoCompiles[c.Sub(1)] {
			return nil
		}
		fileDir("--manifest-path")
		flagDir("-C")
	case "npm", "pnpm", "yarn", "bun":
		if len(pkgScriptNames(c)) == 0 {
			return nil
		}
		flagDir("--prefix", "--cwd", "-C", "--dir")
	case "go":
		switch c.Sub(0) {
		case "run", "test", "generate":
			flagDir("-C")
		}
	case "gradle", "gradlew":
		if c.Has("-v", "-h", "-?") {
			return nil
		}
		flagDir("-p", "--project-dir")
		fileDir("-b", "--build-file")
	case "mvn", "mvnw":
		if c.Has("-v", "-h", "-version") {
			return nil
		}
		if v, ok := c.Flag("-f", "--file"); ok && !dynWord(v) {
			if strings.HasSuffix(v, ".xml") {
				v = path.Dir(v)
			}
			dirs = append(dirs, v)
		}
	case "poetry":
		switch c.Sub(0) {
		case "run", "install", "build", "shell":
			flagDir("-C", "--directory", "-P", "--project")
		}
	case "uv":
		switch c.Sub(0) {
		case "run", "sync", "build":
			flagDir("--project", "--directory")
		}
	case "just":
		flagDir("-d", "--working-directory")
		fileDir("-f", "--justfile")
	}
	return dirs
}

// elsewhereProgs are the runners runnerProjectDirs reads.
var elsewhereProgs = map[string]bool{"make": true, "gmake": true, "dotnet": true, "cargo": true, "npm": true, "pnpm": true, "yarn": true, "bun": true,
	"go": true, "gradle": true, "gradlew": true, "mvn": true, "mvnw": true, "poetry": true, "uv": true, "just": true}

// dotnetProjectDirs reads dotnet's command line: run and watch name the
// project with --project (or -p), test, build, publish, pack and run
// with an operand that is a project file, a solution or a directory (a
// word that is a path: an option's value, Release or net8.0, is not).
func dotnetProjectDirs(args []string) []string {
	if len(args) == 0 {
		return nil
	}
	switch args[0] {
	case "run", "watch", "test", "build", "publish", "pack", "restore", "msbuild":
	default:
		return nil
	}
	var dirs []string
	add := func(p string) {
		if p == "" || dynWord(p) || strings.HasPrefix(p, "-") {
			return
		}
		if projectFileExt[path.Ext(p)] {
			p = path.Dir(p)
		}
		dirs = append(dirs, p)
	}
	runs := args[0] == "run" || args[0] == "watch"
	for i := 1; i < len(args); i++ {
		a := args[i]
		name, val, eq := strings.Cut(a, "=")
		switch {
		case a == "--":
			return dirs
		case name == "--project" || runs && name == "-p":
			if !eq && i+1 < len(args) {
				val = args[i+1]
				i++
			}
			add(val)
		case strings.HasPrefix(a, "-"):
		case strings.ContainsAny(a, `/\`) || projectFileExt[path.Ext(a)] || a == "." || a == "..":
			if !runs || len(dirs) == 0 {
				add(a)
			}
		}
	}
	return dirs
}

// projectFileExt are the extensions of the files dotnet builds.
var projectFileExt = map[string]bool{".csproj": true, ".fsproj": true, ".vbproj": true, ".sln": true, ".slnx": true, ".proj": true}

// noteFetchedDir remembers the directory a command fills with what it
// fetched from the network: git clone URL [DIR], gh repo clone, an
// archive from the network (or downloaded by the line) unpacked into a
// directory.
func (w *walker) noteFetchedDir(c *Cmd, in stream) {
	fl := w.r.fl()
	set := func(dir, src string) {
		abs, ok := c.Resolve(dir)
		if !ok || !strings.HasPrefix(abs, "/") || len(fl.fetchedDirs) >= 64 {
			return
		}
		if fl.fetchedDirs == nil {
			fl.fetchedDirs = map[string]string{}
		}
		fl.fetchedDirs[abs] = src
	}
	switch c.Name {
	case "git", "gh":
		pos := c.Positional()
		k := 0
		for k < len(pos) && pos[k] != "clone" {
			k++
		}
		if k+1 >= len(pos) || dynWord(pos[k+1]) {
			return
		}
		url := pos[k+1]
		if c.Name == "git" && (!gitURLLike(url) || strings.HasPrefix(url, "/") || strings.HasPrefix(url, ".") || strings.HasPrefix(url, "~") || strings.HasPrefix(url, "file://")) {
			return // a local repository is the user's own
		}
		dir := strings.TrimSuffix(path.Base(strings.TrimRight(url, "/")), ".git")
		if k+2 < len(pos) && !dynWord(pos[k+2]) {
			dir = pos[k+2]
		}
		set(dir, url)
		return
	}
	op, ok := arrivalOf(c)
	if !ok || op.kind != arriveArchive {
		return
	}
	src := ""
	switch {
	case op.source == "" && in.kind == streamNetwork:
		src = strings.TrimPrefix(in.what, "the download from ")
	case op.source != "":
		if abs, ok := c.Resolve(op.source); ok {
			src = fl.downloaded[abs]
		}
	}
	if src == "" {
		return
	}
	dests := op.dests
	if len(dests) == 0 {
		dests = []string{"."}
	}
	for _, d := range dests {
		if !dynWord(d) {
			set(d, src)
		}
	}
}
