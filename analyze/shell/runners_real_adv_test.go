package shell

import (
	"strings"
	"testing"
)

// Project files as projects write them: the everyday runners over them
// run, read from disk or written by the session; a file the session wrote
// that can be read only in part and runs programs waits for a person.

var realProjectFiles = map[string]string{
	"package.json": `{
  "name": "web-app",
  "version": "2.3.1",
  "private": true,
  "scripts": {
    "preinstall": "npx only-allow pnpm",
    "postinstall": "patch-package && husky install",
    "prepare": "husky install",
    "clean": "rimraf dist coverage .turbo && rm -rf node_modules/.cache",
    "prebuild": "npm run clean",
    "build": "tsc -p tsconfig.build.json && vite build",
    "dev": "vite --host 0.0.0.0 --port $PORT",
    "start": "node dist/server.js",
    "test": "jest --coverage --runInBand",
    "pretest": "npm run lint",
    "lint": "eslint . --ext .ts,.tsx --max-warnings 0",
    "format": "prettier --write \"src/**/*.{ts,tsx}\"",
    "db:reset": "prisma migrate reset --force --skip-seed",
    "release": "standard-version && git push --follow-tags origin main"
  },
  "bin": {"web-cli": "bin/cli.js"},
  "dependencies": {"react": "^18.2.0"}
}`,
	"bin/cli.js": "#!/usr/bin/env node\nconst { execSync } = require('child_process');\nconst out = execSync('git rev-parse HEAD').toString();\nconsole.log(out);\n",
	"conftest.py": `import os
import shutil
import subprocess
import pytest

@pytest.fixture
def workdir(tmp_path):
    subprocess.run(["git", "init", str(tmp_path)], check=True)
    yield tmp_path
    shutil.rmtree(tmp_path, ignore_errors=True)

@pytest.fixture(autouse=True)
def env(monkeypatch):
    monkeypatch.setenv("APP_ENV", "test")
`,
	"tests/conftest.py": "import pytest\n\n@pytest.fixture\ndef client():\n    from app import create_app\n    return create_app().test_client()\n",
	"setup.py":          "from setuptools import setup, find_packages\n\nsetup(name='app', version='0.1', packages=find_packages())\n",
	"tox.ini":           "[tox]\nenvlist = py39, py311, lint\n\n[testenv]\ndeps =\n    pytest\n    pytest-cov\ncommands =\n    pytest --cov=app {posargs}\n\n[testenv:lint]\ncommands = ruff check .\n",
	"noxfile.py":        "import nox\n\n@nox.session\ndef tests(session):\n    session.install('-e', '.')\n    session.run('pytest')\n",
	"pyproject.toml":    "[project]\nname = \"app\"\n\n[project.scripts]\napp = \"app.cli:main\"\n\n[tool.poetry.scripts]\napp = \"app.cli:main\"\n\n[tool.hatch.envs.default.scripts]\ntest = \"pytest {args}\"\ncov = [\"pytest --cov\", \"coverage html\"]\n",
	"app/cli.py":        "import argparse\n\ndef main():\n    p = argparse.ArgumentParser()\n    p.parse_args()\n",
	"justfile":          "set dotenv-load\n\ndefault: test\n\nbuild:\n    go build -o bin/app ./cmd/app\n\ntest: build\n    go test ./...\n\nclean:\n    rm -rf bin dist\n",
	"Taskfile.yml":      "version: '3'\n\nvars:\n  OUT: bin\n\ntasks:\n  default:\n    cmds:\n      - task: test\n  build:\n    sources:\n      - ./**/*.go\n    generates:\n      - bin/app\n    cmds:\n      - go build -o {{.OUT}}/app ./cmd/app\n  test:\n    deps: [build]\n    cmds:\n      - go test ./...\n  clean:\n    cmds:\n      - rm -rf {{.OUT}}\n",
	"Rakefile":          "require 'rake/testtask'\n\nRake::TestTask.new(:test) do |t|\n  t.libs << 'test'\nend\n\ntask :clean do\n  sh 'rm -rf pkg tmp'\nend\n\ntask default: :test\n",
	"main.go":           "package main\n\nimport (\n\t\"os\"\n\t\"os/exec\"\n)\n\nfunc main() {\n\tcmd := exec.Command(\"git\", \"status\")\n\tcmd.Stdout = os.Stdout\n\t_ = cmd.Run()\n\tos.RemoveAll(\"tmp/cache\")\n}\n",
	"build.rs":          "use std::env;\nuse std::process::Command;\n\nfn main() {\n    let rustc = env::var(\"RUSTC\").unwrap();\n    let out = Command::new(rustc).arg(\"--version\").output().unwrap();\n    println!(\"cargo:rustc-env=RUSTC_VERSION={}\", String::from_utf8_lossy(&out.stdout));\n    println!(\"cargo:rerun-if-changed=build.rs\");\n}\n",
	"src/main.rs":       "fn main() {\n    println!(\"hello\");\n}\n",
	"composer.json":     `{"scripts": {"test": "phpunit", "post-install-cmd": ["@php artisan key:generate --ansi"], "lint": "php-cs-fixer fix --dry-run"}}`,
	"deno.json":         `{"tasks": {"dev": "deno run --watch main.ts", "test": "deno test -A"}}`,
}

