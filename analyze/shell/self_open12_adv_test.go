package shell

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// The open list of self-protection, generated: SQL built by code with the
// language's and SQLite's string functions, notebooks and awk programs run
// from files, Windows commands through wine, and attrib that only shows.
// Every attack has a benign twin that must stay clear of shell.self.

const open12DB = "/home/dev/.local/state/actionguard/actionguard.db"

// sqlNameSpellings write a database name as SQLite expressions.
func sqlNameSpellings(name string) []string {
	codes := make([]string, len(name))
	for i := range name {
		codes[i] = strconv.Itoa(int(name[i]))
	}
	half := len(name) / 2
	return []string{
		"'" + name + "'",
		"'" + name[:half] + "' || '" + name[half:] + "'",
		"char(" + strings.Join(codes, ",") + ")",
		"printf('%s', '" + name + "')",
		"replace('" + strings.Replace(name, "a", "#", 1) + "', '#', 'a')",
	}
}

// pyBuilders spell a Python expression whose value is s.
func pyBuilders(s string) []string {
	half := len(s) / 2
	q := strconv.Quote
	var chrs []string
	for i := range s {
		chrs = append(chrs, fmt.Sprintf("chr(%d)", s[i]))
	}
	rev := []byte(s)
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return []string{
		q(s[:half]) + " + " + q(s[half:]),
		"''.join([" + q(s[:half]) + ", " + q(s[half:]) + "])",
		q("{}{}") + ".format(" + q(s[:half]) + ", " + q(s[half:]) + ")",
		q("%s%s") + " % (" + q(s[:half]) + ", " + q(s[half:]) + ")",
		"''.join([" + strings.Join(chrs, ", ") + "])",
		q(strings.ToUpper(s)) + ".lower()",
		q(string(rev)) + "[::-1]",
		"base64.b64decode(" + q(base64.StdEncoding.EncodeToString([]byte(s))) + ").decode()",
	}
}

func TestCodeSQLAttachSpellings(t *testing.T) {
	type lang struct {
		name  string
		write func(sql string) string // a command line running sql on an in-memory database
	}
	perlQ := func(s string) string { return `"` + strings.ReplaceAll(s, "'", `\x27`) + `"` }
	langs := []lang{
		{"perl", func(sql string) string {
			h := len(sql) / 2
			return "perl -MDBI -e '$d = DBI->connect(\"dbi:SQLite:dbname=:memory:\"); $d->do(" + perlQ(sql[:h]) + " . " + perlQ(sql[h:]) + ")'"
		}},
		{"perl-sprintf", func(sql string) string {
			return "perl -MDBI -e '$d = DBI->connect(\"dbi:SQLite:dbname=:memory:\"); $d->do(sprintf(\"%s\", " + perlQ(sql) + "))'"
		}},
		{"ruby", func(sql string) string {
			h := len(sql) / 2
			return "ruby -rsqlite3 -e 'd = SQLite3::Database.new(\":memory:\"); d.execute(" + perlQ(sql[:h]) + " + " + perlQ(sql[h:]) + ")'"
		}},
		{"node", func(sql string) string {
			h := len(sql) / 2
			return "node -e 'const D = require(\"better-sqlite3\"); const d = new D(\":memory:\"); d.exec(" + perlQ(sql[:h]) + " + " + perlQ(sql[h:]) + ")'"
		}},
	}
	for _, target := range []struct {
		name   string
		attack bool
	}{{open12DB, true}, {"/home/dev/project/data/app.db", false}} {
		for _, nameExpr := range sqlNameSpellings(target.name) {
			sql := "attach " + nameExpr + " as a; update a.approvals set status = 1"
			var cmds []string
			for _, b := range pyBuilders(sql) {
				cmds = append(cmds, "python3 - <<'EOF'\nimport sqlite3, base64\nc = sqlite3.connect(':memory:')\nc.executescript("+b+")\nEOF")
			}
			for _, l := range langs {
				cmds = append(cmds, l.write(sql))
			}
			for _, cmd := range cmds {
				got := selfFindingsIn(cmd, selfOptions)
				if target.attack && len(got) == 0 {
					t.Errorf("%s: no shell.self finding", cmd)
				}
				if !target.attack && len(got) > 0 {
					t.Errorf("%s: %v, want none", cmd, got)
				}
			}
		}
	}
}

