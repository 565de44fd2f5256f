#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# tools/sim_compare.sh -- Verilator's speed options and Icarus Verilog on the project's own RTL,
# with the same testbench and the same stimulus for every simulator (issue 31 item 5;
# docs/perf-sim.md).
#
# For each target: a lockstep run of gpucoh records a wave (`gpucoh cosim UNIT --wave` for a
# standalone unit, `gpucoh cosim system --protocol P --wave` for a cache controller; the RTL
# already equals the C model there), tools/vcd_replay.awk takes the unit's pins cycle by cycle
# out of it, and a generated SystemVerilog testbench replays them: it drives the inputs of every
# cycle, compares every output with the recorded one (from the first cycle after a reset edge;
# `!==`, so an X that Icarus sees and Verilator's two-state model does not is a mismatch), and
# clocks. Every variant (a simulator and its options) builds that one testbench, must replay
# with 0 mismatches, and is then timed on the stimulus played over and over (at least REPEAT
# times, and until the run takes MIN_CPU seconds of CPU). The speed of a variant is its cycles
# per CPU second (user + system: on a shared machine wall time mostly measures the others'
# load), less the CPU of a one-cycle run (loading the model and the recording); the ratio is that speed over the speed of `v-project`, the flags tools/build_rtl.sh
# gives the project's lockstep models (-O3 --x-assign fast --x-initial fast --assert, C++ -O2).
# Every replay testbench is event-driven (`#` delays: Verilator's --timing scheduler), so its
# Verilator figures are not those of the project's C++-driven lockstep models (docs/perf.md):
# the comparison is of simulators and options on one description and one stimulus.
#
# Usage: tools/sim_compare.sh [options] TARGET...
#   TARGET          UNIT (a standalone unit: sig_bloom, rdu, avu, tc_gwct, tc_timer, gtsc_ovf)
#                   or PROTOCOL:SCOPE (a unit of the small system: tc-weak:sm0_l1,
#                   tc-weak:bank0_l2, gpu-d:sm0_l1, ...; the scopes `gpucoh cosim system --wave`
#                   names)
#   --cycles N      cycles recorded (default 4000)
#   --repeat R      times the recording is played in the timed run at least (default 25)
#   --min-cpu S     play it more times until the run takes S seconds of CPU (default 2)
#   --max-cpu S     a simulator that would take more than S/2 s of CPU to replay the recording
#                   once replays its first cycles only (a probe of 25 cycles decides how many;
#                   the table says so); any run is killed after 3 x S s (default 120)
#   --seed S        seed of the recorded run (default 1)
#   --config C      the system's configuration for PROTOCOL:SCOPE targets: small (default) or
#                   paper (a standalone unit runs at its lockstep's default parameters)
#   --variants L    comma-separated, from: icarus v-project v-cxx-O0 v-cxx-O3 v-noassert
#                   v-xunique v-threads2 v-pgo-threads2 v-gcc-pgo (default all). The two PGO
#                   variants are trained on the first half of the recording (build time
#                   includes the training run) and timed on all of it
#   --work DIR      where the waves, testbenches and builds go (default build/simcmp; made if
#                   missing only when its parent exists)
#   --json FILE     the report as JSON; --md FILE the table as markdown
# Exit status: 0 when every variant replayed with 0 mismatches, 1 otherwise, 2 on bad input.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
G=$ROOT/build/gpucoh
ALL_VARIANTS="icarus v-project v-cxx-O0 v-cxx-O3 v-noassert v-xunique v-threads2 v-pgo-threads2 v-gcc-pgo"
CYCLES=4000 REPEAT=25 MIN_CPU=2 MAX_CPU=120 SEED=1 CONFIG=small VARIANTS=$ALL_VARIANTS WORK=$ROOT/build/simcmp JSON="" MD=""
TARGETS=()

