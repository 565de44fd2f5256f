#!/usr/bin/env bash
# tests/test_campaign_conform.sh -- the conform kind of `gpucoh campaign` (docs/campaigns.md, "The
# conform kind"; issues 25 and 32): a conformance campaign cut into --shard K/N jobs, run by GNU
# parallel and merged (`gpucoh conform --from-results`) prints what the serial `gpucoh conform`
# prints (the same lines but the seconds and the report line; the same JSON but "seconds") and
# exits as it does: a passing campaign; violations judged known by a list, with a stale entry
# (exit 1), and without the list (exit 1, the same VIOLATION and replay lines, in the same order).
# The violations come from issue 25 item 4's mutant (GPUCOH_SYS_ACQ_NO_WAIT=1, test-only).
# The comparison catches a shard's count changed by one; the merge refuses a missing job, a
# truncated report, a report of other options and shards out of order (exit 2); plan and
# conform refuse the campaign's own options and bad values (exit 2, nothing written).
# One "PASS name" / "FAIL name" line per check (tools/run_tests.sh counts them); some 15 s.
# usage: tests/test_campaign_conform.sh [SCRATCH_DIR]   (default: a mktemp folder, removed)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
# shellcheck source=tests/campaign_lib.sh
source tests/campaign_lib.sh
# stdout without the seconds and the report line; JSON without "seconds"
mask() { sed -E 's/ \(seed ([0-9]+)\), [0-9.]+ s$/ (seed \1), T s/; /^  report /d' "$1"; }
jmask() { grep -v '"seconds": ' "$1"; }

# serial NAME ARGS...: `gpucoh conform ARGS` into $T/NAME.{out,json,rc}
serial() {
    local n=$1
    shift
    "$G" conform "$@" --json "$T/$n.json" > "$T/$n.out" 2> "$T/$n.err"
    echo $? > "$T/$n.rc"
}
# campaign NAME JOBS ARGS...: planned in $T/NAME-camp with --jobs JOBS, run by GNU parallel,
# merged into $T/NAME.m.{out,rc} and $T/NAME-camp/result.json
campaign() {
    local n=$1 j=$2
    shift 2
    "$G" campaign plan conform --dir "$T/$n-camp" --jobs "$j" -- "$@" > /dev/null 2>&1 &&
        parallel --jobs 2 < "$T/$n-camp/jobs.txt" > /dev/null 2>&1
    "$G" campaign merge "$T/$n-camp" > "$T/$n.m.out" 2> "$T/$n.m.err"
    echo $? > "$T/$n.m.rc"
}
same() { # NAME: the merged run says what the serial run says
    local n=$1
    cmp -s <(mask "$T/$n.out") <(mask "$T/$n.m.out") &&
        cmp -s <(jmask "$T/$n.json") <(jmask "$T/$n-camp/result.json") &&
        cmp -s "$T/$n.rc" "$T/$n.m.rc"
}
has() { grep -qF -- "$2" "$1"; }

# 1. passing: a sample of 60 MP / SB tests under three variants, cut in 4 jobs
# shellcheck disable=SC2054  # the commas are conform list values
A=(--shapes MP,SB --sample 60 --runs 60 --protocol tc-weak,gpu-h,hlrc --seed 3)
serial pass "${A[@]}"
campaign pass 4 "${A[@]}"
check "passing campaign: serial exit 0, 60 tests" \
    bash -c "[ \"\$(cat $T/pass.rc)\" = 0 ] && grep -q '^PASS conform: 60 tests, 3 variants' $T/pass.out"
check "passing campaign: 4 jobs merged = serial (lines, JSON, exit 0)" same pass
check "the merge's header counts the shards' tests (4 x 15)" \
    has "$T/pass.m.out" "conform: 60 tests x 3 variants x 60 runs (seed 3)"

# 2. the mutant's violations (SB+relacq.gpu: r0=r1=0 under tc-strong, gpu-d, gpu-h), a list
# that knows three and one entry that no run shows (stale): exit 1, known lines, STALE line
# shellcheck disable=SC2054
SB=(--shapes SB --sync relacq --scopes gpu --runs 300 --seed 2 --protocol tc-strong,tc-weak,gpu-d,gpu-h)
printf '%s\n' "tc-strong SB+relacq.gpu-* rcsc mutant" "gpu-d SB+relacq.gpu-* drf-sc mutant" \
    "gpu-h SB+relacq.gpu-* hrf-indirect mutant" "tc-weak SB+relacq.gpu-* rcpc never shown" > "$T/known.txt"
