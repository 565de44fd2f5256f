#!/usr/bin/env bash
# `make regress`: the long runs kept out of `make test`. Each configuration runs N cycles
# (default 10^7) and must end with 0 mismatches, every reachable transition covered and every
# reachable cover point reached; the mutant campaign runs at the paper size; the TC cover points
# are checked over the system runs; every cover mutant (tests/mutants/<unit>/cover/) must be
# caught with the steered stimulus and survive with --steer off. Ends with one
# 'N passed, N failed' line.
#
# Every check is a named step (docs/campaigns.md, "regress"), so that `gpucoh campaign` can run
# the steps as independent jobs (`make regress`, REGRESS_JOBS at once):
#
#   tools/regress.sh [N]                        the serial run: every step in order (logs and
#                                               JSONs in build/regress, or $REGRESS_OUT), then the
#                                               checks over several steps (the cover points of the
#                                               sysruns), the total line; writes regress.json
#   tools/regress.sh --campaign-list [N]        one '  step NAME' line per step, in that order
#   tools/regress.sh --campaign-step NAME [N]   that step alone, its files in $CAMPAIGN_JOB_DIR;
#                                               prints its lines, exit 0 (passed) or 1 (failed)
#   tools/regress.sh --campaign-merge JSON DIR... the serial run's lines and exit status from the
#                                               steps' folders (in list order); the summary JSON
#
# REGRESS_ONLY (a regex over the step keys, e.g. '^(rdu|avu)') selects the steps, in the serial
# run and in the list; exit 2 on bad arguments.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
export GPUCOH_ROOT=$ROOT
G=build/gpucoh
FOUND=0 STEP=''
die() { echo "regress.sh: $*" >&2; exit 2; }
# shellcheck source=tools/campaign_lib.sh
. tools/campaign_lib.sh # camp_args, camp_step_dir, camp_finished, camp_atomic
camp_args "$@"
shift "$CAMP_NARGS"
MODE=$CAMP_MODE WANT=$CAMP_STEP MJSON=$CAMP_JSON MDIRS=("${CAMP_DIRS[@]}")
case ${1:-} in -*) die "unknown option '$1'" ;; esac
[ $# -le 1 ] || die "too many arguments"
N=${1:-10000000}
[[ $N =~ ^[1-9][0-9]{0,17}$ ]] || die "N (cycles) must be a positive number, not '$N'"
ONLY=${REGRESS_ONLY:-} # a regex over step keys: run only those (e.g. REGRESS_ONLY='^(rdu|avu)')
case $MODE in
    serial) OUT=${REGRESS_OUT:-build/regress}; mkdir -p "$OUT" || exit 2
            CHECKS=$OUT/checks.tsv; : > "$CHECKS" ;;
    step) camp_step_dir; OUT=$CAMP_OUT
          camp_name_ok "$WANT" || die "no step '$WANT'"
          CHECKS=$OUT/checks.tsv; : > "$CHECKS"; rm -f "$OUT/step.name" ;;
    merge) OUT=''; CHECKS=$(mktemp); trap 'rm -f "$CHECKS"' EXIT ;;
    list) OUT=/nonexistent CHECKS=/dev/null ;;
esac
PASS=0; FAIL=0
declare -A SEEN=() RAN=() DIR_OF=()
pass() { # pass LINE: the current step's check passed
    PASS=$((PASS + 1)); echo "  ok    $1"; printf '%s\tpass\n' "$STEP" >> "$CHECKS"
}
fail() { # fail LINE: the current step's check failed
    FAIL=$((FAIL + 1)); echo "  FAIL  $1"; printf '%s\tfail\n' "$STEP" >> "$CHECKS"
}
stepk() { # stepk KEY NAME CMD...: the step NAME (REGRESS_ONLY matches KEY) runs CMD
    local key=$1 name=$2; shift 2
    case $MODE in
        list)
            [ -z "$ONLY" ] || [[ $key =~ $ONLY ]] || return 0
            camp_name_ok "$name" || die "bad step name '$name'"
            [ -z "${SEEN[$name]:-}" ] || die "step '$name' twice"
            SEEN[$name]=1; echo "  step $name" ;;
        serial)
            [ -z "$ONLY" ] || [[ $key =~ $ONLY ]] || return 0
            STEP=$name; RAN[$name]=1; "$@" ;;
        step)
            [ "$name" = "$WANT" ] || return 0
            STEP=$name; FOUND=1; "$@" ;;
        merge) ;;
    esac
}
step() { stepk "$1" "$@"; } # step NAME CMD...: REGRESS_ONLY matches NAME
if [ "$MODE" = merge ]; then # every step's lines and checks, in list order
    for d in "${MDIRS[@]}"; do
        camp_finished "$d" step.name checks.tsv stdout
        s=$(< "$d/step.name"); DIR_OF[$s]=$d
        cat "$d/stdout"
        while IFS=$'\t' read -r _ r; do
            if [ "$r" = pass ]; then PASS=$((PASS + 1)); else FAIL=$((FAIL + 1)); fi
        done < "$d/checks.tsv"
        cat "$d/checks.tsv" >> "$CHECKS"
    done
fi
run() { step "$2" run_ "$@"; }
run_() { # run UNIT NAME ARGS...
    local unit=$1 name=$2; shift 2
    local log="$OUT/$name.log"
    $G cosim "$unit" --cycles "$N" --json "$OUT/$name.json" "$@" > "$log" 2>&1
    local rc=$? line
    line=$(grep -E '^(PASS|FAIL) ' "$log")
    local cov=$(echo "$line" | sed -n 's/.*coverage \([0-9]*\)\/\([0-9]*\).*/\1 \2/p')
    local fc=$(echo "$line" | sed -n 's/.*cover points \([0-9]*\)\/\([0-9]*\).*/\1 \2/p')
    if [ $rc -eq 0 ] && [ -n "$cov" ] && [ "${cov% *}" = "${cov#* }" ] && [ -n "$fc" ] &&
        [ "${fc% *}" = "${fc#* }" ]; then
        pass "$name: $line"
    else
        fail "$name: $line"; tail -20 "$log"
    fi
}
run sig_bloom paper-4k-k6-true --seed 1
run sig_bloom paper-4k-k6-true-seed2 --seed 2 --stim random
run sig_bloom 1k-k6-true --param m=1024 --seed 3
run sig_bloom 16k-k6-true --param m=16384 --seed 4
run sig_bloom 16k-k8-parallel --param m=16384 --param k=8 --param org=parallel --seed 5
run sig_bloom 2k-k4-parallel-bitsel-byte --param m=2048 --param k=4 --param org=parallel \
    --param hash=bitsel --param gran=1 --seed 6
