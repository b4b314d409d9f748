package shell

import (
	"strings"
	"testing"
)

// Inline code that builds the path of a protected place from pieces and
// writes, changes, copies, moves, links or connects to it: every language
// × every way to name the home directory × every way to join × every
// protected target × every call that writes must give the self-protection
// finding of the shell, with a message that names the inline code. Each
// name is spelled in two pieces, so that no protected name appears whole
// in the code (the code's text alone does not give it away). The same
// forms over ordinary paths must not.

// pfTarget is a protected place under the home directory, as the pieces
// a program joins.
type pfTarget struct {
	name   string
	pieces []string
}

var pfTargets = []pfTarget{
	{"settings", []string{".claude", "settings.json"}},
	{"local settings", []string{".claude", "settings.local.json"}},
	{"codex", []string{".codex", "config.toml"}},
	{"gemini", []string{".gemini", "settings.json"}},
	{"policy", []string{".config", "actionguard", "actionguard.yaml"}},
	{"modes", []string{".config", "actionguard", "modes.json"}},
	{"db", []string{".local", "state", "actionguard", "actionguard.db"}},
	{"state", []string{".local", "state", "actionguard", "trust.json"}},
}

// pfBenign are ordinary places the same forms write.
var pfBenign = []pfTarget{
	{"notes", []string{"projects", "notes.txt"}},
	{"config of another tool", []string{".config", "mytool", "config.json"}},
	{"another agent dir", []string{".claude", "todos", "list.json"}},
}

// pfLang says how one language spells things.
type pfLang struct {
	name, prog, flag string
	// lit is a string literal; cat joins two expressions.
	lit func(s string) string
	cat func(a, b string) string
	// homes name the home directory.
	homes []string
	// joins join a home and pieces (each an expression) into a path.
	joins []func(home string, pieces []string) string
	// writes use a path expression P; reads read it; dbs connect to it.
	writes, reads, dbs []string
}

func pfSplit(l pfLang, s string) string {
	if len(s) < 4 {
		return l.lit(s)
	}
	h := len(s) / 2
	return l.cat(l.lit(s[:h]), l.lit(s[h:]))
}

func pfPieces(l pfLang, pieces []string) []string {
	out := make([]string, len(pieces))
	for i, p := range pieces {
		out[i] = pfSplit(l, p)
	}
	return out
}

// pfSlashJoin joins with "/" by concatenation.
func pfSlashJoin(l pfLang) func(string, []string) string {
	return func(home string, pieces []string) string {
		out := home
		for _, p := range pieces {
			out = l.cat(l.cat(out, l.lit("/")), p)
		}
		return out
	}
}

func pfCallJoin(fn string) func(string, []string) string {
	return func(home string, pieces []string) string {
		return fn + "(" + home + ", " + strings.Join(pieces, ", ") + ")"
	}
}

var (
	pfPyLit = func(s string) string { return "'" + s + "'" }
	pfPyCat = func(a, b string) string { return a + " + " + b }
	pfJsCat = pfPyCat
	pfPlLit = func(s string) string { return `"` + s + `"` }
	pfPlCat = func(a, b string) string { return a + " . " + b }
)

