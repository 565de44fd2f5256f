#!/usr/bin/env bash
# Speed of the netlist lockstep against the RTL lockstep, one row per unit, in one run: for each
# unit the RTL lockstep and the netlist lockstep (gpucoh cosim --netlist) run back to back on the
# same parameter set, seed and cycle count, three times each, the fastest of each kept (the model
# builds and the synthesis are not timed: they are cached first). Prints the section
# "## Netlist lockstep" of docs/perf.md on stdout (tools/bench_all.sh includes it); --write puts
# it into docs/perf.md in place of an earlier one, before "## How the numbers are made".
#
#   tools/bench_netlist.sh [--write]
#
# The parameter sets are the netlist lockstep points of `make test` (tools/run_tests.sh): each
# unit's manifest field netlist_params.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
export GPUCOH_ROOT=$ROOT
G=build/gpucoh
OUT=build/bench-netlist
WRITE=0
[ "${1:-}" = "--write" ] && WRITE=1
[ -x "$G" ] || { echo "bench_netlist: $G missing (make build)" >&2; exit 2; }
mkdir -p "$OUT"

# unit|label|cycles; the parameters: the unit's manifest field netlist_params
POINTS=(
    "sig_bloom|m256-k6-c32|200000"
    "rdu|n3-m256-k4-g4-l32-c32-q2-t8|200000"
    "avu|m256-k4-g4-l32-c32-lines8-ew2-d2|200000"
    "tc_timer|ts8|1000000"
    "tc_gwct|wf8-ts8-cnt2|500000"
)
# UNIT -> "--param NAME=VALUE ..." (gpucoh units --get netlist_params UNIT)
nl_params() { "$G" units --get netlist_params "$1" | sed 's/[^ ][^ ]*/--param &/g'; }

num() { grep -o "\"$2\": *[0-9.]*" "$1" | head -1 | grep -o '[0-9.]*$'; }
best() { # best cycles/s of 3 runs: UNIT IMPL CYCLES PARAMS...
    local unit=$1 impl=$2 cyc=$3 b=0 r
    shift 3
    for i in 1 2 3; do
        # shellcheck disable=SC2086
        "$G" cosim "$unit" "$@" $([ "$impl" = netlist ] && echo --netlist) --cycles "$cyc" \
            --seed 7 --quiet --json "$OUT/$unit-$impl.json" > "$OUT/$unit-$impl.txt" 2>&1 ||
            { cat "$OUT/$unit-$impl.txt" >&2; echo "bench_netlist: $unit $impl failed" >&2; exit 1; }
        r=$(num "$OUT/$unit-$impl.json" cycles_per_second)
        b=$(awk -v a="$b" -v r="$r" 'BEGIN { print (r > a ? r : a) }')
    done
    echo "$b"
}

ROWS=()
for p in "${POINTS[@]}"; do
    IFS='|' read -r unit label cyc <<< "$p"
    params=$(nl_params "$unit")
    # shellcheck disable=SC2086
    {
        echo "== $unit $label: building / loading the RTL and netlist models (not timed)"
        "$G" cosim "$unit" $params --cycles 10 --quiet --json "$OUT/warm.json" > /dev/null
        "$G" cosim "$unit" $params --netlist --cycles 10 --quiet --json "$OUT/warm.json" > /dev/null
    } >&2
    # shellcheck disable=SC2086
    rtl=$(best "$unit" rtl "$cyc" $params)
    # shellcheck disable=SC2086
    nl=$(best "$unit" netlist "$cyc" $params)
    cells=$(num "$OUT/$unit-netlist.json" cells)
    flops=$(num "$OUT/$unit-netlist.json" flops)
    state=$(grep -q '"state_compared": true' "$OUT/$unit-netlist.json" && echo yes || echo no)
    ROWS+=("$(printf '| %s | %s | %s | %s | %s | %.0f | %.0f | %.1f | %s |' "$unit" "$label" \
        "$cells" "$flops" "$cyc" "$rtl" "$nl" \
        "$(awk -v a="$rtl" -v b="$nl" 'BEGIN { print (b > 0 ? a / b : 0) }')" "$state")")
done

