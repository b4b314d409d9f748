package shell

import (
	"strings"
)

// Databases whose clients are more than an SQL prompt: MongoDB's shell
// (JavaScript given with --eval), InfluxDB (v2 commands and InfluxQL),
// BigQuery's bq, and the clickhouse and cockroach multi-tools. The rules are
// the database family's (services_db.go).

func svcDBToolHandlers() map[string]handler {
	return map[string]handler{
		"mongosh": svcMongo, "mongo": svcMongo, "influx": svcInflux, "bq": svcBigQuery,
		"clickhouse": svcClickHouse, "cockroach": svcCockroach,
	}
}

// Mongo shell JavaScript.
var (
	svcMongoDropDB     = lazyRegexp(`\.dropDatabase\s*\(|\{\s*["']?dropDatabase["']?\s*:`)
	svcMongoDrop       = lazyRegexp(`(?:db\.(\w+)|getCollection\(\s*["']([^"']+)["']\s*\))\.drop\s*\(\s*\)|\{\s*["']?drop["']?\s*:\s*["']([^"']+)["']`)
	svcMongoDeleteAll  = lazyRegexp(`(?:db\.(\w+)|getCollection\(\s*["']([^"']+)["']\s*\)|\w+)\.(?:deleteMany|remove)\s*\(\s*(?:\{\s*\}\s*)?[,)]`)
	svcMongoDeleteSome = lazyRegexp(`\.(?:deleteMany|remove)\s*\(\s*\{`)
	svcMongoUpdateAll  = lazyRegexp(`(?:db\.(\w+)|getCollection\(\s*["']([^"']+)["']\s*\)|\w+)\.(?:updateMany|update|replaceMany)\s*\(\s*\{\s*\}\s*,`)
	svcMongoUsers      = lazyRegexp(`\.(dropUser|dropAllUsersFromDatabase|dropRole|dropAllRolesFromDatabase|revokeRolesFromUser|revokePrivilegesFromRole)\s*\(`)
	svcMongoShutdown   = lazyRegexp(`\.shutdownServer\s*\(|\{\s*["']?shutdown["']?\s*:|\.fsyncLock\s*\(`)
	svcMongoWrites     = lazyRegexp(`\.(?:insert\w*|update\w*|delete\w*|remove|drop\w*|create\w*|rename\w*|save|replace\w*|bulkWrite|findOneAnd\w+|grant\w*|revoke\w*|set\w+|shutdown\w*|adminCommand|runCommand|fsync\w*|compact|reIndex|hideIndex)\s*\(|\$out|\$merge|runProgram|\brun\s*\(`)
)

func svcMongo(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	db, files := svcMongoOperands(c)
	for _, js := range svcFlagValues(c, "--eval") {
		svcMongoJS(c, r, js, svcMongoDBName(db))
	}
	for _, f := range files {
		r.mutates()
		r.add(c.find(svcDBScriptFile, "Runs the MongoDB script "+f+" against "+svcDBName("MongoDB", svcMongoDBName(db))+"; its content is not checked here.", svcTargets(f, svcMongoDBName(db))...))
	}
}

// svcMongoOperands returns the database (or connection string) a Mongo
// shell opens and the script files it runs.
func svcMongoOperands(c *Cmd) (db string, files []string) {
	valued := []string{"--host", "--port", "-u", "--username", "-p", "--password", "--authenticationDatabase", "--authenticationMechanism", "--eval",
		"-f", "--file", "--tlsCertificateKeyFile", "--tlsCAFile", "--tlsCertificateKeyFilePassword", "--apiVersion", "--gssapiServiceName", "--sspiHostnameCanonicalization", "--awsAccessKeyId", "--awsSecretAccessKey", "--awsSessionToken", "--retryWrites", "--tlsCRLFile"}
	for _, p := range c.Positional(valued...) {
		if strings.HasSuffix(p, ".js") || strings.HasSuffix(p, ".mjs") {
			files = append(files, p)
		} else if db == "" {
			db = p
		}
	}
	return db, append(files, svcFlagValues(c, "-f", "--file")...)
}

// svcMongoStdin judges the JavaScript a Mongo shell reads on its standard
// input as --eval's.
func svcMongoStdin(c *Cmd, r *report, js string) {
	db, _ := svcMongoOperands(c)
	svcMongoJS(c, r, js, svcMongoDBName(db))
}

// svcMongoDBName turns a connection string into the database it names.
func svcMongoDBName(s string) string {
	if i := strings.Index(s, "://"); i >= 0 {
		rest := s[i+3:]
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			rest = rest[j+1:]
			if k := strings.IndexByte(rest, '?'); k >= 0 {
				rest = rest[:k]
			}
			return rest
		}
		return ""
	}
	if j := strings.LastIndexByte(s, '/'); j >= 0 {
		return s[j+1:]
	}
	return s
}

