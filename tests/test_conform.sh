#!/usr/bin/env bash
# Tests of the conformance campaign (`gpucoh conform`, tb/sys/conform.c; docs/memory-models.md,
# "Conformance campaign"). Each check can fail:
#   sample        a fixed sample of generated tests (300, drawn with seed 1, across every shape
#                 and placement) x the 5 TC and GPU variants x 100 runs: no violation beyond the
#                 known ones (DeNovo's models, like GPU's, find 297 of them racy: DeNovo gets the
#                 race-free set below instead)
#   known         every SB+relacq.gpu placement x 13 variants x 1000 runs: 0 violations with the
#                 project's list (issue 25 item 4's fix: gsys_variant_t.acq_waits_rel); with the
#                 fix's mutant (GPUCOH_SYS_ACQ_NO_WAIT=1, test-only) the three entries of a list
#                 written here are each observed, and without it each is stale
#   wrong-claim   TC-Weak made to claim sc (GPUCOH_LITMUS_CLAIM, test-only): the generated
#                 MP+relacq.cta tests across SMs show a violation (exit 1), and pass without it
#   relacq-all    the race-free tests (--sync relacq.all: both loads of IRIW's readers acquire,
#                 both stores of MP's writer release): the `racy` column counts MP's 3 tests of
#                 4 that keep a plain access for gpu-d and gpu-h and none for tc-strong; TC-Weak
#                 made to claim drf-sc passes the relacq IRIW tests (all racy: nothing to judge)
#                 and fails the relacq.all ones (r0=1 r1=0 r2=1 r3=0 forbidden by drf-sc)
#   race-free     every shape's race-free test in every placement (--sync relacq.all --no-plain
#                 --scopes gpu: 619 tests, every access a GPU-scope release or acquire) x the 13
#                 variants x 40 runs: 0 violations, and none racy for gpu-d, gpu-h, gpu-rsp, denovo-d,
#                 denovo-d-ro, denovo-h, hlrc and hlrc-scoped (their models judge every one); at 100
#                 runs, with every other generated test, in make regress (conform-full)
#   stale-known   an entry for a violation that does not occur fails the campaign (exit 1)
#   unlisted      with the fix's mutant and without a list the SB+relacq.gpu violation fails
#                 (exit 1), and its replay line shows the forbidden outcome again in that run
#   litmus-file   `gpucoh litmus` on a generated file: the table and the JSON name the model
#                 that forbids an outcome, and the never-observed count
#   cli           bad input is refused with exit 2 before any run, and no report is written
#   rerun-rtl     --rerun-rtl 3 (the fix's mutant): the three SB+relacq.gpu violations of one
#                 placement, re-run on the RTL alone and in lockstep, show the same outcome with
#                 0 mismatches
#                 (builds the small configuration's Verilated models once, cached in build/rtl)
#   rerun-campaign  the same as a campaign of 2 jobs (docs/campaigns.md section 10): each shard
#                 re-runs its first violation, the merge keeps the first one only, as serially
#   small-cache   --param l1_sets=2 --param l1_ways=1 (every variant's L1 at 2 lines: more
#                 evictions) runs, and its replay line carries the parameters and replays
#   set-traffic   --set-traffic 2 (traffic on the tests' sets, litmus.h): the fix's mutant's
#                 SB+relacq.gpu violation is found with it, its replay and on-RTL lines and the
#                 JSON carry it, the replay (conform --run K, and the litmus file with the on-RTL
#                 line's options on the C models) shows the forbidden outcome in that run; the
#                 same campaign twice gives the same report; bad values (negative, not a number,
#                 more than the tests' SMs have spare) give exit 2 naming the limit, before any
#                 run and without a report. That the traffic lands in the tests' sets (L1 load
#                 misses against traffic to other sets): tests/test_conform.c
#
#   bash tests/test_conform.sh list        the check names, one a line
#   bash tests/test_conform.sh run NAME    run one check (exit 0 = pass)
#   bash tests/test_conform.sh all         run every check, "N passed, N failed"
# tools/run_tests.sh (make test, section 3e) runs each as one counted check.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
G=${G:-$ROOT/build/gpucoh}
TMP=$(mktemp -d /tmp/gpucoh-conform-test.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

die() { echo "FAIL: $*"; exit 1; }

# expect RC CMD...: run CMD (output in $TMP/out), its exit status must be RC
expect() {
    local want=$1; shift
    "$@" > "$TMP/out" 2>&1
    local rc=$?
    cat "$TMP/out"
    [ "$rc" -eq "$want" ] || die "exit $rc, expected $want: $*"
}
has() { grep -qF -- "$1" "$TMP/out" || die "output lacks '$1'"; }

# The mutant of issue 25 item 4's fix (tb/sys/gsys.c, acq_waits_rel; test-only): an acquire no
# longer waits for the wavefront's release, and SB+relacq.gpu's r0=r1=0 comes back under
# tc-strong (rcsc), gpu-d (drf-sc), gpu-h (hrf-indirect) and gtsc (rcsc: G-TSC's non-blocking
# release store). Its known-violations list:
MUT=(env GPUCOH_SYS_ACQ_NO_WAIT=1)
mut_list() {
    printf '%s\n' "tc-strong SB+relacq.gpu-* rcsc mutant" "gpu-d SB+relacq.gpu-* drf-sc mutant" \
        "gpu-h SB+relacq.gpu-* hrf-indirect mutant" "gpu-rsp SB+relacq.gpu-* hrf-rsp mutant" \
        "gtsc SB+relacq.gpu-* rcsc mutant" > "$TMP/mut.txt"
}

c_sample() {
    local t
    t=$(date +%s)
    expect 0 "$G" conform --sample 300 --seed 1 --runs 100 --out "$TMP" \
        --protocol tc-strong,tc-weak,tc-weak-c,gpu-d,gpu-h
    has "conform: 300 tests x 5 variants x 100 runs (seed 1)"
    has "PASS conform: 300 tests, 5 variants, 0 violations"
    echo "sample: $(( $(date +%s) - t )) s"
}

SBRA=(--shapes SB --sync relacq --scopes gpu --runs 1000)
c_known() {
    expect 0 "$G" conform "${SBRA[@]}" --out "$TMP"
    has "PASS conform: 12 tests, 13 variants, 0 violations, 0 known"
    mut_list
    expect 0 "${MUT[@]}" "$G" conform "${SBRA[@]}" --known "$TMP/mut.txt" --out "$TMP"
    for v in "tc-strong SB+relacq.gpu-" "gpu-d SB+relacq.gpu-" "gpu-h SB+relacq.gpu-" \
        "gpu-rsp SB+relacq.gpu-" "gtsc SB+relacq.gpu-"; do
        has "  known $v"
    done
    ! grep -q STALE "$TMP/out" || die "a stale known entry under the mutant"
    expect 1 "$G" conform "${SBRA[@]}" --known "$TMP/mut.txt" --out "$TMP"
    [ "$(grep -c '^  STALE known violation' "$TMP/out")" -eq 5 ] || die "not 5 stale entries"
}

# shellcheck disable=SC2054
MPCTA=(--shapes MP --sync relacq --scopes cta --threads othersm,farsm --runs 1000 --protocol tc-weak)
c_wrong_claim() {
    expect 0 "$G" conform "${MPCTA[@]}" --out "$TMP"
    GPUCOH_LITMUS_CLAIM=tc-weak:sc expect 1 "$G" conform "${MPCTA[@]}" --out "$TMP"
    has "VIOLATION tc-weak MP+relacq.cta-"
    has "r0=1 r1=0 (forbidden by sc)"
    has "replay    "
}

c_relacq_all() {
    expect 0 "$G" conform --shapes MP --sync relacq,relacq.all --scopes gpu --threads othersm \
        --locs otherbank --runs 200 --out "$TMP"
    grep -Eq '^  tc-strong +rcsc +4 +0 ' "$TMP/out" || die "tc-strong: not 4 tests, 0 racy"
    grep -Eq '^  gpu-d +drf-sc +4 +3 ' "$TMP/out" || die "gpu-d: not 4 tests, 3 racy"
    grep -Eq '^  gpu-h +hrf-indirect +4 +3 ' "$TMP/out" || die "gpu-h: not 4 tests, 3 racy"
    # shellcheck disable=SC2054  # the commas are litmus-gen list values
    local iriw=(--shapes IRIW --scopes gpu --threads othersm,farsm --protocol tc-weak --runs 1000)
    GPUCOH_LITMUS_CLAIM=tc-weak:drf-sc expect 0 "$G" conform "${iriw[@]}" --sync relacq \
        --out "$TMP"
    GPUCOH_LITMUS_CLAIM=tc-weak:drf-sc expect 1 "$G" conform "${iriw[@]}" --sync relacq.all \
        --out "$TMP"
    has "VIOLATION tc-weak IRIW+relacq.gpu+relacq.gpu+relacq.all.gpu+relacq.all.gpu-"
    has "r0=1 r1=0 r2=1 r3=0 (forbidden by drf-sc)"
    # the first violation's on-RTL line, run on the C models (IRIW: beyond litmus-gen's --max
    # without the line's --only): the file is written and its run shows the outcome again
    local line gen lit
    line=$(sed -n 's/^    on RTL    //p' "$TMP/out" | head -1)
    gen=${line%% && *}
    lit=${line#* && }
    mkdir -p "$TMP/rtl"
    # shellcheck disable=SC2086  # the line, split into its words
    expect 0 "$G" ${gen#gpucoh } --out "$TMP/rtl"
    lit=${lit#gpucoh }
    lit=${lit% --impl lockstep}
    # shellcheck disable=SC2086
    GPUCOH_LITMUS_CLAIM=tc-weak:drf-sc expect 1 "$G" ${lit//DIR/$TMP/rtl} --out "$TMP/o"
    has "r0=1 r1=0 r2=1 r3=0"
    has "FORBIDDEN"
}

c_race_free() {
    expect 0 "$G" conform --sync relacq.all --no-plain --scopes gpu --runs 40 --out "$TMP"
    has "conform: 619 tests x 13 variants x 40 runs (seed 1)"
    has "PASS conform: 619 tests, 13 variants, 0 violations"
    local v
    for v in "gpu-d +drf-sc" "gpu-h +hrf-indirect" "gpu-rsp +hrf-rsp" "denovo-d +drf-sc" "denovo-d-ro +drf-sc" \
        "denovo-h +hrf-indirect" "hlrc +drf-sc" "hlrc-scoped +drf-sc"; do
        grep -Eq "^  $v +619 +0 " "$TMP/out" || die "${v%% *}: a racy test in the set"
    done
}

c_stale_known() {
    cp "$ROOT/litmus/known-violations.txt" "$TMP/known.txt"
    echo "tc-weak SB+relacq.gpu-* rcpc a made-up entry" >> "$TMP/known.txt"
    local n
    n=$(wc -l < "$TMP/known.txt")
    expect 1 "$G" conform --shapes SB --sync relacq --scopes gpu --runs 300 --known "$TMP/known.txt" \
        --out "$TMP"
    has "STALE known violation (line $n: tc-weak SB+relacq.gpu-* rcpc)"
    has "FAIL conform: 12 tests, 13 variants, 0 violations"
}

c_unlisted() {
    expect 1 "${MUT[@]}" "$G" conform --shapes SB --sync relacq --scopes gpu --threads othersm \
        --locs otherbank --protocol tc-strong --runs 200 --known none --json "$TMP/u.json"
    has "VIOLATION tc-strong SB+relacq.gpu-othersm-otherbank: r0=0 r1=0 (forbidden by rcsc)"
    grep -q '"replay": ' "$TMP/u.json" || die "no replay in the JSON report"
    local rp
    rp=$(sed -n 's/^    replay    //p' "$TMP/out" | head -1)
    [ -n "$rp" ] || die "no replay line"
    # shellcheck disable=SC2086  # the replay line, split into its words
    expect 1 "${MUT[@]}" $rp --known none --out "$TMP"
    has "r0=0 r1=0 (FORBIDDEN"
    has "(by rcsc)"
}

c_litmus_file() {
    mkdir -p "$TMP/gen"
    expect 0 "$G" litmus-gen --shapes SB --sync relacq --scopes gpu --out "$TMP/gen"
    expect 1 "${MUT[@]}" "$G" litmus "$TMP/gen/SB+relacq.gpu-othersm-otherbank.litmus" \
        --protocol tc-strong --runs 200 --json "$TMP/l.json"
    has "FORBIDDEN  1  (by rcsc)"
    has "oracle: 3 outcomes allowed by rcsc (tc-strong's model), never observed: 0"
    grep -q '"class": "forbidden", "first_run": 1, "model": "rcsc"}' "$TMP/l.json" ||
        die "no model in the JSON"
    grep -q '"oracle_never_observed": 0' "$TMP/l.json" || die "no never-observed count"
}

c_cli() {
    local bad=("--runs 0" "--protocol tc-wek" "--shapes XX" "--sync nope" "--run 3"
        "--only X --sample 5" "--sample 0" "--seed x" "--known $TMP/none.txt" "stray"
        "--known $TMP/bad.txt" "--json $TMP/nodir/x.json" "--param l1_sets=3" "--param bogus=1"
        "--runs")
    printf 'tc-weak SB* rcpc ok\ntc-weak SB*\n' > "$TMP/bad.txt"
    for a in "${bad[@]}"; do
        # shellcheck disable=SC2086
        expect 2 "$G" conform $a --out "$TMP/o"
    done
    [ ! -e "$TMP/o" ] || die "a report directory was created on bad input"
    expect 0 "$G" conform --help
    has "usage: gpucoh conform"
}

c_small_cache() {
    mut_list
    expect 0 "${MUT[@]}" "$G" conform --shapes SB --sync relacq --scopes gpu --threads othersm,farsm \
        --runs 500 --param l1_sets=2 --param l1_ways=1 --known "$TMP/mut.txt" --out "$TMP"
    has "  known tc-strong SB+relacq.gpu-"
    local rp
    rp=$(sed -n 's/^    replay    //p' "$TMP/out" | head -1)
    case $rp in *"--param l1_sets=2 --param l1_ways=1"*) ;; *) die "replay without the params: $rp" ;; esac
    # shellcheck disable=SC2086  # the replay line, split into its words
    expect 0 "${MUT[@]}" $rp --known "$TMP/mut.txt" --out "$TMP"
    has "(FORBIDDEN, "
}

c_set_traffic() {
    local one=(--shapes SB --sync relacq --scopes gpu --threads othersm --locs otherbank
        --protocol tc-strong --runs 200 --known none)
    expect 1 "${MUT[@]}" "$G" conform "${one[@]}" --set-traffic 2 --json "$TMP/t.json"
    has "VIOLATION tc-strong SB+relacq.gpu-othersm-otherbank: r0=0 r1=0 (forbidden by rcsc)"
    grep -q '"set_traffic": 2' "$TMP/t.json" || die "no set_traffic in the JSON options"
    local rp rtl k
    rp=$(sed -n 's/^    replay    //p' "$TMP/out" | head -1)
    rtl=$(sed -n 's/^    on RTL    .*&& gpucoh litmus DIR\/[^ ]* //p' "$TMP/out" | head -1)
    case $rp in *" --set-traffic 2 "*) ;; *) die "replay without --set-traffic: $rp" ;; esac
    case $rtl in *" --set-traffic 2 "*) ;; *) die "on-RTL line without --set-traffic: $rtl" ;; esac
    k=${rp##*--run }
    # shellcheck disable=SC2086  # the replay line, split into its words
    expect 1 "${MUT[@]}" $rp --known none --out "$TMP"
    has "  run $k seed "
    has ": r0=0 r1=0 (FORBIDDEN, "
    # the on-RTL line's litmus command, on the C models: the same run, the same outcome
    mkdir -p "$TMP/gen"
    expect 0 "$G" litmus-gen --shapes SB --sync relacq --scopes gpu --out "$TMP/gen"
    # shellcheck disable=SC2086
    expect 1 "${MUT[@]}" "$G" litmus "$TMP/gen/SB+relacq.gpu-othersm-otherbank.litmus" \
        ${rtl% --impl lockstep} --json "$TMP/l.json"
    has "FORBIDDEN  $k  (by rcsc)"
    has " --set-traffic 2 --seed 1 --run $k"
    # the same campaign twice: the same report (the traffic's draws come from the seed)
    expect 0 "$G" conform --shapes MP --sample 20 --runs 100 --set-traffic 3 --json "$TMP/a.json"
    expect 0 "$G" conform --shapes MP --sample 20 --runs 100 --set-traffic 3 --json "$TMP/b.json"
    diff <(grep -v seconds "$TMP/a.json") <(grep -v seconds "$TMP/b.json") ||
        die "two campaigns with the same seed and --set-traffic differ"
    # bad values: exit 2 before any run, no report
    local a
    for a in "--set-traffic -1" "--set-traffic two" "--set-traffic=" "--set-traffic 1025"; do
        # shellcheck disable=SC2086
        expect 2 "$G" conform --shapes SB --runs 5 $a --out "$TMP/o"
    done
    expect 2 "$G" conform --shapes IRIW --sync fence --scopes gpu --runs 5 --set-traffic 4 \
        --out "$TMP/o"
    has "of the tests do not fit (at most --set-traffic 3 fits them all)"
    ! grep -q "^conform: " "$TMP/out" || die "a run before the refusal"
    [ ! -e "$TMP/o" ] || die "a report directory was created on bad input"
    expect 2 "$G" litmus "$ROOT/litmus/MP.litmus" --runs 5 --set-traffic 13 --out "$TMP/lo"
    has "at most --set-traffic 12"
    has "nothing was run"
}

