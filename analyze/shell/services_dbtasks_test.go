package shell

import (
	"strings"
	"testing"
)

// dbTaskLine spells a task of dbTasks as a user would run it: the program
// itself, or through the interpreter, dotnet or the runner that starts it.
func dbTaskLine(key string, t dbTask) []string {
	words := strings.ReplaceAll(strings.Join(append(append([]string{}, t.words...), t.needs...), " "), "*", "shop")
	switch key {
	case "manage.py":
		return []string{"python3 manage.py " + words, "python manage.py " + words + " --noinput", "./manage.py " + words}
	case "django":
		return []string{"python3 -m django " + words}
	case "artisan":
		return []string{"php artisan " + words + " --force", "php ./artisan " + words}
	case "ace":
		return []string{"node ace " + words}
	case "console":
		return []string{"php bin/console " + words + " --force", "bin/console " + words}
	case "ef":
		return []string{"dotnet ef " + words}
	}
	return []string{key + " " + words, "npx " + key + " " + words, "bundle exec " + key + " " + words, "yarn " + key + " " + words}
}

// Every task of the table, in every way it is started, waits for an
// approval; with --help it only prints and runs.
func TestFrameworkDBTasksHeld(t *testing.T) {
	n := 0
	for key, tasks := range dbTasks() {
		for _, task := range tasks {
			for _, line := range dbTaskLine(key, task) {
				wantAtLeast(t, line, scopeOptions, atLeastApprove)
				wantAtLeast(t, "RAILS_ENV=production APP_ENV=production "+line, scopeOptions, atLeastApprove)
				if p, id := maxPoints(line+" --help", scopeOptions); p > runsUnattended {
					t.Errorf("%q: %d points (%s), want it to run", line+" --help", p, id)
				}
				n++
			}
		}
	}
	if n < 150 {
		t.Errorf("only %d cases", n)
	}
}

// The twins: the tasks a developer runs every day.
func TestFrameworkDBTasksRoutine(t *testing.T) {
	for _, src := range []string{
		"rails db:migrate", "bin/rails db:seed", "bundle exec rake db:migrate:status", "rails db:rollback", "rails db:create",
		"python manage.py migrate", "python manage.py makemigrations", "python3 manage.py runserver", "python manage.py showmigrations",
		"php artisan migrate", "php artisan migrate:status", "php artisan db:seed", "npx prisma migrate dev", "npx prisma generate",
		"npx prisma db push", "prisma migrate deploy", "alembic upgrade head", "alembic downgrade -1", "mix ecto.migrate", "mix ecto.create",
		"dotnet ef database update", "dotnet ef migrations add Init", "flyway migrate", "flyway info", "goose up", "dbmate up",
		"sqlx migrate run", "diesel migration run", "wp db export backup.sql", "knex migrate:latest",
		"npx sequelize-cli db:migrate", "typeorm migration:run", "node ace migration:run", "php bin/console doctrine:migrations:migrate",
	} {
		if p, id := maxPoints(src, scopeOptions); p > runsUnattended {
			t.Errorf("%q: %d points (%s), want it to run", src, p, id)
		}
	}
}
