#!/usr/bin/env bash
# tests/test_campaign.sh -- `gpucoh campaign` (docs/campaigns.md, issue 32 item 1): a litmus
# campaign planned, run by GNU parallel in pieces and merged prints what the serial run prints
# (the same lines but the report line and the per-test seconds; the same JSON, byte for byte) and
# exits as it does, with a failing and a racy test among the jobs; jobs done are not run again,
# a changed input is; merge refuses a missing job, a truncated or foreign report and another
# plan; plan refuses bad input and writes nothing; sbatch writes an array of the plan's size.
# One "PASS name" / "FAIL name" line per check (tools/run_tests.sh counts them); some 20 s.
# usage: tests/test_campaign.sh [SCRATCH_DIR]   (default: a mktemp folder, removed at the end)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
# shellcheck source=tests/campaign_lib.sh
source tests/campaign_lib.sh
mask() { sed -E 's/, [0-9]+\.[0-9] s \(impl/, T s (impl/; /^  report /d' "$1"; }

# the inputs: three suite files, a copy of MP whose weak outcome is declared forbidden (fails),
# and MP under hLRC, where a plain-access test is racy (counted apart)
cp litmus/MP.litmus litmus/SB.litmus litmus/LB.litmus "$T/"
sed -e 's/^allow   tc,gpu r0=1 r1=0.*/forbid  tc,gpu r0=1 r1=0/' -e '/^witness tc,gpu/d' \
    litmus/MP.litmus > "$T/MPbad.litmus"
FILES=("$T/MP.litmus" "$T/SB.litmus" "$T/MPbad.litmus" "$T/LB.litmus")
ARGS=(--protocol gpu --runs 300 --seed 4)

"$G" litmus "${FILES[@]}" "${ARGS[@]}" --json "$T/serial.json" > "$T/serial.out" 2> /dev/null
src=$?
check "serial run: a failing test among the files (exit 1)" [ "$src" -eq 1 ]

"$G" campaign plan litmus --dir "$T/camp" -- "${FILES[@]}" "${ARGS[@]}" > "$T/plan.out" 2> "$T/plan.err"
check "plan: 4 jobs, one line each in jobs.txt and on stdout" \
    bash -c "[ \$(wc -l < '$T/camp/jobs.txt') -eq 4 ] && cmp -s '$T/plan.out' '$T/camp/jobs.txt'"
# two pieces: the first two jobs, then all of them (the first two are then skipped)
head -n 2 "$T/camp/jobs.txt" | parallel --jobs 2 > /dev/null 2>&1
parallel --jobs 2 < "$T/camp/jobs.txt" > "$T/par.out" 2> "$T/par.err"
check "parallel: the 2 jobs done before are not run again" \
    [ "$(grep -c 'not run again' "$T/par.err")" -eq 2 ]
"$G" campaign merge "$T/camp" > "$T/merge.out" 2> "$T/merge.err"
mrc=$?
check "merge: the serial run's exit status ($src)" [ "$mrc" -eq "$src" ]
check "merge: the serial run's lines (but the report line and the seconds)" \
    diff <(mask "$T/serial.out") <(mask "$T/merge.out")
check "merge: the serial run's JSON, byte for byte" cmp "$T/serial.json" "$T/camp/result.json"
check "merge: the failing test's FAIL line and replay line are there" \
    bash -c "grep -q '^FAIL litmus MP ' '$T/merge.out' && grep -q '^  replay ' '$T/merge.out'"

# racy tests (hLRC: plain accesses are undefined under drf-sc) counted apart, as serially
"$G" litmus "$T/MP.litmus" "$T/SB.litmus" --protocol hlrc --runs 100 --json "$T/s2.json" \
    > "$T/s2.out" 2> /dev/null
s2=$?
"$G" campaign plan litmus --dir "$T/c2" -- "$T/MP.litmus" "$T/SB.litmus" --protocol hlrc \
    --runs 100 > /dev/null 2>&1 && parallel --jobs 2 < "$T/c2/jobs.txt" > /dev/null 2>&1
