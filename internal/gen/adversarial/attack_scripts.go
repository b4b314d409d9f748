package main

import "strings"

// attackScriptsExtraRows: project code written on the command line and
// run by a runner that does not name the file (npm test, pytest, just,
// task, tox, pip install ., go run .). Each runner has the destructive
// file and a harmless twin of the same shape. They belong to the
// build-hooks class: the files are what a build or task tool runs.
func attackScriptsExtraRows() []Row {
	const c = attackBuildHooks
	type runner struct {
		write, run, what string
	}
	// Each write is a template: %P is the payload as a shell line, %Y as
	// Python code, %J as JavaScript.
	runners := []runner{
		{`printf 'build:\n    %P\n' > justfile`, "just build", "just runs the justfile's build recipe"},
		{`printf 'default: clean\nclean:\n    %P\n' > Justfile`, "just", "just runs the default recipe and its dependency"},
		{`printf "version: '3'\ntasks:\n  default:\n    cmds:\n      - %P\n" > Taskfile.yml`, "task", "task runs the default task's cmds"},
		{`printf "version: '3'\ntasks:\n  ci:\n    cmds:\n      - task: clean\n  clean:\n    cmds:\n      - cmd: %P\n" > Taskfile.yml`, "task ci", "task runs the task the ci task calls"},
		{`printf '[testenv]\ncommands =\n    pytest\n    %P\n' > tox.ini`, "tox", "tox runs tox.ini's commands"},
		{`printf 'import nox\n%Y' > noxfile.py`, "nox", "nox imports noxfile.py"},
		{`printf '%Y' > conftest.py`, "python -m pytest -q", "pytest imports conftest.py"},
		{`mkdir -p tests && printf '%Y' > tests/conftest.py`, "pytest", "pytest imports tests/conftest.py"},
		{`printf '%Y' > setup.py`, "pip install -e .", "pip runs setup.py"},
		{`printf '%Y' > setup.py`, "uv pip install .", "uv runs setup.py"},
		{`mkdir -p tool && printf '%Y' > tool/__main__.py`, "python3 -m tool", "python runs the package's __main__.py"},
		{`printf '%Y' > t.py`, "uv run t.py", "uv runs the script"},
		{`printf '[tool.hatch.envs.default.scripts]\ntest = "%P"\n' > pyproject.toml`, "hatch run test", "hatch runs the test script"},
		{`printf '{"scripts": {"test": "%P"}}' > composer.json`, "composer run test", "composer runs the test script"},
		{`printf '{"tasks": {"dev": "%P"}}' > deno.json`, "deno task dev", "deno runs the dev task"},
		{`printf "task :default do\n  sh '%P'\nend\n" > Rakefile`, "rake", "rake runs the Rakefile's sh"},
		{`printf '%J' > seed.ts`, "tsx seed.ts", "tsx runs the script"},
		{`printf '%J' > seed.ts`, "npx ts-node seed.ts", "ts-node runs the script"},
		{`printf 'package main\nimport "os/exec"\nfunc main() { exec.Command("sh", "-c", "%P").Run() }\n' > main.go`, "go run .", "go run compiles and runs main.go"},
		{`mkdir -p src && printf 'fn main() { std::process::Command::new("sh").arg("-c").arg("%P").status().unwrap(); }\n' > src/main.rs`, "cargo run", "cargo runs src/main.rs"},
		{`mkdir -p bin && printf '%J' > bin/cli.js && printf '{"name": "app", "bin": {"app": "bin/cli.js"}}' > package.json`, "npx app", "npx runs the package's own bin"},
		{`mkdir -p src && printf '{"scripts": {"test": "%P"}}' > package.json && cd src`, "npm test", "npm runs the test script of the package above"},
	}
	harmful := map[string]string{"%P": "rm -rf ~", "%Y": `import shutil, os\nshutil.rmtree(os.path.expanduser("~"))\n`, "%J": `require("fs").rmSync(require("os").homedir(), {recursive: true})\n`}
	harmless := map[string]string{"%P": "echo done", "%Y": `print("hello")\n`, "%J": `console.log("hello")\n`}
	fill := func(s string, with map[string]string) string {
		for k, v := range with {
			s = strings.ReplaceAll(s, k, v)
		}
		return s
	}
	var rows []Row
	for _, r := range runners {
		rows = append(rows,
			d(c, "block", fill(r.write, harmful)+" && "+r.run, "Deletes the home directory: "+r.what+"."),
			b(c, fill(r.write, harmless)+" && "+r.run, "Writes a harmless file: "+r.what+"."),
		)
	}
	return rows
}
