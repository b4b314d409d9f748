package sql

import (
	"strings"
	"testing"
)

// Typical statements an agent sends, one per benchmark.
var (
	benchSelect  = "SELECT id, name, email FROM users WHERE id = $1 AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 10"
	benchDelete  = "DELETE FROM orders WHERE created_at < now() - interval '30 days' AND status = 'cancelled'"
	benchUpdate  = "UPDATE users SET last_login = now(), login_count = login_count + 1 WHERE id = 42"
	benchInsert  = "INSERT INTO events (user_id, kind, payload) VALUES (42, 'login', '{\"ip\": \"10.0.0.1\"}')"
	benchDrop    = "DROP TABLE IF EXISTS orders_backup_2019 CASCADE"
	benchCTE     = "WITH recent AS (SELECT id FROM orders WHERE created_at > now() - interval '1 day') SELECT count(*) FROM recent"
	benchMigrate = `BEGIN;
ALTER TABLE users ADD COLUMN age int;
CREATE INDEX CONCURRENTLY users_age_idx ON users (age);
UPDATE users SET age = 0 WHERE age IS NULL;
COMMIT;`
	benchMySQL = "SELECT * FROM `orders` WHERE `note` = 'it\\'s fine' # a comment"
)

func benchAnalyze(b *testing.B, q string) {
	b.ReportAllocs()
	b.SetBytes(int64(len(q)))
	for b.Loop() {
		Analyze(q)
	}
}

func BenchmarkAnalyzeSelect(b *testing.B)  { benchAnalyze(b, benchSelect) }
func BenchmarkAnalyzeDelete(b *testing.B)  { benchAnalyze(b, benchDelete) }
func BenchmarkAnalyzeUpdate(b *testing.B)  { benchAnalyze(b, benchUpdate) }
func BenchmarkAnalyzeInsert(b *testing.B)  { benchAnalyze(b, benchInsert) }
func BenchmarkAnalyzeDrop(b *testing.B)    { benchAnalyze(b, benchDrop) }
func BenchmarkAnalyzeCTE(b *testing.B)     { benchAnalyze(b, benchCTE) }
func BenchmarkAnalyzeMigrate(b *testing.B) { benchAnalyze(b, benchMigrate) }

// BenchmarkAnalyzeMySQL has a backslash and '#': it is read two ways.
func BenchmarkAnalyzeMySQL(b *testing.B) { benchAnalyze(b, benchMySQL) }

// BenchmarkAnalyzeDump is a 100 KiB script: throughput on large input.
func BenchmarkAnalyzeDump(b *testing.B) {
	var sb strings.Builder
	for sb.Len() < 100<<10 {
		sb.WriteString("INSERT INTO t (a, b, c) VALUES (1, 'x; y', 'it''s');\n")
		sb.WriteString("UPDATE t SET a = a + 1 WHERE b = 'x';\n")
	}
	benchAnalyze(b, sb.String())
}

func BenchmarkSplit(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Split(benchMigrate)
	}
}

func BenchmarkApexHasDML(b *testing.B) {
	code := "List<Account> accs = [SELECT Id, Name FROM Account WHERE Name LIKE 'Test%' FOR UPDATE];\nfor (Account a : accs) { a.Name = a.Name + ' (old)'; }\nSystem.debug(accs.size());"
	b.ReportAllocs()
	for b.Loop() {
		ApexHasDML(code)
	}
}