export GPUCOH_SYS_ACQ_NO_WAIT=1
serial known "${SB[@]}" --known "$T/known.txt"
campaign known 5 "${SB[@]}" --known "$T/known.txt"
serial unlisted "${SB[@]}" --known none
campaign unlisted 3 "${SB[@]}" --known none
unset GPUCOH_SYS_ACQ_NO_WAIT
check "known violations: serial exit 1 with known lines and one stale entry" \
    bash -c "[ \"\$(cat $T/known.rc)\" = 1 ] && grep -q '^  known gpu-d SB+relacq.gpu-' $T/known.out &&
        [ \"\$(grep -c '^  STALE known violation' $T/known.out)\" = 1 ]"
check "known violations: 5 jobs merged = serial (known lines, stale entry, exit 1)" same known
check "unlisted violations: serial exit 1 with VIOLATION and replay lines" \
    bash -c "[ \"\$(cat $T/unlisted.rc)\" = 1 ] && grep -q '^  VIOLATION tc-strong SB+relacq.gpu-' $T/unlisted.out &&
        grep -q '^    replay    ' $T/unlisted.out"
check "unlisted violations: 3 jobs merged = serial (the lines in order, JSON, exit 1)" same unlisted

# 3. the comparison can fail: a shard's outcome count one higher
cp -r "$T/pass-camp" "$T/bent-camp"
f=$(ls "$T"/bent-camp/jobs/*/result.json | head -1)
sed -i -E '0,/"outcomes": ([0-9]+)/s//"outcomes": 1\1/' "$f"
"$G" campaign merge "$T/bent-camp" > "$T/bent.m.out" 2> /dev/null
check "a shard's count changed: the merged table differs from the serial one" \
    bash -c "! cmp -s <(sed -E 's/, [0-9.]+ s\$//; /^  report /d' $T/pass.out) <(sed -E 's/, [0-9.]+ s\$//; /^  report /d' $T/bent.m.out)"

# 4. the merge refuses what it cannot sum (exit 2)
bad_merge() { # NAME EDIT: EDIT run on a copy of the passing campaign, whose merge must exit 2
    rm -rf "$T/b-camp" && cp -r "$T/pass-camp" "$T/b-camp"
    (cd "$T/b-camp/jobs" && eval "$2")
    "$G" campaign merge "$T/b-camp" > "$T/b.out" 2> "$T/b.err"
    local rc=$?
    if [ $rc -eq 2 ] && [ -s "$T/b.err" ]; then pass "merge refuses $1 (exit 2: $(head -c 120 "$T/b.err"))"; else fail "merge refuses $1 (exit $rc)"; fi
}
bad_merge "a job not done" 'rm 00002-shard-00002/done'
bad_merge "a truncated report" 'head -c 300 00003-shard-00003/result.json > x && mv x 00003-shard-00003/result.json'
bad_merge "a report of other options" 'sed -i "s/\"runs\": 60, \"seed\"/\"runs\": 61, \"seed\"/" 00001-shard-00001/result.json'
bad_merge "shards out of order" 'mv 00001-shard-00001/result.json x && mv 00002-shard-00002/result.json 00001-shard-00001/ && mv x 00002-shard-00002/result.json'

# 5. plan and conform refuse bad input before any run, nothing written
bad_plan() { # NAME ARGS...: plan must exit 2 and leave no folder
    local n=$1
    shift
    rm -rf "$T/p"
    "$G" campaign plan conform --dir "$T/p" "$@" > /dev/null 2> "$T/p.err"
    local rc=$?
    if [ $rc -eq 2 ] && [ ! -e "$T/p" ] && [ -s "$T/p.err" ]; then pass "plan refuses $n"; else fail "plan refuses $n (exit $rc)"; fi
}
bad_plan "--only" -- --only MP+po+po.same-samecta --runs 10
bad_plan "--shard" -- --sample 10 --shard 1/2
bad_plan "--from-results" -- --from-results /dev/null
bad_plan "--jobs 0" --jobs 0 -- --sample 10
bad_plan "an unknown variant" -- --sample 10 --protocol nope
bad_plan "a selection of no test" -- --shapes MP --threads nope
rm -rf "$T/p"
"$G" campaign plan litmus --dir "$T/p" --jobs 2 -- litmus/MP.litmus > /dev/null 2> "$T/p.err"
check "plan refuses --jobs for a kind that splits by itself (litmus)" \
    bash -c "[ $? -eq 2 ] && [ ! -e $T/p ] && grep -q 'jobs N splits a count' $T/p.err"
for s in 0/3 4/3 3 x/2 1/0; do
    "$G" conform --sample 10 --shard "$s" --json "$T/s.json" > /dev/null 2> "$T/s.err"
    check "conform --shard $s refused (exit 2, no report)" \
        bash -c "[ $? -eq 2 ] && [ ! -e $T/s.json ] && grep -q 'shard' $T/s.err"
done

echo "test_campaign_conform: $fails failed"
[ "$fails" -eq 0 ]
