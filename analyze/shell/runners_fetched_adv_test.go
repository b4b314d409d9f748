package shell

import (
	"fmt"
	"io/fs"
	"testing"
)

// TestRunnerReadsDownloadedFile: a manifest or Makefile the line downloads
// (every downloader spelling) and a runner then reads (every runner of that
// file) runs what came from the network: held for approval, with the disk
// in view or not. A download into another file beside the same runner runs.
func TestRunnerReadsDownloadedFile(t *testing.T) {
	downloads := []string{"curl -o %s https://x.example/f", "curl -sSLo %s https://x.example/f", "curl --output %s https://x.example/f",
		"wget -O %s https://x.example/f", "wget -qO %s https://x.example/f", "wget --output-document=%s https://x.example/f"}
	runs := []struct{ file, run string }{
		{"package.json", "npm i"}, {"package.json", "npm install"}, {"package.json", "npm test"}, {"package.json", "npm run build"},
		{"Makefile", "make"}, {"Makefile", "make -j4 all"}, {"pyproject.toml", "poetry run app"},
	}
	disk := func(string) ([]byte, error) { return nil, fs.ErrNotExist }
	for _, d := range downloads {
		for _, r := range runs {
			for _, sep := range []string{" && ", "; ", "\n"} {
				for _, read := range []func(string) ([]byte, error){nil, disk} {
					line := fmt.Sprintf(d, r.file) + sep + r.run
					opt := Options{Cwd: "/home/dev/project", Home: "/home/dev", ReadFile: read}
					if v, id := maxPoints(line, opt); v < 80 {
						t.Errorf("%q (disk %v): %d points (%s), want the download held", line, read != nil, v, id)
					}
					twin := fmt.Sprintf(d, "data.bin") + sep + r.run
					if v, id := maxPoints(twin, opt); v >= 50 {
						t.Errorf("%q: %d points (%s), want it to run", twin, v, id)
					}
				}
			}
		}
	}
}

// TestRunnerReadsCopyOfMissingFile: a manifest copied from a file that is
// not on disk when the line is judged holds what only the run shows: a
// runner reading it asks; a copy of a template on disk is read and runs.
func TestRunnerReadsCopyOfMissingFile(t *testing.T) {
	files := map[string]string{"/home/dev/project/tpl/package.json": `{"scripts":{"test":"jest","install":"node-gyp rebuild"}}`}
	read := func(abs string) ([]byte, error) {
		if s, ok := files[abs]; ok {
			return []byte(s), nil
		}
		return nil, fs.ErrNotExist
	}
	for _, cp := range []string{"cp %s package.json", "cp -f %s ./package.json", "mv %s package.json", "install -m 644 %s package.json"} {
		for _, run := range []string{"npm i", "npm test", "npm run test"} {
			line := fmt.Sprintf(cp, "/tmp/incoming.json") + " && " + run
			opt := Options{Cwd: "/home/dev/project", Home: "/home/dev", ReadFile: read}
			if v, id := maxPoints(line, opt); v < 40 {
				t.Errorf("%q: %d points (%s), want a person to confirm", line, v, id)
			}
			twin := fmt.Sprintf(cp, "tpl/package.json") + " && " + run
			if v, id := maxPoints(twin, opt); v >= 40 {
				t.Errorf("%q: %d points (%s), want it to run", twin, v, id)
			}
		}
	}
}

// TestRunsFileInlineCodeWrote: a file inline code writes (every language's
// write call) and the line then runs (a shell, make, a runner) holds what
// only the run shows: a person confirms. The same file only shown runs.
func TestRunsFileInlineCodeWrote(t *testing.T) {
	writers := []string{
		`python3 -c "open('%s','w').write(x)"`, `python3 -c "import pathlib; pathlib.Path('%s').write_text(x)"`,
		`node -e "require('fs').writeFileSync('%s', x)"`, `perl -e 'open(F, ">%s"); print F $x'`, `ruby -e 'File.write("%s", x)'`,
	}
	runs := []struct{ file, run string }{{"x.sh", "bash x.sh"}, {"x.sh", "sh ./x.sh"}, {"Makefile", "make"}, {"package.json", "npm test"}}
	opt := Options{Cwd: "/home/dev/project", Home: "/home/dev"}
	for _, wr := range writers {
		for _, r := range runs {
			line := fmt.Sprintf(wr, r.file) + " && " + r.run
			if v, id := maxPoints(line, opt); v < 40 {
				t.Errorf("%q: %d points (%s), want a person to confirm", line, v, id)
			}
			twin := fmt.Sprintf(wr, r.file) + " && cat " + r.file
			if v, id := maxPoints(twin, opt); v >= 40 {
				t.Errorf("%q: %d points (%s), want it to run", twin, v, id)
			}
		}
	}
}
