package shell

import (
	"strings"
	"sync"

	"github.com/actionguard/actionguard/rule"
)

// Databases through their command-line clients. SQL given on the command line
// (psql -c, mysql -e, sqlite3 db "…", bq query …) goes to the SQL analyzer
// through r.sql; the rules here are about what the clients do themselves:
// dropping whole databases, running SQL files nobody has read, shutting a
// server down, restoring over existing data, MongoDB's JavaScript shell.

var (
	svcDBDropDatabase = &rule.Rule{
		ID: "shell.db.drop-database", Category: rule.Database, Points: svcDestroy,
		Summary:     "Deletes a whole database (or keyspace, dataset, bucket) and all the data in it.",
		Alternative: "dump it first (pg_dump, mysqldump, mongodump, bq extract) and keep the dump; drop a renamed copy once nothing uses it",
		Match: []string{"dropdb shop", "dropdb -h db.internal -U admin shop_prod", "mysqladmin -u root drop shop", "pg_dropcluster 16 main --stop",
			`cqlsh -e "DROP KEYSPACE shop"`, "bq rm -r -f -d myproject:analytics", "influx bucket delete --name metrics",
			`mongosh shop --eval "db.dropDatabase()"`, `influx -execute 'DROP DATABASE telegraf'`},
		NoMatch: []string{"dropdb --help", "createdb shop", "mysqladmin status", "pg_lsclusters", "bq ls", "influx bucket list", `mongosh --eval "db.stats()"`},
	}
	svcDBDropTable = &rule.Rule{
		ID: "shell.db.drop-table", Category: rule.Database, Points: svcLose,
		Summary:     "Deletes a table (or collection, measurement) and all its rows.",
		Alternative: "copy it first (bq cp, mongodump --collection, SELECT INTO a backup table) and delete the copy later",
		Match: []string{"bq rm -f myproject:analytics.events", `mongosh shop --eval "db.orders.drop()"`, `mongo shop --eval 'db.getCollection("orders").drop()'`,
			`influx -execute 'DROP MEASUREMENT cpu' -database telegraf`},
		NoMatch: []string{"bq show myproject:analytics.events", `mongosh shop --eval "db.orders.find()"`},
	}
	svcDBDeleteAll = &rule.Rule{
		ID: "shell.db.delete-all", Category: rule.Database, Points: svcLose,
		Summary:     "Deletes every record of a collection or a whole time range of measurements.",
		Alternative: "count first with the same filter (db.c.countDocuments(filter)), back it up, and delete with a filter that names what must go",
		Match: []string{`mongosh shop --eval "db.sessions.deleteMany({})"`, `mongo shop --eval 'db.logs.remove({})'`,
			"influx delete --bucket metrics --start 1970-01-01T00:00:00Z --stop 2030-01-01T00:00:00Z"},
		NoMatch: []string{`mongosh shop --eval "db.sessions.find({})"`, "influx query 'from(bucket:\"m\") |> range(start:-1h)'"},
	}
	svcDBDeleteSome = &rule.Rule{
		ID: "shell.db.delete-documents", Category: rule.Database, Points: 40,
		Summary:     "Deletes the documents that match a filter.",
		Alternative: "count the matching documents first with the same filter",
		Match:       []string{`mongosh shop --eval 'db.sessions.deleteMany({expired: true})'`},
		NoMatch:     []string{`mongosh shop --eval 'db.sessions.countDocuments({expired: true})'`},
	}
	svcDBUpdateAll = &rule.Rule{
		ID: "shell.db.update-all", Category: rule.Database, Points: svcLose,
		Summary:     "Overwrites fields of every document of a collection.",
		Alternative: "add a filter that names the documents to change, and try it on a copy first",
		Match:       []string{`mongosh shop --eval 'db.users.updateMany({}, {$set: {plan: "free"}})'`},
		NoMatch:     []string{`mongosh shop --eval 'db.users.updateMany({_id: 3}, {$set: {plan: "free"}})'`},
	}
	svcDBUsers = &rule.Rule{
		ID: "shell.db.users", Category: rule.Database, Points: svcChange,
		Summary:     "Deletes database users or roles, or takes roles away: applications using them stop working.",
		Alternative: "list who uses the account first (db.currentOp(), pg_stat_activity) and disable before deleting",
		Match:       []string{`mongosh admin --eval 'db.dropUser("reporting")'`, `mongosh admin --eval "db.dropAllUsersFromDatabase()"`},
		NoMatch:     []string{`mongosh admin --eval 'db.getUsers()'`},
	}
	svcDBShutdown = &rule.Rule{
		ID: "shell.db.server-shutdown", Category: rule.Database, Points: svcChange,
		Summary:     "Stops or crashes a database server: every application using it loses its connection.",
		Alternative: "restart it through its service manager at a quiet moment, after telling its users",
		Match: []string{"mysqladmin -u root shutdown", "pg_ctl stop -D /var/lib/postgresql/data -m immediate", `mongosh admin --eval "db.shutdownServer()"`,
			"pg_ctlcluster 16 main stop", "redis-cli shutdown", "redis-cli -h cache.internal DEBUG SEGFAULT"},
		NoMatch: []string{"mysqladmin status", "pg_ctl status -D /var/lib/postgresql/data", "redis-cli info"},
	}
	svcDBRestoreClean = &rule.Rule{
		ID: "shell.db.restore-over", Category: rule.Database, Points: svcLose,
		Summary:     "Restores a backup over an existing database, dropping what is there first.",
		Alternative: "restore into a new, empty database and switch over once it is checked",
		Match: []string{"pg_restore --clean -d shop shop.dump", "pg_restore -c -d shop shop.dump", "mongorestore --drop --db shop dump/shop",
			"sqlite3 app.db '.restore backup.db'", "influx restore --full ./backup"},
		NoMatch: []string{"pg_restore -d shop_copy shop.dump", "pg_restore -Fc -l shop.dump", "mongorestore --db shop_copy dump/shop", "pg_dump shop > shop.sql"},
	}
	svcDBResetWAL = &rule.Rule{
		ID: "shell.db.reset-wal", Category: rule.Database, Points: svcLose,
		Summary:     "Resets PostgreSQL's write-ahead log: a last resort that can silently corrupt the data.",
		Alternative: "restore from a backup instead; if you must, copy the data directory first and run pg_resetwal -n to see what it would do",
		Match:       []string{"pg_resetwal -f /var/lib/postgresql/16/main", "pg_resetxlog /var/lib/pgsql/data"},
		NoMatch:     []string{"pg_resetwal -n /var/lib/postgresql/16/main", "pg_controldata /var/lib/postgresql/16/main"},
	}
	svcDBScriptFile = &rule.Rule{
		ID: "shell.db.script-file", Category: rule.Database, Points: svcConfirm,
		Summary:     "Runs a file of SQL (or a database script) whose content is not checked here.",
		Alternative: "read the file first, or run it in a transaction on a copy of the database",
		Match: []string{"psql -d shop -f migrate.sql", "psql shop --file=cleanup.sql", "mysql shop -e 'source cleanup.sql'", "cqlsh -f schema.cql",
			"sqlcmd -S db -d shop -i fix.sql", "mongosh shop cleanup.js", "clickhouse-client --queries-file purge.sql", "sqlite3 app.db '.read fix.sql'"},
		NoMatch: []string{"psql -d shop -c 'SELECT 1'", "psql -l", "mysql -e 'SHOW DATABASES'"},
	}
	svcDBOverwrite = &rule.Rule{
		ID: "shell.db.overwrite-table", Category: rule.Database, Points: svcChange,
		Summary:     "Replaces the content of an existing table with new data.",
		Alternative: "write to a new table and swap it in once it is checked",
		Match: []string{"bq load --replace analytics.events gs://bucket/events.csv", "bq cp -f analytics.events_tmp analytics.events",
			"bq query --replace --destination_table analytics.daily 'SELECT 1'"},
		NoMatch: []string{"bq load analytics.events gs://bucket/events.csv", "bq cp analytics.events analytics.events_backup"},
	}
	svcDBInfluxDelete = &rule.Rule{
		ID: "shell.db.influx-admin", Category: rule.Database, Points: svcChange,
		Summary:     "Deletes InfluxDB users, tokens, tasks or organisations.",
		Alternative: "list them first (influx user list, influx auth list) and deactivate before deleting",
		Match:       []string{"influx user delete --id 0a1b2c", "influx auth delete --id 0a1b2c", "influx org delete --name acme"},
		NoMatch:     []string{"influx user list", "influx auth list", "influx org list"},
	}
)

