#!/usr/bin/env bash
# Throughput of `actionguard redact` on one core over ordinary text: the
# prose of analyze/privacy/testdata/pii mixed with log lines and JSON, as
# one stream (plain) and as {"id","text"} lines (--jsonl). Target: ≥ 50 MB/s
# per core (design note, budgets). Results go in docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
MB=${MB:-50}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/actionguard" ./cmd/actionguard
python3 - "$MB" "$tmp" <<'PY'
import json, random, sys
mb, tmp = int(sys.argv[1]), sys.argv[2]
random.seed(7)
prose = open("analyze/privacy/testdata/pii/prose.txt").read().split("\n")
logs = [
    '2026-11-21T10:15:{:02d}Z INFO request id={} path=/api/v1/orders status=200 took={}ms',
    '2026-11-21T10:16:{:02d}Z WARN retry {} of 5 for job {} after timeout',
    '{{"event":"checkout","user":"u{}","items":{},"total":"{}.99","currency":"EUR"}}',
    'func handle{}(w http.ResponseWriter, r *http.Request) {{ return {} }}',
]
pii = ['Call me on 138{:08d}', 'write to user{}@example.com', 'card 4111 1111 1111 1111 exp {}/29',
       'server 10.0.{}.{}', 'IBAN DE89 3704 0044 0532 0130 00 ref {}']
plain = open(tmp + "/text.txt", "w")
jl = open(tmp + "/text.jsonl", "w")
size, i = 0, 0
while size < mb << 20:
    r = random.random()
    if r < 0.55:
        line = random.choice(prose)
    elif r < 0.97:
        line = random.choice(logs).format(random.randint(0, 59), random.randint(1000, 99999), random.randint(1, 999))
    else:
        line = random.choice(pii).format(random.randint(0, 255), random.randint(1, 255))
    plain.write(line + "\n")
    jl.write(json.dumps({"id": str(i), "text": line}) + "\n")
    size += len(line) + 1
    i += 1
PY
rate() { # label, input, flags
	local start end bytes
	bytes=$(stat -c %s "$2")
	start=$(date +%s.%N)
	GOMAXPROCS=1 taskset -c 0 "$tmp/actionguard" redact "${@:3}" < "$2" > "$tmp/out"
	end=$(date +%s.%N)
	awk -v s="$start" -v e="$end" -v b="$bytes" -v label="$1" \
		'BEGIN { printf "%-32s %6.1f MiB in %5.2f s  %7.1f MB/s\n", label, b / 1048576, e - s, b / 1e6 / (e - s) }'
}
# Peak memory: plain text is read in windows, so the resident set stays a
# few megabytes whatever the input's size.
peak() { # label, input, flags
	/usr/bin/time -f "%M" -o "$tmp/rss" "$tmp/actionguard" redact "${@:3}" < "$2" > "$tmp/out"
	awk -v kb="$(tail -1 "$tmp/rss")" -v b="$(stat -c %s "$2")" -v label="$1" \
		'BEGIN { printf "%-32s %6.1f MiB in, peak RSS %6.1f MiB\n", label, b / 1048576, kb / 1024 }'
}
rate "redact (plain text), 1 core" "$tmp/text.txt"
rate "redact --jsonl, 1 core" "$tmp/text.jsonl" --jsonl
peak "redact (plain text)" "$tmp/text.txt"
peak "redact --jsonl" "$tmp/text.jsonl" --jsonl
echo
go test -run '^$' -bench 'BenchmarkRedact|BenchmarkDetect|BenchmarkStream' -benchtime 2s ./analyze/privacy/
