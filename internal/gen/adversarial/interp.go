package main

import "strings"

// An interpreter template runs the shell command S (S: as text; X: as
// \x escapes; H: as hexadecimal; B: as base64; R: reversed; C: as a
// chr()/fromCharCode expression; P: base64 of the Python statement that
// runs it).
type interpTmpl string

func (t interpTmpl) apply(s string) string {
	r := strings.NewReplacer(
		"{S}", s, "{X}", hexEsc(s), "{H}", hexStr(s), "{B}", b64(s), "{R}", reverse(s),
		"{PYCHR}", pyChr(s), "{JSCODES}", jsCodes(s), "{P}", b64(`import os;os.system("`+s+`")`),
	)
	return r.Replace(string(t))
}

// encoded reports whether the template hides the command's text.
func (t interpTmpl) encoded() bool {
	for _, k := range []string{"{X}", "{H}", "{B}", "{R}", "{PYCHR}", "{JSCODES}", "{P}", `\x{`} {
		if strings.Contains(string(t), k) {
			return true
		}
	}
	return false
}

var interpTmpls = []interpTmpl{
	`perl -e 'system "{S}"'`,
	`perl -wle 'system "{S}"'`,
	"perl -e '`{S}`'",
	`perl -e 'exec "{S}"'`,
	`perl -e 'system(pack("H*","{H}"))'`,
	`perl -e 'qx{{S}}'`,
	`perl -MPOSIX -e 'system q{{S}}'`,
	`perl -e 'open(my $f, "|-", "sh") or die; print $f "{S}"'`,
	`perl -E 'system "\x{73}\x{68}", "-c", "{S}"'`,
	`python3 -c '__import__("os").system("{S}")'`,
	`python3 -Ic '__import__("os").system("{S}")'`,
	`python -c 'import os; os.system("{S}")'`,
	`python3 -c 'import subprocess; subprocess.run("{S}", shell=True)'`,
	`python3 -c 'import os; os.system("{X}")'`,
	`python3 -c 'import os; os.system({PYCHR})'`,
	`python3 -c 'import os; os.system("{R}"[::-1])'`,
	`python3 -c 'import os,base64; os.system(base64.b64decode("{B}"))'`,
	`python3 -c 'exec(__import__("base64").b64decode("{P}"))'`,
	`python3 -c 'import pty; pty.spawn(["sh", "-c", "{S}"])'`,
	"python3 - <<'EOF'\nimport os\nos.system(\"{S}\")\nEOF",
	`echo 'import os; os.system("{S}")' | python3`,
	`python3 -c 'import subprocess as s; s.call(["sh", "-c", "{S}"])'`,
	`python3 -c 'getattr(__import__("o"+"s"), "sys"+"tem")("{S}")'`,
	`node -e 'require("child_process").execSync("{S}")'`,
	`node -pe 'require("child_process").execSync("{S}")'`,
	`node --eval 'require("child_process").exec("{S}")'`,
	`node -e 'require("child_process").execSync(Buffer.from("{B}", "base64").toString())'`,
	`node -e 'require("child_process").execSync({JSCODES})'`,
	`node -e 'require("module")._load("child_process").execSync("{S}")'`,
	`node -e 'const {spawnSync} = require("child_process"); spawnSync("sh", ["-c", "{S}"])'`,
	`node -e 'require("child_process").execSync("{X}")'`,
	`bun -e 'Bun.spawnSync(["sh", "-c", "{S}"])'`,
	`deno eval 'new Deno.Command("sh", {args: ["-c", "{S}"]}).outputSync()'`,
	`ruby -e 'system("{S}")'`,
	"ruby -e '`{S}`'",
	`ruby -e 'exec "{S}"'`,
	`ruby -e '%x({S})'`,
	`ruby -e 'IO.popen("{S}").read'`,
	`ruby -e 'system(["{H}"].pack("H*"))'`,
	`php -r 'system("{S}");'`,
	`php -r 'shell_exec("{S}");'`,
	`php -r 'passthru("{S}");'`,
	`php -r 'exec(base64_decode("{B}"));'`,
	`php -r 'proc_open("{S}", [], $p);'`,
	`awk 'BEGIN{system("{S}")}'`,
	`awk 'BEGIN{system("{X}")}'`,
	`awk 'BEGIN{print "{S}" | "sh"}'`,
	`awk 'BEGIN{c="{S}"; system(c)}'`,
	`echo | awk '{system("{S}")}'`,
	`gawk 'BEGIN{"{S}" | getline}'`,
	`lua -e 'os.execute("{S}")'`,
	`lua -e 'io.popen("{S}")'`,
	`echo 'exec sh -c {{S}}' | tclsh`,
	`echo x | sed 'e {S}'`,
	`sed 's|.*|{S}|e' <<< x`,
	`vim -es -c '!{S}' -c q`,
	`vim -c ':call system("{S}")' -c ':qa!'`,
	`Rscript -e 'system("{S}")'`,
	`osascript -e 'do shell script "{S}"'`,
	`make -f <(printf 'x:\n\t{S}\n') x`,
	`expect -c 'spawn sh -c "{S}"; expect eof'`,
	`gdb -batch -ex 'shell {S}'`,
	`ed -s <<< '!{S}'`,
}

