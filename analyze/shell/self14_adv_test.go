package shell

import (
	"strings"
	"testing"
)

// self14Options: the hook program installed in ~/go/bin, as go install
// puts it, and named so by the agents' settings.
var self14Options = Options{Cwd: "/home/dev/project", Home: "/home/dev",
	HookPrograms: func(bool) []string {
		return []string{"/home/dev/go/bin/actionguard-hook", "/home/dev/go/bin/actionguard"}
	}}

// self14Blocked reports whether cmd gets a finding of a control-plane rule.
func self14Blocked(cmd string) (bool, string) {
	res := Analyze(cmd, self14Options)
	for _, f := range res.Findings {
		if strings.HasPrefix(f.Rule, "shell.self.") && f.Rule != ruleSelfBuildLocal.ID {
			return true, f.Rule + ": " + f.Message
		}
	}
	return false, ""
}

// TestSelf14InstallersIntoHookDir: an installer told to put programs whose
// names only its source knows into the directory that holds the hook
// program, or a directory above it, may put one of that name there: every
// installer and spelling, into every such directory, is blocked; the same
// installers into the project or a scratch directory are not.
func TestSelf14InstallersIntoHookDir(t *testing.T) {
	installers := []string{"cargo install --root %s --path .", "cargo install --root %s --git https://example.com/x.git",
		"pip install --prefix %s fakehook", "pip install --target %s fakehook", "pip3 install --prefix=%s ./pkg",
		"npm i -g --prefix %s fake-hook", "npm install --global --prefix=%s ./fakehook", "pnpm add -g --prefix %s x"}
	for _, in := range installers {
		for _, dir := range []string{"~/go", "$HOME/go", "/home/dev/go", "~/go/bin"} {
			cmd := strings.ReplaceAll(in, "%s", dir)
			if strings.HasPrefix(in, "cargo") && dir == "~/go/bin" {
				continue // cargo writes into ROOT/bin: ~/go/bin/bin holds nothing of the hooks
			}
			if ok, _ := self14Blocked(cmd); !ok {
				t.Errorf("%q: not blocked", cmd)
			}
		}
		for _, dir := range []string{"./.tools", "/tmp/x", "vendor"} {
			cmd := strings.ReplaceAll(in, "%s", dir)
			if ok, why := self14Blocked(cmd); ok {
				t.Errorf("%q: blocked: %s", cmd, why)
			}
		}
	}
}

// TestSelf14ProgramInUnknownDir: a change of a path whose directory is
// known only at run time and whose name is one of the hook programs' is a
// change of that program, for every changing command and spelling of the
// directory; the same with another name, or with the working directory as
// its start, is not.
func TestSelf14ProgramInUnknownDir(t *testing.T) {
	dirs := []string{"$(go env GOBIN)", `"$(go env GOPATH)"/bin`, "`go env GOPATH`/bin", "$GOBIN", "${BIN_DIR}", `"$X/tools"`}
	verbs := []string{"rm -f %s", "ln -sf /bin/true %s", "cp /bin/true %s", "mv /tmp/fake %s", "install -m 755 fake %s", "truncate -s0 %s", "shred -u %s"}
	for _, v := range verbs {
		for _, d := range dirs {
			for _, name := range []string{"actionguard-hook", "actionguard", "ActionGuard.exe"} {
				cmd := strings.ReplaceAll(v, "%s", d+"/"+name)
				if ok, _ := self14Blocked(cmd); !ok {
					t.Errorf("%q: not blocked", cmd)
				}
			}
			cmd := strings.ReplaceAll(v, "%s", d+"/mytool")
			if ok, why := self14Blocked(cmd); ok {
				t.Errorf("%q: blocked: %s", cmd, why)
			}
		}
		for _, own := range []string{"$PWD/bin/actionguard", "./build/$V/actionguard-hook", `"$(pwd)/actionguard"`} {
			cmd := strings.ReplaceAll(v, "%s", own)
			if ok, why := self14Blocked(cmd); ok {
				t.Errorf("%q: blocked: %s", cmd, why)
			}
		}
	}
}