// svcMongoJS judges JavaScript run by the Mongo shell.
func svcMongoJS(c *Cmd, r *report, js, db string) {
	if svcMongoWrites.MatchString(js) {
		r.mutates()
	}
	first := func(m []string) string {
		for _, s := range m[1:] {
			if s != "" {
				return s
			}
		}
		return ""
	}
	if svcMongoDropDB.MatchString(js) {
		r.add(c.find(svcDBDropDatabase, "Deletes the MongoDB database "+svcQuote(db)+" and every collection in it.", svcTargets(db)...))
	}
	if m := svcMongoDrop.FindStringSubmatch(js); m != nil {
		coll := first(m)
		r.add(c.find(svcDBDropTable, "Deletes the MongoDB collection "+svcQuote(coll)+" with every document and index in it.", svcTargets(coll, db)...))
	}
	if m := svcMongoDeleteAll.FindStringSubmatch(js); m != nil {
		coll := first(m)
		r.add(c.find(svcDBDeleteAll, "Deletes every document of the MongoDB collection "+svcQuote(coll)+" (the filter is empty).", svcTargets(coll, db)...))
	} else if svcMongoDeleteSome.MatchString(js) {
		r.add(c.find(svcDBDeleteSome, "Deletes the MongoDB documents that match a filter"+svcIfDB(db)+".", svcTargets(db)...))
	}
	if m := svcMongoUpdateAll.FindStringSubmatch(js); m != nil {
		coll := first(m)
		r.add(c.find(svcDBUpdateAll, "Overwrites fields of every document of the MongoDB collection "+svcQuote(coll)+" (the filter is empty).", svcTargets(coll, db)...))
	}
	if m := svcMongoUsers.FindStringSubmatch(js); m != nil {
		r.add(c.find(svcDBUsers, "Runs "+m[1]+" on MongoDB"+svcIfDB(db)+": accounts or roles that applications use may disappear.", svcTargets(db)...))
	}
	if svcMongoShutdown.MatchString(js) {
		r.add(c.find(svcDBShutdown, "Shuts the MongoDB server down (or locks it against writes): every application using it is cut off.", svcTargets(db)...))
	}
}

func svcIfDB(db string) string {
	if db == "" {
		return ""
	}
	return " in " + db
}

var (
	svcInfluxDropDB = lazyRegexp(`(?i)\bdrop\s+database\s+("?[\w.-]+"?)`)
	svcInfluxDrop   = lazyRegexp(`(?i)\bdrop\s+(measurement|series|shard|retention\s+policy)\b\s*([^;]*)`)
)

func svcInflux(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	valued := []string{"--host", "-t", "--token", "-o", "--org", "--org-id", "-b", "--bucket", "--bucket-id", "-n", "--name", "-i", "--id", "--start", "--stop",
		"-p", "--predicate", "--configs-path", "-c", "--active-config", "-execute", "-database", "-host", "-port", "-username", "-password", "-format", "-precision", "--skip-verify"}
	pos := c.Positional(valued...)
	// InfluxDB 1.x: influx -execute 'InfluxQL'.
	for _, q := range svcFlagValues(c, "-execute", "--execute") {
		db, _ := c.Flag("-database", "--database")
		switch {
		case svcInfluxDropDB.MatchString(q):
			name := svcInfluxDropDB.FindStringSubmatch(q)[1]
			r.mutates()
			r.add(c.find(svcDBDropDatabase, "Deletes the InfluxDB database "+name+" and every measurement in it.", name))
		case svcInfluxDrop.MatchString(q):
			m := svcInfluxDrop.FindStringSubmatch(q)
			r.mutates()
			r.add(c.find(svcDBDropTable, "Deletes the InfluxDB "+svcLower(m[1])+" "+strings.TrimSpace(m[2])+" and its points"+svcIfDB(db)+".", svcTargets(strings.TrimSpace(m[2]), db)...))
		default:
			r.sql(q, c)
		}
	}
	sub, verb := svcAt(pos, 0), svcAt(pos, 1)
	bucket, _ := c.Flag("-b", "--bucket", "-n", "--name", "--bucket-id", "-i", "--id")
	switch {
	case sub == "delete":
		r.mutates()
		pred, hasPred := c.Flag("-p", "--predicate")
		msg := "Deletes every point of the InfluxDB bucket " + svcQuote(bucket) + " in the time range given."
		f := c.find(svcDBDeleteAll, msg, svcTargets(bucket)...)
		if hasPred && strings.TrimSpace(pred) != "" {
			f = c.find(svcDBDeleteAll, "Deletes the points of the InfluxDB bucket "+svcQuote(bucket)+" that match "+pred+".", svcTargets(bucket)...).WithPoints(svcChange)
		}
		r.add(f)
	case sub == "bucket" && svcIn(verb, "delete", "rm"):
		r.mutates()
		r.add(c.find(svcDBDropDatabase, "Deletes the InfluxDB bucket "+svcQuote(bucket)+" and every point in it.", svcTargets(bucket)...))
	case sub == "org" && svcIn(verb, "delete", "rm"):
		r.mutates()
		name, _ := c.Flag("-n", "--name", "-i", "--id")
		r.add(c.find(svcDBInfluxDelete, "Deletes the InfluxDB organisation "+svcQuote(name)+" with its buckets, dashboards and tasks.", svcTargets(name)...).WithPoints(svcDestroy))
	case svcIn(sub, "user", "auth", "task", "secret", "telegrafs", "dashboards", "remote", "replication", "stacks") && svcIn(verb, "delete", "rm", "remove"):
		r.mutates()
		id, _ := c.Flag("-i", "--id", "-n", "--name")
		r.add(c.find(svcDBInfluxDelete, "Deletes the InfluxDB "+sub+" "+svcQuote(id)+".", svcTargets(id)...))
	case sub == "restore":
		r.mutates()
		if c.Has("--full") {
			r.add(c.find(svcDBRestoreClean, "Replaces all of InfluxDB's data, tokens and users with the backup.").WithPoints(svcDestroy))
		}
	case svcIn(sub, "write", "setup", "backup") || svcIn(verb, "create", "update"):
		r.mutates()
	}
}

