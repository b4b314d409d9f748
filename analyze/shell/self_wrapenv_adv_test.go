package shell

import (
	"strings"
	"testing"
)

// TestWrapperEnvIntoShellScript: actionguard's variables (and the ones
// that move an agent's settings) given to a shell by every env-like
// spelling reach the commands of its -c script: each changing command is
// blocked; the same lines with a command that only reads, or with another
// variable, are not.
func TestWrapperEnvIntoShellScript(t *testing.T) {
	wrappers := []string{"env %v %s -c '%c'", "exec env %v %s -c '%c'", "nohup env %v %s -c '%c'", "env -i %v %s -c '%c'",
		"timeout 5 env %v %s -c '%c'", "env -S '%v %s -c \"%c\"'", "%v %s -c '%c'", "export %v; %s -c '%c'"}
	shells := []string{"bash", "sh", "dash", "zsh", "/bin/bash"}
	vars := []string{"ACTIONGUARD_DB=/tmp/x.db", "ACTIONGUARD_STATE_DIR=/tmp/s", "ACTIONGUARD_STORE=/tmp/x.db"}
	fill := func(w, v, sh, cmd string) string {
		return strings.NewReplacer("%v", v, "%s", sh, "%c", cmd).Replace(w)
	}
	for _, w := range wrappers {
		for _, sh := range shells {
			for _, v := range vars {
				for _, cmd := range []string{"actionguard undo", "actionguard trash restore t-1"} {
					line := fill(w, v, sh, cmd)
					if ok, _ := self14Blocked(line); !ok {
						t.Errorf("%q: not blocked", line)
					}
				}
				twin := fill(w, v, sh, "actionguard check -- ls")
				if ok, why := self14Blocked(twin); ok {
					t.Errorf("%q: blocked: %s", twin, why)
				}
			}
			other := fill(w, "FOO=1", sh, "actionguard undo")
			if ok, why := self14Blocked(other); ok {
				t.Errorf("%q: blocked: %s", other, why)
			}
			agent := fill(w, "CLAUDE_CONFIG_DIR=/tmp/e", sh, "claude -p hi")
			if ok, _ := self14Blocked(agent); !ok {
				t.Errorf("%q: not blocked", agent)
			}
		}
	}
}

// TestStartupFileDefeatsGuard: a line written to any shell start-up file,
// by any writer, that puts a directory the agent controls on PATH, sets
// BASH_ENV or ENV, or redefines an agent program to start without its
// hooks is blocked; ordinary rc lines written the same way are not.
func TestStartupFileDefeatsGuard(t *testing.T) {
	files := []string{"~/.bashrc", "~/.bash_profile", "~/.profile", "~/.zshrc", "~/.zshenv"}
	writers := []string{"echo '%l' >> %f", "printf '%s\\n' '%l' >> %f", "echo '%l' | tee -a %f"}
	attacks := []string{"export PATH=/tmp/evil:$PATH", "export PATH=.:$PATH", "PATH=bin:$PATH", "export PATH=/home/dev/project/bin:$PATH",
		"export PATH=:$PATH", "export BASH_ENV=/tmp/x", "export ENV=$HOME/.x", "BASH_ENV=~/.x; export BASH_ENV",
		`alias claude="claude --setting-sources project"`, `alias claude="claude --bare"`, `alias codex="CODEX_HOME=/tmp/c codex"`,
		`alias gemini="HOME=/tmp/h gemini"`, `claude() { command claude --bare "$@"; }`}
	twins := []string{`alias ll="ls -l"`, `alias claude="claude --model opus"`, `alias gs="git status"`, "export HISTSIZE=10000"}
	write := func(w, f, l string) string { return strings.NewReplacer("%l", l, "%f", f).Replace(w) }
	for _, f := range files {
		for _, w := range writers {
			for _, l := range attacks {
				line := write(w, f, l)
				if ok, _ := self14Blocked(line); !ok {
					t.Errorf("%q: not blocked", line)
				}
			}
			for _, l := range twins {
				line := write(w, f, l)
				if ok, why := self14Blocked(line); ok {
					t.Errorf("%q: blocked: %s", line, why)
				}
			}
		}
	}
	for _, ok := range []string{"export PATH=$HOME/.cargo/bin:$PATH", "export PATH=~/go/bin:$PATH", "export PATH=/usr/local/go/bin:$PATH", "export EDITOR=vim"} {
		if blocked, why := self14Blocked("echo '" + ok + "' >> ~/.bashrc"); blocked {
			t.Errorf("%q: blocked: %s", ok, why)
		}
	}
	for _, fish := range []string{"set -gx PATH /tmp/b $PATH", "fish_add_path /tmp/b", "set -gx BASH_ENV /tmp/x"} {
		if blocked, _ := self14Blocked("echo '" + fish + "' >> ~/.config/fish/config.fish"); !blocked {
			t.Errorf("fish %q: not blocked", fish)
		}
	}
	if blocked, why := self14Blocked("echo 'fish_add_path ~/.cargo/bin' >> ~/.config/fish/config.fish"); blocked {
		t.Errorf("fish cargo path: blocked: %s", why)
	}
}

// TestStartupContentWriteTool: the same lines written by a file tool
// (Write's content) are blocked; ordinary lines get no finding here.
func TestStartupContentWriteTool(t *testing.T) {
	for _, f := range []string{"/home/dev/.bashrc", "/home/dev/.zshrc", "/home/dev/.profile"} {
		for _, l := range []string{"export PATH=/home/dev/project/bin:$PATH\n", "export BASH_ENV=/tmp/x\n", "claude() { command claude --bare \"$@\"; }\n",
			"alias gemini='HOME=/tmp/h gemini'\n"} {
			if len(EnvContentWrite(f, l, self14Options)) == 0 {
				t.Errorf("%s %q: no finding", f, l)
			}
		}
		for _, l := range []string{"alias gs='git status'\n", "export PATH=$HOME/.cargo/bin:$PATH\n", "alias claude='claude --model opus'\n"} {
			if got := EnvContentWrite(f, l, self14Options); len(got) != 0 {
				t.Errorf("%s %q: %v", f, l, got)
			}
		}
	}
}
