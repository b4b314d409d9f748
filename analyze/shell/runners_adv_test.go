package shell

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/rule"
)

// Project runners run a file the command does not name: every runner,
// spelled every way it accepts, over a project file holding a destructive
// payload (held as the deletion of the home directory) or its harmless
// twin (runs), with the file on disk, written earlier in the session, or
// written on the same command line.

const runnerCwd, runnerHome = "/home/dev/project", "/home/dev"

// runnerPayload is what a project file's code does, in each language.
type runnerPayload struct {
	shell, python, node, ruby, golang, rust string
}

var (
	runnerHarmful = runnerPayload{
		shell:  "rm -rf ~",
		python: "import shutil, os\nshutil.rmtree(os.path.expanduser('~'))\n",
		node:   "require('fs').rmSync(require('os').homedir(), {recursive: true, force: true})\n",
		ruby:   "require 'fileutils'\nFileUtils.rm_rf(Dir.home)\n",
		golang: "package main\n\nimport \"os\"\n\nfunc main() { os.RemoveAll(os.Getenv(\"HOME\")) }\n",
		rust:   "fn main() { std::fs::remove_dir_all(std::env::var(\"HOME\").unwrap()).unwrap(); }\n",
	}
	runnerHarmless = runnerPayload{
		shell:  "echo hello",
		python: "def test_one():\n    assert 1 + 1 == 2\n",
		node:   "console.log('hello')\n",
		ruby:   "puts 'hello'\n",
		golang: "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello\") }\n",
		rust:   "fn main() { println!(\"cargo:rerun-if-changed=build.rs\"); }\n",
	}
)

// runnerCase is one runner: the project file it runs, its content made
// from a payload, and the command lines that run it.
type runnerCase struct {
	name  string
	file  string // relative to the project
	text  func(p runnerPayload) string
	cmds  []string
	cwd   string // "" the project
	extra map[string]string
}

func jsonScripts(names ...string) func(p runnerPayload) string {
	return func(p runnerPayload) string {
		var kv []string
		for _, n := range names {
			kv = append(kv, fmt.Sprintf("%q: %q", n, p.shell))
		}
		return `{"name": "app", "version": "1.0.0", "scripts": {` + strings.Join(kv, ", ") + `}}`
	}
}