c_rerun_rtl() {
    mut_list
    expect 0 "${MUT[@]}" "$G" conform --shapes SB --sync relacq --scopes gpu --threads othersm \
        --locs otherbank --runs 200 --rerun-rtl 3 --known "$TMP/mut.txt" --out "$TMP"
    [ "$(grep -c '^    rtl       r0=0 r1=0$' "$TMP/out")" -eq 3 ] || die "not 3 RTL re-runs"
    [ "$(grep -c '^    lockstep  r0=0 r1=0, 0 mismatches$' "$TMP/out")" -eq 3 ] ||
        die "not 3 lockstep re-runs"
}

# the same as a campaign (docs/campaigns.md section 10): 2 tests in 2 jobs, --rerun-rtl 1; each
# shard re-runs its first violation, the merge keeps the campaign's first one only: the merged
# report equals the serial one (stdout but the seconds and report line, JSON but "seconds")
c_rerun_campaign() {
    mut_list
    local a=(--shapes SB --sync relacq --scopes gpu --threads othersm,farsm --locs otherbank
        --runs 200 --rerun-rtl 1 --known "$TMP/mut.txt")
    "${MUT[@]}" "$G" conform "${a[@]}" --json "$TMP/serial.json" > "$TMP/s.raw" || die "serial"
    mask() { sed -E 's/\), [0-9.]+ s$/)/; /^  report /d' "$1"; }
    mask "$TMP/s.raw" > "$TMP/serial.out"
    [ "$(grep -c '^    rtl       r0=0 r1=0$' "$TMP/serial.out")" -eq 1 ] || die "not 1 RTL re-run"
    "$G" campaign plan conform --dir "$TMP/camp" --jobs 2 -- "${a[@]}" > /dev/null 2>&1 ||
        die "plan"
    GPUCOH_SYS_ACQ_NO_WAIT=1 parallel --jobs 2 < "$TMP/camp/jobs.txt" > /dev/null 2>&1
    [ "$(cat "$TMP"/camp/jobs/*/stdout | grep -c '^    rtl ')" -eq 2 ] || die "not 2 shard re-runs"
    "$G" campaign merge "$TMP/camp" > "$TMP/m.raw" || die "merge"
    mask "$TMP/m.raw" > "$TMP/merged.out"
    diff "$TMP/serial.out" "$TMP/merged.out" || die "merged stdout differs"
    diff <(grep -v '"seconds"' "$TMP/serial.json") <(grep -v '"seconds"' "$TMP/camp/result.json") ||
        die "merged JSON differs"
}

CHECKS=(sample known wrong-claim relacq-all race-free stale-known unlisted litmus-file cli small-cache set-traffic
    rerun-rtl rerun-campaign)
case ${1:-all} in
list) printf '%s\n' "${CHECKS[@]}" ;;
run) "c_${2//-/_}" ;;
all)
    p=0 f=0
    for c in "${CHECKS[@]}"; do
        if (bash "$0" run "$c" > "$TMP/$c.log" 2>&1); then p=$((p + 1)); echo "  ok    $c"
        else f=$((f + 1)); echo "  FAIL  $c"; tail -5 "$TMP/$c.log"; fi
    done
    echo "$p passed, $f failed"
    [ "$f" -eq 0 ]
    ;;
*) echo "usage: $0 list | run NAME | all" >&2; exit 2 ;;
esac
