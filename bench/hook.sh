#!/usr/bin/env bash
# The whole `actionguard hook claude-code` process — stdin to exit, audit
# record written — against cc-safety-net (npm) on the same inputs: a routine
# command, a destructive git command, an inline script, a 200-line heredoc,
# an MCP call, a blocked rm of the home directory, a held force-push and a
# file written by the Write tool. The commands run interleaved, run by run
# (bench/hookbench), beside a process that only prints {} (the floor of a
# process start on this machine), so a host whose speed drifts slows them
# all alike.
# Prints one line per tool and input: median and p99 wall time, both net of
# the {} process, median CPU time (user+sys) net of it, peak RSS, and how
# many times faster than cc-safety-net the lean hook is (by median, raw).
#
# BASELINE=path/to/actionguard-hook adds an older build of the lean hook,
# measured in the same rounds.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-200}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Built as `make build` does: static, and the lean hook binary beside the main one.
# Then copied into place, as BASELINE is: on this machine a file the Go linker had
# just written ran 10–25% more CPU a process than a copy of it (docs/benchmarks.md,
# "The hook process, 2026-11-29 late night"), which made a fresh build look slower
# than a copied baseline.
mkdir "$tmp/build"
CGO_ENABLED=0 go build -trimpath -o "$tmp/build/actionguard" ./cmd/actionguard
CGO_ENABLED=0 go build -trimpath -o "$tmp/build/actionguard-hook" ./cmd/actionguard-hook
CGO_ENABLED=0 go build -trimpath -o "$tmp/build/hookbench" ./bench/hookbench
cp "$tmp/build/actionguard" "$tmp/build/actionguard-hook" "$tmp/build/hookbench" "$tmp/"
export ACTIONGUARD_DB="$tmp/audit.db" HOME="$tmp/home"
mkdir -p "$HOME"

ccsn=""
if command -v node >/dev/null && command -v npm >/dev/null; then
	if (cd "$tmp" && npm install --silent --no-audit --no-fund --prefix "$tmp/ccsn" cc-safety-net@2.4.5 >/dev/null 2>&1); then
		ccsn="$tmp/ccsn/node_modules/cc-safety-net/dist/bin/cc-safety-net.js"
	fi
fi
[ -n "$ccsn" ] || echo "cc-safety-net could not be installed from npm: measuring actionguard alone"
cmds=(-cmd "actionguard-hook=$tmp/actionguard-hook hook claude-code" -cmd "actionguard_hook=$tmp/actionguard hook claude-code")
if [ -n "${BASELINE:-}" ]; then
	cp "$BASELINE" "$tmp/baseline-hook"
	cmds+=(-cmd "baseline-hook=$tmp/baseline-hook hook claude-code")
fi
# cc-safety-net takes tens of times longer: every fourth round.
[ -z "$ccsn" ] || cmds+=(-cmd "cc-safety-net/4=node $ccsn hook --claude-code")

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
printf "%-16s %-17s %9s %9s %9s %9s %9s %8s %8s\n" input tool median_ms net_ms p99_ms net_p99 net_cpu rss_MiB ratio
for input in routine git-destructive inline-script heredoc-200 mcp-send rm-home git-push-held write-file; do
	# -state: each command its own HOME and audit database.
	"$tmp/hookbench" -runs "$RUNS" -input "bench/hookinputs/$input.json" -empty -state "$tmp/state-$input" "${cmds[@]}" |
		awk -v i="$input" '
		function field(name,   m) { return match($0, "\"" name "\":[-0-9.]+") ? substr($0, RSTART + length(name) + 3, RLENGTH - length(name) - 3) : "" }
		{ n++; label[n] = field("label") ; sub(/^"|".*$/, "", label[n]); if (match($0, /"label":"[^"]*"/)) label[n] = substr($0, RSTART + 9, RLENGTH - 10)
		  med[n] = field("median_ms"); net[n] = field("net_median_ms"); p99[n] = field("p99_ms"); np99[n] = field("net_p99_ms"); cpu[n] = field("net_cpu_median_ms"); rss[n] = field("peak_rss_kib")
		  if (label[n] == "actionguard-hook") lean = med[n]; if (label[n] == "cc-safety-net") cc = med[n] }
		END { for (k = 1; k <= n; k++) { tool = label[k]; if (tool == "actionguard_hook") tool = "actionguard hook"
		        ratio = ""; if (label[k] == "cc-safety-net" && lean > 0) ratio = sprintf("%7.1fx", cc / lean)
		        printf "%-16s %-17s %9.2f %9.2f %9.2f %9.2f %9.2f %8.1f %8s\n", i, tool, med[k], net[k], p99[k], np99[k], cpu[k], rss[k] / 1024, ratio } }'
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
# Every record the lean hook spooled is in an intact chain.
for input in routine git-destructive inline-script heredoc-200 mcp-send rm-home git-push-held write-file; do
	st="$tmp/state-$input/actionguard-hook"
	HOME="$st/home" ACTIONGUARD_DB="$st/audit.db" "$tmp/actionguard" audit verify
done
