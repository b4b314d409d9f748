#!/usr/bin/env bash
# Installs what the tests need and runs every test.
#
# Today the tests need Go modules (from the module proxy) and the shared
# corpus beside the repository (../shared/corpus, or $ACTIONGUARD_CORPUS).
# Services the tests use are installed and started here, so that under
# CI=true no test is skipped for a missing service.
set -euo pipefail
cd "$(dirname "$0")/.."

go version
go mod download

echo "--- gofmt"
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
	echo "these files need gofmt:"; echo "$unformatted"; exit 1
fi

echo "--- go vet"
go vet ./...

echo "--- go test"
go test -count=1 ./...
