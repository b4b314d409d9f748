package shell

import (
	"fmt"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/rule"
)

// encodeOctal0 spells s as echo -e and printf %b read octal bytes: \0NNN.
func encodeOctal0(s string, upto int) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if i < upto {
			fmt.Fprintf(&b, `\0%03o`, s[i])
		} else {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func encodeHex(s string, upto int) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if i < upto {
			fmt.Fprintf(&b, `\x%02x`, s[i])
		} else {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// Text that echo -e or printf %b decodes into a command, piped into a
// shell, is that command: every option cluster echo accepts, each escape
// form, each shell. The same with a harmless command runs.
func TestEchoEscapesPipedToShell(t *testing.T) {
	producers := func(enc string) []string {
		var out []string
		for _, opt := range []string{"-e", "-ne", "-en", "-nee", "-Ee", "-e -n", "-n -e", "-eEe"} {
			out = append(out, fmt.Sprintf("echo %s '%s'", opt, enc))
		}
		out = append(out, fmt.Sprintf("printf %%b '%s'", enc), fmt.Sprintf("printf '%%b\\n' '%s'", enc), fmt.Sprintf("printf -- '%%b' '%s'", enc))
		return out
	}
	shells := []string{"sh", "bash", "bash -s", "dash", "zsh"}
	for _, tc := range []struct {
		cmd     string
		harmful bool
	}{{"rm -rf ~", true}, {"rm -rf /", true}, {"ls -la ~", false}, {"echo hi", false}} {
		for _, enc := range []string{encodeOctal0(tc.cmd, 2), encodeOctal0(tc.cmd, len(tc.cmd)), encodeHex(tc.cmd, 3)} {
			for _, p := range producers(enc) {
				for _, sh := range shells {
					line := p + " | " + sh
					r := Analyze(line, Options{Cwd: "/home/u/proj", Home: "/home/u"})
					top := 0
					for _, f := range r.Findings {
						top = max(top, f.Points)
					}
					if tc.harmful && top < 100 {
						t.Errorf("%s: score %d, want a block (it runs %q)", line, top, tc.cmd)
					}
					if !tc.harmful && hasCategory(r.Findings, rule.MassDestruction) {
						t.Errorf("%s: %v, want it to run (it runs %q)", line, r.Findings, tc.cmd)
					}
				}
			}
		}
	}
}

// \162 without the leading 0 is not an octal escape for echo -e: it stays
// as written, and "\c" ends the output.
func TestEchoEscapesForms(t *testing.T) {
	for in, want := range map[string]string{
		`\0162m`:      "rm",
		`\0162\0155`:  "rm",
		`\0`:          "\x00",
		`\162m`:       `\162m`,
		`\x72m`:       "rm",
		`a\cb`:        "a",
		`tab\there`:   "tab\there",
		`\u0072m`:     "rm",
		`\\0162`:      `\0162`,
		`\01621`:      "r1",
		`no escapes`:  "no escapes",
		`trailing \\`: `trailing \`,
	} {
		if got := echoEscapes(in); got != want {
			t.Errorf("echoEscapes(%q) = %q, want %q", in, got, want)
		}
	}
	for w, want := range map[string]bool{"-e": true, "-neE": true, "-E": true, "-": false, "-x": false, "-en1": false, "e": false} {
		if echoOptions(w) != want {
			t.Errorf("echoOptions(%q) = %v", w, !want)
		}
	}
}

func hasCategory(fs []rule.Finding, c rule.Category) bool {
	for _, f := range fs {
		if f.Category == c {
			return true
		}
	}
	return false
}
