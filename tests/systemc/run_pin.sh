#!/usr/bin/env bash
# tests/systemc/run_pin.sh -- the pin-level SystemC modules and their lockstep (docs/systemc.md).
#
# One line per check, "PASS <check> ..." or "FAIL <check> ...", then "N passed, N failed"; the
# exit status is 1 if a check failed. Logs: build/systemc/test-logs/.
#
#   1. every catalogue unit's two flavours (C model, Verilated RTL) in lockstep, SC_PIN_CYCLES
#      cycles (default 100 000): sig_bloom and tc_l2 at their default (paper) parameters, every
#      unit at the small parameter set of its mutant check below. Each must exit 0 with the
#      summary "PASS systemc <unit>: N cycles, 0 mismatches", outputs that changed in at least
#      1 % of the cycles, and a JSON report with verdict "pass"
#   2. one RTL mutant per unit (tests/mutants/<unit>/; SC_PIN_MUTANTS: only these units), built at a
#      parameter set that passes in 1: the lockstep must report a mismatch (exit 1, the port, a replay line); for sig_bloom
#      the replay line must reproduce it at the same cycle and port and write a VCD holding it
#   3. a second parameter set of sig_bloom (parallel, k = 4, C = 32: other port widths),
#      --param protocol=denovo-h choosing the system around denovo_l2, --protocol hlrc-scoped
#      around hlrc_l1 (Scoped=1), and a netlist of one's own
#      (systemc/example_netlist.cpp) built with the commands of the doc
#   4. bad input: exit status 2 with a message, nothing built or run
# Parameter sets are built on first use and cached under build/systemc/ (about 6-15 s each at a
# small set, 30 s for the paper-size tc_l2; 20 s once for the shared runtime): about 10 s with
# the builds cached, 5-7 minutes from a clean build/systemc (29 parameter sets).
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
export GPUCOH_ROOT=$ROOT
CYCLES=${SC_PIN_CYCLES:-100000}
LOGS=build/systemc/test-logs
rm -rf "$LOGS"
mkdir -p "$LOGS"
SC=build/systemc/sc_lockstep
NPASS=0
NFAIL=0
T0=$(date +%s)

pass() {
    NPASS=$((NPASS + 1))
    echo "PASS $*"
}
fail() {
    NFAIL=$((NFAIL + 1))
    echo "FAIL $1 ${2:-}"
    [ -n "${3:-}" ] && [ -f "$3" ] && tail -n 15 "$3" | sed 's/^/    | /'
}

if ! make -s "$SC" build/systemc/libgpucoh_cmodel.a > "$LOGS/make.log" 2>&1; then
    fail "systemc build" "(make $SC)" "$LOGS/make.log"
    echo "$NPASS passed, $NFAIL failed"
    exit 1
fi

# unit | parameters (the mutant's baseline) | mutant (tests/mutants/<unit>/)
SMALL=(
    "sig_bloom||03-insert-drops-hash0.mut"
    "tc_l2|--config small|01-gwct-post-increment.mut"
    "rdu|--param n=4 --param m=1024|02-race-dropped.mut"
    "avu|--param m=256 --param chunk_width=32 --param lines=16 --param spec_depth=4|06-validate-never-fails.mut"
    "tc_timer|--param ts_width=8|02-era-not-toggled.mut"
    "tc_gwct|--param wf=8|02-gwct-min-not-max.mut"
    "tc_l1|--config small|03-upgr-era-inverted.mut"
    "gpu_l1|--config small|01-acq-load-no-inv.mut"
    "gpu_l2|--config small|01-wt-whole-line.mut"
    "denovo_l1|--config small|05-fwd-stale-data.mut"
    "denovo_l2|--config small|02-gets-no-fwd.mut"
    "hlrc_l1|--config small|waves/01-inv-no-stale.mut"
    "hlrc_l2|--config small|10-evict-acked-as-wt.mut"
)
# SC_PIN_MUTANTS: the units whose mutant check 2 runs (words; default every unit of SMALL). make
# test names one unit per family (the comparison is sc_lockstep.cpp's for every unit: each
# family's pins are a header of its own), make regress runs them all
MUTANTS=${SC_PIN_MUTANTS:-$(for e in "${SMALL[@]}"; do printf '%s ' "${e%%|*}"; done)}
for u in $MUTANTS; do
    printf '%s\n' "${SMALL[@]}" | grep -q "^$u|" || { echo "run_pin.sh: SC_PIN_MUTANTS: no unit '$u'" >&2; exit 2; }
