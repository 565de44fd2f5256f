#!/usr/bin/env bash
# compare_litmus.sh -- the litmus verdicts through the TLM sockets (build/systemc/gpucoh_tlm)
# against `gpucoh litmus` (build/gpucoh), test by test and variant by variant
# (docs/systemc.md section 4.7).
#
#   tests/systemc/compare_litmus.sh [--runs N] [--impl c|lockstep] [--protocols "P..."]
#                                   [--seed S] [--out DIR] [FILE...]
#
# Defaults: every litmus/*.litmus file, every variant (tc-weak tc-strong tc-weak-c gpu-d gpu-h),
# 1000 runs (witnesses enforced), the C models, seed 1. Both tools run the same files, variants,
# runs and seed. For each (test, variant) it prints the two verdicts, forbidden + unexpected
# counts and witnesses seen / required, and "same" or "DIFF". A pair is the same when both
# verdicts are equal and, from 1000 runs on (where the runner enforces witnesses), both tools saw
# the same number of the file's witness outcomes; below 1000 runs a rare witness may show in one
# tool's few runs and not the other's, and the runner does not require it. Ends with
# "compare: N pairs, N same ..., N differ" and exits 1 if any differ.
set -uo pipefail
cd "$(dirname "$0")/../.."
runs=1000 impl=c seed=1 out=build/out/tlm-compare
protocols="tc-weak tc-strong tc-weak-c gpu-d gpu-h denovo-d denovo-d-ro denovo-h"
files=()
while [ $# -gt 0 ]; do
    case "$1" in
    --runs) runs=$2; shift 2 ;;
    --impl) impl=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --protocols) protocols=$2; shift 2 ;;
    -*) echo "compare_litmus.sh: unknown option $1" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
    esac
done
[ ${#files[@]} -eq 0 ] && files=(litmus/*.litmus)
mkdir -p "$out"
G=build/gpucoh T=build/systemc/gpucoh_tlm
[ -x $G ] && [ -x $T ] || { echo "compare_litmus.sh: build first (make build systemc)" >&2; exit 2; }
# "VERDICT TEST VARIANT FORBIDDEN+UNEXPECTED SEEN/WITNESSES" per summary line
summary() {
    sed -nE 's/^(PASS|FAIL|RACY) litmus ([^ ]+) ([^:]+): .* ([0-9]+) forbidden, [0-9]+ undefined, ([0-9]+) unexpected, witnesses ([0-9]+\/[0-9]+),.*/\1 \2 \3 \4 \5 \6/p' "$1" |
        awk '{print $1, $2, $3, $4 + $5, $6}'
}
t0=$(date +%s)
for p in $protocols; do
    $G litmus "${files[@]}" --protocol "$p" --runs "$runs" --impl "$impl" --seed "$seed" --quiet \
        --json "$out/gpucoh-$p.json" > "$out/gpucoh-$p.txt" 2>&1
    $T litmus "${files[@]}" --protocol "$p" --runs "$runs" --impl "$impl" --seed "$seed" --quiet \
        --json "$out/tlm-$p.json" > "$out/tlm-$p.txt" 2>&1
done
t1=$(date +%s)
cat "$out"/gpucoh-*.txt | summary /dev/stdin | sort > "$out/gpucoh.sum"
cat "$out"/tlm-*.txt | summary /dev/stdin | sort > "$out/tlm.sum"
# join needs both sides sorted by the key (test|variant) in its own collation: C for both
LC_ALL=C join -j1 <(awk '{print $2"|"$3, $1, $4, $5}' "$out/gpucoh.sum" | LC_ALL=C sort -k1,1) \
    <(awk '{print $2"|"$3, $1, $4, $5}' "$out/tlm.sum" | LC_ALL=C sort -k1,1) > "$out/joined"
n=0 same=0 diff=0
printf '%-40s %-10s  %-26s %-26s\n' test variant "gpucoh litmus" "gpucoh_tlm litmus"
while read -r key gv gb gw tv tb tw; do
    n=$((n + 1))
    if [ "$gv" = "$tv" ] && { [ "$runs" -lt 1000 ] || [ "$gw" = "$tw" ]; }; then
        same=$((same + 1)) tag=same
    else
        diff=$((diff + 1)) tag=DIFF
    fi
    printf '%-40s %-10s  %-4s bad %-4s witn %-8s  %-4s bad %-4s witn %-8s %s\n' "${key%%|*}" \
        "${key##*|}" "$gv" "$gb" "$gw" "$tv" "$tb" "$tw" "$tag"
done < "$out/joined"
expect=$(($(echo $protocols | wc -w) * ${#files[@]}))
what="same verdicts and witnesses"
[ "$runs" -lt 1000 ] && what="same verdicts (witnesses not enforced below 1000 runs)"
echo "compare: $n pairs of $expect, $same $what, $diff differ" \
    "($runs runs, impl $impl, seed $seed, $((t1 - t0)) s; outputs in $out)"
[ "$n" -eq "$expect" ] && [ "$diff" -eq 0 ]
