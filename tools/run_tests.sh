#!/usr/bin/env bash
# The test suite behind `make test`. Every check is counted; the run ends with one line
#   N passed, N failed
# Logs of every check are in build/test-logs/; cmocka TAP output in build/test-logs/*.tap.
#
# What runs (each is a check that can fail; see docs/testing.md):
#   1. cmocka unit tests (C model, CLI errors, golden directed tests on C and RTL)
#   2. the same tests built with ASan + UBSan
#   3. lockstep co-simulation of sig_bloom (8 parameter sets), rdu (3) and avu (4), each required to have
#      0 mismatches and every reachable transition covered; one set per unit (FCOV=1) also every
#      reachable cover point reached; the cover-point check shown to fail (--steer off), the
#      illegal inputs of sig_bloom, avu and tc_gwct, one mutant only the steered stimulus
#      catches and one of sig_bloom and of avu only the illegal inputs catch; 3b. the TC system
#      and the baseline GPU system (GPU-D, GPU-H) in lockstep at the small configuration, every
#      row covered; 3c. the episode tester and every litmus file under every TC and GPU variant;
#      3d. the axiomatic oracle (tests/test_model.sh: classic verdicts, --check, axioms removed);
#      3e. the conformance campaign (tests/test_conform.sh: a fixed sample of generated tests x
#      every variant judged by the oracle, the known violations, a wrong claim caught); after
#      3c, `gpucoh campaign` (tests/test_campaign.sh: a litmus campaign run by GNU parallel in
#      pieces and merged says what the serial run says; tests/test_campaign_conform.sh,
#      _quality.sh and _compare.sh: the same for a conformance campaign in shards, a quality
#      sweep split per point and gpucoh compare, a job per run; tests/test_regress_campaign.sh
#      and tests/test_synth_campaign.sh: make regress's and make synth's script kinds, merged
#      against the serial scripts; tests/test_hier_campaign.sh: make synth-rdu-avu's kind, in two
#      stages); 3h. campaigns on Slurm (tests/test_slurm.sh, root only: a private single-node
#      cluster, a litmus, a mutant, a failing and a two-stage campaign submitted as job arrays,
#      merged by a dependent job into what the serial runs say)
#   4. the failure path: a mutant run must produce the report, JSON, FST window, .gtkw and a
#      replay command that reproduces the divergence at the same cycle (a unit, and the TC
#      system in cosim system / episode / litmus, the GPU, DeNovo, hLRC and G-TSC systems in cosim
#      system: tools/test_system_waves.sh)
#   5. RTL mutants must be caught (one check per mutant): every mutant of sig_bloom, tc_gwct and
#      tc_timer; three to five of each other unit (mutset, dnmut, sysmut: the ones later checks
#      reuse, the scan-wrap one, a few more), their full campaigns in make regress; 5b. a few of
#      them, on the RTL alone, by the litmus and episode checkers
#  5c. netlist lockstep: the synthesized gate-level netlist of sig_bloom, rdu, avu, tc_timer and
#      tc_gwct against the C model, the synthesis-only mutants of sig_bloom, tc_timer, tc_gwct caught by
#      it (rdu's and avu's: make regress), and the TC system (TC-Weak) with its L1s and L2 banks
#      as netlists
#   6. waves, bench and area smoke runs (functional: they must run and produce their reports);
#      rsteal's steal-rate sweep (tests/test_steal_sweep.sh: bad input, a tiny sweep, damaged CSV);
#      the area reports' checks on synth/results, and docs/area-gpu.md / area-denovo.md /
#      area-hlrc.md against their reports
#  6b. the shared RTL primitives (Icarus testbench, its mutants); 6c. the DeNovo registry
#      single-owner proof (tools/prove_denovo_l2.sh, yosys-smtbmc + z3) and its mutants failing it;
#  6d. the hLRC bank's single-owner proof (tools/prove_hlrc_l2.sh) and its mutants failing it
#  6e. the G-TSC bank's lease invariant I1 (tools/prove_gtsc_l2.sh) and its mutants failing it (in 6d's lane slot)
#   7. lint (verilator -Wall, Yosys parse gate, iverilog -g2012, RTL style, cppcheck) and format
#   8. SystemC (tests/systemc/run_pin.sh): every unit's two pin-level flavours in lockstep, a
#      mutant of each caught, bad input refused; (tests/systemc/run_tlm.sh) the TLM-2.0 memory
#      system: litmus verdicts equal to gpucoh litmus, episodes, C and lockstep, a wrong
#      expectation and an RTL mutant caught; (tests/systemc/run_install.sh) make install into a
#      temporary PREFIX, a platform built outside the repository with pkg-config, C and lockstep
#   9. fuzzing (tools/fuzz.sh, docs/fuzzing.md): each parser's libFuzzer harness (ASan + UBSan)
#      30 s from the project's own files, the regression inputs of tests/fuzz/regress/, and the
#      planted-bug builds reported as FAIL
# Sections 5c, 3, 7, 8, 3b2 (3f), 3g, 3d, 3e, 6b, 5s, 3h, 3i, 3c2 and 9 run in the background beside the others
# (bg_section below), in that order; their output follows section 6, in the order of their
# numbers. 5s is the part of section 5 (mutant campaigns) that no later check reuses.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
export GPUCOH_ROOT=$ROOT
# Every Verilated model this suite builds (about 300 in a clean clone: their compiles are most of
# its CPU time) is compiled at -O1 instead of -O2, as mutant copies and netlists always were: a
# model here runs 10^4-10^6 cycles, so its compile costs more than its run (tc-weak's system RTL:
# 34 s to build at -O2, 23 s at -O1; 300 000 cycles in 4.6 s and 5.1 s). It is part of each
# model's cache key (tb/engine/rtl_load.c); make run, make bench and make regress keep -O2.
# GPUCOH_RTL_OPT given by the caller wins (docs/testing.md, "Time").
export GPUCOH_RTL_OPT=${GPUCOH_RTL_OPT:--O1}
LOGS=build/test-logs
OUT=build/test-out
rm -rf "$LOGS" "$OUT"
mkdir -p "$LOGS" "$OUT"
G=build/gpucoh
PASS=0
FAIL=0
FAILED=()
T0=$(date +%s)

ok() { PASS=$((PASS + 1)); printf '  ok    %-58s %s\n' "$1" "${2:-}"; }
bad() {
    FAIL=$((FAIL + 1)); FAILED+=("$1")
    printf '  FAIL  %-58s %s\n' "$1" "${2:-}"
    [ -n "${3:-}" ] && [ -f "$3" ] && tail -n 25 "$3" | sed 's/^/        | /'
}

# check NAME LOG CMD... : passes when CMD exits 0
check() {
    local name=$1 log=$2; shift 2
    local t=$(date +%s)
    if "$@" > "$log" 2>&1; then ok "$name" "($(( $(date +%s) - t )) s)"; else bad "$name" "(exit $?)" "$log"; fi
}

# cmocka binary: each test case counts; a crash counts as one failure
cmocka() {
    local label=$1 bin=$2 tap="$LOGS/$(basename "$2")-$1.tap"
    local t=$(date +%s)
    CMOCKA_MESSAGE_OUTPUT=TAP "$bin" > "$tap" 2>&1
    local rc=$?
    local p f
    p=$(grep -c '^ok ' "$tap")
    f=$(grep -c '^not ok ' "$tap")
    PASS=$((PASS + p)); FAIL=$((FAIL + f))
    grep '^not ok ' "$tap" | while read -r l; do echo "  FAIL  $label: $l"; done
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        bad "$label $(basename "$bin") (crashed, exit $rc)" "" "$tap"
    fi
    [ "$f" -gt 0 ] && FAILED+=("$label $(basename "$bin")")
    printf '  %-5s %-58s %s\n' "$([ "$f" -eq 0 ] && [ "$rc" -eq 0 ] && echo ok || echo FAIL)" \
        "$label $(basename "$bin"): $p passed, $f failed" "($(( $(date +%s) - t )) s)"
}

# fcov_full LOG: the summary's "cover points N/M" has N = M (docs/testing.md, "Cover points")
fcov_full() {
    local fc
    fc=$(grep -E "^(PASS|FAIL) " "$1" | sed -n 's/.*cover points \([0-9]*\)\/\([0-9]*\).*/\1 \2/p')
    [ -n "$fc" ] && [ "${fc% *}" = "${fc#* }" ]
}
# script_checks LABEL LOG CMD...: a script printing one "PASS ..." / "FAIL ..." line per check;
# each line counts as one check here, and a script that fails without a FAIL line (a crash, a
# build error) counts as one failure
script_checks() {
    local label=$1 log=$2; shift 2
    local t=$(date +%s)
    "$@" > "$log" 2>&1
    local rc=$? p=0 f=0 l
    while IFS= read -r l; do
        case $l in
        PASS\ *) ok "$label: ${l#PASS }"; p=$((p + 1)) ;;
        FAIL\ *) bad "$label: ${l#FAIL }"; f=$((f + 1)) ;;
        esac
    done < "$log"
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then bad "$label (exit $rc, no FAIL line)" "" "$log"; fi
    if [ "$p" -eq 0 ] && [ "$f" -eq 0 ] && [ "$rc" -eq 0 ]; then bad "$label (no check ran)" "" "$log"; fi
    echo "        $label: $p passed, $f failed ($(( $(date +%s) - t )) s)"
}

section_5c() {
echo "== 5c. netlist lockstep: the synthesized osu018 netlist against the C model"
# gpucoh cosim <unit> --netlist runs the gate-level netlist `gpucoh area` reports (docs/testing.md,
# "Netlist lockstep"). Small parameter sets: each synthesizes in 1-25 s (once; build/area, shared
# with gpucoh area) and its netlist model is built once (build/rtl/<unit>-netlist-*).
# The parameter sets: each unit's manifest field netlist_params (gpucoh units --get
# netlist_params UNIT, NAME=VALUE words), as --param NAME=VALUE, one word a line.
nl_params() {
    local kv
    for kv in $("$G" units --get netlist_params "$1"); do printf -- '--param\n%s\n' "$kv"; done
}
mapfile -t NL_SB < <(nl_params sig_bloom)
mapfile -t NL_RDU < <(nl_params rdu)
mapfile -t NL_AVU < <(nl_params avu)
mapfile -t NL_TIMER < <(nl_params tc_timer)
mapfile -t NL_GWCT < <(nl_params tc_gwct)
# nlcosim UNIT NAME CYCLES PARAMS...: PASS, 0 mismatches, full coverage, and the summary line
# and the JSON say impl=netlist with the state compared
nlcosim() {
    local unit=$1 name=$2 cycles=$3; shift 3
    local log="$LOGS/netlist-$unit-$name.log" json="$OUT/netlist-$unit-$name.json" t=$(date +%s)
    "$G" cosim "$unit" --netlist --cycles "$cycles" --stim mixed --seed 7 --quiet --json "$json" \
        "$@" > "$log" 2>&1
    local rc=$? line cov
    line=$(grep -E "^(PASS|FAIL) $unit" "$log")
    cov=$(echo "$line" | sed -n 's/.*coverage \([0-9]*\)\/\([0-9]*\).*/\1 \2/p')
    if [ $rc -eq 0 ] && grep -q " $cycles compared, 0 mismatches" <<< "$line" &&
        grep -q 'impl=netlist: outputs and state compared' <<< "$line" && [ -n "$cov" ] &&
        [ "$(echo "$cov" | cut -d' ' -f1)" = "$(echo "$cov" | cut -d' ' -f2)" ] &&
        grep -q '"impl": "netlist"' "$json" && grep -q '"state_compared": true' "$json" &&
        grep -q '"verdict": "pass"' "$json"; then
        ok "netlist $unit $name" "$(echo "$line" | sed 's/^PASS [a-z_]*: //; s/ transitions, .*impl=netlist: \([^;(]*\).*/; \1/; s/)$//; s/ *$//') ($(( $(date +%s) - t )) s)"
    else
        bad "netlist $unit $name" "(exit $rc) $line" "$log"
    fi
}
nlcosim sig_bloom m256-c32 100000 "${NL_SB[@]}"
nlcosim rdu n3-m256-l32-q2-t8 200000 "${NL_RDU[@]}"
nlcosim avu m256-l32-lines8-ew2-d2 200000 "${NL_AVU[@]}"
nlcosim tc_timer ts8 300000 "${NL_TIMER[@]}"
nlcosim tc_gwct wf8-ts8-cnt2 300000 "${NL_GWCT[@]}"
# nlmutant UNIT MUTANT PARAMS...: a synthesis-only bug (tests/mutants/<unit>/netlist/) is caught
# by the netlist lockstep, and the RTL lockstep of the same mutated RTL passes
nlmutant() {
    local unit=$1 m=$2; shift 2
    local log="$LOGS/netlist-mutant-$unit-$m.log" rlog="$LOGS/netlist-mutant-$unit-$m-rtl.log"
    local t=$(date +%s) rc row
    "$G" mutants "$unit" "$@" --mutants "tests/mutants/$unit/netlist/$m.mut" --netlist \
        --cycles 100000 --out "$OUT" > "$log" 2>&1
    rc=$?
    row=$(grep -E "^  $m +caught " "$log")
    if [ $rc -eq 0 ] && [ -n "$row" ]; then
        ok "netlist mutant $unit/$m caught" \
            "$(echo "$row" | awk '{print $3" cycle "$4" "$5}') ($(( $(date +%s) - t )) s)"
    else
        bad "netlist mutant $unit/$m caught" "(exit $rc)" "$log"
    fi
    "$G" cosim "$unit" "$@" --rtl-dir "build/mutants/$unit/$m" --cycles 100000 --seed 1 --quiet \
        --json "$OUT/netlist-mutant-$unit-$m-rtl.json" > "$rlog" 2>&1
    rc=$?
    if [ $rc -eq 0 ] && grep -q "^PASS $unit: 100000 cycles, 100000 compared, 0 mismatches" "$rlog"; then
        ok "netlist mutant $unit/$m passes the RTL lockstep (synthesis-only bug)"
    else
        bad "netlist mutant $unit/$m passes the RTL lockstep (synthesis-only bug)" "(exit $rc)" "$rlog"
    fi
}
# (sig_bloom's, rdu's and avu's synthesis-only mutants, 63, 84 and 36 s here: make regress, step
# netlist-mutant)
nlmutant tc_timer 01-roll-synthesis-branch "${NL_TIMER[@]}"
nlmutant tc_gwct 01-same-wf-sim-only "${NL_GWCT[@]}"
# The synthesis-only mutants of tc_l1 / tc_l2 (tests/mutants/tc_l*/netlist/) run in
# `make regress`: each needs its own synthesis and netlist build in the system (about 4 minutes
# apiece on a fresh build/), more than this suite's time allows (docs/testing.md).
# The TC-Weak system with its netlists (nlsys tc-weak, 10^5 cycles) and `cosim tc_l1 --netlist` run
# in make regress since the hLRC family came in (2026-11-29): on a fresh build/ their synthesis and
# netlist builds took 300 s of this section, which the suite's 30-minute budget no longer has; the
# netlist lockstep of every family's system is now in make regress, the standalone units' here
# TC-Strong's netlist system (its own synthesis of both units, about 4 minutes on a fresh build/)
# runs in make regress (--netlist all, 10^5 cycles and more), for this suite's 30-minute budget
# The DeNovo system's netlists (denovo-d, denovo-d-ro, denovo-h: gpucoh cosim system --protocol
# denovo-d --netlist l1,l2) and the synthesis-only mutant denovo_l2/01-victim-parallel-case run in
# make regress only: on a fresh build/ one variant's two syntheses and two netlist builds alone
# took about 9 minutes on this 2-core machine (docs/testing.md, "The DeNovo system"), over the
# 3 minutes a check of this section may cost
# The hLRC systems' netlists run in make regress (tools/regress.sh), as DeNovo's: on a fresh
# build/ their three syntheses and netlist builds take some 24 minutes (hlrc.md section 11).
check "netlist: cosim --help documents --netlist" "$LOGS/netlist-help.log" bash -c \
    "$G cosim sig_bloom --help | tee /dev/stderr | grep -q -- '--netlist'"
check "netlist: cosim tc_l2 with a parameter it does not have is refused (exit 2)" \
    "$LOGS/netlist-refused.log" bash -c \
    "$G cosim tc_l2 --netlist --param wf=8 2> $OUT/netlist-refused.txt; rc=\$?; cat $OUT/netlist-refused.txt; \
     test \$rc -eq 2 && grep -q \"tc_l2 has no parameter 'wf'\" $OUT/netlist-refused.txt"
check "netlist: cosim tc_l1 --stim (the standalone lockstep's) is refused (exit 2)" \
    "$LOGS/netlist-refused-stim.log" bash -c \
    "$G cosim tc_l1 --netlist --stim random 2> $OUT/netlist-refused-stim.txt; rc=\$?; \
     cat $OUT/netlist-refused-stim.txt; test \$rc -eq 2 && grep -q 'has no --stim' $OUT/netlist-refused-stim.txt"
check "netlist: rdu at the defaults (hierarchical synthesis) is refused (exit 2)" \
    "$LOGS/netlist-hier.log" bash -c \
    "$G cosim rdu --netlist 2> $OUT/netlist-hier.txt; rc=\$?; cat $OUT/netlist-hier.txt; \
     test \$rc -eq 2 && grep -q hierarchically $OUT/netlist-hier.txt"

}

