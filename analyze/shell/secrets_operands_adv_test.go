package shell

import (
	"strings"
	"testing"
)

// clearPasswords carry the password PW_ in clear, by an option the specs
// tag secret or by the program's own grammar.
var clearPasswords = []string{
	"ldapsearch -x -D cn=admin,dc=example,dc=com -w PW_ -b dc=example,dc=com", "ldapsearch -x -D cn=admin -wPW_ -b dc=x '(uid=bob)'",
	"ldapmodify -D cn=admin -w PW_ -f x.ldif", "ldapadd -x -w PW_ -D cn=admin -f u.ldif", "ldapdelete -w PW_ -D cn=admin uid=bob,dc=x",
	"ldappasswd -x -D cn=admin -w PW_ -s PW_ uid=bob", "sqlcmd -S db -U sa -P PW_ -Q 'select 1'", "sqlcmd -S db -U sa -PPW_",
	"bcp dbo.t out t.dat -S db -U sa -P PW_", "gh secret set API_KEY -b PW_", "gh secret set API_KEY --body PW_", "gh secret set API_KEY --body=PW_",
	"gh secret set API_KEY -bPW_ --org acme", "ipmitool -I lanplus -H bmc -U admin -P PW_ chassis status", "snmpwalk -v2c -c PW_ router",
	"snmpget -v3 -u u -l authPriv -a SHA -A PW_ -x AES -X PW_ h sysName.0", "rdesktop -u admin -p PW_ host", "mosquitto_pub -u u -P PW_ -t t -m m",
	"mosquitto_sub --pw PW_ -t x", "cqlsh -u cassandra -p PW_ db", "az storage blob list --account-name a --account-key PW_ -c c",
	"sqlplus -s scott/PW_@db @x.sql", "sqlplus scott/PW_", "rabbitmqctl add_user bob PW_", "rabbitmqctl change_password bob PW_",
	"net user bob PW_ /add", "mc alias set s3 https://s3.example.com AKIAEXAMPLE PW_", "nmcli dev wifi connect Home password PW_",
	"nmcli connection modify home wifi-sec.psk PW_", "wpa_passphrase Home PW_", "xfreerdp /v:h /u:u /p:PW_", "xfreerdp3 /v:h /u:u /password:PW_",
	"npm config set //registry.npmjs.org/:_authToken PW_", "pnpm config set //npm.example.com/:_authToken=PW_",
	"sudo ldapsearch -x -w PW_ -D cn=admin", "env LANG=C sqlcmd -S db -U sa -P PW_", "bash -c 'gh secret set X -b PW_'",
}

// TestClearPasswordsMasked: every spelling above keeps no password in
// clear once masked, and keeps the rest of the line.
func TestClearPasswordsMasked(t *testing.T) {
	for i, tpl := range clearPasswords {
		pw := "Pw" + strings.Repeat("x", i%5) + "Q9z" + string(rune('a'+i%26)) + "7"
		src := strings.ReplaceAll(tpl, "PW_", pw)
		got := MaskSecrets(src)
		if strings.Contains(got, pw) {
			t.Errorf("%s: the password stays in clear: %s", src, got)
		}
		if !strings.Contains(got, "[REDACTED:password]") || len(got) < len(src)/2 {
			t.Errorf("%s: masked to %q", src, got)
		}
	}
}

// clearTwins carry no password: nothing of them is masked.
var clearTwins = []string{
	"ldapsearch -x -s sub -b dc=example,dc=com '(uid=bob)'", "ldapsearch -x -W -D cn=admin -b dc=x", "sqlcmd -S db -E -Q 'select 1'",
	"gh variable set NAME -b value", "gh secret list", "gh secret set API_KEY < key.txt", "ipmitool -I lanplus -H bmc -U admin -E chassis status",
	"sqlplus /nolog @x.sql", "sqlplus -s @x.sql", "rabbitmqctl list_users", "net use Z: \\\\h\\s /user:bob", "net use Z: \\\\h\\s *",
	"mc alias list", "nmcli dev wifi list", "wpa_passphrase Home", "xfreerdp /v:h /u:u", "npm config set registry https://npm.example.com",
	"npm config get //registry.npmjs.org/:_authToken", "rdesktop -u admin host",
}

func TestClearTwinsKept(t *testing.T) {
	for _, src := range clearTwins {
		if got := MaskSecrets(src); got != src {
			t.Errorf("%s: nothing to mask, got %s", src, got)
		}
	}
}

// FuzzPositionalSecrets: reading operands never panics, and what it
// returns is part of the command line.
func FuzzPositionalSecrets(f *testing.F) {
	for _, s := range clearPasswords {
		f.Add(strings.ReplaceAll(s, "PW_", "hunter22"))
	}
	for _, s := range clearTwins {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		res := Analyze(src, Options{})
		for _, c := range res.Commands {
			for _, v := range positionalSecrets(c) {
				if v != "" && !strings.Contains(strings.Join(c.Args, " "), v) {
					t.Fatalf("%q: %q is not on the command line", src, v)
				}
			}
		}
	})
}