var svcDBRules = []*rule.Rule{
	svcDBDropDatabase, svcDBDropTable, svcDBDeleteAll, svcDBDeleteSome, svcDBUpdateAll, svcDBUsers, svcDBShutdown,
	svcDBRestoreClean, svcDBResetWAL, svcDBScriptFile, svcDBOverwrite, svcDBInfluxDelete, svcDBFrameworkReset,
}

// svcSQLClient describes how a database client takes SQL on its command line.
type svcSQLClient struct {
	query  []string // flags whose value is SQL
	file   []string // flags whose value is a file of SQL
	valued []string // other flags that take a separate value
	// positional: SQL given as positional arguments after the database
	// (sqlite3 db "…", duckdb db "…"); the first positional is the database.
	positional bool
	engine     string
}

var svcSQLClients = sync.OnceValue(func() map[string]svcSQLClient {
	return map[string]svcSQLClient{
		"psql": {query: []string{"-c", "--command"}, file: []string{"-f", "--file"}, engine: "PostgreSQL",
			valued: []string{"-d", "--dbname", "-h", "--host", "-p", "--port", "-U", "--username", "-v", "--set", "--variable", "-o", "--output", "-L", "--log-file", "-P", "--pset", "-F", "--field-separator", "-R", "--record-separator", "-T", "--table-attr"}},
		"mysql": {query: []string{"-e", "--execute"}, engine: "MySQL",
			valued: []string{"-u", "--user", "-h", "--host", "-P", "--port", "-D", "--database", "-S", "--socket", "--defaults-file", "--defaults-extra-file", "--login-path", "--protocol", "--default-character-set", "--ssl-ca", "--ssl-cert", "--ssl-key", "--ssl-mode", "--init-command", "--tee", "--pager"}},
		"cqlsh": {query: []string{"-e", "--execute"}, file: []string{"-f", "--file"}, engine: "Cassandra",
			valued: []string{"-u", "--username", "-p", "--password", "-k", "--keyspace", "--cqlshrc", "--cqlversion", "--request-timeout", "--connect-timeout", "--encoding", "--protocol-version"}},
		"clickhouse-client": {query: []string{"-q", "--query"}, file: []string{"--queries-file"}, engine: "ClickHouse",
			valued: []string{"-h", "--host", "--port", "-u", "--user", "--password", "-d", "--database", "--format", "-f", "--config-file", "-C", "--param"}},
		"snowsql": {query: []string{"-q", "--query"}, file: []string{"-f", "--filename"}, engine: "Snowflake",
			valued: []string{"-a", "--accountname", "-u", "--username", "-d", "--dbname", "-s", "--schemaname", "-r", "--rolename", "-w", "--warehouse", "-c", "--connection", "-o", "--option", "--config"}},
		"sqlcmd": {query: []string{"-Q", "-q"}, file: []string{"-i"}, engine: "SQL Server",
			valued: []string{"-S", "-d", "-U", "-P", "-o", "-s", "-w", "-t", "-l", "-H", "-v", "-f", "-W", "-h", "-a"}},
		"sqlite3": {query: []string{"-cmd"}, positional: true, engine: "SQLite",
			valued: []string{"-cmd", "-separator", "-newline", "-nullvalue", "-init", "-vfs", "-mmap", "-lookaside", "-pagecache", "-heap", "-maxsize", "-escape"}},
		"duckdb": {query: []string{"-c", "-cmd", "-s"}, file: []string{"-f", "-init"}, positional: true, engine: "DuckDB",
			valued: []string{"-separator", "-newline", "-nullvalue"}},
		"usql":  {query: []string{"-c", "--command"}, file: []string{"-f", "--file"}, engine: "the database", valued: []string{"-o", "--out", "-v", "--set", "-U", "--username", "-P", "--pset"}},
		"mycli": {query: []string{"-e", "--execute"}, engine: "MySQL", valued: []string{"-u", "--user", "-h", "--host", "-P", "--port", "-D", "--database", "-S", "--socket", "-p", "--password"}},
		"trino": {query: []string{"--execute"}, file: []string{"-f", "--file"}, engine: "Trino", valued: []string{"--server", "--catalog", "--schema", "--user", "--output-format"}},
		"beeline": {query: []string{"-e"}, file: []string{"-f"}, engine: "Hive",
			valued: []string{"-u", "-n", "-p", "-d", "--hivevar", "--hiveconf"}},
		"spark-sql": {query: []string{"-e"}, file: []string{"-f"}, engine: "Spark SQL", valued: []string{"--master", "--conf", "--database", "-i"}},
	}
})

