#!/usr/bin/env bash
# Instructions executed by two builds of gpucoh for the same paper-size TC system run
# (docs/perf-compare.md): callgrind counts every instruction, so unlike cycles/s on a shared
# machine the figure does not move with the load; it is the measure to decide a speed change
# by, the cycles/s of tools/bench_compare.sh the one a user sees.
#
#   tools/instr_compare.sh BEFORE_DIR AFTER_DIR [CYCLES]   (default 5000)
#   tools/instr_compare.sh --c [--also ARGS] BEFORE_DIR AFTER_DIR [CYCLES]
#
# Each DIR is a checkout with build/gpucoh built. For each protocol: the RTL alone
# (--impl rtl) and the lockstep, each build's total and per-part counts (the L1 and L2 models,
# the rest), and the ratio after / before. With --c: the C system alone (--impl c) of every
# protocol at the paper configuration, instructions per system cycle of the run loop only
# (gsys_run: the start-up left out), before and after (docs/perf-compare.md, issue 31); with
# --also ARGS a third count, the after build run with ARGS added (e.g. --also "--traffic events").
# Needs valgrind (tools/deps.sh installs it).
set -euo pipefail
csys=0 also=
if [ "${1:-}" = --c ]; then csys=1; shift; fi
if ((csys)) && [ "${1:-}" = --also ]; then
    if [ $# -lt 2 ] || [ -z "$2" ]; then echo "instr_compare: --also needs the arguments" >&2; exit 2; fi
    also=$2
    shift 2
fi
[ $# -ge 2 ] || { echo "usage: $0 [--c [--also ARGS]] BEFORE_DIR AFTER_DIR [CYCLES]" >&2; exit 2; }
A=$1 B=$2 C=${3:-5000}
[[ $C =~ ^[1-9][0-9]*$ ]] || { echo "instr_compare: CYCLES is a positive integer" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "instr_compare: valgrind not installed (make deps)" >&2; exit 2; }
for d in "$A" "$B"; do
    [ -x "$d/build/gpucoh" ] || { echo "instr_compare: no $d/build/gpucoh (make build there)" >&2; exit 2; }
done
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# the same traffic on both sides: a build with steered traffic (--steer, default on) runs the
# unsteered stimulus, which is the earlier builds' stimulus cycle for cycle
steer() { if build/gpucoh help 2>/dev/null | grep -q -- '--steer'; then echo "--steer off"; fi; }
# count DIR PROTO IMPL: "total l1 l2" in millions of instructions
count() {
    local out=$TMP/cg
    # shellcheck disable=SC2046
    (cd "$1" && build/gpucoh cosim system --protocol "$2" --config paper --cycles 10 --quiet \
        --impl "$3" $(steer) >/dev/null 2>&1 || true)   # builds the models outside the measurement
    (cd "$1" && valgrind --tool=callgrind --callgrind-out-file="$out" build/gpucoh cosim system \
        --protocol "$2" --config paper --cycles "$C" --quiet --impl "$3" $(steer) >/dev/null 2>&1)
    callgrind_annotate "$out" 2>/dev/null | awk '
        /PROGRAM TOTALS/ { t = $1; gsub(",", "", t) }
        /\[.*tc_l1-[0-9a-f]*\/model.so\]/ && !/tick\(/ { n = $1; gsub(",", "", n); l1 += n }
        /\[.*tc_l2-[0-9a-f]*\/model.so\]/ && !/tick\(/ { n = $1; gsub(",", "", n); l2 += n }
        END { printf "%.1f %.1f %.1f\n", t / 1e6, l1 / 1e6, l2 / 1e6 }'
}
# csteer DIR: "--steer off" when DIR's build has steered traffic and the other build has not (the
# unsteered stimulus is then the same on both sides); nothing when both have it (the default
# stimulus on both)
has_steer() { (cd "$1" && build/gpucoh help 2>/dev/null | grep -q -- '--steer'); }
csteer() {
    local other=$A
    [ "$1" = "$A" ] && other=$B
    if has_steer "$1" && ! has_steer "$other"; then echo "--steer off"; fi
}
# per_cycle DIR PROTO [ARGS]: "instructions_per_cycle operations" of the C system's run loop (exit
# 1 when the run fails or ends before CYCLES); ARGS (one string, split on blanks) added to the run
per_cycle() {
    local out=$TMP/cgc rc=0
    rm -f "$out"
    # shellcheck disable=SC2046,SC2086 # csteer: no option, or two words; ARGS: words
    (cd "$1" && valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect=gsys_run \
        build/gpucoh cosim system --protocol "$2" --config paper --cycles "$C" --impl c $(csteer "$1") \
        ${3:-} --out "$TMP/out" >"$TMP/run.log" 2>&1) || rc=$?
    if ((rc != 0)) || [ ! -s "$out" ] || ! grep -q "^PASS system $2: $C cycles" "$TMP/run.log"; then
        echo "instr_compare: $1: the run of $2 failed or ended early (exit $rc):" >&2
        tail -3 "$TMP/run.log" >&2
        exit 1
    fi
    local ops
    ops=$(sed -n 's/^traffic: pool .*, ops \([0-9]*\) completed.*/\1/p' "$TMP/run.log")
    callgrind_annotate "$out" 2>/dev/null | awk -v c="$C" -v o="${ops:-0}" \
        '/PROGRAM TOTALS/ { t = $1; gsub(",", "", t); printf "%d %d\n", t / c, o }'
}
# per_op "INSTR_PER_CYCLE OPS": instructions per completed operation
per_op() { awk -v i="${1%% *}" -v o="${1##* }" -v c="$C" 'BEGIN { printf "%.0f", (o > 0 ? i * c / o : 0) }'; }
if ((csys)); then
    if [ -n "$also" ]; then
        echo "| protocol | before (instr./cycle) | after | before / after | after: instr./operation | after, $also: instr./cycle | instr./operation | after / after, $also (instr./operation) |"
        echo "|---|--:|--:|--:|--:|--:|--:|--:|"
    else
        echo "| protocol | before (instr./cycle) | after | before / after |"
        echo "|---|--:|--:|--:|"
    fi
    for p in tc-weak tc-strong tc-weak-c gpu-d gpu-h gpu-rsp denovo-d denovo-d-ro denovo-h hlrc \
        hlrc-scoped gtsc gtsc-sc; do
        echo "instr_compare: $p ..." >&2
        a=$(per_cycle "$A" $p) || exit 1
        b=$(per_cycle "$B" $p) || exit 1
        bo=$(per_op "$b")
        a=${a%% *} b=${b%% *}
        [[ $a =~ ^[1-9][0-9]*$ && $b =~ ^[1-9][0-9]*$ ]] || { echo "instr_compare: no count for $p" >&2; exit 1; }
        r=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", a / b }')
        if [ -n "$also" ]; then
            e=$(per_cycle "$B" $p "$also") || exit 1
            eo=$(per_op "$e")
            printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$p" "$a" "$b" "$r" "$bo" "${e%% *}" \
                "$eo" "$(awk -v a="$bo" -v b="$eo" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
        else
            printf '| %s | %s | %s | %s |\n' "$p" "$a" "$b" "$r"
        fi
    done
    exit 0
fi
echo "| protocol | run | part | before (M instr.) | after (M instr.) | after / before |"
echo "|---|---|---|--:|--:|--:|"
for p in tc-weak tc-strong; do
    for impl in rtl lockstep; do
        echo "instr_compare: $p $impl ..." >&2
        read -r ta a1 a2 < <(count "$A" $p $impl)
        read -r tb b1 b2 < <(count "$B" $p $impl)
        for row in "total $ta $tb" "L1 models $a1 $b1" "L2 models $a2 $b2"; do
            set -- $row
            [ $# -eq 4 ] && { name="$1 $2"; shift 2; } || { name=$1; shift; }
            printf '| %s | %s | %s | %s | %s | %s |\n' "$p" "$impl" "$name" "$1" "$2" \
                "$(awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b / a }')"
        done
    done
done
