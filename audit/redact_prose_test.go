package audit

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRedactProse: a command quoted anywhere in a sentence loses its
// password, in every place a person puts it; the rest of the sentence and
// a sentence without a command stay as written.
func TestRedactProse(t *testing.T) {
	const pw = "Kd93mQz7Lw"
	for _, cmd := range []string{
		"redis-cli -a " + pw + " ping",
		"mysql -uroot -p" + pw + " app",
		"curl -u admin:" + pw + " https://api.example.com",
		"sshpass -p " + pw + " ssh root@db1",
		"htpasswd -b .htpasswd admin " + pw,
	} {
		for _, note := range []string{
			cmd,
			"ran " + cmd + ", it was fine",
			"fine: " + cmd,
			"this was harmless (" + cmd + ")",
			"the agent ran `" + cmd + "` and nothing broke",
			"first line\nthen " + cmd,
		} {
			got := RedactProse(note)
			if strings.Contains(got, pw) {
				t.Errorf("%q keeps the password: %q", note, got)
			}
			if !strings.Contains(got, strings.Fields(cmd)[0]) {
				t.Errorf("%q lost the program: %q", note, got)
			}
		}
	}
	for _, note := range []string{"it is just npm", "the password rotation is fine", "redis-cli ping was harmless", ""} {
		if got := RedactProse(note); got != note {
			t.Errorf("%q redacted as %q", note, got)
		}
	}
	long := strings.Repeat("word ", maxProse)
	if got := RedactProse(long); got != long {
		t.Error("a long text changed")
	}
}

// TestRedactOutput: a tool's output that shows command lines loses their
// passwords wherever they sit: in a JSON string (escaped line breaks), on
// a line after prose that does not parse as shell, in a script read.
func TestRedactOutput(t *testing.T) {
	const pw = "Kd93mQz7Lw"
	lines := []string{
		"+ redis-cli -a " + pw + " ping",
		"mysql -uroot -p" + pw + " app < dump.sql",
		"export MYSQL_PWD=" + pw,
		"curl -u admin:" + pw + " https://api.example.com",
		"git clone https://bob:" + pw + "@git.example.com/r.git",
	}
	for _, line := range lines {
		for _, text := range []string{
			line,
			"don't panic\n" + line + "\nOK",
			"#!/bin/sh\nset -e\n" + line + "\necho 'done\n",
		} {
			raw, _ := json.Marshal(map[string]any{"stdout": text, "stderr": "", "interrupted": false})
			for _, out := range []string{text, string(raw)} {
				got := RedactOutput(out)
				if strings.Contains(got, pw) {
					t.Errorf("%q keeps the password: %q", out, got)
				}
				if out == string(raw) && !json.Valid([]byte(got)) {
					t.Errorf("%s is no longer JSON: %s", out, got)
				}
			}
		}
	}
	for _, out := range []string{`{"stdout":"PONG","stderr":"","interrupted":false}`, "total 0\ndrwxr-xr-x 2 bob bob 40 .\n", "it's fine\n"} {
		if got := RedactOutput(out); got != out {
			t.Errorf("%q changed to %q", out, got)
		}
	}
}

// BenchmarkRedactOutput is what a PostToolUse call pays for a 16 KiB
// output: a test log, and a migration log whose every tenth line is a
// traced mysql -pPASSWORD.
func BenchmarkRedactOutput(b *testing.B) {
	for _, every := range []int{0, 10} {
		var sb strings.Builder
		for i := 0; sb.Len() < 16<<10; i++ {
			if every > 0 && i%every == 0 {
				sb.WriteString("+ mysql -uroot -pKd93mQz7Lw app < migrations/0001.sql\n")
			} else {
				sb.WriteString("ok  \texample.com/app/internal/store\t0.412s\tcoverage: 81.2% of statements\n")
			}
		}
		raw, _ := json.Marshal(map[string]any{"stdout": sb.String(), "stderr": "", "interrupted": false})
		out := string(raw)
		name := "test-log"
		if every > 0 {
			name = "traced-passwords"
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(out)))
			for b.Loop() {
				RedactOutput(out)
			}
		})
	}
}
