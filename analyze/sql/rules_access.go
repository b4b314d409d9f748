package sql

import (
	"fmt"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Rules about who may do what: privileges, users, roles, passwords.

var (
	// Changing who may read or change data: a privileged keyword that
	// changes the database (50, CAUTIOUS).
	ruleGrantPrivileges = &rule.Rule{
		ID: "sql.grant.privileges", Category: rule.Permissions,
		Points:      rule.PrivilegedKeyword + rule.DataModification,
		Summary:     "Gives or takes away privileges on tables or other objects.",
		Alternative: "grant only what the task needs, to a role rather than to a person",
		Match: []string{"GRANT SELECT ON orders TO analyst", "REVOKE INSERT ON orders FROM app", "GRANT reporting TO bob",
			"GRANT SELECT ON ALL TABLES IN SCHEMA public TO ro", "ALTER ROLE db_datareader ADD MEMBER bob", "REVOKE ALL ON orders FROM PUBLIC"},
		NoMatch: []string{"SELECT 'GRANT ALL ON t TO u'", "GRANT ALL ON t TO u", "-- GRANT SELECT ON t TO u"},
	}
	// Every privilege, or the right to pass privileges on: a privileged
	// keyword that changes the database, over a broad scope (80, PRIVILEGED).
	ruleGrantAll = &rule.Rule{
		ID: "sql.grant.all", Category: rule.Permissions, AlwaysReview: true,
		Points:      rule.PrivilegedKeyword + rule.DataModification + broadGrant,
		Summary:     "Grants every privilege, privileges on everything, or the right to grant them on.",
		Alternative: "grant only the privileges needed: GRANT SELECT, INSERT ON <table> TO <role>",
		Match: []string{"GRANT ALL PRIVILEGES ON *.* TO 'app'@'%'", "GRANT ALL ON DATABASE shop TO bob",
			"GRANT SELECT ON orders TO bob WITH GRANT OPTION", "GRANT admins TO bob WITH ADMIN OPTION", "GRANT FILE ON *.* TO 'x'@'%'",
			"EXEC sp_addrolemember 'db_owner', 'bob'", "ALTER ROLE db_owner ADD MEMBER bob", "GRANT SELECT ON *.* TO 'ro'@'%'"},
		NoMatch: []string{"GRANT SELECT ON orders TO bob", "REVOKE ALL ON orders FROM PUBLIC"},
	}
	// A superuser can read and write the server's files and run programs
	// on it: seed 000's privilege escalation, DANGEROUS.
	ruleRoleSuperuser = &rule.Rule{
		ID: "sql.role.superuser", Category: rule.PrivilegeEscalation, AlwaysReview: true,
		Points:      rule.PrivilegedKeyword + rule.DataModification + broadGrant + outsideDatabase,
		Summary:     "Makes an account a superuser (or a role that is as strong): it can do anything, on the server too.",
		Alternative: "grant the specific privileges the task needs instead",
		Match: []string{"ALTER USER bob WITH SUPERUSER", "CREATE ROLE admin2 SUPERUSER LOGIN", "GRANT rds_superuser TO bob",
			"ALTER SERVER ROLE sysadmin ADD MEMBER bob", "EXEC sp_addsrvrolemember 'bob', 'sysadmin'", "GRANT SUPER ON *.* TO 'bob'@'%'",
			"GRANT ROLE ACCOUNTADMIN TO USER bob", "GRANT pg_execute_server_program TO bob"},
		NoMatch: []string{"ALTER USER bob NOSUPERUSER", "SELECT rolsuper FROM pg_roles", "CREATE ROLE r NOSUPERUSER"},
	}
	ruleRoleCreate = &rule.Rule{
		ID: "sql.role.create", Category: rule.Permissions,
		Points:      rule.PrivilegedKeyword + rule.DataModification,
		Summary:     "Creates a database user or role: one more way in.",
		Alternative: "give the new account only the privileges it needs, and a strong password or no login",
		Match: []string{"CREATE USER bob WITH PASSWORD 'x'", "CREATE ROLE readonly", "CREATE USER 'app'@'%' IDENTIFIED BY 'pw'",
			"CREATE LOGIN bob WITH PASSWORD = 'x'", "EXEC sp_addlogin 'bob', 'pw'"},
		NoMatch: []string{"CREATE TABLE users (id int)", "SELECT * FROM pg_user"},
	}
	ruleRoleAlter = &rule.Rule{
		ID: "sql.role.alter", Category: rule.Permissions,
		Points:  rule.PrivilegedKeyword + rule.DataModification,
		Summary: "Changes a database user or role.",
		Match: []string{"ALTER ROLE bob CONNECTION LIMIT 5", "ALTER USER bob RENAME TO robert", "RENAME USER 'a'@'%' TO 'b'@'%'",
			"ALTER USER bob NOSUPERUSER", "ALTER GROUP staff ADD USER bob"},
		NoMatch: []string{"ALTER USER bob PASSWORD 'x'", "ALTER TABLE users ADD c int"},
	}
	// The old password cannot be restored and whatever signs in with it
	// stops working (75, PRIVILEGED).
	ruleRolePassword = &rule.Rule{
		ID: "sql.role.password", Category: rule.Credentials, AlwaysReview: true,
		Points:      rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible,
		Summary:     "Changes the password of a database account: what signs in with the old one stops working.",
		Alternative: "create a new account or credential for the task and leave existing ones alone",
		Match: []string{"ALTER USER postgres WITH PASSWORD 'x'", "ALTER USER 'root'@'localhost' IDENTIFIED BY 'x'",
			"SET PASSWORD FOR 'root'@'localhost' = 'x'", "ALTER LOGIN sa WITH PASSWORD = 'x'", "\\password postgres",
			"EXEC sp_password NULL, 'new', 'sa'"},
		NoMatch: []string{"SELECT password FROM users WHERE id = 1", "UPDATE users SET password_hash = 'x' WHERE id = 1"},
	}
	ruleRoleDrop = &rule.Rule{
		ID: "sql.role.drop", Category: rule.Permissions, AlwaysReview: true,
		Points:  rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible,
		Summary: "Drops a database user or role: whoever signs in with it is locked out.",
		Match:   []string{"DROP USER bob", "DROP ROLE IF EXISTS readonly", "DROP LOGIN bob", "DROP USER 'app'@'%'", "EXEC sp_droplogin 'bob'"},
		NoMatch: []string{"DROP USER MAPPING FOR bob SERVER s", "DROP TABLE users"},
	}
)

// superRoles are roles and privileges as strong as a superuser: they read
// and write the server's files or run its programs (lower-case).
var superRoles = set(`sysadmin securityadmin serveradmin rds_superuser cloudsqlsuperuser azure_pg_admin azure_superuser
pg_execute_server_program pg_write_server_files pg_read_server_files accountadmin orgadmin super superuser dba`)

// broadRoles own a whole database (lower-case).
var broadRoles = set(`db_owner db_securityadmin db_accessadmin pg_write_all_data pg_read_all_data pg_database_owner file ownership`)

// account reads a user name at i: a name, 'user'@'host' or user@host.
func (a *analysis) account(i, end int) (string, int) {
	var s string
	switch a.kindAt(i) {
	case kString:
		s, _ = a.stringValue(i)
		i++
	default:
		var next int
		s, next = a.name(i, end)
		if s == "" {
			return "", i
		}
		i = next
	}
	if a.kindAt(i) == kOp && a.text(i) == "@" {
		host, _ := a.stringValue(i + 1)
		if host == "" {
			host = a.text(i + 1)
		}
		s += "@" + host
		i += 2
	}
	return s, i
}

// accounts reads a comma-separated list of accounts at i.
func (a *analysis) accounts(i, end int) []string {
	var out []string
	for i < end && len(out) < 16 {
		s, next := a.account(i, end)
		if s == "" {
			break
		}
		out = append(out, s)
		i = next
		if a.kindAt(i) != kPunct || a.text(i) != "," {
			break
		}
		i++
	}
	return out
}

// checkGrant reports GRANT and REVOKE.
func (a *analysis) checkGrant(c *clause) {
	ev := evidence(a.clauseText(c))
	from := c.first + 1
	on, to, depth := -1, -1, 0
	for j, end := from, a.scanEnd(from, c.end); j < end; j++ {
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
		case "ON":
			if on < 0 && to < 0 {
				on = j
			}
		case "TO", "FROM":
			if to < 0 {
				to = j
			}
		}
	}
	privEnd := c.end
	switch {
	case on >= 0:
		privEnd = on
	case to >= 0:
		privEnd = to
	}
	privs := short(a.spanText(from, privEnd), 60)
	object, objEnd := "", c.end
	if to >= 0 {
		objEnd = to
	}
	var tg []string
	if on >= 0 {
		object = short(a.spanText(on+1, objEnd), 60)
		k := on + 1
		for a.kwAt(k) == "TABLE" || a.kwAt(k) == "DATABASE" || a.kwAt(k) == "SCHEMA" || a.kwAt(k) == "FUNCTION" || a.kwAt(k) == "SEQUENCE" {
			k++
		}
		if n, _ := a.name(k, objEnd); n != "" {
			tg = append(tg, n)
		}
	}
	k := to + 1
	for a.kwAt(k) == "USER" || a.kwAt(k) == "ROLE" || a.kwAt(k) == "GROUP" {
		k++
	}
	var grantees []string
	if to >= 0 {
		grantees = a.accounts(k, c.end)
	}
	tg = append(tg, grantees...)
	who := strings.Join(grantees, ", ")
	if who == "" {
		who = "someone"
	}
	super, broad := false, strings.Contains(object, "*.*")
	for j := from; j < privEnd; j++ {
		if a.kindAt(j) != kWord && a.kindAt(j) != kQuoted {
			continue
		}
		w := strings.ToLower(unquoteName(a.text(j)))
		switch {
		case superRoles.has(w):
			super = true
		case broadRoles.has(w) || a.toks[j].kw() == "ALL":
			broad = true
		}
	}
	if c.verb == "REVOKE" {
		a.add(ruleGrantPrivileges.Find(ev, fmt.Sprintf("Takes %s%s away from %s.", privs, onWords(object), who), tg...))
		return
	}
	withOption := false
	if w := a.find(from, c.end, "WITH"); w >= 0 && (a.kwAt(w+1) == "GRANT" || a.kwAt(w+1) == "ADMIN") {
		withOption = true
	}
	switch {
	case super:
		a.add(ruleRoleSuperuser.Find(ev, fmt.Sprintf("Makes %s as strong as a superuser (GRANT %s): it can read and write the server's files and run programs on it.", who, privs), tg...))
	case broad || withOption:
		msg := fmt.Sprintf("Grants %s%s to %s.", privs, onWords(object), who)
		if withOption {
			msg = fmt.Sprintf("Grants %s%s to %s, with the right to grant it on to anyone.", privs, onWords(object), who)
		}
		a.add(ruleGrantAll.Find(ev, msg, tg...))
	case on < 0:
		a.add(ruleGrantPrivileges.Find(ev, fmt.Sprintf("Gives role %s, and its privileges, to %s.", privs, who), tg...))
	default:
		a.add(ruleGrantPrivileges.Find(ev, fmt.Sprintf("Gives %s%s to %s.", privs, onWords(object), who), tg...))
	}
}