var runnerCases = []runnerCase{
	{name: "npm run", file: "package.json", text: jsonScripts("build"), cmds: []string{
		"npm run build", "npm run-script build", "npm rum build", "npm urn build", "npm run build -- --watch", "npm --silent run build",
		"npm run build --if-present", "pnpm run build", "pnpm build", "yarn build", "yarn run build", "bun run build", "npm --prefix . run build",
		"sudo npm run build", "env CI=1 npm run build", "NODE_ENV=production npm run build", "timeout 60 npm run build", "npm run build && echo done",
	}},
	{name: "npm pre and post", file: "package.json", text: jsonScripts("prebuild"), cmds: []string{"npm run build", "yarn build", "pnpm run build"}},
	{name: "npm test", file: "package.json", text: jsonScripts("test"), cmds: []string{"npm test", "npm t", "npm tst", "npm run test", "yarn test", "pnpm test", "npm it", "npm cit"}},
	{name: "npm start", file: "package.json", text: jsonScripts("start"), cmds: []string{"npm start", "yarn start", "pnpm start", "npm restart"}},
	{name: "npm install", file: "package.json", text: jsonScripts("postinstall"), cmds: []string{"npm install", "npm i", "npm ci", "yarn", "yarn install", "pnpm install", "bun install", "npm rebuild"}},
	{name: "npm prepare", file: "package.json", text: jsonScripts("prepare"), cmds: []string{"npm install", "npm pack", "npm publish --dry-run"}},
	{name: "npm nested", file: "package.json", text: func(p runnerPayload) string {
		return fmt.Sprintf(`{"scripts": {"ci": "npm run lint && npm test", "lint": "eslint .", "test": %q}}`, p.shell)
	}, cmds: []string{"npm run ci", "yarn ci"}},
	{name: "npm from a subdirectory", file: "package.json", text: jsonScripts("test"), cwd: runnerCwd + "/src", cmds: []string{"npm test", "npm run test"}},
	{name: "npx bin", file: "bin/cli.js", text: func(p runnerPayload) string { return "#!/usr/bin/env node\n" + p.node },
		extra: map[string]string{"package.json": `{"name": "app", "bin": {"app-cli": "bin/cli.js"}}`},
		cmds:  []string{"npx app-cli", "npx --yes app-cli", "npm exec app-cli", "pnpm exec app-cli"}},
	{name: "composer", file: "composer.json", text: jsonScripts("build"), cmds: []string{"composer run build", "composer run-script build", "composer build"}},
	{name: "deno task", file: "deno.json", text: func(p runnerPayload) string { return fmt.Sprintf(`{"tasks": {"dev": %q}}`, p.shell) }, cmds: []string{"deno task dev"}},
	{name: "pytest conftest", file: "conftest.py", text: func(p runnerPayload) string { return p.python }, cmds: []string{
		"pytest", "pytest -q", "pytest -x -k smoke", "py.test", "python -m pytest", "python3 -m pytest -q", "uv run pytest", "poetry run pytest", "pytest tests/",
	}},
	{name: "pytest tests conftest", file: "tests/conftest.py", text: func(p runnerPayload) string { return p.python }, cmds: []string{"pytest", "python -m pytest", "pytest tests"}},
	{name: "pytest test file", file: "tests/test_api.py", text: func(p runnerPayload) string { return p.python }, cmds: []string{"pytest tests/test_api.py", "pytest tests/test_api.py::test_one"}},
	{name: "setup.py", file: "setup.py", text: func(p runnerPayload) string { return p.python }, cmds: []string{
		"pip install .", "pip install -e .", "pip3 install --user .", "python -m pip install -e .", "uv pip install -e .", "pip install '.[dev]'", "uv build", "python setup.py develop",
	}},
	{name: "tox", file: "tox.ini", text: func(p runnerPayload) string {
		return "[tox]\nenvlist = py311\n\n[testenv]\ndeps = pytest\ncommands =\n    pytest\n    " + p.shell + "\n"
	}, cmds: []string{"tox", "tox -e py311", "python -m tox"}},
	{name: "nox", file: "noxfile.py", text: func(p runnerPayload) string { return "import nox\n" + p.python }, cmds: []string{"nox", "nox -s tests"}},
	{name: "hatch", file: "pyproject.toml", text: func(p runnerPayload) string {
		return fmt.Sprintf("[project]\nname = \"app\"\n\n[tool.hatch.envs.default.scripts]\ntest = %q\n", p.shell)
	}, cmds: []string{"hatch run test", "hatch run default:test"}},
	{name: "poetry script", file: "app/cli.py", text: func(p runnerPayload) string { return p.python },
		extra: map[string]string{"pyproject.toml": "[tool.poetry]\nname = \"app\"\n\n[tool.poetry.scripts]\nappcli = \"app.cli:main\"\n"},
		cmds:  []string{"poetry run appcli"}},
	{name: "uv run", file: "scripts/t.py", text: func(p runnerPayload) string { return p.python }, cmds: []string{"uv run scripts/t.py", "uv run --python 3.12 scripts/t.py"}},
	{name: "python -m package", file: "tool/__main__.py", text: func(p runnerPayload) string { return p.python }, cmds: []string{"python -m tool", "python3 -m tool --help"}},
	{name: "just", file: "justfile", text: func(p runnerPayload) string {
		return "set shell := [\"bash\", \"-c\"]\n\ndefault: build\n\nbuild:\n    @" + p.shell + "\n"
	}, cmds: []string{
		"just", "just build", "just --justfile justfile build",
	}},
	{name: "just dependency", file: "Justfile", text: func(p runnerPayload) string { return "test: clean\n    go test ./...\n\nclean:\n    " + p.shell + "\n" }, cmds: []string{"just test"}},
	{name: "task", file: "Taskfile.yml", text: func(p runnerPayload) string {
		return "version: '3'\n\ntasks:\n  default:\n    deps: [build]\n  build:\n    desc: Build\n    cmds:\n      - go build ./...\n      - " + p.shell + "\n"
	}, cmds: []string{"task", "task build", "go-task build", "task -t Taskfile.yml build"}},
	{name: "task cmd key", file: "Taskfile.yml", text: func(p runnerPayload) string {
		return "version: '3'\ntasks:\n  clean:\n    cmds:\n      - cmd: " + p.shell + "\n        silent: true\n  ci:\n    cmds:\n      - task: clean\n"
	}, cmds: []string{"task ci", "task clean"}},
	{name: "rake", file: "Rakefile", text: func(p runnerPayload) string { return "task :default do\n  sh '" + p.shell + "'\nend\n" }, cmds: []string{"rake", "rake default", "bundle exec rake"}},
	{name: "rake ruby", file: "Rakefile", text: func(p runnerPayload) string { return p.ruby + "task :default do\nend\n" }, cmds: []string{"rake"}},
	{name: "tsx", file: "scripts/seed.ts", text: func(p runnerPayload) string { return p.node }, cmds: []string{"tsx scripts/seed.ts", "ts-node scripts/seed.ts", "npx tsx scripts/seed.ts"}},
	{name: "go run", file: "main.go", text: func(p runnerPayload) string { return p.golang }, cmds: []string{"go run main.go", "go run .", "go run ./"}},
	{name: "cargo build.rs", file: "build.rs", text: func(p runnerPayload) string { return p.rust }, cmds: []string{"cargo build", "cargo b", "cargo test", "cargo +nightly check"}},
	{name: "cargo run", file: "src/main.rs", text: func(p runnerPayload) string { return p.rust }, cmds: []string{"cargo run", "cargo r --release"}},
}

