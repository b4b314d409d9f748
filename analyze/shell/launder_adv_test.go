package shell

import (
	"strings"
	"testing"
)

// launderPlaces are places whose deletion needs an approval at least,
// with the least points it must reach.
var launderPlaces = []struct {
	dir string
	min int
}{
	{"~/Documents", 71}, {"/home/dev/Pictures", 71}, {"~/.ssh", 71}, {"$HOME/notes", 71}, {"~", 101}, {"/home/dev", 101},
}

// TestLaunderThroughNames: a move, a symbolic link or a bind mount makes a
// harmless name (scratch space, build output) mean a protected place, and
// the delete that follows on the same line names only the harmless one:
// every aliasing spelling, every delete spelling through the name, every
// separator.
func TestLaunderThroughNames(t *testing.T) {
	type alias struct {
		make string // %s is the protected place, N the name
		link bool   // a symbolic link: only deletes through it reach the place
	}
	aliases := []alias{
		{"mv %s N", false}, {"mv -f %s N", false}, {"mv -T %s N", false}, {"mv -t /tmp %s", false}, {"gmv %s N", false},
		{"ln -s %s N", true}, {"ln -sfn %s N", true}, {"ln --symbolic --force %s N", true}, {"ln -sT %s N", true},
		{"mount --bind %s N", false}, {"mount -B %s N", false}, {"mount -o bind %s N", false}, {"mount --rbind %s N", false}, {"bindfs %s N", false},
	}
	names := []string{"/tmp/trash", "build", "node_modules", "dist", ".venv", "/tmp/x/y"}
	deletes := []struct {
		cmd     string
		through bool // goes through a link (N/, N/*, N/x)
	}{
		{"rm -rf N/", true}, {"rm -rf N/*", true}, {"rm -r -f N/", true}, {"rm -fr -- N/*", true}, {"find N/ -delete", true}, {"find N/ -type f -delete", true},
		{"rm -rf N", false}, {"rm --recursive --force N", false},
	}
	seps := []string{" && ", "; ", "\n", " || true; "}
	n := 0
	for _, a := range aliases {
		for _, nm := range names {
			if strings.HasPrefix(a.make, "mv -t") && nm != "/tmp/trash" {
				continue
			}
			for _, pl := range launderPlaces {
				mk := strings.ReplaceAll(strings.ReplaceAll(a.make, "%s", pl.dir), "N", nm)
				target := nm
				if strings.HasPrefix(a.make, "mv -t") {
					target = "/tmp/" + strings.Replace(pathBase(pl.dir), "~", "dev", 1)
				}
				for _, d := range deletes {
					if a.link && !d.through {
						continue
					}
					for _, sep := range seps {
						src := mk + sep + strings.ReplaceAll(d.cmd, "N", target)
						n++
						if got := envMaxPoints(Analyze(src, producerOptions)); got < pl.min {
							t.Errorf("%q: %d points, want at least %d", src, got, pl.min)
						}
					}
				}
			}
		}
	}
	if n < 1500 {
		t.Errorf("only %d cases", n)
	}
}

func pathBase(p string) string {
	if i := strings.LastIndex(p, "/"); i >= 0 {
		return p[i+1:]
	}
	return p
}

// TestLaunderBenignTwins: moving or linking the project's own output and
// deleting it, removing a link itself, and deleting something the line
// did not rename run.
func TestLaunderBenignTwins(t *testing.T) {
	for _, src := range []string{
		"mv build /tmp/old-build && rm -rf /tmp/old-build", "mv dist /tmp/d; rm -rf /tmp/d", "mv node_modules /tmp/nm && rm -rf /tmp/nm &",
		"cp -a build /tmp/b && rm -rf /tmp/b", "ln -s ../shared/assets assets", "ln -sfn build/v2 current && rm -rf build/v1",
		"ln -s dist/app.js app.js && rm -f app.js", "ln -s ~/Documents docs && rm docs", "ln -s ~/Documents docs && rm -f docs", "ln -sfn ~/.cache/x cache && unlink cache",
		"ln -s ../shared node_modules/shared && rm -rf node_modules/.cache", "mv /tmp/a /tmp/b && rm -rf /tmp/b", "rm -rf node_modules/", "rm -rf build/*",
		"mount --bind /tmp/data build && rm -rf build",
		"7z a -sdel /tmp/logs.7z build/logs", "7z a /tmp/h.7z ~/Documents", "7z a -sdel dist.7z dist/",
		"find build -type f -name '*.log' -exec truncate -s0 {} +", "for f in build/*.log; do > \"$f\"; done", "for f in /tmp/scratch-*; do rm -f \"$f\"; done",
		"cd - && ls", "cd /tmp && cd - && rm -rf build", "find /tmp/x -type f -exec truncate -s0 {} +",
	} {
		if got := envMaxPoints(Analyze(src, producerOptions)); got > 25 {
			t.Errorf("%q should run: %d points %v", src, got, ruleIDs(Analyze(src, producerOptions)))
		}
	}
}

// TestEmptyEveryFile: emptying or destroying every file of a directory of
// the home, by find -exec, a loop or a wildcard, is a deletion of it.
func TestEmptyEveryFile(t *testing.T) {
	forms := []string{
		"find D -type f -exec truncate -s0 {} +", "find D -type f -exec truncate --size=0 {} \\;", "find D -exec cp /dev/null {} \\;",
		"find D -type f -exec sh -c ': > \"$1\"' _ {} \\;", "find D -type f -exec bash -c 'for f; do > \"$f\"; done' _ {} +",
		"for f in D/*; do > \"$f\"; done", "for f in D/*; do : > \"$f\"; done", "for f in D/*; do truncate -s0 \"$f\"; done", "for f in D/*; do shred -u \"$f\"; done",
		"for f in D/*; do cp /dev/null \"$f\"; done", "shred -u D/*", "rm -f D/*", "truncate -s 0 D/*",
	}
	for _, dir := range []string{"~/Documents", "/home/dev/Pictures", "$HOME/Desktop", "~/Documents/taxes", "~/.ssh", "~/Dropbox/work"} {
		for _, f := range forms {
			src := strings.ReplaceAll(f, "D", dir)
			if got := envMaxPoints(Analyze(src, producerOptions)); got <= 70 {
				t.Errorf("%q: %d points, want an approval (above 70): %v", src, got, ruleIDs(Analyze(src, producerOptions)))
			}
		}
	}
	// Other directories of the home (notes, caches, checkouts) are judged
	// file by file, as before: emptying them asks at most.
	for _, dir := range []string{"~/notes/claude", "~/.cache/pip", "/home/dev/src/other"} {
		for _, f := range forms {
			src := strings.ReplaceAll(f, "D", dir)
			if got := envMaxPoints(Analyze(src, producerOptions)); got > 70 {
				t.Errorf("%q: %d points, want at most a question: %v", src, got, ruleIDs(Analyze(src, producerOptions)))
			}
		}
	}
	// cd - goes to the OLDPWD the line set, or the directory it left.
	for _, src := range []string{"OLDPWD=/ cd - && rm -rf *", "export OLDPWD=/; cd - && rm -rf *", "OLDPWD=~ cd - && rm -rf *"} {
		if got := envMaxPoints(Analyze(src, producerOptions)); got <= 100 {
			t.Errorf("%q: %d points, want a block", src, got)
		}
	}
}