var realProjectCommands = []string{
	"npm install", "npm ci", "pnpm install", "yarn", "npm run build", "npm test", "npm start", "yarn build", "pnpm dev", "npm run lint",
	"npm run clean", "npm run format", "npx web-cli", "npm pack", "bun run build",
	"pytest", "pytest -q tests/", "python -m pytest", "pip install -e .", "pip install .", "uv pip install -e .", "tox", "tox -e lint", "nox",
	"hatch run test", "hatch run cov", "poetry run app", "just", "just build", "just clean", "task", "task build", "task clean", "rake", "rake clean",
	"go run .", "go run main.go", "cargo build", "cargo run", "cargo test", "composer install", "composer run test", "deno task dev",
}

// asWritten are the findings a file the session wrote keeps as when the
// agent runs its content itself: a recursive rm of build output typed
// (rm -rf bin dist) asks, and code the session wrote that deletes a tree
// or starts a program named only when it runs waits for a person.
var asWritten = map[string]bool{"shell.fs.rm-recursive": true, "shell.fs.rm-build-output": true, ruleInlineDeleteTree.ID: true,
	"shell.interp.exec": true, ruleBuildRunsUnknown.ID: true}

// TestProjectRunnersRealFiles: the runners over a project's ordinary files
// on disk run; written by the session, they are judged as their content
// is when run directly.
func TestProjectRunnersRealFiles(t *testing.T) {
	for _, src := range []runnerSource{fromDisk, fromSession} {
		for _, cmd := range realProjectCommands {
			res, d := runnerAnalyze(runnerCase{}, cmd, realProjectFiles, src)
			for _, f := range res.Findings {
				if f.Points >= 50 && (src == fromDisk || !asWritten[f.Rule]) {
					t.Errorf("%s: %q over the project's ordinary files: %s (%d points): %s", src, cmd, f.Rule, f.Points, f.Message)
				}
			}
			if len(d.reads) > MaxScriptReads {
				t.Errorf("%q read %d files", cmd, len(d.reads))
			}
		}
	}
}

