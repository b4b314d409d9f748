package shell

import (
	"strings"
	"testing"
)

// ${x:-default} and the other operators on a variable the command line
// does not set: the value may be x's own (any text) or what the operator
// makes of the word, and a write, a deletion or a move of the target is
// judged by every one. When no value can reach a protected place or a
// destructive target, the command runs as before.

// paramOps are the operators, with %s for the word; unknown reports those
// whose value can be x's own text.
var paramOps = []struct {
	form    string
	unknown bool
}{
	{"${S:-%s}", true}, {"${S-%s}", true}, {"${S:=%s}", true}, {"${S=%s}", true}, {"${S:+%s}", false}, {"${S+%s}", false},
	{"${S#%s}", true}, {"${S##%s}", true}, {"${S%%%s}", true}, {"${S/x/%s}", true}, {"${S//x/%s}", true}, {"${!S}", true},
	{"${S^^}", true}, {"${S,,}", true}, {"${S:?}", true},
}

func paramIn(op, word string) string { return strings.Replace(op, "%s", word, 1) }

// paramPlaces are protected places a target may begin with.
var paramPlaces = []string{"~/.claude/", "$HOME/.claude/", "~/.config/actionguard/", "~/.gemini/", "~/.codex/", ".claude/", "~/.local/state/actionguard/", "~/.claude/hooks/"}

// paramWriters write, move, link or delete %s.
var paramWriters = []string{"tee %s", "cp evil %s", "echo x > %s", "mv evil %s", "ln -sf evil %s", "rm -f %s", "sed -i s/a/b/ %s", "install -m 644 evil %s", "dd if=evil of=%s", "truncate -s 0 %s"}

var paramWrappers = []string{"%s", "sudo %s", "env A=1 %s", "nice %s", "timeout 5 %s", "command %s", "bash -c '%s'", "sh -c \"%s\"", "nohup %s"}

func TestParamOperatorsIntoProtectedPlaces(t *testing.T) {
	n := 0
	for _, op := range paramOps {
		// The word is harmless; the protected name comes from x's own
		// value, or for the + forms from the word itself.
		word := "notes"
		if !op.unknown {
			word = "settings"
		}
		for _, place := range paramPlaces {
			target := place + paramIn(op.form, word) + ".json"
			switch {
			case strings.HasSuffix(place, "hooks/") || strings.Contains(place, "actionguard"):
				target = place + paramIn(op.form, word)
			case strings.Contains(place, ".codex"):
				target = place + paramIn(op.form, strings.Replace(word, "settings", "config", 1)) + ".toml"
			}
			for _, wr := range paramWriters {
				for _, wrap := range paramWrappers {
					cmd := strings.Replace(wr, "%s", target, 1)
					if strings.Contains(wrap, "\"") && strings.Contains(cmd, "$") {
						cmd = strings.ReplaceAll(cmd, "$", "\\$")
					}
					src := strings.Replace(wrap, "%s", cmd, 1)
					n++
					if p, id := maxPoints(src, scopeOptions); p < atLeastConfirm {
						t.Errorf("%q: %d points (%s): runs unattended though the name can be a protected file", src, p, id)
					}
				}
			}
		}
	}
	if n < 5000 {
		t.Errorf("only %d cases", n)
	}
}

// A deletion whose target is x's own value, or the default: a default in
// a scratch directory does not make a top-level or home deletion harmless.
func TestParamOperatorsDeleteUnknown(t *testing.T) {
	for _, op := range paramOps {
		if !op.unknown {
			continue
		}
		for _, rm := range []string{"rm -rf /%s", "rm -rf \"/%s\"", "sudo rm -rf /%s", "rm -rf -- /%s", "rm -rf ~/%s"} {
			for _, wrap := range []string{"%s", "env A=1 %s", "timeout 9 %s"} {
				src := strings.Replace(wrap, "%s", strings.Replace(rm, "%s", paramIn(op.form, "tmp/c"), 1), 1)
				if p, id := maxPoints(src, scopeOptions); p < atLeastConfirm {
					t.Errorf("%q: %d points (%s): a deletion that may take the root or the home, unattended", src, p, id)
				}
			}
		}
	}
	// A default that is itself the root is still judged as the root.
	for _, src := range []string{"rm -rf ${D:-/}", "rm -rf \"${D-/}\"", "rm -rf ${D:+/}", "rm -rf ${D:=/}", "rm -rf /${D:-opt/app}"} {
		if p, id := maxPoints(src, scopeOptions); p < atLeastBlock {
			t.Errorf("%q: %d points (%s), want a block", src, p, id)
		}
	}
}

// The benign forms: no value can reach a protected place or a destructive
// target.
func TestParamOperatorsBenignRun(t *testing.T) {
	benign := []string{
		"echo ${NAME:-world}", "echo \"Hello, ${NAME:-world}\"", "printf '%s\\n' \"${X:-}\"", "mkdir -p ${OUT:-build}", "mkdir -p \"${OUT:-build}/logs\"",
		"cat ${F:-README.md}", "ls ${DIR:-.}", "go build -o ${OUT:-bin}/app ./cmd/app", "echo ${X:+--verbose}", "grep -rn ${PAT:-TODO} .",
		"cp a.txt ${OUT:-build}/", "touch ${OUT:-build}/stamp", "echo ${VERSION#v}", "echo ${BRANCH//\\//-}", "echo ${NAME^^}", "cat docs/${S:-intro}.md",
		"tee ${LOG:-build/log.txt} < /dev/null", "python3 -m pytest ${ARGS:-tests}", "echo ${!PREFIX*}", "cd ${DIR:-.} && ls",
		"rm -rf ${BUILD_DIR:-build}", "rm -rf \"${OUT:-dist}\"/*", "${c:-ls} -la", "${PYTHON:-python3} -m pip list", "rm -rf \"${TMP:-/tmp/x}\"",
	}
	for _, b := range benign {
		for _, wrap := range []string{"%s", "env A=1 %s", "nice %s", "timeout 5 %s", "command %s"} {
			src := strings.Replace(wrap, "%s", b, 1)
			if p, id := maxPoints(src, scopeOptions); p >= atLeastConfirm {
				t.Errorf("%q: %d points (%s), want it to run", src, p, id)
			}
		}
	}
}

// A variable the command line sets is read with its value alone.
func TestParamOperatorsKnownVariable(t *testing.T) {
	for _, src := range []string{"S=notes; tee ~/.claude/${S:-x}.json", "S=notes; cp evil ~/.claude/${S-x}.json", "S=; tee ~/.claude/${S:+settings}x.json",
		"D=/tmp/c; rm -rf \"${D:-/}\"", "OUT=build; rm -rf \"${OUT:-/tmp/x}\""} {
		if p, id := maxPoints(src, scopeOptions); p >= atLeastConfirm {
			t.Errorf("%q: %d points (%s): the variable's value is known and harmless", src, p, id)
		}
	}
}