func onWords(object string) string {
	if object == "" {
		return ""
	}
	return " on " + object
}

// checkCreateRole reports CREATE USER/ROLE/LOGIN/GROUP; i is the word USER….
func (a *analysis) checkCreateRole(c *clause, i int) {
	ev := evidence(a.clauseText(c))
	kind := strings.ToLower(a.kwAt(i))
	names := a.accounts(a.skipIfNotExists(i+1, c.end), c.end)
	who := strings.Join(names, ", ")
	a.add(ruleRoleCreate.Find(ev, fmt.Sprintf("Creates %s %s: one more account that can reach the database.", kind, who), names...))
	if a.has(c, "SUPERUSER") {
		a.add(ruleRoleSuperuser.Find(ev, fmt.Sprintf("Creates %s %s as a superuser: it can do anything, on the server too.", kind, who), names...))
	}
}

// checkAlterRole reports ALTER USER/ROLE/LOGIN/GROUP and ALTER SERVER ROLE.
func (a *analysis) checkAlterRole(c *clause) {
	ev := evidence(a.clauseText(c))
	i := c.first + 1
	if a.kwAt(i) == "SERVER" {
		i++
	}
	kind := strings.ToLower(a.kwAt(i))
	name, _ := a.account(a.skipIfNotExists(i+1, c.end), c.end)
	if m := a.find(i+1, c.end, "MEMBER"); m >= 0 && a.kwAt(m-1) == "ADD" {
		member, _ := a.account(m+1, c.end)
		role := strings.ToLower(name)
		switch {
		case superRoles.has(role):
			a.add(ruleRoleSuperuser.Find(ev, fmt.Sprintf("Makes %s a member of %s: it can do anything on the server.", member, name), member))
		case broadRoles.has(role):
			a.add(ruleGrantAll.Find(ev, fmt.Sprintf("Makes %s a member of %s: it owns the whole database.", member, name), member))
		default:
			a.add(ruleGrantPrivileges.Find(ev, fmt.Sprintf("Makes %s a member of role %s and gives it that role's privileges.", member, name), member))
		}
		return
	}
	tg := targets(name)
	super := a.has(c, "SUPERUSER")
	password := a.has(c, "PASSWORD") || a.has(c, "IDENTIFIED")
	if super {
		a.add(ruleRoleSuperuser.Find(ev, fmt.Sprintf("Makes %s %s a superuser: it can do anything, on the server too.", kind, name), tg...))
	}
	if password {
		a.add(ruleRolePassword.Find(ev, fmt.Sprintf("Changes the password of %s %s: whatever signs in with the old one stops working.", kind, name), tg...))
	}
	if !super && !password {
		a.add(ruleRoleAlter.Find(ev, fmt.Sprintf("Changes %s %s.", kind, name), tg...))
	}
}

// checkSet reports SET PASSWORD and settings of the whole server (SET
// GLOBAL, SET PERSIST, SET @@GLOBAL.x); session settings are routine.
func (a *analysis) checkSet(c *clause) {
	ev := evidence(a.clauseText(c))
	i := c.first + 1
	switch k := a.kwAt(i); {
	case k == "PASSWORD":
		who, account := "the current user", ""
		if a.kwAt(i+1) == "FOR" {
			if account, _ = a.account(i+2, c.end); account != "" {
				who = account
			}
		}
		a.add(ruleRolePassword.Find(ev, fmt.Sprintf("Changes the password of %s: whatever signs in with the old one stops working.", who), targets(account)...))
	case k == "GLOBAL" || k == "PERSIST" || k == "PERSIST_ONLY",
		a.kindAt(i) == kParam && (strings.EqualFold(a.text(i), "@@global") || strings.EqualFold(a.text(i), "@@persist")):
		a.add(ruleConfigServer.Find(ev, "Changes a setting of the whole server, for every database and client on it."))
	}
}