// TestSelf14LoopbackJoins: code that joins a control path to an address of
// this machine on any port reaches actionguard's server (serve --addr
// :9911): blocked for every client, address spelling and join; a read, or
// the same join to another host's API, is not.
func TestSelf14LoopbackJoins(t *testing.T) {
	hosts := []string{"127.0.0.1:9911", "localhost:9911", "127.1:4000", "[::1]:9000", "0.0.0.0:8081"}
	tmpl := []string{
		`python3 -c "import requests; requests.post('http://HOST/v1/approvals/' + i + '/approve')"`,
		`python3 -c "import requests; requests.post('http://HOST/v1/' + 'tokens')"`,
		`node -e "fetch('http://HOST/v1/approvals/' + id + '/approve', {method: 'POST'})"`,
		`python3 -c "import http.client as h; c = h.HTTPConnection('HOST'); c.request('POST', '/v1/' + 'session', '{}')"`,
		`ruby -rnet/http -e 'Net::HTTP.post(URI("http://HOST/v1/" + "mode"), "{}")'`,
		`curl -X POST "http://HOST:$(cat port)/v1/tokens"`,
	}
	for _, tm := range tmpl {
		for _, h := range hosts {
			cmd := strings.ReplaceAll(tm, "HOST", h)
			if strings.Contains(tm, "$(cat port)") {
				host, _, _ := strings.Cut(h, ":")
				if strings.HasPrefix(h, "[") {
					host = "[::1]"
				}
				cmd = strings.ReplaceAll(tm, "HOST", host)
			}
			if ok, _ := self14Blocked(cmd); !ok {
				t.Errorf("%q: not blocked", cmd)
			}
		}
	}
	for _, cmd := range []string{
		`python3 -c "import requests; print(requests.get('http://127.0.0.1:9911/v1/approvals/' + i).json())"`,
		`python3 -c "import requests; requests.post('http://127.0.0.1:9911/api/' + 'items')"`,
		`curl -s "http://127.0.0.1:$(cat port)/v1/approvals"`,
		`mkdir -p "$(git rev-parse --show-toplevel)/src/api/v1/tokens"`,
	} {
		if ok, why := self14Blocked(cmd); ok {
			t.Errorf("%q: blocked: %s", cmd, why)
		}
	}
}

// TestSelf14EnvToolFiles: actionguard's variables written into the files
// environment tools load (mise, devbox, systemd's user.conf), in their own
// spellings, are blocked; their other settings are not.
func TestSelf14EnvToolFiles(t *testing.T) {
	files := []string{".mise.toml", "mise.toml", "mise.local.toml", ".rtx.toml", "~/.config/mise/config.toml", "devbox.json", "~/.config/systemd/user.conf"}
	bodies := []string{`ACTIONGUARD_MODE = "learning"`, `"ACTIONGUARD_DB": "/tmp/x.db"`, `DefaultEnvironment=ACTIONGUARD_CONFIG=/tmp/l.yaml`, `ACTIONGUARD_LEVEL='1'`}
	for _, f := range files {
		for _, body := range bodies {
			for _, w := range []string{"echo '%s' > %f", "echo '%s' >> %f", "echo '%s' | tee -a %f"} {
				cmd := strings.NewReplacer("%s", body, "%f", f).Replace(w)
				if ok, _ := self14Blocked(cmd); !ok {
					t.Errorf("%q: not blocked", cmd)
				}
			}
			if fs := EnvContentWrite(strings.Replace(f, "~", "/home/dev", 1), body, self14Options); len(fs) == 0 {
				t.Errorf("a file tool writing %q into %s: not blocked", body, f)
			}
		}
		cmd := "echo 'NODE_ENV = \"development\"' > " + f
		if ok, why := self14Blocked(cmd); ok {
			t.Errorf("%q: blocked: %s", cmd, why)
		}
	}
}

// TestSelf14ClaudeConfig: claude config changing the hooks' keys is
// blocked; other keys and reads are not.
func TestSelf14ClaudeConfig(t *testing.T) {
	for _, cmd := range []string{"claude config set -g disableAllHooks true", "claude config set hooks '{}'", "claude config add env ACTIONGUARD_MODE=learning", "claude config remove -g hooks"} {
		if ok, _ := self14Blocked(cmd); !ok {
			t.Errorf("%q: not blocked", cmd)
		}
	}
	for _, cmd := range []string{"claude config set -g theme dark", "claude config get hooks", "claude config list"} {
		if ok, why := self14Blocked(cmd); ok {
			t.Errorf("%q: blocked: %s", cmd, why)
		}
	}
}
