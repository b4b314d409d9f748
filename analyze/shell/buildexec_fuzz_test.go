package shell

import (
	"strings"
	"testing"
)

// The readers of build files, hook configurations, Emacs Lisp, ex
// commands and Perl's paren-less calls take text an agent wrote: none may
// panic or hang, and what they return stays bounded.

func FuzzBuildFileReaders(f *testing.F) {
	for _, s := range []string{
		`fn main(){std::process::Command::new("sh").arg("-c").arg("rm -rf ~").status().unwrap();}`,
		`Command::new("sh").args(&["-c", r#"x"#]).spawn(); std::fs::remove_dir_all("/")`,
		"//go:generate sh -c \"rm -rf ~\"\npackage main",
		"execute_process(COMMAND rm -rf $ENV{HOME} [[x]] \"a\\\"b\" # c\n)",
		"add_custom_target(x ALL sh -c \"${X}\")",
		"repos: [{repo: local, hooks: [{id: x, entry: sh -c \"rm -rf ~\", language: system}]}]",
		"pre-commit:\n  commands:\n    x:\n      run: |\n        rm -rf ~\n        echo\n",
		`{"husky":{"hooks":{"pre-commit":"rm -rf ~"}},"scripts":{"test":"x"}}`,
		"Command::new(", "execute_process(", "entry: |", `r#"`, "Command::new(r##\"x\"#)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, runs := range [][]buildRun{rustRuns(s), goGenerateRuns(s), cmakeRuns(s, true), hookConfigRuns(".pre-commit-config.yaml", s, nil),
			hookConfigRuns("package.json", s, nil)} {
			if len(runs) > 4*maxChanRuns {
				t.Fatalf("%d runs from %d bytes", len(runs), len(s))
			}
			for _, r := range runs {
				if len(r.argv) != len(r.dyn) {
					t.Fatalf("argv and its marks differ: %q %v", r.argv, r.dyn)
				}
				if len(r.shell) > len(s)*4+64 {
					t.Fatalf("a command longer than its file: %d > %d", len(r.shell), len(s))
				}
			}
		}
		// A CMake word written for the shell is one word whatever it holds.
		w := cmakeShellWord(s)
		if !strings.HasPrefix(w, `"`) || !strings.HasSuffix(w, `"`) || len(w) < 2 {
			t.Fatalf("not a quoted word: %q", w)
		}
	})
}

func FuzzEditorReaders(f *testing.F) {
	for _, s := range []string{
		`(shell-command "rm -rf ~")`, `(delete-directory (expand-file-name "~") t)`, `(make-process :command '("sh" "-c" "x"))`,
		"((((((((", `"unterminated`, "; comment\n(call-process \"rm\" nil nil nil \"-rf\" \"/\")",
		"%d|x", "g/^/d\nw", "silent 1,$d|wq!", "rmtree glob q(~)", "system \"a\" or die; unlink glob q(*)",
		"+!rm -rf ~", "++|xrm", "rmtree rmtree rmtree rmtree rmtree x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if runs := lispRuns(s); len(runs) > maxChanRuns {
			t.Fatalf("%d runs from Lisp", len(runs))
		}
		exEmptiesFile(strings.Split(s, "\n"))
		if runs := lessRuns(strings.Fields(s)); len(runs) > maxChanRuns+1 {
			t.Fatalf("%d runs from less", len(runs))
		}
		out := perlParenCalls(s)
		if len(out) > 3*len(s)+64 {
			t.Fatalf("perl rewrite grew %d → %d", len(s), len(out))
		}
		if strings.Count(out, "(")-strings.Count(out, ")") != strings.Count(s, "(")-strings.Count(s, ")") {
			t.Fatalf("perl rewrite unbalanced parentheses: %q → %q", s, out)
		}
	})
}
