#!/usr/bin/env bash
# make synth-rdu-avu as a campaign (docs/campaigns.md section 14): synth/hier.sh's stores and tops
# planned by `gpucoh campaign plan synth-hier` in two stages (a top after its sig_store), run
# stage by stage by GNU parallel, merged by `gpucoh campaign merge`, against the serial run, in
# seconds: the script the steps run is a fake synth/hier.sh (GPUCOH_HIER_SCRIPT: hier.sh's
# options, points, lines and results, a top skipped when its store has no result and netlist,
# FAKE_FAIL failing a point, results fingerprinted with the file FAKE_INPUT), results in scratch
# folders. Checks: the list and its dependencies; bad plans refused (exit 2, no folder); a
# stage-2 job run first refused (exit 2, nothing made); the campaign with a failing store (its
# tops skipped) merged against the serial run (lines, exit 1, results); done jobs not run again;
# everything up to date; the merge's refusals (a job not done, a step made from other inputs);
# the Slurm scripts of a staged plan (an array per stage, chained). The real hier.sh's campaign is
# measured in docs/campaigns.md section 14.
# One PASS / FAIL line per check, then "N passed, N failed"; exit 1 when one failed; a few s.
# usage: tests/test_hier_campaign.sh [SCRATCH_DIR]   (default: a mktemp folder, removed after)
set -euo pipefail
cd "$(dirname "$0")/.." || exit 2
ROOT=$PWD
export GPUCOH_ROOT=$ROOT
# shellcheck source=tests/campaign_lib.sh
source tests/campaign_lib.sh # $G, $T, check (PASS / FAIL lines), $passes, $fails
S=synth/hier_campaign.sh
unset CAMPAIGN_JOB_DIR CAMPAIGN_AFTER FAKE_FAIL
export GPUCOH_HIER_SCRIPT=$T/hier.sh GPUCOH_SYNTH_BUILD=$T/gbuild FAKE_INPUT=$T/input
echo "inputs 1" > "$T/input"
cp tests/fake_hier.sh "$T/hier.sh"
chmod +x "$T/hier.sh"
mask() { sed -E -e 's/; see .*$/; see LOGS/' "$1"; }
serial() { # serial OUT ARGS...: the serial run, its stderr and exit status in OUT
    local out=$1 rc=0
    shift
    bash "$T/hier.sh" --no-report "$@" > "$out" 2>&1 || rc=$?
    echo "exit $rc" >> "$out"
}
campaign() { # campaign NAME ARGS...: plan, GNU parallel stage by stage, merge into $T/NAME.out
    local name=$1 rc=0
    shift
    "$G" campaign plan synth-hier --dir "$T/$name" -- --no-report "$@" > /dev/null 2>&1 || true
    bash tools/campaign_run.sh "$T/$name" 2 2> /dev/null || true
    "$G" campaign merge "$T/$name" > "$T/$name.out" 2>&1 || rc=$?
    echo "exit $rc" >> "$T/$name.out"
}
# shellcheck disable=SC2317 # called through check
refused() { # refused DIR ARGS...: the plan exits 2, names the problem, makes no folder
    local d=$1 rc=0
    shift
    "$G" campaign plan synth-hier --dir "$d" -- "$@" > /dev/null 2> "$T/refused.err" || rc=$?
    [ "$rc" = 2 ] && [ ! -e "$d" ] && grep -q 'hier_campaign\.sh: error: ' "$T/refused.err"
}

# 1. the list and bad input
check "list: stores and tops in hier.sh's order, a top after its store" \
    bash -c "[ \"\$(bash $S --campaign-list | tr '\n' ';')\" = '  step sig_store_m1024;  step avu_top_m1024 after sig_store_m1024;  step rdu_top_m1024_n16 after sig_store_m1024;  step sig_store_m2048;  step avu_top_m2048 after sig_store_m2048;  step rdu_top_m2048_n16 after sig_store_m2048;' ]"