"$G" campaign merge "$T/c2" > "$T/m2.out" 2> /dev/null
m2=$?
check "racy tests: the same summary and exit status ($s2) as the serial run" \
    bash -c "[ $m2 -eq $s2 ] && diff <(grep '^litmus:' '$T/s2.out') <(grep '^litmus:' '$T/m2.out') \
        && grep -q 'racy' '$T/m2.out' && cmp -s '$T/s2.json' '$T/c2/result.json'"

# idempotence: a changed input file runs its job again, the others are skipped
sed -i 's/^doc .*/doc  changed/' "$T/SB.litmus"
parallel --jobs 2 < "$T/camp/jobs.txt" > /dev/null 2> "$T/par2.err"
check "a changed input: its job runs again, the other 3 are skipped" \
    bash -c "[ \$(grep -c 'not run again' '$T/par2.err') -eq 3 ] && \
        ! grep -q 'not run again' <(grep SB '$T/par2.err')"
# a variable a run reads (GPUCOH_*, REGRESS_ONLY, FULLCOV, CONFORM_ARGS) set: every job runs
# again; unset: they run again (their done files hold the fingerprint of the last run)
GPUCOH_SYS_ACQ_NO_WAIT=1 parallel --jobs 2 < "$T/camp/jobs.txt" > /dev/null 2> "$T/par3.err"
check "an environment variable a run reads changed: the 4 jobs run again" \
    bash -c "! grep -q 'not run again' '$T/par3.err'"
parallel --jobs 2 < "$T/camp/jobs.txt" > /dev/null 2> "$T/par4.err"
check "and back: the 4 jobs run again, then are skipped" \
    bash -c "! grep -q 'not run again' '$T/par4.err' && parallel --jobs 2 < '$T/camp/jobs.txt' 2>&1 >/dev/null | [ \$(grep -c 'not run again') -eq 4 ]"
# (the job line of 00001-MP run by a copy of gpucoh with one byte more: it runs, its fingerprint
# changes; GPUCOH_ROOT keeps the copy's repository)
fp_before=$(cat "$T/camp/jobs/00001-MP/done")
cp "$G" "$T/g2" && printf x >> "$T/g2"
GPUCOH_ROOT=$PWD "$T/g2" campaign job "$T/camp/jobs/00001-MP" -- litmus "$T/MP.litmus" "${ARGS[@]}" \
    > /dev/null 2> "$T/g2.err"
check "a changed gpucoh binary: the job runs again (its fingerprint hashes the binary)" \
    bash -c "! grep -q 'not run again' '$T/g2.err' && [ \"\$(cat '$T/camp/jobs/00001-MP/done')\" != '$fp_before' ]"

# merge refuses what it cannot merge (exit 2, the problem named)
bad_merge() { # NAME SETUP-CMD PATTERN: on a copy of the campaign
    rm -rf "$T/bad" && cp -r "$T/camp" "$T/bad"
    (cd "$T/bad" && eval "$2")
    "$G" campaign merge "$T/bad" > /dev/null 2> "$T/bad.err"
    local rc=$?
    if [ $rc -eq 2 ] && grep -q "$3" "$T/bad.err" && [ ! -e "$T/bad/result.json.tmp" ]; then
        pass "merge refuses $1 (exit 2)"
    else
        fail "merge refuses $1 (exit $rc: $(head -c 200 "$T/bad.err"))"
    fi
}
bad_merge "a job not done" "rm jobs/00002-SB/done" "job 00002-SB is not done"
bad_merge "a truncated report" "head -c 300 jobs/00003-MPbad/result.json > x && \
    mv x jobs/00003-MPbad/result.json" "not a one-file litmus report"
bad_merge "a report of other options" "sed -i '1s/\"seed\": 4/\"seed\": 5/' \
    jobs/00004-LB/result.json" "other options than job"
