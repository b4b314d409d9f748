package audit

import (
	"strings"
	"testing"
)

// TestRedactCommandLinePasswords: a password given on a command line never
// reaches the log, the spool or anything else that keeps a command (session
// files and approval files redact with RedactJSON), in every spelling its
// program accepts.
func TestRedactCommandLinePasswords(t *testing.T) {
	const pw = "Zq8vLm2pRx"
	for _, cmd := range []string{
		"redis-cli -a " + pw + " FLUSHALL",
		"redis-cli --pass=" + pw,
		"sshpass -p " + pw + " ssh root@db1",
		"docker login -u me -p " + pw + " registry.example.com",
		"podman login --password " + pw + " quay.io",
		"helm registry login -u me -p " + pw + " ghcr.io",
		"htpasswd -b .htpasswd admin " + pw,
		"mysql -uroot -p" + pw + " app",
		"mysql --passw=" + pw + " app",
		"mongosh -u admin -p " + pw,
		"psql postgresql://app:" + pw + "@db.example.com/app",
		"MYSQL_PWD=" + pw + " mysql -u root",
		"curl -u admin:" + pw + " https://api.example.com",
		"wget --password=" + pw + " https://example.com/f",
		"smbclient //srv/share -U bob%" + pw,
		"lftp -u bob," + pw + " ftp.example.com",
		"sudo bash -c 'redis-cli -a " + pw + " ping'",
	} {
		for name, redact := range map[string]func(string) string{"log": Redact, "spool": redactForSpool} {
			if got := redact(cmd); strings.Contains(got, pw) {
				t.Errorf("%s: %q keeps the password: %q", name, cmd, got)
			}
		}
		raw := []byte(`{"tool":"Bash","input":{"command":` + string(appendJSONString(nil, cmd)) + `}}`)
		for name, redact := range map[string]func([]byte) []byte{"log": RedactJSON, "spool": redactSpoolJSON} {
			if got := redact(raw); strings.Contains(string(got), pw) {
				t.Errorf("%s JSON: %q keeps the password: %s", name, cmd, got)
			}
		}
	}
	// What is not a password stays.
	for _, cmd := range []string{"redis-cli -h db -p 6379 ping", "docker run -p 8080:80 nginx", "curl -u admin https://api.example.com", "git status"} {
		if got := Redact(cmd); got != cmd {
			t.Errorf("%q redacted as %q", cmd, got)
		}
	}
}
