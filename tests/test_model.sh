#!/usr/bin/env bash
# Tests of the axiomatic oracle (`gpucoh model`, tb/sys/axiom.c; docs/memory-models.md
# section 10). Each check can fail:
#   classic-*  the published verdict of a classic test under sc, rcsc or ptx (the sources are in
#              the table of docs/memory-models.md section 10.4), and the race verdicts of drf-sc
#              and hrf-* (a racy test is "racy: undefined")
#   check-*    --check catches a deliberately wrong hand-written line (exit 1, FILE:LINE) and
#              passes the project's files (exit 0)
#   drop-*     removing one axiom (GPUCOH_MODEL_DROP_AXIOM, test-only) changes a classic verdict,
#              and the verdict test notices it
#   cli-*      bad input is refused with exit 2 before any work
#
#   bash tests/test_model.sh list        the check names, one a line
#   bash tests/test_model.sh run NAME    run one check (exit 0 = pass)
#   bash tests/test_model.sh all         run every check, "N passed, N failed"
# tools/run_tests.sh (make test, section 3d) runs each as one counted check.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
G=${G:-$ROOT/build/gpucoh}
TMP=$(mktemp -d /tmp/gpucoh-model-test.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

# ---- the classic tests (plain, release/acquire and fence variants) ---------------------------

# lit NAME BODY: a litmus file with an `allow all` line (the format wants one), echo its path
lit() {
    local f="$TMP/$1.litmus"
    { echo "test $1"; echo "$2"; echo "allow all"; } > "$f"
    echo "$f"
}

T2='thread T0 sm=0 cta=0'
T1='thread T1 sm=1 cta=1'
T2b='thread T2 sm=2 cta=2'
T3b='thread T3 sm=3 cta=3'

body() {
    case $1 in
    SB) printf 'loc x\nloc y\n%s\n st x 1\n ld r0 y\n%s\n st y 1\n ld r1 x\n' "$T2" "$T1" ;;
    SB+relacq) printf 'loc x\nloc y\n%s\n st.release x 1\n ld.acquire r0 y\n%s\n st.release y 1\n ld.acquire r1 x\n' "$T2" "$T1" ;;
    SB+fence.sc) printf 'loc x\nloc y\n%s\n st x 1\n fence.sc.gpu\n ld r0 y\n%s\n st y 1\n fence.sc.gpu\n ld r1 x\n' "$T2" "$T1" ;;
    SB+fence) printf 'loc x\nloc y\n%s\n st x 1\n fence.acq_rel.gpu\n ld r0 y\n%s\n st y 1\n fence.acq_rel.gpu\n ld r1 x\n' "$T2" "$T1" ;;
    MP) printf 'loc x\nloc y\n%s\n st x 1\n st y 1\n%s\n ld r0 y\n ld r1 x\n' "$T2" "$T1" ;;
    MP+relacq) printf 'loc x\nloc y\n%s\n st x 1\n st.release y 1\n%s\n ld.acquire r0 y\n ld r1 x\n' "$T2" "$T1" ;;
    MP+fence) printf 'loc x\nloc y\n%s\n st x 1\n fence.acq_rel.gpu\n st y 1\n%s\n ld r0 y\n fence.acq_rel.gpu\n ld r1 x\n' "$T2" "$T1" ;;
    LB) printf 'loc x\nloc y\n%s\n ld r0 x\n st y 1\n%s\n ld r1 y\n st x 1\n' "$T2" "$T1" ;;
    IRIW) printf 'loc x\nloc y\n%s\n st x 1\n%s\n st y 1\n%s\n ld r0 x\n ld r1 y\n%s\n ld r2 y\n ld r3 x\n' "$T2" "$T1" "$T2b" "$T3b" ;;
    IRIW+acq) printf 'loc x\nloc y\n%s\n st.release x 1\n%s\n st.release y 1\n%s\n ld.acquire r0 x\n ld.acquire r1 y\n%s\n ld.acquire r2 y\n ld.acquire r3 x\n' "$T2" "$T1" "$T2b" "$T3b" ;;
    IRIW+fence.sc) printf 'loc x\nloc y\n%s\n st x 1\n%s\n st y 1\n%s\n ld r0 x\n fence.sc.gpu\n ld r1 y\n%s\n ld r2 y\n fence.sc.gpu\n ld r3 x\n' "$T2" "$T1" "$T2b" "$T3b" ;;
    WRC+relacq) printf 'loc x\nloc y\n%s\n st.release x 1\n%s\n ld.acquire r0 x until=1\n st.release y 1\n%s\n ld.acquire r1 y until=1\n ld r2 x\n' "$T2" "$T1" "$T2b" ;;
    WRC+fence.sc) printf 'loc x\nloc y\n%s\n st x 1\n%s\n ld r0 x\n fence.sc.gpu\n st y 1\n%s\n ld r1 y\n fence.sc.gpu\n ld r2 x\n' "$T2" "$T1" "$T2b" ;;
    2+2W) printf 'loc x\nloc y\n%s\n st x 1\n st y 2\n%s\n st y 1\n st x 2\n' "$T2" "$T1" ;;
    2+2W+fence.sc) printf 'loc x\nloc y\n%s\n st x 1\n fence.sc.gpu\n st y 2\n%s\n st y 1\n fence.sc.gpu\n st x 2\n' "$T2" "$T1" ;;
    CoRR) printf 'loc x\n%s\n st x 1\n%s\n ld r0 x\n ld r1 x\n' "$T2" "$T1" ;;
    ISA2+rel.cta) printf 'loc x\nloc y\nloc z\n%s\n st x 1\n st.release.cta y 1\nthread T1 sm=0 cta=0\n ld.acquire.cta r0 y until=1\n st.release.gpu z 1\n%s\n ld.acquire.gpu r1 z until=1\n ld r2 x\n' "$T2" "thread T2 sm=1 cta=1" ;;
    MP+relacq.cta-diffcta) printf 'loc x\nloc y\n%s\n st x 1\n st.release.cta y 1\n%s\n ld.acquire.cta r0 y\n ld r1 x\n' "$T2" "$T1" ;;
    esac
}

