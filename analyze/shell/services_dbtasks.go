package shell

import (
	"path"
	"strings"
	"sync"

	"github.com/actionguard/actionguard/rule"
)

// A web framework's or migration tool's tasks that drop, empty or rebuild
// the project's database: rails db:reset, php artisan migrate:fresh,
// prisma migrate reset, manage.py flush, alembic downgrade base. The rows
// in that database are not in the work tree, so git cannot bring them
// back.

var svcDBFrameworkReset = &rule.Rule{
	ID: "shell.db.framework-reset", Category: rule.Database, Points: svcLose,
	Summary:     "Drops, empties or rebuilds the project's database through its framework or migration tool: every row in it is lost.",
	Alternative: "dump the database first (pg_dump, mysqldump, sqlite3 .backup), or run the task against a throwaway database",
	Match: []string{"rails db:drop", "bin/rails db:reset", "bundle exec rake db:schema:load", "php artisan migrate:fresh --seed",
		"npx prisma migrate reset --force", "python manage.py flush --noinput", "alembic downgrade base", "mix ecto.reset",
		"dotnet ef database drop -f", "npx sequelize-cli db:migrate:undo:all", "wp db reset --yes", "flyway clean",
		"RAILS_ENV=production rails db:drop", "alembic -x env=prod downgrade base", "npx drizzle-kit push --force", "dbt run --full-refresh --target prod"},
	NoMatch: []string{"rails db:migrate", "php artisan migrate", "npx prisma migrate dev", "python manage.py migrate", "alembic upgrade head",
		"mix ecto.migrate", "dotnet ef database update", "rails db:drop --help", "flyway info", "prisma db push",
		"alembic -x env=prod upgrade head", "npx drizzle-kit push", "dbt run --target prod"},
}

// dbTask is one task: its words after the program (options left out), "*"
// for any word, and the options it needs ("--all"); what says what it does.
type dbTask struct {
	words []string
	needs []string
	what  string
}

func task(spec, what string) dbTask {
	var t dbTask
	for _, w := range strings.Fields(spec) {
		if strings.HasPrefix(w, "-") {
			t.needs = append(t.needs, w)
		} else {
			t.words = append(t.words, w)
		}
	}
	t.what = what
	return t
}

// dbTasks are the tasks by program, or by the script an interpreter runs
// (manage.py, artisan, ace, console) and dotnet's ef.
var dbTasks = sync.OnceValue(func() map[string][]dbTask {
	const (
		drop     = "drops the project's database"
		reset    = "drops the project's database and builds it again from the schema"
		empty    = "deletes every row of the project's database"
		rebuild  = "drops every table of the project's database and runs the migrations again"
		revert   = "reverts every migration, dropping the tables they made"
		load     = "loads the schema over the project's database, dropping its tables"
		pushLoss = "pushes the schema without asking, dropping the columns and tables it no longer has with their data"
		refresh  = "drops and rebuilds the incremental models' tables from their sources"
	)
	rails := []dbTask{task("db:drop", drop), task("db:drop:all", drop), task("db:reset", reset), task("db:purge", empty),
		task("db:purge:all", empty), task("db:schema:load", load), task("db:structure:load", load), task("db:migrate:reset", rebuild),
		task("db:seed:replant", empty), task("db:truncate_all", empty), task("db:setup:replant", reset)}
	django := []dbTask{task("flush", empty), task("reset_db", drop), task("migrate * zero", revert)}
	laravel := []dbTask{task("migrate:fresh", rebuild), task("migrate:reset", revert), task("migrate:refresh", rebuild), task("db:wipe", drop)}
	adonis := []dbTask{task("migration:fresh", rebuild), task("migration:reset", revert), task("migration:refresh", rebuild), task("db:wipe", drop)}
	typeorm := []dbTask{task("schema:drop", drop)}
	sequelize := []dbTask{task("db:drop", drop), task("db:migrate:undo:all", revert), task("db:seed:undo:all", empty)}
	return map[string][]dbTask{
		"rails": rails, "rake": rails,
		"manage.py": django, "django-admin": django, "django": django,
		"artisan": laravel, "ace": adonis,
		"console": {task("doctrine:database:drop", drop), task("doctrine:schema:drop", drop)},
		"prisma":  {task("migrate reset", reset), task("db push --force-reset", reset), task("db push --accept-data-loss", "pushes a schema that drops columns or tables with their data")},
		"alembic": {task("downgrade base", revert)},
		"drizzle-kit": {task("push --force", pushLoss), task("push:pg --force", pushLoss), task("push:mysql --force", pushLoss),
			task("push:sqlite --force", pushLoss)},
		"dbt": {task("run --full-refresh", refresh), task("build --full-refresh", refresh), task("seed --full-refresh", refresh),
			task("run -f", refresh), task("build -f", refresh)},
		"flask":     {task("db downgrade base", revert)},
		"knex":      {task("migrate:rollback --all", revert)},
		"sequelize": sequelize, "sequelize-cli": sequelize,
		"typeorm": typeorm, "typeorm-ts-node-commonjs": typeorm, "typeorm-ts-node-esm": typeorm,
		"mikro-orm": {task("schema:drop", drop), task("schema:fresh", reset), task("migration:fresh", rebuild)},
		"supabase":  {task("db reset", reset)},
		"mix":       {task("ecto.drop", drop), task("ecto.reset", reset), task("ecto.rollback --all", revert)},
		"drush":     {task("sql-drop", drop), task("sql:drop", drop), task("site:install", reset), task("si", reset)},
		"wp":        {task("db reset", reset), task("db drop", drop), task("db clean", empty)},
		"goose":     {task("reset", revert), task("down-to 0", revert)},
		"migrate":   {task("drop", drop)},
		"flyway":    {task("clean", drop)},
		"liquibase": {task("dropAll", drop), task("drop-all", drop)},
		"diesel":    {task("database reset", reset), task("database drop", drop)},
		"sqlx":      {task("database drop", drop), task("database reset", reset)},
		"dbmate":    {task("drop", drop)},
		"hanami":    {task("db drop", drop), task("db reset", reset)},
		"atlas":     {task("schema clean", drop)},
		"ef":        {task("database drop", drop), task("database update 0", revert)},
	}
})

