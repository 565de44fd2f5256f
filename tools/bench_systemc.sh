#!/usr/bin/env bash
# bench_systemc.sh -- what the SystemC TLM-2.0 wrapper costs (docs/systemc.md section 4.8):
# the same work through the plain C harness (build/gpucoh) and through the TLM sockets
# (build/systemc/gpucoh_tlm), one run each, wall time of the whole command, printed as a small
# markdown table.
#
#   tools/bench_systemc.sh [--quick]
#
# Rows: the episode tester (C models at the small and the paper configuration, lockstep with the
# RTL at the small one, and the TLM side with quantum 8) and the whole litmus suite under one
# variant. "cycles/s" is the system's simulated cycles per wall second (the TLM platform's cycle
# counts differ a little: a wavefront's next operation reaches the system one cycle later,
# docs/systemc.md section 4.4); the last column is the C harness's rate over the TLM one (the
# SystemC overhead; for litmus the ratio of wall times). Single runs on a shared machine: expect
# +-20 %.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=false
[ "${1:-}" = "--quick" ] && quick=true
make --no-print-directory -s build systemc >/dev/null
G=build/gpucoh T=build/systemc/gpucoh_tlm
out=build/out/bench-systemc
mkdir -p "$out"
eps=1000 peps=20 leps=100 lruns=1000
$quick && eps=40 peps=1 leps=4 lruns=50

now() { date +%s.%N; }
# jnum FILE KEY: the last number after "KEY": in a JSON report (the run's, after the config's)
jnum() { grep -o "\"$2\": [0-9]*" "$1" | tail -1 | sed 's/.*: //'; }

# time_cmd OUT CMD...: runs CMD quietly, echoes the wall seconds
time_cmd() {
    local o=$1 t0 t1
    shift
    t0=$(now)
    "$@" > "$o" 2>&1 || { echo "bench_systemc.sh: failed: $* (see $o)" >&2; exit 1; }
    t1=$(now)
    echo "$t1 - $t0" | bc -l
}

rows=()
episode_row() { # NAME GPUCOH-ARGS -- TLM-ARGS
    local name=$1 ga=() ta=() s1 s2 c1 c2 f
    f=$(echo "$name" | tr 'A-Z' 'a-z' | tr -c 'a-z0-9\n' '-' | tr -s '-')
    shift
    while [ "$1" != "--" ]; do ga+=("$1"); shift; done
    shift
    ta=("$@")
    s1=$(time_cmd "$out/$f-c.txt" $G episode --quiet --json "$out/$f-c.json" "${ga[@]}")
    s2=$(time_cmd "$out/$f-tlm.txt" $T episode --quiet --json "$out/$f-tlm.json" "${ta[@]}")
    c1=$(jnum "$out/$f-c.json" cycles)
    c2=$(jnum "$out/$f-tlm.json" cycles)
    rows+=("$(printf '| %s | %s cycles, %.2f s, **%s** cycles/s | %s cycles, %.2f s, **%s** cycles/s | %.2f |' \
        "$name" "$c1" "$s1" "$(printf '%.0f' "$(echo "$c1 / $s1" | bc -l)")" "$c2" "$s2" \
        "$(printf '%.0f' "$(echo "$c2 / $s2" | bc -l)")" "$(echo "($c1 / $s1) / ($c2 / $s2)" | bc -l)")")
}

e="--protocol tc-weak --episodes $eps --seed 1"
episode_row "episode tc-weak, small, C models, $eps episodes" $e -- $e
e="--protocol gpu-h --episodes $eps --seed 1"
episode_row "episode gpu-h, small, C models, $eps episodes" $e -- $e
e="--protocol tc-weak --config paper --episodes $peps --seed 1"
episode_row "episode tc-weak, paper (16 SMs x 48 wf), C models, $peps episodes" $e -- $e
e="--protocol tc-weak --episodes $leps --seed 1 --impl lockstep"
episode_row "episode tc-weak, small, lockstep (RTL), $leps episodes" $e -- $e
e="--protocol tc-weak --episodes $eps --seed 1"
episode_row "episode tc-weak, small, C models, $eps episodes; TLM quantum 8" $e -- $e --quantum 8

s1=$(time_cmd "$out/litmus-c.txt" $G litmus litmus/*.litmus --protocol tc-weak --runs $lruns --quiet \
    --json "$out/litmus-c.json")
s2=$(time_cmd "$out/litmus-tlm.txt" $T litmus litmus/*.litmus --protocol tc-weak --runs $lruns --quiet \
    --json "$out/litmus-tlm.json")
nf=$(ls litmus/*.litmus | wc -l)
tr=$(grep -o '"transactions": [0-9]*' "$out/litmus-tlm.json" | awk '{s += $2} END {print s}')
rows+=("$(printf '| litmus, %s files x %s runs, tc-weak, C models | %.2f s | %.2f s (%s transactions) | %.2f (wall time) |' \
    "$nf" "$lruns" "$s1" "$s2" "$tr" "$(echo "$s2 / $s1" | bc -l)")")

echo "SystemC TLM-2.0 overhead, $(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)," \
    "gpucoh $($G --version | sed 's/^gpucoh //')"
echo "command: tools/bench_systemc.sh${1:+ $1}"
echo
echo "| workload (same seed, same work) | gpucoh (C harness) | gpucoh_tlm (TLM sockets) | C rate / TLM rate |"
echo "|---|---|---|--:|"
printf '%s\n' "${rows[@]}"