bad_merge "a folder that is not a campaign" "rm campaign.txt" "not a campaign's plan"
check "merge refuses two folders of different plans (exit 2)" \
    bash -c "'$G' campaign merge '$T/camp' '$T/c2' > /dev/null 2>&1; [ \$? -eq 2 ]"
# pieces in two folders of one plan merge as one
rm -rf "$T/pa" "$T/pb" && cp -r "$T/camp" "$T/pa" && cp -r "$T/camp" "$T/pb" &&
    rm "$T/pa/jobs/00001-MP/done" "$T/pb/jobs/00002-SB/done" "$T/pa/result.json"
check "merge of two folders holding different jobs: the same JSON" \
    bash -c "'$G' campaign merge '$T/pa' '$T/pb' > /dev/null 2>&1; \
        [ \$? -eq $src ] && cmp -s '$T/pa/result.json' '$T/camp/result.json'"

# plan refuses bad input before writing anything
bad_plan() { # NAME PATTERN ARGS...
    local n=$1 pat=$2
    shift 2
    rm -rf "$T/np"
    "$G" campaign plan "$@" > /dev/null 2> "$T/np.err"
    local rc=$?
    if [ $rc -eq 2 ] && grep -q "$pat" "$T/np.err" && [ ! -e "$T/np" ]; then
        pass "plan refuses $n (exit 2, nothing written)"
    else
        fail "plan refuses $n (exit $rc: $(head -c 200 "$T/np.err"))"
    fi
}
bad_plan "a missing file" "cannot open" litmus --dir "$T/np" -- "$T/nope.litmus"
bad_plan "--out (the job sets it)" "is not a campaign's" litmus --dir "$T/np" -- "$T/MP.litmus" --out x
bad_plan "an unknown protocol" "refused" litmus --dir "$T/np" -- "$T/MP.litmus" --protocol nope
bad_plan "an unknown kind" "unknown kind" nope --dir "$T/np" -- x
bad_plan "a --dir whose folder is missing" "does not exist" litmus --dir "$T/np/sub" -- "$T/MP.litmus"
mkdir -p "$T/full" && touch "$T/full/x"
check "plan refuses a folder holding something else (exit 2)" \
    bash -c "'$G' campaign plan litmus --dir '$T/full' -- '$T/MP.litmus' >/dev/null 2>&1; [ \$? -eq 2 ]"

# mutants: a baseline job, then one job per mutant; tc_timer at 2000 cycles lets 01-load-zero-kept
# survive (caught at cycle 2160), so the serial run exits 1 and so must the merge
"$G" mutants tc_timer --cycles 2000 --out "$T/ms-out" --json "$T/ms.json" > "$T/ms.out" 2> /dev/null
msrc=$?
"$G" campaign plan mutants --dir "$T/mc" -- tc_timer --cycles 2000 > /dev/null 2>&1 &&
    parallel --jobs 2 < "$T/mc/jobs.txt" > /dev/null 2>&1
"$G" campaign merge "$T/mc" > "$T/mm.out" 2> /dev/null
mmrc=$?
check "mutants: 4 jobs (the baseline, 3 mutants); exit status $msrc as the serial run" \
    bash -c "[ \$(wc -l < '$T/mc/jobs.txt') -eq 4 ] && [ $mmrc -eq $msrc ] && [ $msrc -eq 1 ]"
check "mutants: the serial run's table (but the report line) and JSON, byte for byte" \
    bash -c "diff <(grep -v '^  report ' '$T/ms.out') <(grep -v '^  report ' '$T/mm.out') && \
        cmp '$T/ms.json' '$T/mc/result.json' && grep -q '01-load-zero-kept *SURVIVED' '$T/mm.out'"
bad_plan "--mutants (a campaign runs them all)" "is not a campaign's" mutants --dir "$T/np" -- \
    tc_timer --mutants tests/mutants/tc_timer/01-load-zero-kept.mut