usage() { sed -n '/^# Usage:/,/^# Exit status/p' "$0" | sed 's/^# \{0,1\}//'; }
die() { echo "sim_compare: $*" >&2; exit 2; }
need_val() { if [ $# -lt 2 ] || [ -z "$2" ]; then die "$1 needs a value"; fi; }

while [ $# -gt 0 ]; do
    a=$1 v=""
    case $a in --*=*) v=${a#*=}; a=${a%%=*}; set -- "$a" "$v" "${@:2}" ;; esac
    case $a in
    -h | --help) usage; exit 0 ;;
    --cycles) need_val "$@"; CYCLES=$2; shift 2 ;;
    --repeat) need_val "$@"; REPEAT=$2; shift 2 ;;
    --seed) need_val "$@"; SEED=$2; shift 2 ;;
    --min-cpu) need_val "$@"; MIN_CPU=$2; shift 2 ;;
    --max-cpu) need_val "$@"; MAX_CPU=$2; shift 2 ;;
    --config) need_val "$@"; CONFIG=$2; shift 2 ;;
    --variants) need_val "$@"; VARIANTS=${2//,/ }; shift 2 ;;
    --work) need_val "$@"; WORK=$2; shift 2 ;;
    --json) need_val "$@"; JSON=$2; shift 2 ;;
    --md) need_val "$@"; MD=$2; shift 2 ;;
    -*) die "unknown option $a (--help)" ;;
    *) TARGETS+=("$a"); shift ;;
    esac
