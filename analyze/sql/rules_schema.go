package sql

import (
	"fmt"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Rules about the schema: dropping, creating and changing tables and the
// objects around them.

var (
	// Every table of a database at once is seed 000's mass destruction: a
	// DANGEROUS category, and over 100 points on its own.
	ruleDropDatabase = &rule.Rule{
		ID: "sql.drop.database", Category: rule.MassDestruction, AlwaysReview: true,
		Points:      rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible + wholeDatabase,
		Summary:     "Drops a whole database or schema with every table in it.",
		Alternative: "take a backup first (pg_dump <db>, mysqldump <db>) and drop only the tables you mean",
		Match: []string{"DROP DATABASE shop", "drop schema if exists public cascade", "DROP DATABASE IF EXISTS `prod`;",
			"DROP OWNED BY app_user", "SELECT 1; DROP DATABASE shop", "/*!40000 DROP DATABASE shop */"},
		NoMatch: []string{"SELECT 'DROP DATABASE shop'", "-- DROP DATABASE shop", "DROP TABLE shop", "CREATE DATABASE shop",
			"# DROP DATABASE shop\nSELECT 1", "/* DROP DATABASE shop */ SELECT 1"},
	}
	// A table and its rows: irreversible data loss plus the definition (85, PRIVILEGED).
	ruleDropTable = &rule.Rule{
		ID: "sql.drop.table", Category: rule.Destructive, AlwaysReview: true,
		Points:      rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible + schemaLoss,
		Summary:     "Drops a table and every row in it.",
		Alternative: "take a backup first (pg_dump -t <table>, mysqldump <db> <table>), or rename the table and drop it later",
		Match: []string{"DROP TABLE orders", "drop table if exists orders, order_items cascade;", "DROP TABLE [dbo].[Orders]",
			"IF OBJECT_ID('dbo.t') IS NOT NULL DROP TABLE dbo.t", "SELECT 1\nGO\nDROP TABLE t\nGO",
			"ALTER TABLE logs DROP PARTITION p2019", "DROP TABLE \"Order Items\"", "EXEC('DROP TABLE t')",
			"CREATE PROCEDURE p AS BEGIN DROP TABLE t END", "DO $$ BEGIN EXECUTE format('DROP TABLE %I', t); END $$",
			"SELECT 'DROP TABLE ' || tablename FROM pg_tables \\gexec"},
		NoMatch: []string{"SELECT 'DROP TABLE orders'", "-- DROP TABLE orders", "DROP VIEW orders_v", "CREATE TABLE orders (id int)",
			"SELECT * FROM t WHERE note = 'x; DROP TABLE y'", "DROP TEMPORARY TABLE tmp_x", "EXPLAIN DROP TABLE t"},
	}
	// A definition that can be re-created (view, index, function): a
	// privileged keyword that changes the database (50, CAUTIOUS).
	ruleDropObject = &rule.Rule{
		ID: "sql.drop.object", Category: rule.Database,
		Points:      rule.PrivilegedKeyword + rule.DataModification,
		Summary:     "Drops a view, index, function or other definition; no rows are lost but what uses it breaks.",
		Alternative: "keep its definition first (pg_dump -s, SHOW CREATE …) so that it can be re-created",
		Match: []string{"DROP VIEW orders_v", "DROP INDEX CONCURRENTLY IF EXISTS idx_a", "DROP FUNCTION f(int)",
			"drop materialized view mv", "DROP TEMPORARY TABLE tmp_x", "DROP SEQUENCE s", "DROP TRIGGER trg ON t"},
		NoMatch: []string{"DROP TABLE t", "SELECT 'DROP VIEW v'"},
	}

	// Dropping a column loses its data in every row, irreversibly (75, PRIVILEGED).
	ruleDDLDropColumn = &rule.Rule{
		ID: "sql.ddl.drop-column", Category: rule.Destructive, AlwaysReview: true,
		Points:      rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible,
		Summary:     "Drops a column of a table with its value in every row.",
		Alternative: "copy the column first (CREATE TABLE t_backup AS SELECT id, col FROM t), or stop using it and drop it in a later migration",
		Match: []string{"ALTER TABLE users DROP COLUMN email", "alter table users drop column if exists email cascade",
			"ALTER TABLE users DROP email", "ALTER TABLE users ADD x int, DROP COLUMN y"},
		NoMatch: []string{"ALTER TABLE users ADD COLUMN email text", "ALTER TABLE users ALTER COLUMN email DROP NOT NULL",
			"ALTER TABLE users DROP CONSTRAINT users_email_key", "ALTER TABLE users ALTER COLUMN a DROP DEFAULT"},
	}
	// The data stays but is no longer checked: a privileged keyword on
	// the rules that protect data (50, CAUTIOUS).
	ruleDDLDropConstraint = &rule.Rule{
		ID: "sql.ddl.drop-constraint", Category: rule.Database,
		Points:      rule.PrivilegedKeyword + rule.DataModification,
		Summary:     "Drops a constraint or key of a table: the data it protected is no longer checked.",
		Alternative: "keep the constraint's definition (pg_dump -s -t <table>) so that it can be added back",
		Match: []string{"ALTER TABLE users DROP CONSTRAINT users_email_key", "ALTER TABLE t DROP PRIMARY KEY",
			"ALTER TABLE t DROP FOREIGN KEY fk_a"},
		NoMatch: []string{"ALTER TABLE t ADD CONSTRAINT c CHECK (a > 0)"},
	}
	// A schema change can lock a table and break what reads it: a
	// privileged keyword (30, CAUTIOUS).
	ruleDDLAlter = &rule.Rule{
		ID: "sql.ddl.alter", Category: rule.Database,
		Points:      rule.PrivilegedKeyword,
		Summary:     "Changes the definition of a table, view or other object.",
		Alternative: "run it as a migration that can be rolled back",
		Match: []string{"ALTER TABLE users ADD COLUMN age int", "ALTER TABLE t RENAME TO t_old", "RENAME TABLE a TO b",
			"ALTER VIEW v RENAME TO w", "ALTER TABLE t ALTER COLUMN a DROP NOT NULL"},
		NoMatch: []string{"SELECT 'ALTER TABLE t'", "ALTER TABLE users DROP COLUMN email"},
	}
	// Creating is additive: noted, not asked about (10, SAFE).
	ruleDDLCreate = &rule.Rule{
		ID: "sql.ddl.create", Category: rule.Database,
		Points:  routineWrite,
		Summary: "Creates a table, index, view, function or other object.",
		Match: []string{"CREATE TABLE t (id int)", "CREATE INDEX CONCURRENTLY i ON t (a)", "create or replace view v as select 1",
			"CREATE TABLE t2 AS SELECT * FROM t", "CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql"},
		NoMatch: []string{"SELECT 'CREATE TABLE t'", "CREATE USER bob"},
	}
)

// dropTypeWords are the words that, after the first, still name the type of
// object a DROP drops: MATERIALIZED VIEW, FOREIGN DATA WRAPPER, USER MAPPING.
var dropTypeWords = set(`VIEW TABLE DATA WRAPPER MAPPING TRIGGER METHOD SEARCH CONFIGURATION DICTIONARY PARSER TEMPLATE
FORMAT INTEGRATION POLICY LINK OPERATOR CLASS FAMILY`)

// checkDrop reports a DROP clause.
func (a *analysis) checkDrop(c *clause) {
	i := c.first + 1
	head := a.kwAt(i)
	kind := objectKinds()[head]
	var typ []string
	for n := 0; i < c.end && n < 3; n++ {
		k := a.kwAt(i)
		if k == "" || n > 0 && !dropTypeWords.has(k) {
			break
		}
		typ = append(typ, strings.ToLower(k))
		i++
	}
	switch {
	case head == "TEMPORARY" || head == "TEMP" || head == "FOREIGN" || head == "EXTERNAL":
		kind = objOther // the rows are session-local, or live elsewhere
	case head == "USER" && a.kwAt(c.first+2) == "MAPPING":
		kind = objOther
	}
	for a.kwAt(i) == "IF" || a.kwAt(i) == "EXISTS" || a.kwAt(i) == "CONCURRENTLY" || a.kwAt(i) == "BY" {
		i++
	}
	names, _ := a.names(i, c.end)
	if kind == objTable && len(names) > 0 && allTemporary(names) {
		kind, typ = objOther, []string{"temporary", "table"} // SQL Server #t: gone with the session anyway
	}
	if kind == objRole {
		names = a.accounts(i, c.end)
	}
	ev := evidence(a.clauseText(c))
	cascade := a.has(c, "CASCADE")
	switch kind {
	case objDatabase:
		what := strings.Join(typ, " ")
		msg := fmt.Sprintf("Drops %s %s with every table and row in it.", what, strings.Join(names, ", "))
		switch {
		case head == "OWNED":
			msg = fmt.Sprintf("Drops every table and object owned by %s.", strings.Join(names, ", "))
		case len(names) == 0:
			msg = fmt.Sprintf("Drops a %s with every table and row in it.", what)
		}
		a.add(ruleDropDatabase.Find(ev, msg, names...))
	case objTable:
		msg := fmt.Sprintf("Drops %s and every row in it; only a backup brings it back.", tablesWords(names))
		if len(names) > 1 {
			msg = fmt.Sprintf("Drops %s and every row in them; only a backup brings them back.", tablesWords(names))
		}
		if cascade {
			msg += " CASCADE also drops the views and foreign keys that depend on " + pronoun(len(names)) + "."
		}
		a.add(withAlternative(ruleDropTable.Find(ev, msg, names...), backupAlternative("or rename the table and drop it later", first(names))))
	case objRole:
		a.add(ruleRoleDrop.Find(ev, fmt.Sprintf("Drops %s %s: whoever signs in with it is locked out, and its privileges are gone.", strings.ToLower(head), strings.Join(names, ", ")), names...))
	default:
		what := strings.Join(typ, " ")
		if what == "" {
			what = "object"
		}
		msg := fmt.Sprintf("Drops %s %s; what uses it breaks until it is re-created.", what, strings.Join(names, ", "))
		if cascade {
			msg += " CASCADE also drops what depends on it."
		}
		a.add(ruleDropObject.Find(ev, msg, names...))
	}
}

// checkAlterTable reports ALTER TABLE: the columns, constraints and
// partitions it drops, or a change of definition.
func (a *analysis) checkAlterTable(c *clause) {
	i := c.first + 2
	for a.kwAt(i) == "ONLY" || a.kwAt(i) == "IF" || a.kwAt(i) == "EXISTS" {
		i++
	}
	table, _ := a.name(i, c.end)
	ev := evidence(a.clauseText(c))
	found, depth := false, 0
	for j, end := i, a.scanEnd(i, c.end); j < end; j++ {
		switch a.toks[j].kind {
		case kOpen:
			depth++
		case kClose:
			depth--
		}
		if depth != 0 {
			continue
		}
		switch a.toks[j].kw() {
		case "TRUNCATE":
			if a.kwAt(j+1) == "PARTITION" {
				found = true
				part, _ := a.names(j+2, c.end)
				a.add(ruleTruncateTable.Find(ev, fmt.Sprintf("Empties partition %s of %s.", strings.Join(part, ", "), tableWords(table)), table))
			}
		case "DROP":
			k := j + 1
			switch a.kwAt(k) {
			case "DEFAULT", "NOT", "IDENTITY", "EXPRESSION":
				continue // ALTER COLUMN c DROP DEFAULT: the column stays
			case "CONSTRAINT", "PRIMARY", "FOREIGN", "CHECK", "INDEX", "KEY", "UNIQUE":
				found = true
				name := ""
				if k2 := k + 1; a.kwAt(k) != "PRIMARY" {
					if a.kwAt(k2) == "KEY" {
						k2++
					}
					for a.kwAt(k2) == "IF" || a.kwAt(k2) == "EXISTS" {
						k2++
					}
					name, _ = a.name(k2, c.end)
				}
				what := strings.ToLower(a.kwAt(k))
				if what == "primary" || what == "foreign" {
					what += " key"
				}
				if name != "" {
					what += " " + name
				}
				a.add(ruleDDLDropConstraint.Find(ev, fmt.Sprintf("Drops %s of %s: the data it protected is no longer checked.", what, tableWords(table)), targets(table)...))
			case "PARTITION":
				found = true
				part, _ := a.names(k+1, c.end)
				a.add(ruleDropTable.Find(ev, fmt.Sprintf("Drops partition %s of %s with every row in it.", strings.Join(part, ", "), tableWords(table)), table))
			default:
				if a.kwAt(k) == "COLUMN" {
					k++
				}
				for a.kwAt(k) == "IF" || a.kwAt(k) == "EXISTS" {
					k++
				}
				col, _ := a.name(k, c.end)
				if col == "" {
					continue
				}
				found = true
				a.add(withAlternative(ruleDDLDropColumn.Find(ev, fmt.Sprintf("Drops column %s of %s with its value in every row.", col, tableWords(table)), table),
					fmt.Sprintf("copy the column first: CREATE TABLE %s_%s_backup AS SELECT * FROM %s", lastPart(table), col, orUnknown(table))))
			}
		}
	}
	if !found {
		a.add(ruleDDLAlter.Find(ev, fmt.Sprintf("Changes the definition of %s.", tableWords(table)), targets(table)...))
	}
}

// checkCreate reports CREATE: users and roles, functions in untrusted
// languages, foreign servers, and other objects. Function and procedure
// bodies are analysed as the SQL they will run.
func (a *analysis) checkCreate(c *clause) {
	i := c.first + 1
	for n := 0; n < 4; n++ {
		switch a.kwAt(i) {
		case "OR", "REPLACE", "TEMP", "TEMPORARY", "UNIQUE", "GLOBAL", "LOCAL", "MATERIALIZED", "EXTERNAL", "DEFINER":
			i++
			continue
		}
		break
	}
	what := a.kwAt(i)
	ev := evidence(a.clauseText(c))
	if c.first == c.stmt.first {
		// CREATE … AS SELECT: the SELECT is a clause of its own, but the
		// evidence is the whole definition.
		ev = evidence(a.spanText(c.stmt.first, c.stmt.end))
	}
	switch objectKinds()[what] {
	case objRole:
		a.checkCreateRole(c, i)
		return
	}
	switch what {
	case "FUNCTION", "PROCEDURE", "PROC", "TRIGGER", "EVENT", "RULE":
		// The body's statements are clauses of their own; the evidence is
		// the whole definition.
		ev = evidence(a.spanText(c.stmt.first, c.stmt.end))
		if a.untrustedLanguage(c, ev) {
			return
		}
		a.bodies(c)
	case "SERVER":
		name, _ := a.name(i+1, c.end)
		a.add(ruleNetRemote.Find(ev, fmt.Sprintf("Defines foreign server %s: the database will connect to another system.", name), targets(name)...))
		return
	}
	name, _ := a.name(a.skipIfNotExists(i+1, c.end), c.end)
	kind := strings.ToLower(what)
	if kind == "" {
		kind = "object"
	}
	verb := "Creates"
	if a.kwAt(c.first+1) == "OR" {
		verb = "Creates or replaces"
	}
	a.add(ruleDDLCreate.Find(ev, strings.TrimSpace(fmt.Sprintf("%s %s %s.", verb, kind, name)), targets(name)...))
}

func (a *analysis) skipIfNotExists(i, end int) int {
	for i < end && (a.kwAt(i) == "IF" || a.kwAt(i) == "NOT" || a.kwAt(i) == "EXISTS" || a.kwAt(i) == "CONCURRENTLY") {
		i++
	}
	return i
}

// bodies analyses the dollar-quoted bodies of a clause, and a body given
// as a string after AS, as the SQL they run.
func (a *analysis) bodies(c *clause) {
	for j, end := c.first, a.scanEnd(c.first, c.end); j < end; j++ {
		switch {
		case a.toks[j].kind == kDollar:
			body, _ := a.stringValue(j)
			a.nested(body)
		case a.toks[j].kw() == "AS" && a.kindAt(j+1) == kString:
			body, _ := a.stringValue(j + 1)
			a.nested(body)
		}
	}
}

func (a *analysis) checkRename(c *clause) {
	ev := evidence(a.clauseText(c))
	switch a.kwAt(c.first + 1) {
	case "USER":
		name, _ := a.account(c.first+2, c.end)
		a.add(ruleRoleAlter.Find(ev, fmt.Sprintf("Renames user %s: whoever signs in with the old name is locked out.", orSomeone(name)), targets(name)...))
	default:
		name, _ := a.name(c.first+2, c.end)
		a.add(ruleDDLAlter.Find(ev, fmt.Sprintf("Renames %s: what uses the old name breaks.", tableWords(name)), targets(name)...))
	}
}

// checkAlter reports ALTER: of tables, users and roles, the server.
func (a *analysis) checkAlter(c *clause) {
	ev := evidence(a.clauseText(c))
	switch what := a.kwAt(c.first + 1); what {
	case "TABLE":
		a.checkAlterTable(c)
	case "USER", "ROLE", "LOGIN", "GROUP":
		a.checkAlterRole(c)
	case "SERVER":
		if a.kwAt(c.first+2) == "ROLE" {
			a.checkAlterRole(c)
			return
		}
		a.add(ruleDDLAlter.Find(ev, "Changes the definition of a foreign server."))
	case "SYSTEM":
		a.add(ruleConfigServer.Find(ev, "Changes the server's configuration (ALTER SYSTEM) for every database and client on it."))
	case "DEFAULT":
		a.add(ruleGrantPrivileges.Find(ev, "Changes the privileges that tables and other objects created from now on will have."))
	default:
		name, _ := a.name(a.skipIfNotExists(c.first+2, c.end), c.end)
		kind := strings.ToLower(what)
		if kind == "" {
			kind = "object"
		}
		a.add(ruleDDLAlter.Find(ev, strings.TrimSpace(fmt.Sprintf("Changes the definition of %s %s.", kind, name)), targets(name)...))
	}
}

func allTemporary(names []string) bool {
	for _, n := range names {
		if !strings.HasPrefix(n, "#") {
			return false
		}
	}
	return true
}

func pronoun(n int) string {
	if n > 1 {
		return "them"
	}
	return "it"
}

func lastPart(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[i+1:]
	}
	if name == "" {
		return "table"
	}
	return name
}

func orUnknown(s string) string {
	if s == "" {
		return "<table>"
	}
	return s
}