// TestProjectRunnerSessionPartial: a file the session edited (only the
// edit's text is known) that runs programs through a name only known at
// run time, or that does not read as its format, waits for a person; the
// same edit with ordinary content runs.
func TestProjectRunnerSessionPartial(t *testing.T) {
	cases := []struct {
		file, text, cmd string
		held            bool
	}{
		{"conftest.py", "import os, subprocess\nsubprocess.run(os.environ['CMD'], shell=True)\n", "pytest", true},
		{"conftest.py", "import pytest\n\n@pytest.fixture\ndef x():\n    return 1\n", "pytest", false},
		{"setup.py", "import os\nos.system(open('/tmp/c').read())\n", "pip install -e .", true},
		{"setup.py", "from setuptools import setup\nsetup(name='x')\n", "pip install -e .", false},
		{"noxfile.py", "import subprocess\nsubprocess.call(CMD)\n", "nox", true},
		{"scripts/seed.ts", "require('child_process').execSync(process.argv[2])\n", "tsx scripts/seed.ts", true},
		{"scripts/seed.ts", "console.log('seed')\n", "tsx scripts/seed.ts", false},
	}
	for _, c := range cases {
		opt := Options{Cwd: runnerCwd, Home: runnerHome, Files: map[string]FileContent{runnerCwd + "/" + c.file: {Text: c.text, Partial: true}}}
		res := Analyze(c.cmd, opt)
		held := hasRule(res, ruleBuildRunsUnknown.ID) || resultPoints(res) >= 60
		if held != c.held {
			t.Errorf("%q after the session edited %s with %q: %v (%d points), held %v, want %v", c.cmd, c.file, c.text, ruleIDs(res), resultPoints(res), held, c.held)
		}
	}
}

// TestProjectRunnerCompiledSession: Go and Rust programs the session
// wrote that start a program or remove a tree whose name is only known
// when they run wait for a person; on disk they run (build scripts call
// the compiler they are given).
func TestProjectRunnerCompiledSession(t *testing.T) {
	cases := []struct{ file, text, cmd string }{
		{"main.go", "package main\nimport (\"os\"; \"os/exec\")\nfunc main() { exec.Command(os.Args[1]).Run() }\n", "go run main.go"},
		{"main.go", "package main\nimport \"os\"\nfunc main() { h, _ := os.UserHomeDir(); os.RemoveAll(h + \"/\") }\n", "go run ."},
		{"build.rs", "fn main() { let p = std::env::args().nth(1).unwrap(); std::fs::remove_dir_all(p).unwrap(); }\n", "cargo build"},
		{"src/main.rs", "fn main() { std::process::Command::new(std::env::var(\"X\").unwrap()).status().unwrap(); }\n", "cargo run"},
	}
	for _, c := range cases {
		res, _ := runnerAnalyze(runnerCase{}, c.cmd, map[string]string{c.file: c.text}, fromSession)
		if !hasRule(res, ruleBuildRunsUnknown.ID) && resultPoints(res) < 60 {
			t.Errorf("session %q over %s: %v, want it held for a person", c.cmd, c.text, ruleIDs(res))
		}
		res, _ = runnerAnalyze(runnerCase{}, c.cmd, map[string]string{c.file: c.text}, fromDisk)
		if m := resultPoints(res); m >= 50 {
			t.Errorf("disk %q over %s: %v (%d points), want it to run", c.cmd, c.text, ruleIDs(res), m)
		}
	}
	// Literal calls are judged as the commands they are, wherever the file is.
	for _, text := range []string{
		"package main\nimport \"os/exec\"\nfunc main() { exec.Command(\"sh\", \"-c\", `rm -rf ~`).Run() }\n",
		"package main\nimport (\"os\"; \"path/filepath\")\nfunc main() { h, _ := os.UserHomeDir(); os.RemoveAll(filepath.Join(h, \".ssh\")); os.RemoveAll(os.Getenv(\"HOME\")) }\n",
		"package main\nimport \"os/exec\"\nfunc main() { exec.CommandContext(ctx, \"rm\", \"-rf\", \"/\").Run() }\n",
	} {
		for _, src := range []runnerSource{fromDisk, fromSession} {
			res, _ := runnerAnalyze(runnerCase{}, "go run main.go", map[string]string{"main.go": text}, src)
			if resultPoints(res) < 100 {
				t.Errorf("%s go run over %q: %v, want it blocked", src, text, ruleIDs(res))
			}
		}
	}
}

