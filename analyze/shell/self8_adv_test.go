package shell

import (
	"fmt"
	"strings"
	"testing"
)

// hasSelf8Rule reports a finding of one of ids in res.
func hasSelf8Rule(res *Result, ids ...string) bool {
	for _, f := range res.Findings {
		for _, id := range ids {
			if f.Rule == id {
				return true
			}
		}
	}
	return false
}

// selfPidForms are the ways a line carries a process id from where it is
// found to what uses it: a variable, a substitution, a loop, a pipe to
// xargs, a file of ids. %[1]s is the finder, %[2]s the use with $p.
var selfPidForms = []string{
	"p=$(%[1]s); %[2]s",
	"p=$(%[1]s) && %[2]s",
	"p=`%[1]s`; %[2]s",
	"for p in $(%[1]s); do %[2]s; done",
	"%[1]s | while read p; do %[2]s; done",
	"%[1]s > /tmp/ids; while read p; do %[2]s; done < /tmp/ids",
	"export p=$(%[1]s); bash -c '%[2]s'",
	"p=$(%[1]s); sudo %[2]s",
}

// TestSelfPidsFoundAtRunTime: every finder of actionguard's processes,
// through every way of carrying the id, paired with every tool that
// signals or attaches to a process, is a self finding; the same with the
// developer's own program is none.
func TestSelfPidsFoundAtRunTime(t *testing.T) {
	self := []string{"pgrep actionguard", "pgrep -f 'actionguard serve'", "pidof actionguard-hook", "pgrep -x actionguard-mcp",
		"ps -ef | grep '[a]ctionguard' | awk '{print $2}'", "ps aux | grep -i ActionGuard | awk '{print $2}'", "cat ~/.local/state/actionguard/serve.pid",
		"lsof -t -i :8750"}
	other := []string{"pgrep myapp", "pgrep -f 'node server.js'", "pidof nginx", "pgrep -x worker",
		"ps -ef | grep '[m]yapp' | awk '{print $2}'", "ps aux | grep -i vite | awk '{print $2}'", "cat run/app.pid", "lsof -t -i :3000"}
	uses := []string{"kill $p", "kill -9 $p", "kill -s STOP $p", "strace -p $p", "ltrace -p $p", "gdb -p $p", "gdb --pid=$p", "gdb attach $p",
		"gcore $p", "cat /proc/$p/mem", "dd if=/proc/$p/mem of=/tmp/m", "strings /proc/$p/environ", "renice 19 -p $p", "taskkill /PID $p /F"}
	n := 0
	for i, f := range self {
		for j, form := range selfPidForms {
			for k, u := range uses {
				if (i+j+k)%3 != 0 {
					continue // a third of the product keeps the test quick and covers every pair of dimensions
				}
				cmd := fmt.Sprintf(form, f, u)
				res := Analyze(cmd, selfOptions)
				if !hasSelf8Rule(res, ruleSelfServerStop.ID, ruleSelfAttach.ID) {
					t.Errorf("%s: no self finding (found %v)", cmd, ruleIDs(res))
				}
				twin := fmt.Sprintf(form, other[i], u)
				if res := Analyze(twin, selfOptions); hasSelf8Rule(res, ruleSelfServerStop.ID, ruleSelfAttach.ID, ruleKillUnknown.ID) {
					t.Errorf("%s: %v, want no self finding", twin, ruleIDs(res))
				}
				n++
			}
		}
	}
	if n < 200 {
		t.Errorf("only %d cases", n)
	}
}

// TestSelfPidsInlineCode: inline code that signals actionguard's process,
// named in the code or given as an id the line found.
func TestSelfPidsInlineCode(t *testing.T) {
	for _, cmd := range []string{
		`python3 -c "import os,signal,subprocess; os.kill(int(subprocess.check_output(['pgrep','actionguard'])), signal.SIGKILL)"`,
		`python3 -c "import psutil; [p.kill() for p in psutil.process_iter() if 'actionguard' in p.name()]"`,
		`pid=$(pgrep actionguard); python3 -c "import os; os.kill($pid, 9)"`,
		`node -e "process.kill(+require('child_process').execSync('pidof actionguard-hook'))"`,
		`ruby -e 'Process.kill("KILL", %x(pgrep actionguard).to_i)'`,
		`Stop-Process -Name actionguard -Force`,
		`Stop-Process actionguard`,
	} {
		if res := Analyze(cmd, selfOptions); !hasSelf8Rule(res, ruleSelfServerStop.ID, ruleSelfAttach.ID) {
			t.Errorf("%s: no self finding (found %v)", cmd, ruleIDs(res))
		}
	}
	for _, cmd := range []string{
		`python3 -c "import os,signal; os.kill(os.getpid(), signal.SIGTERM)"`,
		`python3 -c "import psutil; [p.kill() for p in psutil.process_iter() if 'myapp' in p.name()]"`,
		`Stop-Process -Name node -Force`,
		`python3 -c "print('actionguard')"`,
	} {
		if res := Analyze(cmd, selfOptions); hasSelf8Rule(res, ruleSelfServerStop.ID, ruleSelfAttach.ID) {
			t.Errorf("%s: %v, want no self finding", cmd, ruleIDs(res))
		}
	}
}

