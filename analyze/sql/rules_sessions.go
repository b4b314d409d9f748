package sql

import "github.com/actionguard/actionguard/rule"

// Ending other clients' sessions: pg_terminate_backend drops a client's
// connection and rolls back its open transaction, pg_cancel_backend stops
// its running query. Selected from pg_stat_activity it reaches every
// client of the server (50, CAUTIOUS).
var ruleAdminSessions = &rule.Rule{
	ID: "sql.admin.sessions", Category: rule.Infrastructure,
	Points:      rule.PrivilegedKeyword + rule.ExternalTarget,
	Summary:     "Ends other clients' database sessions or queries (pg_terminate_backend, pg_cancel_backend): their open work is lost.",
	Alternative: "look at the sessions first (SELECT pid, usename, state, query FROM pg_stat_activity) and end only the one you mean",
	Match: []string{"SELECT pg_terminate_backend(pid) FROM pg_stat_activity", "SELECT pg_cancel_backend(4242)",
		"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'app' AND pid <> pg_backend_pid()"},
	NoMatch: []string{"SELECT count(*) FROM pg_stat_activity", "SELECT 'pg_terminate_backend'", "SELECT pid, state FROM pg_stat_activity"},
}