check "list: a top without its store selected waits for nothing" \
    bash -c "[ \"\$(bash $S --campaign-list --only avu_top_m2048)\" = '  step avu_top_m2048' ]"
check "plan: --list refused, exit 2, no folder" refused "$T/bad1" --list
check "plan: --check refused, exit 2, no folder" refused "$T/bad2" --check
check "plan: an unknown option refused, exit 2, no folder" refused "$T/bad3" --bogus
check "plan: a bad --only regex refused, exit 2, no folder" refused "$T/bad4" --only '('
check "plan: --only matching nothing refused, exit 2, no folder" refused "$T/bad5" --only zzz
check "plan: --results under a missing folder refused, exit 2, no folder" \
    refused "$T/bad6" --results "$T/no/res"
check "step: an unknown point refused (exit 2)" \
    bash -c "mkdir -p '$T/unk' && ! { CAMPAIGN_JOB_DIR='$T/unk' bash $S --campaign-step sig_store_x \
        > /dev/null 2>&1; [ \$? != 2 ]; }"
check "tools/campaign_run.sh: a folder without a plan refused (exit 2)" \
    bash -c "! { bash tools/campaign_run.sh '$T/unk' > /dev/null 2>&1; [ \$? != 2 ]; }"
"$G" campaign plan synth-hier --dir "$T/st" -- --results "$T/res-st" > /dev/null 2> "$T/st.err"
check "plan: two stages, jobs-1.txt the stores, jobs-2.txt the tops with --after" \
    bash -c "grep -q 'in 2 stages' '$T/st.err' && [ \$(wc -l < '$T/st/jobs-1.txt') = 2 ] &&
        [ \$(grep -c -- \"--after '$T/st/jobs/00001-sig_store_m1024'\" '$T/st/jobs-2.txt') = 2 ] &&
        [ \$(wc -l < '$T/st/jobs-2.txt') = 4 ] && grep -qx 'stages 2' '$T/st/campaign.txt'"
rc=0
bash -c "$(sed -n 1p "$T/st/jobs-2.txt")" > /dev/null 2> "$T/early.err" || rc=$?
check "a stage-2 job run before its store's: exit 2, the store named, no folder made" \
    bash -c "[ $rc = 2 ] && grep -q 'waits for .*00001-sig_store_m1024, which is not done' '$T/early.err' &&
        [ ! -e '$T/st/jobs/00002-avu_top_m1024' ]"

# 2. every point run, the 2048 store failing (its tops skipped), serially and as a campaign
mkdir "$T/res-s" "$T/res-c"
export FAKE_FAIL=sig_store_m2048
GPUCOH_SYNTH_BUILD=$T/sbuild serial "$T/run-serial.out" --results "$T/res-s"
campaign run --results "$T/res-c"
unset FAKE_FAIL
check "run: serial exit 1, a FAILED store and its two tops skipped" \
    bash -c "grep -qx 'exit 1' '$T/run-serial.out' && grep -q 'FAILED sig_store_m2048' '$T/run-serial.out' &&
        [ \$(grep -c 'skip .*_m2048.*sig_store_m2048 has no result' '$T/run-serial.out') = 2 ]"
check "run: merged lines and exit status as the serial run's (the logs' folder masked)" \
    cmp -s <(mask "$T/run-serial.out") <(mask "$T/run.out")
check "run: the merge wrote the serial run's results (five: three points, two totals)" \
    bash -c "diff -r '$T/res-s' '$T/res-c' > /dev/null && [ \$(ls '$T/res-c' | wc -l) = 5 ]"
check "run: result.json counts" \
    grep -q '"up_to_date": 0, "synthesized": 3, "failed": 3, ' "$T/run/result.json"
check "run: the merge leaves the new store's netlist where the next serial or campaign run looks" \
    grep -qx 'netlist of sig_store_m1024' "$T/gbuild/hier/sig_store_m1024/netlist.v"
check "jobs done before are not run again" \
    bash -c "cat '$T'/run/jobs-1.txt '$T'/run/jobs-2.txt | parallel --jobs 2 2>&1 > /dev/null |
        grep -c 'not run again' | grep -qx 6"

# 3. every point up to date: the serial run says nothing and exits 0; so does the merge
mkdir "$T/res-up"
GPUCOH_SYNTH_BUILD=$T/ubuild serial "$T/first.out" --results "$T/res-up"
cp -a "$T/res-up" "$T/res-up.before"
GPUCOH_SYNTH_BUILD=$T/ubuild serial "$T/up-serial.out" --results "$T/res-up"
campaign up --results "$T/res-up"
check "up to date: merged lines and exit status as the serial run's (nothing, exit 0)" \
    bash -c "[ \"\$(cat '$T/up-serial.out')\" = 'exit 0' ] && cmp -s '$T/up-serial.out' '$T/up.out'"
check "up to date: nothing run, the results untouched" \
    bash -c "diff -r '$T/res-up.before' '$T/res-up' > /dev/null &&
        grep -q '\"up_to_date\": 6, \"synthesized\": 0, \"failed\": 0' '$T/up/result.json'"

# 4. the merge's refusals
rm -rf "$T/res-c" && mkdir "$T/res-c"
d=$(ls -d "$T"/run/jobs/*-avu_top_m1024)
mv "$d/done" "$d/done.kept"
rc=0
"$G" campaign merge "$T/run" > /dev/null 2> "$T/nd.err" || rc=$?
check "a job not done: merge exit 2, named, no result written" \
    bash -c "[ $rc = 2 ] && grep -q 'avu_top_m1024 is not done' '$T/nd.err' && [ -z \"\$(ls '$T/res-c')\" ]"
mv "$d/done.kept" "$d/done"
d=$(ls -d "$T"/run/jobs/*-sig_store_m1024)
cp "$d/done" "$d/done.kept"
sed -i '1s/status 0/status 0 /' "$d/done" # another run of the store's step than its tops took
rc=0
"$G" campaign merge "$T/run" > /dev/null 2> "$T/again.err" || rc=$?
mv "$d/done.kept" "$d/done"
check "a top that took another run of its store's step: merge exit 2, named, no result written" \
    bash -c "[ $rc = 2 ] && grep -q 'ran after another run of sig_store_m1024' '$T/again.err' &&
        [ -z \"\$(ls '$T/res-c')\" ]"
echo "inputs 2" > "$T/input"
rc=0
"$G" campaign merge "$T/run" > /dev/null 2> "$T/stale.err" || rc=$?
echo "inputs 1" > "$T/input"
check "a step made from other inputs: merge exit 2, named, no result written" \
    bash -c "[ $rc = 2 ] && grep -q 'sig_store_m1024 avu_top_m1024 rdu_top_m1024_n16 synthesized from other inputs' '$T/stale.err' &&
        [ -z \"\$(ls '$T/res-c')\" ]"

# 5. Slurm: an array per stage, the second after the first, the merge after the last
"$G" campaign sbatch "$T/run" --time 10:00 > "$T/sb.out" 2>&1
check "sbatch: array-1 (2 tasks, jobs-1.txt), array-2 (4 tasks, jobs-2.txt), chained in submit.sh" \
    bash -c "grep -q 'array=1-2\$' '$T/run/slurm/array-1.sbatch' && grep -q 'jobs-1.txt' '$T/run/slurm/array-1.sbatch' &&
        grep -q 'array=1-4\$' '$T/run/slurm/array-2.sbatch' && grep -q 'jobs-2.txt' '$T/run/slurm/array-2.sbatch' &&
        grep -q 'dependency=afterany:\$jid array-2.sbatch' '$T/run/slurm/submit.sh' &&
        grep -q 'dependency=afterany:\$jid merge.sbatch' '$T/run/slurm/submit.sh' && [ ! -e '$T/run/slurm/array.sbatch' ]"

echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
