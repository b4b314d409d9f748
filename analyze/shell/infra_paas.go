package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Application platforms: Heroku and Fly.io. Vercel, Netlify, Firebase and
// Supabase are in infra_paas_web.go.

var (
	herokuDestroy = &rule.Rule{
		ID:          "shell.heroku.destroy",
		Summary:     "Destroys a Heroku app, add-on or space, or resets or overwrites a Heroku database.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Capture a backup first (`heroku pg:backups:capture`), and check the app name with `heroku apps:info`.",
		Match:       []string{"heroku apps:destroy --app my-app --confirm my-app", "heroku pg:reset DATABASE_URL -a my-app --confirm my-app", "heroku addons:destroy heroku-postgresql -a app", "heroku pg:copy source-app::DATABASE_URL DATABASE_URL -a target-app"},
		NoMatch:     []string{"heroku apps:info -a my-app", "heroku pg:info -a my-app", "heroku logs --tail -a my-app"},
	}
	herokuRemove = &rule.Rule{
		ID:          "shell.heroku.remove",
		Summary:     "Stops, scales to zero, rolls back or removes part of a Heroku app.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "`heroku releases` and `heroku ps` show the current state so it can be put back.",
		Match:       []string{"heroku ps:scale web=0 -a my-app", "heroku releases:rollback v41 -a my-app", "heroku config:unset API_KEY -a my-app", "heroku domains:remove www.example.com -a app"},
		NoMatch:     []string{"heroku releases -a my-app", "heroku ps -a my-app"},
	}
	herokuChange = &rule.Rule{
		ID:          "shell.heroku.change",
		Summary:     "Changes a Heroku app (configuration, scaling, add-ons, maintenance mode, access).",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "",
		Match:       []string{"heroku config:set FEATURE_X=1 -a my-app", "heroku ps:scale web=2 -a my-app", "heroku maintenance:on -a my-app", "heroku access:add bob@x.com -a app"},
		NoMatch:     []string{"heroku config -a my-app", "heroku config:get FEATURE_X -a my-app"},
	}

	flyDestroy = &rule.Rule{
		ID:          "shell.fly.destroy",
		Summary:     "Destroys a Fly.io app or volume and the data on it.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Snapshot volumes first (`fly volumes snapshots create`), and check the app with `fly status`.",
		Match:       []string{"fly apps destroy my-app --yes", "flyctl destroy my-app", "fly volumes destroy vol_123 -y"},
		NoMatch:     []string{"fly status -a my-app", "fly apps list", "fly volumes list"},
	}
	flyRemove = &rule.Rule{
		ID:          "shell.fly.remove",
		Summary:     "Stops, removes or scales a Fly.io app down to nothing, or removes its secrets, IPs or certificates.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "",
		Match:       []string{"fly scale count 0 -a my-app", "fly machine destroy 1234 --force", "fly secrets unset API_KEY -a app", "fly ips release 1.2.3.4"},
		NoMatch:     []string{"fly scale show", "fly secrets list"},
	}
	flyChange = &rule.Rule{
		ID:          "shell.fly.change",
		Summary:     "Deploys or changes a Fly.io app.",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "",
		Match:       []string{"fly deploy", "flyctl deploy -a my-app --image registry.fly.io/app:v2", "fly secrets set API_KEY=x", "fly scale count 3"},
		NoMatch:     []string{"fly logs -a my-app", "fly config show"},
	}
)

var paasRules = []*rule.Rule{herokuDestroy, herokuRemove, herokuChange, flyDestroy, flyRemove, flyChange}

func paasHandlers() map[string]handler {
	return map[string]handler{"heroku": herokuHandler, "fly": flyHandler, "flyctl": flyHandler}
}