done
# the lockstep runs of 1: the paper-size tc_l2 (SC_PIN_PAPER=0 leaves it out: about 35 s of
# build), then every unit's mutant baseline
PASSRUNS=("${SMALL[@]}")
[ "${SC_PIN_PAPER:-1}" = 0 ] || PASSRUNS=("tc_l2|" "${SMALL[@]}")

# run UNIT NAME ARGS...: the lockstep, its exit status in RC, its output in $LOGS/NAME.log
run() {
    local unit=$1 name=$2
    shift 2
    "$SC" "$unit" --quiet "$@" > "$LOGS/$name.log" 2>&1
    RC=$?
}

# 1. the lockstep of every unit
for entry in "${PASSRUNS[@]}"; do
    IFS='|' read -r unit args mut <<< "$entry"
    t=$(date +%s)
    name=$unit${args:+-small}
    json=$LOGS/$name.json
    # shellcheck disable=SC2086
    run "$unit" "$name" --cycles "$CYCLES" --json "$json" $args
    log=$LOGS/$name.log
    what="systemc $unit lockstep${args:+ ($args)}"
    [ -n "$args" ] || what="systemc $unit lockstep (default parameters)"
    line=$(grep -m1 "^PASS systemc $unit: $CYCLES cycles, 0 mismatches$" "$log")
    active=$(sed -n 's/^  activity  \([0-9]*\) of .*/\1/p' "$log")
    if [ "$RC" -ne 0 ] || [ -z "$line" ]; then
        fail "$what" "(exit $RC)" "$log"
    elif [ "${active:-0}" -lt $((CYCLES / 100)) ]; then
        fail "$what" "(outputs changed in only ${active:-0} of $CYCLES cycles)" "$log"
    elif ! grep -q '"verdict": "pass"' "$json" || ! grep -q '"mismatches": 0,' "$json"; then
        fail "$what" "(JSON report $json)" "$log"
    else
        pass "$what: $CYCLES cycles, 0 mismatches, outputs changed in $active" \
            "($(($(date +%s) - t)) s)"
    fi
done

# 2. a mutant of every unit (of SC_PIN_MUTANTS) is caught
for entry in "${SMALL[@]}"; do
    IFS='|' read -r unit args mut <<< "$entry"
    [[ " $MUTANTS " == *" $unit "* ]] || continue
    t=$(date +%s)
    name=$unit-mutant
    # shellcheck disable=SC2086
    run "$unit" "$name" --cycles "$CYCLES" --mutant "tests/mutants/$unit/$mut" \
        --json "$LOGS/$name.json" $args
    log=$LOGS/$name.log
    port=$(sed -n 's/^  field     \([^ ]*\).*/\1/p' "$log")
    cyc=$(sed -n 's/^  first divergence at cycle \([0-9]*\) .*/\1/p' "$log")
    if [ "$RC" -ne 1 ] || ! grep -q "^FAIL systemc $unit: .* 1 mismatches$" "$log" || [ -z "$port" ] ||
        ! grep -q "^  replay    " "$log"; then
        fail "systemc $unit mutant ${mut%.mut} caught" "(exit $RC, expected 1 with a mismatch)" "$log"
        continue
    fi
    pass "systemc $unit mutant ${mut%.mut} caught: $port at cycle $cyc" "($(($(date +%s) - t)) s)"
    if [ "$unit" = sig_bloom ]; then
        # the replay line reproduces it, with a VCD
        replay=$(sed -n 's/^  replay    //p' "$log")
        vcd=$LOGS/replay-$unit.vcd
        replay=${replay% --wave *}
        # shellcheck disable=SC2086
        $replay --quiet --wave "$vcd" --json "$LOGS/$name-replay.json" > "$LOGS/$name-replay.log" 2>&1
        rrc=$?
        rport=$(sed -n 's/^  field     \([^ ]*\).*/\1/p' "$LOGS/$name-replay.log")
        rcyc=$(sed -n 's/^  first divergence at cycle \([0-9]*\) .*/\1/p' "$LOGS/$name-replay.log")
        if [ "$rrc" -eq 1 ] && [ "$rport" = "$port" ] && [ "$rcyc" = "$cyc" ] && [ -s "$vcd" ] &&
            grep -q " ${port#*.} " "$vcd" && grep -q '^\$scope module rtl \$end' "$vcd"; then
            pass "systemc $unit replay line reproduces $port at cycle $cyc, VCD written"
        else
            fail "systemc $unit replay line" "(exit $rrc, port '$rport' cycle '$rcyc', VCD $vcd)" \
                "$LOGS/$name-replay.log"
        fi
    fi
done

