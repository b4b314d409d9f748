package shell

import (
	"strings"
	"testing"
)

// TestExposeMachineTunnels: every tunnel that makes a local service or
// the machine reachable from the internet, in every spelling, through the
// wrappers; their status, version and listing commands run.
func TestExposeMachineTunnels(t *testing.T) {
	tunnels := []string{
		"ngrok http 8000", "ngrok http --domain=x.ngrok.app 3000", "ngrok tcp 22", "ngrok tls 443", "ngrok start --all", "ngrok start web",
		"cloudflared tunnel --url http://localhost:8000", "cloudflared tunnel --url=localhost:3000", "cloudflared tunnel run mytunnel", "cloudflared tunnel --no-autoupdate run --token abc",
		"tailscale funnel 8000", "tailscale funnel --bg 3000", "tailscale funnel --https=443 localhost:8080",
		"code tunnel", "code tunnel --accept-server-license-terms", "code tunnel --name dev --accept-server-license-terms", "code-insiders tunnel", "code tunnel service install", "code-tunnel",
		"sshd -p 2222 -o PermitRootLogin=yes", "/usr/sbin/sshd -D -o 'PermitRootLogin yes'", "sshd -o PermitEmptyPasswords=yes -p 2200",
		"ttyd -p 7681 htop", "gotty top",
	}
	wrappers := []string{"%s", "nohup %s &", "sudo %s", "env FOO=1 %s", "timeout 1h %s", "setsid %s", "bash -c '%s'"}
	for _, tn := range tunnels {
		for _, wr := range wrappers {
			if strings.Contains(tn, "'") && strings.Contains(wr, "'") {
				continue
			}
			src := strings.ReplaceAll(wr, "%s", tn)
			if res := Analyze(src, producerOptions); !hasRule(res, ruleExposeMachine.ID) {
				t.Errorf("%q: want %s, got %v", src, ruleExposeMachine.ID, ruleIDs(res))
			}
		}
	}
	for _, src := range []string{
		"ngrok version", "ngrok --version", "ngrok config check", "ngrok config add-authtoken $TOKEN", "ngrok help", "cloudflared --version", "cloudflared tunnel list",
		"cloudflared tunnel login", "cloudflared tunnel create dev", "cloudflared tunnel info dev", "tailscale status", "tailscale funnel status", "tailscale funnel reset", "tailscale serve 3000",
		"tailscale funnel 8000 off", "code --list-extensions", "code .", "code tunnel status", "code tunnel kill", "code tunnel user show", "code-tunnel status", "sshd -t", "sshd -T",
		"sshd -p 2222 -o PermitRootLogin=no", "sshd -o PermitRootLogin=prohibit-password", "ttyd --version", "gotty --version",
		"ttyd -i lo htop", "ttyd -i 127.0.0.1 bash", "gotty -a 127.0.0.1 -w bash",
	} {
		if res := Analyze(src, producerOptions); hasRule(res, ruleExposeMachine.ID) || hasRule(res, ruleServeShell.ID) {
			t.Errorf("%q should run: got %v", src, ruleIDs(res))
		}
	}
}