done
if ! [[ $CYCLES =~ ^[1-9][0-9]*$ ]] || [ "$CYCLES" -lt 10 ]; then die "--cycles is an integer >= 10 (got '$CYCLES')"; fi
[[ $REPEAT =~ ^[1-9][0-9]*$ ]] || die "--repeat is a positive integer (got '$REPEAT')"
[[ $SEED =~ ^[0-9]+$ ]] || die "--seed is a non-negative integer (got '$SEED')"
case $CONFIG in small | paper) ;; *) die "--config is small or paper (got '$CONFIG')" ;; esac
[[ $MIN_CPU =~ ^[0-9]+([.][0-9]+)?$ ]] || die "--min-cpu is a number of seconds (got '$MIN_CPU')"
[[ $MAX_CPU =~ ^[1-9][0-9]*$ ]] || die "--max-cpu is a whole number of seconds >= 1 (got '$MAX_CPU')"
[ ${#TARGETS[@]} -gt 0 ] || die "no TARGET (a unit, or PROTOCOL:SCOPE; --help)"
for v in $VARIANTS; do [[ " $ALL_VARIANTS " == *" $v "* ]] || die "unknown variant '$v' (known: $ALL_VARIANTS)"; done
[ -x "$G" ] || die "$G not built (make build)"
for t in verilator iverilog vvp; do command -v $t > /dev/null || die "$t not installed (make deps)"; done
for f in "$JSON" "$MD"; do
    [ -z "$f" ] || [ -d "$(dirname "$f")" ] || die "the directory of $f does not exist"
done
[ -d "$WORK" ] || [ -d "$(dirname "$WORK")" ] || die "--work $WORK: its parent directory does not exist"
units=$("$G" units --get name)
for t in "${TARGETS[@]}"; do
    if [[ $t == *:* ]]; then
        [[ ${t%%:*} =~ ^[a-z0-9-]+$ && ${t#*:} =~ ^[a-z0-9_]+$ ]] || die "target '$t' is not PROTOCOL:SCOPE"
        chk=$(mktemp -d)
        if ! msg=$("$G" cosim system --protocol "${t%%:*}" --impl c --cycles 1 --quiet --out "$chk" 2>&1); then
            rm -rf "$chk"; die "target '$t': $(grep -m1 . <<< "$msg")"
        fi
        rm -rf "$chk"
    else
        grep -qx "$t" <<< "$units" || die "unknown unit '$t' (gpucoh units)"
        [ "$("$G" units --get context "$t")" = standalone ] ||
            die "unit '$t' has no lockstep of its own: give it as PROTOCOL:SCOPE (e.g. tc-weak:sm0_l1)"
    fi
done
mkdir -p "$WORK"

PKGS=(rtl/gpucoh_atom_pkg.sv)
for f in rtl/*_pkg.sv rtl/*/*_pkg.sv; do [[ $f == rtl/gpucoh_atom_pkg.sv ]] || PKGS+=("$f"); done
cd "$ROOT"

# record TARGET DIR: the wave of one lockstep run and the unit's pins out of it
record() {
    local t=$1 d=$2 scope log=$2/record.log
    if [[ $t == *:* ]]; then
        scope=${t#*:}
        GPUCOH_ROOT=$ROOT "$G" cosim system --protocol "${t%%:*}" --config "$CONFIG" --cycles "$CYCLES" --seed "$SEED" \
            --wave "$d/rec.vcd" --out "$d/out" > "$log" 2>&1 ||
            { tail -3 "$log" >&2; die "the recording run of $t failed (log $log)"; }
    else
        scope=TOP
        GPUCOH_ROOT=$ROOT "$G" cosim "$t" --cycles "$CYCLES" --seed "$SEED" --illegal-rate 0 \
            --wave "$d/rec.vcd" --out "$d/out" > "$log" 2>&1 ||
            { tail -3 "$log" >&2; die "the recording run of $t failed (log $log)"; }
    fi
    rm -f "$d"/{ports,params}.txt "$d"/{stim,expo}.hex
    awk -v scope="$scope" -v dir="$d" -f tools/vcd_replay.awk "$d/rec.vcd" ||
        die "no pins of scope $scope in $d/rec.vcd"
    rm -f "$d/rec.vcd"
}

# overridable NAME...: the parameters (not localparams) declared in FILE, one a line
overridable() {
    # comments out, then "NAME =" (not ==, <=, >=, !=) and ";" as words of their own
    sed 's#//.*##' "$1" | tr '\n' ' ' | sed -E 's#/\*([^*]|\*+[^*/])*\*+/# #g;
        s/([^=<>!])=([^=])/\1 = \2/g; s/;/ ; /g' | awk '
        { n = split($0, tok, /[^A-Za-z0-9_$=<>!;]+/) }
        END {
            for (i = 1; i <= n; i++) {
                w = tok[i]
                if (w == "localparam") mode = "l"
                else if (w == "parameter") mode = "p"
                else if (w == ";") mode = ""
                else if (mode == "p" && tok[i + 1] == "=") print w
            }
        }'
}

# testbench DIR FILES...: DIR/tb.sv, the replay of DIR's recording by any simulator
testbench() {
    local d=$1; shift
    local mod ncyc
    mod=$(cat "$d/module.txt"); ncyc=$(cat "$d/cycles.txt")
    local topfile=""
    for f in "$@"; do grep -q "^module $mod\b" "$f" && topfile=$f; done
    [ -n "$topfile" ] || die "module $mod not found in its RTL files"
    local okp
    okp=$(overridable "$topfile" | sort -u)
    awk -v mod="$mod" -v N="$ncyc" -v okp="$okp" '
        BEGIN { n = split(okp, o, "\n"); for (i = 1; i <= n; i++) ok[o[i]] = 1 }
        FILENAME ~ /ports.txt$/ {
            np++; dir[np] = $1; nm[np] = $2; w[np] = $3
            if ($1 == "in") { wi += $3; ins = ins (ins == "" ? "" : ", ") $2 }
            else { wo += $3; outs = outs (outs == "" ? "" : ", ") $2 }
            if ($2 == "rst_ni") hasrst = 1
            next
        }
        FILENAME ~ /params.txt$/ { if ($1 in ok) pl = pl (pl == "" ? "" : ", ") "." $1 "(" $2 "\x27h" $3 ")"; next }
        END {
            print "// generated by tools/sim_compare.sh: the replay of one recorded lockstep run"
            print "`timescale 1ns/1ps"
            print "module gpucoh_replay;"
            printf "  localparam int N = %d, WI = %d, WO = %d;\n", N, wi, wo
            print "  logic clk_i = 1\x27b0;"
            for (i = 1; i <= np; i++) {
                r = (w[i] > 1) ? "[" w[i] - 1 ":0] " : ""
                printf "  %s %s%s;\n", (dir[i] == "in" ? "logic" : "wire "), r, nm[i]
            }
            print "  logic [WI-1:0] stim [0:N-1];"
            print "  logic [WO-1:0] expo [0:N-1];"
            printf "  %s %s u_dut (\n    .clk_i(clk_i)", mod, (pl == "" ? "" : "#(" pl ")")
            for (i = 1; i <= np; i++) printf ",\n    .%s(%s)", nm[i], nm[i]
            print "\n  );"
            print "  int reps, lim, mism, first, armed;"
            print "  initial begin"
            print "    if (!$value$plusargs(\"repeat=%d\", reps)) reps = 1;"
            print "    if (!$value$plusargs(\"cycles=%d\", lim) || lim > N) lim = N;"
            print "    $readmemh(\"stim.hex\", stim);"
            print "    $readmemh(\"expo.hex\", expo);"
            print "    mism = 0; first = -1;"
            print "    for (int p = 0; p < reps; p++) begin"
            printf "      armed = %d;\n", hasrst ? 0 : 1
            print "      for (int c = 0; c < lim; c++) begin"
            printf "        {%s} = stim[c];\n", ins
            print "        #1;"
            printf "        if (armed != 0 && {%s} !== expo[c]) begin\n", outs
            print "          if (first < 0) first = p * N + c;"
            print "          mism = mism + 1;"
            print "        end"
            if (hasrst) print "        if (rst_ni == 1\x27b0) armed = 1;"
            print "        #4 clk_i = 1\x27b1;"
            print "        #5 clk_i = 1\x27b0;"
            print "      end"
            print "    end"
            print "    $display(\"replay: %0d cycles, %0d mismatches, first at %0d\", reps * lim, mism, first);"
            print "    $finish;"
            print "  end"
            print "endmodule"
        }' "$d/ports.txt" "$d/params.txt" > "$d/tb.sv"
}

# verilate DIR B OPT "EXTRA C++ FLAGS" VERILATOR-FLAGS... -- FILES... -> B/obj/Vgpucoh_replay
verilate() {
    local d=$1 b=$2 opt=$3 cxx=$4; shift 4
    local vfl=()
    while [ "$1" != -- ]; do vfl+=("$1"); shift; done
    shift
    read -ra unroll <<< "$("$G" units --get verilator_flags "$(cat "$d/unit.txt")" | tr '\n' ' ')"
    verilator --binary --timing -Wno-fatal -Wno-lint -Wno-style "${vfl[@]}" "${unroll[@]}" \
        -MAKEFLAGS "OPT_FAST=$opt OPT_SLOW=$opt OPT_GLOBAL=$opt" ${cxx:+-CFLAGS "$cxx" -LDFLAGS "$cxx"} \
        -j 2 -Irtl/include --top-module gpucoh_replay -Mdir "$b/obj" "$@" "$d/tb.sv" \
        >> "$b/build.log" 2>&1 || { tail -20 "$b/build.log" >&2; return 1; }
}

# train DIR B: the PGO training run, the first half of the recording
train() {
    local d=$1 b=$2 half
    half=$(( $(cat "$d/cycles.txt") / 2 ))
    (cd "$d" && "$b/obj/Vgpucoh_replay" +repeat=1 "+cycles=$half" "+verilator+prof+vlt+file+$b/profile.vlt") \
        >> "$b/build.log" 2>&1 || { tail -20 "$b/build.log" >&2; return 1; }
}

# build VARIANT DIR FILES... -> DIR/VARIANT/sim (a script that runs it); prints build seconds
build_variant() {
    local v=$1 d=$2; shift 2
    local b=$d/$v vfl=() opt=-O2 start
    rm -rf "$b"; mkdir -p "$b"
    start=$(date +%s.%N)
    if [ "$v" = icarus ]; then
        iverilog -g2012 -I rtl/include -s gpucoh_replay -o "$b/sim.vvp" "$@" "$d/tb.sv" \
            > "$b/build.log" 2>&1 || { tail -20 "$b/build.log" >&2; return 1; }
        printf '#!/bin/sh\nexec vvp -n %s/sim.vvp "$@"\n' "$b" > "$b/sim"
    else
        vfl=(-O3 --x-assign fast --x-initial fast --assert)
        case $v in
        v-cxx-O0) opt=-O0 ;;
        v-cxx-O3) opt=-O3 ;;
        v-noassert) vfl=(-O3 --x-assign fast --x-initial fast) ;;
        v-xunique) vfl=(-O3 --x-assign unique --x-initial unique --assert) ;;
        v-threads2) vfl+=(--threads 2) ;;
        esac
        case $v in
        v-pgo-threads2) # Verilator's own PGO: the thread schedule from a profiled run
            verilate "$d" "$b" "$opt" "" "${vfl[@]}" --threads 2 --prof-pgo -- "$@" || return 1
            train "$d" "$b" || return 1
            [ -s "$b/profile.vlt" ] || { echo "sim_compare: $v: the training run wrote no profile.vlt" >&2; return 1; }
            rm -rf "$b/obj"
            verilate "$d" "$b" "$opt" "" "${vfl[@]}" --threads 2 "$b/profile.vlt" -- "$@" || return 1
            ;;
        v-gcc-pgo) # the C++ compiler's PGO: -fprofile-generate, a training run, -fprofile-use
            verilate "$d" "$b" "$opt" "-fprofile-generate=$b/gcda" "${vfl[@]}" -- "$@" || return 1
            train "$d" "$b" || return 1
            [ -n "$(ls "$b/gcda" 2> /dev/null)" ] || { echo "sim_compare: $v: the training run wrote no profile" >&2; return 1; }
            find "$b/obj" -name '*.o' -delete; rm -f "$b/obj/Vgpucoh_replay"
            verilate "$d" "$b" "$opt" "-fprofile-use=$b/gcda -fprofile-correction -Wno-missing-profile" \
                "${vfl[@]}" -- "$@" || return 1
            ;;
        *) verilate "$d" "$b" "$opt" "" "${vfl[@]}" -- "$@" || return 1 ;;
        esac
        printf '#!/bin/sh\nexec %s/obj/Vgpucoh_replay "$@"\n' "$b" > "$b/sim"
    fi
    chmod +x "$b/sim"
    echo "$(date +%s.%N) - $start" | bc
}

