#!/usr/bin/env bash
# Throughput of `actionguard check --jsonl` on one core, and the Go
# benchmarks of the hot paths. Results go in docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-200000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/actionguard" ./cmd/actionguard
corpus=../shared/corpus/shell/labelled-commands.jsonl
go run ./bench/genactions -n "$N" -corpus "$corpus" > "$tmp/actions.jsonl"
echo "actions: $N ($(du -h "$tmp/actions.jsonl" | cut -f1))"

rate() { # label, extra flags
	local start end secs
	start=$(date +%s.%N)
	GOMAXPROCS=1 "$tmp/actionguard" check --jsonl "${@:2}" < "$tmp/actions.jsonl" > "$tmp/out.jsonl"
	end=$(date +%s.%N)
	lines=$(wc -l < "$tmp/out.jsonl")
	awk -v s="$start" -v e="$end" -v n="$N" -v l="$lines" -v label="$1" \
		'BEGIN { printf "%-34s %8.2f s  %10.0f actions/s  (%d decisions)\n", label, e - s, n / (e - s), l }'
}
rate "check --jsonl, no audit, 1 core" --no-audit
rate "check --jsonl, audited, 1 core" --db "$tmp/audit.db"
# The audited stream spools its records; verify drains them into the
# hash-chained log first (the drain's cost, not the stream's), then checks it.
start=$(date +%s.%N)
"$tmp/actionguard" audit verify --db "$tmp/audit.db"
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN { printf "%-34s %8.2f s\n", "audit verify (drain + verify)", e - s }'

echo
go test -run '^$' -bench 'BenchmarkCheck$|BenchmarkCheckEach' -benchtime 2s ./guard/
go test -run '^$' -bench . -benchtime 1s ./analyze/shell/ ./analyze/sql/