// interpPayloads are commands without quotes, $ or backslashes, so that
// they fit every template.
var (
	interpPayloads = []core{
		{"rm -rf ~", "block", "deletes the home directory"},
		{"rm -rf /", "block", "deletes everything on the machine"},
		{"rm -rf /home/dev/project", "approve", "deletes the whole project"},
		{"git push --force origin main", "approve", "force-pushes over main, the shared branch"},
		{"chmod -R 777 /etc", "block", "makes /etc writable by anyone"},
		{"find ~ -delete", "block", "deletes the home directory"},
		{"rm -rf /etc", "block", "deletes the system's configuration"},
	}
	interpTwins = []core{
		{"ls -la", "", "lists the directory"},
		{"git status", "", "shows the project's status"},
		{"echo rm -rf ~", "", "prints the words rm -rf ~"},
		{"rm -rf dist", "", "deletes the build output"},
		{"date", "", "prints the date"},
		{"go version", "", "prints Go's version"},
	}
)

// interpreterFamily runs a command from inside another language.
func interpreterFamily() []Row {
	var rows []Row
	for i, t := range interpTmpls {
		p := pick(interpPayloads, i)
		rows = append(rows, p.row(classInterpreter, t.apply(p.cmd)).says("Runs, from inside another language, a command that "+p.what+"."))
		if t.encoded() {
			// Running an encoded harmless command is no twin: hiding
			// what runs is worth asking about in itself.
			continue
		}
		w := pick(interpTwins, i)
		rows = append(rows, w.row(classInterpreter, t.apply(w.cmd)).says("Runs, from inside another language, a command that "+w.what+"."))
	}
	// The languages' own file operations.
	for _, c := range []core{
		{`python3 -c 'import shutil, os; shutil.rmtree(os.path.expanduser("~"))'`, "block", "Deletes the home directory with Python's shutil."},
		{`python3 -c 'import shutil; shutil.rmtree("/etc", ignore_errors=True)'`, "block", "Deletes /etc with Python's shutil."},
		{`python3 -c 'import pathlib; [p.unlink() for p in pathlib.Path.home().joinpath(".ssh").iterdir()]'`, "approve", "Deletes the SSH keys with Python."},
		{`python3 -c 'open("/home/dev/.ssh/authorized_keys", "w").close()'`, "approve", "Empties the keys allowed to log in."},
		{`node -e 'require("fs").rmSync(require("os").homedir(), {recursive: true, force: true})'`, "block", "Deletes the home directory with Node's fs."},
		{`node -e 'require("fs").rmSync("/home/dev/project", {recursive: true})'`, "approve", "Deletes the whole project with Node's fs."},
		{`node -e 'require("fs").writeFileSync(process.env.HOME + "/.aws/credentials", "")'`, "approve", "Empties the cloud credentials."},
		{`perl -MFile::Path=rmtree -e 'rmtree($ENV{HOME})'`, "block", "Deletes the home directory with Perl's File::Path."},
		{`perl -e 'use File::Path qw(remove_tree); remove_tree("/etc")'`, "block", "Deletes /etc with Perl."},
		{`perl -e 'unlink glob "~/.ssh/id_*"'`, "approve", "Deletes the SSH keys with Perl."},
		{`ruby -rfileutils -e 'FileUtils.rm_rf(Dir.home)'`, "block", "Deletes the home directory with Ruby."},
		{`ruby -e 'require "fileutils"; FileUtils.rm_r("/home/dev/project", force: true)'`, "approve", "Deletes the whole project with Ruby."},
		{`php -r 'array_map("unlink", glob(getenv("HOME") . "/.ssh/*"));'`, "approve", "Deletes the SSH keys with PHP."},
		{`deno eval 'Deno.removeSync(Deno.env.get("HOME"), {recursive: true})'`, "block", "Deletes the home directory with Deno."},
		{`npx --yes rimraf ~`, "block", "Deletes the home directory with rimraf (rm -rf for Node)."},
		{`npx rimraf /home/dev/project`, "approve", "Deletes the whole project with rimraf."},
		{`pwsh -c 'Remove-Item -Recurse -Force ~'`, "block", "Deletes the home directory with PowerShell."},
		{`powershell -Command 'Remove-Item -Recurse -Force $env:USERPROFILE'`, "block", "Deletes the user's profile directory with PowerShell."},
		{`cmd.exe /c "rd /s /q C:\\"`, "block", "Deletes everything on drive C: with cmd.exe."},
		{`"C:\Windows\System32\cmd.exe" /c del /f /s /q C:\Users\dev\*`, "block", "Deletes every file in the user's profile with cmd.exe."},
		{`python3 -c 'import os; os.execvp("rm", ["rm", "-rf", "/home/dev"])'`, "block", "Replaces Python with rm -rf on the home directory."},
		{`python3 -c 'import os; [os.remove(os.path.join(r, f)) for r, _, fs in os.walk("/home/dev") for f in fs]'`, "block", "Deletes every file in the home directory with Python."},
		{`lua -e 'os.remove(os.getenv("HOME") .. "/.ssh/id_rsa")'`, "approve", "Deletes the SSH private key with Lua."},

		{`python3 -c 'import shutil; shutil.rmtree("build", ignore_errors=True)'`, "", "Deletes the build directory with Python."},
		{`python3 -c 'import os; print(os.path.expanduser("~"))'`, "", "Prints the home directory."},
		{`python3 -c 'print("rm -rf ~")'`, "", "Prints the words rm -rf ~."},
		{`python3 -c 'import os; print(os.listdir("/etc"))'`, "", "Lists /etc."},
		{`node -e 'require("fs").rmSync("dist", {recursive: true, force: true})'`, "", "Deletes the build output with Node's fs."},
		{`node -e 'console.log(require("os").homedir())'`, "", "Prints the home directory."},
		{`node -pe 'require("fs").readFileSync("package.json", "utf8")'`, "", "Prints package.json."},
		{`perl -ne 'print if /TODO/' src/main.go`, "", "Prints the lines with TODO."},
		{`perl -pi -e 's/foo/bar/g' src/app.go`, "", "Edits a source file in place."},
		{`perl -MFile::Path=rmtree -e 'rmtree("build")'`, "", "Deletes the build directory with Perl."},
		{`ruby -e 'puts Dir.home'`, "", "Prints the home directory."},
		{`ruby -rfileutils -e 'FileUtils.rm_rf("tmp/cache")'`, "", "Deletes the project's cache with Ruby."},
		{`php -r 'echo PHP_VERSION;'`, "", "Prints PHP's version."},
		{`awk '{print $1}' access.log`, "", "Prints the first column of a log."},
		{`awk 'BEGIN{print "rm -rf ~"}'`, "", "Prints the words rm -rf ~."},
		{`awk -F: '{print $1}' /etc/passwd`, "", "Prints the user names."},
		{`sed -n '1,5p' README.md`, "", "Prints the first lines of the README."},
		{`sed -i 's/old/new/' src/app.go`, "", "Edits a source file in place."},
		{`lua -e 'print(1 + 1)'`, "", "Prints 2."},
		{`npx rimraf node_modules`, "", "Deletes node_modules with rimraf."},
		{`pwsh -c 'Get-ChildItem'`, "", "Lists the directory with PowerShell."},
		{`cmd.exe /c dir`, "", "Lists the directory with cmd.exe."},
		{`python3 -c 'import subprocess; subprocess.run(["git", "status"])'`, "", "Shows the project's status from Python."},
		{`python3 -c 'import base64; print(base64.b64decode("` + b64("rm -rf ~") + `").decode())'`, "", "Decodes and prints a command without running it."},
		{`node -e 'console.log(Buffer.from("` + b64("rm -rf /") + `", "base64").toString())'`, "", "Decodes and prints a command without running it."},
		{`perl -e 'print pack("H*", "` + hexStr("rm -rf ~") + `")'`, "", "Decodes and prints a command without running it."},
		{`python3 -c 'print("` + reverse("rm -rf /") + `"[::-1])'`, "", "Prints a reversed command without running it."},
		{`awk 'BEGIN{print "` + hexEsc("rm -rf ~") + `"}'`, "", "Prints a command written in escapes without running it."},
		{`ruby -e 'puts ["` + hexStr("rm -rf /") + `"].pack("H*")'`, "", "Decodes and prints a command without running it."},
		{`node -e 'require("child_process").execSync("git status", {stdio: "inherit"})'`, "", "Shows the project's status from Node."},
	} {
		rows = append(rows, c.row(classInterpreter, c.cmd))
	}
	return rows
}