func svcDBHandlers() map[string]handler {
	h := map[string]handler{
		"dropdb": svcDropDB, "mysqladmin": svcMySQLAdmin, "mariadb-admin": svcMySQLAdmin,
		"pg_dropcluster": svcPgDropCluster, "pg_resetwal": svcPgResetWAL, "pg_resetxlog": svcPgResetWAL,
		"pg_restore": svcPgRestore, "mongorestore": svcMongoRestore, "pg_ctl": svcPgCtl, "pg_ctlcluster": svcPgCtl,
	}
	for name := range svcSQLClients() {
		h[name] = svcSQLCLI
	}
	for _, name := range []string{"mariadb", "presto", "hive"} {
		h[name] = svcSQLCLI // the other aliases are read here only on standard input
	}
	return h
}

// svcSQLClientAliases are other names of the clients of svcSQLClients:
// the same program under another name, or one that takes its options and
// its own commands.
var svcSQLClientAliases = map[string]string{
	"mariadb": "mysql", "presto": "trino", "hive": "beeline",
	"sqlite": "sqlite3", "litecli": "sqlite3", "pgcli": "psql",
}

// svcSQLClientFor returns how the client named name takes SQL, through its
// aliases.
func svcSQLClientFor(name string) (svcSQLClient, bool) {
	if to, ok := svcSQLClientAliases[name]; ok {
		name = to
	}
	spec, ok := svcSQLClients()[name]
	return spec, ok
}

