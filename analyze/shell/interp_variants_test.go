package shell

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/rule"
)

// verdictClass is the verdict the default policy gives findings before
// context modifiers (guard.decide): what the interpreter tests assert.
func verdictClass(fs []rule.Finding) string {
	t := seedThresholds
	top, danger, review := 0, false, false
	for _, f := range fs {
		top = max(top, f.Points)
		danger = danger || f.Category.Dangerous()
		review = review || f.AlwaysReview
	}
	switch {
	case danger || top > t.Privileged:
		return "block"
	case top > t.Cautious || review:
		return "approve"
	case top > t.Safe:
		return "confirm"
	}
	return "allow"
}

// sampleTexts are the texts the round-trip test spells: every printable
// character, and command lines made of random printable characters.
func sampleTexts() []string {
	var all strings.Builder
	for c := byte(0x20); c < 0x7f; c++ {
		all.WriteByte(c)
	}
	texts := []string{all.String(), "rm -rf ~", "rm -rf /", "a", "x'y\"z\\w", "${HOME} #{x} %s {} {{}}", "$(id) `id` $@"}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 40; i++ {
		n := 1 + rng.Intn(30)
		b := make([]byte, n)
		for j := range b {
			b[j] = byte(0x20 + rng.Intn(0x7f-0x20))
		}
		texts = append(texts, string(b))
	}
	return texts
}

// TestEncodingsRoundTrip: every spelling of every text evaluates back to
// the text, in every language.
func TestEncodingsRoundTrip(t *testing.T) {
	for lang, encs := range encodings {
		for _, enc := range encs {
			for _, s := range sampleTexts() {
				if strings.Contains(enc.name, "variable") && namesEval(lang, enc, s) {
					continue // see FuzzInlineLiteral
				}
				if got, ok := evalSpelling(lang, enc, s); !ok || got.text() != s {
					prelude, x := enc.enc(s)
					t.Errorf("%s %s: %q evaluates to %q (known %v)\n\t%s%s", lang, enc.name, s, got.text(), got.known(), prelude, x)
				}
			}
		}
	}
}

// evalSpelling evaluates the spelling of s by enc.
func evalSpelling(lang string, enc encoding, s string) (val, bool) {
	prelude, x := enc.enc(s)
	code := prelude + x
	v, end := newEvaluator(lang, code).arg(len(prelude))
	return v, v.known() && end == len(code)
}

// TestInlineObfuscationMatrix runs "rm -rf ~" and "rm -rf /" spelled every
// way in every language, handed to the interpreter every way its command
// line allows: each is the shell command's finding and a block. The same
// spellings of a routine command raise nothing but, when disguised, the
// obfuscation rule.
func TestInlineObfuscationMatrix(t *testing.T) {
	targets := []struct{ cmd, rule string }{{"rm -rf ~", "shell.fs.rm-home"}, {"rm -rf /", "shell.fs.rm-root"}, {"rm -rf ~/", "shell.fs.rm-home"}}
	n := 0
	for lang, form := range execForms {
		for _, enc := range encodings[lang] {
			for ti, target := range targets {
				for si, spell := range form.spells {
					if ti > 0 && si > 0 && (si+len(enc.name)+ti)%3 != 0 {
						continue // every encoding with every spelling once; the other targets on a third of them
					}
					cmd := fmt.Sprintf(spell, shq(form.run(enc.enc(target.cmd))))
					res := Analyze(cmd, exampleOptions)
					n++
					if !hasRule(res, target.rule) {
						t.Errorf("%s %s: %s\n\tmissing %s, found %v", lang, enc.name, cmd, target.rule, ruleIDs(res))
						continue
					}
					if enc.hidden && !hasRule(res, ruleObfuscated.ID) {
						t.Errorf("%s %s: %s\n\tdisguised without %s: %v", lang, enc.name, cmd, ruleObfuscated.ID, ruleIDs(res))
					}
					if got := verdictClass(res.Findings); got != "block" {
						t.Errorf("%s %s: %s\n\tverdict %s, want block (%v)", lang, enc.name, cmd, got, ruleIDs(res))
					}
				}
			}
			// The routine twin.
			cmd := fmt.Sprintf(form.spells[0], shq(form.run(enc.enc("ls -la"))))
			res := Analyze(cmd, exampleOptions)
			want := "allow"
			for _, f := range res.Findings {
				if f.Rule != ruleObfuscated.ID && f.Points > seedThresholds.Safe {
					t.Errorf("%s %s: %s\n\troutine command raised %s", lang, enc.name, cmd, f.Rule)
				}
			}
			if enc.hidden {
				want = "approve"
			}
			if got := verdictClass(res.Findings); got != want && !(want == "allow" && got == "confirm") {
				t.Errorf("%s %s: %s\n\tverdict %s, want %s (%v)", lang, enc.name, cmd, got, want, ruleIDs(res))
			}
		}
	}
	if n < 500 {
		t.Errorf("only %d commands generated", n)
	}
	t.Logf("%d generated commands", n)
}

// TestInlineUnknownCommands: a command only known when the code runs needs
// approval, in every language and every spelling of the call.
func TestInlineUnknownCommands(t *testing.T) {
	unknown := map[string][]string{
		"python": {"input()", "sys.argv[1]", "'ls ' + input()", "os.environ['CMD']", "f'rm -rf {sys.argv[1]}'", "'%s' % sys.argv[1]", "''.join(sys.argv[1:])"},
		"node":   {"process.argv[1]", "process.env.CMD", "'ls ' + process.argv[2]", "`rm -rf ${process.argv[2]}`", "require('fs').readFileSync(0, 'utf8')"},
		"perl":   {"$ARGV[0]", "<STDIN>", "\"ls $ARGV[0]\"", "join(' ', @ARGV)", "$ENV{CMD}"},
		"ruby":   {"ARGV[0]", "STDIN.read", "\"ls #{ARGV[0]}\"", "gets", "ENV['CMD']"},
		"php":    {"$argv[1]", "$_GET['c']", "'ls ' . $argv[1]", "file_get_contents('php://stdin')"},
		"lua":    {"arg[1]", "io.read()", "'ls ' .. arg[1]", "os.getenv('CMD')"},
		"awk":    {"$0", "$1", "\"ls \" $2"},
		"r":      {"commandArgs(TRUE)[1]", "readline()", "paste('ls', x)"},
	}
	for lang, exprs := range unknown {
		form := execForms[lang]
		for _, x := range exprs {
			for _, spell := range form.spells {
				cmd := fmt.Sprintf(spell, shq(form.run("", x)))
				if lang == "awk" {
					cmd = strings.Replace(cmd, "BEGIN", "", 1) + " input.txt"
				}
				res := Analyze(cmd, exampleOptions)
				if !hasRule(res, ruleInlineExec.ID) {
					t.Errorf("%s: %s\n\tmissing %s, found %v", lang, cmd, ruleInlineExec.ID, ruleIDs(res))
				}
				if got := verdictClass(res.Findings); got != "approve" && got != "block" {
					t.Errorf("%s: %s\n\tverdict %s, want approve (%v)", lang, cmd, got, ruleIDs(res))
				}
			}
		}
	}
}