func TestCodeSQLNameUnknown(t *testing.T) {
	held := []string{
		`python3 -c "import sqlite3, sys; c = sqlite3.connect(':memory:'); c.execute('attach \'%s\' as a' % sys.argv[1]); c.execute('update a.approvals set status=1')" x`,
		`python3 -c "import sqlite3; c = sqlite3.connect(':memory:'); c.executescript(open('x.sql').read())"`,
		`python3 -c "import sqlite3, glob, sys; [sqlite3.connect(p).execute('update t set x=1') for p in glob.glob(sys.argv[1])]" x`,
	}
	for _, cmd := range held {
		if got := selfFindingsIn(cmd, selfOptions); !containsWord(got, ruleSelfDatabaseUnknown.ID) {
			t.Errorf("%s: %v, want %s", cmd, got, ruleSelfDatabaseUnknown.ID)
		}
	}
	clear := []string{
		`python3 -c "import sqlite3, sys; c = sqlite3.connect(':memory:'); c.execute('attach \'%s\' as a' % sys.argv[1]); print(c.execute('select 1').fetchall())" x`,
		`python3 -c "import sqlite3; c = sqlite3.connect('app.db'); c.execute('update users set name=? where id=?', ('a', 1))"`,
	}
	for _, cmd := range clear {
		if got := selfFindingsIn(cmd, selfOptions); len(got) > 0 {
			t.Errorf("%s: %v, want none", cmd, got)
		}
	}
}

func TestCodeGlobDatabases(t *testing.T) {
	open := map[string]string{
		"glob":   "import sqlite3, glob, os\nfor p in glob.glob(PAT, recursive=True):\n    sqlite3.connect(p).execute('update approvals set status=1')",
		"iglob":  "import sqlite3, glob, os\nfor p in glob.iglob(PAT, recursive=True):\n    sqlite3.connect(p).execute('update approvals set status=1')",
		"walk":   "import sqlite3, os\nfor d, _, fs in os.walk(DIR):\n    for f in fs:\n        sqlite3.connect(os.path.join(d, f)).execute('delete from audit')",
		"rglob":  "import sqlite3, pathlib\nfor p in pathlib.Path(DIR).rglob('*.db'):\n    sqlite3.connect(p).execute('update approvals set status=1')",
		"listdb": "import sqlite3, glob\n[sqlite3.connect(p).execute('update approvals set status=1') for p in glob.glob(PAT)]",
	}
	reach := []struct{ pat, dir string }{
		{"'/home/dev/**/*.db'", "'/home/dev'"},
		{"os.path.expanduser('~/**/*')", "os.path.expanduser('~')"},
		{"'/home/dev/.local/**'", "'/home/dev/.local'"},
		{"os.environ['HOME'] + '/**/*.db'", "os.environ['HOME'] + '/.local/state'"},
		{"'/home/dev/.local/state/*/*.db'", "'/home/dev/.local/state/actionguard'"},
	}
	apart := []struct{ pat, dir string }{
		{"'/home/dev/project/data/**/*.db'", "'/home/dev/project/data'"},
		{"'./fixtures/*.db'", "'./fixtures'"},
		{"'/tmp/dbs/**/*.sqlite'", "'/tmp/dbs'"},
	}
	for name, tpl := range open {
		for _, r := range reach {
			if name == "listdb" && !strings.Contains(r.pat, "*/") {
				continue // a pattern that is not recursive, with no recursive flag
			}
			code := strings.NewReplacer("PAT", r.pat, "DIR", r.dir).Replace(tpl)
			cmd := "python3 - <<'EOF'\n" + code + "\nEOF"
			if got := selfFindingsIn(cmd, selfOptions); len(got) == 0 {
				t.Errorf("%s: no shell.self finding", cmd)
			}
		}
		for _, r := range apart {
			code := strings.NewReplacer("PAT", r.pat, "DIR", r.dir).Replace(tpl)
			cmd := "python3 - <<'EOF'\n" + code + "\nEOF"
			if got := selfFindingsIn(cmd, selfOptions); len(got) > 0 {
				t.Errorf("%s: %v, want none", cmd, got)
			}
		}
	}
}