// svcSQLCLI handles the SQL clients of svcSQLClients.
func svcSQLCLI(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	spec, _ := svcSQLClientFor(c.Name)
	svcRunSQLClient(c, r, spec)
}

// svcRunSQLClient sends the SQL a client is given to the SQL analyzer and
// reports the SQL files it runs.
func svcRunSQLClient(c *Cmd, r *report, spec svcSQLClient) {
	queries := svcFlagValues(c, spec.query...)
	files := svcFlagValues(c, spec.file...)
	var db string
	if spec.positional {
		valued := append(append(append([]string{}, spec.valued...), spec.query...), spec.file...)
		pos := c.Positional(valued...)
		if len(pos) > 0 {
			db = pos[0]
			queries = append(queries, pos[1:]...)
		}
	}
	if db == "" {
		if v, ok := c.Flag("-d", "--dbname", "--database", "-D"); ok && c.Name != "sqlcmd" {
			db = v
		}
	}
	if spec.positional && db != "" {
		// sqlite3 ~/.mozilla/…/cookies.sqlite "select …" prints the
		// browser's cookies (the approval page's session among them) as
		// cat does.
		if cl := c.Class(db); cl.Credential != "" {
			r.add(c.find(ruleCredentialRead, "Opens your "+cl.Credential+" ("+db+") with "+c.Name+", which prints what it holds where the agent and its logs can see it.", db))
		}
	}
	for _, q := range queries {
		svcClientSQL(c, r, spec, q, db)
	}
	for _, f := range files {
		if f == "-" || f == "/dev/stdin" {
			continue // the core analyses here-documents and pipes on standard input
		}
		if writtenSQLFile(c, r, f) { // services_db_written.go
			continue
		}
		r.mutates()
		r.add(c.find(svcDBScriptFile, "Runs the SQL in "+f+" against "+svcDBName(spec.engine, db)+"; the file's content is not checked here.", svcTargets(f, db)...))
	}
}

// svcClientStdin analyses the input a client reads on its standard input
// (a here-document, a pipe): its SQL, and its own commands as well
// (sqlite3's .shell and .system, psql's \!, mysql's system), which run a
// shell command whoever typed them.
func svcClientStdin(c *Cmd, r *report, text string) {
	spec, ok := svcSQLClientFor(c.Name)
	if !ok {
		r.sql(text, c)
		return
	}
	svcClientSQL(c, r, spec, text, "")
}