# 3. another parameter set: a build of its own
t=$(date +%s)
run sig_bloom sig_bloom-m256 --cycles "$CYCLES" --param m=256 --param k=4 --param org=parallel \
    --param chunk_width=32 --json "$LOGS/sig_bloom-m256.json"
if [ "$RC" -eq 0 ] && grep -q "^PASS systemc sig_bloom: $CYCLES cycles, 0 mismatches$" \
    "$LOGS/sig_bloom-m256.log" && grep -q "SigBits=256 NumHashes=4 Parallel=1" "$LOGS/sig_bloom-m256.log"; then
    pass "systemc sig_bloom m=256 k=4 parallel C=32: $CYCLES cycles, 0 mismatches" \
        "($(($(date +%s) - t)) s)"
else
    fail "systemc sig_bloom m=256 k=4 parallel C=32" "(exit $RC)" "$LOGS/sig_bloom-m256.log"
fi

# 3a. --param protocol=V picks the variant of the system around a unit, also where the unit has
# no parameter of that name (DeNovo: hrf, ro); denovo_l2's build is the one of section 1
t=$(date +%s)
run denovo_l2 denovo_l2-param-protocol --cycles 1000 --config small --param protocol=denovo-h \
    --json "$LOGS/denovo_l2-param-protocol.json"
if [ "$RC" -eq 0 ] && grep -q "^PASS systemc denovo_l2: 1000 cycles, 0 mismatches$" \
    "$LOGS/denovo_l2-param-protocol.log" &&
    grep -q "^  stimulus  bank\[0\].l2 of the denovo-h system" "$LOGS/denovo_l2-param-protocol.log"; then
    pass "systemc denovo_l2 --param protocol=denovo-h: the denovo-h system drives it" \
        "($(($(date +%s) - t)) s)"
else
    fail "systemc denovo_l2 --param protocol=denovo-h" "(exit $RC)" "$LOGS/denovo_l2-param-protocol.log"
fi
# hlrc_l1 has a parameter of the variant's own (Scoped): --protocol hlrc-scoped sets it from the
# system's configuration (Scoped=1, a build of its own) and the hlrc-scoped system drives it
run hlrc_l1 hlrc_l1-protocol-scoped --cycles 20000 --config small --protocol hlrc-scoped \
    --json "$LOGS/hlrc_l1-protocol-scoped.json"
if [ "$RC" -eq 0 ] && grep -q "^PASS systemc hlrc_l1: 20000 cycles, 0 mismatches$" \
    "$LOGS/hlrc_l1-protocol-scoped.log" &&
    grep -q "^  seed 1, hlrc_l1 Scoped=1 " "$LOGS/hlrc_l1-protocol-scoped.log" &&
    grep -q "^  stimulus  sm\[0\].l1 of the hlrc-scoped system" "$LOGS/hlrc_l1-protocol-scoped.log"; then
    pass "systemc hlrc_l1 --protocol hlrc-scoped: Scoped=1, the hlrc-scoped system drives it"
else
    fail "systemc hlrc_l1 --protocol hlrc-scoped" "(exit $RC)" "$LOGS/hlrc_l1-protocol-scoped.log"
fi

# gpu_l1 with Rsp = 1 (docs/units/gpu/rsp.md): --protocol gpu-rsp sets Rsp and NumSm from the
# system's configuration (a build of its own) and the gpu-rsp system, whose steering draws rm
# operations, drives its core, response and peer ports
run gpu_l1 gpu_l1-protocol-rsp --cycles 20000 --config small --protocol gpu-rsp \
    --json "$LOGS/gpu_l1-protocol-rsp.json"
if [ "$RC" -eq 0 ] && grep -q "^PASS systemc gpu_l1: 20000 cycles, 0 mismatches$" \
    "$LOGS/gpu_l1-protocol-rsp.log" &&
    grep -qE "^  seed 1, gpu_l1 .*Rsp=1" "$LOGS/gpu_l1-protocol-rsp.log" &&
    grep -q "^  stimulus  sm\[0\].l1 of the gpu-rsp system" "$LOGS/gpu_l1-protocol-rsp.log"; then
    pass "systemc gpu_l1 --protocol gpu-rsp: Rsp=1, the gpu-rsp system drives it"
else
    fail "systemc gpu_l1 --protocol gpu-rsp" "(exit $RC)" "$LOGS/gpu_l1-protocol-rsp.log"
fi

