#!/usr/bin/env bash
# Test of the Slurm side of campaigns (issue 32) on a real private single-node cluster
# (tools/slurm_local.sh). Two hand-written campaign roots in the shape `gpucoh campaign sbatch`
# writes (ROOT/jobs.txt, ROOT/slurm/{array.sbatch,merge.sbatch,submit.sh}) run at once:
#   good  4 jobs that each write ROOT/results/rN.txt; the merge job counts and concatenates them
#   bad   the same, but job 3 exits 1 without a result: the test must see it fail
# One line "PASS name" / "FAIL name: why" per check (tools/run_tests.sh style):
#   cluster-start    tools/slurm_local.sh start: node idle
#   submit           submit.sh prints "array <id>" and "merge <id>" for both roots
#   finished         squeue shows none of the jobs within 120 s
#   task-outputs     good: every task's result file and %A_%a.out exist with its echo
#   task-states      good: every array task COMPLETED, ExitCode 0:0 (scontrol show job)
#   merge-after      good: merge started after every task finished and saw all 4 results
#   bad-detected     bad: task 3 FAILED with ExitCode 1:0, the merge ran anyway (afterany)
#                    and wrote FAIL 3/4; the other tasks COMPLETED
#   daemons-stopped  after tools/slurm_local.sh stop no daemon or step process is left
# Then the real thing, on the same cluster and at the same time: three campaigns planned by
# `gpucoh campaign plan`, their scripts written by `gpucoh campaign sbatch`, submitted with their
# submit.sh, each first run serially (build/gpucoh litmus|mutants ... --json) for comparison:
#   litmus     MP, SB, LB, IRIW under --protocol gpu, 300 runs, seed 2 (4 array tasks)
#   mutants    tc_timer's 3 mutants, --cycles 20000 (4 tasks: the unmutated RTL, then a mutant each)
#   litbad     MP and a copy of MP whose weak outcome is declared forbidden (2 tasks; task 2 and
#              the serial run exit 1)
# and per campaign two checks:
#   NAME-tasks   every array task ended with its job's status (COMPLETED 0:0; litbad's task 2
#                FAILED 1:0) and wrote its %A_%a.out
#   NAME-merged  the merge job's ExitCode is the serial run's status, ROOT/slurm/merge.out holds
#                the serial run's stdout lines (but the `  report` line and a test's seconds),
#                ROOT/result.json is the serial run's JSON byte for byte
#   merge-refuses  litmus: with one job's `done` removed, merging by hand exits 2 naming that job
# and a campaign in two stages, the kind synth-hier on a fake synth/hier.sh (tests/fake_hier.sh,
# its sig_store_m2048 failing): an array of the 2 stores, an array of the 4 tops submitted after
# it (a top's job refuses, exit 2, while its store's is not done), the merge after the second:
#   hier-stages  stage 1: the stores COMPLETED 0:0 and FAILED 1:0; stage 2: the 1024 tops
#                COMPLETED 0:0 (they ran after their store), the 2048 tops FAILED 1:0 (skipped)
#   hier-merged  the merge job's ExitCode is the serial run's (1), merge.out holds its lines
#                (the logs' folder masked), and the results are the serial run's
# Nothing is written outside $T but the mutant models' cache, build/mutants/tc_timer/.
# Usage: tests/test_slurm.sh  (needs root and the packages slurm-wlm, munge; some 20 s once the
# tc_timer mutant models are built in build/mutants/, else about a minute more for the builds)
# The cluster is stopped and its temp dir removed on any exit, ^C included.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
SL=$REPO/tools/slurm_local.sh
NF=0
pass() { echo "PASS $*"; }
fail() { echo "FAIL $1: $2"; NF=$((NF + 1)); }

if [ "$(id -u)" -ne 0 ]; then echo "SKIP slurm: needs root (SlurmdUser=root)"; exit 0; fi
for c in munged slurmctld slurmd sbatch squeue scontrol; do
    command -v "$c" >/dev/null || { fail setup "$c not installed (bash tools/deps.sh)"; exit 1; }