run sig_bloom 256-k2-aw16-c8 --param m=256 --param k=2 --param addr_width=16 \
    --param chunk_width=8 --seed 7
# rdu and avu at the paper configuration (16 SMs, 4 Kbit, k = 6, block) and at 1 and 16 Kbit
run rdu rdu-paper-16sm-4k --seed 11
run rdu rdu-16sm-1k --param m=1024 --seed 12
run rdu rdu-16sm-16k --param m=16384 --seed 13
run rdu rdu-8sm-1k-word-sat --param n=8 --param m=1024 --param gran=4 \
    --param threshold=2047 --seed 14
run avu avu-paper-4k --seed 21
run avu avu-1k --param m=1024 --seed 22
run avu avu-16k --param m=16384 --seed 23
run avu avu-1k-byte-ew2 --param m=1024 --param gran=1 --param epoch_width=2 --seed 24
# illegal inputs at 2/1000 where every kind exists (sig_bloom.md section 11 at C = m, avu.md
# section 9 at NC = 1): the make-test points for N cycles
run sig_bloom 256-c256-illegal2 --param m=256 --param chunk_width=256 --illegal-rate 2 --seed 8
run avu avu-256-c256-nc1-illegal2 --param m=256 --param chunk_width=256 --param lines=16 \
    --param spec_depth=4 --param out_max=4 --illegal-rate 2 --seed 25
# The TC system (docs/system.md): every L1, L2 and the timer in lockstep, both protocols; the
# small configuration for N cycles, the paper configuration (Table 4) for N/20.
sysrun() { step "$1" sysrun_ "$@"; }
sysrun_() { # sysrun NAME CYCLES ARGS...
    local name=$1 cyc=$2; shift 2
    local log="$OUT/$name.log"
    $G cosim system --cycles "$cyc" --json "$OUT/$name.json" "$@" > "$log" 2>&1
    local rc=$? line c1 r1 c2 r2
    line=$(grep -E '^(PASS|FAIL) system' "$log")
    read -r c1 r1 c2 r2 < <(echo "$line" | sed -n 's/.*coverage l1 \([0-9]*\)\/\([0-9]*\) l2 \([0-9]*\)\/\([0-9]*\).*/\1 \2 \3 \4/p')
    if [ $rc -eq 0 ] && { [ "${FULLCOV:-1}" = 0 ] || { [ "${c1:-x}" = "${r1:-y}" ] && [ "${c2:-x}" = "${r2:-y}" ]; }; }; then
        pass "$name: $line"
    else
        fail "$name: $line"; tail -20 "$log"
    fi
}
sysrun tc-weak-small "$N" --protocol tc-weak --seed 31
sysrun tc-strong-small "$N" --protocol tc-strong --seed 32
sysrun tc-weak-small-ts8 $((N / 5)) --protocol tc-weak --seed 33 --param ts_width=8 \
    --param lease=30 --param pred_init=30 --param pred_max=60