// svcDBName names a database for a message.
func svcDBName(engine, db string) string {
	if db == "" {
		return "the " + engine + " database"
	}
	return "the " + engine + " database " + db
}

// svcClientSQL analyses one piece of SQL given to a client, handling the
// client's own commands (psql's backslash commands, mysql's system and
// source, sqlite's dot-commands, CQL's DROP KEYSPACE).
func svcClientSQL(c *Cmd, r *report, spec svcSQLClient, q, db string) {
	t := strings.TrimSpace(q)
	if t == "" {
		return
	}
	var sqlParts []string
	for _, part := range svcSplitClientCommands(t) {
		lp := svcLower(part)
		switch {
		case strings.HasPrefix(part, `\!`):
			r.mutates()
			r.script(strings.TrimSpace(part[2:]), c, c.Name+" runs a shell command")
		case strings.HasPrefix(lp, "system ") && (spec.engine == "MySQL"):
			r.mutates()
			r.script(strings.TrimSpace(part[7:]), c, c.Name+" runs a shell command")
		case strings.HasPrefix(lp, ".shell ") || strings.HasPrefix(lp, ".system "):
			r.mutates()
			_, rest, _ := strings.Cut(part, " ")
			r.script(strings.TrimSpace(rest), c, c.Name+" runs a shell command")
		case strings.HasPrefix(lp, "source ") || strings.HasPrefix(part, `\. `) || strings.HasPrefix(part, `\i `) || strings.HasPrefix(part, `\ir `) ||
			strings.HasPrefix(part, `\include`) || strings.HasPrefix(lp, ".read "):
			_, file, _ := strings.Cut(part, " ")
			file = strings.Trim(strings.TrimSpace(file), `'"`)
			r.mutates()
			r.add(c.find(svcDBScriptFile, "Runs the SQL in "+file+" against "+svcDBName(spec.engine, db)+"; the file's content is not checked here.", svcTargets(file, db)...))
		case strings.HasPrefix(lp, ".restore"):
			r.mutates()
			r.add(c.find(svcDBRestoreClean, "Replaces the content of "+svcDBName(spec.engine, db)+" with a backup file.", svcTargets(db)...))
		case strings.HasPrefix(lp, ".import") || strings.HasPrefix(lp, ".output") || strings.HasPrefix(lp, ".once") ||
			strings.HasPrefix(lp, ".save") || strings.HasPrefix(lp, ".backup") || strings.HasPrefix(lp, ".load") || strings.HasPrefix(part, `\copy`):
			r.mutates()
		case strings.HasPrefix(part, `\`) || strings.HasPrefix(part, "."):
			// psql and sqlite meta-commands that only describe (\dt, .tables, .schema).
		case spec.engine == "Cassandra" && svcDropKeyspace.MatchString(part):
			m := svcDropKeyspace.FindStringSubmatch(part)
			r.mutates()
			r.add(c.find(svcDBDropDatabase, "Deletes the Cassandra keyspace "+m[1]+" and every table in it.", m[1]))
		default:
			sqlParts = append(sqlParts, part)
		}
	}
	if len(sqlParts) > 0 {
		r.sql(strings.Join(sqlParts, ";\n"), c)
	}
}

var svcDropKeyspace = lazyRegexp(`(?i)^\s*drop\s+(?:keyspace|schema)\s+(?:if\s+exists\s+)?([\w."]+)`)

// svcSplitClientCommands splits a client's input into statements at
// semicolons and newlines outside quotes; backslash and dot commands end at
// the end of their line.
func svcSplitClientCommands(s string) []string {
	var out []string
	var b strings.Builder
	var quote byte
	flush := func() {
		if t := strings.TrimSpace(b.String()); t != "" {
			out = append(out, t)
		}
		b.Reset()
	}
	lineCmd := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if b.Len() == 0 || strings.TrimSpace(b.String()) == "" {
			lineCmd = ch == '\\' || ch == '.'
		}
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			}
		case ch == '\'' || ch == '"' || ch == '`':
			quote = ch
		case ch == ';' && !lineCmd:
			flush()
			continue
		case ch == '\n' && (lineCmd || strings.TrimSpace(b.String()) == ""):
			flush()
			continue
		}
		b.WriteByte(ch)
	}
	flush()
	return out
}

func svcDropDB(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	r.mutates()
	pos := c.Positional()
	db := svcAt(pos, 0)
	host, _ := c.Flag("-h", "--host")
	r.add(c.find(svcDBDropDatabase, "Deletes the PostgreSQL database "+svcQuote(db)+" and all the data in it.", svcTargets(db, host)...))
}

func svcMySQLAdmin(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	pos := c.Positional()
	for i, w := range pos {
		switch svcLower(w) {
		case "drop":
			db := svcAt(pos, i+1)
			r.mutates()
			r.add(c.find(svcDBDropDatabase, "Deletes the MySQL database "+svcQuote(db)+" and all the data in it.", db))
		case "shutdown":
			r.mutates()
			r.add(c.find(svcDBShutdown, "Shuts the MySQL server down: every application using it loses its connection."))
		case "password", "old-password":
			r.mutates()
			user, _ := c.Flag("-u", "--user")
			r.add(c.find(svcAccountPassword, "Changes the MySQL password of "+svcOr(user, "the current user")+": applications still using the old one are refused.", svcTargets(user)...))
		case "create", "flush-hosts", "flush-logs", "flush-privileges", "flush-status", "flush-tables", "flush-threads", "refresh", "reload",
			"kill", "start-replica", "stop-replica", "start-slave", "stop-slave", "debug":
			r.mutates()
		}
	}
}

func svcPgDropCluster(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	r.mutates()
	pos := c.Positional()
	name := strings.TrimSpace(svcAt(pos, 0) + " " + svcAt(pos, 1))
	r.add(c.find(svcDBDropDatabase, "Deletes the PostgreSQL cluster "+svcQuote(name)+": its data directory and every database in it.", name).WithPoints(svcDestroy + 5))
}

func svcPgResetWAL(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-n", "--dry-run") {
		return
	}
	r.mutates()
	dir := svcAt(c.Positional(), 0)
	if v, ok := c.Flag("-D", "--pgdata"); ok {
		dir = v
	}
	r.add(c.find(svcDBResetWAL, "Resets PostgreSQL's write-ahead log in "+svcQuote(dir)+"; recent transactions can be lost and the data silently corrupted.", dir))
}

func svcPgRestore(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-l", "--list") {
		return
	}
	r.mutates()
	clean := false
	for _, a := range c.Args {
		if a == "--" {
			break
		}
		if a == "--clean" || a == "-c" {
			clean = true
		}
		// a cluster of boolean letters such as -cC or -vc (not -Fc, whose c is a value)
		if isCluster(a) && len(a) > 2 && !strings.ContainsRune("FdfjnNtUhpIPTLSE", rune(a[1])) && strings.ContainsRune(a[1:], 'c') {
			clean = true
		}
	}
	if !clean {
		return
	}
	db, _ := c.Flag("-d", "--dbname")
	r.add(c.find(svcDBRestoreClean, "Drops the existing objects of "+svcDBName("PostgreSQL", db)+" before restoring the backup: whatever is not in the backup is gone.", svcTargets(db)...))
}

func svcMongoRestore(c *Cmd, r *report) {
	if svcHelp(c) || svcDryRun(c) {
		return
	}
	r.mutates()
	if !c.Has("--drop") {
		return
	}
	db, _ := c.Flag("--db", "-d", "--nsInclude")
	r.add(c.find(svcDBRestoreClean, "Drops each collection of "+svcDBName("MongoDB", db)+" before restoring it from the dump.", svcTargets(db)...))
}

func svcPgCtl(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	pos := c.Positional()
	verb := ""
	for _, w := range pos {
		if svcIn(w, "start", "stop", "restart", "reload", "status", "promote", "kill", "logrotate", "init", "initdb", "register", "unregister") {
			verb = w
			break
		}
	}
	switch verb {
	case "status", "":
		return
	case "stop", "kill":
		r.mutates()
		what := "PostgreSQL server"
		if c.Name == "pg_ctlcluster" {
			what = "PostgreSQL cluster " + svcAt(pos, 0) + " " + svcAt(pos, 1)
		}
		r.add(c.find(svcDBShutdown, "Stops the "+what+": every application using it loses its connection."))
	case "promote":
		r.mutates()
		r.add(c.find(svcDBShutdown, "Promotes a PostgreSQL standby to primary: if the old primary still runs, the two diverge.").WithPoints(svcChange))
	default:
		r.mutates()
	}
}
