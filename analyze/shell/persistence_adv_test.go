package shell

import (
	"strings"
	"testing"
)

// A file that runs later is judged by what it will run: harmless content
// is reported, content that runs code out of sight needs approval.

// startupContents are written to every start-up file and .envrc by every
// write spelling of autorun_adv_test.go.
var harmlessStartup = []string{
	"alias gs='git status'", "alias ls='ls --color=auto'", "export GOFLAGS=-mod=mod", "export EDITOR_THEME=dark", "set -o vi", "shopt -s histappend",
	"# a comment", "export HISTSIZE=10000",
}

var dangerousStartup = []string{
	"sh /tmp/e/x", "bash /tmp/e/x", ". /tmp/e/x", "source ~/.cache/x", "/tmp/e/x", "alias sudo='sh /tmp/e/x'", "alias git='/tmp/e/git'",
	"export PATH=/tmp/e:$PATH", "export LD_PRELOAD=/tmp/e/x.so", "export BASH_ENV=/tmp/e/x", "PROMPT_COMMAND='sh /tmp/e/x'", "rm -rf ~",
	"export NODE_OPTIONS='--require /tmp/e/x.js'", "nohup /tmp/e/x &",
}

func TestAutorunContent(t *testing.T) {
	spellings := []string{`echo {Q} > {F}`, `echo {Q} >> {F}`, `printf '%s\n' {Q} > {F}`, `echo {Q} | tee -a {F}`, `cat >> {F} <<'EOF'
{P}
EOF`}
	quote := func(p string) string { return "'" + strings.ReplaceAll(p, "'", `'\''`) + "'" }
	for _, tmpl := range spellings {
		for _, f := range []string{"~/.bash_aliases", "~/.bashrc", "~/.zshrc", ".envrc", "sub/.envrc"} {
			for _, p := range harmlessStartup {
				line := strings.NewReplacer("{Q}", quote(p), "{P}", p, "{F}", f).Replace(tmpl)
				if strings.Contains(tmpl, "tee") {
					continue // tee's writes are judged by the tee rules
				}
				if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "allow" {
					t.Errorf("%q adds a harmless setting but is judged %s: %v", line, got, channelIDs(Analyze(line, exampleOptions).Findings))
				}
			}
			for _, p := range dangerousStartup {
				line := strings.NewReplacer("{Q}", quote(p), "{P}", p, "{F}", f).Replace(tmpl)
				if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "approve" && got != "block" {
					t.Errorf("%q makes a file run code later but is judged %s: %v", line, got, channelIDs(Analyze(line, exampleOptions).Findings))
				}
			}
		}
	}
}

func TestEditorAutorunContent(t *testing.T) {
	harmless := []string{
		`{"tasks":[{"label":"build","type":"shell","command":"go build ./..."}]}`, `{"editor.formatOnSave":true}`,
		`{"tasks":[{"label":"fmt","type":"shell","command":"gofmt -l .","runOptions":{"runOn":"default"}}]}`, `{"files.exclude":{"**/.git":true}}`,
	}
	dangerous := []string{
		`{"tasks":[{"label":"x","type":"shell","command":"rm -rf ~","runOptions":{"runOn":"folderOpen"}}]}`,
		`{"tasks":[{"label":"x","type":"shell","command":"sh","args":["/tmp/e/x"],"runOptions":{"runOn":"folderOpen"}}]}`,
		`{"tasks":[{"label":"x","type":"shell","command":"/tmp/e/x","runOptions":{"runOn":"folderOpen"}}]}`,
		`{"terminal.integrated.env.linux":{"BASH_ENV":"/tmp/e/x"}}`, `{"terminal.integrated.env.osx":{"PATH":"/tmp/e:${env:PATH}"}}`,
		`{"terminal.integrated.profiles.linux":{"x":{"path":"/tmp/e/x"}}}`, `{"python.defaultInterpreterPath":"/tmp/e/python"}`,
		`{"go.alternateTools":{"go":"/tmp/e/go"}}`,
	}
	for _, f := range []string{".vscode", ".cursor"} {
		for _, tmpl := range []string{`printf '%s' '{J}' > {F}`, `echo '{J}' > {F}`, `cat > {F} <<'EOF'
{J}
EOF`} {
			for _, j := range harmless {
				file := f + "/settings.json"
				if strings.Contains(j, "tasks") {
					file = f + "/tasks.json"
				}
				line := strings.NewReplacer("{J}", j, "{F}", file).Replace(tmpl)
				if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "allow" {
					t.Errorf("%q writes harmless editor settings but is judged %s: %v", line, got, channelIDs(Analyze(line, exampleOptions).Findings))
				}
			}
			for _, j := range dangerous {
				file := f + "/settings.json"
				if strings.Contains(j, "tasks") {
					file = f + "/tasks.json"
				}
				line := strings.NewReplacer("{J}", j, "{F}", file).Replace(tmpl)
				if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "approve" && got != "block" {
					t.Errorf("%q makes the editor run code but is judged %s: %v", line, got, channelIDs(Analyze(line, exampleOptions).Findings))
				}
			}
		}
	}
}

func TestScheduledUnseenScripts(t *testing.T) {
	for _, line := range []string{
		`echo "sh /tmp/e/x" | at now + 1 hour`, `at -f /tmp/e/x now`, `at now -f /tmp/e/x`, `batch -f ~/x`, `echo /tmp/e/x | batch`, `echo "bash ~/.cache/x" | at midnight`,
		`systemd-run --user sh /tmp/e/x`, `systemd-run --user /tmp/e/x`, `systemd-run --user -- bash /tmp/e/x`, `sudo systemd-run /tmp/e/x`,
		`printf "[Service]\nExecStart=/bin/sh -c x\n" > ~/.config/systemd/user/x.service && systemctl --user enable --now x`,
		`printf "[Service]\nExecStart=/usr/bin/make\n" > ~/.config/systemd/user/x.service && systemctl --user enable x`,
	} {
		if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "approve" && got != "block" {
			t.Errorf("%q runs a script out of sight later but is judged %s: %v", line, got, channelIDs(Analyze(line, exampleOptions).Findings))
		}
	}
	for _, line := range []string{
		`echo 'make backup' | at now + 1 hour`, `printf '#!/bin/sh\nmake\n' > /tmp/j.sh && at -f /tmp/j.sh now`, `systemd-run --user --scope make`,
		`systemd-run --user --scope sh /tmp/e/x.sh`, `atq`, `at -l`, `systemctl --user enable --now syncthing`, `echo "/usr/bin/make backup" | at now`,
	} {
		if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "allow" {
			t.Errorf("%q is judged %s: %v", line, got, channelIDs(Analyze(line, exampleOptions).Findings))
		}
	}
}

// FuzzShellContentVerdict: the content reader never panics.
func FuzzShellContentVerdict(f *testing.F) {
	for _, p := range append(append([]string{}, harmlessStartup...), dangerousStartup...) {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, text string) {
		v := shellContentVerdict(text)
		if v != autorunUnknown && v != autorunHarmless && v != autorunDanger {
			t.Fatalf("verdict %d", v)
		}
	})
}
