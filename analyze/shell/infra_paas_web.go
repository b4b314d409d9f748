package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Web and backend platforms: Vercel, Netlify, Firebase, Supabase.

var (
	vercelDelete = &rule.Rule{
		ID:          "shell.vercel.delete",
		Summary:     "Removes Vercel projects or deployments.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "`vercel ls` and `vercel inspect` show what would be removed; `vercel remove --safe` keeps deployments that have aliases.",
		Match:       []string{"vercel remove my-app --yes", "vercel rm my-app-abc123.vercel.app", "vercel project rm my-app"},
		NoMatch:     []string{"vercel ls", "vercel inspect my-app-abc123.vercel.app", "vercel project ls"},
	}
	vercelChange = &rule.Rule{
		ID:          "shell.vercel.change",
		Summary:     "Deploys to production, rolls back, or changes a Vercel project's environment, domains or DNS.",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "Deploy a preview first (`vercel` without --prod) and promote it once checked.",
		Match:       []string{"vercel --prod", "vercel deploy --prod", "vercel env rm API_KEY production", "vercel promote my-app-abc.vercel.app", "vercel domains rm example.com"},
		NoMatch:     []string{"vercel env ls", "vercel whoami", "vercel dev"},
	}
	vercelDeploy = &rule.Rule{
		ID:          "shell.vercel.deploy-preview",
		Summary:     "Deploys a preview of the project to Vercel.",
		Points:      infraSmall,
		Category:    rule.Routine,
		Alternative: "",
		Match:       []string{"vercel", "vercel deploy", "vercel ./site"},
		NoMatch:     []string{"vercel build", "vercel logs my-app.vercel.app"},
	}

	netlifyDelete = &rule.Rule{
		ID:          "shell.netlify.delete",
		Summary:     "Deletes a Netlify site, deploy or stored data.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "`netlify sites:list` and `netlify status` show which site is linked.",
		Match:       []string{"netlify sites:delete 1234-abcd --force", "netlify api deleteSite --data '{\"site_id\":\"1234\"}'", "netlify blobs:delete store key"},
		NoMatch:     []string{"netlify sites:list", "netlify status"},
	}
	netlifyChange = &rule.Rule{
		ID:          "shell.netlify.change",
		Summary:     "Deploys a Netlify site to production or changes its environment.",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "`netlify deploy` without --prod publishes a draft URL to check first.",
		Match:       []string{"netlify deploy --prod", "netlify env:set API_KEY x", "netlify env:unset API_KEY"},
		NoMatch:     []string{"netlify deploy", "netlify env:list", "netlify build"},
	}

	firebaseDelete = &rule.Rule{
		ID:          "shell.firebase.delete",
		Summary:     "Deletes Firebase data or resources (Firestore collections, Realtime Database paths, functions, sites, projects).",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Export the data first (`gcloud firestore export gs://…`, `firebase database:get / > backup.json`).",
		Match:       []string{"firebase firestore:delete users --recursive", "firebase firestore:delete --all-collections", "firebase database:remove /users", "firebase functions:delete sendMail --force", "firebase projects:delete my-proj"},
		NoMatch:     []string{"firebase projects:list", "firebase database:get /users", "firebase functions:list"},
	}
	firebaseRemove = &rule.Rule{
		ID:          "shell.firebase.remove",
		Summary:     "Disables Firebase hosting, overwrites Realtime Database data or deletes a single document or channel.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "Read what is there first (`firebase database:get PATH`).",
		Match:       []string{"firebase hosting:disable", "firebase database:set /config config.json", "firebase firestore:delete users/alice", "firebase hosting:channel:delete preview-1"},
		NoMatch:     []string{"firebase hosting:channel:list"},
	}
	firebaseChange = &rule.Rule{
		ID:          "shell.firebase.change",
		Summary:     "Deploys to Firebase or changes its data or configuration.",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "Try it against the emulators (`firebase emulators:start`) or a preview channel first.",
		Match:       []string{"firebase deploy", "firebase deploy --only functions", "firebase database:update /config patch.json", "firebase auth:import users.json"},
		NoMatch:     []string{"firebase emulators:start", "firebase use staging", "firebase serve"},
	}

	supabaseReset = &rule.Rule{
		ID:          "shell.supabase.db-reset",
		Summary:     "Resets a Supabase database: every table and row is dropped and the migrations are replayed.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Dump the data first (`supabase db dump --data-only -f backup.sql`); reset the local database rather than the linked one.",
		Match:       []string{"supabase db reset", "supabase db reset --linked", "supabase db reset --db-url postgresql://u:p@db.example.com/postgres"},
		NoMatch:     []string{"supabase db diff", "supabase db dump -f schema.sql", "supabase status"},
	}
	supabaseDelete = &rule.Rule{
		ID:          "shell.supabase.delete",
		Summary:     "Deletes a Supabase project, branch or stored files.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Back the project up first (`supabase db dump`, download the storage buckets).",
		Match:       []string{"supabase projects delete abcdefgh", "supabase branches delete feature-x", "supabase storage rm -r ss:///avatars"},
		NoMatch:     []string{"supabase projects list", "supabase storage ls ss:///avatars"},
	}
	supabaseChange = &rule.Rule{
		ID:          "shell.supabase.change",
		Summary:     "Changes a linked Supabase project (migrations pushed, functions deployed or deleted, secrets changed).",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "`supabase db push --dry-run` lists the migrations that would run.",
		Match:       []string{"supabase db push", "supabase functions deploy hello", "supabase secrets set API_KEY=x", "supabase functions delete hello", "supabase migration repair 20240101 --status reverted"},
		NoMatch:     []string{"supabase db push --dry-run", "supabase migration list", "supabase gen types typescript --linked"},
	}
)

