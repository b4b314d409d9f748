#!/usr/bin/env bash
# Installs Node.js (Debian's, when it is missing) and the npm packages of
# the MCP round-trip test (internal/mcpcmd/testdata/npm: the reference
# filesystem server and the reference TypeScript SDK client), pinned by
# its package-lock.json. Idempotent: npm ci runs only when the lock file
# changed since the last install. Under CI=true that test fails, rather
# than skips, without them.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	sudo=""
	if [ "$(id -u)" -ne 0 ]; then
		sudo="sudo"
	fi
	export DEBIAN_FRONTEND=noninteractive
	$sudo apt-get update -qq
	$sudo apt-get install -y --no-install-recommends nodejs npm
fi
echo "node: $(node --version)"

dir=internal/mcpcmd/testdata/npm
stamp="$dir/node_modules/.installed-lock"
if [ -f "$stamp" ] && cmp -s "$stamp" "$dir/package-lock.json"; then
	echo "npm packages of $dir: installed"
	exit 0
fi
npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error
cp "$dir/package-lock.json" "$stamp"
echo "npm packages of $dir: installed"