// TestServeShellEverySpelling: a web terminal serving a shell or an
// interpreter, and a notebook server without a token on every interface,
// block; with a password they still expose the machine; on the loopback
// interface they run.
func TestServeShellEverySpelling(t *testing.T) {
	progs := []string{"bash", "sh", "zsh", "/bin/bash", "bash -l", "python3", "node", "login", "su -", "tmux new -A -s x"}
	for _, srv := range []string{"ttyd", "ttyd -W", "ttyd -p 7681", "ttyd --port 7681 -W", "ttyd -p7681", "ttyd -t fontSize=20 -p 8080", "ttyd -w /tmp", "gotty", "gotty -w", "gotty -p 8080 -w", "gotty --permit-write --port=9000"} {
		for _, p := range progs {
			src := srv + " " + p
			if res := Analyze(src, producerOptions); !hasRule(res, ruleServeShell.ID) {
				t.Errorf("%q: want %s, got %v", src, ruleServeShell.ID, ruleIDs(res))
			}
			pw := strings.Replace(src, srv, srv+" -c user:pass", 1)
			if res := Analyze(pw, producerOptions); hasRule(res, ruleServeShell.ID) || !hasRule(res, ruleExposeMachine.ID) {
				t.Errorf("%q has a password: want %s only, got %v", pw, ruleExposeMachine.ID, ruleIDs(res))
			}
		}
	}
	notebooks := []string{"jupyter notebook", "jupyter lab", "jupyter server", "jupyter-lab", "jupyter-notebook"}
	for _, nb := range notebooks {
		for _, ip := range []string{"--ip=0.0.0.0", "--ip 0.0.0.0", "--ip='*'", "--ServerApp.ip=0.0.0.0", "--NotebookApp.ip=::"} {
			for _, tok := range []string{"--NotebookApp.token=''", "--ServerApp.token=", "--NotebookApp.token= --NotebookApp.password=''", "--IdentityProvider.token=''"} {
				src := nb + " " + ip + " " + tok + " --no-browser"
				if res := Analyze(src, producerOptions); !hasRule(res, ruleServeShell.ID) {
					t.Errorf("%q: want %s, got %v", src, ruleServeShell.ID, ruleIDs(res))
				}
			}
			for _, ok := range []string{"", "--ServerApp.token=s3cr3t", "--NotebookApp.password=sha1:abc --NotebookApp.token=''"} {
				src := nb + " " + ip + " " + ok
				if res := Analyze(src, producerOptions); hasRule(res, ruleServeShell.ID) {
					t.Errorf("%q keeps a token or password and should run: got %v", src, ruleIDs(res))
				}
			}
		}
		src := nb + " --ip=127.0.0.1 --NotebookApp.token=''"
		if res := Analyze(src, producerOptions); hasRule(res, ruleServeShell.ID) {
			t.Errorf("%q listens on the loopback interface and should run: got %v", src, ruleIDs(res))
		}
	}
}

// TestPublishHomeEveryMount: a container publishing a port on every
// interface with the home, the root or a credential directory mounted
// serves them; a project directory, or a port on 127.0.0.1, runs.
func TestPublishHomeEveryMount(t *testing.T) {
	for _, eng := range []string{"docker run", "podman run", "docker container run", "nerdctl run", "docker create"} {
		for _, pub := range []string{"-p 8080:80", "-p 0.0.0.0:8080:80", "--publish=8080:80", "-P", "--network host"} {
			for _, vol := range []string{"~", "$HOME", "/home/dev", "/", "~/.ssh", "~/.aws"} {
				for _, form := range []string{"-v %s:/srv:ro", "--volume=%s:/srv", "-v %s:/usr/share/nginx/html"} {
					src := eng + " -d " + pub + " " + strings.ReplaceAll(form, "%s", vol) + " nginx"
					if res := Analyze(src, producerOptions); !hasRule(res, ruleServeSecrets.ID) {
						t.Errorf("%q: want %s, got %v", src, ruleServeSecrets.ID, ruleIDs(res))
					}
				}
			}
			src := eng + " " + pub + " -v $PWD/site:/usr/share/nginx/html:ro nginx"
			if res := Analyze(src, producerOptions); hasRule(res, ruleServeSecrets.ID) {
				t.Errorf("%q serves the project's site and should run: got %v", src, ruleIDs(res))
			}
		}
		src := eng + " -p 127.0.0.1:8080:80 -v ~:/srv:ro nginx"
		if res := Analyze(src, producerOptions); hasRule(res, ruleServeSecrets.ID) {
			t.Errorf("%q listens on the loopback interface only: got %v", src, ruleIDs(res))
		}
	}
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"twistd -n web --path ~ --port tcp:8080", true}, {"twistd web --path=/ --listen tcp:80", true}, {"twistd3 -n web --path $HOME", true},
		{"twistd -n web --path ~/.ssh --port tcp:8000", true}, {"twistd -n web --path ./site --port tcp:8080", false},
		{"twistd -n web --path ~ --port tcp:8080:interface=127.0.0.1", false}, {"twistd -n ftp --root ~", false},
	} {
		if got := hasRule(Analyze(tc.src, producerOptions), ruleServeSecrets.ID); got != tc.want {
			t.Errorf("%q: serve-secrets %v, want %v", tc.src, got, tc.want)
		}
	}
}
