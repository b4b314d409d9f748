package learn

import (
	"strings"
	"testing"
)

// TestPatternKeepsNoSecret: a password that is also a word the pattern
// keeps literally (prod…, main, a subcommand) is generalised, in every
// place a command carries one; the program and its options stay.
func TestPatternKeepsNoSecret(t *testing.T) {
	for _, pw := range []string{"prodPass991", "production", "main", "release", "flushall"} {
		for _, cmd := range []string{
			"redis-cli -a " + pw + " ping",
			"redis-cli --pass=" + pw + " ping",
			"mysql -uroot -p" + pw + " app",
			"htpasswd -b .htpasswd alice " + pw,
			"smbclient //srv/share -U bob%" + pw,
			"lftp -u bob," + pw + " ftp.example.com",
			"sshpass -p " + pw + " ssh root@db1 uptime",
			"docker login -u me -p " + pw + " registry.example.com",
			"curl -u admin:" + pw + " https://api.example.com",
		} {
			p, _ := CommandPattern(cmd)
			if strings.Contains(p, pw) {
				t.Errorf("%q: the pattern %q keeps the password", cmd, p)
			}
			if prog := strings.Fields(cmd)[0]; !strings.HasPrefix(p, prog) {
				t.Errorf("%q: the pattern %q lost the program", cmd, p)
			}
		}
	}
	// A sensitive word that is not a password stays.
	if p, _ := CommandPattern("git push origin main"); !strings.Contains(p, "main") {
		t.Errorf("git push origin main: %q", p)
	}
	if p, _ := CommandPattern("kubectl delete pod x -n prod"); !strings.Contains(p, "prod") {
		t.Errorf("kubectl -n prod: %q", p)
	}
}
