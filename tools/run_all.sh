#!/usr/bin/env bash
# `make run`: co-simulate every catalogue unit at its default (paper) parameters and print one
# summary table: unit, cycles, cycles compared, mismatches, transition coverage, area.
# Area comes from `gpucoh area` (Yosys + osu018 + OpenSTA), cached per parameter set.
# A JSON copy of the table is written to build/out/run-summary.json.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
export GPUCOH_ROOT=$ROOT
CYCLES=${1:-1000000}
G=build/gpucoh
OUT=build/out
mkdir -p "$OUT"
UNITS=$($G list | awk 'NR > 1 && $1 != "" && $2 != "source:" && $1 !~ /^--/ {print $1}' | grep -v '^$')
rows=()
json="["
status=0
for u in $UNITS; do
    echo "== $u: co-simulation, $CYCLES cycles"
    $G cosim "$u" --cycles "$CYCLES" --seed 1 --json "$OUT/run-$u.json" | tee "$OUT/run-$u.log" | head -1
    rc=${PIPESTATUS[0]}
    [ "$rc" -eq 0 ] || status=1
    line=$(grep -E '^(PASS|FAIL) ' "$OUT/run-$u.log")
    cyc=$(echo "$line" | sed -n 's/.*: \([0-9]*\) cycles.*/\1/p')
    cmp=$(echo "$line" | sed -n 's/.* \([0-9]*\) compared.*/\1/p')
    mis=$(echo "$line" | sed -n 's/.* \([0-9]*\) mismatches.*/\1/p')
    cov=$(echo "$line" | sed -n 's/.*coverage \([0-9]*\/[0-9]*\).*/\1/p')
    rate=$(echo "$line" | sed -n 's/.* \([0-9.]*\) M cycles\/s.*/\1/p')
    echo "== $u: area (Yosys + osu018 + OpenSTA; cached after the first run)"
    area="-"; kge="-"; ff="-"; fmax="-"
    if $G area "$u" --json "$OUT/run-$u-area.json" > "$OUT/run-$u-area.log" 2>&1; then
        area=$(grep -o '"area_um2": *[0-9.]*' "$OUT/run-$u-area.json" | grep -o '[0-9.]*$')
        kge=$(grep -o '"ge": *[0-9.]*' "$OUT/run-$u-area.json" | grep -o '[0-9.]*$')
        ff=$(grep -o '"flops": *[0-9]*' "$OUT/run-$u-area.json" | grep -o '[0-9]*$')
        fmax=$(grep -o '"fmax_mhz": *[0-9.]*' "$OUT/run-$u-area.json" | grep -o '[0-9.]*$')
        kge=$(awk -v g="$kge" 'BEGIN{printf "%.1f", g/1000}')
        area=$(awk -v a="$area" 'BEGIN{printf "%.0f", a}')
        fmax=$(awk -v f="$fmax" 'BEGIN{printf "%.0f", f}')
    else
        echo "   area failed, see $OUT/run-$u-area.log"; status=1
    fi
    rows+=("$(printf '%-12s %10s %10s %10s %9s %10s %12s %8s %7s %9s' "$u" "$cyc" "$cmp" "$mis" \
        "$cov" "$rate" "$area" "$kge" "$ff" "$fmax")")
    json+="$([ "$json" = "[" ] || echo ,){\"unit\": \"$u\", \"cycles\": ${cyc:-0}, \"compared\": ${cmp:-0}, \"mismatches\": ${mis:-0}, \"coverage\": \"$cov\", \"area_um2\": \"$area\", \"kge\": \"$kge\", \"flops\": \"$ff\", \"fmax_mhz\": \"$fmax\"}"
done
echo
echo "gpucoh run: every catalogue unit at its default parameters (seed 1)"
printf '%-12s %10s %10s %10s %9s %10s %12s %8s %7s %9s\n' unit cycles compared mismatches \
    coverage "Mcycles/s" "area um^2" kGE flops "fmax MHz"
printf '%s\n' "${rows[@]}"
echo "$json]" > "$OUT/run-summary.json.tmp" && mv "$OUT/run-summary.json.tmp" "$OUT/run-summary.json"
echo "report: $OUT/run-summary.json"
exit $status