// runnerSource is where the project file's content comes from.
type runnerSource string

const (
	fromDisk    runnerSource = "disk"
	fromSession runnerSource = "session"
	fromLine    runnerSource = "line"
)

// runnerAnalyze runs cmd in the case's project with the files given by
// the source.
func runnerAnalyze(rc runnerCase, cmd string, files map[string]string, src runnerSource) (*Result, *diskFiles) {
	cwd := rc.cwd
	if cwd == "" {
		cwd = runnerCwd
	}
	opt := Options{Cwd: cwd, Home: runnerHome}
	d := &diskFiles{files: map[string]string{}}
	switch src {
	case fromDisk:
		for f, t := range files {
			d.files[runnerCwd+"/"+f] = t
		}
		opt.ReadFile = d.read
	case fromSession:
		opt.Files = map[string]FileContent{}
		for f, t := range files {
			opt.Files[runnerCwd+"/"+f] = FileContent{Text: t}
		}
	case fromLine:
		var b strings.Builder
		for _, f := range sortedFiles(files) {
			fmt.Fprintf(&b, "mkdir -p %s && cat > %s <<'EOF'\n%s\nEOF\n", shellQuote(dirOf(runnerCwd+"/"+f)), shellQuote(runnerCwd+"/"+f), files[f])
		}
		cmd = b.String() + cmd
	}
	return Analyze(cmd, opt), d
}

func dirOf(p string) string { return p[:strings.LastIndexByte(p, '/')] }

