package shell

import (
	"path"
	"strings"
)

// Image builds run a build file's steps on the machine's builder: docker
// build's, podman build's and buildah bud's Dockerfile RUN lines, an
// Earthfile's targets, a Dagger module's functions. A build file or
// context the line fetched (curl -o Dockerfile URL && docker build .,
// docker build -f /tmp/x, docker build URL, docker build - < a download,
// earthly github.com/x/y+t, dagger call -m github.com/x/y) runs code
// nobody read: a person approves.

// imageBuild judges the image builds of c.
func (w *walker) imageBuild(c *Cmd, in stream) {
	switch c.Name {
	case "earthly":
		w.earthlyBuild(c)
		return
	case "dagger":
		w.daggerCall(c)
		return
	}
	pos := c.Positional()
	switch {
	case c.Name == "buildah" && len(pos) > 0 && (pos[0] == "bud" || pos[0] == "build" || pos[0] == "build-using-dockerfile"):
		pos = pos[1:]
	case len(pos) > 0 && pos[0] == "build":
		pos = pos[1:]
	case len(pos) > 1 && (pos[0] == "buildx" || pos[0] == "image" || pos[0] == "builder") && (pos[1] == "build" || pos[1] == "b"):
		pos = pos[2:]
	default:
		return
	}
	ctx := "."
	if len(pos) > 0 {
		// The context is the one operand, written last; a program without
		// a spec reads an option's value (-t x) as an operand before it.
		ctx = pos[len(pos)-1]
	}
	if dynWord(ctx) {
		return
	}
	file, named := c.Flag("-f", "--file")
	r := w.r
	switch {
	case remoteContext(ctx):
		r.mutates()
		r.add(c.find(w.remoteRule(c), c.Name+" build fetches the build context "+ctx+" and runs its Dockerfile's steps on this machine's builder, without anyone reading them.", ctx))
		return
	case named && file == "-" || ctx == "-" && !named:
		if src := stdinFetched(r.fl(), in); src != "" {
			r.mutates()
			r.add(c.find(w.remoteRule(c), c.Name+" build reads its Dockerfile from standard input, which is "+src+", and runs its steps on this machine's builder without anyone reading them.", ctx))
		} else if in.kind == streamLiteral || in.kind == streamDecoded {
			w.judgeSteps(c, "the Dockerfile on standard input", in.text) // runners_dockerfile.go
		}
		return
	}
	var files []string
	if named && !dynWord(file) {
		files = append(files, file)
	} else {
		files = append(files, path.Join(ctx, "Dockerfile"), path.Join(ctx, "Containerfile"), path.Join(ctx, "dockerfile"))
	}
	for _, f := range files {
		if abs, ok := c.Resolve(f); ok && w.runsDownloaded(c, abs, f, "build runs the steps of") {
			return
		}
	}
	w.builtSteps(c, files) // runners_dockerfile.go
	if !named {
		w.runsFetchedDir(c, ctx, false)
	} else if abs, ok := c.Resolve(file); ok {
		if src := fetchedUnder(r.fl(), abs, false); src != "" {
			r.mutates()
			r.add(c.find(w.remoteRule(c), c.Name+" build runs the steps of "+file+", whose directory this command line just fetched from "+src+", without anyone reading them.", file))
		}
	}
}

// stdinFetched describes standard input when it holds what the network
// sent (a pipe from curl, a redirect from a file the line downloaded);
// "" otherwise.
func stdinFetched(fl *flowState, in stream) string {
	switch {
	case in.kind == streamNetwork:
		return in.what
	case in.file != "" && fl.downloaded[in.file] != "":
		return "the download from " + fl.downloaded[in.file]
	}
	return ""
}

// remoteContext reports a build context fetched from elsewhere: a URL, a
// git repository or a tarball on a server.
func remoteContext(ctx string) bool {
	l := strings.ToLower(ctx)
	for _, p := range []string{"http://", "https://", "git://", "git@", "ssh://", "github.com/", "gitlab.com/", "bitbucket.org/"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// earthlyBuild: earthly TARGET runs the target's steps; a target outside
// the project (github.com/x/y+t, a git URL) is fetched first, one in a
// directory (./dir+t, +t) is read from its Earthfile.
func (w *walker) earthlyBuild(c *Cmd) {
	for _, a := range c.Positional() {
		if dynWord(a) || !strings.Contains(a, "+") {
			continue
		}
		ref, _, _ := strings.Cut(a, "+")
		if ref != "" && !strings.HasPrefix(ref, ".") && !strings.HasPrefix(ref, "/") && !strings.HasPrefix(ref, "~") {
			w.r.mutates()
			w.r.add(c.find(w.remoteRule(c), "earthly fetches "+ref+" and runs its target's steps on this machine's builder, without anyone reading them.", a))
			return
		}
		if ref == "" {
			ref = "."
		}
		if abs, ok := c.Resolve(path.Join(ref, "Earthfile")); ok && w.runsDownloaded(c, abs, path.Join(ref, "Earthfile"), "runs the targets of") {
			return
		}
		if w.runsFetchedDir(c, ref, false) {
			return
		}
	}
}

// daggerCall: dagger call, dagger functions and dagger shell with a
// module (-m, --mod) fetched from a repository run its code.
func (w *walker) daggerCall(c *Cmd) {
	mod, ok := c.Flag("-m", "--mod")
	if !ok {
		for i, a := range c.Args {
			if v, found := strings.CutPrefix(a, "--mod="); found {
				mod, ok = v, true
			} else if (a == "-m" || a == "--mod") && i+1 < len(c.Args) {
				mod, ok = c.Args[i+1], true
			}
		}
	}
	if !ok || dynWord(mod) || mod == "" {
		return
	}
	if strings.HasPrefix(mod, ".") || strings.HasPrefix(mod, "/") || strings.HasPrefix(mod, "~") {
		w.runsFetchedDir(c, mod, false)
		return
	}
	first, _, _ := strings.Cut(mod, "/")
	if strings.Contains(first, ".") || remoteContext(mod) {
		w.r.mutates()
		w.r.add(c.find(w.remoteRule(c), "dagger fetches the module "+mod+" and runs its functions on this machine, without anyone reading them.", mod))
	}
}