// TestKillUnknownPid: a signal to an id the line does not look up asks;
// one the shell knows ($!, a job), one looked up by name, and kill -0 do
// not.
func TestKillUnknownPid(t *testing.T) {
	for _, cmd := range []string{"kill $p", "kill -9 $PID", `kill -9 "$1"`, "kill -TERM ${TARGET}", "kill `cat /tmp/x`", "sudo kill -9 $PID",
		"taskkill /PID $PID /F", "bash -c 'kill -9 $PID'"} {
		if res := Analyze(cmd, selfOptions); !hasSelf8Rule(res, ruleKillUnknown.ID, ruleSelfServerStop.ID) {
			t.Errorf("%s: no finding (found %v)", cmd, ruleIDs(res))
		}
	}
	for _, cmd := range []string{"kill 4242", "kill $!", "kill %1", "kill -0 $PID", "kill -l", "kill -9 $(pidof myapp)", "p=$(pgrep myapp); kill $p",
		"kill $(cat app.pid)", "sleep 9 & kill $!", "kill $$", "jobs -p | xargs kill"} {
		if res := Analyze(cmd, selfOptions); hasSelf8Rule(res, ruleKillUnknown.ID, ruleSelfServerStop.ID, ruleSelfAttach.ID) {
			t.Errorf("%s: %v, want none", cmd, ruleIDs(res))
		}
	}
}

// TestGrepNamesSelf: a pattern picks actionguard out of a process list
// by most of its name, however spelled; a letter or two of it do not.
func TestGrepNamesSelf(t *testing.T) {
	for _, p := range []string{"actionguard", "[a]ctionguard", "action.?guard", "ACTIONGUARD", "ctionguar", "a[c]tion[g]uard"} {
		if !grepNamesSelf(p) {
			t.Errorf("%q: not taken for actionguard", p)
		}
	}
	for _, p := range []string{"", "[node]", "guard", "node", "[", "a|b", "action"} {
		if grepNamesSelf(p) {
			t.Errorf("%q: taken for actionguard", p)
		}
	}
}

// TestNestedPrintedSecret: what a nested shell or inline code prints, the
// command that runs it prints: a secret so printed is the same finding as
// the bare command's, through every runner; printing what is not secret
// (or a secret's length) through the same runners is none.
func TestNestedPrintedSecret(t *testing.T) {
	runners := []string{"%s", "bash -c '%s'", "sh -c '%s'", "zsh -c '%s'", "dash -c '%s'", "eval '%s'", "su -c '%s'", "su root -c '%s'",
		"sudo sh -c '%s'", "ssh host '%s'", "env bash -c '%s'", "timeout 5 sh -c '%s'", "bash -lc '%s'", "bash -c \"bash -c '%s'\"",
		"nohup sh -c '%s'", "sudo -u bob bash -c '%s'"}
	secrets := []string{"gh auth token", "printenv GITHUB_TOKEN", "echo $AWS_SECRET_ACCESS_KEY", "gcloud auth print-access-token",
		"echo \"$OPENAI_API_KEY\"", "printf %%s $NPM_TOKEN", "op read op://Private/GitHub/token"}
	plain := []string{"gh auth status", "printenv PATH", "echo $HOME", "gcloud config list", "echo ${#OPENAI_API_KEY}", "printf %%s $USER",
		"echo ${NPM_TOKEN:+set}"}
	for _, r := range runners {
		for i := range secrets {
			cmd := fmt.Sprintf(r, secrets[i])
			if res := Analyze(cmd, selfOptions); !hasSelf8Rule(res, ruleStorePrint.ID, ruleStoreDump.ID, ruleCredentialRead.ID) {
				t.Errorf("%s: no printed-secret finding (found %v)", cmd, ruleIDs(res))
			}
			twin := fmt.Sprintf(r, plain[i])
			if res := Analyze(twin, selfOptions); hasSelf8Rule(res, ruleStorePrint.ID, ruleStoreDump.ID) {
				t.Errorf("%s: %v, want no printed-secret finding", twin, ruleIDs(res))
			}
		}
	}
	// Used, not printed: captured, piped into a command that takes it, or
	// thrown away.
	for _, cmd := range []string{
		"t=$(bash -c 'gh auth token')",
		"bash -c 'gh auth token' | docker login ghcr.io -u me --password-stdin",
		"bash -c 'gh auth token' > /dev/null",
		"sh -c 'echo $GITHUB_TOKEN' | gh auth login --with-token",
	} {
		if res := Analyze(cmd, selfOptions); hasSelf8Rule(res, ruleStorePrint.ID) {
			t.Errorf("%s: %v, want no printed-secret finding", cmd, ruleIDs(res))
		}
	}
}