var pfLangs = []pfLang{
	{
		name: "Python", prog: "python3", flag: "-c", lit: pfPyLit, cat: pfPyCat,
		homes: []string{"os.environ['HOME']", "os.path.expanduser('~')", "os.getenv('HOME')", "os.environ.get('HOME')", "str(pathlib.Path.home())", "os.path.expanduser('~/')"},
		joins: []func(string, []string) string{
			pfCallJoin("os.path.join"),
			func(h string, p []string) string { return "'/'.join([" + h + ", " + strings.Join(p, ", ") + "])" },
			func(h string, p []string) string {
				return "str(pathlib.Path(" + h + ") / (" + strings.Join(p, ") / (") + "))"
			},
			func(h string, p []string) string {
				return "'%s" + strings.Repeat("/%s", len(p)) + "' % (" + h + ", " + strings.Join(p, ", ") + ")"
			},
			func(h string, p []string) string {
				return "'{}/{}'.format(" + h + ", '/'.join([" + strings.Join(p, ", ") + "]))"
			},
		},
		writes: []string{"open({P}, 'w').write('{}')", "open({P}, mode='a').write('x')", "pathlib.Path({P}).write_text('{}')", "shutil.copy('/tmp/x', {P})",
			"shutil.copyfile('/tmp/x', {P})", "os.rename('/tmp/x', {P})", "os.replace('/tmp/x', {P})", "os.chmod({P}, 0o777)", "os.symlink('/tmp/x', {P})",
			"os.truncate({P}, 0)", "shutil.move('/tmp/x', {P})", "io.open({P}, 'wb').write(b'x')", "pathlib.Path({P}).touch()", "pathlib.Path({P}).unlink()"},
		reads: []string{"print(open({P}).read())", "print(pathlib.Path({P}).read_text())"},
		dbs:   []string{"sqlite3.connect({P}).execute(\"update approvals set status='approved'\")"},
	},
	{
		name: "JavaScript", prog: "node", flag: "-e", lit: pfPyLit, cat: pfJsCat,
		homes: []string{"os.homedir()", "process.env.HOME", "process.env['HOME']", "require('os').homedir()"},
		joins: []func(string, []string) string{
			pfCallJoin("path.join"), pfCallJoin("path.resolve"),
			func(h string, p []string) string { return "[" + h + ", " + strings.Join(p, ", ") + "].join('/')" },
		},
		writes: []string{"fs.writeFileSync({P}, '{}')", "fs.appendFileSync({P}, 'x')", "fs.copyFileSync('/tmp/x', {P})", "fs.renameSync('/tmp/x', {P})",
			"fs.chmodSync({P}, 0o777)", "fs.symlinkSync('/tmp/x', {P})", "fs.openSync({P}, 'w')", "fs.createWriteStream({P}).write('x')",
			"require('fs').promises.writeFile({P}, '{}')", "fs.cpSync('/tmp/x', {P})"},
		reads: []string{"console.log(fs.readFileSync({P}, 'utf8'))"},
		dbs:   []string{"new (require('better-sqlite3'))({P})", "new sqlite3.Database({P})"},
	},
	{
		name: "Perl", prog: "perl", flag: "-e", lit: pfPlLit, cat: pfPlCat,
		homes: []string{"$ENV{HOME}", "$ENV{'HOME'}", `$ENV{"HOME"}`},
		joins: []func(string, []string) string{
			func(h string, p []string) string { return `join("/", ` + h + ", " + strings.Join(p, ", ") + ")" },
			func(h string, p []string) string {
				return `sprintf("%s` + strings.Repeat("/%s", len(p)) + `", ` + h + ", " + strings.Join(p, ", ") + ")"
			},
		},
		writes: []string{`open(my $f, ">", {P}); print $f "{}"`, `open(F, ">" . {P})`, `open(F, ">>" . {P})`, `chmod(0777, {P})`, `rename("/tmp/x", {P})`,
			`use File::Copy; copy("/tmp/x", {P})`, `symlink("/tmp/x", {P})`, `use File::Copy; move("/tmp/x", {P})`},
		reads: []string{`open(my $f, "<", {P}); print <$f>`},
		dbs:   []string{`DBI->connect("dbi:SQLite:dbname=" . {P})`},
	},
	{
		name: "Ruby", prog: "ruby", flag: "-e", lit: pfPlLit, cat: pfPyCat,
		homes: []string{"Dir.home", "ENV['HOME']", "ENV.fetch('HOME')", "File.expand_path('~')"},
		joins: []func(string, []string) string{
			pfCallJoin("File.join"),
			func(h string, p []string) string { return "[" + h + ", " + strings.Join(p, ", ") + "].join('/')" },
		},
		writes: []string{`File.write({P}, "{}")`, `File.open({P}, "w") { |f| f.write("{}") }`, `FileUtils.cp("/tmp/x", {P})`, `File.rename("/tmp/x", {P})`,
			`File.chmod(0777, {P})`, `FileUtils.ln_s("/tmp/x", {P})`, `FileUtils.mv("/tmp/x", {P})`, `FileUtils.touch({P})`},
		reads: []string{`puts File.read({P})`},
		dbs:   []string{`SQLite3::Database.new({P})`},
	},
	{
		name: "PHP", prog: "php", flag: "-r", lit: pfPyLit, cat: pfPlCat,
		homes: []string{"getenv('HOME')", "$_SERVER['HOME']", "$_ENV['HOME']"},
		joins: []func(string, []string) string{
			func(h string, p []string) string { return "implode('/', [" + h + ", " + strings.Join(p, ", ") + "])" },
		},
		writes: []string{"file_put_contents({P}, '{}');", "fopen({P}, 'w');", "copy('/tmp/x', {P});", "rename('/tmp/x', {P});", "chmod({P}, 0777);", "symlink('/tmp/x', {P});", "touch({P});"},
		reads:  []string{"echo file_get_contents({P});"},
		dbs:    []string{"new PDO('sqlite:' . {P});", "new SQLite3({P});"},
	},
}