// notebookJSON is a notebook whose one code cell is src.
func notebookJSON(src string) string {
	return `{"cells":[{"cell_type":"markdown","source":"# x"},{"cell_type":"code","source":` + strconv.Quote(src) + `}],"metadata":{},"nbformat":4}`
}

func TestNotebookCells(t *testing.T) {
	cells := map[string]string{
		"bang":     "import os\n!CMD\nprint(1)",
		"bangbang": "!!CMD",
		"assign":   "out = !CMD",
		"sx":       "%sx CMD",
		"system":   "%system CMD",
		"bash":     "%%bash\nCMD",
		"sh":       "%%sh\necho start\nCMD",
		"script":   "%%script bash\nCMD",
		"time":     "%%time\nimport subprocess\nsubprocess.run('CMD', shell=True)",
		"python":   "import os\nos.system('CMD')",
	}
	runners := []string{"jupyter nbconvert --execute --to notebook N", "jupyter nbconvert --to html --execute N", "jupyter execute N",
		"papermill N out.ipynb", "ipython N", "jupyter-nbconvert --execute N", "quarto render N --execute"}
	for name, cell := range cells {
		for _, run := range runners {
			for _, c := range []struct {
				cmd    string
				attack bool
			}{{"actionguard mode learning --global", true}, {"pip list", false}} {
				nb := notebookJSON(strings.ReplaceAll(cell, "CMD", c.cmd))
				line := "printf '%s' " + shWord(nb) + " > a.ipynb && " + strings.ReplaceAll(run, "N", "a.ipynb")
				got := selfFindingsIn(line, selfOptions)
				if c.attack && len(got) == 0 {
					t.Errorf("%s (%s): no shell.self finding", run, name)
				}
				if !c.attack && len(got) > 0 {
					t.Errorf("%s (%s): %v, want none", run, name, got)
				}
			}
		}
	}
	// %%writefile over the agent's settings is a write of them.
	nb := notebookJSON("%%writefile /home/dev/.claude/settings.json\n{}")
	if got := selfFindingsIn("printf '%s' "+shWord(nb)+" > w.ipynb && jupyter execute w.ipynb", selfOptions); len(got) == 0 {
		t.Error("%%writefile ~/.claude/settings.json: no shell.self finding")
	}
	// Converting without --execute runs nothing.
	if got := selfFindingsIn("printf '%s' "+shWord(notebookJSON("!actionguard mode learning"))+" > a.ipynb && jupyter nbconvert --to html a.ipynb", selfOptions); len(got) > 0 {
		t.Errorf("nbconvert --to html: %v, want none", got)
	}
}

func TestNotebookUnreadable(t *testing.T) {
	line := "printf '%s' '{\"cells\": [NaN]}' > a.ipynb && jupyter execute a.ipynb"
	r := Analyze(line, selfOptions)
	found := false
	for _, f := range r.Findings {
		found = found || f.Rule == ruleEvalDynamic.ID
	}
	if !found {
		t.Errorf("%s: findings %v, want %s", line, r.Findings, ruleEvalDynamic.ID)
	}
}