// TestInlineCodePrintsSecretEnv: inline code printing a secret variable
// in each language's spelling; reading one without printing it, or
// printing another, is not.
func TestInlineCodePrintsSecretEnv(t *testing.T) {
	for _, cmd := range []string{
		`python3 -c 'import os; print(os.environ["GITHUB_TOKEN"])'`,
		`python3 -c 'import os,sys; sys.stdout.write(os.getenv("DB_PASSWORD"))'`,
		`node -e 'console.log(process.env.NPM_TOKEN)'`,
		`node -e 'process.stdout.write(process.env["OPENAI_API_KEY"])'`,
		`ruby -e 'puts ENV["AWS_SECRET_ACCESS_KEY"]'`,
		`perl -e 'print $ENV{GITHUB_TOKEN}'`,
		`php -r 'echo getenv("STRIPE_SECRET_KEY");'`,
		`bash -c "python3 -c 'import os; print(os.environ[\"GITHUB_TOKEN\"])'"`,
	} {
		if res := Analyze(cmd, selfOptions); !hasSelf8Rule(res, ruleStorePrint.ID) {
			t.Errorf("%s: no printed-secret finding (found %v)", cmd, ruleIDs(res))
		}
	}
	for _, cmd := range []string{
		`python3 -c 'import os; print(os.environ["HOME"])'`,
		`node -e 'console.log(process.env.NODE_ENV)'`,
		`python3 -c 'import os; t = os.environ["GITHUB_TOKEN"]'`,
		`python3 -c 'import os; print("GITHUB_TOKEN" in os.environ)'`,
	} {
		if res := Analyze(cmd, selfOptions); hasSelf8Rule(res, ruleStorePrint.ID) {
			t.Errorf("%s: %v, want none", cmd, ruleIDs(res))
		}
	}
}

// TestGuardVarsInStartupFiles: giving one of actionguard's variables a
// value in a file that sets up the agent's next environment is a self
// finding, in every shell's spelling and every such file; other
// variables, and a mention in a comment, are not.
func TestGuardVarsInStartupFiles(t *testing.T) {
	files := []string{"~/.bashrc", "~/.zshrc", "~/.profile", "~/.zshenv", "~/.bash_profile", "~/.config/environment.d/ag.conf", ".envrc"}
	lines := []string{"export ACTIONGUARD_CONFIG=/tmp/p.yaml", "ACTIONGUARD_DB=/tmp/x.db", "export ACTIONGUARD_STATE_DIR=/tmp/s",
		"declare -x ACTIONGUARD_SERVER_URL=http://127.0.0.1:9", "export ACTIONGUARD_AUDIT_KEY=/tmp/k", "setenv ACTIONGUARD_DB /tmp/x.db"}
	for i, f := range files {
		for j, l := range lines {
			op := ">>"
			if (i+j)%2 == 0 {
				op = ">"
			}
			cmd := "echo '" + l + "' " + op + " " + f
			if res := Analyze(cmd, selfOptions); !hasSelf8Rule(res, ruleSelfDisable.ID) {
				t.Errorf("%s: no self finding (found %v)", cmd, ruleIDs(res))
			}
			twin := "echo '" + strings.Replace(strings.Replace(l, "ACTIONGUARD_", "MYAPP_", 1), "ACTIONGUARD", "MYAPP", 1) + "' " + op + " " + f
			if res := Analyze(twin, selfOptions); hasSelf8Rule(res, ruleSelfDisable.ID) {
				t.Errorf("%s: %v, want no self finding", twin, ruleIDs(res))
			}
		}
		cmd := "echo '# ACTIONGUARD_CONFIG is documented in docs/policy.md' >> " + f
		if res := Analyze(cmd, selfOptions); hasSelf8Rule(res, ruleSelfDisable.ID) {
			t.Errorf("%s: %v, want no self finding", cmd, ruleIDs(res))
		}
	}
}