func svcBigQuery(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	valued := []string{"--project_id", "--location", "--dataset_id", "--format", "--apilog", "--api", "--credential_file", "--destination_table",
		"--parameter", "--max_rows", "-n", "--schema", "--source_format", "--field_delimiter", "--job_id", "--label", "--time_partitioning_field"}
	pos := c.Positional(valued...)
	sub := svcAt(pos, 0)
	switch sub {
	case "rm":
		r.mutates()
		id := svcAt(pos, len(pos)-1)
		if len(pos) < 2 {
			id = ""
		}
		switch {
		case c.Has("-r", "--recursive") || c.Has("-d", "--dataset"):
			what := "Deletes the BigQuery dataset " + svcQuote(id)
			if c.Has("-r", "--recursive") {
				what += " and every table in it."
			} else {
				what += "."
			}
			r.add(c.find(svcDBDropDatabase, what, svcTargets(id)...))
		case c.Has("--transfer_config", "--reservation", "--capacity_commitment", "--reservation_assignment", "--connection"):
			r.add(c.find(svcDBDropTable, "Deletes the BigQuery configuration "+svcQuote(id)+".", svcTargets(id)...).WithPoints(svcChange))
		default:
			r.add(c.find(svcDBDropTable, "Deletes the BigQuery table "+svcQuote(id)+" and its rows.", svcTargets(id)...))
		}
	case "query":
		if c.Has("--dry_run") {
			return
		}
		if dest, ok := c.Flag("--destination_table"); ok && c.Has("--replace", "--replace=true") {
			r.mutates()
			r.add(c.find(svcDBOverwrite, "Replaces the content of the BigQuery table "+dest+" with the query's result.", dest))
		}
		if len(pos) > 1 {
			r.sql(strings.Join(pos[1:], " "), c)
		}
	case "load":
		r.mutates()
		if c.Has("--replace", "--replace=true") {
			table := svcAt(pos, 1)
			r.add(c.find(svcDBOverwrite, "Replaces the content of the BigQuery table "+svcQuote(table)+" with the loaded data.", svcTargets(table)...))
		}
	case "cp":
		r.mutates()
		if c.Has("-f", "--force") {
			dest := svcAt(pos, len(pos)-1)
			r.add(c.find(svcDBOverwrite, "Overwrites the BigQuery table "+svcQuote(dest)+" with a copy of another table, without asking.", svcTargets(dest)...))
		}
	case "mk", "update", "insert", "extract", "cancel", "truncate":
		r.mutates()
	}
}

func svcClickHouse(c *Cmd, r *report) {
	if len(c.Args) == 0 || (c.Args[0] != "client" && c.Args[0] != "local") {
		return
	}
	sub := &Cmd{Name: "clickhouse-client", Path: c.Path, Args: c.Args[1:], Text: c.Text, Sudo: c.Sudo, Depth: c.Depth, index: c.index, env: c.env}
	if len(c.Dynamic) > 0 {
		sub.Dynamic = c.Dynamic[1:]
	}
	svcRunSQLClient(sub, r, svcSQLClients()["clickhouse-client"])
}

func svcCockroach(c *Cmd, r *report) {
	if svcHelp(c) || len(c.Args) == 0 {
		return
	}
	switch c.Args[0] {
	case "sql", "demo":
		spec := svcSQLClient{query: []string{"-e", "--execute"}, file: []string{"-f", "--file"}, engine: "CockroachDB",
			valued: []string{"--url", "--host", "--port", "-d", "--database", "-u", "--user", "--certs-dir", "--format", "--set"}}
		svcRunSQLClient(c, r, spec)
	case "node":
		if svcAt(c.Args, 1) == "decommission" || svcAt(c.Args, 1) == "drain" {
			r.mutates()
			r.add(c.find(svcDBShutdown, "Takes CockroachDB node "+svcQuote(svcAt(c.Positional(), 2))+" out of the cluster.").WithPoints(svcChange))
		}
	case "start", "start-single-node", "init", "import", "userfile", "debug":
		r.mutates()
	}
}