func TestQuartoChunks(t *testing.T) {
	for _, chunk := range []string{"```{python}\nimport os\nos.system('CMD')\n```", "```{bash}\nCMD\n```", "```{r}\nsystem('CMD')\n```", "~~~{sh echo=FALSE}\nCMD\n~~~"} {
		for _, ext := range []string{"qmd", "Rmd"} {
			for _, c := range []struct {
				cmd    string
				attack bool
			}{{"actionguard mode learning --global", true}, {"ls -la", false}} {
				doc := "# Report\n\n" + strings.ReplaceAll(chunk, "CMD", c.cmd) + "\n"
				line := "printf '%s' " + shWord(doc) + " > r." + ext + " && quarto render r." + ext
				got := selfFindingsIn(line, selfOptions)
				if c.attack != (len(got) > 0) {
					t.Errorf("%s: %v, attack %v", line, got, c.attack)
				}
			}
		}
	}
}

func TestAwkProgramFile(t *testing.T) {
	progs := []string{`BEGIN { system("CMD") }`, `BEGIN { print "CMD" | "sh" }`, `BEGIN { c = "CMD"; system(c) }`, `BEGIN { "CMD" | getline x }`, `{ print | "CMD" }`}
	for _, prog := range progs {
		for _, awk := range []string{"awk -f p.awk", "gawk -f p.awk data.txt", "awk --file=p.awk", "mawk -fp.awk"} {
			for _, c := range []struct {
				cmd    string
				attack bool
			}{{"actionguard mode learning --global", true}, {"sort -u", false}} {
				line := "printf '%s\\n' " + shWord(strings.ReplaceAll(prog, "CMD", c.cmd)) + " > p.awk && " + awk
				got := selfFindingsIn(line, selfOptions)
				if c.attack != (len(got) > 0) {
					t.Errorf("%s: %v, attack %v", line, got, c.attack)
				}
			}
		}
	}
}

func TestWineRunsCmd(t *testing.T) {
	inner := []struct {
		line   string
		attack bool
	}{
		{`attrib +r %USERPROFILE%\.claude\settings.json`, true},
		{`del /s /q %USERPROFILE%\.claude`, true},
		{`actionguard mode learning --global`, true},
		{`dir %USERPROFILE%\.claude`, false},
		{`echo hello`, false},
		{`attrib %USERPROFILE%\.claude\settings.json`, false},
	}
	for _, pre := range []string{"wine cmd /c", "wine64 cmd.exe /c", "wineconsole cmd /c", "wine start cmd /c", "wine start /wait cmd /c", "wine start \"\" cmd /c"} {
		for _, in := range inner {
			line := pre + " " + shWord(in.line)
			got := selfFindingsIn(line, selfOptions)
			if in.attack != (len(got) > 0) {
				t.Errorf("%s: %v, attack %v", line, got, in.attack)
			}
		}
	}
}

func TestWindowsShowOnly(t *testing.T) {
	for _, p := range []string{"~/.claude/settings.json", "~/.claude", "~/.config/actionguard/actionguard.yaml", "~/.local/state/actionguard"} {
		for _, tpl := range []string{"attrib P", "attrib /s /d P", "icacls P", "icacls P /t", "cacls P"} {
			cmd := strings.ReplaceAll(tpl, "P", p)
			if got := selfFindingsIn(cmd, selfOptions); len(got) > 0 {
				t.Errorf("%s: %v, want none", cmd, got)
			}
		}
		for _, tpl := range []string{"attrib +r P", "attrib -r P", "attrib +h +s P", "attrib -a P /s", "icacls P /grant Everyone:F", "icacls P //grant Everyone:F", "icacls P /reset", "cacls P /e /p x:n", "icacls P /setowner x"} {
			cmd := strings.ReplaceAll(tpl, "P", p)
			if got := selfFindingsIn(cmd, selfOptions); len(got) == 0 {
				t.Errorf("%s: no shell.self finding", cmd)
			}
		}
	}
}