done

G=$REPO/build/gpucoh
[ -x "$G" ] || { fail setup "$G not built (make build/gpucoh)"; exit 1; }
T=$(mktemp -d "${TMPDIR:-/tmp}/test-slurm.XXXXXX")
chmod 0700 "$T"
mkdir "$T/cluster"
cleanup() {
    "$SL" stop "$T/cluster" >/dev/null 2>&1 || true
    rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Ports: free ones, so a cluster someone else runs here (private or real) is left alone.
if [ -z "${SLURM_LOCAL_CTLD_PORT:-}" ]; then
    for base in 16817 16917 17017 17117 17217; do
        if [ -z "$(ss -Htln "sport = :$base or sport = :$((base + 1))" 2>/dev/null)" ]; then break; fi
    done
    export SLURM_LOCAL_CTLD_PORT=$base SLURM_LOCAL_SLURMD_PORT=$((base + 1))
fi

start_s=$(date +%s)
# The serial runs first (the mutant one also builds, or finds, the Verilated models the array
# tasks then reuse from build/mutants/), and the campaigns planned, all from the checkout, as a
# user would: relative file names, as in the serial command.
cd "$REPO"
LIT_ARGS=(litmus/MP.litmus litmus/SB.litmus litmus/LB.litmus litmus/IRIW.litmus
    --protocol gpu --runs 300 --seed 2)
MUT_ARGS=(tc_timer --cycles 20000)
sed -e 's/^allow   tc,gpu r0=1 r1=0.*/forbid  tc,gpu r0=1 r1=0/' -e '/^witness tc,gpu/d' \
    litmus/MP.litmus >"$T/MPbad.litmus"
BAD_ARGS=(litmus/MP.litmus "$T/MPbad.litmus" --protocol gpu --runs 300 --seed 2)
serial() { # NAME KIND ARGS...: NAME.serial.{out,json,rc}, any other file in NAME.serial-out/
    local n=$1 k=$2
    shift 2
    local rc=0
    "$G" "$k" "$@" --out "$T/$n.serial-out" --json "$T/$n.serial.json" >"$T/$n.serial.out" 2>"$T/$n.serial.err" || rc=$?
    echo "$rc" >"$T/$n.serial.rc"
}
plan() { # NAME KIND ARGS...: the campaign in $T/NAME with its Slurm scripts
    local n=$1 k=$2
    shift 2
    "$G" campaign plan "$k" --dir "$T/$n" -- "$@" >/dev/null 2>>"$T/plan.err" &&
        "$G" campaign sbatch "$T/$n" >>"$T/plan.err" 2>&1
}
# the staged campaign: synth-hier on the fake hier.sh, its 2048 store failing
# (and slow: without the stage-2 array's dependency, the 2048 tops would start while it runs,
# refuse, exit 2, and hier-stages would see FAILED 2:0)
export GPUCOH_HIER_SCRIPT=$REPO/tests/fake_hier.sh FAKE_INPUT=$T/hier.input FAKE_FAIL=sig_store_m2048 \
    FAKE_SLOW=sig_store_m2048
echo "inputs 1" >"$FAKE_INPUT"
mkdir "$T/hier-res-s" "$T/hier-res-c"
rc=0
GPUCOH_SYNTH_BUILD=$T/hier-sbuild bash "$GPUCOH_HIER_SCRIPT" --no-report --results "$T/hier-res-s" \
    >"$T/hier.serial.out" 2>&1 || rc=$?
echo "$rc" >"$T/hier.serial.rc"
ser_s=$(date +%s)
serial litmus litmus "${LIT_ARGS[@]}"
serial mutants mutants "${MUT_ARGS[@]}"
serial litbad litmus "${BAD_ARGS[@]}"
echo "serial runs: $(($(date +%s) - ser_s)) s (exit litmus $(cat "$T/litmus.serial.rc"), mutants" \
    "$(cat "$T/mutants.serial.rc"), litbad $(cat "$T/litbad.serial.rc"))"
if ! plan litmus litmus "${LIT_ARGS[@]}" || ! plan mutants mutants "${MUT_ARGS[@]}" ||
    ! plan litbad litmus "${BAD_ARGS[@]}" ||
    ! GPUCOH_SYNTH_BUILD=$T/hier-gbuild plan hier synth-hier --no-report --results "$T/hier-res-c"; then
    fail setup "campaign plan/sbatch: $(tail -n 20 "$T/plan.err")"
    exit 1
fi

if "$SL" start "$T/cluster" >"$T/start.log" 2>&1; then
    pass cluster-start
else
    fail cluster-start "$(tail -n 30 "$T/start.log")"
    exit 1
fi
eval "$("$SL" env "$T/cluster")"
export SLURM_CONF
# Remember the daemons' PIDs now, to check after stop that they are gone.
DPIDS=$(cat "$T/cluster"/{munged,slurmctld,slurmd}.pid)

# make_root ROOT FAILTASK: a campaign root of 4 jobs; job FAILTASK (0: none) exits 1.
make_root() {
    local root=$1 bad=$2 i
    mkdir -p "$root/slurm" "$root/results"
    : >"$root/jobs.txt"
    for i in 1 2 3 4; do
        if [ "$i" -eq "$bad" ]; then
            echo "echo task $i failing; exit 1" >>"$root/jobs.txt"
        else
            echo "sleep 0.5; echo \"result $i \$(date +%s%N)\" > $root/results/r$i.txt && echo task $i done" >>"$root/jobs.txt"
        fi
    done
    cat >"$root/slurm/array.sbatch" <<EOF
#!/bin/bash
#SBATCH --job-name=gpucoh-campaign
#SBATCH --array=1-4
#SBATCH --output=$root/slurm/%A_%a.out
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
set -euo pipefail
line=\$(sed -n "\${SLURM_ARRAY_TASK_ID}p" $root/jobs.txt)
exec bash -c "\$line"
EOF
    cat >"$root/slurm/merge.sbatch" <<EOF
#!/bin/bash
#SBATCH --job-name=gpucoh-merge
#SBATCH --output=$root/slurm/merge_%j.out
#SBATCH --ntasks=1
set -euo pipefail
date +%s%N >$root/merge.start
n=\$(find $root/results -name 'r*.txt' | wc -l)
cat $root/results/r*.txt >$root/merged.txt 2>/dev/null || true
if [ "\$n" -eq 4 ]; then echo "OK \$n/4" >$root/merge.status; else echo "FAIL \$n/4" >$root/merge.status; fi
cat $root/merge.status
EOF
    cat >"$root/slurm/submit.sh" <<EOF
#!/bin/bash
set -euo pipefail
cd $root/slurm
jid=\$(sbatch --parsable array.sbatch)
mid=\$(sbatch --parsable --dependency=afterany:\$jid merge.sbatch)
echo "array \$jid"
echo "merge \$mid"
EOF
    chmod +x "$root/slurm/submit.sh"
}

GOOD=$T/good
BAD=$T/bad
make_root "$GOOD" 0
make_root "$BAD" 3

# submit ROOT: run submit.sh, set AID and MID
submit() {
    local out
    out=$("$1/slurm/submit.sh" 2>&1) || { echo "$out"; return 1; }
    AID=$(awk '$1 == "array" { print $2 }' <<<"$out")
    MID=$(awk '$1 == "merge" { print $2 }' <<<"$out")
    [[ $AID =~ ^[0-9]+$ && $MID =~ ^[0-9]+$ ]] || { echo "unexpected output: $out"; return 1; }
}
declare -A RA RM # the real campaigns' array and merge job ids
submit_staged() { # ROOT: run its submit.sh, set HA1, HA2 (the stages' arrays) and HM
    local out
    out=$(GPUCOH_SYNTH_BUILD=$T/hier-gbuild "$1/slurm/submit.sh" 2>&1) || { echo "$out"; return 1; }
    HA1=$(awk '$1 == "array" && $2 == 1 { print $3 }' <<<"$out")
    HA2=$(awk '$1 == "array" && $2 == 2 { print $3 }' <<<"$out")
    HM=$(awk '$1 == "merge" { print $2 }' <<<"$out")
    [[ $HA1 =~ ^[0-9]+$ && $HA2 =~ ^[0-9]+$ && $HM =~ ^[0-9]+$ ]] || { echo "unexpected output: $out"; return 1; }
}
if submit "$GOOD" >"$T/submit.err" && GA=$AID GM=$MID && submit "$BAD" >>"$T/submit.err" &&
    BA=$AID BM=$MID && submit "$T/litmus" >>"$T/submit.err" && RA[litmus]=$AID RM[litmus]=$MID &&
    submit "$T/mutants" >>"$T/submit.err" && RA[mutants]=$AID RM[mutants]=$MID &&
    submit "$T/litbad" >>"$T/submit.err" && RA[litbad]=$AID RM[litbad]=$MID &&
    submit_staged "$T/hier" >>"$T/submit.err"; then
    pass "submit (7 arrays and their merge jobs: litmus array ${RA[litmus]} merge ${RM[litmus]}," \
        "mutants array ${RA[mutants]} merge ${RM[mutants]}, litbad array ${RA[litbad]} merge ${RM[litbad]}," \
        "hier arrays $HA1 then $HA2, merge $HM)"
else
    fail submit "$(cat "$T/submit.err")"
    exit 1
fi

ids="$GA,$GM,$BA,$BM,${RA[litmus]},${RM[litmus]},${RA[mutants]},${RM[mutants]},${RA[litbad]},${RM[litbad]},$HA1,$HA2,$HM"
sub_s=$(date +%s)
waited=0
while [ -n "$(squeue -h -j "$ids" -o '%i %t' 2>/dev/null || true)" ] && [ "$waited" -lt 240 ]; do
    sleep 0.5
    waited=$((waited + 1))
done
if [ -z "$(squeue -h -j "$ids" 2>/dev/null || true)" ]; then
    ntasks=$((8 + $(cat "$T"/{litmus,mutants,litbad,hier}/jobs.txt | wc -l)))
    pass "finished (13 jobs, $ntasks array tasks, out of squeue $(($(date +%s) - sub_s)) s after submit)"
else
    fail finished "still queued after 120 s: $(squeue -h -j "$ids" -o '%i %t %r' | tr '\n' ';')"
fi

# states AID: "task state exitcode" lines of an array job, from scontrol
states() {
    scontrol -o show job "$1" | tr ' ' '\n' |
        awk -F= '$1 == "ArrayTaskId" { t = $2 } $1 == "JobState" { s = $2 } $1 == "ExitCode" { print t, s, $2 }' |
        sort -n
}

# good campaign
why=""
for i in 1 2 3 4; do
    [ -s "$GOOD/results/r$i.txt" ] || why+="no results/r$i.txt; "
    grep -qx "task $i done" "$GOOD/slurm/${GA}_$i.out" 2>/dev/null || why+="no 'task $i done' in ${GA}_$i.out; "
done
if [ -z "$why" ]; then pass task-outputs; else fail task-outputs "$why"; fi

got=$(states "$GA" | tr '\n' ';')
want="1 COMPLETED 0:0;2 COMPLETED 0:0;3 COMPLETED 0:0;4 COMPLETED 0:0;"
if [ "$got" = "$want" ]; then pass task-states; else fail task-states "got '$got'"; fi

why=""
if [ -s "$GOOD/merge.start" ]; then
    mstart=$(cat "$GOOD/merge.start")
    for f in "$GOOD"/results/r*.txt; do
        t=$(awk '{ print $3 }' "$f")
        [ "$t" -lt "$mstart" ] || why+="$(basename "$f") written after the merge started; "
    done
    [ "$(cat "$GOOD/merge.status")" = "OK 4/4" ] || why+="merge.status '$(cat "$GOOD/merge.status")'; "
    [ "$(wc -l <"$GOOD/merged.txt")" -eq 4 ] || why+="merged.txt has $(wc -l <"$GOOD/merged.txt") lines; "
    grep -q "JobState=COMPLETED" <(scontrol -o show job "$GM") || why+="merge job not COMPLETED; "
else
    why="merge job did not run (no merge.start)"
fi
if [ -z "$why" ]; then pass merge-after; else fail merge-after "$why"; fi

# bad campaign: the failure must be visible both to Slurm and to the merge job
got=$(states "$BA" | tr '\n' ';')
want="1 COMPLETED 0:0;2 COMPLETED 0:0;3 FAILED 1:0;4 COMPLETED 0:0;"
why=""
[ "$got" = "$want" ] || why+="task states '$got'; "
[ "$(cat "$BAD/merge.status" 2>/dev/null)" = "FAIL 3/4" ] || why+="merge.status '$(cat "$BAD/merge.status" 2>/dev/null)'; "
[ ! -e "$BAD/results/r3.txt" ] || why+="r3.txt exists; "
grep -qx "task 3 failing" "$BAD/slurm/${BA}_3.out" 2>/dev/null || why+="no 'task 3 failing' in ${BA}_3.out; "
if [ -z "$why" ]; then pass bad-detected; else fail bad-detected "$why"; fi

# the real campaigns: each array task ended as its job does, the merge job as the serial run
mask() { sed -E 's/, [0-9]+\.[0-9] s \(impl/, T s (impl/; /^  report /d' "$1"; }
real_checks() { # NAME WANT-STATES (";"-separated "task state exitcode")
    local n=$1 want=$2 root=$T/$1 a=${RA[$1]} m=${RM[$1]} nj got why="" i mexit src
    nj=$(wc -l <"$root/jobs.txt")
    got=$(states "$a" | tr '\n' ';')
    [ "$got" = "$want" ] || why+="task states '$got', want '$want'; "
    for ((i = 1; i <= nj; i++)); do
        [ -s "$root/slurm/${a}_$i.out" ] || why+="no ${a}_$i.out; "
    done
    if [ -z "$why" ]; then
        pass "$n-tasks: array $a of $nj tasks: $(tr ';' '\n' <<<"$got" | awk 'NF { print $2 }' | sort | uniq -c |
            awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2 }'), each with its %A_%a.out"
    else
        fail "$n-tasks" "$why"
    fi
    why=""
    src=$(cat "$T/$n.serial.rc")
    mexit=$(scontrol -o show job "$m" | tr ' ' '\n' | awk -F= '$1 == "ExitCode" { print $2 }')
    [ "$mexit" = "$src:0" ] || why+="merge job ExitCode '$mexit', serial exit $src; "
    if [ ! -s "$root/slurm/merge.out" ]; then
        why+="no slurm/merge.out; "
    elif ! diff <(mask "$T/$n.serial.out") <(mask "$root/slurm/merge.out") >"$T/$n.diff"; then
        why+="merge.out differs from the serial stdout: $(head -c 400 "$T/$n.diff" | tr '\n' '|'); "
    fi
    cmp -s "$T/$n.serial.json" "$root/result.json" || why+="result.json differs from the serial JSON; "
    if [ -z "$why" ]; then
        pass "$n-merged: merge job $m exit $src like the serial run, stdout and JSON identical to the" \
            "serial run's: $(grep -E '^(litmus|mutants of)' "$root/slurm/merge.out" | tail -n 1)"
    else
        fail "$n-merged" "$why"
    fi
}
real_checks litmus "1 COMPLETED 0:0;2 COMPLETED 0:0;3 COMPLETED 0:0;4 COMPLETED 0:0;"
real_checks mutants "1 COMPLETED 0:0;2 COMPLETED 0:0;3 COMPLETED 0:0;4 COMPLETED 0:0;"
real_checks litbad "1 COMPLETED 0:0;2 FAILED 1:0;"
# the staged campaign: each stage's tasks as their jobs, the merge job as the serial run
got="$(states "$HA1" | tr '\n' ';')|$(states "$HA2" | tr '\n' ';')"
want="1 COMPLETED 0:0;2 FAILED 1:0;|1 COMPLETED 0:0;2 COMPLETED 0:0;3 FAILED 1:0;4 FAILED 1:0;"
if [ "$got" = "$want" ]; then
    pass "hier-stages: array $HA1 (the stores: $(states "$HA1" | awk '{ print $2 }' | tr '\n' ' '))" \
        "then array $HA2 (the tops: $(states "$HA2" | awk '{ print $2 }' | tr '\n' ' '))"
