package shell

import (
	"strings"
	"testing"
)

// FuzzSecretShapes: reading secrets from their shape never panics, every
// value it finds is text of the command, and masking a command twice
// changes nothing more than masking it once would keep secret.
func FuzzSecretShapes(f *testing.F) {
	for _, s := range []string{
		"export GITHUB_TOKEN=ghp_abc123",
		"printf 'protocol=https\\nhost=x\\npassword=Sq1\\n' | git credential approve",
		"echo Pw1234 | docker login --password-stdin -u bob reg.example.com",
		"openssl enc -pass pass:Pw1234 -in a",
		"rclone config create r webdav pass Pw1234 url=https://x",
		"aws configure set profile.ci.aws_secret_access_key Pw1234",
		"vault login Pw1234",
		"a=b=c==d '=' \"x_token='q\" --pass=",
		"\\npassword=\\t",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			return
		}
		for _, v := range assignedSecrets(s) {
			if !strings.Contains(s, v) {
				t.Fatalf("assignedSecrets(%q) found %q, not in the command", s, v)
			}
		}
		secretName(s)
		_ = passValue(s) // it must not panic
		for _, v := range SecretValues(s) {
			if v == "" {
				t.Fatalf("SecretValues(%q) holds an empty value", s)
			}
		}
		m := MaskSecrets(s)
		for _, v := range SecretValues(s) {
			if strings.Contains(m, v) && !strings.Contains(v, "[REDACTED") && isAlnumBounded(s, v) {
				t.Fatalf("MaskSecrets(%q) = %q keeps %q", s, m, v)
			}
		}
	})
}

// isAlnumBounded reports whether every occurrence of v in s stands apart
// from letters and digits around it (where MaskSecrets replaces it).
func isAlnumBounded(s, v string) bool {
	if v == "" {
		return false
	}
	for i := strings.Index(s, v); i >= 0; {
		end := i + len(v)
		if i > 0 && isAlnum(s[i-1]) && isAlnum(v[0]) || end < len(s) && isAlnum(s[end]) && isAlnum(v[len(v)-1]) {
			return false
		}
		j := strings.Index(s[i+1:], v)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return true
}
