#!/usr/bin/env bash
# The whole `actionguard hook claude-code` process — stdin to exit, audit
# record written — against cc-safety-net (npm) on the same inputs: a routine
# command, a destructive git command, an inline script, a 200-line heredoc.
# Prints one line per tool and input: median, p99, peak RSS, and the ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-200}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Built as `make build` does: static, and the lean hook binary beside the main one.
CGO_ENABLED=0 go build -trimpath -o "$tmp/actionguard" ./cmd/actionguard
CGO_ENABLED=0 go build -trimpath -o "$tmp/actionguard-hook" ./cmd/actionguard-hook
go build -o "$tmp/hookbench" ./bench/hookbench
export ACTIONGUARD_DB="$tmp/audit.db" HOME="$tmp/home"
mkdir -p "$HOME"

ccsn=""
if command -v node >/dev/null && command -v npm >/dev/null; then
	if (cd "$tmp" && npm install --silent --no-audit --no-fund --prefix "$tmp/ccsn" cc-safety-net@2.4.5 >/dev/null 2>&1); then
		ccsn="$tmp/ccsn/node_modules/cc-safety-net/dist/bin/cc-safety-net.js"
	fi
fi
[ -n "$ccsn" ] || echo "cc-safety-net could not be installed from npm: measuring actionguard alone"

printf "%-16s %-16s %9s %9s %10s %8s\n" input tool median_ms p99_ms rss_MiB ratio
for input in routine git-destructive inline-script heredoc-200 mcp-send; do
	f=bench/hookinputs/$input.json
	# What `actionguard install` writes: the lean binary.
	ag=$("$tmp/hookbench" -runs "$RUNS" -label actionguard-hook -input "$f" -- "$tmp/actionguard-hook" hook claude-code)
	echo "$ag" | awk -v i="$input" -F'[:,]' '{for (k=1;k<NF;k++) {if ($k ~ /median_ms/) m=$(k+1); if ($k ~ /p99_ms/) p=$(k+1); if ($k ~ /peak_rss_kib/) r=$(k+1)}} END {printf "%-16s %-16s %9.2f %9.2f %10.1f\n", i, "actionguard-hook", m, p, r/1024}'
	full=$("$tmp/hookbench" -runs "$RUNS" -label actionguard -input "$f" -- "$tmp/actionguard" hook claude-code)
	# The ratio is against the full CLI, the slower of the two.
	agm=$(echo "$full" | sed -E 's/.*"median_ms":([0-9.]+).*/\1/')
	echo "$full" | awk -v i="$input" -F'[:,]' '{for (k=1;k<NF;k++) {if ($k ~ /median_ms/) m=$(k+1); if ($k ~ /p99_ms/) p=$(k+1); if ($k ~ /peak_rss_kib/) r=$(k+1)}} END {printf "%-16s %-16s %9.2f %9.2f %10.1f\n", i, "actionguard hook", m, p, r/1024}'
	if [ -n "$ccsn" ]; then
		cc=$("$tmp/hookbench" -runs "$((RUNS / 4))" -label cc-safety-net -input "$f" -- node "$ccsn" hook --claude-code)
		echo "$cc" | awk -v i="$input" -v a="$agm" -F'[:,]' '{for (k=1;k<NF;k++) {if ($k ~ /median_ms/) m=$(k+1); if ($k ~ /p99_ms/) p=$(k+1); if ($k ~ /peak_rss_kib/) r=$(k+1)}} END {printf "%-16s %-16s %9.2f %9.2f %10.1f %7.1fx\n", i, "cc-safety-net", m, p, r/1024, m/a}'
	fi
done
"$tmp/actionguard" audit verify