# the gate-level netlists (docs/testing.md, "Netlist lockstep"): every L1, L2 bank and the timer
# as its osu018 netlist, both protocols, small configuration, N/50 cycles (at least 10^5; the
# netlist system runs at a few thousand cycles/s; the unsteered traffic, as in make test)
NL=$((N / 50 > 100000 ? N / 50 : 100000))
sysrun tc-weak-small-netlist "$NL" --protocol tc-weak --seed 38 --netlist all --steer off
sysrun tc-strong-small-netlist "$NL" --protocol tc-strong --seed 39 --netlist all --steer off
# the GPU family's L1s and L2 banks as netlists too (issue 26: the manifest's netlist flag), both
# variants (gpu-h has the CTA-scope atomics in the L1)
sysrun gpu-d-small-netlist "$NL" --protocol gpu-d --seed 40 --netlist all --steer off
sysrun gpu-h-small-netlist "$NL" --protocol gpu-h --seed 41 --netlist all --steer off
# GPU-RSP's (Rsp = 1: the L1's sequencer and command flush, the bank's token), with the RSP
# steering phase on (it is what draws rm operations; --steer off would leave Rsp idle)
FULLCOV=0 sysrun gpu-rsp-small-netlist "$NL" --protocol gpu-rsp --seed 47 --netlist all
# and the DeNovo family's, every variant (D+RO has the read-only region, H the CTA-scope accesses
# in the L1; each variant its own L1 netlist, the L2 one for all). Coverage is reported, not
# required: a single unsteered run does not take every reachable DeNovo row (make test section
# 3b requires them over its runs together, B02 never: denovo_l2.md section 8). Not in make test:
# on a fresh build/ the two syntheses and netlist builds alone take some 8 minutes (docs/testing.md)
FULLCOV=0 sysrun denovo-d-small-netlist "$NL" --protocol denovo-d --seed 42 --netlist all --steer off
FULLCOV=0 sysrun denovo-d-ro-small-netlist "$NL" --protocol denovo-d-ro --seed 43 --netlist all --steer off
FULLCOV=0 sysrun denovo-h-small-netlist "$NL" --protocol denovo-h --seed 44 --netlist all --steer off
# the hLRC family's (hlrc, hlrc-scoped: each its own L1 netlist, the bank's shared; hlrc.md
# section 11): on a fresh build/ three syntheses and netlist builds, some 24 minutes; removed
# bits: the L1's hph_q under hlrc (constant: only C20 leaves HphNone) and FIFO payload bits
FULLCOV=0 sysrun hlrc-small-netlist "$NL" --protocol hlrc --seed 45 --netlist all --steer off
FULLCOV=0 sysrun hlrc-scoped-small-netlist "$NL" --protocol hlrc-scoped --seed 46 --netlist all --steer off
# the G-TSC family's L1s and banks (gtsc, gtsc-sc: each its own L1 netlist, Sc; the bank's
# shared; gtsc.md section 14), synthesized with `synth -noshare` as every G-TSC point
# (synth/points/gtsc.sh: Yosys's resource sharing ran past 20 GB on gtsc_l1); gtsc_ovf stays RTL
# (its nrst_q, read by no output, does not survive the netlist build: docs/testing.md). Removed
# bits: the bank's word index mword_q[k][4:2] and FIFO payload bits (16-byte lines)
GPUCOH_SYNTH_OPTS=-noshare FULLCOV=0 sysrun gtsc-small-netlist "$NL" --protocol gtsc --seed 48 --netlist l1,l2 --steer off
GPUCOH_SYNTH_OPTS=-noshare FULLCOV=0 sysrun gtsc-sc-small-netlist "$NL" --protocol gtsc-sc --seed 49 --netlist l1,l2 --steer off
chk() { step "$1" chk_ "$@"; }
chk_() { # chk NAME CMD...
    local name=$1; shift
    if "$@" > "$OUT/$name.log" 2>&1; then
        pass "$name: $(grep -cE '^PASS' "$OUT/$name.log") PASS lines"
    else
        fail "$name"; grep -E '^FAIL' "$OUT/$name.log" | head
    fi
}
# `gpucoh cosim tc_l1 --netlist` (moved here from make test with the TC netlist system, 2026-11-29):
# the system lockstep with only the L1s as their netlist; synthesis keeps every register of the L1
# but the SM obligation cobl_q, constant 0 outside TC-Weak-C
chk tc_l1-netlist-unit bash -c "$G cosim tc_l1 --netlist --param protocol=tc-weak --cycles 3000 \
    --seed 3 --quiet | tee /dev/stderr | grep -q '^PASS system tc-weak: 3000 cycles, 12000 \
unit-cycles compared, 0 mismatches.*removed: l1: cobl_q)\$'"
# the hLRC bank proof's four mutants (make test runs two of them)
for mf in tests/mutants/hlrc_l2/formal/*.mut; do
    chk "hlrc-proof-$(basename "$mf" .mut)" bash -c "bash tools/prove_hlrc_l2.sh --mutant-file $mf; [ \$? -eq 1 ] && echo PASS"
done
# the synthesis-only mutants of tc_l1 / tc_l2 (moved here from make test for its time): the
# mutated unit's netlist in the TC system catches it, and the RTL lockstep of the same mutated
# RTL passes in both protocols (a bug only synthesis sees)
nlmut() { stepk netlist-mutant "netlist-mutant-$1-$2" nlmut_ "$@"; }
nlmut_() { # nlmut UNIT MUTANT VARIANTS...: caught through the netlist, passes the RTL lockstep
    local unit=$1 m=$2 cyc=30000 p ok=1 slot fam
    shift 2
    local log=$OUT/netlist-mutant-$unit-$m.log
    slot=$($G units --get context "$unit")
    fam=$($G units --get family "$unit")
    $G mutants "$unit" --mutants "tests/mutants/$unit/netlist/$m.mut" --netlist --cycles $cyc \
        --out "$OUT" > "$log" 2>&1 && grep -qE "^  $m +caught " "$log" &&
        grep -q "impl=netlist $slot in the ${fam^^} system" "$log" || ok=0
    for p in "$@"; do
        $G cosim "$unit" --protocol "$p" --rtl-dir "build/mutants/$unit/$m" --cycles $cyc \
            --seed 1 --illegal-rate 5 --quiet --out "$OUT" > "$log.rtl-$p" 2>&1 &&
            grep -q "^PASS system $p: $cyc cycles, .* 0 mismatches" "$log.rtl-$p" || ok=0
    done
    if [ $ok = 1 ]; then
        pass "netlist mutant $unit/$m: caught through the netlist, passes the RTL lockstep"
    else
        fail "netlist mutant $unit/$m (see $log*)"
    fi
}
nlmut tc_l1 01-legal-wf-translate-off tc-weak tc-strong
# the synthesis-only mutants of sig_bloom, rdu and avu (moved here from make test's section 5c for
# its time: 63, 84 and 36 s of the clean clones of 2026-11-30; tc_timer's and tc_gwct's stay there): caught
# by the netlist lockstep at the unit's netlist parameters, and the RTL lockstep of the same
# mutated RTL passes
nlsmut() { stepk netlist-mutant "netlist-mutant-$1-$2" nlsmut_ "$@"; }
nlsmut_() { # nlsmut UNIT MUTANT
    local unit=$1 m=$2 kv params=()
    local log=$OUT/netlist-mutant-$unit-$m.log
    for kv in $($G units --get netlist_params "$unit"); do params+=(--param "$kv"); done
    if $G mutants "$unit" "${params[@]}" --mutants "tests/mutants/$unit/netlist/$m.mut" --netlist \
        --cycles 100000 --out "$OUT" > "$log" 2>&1 && grep -qE "^  $m +caught " "$log" &&
        $G cosim "$unit" "${params[@]}" --rtl-dir "build/mutants/$unit/$m" --cycles 100000 \
            --seed 1 --quiet --out "$OUT" > "$log.rtl" 2>&1 &&
        grep -q "^PASS $unit: 100000 cycles, 100000 compared, 0 mismatches" "$log.rtl"; then
        pass "netlist mutant $unit/$m: caught through the netlist, passes the RTL lockstep"
    else
        fail "netlist mutant $unit/$m (see $log*)"
    fi
}
nlsmut sig_bloom 01-chunk-default-x
nlsmut rdu 01-rr-stuck-outside-verilator
nlsmut avu 01-scrub-tag-sim-only
nlmut tc_l2 01-expiry-full-case tc-weak tc-strong
# the same for the DeNovo units (tests/mutants/denovo_l*/netlist/): the mutated unit's netlist in
# the DeNovo system (every variant until caught) catches it; the RTL lockstep of the same mutated
# RTL passes in all three variants
nlmut denovo_l2 01-victim-parallel-case denovo-d denovo-d-ro denovo-h
# the paper configuration for N/2 cycles, and for N/20 with the timer started 50 000 cycles
# before its 32-bit wrap (rollover rows at the paper size). Not every row is reachable at this
# size: S02 of the L1 needs 63 writes of one wavefront outstanding, S02 of the L2 all 128 MSHRs
# of a bank taken; the small configuration covers them (reported here, not required).
FULLCOV=0 sysrun tc-weak-paper $((N / 2)) --protocol tc-weak --config paper --seed 34
FULLCOV=0 sysrun tc-strong-paper $((N / 2)) --protocol tc-strong --config paper --seed 35
WRAPC=$((N / 20 > 60000 ? N / 20 : 60000)) # the roll comes at cycle 50 003
FULLCOV=0 sysrun tc-weak-paper-wrap "$WRAPC" --protocol tc-weak --config paper --seed 36 \
    --start-time 4294917296