// pfJoins are a language's joins, concatenation with "/" among them.
func pfJoins(l pfLang) []func(string, []string) string {
	return append(append([]func(string, []string) string{}, l.joins...), pfSlashJoin(l))
}

// pfCode is one program: imports, the path expression in the call.
func pfCode(l pfLang, call, p string) string {
	code := strings.ReplaceAll(call, "{P}", "("+p+")")
	switch l.name {
	case "Python":
		return "import os, io, shutil, pathlib, sqlite3; " + code
	case "JavaScript":
		return "const fs = require('fs'), path = require('path'), os = require('os'); " + code
	case "Ruby":
		return "require 'fileutils'; " + code
	}
	return code
}

func pfCommand(l pfLang, code string) string {
	return l.prog + " " + l.flag + " " + shWord(code)
}

// pfFinding reports a finding of rule id whose message names the
// language's inline code.
func pfFinding(cmd, id, lang string) bool {
	for _, f := range Analyze(cmd, exampleOptions).Findings {
		if f.Rule == id && strings.Contains(f.Message, "Inline "+lang+" code") {
			return true
		}
	}
	return false
}

func pfSelfFindings(cmd string) []string {
	var out []string
	for _, f := range Analyze(cmd, exampleOptions).Findings {
		if strings.HasPrefix(f.Rule, "shell.self.") {
			out = append(out, f.Rule+": "+f.Message)
		}
	}
	return out
}

func TestPathFoldWrites(t *testing.T) {
	checked := 0
	for _, l := range pfLangs {
		for _, tg := range pfTargets {
			pieces := pfPieces(l, tg.pieces)
			for hi, h := range l.homes {
				for ji, join := range pfJoins(l) {
					p := join(h, pieces)
					for wi, w := range l.writes {
						// Every home with every join for the first call;
						// every call with a rotating home and join.
						if hi != 0 && wi != 0 && (hi+ji+wi)%len(l.homes) != 0 {
							continue
						}
						cmd := pfCommand(l, pfCode(l, w, p))
						checked++
						if !pfFinding(cmd, "shell.self.write", l.name) {
							t.Errorf("%s, %s: want shell.self.write from the inline code\n  %s\n  found %v", l.name, tg.name, cmd, ruleIDs(Analyze(cmd, exampleOptions)))
						}
					}
					if tg.name == "db" {
						for _, d := range l.dbs {
							cmd := pfCommand(l, pfCode(l, d, p))
							checked++
							if !pfFinding(cmd, "shell.self.database", l.name) {
								t.Errorf("%s: want shell.self.database from the inline code\n  %s\n  found %v", l.name, cmd, ruleIDs(Analyze(cmd, exampleOptions)))
							}
						}
					}
				}
			}
		}
		// Benign twins: the same forms over ordinary files.
		for _, tg := range pfBenign {
			pieces := pfPieces(l, tg.pieces)
			for _, h := range append(l.homes[:1], l.lit("build")) {
				for _, join := range pfJoins(l) {
					for _, w := range append(append(l.writes, l.reads...), l.dbs...) {
						cmd := pfCommand(l, pfCode(l, w, join(h, pieces)))
						checked++
						if got := pfSelfFindings(cmd); len(got) > 0 {
							t.Errorf("%s, %s: want no self-protection finding\n  %s\n  found %v", l.name, tg.name, cmd, got)
						}
					}
				}
			}
		}
		// Reading the protected settings is not changing them.
		for _, r := range l.reads {
			cmd := pfCommand(l, pfCode(l, r, l.joins[0](l.homes[0], pfPieces(l, pfTargets[0].pieces))))
			checked++
			if got := pfSelfFindings(cmd); len(got) > 0 {
				t.Errorf("%s: reading the settings: want no self-protection finding\n  %s\n  found %v", l.name, cmd, got)
			}
		}
	}
	t.Logf("%d programs", checked)
}