// TestProjectRunnerBadManifest: a package.json the session wrote that is
// not JSON (a trailing comma, a comment, cut short) still shows its
// destructive script; on disk a broken manifest is not read beyond its
// pairs.
func TestProjectRunnerBadManifest(t *testing.T) {
	for _, text := range []string{
		`{"scripts": {"test": "rm -rf ~",}}`,
		"{\n  // build\n  \"scripts\": {\"test\": \"rm -rf ~\"}\n}",
		`{"scripts": {"test": "rm -rf ~"`,
		`{"scripts": {"test": 'rm -rf ~'}}`,
		`{"scripts": {"test": "rm -rf \u007e"}, }`,
		`{"scripts": {"test": ["rm -rf ~"]}}`,
	} {
		for _, src := range []runnerSource{fromSession, fromLine} {
			res, _ := runnerAnalyze(runnerCase{}, "npm test", map[string]string{"package.json": text}, src)
			if resultPoints(res) < 60 {
				t.Errorf("%s npm test over %q: %v, want it held", src, text, ruleIDs(res))
			}
		}
	}
	// On disk, an everyday broken manifest is not a reason to stop.
	res, _ := runnerAnalyze(runnerCase{}, "npm test", map[string]string{"package.json": `{"scripts": {"test": "jest",}}`}, fromDisk)
	if m := resultPoints(res); m >= 50 {
		t.Errorf("npm test over a broken manifest on disk: %v", ruleIDs(res))
	}
	if !strings.Contains(jsonPairs(`{"a": "x\"y"}`)["a"], `x"y`) {
		t.Errorf("jsonPairs does not unescape: %q", jsonPairs(`{"a": "x\"y"}`))
	}
}

// TestProjectRunnerIndirect: what a script runs in turn is read too: a
// file it names, a script the session edited into package.json, a
// conftest.py above the tests directory, a key given twice.
func TestProjectRunnerIndirect(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		cwd   string
		cmd   string
		held  bool
	}{
		{"script runs a file", map[string]string{"package.json": `{"scripts": {"build": "node scripts/build.js"}}`,
			"scripts/build.js": runnerHarmful.node}, "", "npm run build", true},
		{"script runs a file, harmless", map[string]string{"package.json": `{"scripts": {"build": "node scripts/build.js"}}`,
			"scripts/build.js": runnerHarmless.node}, "", "npm run build", false},
		{"script runs a shell file", map[string]string{"package.json": `{"scripts": {"test": "./test.sh"}}`, "test.sh": "#!/bin/sh\nrm -rf ~\n"}, "", "npm test", true},
		{"script runs a shell file from a subdirectory", map[string]string{"package.json": `{"scripts": {"test": "sh ./test.sh"}}`, "test.sh": "rm -rf ~\n"},
			runnerCwd + "/src", "npm test", true},
		{"conftest above", map[string]string{"conftest.py": runnerHarmful.python}, runnerCwd + "/tests", "pytest", true},
		{"key given twice", map[string]string{"package.json": `{"scripts": {"test": "jest", "test": "rm -rf ~",}}`}, "", "npm test", true},
	}
	for _, c := range cases {
		for _, src := range []runnerSource{fromDisk, fromSession} {
			if c.name == "key given twice" && src == fromDisk {
				continue // npm refuses it; on disk a broken manifest is only read for its pairs
			}
			res, _ := runnerAnalyze(runnerCase{cwd: c.cwd}, c.cmd, c.files, src)
			if held := resultPoints(res) >= 100; held != c.held {
				t.Errorf("%s (%s): %q: %v (%d points), held %v, want %v", c.name, src, c.cmd, ruleIDs(res), resultPoints(res), held, c.held)
			}
		}
	}
	// An edit of package.json: only its new text is known.
	res := Analyze("npm test", Options{Cwd: runnerCwd, Home: runnerHome, Files: map[string]FileContent{
		runnerCwd + "/package.json": {Text: `    "test": "rm -rf ~",`, Partial: true}}})
	if resultPoints(res) < 100 {
		t.Errorf("npm test after an edit that sets the test script: %v", ruleIDs(res))
	}
	res = Analyze("npm test", Options{Cwd: runnerCwd, Home: runnerHome, Files: map[string]FileContent{
		runnerCwd + "/package.json": {Text: `    "lodash": "^4.17.21",`, Partial: true}}})
	if m := resultPoints(res); m >= 50 {
		t.Errorf("npm test after an edit that adds a dependency: %v (%d points)", ruleIDs(res), m)
	}
}
