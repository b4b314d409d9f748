#!/usr/bin/env bash
# The hook with seed 002's context gathered (issue 8): one process per call
# in a git repository of 10,000 files whose tree is dirty (files changed
# late in the index, one change staged), with a session history, a
# transcript and the trust store in use. A risky command (rm -rf of a
# project directory) makes the hook read the index to tell whether work
# could be lost; a routine one does not.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-200}
FILES=${FILES:-10000}
# Not under /tmp: deleting in the temporary directory is routine, and the
# risky command must be judged as in a real project.
mkdir -p bench/.work
tmp=$(mktemp -d "$PWD/bench/.work/hookctx.XXXX")
trap 'rm -rf "$tmp"' EXIT
CGO_ENABLED=0 go build -trimpath -o "$tmp/actionguard-hook" ./cmd/actionguard-hook
go build -o "$tmp/hookbench" ./bench/hookbench
export ACTIONGUARD_DB="$tmp/state/audit.db" HOME="$tmp/home"
mkdir -p "$HOME"
repo="$tmp/home/work/app"
mkdir -p "$repo"
(
	cd "$repo"
	git init -q -b main
	for d in $(seq 0 99); do
		mkdir -p "src/pkg$d"
		for f in $(seq 0 $((FILES / 100 - 1))); do echo "package pkg$d // $f" >"src/pkg$d/f$f.go"; done
	done
	git add -A
	git -c user.name=b -c user.email=b@example.com commit -qm init
	touch -d '1 hour ago' .git/logs/HEAD
	for f in 97 98 99; do echo "// changed" >>"src/pkg99/f$f.go"; done
	echo "// staged" >>src/pkg50/f1.go
	git add src/pkg50/f1.go
)
echo "repository: $FILES files, $(cd "$repo" && git status --porcelain | wc -l) changed"
printf '{"type":"user","message":{"role":"user","content":"clean up the old package"}}\n' >"$tmp/transcript.jsonl"
input() { # name, tool input JSON
	printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":%s,"tool_use_id":"toolu_1"}' \
		"$tmp/transcript.jsonl" "$repo" "$2" >"$tmp/$1.json"
}
input routine '{"command":"git status"}'
input risky '{"command":"rm -rf src/pkg3"}'
input install '{"command":"npm install lodash"}'
# A session with history: twenty earlier calls.
for i in $(seq 1 20); do
	printf '{"session_id":"bench","cwd":"%s","hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"go test ./src/pkg%d"},"tool_response":{"stdout":"ok"}}' "$repo" "$i" |
		"$tmp/actionguard-hook" hook claude-code >/dev/null
done
printf "%-10s %9s %9s %10s  %s\n" input median_ms p99_ms rss_MiB answer
for i in routine risky install; do
	r=$("$tmp/hookbench" -runs "$RUNS" -label ctx -input "$tmp/$i.json" -- "$tmp/actionguard-hook" hook claude-code)
	echo "$r" | awk -v i="$i" -F'[:,]' '{for (k=1;k<NF;k++) {if ($k ~ /median_ms/) m=$(k+1); if ($k ~ /p99_ms/) p=$(k+1); if ($k ~ /peak_rss_kib/) r=$(k+1)}} END {printf "%-10s %9.2f %9.2f %10.1f  ", i, m, p, r/1024}'
	echo "$r" | grep -o 'permissionDecision\\":\\"[a-z]*' | head -1 | sed 's/.*"//'
done