# The weak outcome of each test (outcome keys in the oracle's order: registers, then locations
# named by an expectation line).
weak() {
    case $1 in
    SB*) echo "r0=0 r1=0" ;;
    MP*) echo "r0=1 r1=0" ;;
    LB) echo "r0=1 r1=1" ;;
    IRIW*) echo "r0=1 r1=0 r2=1 r3=0" ;;
    WRC* | ISA2*) echo "r0=1 r1=1 r2=0" ;;
    2+2W*) echo "x=1 y=1" ;;
    CoRR) echo "r0=1 r1=0" ;;
    esac
}

# classic rows: TEST MODEL VERDICT (the published one; docs/memory-models.md 10.4)
CLASSIC="
SB sc forbid
SB ptx allow
SB rcsc allow
SB+relacq rcsc forbid
SB+relacq ptx allow
SB+fence ptx allow
SB+fence.sc ptx forbid
MP sc forbid
MP ptx allow
MP+relacq sc forbid
MP+relacq rcsc forbid
MP+relacq ptx forbid
MP+fence ptx forbid
MP+relacq.cta-diffcta ptx allow
LB sc forbid
LB ptx allow
IRIW sc forbid
IRIW ptx allow
IRIW+acq rcsc forbid
IRIW+acq ptx allow
IRIW+fence.sc ptx forbid
WRC+relacq sc forbid
WRC+relacq rcsc forbid
WRC+relacq ptx forbid
WRC+fence.sc ptx forbid
2+2W sc forbid
2+2W ptx allow
2+2W+fence.sc ptx forbid
CoRR sc forbid
CoRR rcsc forbid
CoRR ptx forbid
MP drf-sc racy
MP+relacq drf-sc racy
IRIW+acq drf-sc forbid
WRC+relacq drf-sc forbid
ISA2+rel.cta hrf-direct racy
ISA2+rel.cta hrf-indirect forbid
ISA2+rel.cta ptx forbid
ISA2+rel.cta rcpc allow
"

