#!/usr/bin/env bash
# Makes sure a PostgreSQL server runs on this machine with the role and the
# database the tests of store/postgres use, and prints the line that points
# them at it:
#
#   eval "$(scripts/ci-postgres.sh)"   # sets ACTIONGUARD_TEST_POSTGRES
#
# Idempotent: what is already there is left as it is. On a fresh Debian
# machine, run as root (or with passwordless sudo), it installs the
# postgresql package (Debian 12: PostgreSQL 15), starts the cluster, and
# creates the role (a superuser: each test makes and drops its own schema)
# and the database. Only the export line goes to stdout; the rest to stderr.
#
# ACTIONGUARD_PG_USER, ACTIONGUARD_PG_PASSWORD and ACTIONGUARD_PG_DB change
# the names (default actionguard, actionguard, actionguard_test).
set -euo pipefail

user=${ACTIONGUARD_PG_USER:-actionguard}
password=${ACTIONGUARD_PG_PASSWORD:-actionguard}
db=${ACTIONGUARD_PG_DB:-actionguard_test}

log() { echo "ci-postgres: $*" >&2; }
die() { log "$*"; exit 1; }

case "$user$db" in
*[!a-z0-9_]*) die "ACTIONGUARD_PG_USER and ACTIONGUARD_PG_DB must be lower-case letters, digits and _" ;;
esac
case "$password" in
*"'"*) die "ACTIONGUARD_PG_PASSWORD must not contain a single quote" ;;
esac

# as_root runs a command as root: directly, or with sudo when it needs no
# password.
as_root() {
	if [ "$(id -u)" = 0 ]; then
		"$@"
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		sudo -n "$@"
	else
		die "this needs root: $*"
	fi
}

# as_postgres runs a command as the postgres system user, the cluster's
# superuser.
as_postgres() {
	if [ "$(id -u)" = 0 ]; then
		runuser -u postgres -- "$@"
	else
		as_root runuser -u postgres -- "$@"
	fi
}

url() { echo "postgres://$user:$password@127.0.0.1:$1/$db"; }

# can_login reports whether the role logs in to the database over TCP with
# the password, as the tests will.
can_login() {
	command -v psql >/dev/null 2>&1 &&
		PGPASSWORD=$password PGCONNECT_TIMEOUT=5 psql -X -q -h 127.0.0.1 -p "$1" -U "$user" -d "$db" -Atc 'SELECT 1' >/dev/null 2>&1
}

# The usual case: everything is there and running.
if can_login "${PGPORT:-5432}"; then
	log "PostgreSQL is ready on port ${PGPORT:-5432}"
	echo "export ACTIONGUARD_TEST_POSTGRES=$(url "${PGPORT:-5432}")"
	exit 0
fi

# 1. The server.
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
	command -v apt-get >/dev/null 2>&1 || die "no PostgreSQL server here, and no apt-get to install one"
	log "installing PostgreSQL"
	export DEBIAN_FRONTEND=noninteractive
	as_root apt-get update -qq >&2
	as_root apt-get install -y -qq --no-install-recommends postgresql >&2
fi
command -v pg_lsclusters >/dev/null 2>&1 || die "pg_lsclusters is missing (postgresql-common)"

# 2. The cluster: the newest version's, created when there is none.
cluster=$(pg_lsclusters -h | sort -k1,1V | tail -n 1)
if [ -z "$cluster" ]; then
	version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
	log "creating cluster $version/main"
	as_root pg_createcluster "$version" main >&2
	cluster=$(pg_lsclusters -h | sort -k1,1V | tail -n 1)
fi
read -r version name port status _ <<<"$cluster"
if [ "${status%%,*}" != online ]; then
	log "starting cluster $version/$name"
	as_root pg_ctlcluster "$version" "$name" start >&2
fi
for _ in $(seq 60); do
	pg_isready -q -h 127.0.0.1 -p "$port" && break
	sleep 0.5
done
pg_isready -q -h 127.0.0.1 -p "$port" || die "cluster $version/$name does not accept connections on port $port"

# 3. The role and the database.
psql_admin() { as_postgres psql -X -q -p "$port" -v ON_ERROR_STOP=1 -Atc "$1"; }
if [ -z "$(psql_admin "SELECT 1 FROM pg_roles WHERE rolname = '$user'")" ]; then
	log "creating role $user"
	psql_admin "CREATE ROLE $user LOGIN SUPERUSER PASSWORD '$password'" >&2
fi
if [ -z "$(psql_admin "SELECT 1 FROM pg_database WHERE datname = '$db'")" ]; then
	log "creating database $db"
	# UTF-8 and the C collation whatever the machine's locale: text sorts
	# bytewise, as in SQLite and Go.
	psql_admin "CREATE DATABASE $db OWNER $user ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0" >&2
fi
if ! can_login "$port"; then
	# The role exists but the password differs (or it cannot log in): a
	# test role, so it is set to what the tests use.
	log "setting the password of role $user"
	psql_admin "ALTER ROLE $user LOGIN PASSWORD '$password'" >&2
fi
can_login "$port" || die "role $user cannot log in to $db on 127.0.0.1:$port with its password (see pg_hba.conf)"

log "PostgreSQL $version is ready on port $port"
echo "export ACTIONGUARD_TEST_POSTGRES=$(url "$port")"
