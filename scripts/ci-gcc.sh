#!/usr/bin/env bash
# Installs Debian's gcc for the race detector (go test -race needs cgo and
# a C compiler). Idempotent: does nothing when a C compiler is there.
set -euo pipefail

if command -v gcc >/dev/null 2>&1; then
	exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null 2>&1 || { echo "no gcc, and no root to install it" >&2; exit 1; }
	sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends gcc libc6-dev >&2