# file for a test: 2+2W's final values are outcome keys (an expectation line names them)
classic_file() {
    local t=$1 b
    b=$(body "$t")
    case $t in 2+2W*) b="$b"$'\n''allow all x=* y=*' ;; esac
    lit "$t" "$b"
}

# verdict FILE MODEL OUTCOME: prints allow / forbid / racy as gpucoh model says
verdict() {
    local line
    line=$("$G" model "$1" --model "$2" | grep -E "^  $2 ") || return 2
    case $line in
    *"racy: undefined"*) echo racy ;;
    *) if printf '%s\n' "${line#*: }" | tr ';' '\n' | sed 's/^ *//' | grep -qxF "$3"; then
           echo allow
       else
           echo forbid
       fi ;;
    esac
}

run_classic() { # TEST MODEL EXPECTED
    local f got
    f=$(classic_file "$1")
    got=$(verdict "$f" "$2" "$(weak "$1")")
    echo "$1 under $2: $(weak "$1") is ${got:-?} (published: $3)"
    [ "$got" = "$3" ]
}

# ---- the other checks ------------------------------------------------------------------------

check_catches() { # a wrong `forbid sc` line: exit 1 with FILE:LINE naming it
    local f="$TMP/wrong.litmus" out rc
    printf 'test SBwrong\nloc x\nloc y\n%s\n st x 1\n ld r0 y\n%s\n st y 1\n ld r1 x\nallow all\nforbid sc r0=1 r1=1\n' \
        "$T2" "$T1" > "$f"
    out=$("$G" model "$f" --check --quiet); rc=$?
    echo "$out"
    [ $rc -eq 1 ] && grep -qF "$f:11: disagreement: forbids r0=1 r1=1 under sc; the oracle allows it" <<< "$out"
}

check_catches_allow() { # a wrong `allow ptx` line (MP+relacq's weak outcome)
    local f="$TMP/wrong2.litmus" out rc
    printf 'test MPwrong\nloc x\nloc y\n%s\n st x 1\n st.release y 1\n%s\n ld.acquire r0 y\n ld r1 x\nallow all\nallow ptx r0=1 r1=0\n' \
        "$T2" "$T1" > "$f"
    out=$("$G" model "$f" --check --quiet); rc=$?
    echo "$out"
    [ $rc -eq 1 ] && grep -qF "$f:11: disagreement: allows r0=1 r1=0 under ptx; the oracle forbids it" <<< "$out"
}