func herokuHandler(c *Cmd, r *report) {
	cmd, args, ok := infraSubcommand(c)
	if !ok {
		return
	}
	app, _ := c.Flag("-a", "--app")
	if app == "" {
		app, _ = c.Flag("-r", "--remote")
	}
	t := infraTargets(append([]string{app}, args...)...)
	on := ""
	if app != "" {
		on = " of app " + app
	}
	parts := strings.Split(cmd, ":")
	topic, verb := parts[0], ""
	if len(parts) > 1 {
		verb = parts[len(parts)-1]
	}
	switch cmd {
	case "create", "restart", "rename", "rollback", "stop", "kill":
		verb = cmd
	}
	switch {
	case topic == "run":
		r.mutates()
		if argv := herokuRunArgv(c); len(argv) > 0 {
			r.command(argv, c, "runs on a Heroku dyno"+on)
		}
		return
	case cmd == "pg:psql":
		if q, ok := c.Flag("-c", "--command"); ok && q != "" {
			r.sql(q, c)
		}
		return
	case cmd == "destroy" || topic == "apps" && verb == "destroy" || verb == "destroy" || cmd == "pg:reset" || verb == "delete" && topic != "certs":
		r.mutates()
		what := infraOr(infraList(args), "")
		switch {
		case cmd == "destroy" || topic == "apps":
			r.add(c.find(herokuDestroy, "Destroys the Heroku app "+infraOr(app, infraOr(what, "(unnamed)"))+" with its add-ons and data.", t...))
		case cmd == "pg:reset":
			r.add(c.find(herokuDestroy, "Resets the database "+infraOr(what, "DATABASE_URL")+on+": every table and row is dropped.", t...))
		default:
			r.add(c.find(herokuDestroy, "Destroys "+infraOr(what, topic)+on+" ("+cmd+").", t...))
		}
		return
	case cmd == "pg:copy":
		r.mutates()
		r.add(c.find(herokuDestroy, "Overwrites the database "+infraOr(lastOf(args), "(unnamed)")+on+" with a copy of "+firstOf(args)+".", t...))
		return
	case cmd == "ps:scale" || cmd == "scale":
		r.mutates()
		for _, a := range args {
			if strings.HasSuffix(a, "=0") {
				r.add(c.find(herokuRemove, "Scales "+strings.TrimSuffix(a, "=0")+on+" down to zero dynos: it stops serving.", t...))
				return
			}
		}
		r.add(c.find(herokuChange, "Changes the dynos"+on+" ("+infraList(args)+").", t...))
		return
	}
	switch verb {
	case "", "info", "get", "list", "ls", "log", "logs", "wait", "status", "diff", "credentials", "url", "outliers",
		"bloat", "blocking", "locks", "long-running-queries", "ps", "seq-scans", "cache-hit", "index-usage", "table-size",
		"whoami", "token", "open", "download", "show", "keys", "stats", "settings", "sdk", "verify", "versions":
		if cmd == "login" || cmd == "logout" || topic == "git" || topic == "plugins" || topic == "auth" || topic == "update" {
			r.mutates()
		}
		return
	}
	r.mutates()
	switch verb {
	case "rollback", "unset", "remove", "detach", "clear", "killall", "kill", "stop", "disable", "revoke", "cancel",
		"unfollow", "off", "unschedule", "uninstall", "unlink":
		if topic == "maintenance" {
			r.add(c.find(herokuChange, "Turns maintenance mode off"+on+".", t...))
			return
		}
		if topic == "plugins" || topic == "git" || topic == "auth" {
			return
		}
		r.add(c.find(herokuRemove, herokuPhrase(cmd, verb, args)+on+".", t...))
	default:
		if topic == "plugins" || topic == "git" || topic == "auth" || topic == "update" || topic == "local" || topic == "autocomplete" {
			return
		}
		r.add(c.find(herokuChange, herokuPhrase(cmd, verb, args)+on+".", t...))
	}
}

// herokuRunArgv returns the command of "heroku run [options] COMMAND…":
// every word after the run command except heroku run's own options (its
// spec block) and their values, which it reads anywhere on the line. An
// option heroku run does not know belongs to the command.
func herokuRunArgv(c *Cmd) []string {
	av := c.Argv()
	if len(av.Sub) == 0 || (av.Sub[0] != "run" && !strings.HasPrefix(av.Sub[0], "run:")) {
		return nil
	}
	// A subcommand is only ever the first word that is not an option.
	first := av.wordArg[0] + 1
	heroku := make([]bool, len(c.Args))
	for _, o := range av.Opts {
		if o.Unknown || o.level == 0 || o.Arg < first {
			continue
		}
		heroku[o.Arg] = true
		for j := o.ValueArg; j >= 0 && j < o.ValueArg+o.ValueLen && j < len(heroku); j++ {
			heroku[j] = true
		}
	}
	var argv []string
	for i := first; i < len(c.Args); i++ {
		if heroku[i] || i+1 == av.optsDone && len(argv) == 0 {
			// Heroku's own option, or the "--" that ends them before the command.
			continue
		}
		argv = append(argv, c.Args[i])
	}
	return argv
}