# The TC system, small configuration, both protocols: every L1 and both L2 banks as netlists
# against the same system with RTL units (the timer RTL in both); then each of tc_l1 / tc_l2
# alone (`gpucoh cosim tc_l1 [--netlist]`: only that unit as RTL or netlist, the others C models)
sysbest() { # best cycles/s of 3 runs: WHAT ARGS... (WHAT: system | tc_l1 | tc_l2)
    local what=$1 b=0 r
    shift
    for i in 1 2 3; do
        "$G" cosim "$what" --cycles 100000 --seed 7 --quiet "$@" \
            --json "$OUT/system.json" > "$OUT/system.txt" 2>&1 ||
            { cat "$OUT/system.txt" >&2; echo "bench_netlist: $what $* failed" >&2; exit 1; }
        r=$(num "$OUT/system.json" cycles_per_s)
        b=$(awk -v a="$b" -v r="$r" 'BEGIN { print (r > a ? r : a) }')
    done
    echo "$b"
}
# cells / flops of a TC unit's netlist: from the synthesis result the warm-up run of this
# protocol loaded (its stderr names the directory: "netlist of tc_l1: synth/synth.sh result in")
tcsize() { # tcsize UNIT PROTOCOL -> "cells flops"
    local d
    d=$(sed -n "s/^gpucoh: netlist of $1: synth\/synth.sh result in //p" "$OUT/warm-$2.txt" | head -1)
    [ -f "$d/area.txt" ] || { echo "bench_netlist: no synthesis result of $1 ($2) in $OUT/warm-$2.txt" >&2; exit 1; }
    awk '$1 == "cells" { c = $2 } $1 == "flops" { f = $2 } END { print c, f }' "$d/area.txt"
}
for p in tc-weak tc-strong; do
    {
        echo "== system $p small: building / loading the RTL and netlist models (not timed)"
        "$G" cosim system --protocol "$p" --cycles 10 --quiet > /dev/null
        "$G" cosim system --protocol "$p" --netlist l1,l2 --cycles 10 > /dev/null 2> "$OUT/warm-$p.txt"
    } >&2
    srtl=$(sysbest system --protocol "$p")
    snl=$(sysbest system --protocol "$p" --netlist l1,l2)
    sz=$(tcsize tc_l1 "$p"); read -r c1 f1 <<< "$sz"
    sz=$(tcsize tc_l2 "$p"); read -r c2 f2 <<< "$sz"
    ROWS+=("$(printf '| system | small, %s: 4 tc_l1 + 2 tc_l2 netlists | 4 x %s + 2 x %s | 4 x %s + 2 x %s | 100000 | %.0f | %.0f | %.1f | yes |' \
        "$([ "$p" = tc-weak ] && echo TC-Weak || echo TC-Strong)" "$c1" "$c2" "$f1" "$f2" \
        "$srtl" "$snl" "$(awk -v a="$srtl" -v b="$snl" 'BEGIN { print (b > 0 ? a / b : 0) }')")")
    for u in tc_l1 tc_l2; do
        urtl=$(sysbest "$u" --param protocol="$p")
        unl=$(sysbest "$u" --param protocol="$p" --netlist)
        sz=$(tcsize "$u" "$p"); read -r c f <<< "$sz"
        ROWS+=("$(printf '| %s | small, %s, in the system (others C models) | %s | %s | 100000 | %.0f | %.0f | %.1f | yes |' \
            "$u" "$([ "$p" = tc-weak ] && echo TC-Weak || echo TC-Strong)" "$c" "$f" \
            "$urtl" "$unl" "$(awk -v a="$urtl" -v b="$unl" 'BEGIN { print (b > 0 ? a / b : 0) }')")")
    done
done

section() {
    echo "## Netlist lockstep"
    echo
    echo "Generated by \`tools/bench_netlist.sh\` on $(date -u +%Y-%m-%d); do not edit by hand."
    echo
    echo "\`gpucoh cosim <unit> --netlist\` against \`gpucoh cosim <unit>\` (the RTL lockstep), and"
    echo "\`gpucoh cosim system --netlist l1,l2\` against \`gpucoh cosim system\` (system cycles/s;"
    echo "for tc_l1 / tc_l2 \`gpucoh cosim tc_l1 [--netlist]\`, the system with only that unit as"
    echo "RTL or netlist: system cycles/s, 4 L1s or 2 banks),"
    echo "at the parameter sets of the netlist checks of \`make test\`: the same seed (7), stimulus"
    echo "and cycle count, run back to back in one process of this script, three times"
    echo "each, the fastest kept. The rate is the engine's own (cycles of lockstep divided by the"
    echo "time of the lockstep loop: C model tick, Verilated tick, output and state compare); the"
    echo "synthesis and the model builds are cached beforehand and not timed. Both models are"
    echo "built with the same Verilator flags (\`-O3 --x-assign fast --x-initial fast\`, FST"
    echo "tracing compiled in, C++ \`-O2\`); the netlist model adds \`-fno-const-bit-op-tree\`"
    echo "(docs/testing.md, \"Netlist lockstep\"). cells / flops: the osu018 netlist that"
    echo "\`gpucoh area\` reports. Machine: $(nproc) cores shared with other jobs,"
    echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load average at the"
    echo "end $(cut -d' ' -f1-3 /proc/loadavg)."
    echo
    echo "| unit | parameters | cells | flops | cycles | RTL lockstep (cycles/s) | netlist lockstep (cycles/s) | RTL / netlist | state compared |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|---|"
    printf '%s\n' "${ROWS[@]}"
    echo
    echo "The netlist model evaluates single-bit cells where the RTL model works on words; the"
    echo "ratio is largest for sig_bloom, whose RTL model sets, reads and hashes its signature"
    echo "with a few word operations per cycle, smallest for the 8-bit tc_timer (59 cells)."
}

if [ "$WRITE" = 1 ]; then
    TMP=docs/perf.md.netlist.tmp
    section > "$OUT/section.md"
    awk -v sec="$OUT/section.md" '
        function put() { while ((getline l < sec) > 0) print l; print ""; done = 1 }
        /^## Netlist lockstep$/ { skip = 1; next }
        skip && /^## / { skip = 0 }
        skip { next }
        /^## How the numbers are made$/ && !done { put() }
        { print }
        END { if (!done) { print ""; put() } }' docs/perf.md > "$TMP"
    mv "$TMP" docs/perf.md
    echo "bench_netlist: wrote the section \"Netlist lockstep\" of docs/perf.md" >&2
else
    section
fi
