#!/usr/bin/env bash
# Installs what the tests need and runs every test.
#
# The tests need Go modules (from the module proxy), the shared corpus
# beside the repository (../shared/corpus, or $ACTIONGUARD_CORPUS), a
# PostgreSQL server (store/postgres, server's replica test) and Debian's
# chromium (the approval page's browser test). The services are installed
# and started here, so that under CI=true no test is skipped for a missing
# service. Without root (and not under CI) what cannot be installed is
# skipped by the tests that need it, and said.
set -euo pipefail
cd "$(dirname "$0")/.."

go version
go mod download

echo "--- services"
if [ -z "${ACTIONGUARD_TEST_POSTGRES:-}" ]; then
	if pg=$(./scripts/ci-postgres.sh); then
		eval "$pg"
	elif [ "${CI:-}" = true ]; then
		echo "PostgreSQL could not be set up" >&2; exit 1
	else
		echo "PostgreSQL could not be set up: its tests are skipped" >&2
	fi
fi
if ! ./scripts/ci-chromium.sh; then
	if [ "${CI:-}" = true ]; then
		echo "chromium could not be installed" >&2; exit 1
	fi
	echo "chromium could not be installed: the browser test is skipped" >&2
fi
export ACTIONGUARD_ARTIFACTS=${ACTIONGUARD_ARTIFACTS:-$PWD/artifacts}
mkdir -p "$ACTIONGUARD_ARTIFACTS"

echo "--- gofmt"
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
	echo "these files need gofmt:"; echo "$unformatted"; exit 1
fi

echo "--- go vet"
go vet ./...

# The supported platforms (README): every package, tests included, builds
# and vets for each.
echo "--- cross-builds"
for target in darwin/arm64 darwin/amd64 windows/amd64 linux/arm64; do
	echo "$target"
	GOOS=${target%/*} GOARCH=${target#*/} go vet ./...
done

echo "--- go test"
# One line a package, the output of what failed, and at the end every
# skipped test with its reason.
go build -o "$ACTIONGUARD_ARTIFACTS/testsum" ./scripts/testsum
go test -count=1 -json ./... | "$ACTIONGUARD_ARTIFACTS/testsum"