else
    fail hier-stages "task states '$got', want '$want'"
fi
why=""
hmask() { sed -E 's/; see .*$/; see LOGS/' "$1"; }
mexit=$(scontrol -o show job "$HM" | tr ' ' '\n' | awk -F= '$1 == "ExitCode" { print $2 }')
[ "$mexit" = "$(cat "$T/hier.serial.rc"):0" ] || why+="merge job ExitCode '$mexit', serial exit $(cat "$T/hier.serial.rc"); "
diff <(hmask "$T/hier.serial.out") <(hmask "$T/hier/slurm/merge.out") >"$T/hier.diff" 2>&1 ||
    why+="merge.out differs from the serial lines: $(head -c 400 "$T/hier.diff" | tr '\n' '|'); "
diff -r "$T/hier-res-s" "$T/hier-res-c" >/dev/null 2>&1 || why+="the merged results differ from the serial run's; "
if [ -z "$why" ]; then
    pass "hier-merged: merge job $HM exit $mexit like the serial run, its $(wc -l <"$T/hier/slurm/merge.out")" \
        "lines and $(find "$T/hier-res-c" -type f | wc -l) results the serial run's"
else
    fail hier-merged "$why"
fi

# the merge refuses a campaign with a job not done (exit 2, the job named), here by hand
rm -f "$T/litmus/jobs/00002-SB/done"
rc=0
"$G" campaign merge "$T/litmus" >/dev/null 2>"$T/refuse.err" || rc=$?
if [ "$rc" -eq 2 ] && grep -q "job 00002-SB is not done" "$T/refuse.err"; then
    pass "merge-refuses: litmus with 00002-SB's done removed: exit 2, $(head -n 1 "$T/refuse.err")"
else
    fail merge-refuses "exit $rc: $(head -c 300 "$T/refuse.err")"
fi

# stop, then nothing of ours may be left: the daemons' PIDs, nor any process holding the
# cluster's slurmd.log open (slurmstepd does), nor anything running a job's command.
"$SL" stop "$T/cluster" >"$T/stop.log" 2>&1 || true
why=""
for p in $DPIDS; do
    if kill -0 "$p" 2>/dev/null; then why+="daemon $p alive; "; fi
done
for p in /proc/[0-9]*; do
    for f in "$p"/fd/*; do
        if [ "$(readlink "$f" 2>/dev/null)" = "$T/cluster/slurmd.log" ]; then
            why+="${p#/proc/} holds slurmd.log; "
            break
        fi
    done
done
if pgrep -f "$T/" >/dev/null; then why+="processes naming $T: $(pgrep -f "$T/" | tr '\n' ' '); "; fi
if [ -z "$why" ]; then pass daemons-stopped; else fail daemons-stopped "$why"; fi

echo "test_slurm: $(($(date +%s) - start_s)) s, $NF failed"
[ "$NF" -eq 0 ]