FULLCOV=0 sysrun tc-strong-paper-wrap "$WRAPC" --protocol tc-strong --config paper --seed 37 \
    --start-time 4294917296
# the predictor pinned at its ceiling (PredInit = PredMax, no negative step): every +THit clamps
# (tc_l2 F68; from PredInit 800 it would take some 16 000 net +THit steps at the paper size)
FULLCOV=0 sysrun tc-weak-paper-life $((N / 30)) --protocol tc-weak --config paper --seed 38 \
    --param pred_init=65535 --param t_evict=0 --param use_t_write=0
# the cover mutants (tests/mutants/<unit>/cover/): each must be caught with the steered traffic
# and survive the unsteered one, at the make-test campaign's cycles and the default seed
covmut() { stepk cover-mutants "cover-mutant-$1-$2" covmut_ "$@"; }
covmut_() { # covmut UNIT MUTANT
    local unit=$1 m=$2 rc1 rc2
    local f=tests/mutants/$unit/cover/$m.mut log=$OUT/cover-mutant-$unit-$m
    $G mutants "$unit" --mutants "$f" --cycles 150000 --steer on --out "$OUT" > "$log-on.log" 2>&1
    rc1=$?
    $G mutants "$unit" --mutants "$f" --cycles 150000 --steer off --out "$OUT" > "$log-off.log" 2>&1
    rc2=$?
    if [ $rc1 -eq 0 ] && grep -qE "^  $m +caught " "$log-on.log" && [ $rc2 -eq 1 ] &&
        grep -qE "^  $m +SURVIVED " "$log-off.log"; then
        pass "cover mutant $unit/$m: steered $(grep -E "^  $m " "$log-on.log" | awk '{print $2" "$3" cycle "$4" "$5}'), unsteered survives"
    else
        fail "cover mutant $unit/$m (steered exit $rc1, unsteered exit $rc2)"
        grep -hE "^  $m " "$log-on.log" "$log-off.log"
    fi
}
for u in tc_l1 tc_l2; do
    for f in tests/mutants/$u/cover/*.mut; do covmut "$u" "$(basename "$f" .mut)"; done
done
# the illegal-input mutants of tc_l2 (tests/mutants/tc_l2/illegal/): each survives the mutant
# campaign's system runs (its L1s never produce J1, J5, J6) and fails the lockstep with
# --l2-illegal-rate 20 on its scratch RTL (built by the campaign run)
illmut() { stepk illegal-mutants "illegal-mutant-$1" illmut_ "$@"; }
illmut_() { # illmut MUTANT
    local m=$1 rc1 rc2
    local log=$OUT/illegal-mutant-$m
    $G mutants tc_l2 --mutants "tests/mutants/tc_l2/illegal/$m.mut" --cycles 150000 --out "$OUT" \
        > "$log-campaign.log" 2>&1
    rc1=$?
    $G cosim system --rtl-dir "build/mutants/tc_l2/$m" --l2-illegal-rate 20 --cycles 300000 \
        --seed 7 --quiet --json "$log.json" > "$log-j.log" 2>&1
    rc2=$?
    if [ $rc1 -eq 1 ] && grep -qE "^  $m +SURVIVED " "$log-campaign.log" && [ $rc2 -eq 1 ] &&
        grep -q '^FAIL system' "$log-j.log"; then
        pass "illegal-input mutant tc_l2/$m: survives the campaign, caught with J inputs: $(sed -n 's/^  first divergence: //p' "$log-j.log")"
    else
        fail "illegal-input mutant tc_l2/$m (campaign exit $rc1, J run exit $rc2)"
        grep -hE "^  $m |^(PASS|FAIL) system" "$log-campaign.log" "$log-j.log"
    fi
}
for f in tests/mutants/tc_l2/illegal/*.mut; do illmut "$(basename "$f" .mut)"; done
# GPU-RSP's mutants (tests/mutants/gpu_l{1,2}/rsp/, docs/units/gpu/rsp.md section 13.1): each in
# the GPU system lockstep (passing GPU-D and GPU-H, caught under gpu-rsp), and the four whose bug
# the consistency checks see on the RTL alone (rsp.md 13.1's result column)
rspm() { stepk rsp-mutants "rsp-mutant-$1-$2" rspm_ "$@"; }
rspm_() { # rspm UNIT MUTANT
    local log=$OUT/rsp-mutant-$1-$2.log
    if $G mutants "$1" --mutants "tests/mutants/$1/rsp/$2.mut" --cycles 200000 --out "$OUT" > "$log" 2>&1 &&
        grep -qE "^  $2 +caught " "$log"; then
        pass "RSP mutant $1/$2: $(grep -E "^  $2 " "$log")"
    else
        fail "RSP mutant $1/$2 (see $log)"
    fi
}
for f in tests/mutants/gpu_l1/rsp/*.mut; do rspm gpu_l1 "$(basename "$f" .mut)"; done
for f in tests/mutants/gpu_l2/rsp/*.mut; do rspm gpu_l2 "$(basename "$f" .mut)"; done
rspalone() { stepk rsp-mutants "rsp-alone-$1" rspalone_ "$@"; }
rspalone_() { # rspalone MUTANT FILE...: forbidden outcomes on the mutant's RTL alone
    local m=$1; shift
    local f args=()
    for f in "$@"; do args+=("litmus/$f.litmus"); done
    # its own scratch build/mutants/gpu_l1/<m> (the rspm step of the same mutant, which may run
    # at the same time, writes the same text there): the campaign of this mutant alone, briefly
    $G mutants gpu_l1 --mutants "tests/mutants/gpu_l1/rsp/$m.mut" --no-baseline --cycles 1000 \
        --out "$OUT/rsp-alone-$m" > "$OUT/rsp-alone-$m-scratch.log" 2>&1
    if $G litmus "${args[@]}" --protocol gpu-rsp --impl rtl --rtl-dir "build/mutants/gpu_l1/$m" \
        --runs 2000 --seed 5 --quiet > "$OUT/rsp-alone-$m.log" 2>&1; then
        fail "RSP mutant gpu_l1/$m passes the rm litmus files on the RTL alone"
    elif grep -qE '^FAIL litmus .* [1-9][0-9]* forbidden' "$OUT/rsp-alone-$m.log"; then
        pass "RSP mutant gpu_l1/$m: forbidden outcomes on the RTL alone"
    else
        fail "RSP mutant gpu_l1/$m: no forbidden outcome (see $OUT/rsp-alone-$m.log)"
    fi
}
rspalone 19-no-second-inv ATOM.add.cta-x2+rm-diffsm LOCK.cas.cta+cas.rm-diffsm
rspalone 22-issuer-excluded ATOM.add.cta+relaxed.rm-samesm
rspalone 23-unlock-early ATOM.add.cta-x2+rm-diffsm LOCK.cas.cta+cas.rm-diffsm
# the illegal-input mutants of gpu_l2 (tests/mutants/gpu_l2/illegal/, issue 24): each survives the
# campaign (its L1s never send a kind-0 request, its DRAM no stray fill) and fails the GPU-D
# lockstep with --l2-illegal-rate 20 (gpu_l2.md section 11)
gillmut() { stepk illegal-mutants "illegal-mutant-gpu-$1" gillmut_ "$@"; }
gillmut_() { # gillmut MUTANT
    local m=$1 rc1 rc2
    local log=$OUT/illegal-mutant-gpu-$m
    $G mutants gpu_l2 --mutants "tests/mutants/gpu_l2/illegal/$m.mut" --cycles 100000 --out "$OUT" \
        > "$log-campaign.log" 2>&1
    rc1=$?
    $G cosim system --protocol gpu-d --rtl-dir "build/mutants/gpu_l2/$m" --l2-illegal-rate 20 \
        --cycles 200000 --seed 7 --quiet --json "$log.json" > "$log-j.log" 2>&1
    rc2=$?
    if [ $rc1 -eq 1 ] && grep -qE "^  $m +SURVIVED " "$log-campaign.log" && [ $rc2 -eq 1 ] &&
        grep -q '^FAIL system' "$log-j.log"; then
        pass "illegal-input mutant gpu_l2/$m: survives the campaign, caught with bank inputs: $(sed -n 's/^  first divergence: //p' "$log-j.log")"
    else
        fail "illegal-input mutant gpu_l2/$m (campaign exit $rc1, run exit $rc2)"
        grep -hE "^  $m |^(PASS|FAIL) system" "$log-campaign.log" "$log-j.log"
    fi
}
for f in tests/mutants/gpu_l2/illegal/*.mut; do gillmut "$(basename "$f" .mut)"; done
# the consistency checkers at full strength: 10 000 runs per litmus test, episodes on 8 seeds
chk tc-litmus-10k $G litmus litmus/*.litmus --protocol both --runs 10000 --seed 1 --quiet
chk tc-litmus-10k-lockstep $G litmus litmus/*.litmus --protocol both --runs 10000 --seed 2 \
    --impl lockstep --quiet
for s in 1 2 3 4 5 6 7 8; do
    chk tc-episode-seed$s $G episode --protocol both --seed $s --episodes 60 --quiet
done
# DeNovo (issue 27, "what must be shown" 4): every file x every variant at 10 000 runs, C and
# lockstep (the plain-access files are RACY under its models: the command passes with none
# failed), episodes on 8 seeds, relacq episodes
chk denovo-litmus-10k $G litmus litmus/*.litmus --protocol denovo --runs 10000 --seed 1 --quiet
# hLRC and GPU-RSP (issue 28, "what must be shown" 4) and G-TSC (issue 29, "what must be shown" 3):
# every file x each variant at 10 000 runs, C and lockstep, and 10 016 episodes a variant in
# lockstep, both sync modes
for v in hlrc hlrc-scoped gpu-rsp gtsc gtsc-sc; do
    chk $v-litmus-10k $G litmus litmus/*.litmus --protocol $v --runs 10000 --seed 1 --quiet
    chk $v-litmus-10k-lockstep $G litmus litmus/*.litmus --protocol $v --runs 10000 --seed 2 \
        --impl lockstep --quiet
    chk $v-episode-10k-lockstep $G episode --protocol $v --episodes 313 --seed 11 --impl lockstep --quiet
    chk $v-episode-10k-relacq-lockstep $G episode --protocol $v --episodes 313 --sync relacq \
        --seed 11 --impl lockstep --quiet
done
chk denovo-litmus-10k-lockstep $G litmus litmus/*.litmus --protocol denovo --runs 10000 --seed 2 \
    --impl lockstep --quiet
# 10 016 episodes a variant (313 a wavefront x 32), both sync modes, in lockstep (about 2.5 min)
chk denovo-episode-10k-lockstep $G episode --protocol denovo --episodes 313 --seed 11 \
    --impl lockstep --quiet
chk denovo-episode-10k-relacq-lockstep $G episode --protocol denovo --episodes 313 --sync relacq \
    --seed 11 --impl lockstep --quiet
for s in 1 2 3 4 5 6 7 8; do
    chk denovo-episode-seed$s $G episode --protocol denovo --seed $s --episodes 60 --quiet
    chk denovo-episode-relacq-seed$s $G episode --protocol denovo --sync relacq --seed $s \
        --episodes 60 --quiet
done
# GPU-RSP's steals (rsp.md section 7.3): 10 016 episodes with --rm-steal in lockstep, 8 seeds on C
chk gpu-rsp-episode-10k-steal-lockstep $G episode --protocol gpu-rsp --episodes 313 --sync relacq \
    --rm-steal --seed 11 --impl lockstep --quiet
for s in 1 2 3 4 5 6 7 8; do
    chk gpu-rsp-episode-steal-seed$s $G episode --protocol gpu-rsp --sync relacq --rm-steal --seed $s \
        --episodes 60 --quiet
done
# the conformance campaign in full (docs/memory-models.md, "Conformance campaign"): every
# generated test (1 868 041) x every variant x 100 runs, about 26 CPU-hours at 0.1 ms a run,
# the first 50 violations re-run on the RTL alone and in lockstep;
# CONFORM_ARGS replaces the selection (e.g. CONFORM_ARGS='--shapes SB --sync relacq --runs 200')
# shellcheck disable=SC2086
chk conform-full $G conform --protocol all --rerun-rtl 50 ${CONFORM_ARGS:---runs 100} --out "$OUT" --quiet
mut() { step "mutants-$1" mut_ "$@"; }
mut_() { # mut UNIT PARAMS...: the unit's mutant campaign
    local unit=$1; shift
    local mlog=$OUT/mutants-$unit.log
    if $G mutants "$unit" --cycles 2000000 --out "$OUT" "$@" > "$mlog" 2>&1; then
        pass "mutants of $unit: $(grep -E '^mutants of' "$mlog")"
    else
        fail "mutants of $unit"; grep -E 'SURVIVED|BROKEN|caught' "$mlog"
    fi
}
mut sig_bloom
mut rdu --param n=4 --param m=1024
mut avu --param m=1024 --param lines=32
mut tc_l1
mut tc_l2
mut tc_gwct
# tc_gwct.md G7: a mutant that ignores OblPort is caught at obl=0 and survives obl=1 (only the obl=0
# context catches it); moved here from make test's 3a on 2026-12-01 for its time (47 s)
obl0_() {
    local a=(tc_gwct --mutants tests/mutants/tc_gwct/obl0/01-oblport-ignored.mut --param wf=8
             --param ts_width=8 --param wf_cnt_width=2 --cycles 20000)
    # (the second run's exit status is 1: its mutant survives, which is what is checked)
    "$G" mutants "${a[@]}" --param obl=0 --out "$OUT/obl0-0" > "$OUT/obl0-0.txt" 2>&1
    "$G" mutants "${a[@]}" --param obl=1 --out "$OUT/obl0-1" > "$OUT/obl0-1.txt" 2>&1
    if grep -qE '^  01-oblport-ignored +caught ' "$OUT/obl0-0.txt" &&
        grep -qE '^  01-oblport-ignored +SURVIVED ' "$OUT/obl0-1.txt"; then
        pass "tc_gwct obl0 mutant: OblPort ignored is caught at obl=0, survives obl=1"
    else
        fail "tc_gwct obl0 mutant: not caught at obl=0 or not surviving obl=1 (see $OUT/obl0-0.txt, $OUT/obl0-1.txt)"
    fi
}
step tc-gwct-obl0 obl0_
mut tc_timer
# the baseline GPU units (make test runs 4 and 3 of them: tools/run_tests.sh mutset)
mut gpu_l1 --cycles 100000
mut gpu_l2 --cycles 100000
mut denovo_l1
mut denovo_l2
# hLRC (hlrc.md section 14): the 26 mutants at 20 000 cycles a variant (make test runs three), and
# the four of the seven that fail the consistency checks on the RTL alone make test does not run
mut hlrc_l1 --cycles 20000
mut hlrc_l2 --cycles 20000
hlalone() { step "$1" hlalone_ "$@"; }
hlalone_() { # hlalone NAME UNIT MUTANT CMD...: CMD on the mutant's RTL alone must fail (exit 1)
    local name=$1 unit=$2 m=$3; shift 3
    # its own scratch build/mutants/<unit>/<m> (not the one the step mutants-<unit> leaves, which
    # may run at the same time and writes the same text there)
    $G mutants "$unit" --mutants "tests/mutants/$unit/$m.mut" --no-baseline --cycles 1000 \
        --out "$OUT/$name-scratch" > "$OUT/$name-scratch.log" 2>&1
    "$@" --impl rtl --rtl-dir "build/mutants/$unit/$m" > "$OUT/$name.log" 2>&1
    if [ $? -eq 1 ] && grep -qE '^FAIL' "$OUT/$name.log"; then
        pass "$name: $(grep -m1 -E '^FAIL' "$OUT/$name.log")"
    else
        fail "$name: the mutant's RTL passed (or broke)"
    fi
}
hlalone hlrc-alone-06 hlrc_l1 06-rack-before-ack $G litmus litmus/SB+relacq.gpu.litmus --protocol hlrc --runs 2000 --seed 5
hlalone hlrc-alone-12 hlrc_l1 12-fill-merge-drops-dirty $G litmus litmus/CoWR.litmus --protocol hlrc --runs 2000 --seed 5
hlalone hlrc-alone-07 hlrc_l1 07-wt-full-line $G episode --protocol hlrc --seed 3 --episodes 40 --quiet
hlalone hlrc-alone-l2-06 hlrc_l2 06-dirty-victim-no-writeback $G episode --protocol hlrc --seed 3 --episodes 40 --quiet
# G-TSC (gtsc.md section 14, issue 29): the 20 mutants (M1-M20) at 20 000 cycles a variant (make
# test runs three), and on the RTL alone the three that fail the consistency checks (make test
# runs them too, and 13 with the eviction test; hlalone_ is not hLRC's own: any unit, any command)
mut gtsc_l1 --cycles 20000
# the G-TSC golden RTL testbench catches a bug (moved here from make test's 3i for its time, 57 s):
# M15 (an RNW whatever the version) fails G1 at step 14-15 under gtsc-sc
gtsc_golden_m15_() {
    local d=build/rtl_smoke/gtsc_golden_15-rnw-any-version
    if SC=1 MUTANT=tests/mutants/gtsc_l2/15-rnw-any-version.mut \
        bash tests/rtl/gtsc_golden/run_gtsc_golden.sh > "$OUT/gtsc-golden-m15.log" 2>&1; then
        fail "gtsc golden RTL: mutant M15 not caught"
    elif grep -q '^FAIL Sc=1 G1 G1.15 FILL' "$d/vl-run-sc1.log"; then
        pass "gtsc golden RTL: mutant M15 caught at G1 step 14-15"
    else
        fail "gtsc golden RTL: mutant M15 failed elsewhere than G1 step 14-15 (see $d/vl-run-sc1.log)"
    fi
}
step gtsc-golden-m15 gtsc_golden_m15_
mut gtsc_l2 --cycles 20000
hlalone gtsc-alone-04 gtsc_l1 04-ack-no-raise $G litmus litmus/SB+fence.gpu.litmus --protocol gtsc --runs 2000 --seed 5
hlalone gtsc-alone-05 gtsc_l1 05-keep-ignored $G litmus litmus/IRIW+acq.gpu-r0samecta-r1samecta-sameline.litmus --protocol gtsc --runs 2000 --seed 5
hlalone gtsc-alone-l2-15 gtsc_l2 15-rnw-any-version $G litmus litmus/MP+relacq.gpu.litmus --protocol gtsc --runs 2000 --seed 5
hlalone gtsc-alone-l2-13 gtsc_l2 13-evict-no-mem-ts $G litmus litmus/MP+relacq.gpu-evict.litmus --protocol gtsc-sc --runs 300 --seed 5
hlalone gtsc-alone-l2-14 gtsc_l2 14-fill-wts-one $G litmus litmus/MP+relacq.gpu-evict.litmus --protocol gtsc --runs 300 --seed 5
# the same campaigns at non-power-of-two geometries, without the bound index checks
# (GPUCOH_NO_SVA=1: the lockstep alone must catch every mutant there, the scan-wrap ones
# included; docs/testing.md, "Geometries"); make test runs only the survivors of its
# power-of-two campaigns and the scan-wrap mutants there
mutg() { step "mutants-geometry-$1" mutg_ "$@"; }
mutg_() { # mutg UNIT PARAMS...
    local unit=$1; shift
    local mlog=$OUT/mutants-geometry-$unit.log
    if GPUCOH_NO_SVA=1 $G mutants "$unit" --cycles 300000 --out "$OUT/geometry" "$@" > "$mlog" 2>&1; then
        pass "mutants of $unit at $*: $(grep -E '^mutants of' "$mlog")"
    else
        fail "mutants of $unit at $*"; grep -E 'SURVIVED|BROKEN|caught' "$mlog"
    fi
}
mutg rdu --param n=3 --param m=1024
mutg avu --param m=1024 --param lines=32 --param spec_depth=3
mutg tc_l1 --param l1_ways=3 --param wf=5
mutg tc_l2 --param l2_ways=3 --param l2_mshrs=3
mutg tc_gwct --param wf=5
mutg gpu_l1 --param l1_ways=3 --param wf=5
mutg gpu_l2 --param l2_ways=3 --param l2_mshrs=3
mutg denovo_l1 --param l1_ways=3 --param wf=5
mutg denovo_l2 --param l2_ways=3 --param l2_mshrs=3
# cover mutants: bugs in corners only the steered stimulus reaches (docs/testing.md, "Cover
# points"): each is caught at the default cycles and seed, and survives the same run with
# --steer off (for tc_timer / tc_gwct: its own lockstep and the whole system)
covmut_unit() {
    local unit
    unit=$(basename "$(dirname "$(dirname "$1")")")
    stepk "cover-$unit" "cover-$unit-$(basename "$1" .mut)" covmut_unit_ "$@"
}
covmut_unit_() { # covmut_unit FILE: a cover mutant of a unit with its own lockstep
    local f=$1 unit name
    unit=$(basename "$(dirname "$(dirname "$f")")"); name=$(basename "$f" .mut)
    local on=$OUT/cover-$unit-$name-on.log off=$OUT/cover-$unit-$name-off.log
    $G mutants "$unit" --mutants "$f" --out "$OUT/cover-on" > "$on" 2>&1
    local rc_on=$?
    $G mutants "$unit" --mutants "$f" --steer off --out "$OUT/cover-off" > "$off" 2>&1
    local rc_off=$?
    if [ $rc_on -eq 0 ] && grep -qE "^  $name +caught " "$on" && [ $rc_off -eq 1 ] &&
        grep -qE "^  $name +SURVIVED " "$off"; then
        pass "cover mutant $unit/$name: caught steered ($(grep -E "^  $name " "$on" | awk '{print $3" cycle "$4" "$5}')), survives --steer off"
    else
        fail "cover mutant $unit/$name (steered exit $rc_on, --steer off exit $rc_off)"
        grep -E "^  $name " "$on" "$off"
    fi
}
for f in tests/mutants/*/cover/*.mut; do
    case $f in tests/mutants/tc_l[12]/*) continue ;; esac   # above, in the TC system
    covmut_unit "$f"
done
# the Yosys parse gate and the Icarus compile at every unit's defaults (make test runs the
# paper-size TC caches at the reduced sizes of their manifest's lint_params; here about 10
# minutes)
lint_defaults_() {
    if LINT_DEFAULTS=1 tools/lint_rtl.sh > "$OUT/lint-defaults.log" 2>&1; then
        pass "lint at the defaults (LINT_DEFAULTS=1 tools/lint_rtl.sh)"
    else
        fail "lint at the defaults"; grep FAIL "$OUT/lint-defaults.log"
    fi
}
step lint-defaults lint_defaults_
# the SystemC pin-level lockstep at the default -O2 (make test builds its parameter sets at -O0,
# docs/systemc.md section 1, "How they are built"; about 6 minutes from scratch)
systemc_pin_() {
    if GPUCOH_SC_OPT=-O2 bash tests/systemc/run_pin.sh > "$OUT/systemc-pin-O2.log" 2>&1; then
        pass "systemc pin-level lockstep at -O2: $(tail -1 "$OUT/systemc-pin-O2.log")"
    else
        fail "systemc pin-level lockstep at -O2"; grep '^FAIL' "$OUT/systemc-pin-O2.log"
    fi
}
step systemc-pin-O2 systemc_pin_
# the TLM-2.0 memory system's checks with more runs than make test gives them: every file at 100
# runs a variant, the witness comparison (1000 runs) on the four files whose witnesses show under
# every TC and GPU variant (make test: MP alone)
systemc_tlm_() {
    if TLM_RUNS=100 TLM_WITNESS_FILES="litmus/MP.litmus litmus/SB.litmus litmus/IRIW-colo.litmus
            litmus/T10.3-nofence.litmus" bash tests/systemc/run_tlm.sh > "$OUT/systemc-tlm.log" 2>&1; then
        pass "systemc tlm (100 runs a file, four witness files): $(tail -1 "$OUT/systemc-tlm.log")"
    else
        fail "systemc tlm (100 runs a file, four witness files)"; grep '^FAIL' "$OUT/systemc-tlm.log"
    fi
}
step systemc-tlm systemc_tlm_
# The checks over several steps (after every step, in the serial run and in the merge): the
# cover points (tc_l1.md section 10, tc_l2.md section 11): every point reachable at the small
# configuration is reached by its three runs together, every one reachable at the paper size by
# the five paper runs together (both required; the wrap runs' ROLL phase, traffic.h, reaches the
# roll corners, the pinned predictor F68). Each is a step of its own in the list (it runs nothing
# there: its folder marks it as selected and keeps its log); it reads the JSONs of the runs of
# this invocation (serial: $OUT; merge: the runs' step folders), by the same relative names.
covcheck() { # covcheck NAME REQUIRED RUN...
    local name=$1 req=$2; shift 2
    case $MODE in
        list | step) stepk "$name" "$name" :; return 0 ;;
        serial) [ -z "$ONLY" ] || [[ $name =~ $ONLY ]] || return 0
                local log=$OUT/$name.log ;;
        merge) [ -n "${DIR_OF[$name]:-}" ] || return 0
               local log=${DIR_OF[$name]}/$name.log ;;
    esac
    STEP=$name
    local files=() r src tmp
    tmp=$(mktemp -d) || exit 2
    for r in "$@"; do
        src=''
        if [ "$MODE" = serial ]; then
            [ -z "${RAN[$r]:-}" ] || src=$OUT/$r.json
        elif [ -n "${DIR_OF[$r]:-}" ]; then
            src=${DIR_OF[$r]}/$r.json
        fi
        [ -n "$src" ] && [ -f "$src" ] || continue
        ln -s "$(realpath "$src")" "$tmp/$r.json" && files+=("$r.json")
    done
    if [ ${#files[@]} -gt 0 ]; then
        if (cd "$tmp" && "$ROOT/tools/cover_check.sh" "${files[@]}") > "$log" 2>&1 || [ "$req" = 0 ]; then
            pass "$name: $(tr '\n' ';' < "$log")"
        else
            fail "$name: $(tr '\n' ';' < "$log")"
        fi
    fi
    rm -rf "$tmp"
}
covcheck cover-points-small 1 tc-weak-small tc-strong-small tc-weak-small-ts8
covcheck cover-points-paper 1 tc-weak-paper tc-strong-paper tc-weak-paper-wrap tc-strong-paper-wrap \
    tc-weak-paper-life
summary_json() { # summary_json FILE: the passed and failed counts and every check's result
    local n r sep=''
    {
        printf '{"tool": "tools/regress.sh", "passed": %d, "failed": %d, "checks": [' "$PASS" "$FAIL"
        while IFS=$'\t' read -r n r; do
            printf '%s{"name": "%s", "result": "%s"}' "$sep" "$n" "$r"; sep=', '
        done < "$CHECKS"
        printf ']}\n'
    } | camp_atomic "$1" || die "cannot write $1"
}
case $MODE in
    list) exit 0 ;;
    step)
        [ $FOUND = 1 ] || die "no step '$WANT'"
        echo "$WANT" > "$OUT/step.name"
        [ $FAIL -eq 0 ]; exit ;;
esac
echo "$PASS passed, $FAIL failed"
if [ "$MODE" = merge ]; then summary_json "$MJSON"; else summary_json "$OUT/regress.json"; fi
[ $FAIL -eq 0 ]