check_suite() { # the project's files agree with the oracle
    local out rc
    out=$(cd "$ROOT" && "$G" model litmus/*.litmus --check --quiet); rc=$?
    echo "$out" | tail -3
    [ $rc -eq 0 ] && grep -qE '^model: [0-9]+ files, 0 disagreements' <<< "$out"
}

check_json() {
    local f out
    f=$(classic_file SB)
    "$G" model "$f" --model sc,ptx --check --json "$TMP/r.json" > /dev/null || return 1
    grep -q '"sc": {"racy": false, "allowed": \["r0=0 r1=1", "r0=1 r1=0", "r0=1 r1=1"\]}' "$TMP/r.json"
}

drop() { # DROP TEST MODEL: the verdict flips from forbid to allow without the axiom
    local f got
    f=$(classic_file "$2")
    got=$(GPUCOH_MODEL_DROP_AXIOM=$1 verdict "$f" "$3" "$(weak "$2")")
    echo "$2 under $3 without $1: $(weak "$2") is $got"
    # the classic check sees the change: the published verdict is forbid
    [ "$got" = allow ] && ! GPUCOH_MODEL_DROP_AXIOM=$1 run_classic "$2" "$3" forbid
}

drop_race() { # without drf-sc's race-freedom MP is judged as SC instead of racy
    local f got
    f=$(classic_file MP)
    got=$(GPUCOH_MODEL_DROP_AXIOM=drf-sc:race-free verdict "$f" drf-sc "$(weak MP)")
    echo "MP under drf-sc without race-free: $got"
    [ "$got" = forbid ] && ! GPUCOH_MODEL_DROP_AXIOM=drf-sc:race-free run_classic MP drf-sc racy
}

drop_unknown() {
    local f out rc
    f=$(classic_file SB)
    out=$(GPUCOH_MODEL_DROP_AXIOM=sc:no-such-axiom "$G" model "$f" 2>&1); rc=$?
    echo "$out"
    [ $rc -eq 2 ] && grep -q "no axiom 'sc:no-such-axiom'" <<< "$out"
}

cli_bad() { # ARGS...: exit 2 and a message naming the problem
    local out rc
    out=$("$G" model "$@" 2>&1); rc=$?
    echo "$out"
    [ $rc -eq 2 ] && grep -q "gpucoh: model:" <<< "$out"
}

bound() { # a test beyond the bound is refused, not run forever
    local f="$TMP/big.litmus"
    {
        echo "test big"; echo "loc x"
        for t in 0 1 2 3 4 5 6 7; do
            echo "thread T$t sm=$t cta=$t"
            for k in 0 1 2 3; do echo "  st x $((t * 4 + k + 1))"; done
        done
        echo "allow all"
    } > "$f"
    local out rc
    out=$("$G" model "$f" 2>&1); rc=$?
    echo "$out"
    [ $rc -eq 2 ] && grep -q "beyond the oracle's bound" <<< "$out"
}

# ---- dispatch --------------------------------------------------------------------------------

names() {
    while read -r t m v; do
        [ -n "$t" ] && echo "classic-$t-$m"
    done <<< "$CLASSIC"
    echo check-catches-wrong-forbid
    echo check-catches-wrong-allow
    echo check-project-files
    echo check-json
    echo drop-sc-acyclic-sc
    echo drop-ptx-causality
    echo drop-rcsc-sync-sc
    echo drop-drf-race-free
    echo drop-unknown-refused
    echo cli-unknown-model
    echo cli-missing-file
    echo cli-no-file
    echo cli-bound
}

run() {
    case $1 in
    classic-*)
        local rest=${1#classic-} t m v
        while read -r t m v; do
            [ "classic-$t-$m" = "$1" ] && { run_classic "$t" "$m" "$v"; return; }
        done <<< "$CLASSIC"
        return 2 ;;
    check-catches-wrong-forbid) check_catches ;;
    check-catches-wrong-allow) check_catches_allow ;;
    check-project-files) check_suite ;;
    check-json) check_json ;;
    drop-sc-acyclic-sc) drop sc:acyclic-sc SB sc ;;
    drop-ptx-causality) drop ptx:causality MP+relacq ptx ;;
    drop-rcsc-sync-sc) drop rcsc:sync-sc IRIW+acq rcsc ;;
    drop-drf-race-free) drop_race ;;
    drop-unknown-refused) drop_unknown ;;
    cli-unknown-model) cli_bad "$(classic_file SB)" --model tso ;;
    cli-missing-file) cli_bad "$TMP/none.litmus" ;;
    cli-no-file) cli_bad --check ;;
    cli-bound) bound ;;
    *) echo "no check '$1'"; return 2 ;;
    esac
}

case ${1:-all} in
list) names ;;
run) run "$2" ;;
all)
    p=0; f=0
    for n in $(names); do
        if out=$(run "$n" 2>&1); then p=$((p + 1)); echo "  ok    $n"
        else f=$((f + 1)); echo "  FAIL  $n"; echo "$out" | sed 's/^/        | /'; fi
    done
    echo "$p passed, $f failed"
    [ $f -eq 0 ] ;;
*) echo "usage: $0 list | run NAME | all"; exit 2 ;;
esac