section_3() {
echo "== 3. lockstep co-simulation (0 mismatches, full transition coverage)"
# cosim UNIT NAME CYCLES STIM PARAMS... : PASS line, 0 mismatches, covered == reachable; with
# FCOV=1 also every reachable cover point reached
cosim() {
    local unit=$1 name=$2 cycles=$3 stim=$4; shift 4
    local log="$LOGS/cosim-$unit-$name.log" json="$OUT/cosim-$unit-$name.json"
    local t=$(date +%s)
    "$G" cosim "$unit" --cycles "$cycles" --stim "$stim" --seed 7 --quiet --json "$json" "$@" \
        > "$log" 2>&1
    local rc=$?
    local line cov
    line=$(grep -E "^(PASS|FAIL) $unit" "$log")
    cov=$(echo "$line" | sed -n 's/.*coverage \([0-9]*\)\/\([0-9]*\).*/\1 \2/p')
    if [ $rc -eq 0 ] && grep -q ' 0 mismatches' <<< "$line" && [ -n "$cov" ] &&
        [ "$(echo "$cov" | cut -d' ' -f1)" = "$(echo "$cov" | cut -d' ' -f2)" ] &&
        { [ "${FCOV:-0}" = 0 ] || fcov_full "$log"; } &&
        grep -q '"verdict": "pass"' "$json"; then
        ok "cosim $unit $name" "$(echo "$line" | sed 's/.*: //; s/ (seed.*//') ($(( $(date +%s) - t )) s)"
    else
        bad "cosim $unit $name" "(exit $rc) $line" "$log"
    fi
}
FCOV=1 cosim sig_bloom default 1000000 mixed
FCOV=1 cosim sig_bloom m256-k4-parallel-bitsel-g1-aw16-c8 500000 mixed --param m=256 --param k=4 \
    --param org=parallel --param hash=bitsel --param gran=1 --param addr_width=16 \
    --param chunk_width=8 --param threshold=5
cosim sig_bloom m1024-k1-thresh1 300000 mixed --param m=1024 --param k=1 --param threshold=1 \
    --param h3_seed=0x1234
cosim sig_bloom m2048-k3-bitsel-g4-aw48-c128 400000 mixed --param m=2048 --param k=3 \
    --param hash=bitsel --param gran=4 --param addr_width=48 --param chunk_width=128
cosim sig_bloom m8192-k2-parallel-threshcmax 200000 mixed --param m=8192 --param k=2 \
    --param org=parallel --param chunk_width=256 --param threshold=16383
cosim sig_bloom m16384-k8-parallel-g512-aw64-c512 150000 mixed --param m=16384 --param k=8 \
    --param org=parallel --param gran=512 --param addr_width=64 --param chunk_width=512
cosim sig_bloom random-only-m512 1500000 random --param m=512 --param chunk_width=16
# illegal inputs (sig_bloom.md section 11) at C = m: reserved ops 6 / 7 and READ / LOAD of chunk
# index 1 >= NC, compared between C and RTL; F12-F15 required with the rest
FCOV=1 cosim sig_bloom m256-c256-illegal2 100000 mixed --param m=256 --param chunk_width=256 \
    --illegal-rate 2
cosim rdu paper-16sm-4k 600000 mixed
FCOV=1 cosim rdu 8sm-1k-word-threshcmax 1000000 mixed --param n=8 --param m=1024 --param gran=4 \
    --param threshold=2047
FCOV=1 cosim rdu 3sm-256-byte-l32-c8-q1-parallel-bitsel 600000 mixed --param n=3 --param m=256 \
    --param gran=1 --param line=32 --param chunk_width=8 --param queue=1 --param k=4 \
    --param org=parallel --param hash=bitsel --param addr_width=16
FCOV=1 cosim avu paper-4k 600000 mixed
FCOV=1 cosim avu 512-word-l16-d2-ew2-hit1 600000 mixed --param m=512 --param gran=4 --param lines=16 \
    --param chunk_width=64 --param spec_depth=2 --param epoch_width=2 --param hit_limit=1 \
    --param out_max=3 --param id_width=5
# illegal inputs (avu.md section 9) from the RDU and the SM side at NC = 1 and NC = 8, compared
# between C and RTL; F12-F18 required with the rest (F16, an index >= NC, only at NC = 1)
FCOV=1 cosim avu 256-c256-nc1-illegal2 100000 mixed --param m=256 --param chunk_width=256 \
    --param lines=16 --param spec_depth=4 --param out_max=4 --illegal-rate 2
FCOV=1 cosim avu 256-c32-nc8-illegal2 100000 mixed --param m=256 --param chunk_width=32 \
    --param lines=16 --param spec_depth=4 --param out_max=4 --illegal-rate 2

FCOV=1 cosim tc_timer ts8 300000 mixed --param ts_width=8
FCOV=1 cosim tc_gwct wf8-ts8-cnt2 300000 mixed --param wf=8 --param ts_width=8 --param wf_cnt_width=2
FCOV=1 cosim tc_gwct wf8-ts8-cnt2-obl0 100000 mixed --param wf=8 --param ts_width=8 \
    --param wf_cnt_width=2 --param obl=0
# G2 illegal inputs (tc_gwct.md): C and RTL compared on their effect, and the RTL's failed error
# assertions must equal the illegal inputs the model counted at every cycle
FCOV=1 cosim tc_gwct wf8-ts8-cnt2-illegal5 300000 mixed --param wf=8 --param ts_width=8 \
    --param wf_cnt_width=2 --illegal-rate 5

}

section_7() {
echo "== 7. lint and format"
check "lint: RTL (verilator -Wall, yosys gate, iverilog, style)" "$LOGS/lint-rtl.log" \
    bash tools/lint_rtl.sh
check "lint: C (cppcheck, clang-format)" "$LOGS/lint-c.log" bash tools/lint_c.sh
# The layer rule (docs/framework.md, "Layers"): tb/engine includes nothing from tb/sys, tb/proto,
# tb/units or tb/cli; a copy of tb/engine with one such include injected must be rejected.
check "layers: tb/engine includes no upper layer" "$LOGS/layers.log" bash tools/check_layers.sh
layers_broken() { # -> exit 0 when tools/check_layers.sh rejects a tb/engine with gsys.h included
    local d="$OUT/layers-engine"
    rm -rf "$d" && cp -r tb/engine "$d" && sed -i '1a #include "gsys.h"' "$d/cosim.c" &&
        ! bash tools/check_layers.sh "$d" || return 1
    # a here-string, not a pipe: grep -q stops at the first match and the writer gets SIGPIPE,
    # which pipefail turns into a failure (exit 141 in a clean-clone run)
    grep -q 'cosim.c:2: includes "gsys.h"' <<< "$(bash tools/check_layers.sh "$d")"
}
check "layers: an include of tb/sys in tb/engine is rejected" "$LOGS/layers-broken.log" layers_broken
# The single-description check must catch a second register description: a Verilator-only
# branch (`ifdef VERILATOR ... `else ... `endif, as tc_l1/tc_l2/tc_gwct had until 2026-11) and a
# register written inside a simulation-only block.
single_broken() { # KIND -> exit 0 when tools/check_single.sh rejects the broken copy
    local f="$OUT/single-$1.sv"
    case $1 in
    ifdef) awk '/^  always_ff/ && !d { print "`ifdef VERILATOR"; print "`else"; print "`endif"; d = 1 } 1' \
               rtl/tc/tc_gwct.sv > "$f" ;;
    simreg) awk '/^`ifndef SYNTHESIS/ && !d { print; print "  always_ff @(posedge clk_i) cnt_q <= 0;"; d = 1; next } 1' \
               rtl/tc/tc_gwct.sv > "$f" ;;
    esac
    ! bash tools/check_single.sh "$f"
}
check "single description: a Verilator-only register branch is rejected" "$LOGS/single-ifdef.log" \
    single_broken ifdef
check "single description: a register in a simulation-only block is rejected" \
    "$LOGS/single-simreg.log" single_broken simreg
}

section_8() {
echo "== 8. SystemC: pin-level modules and their lockstep, the TLM-2.0 memory system (docs/systemc.md)"
# the pin-level builds at -O0 (29 parameter sets; their builds, not their runs, are the cost:
# docs/systemc.md section 1, "How they are built"); make regress runs them at the default -O2
# the paper-size tc_l2 and the mutants of eight units (one mutant per family stays) run there
# too (2026-12-01, twentieth session: CI ran the landing of 2742c67 in 1853 s)
script_checks "systemc pin" "$LOGS/systemc-pin.log" env GPUCOH_SC_OPT=-O0 SC_PIN_PAPER=0 \
    SC_PIN_MUTANTS="sig_bloom tc_l2 gpu_l1 denovo_l2 hlrc_l2" bash tests/systemc/run_pin.sh
# the TLM litmus comparisons at 4 runs a file (C models) and 2 (lockstep), 10 and 5 until 2026-12-01
# (make regress: 100 and 5)
script_checks "systemc tlm" "$LOGS/systemc-tlm.log" env TLM_RUNS=4 TLM_LOCKSTEP_RUNS=2 \
    bash tests/systemc/run_tlm.sh
script_checks "systemc tlm install" "$LOGS/systemc-tlm-install.log" bash tests/systemc/run_install.sh
}

section_3d() {
echo "== 3d. the axiomatic oracle (gpucoh model): classic verdicts, --check, an axiom removed"
# tests/test_model.sh: each check can fail (published verdicts of the classic tests; a wrong
# hand-written line caught; the project's files agree with the oracle; a removed axiom noticed)
for n in $(bash tests/test_model.sh list); do
    check "model $n" "$LOGS/model-$n.log" bash tests/test_model.sh run "$n"
done
}

section_3e() {
echo "== 3e. the conformance campaign (gpucoh conform): generated tests x every variant, judged by the oracle"
# tests/test_conform.sh: a fixed sample (300 tests x 5 variants x 100 runs: 200 until 2026-12-01),
# every known violation still observed, a deliberately wrong claim caught, a stale known entry
# and an unlisted violation failing, bad input refused, set traffic (--set-traffic) replayed
for n in $(bash tests/test_conform.sh list); do
    check "conform $n" "$LOGS/conform-$n.log" bash tests/test_conform.sh run "$n"
done
}

