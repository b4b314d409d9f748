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

# cpu_used sets cpu to the CPU seconds (user + system) of this shell's
# finished child processes, theirs included: a stage's CPU beside its wall
# time says whether it waited or worked, which on a shared machine the wall
# time alone does not. It is 0 where /proc is not there. It sets a variable
# rather than printing: in $(…) it would read a subshell's.
cpu_used() {
	local stat ticks
	cpu=0
	read -r stat 2>/dev/null </proc/$BASHPID/stat || return 0
	stat=${stat##*) }
	# shellcheck disable=SC2086 # the fields after the command's name
	set -- $stat
	ticks=$(getconf CLK_TCK 2>/dev/null || echo 100)
	cpu=$(( (${14} + ${15}) / ticks ))
}

# timed_run runs the command after $1 and writes to the file $1 its wall
# and CPU seconds ("W s, C s of CPU"). Run in a subshell of its own (as a
# background job is), so the CPU is the command's alone: bash reaps a
# finished background job whenever it likes, and the shell that started
# two at once cannot tell whose CPU its children's total holds.
timed_run() {
	local file=$1 began=$SECONDS status=0
	shift
	"$@" || status=$?
	cpu_used
	echo "$((SECONDS - began)) s, $cpu s of CPU" >"$file"
	return $status
}

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

# The packages whose tests took longest in the last CI runs
# (docs/benchmarks.md) are named first. go test starts the test binaries in
# the order it is given them, each once the packages named before it are
# built; in the alphabet's order internal/cli, the longest, started late and
# ran on alone at the end.
slow_first=(
	internal/cli internal/gen/adversarial analyze/shell audit/internal/spoolcrash evaluate guard
	internal/mcpcmd internal/gen/progspec internal/workctx internal/archtest cmd/actionguard-hook
	server store store/postgres internal/hookrun audit internal/frontdoor mcpproxy undo
)
# slowest_first reads import paths, one a line, and prints them again:
# those in slow_first first, in its order, then the others as they came.
slowest_first() {
	local all p q named
	mapfile -t all
	for q in "${slow_first[@]}"; do
		for p in "${all[@]}"; do
			[ "$p" != "$mod/$q" ] || echo "$p"
		done
	done
	for p in "${all[@]}"; do
		named=false
		for q in "${slow_first[@]}"; do
			[ "$p" != "$mod/$q" ] || named=true
		done
		$named || echo "$p"
	done
}
mapfile -t raced < <(printf '%s\n' "${raced[@]}" | slowest_first)
mapfile -t plain < <(printf '%s\n' "${plain[@]}" | slowest_first)

# The supported platforms (README): every package, tests included, is
# type-checked and vetted for each of the four other targets, two targets
# at a time. scripts/crossvet runs go vet's analyzers over source it
# type-checks, the standard library and the modules included: `GOOS=…
# go vet ./...` compiled every imported package for the target to read its
# export data, 150 s of CPU a target on a fresh machine, for object code
# nothing used (docs/benchmarks.md). Each vet's output is kept in a file
# and shown when the pair ends.
cross_targets=(darwin/arm64 windows/amd64 darwin/amd64 linux/arm64)
go build -o "$ACTIONGUARD_ARTIFACTS/crossvet" ./scripts/crossvet
# vet_target vets every package for the target $1 (GOOS/GOARCH), its output
# in the folder $2, and says how long it took.
vet_target() {
	local t0=$SECONDS out
	out="$2/${1//\//-}.txt"
	if GOOS=${1%/*} GOARCH=${1#*/} "$ACTIONGUARD_ARTIFACTS/crossvet" ./... >"$out" 2>&1; then
		echo "$1: ok ($((SECONDS - t0)) s)" >>"$out"
	else
		echo "$1: FAILED ($((SECONDS - t0)) s)" >>"$out"
		return 1
	fi
}
# cross_vets runs the four targets' vets, two at a time, and prints their
# output; it fails when one of them failed.
cross_vets() {
	local dir i pair pids pid target status=0
	dir=$(mktemp -d)
	for ((i = 0; i < ${#cross_targets[@]}; i += 2)); do
		pair=("${cross_targets[@]:i:2}")
		pids=()
		for target in "${pair[@]}"; do
			vet_target "$target" "$dir" &
			pids+=($!)
		done
		for pid in "${pids[@]}"; do
			wait "$pid" || status=1
		done
		for target in "${pair[@]}"; do
			cat "$dir/${target//\//-}.txt"
		done
	done
	rm -rf "$dir"
	[ "$status" = 0 ] || echo "a cross vet failed (above)"
	return $status
}
# beside_tests runs the checks that need no test to have run: the cross
# vets, then the command in $ACTIONGUARD_STATIC_CHECKS if set (.ci/run
# puts `make static` there: staticcheck and duplicates).
beside_tests() {
	local status=0
	echo "--- cross-vets ${cross_targets[*]}"
	cross_vets || status=1
	if [ -n "${ACTIONGUARD_STATIC_CHECKS:-}" ]; then
		echo "--- $ACTIONGUARD_STATIC_CHECKS"
		bash -c "$ACTIONGUARD_STATIC_CHECKS" 2>&1 || { status=1; echo "FAILED: $ACTIONGUARD_STATIC_CHECKS"; }
	fi
	return $status
}

# Then the plain tests and the race run go on at once: each waits on its
# large packages one at a time (the compiler's critical path, a test
# binary's slow test), so together they keep both cores busy, nearly: the
# checks above run beside them at a lower priority (nice 10) and take the
# CPU the tests leave (before, they ran first, 78 s of wall time on a quiet
# machine, and the tests left a fifth of the two cores idle). The race run's
# output and the checks' are shown once they end, the plain run's as it
# goes: one line a package, the output of what failed, and at the end the
# slowest tests and every skipped test with its reason.
#
# The tests run with -vet=off: go vet ./... above has vetted every
# package, its tests included, with every analyzer (go test's own vet is
# a subset of them, and a second pass over each package).
echo "--- go test (${#plain[@]} packages; -race on ${#raced[@]}: ${race_pkgs[*]} but ${between_processes[*]})"
{
	# An interrupted run leaves nothing behind.
	trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
	status=0
	race_json="$ACTIONGUARD_ARTIFACTS/test-race.json"
	plain_took="$ACTIONGUARD_ARTIFACTS/took-plain.txt"
	race_took="$ACTIONGUARD_ARTIFACTS/took-race.txt"
	beside_out="$ACTIONGUARD_ARTIFACTS/beside-tests.txt"
	beside_took="$ACTIONGUARD_ARTIFACTS/took-beside.txt"
	(
		renice -n 10 -p "$BASHPID" >/dev/null || true
		timed_run "$beside_took" beside_tests >"$beside_out" 2>&1
	) &
	beside_pid=$!
	if $race; then
		# The transpiled SQLite and its C library are built without the
		# race detector's instrumentation: their heap is memory they map
		# themselves, which the detector does not track, and instrumenting
		# every access cost store's TestStore 4.8 times the CPU
		# (docs/benchmarks.md). Our packages and the driver keep it; cmd/go
		# passes -race to the compiler before the per-package flags.
		timed_run "$race_took" env "${race_tmp[@]}" CGO_ENABLED=1 go test -race -gcflags='modernc.org/sqlite/lib=-race=false' -gcflags='modernc.org/libc/...=-race=false' \
			-vet=off -count=1 -timeout 30m -json "${raced[@]}" >"$race_json" 2>&1 &
	else
		timed_run "$race_took" env "${race_tmp[@]}" go test -vet=off -count=1 -timeout 30m -json "${raced[@]}" >"$race_json" 2>&1 &
	fi
	race_pid=$!
	# The plain run's events are kept beside the race run's: their times
	# say which package held the run's end.
	(timed_run "$plain_took" go test -vet=off -count=1 -timeout 30m -json "${plain[@]}") |
		tee "$ACTIONGUARD_ARTIFACTS/test-plain.json" || status=1
	echo "plain tests: $(cat "$plain_took")"
	wait "$race_pid" || status=1
	echo "race tests: $(cat "$race_took")"
	wait "$beside_pid" || status=1
	cat "$beside_out"
	echo "checks beside the tests: $(cat "$beside_took")"
	cat "$race_json"
	exit $status
} | "$ACTIONGUARD_ARTIFACTS/testsum"