// herokuPhrase describes a Heroku command in words.
func herokuPhrase(cmd, verb string, args []string) string {
	topic, _, colon := strings.Cut(cmd, ":")
	noun := herokuNouns[topic]
	if noun == "" {
		noun = topic
	}
	if !colon {
		noun = "the app"
	}
	switch {
	case cmd == "maintenance:on":
		return "Turns maintenance mode on: the app answers with a maintenance page"
	case verb == "rollback":
		return "Rolls back to release " + infraOr(firstOf(args), "before the current one")
	case topic == "config":
		return cloudVerbPhrase(verb) + " the config vars " + infraList(args)
	}
	return cloudVerbPhrase(verb) + " " + noun + infraAfterWord("", infraList(args))
}

var herokuNouns = map[string]string{
	"ps": "the dynos", "config": "the config vars", "addons": "the add-on", "domains": "the domain", "access": "the collaborator",
	"pg": "the database", "redis": "the Redis store", "releases": "the release", "apps": "the app", "buildpacks": "the buildpack",
	"features": "the feature", "labs": "the feature", "certs": "the certificate", "drains": "the log drain", "webhooks": "the webhook",
	"pipelines": "the pipeline", "spaces": "the space", "container": "the container image", "keys": "the SSH key",
	"members": "the team member", "maintenance": "maintenance mode", "stack": "the stack",
}

func flyHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	app, _ := c.Flag("-a", "--app")
	on := ""
	if app != "" {
		on = " of app " + app
	}
	// fly ssh console -C 'cmd' runs cmd in the app's machine.
	if words[0] == "ssh" {
		if cmd, ok := c.Flag("-C", "--command"); ok && cmd != "" {
			r.mutates()
			r.script(cmd, c, "runs on a Fly.io machine"+on)
		}
		return
	}
	if words[0] == "scale" && len(words) > 2 && words[1] == "count" {
		r.mutates()
		t := infraTargets(app)
		for _, w := range words[2:] {
			if w == "0" || strings.HasSuffix(w, "=0") {
				r.add(c.find(flyRemove, "Scales the app"+on+" down to zero machines: it stops serving.", t...))
				return
			}
		}
		r.add(c.find(flyChange, "Changes the number of machines"+on+" ("+infraList(words[2:])+").", t...))
		return
	}
	// The verb is the first word (fly deploy, fly destroy) or the second
	// (fly apps destroy, fly volumes delete).
	idx := 0
	if len(words) > 1 && cloudVerbOf(words[1]) != actUnknown {
		idx = 1
	}
	verb, group := words[idx], ""
	if idx == 1 {
		group = words[0]
	}
	rest := words[idx+1:]
	t := infraTargets(append([]string{app}, rest...)...)
	what := strings.TrimSpace(group + " " + infraList(rest))
	switch verb {
	case "launch":
		r.mutates()
		r.add(c.find(flyChange, "Creates and deploys a new Fly.io app.", t...))
		return
	case "auth", "tokens", "version", "doctor", "docs", "dashboard", "open", "platform", "dig", "ping", "wireguard", "proxy", "agent", "console":
		if verb == "auth" || verb == "tokens" || verb == "wireguard" || verb == "agent" {
			r.mutates()
		}
		return
	}
	act := cloudVerbOf(verb)
	switch verb {
	case "rm":
		act = actRemove
	case "import":
		act = actChange
	}
	if act == actRead {
		return
	}
	r.mutates()
	if act == actUnknown {
		return // a command this analysis does not know (machine run, console…)
	}
	switch {
	case act == actDestroy && (group == "" || group == "apps" || group == "app" || strings.HasPrefix(group, "vol") || group == "postgres" || group == "pg" || group == "redis" || group == "storage" || group == "mpg" || group == "litefs-cloud"):
		if group == "" {
			group = "app"
		}
		r.add(c.find(flyDestroy, "Destroys the Fly.io "+strings.TrimSuffix(group, "s")+" "+infraOr(infraList(rest), app)+" and the data on it.", t...))
	case act == actDestroy || act == actRemove:
		r.add(c.find(flyRemove, cloudVerbPhrase(verb)+" "+what+on+".", t...))
	case what == "":
		r.add(c.find(flyChange, cloudVerbPhrase(verb)+" "+infraOr(app, "the app of this directory")+".", t...))
	default:
		r.add(c.find(flyChange, cloudVerbPhrase(verb)+" "+what+on+".", t...))
	}
}
