#!/usr/bin/env bash
# make synth as a campaign (docs/campaigns.md, "The synth kind"): synth/sweep.sh's points planned
# by `gpucoh campaign plan synth`, run by GNU parallel, merged by `gpucoh campaign merge`, against
# the serial sweep, in seconds: the flow is a fake synth/synth.sh (GPUCOH_SYNTH_FLOW; it writes
# an area.txt from the parameters and runs no tool; its text is in every fingerprint, so its
# results are never taken for real ones), the three m = 1024 points, results in scratch folders.
# Checks: the list; bad arguments refused (exit 2, no folder made); points up to date (nothing
# synthesized, the same lines, the results untouched); every point synthesized with one failing
# (the same lines up to the seconds and the logs' folders, the same results, exit 1 both); done
# jobs not run again; the merge refuses a job not done, a broken step folder and a step made from
# other inputs (exit 2, nothing written). The controllers' driver (synth/ctrl.sh, kind synth-tc):
# its list, two bad plans, three tc_gwct points with one failing merged against the serial run.
# One PASS / FAIL line per check, then "N passed, N failed"; exit 1 when one failed; some 4 s.
# usage: tests/test_synth_campaign.sh [SCRATCH_DIR]   (default: a mktemp folder, removed after)
set -euo pipefail
cd "$(dirname "$0")/.." || exit 2
ROOT=$PWD
export GPUCOH_ROOT=$ROOT
# shellcheck source=tests/campaign_lib.sh
source tests/campaign_lib.sh # $G, $T, check (PASS / FAIL lines), $passes, $fails
S=synth/sweep.sh
unset CAMPAIGN_JOB_DIR FAKE_FAIL
export GPUCOH_SYNTH_BUILD=$T/build GPUCOH_SYNTH_FLOW=$T/flow.sh
ONLY='^m1024_'
cat > "$T/flow.sh" << 'EOF'
#!/usr/bin/env bash
# a fake synth/synth.sh DIR TOP STORAGE FILES... -- PARAMS: area.txt from the parameters
set -euo pipefail
d=$1
[[ ${d##*/} != "${FAKE_FAIL:-}" ]] || { echo "error: fake failure of ${d##*/}" >&2; exit 1; }
while [[ $1 != -- ]]; do shift; done
shift
a=$(printf '%s' "$*" | cksum | cut -d' ' -f1)
printf 'area_um2 %d.0\nflops %d\ncrit_path_ns 1.%03d\n' $((a % 1000000)) $((a % 97)) $((a % 1000)) > "$d/area.txt"
: > "$d/netlist.v"; : > "$d/sta.txt"; : > "$d/yosys.log" # what synth/ctrl.sh reads besides
EOF
chmod +x "$T/flow.sh"
mask() { # the seconds, how many ran at once and the logs' folder differ from run to run
    sed -E -e 's/ (in|after) [0-9]+ s/ \1 X s/' -e 's/[0-9]+ at a time; logs in .*/X at a time; logs in DIR/' \
        -e 's/; see .* and failed.log/; see DIR/' "$1"
}
serial() { # serial OUT ARGS...: the serial sweep, its stderr and exit status in OUT
    local out=$1 rc=0
    shift
    bash $S -j 1 --only "$ONLY" --no-report "$@" > "$out" 2>&1 || rc=$?
    echo "exit $rc" >> "$out"
}
campaign() { # campaign NAME ARGS...: plan, GNU parallel, merge into $T/NAME.out
    local name=$1 rc=0
    shift
    { "$G" campaign plan synth --dir "$T/$name" -- --only "$ONLY" --no-report "$@" > /dev/null 2>&1 &&
        parallel --jobs 2 < "$T/$name/jobs.txt" > /dev/null 2>&1; } || true # a job's exit 1: a verdict
    "$G" campaign merge "$T/$name" > "$T/$name.out" 2>&1 || rc=$?
    echo "exit $rc" >> "$T/$name.out"
}
# shellcheck disable=SC2317 # called through check
refused() { # refused [-k KIND] DIR ARGS...: the plan exits 2, names the problem, makes no folder
    local kind=synth d rc=0
    if [ "$1" = -k ]; then kind=$2; shift 2; fi
    d=$1
    shift
    "$G" campaign plan "$kind" --dir "$d" -- "$@" > /dev/null 2> "$T/refused.err" || rc=$?
    [ "$rc" = 2 ] && [ ! -e "$d" ] && grep -q '\.sh: error: ' "$T/refused.err"
}

# 1. the list and bad input
check "list: a step per selected point, largest organisation first" \
    bash -c "[ \"\$(bash $S --campaign-list --only '$ONLY' | tr '\n' ' ')\" = \
        '  step m1024_k6_true   step m1024_k8_parallel   step m1024_k4_parallel ' ]"
check "plan: -j refused (the runner's), exit 2, no folder" refused "$T/bad1" -j 2
check "plan: --list refused, exit 2, no folder" refused "$T/bad2" --list
check "plan: an unknown option refused, exit 2, no folder" refused "$T/bad3" --bogus
check "plan: a bad --only regex refused, exit 2, no folder" refused "$T/bad4" --only '('
check "plan: --only matching nothing refused, exit 2, no folder" refused "$T/bad5" --only zzz
check "plan: --results under a missing folder refused, exit 2, no folder" \
    bash -c "! { '$G' campaign plan synth --dir '$T/bad6' -- --results '$T/no/res' > /dev/null 2>&1; \
        [ \$? != 2 ] || [ -e '$T/bad6' ] || [ -e '$T/no' ]; }"
check "step: an unknown point refused (exit 2)" \
    bash -c "mkdir -p '$T/unk' && ! { CAMPAIGN_JOB_DIR='$T/unk' bash $S --campaign-step m3_k1_x \
        > /dev/null 2>&1; [ \$? != 2 ]; }"

# 2. every point up to date: the fake results made first, then the serial sweep and the campaign
mkdir "$T/res-up"
serial "$T/first.out" --results "$T/res-up"
cp -a "$T/res-up" "$T/res-up.before"
serial "$T/up-serial.out" --results "$T/res-up"
campaign up --results "$T/res-up"
check "up to date: serial says so, exit 0" \
    bash -c "grep -qx 'sweep.sh: all 3 points up to date (use --force to synthesize again)' '$T/up-serial.out' &&
        grep -qx 'exit 0' '$T/up-serial.out'"
check "up to date: merged lines and exit status as the serial sweep's" cmp -s "$T/up-serial.out" "$T/up.out"
check "up to date: nothing synthesized, the results untouched" \
    bash -c "diff -r '$T/res-up.before' '$T/res-up' > /dev/null &&
        grep -q '\"up_to_date\": 3, \"synthesized\": 0, \"failed\": 0' '$T/up/result.json' &&
        ! ls '$T'/up/jobs/*/m1024_* > /dev/null 2>&1"

# 3. every point synthesized (--force), the second failing
mkdir "$T/res-s" "$T/res-c"
export FAKE_FAIL=m1024_k8_parallel
serial "$T/syn-serial.out" --force --results "$T/res-s"
campaign syn --force --results "$T/res-c"
unset FAKE_FAIL
check "synthesized: serial exit 1, one FAILED line" \
    bash -c "grep -qx 'exit 1' '$T/syn-serial.out' && [ \$(grep -c 'FAILED m1024_k8_parallel' '$T/syn-serial.out') = 1 ]"
check "synthesized: merged lines and exit status as the serial sweep's (seconds, folders masked)" \
    cmp -s <(mask "$T/syn-serial.out") <(mask "$T/syn.out")
check "synthesized: the masked lines are the only differences" \
    bash -c "! diff '$T/syn-serial.out' '$T/syn.out' | grep -E '^[<>]' |
        grep -vqE '( in [0-9]+ s| after [0-9]+ s|at a time; logs in |; see .* and failed.log)'"
check "synthesized: the merge wrote the serial sweep's results (two, the same)" \
    bash -c "diff -r '$T/res-s' '$T/res-c' > /dev/null && [ \$(ls '$T/res-c' | wc -l) = 2 ]"
check "synthesized: result.json counts" \
    grep -q '"up_to_date": 0, "synthesized": 2, "failed": 1, ' "$T/syn/result.json"

# 4. done jobs are not run again; the merge's refusals
check "jobs done before are not run again" \
    bash -c "parallel --jobs 2 < '$T/syn/jobs.txt' 2>&1 > /dev/null | grep -c 'not run again' | grep -qx 3"
rm -rf "$T/res-c" && mkdir "$T/res-c"
d=$(ls -d "$T"/syn/jobs/*-m1024_k4_parallel)
mv "$d/done" "$d/done.kept"
rc=0
"$G" campaign merge "$T/syn" > /dev/null 2> "$T/nd.err" || rc=$?
check "a job not done: merge exit 2, named, no result written" \
    bash -c "[ $rc = 2 ] && grep -q 'm1024_k4_parallel is not done' '$T/nd.err' && [ -z \"\$(ls '$T/res-c')\" ]"
mv "$d/done.kept" "$d/done"
mv "$d/point.status" "$d/point.kept"
rc=0
"$G" campaign merge "$T/syn" > /dev/null 2> "$T/broken.err" || rc=$?
check "a step folder without its point.status: merge exit 2, named, no result written" \
    bash -c "[ $rc = 2 ] && grep -q 'm1024_k4_parallel is not the folder of a finished step' '$T/broken.err' &&
        [ -z \"\$(ls '$T/res-c')\" ]"
mv "$d/point.kept" "$d/point.status"
sed 's/area.txt/area.txt  # another flow/' "$T/flow.sh" > "$T/flow2.sh" && chmod +x "$T/flow2.sh"
rc=0
GPUCOH_SYNTH_FLOW=$T/flow2.sh "$G" campaign merge "$T/syn" > /dev/null 2> "$T/stale.err" || rc=$?
check "a step synthesized from other inputs (another flow): merge exit 2, no result written" \
    bash -c "[ $rc = 2 ] && grep -q 'synthesized from other inputs' '$T/stale.err' && [ -z \"\$(ls '$T/res-c')\" ]"
# 5. the controllers' driver (synth/ctrl.sh through synth/tc.sh): three tc_gwct points, --force,
# the second failing, serially and as a campaign of the kind synth-tc
C='^gwct_wf48'
check "controllers: list (synth/tc.sh --campaign-list)" \
    bash -c "[ \"\$(bash synth/tc.sh --campaign-list --only '$C' | tr '\n' ' ')\" = \
        '  step gwct_wf48   step gwct_wf48_ts16   step gwct_wf48_obl0 ' ]"
check "controllers: plan --list refused, exit 2, no folder" refused -k synth-tc "$T/bad7" --list
check "controllers: plan --results under a missing folder refused, exit 2, no folder" \
    refused -k synth-tc "$T/bad8" --results "$T/no/res"
mkdir "$T/cres-s" "$T/cres-c"
export FAKE_FAIL=gwct_wf48_ts16
rc=0
bash synth/tc.sh --force --only "$C" --results "$T/cres-s" > "$T/ctl-serial.out" 2>&1 || rc=$?
echo "exit $rc" >> "$T/ctl-serial.out"
{ "$G" campaign plan synth-tc --dir "$T/ctl" -- --force --only "$C" --results "$T/cres-c" \
    > /dev/null 2>&1 && parallel --jobs 2 < "$T/ctl/jobs.txt" > /dev/null 2>&1; } || true
unset FAKE_FAIL
rc=0
"$G" campaign merge "$T/ctl" > "$T/ctl.out" 2>&1 || rc=$?
echo "exit $rc" >> "$T/ctl.out"
check "controllers: serial exit 1, 2 synthesized, 1 failed" \
    bash -c "grep -qx 'exit 1' '$T/ctl-serial.out' && grep -qx 'tc.sh: 2 point(s) synthesized, 1 failed' '$T/ctl-serial.out'"
check "controllers: merged lines and exit status as the serial run's (seconds masked)" \
    cmp -s <(mask "$T/ctl-serial.out") <(mask "$T/ctl.out")
check "controllers: the merge wrote the serial run's results (two; wall_seconds aside)" \
    bash -c "[ \$(ls '$T/cres-c' | wc -l) = 2 ] && for f in '$T'/cres-s/*; do
        cmp -s <(grep -v ^wall_seconds \"\$f\") <(grep -v ^wall_seconds '$T/cres-c/'\"\${f##*/}\") || exit 1; done"
echo "$passes passed, $fails failed"
exit $((fails > 0))