section_6b() {
echo "== 6b. shared RTL primitives (tests/rtl/tb_primitives.sv, Icarus)"
check "primitives: ffs/ffs2, bytemerge, amo, fifo, rr_ffs against their references" \
    "$LOGS/primitives.log" bash tools/test_primitives.sh
for m in ffs fifo merge amo rr; do
    check "primitives: the testbench catches mutant '$m'" "$LOGS/primitives-$m.log" \
        bash -c "bash tools/test_primitives.sh --mutant $m; [ \$? -eq 1 ]"   # 2: no longer applies
done
# every mutant file of a shared primitive, wherever it lives (a unit's campaign, its illegal/,
# cover/ or netlist/ mutants), also meets the primitives' testbench at the widest widths: it must
# fail there too (a primitive bug the units' small configurations miss is caught here)
# (the primitives moved to rtl/prim/: a pattern that matched none of them checked nothing, so
# the number found is checked too)
local nprim=0 mf
while read -r mf; do
    nprim=$((nprim + 1))
    check "primitives: the testbench catches ${mf#tests/mutants/}" \
        "$LOGS/primitives-$(echo "${mf#tests/mutants/}" | tr / -).log" \
        bash -c "bash tools/test_primitives.sh --mutant-file $mf; [ \$? -eq 1 ]"
done < <(grep -rlE '^file: (include/|prim/)?gpucoh_' tests/mutants --include='*.mut' | LC_ALL=C sort)
if [ "$nprim" -ge 6 ]; then ok "primitives: $nprim unit mutants patch a shared primitive"
else bad "primitives: $nprim unit mutants patch a shared primitive (6 expected: the scan-wrap ones, tc_l2 aop3)"; fi
}

section_6c() {
echo "== 6c. the DeNovo registry single-owner proof (tools/prove_denovo_l2.sh: yosys-smtbmc, z3)"
# docs/units/denovo/denovo_l2.md section 11: the RTL's assertions proven by a BMC base case and
# 2-step induction (25-70 s); each mutant of tests/mutants/denovo_l2/formal/ must make the
# proof fail with a counterexample trace from reset (exit 1: the script has checked the trace
# file and printed its path; 2 is a mutant that no longer applies, 0 one the proof misses)
check "denovo_l2 single-owner proof (BMC + k-induction) on the RTL" "$LOGS/prove-denovo-l2.log" \
    bash tools/prove_denovo_l2.sh
for mf in tests/mutants/denovo_l2/formal/*.mut; do
    check "denovo_l2 proof fails on mutant $(basename "$mf" .mut), with a trace" \
        "$LOGS/prove-denovo-l2-$(basename "$mf" .mut).log" \
        bash -c "bash tools/prove_denovo_l2.sh --mutant-file $mf; [ \$? -eq 1 ]"
done
}

section_6d() {
echo "== 6d. the hLRC bank single-owner proof (tools/prove_hlrc_l2.sh: yosys-smtbmc, z3)"
# docs/units/hlrc/hlrc_l2.md section 12: the bank half of V1 (the RTL's V1_* and K01 assertions
# with its others and the auxiliary F_*) proven by a BMC base case and 2-step induction
# (25-40 s); each mutant of tests/mutants/hlrc_l2/formal/ must make the proof fail with a
# counterexample trace from reset (exit 1, as section 6c's)
check "hlrc_l2 single-owner proof (BMC + k-induction) on the RTL" "$LOGS/prove-hlrc-l2.log" \
    bash tools/prove_hlrc_l2.sh
# one of the four mutants here (04: a victim that ignores reg; 01, a GRANT of a line registered to
# another SM, until the nineteenth session's cut); all four in make regress (tools/regress.sh),
# for this suite's 30-minute budget
for mf in tests/mutants/hlrc_l2/formal/04-*.mut; do
    check "hlrc_l2 proof fails on mutant $(basename "$mf" .mut), with a trace" \
        "$LOGS/prove-hlrc-l2-$(basename "$mf" .mut).log" \
        bash -c "bash tools/prove_hlrc_l2.sh --mutant-file $mf; [ \$? -eq 1 ]"
done
echo "== 6e. the G-TSC bank's lease invariant I1 (tools/prove_gtsc_l2.sh: yosys-smtbmc, z3)"
# docs/units/gtsc/gtsc_l2.md, "Proof": B3_Lease_A (every V / D line has 1 <= wts <= rts) with
# the auxiliary B9-B11, by a BMC base case and 2-step induction (about 3 s), every input free;
# each mutant of tests/mutants/gtsc_l2/formal/ must make it fail with a trace (exit 1)
check "gtsc_l2 lease proof (BMC + k-induction) on the RTL" "$LOGS/prove-gtsc-l2.log" \
    bash tools/prove_gtsc_l2.sh
for mf in tests/mutants/gtsc_l2/formal/*.mut; do
    check "gtsc_l2 proof fails on mutant $(basename "$mf" .mut), with a trace" \
        "$LOGS/prove-gtsc-l2-$(basename "$mf" .mut).log" \
        bash -c "bash tools/prove_gtsc_l2.sh --mutant-file $mf; [ \$? -eq 1 ]"
done
}

# campaign UNIT PARAMS...: the unmutated baseline passes and every mutant is caught
campaign() {
    local unit=$1; shift
    local mlog="$LOGS/mutants-$unit.log" t=$(date +%s)
    "$G" mutants "$unit" "$@" --out "$OUT" > "$mlog" 2>&1
    local mrc=$?
    if grep -q "^mutants of $unit" "$mlog"; then
        ok "$unit: unmutated RTL passes (the baseline of the campaign)"
        while read -r name result rest; do
            case "$result" in
                caught) ok "mutant $unit/$name" "$(echo "$rest" | awk '{print $1" cycle "$2" "$3}')" ;;
                SURVIVED|BROKEN) bad "mutant $unit/$name" "$result $rest" ;;
            esac
        done < <(sed -n '/^  mutant /,/^  report/p' "$mlog" | grep -vE '^  (mutant|report) ')
        echo "        $unit mutant campaign: $(( $(date +%s) - t )) s, exit $mrc"
    else
        bad "$unit mutant campaign ran" "(exit $mrc)" "$mlog"
    fi
}
# mutset UNIT CYCLES NAME... [--param N=V ...]: the unit's campaign on the named mutants only (the
# unmutated RTL passes first, then each is caught). The full campaigns of tc_l1, tc_l2, gpu_l1, gpu_l2 and
# denovo_l2 in section 5 and of rdu and avu in 5s (85 mutants, a Verilated build each: 376 s of the
# foreground lane and 124 s of the background one in the clean clone of 2026-11-30, when make test
# took 2442 s on CI) run in make regress (steps mutants-<unit>), as denovo_l1's, hLRC's and
# G-TSC's already did. Kept: the mutants a later check reuses from build/mutants/ (section 5b:
# tc_l1 09, 10; tc_l2 10; gpu_l1 01, 02, 17; gpu_l2 06; denovo_l2 04, 05, 09), each unit's scan-wrap
# mutant where it has one (caught through the index check IR1) and one to three more per unit
mutset() { # mutset UNIT CYCLES NAME... [--param N=V ...]
    local unit=$1 cyc=$2 m log row t nb=() names=()
    shift 2
    while [ $# -gt 0 ] && [ "$1" != --param ]; do names+=("$1"); shift; done
    for m in "${names[@]}"; do
        log=$LOGS/mutants-$unit-$m.log t=$(date +%s)
        "$G" mutants "$unit" "${nb[@]}" --mutants "tests/mutants/$unit/$m.mut" --cycles "$cyc" \
            "$@" --out "$OUT" > "$log" 2>&1
        if [ ${#nb[@]} -eq 0 ]; then # the first run has the baseline (campaign() above)
            if grep -qE "^mutants of $unit: .*\(unmutated RTL: [0-9]+ cycles, 0 mismatches\)" "$log"; then
                ok "$unit: unmutated RTL passes (the baseline of the campaign)"
            else
                bad "$unit: unmutated RTL passes (the baseline of the campaign)" "" "$log"
            fi
        fi
        row=$(grep -E "^  $m +caught " "$log")
        if [ -n "$row" ]; then
            ok "mutant $unit/$m" "$(echo "$row" | awk '{print $3" cycle "$4" "$5}') ($(( $(date +%s) - t )) s)"
        else
            bad "mutant $unit/$m caught" "" "$log"
        fi
        nb=(--no-baseline)
    done
}
# geometry UNIT ARGS...: the campaign's non-power-of-two context (docs/testing.md, "Geometries").
# With a power-of-two way / MSHR / SM / wavefront count Verilator masks an index one past a
# vector back to entry 0, so a circular scan that wraps one step late is invisible to the
# lockstep there. This context runs, at a geometry where it is not, without the bound index
# checks (GPUCOH_NO_SVA=1: the lockstep alone): the unmutated RTL, every mutant the
# power-of-two campaign left alive, and the unit's scan-wrap mutant (*-scan-wraps-late.mut),
# which the power-of-two campaign catches only through its index check IR1.
geometry() {
    local unit=$1; shift
    local glog="$LOGS/geometry-$unit.log" t=$(date +%s) f name files=()
    for f in tests/mutants/$unit/*-scan-wraps-late.mut; do [ -f "$f" ] && files+=("$f"); done
    while read -r name; do
        f=tests/mutants/$unit/$name.mut
        [ -f "$f" ] && [[ " ${files[*]} " != *" $f "* ]] && files+=("$f")
    done < <(sed -n '/^  mutant /,/^  report/p' "$LOGS/mutants-$unit.log" 2>/dev/null |
        awk '$2 == "SURVIVED" {print $1}')
    : > "$glog"
    if [ ${#files[@]} -eq 0 ]; then
        GPUCOH_NO_SVA=1 "$G" cosim "$unit" "$@" --seed 1 --quiet --out "$OUT" >> "$glog" 2>&1
        if [ $? -eq 0 ]; then ok "$unit: unmutated RTL passes at $*"
        else bad "$unit: unmutated RTL passes at $*" "" "$glog"; fi
    fi
    for f in "${files[@]}"; do
        name=$(basename "$f" .mut)
        GPUCOH_NO_SVA=1 "$G" mutants "$unit" "$@" --mutants "$f" --out "$OUT/geometry" >> "$glog" 2>&1
        local line
        line=$(grep -E "^  $name " "$glog" | tail -1)
        if grep -q "^mutants of $unit: 1 caught" <<< "$(grep "^mutants of" "$glog" | tail -1)"; then
            ok "mutant $unit/$name caught at $* (lockstep alone)" "$(awk '{print $3" cycle "$4" "$5}' <<< "$line")"
        else
            bad "mutant $unit/$name caught at $* (lockstep alone)" "$(awk '{print $2}' <<< "$line")" "$glog"
        fi
    done
    echo "        $unit geometry context: $(( $(date +%s) - t )) s"
}
section_5s() {
echo "== 5s. RTL mutants of sig_bloom, rdu, avu and tc_timer (each must be caught by lockstep)"
# Section 5's campaigns of the units no later check reuses (section 5b takes the TC, GPU and
# DeNovo mutants, tc_gwct's included, from build/mutants/, section 4 builds its own sig_bloom
# mutant): in the background lane, so the two lanes end nearer together (docs/testing.md, "Time")
campaign sig_bloom --param m=256 --param chunk_width=32
mutset rdu 200000 01-writer-inserts-itself 02-race-dropped 05-rr-stuck 07-ship-ignores-ready \
    --param n=4 --param m=1024
geometry rdu --param n=3 --param m=1024 --cycles 100000
mutset avu 200000 02-prev-window 03-hit-limit-late 06-validate-never-fails 09-op-beats-beat \
    --param m=256 --param chunk_width=32 --param lines=16 --param spec_depth=4
geometry avu --param m=256 --param chunk_width=32 --param lines=16 --param spec_depth=3 --cycles 100000
campaign tc_timer --cycles 150000   # its own lockstep first: mutant 01 survives the system
}

# 3h runs in the background lane after 5s (which builds tc_timer's mutant models, the ones its
# mutant campaign reuses). tests/test_slurm.sh needs root (its cluster's SlurmdUser is root): for
# anyone else it would print only SKIP, which script_checks counts as a failure (no check ran), so
# it runs only as root (as in CI) and otherwise this section says so and counts nothing.
section_3h() {
echo "== 3h. campaigns on Slurm: a private single-node cluster runs job arrays (tests/test_slurm.sh)"
if [ "$(id -u)" -eq 0 ]; then
    script_checks "slurm" "$LOGS/slurm.log" bash tests/test_slurm.sh
else
    echo "        slurm: not run (needs root; docs/campaigns.md section 7)"
fi
}

# Sections 3, 5c, 7 and 8 (about half the suite's CPU time) run one after another in the
# background, on the second core, beside sections 1-6b (docs/testing.md, "Time"): each with its
# own counters and output ($LOGS/section-<name>.*), joined after 6b. Running side by side is safe:
# Verilated models are built in a temporary directory and renamed (tools/build_rtl.sh), the
# Verilator runtime and `gpucoh area` take locks, a mutant's scratch copy of rtl/ is written file
# by file through a rename (tb/engine/mutants.c), and every check writes its own logs and reports.
bg_section() { # NAME FUNC: FUNC's checks with their own counters, output to section-NAME.out
    PASS=0
    FAIL=0
    FAILED=()
    "$2" > "$LOGS/section-$1.out" 2>&1 < /dev/null
    printf '%s\n' "${FAILED[@]}" > "$LOGS/section-$1.failed"
    printf '%s %s\n' "$PASS" "$FAIL" > "$LOGS/section-$1.counts"
}
join_section() { # NAME: a background section's output and counters join the suite's
    local p f l
    cat "$LOGS/section-$1.out" 2>/dev/null
    if ! read -r p f < "$LOGS/section-$1.counts" 2>/dev/null; then
        p=0 f=1
        echo "  FAIL  section $1 did not finish"
        FAILED+=("section $1")
    fi
    PASS=$((PASS + p)); FAIL=$((FAIL + f))
    while IFS= read -r l; do [ -n "$l" ] && FAILED+=("$l"); done < "$LOGS/section-$1.failed"
}
# sysrun PREFIX ROWS NAME ARGS...: a `cosim system` run, log and JSON named PREFIX-NAME; passes on
# its PASS line with 0 mismatches and verdict pass in the JSON, and with ROWS=full every
# reachable L1 and L2 row taken in this run (ROWS=merged: the rows are checked over several runs)
sysrun() {
    local pre=$1 rows=$2 name=$3; shift 3
    local log="$LOGS/$pre-$name.log" json="$OUT/$pre-$name.json" t=$(date +%s)
    "$G" cosim system --seed 7 --json "$json" "$@" > "$log" 2>&1
    local rc=$? line c1 r1 c2 r2
    line=$(grep -E '^(PASS|FAIL) system' "$log")
    read -r c1 r1 c2 r2 < <(echo "$line" | sed -n 's/.*coverage l1 \([0-9]*\)\/\([0-9]*\) l2 \([0-9]*\)\/\([0-9]*\).*/\1 \2 \3 \4/p')
    if [ $rc -eq 0 ] && grep -q ' 0 mismatches' <<< "$line" && grep -q '"verdict": "pass"' "$json" &&
        { [ "$rows" = merged ] || { [ -n "${c1:-}" ] && [ "$c1" = "$r1" ] && [ "$c2" = "$r2" ]; }; }; then
        ok "system $name" "$(echo "$line" | sed 's/^PASS system //; s/ (seed.*//') ($(( $(date +%s) - t )) s)"
    else
        bad "system $name" "(exit $rc) $line" "$log"
    fi
}

# 3g runs in the background lane: its own RTL build (a broken copy of gpu_l1) and run
section_3g() {
echo "== 3g. GPU-RSP illegal peer inputs: the lockstep can fail (rsp.md section 12.4)"
# ... and the run can fail: gpu_l1 whose R07 forgets rst_q == 1 (a GNT completes any step sent;
# no legal input shows it) diverges with them; its replay line keeps the rate
peer_broken() {
    local d="$OUT/gpu-peer-rtl" log="$LOGS/gpu-peer-broken.log"
    rm -rf "$d" && cp -r rtl "$d" &&
        sed -i "s/  assign r07     = r_gnt \&\& (rst_q == 4'd1) \&\& rsnt_q;/  assign r07     = r_gnt \&\& rsnt_q;/" \
            "$d/gpu/gpu_l1.sv" && ! cmp -s rtl/gpu/gpu_l1.sv "$d/gpu/gpu_l1.sv" || return 1
    "$G" cosim system --protocol gpu-rsp --rtl-dir "$d" --cycles 200000 --seed 3 \
        --peer-illegal-rate 20 --out "$OUT" > "$log" 2>&1
    grep -E '^MISMATCH|^FAIL|^  replay' "$log"
    grep -q '^MISMATCH cycle [0-9]* sm\[[0-9]\]\.l1\.' "$log" &&
        grep -q '^  replay .* --peer-illegal-rate 20 ' "$log"
}
check "illegal peer inputs: an R07 that ignores rst_q diverges in the lockstep" \
    "$LOGS/gpu-peer-broken-check.log" peer_broken
}

# 3b2 runs in the background lane (its checks need only sysrun, defined above)
section_3f() {
echo "== 3b2. hLRC system (hlrc, hlrc-scoped): lockstep of every L1 and L2 (small configuration)"
# docs/units/hlrc/hlrc_l1.md section 9, hlrc_l2.md section 9. 2 x 10^5 cycles a variant here (make
# run's hl-small / hls-small rows run 10^6, hl-paper / hls-paper 10^5 at the paper configuration)
hlsys() { sysrun hlsys merged "$@"; }
hlsys hlrc-small-200k --protocol hlrc --impl lockstep --cycles 200000
# (seed 3 for hlrc-scoped: its random traffic reaches the rare F63 OWN_RETURN_WAITS and F68
# SYNC_PARTLY_DIRTY within 2 x 10^5 cycles, seed 7's does not)
hlsys hlrc-scoped-small-200k --protocol hlrc-scoped --impl lockstep --cycles 200000 --seed 3
# illegal inputs (hlrc_l1.md section 12 I1, I6, I7; hlrc_l2.md section 10 I1 on the three ports,
# I2 stray fills) at 20/1000: the C models' protocol-error count must equal core I1 + bank I1 +
# I2 presented; C and RTL compared every cycle
for v in hlrc hlrc-scoped; do
    GPUCOH_SHOW_EXPECTED_ASSERTS=1 hlsys $v-illegal --protocol $v --impl lockstep \
        --cycles 200000 --illegal-rate 20 --l2-illegal-rate 20
done
# a failing run with illegal bank inputs prints a replay line that replays it: the same first
# divergence (the inputs stop 256 cycles before the end of --cycles, so the replay keeps the run's
# --cycles; tb/sys/swave.c). The RTL: hlrc_l1 with its S04 rule before the V02 fix (L8)
hl_replay() {
    local d="$OUT/hlrc-replay-rtl" first rep
    rm -rf "$d" && cp -r rtl "$d" &&
        sed -i 's/  assign sends_req  = (c04 || c05 || c06 || c13 || v01) \&\& !v02;/  assign sends_req  = c04 || c05 || c06 || c13 || v01;/' \
            "$d/hlrc/hlrc_l1.sv" && ! cmp -s rtl/hlrc/hlrc_l1.sv "$d/hlrc/hlrc_l1.sv" || return 1
    "$G" cosim system --protocol hlrc --rtl-dir "$d" --cycles 200000 --illegal-rate 5 \
        --l2-illegal-rate 5 --out "$OUT" > "$LOGS/hlrc-replay-1.log" 2>&1
    first=$(sed -n 's/^  first divergence: //p' "$LOGS/hlrc-replay-1.log")
    rep=$(sed -n 's/^  replay    //p' "$LOGS/hlrc-replay-1.log")
    echo "first: $first"; echo "replay: $rep"
    [ -n "$first" ] && [ -n "$rep" ] || return 1
    $rep --out "$OUT" > "$LOGS/hlrc-replay-2.log" 2>&1
    echo "replayed: $(sed -n 's/^  first divergence: //p' "$LOGS/hlrc-replay-2.log")"
    [ "$(sed -n 's/^  first divergence: //p' "$LOGS/hlrc-replay-2.log")" = "$first" ]
}
check "a failing run with illegal bank inputs: its replay line gives the same divergence" \
    "$LOGS/hlrc-replay.log" hl_replay
# V1 (single owner, hlrc.md section 5) after every edge over the C side: 0 violations
hl_v1() {
    local f
    for f in hlrc-small-200k hlrc-scoped-small-200k hlrc-illegal hlrc-scoped-illegal; do
        grep -q '^  invariant checked after every edge over the C models: 0 violation(s)$' \
            "$LOGS/hlsys-$f.log" && grep -q '"invariant_violations": 0,' "$OUT/hlsys-$f.json" ||
            return 1
        echo "$f: V1 checked after every edge, 0 violations"
    done
}
check "hLRC V1 checked after every edge of the four runs: 0 violations (summary, JSON)" \
    "$LOGS/hlrc-v1.log" hl_v1
# ... and the RTL flags each bank I1 / I2 with its warning assertion (Q_KindLegal_A,
# E4_FillFindsMshr_A): one flag per input presented (an I1 message presented in the last cycles
# may still wait in its FIFO: at most 2 banks x (2 + 2 + 2) entries at the small configuration)
hl_flags() {
    local v log i1 i2 core cerr k e4
    for v in hlrc hlrc-scoped; do
        log="$LOGS/hlsys-$v-illegal.log"
        read -r i1 i2 < <(sed -n 's/.*I1 \([0-9]*\) messages of kind 0 .* and I2 \([0-9]*\) stray.*/\1 \2/p' "$log")
        core=$(sed -n 's/.*illegal core requests presented while ready: \([0-9]*\).*/\1/p' "$log")
        cerr=$(sed -n 's/.*protocol errors counted by the C models: \([0-9]*\).*/\1/p' "$log")
        k=$(grep -cE 'hlrc_l2\.Q_KindLegal_A\] assertion' "$log")
        e4=$(grep -cE 'hlrc_l2\.E4_FillFindsMshr_A\] assertion' "$log")
        echo "$v: I1 $i1 presented, Q_KindLegal_A $k flags; I2 $i2 presented," \
            "E4_FillFindsMshr_A $e4 flags; core I1 $core; C protocol errors $cerr"
        [ -n "$i1" ] && [ "$i1" -gt 0 ] && [ "$i2" -gt 0 ] && [ "$e4" = "$i2" ] &&
            [ $((k + e4 + core)) = "$cerr" ] && [ "$k" -le "$i1" ] && [ $((i1 - k)) -le 12 ] || return 1
    done
}
check "illegal bank inputs: the hLRC RTL flags each one (hlrc_l2.md section 10)" \
    "$LOGS/hlrc-illegal-flags.log" hl_flags
# rows (hlrc_l1.md section 9, hlrc_l2.md section 9): every reachable row is taken in one of the
# runs above, except the answers to messages no legal unit sends, which the golden tests drive
# directly on C and RTL (tests/hlrc/test_hlrc_golden.c T8, T10, T12, T17): the L1's M10 (a
# message that finds no state: the system has no illegal input into an L1) and the bank's R04,
# A03 (D19), K02 (a RACK no revocation waits for), K04 (an EVICT from a non-owner)
hl_rows() {
    python3 - "$@" <<'PY'
import re, sys
never = {}
for f in sys.argv[1:]:
    unit = None
    for line in open(f):
        m = re.match(r"(hlrc_l[12]) coverage", line)
        if m:
            unit = m.group(1)
        m = re.match(r"  never taken: (.*)", line)
        if m and unit:
            rows = set(m.group(1).split()) - {"none"}
            never[unit] = never[unit] & rows if unit in never else rows
            unit = None
print("runs: %d; rows no run took: %s" % (len(sys.argv) - 1,
      "; ".join("%s %s" % (u, " ".join(sorted(r)) or "none") for u, r in sorted(never.items()))))
allowed = {"hlrc_l1": {"M10"}, "hlrc_l2": {"R04", "A03", "K02", "K04"}}
bad = {u: r - allowed[u] for u, r in never.items() if r - allowed[u]}
if len(never) != 2 or bad:
    print("FAIL: not taken by any run:", bad or "(no coverage table in the logs)")
    sys.exit(1)
PY
}
check "rows: every reachable hlrc_l1 / hlrc_l2 row taken by the runs above (but M10 R04 A03 K02 K04)" \
    "$LOGS/rows-hlrc.log" hl_rows "$LOGS"/hlsys-*.log
hl_rows_fail() {
    local out
    out=$(hl_rows "$LOGS/hlsys-hlrc-small-200k.log") && return 1
    echo "$out"
    grep -q "'Q01'" <<< "$out" && grep -q "'A01'" <<< "$out"
}
check "rows: the check fails on the plain hlrc run alone, naming Q01 (illegal) and A01 (scoped)" \
    "$LOGS/rows-hlrc-fail.log" hl_rows_fail
# cover points (hlrc_l1.md section 10, hlrc_l2.md section 9): every reachable point reached in one
# of the runs, but the three of a release STORE whose bytes in its word are not all four (F49
# L2_ATOMIC_STORE, F66 GRANT_EMPTY_STORE, the bank's F65 EXCH_PARTIAL): the system's release is a
# whole word; the golden tests reach them on C and RTL
check "cover points: every reachable hlrc_l1 / hlrc_l2 point reached by the runs above (but F49 F66 F65)" \
    "$LOGS/cover-points-hlrc.log" bash -c \
    "tools/cover_check.sh $OUT/hlsys-*.json | tee /dev/stderr |
     grep -qx 'never reached: l1 F49 L2_ATOMIC_STORE, l1 F66 GRANT_EMPTY_STORE, l2 F65 EXCH_PARTIAL'"
check "cover points: the check fails on the plain hlrc run alone (F68 and others missing)" \
    "$LOGS/cover-points-hlrc-fail.log" bash -c \
    "tools/cover_check.sh $OUT/hlsys-hlrc-small-200k.json | tee /dev/stderr | grep -q 'F68\\|F47' &&
     ! tools/cover_check.sh $OUT/hlsys-hlrc-small-200k.json | grep -qx 'never reached: l1 F49 L2_ATOMIC_STORE, l1 F66 GRANT_EMPTY_STORE, l2 F65 EXCH_PARTIAL'"
}

# 3i runs in the background lane (its checks need only sysrun, defined above)
section_3i() {
echo "== 3i. G-TSC system (gtsc, gtsc-sc): lockstep of every L1, bank and gtsc_ovf (small configuration)"
# docs/units/gtsc/gtsc.md sections 6, 7.5 and 14: 2 x 10^5 cycles a variant, outputs and state
# compared every cycle (the state: the lines an edge wrote, the MSHRs, the per-warp registers and
# scalars every cycle, every line every K cycles); TsWidth 6, so the timestamps overflow and the
# global reset (gtsc_ovf, through the system's global_in hook) runs more than 1000 times a run
gtsys() { sysrun gtsys merged "$@"; }
gtsys gtsc-small-200k --protocol gtsc --impl lockstep --cycles 200000
gtsys gtsc-sc-small-200k --protocol gtsc-sc --impl lockstep --cycles 200000
gt_resets() {
    local v n
    for v in gtsc gtsc-sc; do
        n=$(sed -n 's/^  protocol counters: .*ts_resets \([0-9]*\).*/\1/p' "$LOGS/gtsys-$v-small-200k.log")
        echo "$v: $n timestamp resets in 200000 cycles"
        [ -n "$n" ] && [ "$n" -ge 1000 ] || return 1
        grep -q '^  invariant checked after every edge over the C models: 0 violation(s)$' \
            "$LOGS/gtsys-$v-small-200k.log" || return 1
    done
}
check "G-TSC: at least 1000 timestamp resets per run (gtsc.md 7.5), I4 checked: 0 violations" \
    "$LOGS/gtsc-resets.log" gt_resets
# illegal inputs (gtsc_l1.md section 9 J1, J3 by --peer-illegal-rate, J7; gtsc_l2.md section 9
# J1 stray fills, J2) at 20/1000 each, 10^5 cycles a variant: C and RTL compared every cycle, the
# RTL's input assertions expected where the C models count the protocol errors; and a J1 mutant
# (an ATOMIC with aop 3 pushed), which only illegal core requests reach, caught by the system
for v in gtsc gtsc-sc; do
    GPUCOH_SHOW_EXPECTED_ASSERTS=1 sysrun gtill merged $v-illegal --protocol $v --impl lockstep \
        --cycles 100000 --illegal-rate 20 --l2-illegal-rate 20 --peer-illegal-rate 20
done
check "mutant gtsc_l1/illegal/01-aop3-pushed (J1) caught by the G-TSC system with illegal inputs" \
    "$LOGS/mutants-gtsc_l1-illegal-01.log" bash -c \
    "$G mutants gtsc_l1 --mutants tests/mutants/gtsc_l1/illegal/01-aop3-pushed.mut --cycles 20000 \
         --out $OUT/gtsc-illegal-mut | tee /dev/stderr | grep -qE '^  01-aop3-pushed +caught '"
# the spin bump T12 on the RTL alone (gtsc.md section 15.1, gtsc_l1.md C01s, A12-A14): the G7
# example with the testbench as the bank, every warp_ts, spin_q and line checked per step
check "gtsc_l1 RTL: the spin bump T12, golden G7 (tests/rtl/gtsc_spin, Verilator with assertions)" \
    "$LOGS/gtsc-spin-rtl.log" bash tests/rtl/gtsc_spin/run_gtsc_spin.sh
# the golden tests G1-G6 on the RTL alone (gtsc.md section 10): two gtsc_l1, two gtsc_l2, gtsc_ovf
# and an SV interconnect, every listed timestamp asserted per step (Verilator with assertions);
# the gtsc-sc build runs all six (the gtsc build, SC=0, runs G1-G3 and G6: by hand). That the
# testbench catches a bug (M15, an RNW whatever the version, at G1 step 14-15) is make regress's
check "G-TSC RTL: golden G1-G6 (tests/rtl/gtsc_golden, gtsc-sc, Verilator with assertions)" \
    "$LOGS/gtsc-golden-rtl.log" env SC=1 bash tests/rtl/gtsc_golden/run_gtsc_golden.sh
# (57 s in the clean clone of 3707d86: make regress, step gtsc-golden-m15, since the nineteenth
# session's cut)
# cover points (gtsc_l1.md section 11, gtsc_l2.md "Cover points"): every point reachable under a
# variant reached by the two runs together, but the bank's K18 (a WR with an empty mask: the
# system's traffic never makes one, tb/sys/traffic.c's empty-mask fix-up; gtsc_l2.md); and the
# check fails on the gtsc-sc run alone, naming P17's WMAX bin (reached under gtsc only, in
# 200 000 cycles at seed 7)
check "cover points: every reachable gtsc_l1 / gtsc_l2 point reached by the two runs (but K18)" \
    "$LOGS/cover-points-gtsc.log" bash -c \
    "tools/cover_check.sh $OUT/gtsys-*.json | tee /dev/stderr | grep -qx 'never reached: l2 F49 K18'"
check "cover points: the check fails on the gtsc-sc run alone, naming P17_WMAX" \
    "$LOGS/cover-points-gtsc-fail.log" bash -c \
    "{ tools/cover_check.sh $OUT/gtsys-gtsc-sc-small-200k.json | tee /dev/stderr; test \${PIPESTATUS[0]} -eq 1; } &&
     tools/cover_check.sh $OUT/gtsys-gtsc-sc-small-200k.json | grep -q '^never reached: .*P17_WMAX'"
# gtsc_ovf's cover point Z01 (gtsc.md section 7.4: a pulse with two banks' ovf, or a bank's bit
# rising in the pulse's edge) is reached by the two runs; at TsWidth 16 no timestamp overflows
# in 20 000 cycles, and the check fails naming it (Z02, nrst_q's wrap, is listed unreachable)
check "cover points: gtsc_ovf's Z01 reached by the two runs; a TsWidth-16 run fails naming it" \
    "$LOGS/cover-points-gtsc-ovf.log" bash -c \
    "tools/cover_check.sh $OUT/gtsys-*.json | grep -qx 'cover points ovf: 1/1 reached over 2 run(s)' &&
     $G cosim system --protocol gtsc --impl c --cycles 20000 --param ts_width=16 \
         --json $OUT/cover-gtsc-ts16.json > /dev/null &&
     { tools/cover_check.sh $OUT/cover-gtsc-ts16.json | tee /dev/stderr; test \${PIPESTATUS[0]} -eq 1; } &&
     tools/cover_check.sh $OUT/cover-gtsc-ts16.json | grep -q '^never reached: .*ovf F01 Z01$'"
}

# 3a: a function, run in the foreground lane before section 4 (it was in the background lane from
# the sixteenth session to the eighteenth)
section_3a() {
echo "== 3a. cover points: the check can fail, steering catches what it is for"
# without steering, a 32-bit timer never sees a load in its roll cycle: the check must fail and
# name the point (docs/testing.md, "Cover points")
fcov_fails() {
    local log="$OUT/fcov-steer-off.log"
    "$G" cosim tc_timer --cycles 100000 --steer off --json "$OUT/fcov-steer-off.json" > "$log" 2>&1 &&
        cat "$log" && ! fcov_full "$log" && grep -q '^  cover points: 6/11 reached' "$log" &&
        grep -qE '^  F07 load in the roll cycle.* 0  NOT REACHED' "$log" &&
        grep -q '"cover_points": {"reached": 6, "reachable": 11' "$OUT/fcov-steer-off.json" &&
        grep -qE '^PASS tc_timer: .*cover points 6/11,.*steer off' "$log"
}
check "cover points: the check fails on a run that misses one (tc_timer --steer off: F07)" \
    "$LOGS/fcov-steer-off.log" fcov_fails
# a bug in that corner: a load wins over a reset at the same edge (tests/mutants/tc_timer/cover/;
# make regress shows it survives --steer off, in the unit's own lockstep and the system)
check "cover mutant tc_timer/03-load-beats-reset caught by the steered stimulus" \
    "$LOGS/cover-mutant-timer.log" bash -c \
    "$G mutants tc_timer --mutants tests/mutants/tc_timer/cover/03-load-beats-reset.mut \
       --cycles 20000 --out $OUT/covmut | tee /dev/stderr | grep -qE '^  03-load-beats-reset +caught +unit-'"
# tc_gwct.md G7's mutant (OblPort ignored: caught at obl=0, survives obl=1) runs in make regress
# (step tc-gwct-obl0) since 2026-12-01, for the suite's 30-minute budget (47 s here)
# illegal-input mutants (tests/mutants/<unit>/illegal/): RTL that mishandles one illegal input is
# caught by the lockstep with illegal inputs (2/1000) and survives the same run without them
illmut() {
    local unit=$1 m=$2 f="tests/mutants/$1/illegal/$2.mut" rc log
    for r in 2 0; do
        log="$OUT/illmut-$unit-$m-rate$r.log"
        "$G" mutants "$unit" --mutants "$f" --cycles 100000 --illegal-rate $r \
            --out "$OUT/illmut-rate$r" > "$log" 2>&1
        rc=$?
        echo "--illegal-rate $r: exit $rc"
        grep -E "^(mutants of|  $m )" "$log"
        if [ $r = 2 ]; then
            [ $rc -eq 0 ] && grep -qE "^  $m +caught " "$log" || return 1
        else
            [ $rc -eq 1 ] && grep -qE "^  $m +SURVIVED " "$log" || return 1
        fi
    done
}
check "illegal-input mutant sig_bloom/01-load-idx-dropped: caught at 2/1000, survives 0" \
    "$LOGS/illmut-sig_bloom.log" illmut sig_bloom 01-load-idx-dropped
check "illegal-input mutant avu/01-bad-kind-syncs: caught at 2/1000, survives 0" \
    "$LOGS/illmut-avu.log" illmut avu 01-bad-kind-syncs
stim_errors() {
    local rc=0 out
    for a in "tc_timer --steer maybe" "tc_gwct --illegal-rate 1.234" "tc_gwct --illegal-rate 1001" \
        "rdu --illegal-rate 1" "sig_bloom --stim directed --illegal-rate 2" \
        "tc_timer --illegal-rate 1"; do
        # shellcheck disable=SC2086
        out=$("$G" cosim $a --cycles 10 2>&1); rc=$?
        echo "cosim $a -> exit $rc: $out"
        [ $rc -eq 2 ] && [ -n "$out" ] || return 1
    done
    out=$("$G" bench tc_timer --steer off 2>&1); rc=$?
    echo "bench --steer off -> exit $rc: $out"
    [ $rc -eq 2 ] || return 1
    # here-strings, not pipes: grep -q stops at its first match and a writer still writing gets
    # SIGPIPE, which pipefail turns into exit 141 (seen in a clean-clone run once the help grew)
    local h
    h=$("$G" cosim tc_gwct --help) && grep -q -- '--steer on|off' <<< "$h" &&
        grep -q -- '--illegal-rate N' <<< "$h" && grep -q -- '--steer' <<< "$("$G" help)"
}
# the assertions that illegal inputs provoke on purpose are counted in the summary line, not
# printed; one that no illegal input explains still prints (docs/testing.md, "Illegal inputs and
# raw assertion lines")
check "illegal inputs: tc_gwct at 2/1000 prints no raw assertion line, counts each one" \
    "$LOGS/illegal-quiet.log" bash -c \
    "$G cosim tc_gwct --illegal-rate 2 --cycles 100000 --quiet > $OUT/illegal-quiet.txt 2>&1; \
     cat $OUT/illegal-quiet.txt; ! grep -qE '%(Error|Warning)' $OUT/illegal-quiet.txt && \
     grep -qE '^PASS tc_gwct: .* ([1-9][0-9]*) illegal inputs, \\1 expected assertions' $OUT/illegal-quiet.txt"
check "illegal inputs: an input assertion no illegal input explains still prints" \
    "$LOGS/illegal-unexpected.log" bash -c \
    "$G mutants sig_bloom --param m=256 --param chunk_width=32 --illegal-rate 0 --cycles 2000 \
       --mutants tests/mutants/sig_bloom/assert/01-reserved-op-flag-inverted.mut \
       --out $OUT/illegal-unexpected > $OUT/illegal-unexpected.txt 2>&1; \
     grep -m3 -E 'Warning|^mutants of' $OUT/illegal-unexpected.txt; \
     grep -q '%Warning: sig_bloom.sv:[0-9]*: Assertion failed in TOP.sig_bloom.R7_ReservedOp_A' \
       $OUT/illegal-unexpected.txt"
check "--steer / --illegal-rate: bad values and options a unit cannot honour exit 2; --help" \
    "$LOGS/stim-errors.log" stim_errors
}

# 3c2 runs in the background lane (moved from 3c on 2026-12-01, to level the lanes): the litmus
# suites under the DeNovo, hLRC and G-TSC variants, C models
section_3c2() {
echo "== 3c2. litmus suites under the DeNovo, hLRC and G-TSC variants (C models)"
local LIT_N
LIT_N=$(ls litmus/*.litmus | wc -l)
# DeNovo (drf-sc, hrf-indirect, hrf-direct): every file in one command, 40 runs each (make
# regress: 10 000); the plain-access files are racy under DeNovo's models (RACY, nothing checked:
# docs/memory-models.md section 11.2), the command passes with none failed and some passed.
# 40 runs (100 until 2026-12-01, the 30-minute budget): under DeNovo's and hLRC's models a plain
# store waits in the store buffer, so a reader spinning on it runs out its 20 000-cycle spin
# budget in most runs (the suites cost 59 s and 40 s at 100 runs; G-TSC's 5 s stays at 100)
dn_litmus() {
    local out
    out=$("$G" litmus litmus/*.litmus --protocol denovo --runs 40 --seed 5 --quiet \
        --json "$OUT/litmus-denovo.json")
    local rc=$?
    echo "$out"
    [ $rc -eq 0 ] && grep -qE '^litmus: [0-9]+ files, 3 variants, [1-9][0-9]* passed, 0 failed' <<< "$out"
}
check "litmus suite under denovo-d, denovo-d-ro, denovo-h (40 runs per file)" \
    "$LOGS/litmus-denovo.log" dn_litmus
# variant_litmus "V..." PASSED "T..." RUNS: every file under each variant V on its own, RUNS runs a
# file (make regress: 10 000): none failed, PASSED passed (an ERE), each test T passed under each V
variant_litmus() {
    local vs=$1 passed=$2 tests=$3 runs=$4 v t out rc
    for v in $vs; do
        out=$("$G" litmus litmus/*.litmus --protocol $v --runs "$runs" --seed 5 --quiet \
            --json "$OUT/litmus-$v.json")
        rc=$?
        echo "$out" | tail -2
        [ $rc -eq 0 ] && grep -qE "^litmus: [0-9]+ files, 1 variants, $passed passed, 0 failed" <<< "$out" ||
            return 1
        for t in $tests; do
            grep -qF "PASS litmus $t $v: $runs runs" <<< "$out" || return 1
        done
    done
}
# hLRC (drf-sc, hrf-indirect, hrf-direct), each variant (the family shares its first variant's
# name, so `--protocol hlrc` is the variant); Fig3b-wg-othersm and Fig3d-rsp forbid the scope
# mismatch's stale read under both
hl_litmus() { variant_litmus "hlrc hlrc-scoped" '[1-9][0-9]*' "Fig3b-wg-othersm Fig3d-rsp" 40; }
check "litmus suite under hlrc and hlrc-scoped (40 runs per file)" "$LOGS/litmus-hlrc.log" hl_litmus
# G-TSC (rcsc; gtsc-sc sc), likewise (gtsc.md section 17: 10 000 runs, C and lockstep, in make
# regress): every file passed; SB, IRIW and WRC without fences (SC outcomes only under gtsc-sc)
# and the eviction test named
gt_litmus() { variant_litmus "gtsc gtsc-sc" "$LIT_N" "SB IRIW WRC MP+relacq.gpu-evict" 100; }
check "litmus suite under gtsc and gtsc-sc (100 runs per file, every file passed)" \
    "$LOGS/litmus-gtsc.log" gt_litmus
}

# 9 runs in the background lane: the libFuzzer harnesses of the parsers (docs/fuzzing.md)
section_9() {
echo "== 9. fuzzing: every parser's libFuzzer harness (ASan + UBSan), regressions, a planted bug"
# make fuzz (clang-14, build/fuzz/), then 30 s per harness from the project's own files
script_checks "fuzz smoke" "$LOGS/fuzz-smoke.log" bash tools/fuzz.sh --seconds 30
# every crash, hang or leak found so far, once through its harness (tests/fuzz/regress/)
script_checks "fuzz regressions" "$LOGS/fuzz-regress.log" bash tools/fuzz.sh --regress --no-build
# the smoke can fail: the -DFUZZ_PLANT_BUG builds abort on a prefix the corpus holds
script_checks "fuzz planted bug" "$LOGS/fuzz-plant.log" bash tools/fuzz.sh --plant --no-build
}

( bg_section 5c section_5c; bg_section 3 section_3; bg_section 7 section_7; bg_section 8 section_8
  bg_section 3f section_3f; bg_section 3g section_3g
  bg_section 3d section_3d; bg_section 3e section_3e; bg_section 6b section_6b
  bg_section 5s section_5s
  bg_section 3h section_3h; bg_section 3i section_3i; bg_section 3c2 section_3c2
  bg_section 9 section_9
  echo $(( $(date +%s) - T0 )) > "$LOGS/background-lane-s" ) &
BG_PID=$!
trap 'kill "$BG_PID" 2>/dev/null' EXIT

echo "== 1. cmocka unit tests"
for b in build/tests/test_*; do cmocka unit "$b"; done
# the unit manifest as the scripts read it (gpucoh units, docs/framework.md): the lists they
# used to keep by hand, and an unknown field or unit refused with exit 2
# (--where against the table's own columns, and the units the lists named then still there: a unit
# added later changes no line here)
units_lists() {
    local std sc u
    std=$($G units | awk 'NR > 1 && $3 == "standalone" { printf "%s ", $1 }')
    sc=$($G units | awk 'NR > 1 && $5 == "yes" { printf "%s ", $1 }')
    [ "$($G units --get name --where context=standalone | tr '\n' ' ')" = "$std" ] &&
        [ "$($G units --get name --where systemc=yes | tr '\n' ' ')" = "$sc" ] || return 1
    for u in sig_bloom rdu avu tc_timer tc_gwct; do [[ " $std" == *" $u "* ]] || return 1; done
    for u in sig_bloom rdu avu tc_timer tc_gwct tc_l1 tc_l2 gpu_l1 gpu_l2; do
        [[ " $sc" == *" $u "* ]] || return 1
    done
    [ "$($G units --get context gpu_l2)" = l2 ] && [ "$($G units --get family tc_gwct)" = tc ]
}
check "units: --get gives the lists the scripts kept by hand" "$LOGS/units-get.log" units_lists
check "units: --get gives the build, lint, synthesis and netlist values the scripts kept" \
    "$LOGS/units-get-values.log" bash -c \
    "[ \"\$($G units --get name --where 'verilator_flags=--unroll-count 256' | tr '\n' ' ')\" = \
       'tc_l1 tc_l2 gpu_l1 gpu_l2 denovo_l1 denovo_l2 hlrc_l1 hlrc_l2 gtsc_l1 gtsc_l2 ' ] &&
     [ -z \"\$($G units --get verilator_flags rdu)\" ] &&
     [ \"\$($G units --get lint_params tc_l2)\" = 'L2Sets=4 L2Mshrs=8 LineBytes=16' ] &&
     [ \"\$($G units --get synth_point rdu)\" = rdu_m4096_n16 ] &&
     [ \"\$($G units --get name --where synth_hier=yes | tr '\n' ' ')\" = 'rdu avu ' ] &&
     [ \"\$($G units --get netlist_params tc_gwct)\" = 'wf=8 ts_width=8 wf_cnt_width=2' ]"
check "units: an unknown field or unit is refused (exit 2)" "$LOGS/units-bad.log" bash -c \
    "$G units --get colour; [ \$? -eq 2 ] && $G units --get family tc_l9; [ \$? -eq 2 ] &&
     $G units --get family tc_l9 2>&1 | grep -q 'the units are: sig_bloom'"
echo "== 2. ASan + UBSan"
for b in build/asan/test_*; do
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 cmocka asan "$b"
done

echo "== 3b. TC system: lockstep of every L1, L2 and the timer (small configuration)"
# tcsys NAME ARGS... : PASS line, 0 mismatches, full L1 and L2 coverage, verdict pass in JSON
tcsys() { sysrun tcsys full "$@"; }
tcsys tc-weak-small-1M --protocol tc-weak --cycles 1000000
tcsys tc-strong-small-1M --protocol tc-strong --cycles 1000000
tcsys tc-weak-c-small-1M --protocol tc-weak-c --cycles 1000000
# the event stream (docs/system.md "Traffic streams": a wavefront drawn when its next operation
# comes and asked only then), 3 of 4 wavefronts active: lockstep, every L1 and L2 row reached
sysrun evsys full tc-weak-events --protocol tc-weak --cycles 300000 --traffic events --active-wf 750
tcsys tc-weak-rollover-ts8 --protocol tc-weak --cycles 200000 --param ts_width=8 \
    --param lease=30 --param pred_init=30 --param pred_max=60
# illegal core requests (tc_l1.md I1) at 20/1000 per idle core-cycle: each must be dropped by
# both implementations (the verdict needs the L1s' protocol-error count to equal it)
tcsys tc-weak-illegal-i1 --protocol tc-weak --cycles 300000 --illegal-rate 20
# illegal bank inputs (tc_l2.md section 10: J1 requests of kind 0/5..7, J3 stray DRAM fills, J5
# atomic words >= LineBytes/4, J6 aop 3) at 20/1000: the same defined effect in both
# implementations, J1 and J3 counted as protocol errors (tests/mutants/tc_l2/illegal/: RTL that
# gets one of them wrong fails this run and passes the mutant campaign; make regress shows it)
tcsys tc-weak-illegal-j --protocol tc-weak --cycles 300000 --l2-illegal-rate 20
# cover points (tc_l1.md section 10, tc_l2.md section 11): every point reachable in one of the
# runs above is reached in one of them (TC-Strong cannot reach tc_l1 F51, TC-Weak reaches it)
check "cover points: every reachable tc_l1 / tc_l2 point reached by the runs above" \
    "$LOGS/cover-points.log" tools/cover_check.sh "$OUT"/tcsys-tc-*.json
# ... and the check can fail: the unsteered traffic (--steer off, the stimulus of before the
# steered phases) never allocates a tag with its top bit set, nor takes an I way behind an E one
check "cover points: the unsteered traffic fails the check, naming the points it misses" \
    "$LOGS/cover-points-unsteered.log" bash -c \
    "$G cosim system --impl c --steer off --cycles 1000000 --seed 7 --quiet \
       --json $OUT/cover-unsteered.json && \
     { tools/cover_check.sh $OUT/cover-unsteered.json > $OUT/cover-unsteered.txt; test \$? -eq 1; } && \
     cat $OUT/cover-unsteered.txt && grep -q 'l1 F36 ALLOC_TAG_MSB' $OUT/cover-unsteered.txt && \
     grep -q 'l2 F53 VIC_I_OVER_EXP' $OUT/cover-unsteered.txt"

echo "== 3b. baseline GPU system (GPU-D, GPU-H, GPU-RSP): lockstep of every L1 and L2 (small configuration)"
# docs/units/gpu/gpu_l1.md, gpu_l2.md: every row of both tables covered by each 10^6-cycle run;
# GPU-RSP (docs/units/gpu/rsp.md) with the RSP steering phase (rsp.md section 12.3): every row of
# the RSP additions too, and every RSP cover point with seed 2 (seeds 3, 5, 6 miss F64
# RM_ACQ_MERGE at 10^6 cycles)
tcsys gpu-d-small-1M --protocol gpu-d --cycles 1000000
tcsys gpu-h-small-1M --protocol gpu-h --cycles 1000000
tcsys gpu-rsp-small-1M --protocol gpu-rsp --cycles 1000000 --seed 2
# V-RSP1..V-RSP4 (rsp.md section 6) after every edge over the C side: 0 violations, and the run
# did what RSP is for: token requests, and every kind of broadcast (its rows, S07 among them,
# are in the coverage sysrun checks)
rsp_v() {
    local log="$LOGS/tcsys-gpu-rsp-small-1M.log" json="$OUT/tcsys-gpu-rsp-small-1M.json"
    grep -q '^  invariant checked after every edge over the C models: 0 violation(s)$' "$log" &&
        grep -q '"invariant_violations": 0,' "$json" &&
        grep -E 'L1->L2 requests: .* TOKREQ [1-9][0-9]* TOKREL [1-9]' "$log" &&
        grep -E 'L1->L1 peer commands: LOCK [1-9][0-9]* FLUSH [1-9][0-9]* INV [1-9][0-9]* UNLOCK [1-9][0-9]* BACK [1-9]' "$log"
}
check "GPU-RSP: V-RSP1..4 checked after every edge, 0 violations; tokens taken, every broadcast sent" \
    "$LOGS/gpu-rsp-v.log" rsp_v
# illegal inputs (gpu_l1.md section 12 I1, gpu_l2.md section 11: I1 kind-0 requests, I2 stray
# DRAM fills, I5 atomic words >= LineBytes/4, I6 aop 3) at 20/1000, both kinds in one run per
# variant: the verdict needs the C models' protocol-error count to equal core I1 + bank I1 + I2
# presented; C and RTL compared every cycle on their effect (0 mismatches)
# (GPUCOH_SHOW_EXPECTED_ASSERTS: the expected assertion lines printed, for gpu_flags below)
GPUCOH_SHOW_EXPECTED_ASSERTS=1 tcsys gpu-d-illegal --protocol gpu-d --cycles 200000 \
    --illegal-rate 20 --l2-illegal-rate 20
GPUCOH_SHOW_EXPECTED_ASSERTS=1 tcsys gpu-h-illegal --protocol gpu-h --cycles 200000 \
    --illegal-rate 20 --l2-illegal-rate 20
GPUCOH_SHOW_EXPECTED_ASSERTS=1 tcsys gpu-rsp-illegal --protocol gpu-rsp --cycles 200000 \
    --illegal-rate 20 --l2-illegal-rate 20
# ... and the RTL flags each bank I1 / I2 with its warning assertion (Req_KindLegal_A,
# E4_FillFindsMshr_A): one flag per input presented (the L1 drops I1 at the push, no assertion)
gpu_flags() {
    local v log i1 i2 k e4
    for v in gpu-d gpu-h gpu-rsp; do
        log="$LOGS/tcsys-$v-illegal.log"
        read -r i1 i2 < <(sed -n 's/.*I1 \([0-9]*\) requests of kind 0 (with Rsp also 6, 7: rsp.md I9) and I2 \([0-9]*\) stray.*/\1 \2/p' "$log")
        k=$(grep -c 'assertion Req_KindLegal_A flagged' "$log")
        e4=$(grep -c 'assertion E4_FillFindsMshr_A flagged' "$log")
        echo "$v: I1 $i1 presented, Req_KindLegal_A $k flags; I2 $i2 presented, E4_FillFindsMshr_A $e4 flags"
        [ -n "$i1" ] && [ "$i1" -gt 0 ] && [ "$i2" -gt 0 ] && [ "$k" = "$i1" ] && [ "$e4" = "$i2" ] || return 1
    done
}
check "illegal bank inputs: the GPU RTL flags each one (gpu_l2.md section 11)" \
    "$LOGS/gpu-illegal-flags.log" gpu_flags
# illegal L1 network inputs (rsp.md section 12.4: I7 BACKs at an L1 with no broadcast
# outstanding, I11 GNTs at one awaiting no token, I12 peer messages of kind 0, 6, 7) at 20/1000
# per L1 cycle with no network input: the verdict needs the C models' protocol-error count to
# equal those presented; C and RTL compared every cycle; the RTL flags each one (peer_flags)
GPUCOH_SHOW_EXPECTED_ASSERTS=1 tcsys gpu-rsp-peer-illegal --protocol gpu-rsp --cycles 200000 \
    --seed 3 --peer-illegal-rate 20
peer_flags() {
    local log="$LOGS/tcsys-gpu-rsp-peer-illegal.log" n c r i7 i11 i12
    n=$(sed -n 's/^  illegal L1 network inputs presented: \([0-9]*\) .*/\1/p' "$log")
    c=$(sed -n 's/^  protocol errors counted by the C models: \([0-9]*\)$/\1/p' "$log")
    r=$(sed -n 's/^  input assertions the RTL flagged: \([0-9]*\)$/\1/p' "$log")
    i7=$(grep -c 'assertion Rsp_BackExpected_A flagged' "$log")
    i11=$(grep -c 'assertion Rsp_GntExpected_A flagged' "$log")
    i12=$(grep -c 'assertion Rsp_PeerKindLegal_A flagged' "$log")
    echo "presented $n, C models $c, RTL $r (I7 $i7, I11 $i11, I12 $i12)"
    [ -n "$n" ] && [ "$n" -gt 0 ] && [ "$c" = "$n" ] && [ "$r" = "$n" ] && [ "$i7" -gt 0 ] &&
        [ "$i11" -gt 0 ] && [ "$i12" -gt 0 ] && [ $((i7 + i11 + i12)) = "$n" ]
}
check "illegal peer inputs: C counts and the RTL flags each one (rsp.md section 12.4)" \
    "$LOGS/gpu-peer-flags.log" peer_flags
# ... and the run can fail: section 3g (background lane) builds gpu_l1 with a broken R07 and
# shows the lockstep diverging under these inputs
# cover points (gpu_l1.md, gpu_l2.md section 10): every point reachable in one of the GPU runs
# above is reached in one of them (F45 FENCE_ALL_WAIT by the steered FENCE phases, F58 ADD_WRAP
# by the steered wide ADDs)
check "cover points: every reachable gpu_l1 / gpu_l2 point reached by the GPU runs above" \
    "$LOGS/cover-points-gpu.log" tools/cover_check.sh "$OUT"/tcsys-gpu-*.json
# ... and the check can fail: the unsteered GPU-D traffic never adds a large value (F58), nor
# allocates a tag with its top bit set (l1 F40, l2 F60) or an L2 line in the top set (F59)
check "cover points: the unsteered GPU traffic fails the check, naming the points it misses" \
    "$LOGS/cover-points-gpu-unsteered.log" bash -c \
    "$G cosim system --protocol gpu-d --impl c --steer off --cycles 1000000 --seed 7 --quiet \
       --json $OUT/cover-gpu-unsteered.json && \
     { tools/cover_check.sh $OUT/cover-gpu-unsteered.json > $OUT/cover-gpu-unsteered.txt; \
       test \$? -eq 1; } && \
     cat $OUT/cover-gpu-unsteered.txt && grep -q 'l2 F58 ADD_WRAP' $OUT/cover-gpu-unsteered.txt"

echo "== 3b. DeNovo system (denovo-d, denovo-d-ro, denovo-h): lockstep of every L1 and L2 (small configuration)"
# docs/units/denovo/denovo_l1.md section 9, denovo_l2.md section 8. dnsys NAME ARGS...: PASS
# line, 0 mismatches, verdict pass; the rows never taken are kept for the merged check below
# (two rows need a race the random traffic makes rarely or never: denovo_l2.md section 8)
dnsys() { sysrun dnsys merged "$@"; }
# 2 x 10^5 cycles a variant here (the rows and points below are the same as with 10^6: measured
# on the C models, seed 7); make run's dnd-small, dndro-small and dnh-small rows run 10^6 each
dnsys denovo-d-small-200k --protocol denovo-d --impl lockstep --cycles 200000
dnsys denovo-d-ro-small-200k --protocol denovo-d-ro --impl lockstep --cycles 200000
dnsys denovo-h-small-200k --protocol denovo-h --impl lockstep --cycles 200000
# V1 (single owner, denovo.md section 4) checked by cosim system after every edge over the C
# side (gsys_proto_t.invariant; the hook's wiring is tests/test_gsys_proto.c
# test_invariant_hook, the check's tests/denovo/test_denovo_system.c): 0 violations in the three
# runs above, in their summary and JSON; a protocol that states no invariant reports -1
dn_v1() {
    local v
    for v in denovo-d denovo-d-ro denovo-h; do
        grep -q '^  invariant checked after every edge over the C models: 0 violation(s)$' \
            "$LOGS/dnsys-$v-small-200k.log" &&
            grep -q '"invariant_violations": 0,' "$OUT/dnsys-$v-small-200k.json" || return 1
        echo "$v: V1 checked after every edge, 0 violations"
    done
    grep -q '"invariant_violations": -1,' "$OUT/tcsys-tc-weak-small-1M.json" &&
        echo "tc-weak: no invariant stated (-1)"
}
check "DeNovo V1 checked after every edge of the three runs: 0 violations (summary, JSON)" \
    "$LOGS/denovo-v1.log" dn_v1
# write-backs and DONEs that arrive late (--req-delay 20:150: the wb network shares the request
# delay): a DONE for a line the registry has dropped since (B04, D17). Rare: of seeds 1-7 at
# 300 000 cycles only seed 7 (dnsys's) takes it
dnsys denovo-d-late-wb --protocol denovo-d --impl lockstep --cycles 300000 --req-delay 20:150
# illegal inputs (denovo_l1.md section 12 I1, denovo_l2.md section 10 I1 on both ports, I2
# stray fills, L1 I4 / I5 atomics) at 20/1000: the verdict needs the C models' protocol-error
# count to equal core I1 + bank I1 + I2 presented; C and RTL compared every cycle
for v in denovo-d denovo-d-ro denovo-h; do
    GPUCOH_SHOW_EXPECTED_ASSERTS=1 dnsys $v-illegal --protocol $v --impl lockstep \
        --cycles 200000 --illegal-rate 20 --l2-illegal-rate 20
done
# ... and the RTL flags each bank I1 / I2 with its warning assertion (Q_KindLegal_A on the
# request port, Q_WbKindLegal_A on the write-back port, E3_FillFindsMshr_A): one flag per input
# presented (the L1's own Q_KindLegal_A, L1 I3, never fires here: only denovo_l2's are counted)
dn_flags() {
    local v log i1 i2 core cerr k e3
    for v in denovo-d denovo-d-ro denovo-h; do
        log="$LOGS/dnsys-$v-illegal.log"
        read -r i1 i2 < <(sed -n 's/.*I1 \([0-9]*\) messages of kind 0 .* and I2 \([0-9]*\) stray.*/\1 \2/p' "$log")
        core=$(sed -n 's/.*illegal core requests presented while ready: \([0-9]*\).*/\1/p' "$log")
        cerr=$(sed -n 's/.*protocol errors counted by the C models: \([0-9]*\).*/\1/p' "$log")
        k=$(grep -cE 'denovo_l2\.Q_(Wb)?KindLegal_A\] assertion' "$log")
        e3=$(grep -cE 'denovo_l2\.E3_FillFindsMshr_A\] assertion' "$log")
        echo "$v: I1 $i1 presented, Q_KindLegal_A + Q_WbKindLegal_A $k flags; I2 $i2 presented," \
            "E3_FillFindsMshr_A $e3 flags; core I1 $core; C protocol errors $cerr"
        # every flag is one error the C models counted too (the same messages popped: lockstep);
        # an I1 message presented in the last cycles may still wait in its FIFO (at most the
        # two FIFOs of the two banks: 2 x (L2Queue 2 + WbQueue 2) at the small configuration)
        [ -n "$i1" ] && [ "$i1" -gt 0 ] && [ "$i2" -gt 0 ] && [ "$e3" = "$i2" ] &&
            [ $((k + e3 + core)) = "$cerr" ] && [ "$k" -le "$i1" ] && [ $((i1 - k)) -le 8 ] || return 1
    done
}
check "illegal bank inputs: the DeNovo RTL flags each one (denovo_l2.md section 10)" \
    "$LOGS/denovo-illegal-flags.log" dn_flags
# rows (denovo_l1.md section 9, denovo_l2.md section 8): every reachable row is taken in one of
# the runs above, except the one the page argues only a directed test reaches (B02: a write-back
# for a line the registry has dropped; tests/denovo/test_denovo_golden.c T8, C and RTL)
dn_rows() {
    python3 - "$@" <<'PY'
import re, sys
never = {}  # unit -> rows never taken in every run so far
for f in sys.argv[1:]:
    unit = None
    for line in open(f):
        m = re.match(r"(denovo_l[12]) coverage", line)
        if m:
            unit = m.group(1)
        m = re.match(r"  never taken: (.*)", line)
        if m and unit:
            rows = set(m.group(1).split()) - {"none"}
            never[unit] = never[unit] & rows if unit in never else rows
            unit = None
print("runs: %d; rows no run took: %s" % (len(sys.argv) - 1,
      "; ".join("%s %s" % (u, " ".join(sorted(r)) or "none") for u, r in sorted(never.items()))))
allowed = {"denovo_l1": set(), "denovo_l2": {"B02"}}
bad = {u: r - allowed[u] for u, r in never.items() if r - allowed[u]}
if len(never) != 2 or bad:
    print("FAIL: not taken by any run:", bad or "(no coverage table in the logs)")
    sys.exit(1)
PY
}
check "rows: every reachable denovo_l1 / denovo_l2 row taken by one of the runs above (but B02)" \
    "$LOGS/rows-denovo.log" dn_rows "$LOGS"/dnsys-*.log
# cover points (denovo_l1.md section 10, denovo_l2.md section 8): every reachable point reached
# in one of the runs, but F63 REG_OWN_ERR (illegal input I4: a REG of words the requester owns,
# which no L1 sends and the system cannot forge; tests/denovo/test_denovo_golden.c T8 reaches it
# on C and RTL)
check "cover points: every reachable denovo_l1 / denovo_l2 point reached by the runs above (but F63)" \
    "$LOGS/cover-points-denovo.log" bash -c \
    "tools/cover_check.sh $OUT/dnsys-*.json | tee /dev/stderr | grep -qx 'never reached: l2 F63 REG_OWN_ERR'"
# ... and both checks can fail: a run without the late write-backs misses B04 (so does the
# merged check over it alone), and one without illegal inputs misses Q01 / Q02
dn_rows_fail() {
    local out
    out=$(dn_rows "$LOGS/dnsys-denovo-d-small-200k.log") && return 1
    echo "$out"
    grep -q "'Q01'" <<< "$out" && grep -q "'Q02'" <<< "$out" && grep -q "'B04'" <<< "$out"
}
check "rows: the check fails on the plain run alone, naming Q01 Q02 B04" \
    "$LOGS/rows-denovo-fail.log" dn_rows_fail

echo "== 3c. TC consistency: episode tester and litmus suite (C models; RTL lockstep for the episodes)"
for p in tc-weak tc-strong tc-weak-c gpu-d gpu-h gpu-rsp denovo-d denovo-d-ro denovo-h hlrc hlrc-scoped; do
    check "episode tester $p (C)" "$LOGS/episode-$p.log" bash -c \
        "$G episode --protocol $p --seed 3 --episodes 40 | tee /dev/stderr | grep -q '^PASS episode'"
    check "episode tester $p (RTL lockstep)" "$LOGS/episode-$p-lockstep.log" bash -c \
        "$G episode --protocol $p --seed 4 --impl lockstep | tee /dev/stderr | grep -q '^PASS episode'"
done
# release/acquire synchronization with CTA -> GPU chains (episode.h "Release/acquire mode")
# --protocol all is every variant of every protocol (docs/cli.md): thirteen PASS lines, each
# within 460 000 cycles of the 3 000 000 budget (G-TSC's two: about 145 000 cycles since their
# L1's spin bump T12, gtsc.md section 15.1; before it both ran to the budget with a spinning
# acquire outstanding, and gtsc-sc's 22 ticket-lock "mismatches" were the tester's, which recorded
# a release at its store's completion: gtsc.md section 15)
check "episode tester --sync relacq, every variant of every protocol (C): thirteen PASS" \
    "$LOGS/episode-relacq.log" bash -c \
    "$G episode --protocol all --sync relacq --seed 3 --episodes 60 --cycles 3000000 \
       > $OUT/episode-relacq.txt 2>&1; cat $OUT/episode-relacq.txt
     test \$(grep -cE '^PASS episode (tc-weak|tc-weak-c|tc-strong|gpu-d|gpu-h|gpu-rsp|denovo-d|denovo-d-ro|denovo-h|hlrc|hlrc-scoped|gtsc|gtsc-sc):' $OUT/episode-relacq.txt) -eq 13"
# GPU-RSP's steals (rsp.md section 7.3, --rm-steal): another SM's wavefronts take an SM's CTA-scope
# location with rm acquires and releases, the owner's keep cta; race free under hrf-rsp only
for s in 3 4; do
    check "episode tester gpu-rsp --rm-steal seed $s (C, then RTL lockstep)" \
        "$LOGS/episode-rsp-steal-$s.log" bash -c \
        "$G episode --protocol gpu-rsp --sync relacq --rm-steal --seed $s --episodes 60 |
         tee /dev/stderr | grep -q '^PASS episode gpu-rsp' &&
         $G episode --protocol gpu-rsp --sync relacq --rm-steal --seed $s --impl lockstep |
         tee /dev/stderr | grep -q '^PASS episode gpu-rsp'"
done
check "episode tester --sync relacq tc-weak-c (RTL lockstep)" "$LOGS/episode-relacq-lockstep.log" \
    bash -c "$G episode --protocol tc-weak-c --sync relacq --seed 4 --impl lockstep |
             tee /dev/stderr | grep -q '^PASS episode'"
# TC's variants 1000 runs per file (MP+cta.gpu.cta's TC-Weak witness is 3 in 1000: 5000 runs);
# GPU-D, GPU-H and GPU-RSP 500 runs (their witnesses are 6 % or more; spins that give up cost 20 000
# cycles each). Run as litmus campaigns (docs/campaigns.md): one job per file on GNU parallel,
# one job per core; then one check per file and family (its job ended with status 0, its lines
# in the log) and one per campaign (the merge: the serial run's summary, exit 0)
lit_campaign() { # DIR ARGS...: plan, run by GNU parallel, merge into DIR.merge.out
    local d=$1
    shift
    rm -rf "$d"
    "$G" campaign plan litmus --dir "$d" -- "$@" > /dev/null 2> "$d.plan.err" &&
        parallel --jobs "$JOBS" < "$d/jobs.txt" > /dev/null 2>&1
    "$G" campaign merge "$d" > "$d.merge.out" 2>&1
    echo $? > "$d.merge.rc"
}
lit_job_ok() { # DIR NAME: file NAME's job is done with status 0 (its lines shown)
    local j
    j=$(compgen -G "$1/jobs/[0-9][0-9][0-9][0-9][0-9]-$2" | head -n 1)
    [ -n "$j" ] && cat "$j/stdout" && grep -q '^fingerprint [0-9a-f]* status 0$' "$j/done"
}
lit_merged() { # DIR FILES VARIANTS: the merge exits 0 with the serial summary of that many
    cat "$1.plan.err" "$1.merge.out"
    [ "$(cat "$1.merge.rc")" = 0 ] &&
        grep -qE "^litmus: $2 files, $3 variants, [0-9]+ passed, 0 failed" "$1.merge.out"
}
JOBS=$(nproc 2>/dev/null || echo 2)
LIT_TC=()
for f in litmus/*.litmus; do [ "$f" = litmus/MP+cta.gpu.cta.litmus ] || LIT_TC+=("$f"); done
LIT_N=$(ls litmus/*.litmus | wc -l)
t_lit=$(date +%s)
lit_campaign "$OUT/lit-tc" "${LIT_TC[@]}" --protocol tc --runs 1000 --seed 5
lit_campaign "$OUT/lit-tc5000" litmus/MP+cta.gpu.cta.litmus --protocol tc --runs 5000 --seed 5
lit_campaign "$OUT/lit-gpu" litmus/*.litmus --protocol gpu --runs 500 --seed 5
echo "        litmus campaigns: $(( $(date +%s) - t_lit )) s on GNU parallel, $JOBS jobs at once"
for f in litmus/*.litmus; do
    n=$(basename "$f" .litmus)
    d=$OUT/lit-tc runs=1000
    [ "$n" = "MP+cta.gpu.cta" ] && d=$OUT/lit-tc5000 runs=5000
    check "litmus $n (TC variants, $runs runs)" "$LOGS/litmus-$n.log" lit_job_ok "$d" "$n"
    check "litmus $n (GPU-D, GPU-H, GPU-RSP, 500 runs)" "$LOGS/litmus-gpu-$n.log" \
        lit_job_ok "$OUT/lit-gpu" "$n"
done
check "litmus campaign, TC variants: merged, $((LIT_N - 1)) files, 0 failed" "$LOGS/litmus-tc-merge.log" \
    lit_merged "$OUT/lit-tc" $((LIT_N - 1)) 3
check "litmus campaign, MP+cta.gpu.cta at 5000 runs: merged" "$LOGS/litmus-tc5000-merge.log" \
    lit_merged "$OUT/lit-tc5000" 1 3
check "litmus campaign, GPU variants: merged, $LIT_N files, 0 failed" "$LOGS/litmus-gpu-merge.log" \
    lit_merged "$OUT/lit-gpu" "$LIT_N" 3
# (the litmus suites under the DeNovo, hLRC and G-TSC variants: section 3c2, background lane)
# tc_l2.md P10: leases that reach the top of the era (before P10, 24-25 forbidden in 2000 runs
# under TC-Weak and TC-Weak-C; the mutant tc_l2/11-sat-upgr-private undoes it in the RTL)
check "litmus MP+relacq.gpu-satstamp with saturating leases (every variant, 2000 runs)" \
    "$LOGS/litmus-satstamp-long.log" "$G" litmus litmus/MP+relacq.gpu-satstamp.litmus \
    --protocol tc --runs 2000 --seed 1 --param pred_init=1000 --param pred_min=1000 \
    --param pred_max=1000
# gpucoh campaign (docs/campaigns.md): a litmus campaign planned, run by GNU parallel in pieces
# and merged says what the serial run says (lines, JSON, exit status); bad input refused (some 2 s)
script_checks "campaign" "$LOGS/campaign.log" env GPUCOH="$G" bash tests/test_campaign.sh
# the conform kind: a conformance campaign in --shard K/N jobs merged by conform --from-results says
# what the serial conform says, passing, with known / stale / unlisted violations (issue 25's
# mutant); a bent shard shows; bad reports and bad input refused (some 10 s)
script_checks "conform campaign" "$LOGS/campaign-conform.log" env GPUCOH="$G" \
    bash tests/test_campaign_conform.sh
# the quality kind (docs/campaigns.md, "The quality kind"): a quality sweep split per point and
# merged says what the serial run says (lines, JSON, .md, .csv, exit status), passing and with an
# injected false negative; corrupted results, bad input refused (some 3 s)
script_checks "quality campaign" "$LOGS/campaign-quality.log" env GPUCOH="$G" bash tests/test_campaign_quality.sh
# the compare kind: gpucoh compare as a job per run, merged into the serial run's lines, reports
# (JSON, .md, .csv, .png) and exit status, a passing and a failing (--inject misread) selection;
# bad input and a missing or foreign part refused (some 3 s)
script_checks "compare campaign" "$LOGS/campaign-compare.log" env GPUCOH="$G" \
    bash tests/test_campaign_compare.sh
# make regress as a campaign (tools/regress.sh's steps): a passing and a failing selection at
# 20 000 cycles, merged against the serial run (lines, JSON, exit status); bad input (some 10 s)
script_checks "regress campaign" "$LOGS/regress-campaign.log" bash tests/test_regress_campaign.sh
# make synth as a campaign (synth/sweep.sh's points, a fake flow: no synthesis runs): merged
# against the serial sweep (lines, results, exit status), and synth-tc against synth/tc.sh; bad
# input; the merge's refusals (some 4 s)
script_checks "synth campaign" "$LOGS/synth-campaign.log" bash tests/test_synth_campaign.sh
# make synth-rdu-avu as a campaign in two stages (synth/hier_campaign.sh, a fake hier.sh): a top's
# job after its store's (refused before it), merged against the serial run with a failing store;
# bad input; the merge's refusals; an array per stage (some 10 s)
script_checks "hier campaign" "$LOGS/hier-campaign.log" bash tests/test_hier_campaign.sh

# 3a back in the foreground lane (2026-11-30, eighteenth session: G-TSC's golden RTL tests made
# the background lane the longer one again)
section_3a
# 6c and 6d (with 6e) in the foreground lane (2026-12-02: the clean clone of 0d44e5c had the
# lanes at 1589 s and 1831 s; 6c-6e are about 125 s; 3i, some 300 s, overshot the other way)
section_6c
section_6d
echo "== 4. the failure path (report, JSON, FST window, .gtkw, replay)"
failpath() {
    local log="$LOGS/failure-path.log" fo="$OUT/failpath"
    local mut=build/mutants/sig_bloom/09-counter-wraps
    {
        set -e
        "$G" mutants sig_bloom --param m=256 --param chunk_width=32 \
            --mutants tests/mutants/sig_bloom/09-counter-wraps.mut --out "$fo"
        set +e
        "$G" cosim sig_bloom --param m=256 --param chunk_width=32 --rtl-dir "$mut" \
            --cycles 5000 --out "$fo" > "$fo/report.txt" 2>&1
        rc=$?
        set -e
        cat "$fo/report.txt"
        [ $rc -eq 1 ] || { echo "expected exit 1 from a diverging run, got $rc"; exit 1; }
        grep -q 'first divergence at cycle 731 (output)' "$fo/report.txt"
        grep -q 'field     sig_bloom.count_o' "$fo/report.txt"
        grep -q 'expected  0x1ff' "$fo/report.txt"
        grep -q 'got       0x0' "$fo/report.txt"
        grep -q '"verdict": "fail"' "$fo/sig_bloom-seed1-fail.json"
        grep -q '"last_inputs"' "$fo/sig_bloom-seed1-fail.json"
        [ -s "$fo/sig_bloom-seed1-fail.fst" ]
        grep -q 'TOP.sig_bloom.count_o' "$fo/sig_bloom-seed1-fail.gtkw"
        fst2vcd -f "$fo/sig_bloom-seed1-fail.fst" | grep -q 'count_o'
        replay=$(sed -n 's/^  replay    //p' "$fo/report.txt")
        [ -n "$replay" ]
        set +e
        eval "$replay --out $fo/replay" > "$fo/replay.txt" 2>&1
        rc=$?
        set -e
        cat "$fo/replay.txt"
        [ $rc -eq 1 ]
        grep -q 'first divergence at cycle 731 (output)' "$fo/replay.txt"
        [ -s "$fo/replay-sig_bloom.fst" ]
    } > "$log" 2>&1
}
if (failpath); then ok "failure report: cycle, field, hex, JSON, FST, .gtkw, replay"; else
    bad "failure report: cycle, field, hex, JSON, FST, .gtkw, replay" "" "$LOGS/failure-path.log"; fi
# the TC system's failure path (docs/waves.md; tools/test_system_waves.sh): an RTL mutant of
# tc_l2 (tests/mutants/tc_l2/waves/) fails the run; the FST window covers every Verilated unit, the
# .gtkw names only dumped signals and filters that resolve, the JSON is well formed, and the
# printed replay line diverges again at the same cycle on the same field
for m in system episode litmus; do
    check "system failure ($m): FST of every unit, .gtkw, JSON; the replay line reproduces it" \
        "$LOGS/system-waves-$m.log" bash tools/test_system_waves.sh $m "$OUT/system-waves"
done
check "waves/filters/tc_*.txt agree with the enums of rtl/tc/tc_pkg.sv" \
    "$LOGS/system-waves-filters.log" bash tools/test_system_waves.sh filters "$OUT/system-waves"
# the GPU system's failure path: a gpu_l1 mutant (tests/mutants/gpu_l1/01-acq-load-no-inv) fails
# a GPU-D run; the same checks, and the GPU view (tb/proto/gpu/gpu_gtkw.c) opens the diverging
# register red and first, with the filters of waves/filters/gpu_*.txt
check "GPU system failure: FST, the GPU .gtkw view, JSON; the replay line reproduces it" \
    "$LOGS/system-waves-gpu.log" bash tools/test_system_waves.sh gpu "$OUT/system-waves"
check "waves/filters/gpu_*.txt agree with rtl/gpu/gpu_pkg.sv, gpucoh_atom_pkg.sv and the C enums" \
    "$LOGS/system-waves-gpu-filters.log" bash tools/test_system_waves.sh gpu-filters \
    "$OUT/system-waves"
# the DeNovo system's failure path: a denovo_l1 mutant (tests/mutants/denovo_l1/waves/
# 01-inv-drops-registered: an acquire's INV drops R words) fails a DeNovo-D run; the same checks,
# and the DeNovo view (tb/proto/denovo/denovo_gtkw.c) opens the diverging register (the line's
# word states) red and first, with the filters of waves/filters/denovo_*.txt
check "DeNovo system failure: FST, the DeNovo .gtkw view, JSON; the replay line reproduces it" \
    "$LOGS/system-waves-denovo.log" bash tools/test_system_waves.sh denovo "$OUT/system-waves"
check "waves/filters/denovo_*.txt agree with rtl/denovo/denovo_pkg.sv, denovo_l1.sv and the C enums" \
    "$LOGS/system-waves-denovo-filters.log" bash tools/test_system_waves.sh denovo-filters \
    "$OUT/system-waves"
# the hLRC system's failure path: an hlrc_l1 mutant (tests/mutants/hlrc_l1/waves/01-inv-no-stale:
# an acquire's INV leaves pending lines unmarked) fails an hLRC run; the same checks, and the hLRC
# view (tb/proto/hlrc/hlrc_gtkw.c) opens the diverging register (the L1's stale bits) red and
# first, with the filters of waves/filters/hlrc_*.txt
check "hLRC system failure: FST, the hLRC .gtkw view, JSON; the replay line reproduces it" \
    "$LOGS/system-waves-hlrc.log" bash tools/test_system_waves.sh hlrc "$OUT/system-waves"
check "waves/filters/hlrc_*.txt agree with rtl/hlrc/hlrc_pkg.sv, gpucoh_atom_pkg.sv and the C enums" \
    "$LOGS/system-waves-hlrc-filters.log" bash tools/test_system_waves.sh hlrc-filters \
    "$OUT/system-waves"
# the G-TSC system's failure path: a gtsc_l2 mutant (tests/mutants/gtsc_l2/11-st-ts-max-plus-one,
# M11: a store's timestamp one too high) fails a G-TSC run on a response's wts; the same checks,
# and the G-TSC view (tb/proto/gtsc/gtsc_gtkw.c) opens the diverging port red and first in
# unsigned decimal, with the groups of gtsc.md section 14 and the filters of waves/filters/gtsc_*.txt
check "G-TSC system failure: FST, the G-TSC .gtkw view, JSON; the replay line reproduces it" \
    "$LOGS/system-waves-gtsc.log" bash tools/test_system_waves.sh gtsc "$OUT/system-waves"
check "waves/filters/gtsc_*.txt agree with rtl/gtsc/gtsc_pkg.sv, gpucoh_atom_pkg.sv and the C enums" \
    "$LOGS/system-waves-gtsc-filters.log" bash tools/test_system_waves.sh gtsc-filters \
    "$OUT/system-waves"

echo "== 5. RTL mutants (each must be caught by lockstep)"
# (the signature units and tc_timer: section 5s, in the background lane)
# The non-power-of-two geometry context runs here for tc_l2 and tc_gwct (and rdu, avu in 5s): the
# scan-wrap mutant the lockstep alone catches there. tc_l1's, gpu_l1's, gpu_l2's, denovo_l1's and
# denovo_l2's (two Verilated builds each at a new geometry: 197 s of the clean clone of
# 2026-11-30, when the suite took 1934 s on CI) run in make regress (mutg: every mutant of the
# unit at that geometry, 300 000 cycles; docs/testing.md, "Time")
mutset tc_l1 150000 03-upgr-era-inverted 09-weakc-no-cobl 10-strong-store-hit-local \
    11-victim-scan-wraps-late
mutset tc_l2 150000 01-gwct-post-increment 05-expiry-le 10-weakc-no-dataw
geometry tc_l2 --param l2_ways=3 --param l2_mshrs=3 --cycles 30000
campaign tc_gwct --cycles 150000
geometry tc_gwct --param wf=5 --cycles 100000
# the baseline GPU units (docs/units/gpu/gpu_l1.md, gpu_l2.md "Mutants"): the GPU system lockstep,
# GPU-D then GPU-H, each until caught
mutset gpu_l1 100000 01-acq-load-no-inv 02-batch-ends-before-acks 16-victim-scan-wraps-late \
    17-atom-keeps-line
mutset gpu_l2 100000 01-wt-whole-line 06-x02-no-writeback 11-victim-scan-wraps-late
# the DeNovo units (docs/units/denovo/denovo_l1.md, denovo_l2.md "Mutants"): the DeNovo system
# lockstep, DeNovo-D, then D+RO, then H, each until caught (the VO mutants are caught under D+RO
# only); 20 000 cycles per variant: the latest catch is at cycle 13 090. Measured 2026-11-29:
# with every Verilated model to build (one per mutant) denovo_l1 507 s, its geometry 129 s,
# denovo_l2 109 s, its geometry 163 s; with the models built (build/rtl) 12 s for all four
# denovo_l1's full campaign (17 mutants, 269 s of builds in a clean clone of 2026-11-29, when
# GPU-RSP pushed the foreground lane past 30 minutes) runs in make regress; here the four whose
# builds the checks below use or whose context is particular: 01 and 07 (--full-every below),
# 05 (the RTL-alone litmus and episode checks of 5b) and 15 (its param: line, sb_entries=3);
# 02 (caught under D+RO only, 34 s) went to make regress in the nineteenth session's cut
dnmut() { # dnmut NAME
    check "mutant denovo_l1/$1 caught by the DeNovo system lockstep" \
        "$LOGS/mutants-denovo_l1-$1.log" bash -c \
        "$G mutants denovo_l1 --mutants tests/mutants/denovo_l1/$1.mut --cycles 20000 --out $OUT |
         tee /dev/stderr | grep -qE '^  $1 +caught '"
}
for m in 01-inv-kills-r 05-fwd-stale-data 07-xfer-keeps-r 15-sb-head-no-wrap; do
    dnmut "$m"
done
mutset denovo_l2 20000 04-reg-pmask-zero 05-reg-not-busy 09-dirty-victim-no-writeback \
    11-victim-scan-wraps-late
# the hLRC units (docs/units/hlrc/hlrc.md section 14, issue 28): the hLRC system lockstep, their
# only context (hlrc, then hlrc-scoped, each until caught; 20 000 cycles per variant). The full
# campaigns (26 mutants) run in make regress: with every Verilated model to build they took
# 1130 s + 541 s here, more than make test's budget. Here the three mutants section 5b also runs
# on the RTL alone, each caught by the campaign (a build each, about a minute)
sysmut() { # sysmut FAMILY UNIT NAME: one mutant caught by its family's system lockstep
    check "mutant $2/$3 caught by the $1 system lockstep" "$LOGS/mutants-$2-$3.log" bash -c \
        "$G mutants $2 --mutants tests/mutants/$2/$3.mut --cycles 20000 --out $OUT |
         tee /dev/stderr | grep -qE '^  $3 +caught '"
}
hlmut() { sysmut hLRC "$@"; } # hlmut UNIT NAME
hlmut hlrc_l1 09-grant-no-inv
hlmut hlrc_l1 11-grant-amo-on-old-copy
hlmut hlrc_l2 07-fill-merge-lost
# the G-TSC units (docs/units/gtsc/gtsc_l1.md, gtsc_l2.md "Mutants", M1-M20): the G-TSC system
# lockstep (gtsc, then gtsc-sc, each until caught; 20 000 cycles a variant). The full campaigns
# (20 mutants, every one caught by cycle 2525) run in make regress; here the three section 5b
# also runs on the RTL alone (a build each)
sysmut G-TSC gtsc_l1 04-ack-no-raise
sysmut G-TSC gtsc_l1 05-keep-ignored
sysmut G-TSC gtsc_l2 15-rnw-any-version
# G-TSC's state compare (gtsc.md section 14): a register no output shows at once is caught where
# it goes wrong. M13 (mem_ts not raised at an eviction) by the state bank[1].l2.mem_ts at cycle 42
# (by the output rsp_wts_o at cycle 57 before the state compare); gtsc_ovf's nrst_q, read by no
# output, only by the state (ovf.nrst at cycle 197)
stmut() { # stmut UNIT NAME FIELD CYCLE: caught by the state compare, at FIELD and CYCLE
    check "mutant $1/$2 caught by the G-TSC state compare ($3, cycle $4)" \
        "$LOGS/mutants-$1-$2.log" bash -c \
        "$G mutants $1 --mutants tests/mutants/$1/$2.mut --cycles 20000 --out $OUT |
         tee /dev/stderr | grep -qE '^  $2 +caught +state +$4 +$3 '"
}
stmut gtsc_l2 13-evict-no-mem-ts 'bank\[1\]\.l2\.mem_ts' 42
stmut gtsc_ovf 01-nrst-no-count 'ovf\.nrst' 197
# GPU-RSP's eight mutants (docs/units/gpu/rsp.md section 13.1) live in tests/mutants/gpu_l{1,2}/rsp/,
# outside the two campaigns above (each passes GPU-D and GPU-H first: 40 s a build and run); make
# regress runs all eight, here two in the system lockstep (40 000 cycles a variant: caught under
# gpu-rsp near cycle 26 100, rsp.md 13.1) and the first
# of them on the RTL alone in 5b
rspmut() { # rspmut UNIT NAME
    check "mutant $1/rsp/$2 caught by the GPU system lockstep (under gpu-rsp)" \
        "$LOGS/mutants-$1-rsp-$2.log" bash -c \
        "$G mutants $1 --mutants tests/mutants/$1/rsp/$2.mut --cycles 40000 --out $OUT |
         tee /dev/stderr | grep -qE '^  $2 +caught '"
}
rspmut gpu_l1 19-no-second-inv
rspmut gpu_l2 13-grant-busy

echo "== 5b. a TC, GPU, DeNovo, hLRC or G-TSC protocol bug must be caught by the consistency checkers, not only by lockstep"
# the fence-skips-GWCT mutant of tc_gwct (built by the campaign above), RTL alone, no C model
FM=build/mutants/tc_gwct/01-fence-skips-gwct
check "litmus MP+relacq.gpu finds a forbidden outcome with the fence mutant (RTL only)" \
    "$LOGS/fence-mutant-litmus.log" bash -c \
    "! $G litmus litmus/MP+relacq.gpu.litmus --impl rtl --rtl-dir $FM --runs 1000 --seed 5 > $OUT/fm-litmus.txt; \
     cat $OUT/fm-litmus.txt; grep -q '^FAIL litmus MP+relacq.gpu tc-weak' $OUT/fm-litmus.txt && \
     grep -qE ' [1-9][0-9]* forbidden' $OUT/fm-litmus.txt"
# the episode tester needs few locations and long leases to meet a stale copy: 8 seeds, at
# least one must report mismatches (and the unmutated RTL passes the same 8, section 3c)
check "episode tester finds stale loads with the fence mutant (RTL only, 8 seeds)" \
    "$LOGS/fence-mutant-episode.log" bash -c \
    "for s in 1 2 3 4 5 6 7 8; do $G episode --impl rtl --rtl-dir $FM --seed \$s --locations 16 \
       --episodes 100 --param pred_init=200 --param pred_max=400 --quiet | grep '^[PF]A[SI][SL] episode'; \
     done > $OUT/fm-episode.txt; cat $OUT/fm-episode.txt; \
     grep -qE '^FAIL episode tc-weak: [0-9]+ checked \([0-9]+ match, [1-9]' $OUT/fm-episode.txt"
# TC-Weak-C without its fix (docs/memory-models.md section 5): each mutant, built by the
# campaigns above, makes a causality test show forbidden outcomes on the RTL alone
wcmut() {
    local name=$1 dir=$2 test=$3
    check "litmus $test finds forbidden outcomes with mutant $name (tc-weak-c, RTL only)" \
        "$LOGS/wc-mutant-$name.log" bash -c \
        "$G litmus litmus/$test.litmus --protocol tc-weak-c --impl rtl --rtl-dir $dir \
             --runs 10000 --seed 5 > $OUT/wc-$name.txt; test \$? -eq 1 && cat $OUT/wc-$name.txt && \
         grep -qE '^FAIL litmus .* [1-9][0-9]* forbidden' $OUT/wc-$name.txt"
}
wcmut 10-weakc-no-dataw build/mutants/tc_l2/10-weakc-no-dataw WRC+relacq.gpu
wcmut 09-weakc-no-cobl build/mutants/tc_l1/09-weakc-no-cobl ISA2+rel.cta+relacq.gpu
# TC-Strong without rule G1 (tc_l1.md section 13, issue 24): a reader on the writer's SM sees the
# store before the bank performs it; WRC/IRIW with GPU-scope release/acquire show it, RTL alone
# (2000 runs, seed 5: 8, 20 and 109 forbidden)
G1TESTS="WRC+relacq.gpu-r1samesm-r2othersm IRIW+acq.gpu-r0samecta-r1samecta IRIW+acq.gpu-r0samesm-r1samesm-sameline"
for t in $G1TESTS; do
    check "litmus $t finds forbidden outcomes with mutant 10-strong-store-hit-local (tc-strong, RTL only)" \
        "$LOGS/g1-mutant-$t.log" bash -c \
        "$G litmus litmus/$t.litmus --protocol tc-strong --impl rtl \
             --rtl-dir build/mutants/tc_l1/10-strong-store-hit-local --runs 2000 --seed 5 \
             > $OUT/g1-$t.txt; test \$? -eq 1 && cat $OUT/g1-$t.txt && \
         grep -qE '^FAIL litmus .* [1-9][0-9]* forbidden' $OUT/g1-$t.txt"
done
check "the same WRC/IRIW tests pass the unmutated RTL (tc-strong, RTL only)" \
    "$LOGS/g1-original.log" bash -c \
    "$G litmus \$(for t in $G1TESTS; do printf 'litmus/%s.litmus ' \$t; done) \
         --protocol tc-strong --impl rtl --runs 2000 --seed 5"
check "the same causality tests pass the unmutated RTL (tc-weak-c, RTL only)" \
    "$LOGS/wc-original.log" bash -c \
    "$G litmus litmus/WRC+relacq.gpu.litmus litmus/ISA2+rel.cta+relacq.gpu.litmus \
         --protocol tc-weak-c --impl rtl --runs 10000 --seed 5"
check "episode tester passes the unmutated RTL with the same settings (8 seeds)" \
    "$LOGS/fence-original-episode.log" bash -c \
    "for s in 1 2 3 4 5 6 7 8; do $G episode --impl rtl --seed \$s --locations 16 \
       --episodes 100 --param pred_init=200 --param pred_max=400 --quiet | grep -q '^PASS episode' || exit 1; done"
# The baseline GPU protocol (docs/units/gpu/gpu_l1.md, gpu_l2.md "Mutants"): mutants built by the
# gpu_l1 / gpu_l2 campaigns above, on the RTL alone under GPU-D: an acquire load whose DATA does
# not invalidate (MP+relacq.gpu), a fence batch that completes before its write-throughs are
# acknowledged (SB+fence.gpu, WWC+relacq.gpu: the final value is read before the WT lands), and
# an L2 that drops a dirty victim (the episode tester's loads miss their last writer)
gpumutp() {
    local proto=$1 name=$2 dir=$3; shift 3
    local t
    for t in "$@"; do
        check "litmus $t finds forbidden outcomes with mutant $name ($proto, RTL only)" \
            "$LOGS/gpu-mutant-$name-$t.log" bash -c \
            "$G litmus litmus/$t.litmus --protocol $proto --impl rtl --rtl-dir $dir \
                 --runs 2000 --seed 5 > $OUT/gpum-$name-$t.txt; test \$? -eq 1 && \
             cat $OUT/gpum-$name-$t.txt && \
             grep -F 'FAIL litmus $t $proto:' $OUT/gpum-$name-$t.txt | grep -qE ' [1-9][0-9]* forbidden'"
    done
}
gpumut() { gpumutp gpu-d "$@"; }
gpumut 01-acq-load-no-inv build/mutants/gpu_l1/01-acq-load-no-inv MP+relacq.gpu
gpumut 02-batch-ends-before-acks build/mutants/gpu_l1/02-batch-ends-before-acks \
    SB+fence.gpu WWC+relacq.gpu
check "the same GPU litmus tests pass the unmutated RTL (gpu-d, RTL only)" \
    "$LOGS/gpu-mutant-original-litmus.log" bash -c \
    "$G litmus litmus/MP+relacq.gpu.litmus litmus/SB+fence.gpu.litmus litmus/WWC+relacq.gpu.litmus \
         --protocol gpu-d --impl rtl --runs 2000 --seed 5"
# GPU-H without gpu_l1.md L13 (issue 24 §1.1): CTA atomics of one CTA lose an update and two CAS
# take one lock (a CTA atomic performed in the L1 on a word older than an atomic at the L2)
gpumutp gpu-h 17-atom-keeps-line build/mutants/gpu_l1/17-atom-keeps-line \
    ATOM.add.cta-samecta LOCK.cas.cta-samecta ATOM.add.gpu+cta-samecta ATOM.add.cta+ld-samecta
# GPU-RSP without a24 / a13 (rsp.md RS2, mutant gpu_l1/rsp/19-no-second-inv, built above): a
# CTA atomic of the owner performed in its L1 on a copy older than the remote atomic (lost
# update, two CAS take one lock); the unmutated RTL passes the same commands
gpumutp gpu-rsp 19-no-second-inv build/mutants/gpu_l1/19-no-second-inv \
    ATOM.add.cta-x2+rm-diffsm LOCK.cas.cta+cas.rm-diffsm
check "the same rm litmus tests pass the unmutated RTL (gpu-rsp, RTL only)" \
    "$LOGS/gpu-mutant-original-rm.log" bash -c \
    "$G litmus litmus/ATOM.add.cta-x2+rm-diffsm.litmus litmus/LOCK.cas.cta+cas.rm-diffsm.litmus \
         --protocol gpu-rsp --impl rtl --runs 2000 --seed 5"
check "the same CTA-atomic litmus tests pass the unmutated RTL (gpu-h, RTL only)" \
    "$LOGS/gpu-mutant-original-atom.log" bash -c \
    "$G litmus litmus/ATOM.add.cta-samecta.litmus litmus/LOCK.cas.cta-samecta.litmus \
         litmus/ATOM.add.gpu+cta-samecta.litmus litmus/ATOM.add.cta+ld-samecta.litmus \
         --protocol gpu-h --impl rtl --runs 2000 --seed 5"
# G-TSC (gtsc_l1.md, gtsc_l2.md "Mutants"; built by section 5's sysmut): an acknowledgement that
# does not raise the writer's warp_ts (M4: SB+fence.gpu, 1300 of 2000 forbidden), a WACK that keeps
# the locked copy when the bank's version differs (M5: same-line IRIW, 47 of 2000), an RNW answered
# to a copy of another version (M15: MP+relacq.gpu, 210 of 2000); the unmutated RTL passes them
gpumutp gtsc 04-ack-no-raise build/mutants/gtsc_l1/04-ack-no-raise SB+fence.gpu
gpumutp gtsc 05-keep-ignored build/mutants/gtsc_l1/05-keep-ignored \
    IRIW+acq.gpu-r0samecta-r1samecta-sameline
gpumutp gtsc 15-rnw-any-version build/mutants/gtsc_l2/15-rnw-any-version MP+relacq.gpu
# M13 (mem_ts not raised at an eviction, gtsc_l2.md): a litmus test that evicts the data line
# between the consumer's lease and the producer's store (MP+relacq.gpu-evict: about 200 of 300
# runs forbidden with M13 or M14, 0 unmutated); 100 runs each
check "litmus MP+relacq.gpu-evict finds forbidden outcomes with mutant 13-evict-no-mem-ts (gtsc, RTL only)" \
    "$LOGS/gtsc-mutant-13-evict.log" bash -c \
    "$G litmus litmus/MP+relacq.gpu-evict.litmus --protocol gtsc --impl rtl \
         --rtl-dir build/mutants/gtsc_l2/13-evict-no-mem-ts --runs 100 --seed 5 \
         > $OUT/gtscm-13-evict.txt; test \$? -eq 1 && cat $OUT/gtscm-13-evict.txt &&
     grep -F 'FAIL litmus MP+relacq.gpu-evict gtsc:' $OUT/gtscm-13-evict.txt |
         grep -qE ' [1-9][0-9]* forbidden'"
check "the same test passes the unmutated RTL (gtsc and gtsc-sc, RTL only)" \
    "$LOGS/gtsc-original-evict.log" bash -c \
    "$G litmus litmus/MP+relacq.gpu-evict.litmus --protocol gtsc --impl rtl --runs 100 --seed 5 &&
     $G litmus litmus/MP+relacq.gpu-evict.litmus --protocol gtsc-sc --impl rtl --runs 100 --seed 5"
check "the same G-TSC litmus tests pass the unmutated RTL (gtsc, RTL only)" \
    "$LOGS/gtsc-mutant-original-litmus.log" bash -c \
    "$G litmus litmus/SB+fence.gpu.litmus litmus/IRIW+acq.gpu-r0samecta-r1samecta-sameline.litmus \
         litmus/MP+relacq.gpu.litmus --protocol gtsc --impl rtl --runs 2000 --seed 5"
check "episode tester finds lost writes with mutant gpu_l2/06-x02-no-writeback (gpu-d, RTL only)" \
    "$LOGS/gpu-mutant-episode.log" bash -c \
    "$G episode --protocol gpu-d --impl rtl --rtl-dir build/mutants/gpu_l2/06-x02-no-writeback \
         --seed 3 --episodes 40 --quiet > $OUT/gpum-episode.txt; test \$? -eq 1 && \
     cat $OUT/gpum-episode.txt && \
     grep -qE '^FAIL episode gpu-d: [0-9]+ checked \([0-9]+ match, [1-9]' $OUT/gpum-episode.txt"
check "episode tester passes the unmutated RTL with the same settings (gpu-d)" \
    "$LOGS/gpu-original-episode.log" bash -c \
    "$G episode --protocol gpu-d --impl rtl --seed 3 --episodes 40 --quiet | tee /dev/stderr | \
     grep -q '^PASS episode gpu-d'"
# DeNovo (docs/units/denovo/denovo_l1.md, denovo_l2.md "Mutants"): mutants built by the
# denovo_l1 runs (dnmut) and the denovo_l2 campaign above, on the RTL alone under DeNovo-D (race-free traffic:
# under drf-sc a racy plain litmus test checks nothing). A forward answered from the write-back
# buffer (stale data: SB+relacq.gpu shows forbidden outcomes), an owner that keeps the words it
# transferred (two owners), a REGD whose pmask is lost (the new owner installs owner ids) and an
# L2 that drops a dirty victim: the episode tester's loads miss their last writer's value.
gpumutp denovo-d 05-fwd-stale-data build/mutants/denovo_l1/05-fwd-stale-data SB+relacq.gpu
check "the same DeNovo litmus test passes the unmutated RTL (denovo-d, RTL only)" \
    "$LOGS/dn-mutant-original-litmus.log" bash -c \
    "$G litmus litmus/SB+relacq.gpu.litmus --protocol denovo-d --impl rtl --runs 2000 --seed 5"
dnmutep() {
    local unit=$1 name=$2
    check "episode tester finds wrong values with mutant $unit/$name (denovo-d, RTL only)" \
        "$LOGS/dn-mutant-episode-$name.log" bash -c \
        "$G episode --protocol denovo-d --impl rtl --rtl-dir build/mutants/$unit/$name \
             --seed 3 --episodes 40 --quiet > $OUT/dnm-episode-$name.txt; test \$? -eq 1 && \
         cat $OUT/dnm-episode-$name.txt && \
         grep -qE '^FAIL episode denovo-d: [0-9]+ checked \([0-9]+ match, [1-9]' \
             $OUT/dnm-episode-$name.txt"
}
dnmutep denovo_l1 05-fwd-stale-data
dnmutep denovo_l1 07-xfer-keeps-r
dnmutep denovo_l2 04-reg-pmask-zero
dnmutep denovo_l2 09-dirty-victim-no-writeback
check "episode tester passes the unmutated RTL with the same settings (denovo-d)" \
    "$LOGS/dn-original-episode.log" bash -c \
    "$G episode --protocol denovo-d --impl rtl --seed 3 --episodes 40 --quiet | tee /dev/stderr | \
     grep -q '^PASS episode denovo-d'"
# hLRC (docs/units/hlrc/hlrc.md section 14): mutants built by section 5's hlmut, on the RTL alone
# under hlrc (the campaign's only context is the lockstep; here no C model runs, the litmus oracle
# and the episode tester judge the values): a new owner that does not invalidate on GRANT
# (message passing through a registered flag reads stale data) and a bank fill that drops the
# bytes merged while pending; the episode tester's loads miss their last writer's value with an
# ATOMIC performed on the L1's old copy. make regress runs the other four of section 14's seven
# (hlrc_l2/03, the eighth before the bank's V1 assertions, now stops on V1_GrantOwner_A itself).
gpumutp hlrc 09-grant-no-inv build/mutants/hlrc_l1/09-grant-no-inv Fig3a-drf
gpumutp hlrc 07-fill-merge-lost build/mutants/hlrc_l2/07-fill-merge-lost Fig3a-drf
check "the same hLRC litmus tests pass the unmutated RTL (hlrc, RTL only)" \
    "$LOGS/hl-mutant-original-litmus.log" bash -c \
    "$G litmus litmus/Fig3a-drf.litmus \
         --protocol hlrc --impl rtl --runs 2000 --seed 5"
hlmutep() {
    local unit=$1 name=$2
    check "episode tester finds wrong values with mutant $unit/$name (hlrc, RTL only)" \
        "$LOGS/hl-mutant-episode-$name.log" bash -c \
        "$G episode --protocol hlrc --impl rtl --rtl-dir build/mutants/$unit/$name \
             --seed 3 --episodes 40 --quiet > $OUT/hlm-episode-$name.txt; test \$? -eq 1 && \
         cat $OUT/hlm-episode-$name.txt && \
         grep -qE '^FAIL episode hlrc: [0-9]+ checked \([0-9]+ match, [1-9]' \
             $OUT/hlm-episode-$name.txt"
}
hlmutep hlrc_l1 11-grant-amo-on-old-copy
check "episode tester passes the unmutated RTL with the same settings (hlrc)" \
    "$LOGS/hl-original-episode.log" bash -c \
    "$G episode --protocol hlrc --impl rtl --seed 3 --episodes 40 --quiet | tee /dev/stderr | \
     grep -q '^PASS episode hlrc'"
# The system lockstep compares the lines each edge wrote every cycle (denovo_l1_touched /
# denovo_l2_touched, docs/units/denovo/denovo.md section 9): a mutant that corrupts a line in a
# cycle that is not a full-state one is caught at --full-every 1000 in the cycle and on the field
# of the every-cycle full compare (before the lists, 07 was caught 49 cycles later on an MSHR,
# 01 55 and 05 31 cycles later on an output; 01 needs INV to list every line: the RTL's INV
# writes R words the model's leaves alone). dn_first_mm DIR RTL K: the first MISMATCH line.
dn_first_mm() { # (the run's own exit is 1, a mutant: grep's status decides)
    local log
    log="$OUT/dn-touched-$(basename "$1")-$3.log"
    "$G" cosim system --protocol denovo-d --impl lockstep --rtl "$2" --rtl-dir "$1" \
        --cycles 200000 --full-every "$3" --quiet --out "$OUT/dn-touched" > "$log" 2>&1
    grep -m1 '^MISMATCH' "$log"
}
dn_touched() {
    local a b
    a=$(dn_first_mm "$1" "$2" 0) && b=$(dn_first_mm "$1" "$2" 1000) || return 1
    printf 'full compare every cycle: %s\nfull compare every 1000:  %s\n' "$a" "$b"
    [ "$a" = "$b" ]
}
check "DeNovo lockstep at --full-every 1000 catches mutant denovo_l1/07-xfer-keeps-r in its cycle" \
    "$LOGS/dn-touched-l1.log" dn_touched build/mutants/denovo_l1/07-xfer-keeps-r l1
check "DeNovo lockstep at --full-every 1000 catches mutant denovo_l1/01-inv-kills-r in its cycle" \
    "$LOGS/dn-touched-l1-inv.log" dn_touched build/mutants/denovo_l1/01-inv-kills-r l1
check "DeNovo lockstep at --full-every 1000 catches mutant denovo_l2/05-reg-not-busy in its cycle" \
    "$LOGS/dn-touched-l2.log" dn_touched build/mutants/denovo_l2/05-reg-not-busy l2

# The end-of-run compare (docs/system.md, "The end-of-run compare"): a lockstep run that ends
# without a divergence compares every unit's whole state once more. The test mutant
# tests/mutants/gpu_l2/fullcmp/99-fill-writes-far-line.mut writes a line that no edge names and
# that the paper-size traffic does not reach in 300 cycles; with no full compare inside the run
# (--full-every 100000) only the end-of-run compare sees it, at the run's last cycle (without
# that compare the run passes).
gpu_end_compare() {
    local m=tests/mutants/gpu_l2/fullcmp/99-fill-writes-far-line.mut log=$OUT/gpu-end.log
    "$G" mutants gpu_l2 --mutants "$m" --no-baseline --cycles 200 --out "$OUT/gpu-end" ||
        true # the copy of rtl/ is what this needs (the campaign's verdict at the small size is not)
    [ -d build/mutants/gpu_l2/99-fill-writes-far-line ] || return 1
    "$G" cosim system --protocol gpu-d --config paper --rtl l2 --cycles 300 --full-every 100000 \
        --rtl-dir build/mutants/gpu_l2/99-fill-writes-far-line --quiet --out "$OUT/gpu-end" > "$log" 2>&1
    grep -E '^(FAIL|PASS) |first divergence' "$log"
    grep -q '^FAIL system gpu-d: 300 cycles' "$log" &&
        grep -qE '^  first divergence: cycle 299 bank\[[0-9]+\]\.l2\.set\[[0-9]+\]\.way\[[0-9]+\]\.data' "$log" ||
        return 1
    # the episode tester ends its run the same way: its last cycle, stopped by the backend
    "$G" episode --protocol gpu-d --config paper --impl lockstep --rtl l2 --episodes 5 \
        --full-every 100000 --rtl-dir build/mutants/gpu_l2/99-fill-writes-far-line --quiet \
        --out "$OUT/gpu-end" > "$log" 2>&1
    grep -E '^(FAIL|PASS) |first divergence|stopped by' "$log"
    local last
    last=$(sed -n 's/.*the run ended at cycle \([0-9]*\): stopped by the backend.*/\1/p' "$log")
    [ -n "$last" ] && grep -q '^FAIL episode gpu-d' "$log" &&
        grep -qE "^  first divergence: cycle $((last - 1)) bank\[[0-9]+\]\.l2\.set\[[0-9]+\]\.way\[[0-9]+\]\.data" "$log"
}
check "lockstep's end-of-run compare catches a line no edge named (cosim system, episode)" \
    "$LOGS/gpu-end-compare.log" gpu_end_compare

# The lockstep steps a slot's instances together (every C edge, every RTL edge, then each one's
# checks: tb/sys/gsys_backend.c lockstep_slot). An RTL assertion must still be the instance's
# whose edge fired it: gpu_l1 mutant 16's index check fires in sm[1]'s L1 at cycle 4 (read at
# the check instead of after the edge, the count of the shared model library named sm[0]).
check "lockstep names the instance whose RTL assertion fired (gpu_l1 mutant 16: sm[1].l1)" \
    "$LOGS/gpu-assert-instance.log" bash -c \
    "$G mutants gpu_l1 --mutants tests/mutants/gpu_l1/16-victim-scan-wraps-late.mut --no-baseline \
        --cycles 20000 --out $OUT/gpu-assert | tee /dev/stderr | \
     grep -qE '16-victim-scan-wraps-late +caught +assertion +4 +sm\[1\]\.l1 '"

echo "== 6. waves, bench, area (functional smoke runs)"
check "waves: FST + .gtkw for cycles 0..200" "$LOGS/waves.log" bash -c \
    "$G waves sig_bloom --param m=256 --from 0 --to 200 --out $OUT/waves && \
     test -s $OUT/waves/sig_bloom-seed1.fst && grep -q op_i $OUT/waves/sig_bloom-seed1.gtkw"
# waves/sig_bloom.gtkw (committed, for any default-size dump) lists the traces gpucoh waves writes
# from the port table (cmodel/sig/sig_bloom_ports.h): the same lines, the filter's path relative
check "waves: waves/sig_bloom.gtkw holds the traces of the port table" "$LOGS/waves-file.log" \
    bash -c "$G waves sig_bloom --from 0 --to 20 --out $OUT/waves-default --quiet && \
     diff <(grep -v '^[[*]' waves/sig_bloom.gtkw) \
          <(grep -v '^[[*]' $OUT/waves-default/sig_bloom-seed1.gtkw | sed 's#^^1 .*/waves/#^1 waves/#')"
check "waves: VCD output through fst2vcd" "$LOGS/waves-vcd.log" bash -c \
    "$G cosim sig_bloom --param m=256 --cycles 300 --wave $OUT/w.vcd --quiet && \
     grep -q 'enddefinitions' $OUT/w.vcd"
check "bench: three runs agree and report ratios" "$LOGS/bench.log" bash -c \
    "$G bench sig_bloom --param m=1024 --cycles 100000 --out $OUT && \
     grep -q '\"diverged\": false' $OUT/bench-sig_bloom-m1024-threshold128.json"
# rsteal's steal-rate sweep (tools/steal_sweep.sh, make steal-sweep): bad input exits 2 before any
# run, a tiny sweep writes its md/csv/png, a truncated compare.csv or a failed run exits 1 (some 5 s)
script_checks "steal sweep" "$LOGS/steal-sweep.log" bash tests/test_steal_sweep.sh
# energy per operation (docs/area-method.md section 8, docs/energy.md): OpenSTA against the hand
# calculation, the page regenerated from synth/results, the results fresh, a tampered result, page
# and fingerprint caught, bad arguments refused (some 10 s; nothing co-simulated)
script_checks "energy" "$LOGS/energy.log" bash tests/test_energy.sh
# issue 30 item 4: docs/timing-routed.md equals what synth/results/route_*.route.txt regenerate, the
# results are fresh and unedited, and the gate catches a tampered result and a wrong page (no routing)
script_checks "routed timing (qflow) page gate" "$LOGS/route.log" bash tests/test_route.sh
# issue 31 item 5: the replay testbench of tools/sim_compare.sh (Icarus on tc_timer; docs/perf-sim.md)
# replays a recording with 0 mismatches, catches a flipped expected bit, refuses bad input
script_checks "simulator comparison replay" "$LOGS/sim_compare.log" bash tests/test_sim_compare.sh
check "area: Yosys + osu018 + OpenSTA at m=256" "$LOGS/area.log" bash -c \
    "$G area sig_bloom --param m=256 --param chunk_width=32 --json $OUT/area.json && \
     grep -q '\"area_um2\"' $OUT/area.json && grep -Eq '\"fmax_io_mhz\": [0-9]' $OUT/area.json"

# The area reports read only synth/results: their storage-formula and flop-model checks must
# hold on the committed results, catch a tampered result, and docs/area-gpu.md (area-denovo.md,
# area-hlrc.md, area-gtsc.md) must hold every line of synth/report_gpu.sh's (report_denovo.sh's,
# report_hlrc.sh's, report_gtsc.sh's) output (the page's tables are the report's).
check "area reports: report_tc.sh, report_gpu.sh, report_denovo.sh, report_hlrc.sh, report_gtsc.sh on synth/results (their checks hold)" \
    "$LOGS/area-reports.log" bash -c "bash synth/report_tc.sh > $OUT/report_tc.md && \
     bash synth/report_gpu.sh > $OUT/report_gpu.md && grep -q 'table 8' $OUT/report_gpu.md && grep -q 'table 9' $OUT/report_gpu.md && \
     bash synth/report_denovo.sh > $OUT/report_denovo.md && grep -q 'table 9' $OUT/report_denovo.md && \
     bash synth/report_hlrc.sh > $OUT/report_hlrc.md && grep -q 'table 9' $OUT/report_hlrc.md && \
     bash synth/report_gtsc.sh > $OUT/report_gtsc.md && grep -q 'table 8' $OUT/report_gtsc.md"
# make run reads the area of its five default points from committed results, the area pages read
# every point: none may be stale but those listed in synth/known-stale.txt (about 6 s, no synthesis)
check "area: committed results are up to date (make run's points; others as listed)" \
    "$LOGS/area-fresh.log" bash tools/check_area_fresh.sh
# the I/O-budget timing (docs/area-method.md 2.5) recomputed from each result's path class delays,
# and a result whose crit_path_io_ns was edited is caught
check "area: every I/O-budget period follows from its path class delays" \
    "$LOGS/area-io-budget.log" bash tools/check_io_budget.sh
# area by sub-block (docs/area-method.md section 8; issue 30): the results fresh, docs/area-subblock.md
# what they regenerate, a tampered result / stale result / tampered page caught (some seconds)
check "area by sub-block: page gate and its negative checks (tests/test_subblock.sh)" \
    "$LOGS/area-subblock.log" bash tests/test_subblock.sh
io_budget_tampered() {
    local d="$OUT/tampered-io" f
    rm -rf "$d"; mkdir -p "$d"
    f=$(grep -l '^io_class_delays_ns' synth/results/*.area.txt | head -n 1)
    [ -n "$f" ] || { echo "no result with io_class_delays_ns"; return 1; }
    # the period is crit_path_io_ns in a flat result, stitched_io_period_ns in an rdu/avu top
    awk '$1 == "crit_path_io_ns" || $1 == "stitched_io_period_ns" { $2 = sprintf("%.3f", $2 - 0.5) } 1' \
        "$f" > "$d/$(basename "$f")"
    ! bash tools/check_io_budget.sh "$d" && grep -q . "$d/$(basename "$f")"
}
check "area: a result with an edited I/O-budget period is rejected" \
    "$LOGS/area-io-tampered.log" io_budget_tampered
report_tampered() { # a gpu_l1 result whose storage_bits is off by one must be rejected
    local d="$OUT/tampered-results"
    rm -rf "$d"; mkdir -p "$d"; cp synth/results/gpu_*.area.txt "$d/"
    awk '$1 == "storage_bits" { $2 = $2 + 1 } 1' synth/results/gpu_l1_s4_sb16_b16.area.txt \
        > "$d/gpu_l1_s4_sb16_b16.area.txt"
    bash synth/report_gpu.sh --results "$d" > /dev/null 2> "$d/err"
    local rc=$?
    cat "$d/err"
    [ "$rc" -ne 0 ] && grep -q 'l1_s4_sb16_b16: storage formula gives' "$d/err"
}
check "area report: a result with a wrong storage_bits is rejected" \
    "$LOGS/area-report-tampered.log" report_tampered
report_tampered_dn() { # the same for a denovo_l2 result (synth/report_denovo.sh)
    local d="$OUT/tampered-results-dn"
    rm -rf "$d"; mkdir -p "$d"; cp synth/results/denovo_*.area.txt synth/results/gpu_*.area.txt "$d/"
    awk '$1 == "storage_bits" { $2 = $2 - 1 } 1' synth/results/denovo_l2_s4_b16.area.txt \
        > "$d/denovo_l2_s4_b16.area.txt"
    bash synth/report_denovo.sh --results "$d" > /dev/null 2> "$d/err"
    local rc=$?
    cat "$d/err"
    [ "$rc" -ne 0 ] && grep -q 'l2_s4_b16: storage formula gives' "$d/err"
}
check "area report: a DeNovo result with a wrong storage_bits is rejected" \
    "$LOGS/area-report-tampered-dn.log" report_tampered_dn
doc_holds_report() { # PAGE REPORT
    awk 'NR == FNR { d[$0] = 1; next } $0 != "" && !($0 in d) { print "not in the page: " $0; n++ }
         END { exit n > 0 }' "$1" "$2"
}
check "docs/area-gpu.md holds every line of synth/report_gpu.sh" "$LOGS/area-gpu-doc.log" \
    doc_holds_report docs/area-gpu.md "$OUT/report_gpu.md"
check "docs/area-tc.md holds every line of synth/report_tc.sh" "$LOGS/area-tc-doc.log" \
    doc_holds_report docs/area-tc.md "$OUT/report_tc.md"
check "docs/area-denovo.md holds every line of synth/report_denovo.sh" "$LOGS/area-denovo-doc.log" \
    doc_holds_report docs/area-denovo.md "$OUT/report_denovo.md"
check "docs/area-hlrc.md holds every line of synth/report_hlrc.sh" "$LOGS/area-hlrc-doc.log" \
    doc_holds_report docs/area-hlrc.md "$OUT/report_hlrc.md"
check "docs/area-gtsc.md holds every line of synth/report_gtsc.sh" "$LOGS/area-gtsc-doc.log" \
    doc_holds_report docs/area-gtsc.md "$OUT/report_gtsc.md"
# the wholly generated pages (docs/area.md, docs/area-rdu-avu.md) are their generator's output
# to the byte, freshness line included (synth/status_note.sh: a stale point is named there)
page_is_report() { # GENERATOR PAGE
    local d="$OUT/page-$(basename "$2" .md)"
    rm -rf "$d"; mkdir -p "$d"
    bash "$1" --md "$d/$(basename "$2")" --png "$d/$(basename "$2" .md).png" && \
        diff -u "$2" "$d/$(basename "$2")"
}
check "docs/area.md is synth/report.sh's output" "$LOGS/area-doc.log" \
    page_is_report synth/report.sh docs/area.md
check "docs/area-rdu-avu.md is synth/report_rdu_avu.sh's output" "$LOGS/area-rdu-avu-doc.log" \
    page_is_report synth/report_rdu_avu.sh docs/area-rdu-avu.md
# --update (synth/report_splice.sh): on a copy of the page it changes nothing (the page's tables
# are the report's); a table block without its end line is refused, the page left as it was
splice_checks() {
    local p="$OUT/area-gpu-copy.md" q="$OUT/area-gpu-noend.md" rc
    cp docs/area-gpu.md "$p"
    bash synth/report_gpu.sh --update "$p" && cmp docs/area-gpu.md "$p" || return 1
    grep -v '^<!-- end of table 3 -->$' docs/area-gpu.md > "$q"
    cp "$q" "$q.orig"
    bash synth/report_gpu.sh --update "$q"
    rc=$?
    echo "without table 3's end line: exit $rc"
    [ "$rc" -eq 2 ] && cmp "$q" "$q.orig"
}
check "area report --update: a no-op on docs/area-gpu.md; a block without its end is refused" \
    "$LOGS/area-splice.log" splice_checks


# the background sections (see bg_section above); each lane's length, to keep them level
FG_S=$(( $(date +%s) - T0 ))
wait "$BG_PID"
echo "lanes: foreground $FG_S s, background $(cat "$LOGS/background-lane-s" 2>/dev/null || echo '?') s"
for s in 3 3c2 3d 3e 3f 3g 3h 3i 5c 5s 6b 7 8 9; do join_section "$s"; done

echo
echo "make test: $(( $(date +%s) - T0 )) s; logs in $LOGS"
if [ "$FAIL" -gt 0 ]; then
    echo "failed:"; printf '  %s\n' "${FAILED[@]}"
fi
echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