# 3b. a netlist of one's own (systemc/example_netlist.cpp), built with the commands of
# docs/systemc.md section 1
t=$(date +%s)
D=$("$SC" sig_bloom --build-only --quiet 2> "$LOGS/example.log")
VI=/usr/share/verilator/include
if [ -n "$D" ] && g++ -std=c++17 -Wall -Wextra -Werror -I"$D" -Isystemc -Isystemc/sig -Icmodel -Icmodel/sig -isystem "$VI" \
    -isystem "$VI/vltstd" -DVM_SC=1 -DVM_TRACE=0 -DVM_COVERAGE=0 -faligned-new \
    systemc/example_netlist.cpp "$D/libsig_bloom_sc_rtl.a" build/systemc/libgpucoh_cmodel.a \
    "$D/runtime/libgpucoh_sc_rt.a" -lsystemc -pthread -o "$LOGS/example" >> "$LOGS/example.log" 2>&1 &&
    SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$LOGS/example" >> "$LOGS/example.log" 2>&1 &&
    grep -q "^example: both flavours agree$" "$LOGS/example.log"; then
    pass "systemc a netlist of one's own (example_netlist.cpp) builds and both flavours agree" \
        "($(($(date +%s) - t)) s)"
else
    fail "systemc a netlist of one's own (example_netlist.cpp)" "" "$LOGS/example.log"
fi

# 4. bad input: exit 2, a message, no build directory made
badmut=$LOGS/bad.mut
printf 'description: no such text\nfile: sig_bloom.sv\nfind: this text is not in the RTL\nreplace: x\n' > "$badmut"
before=$(ls build/systemc | wc -l)
bad_input() {
    local what=$1
    shift
    "$SC" "$@" > "$LOGS/bad.log" 2>&1
    local rc=$?
    if [ "$rc" -eq 2 ] && grep -q "^sc_lockstep: " "$LOGS/bad.log" && ! grep -q "^PASS\|^FAIL" "$LOGS/bad.log"; then
        pass "systemc bad input refused (exit 2): $what"
    else
        fail "systemc bad input refused (exit 2): $what" "(exit $rc)" "$LOGS/bad.log"
    fi
}
bad_input "unknown unit" no_such_unit
bad_input "illegal parameter" sig_bloom --param m=300
bad_input "unknown parameter" tc_l2 --param no_such=1
bad_input "cycles out of range" sig_bloom --cycles 0
bad_input "malformed option" sig_bloom --cycles 10x
bad_input "unknown option" sig_bloom --no-such-option 1
bad_input "option without value" sig_bloom --seed
bad_input "wave not .vcd" sig_bloom --wave "$LOGS/x.fst"
bad_input "wave in a missing directory" sig_bloom --wave /nonexistent/dir/x.vcd
bad_input "json not writable" sig_bloom --json /nonexistent/dir/x.json
bad_input "rtl-dir missing" sig_bloom --rtl-dir /nonexistent/rtl
bad_input "mutant find text missing" sig_bloom --mutant "$badmut"
bad_input "mutant file missing" sig_bloom --mutant "$LOGS/no-such.mut"
bad_input "mutant file without end" sig_bloom --mutant /dev/zero
bad_input "--inst beyond the banks" tc_l2 --inst 8
bad_input "--protocol of another family" tc_l2 --protocol gpu-d
bad_input "--param protocol= of another family" denovo_l1 --param protocol=gpu-h
bad_input "--protocol on an adapter unit" sig_bloom --protocol tc-weak
bad_input "--version with an argument" --version now
GPUCOH_SC_OPT=-O9 bad_input "GPUCOH_SC_OPT not an optimization level" sig_bloom
# --version and --help answer (exit 0), never taken for a unit name
for a in "--version" "version" "--help" "tc_l1 --help"; do
    # shellcheck disable=SC2086
    "$SC" $a > "$LOGS/ver.log" 2>&1
    rc=$?
    want="^usage: sc_lockstep <unit>"
    case "$a" in *version) want="^sc_lockstep (gpucoh $(head -n 1 VERSION)" ;; esac
    if [ "$rc" -eq 0 ] && grep -q "$want" "$LOGS/ver.log" && ! grep -q "unknown unit" "$LOGS/ver.log"; then
        pass "systemc sc_lockstep $a answers (exit 0)"
    else
        fail "systemc sc_lockstep $a answers (exit 0)" "(exit $rc)" "$LOGS/ver.log"
    fi
done
after=$(ls build/systemc | wc -l)
if [ "$before" = "$after" ]; then
    pass "systemc bad input built nothing"
else
    fail "systemc bad input built nothing" "(build/systemc: $before entries before, $after after)"
fi

echo "$NPASS passed, $NFAIL failed ($(($(date +%s) - T0)) s)"
[ "$NFAIL" -eq 0 ]
