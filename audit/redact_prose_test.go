package audit

import (
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
