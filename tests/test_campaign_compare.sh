#!/usr/bin/env bash
# tests/test_campaign_compare.sh -- the compare kind of `gpucoh campaign` (docs/campaigns.md, "The
# compare kind"; issue 32 item 1): `gpucoh compare` planned as one job per run, run by GNU parallel
# and merged prints what the serial run prints (the same lines but the seconds and the report
# line), writes the same compare.json, .md, .csv and .png (the same bytes but the seconds and the
# paths) and exits as it does, for a passing selection and a failing one (--inject misread: every
# run fails); a corrupted part report makes the comparison fail; plan refuses bad arguments
# (exit 2, nothing written); merge refuses a missing job, a foreign or unreadable part (exit 2).
# One "PASS name" / "FAIL name" line per check, a count line at the end; some 3 s.
# usage: tests/test_campaign_compare.sh [SCRATCH_DIR]   (default: a mktemp folder, removed)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
# shellcheck source=tests/campaign_lib.sh
source tests/campaign_lib.sh
# what may differ: the seconds (the summary line's, the JSON's) and the paths of the reports
mask_out() { sed -E 's/; [0-9]+\.[0-9] s$/; T s/; /^  report /d' "$1"; }
mask_rep() { sed -E "s/\"seconds\": [0-9.]+/\"seconds\": T/g; s#$2#DIR#g" "$1"; }
same_reports() { # SERIAL_DIR CAMPAIGN_DIR EXTS...: reports equal after masking
    local s=$1 c=$2 e
    shift 2
    cmp -s <(mask_rep "$s/result.json" "$s") <(mask_rep "$c/result.json" "$c") || return 1
    for e in "$@"; do
        cmp -s <(mask_rep "$s/compare.$e" "$s") <(mask_rep "$c/compare.$e" "$c") || return 1
    done
}

# serial ("ser") and campaign ("camp") runs of ARGS: NAME ARGS... (files in $T/NAME-ser, $T/NAME)
both() {
    local n=$1
    shift
    mkdir -p "$T/$n-ser"
    "$G" compare "$@" --out "$T/$n-ser" --json "$T/$n-ser/result.json" > "$T/$n-ser.out" 2> /dev/null
    echo $? > "$T/$n-ser.rc"
    "$G" campaign plan compare --dir "$T/$n" -- "$@" > /dev/null 2>&1 &&
        parallel --jobs 2 < "$T/$n/jobs.txt" > /dev/null 2>&1
    "$G" campaign merge "$T/$n" > "$T/$n.out" 2> "$T/$n.err"
    echo $? > "$T/$n.rc"
}

# 1. a passing selection: 3 variants x 2 workloads, 10 % of the work (the claims GH-* judged)
PASSING=(--protocol "gpu-d,gpu-h,tc-weak" --workload "prodcons,workqueue" --scale 10 --seed 3)
both ok "${PASSING[@]}"
check "passing: plan made a job per run (6), named config-workload-variant" \
    bash -c "[ \$(wc -l < '$T/ok/jobs.txt') -eq 6 ] && [ -d '$T/ok/jobs/00006-small-workqueue-tc-weak' ]"
check "passing: the serial run and the merge exit 0" \
    bash -c "[ \$(cat '$T/ok-ser.rc') -eq 0 ] && [ \$(cat '$T/ok.rc') -eq 0 ]"
check "passing: the merge prints the serial run's lines (but the seconds and the report line)" \
    cmp -s <(mask_out "$T/ok-ser.out") <(mask_out "$T/ok.out")
check "passing: claims judged over every run, as serially (4 PASS)" \
    grep -q '; claims 4 PASS, 0 FAIL, 30 not run, 0 not measured; ' "$T/ok.out"
check "passing: the report line names the merged files beside the JSON" \
    grep -qx "  report    $T/ok/compare.md (+ .csv, compare.png), $T/ok/result.json" "$T/ok.out"
check "passing: result.json, compare.md, compare.csv equal (but the seconds and the paths)" \
    same_reports "$T/ok-ser" "$T/ok" md csv
check "passing: compare.png byte for byte" cmp -s "$T/ok-ser/compare.png" "$T/ok/compare.png"

# 2. a failing selection: every run reads wrong values; no plot (gnuplot not needed)
FAILING=(--protocol "gpu-h,tc-weak" --workload prodcons --scale 10 --inject misread --no-plot)
both bad "${FAILING[@]}"
check "failing: the serial run and the merge exit 1" \
    bash -c "[ \$(cat '$T/bad-ser.rc') -eq 1 ] && [ \$(cat '$T/bad.rc') -eq 1 ]"
