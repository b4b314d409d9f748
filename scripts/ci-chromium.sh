#!/usr/bin/env bash
# Installs Debian's chromium for the approval page's browser test
# (server/browser_test.go). Idempotent: does nothing when it is there.
# Under CI=true the browser test fails, rather than skips, without it.
set -euo pipefail

if command -v chromium >/dev/null 2>&1; then
	echo "chromium: $(chromium --version 2>/dev/null || echo installed)"
	exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
	sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y --no-install-recommends chromium fonts-liberation
echo "chromium: $(chromium --version)"
