package shell

import (
	"slices"
	"strings"
	"testing"
)

// Keys read without naming them: every program that reads, copies or
// archives a directory whole × every spelling of a directory that holds a
// credential store or actionguard's keys must give the finding of the
// named read; the same programs over an ordinary directory, and the
// listings of names, must not.

var treeOptions = Options{Cwd: "/home/dev/project", Home: "/home/dev"}

// treeReadTemplates read the directory D whole (P: a pattern).
var treeReadTemplates = []string{
	"grep -r P D", "grep -R P D", "grep -rn P D", "grep -rni P D/", "grep --recursive P D", "grep -d recurse P D", "grep -r -e P D",
	"egrep -r P D", "fgrep -r P D", "grep -r --include=* P D", "rg P D", "rg -uuu P D", "rg -n --hidden P D", "ag P D", "ack P D",
	"cp -r D /tmp/out", "cp -R D /tmp/out", "cp -a D /tmp/out", "cp --recursive D /tmp/out", "cp -rf D /tmp/out/",
	"rsync -a D /tmp/out", "rsync -r D/ /tmp/out", "rsync -av D backup.example.com:/srv/b", "scp -r D backup.example.com:/tmp",
	"tar czf /tmp/out.tgz D", "tar -czf /tmp/out.tgz D", "tar cf - D", "tar --create -f /tmp/o.tar D", "tar -c -f /tmp/o.tar D",
	"zip -r /tmp/out.zip D", "zip -qr /tmp/out.zip D", "7z a /tmp/out.7z D", "7za a /tmp/out.7z D",
}

// treeHolders are directories that hold a credential store or
// actionguard's keys, spelled as an agent would.
var treeHolders = []string{
	"~", "~/", "$HOME", "${HOME}", "/home/dev", "/home/dev/", "..", "/home", "/",
	"~/.local", "~/.local/", "$HOME/.local", "/home/dev/.local", "~/.local/state", "~/.local/state/actionguard", "~/.local/share",
	"~/.config", "$HOME/.config/", "~/.config/gcloud", "~/.config/gh", "~/.aws", "~/.gnupg", "~/.password-store", "~/.docker", "~/.kube",
}

// treeBenign are directories that hold none.
var treeBenign = []string{"src", "./src", "/home/dev/project", ".", "~/dev/proj", "~/.config/nvim", "~/.local/bin", "/tmp/work", "~/Documents/notes"}

func treeFindings(cmd string) []string {
	var ids []string
	for _, f := range Analyze(cmd, treeOptions).Findings {
		ids = append(ids, f.Rule)
	}
	return ids
}

func treeReads(ids []string) bool {
	return slices.Contains(ids, "shell.self.read-key") || slices.Contains(ids, "shell.cred.read") || slices.Contains(ids, "shell.cred.exfiltrate")
}

func TestReadsTreeHoldingSecrets(t *testing.T) {
	n := 0
	for _, tpl := range treeReadTemplates {
		for _, d := range treeHolders {
			cmd := strings.NewReplacer("P", ".", "D", d).Replace(tpl)
			if strings.HasPrefix(tpl, "tar") || strings.HasPrefix(tpl, "zip") || strings.HasPrefix(tpl, "7z") || strings.HasPrefix(tpl, "cp") ||
				strings.HasPrefix(tpl, "rsync") || strings.HasPrefix(tpl, "scp") {
				cmd = strings.ReplaceAll(tpl, "D", d)
			}
			n++
			if ids := treeFindings(cmd); !treeReads(ids) {
				t.Errorf("%s: reads the keys under %s without a finding (found %v)", cmd, d, ids)
			}
		}
	}
	t.Logf("%d commands", n)
}

// TestReadsTreeSpellings: tar's -C, include filters that can match a key
// file, and the home reached from the working directory.
func TestReadsTreeSpellings(t *testing.T) {
	for _, cmd := range []string{
		"tar czf /tmp/st.tgz -C ~ .local", "tar -C ~ -czf /tmp/st.tgz .config", "tar czf /tmp/st.tgz --directory=/home/dev .ssh .aws",
		"tar czf /tmp/h.tgz -C / home", "grep -r --include=*.key . ~", "grep -r --include=*.json . ~/.config",
		"rg -g '*.key' . ~", "grep -r . ../", "cd ~ && grep -r . .local", "cd ~ && tar czf /tmp/x.tgz .",
	} {
		if ids := treeFindings(cmd); !treeReads(ids) {
			t.Errorf("%s: no finding (found %v)", cmd, ids)
		}
	}
}

// TestReadsTreeBenign: the same programs over directories that hold no
// secret, and listings of names over any, still run.
func TestReadsTreeBenign(t *testing.T) {
	for _, tpl := range treeReadTemplates {
		for _, d := range treeBenign {
			cmd := strings.NewReplacer("P", "TODO", "D", d).Replace(tpl)
			if ids := treeFindings(cmd); treeReads(ids) {
				t.Errorf("%s: a read of keys found in %s (%v)", cmd, d, ids)
			}
		}
	}
	for _, cmd := range []string{
		"grep -rl password ~", "grep -rL TODO ~", "grep -rc TODO ~", "grep -rq TODO ~", "rg --files ~", "rg -l secret ~", "rg --count foo ~",
		"ls -R ~", "find ~ -name '*.pem'", "tar tzf /tmp/x.tgz", "tar xzf /tmp/x.tgz -C /tmp/out", "grep -r --include=*.go TODO ~",
		"rg -g '*.md' TODO ~", "cp -r ~/.config/nvim /tmp/n", "tar czf /tmp/p.tgz -C ~/dev proj", "zip /tmp/a.zip ~/notes.txt",
		"cp ~/.bashrc /tmp/b", "grep TODO ~/notes.txt", "tar cf /tmp/dirs.tar --no-recursion ~",
	} {
		if ids := treeFindings(cmd); treeReads(ids) {
			t.Errorf("%s: a read of keys found (%v)", cmd, ids)
		}
	}
}

// FuzzReadsTree: the tree readers never panic on any command line.
func FuzzReadsTree(f *testing.F) {
	for _, s := range []string{"tar czf /tmp/st.tgz -C ~ .local", "grep -r --include=[ . ~", "rg -g '!*.key' . ~", "cp -r -- ~ /tmp", "7z a", "zip -r"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 2048 {
			return
		}
		Analyze(s, treeOptions)
	})
}