# run DIR VARIANT REPEAT [CYCLES] -> "mismatch-line|wall cpu" (killed after 3 x MAX_CPU s)
run_variant() {
    local d=$1 v=$2 r=$3 k=${4:-0} out
    out=$(cd "$d" && /usr/bin/time -f 'TIME %e %U %S' timeout "$((3 * MAX_CPU))" "$d/$v/sim" \
        "+repeat=$r" "+cycles=$k" 2>&1) || true
    local line t
    line=$(grep -m1 '^replay:' <<< "$out" || true)
    t=$(grep -m1 '^TIME' <<< "$out" || echo "TIME 0 0 0")
    [ -n "$line" ] || { echo "$out" | tail -5 >&2; line="replay: did not finish"; }
    echo "$line|$(awk '{ print $2, $3 + $4 }' <<< "$t")"
}

rows=() fail=0
for t in "${TARGETS[@]}"; do
    d=$WORK/${t//:/-}
    [[ $t == *:* ]] && d=$d-$CONFIG
    mkdir -p "$d"
    echo "sim_compare: $t: recording $CYCLES cycles (seed $SEED)" >&2
    record "$t" "$d"
    unit=$(cat "$d/module.txt")
    echo "$unit" > "$d/unit.txt"
    # the packages first (those the unit's own list does not name), then its files in order
    mapfile -t own < <("$G" units --get rtl_files "$unit" | sed 's#^#rtl/#')
    files=()
    for f in "${PKGS[@]}"; do [[ " ${own[*]} " == *" $f "* ]] || files+=("$f"); done
    files+=("${own[@]}")
    testbench "$d" "${files[@]}"
    ncyc=$(cat "$d/cycles.txt")
    base_rate=""
    for v in $VARIANTS; do
        echo "sim_compare: $t: $v: build" >&2
        if ! bs=$(build_variant "$v" "$d" "${files[@]}"); then
            echo "FAIL $t $v: the simulator rejected the replay testbench (log $d/$v/build.log)"
            fail=1; rows+=("$t|$v|0|-|-|-|rejected (build.log)"); continue
        fi
        # start-up (loading the model and the recording: one cycle) and a probe of 25 cycles:
        # a simulator too slow to replay the whole recording within MAX_CPU/2 seconds of CPU
        # replays (and is timed on) the cycles that fit
        pr=$(run_variant "$d" "$v" 1 1)
        read -r _ cpu0 <<< "${pr#*|}"
        pr=$(run_variant "$d" "$v" 1 25)
        if [[ ${pr%%|*} != replay:* ]]; then
            echo "FAIL $t $v: 25 cycles not replayed in $((3 * MAX_CPU)) s (replay: cd $d && $v/sim +repeat=1 +cycles=25)"
            fail=1; rows+=("$t|$v|$bs|-|-|-|25 cycles not replayed in $((3 * MAX_CPU)) s"); continue
        fi
        read -r _ pcpu <<< "${pr#*|}"
        k=$(awk -v n="$ncyc" -v p="$pcpu" -v p0="$cpu0" -v m="$MAX_CPU" 'BEGIN {
            per = (p - p0) / 24; if (per <= 0) per = 0
            k = (per * n > m / 2) ? int(m / 2 / per) : n; if (k < 25) k = 25; print (k < n) ? k : n }')
        chk=$(run_variant "$d" "$v" 1 "$k")
        line=${chk%%|*}
        if ! [[ $line =~ ^replay:\ [0-9]+\ cycles,\ 0\ mismatches ]]; then
            echo "FAIL $t $v: $line (replay: cd $d && $v/sim +repeat=1)"
            fail=1; rows+=("$t|$v|$bs|-|-|-|$line"); continue
        fi
        # played REPEAT times, more until the run takes MIN_CPU seconds of CPU (timer resolution)
        r=$REPEAT
        while :; do
            echo "sim_compare: $t: $v: run x$r" >&2
            res=$(run_variant "$d" "$v" "$r" "$k")
            line=${res%%|*}; read -r wall cpu <<< "${res#*|}"
            [[ $line =~ ^replay:\ [0-9]+\ cycles,\ 0\ mismatches ]] || break
            cpu=$(awk -v c="$cpu" -v c0="$cpu0" 'BEGIN { c -= c0; printf "%.2f", (c < 0.01) ? 0.01 : c }')
            awk -v c="$cpu" -v m="$MIN_CPU" 'BEGIN { exit !(c < m) }' || break
            if [ "$r" -ge 10000000 ] || [ "$k" != "$ncyc" ]; then break; fi
            r=$(awk -v r="$r" -v c="$cpu" -v m="$MIN_CPU" 'BEGIN { f = (c > 0.05) ? 1.2 * m / c : 20; if (f < 2) f = 2; printf "%d", r * f }')
        done
        if ! [[ $line =~ ^replay:\ [0-9]+\ cycles,\ 0\ mismatches ]]; then
            echo "FAIL $t $v: $line (replay: cd $d && $v/sim +repeat=$r)"
            fail=1; rows+=("$t|$v|$bs|$wall|$cpu|-|$line"); continue
        fi
        cyc=$((k * r))
        [ "$k" = "$ncyc" ] || line="$line (the first $k of $ncyc recorded cycles: MAX_CPU)"
        rate=$(awk -v n="$cyc" -v c="$cpu" 'BEGIN { printf "%.0f", n / c }')
        [ "$v" = v-project ] && base_rate=$rate
        rows+=("$t|$v|$bs|$wall|$cpu|$cyc|$line")
        printf 'PASS %s %s: %d cycles, 0 mismatches, %.2f s CPU (%.2f s wall): %s cycles/s; build %.0f s\n' \
            "$t" "$v" "$cyc" "$cpu" "$wall" "$rate" "$bs"
    done
    echo "$base_rate" > "$d/base_rate"
done

# the table: cycles/s by CPU time and the speed relative to v-project of the same target
table() {
    echo "| target | variant | build s | CPU s | wall s | cycles/s (CPU) | speed / v-project |"
    echo "|---|---|--:|--:|--:|--:|--:|"
    for r in "${rows[@]}"; do
        IFS='|' read -r t v bs wall cpu cyc line <<< "$r"
        b=$WORK/${t//:/-}; [[ $t == *:* ]] && b=$b-$CONFIG
        base=$(cat "$b/base_rate")
        if [ "$cyc" = - ]; then echo "| $t | $v | ${bs%.*} | - | - | - | $line |"; continue; fi
        awk -v t="$t" -v v="$v" -v bs="$bs" -v w="$wall" -v c="$cpu" -v n="$cyc" -v b="$base" 'BEGIN {
            rate = (c > 0) ? sprintf("%.0f", n / c) : "-"
            ratio = (b != "" && b > 0 && c > 0) ? sprintf("%.3f", n / c / b) : "-"
            printf "| %s | %s | %.0f | %.2f | %.2f | %s | %s |\n", t, v, bs, c, w, rate, ratio }'
    done
}
table
if [ -n "$MD" ]; then table > "$MD.tmp" && mv "$MD.tmp" "$MD"; fi
if [ -n "$JSON" ]; then
    {
        printf '{"tool": "tools/sim_compare.sh", "cycles_recorded": %d, "repeat": %d, "seed": %d, "rows": [' \
            "$CYCLES" "$REPEAT" "$SEED"
        sep=""
        for r in "${rows[@]}"; do
            IFS='|' read -r t v bs wall cpu cyc line <<< "$r"
            printf '%s\n  {"target": "%s", "variant": "%s", "build_s": %s, "cpu_s": %s, "wall_s": %s, "cycles": %s, "replay": "%s"}' \
                "$sep" "$t" "$v" "$bs" "${cpu/-/null}" "${wall/-/null}" "${cyc/-/null}" "$line"
            sep=,
        done
        printf '\n], "verdict": "%s"}\n' "$([ $fail = 0 ] && echo PASS || echo FAIL)"
    } > "$JSON.tmp" && mv "$JSON.tmp" "$JSON"
fi
exit $fail
