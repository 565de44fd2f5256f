#!/usr/bin/env bash
# make regress as a campaign (docs/campaigns.md, "regress"): tools/regress.sh's steps planned by
# `gpucoh campaign plan regress`, run by GNU parallel, merged by `gpucoh campaign merge`, against
# the serial script at a small N (20 000 cycles) on a few fast steps: the same lines (the
# cycles/s figures and the `  report    PATH` lines of a failed run's log tail masked: they name
# each run's own folder), the same summary JSON, the same exit status; a passing selection
# (exit 0) and a failing one (exit 1: at 20 000 cycles the sysruns' and unit runs' coverage is
# not full, and the cover points of the two small sysruns, checked in the merge, are not all
# reached). Also: the list's refusals, a step run twice is not run again, a broken step folder
# refused by the merge. One PASS / FAIL line per check; exit 1 when one failed.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
export GPUCOH_ROOT=$ROOT
G=$ROOT/build/gpucoh
R=tools/regress.sh
N=20000
T=$(mktemp -d "${TMPDIR:-/tmp}/test_regress_campaign.XXXXXX")
trap 'rm -rf "$T"' EXIT
unset REGRESS_ONLY FULLCOV CONFORM_ARGS REGRESS_OUT CAMPAIGN_JOB_DIR
FAILS=0
ok() { echo "PASS $1"; }
ko() { echo "FAIL $1"; FAILS=$((FAILS + 1)); }
check() { # check NAME CMD...
    local name=$1; shift
    if "$@"; then ok "$name"; else ko "$name"; fi
}
mask() { # the figures that differ from run to run, the run's own folder
    sed -E -e 's/[0-9.]+ (M )?cycles\/s/X cycles\/s/g' -e 's|^(  report +).*/|\1|' "$1"
}
# serial: the script with REGRESS_OUT=$T/<case>-serial (twice: the first builds what is missing,
# so that the compared run prints no build lines); campaign: plan, parallel, merge
serial() { # serial CASE
    REGRESS_OUT=$T/$1-serial bash $R $N > /dev/null 2>&1
    REGRESS_OUT=$T/$1-serial bash $R $N > "$T/$1-serial.out" 2> /dev/null
    echo "exit $?" >> "$T/$1-serial.out"
}
campaign() { # campaign CASE
    "$G" campaign plan regress --dir "$T/$1" -- $N > /dev/null 2>&1 &&
        parallel --jobs 2 < "$T/$1/jobs.txt" > /dev/null 2>&1
    "$G" campaign merge "$T/$1" > "$T/$1.out" 2> "$T/$1.err"
    echo "exit $?" >> "$T/$1.out"
}
same() { # same CASE: merged lines, JSON and exit as the serial run's
    cmp -s <(mask "$T/$1-serial.out") <(mask "$T/$1.out") &&
        cmp -s "$T/$1-serial/regress.json" "$T/$1/result.json"
}

# 1. the list
check "list: one '  step NAME' line per step, names of [A-Za-z0-9_-]" \
    bash -c "bash $R --campaign-list $N | grep -qvE '^  step [A-Za-z0-9_-]+\$' && exit 1;
             [ \$(bash $R --campaign-list $N | wc -l) -gt 100 ]"
check "list: REGRESS_ONLY selects the steps, the cover points last" \
    bash -c "[ \"\$(REGRESS_ONLY='^(tc-weak-small|tc-strong-small|cover-points-small)\$' \
        bash $R --campaign-list $N | tr '\n' ' ')\" = \
        '  step tc-weak-small   step tc-strong-small   step cover-points-small ' ]"
check "list: bad N refused (exit 2, no step)" \
    bash -c "out=\$(bash $R --campaign-list 12x 2> /dev/null); [ \$? = 2 ] && [ -z \"\$out\" ]"
check "plan: bad N refused (exit 2)" \
    bash -c "'$G' campaign plan regress --dir '$T/bad' -- 0 > /dev/null 2>&1; [ \$? = 2 ]"
check "step: an unknown step refused (exit 2)" \
    bash -c "mkdir -p '$T/unk' && CAMPAIGN_JOB_DIR='$T/unk' bash $R --campaign-step no-such $N \
        > /dev/null 2>&1; [ \$? = 2 ]"

# 2. a passing selection: two sysruns without the full coverage required (FULLCOV=0), a
# consistency check
export REGRESS_ONLY='^(tc-weak-small|tc-strong-small|tc-episode-seed1)$' FULLCOV=0
serial pass
campaign pass
check "passing selection: serial exit 0, 3 passed" grep -qx 'exit 0' "$T/pass-serial.out"
check "passing selection: merged lines, JSON and exit status as the serial run's" same pass
check "passing selection: regress.json counts" \
    grep -q '"passed": 3, "failed": 0, "checks": \[{"name": "tc-weak-small", "result": "pass"}' \
    "$T/pass-serial/regress.json"
unset FULLCOV

# 3. a failing selection: a unit run and the two small sysruns at 20 000 cycles (coverage not
# full) and the cover points of the sysruns, checked in the merge from the steps' folders
export REGRESS_ONLY='^(paper-4k-k6-true|tc-weak-small|tc-strong-small|cover-points-small)$'
serial fail
campaign fail
check "failing selection: serial exit 1, 4 failed" \
    bash -c "grep -qx 'exit 1' '$T/fail-serial.out' && grep -qx '0 passed, 4 failed' '$T/fail-serial.out'"
check "failing selection: merged lines, JSON and exit status as the serial run's" same fail
check "failing selection: the cover points checked in the merge (FAIL line)" \
    grep -qE '^  FAIL  cover-points-small: cover points l1: [0-9]+/[0-9]+ reached over 2 run' "$T/fail.out"
check "failing selection: the masked lines are the only differences" \
    bash -c "diff '$T/fail-serial.out' '$T/fail.out' | grep -E '^[<>]' |
        grep -vqE '(cycles/s|^[<>]   report    )' && exit 1 || exit 0"

# 4. done steps are not run again; a step folder broken after the fact is refused by the merge
check "jobs done before are not run again" \
    bash -c "parallel --jobs 2 < '$T/fail/jobs.txt' 2>&1 > /dev/null | grep -c 'not run again' |
        grep -qx 4"
d=$(ls -d "$T"/fail/jobs/*-tc-weak-small)
rm "$d/step.name"
"$G" campaign merge "$T/fail" > "$T/broken.out" 2> "$T/broken.err"
check "a step folder without its step.name: merge exit 2, named" \
    bash -c "[ $? = 2 ] && grep -q 'tc-weak-small is not the folder of a finished step' '$T/broken.err'"
echo "test_regress_campaign: $FAILS failed"
[ $FAILS -eq 0 ]
