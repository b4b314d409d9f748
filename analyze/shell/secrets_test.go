package shell

import (
	"strings"
	"testing"
)

// TestMaskSecrets: every way a client takes a password on its command line
// is masked, in every spelling its program accepts, and nothing else is.
func TestMaskSecrets(t *testing.T) {
	const pw = "Hunter2xyz"
	for _, cmd := range []string{
		"redis-cli -a " + pw + " ping",
		"redis-cli -a" + pw + " ping",
		"redis-cli --pass " + pw + " -h db",
		"redis-cli --pass=" + pw,
		"sshpass -p " + pw + " ssh admin@host",
		"sshpass -p'" + pw + "' ssh admin@host",
		"docker login -u me -p " + pw + " registry.example.com",
		"docker login --password=" + pw + " registry.example.com",
		"podman login -p " + pw + " quay.io",
		"helm registry login -u me -p " + pw + " ghcr.io",
		"helm repo add x https://charts.example.com --username me --password " + pw,
		"htpasswd -b .htpasswd admin " + pw,
		"htpasswd -bc .htpasswd admin " + pw,
		"mysql -uroot -p" + pw + " app",
		"mysql --user=root --password=" + pw + " app",
		"mysql --passw=" + pw + " app",
		"mariadb -p" + pw + " -e 'select 1'",
		"mongosh -u admin -p " + pw + " --host db",
		"psql postgresql://app:" + pw + "@db.example.com/app",
		"PGPASSWORD=" + pw + " psql -h db app",
		"MYSQL_PWD=" + pw + " mysql -u root",
		"curl -u admin:" + pw + " https://api.example.com",
		"curl --user admin:" + pw + " https://api.example.com",
		"curl -uadmin:" + pw + " https://api.example.com",
		"wget --password=" + pw + " https://example.com/f",
		"wget --http-password " + pw + " https://example.com/f",
		"smbclient //srv/share -U bob%" + pw,
		"lftp -u bob," + pw + " ftp.example.com",
		"git clone https://bob:" + pw + "@github.com/x/y",
		"sudo docker login -p " + pw + " r.example.com",
		"bash -c 'redis-cli -a " + pw + " flushall'",
		"env REDISCLI_AUTH=" + pw + " redis-cli ping",
	} {
		got := MaskSecrets(cmd)
		if strings.Contains(got, pw) || strings.Contains(got, strings.ToLower(pw)) {
			t.Errorf("%q: the password is still there: %q", cmd, got)
		}
		if !strings.Contains(got, "[REDACTED:password]") {
			t.Errorf("%q: nothing masked: %q", cmd, got)
		}
	}
	// Near misses: nothing is a secret here.
	for _, cmd := range []string{
		"redis-cli -h db -p 6379 ping",
		"mysql -u root -p app",
		"docker login registry.example.com",
		"docker run -p 8080:80 nginx",
		"git clone https://github.com/x/y",
		"curl -u admin https://api.example.com",
		"htpasswd -c .htpasswd admin",
		"ls -la",
		"echo password",
		`echo "$PGPASSWORD"`,
		"mysql -p$DBPASS app",
	} {
		if got := MaskSecrets(cmd); got != cmd {
			t.Errorf("%q: masked as %q", cmd, got)
		}
	}
}

// FuzzMaskSecrets: masking never panics, and no secret it finds survives it.
func FuzzMaskSecrets(f *testing.F) {
	for _, s := range []string{"redis-cli -a pw123 ping", "mysql -pabc -e x", "sshpass -p'x y' ssh h", "curl -u a:b https://h", "htpasswd -b f u p", "git clone https://u:p@h/x", "MYSQL_PWD=zz mysql", "smbclient -U a%b //h/s", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		got := MaskSecrets(src)
		for _, v := range SecretValues(src) {
			if len(v) >= 4 && strings.Contains(got, v) && !strings.Contains("[REDACTED:password]", v) {
				// A value that is also a part of other words may stay there;
				// as a whole word it must not.
				if replaceDelimited(got, v, "") != got {
					t.Fatalf("%q: secret %q survives in %q", src, v, got)
				}
			}
		}
	})
}

// TestSecretProgramsScan: the scan of the spec texts names exactly the
// programs whose parsed specs tag an option secret.
func TestSecretProgramsScan(t *testing.T) {
	want := map[string]bool{"htpasswd": true, "smbclient": true, "lftp": true}
	ix := specs()
	for _, e := range ix.tab.entries {
		key := e.key
		s := ix.lookup(key)
		for _, o := range s.opts {
			if o.Tags&TagSecret != 0 {
				prog, _, _ := strings.Cut(key, " ")
				want[prog] = true
			}
		}
	}
	for _, a := range ix.tab.aliases {
		if !strings.Contains(a.from, " ") && want[a.to] {
			want[a.from] = true
		}
	}
	for p := range want {
		if !secretProgram(p) {
			t.Errorf("%s has a secret option but the scan misses it", p)
		}
	}
	if got := len(ix.tab.secret) + 3; got < len(want) {
		t.Errorf("scan %d programs, parsed specs %d", got, len(want))
	}
}

// BenchmarkSecretProgramsScan is what a hook process would pay, once,
// before it can mask a record, without the generated index.
func BenchmarkSecretProgramsScan(b *testing.B) {
	for b.Loop() {
		_ = secretScan([2]string{handSpecs, genSpecs}, nil)
	}
}
