#!/usr/bin/env bash
# Differential check for changes that must not change a decision (speed
# work): check --jsonl of a reference commit and of the working tree run over
# the same actions, and the decisions must be byte-identical, line by line.
#
#   bench/diffcheck.sh [REF]
#
# REF defaults to the merge base with main. The actions: N generated ones
# (bench/genactions over the labelled corpus, N=100000 by default) and the
# adversarial, attack, seed, NL2Bash and PII inputs (bench/diffactions).
# The reference binary is kept in $DIFFCHECK_CACHE (default
# ${TMPDIR:-/tmp}/actionguard-diffcheck) under its commit id, as are the
# actions, so a second run builds only the working tree.
# POLICIES="a.yaml b.yaml" runs both binaries once more under each policy
# file (modes, levels, deny entries, custom rules), besides the default one.
set -euo pipefail
cd "$(dirname "$0")/.."
ref=$(git rev-parse --verify "${1:-$(git merge-base HEAD main)}^{commit}")
N=${N:-100000}
corpus=${CORPUS:-../shared/corpus}
[ -d "$corpus" ] || corpus=/work/shared/corpus
cache=${DIFFCHECK_CACHE:-${TMPDIR:-/tmp}/actionguard-diffcheck}
mkdir -p "$cache"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

old="$cache/ag-$ref"
if [ ! -x "$old" ]; then
	echo "building the reference ${ref:0:7}…"
	mkdir "$tmp/ref"
	git archive "$ref" | tar -x -C "$tmp/ref"
	(cd "$tmp/ref" && go build -o "$old.part" ./cmd/actionguard)
	mv "$old.part" "$old"
fi
echo "building the working tree…"
go build -o "$tmp/new" ./cmd/actionguard

gen="$cache/actions-$N.jsonl"
if [ ! -s "$gen" ]; then
	go run ./bench/genactions -n "$N" -corpus "$corpus/shell/labelled-commands.jsonl" > "$gen.part"
	mv "$gen.part" "$gen"
fi
go run ./bench/diffactions -repo . -corpus "$corpus" > "$tmp/extra.jsonl"

status=0
for pol in "" ${POLICIES:-}; do
for input in "$gen" "$tmp/extra.jsonl"; do
	name=$(basename "$input")${pol:+ under $pol}
	polflag=()
	[ -z "$pol" ] || polflag=(--policy "$(realpath "$pol")")
	# The same environment for both: a fixed home, no control plane of the
	# caller's, no audit log.
	run() { env -i PATH="$PATH" HOME="$tmp/home" GOMAXPROCS=1 "$1" "${polflag[@]}" check --jsonl --no-audit --cwd /home/dev/project < "$input" > "$2"; }
	run "$old" "$tmp/old.out"
	run "$tmp/new" "$tmp/new.out"
	lines=$(wc -l < "$input")
	if cmp -s "$tmp/old.out" "$tmp/new.out"; then
		echo "$name: $lines actions, decisions byte-identical"
		continue
	fi
	status=1
	n=$(diff <(cat "$tmp/old.out") "$tmp/new.out" | grep -c '^<' || true)
	echo "$name: $lines actions, $n decisions differ; the first ones:"
	paste -d '\n' "$input" "$tmp/old.out" "$tmp/new.out" |
		awk 'NR % 3 == 1 { a = $0 } NR % 3 == 2 { o = $0 } NR % 3 == 0 && o != $0 { print "action: " a; print "  old: " o; print "  new: " $0; if (++k == 5) exit }'
done
done
exit $status