// TestPathFoldKeys: a key or token secret of actionguard read through a
// path built from pieces is blocked like a named read.
func TestPathFoldKeys(t *testing.T) {
	checked := 0
	for _, l := range pfLangs {
		for _, key := range [][]string{{".local", "state", "actionguard", "keys", "audit.key"}, {".local", "state", "actionguard", "tokens.secret"}} {
			pieces := pfPieces(l, key)
			for _, h := range l.homes {
				for _, join := range pfJoins(l) {
					for _, r := range l.reads {
						cmd := pfCommand(l, pfCode(l, r, join(h, pieces)))
						checked++
						if !pfFinding(cmd, "shell.self.read-key", l.name) {
							t.Errorf("%s: want shell.self.read-key\n  %s\n  found %v", l.name, cmd, ruleIDs(Analyze(cmd, exampleOptions)))
						}
					}
				}
			}
		}
	}
	t.Logf("%d programs", checked)
}

// TestPathFoldUnknownPiece: a path whose known pieces already lead into a
// protected directory is that directory's file, whatever the rest; one
// whose known pieces lead elsewhere (or only name a file) is not.
func TestPathFoldUnknownPiece(t *testing.T) {
	for _, c := range []struct {
		cmd   string
		block bool
	}{
		{`python3 -c "import os,sys; open(os.path.join(os.environ['HOME'], '.cl' + 'aude', sys.argv[1]), 'w').write('{}')" settings.json`, true},
		{`python3 -c "import os,sys; open(os.path.expanduser('~/.config/action' + 'guard/') + sys.argv[1], 'w')" modes.json`, true},
		{`python3 -c "import os,sys; open(os.path.expanduser('~/.config/action' + 'guard') + sys.argv[1], 'w')" /modes.json`, true},
		{`node -e "const fs=require('fs'),p=require('path'); fs.writeFileSync(p.join(require('os').homedir(), '.co' + 'dex', process.argv[1]), 'x')" hooks.json`, true},
		{`ruby -e 'File.write(File.join(Dir.home, ".gem" + "ini", ARGV[0]), "{}")' settings.json`, true},
		{`perl -e 'open(my $f, ">", join("/", $ENV{HOME}, ".cl" . "aude", $ARGV[0]))' settings.json`, true},
		{`awk -v n=settings.json 'BEGIN { print "{}" > (ENVIRON["HOME"] "/.cl" "aude/" n) }'`, true},
		{`awk '{ print "{}" > (ENVIRON["HOME"] "/.cl" "aude/" $1) }' names.txt`, true},
		{`pwsh -NoProfile -Command 'Set-Content ("$env:USERPROFILE\.claude\" + $name) "{}"'`, true},
		{`pwsh -NoProfile -Command 'Set-Content -Path (Join-Path $HOME ".claude" $n) -Value "{}"'`, true},
		{`pwsh -NoProfile -Command '$f = Read-Host; Set-Content "$HOME\.config\action$("guard")\$f" "{}"'`, true},
		{`pwsh -NoProfile -Command 'Copy-Item /tmp/x -Destination "$HOME\.gemini\$f"'`, true},
		{`pwsh -NoProfile -Command '"{}" > "$HOME\.claude\$f"'`, true},
		// Benign twins.
		{`pwsh -NoProfile -Command 'Get-Content "$HOME\.claude\$f"'`, false},
		{`pwsh -NoProfile -Command 'Copy-Item "$HOME\.claude\$f" /tmp/backup'`, false},
		{`pwsh -NoProfile -Command 'Set-Content "$HOME\notes\$f" "x"'`, false},
		{`pwsh -NoProfile -Command 'Set-Content ("build\" + $name) "x"'`, false},
		{`python3 -c "import os,sys; open(os.path.join(os.environ['HOME'], 'projects', sys.argv[1]), 'w').write('x')" a.txt`, false},
		{`python3 -c "import os,sys; open(os.path.join(sys.argv[1], 'settings.json'), 'w').write('{}')" out`, false},
		{`python3 -c "import os,sys; open(os.path.join('build', sys.argv[1]), 'w').write('x')" a.txt`, false},
		{`node -e "require('fs').writeFileSync(require('path').join(__dirname, 'dist', process.argv[1]), 'x')" a.js`, false},
		{`awk '{ print > ("out/" $1 ".txt") }' names.txt`, false},
	} {
		got := pfSelfFindings(c.cmd)
		if c.block && len(got) == 0 {
			t.Errorf("want a self-protection finding: %s\n  found %v", c.cmd, ruleIDs(Analyze(c.cmd, exampleOptions)))
		}
		if !c.block && len(got) > 0 {
			t.Errorf("want no self-protection finding: %s\n  found %v", c.cmd, got)
		}
	}
}