var paasWebRules = []*rule.Rule{
	vercelDelete, vercelChange, vercelDeploy, netlifyDelete, netlifyChange, firebaseDelete, firebaseRemove, firebaseChange,
	supabaseReset, supabaseDelete, supabaseChange,
}

func paasWebHandlers() map[string]handler {
	return map[string]handler{
		"vercel": vercelHandler, "netlify": netlifyHandler, "firebase": firebaseHandler, "supabase": supabaseHandler,
	}
}

// vercelCommands are the Vercel CLI's commands; any other first word is a
// path to deploy.
var vercelCommands = infraSet("alias", "aliases", "bisect", "build", "certs", "cert", "deploy", "dev", "develop", "dns",
	"domains", "domain", "env", "git", "help", "init", "inspect", "link", "list", "ls", "login", "logout", "logs", "project",
	"projects", "promote", "pull", "redeploy", "remove", "rm", "rollback", "secrets", "switch", "teams", "team", "whoami",
	"integration", "install", "i", "open", "target", "targets", "telemetry", "blob", "microfrontends", "mcp", "cache", "curl", "httpstat")

var vercelNouns = map[string]string{
	"env": "environment variable", "domains": "domain", "domain": "domain", "dns": "DNS record", "alias": "alias",
	"aliases": "alias", "certs": "certificate", "cert": "certificate", "secrets": "secret", "target": "target",
	"targets": "target", "blob": "blob", "integration": "integration", "cache": "cache",
}

func vercelHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	cmd := firstOf(words)
	args := words[min(1, len(words)):]
	prod := c.Has("--prod")
	if tg, ok := c.Flag("--target"); ok && tg == "production" {
		prod = true
	}
	if cmd == "" || !vercelCommands[cmd] || cmd == "deploy" || cmd == "redeploy" {
		r.mutates()
		dir := firstOf(words)
		if cmd == "deploy" || cmd == "redeploy" {
			dir = firstOf(args)
		}
		where := infraOr(dir, "the project")
		if prod {
			r.add(c.find(vercelChange, "Deploys "+where+" to production.", infraTargets(dir, "production")...))
			return
		}
		r.add(c.find(vercelDeploy, "Deploys a preview of "+where+".", infraTargets(dir)...))
		return
	}
	sub := firstOf(args)
	switch cmd {
	case "remove", "rm":
		r.mutates()
		r.add(c.find(vercelDelete, "Removes "+infraOr(infraList(args), "(unnamed)")+" from Vercel with its deployments.", args...))
	case "project", "projects":
		switch sub {
		case "rm", "remove":
			r.mutates()
			r.add(c.find(vercelDelete, "Removes the Vercel project "+infraList(args[1:])+" with every deployment.", args[1:]...))
		case "add":
			r.mutates()
		}
	case "promote", "rollback":
		r.mutates()
		r.add(c.find(vercelChange, cloudVerbPhrase(cmd)+" "+infraOr(sub, "the last deployment")+" in production.", infraTargets(sub, "production")...))
	case "env", "domains", "domain", "dns", "alias", "aliases", "certs", "cert", "secrets", "git", "teams", "team", "target", "targets", "blob", "integration", "cache":
		switch sub {
		case "", "ls", "list", "inspect", "pull", "get", "run":
			if sub == "pull" {
				r.mutates() // writes a local .env file
			}
			return
		}
		r.mutates()
		if cmd == "git" || cmd == "teams" || cmd == "team" || cmd == "integration" && sub != "remove" {
			return
		}
		r.add(c.find(vercelChange, cloudVerbPhrase(sub)+" "+vercelNouns[cmd]+" "+infraList(args[1:])+".", args[1:]...))
	case "link", "pull", "build", "dev", "develop", "login", "logout", "switch", "init", "install", "i", "telemetry":
		r.mutates()
	}
	// ls, list, inspect, logs, whoami, bisect, open, help: reads.
}

