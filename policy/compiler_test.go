package policy

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// withoutCompiler runs the test as a process that links no compiler (the
// lean hook) and gives the compiler back after it; it returns it.
func withoutCompiler(t *testing.T) Compiler {
	t.Helper()
	c := activeCompiler()
	if c == nil {
		t.Fatal("the tests run with a compiler (TestMain)")
	}
	UseCompiler(nil)
	t.Cleanup(func() { UseCompiler(c) })
	return c
}

const ruleFile = `deny:
  - command: "terraform apply **"
rules:
  - id: custom.no-deploy
    when: 'kind == "shell" && "make" in programs'
    verdict: block
`

func loadSrc(t *testing.T, src string) (*Policy, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), FileName)
	if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	return Load(LoadOptions{UserPath: path, Cwd: t.TempDir(), Getenv: func(string) string { return "" }})
}

// Without a compiler a policy with rules loads, says it needs one, and
// every rule fails until one is supplied: then the same policy works.
func TestRulesWithoutCompiler(t *testing.T) {
	c := withoutCompiler(t)
	p, err := loadSrc(t, ruleFile)
	if err != nil {
		t.Fatal(err)
	}
	if !p.NeedsCompiler() || len(p.Rules) != 1 {
		t.Fatalf("NeedsCompiler %v, %d rules", p.NeedsCompiler(), len(p.Rules))
	}
	hits, err := p.EvalRules(&Env{Kind: "shell", Programs: []string{"make"}})
	if len(hits) != 0 || !errors.Is(err, ErrNoCompiler) {
		t.Fatalf("without a compiler: hits %v, error %v (want ErrNoCompiler)", hits, err)
	}
	// The failure is not kept: a compiler supplied later compiles the rule.
	UseCompiler(c)
	hits, err = p.EvalRules(&Env{Kind: "shell", Programs: []string{"make"}})
	if err != nil || len(hits) != 1 || hits[0].ID != "custom.no-deploy" {
		t.Fatalf("with a compiler: hits %v, error %v", hits, err)
	}
}

// A policy without rules needs no compiler; a policy with rules loaded by
// a process with one does not either.
func TestNeedsCompilerOnlyForRules(t *testing.T) {
	p, err := loadSrc(t, ruleFile)
	if err != nil || p.NeedsCompiler() {
		t.Fatalf("with a compiler: NeedsCompiler %v, %v", p != nil && p.NeedsCompiler(), err)
	}
	withoutCompiler(t)
	p, err = loadSrc(t, "deny:\n  - command: \"terraform apply **\"\n")
	if err != nil || p.NeedsCompiler() {
		t.Fatalf("no rules: NeedsCompiler %v, %v", p != nil && p.NeedsCompiler(), err)
	}
}

// What needs no compiler is still checked without one: an empty or an
// overlong condition is an error in every process.
func TestBoundsCheckedWithoutCompiler(t *testing.T) {
	withoutCompiler(t)
	long := "|\n" + strings.Repeat("      "+strings.Repeat("a", 1000)+"\n", maxWhen/1000+1)
	for _, when := range []string{`''`, `'   '`, long} {
		src := "rules:\n  - id: custom.x\n    when: " + when + "\n    verdict: block\n"
		_, err := loadSrc(t, src)
		var le *LoadError
		if !errors.As(err, &le) || !strings.Contains(le.Error(), "when is") {
			t.Errorf("when %.20s…: %v, want an error on when", when, err)
		}
	}
}

// A condition a compiler would reject is not taken for valid without one:
// the policy needs the compiler, and no last valid copy is kept of it,
// since a process with the compiler may find it broken.
func TestUncheckedFileNotKeptValid(t *testing.T) {
	withoutCompiler(t)
	e := newLVEnv(t)
	broken := "rules:\n  - id: custom.x\n    when: 'kind ==== \"shell\"'\n    verdict: block\n"
	e.write(t, e.user, broken)
	p, fb := LoadFailClosed(e.opts, e.keep)
	if fb != nil || !p.NeedsCompiler() {
		t.Fatalf("without a compiler: fallback %+v, NeedsCompiler %v", fb, p.NeedsCompiler())
	}
	if _, ok := readKept(e.keep, e.user); ok {
		t.Fatal("a file whose rules no compiler checked was kept as valid")
	}
	// A file without rules is kept as before.
	e.write(t, e.user, lvUser)
	if p, fb := LoadFailClosed(e.opts, e.keep); fb != nil || p.NeedsCompiler() {
		t.Fatalf("no rules: %+v %v", fb, p.NeedsCompiler())
	}
	if _, ok := readKept(e.keep, e.user); !ok {
		t.Fatal("a file without rules was not kept")
	}
}

// A file with rules that does not load for another reason still says the
// policy needs the compiler: a process with it may report and replace the
// file otherwise.
func TestFailedFileWithRulesNeedsCompiler(t *testing.T) {
	withoutCompiler(t)
	e := newLVEnv(t)
	e.write(t, e.user, ruleFile+"securty_level: 9\n")
	p, fb := LoadFailClosed(e.opts, e.keep)
	if fb == nil || !fb.Strictest || !p.NeedsCompiler() {
		t.Fatalf("fallback %+v, NeedsCompiler %v", fb, p.NeedsCompiler())
	}
	// And a project file's rules as well as the user's.
	e.write(t, e.user, lvUser)
	e.write(t, e.project, ruleFile)
	if p, fb := LoadFailClosed(e.opts, e.keep); fb != nil || !p.NeedsCompiler() || len(p.Rules) != 1 {
		t.Fatalf("project rules: %+v %v %d", fb, p.NeedsCompiler(), len(p.Rules))
	}
}