// TestPathFoldStatements: the path built over several statements and
// lines, as a script is written.
func TestPathFoldStatements(t *testing.T) {
	for _, code := range []string{
		"import os\nhome = os.path.expanduser('~')\ntarget = os.path.join(home, '.cl' + 'aude', 'settings.json')\nwith open(target, 'w') as f:\n    f.write('{}')\n",
		"import os; open(file=os.path.join(os.environ['HOME'], '.cl' + 'aude', 'settings.json'), mode='w').write('{}')",
		"import os; fd = os.open(os.path.join(os.environ['HOME'], '.cl' + 'aude', 'settings.json'), os.O_WRONLY | os.O_TRUNC); os.write(fd, b'{}')",
		"import os; getattr(os, 'ch' + 'mod')(os.path.join(os.environ['HOME'], '.cl' + 'aude', 'settings.json'), 0)",
		"from shutil import copy as c; import os; c('/tmp/x', dst=os.path.join(os.environ['HOME'], '.cl' + 'aude', 'settings.json'))",
		"import os, json\nd = os.path.join(os.environ['HOME'], '.config')\nd = d  # the same\np = d + '/action' + 'guard/modes.json'\njson.dump({'mode': 'learning'}, open(p, 'w'))\n",
	} {
		cmd := "python3 -c " + shWord(code)
		if !pfFinding(cmd, "shell.self.write", "Python") {
			t.Errorf("want shell.self.write: %s\n  found %v", cmd, ruleIDs(Analyze(cmd, exampleOptions)))
		}
	}
}

// TestPathFoldHookBinary: actionguard's hook program found by name
// (shutil.which, (Get-Command …).Source) and changed.
func TestPathFoldHookBinary(t *testing.T) {
	for _, cmd := range []string{
		`python3 -c "import os,shutil; os.chmod(shutil.which('action' + 'guard-hook'), 0)"`,
		`python3 -c "import shutil; shutil.copy('/tmp/x', shutil.which('action' + 'guard-hook'))"`,
		`python3 -c "import shutil,os; h = shutil.which('action' + 'guard-hook'); os.rename('/tmp/x', h)"`,
		`python3 -c "import shutil; open(shutil.which('action' + 'guard'), 'wb').write(b'#!/bin/sh')"`,
		`python3 -c "import shutil,os; os.chmod(os.path.join(os.path.dirname(shutil.which('action' + 'guard')), 'action' + 'guard-hook'), 0)"`,
		`pwsh -c 'Copy-Item /tmp/x (Get-Command ("action" + "guard-hook")).Source'`,
		`pwsh -c 'Set-Content -Path ((Get-Command actionguard-hook).Source) -Value x'`,
	} {
		if got := pfSelfFindings(cmd); len(got) == 0 {
			t.Errorf("want a self-protection finding: %s\n  found %v", cmd, ruleIDs(Analyze(cmd, exampleOptions)))
		}
	}
	for _, cmd := range []string{
		`python3 -c "import shutil; print(shutil.which('action' + 'guard-hook'))"`,
		`python3 -c "import shutil,os; os.chmod(shutil.which('mytool'), 0o755)"`,
		`python3 -c "import shutil; shutil.copy(shutil.which('action' + 'guard'), '/tmp/ag-copy')"`,
	} {
		if got := pfSelfFindings(cmd); len(got) > 0 {
			t.Errorf("want no self-protection finding: %s\n  found %v", cmd, got)
		}
	}
}