func netlifyHandler(c *Cmd, r *report) {
	cmd, args, ok := infraSubcommand(c)
	if !ok {
		return
	}
	site, _ := c.Flag("--site", "-s")
	t := infraTargets(append([]string{site}, args...)...)
	topic, verb, _ := strings.Cut(cmd, ":")
	switch {
	case cmd == "api":
		method := strings.ToLower(firstOf(args))
		switch {
		case strings.HasPrefix(method, "delete") || strings.HasPrefix(method, "purge"):
			r.mutates()
			r.add(c.find(netlifyDelete, "Calls the Netlify API "+firstOf(args)+": it deletes data.", t...))
		case infraHasPrefix(method, "list", "get", "show"):
		default:
			r.mutates()
			r.add(c.find(netlifyChange, "Calls the Netlify API "+firstOf(args)+": it changes the account.", t...))
		}
	case verb == "delete" || verb == "remove" && topic != "env":
		r.mutates()
		r.add(c.find(netlifyDelete, "Deletes "+infraOr(infraList(args), topic)+" ("+cmd+").", t...))
	case cmd == "deploy":
		r.mutates()
		if c.Has("--prod", "-p", "--prod-if-unlocked") {
			r.add(c.find(netlifyChange, "Deploys the site"+infraAfterWord("", site)+" to production.", append(t, "production")...))
		}
	case topic == "env" && (verb == "set" || verb == "unset" || verb == "import" || verb == "clone" || verb == "remove"),
		topic == "blobs" && verb == "set", topic == "sites" && verb == "create", cmd == "rollback", topic == "functions" && verb == "invoke":
		r.mutates()
		r.add(c.find(netlifyChange, cloudVerbPhrase(infraOr(verb, cmd))+" "+infraOr(infraList(args), topic)+" on Netlify.", t...))
	case verb == "" && (cmd == "status" || cmd == "open" || cmd == "logs" || cmd == "watch" || cmd == "completion"),
		verb == "list" || verb == "get" || verb == "show" || strings.HasPrefix(verb, "list"):
		// reads
	default:
		r.mutates() // build, dev, link, unlink, init, login, switch, functions:create…
	}
}

func firebaseHandler(c *Cmd, r *report) {
	cmd, args, ok := infraSubcommand(c)
	if !ok {
		return
	}
	project, _ := c.Flag("--project", "-P")
	t := infraTargets(append([]string{project}, args...)...)
	on := ""
	if project != "" {
		on = " in project " + project
	}
	parts := strings.Split(cmd, ":")
	topic, verb := parts[0], parts[len(parts)-1]
	what := infraOr(infraList(args), topic)
	switch {
	case cmd == "firestore:delete":
		r.mutates()
		switch {
		case c.Has("--all-collections"):
			r.add(c.find(firebaseDelete, "Deletes every Firestore collection and document"+on+".", append(t, "all collections")...))
		case c.Has("-r", "--recursive") || !c.Has("--shallow") && strings.Count(strings.Trim(firstOf(args), "/"), "/")%2 == 0:
			r.add(c.find(firebaseDelete, "Deletes the Firestore collection "+what+" and everything under it"+on+".", t...))
		default:
			r.add(c.find(firebaseRemove, "Deletes the Firestore document "+what+on+".", t...))
		}
	case cmd == "database:remove":
		r.mutates()
		r.add(c.find(firebaseDelete, "Deletes everything at "+infraOr(firstOf(args), "/")+" in the Realtime Database"+on+".", t...))
	case cmd == "database:set":
		r.mutates()
		r.add(c.find(firebaseRemove, "Overwrites everything at "+infraOr(firstOf(args), "/")+" in the Realtime Database"+on+".", t...))
	case cmd == "hosting:disable":
		r.mutates()
		r.add(c.find(firebaseRemove, "Takes the hosting site"+on+" offline: visitors get a 404.", t...))
	case verb == "delete" && (topic == "functions" || topic == "projects" || topic == "apps" || cmd == "hosting:sites:delete" || topic == "dataconnect" || topic == "storage" || topic == "ext"),
		verb == "destroy":
		r.mutates()
		r.add(c.find(firebaseDelete, "Deletes "+what+on+" ("+cmd+").", t...))
	case verb == "delete" || verb == "remove" || verb == "disable" || verb == "uninstall" || verb == "unset" || verb == "prune":
		r.mutates()
		r.add(c.find(firebaseRemove, cloudVerbPhrase(verb)+" "+what+on+" ("+cmd+").", t...))
	case cmd == "deploy":
		r.mutates()
		only, _ := c.Flag("--only")
		r.add(c.find(firebaseChange, "Deploys "+infraOr(only, "the whole project")+on+".", t...))
	case verb == "list" || verb == "get" || verb == "log" || verb == "logs" || verb == "indexes" || verb == "access" || verb == "sdkconfig" ||
		topic == "emulators" || topic == "login" || topic == "logout" || topic == "use" || topic == "init" || topic == "serve" ||
		topic == "open" || topic == "help" || cmd == "auth:export" || verb == "describe" || verb == "locations" || topic == "setup":
		if topic == "use" || topic == "init" || topic == "login" || topic == "logout" || cmd == "auth:export" || topic == "setup" {
			r.mutates()
		}
	case verb == "update" || verb == "push" || verb == "set" || verb == "import" || verb == "rollback" || verb == "clone" ||
		verb == "distribute" || verb == "migrate" || verb == "install" || verb == "create" || verb == "configure" || verb == "deploy" || verb == "enable":
		r.mutates()
		r.add(c.find(firebaseChange, cloudVerbPhrase(verb)+" "+what+on+" ("+cmd+").", t...))
	default:
		r.mutates()
	}
}

func supabaseHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	ref, _ := c.Flag("--project-ref")
	dbURL, _ := c.Flag("--db-url")
	t := infraTargets(append([]string{ref, dbURL}, words[min(2, len(words)):]...)...)
	group, verb := words[0], ""
	if len(words) > 1 {
		verb = words[1]
	}
	args := words[min(2, len(words)):]
	dry := c.Has("--dry-run")
	switch group + " " + verb {
	case "db reset":
		r.mutates()
		if c.Has("--linked") || dbURL != "" {
			r.add(c.find(supabaseReset, "Resets the "+infraOr(dbURL, "linked remote")+" Supabase database: every table and row is dropped.", infraTargets(append(t, "remote")...)...))
			return
		}
		r.add(c.find(supabaseReset, "Resets the local Supabase database: its data is dropped and the migrations and seed replayed.", t...).WithPoints(infraRemove))
	case "db push":
		if dry {
			return
		}
		r.mutates()
		r.add(c.find(supabaseChange, "Applies the local migrations to the "+infraOr(dbURL, "linked remote")+" database.", t...))
	case "projects delete", "branches delete", "orgs delete":
		r.mutates()
		r.add(c.find(supabaseDelete, "Deletes the Supabase "+strings.TrimSuffix(group, "s")+" "+infraList(args)+" with all its data.", t...))
	case "storage rm":
		r.mutates()
		if c.Has("-r", "--recursive") {
			r.add(c.find(supabaseDelete, "Deletes every file under "+infraList(args)+".", t...))
			return
		}
		r.add(c.find(supabaseChange, "Deletes the stored file "+infraList(args)+".", t...))
	case "functions deploy", "functions delete", "secrets set", "secrets unset", "migration repair", "migration squash",
		"projects create", "branches create", "branches update", "storage mv", "config push", "postgres-config update",
		"postgres-config delete", "network-restrictions update", "ssl-enforcement update", "domains activate", "vanity-subdomains activate",
		"sso add", "sso remove", "sso update":
		if dry {
			return
		}
		r.mutates()
		r.add(c.find(supabaseChange, cloudVerbPhrase(verb)+" "+strings.TrimSuffix(group, "s")+" "+infraList(args)+" on Supabase.", t...))
	case "stop ":
		r.mutates()
		if c.Has("--no-backup") {
			r.add(c.find(supabaseChange, "Stops the local Supabase stack and deletes its local data.", t...))
		}
	default:
		switch group {
		case "status", "projects", "orgs", "inspect", "gen", "help", "completion":
			return
		case "db", "migration":
			switch verb {
			case "diff", "dump", "lint", "list", "":
				return
			}
		}
		r.mutates() // start, stop, link, login, init, db pull, migration new/up, seed, test…
	}
}
