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
# Usage: tests/test_slurm.sh  (needs root and the packages slurm-wlm, munge; some 15 s)
# The cluster is stopped and its temp dir removed on any exit, ^C included.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
SL=$REPO/tools/slurm_local.sh
NF=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; NF=$((NF + 1)); }

if [ "$(id -u)" -ne 0 ]; then echo "SKIP slurm: needs root (SlurmdUser=root)"; exit 0; fi
for c in munged slurmctld slurmd sbatch squeue scontrol; do
    command -v "$c" >/dev/null || { fail setup "$c not installed (bash tools/deps.sh)"; exit 1; }
done

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
if submit "$GOOD" >"$T/submit.err" && GA=$AID GM=$MID && submit "$BAD" >>"$T/submit.err"; then
    BA=$AID BM=$MID
    pass submit
else
    fail submit "$(cat "$T/submit.err")"
    exit 1
fi

ids="$GA,$GM,$BA,$BM"
waited=0
while [ -n "$(squeue -h -j "$ids" -o '%i %t' 2>/dev/null || true)" ] && [ "$waited" -lt 240 ]; do
    sleep 0.5
    waited=$((waited + 1))
done
if [ -z "$(squeue -h -j "$ids" 2>/dev/null || true)" ]; then
    pass finished
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