bad_plan "an unknown unit" "refused" mutants --dir "$T/np" -- nope
# soak: segments of cosim system in lockstep, a probe each, RSS kept per job
"$G" campaign plan soak --dir "$T/sk" -- --protocol gpu-h,tc-weak --cycles 6000 --segment 3000 \
    > /dev/null 2>&1 && parallel --jobs 2 < "$T/sk/jobs.txt" > /dev/null 2>&1
"$G" campaign merge "$T/sk" > "$T/sk.out" 2> /dev/null
skrc=$?
check "soak: 2 protocols x (a probe + 2 segments), 12000 cycles, 0 mismatches, RSS per protocol" \
    bash -c "[ $skrc -eq 0 ] && [ \$(wc -l < '$T/sk/jobs.txt') -eq 6 ] && \
        grep -q '^soak: 2 protocols, 4 segments, 12000 cycles in lockstep, 0 mismatches, 0 failed' \
        '$T/sk.out' && grep -Eq '^  gpu-h +2 +6000 +0 +[0-9.]+ +[0-9.]+ ' '$T/sk.out' && \
        grep -q '\"max_rss_kb\": [1-9]' '$T/sk/result.json'"
# a segment whose report says mismatches fails the soak (exit 1)
rm -rf "$T/sk2" && cp -r "$T/sk" "$T/sk2" &&
    sed -i 's/"mismatches": 0/"mismatches": 3/' "$T/sk2/jobs/00003-gpu-h-seg0002/result.json"
check "soak: a segment with mismatches fails the merge (exit 1, counted)" \
    bash -c "'$G' campaign merge '$T/sk2' > '$T/sk2.out' 2>&1; [ \$? -eq 1 ] && \
        grep -q ', 3 mismatches' '$T/sk2.out'"
# a segment run by another build (its report's version) is refused (exit 2): a soak is one build's
rm -rf "$T/sk3" && cp -r "$T/sk" "$T/sk3" &&
    sed -i 's/"version": "/"version": "other /' "$T/sk3/jobs/00005-tc-weak-seg0001/result.json"
check "soak: a segment run by another build is refused (exit 2, named)" \
    bash -c "'$G' campaign merge '$T/sk3' > /dev/null 2> '$T/sk3.err'; [ \$? -eq 2 ] && \
        grep -q 'tc-weak-seg0001 ran with another build' '$T/sk3.err'"
bad_plan "an unknown soak protocol" "unknown variant" soak --dir "$T/np" -- --protocol nope
bad_plan "a soak segment below 1000 cycles" "out of range" soak --dir "$T/np" -- --segment 10

# sbatch: the array has one task per job, the merge runs after it
"$G" campaign sbatch "$T/camp" --partition debug --time 10:00 --max-parallel 3 > "$T/sb.out" 2>&1
check "sbatch: array 1-4%3, partition, time, merge.sbatch and submit.sh" \
    bash -c "grep -q '^#SBATCH --array=1-4%3$' '$T/camp/slurm/array.sbatch' && \
        grep -q '^#SBATCH --partition=debug$' '$T/camp/slurm/array.sbatch' && \
        grep -q '^#SBATCH --time=10:00$' '$T/camp/slurm/merge.sbatch' && \
        grep -q 'campaign merge' '$T/camp/slurm/merge.sbatch' && \
        grep -q 'dependency=afterany' '$T/camp/slurm/submit.sh' && bash -n '$T/camp/slurm/submit.sh'"
check "sbatch refuses a bad --time (exit 2)" \
    bash -c "'$G' campaign sbatch '$T/camp' --time 'x;y' >/dev/null 2>&1; [ \$? -eq 2 ]"
# an array task runs its line of jobs.txt (as Slurm would, without Slurm)
check "an array task runs line SLURM_ARRAY_TASK_ID of jobs.txt" \
    bash -c "SLURM_ARRAY_TASK_ID=4 bash '$T/camp/slurm/array.sbatch' 2>&1 | grep -q '^PASS litmus LB gpu-d'"
exit $((fails > 0))
