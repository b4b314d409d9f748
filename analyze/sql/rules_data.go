package sql

import (
	"fmt"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Rules about rows: deleting, changing and adding them.

const rowsAlternative = "add a WHERE clause and run it as SELECT count(*) … WHERE … first; " +
	"or wrap it in a transaction: BEGIN; …; ROLLBACK"

var (
	// Every row goes and only a backup brings it back: a privileged
	// keyword that modifies data irreversibly (75, PRIVILEGED). Not seed
	// 000's mass destruction: emptying a table is sometimes the task, and
	// a person can approve it.
	ruleDeleteNoWhere = &rule.Rule{
		ID: "sql.delete.no-where", Category: rule.Destructive, AlwaysReview: true,
		Points:      rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible,
		Summary:     "Deletes every row of a table: the DELETE has no WHERE clause.",
		Alternative: rowsAlternative,
		Match: []string{"DELETE FROM orders", "delete from orders;", "DELETE FROM [dbo].[Orders]",
			"WITH old AS (SELECT id FROM orders WHERE created < now()) DELETE FROM orders",
			"DELETE FROM orders USING (SELECT * FROM x WHERE y = 1) s",
			"DELETE FROM t1 WHERE id = 1;\nDELETE FROM t2",
			"IF OBJECT_ID('t') IS NOT NULL DELETE FROM t",
			"CREATE PROCEDURE p() BEGIN DELETE FROM audit; END",
			"DO $$ BEGIN DELETE FROM sessions; END $$",
			"EXPLAIN ANALYZE DELETE FROM orders",
			"EXECUTE IMMEDIATE 'DELETE FROM orders'",
			"WITH gone AS (DELETE FROM orders RETURNING *) SELECT count(*) FROM gone"},
		NoMatch: []string{"DELETE FROM orders WHERE id = 7", "SELECT 'DELETE FROM orders'", "-- DELETE FROM orders",
			"DELETE FROM orders WHERE id IN (SELECT id FROM x)", "EXPLAIN DELETE FROM orders",
			"ALTER TABLE o ADD FOREIGN KEY (c) REFERENCES c(id) ON DELETE CASCADE",
			"DELETE FROM orders LIMIT 10", "GRANT SELECT, DELETE ON orders TO app",
			"CREATE TRIGGER t AFTER INSERT OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION f()"},
	}
	ruleDeleteTautology = &rule.Rule{
		ID: "sql.delete.tautology", Category: rule.Destructive, AlwaysReview: true,
		// As many rows as no WHERE at all, behind a clause that looks like a filter.
		Points:      rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible,
		Summary:     "Deletes every row of a table: its WHERE clause is always true.",
		Alternative: rowsAlternative,
		Match: []string{"DELETE FROM orders WHERE 1=1", "DELETE FROM orders WHERE true", "DELETE FROM orders WHERE 'a'='a'",
			"DELETE FROM orders WHERE id = id", "DELETE FROM orders WHERE (1 = 1)", "DELETE FROM orders WHERE status = 'x' OR 1=1",
			"DELETE FROM orders WHERE 1"},
		NoMatch: []string{"DELETE FROM orders WHERE 1=1 AND id = 4", "DELETE FROM orders WHERE id = 3",
			"DELETE FROM orders WHERE 1=0", "DELETE FROM orders WHERE a.id = b.id"},
	}
	// A WHERE limits the damage: a privileged keyword that modifies data
	// (50, CAUTIOUS).
	ruleDeleteWhere = &rule.Rule{
		ID: "sql.delete.where", Category: rule.Database,
		Points:      rule.PrivilegedKeyword + rule.DataModification,
		Summary:     "Deletes the rows of a table that match its WHERE clause.",
		Alternative: "run SELECT count(*) with the same WHERE first; or wrap it in a transaction: BEGIN; …; ROLLBACK",
		Match: []string{"DELETE FROM orders WHERE id = 7", "delete from sessions where expires < now()",
			"DELETE FROM t WHERE 1=1 AND id = 4", "DELETE FROM orders LIMIT 10", "DELETE TOP (10) FROM orders",
			"DELETE o FROM orders o INNER JOIN customers c ON c.id = o.customer_id"},
		NoMatch: []string{"DELETE FROM orders", "SELECT * FROM orders WHERE id = 7", "DELETE FROM orders WHERE 1=1"},
	}

	ruleUpdateNoWhere = &rule.Rule{
		ID: "sql.update.no-where", Category: rule.Destructive, AlwaysReview: true,
		// The old values of every row are overwritten: as irreversible as a DELETE.
		Points:      rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible,
		Summary:     "Changes every row of a table: the UPDATE has no WHERE clause.",
		Alternative: rowsAlternative,
		Match: []string{"UPDATE users SET role = 'admin'", "update users set password = null;",
			"UPDATE user SET active = 0", "UPDATE t SET a = (SELECT max(b) FROM u WHERE u.id = 1)",
			"UPDATE `shop`.`users` SET `email` = NULL", "UPDATE users\nSET role = 'x'\nRETURNING id"},
		NoMatch: []string{"UPDATE users SET role = 'admin' WHERE id = 1", "SELECT * FROM t FOR UPDATE",
			"INSERT INTO t VALUES (1) ON DUPLICATE KEY UPDATE a = 1",
			"INSERT INTO t VALUES (1) ON CONFLICT (id) DO UPDATE SET a = 1",
			"ALTER TABLE o ADD CONSTRAINT f FOREIGN KEY (c) REFERENCES c(id) ON UPDATE CASCADE",
			"UPDATE users SET x = 1 LIMIT 5", "UPDATE STATISTICS orders"},
	}
	ruleUpdateTautology = &rule.Rule{
		ID: "sql.update.tautology", Category: rule.Destructive, AlwaysReview: true,
		Points:      rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible,
		Summary:     "Changes every row of a table: its WHERE clause is always true.",
		Alternative: rowsAlternative,
		Match:       []string{"UPDATE users SET role = 'admin' WHERE 1=1", "UPDATE users SET a = 1 WHERE id = id", "UPDATE t SET a = 1 WHERE 2 > 1"},
		NoMatch:     []string{"UPDATE users SET role = 'admin' WHERE 1=1 AND id = 3", "UPDATE users SET a = 1 WHERE id = 2"},
	}
	ruleUpdateWhere = &rule.Rule{
		ID: "sql.update.where", Category: rule.Database,
		Points:      rule.PrivilegedKeyword + rule.DataModification,
		Summary:     "Changes the rows of a table that match its WHERE clause.",
		Alternative: "run SELECT count(*) with the same WHERE first; or wrap it in a transaction: BEGIN; …; ROLLBACK",
		Match: []string{"UPDATE users SET name = 'x' WHERE id = 1", "UPDATE a JOIN b ON a.id = b.id SET a.x = b.x",
			"UPDATE t SET a = 1 FROM u WHERE t.id = u.id"},
		NoMatch: []string{"UPDATE users SET name = 'x'", "SELECT 1"},
	}

	// Adding rows is routine: noted, not asked about (10, SAFE).
	ruleWriteInsert = &rule.Rule{
		ID: "sql.write.insert", Category: rule.Database,
		Points:  routineWrite,
		Summary: "Adds rows to a table (or replaces rows with the same key).",
		Match: []string{"INSERT INTO orders (id) VALUES (1)", "insert into t select * from u", "REPLACE INTO t VALUES (1)",
			"INSERT OR REPLACE INTO t VALUES (1)", "UPSERT INTO t VALUES (1)", "INSERT t VALUES (1)"},
		NoMatch: []string{"SELECT 'INSERT INTO t'", "SELECT replace(a, 'x', 'y') FROM t", "GRANT INSERT ON t TO u"},
	}
	// A MERGE can update and delete the rows it matches: data modification (20, SAFE).
	ruleWriteMerge = &rule.Rule{
		ID: "sql.write.merge", Category: rule.Database,
		Points:  rule.DataModification,
		Summary: "Merges rows into a table: matching rows are updated or deleted, others inserted.",
		Match:   []string{"MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET a = s.a WHEN NOT MATCHED THEN INSERT (id) VALUES (s.id)"},
		NoMatch: []string{"SELECT merge FROM t"},
	}
	// A bulk load from the client's side: data modification (20, SAFE).
	ruleWriteImport = &rule.Rule{
		ID: "sql.write.import", Category: rule.Database,
		Points:  rule.DataModification,
		Summary: "Loads rows into a table from a file or stream the client sends.",
		Match: []string{"COPY orders FROM STDIN", "\\copy orders from 'orders.csv' csv",
			"LOAD DATA LOCAL INFILE 'orders.csv' INTO TABLE orders"},
		NoMatch: []string{"COPY orders TO STDOUT", "\\copy orders to 'orders.csv' csv"},
	}

	// Every row goes at once, and most databases cannot roll it back.
	ruleTruncateTable = &rule.Rule{
		ID: "sql.truncate.table", Category: rule.Destructive, AlwaysReview: true,
		Points:      rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible,
		Summary:     "Empties a table: TRUNCATE removes every row at once and most databases cannot roll it back.",
		Alternative: "take a backup first (pg_dump -t <table>, mysqldump <db> <table>), or DELETE inside BEGIN … COMMIT",
		Match: []string{"TRUNCATE orders", "truncate table orders restart identity cascade", "TRUNCATE TABLE a, b",
			"ALTER TABLE logs TRUNCATE PARTITION p2020", "INSERT OVERWRITE TABLE t SELECT * FROM u"},
		NoMatch: []string{"SELECT 'TRUNCATE orders'", "GRANT TRUNCATE ON orders TO app", "/* TRUNCATE orders */ SELECT 1"},
	}
)

// checkDelete reports a DELETE clause.
func (a *analysis) checkDelete(c *clause) {
	table := a.targetAfter(c, "FROM", "LOW_PRIORITY", "QUICK", "IGNORE", "ONLY", "TOP")
	ev := evidence(a.clauseText(c))
	where := tableWords(table)
	switch {
	case c.where < 0 && c.filter == "":
		a.add(withAlternative(ruleDeleteNoWhere.Find(ev, fmt.Sprintf("Deletes every row of %s: the DELETE has no WHERE clause.", where), targets(table)...),
			backupAlternative(rowsAlternative, table)))
	case c.where >= 0:
		if cond, ok := a.whereAlwaysTrue(c.where, c.end); ok {
			a.add(ruleDeleteTautology.Find(ev, fmt.Sprintf("Deletes every row of %s: its WHERE clause (%s) is always true.", where, short(cond, 60)), targets(table)...))
			return
		}
		a.add(ruleDeleteWhere.Find(ev, fmt.Sprintf("Deletes the rows of %s where %s.", where, short(a.spanText(c.where+1, c.end), 80)), targets(table)...))
	default:
		a.add(ruleDeleteWhere.Find(ev, fmt.Sprintf("Deletes the rows of %s %s.", where, filterWords(c.filter)), targets(table)...))
	}
}

// checkUpdate reports an UPDATE clause.
func (a *analysis) checkUpdate(c *clause) {
	table := a.targetAfter(c, "LOW_PRIORITY", "IGNORE", "ONLY", "TOP")
	ev := evidence(a.clauseText(c))
	where := tableWords(table)
	cols := a.setColumns(c)
	what := "every row"
	if cols != "" {
		what = cols + " in every row"
	}
	switch {
	case c.where < 0 && c.filter == "":
		a.add(ruleUpdateNoWhere.Find(ev, fmt.Sprintf("Overwrites %s of %s: the UPDATE has no WHERE clause.", what, where), targets(table)...))
	case c.where >= 0:
		if cond, ok := a.whereAlwaysTrue(c.where, c.end); ok {
			a.add(ruleUpdateTautology.Find(ev, fmt.Sprintf("Overwrites %s of %s: its WHERE clause (%s) is always true.", what, where, short(cond, 60)), targets(table)...))
			return
		}
		a.add(ruleUpdateWhere.Find(ev, fmt.Sprintf("Changes the rows of %s where %s.", where, short(a.spanText(c.where+1, c.end), 80)), targets(table)...))
	default:
		a.add(ruleUpdateWhere.Find(ev, fmt.Sprintf("Changes the rows of %s %s.", where, filterWords(c.filter)), targets(table)...))
	}
}

// filterWords says how rows are chosen without a WHERE.
func filterWords(filter string) string {
	if filter == "JOIN" {
		return "that the join matches"
	}
	return "picked by " + filter + " (which rows is up to the database)"
}

// setColumns lists the columns an UPDATE sets: "role, email".
func (a *analysis) setColumns(c *clause) string {
	var cols []string
	depth := 0
	for i, end := c.first+1, a.scanEnd(c.first+1, c.end); i < end && len(cols) < 4; i++ {
		switch a.toks[i].kind {
		case kOpen:
			depth++
		case kClose:
			depth--
		}
		if depth != 0 {
			continue
		}
		if k := a.kwAt(i); k == "WHERE" || k == "FROM" || k == "RETURNING" {
			break
		}
		if p := a.kwAt(i - 1); p == "SET" || a.kindAt(i-1) == kPunct && a.text(i-1) == "," {
			if n, next := a.name(i, c.end); n != "" && a.comparisonOp(next) == "=" {
				cols = append(cols, n)
			}
		}
	}
	return strings.Join(cols, ", ")
}

// checkInsert reports INSERT, REPLACE and UPSERT.
func (a *analysis) checkInsert(c *clause) {
	table := a.targetAfter(c, "INTO", "IGNORE", "LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY", "OR", "REPLACE", "TABLE")
	ev := evidence(a.clauseText(c))
	if a.kwAt(c.first+1) == "OVERWRITE" {
		a.add(ruleTruncateTable.Find(ev, fmt.Sprintf("Replaces every row of %s with the query's rows (INSERT OVERWRITE).", tableWords(table)), targets(table)...))
		return
	}
	msg := fmt.Sprintf("Adds rows to %s.", tableWords(table))
	switch {
	case c.verb == "REPLACE" || a.kwAt(c.first+1) == "OR":
		msg = fmt.Sprintf("Adds rows to %s, replacing rows that have the same key.", tableWords(table))
	case a.has(c, "CONFLICT") || a.has(c, "DUPLICATE"):
		msg = fmt.Sprintf("Adds rows to %s, or updates the rows that already exist.", tableWords(table))
	}
	a.add(ruleWriteInsert.Find(ev, msg, targets(table)...))
}

func (a *analysis) checkMerge(c *clause) {
	table := a.targetAfter(c, "INTO")
	a.add(ruleWriteMerge.Find(evidence(a.clauseText(c)),
		fmt.Sprintf("Merges rows into %s: matching rows are updated or deleted, others inserted.", tableWords(table)), targets(table)...))
}

func (a *analysis) checkTruncate(c *clause) {
	i := c.first + 1
	for a.kwAt(i) == "TABLE" || a.kwAt(i) == "ONLY" {
		i++
	}
	tables, _ := a.names(i, c.end)
	a.add(withAlternative(ruleTruncateTable.Find(evidence(a.clauseText(c)),
		fmt.Sprintf("Empties %s: TRUNCATE removes every row at once and most databases cannot roll it back.", tablesWords(tables)), tables...),
		backupAlternative("or DELETE inside BEGIN … COMMIT, which can be rolled back", first(tables))))
}

// targetAfter skips the given words (and a TOP (n)) after the clause's verb
// and reads the name that follows.
func (a *analysis) targetAfter(c *clause, skip ...string) string {
	i := c.first + 1
	for n := 0; i < c.end && n < 8; n++ {
		k := a.kwAt(i)
		if k == "" || !slicesContains(skip, k) {
			break
		}
		i++
		if k == "TOP" {
			if a.kindAt(i) == kOpen {
				if j := a.matchingClose(i, c.end); j > 0 {
					i = j + 1
				}
			} else if a.kindAt(i) == kNumber {
				i++
			}
			if a.kwAt(i) == "PERCENT" {
				i++
			}
		}
	}
	n, _ := a.name(i, c.end)
	return n
}

// has reports whether the clause holds the keyword k.
func (a *analysis) has(c *clause, k string) bool {
	return a.find(c.first+1, c.end, k) >= 0
}

// find returns the index of the first keyword k in toks[from:to], or -1.
func (a *analysis) find(from, to int, k string) int {
	if from < 0 {
		return -1
	}
	for i, end := from, a.scanEnd(from, to); i < end; i++ {
		if a.toks[i].kw() == k || a.toks[i].kw() == "" && a.toks[i].kind == kWord && strings.EqualFold(a.text(i), k) {
			return i
		}
	}
	return -1
}

func slicesContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// tableWords names a table in a message: "table orders", or "the table".
func tableWords(t string) string {
	if t == "" {
		return "the table"
	}
	return "table " + t
}

func tablesWords(ts []string) string {
	switch len(ts) {
	case 0:
		return "the table"
	case 1:
		return "table " + ts[0]
	}
	return "tables " + strings.Join(ts, ", ")
}

func targets(t string) []string {
	if t == "" {
		return nil
	}
	return []string{t}
}

func first(ts []string) string {
	if len(ts) == 0 {
		return ""
	}
	return ts[0]
}

// withAlternative replaces the rule's alternative with one that names what
// the finding is about; an empty alt keeps the rule's.
func withAlternative(f rule.Finding, alt string) rule.Finding {
	if alt != "" {
		f.Alternative = alt
	}
	return f
}

// backupAlternative adds a backup of table t to alt; "" when t is unknown.
func backupAlternative(alt, t string) string {
	if t == "" {
		return ""
	}
	return fmt.Sprintf("take a backup first: pg_dump -t %s (mysqldump <db> %s); %s", t, t, alt)
}

// short is s on one line, cut to n bytes.
func short(s string, n int) string {
	s = evidence(s)
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}