// frameworkDBTask finds a task of dbTasks in c: the program itself (rails,
// prisma), the script an interpreter runs (python manage.py, php artisan,
// node ace, php bin/console), dotnet ef, or the program yarn or pnpm runs.
func frameworkDBTask(c *Cmd, r *report) {
	tasks, args := dbTasks()[c.Name], c.Args
	direct := tasks != nil
	if tasks == nil {
		if !interpreters[c.Name] && c.Name != "dotnet" && c.Name != "yarn" && c.Name != "pnpm" {
			return // yarn and pnpm run a package's program by its name
		}
		i := firstWord(args)
		if i < 0 {
			return
		}
		base := path.Base(args[i])
		if (c.Name == "dotnet") != (base == "ef") {
			return // dotnet ef; an interpreter's script or module
		}
		tasks, args = dbTasks()[base], args[i+1:]
	}
	words := make([]string, 0, 4)
	for _, a := range args {
		if a == "--help" || a == "-h" || a == "help" {
			return
		}
		if !strings.HasPrefix(a, "-") && len(words) < 4 {
			words = append(words, a)
		}
	}
	if direct && c.Argv().Known {
		// The program's spec says which options take a value: alembic
		// -x env=prod downgrade base.
		words = append(words[:0], c.Positional()[:min(4, len(c.Positional()))]...)
	}
	for _, t := range tasks {
		if !t.matches(words, args) {
			continue
		}
		f := c.find(svcDBFrameworkReset, "Runs "+strings.Join(append([]string{c.Name}, t.words...), " ")+", which "+t.what+": its rows are not in the work tree and are lost unless there is a backup.")
		if production(c.Text) {
			f = f.WithPoints(svcDestroy)
			f.Message = "Runs " + strings.Join(append([]string{c.Name}, t.words...), " ") + " against production, which " + t.what + ": its rows are lost unless there is a backup."
		}
		r.mutates()
		r.add(f)
		return
	}
}

// firstWord is the index of the first argument that is not an option, or -1.
func firstWord(args []string) int {
	for i, a := range args {
		if !strings.HasPrefix(a, "-") {
			return i
		}
	}
	return -1
}

// matches reports whether words start with t's words and args hold its
// options (as written or with a value attached).
func (t dbTask) matches(words, args []string) bool {
	if len(words) < len(t.words) {
		return false
	}
	for i, w := range t.words {
		if w != "*" && words[i] != w {
			return false
		}
	}
	for _, n := range t.needs {
		found := false
		for _, a := range args {
			if a == n || strings.HasPrefix(a, n+"=") {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// production reports whether a command line names a production
// environment (RAILS_ENV=production, --env=prod, MIX_ENV=prod).
func production(text string) bool {
	l := strings.ToLower(text)
	for _, k := range []string{"=prod", "= prod", "env prod", "-e prod", "--env prod", "--environment prod", "--target prod", "-t prod", "_env=\"prod", "_env='prod"} {
		if strings.Contains(l, k) {
			return true
		}
	}
	return false
}
