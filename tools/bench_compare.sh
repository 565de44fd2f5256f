#!/usr/bin/env bash
# Speed of two builds of gpucoh measured in one run (docs/perf-compare.md): the paper-size TC
# system through `gpucoh bench system` (C alone, RTL alone, lockstep), the two builds
# alternating round by round so that a change in the machine's load falls on both; the table
# gives each build's median over the rounds and the ratio of the medians.
#
#   tools/bench_compare.sh BEFORE_DIR AFTER_DIR [ROUNDS] [CYCLES]   (default 5 rounds, 20000)
#
# Each DIR is a checkout with build/gpucoh built (its RTL models are built on the first run).
# The markdown table goes to stdout, progress to stderr.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BEFORE_DIR AFTER_DIR [ROUNDS] [CYCLES]" >&2; exit 2; }
A=$1 B=$2 R=${3:-5} C=${4:-20000}
for d in "$A" "$B"; do
    [ -x "$d/build/gpucoh" ] || { echo "bench_compare: no $d/build/gpucoh (make build there)" >&2; exit 2; }
done
[[ $R =~ ^[1-9][0-9]*$ && $C =~ ^[1-9][0-9]*$ ]] || { echo "bench_compare: ROUNDS and CYCLES are positive integers" >&2; exit 2; }
# the same traffic on both sides: a build with steered traffic runs it unsteered (--steer off),
# which is the earlier builds' stimulus cycle for cycle
steer() { if build/gpucoh help 2>/dev/null | grep -q -- '--steer'; then echo "--steer off"; fi; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for p in tc-weak tc-strong; do   # warm-up: builds the paper-size models
    for d in "$A" "$B"; do (cd "$d" && build/gpucoh bench system --protocol $p --config paper --cycles 1000 $(steer) >/dev/null 2>&1); done
done
for r in $(seq 1 "$R"); do
    for p in tc-weak tc-strong; do
        for side in A B; do
            d=$A; [ $side = B ] && d=$B
            line=$(cd "$d" && build/gpucoh bench system --protocol $p --config paper --cycles "$C" $(steer) 2>/dev/null | grep '^PASS bench system')
            echo "round $r $side $p: $line" >&2
            echo "$line" | sed -n 's/.* C \([0-9]*\), RTL \([0-9]*\), lockstep \([0-9]*\) cycles.*/\1 \2 \3/p' >> "$TMP/$side-$p"
        done
    done
done
med() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "| protocol | measure | before (median) | after (median) | after / before |"
echo "|---|---|--:|--:|--:|"
for p in tc-weak tc-strong; do
    for col in 1:C 2:RTL 3:lockstep; do
        k=${col%%:*} name=${col#*:}
        a=$(cut -d' ' -f"$k" "$TMP/A-$p" | med)
        b=$(cut -d' ' -f"$k" "$TMP/B-$p" | med)
        printf '| %s | %s | %s | %s | %s |\n' "$p" "$name" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b / a }')"
    done
done
