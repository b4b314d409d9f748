#!/usr/bin/env bash
# Installs Debian's rsync: the attack corpus's tests run each spelling of
# a copy into a directory under bash (cp, mv, install and rsync) to show
# the file really lands there. Idempotent: does nothing when it is there.
set -euo pipefail

if command -v rsync >/dev/null 2>&1; then
	exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null 2>&1 || { echo "no rsync, and no root to install it" >&2; exit 1; }
	sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends rsync >&2
