package shell

import "testing"

// Julia's -e/-E/--eval code is read like the other interpreters': rm
// (recursive or not: its keyword comes after the path) of the home, the
// root or a system directory, and a `…` command that deletes, are held
// in every spelling of the command line; code that prints, builds, tests
// or deletes the project's build output runs.
func TestJuliaCodeIsRead(t *testing.T) {
	lines := []string{`julia -e '@C'`, `julia -E '@C'`, `julia --eval '@C'`, `julia --eval='@C'`, `julia -t 4 -e '@C'`,
		`julia --startup-file=no -e '@C'`, `julia -O3 -e '@C'`, `julia -q --project=. -e '@C'`}
	for _, line := range lines {
		for _, code := range []string{
			`rm(homedir(), recursive=true)`, `rm(homedir(); recursive=true)`, `rm("/home/dev"; force=true, recursive=true)`,
			`rm("/", recursive=true)`, `rm("/etc"; recursive=true)`, "run(`rm -rf /home/dev`)", "run(`rm -rf /etc`)",
			"success(`rm -rf /home/dev`)",
		} {
			wantAtLeast(t, fillCode(line, code), scopeOptions, atLeastBlock)
		}
		for _, code := range []string{`println(1+1)`, `using Pkg; Pkg.test()`, `rm("build"; recursive=true)`, "run(`ls -la`)",
			"run(`git status`)", `print(read("README.md", String))`} {
			wantRuns(t, fillCode(line, code), scopeOptions)
		}
		// A command built at run time: nobody saw what it runs.
		wantAtLeast(t, fillCode(line, `cmd = Cmd(split(ENV["X"])); run(cmd)`), scopeOptions, atLeastApprove)
	}
}

func fillCode(line, code string) string {
	out := ""
	for i := 0; i < len(line); i++ {
		if i+1 < len(line) && line[i] == '@' && line[i+1] == 'C' {
			out += code
			i++
			continue
		}
		out += string(line[i])
	}
	return out
}

// Julia interpolates $(expr) and $name into "…" strings and `…` commands:
// the home directory, a variable set earlier, a path joined at run time are
// what the command deletes; the twins interpolate into commands that only
// read, and into a deletion of build output.
func TestJuliaInterpolationIsRead(t *testing.T) {
	for _, line := range []string{`julia -e '@C'`, `julia --eval='@C'`, `julia -q -e '@C'`} {
		for _, code := range []string{
			"run(`rm -rf $(homedir())/Documents`)", "d = homedir(); run(`rm -rf $d/Pictures`)",
			`rm("$(homedir())/Documents", recursive=true)`, `p = "$(homedir())/.ssh"; rm(p; recursive=true)`,
			"run(`rm -rf $(joinpath(homedir(), \"Music\"))`)", "h = homedir(); run(`rm -rf $h`)",
		} {
			wantAtLeast(t, fillCode(line, code), scopeOptions, atLeastApprove)
		}
		for _, code := range []string{"run(`ls $(homedir())`)", `println("hello $(1+2)")`, "x = \"build\"; run(`rm -rf $x`)",
			"run(`du -sh $(pwd())`)", `n = 3; println("n is $n")`} {
			wantRuns(t, fillCode(line, code), scopeOptions)
		}
	}
}
