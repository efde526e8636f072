#!/usr/bin/env bash
# The sharded CI run, locally.
#
#   ci/run-shards.sh [N]
#       Runs every entry of `xarch matrix --shards N` (default 3) one after
#       another, each exactly as the workflow's test job runs it (the shard
#       mode below), merges them with `xarch report merge --matrix`, runs one
#       unsharded `xarch test --arch all`, and checks the two agree: the same
#       result cells with the same status and case counts, the same totals
#       lines. (Notes are not compared: they carry per-shard timings.) Exit 0 only when they agree and nothing is
#       missing. The work directory is kept on failure or with KEEP=1.
#
#   ci/run-shards.sh shard ARCH MODEL I/N DIR
#       One matrix entry, as .github/workflows/xarch.yml runs it: writes
#       DIR/result.json, DIR/junit.xml and DIR/log.txt; exits as `xarch test`.
#
# XARCH names the xarch binary; by default it is built from this tree.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

build_xarch() { # dir
  if [ -z "${XARCH:-}" ]; then
    XARCH="$1/xarch"
    go build -o "$XARCH" ./cmd/xarch
  fi
  export XARCH
}

if [ "${1:-}" = shard ]; then
  [ $# -eq 5 ] || { echo "usage: $0 shard ARCH MODEL I/N DIR" >&2; exit 2; }
  arch=$2 model=$3 shard=$4 dir=$5
  mkdir -p "$dir"
  if [ -z "${XARCH:-}" ]; then
    bindir=$(mktemp -d)
    trap 'rm -rf "$bindir"' EXIT
    build_xarch "$bindir"
  fi
  set +e
  "$XARCH" test --arch "$arch" --model "$model" --shard "$shard" \
    --json "$dir/result.json" --junit "$dir/junit.xml" --no-progress 2>&1 | tee "$dir/log.txt"
  rc=${PIPESTATUS[0]}
  exit "$rc"
fi

shards=${1:-3}
work=$(mktemp -d)
# Kept when something failed (to read the logs) or KEEP=1.
cleanup() {
  local rc=$?
  if [ "$rc" -eq 0 ] && [ "${KEEP:-}" != 1 ]; then rm -rf "$work"; else echo "run-shards: work directory kept: $work"; fi
}
trap cleanup EXIT
build_xarch "$work"
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

"$XARCH" matrix --shards "$shards" >"$work/matrix.json"
"$XARCH" matrix --shards "$shards" --format lines >"$work/matrix.txt"
n=$(wc -l <"$work/matrix.txt")
echo "run-shards: $n matrix entries (arch x model x $shards shards)"

t0=$(now)
red=0
while IFS=$'\t' read -r arch model shard count _os id; do
  s=$(now)
  if bash "$0" shard "$arch" "$model" "$shard/$count" "$work/shards/$id" >/dev/null 2>&1 </dev/null; then
    st=ok
  else
    st="FAILED (exit $?, log: $work/shards/$id/log.txt)"
    red=$((red + 1))
  fi
  printf '  %-28s %6ss  %s\n' "$id" "$(secs "$s" "$(now)")" "$st"
done <"$work/matrix.txt"
t1=$(now)

set +e
"$XARCH" report merge --matrix "$work/matrix.json" --json "$work/merged.json" --junit "$work/merged.xml" \
  "$work"/shards/*/result.json >"$work/merge.txt" 2>&1
merge_rc=$?
t2=$(now)
"$XARCH" test --arch all --no-progress --json "$work/full.json" >"$work/full.txt" 2>&1
full_rc=$?
t3=$(now)
set -e

echo "run-shards: shards $(secs "$t0" "$t1")s in sequence, merge $(secs "$t1" "$t2")s, unsharded run $(secs "$t2" "$t3")s"
fail=0
if grep -q '^MERGE PROBLEMS' "$work/merge.txt"; then
  sed -n '/^MERGE PROBLEMS/,$p' "$work/merge.txt"
  fail=1
fi
[ -s "$work/full.json" ] || { echo "run-shards: the unsharded run wrote no report:"; tail -5 "$work/full.txt"; exit 1; }
if ! diff <("$XARCH" report list "$work/merged.json") <("$XARCH" report list "$work/full.json") >"$work/cells.diff"; then
  echo "run-shards: merged cells differ from the unsharded run (< merged, > unsharded):"
  head -40 "$work/cells.diff"
  fail=1
fi
# The totals lines `xarch test` prints, without the wall time.
totals() { grep -E '^xarch: [0-9]+ passed|cases passed, wall time' "$1" | sed 's/, wall time .*//'; }
if ! diff <(totals "$work/merge.txt") <(totals "$work/full.txt") >/dev/null; then
  echo "run-shards: totals differ:"
  echo "  merged:    $(totals "$work/merge.txt" | tr '\n' ' ')"
  echo "  unsharded: $(totals "$work/full.txt" | tr '\n' ' ')"
  fail=1
fi
if [ "$merge_rc" -ne 0 ] && [ "$full_rc" -eq 0 ]; then
  echo "run-shards: merge failed (exit $merge_rc) where the unsharded run passed"
  fail=1
fi
cells=$("$XARCH" report list "$work/full.json" | wc -l)
echo "run-shards: merged: $(totals "$work/merge.txt" | tr '\n' ' ')"
echo "run-shards: $red of $n shard jobs red (the unsharded run exited $full_rc, the merge $merge_rc); $cells result cells compared"
if [ "$fail" -ne 0 ]; then
  echo "run-shards: FAILED: the merged shards do not equal the unsharded run"
  exit 1
fi
echo "run-shards: ok: $n shards merged equal one unsharded xarch test --arch all"
if [ "$merge_rc" -ne 0 ]; then
  echo "run-shards: but the run itself is red (as the workflow's merge job would be): see $work/merge.txt"
  exit 1
fi