// TestPathFoldPowerShell: PowerShell's ways to build a path, given to the
// cmdlets and .NET calls that write.
func TestPathFoldPowerShell(t *testing.T) {
	homes := []string{"$HOME", "$env:USERPROFILE", "$env:HOME", "[Environment]::GetFolderPath('UserProfile')", "$home"}
	builds := []func(h string, p []string) string{
		func(h string, p []string) string { return "(Join-Path " + h + " ('" + strings.Join(p, `\`) + "'))" },
		func(h string, p []string) string {
			out := h
			for _, x := range p {
				out = "(Join-Path " + out + " '" + x + "')"
			}
			return out
		},
		func(h string, p []string) string {
			return "(Join-Path -Path " + h + " -ChildPath '" + p[0] + "' -AdditionalChildPath " + "'" + strings.Join(p[1:], "','") + "')"
		},
		func(h string, p []string) string {
			return "([IO.Path]::Combine(" + h + ", '" + strings.Join(p, "', '") + "'))"
		},
		func(h string, p []string) string {
			return "([System.IO.Path]::Combine(" + h + ", '" + strings.Join(p, `\`) + "'))"
		},
		func(h string, p []string) string { return "(" + h + " + '\\" + strings.Join(p, `\`) + "')" },
	}
	writes := []string{"Set-Content -Path {P} -Value '{}'", "Set-Content {P} '{}'", "Add-Content {P} 'x'", "Out-File -FilePath {P}", "Copy-Item /tmp/x {P}",
		"Move-Item /tmp/x {P}", "[IO.File]::WriteAllText({P}, '{}')", "[IO.File]::Copy('/tmp/x', {P})", "New-Item -ItemType File -Force -Path {P}"}
	checked := 0
	for _, tg := range pfTargets {
		for hi, h := range homes {
			for bi, b := range builds {
				p := b(h, tg.pieces)
				for wi, w := range writes {
					if hi != 0 && (hi+bi+wi)%len(homes) != 0 {
						continue
					}
					code := strings.ReplaceAll(w, "{P}", p)
					cmd := "pwsh -NoProfile -Command " + shWord(code)
					checked++
					if !findings(cmd)["shell.self.write"] {
						t.Errorf("%s: want shell.self.write\n  %s\n  found %v", tg.name, cmd, ruleIDs(Analyze(cmd, exampleOptions)))
					}
					// Assigned first, used after.
					if wi == 0 {
						cmd = "pwsh -NoProfile -Command " + shWord("$t = "+p+"; "+strings.ReplaceAll(w, "{P}", "$t"))
						checked++
						if !findings(cmd)["shell.self.write"] {
							t.Errorf("%s: want shell.self.write\n  %s\n  found %v", tg.name, cmd, ruleIDs(Analyze(cmd, exampleOptions)))
						}
					}
				}
			}
		}
	}
	for _, tg := range pfBenign {
		for _, h := range []string{"$HOME", "'build'"} {
			for _, b := range builds {
				for _, w := range writes {
					cmd := "pwsh -NoProfile -Command " + shWord(strings.ReplaceAll(w, "{P}", b(h, tg.pieces)))
					checked++
					if got := pfSelfFindings(cmd); len(got) > 0 {
						t.Errorf("%s: want no self-protection finding\n  %s\n  found %v", tg.name, cmd, got)
					}
				}
			}
		}
	}
	t.Logf("%d programs", checked)
}
