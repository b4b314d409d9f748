#!/usr/bin/env bash
# Installs what the tests need and runs every test.
#
# The tests need Go modules (from the module proxy), the shared corpus
# beside the repository (../shared/corpus, or $ACTIONGUARD_CORPUS), a
# PostgreSQL server (store/postgres, server's replica test), Debian's
# chromium (the approval page's browser test) and Node.js with two npm
# packages (the MCP round trip with the reference server and client). The services are installed
# and started here, so that under CI=true no test is skipped for a missing
# service. Without root (and not under CI) what cannot be installed is
# skipped by the tests that need it, and said.
set -euo pipefail
cd "$(dirname "$0")/.."

# took prints how long the stage that began at $1 (in $SECONDS) took.
took() { echo "    ($(( SECONDS - $1 )) s)"; }

go version
go mod download

echo "--- services"
t0=$SECONDS
if [ -z "${ACTIONGUARD_TEST_POSTGRES:-}" ]; then
	if pg=$(./scripts/ci-postgres.sh); then
		eval "$pg"
	elif [ "${CI:-}" = true ]; then
		echo "PostgreSQL could not be set up" >&2; exit 1
	else
		echo "PostgreSQL could not be set up: its tests are skipped" >&2
	fi
fi
if ! ./scripts/ci-npm.sh; then
	if [ "${CI:-}" = true ]; then
		echo "the npm packages of the MCP round-trip test could not be installed" >&2; exit 1
	fi
	echo "the npm packages could not be installed: the MCP round-trip test is skipped" >&2
fi
if ! ./scripts/ci-tools.sh; then
	if [ "${CI:-}" = true ]; then
		echo "rsync could not be installed" >&2; exit 1
	fi
	echo "rsync could not be installed: its spelling of a copy into a directory is not run" >&2
fi
if ! ./scripts/ci-chromium.sh; then
	if [ "${CI:-}" = true ]; then
		echo "chromium could not be installed" >&2; exit 1
	fi
	echo "chromium could not be installed: the browser test is skipped" >&2
fi
took $t0
export ACTIONGUARD_ARTIFACTS=${ACTIONGUARD_ARTIFACTS:-$PWD/artifacts}
mkdir -p "$ACTIONGUARD_ARTIFACTS"

# The race run's temporary files (the stores' SQLite databases, spools,
# session files) go to a memory file system where there is one with room:
# a new SQLite database syncs a dozen times, and on a shared disk the store
# suite spent most of its time waiting for those syncs
# (docs/benchmarks.md). What those tests check is what the code writes and
# reads back, which a memory file system keeps; a power cut is not
# simulated. The plain run keeps the disk: the guard reads no local file
# under /dev (a device could hang it), so its tests of links, archives and
# scripts on disk need a project on a real file system. TMPDIR already set
# is left alone.
race_tmp=()
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ] &&
	[ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] &&
	[ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -gt $((4 << 20)) ]; then
	memtmp=$(mktemp -d /dev/shm/actionguard-test.XXXXXX)
	trap 'rm -rf "$memtmp"' EXIT
	race_tmp=(TMPDIR="$memtmp")
	echo "the race run's temporary files in $memtmp (a memory file system)"
fi

echo "--- gofmt"
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
	echo "these files need gofmt:"; echo "$unformatted"; exit 1
fi

echo "--- go vet"
t0=$SECONDS
go vet ./...
took $t0

# The packages where goroutines share state (the server, the stores, the
# audit writers, the hook runner, the MCP proxy, the trash, the front door)
# run under the race detector, instead of plainly: it needs cgo and a C
# compiler.
race_pkgs=(./server/... ./store/... ./audit/... ./adapter/... ./mcpproxy/... ./internal/hookrun/... ./internal/frontdoor/... ./undo/...)
race=true
if ! ./scripts/ci-gcc.sh; then
	if [ "${CI:-}" = true ]; then
		echo "gcc could not be installed: the race detector needs it" >&2; exit 1
	fi
	echo "gcc could not be installed: the concurrent packages run without the race detector" >&2
	race=false
fi
# Among them, the tests whose writers are other processes (the spool's,
# killed a thousand times) run plainly: the race detector sees no memory
# shared between processes, and a thousand starts of a race-detector
# binary cost minutes.
between_processes=(audit/internal/spoolcrash)
mod=$(go list -m)
between_re=$(printf '%s\n' "${between_processes[@]}" | paste -sd'|')
mapfile -t raced < <(go list "${race_pkgs[@]}" | grep -Ev "^$mod/($between_re)\$")
race_re=$(printf '%s\n' "${raced[@]}" | paste -sd'|')
mapfile -t plain < <(go list ./... | grep -Ev "^($race_re)\$")
go build -o "$ACTIONGUARD_ARTIFACTS/testsum" ./scripts/testsum

# The supported platforms (README): every package, tests included, builds
# and vets for each of the four other targets, one after another (each
# uses both cores; run beside the tests at a lower priority they starved
# and the whole run took longer). Then the plain tests and the race run go
# on at once: each waits on its large packages one at a time (the
# compiler's critical path, a test binary's slow test), so together they
# keep both cores busy. The race run's output is shown once it ends, the
# plain run's as it goes: one line a package, the output of what failed,
# and at the end the slowest tests and every skipped test with its reason.
cross_targets=(darwin/arm64 darwin/amd64 windows/amd64 linux/arm64)
echo "--- cross-builds ${cross_targets[*]}"
for target in "${cross_targets[@]}"; do
	t0=$SECONDS
	GOOS=${target%/*} GOARCH=${target#*/} go vet ./...
	echo "$target: ok ($((SECONDS - t0)) s)"
done
# The tests run with -vet=off: go vet ./... above has vetted every
# package, its tests included, with every analyzer (go test's own vet is
# a subset of them, and a second pass over each package).
echo "--- go test (${#plain[@]} packages; -race on ${#raced[@]}: ${race_pkgs[*]} but ${between_processes[*]})"
{
	# An interrupted run leaves nothing behind.
	trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
	began=$SECONDS
	status=0
	race_json="$ACTIONGUARD_ARTIFACTS/test-race.json"
	if $race; then
		env "${race_tmp[@]}" CGO_ENABLED=1 go test -race -vet=off -count=1 -timeout 30m -json "${raced[@]}" >"$race_json" 2>&1 &
	else
		env "${race_tmp[@]}" go test -vet=off -count=1 -timeout 30m -json "${raced[@]}" >"$race_json" 2>&1 &
	fi
	race_pid=$!
	go test -vet=off -count=1 -timeout 30m -json "${plain[@]}" || status=1
	echo "plain tests: $((SECONDS - began)) s"
	wait "$race_pid" || status=1
	echo "race tests: $((SECONDS - began)) s"
	cat "$race_json"
	exit $status
} | "$ACTIONGUARD_ARTIFACTS/testsum"