func sortedFiles(m map[string]string) []string {
	var out []string
	for f := range m {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}

func resultPoints(res *Result) int {
	m := 0
	for _, f := range res.Findings {
		m = max(m, f.Points)
	}
	return m
}

func TestProjectRunners(t *testing.T) {
	n := 0
	for _, rc := range runnerCases {
		for _, src := range []runnerSource{fromDisk, fromSession, fromLine} {
			for _, cmd := range rc.cmds {
				for _, harmful := range []bool{true, false} {
					p := runnerHarmless
					if harmful {
						p = runnerHarmful
					}
					files := map[string]string{rc.file: rc.text(p)}
					for f, t := range rc.extra {
						files[f] = t
					}
					res, d := runnerAnalyze(rc, cmd, files, src)
					n++
					if len(d.reads) > MaxScriptReads {
						t.Errorf("%s (%s) %q: %d files read, at most %d", rc.name, src, cmd, len(d.reads), MaxScriptReads)
					}
					if harmful && !slices.ContainsFunc(res.Findings, func(f rule.Finding) bool { return f.Points >= 100 }) {
						t.Errorf("%s (%s) %q over a destructive %s: %v, want the home directory's deletion held", rc.name, src, cmd, rc.file, ruleIDs(res))
					}
					if !harmful && resultPoints(res) >= 50 {
						t.Errorf("%s (%s) %q over a harmless %s: %v (%d points), want it to run", rc.name, src, cmd, rc.file, ruleIDs(res), resultPoints(res))
					}
				}
			}
		}
	}
	t.Logf("%d runner command lines", n)
}

// TestProjectRunnersUnread: a runner whose file cannot be read (no file
// known, the disk not readable, the file missing or binary) stays as it
// was: an everyday command.
func TestProjectRunnersUnread(t *testing.T) {
	for _, rc := range runnerCases {
		for _, cmd := range rc.cmds {
			for _, opt := range []Options{
				{Cwd: runnerCwd, Home: runnerHome},
				{Cwd: runnerCwd, Home: runnerHome, ReadFile: (&diskFiles{}).read},
				{Cwd: runnerCwd, Home: runnerHome, ReadFile: (&diskFiles{files: map[string]string{runnerCwd + "/" + rc.file: "\x00\x01binary"}}).read},
			} {
				res := Analyze(cmd, opt)
				if m := resultPoints(res); m >= 50 {
					t.Errorf("%s %q with no readable file: %v (%d points), want it to run", rc.name, cmd, ruleIDs(res), m)
				}
			}
		}
	}
}

// TestProjectRunnerCwd: a package's scripts run in the package's
// directory: ".." in a script run from a subdirectory of the package is
// the directory above the package.
func TestProjectRunnerCwd(t *testing.T) {
	d := &diskFiles{files: map[string]string{runnerCwd + "/package.json": `{"scripts": {"clean": "rm -rf .."}}`}}
	res := Analyze("cd src && npm run clean", Options{Cwd: runnerCwd, Home: runnerHome, ReadFile: d.read})
	if !hasRule(res, "shell.fs.rm-home") {
		t.Errorf("npm run clean from src/ deleting .. of the package: %v, want the home directory's deletion", ruleIDs(res))
	}
	// --prefix names the package and its directory.
	d = &diskFiles{files: map[string]string{"/home/dev/project/app/package.json": `{"scripts": {"clean": "rm -rf ../.."}}`}}
	res = Analyze("npm --prefix app run clean", Options{Cwd: runnerCwd, Home: runnerHome, ReadFile: d.read})
	if !hasRule(res, "shell.fs.rm-home") {
		t.Errorf("npm --prefix app run clean deleting ../..: %v, want the home directory's deletion", ruleIDs(res))
	}
}

// TestProjectRunnerLoops: scripts that run each other end.
func TestProjectRunnerLoops(t *testing.T) {
	for _, text := range []string{
		`{"scripts": {"a": "npm run a"}}`,
		`{"scripts": {"a": "npm run b", "b": "yarn a"}}`,
		`{"scripts": {"a": "npm run a && npm run a && npm run a"}}`,
	} {
		for _, src := range []runnerSource{fromDisk, fromSession} {
			res, _ := runnerAnalyze(runnerCase{}, "npm run a", map[string]string{"package.json": text}, src)
			if res == nil {
				t.Fatal("no result")
			}
		}
	}
	just := "a: b\n    echo a\nb: a\n    echo b\n"
	rt := justRecipes(just, []string{"a"})
	if len(rt.shell) != 2 {
		t.Errorf("justfile with a dependency loop: %q, want both recipes once", rt.shell)
	}
	task := "tasks:\n  a:\n    deps: [b]\n    cmds: [echo a]\n  b:\n    cmds:\n      - task: a\n      - echo b\n"
	if rt := taskCmds(task, []string{"a"}); len(rt.shell) != 2 {
		t.Errorf("Taskfile with a loop: %q, want both tasks once", rt.shell)
	}
}

// TestProjectRunnerOnlyNamed: a runner runs the script, recipe or task it
// is given: another one's destructive command is not what runs.
func TestProjectRunnerOnlyNamed(t *testing.T) {
	cases := []struct{ file, text, cmd string }{
		{"package.json", `{"scripts": {"nuke": "rm -rf ~", "test": "jest"}}`, "npm test"},
		{"package.json", `{"scripts": {"nuke": "rm -rf ~", "build": "tsc"}}`, "yarn build"},
		{"package.json", `{"scripts": {"postinstall": "rm -rf ~"}}`, "npm install --ignore-scripts"},
		{"package.json", `{"scripts": {"test": "rm -rf ~"}}`, "npm run build"},
		{"package.json", `{"scripts": {"test": "rm -rf ~"}}`, "npm --workspace pkg-a test"},
		{"package.json", `{"scripts": {"build": "rm -rf ~"}}`, "bun build ./src/index.ts --outdir dist"},
		{"package.json", `{"scripts": {"build": "rm -rf ~"}}`, "npm run"},
		{"package.json", `{"scripts": {"test": "rm -rf ~"}}`, "npm install lodash"},
		{"justfile", "build:\n    go build\nnuke:\n    rm -rf ~\n", "just build"},
		{"justfile", "build:\n    go build\nnuke:\n    rm -rf ~\n", "just"},
		{"Taskfile.yml", "version: '3'\ntasks:\n  build:\n    cmds:\n      - go build\n  nuke:\n    cmds:\n      - rm -rf ~\n", "task build"},
		{"tox.ini", "[tox]\nenvlist = py\n[flake8]\ncommands = rm -rf ~\n[testenv]\ncommands = pytest\n", "tox"},
		{"composer.json", `{"scripts": {"nuke": "rm -rf ~", "test": "phpunit"}}`, "composer run test"},
	}
	for _, c := range cases {
		for _, src := range []runnerSource{fromDisk, fromSession} {
			res, _ := runnerAnalyze(runnerCase{}, c.cmd, map[string]string{c.file: c.text}, src)
			if m := resultPoints(res); m >= 50 {
				t.Errorf("%s %q with %s: %v (%d points), want only the named script judged", src, c.cmd, c.file, ruleIDs(res), m)
			}
		}
	}
}