failing_lines() {
    cmp -s <(mask_out "$T/bad-ser.out") <(mask_out "$T/bad.out") &&
        [ "$(grep -c '^  FAIL ' "$T/bad.out")" -eq 2 ] &&
        grep -q '^gpucoh compare: FAIL: 2 run(s), 2 failed' "$T/bad.out"
}
check "failing: the same lines (a FAIL and a replay line per run)" failing_lines
failing_reports() { same_reports "$T/bad-ser" "$T/bad" md csv && [ ! -e "$T/bad/compare.png" ]; }
check "failing: result.json, compare.md, compare.csv equal; no compare.png" failing_reports

# 3. the comparison can fail: a part report whose metrics were changed (consistently, so it still
#    reads) gives other lines and another JSON
rm -rf "$T/edit" && cp -r "$T/ok" "$T/edit"
sed -i -E '/^"metrics"/s/"cycles": ([0-9]+)/"cycles": 1\1/' \
    "$T/edit/jobs/00002-small-prodcons-gpu-h/result.json"
"$G" campaign merge "$T/edit" > "$T/edit.out" 2> "$T/edit.err"
erc=$?
edited_differs() {
    [ $erc -le 1 ] && ! cmp -s <(mask_out "$T/ok-ser.out") <(mask_out "$T/edit.out") &&
        ! same_reports "$T/ok-ser" "$T/edit" md csv
}
check "an edited part report (gpu-h's cycles): the merged lines and reports differ" edited_differs

# 4. merge refuses what it cannot merge (exit 2, the problem named, no report written)
bad_merge() { # NAME SETUP-CMD PATTERN: on a copy of the passing campaign
    rm -rf "$T/bm" && cp -r "$T/ok" "$T/bm" && rm -f "$T/bm/result.json" "$T/bm"/compare.*
    (cd "$T/bm" && eval "$2")
    "$G" campaign merge "$T/bm" > /dev/null 2> "$T/bm.err"
    local rc=$?
    if [ $rc -eq 2 ] && grep -q "$3" "$T/bm.err" && ! compgen -G "$T/bm/result*" > /dev/null &&
        ! compgen -G "$T/bm/compare*" > /dev/null; then
        pass "merge refuses $1 (exit 2, nothing written)"
    else
        fail "merge refuses $1 (exit $rc: $(head -c 200 "$T/bm.err"))"
    fi
}
bad_merge "a job not done" "rm jobs/00003-small-prodcons-tc-weak/done" \
    "job 00003-small-prodcons-tc-weak is not done"
bad_merge "a truncated part report" "f=jobs/00004-small-workqueue-gpu-d/result.json; \
    head -c -200 \$f > x && mv x \$f" "do not read back"
bad_merge "a part of other options" "sed -i 's/--seed 3 /--seed 4 /' \
    jobs/00005-small-workqueue-gpu-h/result.json" "other options"
bad_merge "a part of another run" "cp jobs/00001-small-prodcons-gpu-d/result.json \
    jobs/00002-small-prodcons-gpu-h/result.json" "has two part reports"

# 5. plan refuses bad arguments before writing anything (exit 2)
bad_plan() { # NAME PATTERN ARGS...
    local n=$1 pat=$2
    shift 2
    rm -rf "$T/np"
    "$G" campaign plan compare --dir "$T/np" -- "$@" > /dev/null 2> "$T/np.err"
    local rc=$?
    if [ $rc -eq 2 ] && grep -q "$pat" "$T/np.err" && [ ! -e "$T/np" ]; then
        pass "plan refuses $n (exit 2, nothing written)"
    else
        fail "plan refuses $n (exit $rc: $(head -c 200 "$T/np.err"))"
    fi
}
bad_plan "an unknown variant" "refused" --protocol nope
bad_plan "an unknown workload" "refused" --workload nope
bad_plan "a bad --scale" "refused" --scale 0
bad_plan "--only-run (a job's)" "is not a campaign's" --only-run small/prodcons/gpu-d
bad_plan "--out (the job sets it)" "is not a campaign's" --out "$T/x"
bad_plan "--json=FILE (the job sets it)" "is not a campaign's" --json="$T/x.json"
# compare's own options: --only-run picks one run; one the selection does not have is refused
"$G" compare "${PASSING[@]}" --only-run small/readonly/gpu-d --check-only > /dev/null 2> "$T/or.err"
orc=$?
check "compare --only-run of a run not selected: exit 2, named" \
    bash -c "[ $orc -eq 2 ] && grep -q 'small/readonly/gpu-d: not one of the runs' '$T/or.err'"
echo "campaign compare: $passes passed, $fails failed"
exit $((fails > 0))
