package shell

import (
	"strings"
	"testing"
)

// FuzzRunnerReaders: the readers of the files project runners run
// (package.json and its kin, tox.ini, justfile, Taskfile.yml, TOML
// scripts, Rakefile, Go and Rust code) never panic or hang, return
// bounded results, and a session-written package.json that holds a
// destructive test script, however broken around it, is held.
func FuzzRunnerReaders(f *testing.F) {
	for _, s := range []string{
		`{"scripts":{"test":"rm -rf ~","build":"tsc"}}`,
		`{"scripts":{"test":"rm -rf ~",}}`,
		`{"name":"x","bin":{"x":"bin/x.js"}}`,
		`{"tasks":{"dev":{"command":"deno run main.ts"}}}`,
		"[testenv]\ncommands =\n    pytest {posargs}\n    - rm -rf {env:HOME}\n",
		"default: build\nbuild: (dep \"x\") && after\n    @echo {{x}}\n    #!/usr/bin/env python3\nalias b := build\n",
		"version: '3'\ntasks:\n  a:\n    deps: [b]\n    cmds:\n      - echo a\n      - cmd: |\n          rm -rf ~\n      - task: b\n  b: echo b\n",
		"[tool.hatch.envs.default.scripts]\ntest = [\n  \"pytest\",\n  'x'\n]\n",
		"task :x do\n  sh \"rm -rf #{ENV['HOME']}\"\nend\n",
		"package main\nimport \"os/exec\"\nfunc main(){ exec.Command(\"sh\", `-c`, `rm -rf ~`).Run(); os.RemoveAll(filepath.Join(h, \"x\")) }",
		"fn main(){ std::fs::remove_dir_all(p); Command::new(\"x\").args(&[\"a\"]); }",
		`{"a": "\u0000`, "{\"", "[", "tasks:\n", "`", "exec.Command(", "{{", "#{",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, rt := range []runnerText{
			pkgScripts(s, "scripts", []string{"test", "build"}), pkgScripts(s, "tasks", []string{"dev"}), pkgBin(s, "x"),
			toxCommands(s), justRecipes(s, nil), justRecipes(s, []string{"build", "a"}), taskCmds(s, []string{"default", "a"}),
			tomlScripts(s, "scripts", "test"), rakeCode(s), goCode(s), rustCode(s),
		} {
			if len(rt.shell)+len(rt.runs) > 2048 {
				t.Fatalf("%d commands from %d bytes", len(rt.shell)+len(rt.runs), len(s))
			}
			for _, r := range rt.runs {
				if len(r.argv) != len(r.dyn) {
					t.Fatalf("argv and its marks differ: %q %v", r.argv, r.dyn)
				}
			}
		}
		if len(jsonPairs(s)) > 4096 {
			t.Fatal("too many pairs")
		}
		_ = templateVars(s, "{{", "}}", "X_")
		_ = goRawStrings(s)
		// A destructive test script stays visible whatever surrounds it.
		if len(s) < 512 && !strings.ContainsAny(s, "\"\\\x00") {
			text := `{"scripts": {"test": "rm -rf ~"}` + s
			res := Analyze("npm test", Options{Cwd: runnerCwd, Home: runnerHome, Files: map[string]FileContent{runnerCwd + "/package.json": {Text: text}}})
			if resultPoints(res) < 60 {
				t.Fatalf("npm test over %q: %v, want it held", text, ruleIDs(res))
			}
		}
	})
}
