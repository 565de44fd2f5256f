#!/usr/bin/env bash
# tests/test_campaign_quality.sh -- the quality kind of `gpucoh campaign` (docs/campaigns.md, "The
# quality kind"; issue 32 item 1): `gpucoh quality` split into a job per point, run by GNU
# parallel in pieces and merged, prints what the serial run prints (the same lines but the report
# line and the seconds), writes the same JSON, quality.md and quality.csv (the same bytes but the
# paths in the command line and the seconds) and quality.png, and exits as it does: for a passing
# sweep and for one with an injected shadow corruption (--inject keep-set: false negatives, exit
# 1). A corrupted job result makes each comparison fail; plan refuses bad arguments (exit 2,
# nothing written); merge refuses a job not done, a truncated or foreign result (exit 2, nothing
# written). One "PASS name" / "FAIL name" line per check, then "N passed, N failed"; some 3 s.
# usage: tests/test_campaign_quality.sh [SCRATCH_DIR]   (default: a mktemp folder, removed after)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
# shellcheck source=tests/campaign_lib.sh
source tests/campaign_lib.sh
# stdout without the report line and the seconds of the verdict line
mask_out() { sed -E 's/(protocol errors), [0-9]+\.[0-9] s$/\1, T s/; /^  report /d' "$1"; }
# a report without the paths and the binary in its command line, and the seconds
mask_rep() {
    sed -E -e "s#$G#gpucoh#g; s#$T/[A-Za-z0-9_.-]+#DIR#g" \
        -e 's/"seconds": [0-9.]+/"seconds": T/g; s/ on ([0-9-]+) in [0-9]+ s / on \1 in T s /' \
        -e 's/,[0-9]+\.[0-9]+$/,T/' "$1"
}
same_rep() { diff <(mask_rep "$1") <(mask_rep "$2") > /dev/null; }
have_plot=0
command -v gnuplot > /dev/null 2>&1 && have_plot=1
PLOT=()
[ $have_plot -eq 1 ] || PLOT=(--no-plot)

# NAME ARGS...: the serial run ($T/NAME-s), the plan ($T/NAME), its jobs in two pieces, the merge
campaign() {
    local n=$1
    shift
    mkdir -p "$T/$n-s"
    "$G" quality "$@" --out "$T/$n-s" --json "$T/$n-s/result.json" > "$T/$n-s.out" 2> "$T/$n-s.err"
    echo $? > "$T/$n-s.rc"
    "$G" campaign plan quality --dir "$T/$n" -- "$@" > "$T/$n.plan" 2> /dev/null
    head -n 1 "$T/$n/jobs.txt" | parallel --jobs 2 > /dev/null 2>&1
    parallel --jobs 2 < "$T/$n/jobs.txt" > /dev/null 2> "$T/$n.par"
    "$G" campaign merge "$T/$n" > "$T/$n.out" 2> "$T/$n.err"
    echo $? > "$T/$n.rc"
}
# NAME WHAT: the merge of campaign NAME against its serial run
compare() {
    local n=$1 w=$2 src mrc f
    src=$(cat "$T/$n-s.rc") mrc=$(cat "$T/$n.rc")
    check "$w: merge exits as the serial run ($src)" [ "$mrc" -eq "$src" ]
    check "$w: the serial run's stdout (but the report line and the seconds)" \
        diff <(mask_out "$T/$n-s.out") <(mask_out "$T/$n.out")
    check "$w: the serial run's stderr (false negatives, protocol errors)" \
        diff "$T/$n-s.err" <(grep -v '^campaign ' "$T/$n.err")
    for f in result.json quality.md quality.csv; do
        check "$w: $f as the serial run's (but paths and seconds)" \
            same_rep "$T/$n-s/$f" "$T/$n/$f"
    done
}

# a passing sweep (--quick: 2 points), with quality.png unless gnuplot is missing
A=(--quick --requests 2000 --seed 3 "${PLOT[@]}")
campaign pass "${A[@]}"
check "plan: a job per point (2), the lines of jobs.txt on stdout" \
    bash -c "[ \$(wc -l < '$T/pass/jobs.txt') -eq 2 ] && cmp -s '$T/pass.plan' '$T/pass/jobs.txt' && \
        grep -q -- \"'--point' '1024,word'\$\" '$T/pass/jobs.txt' && \
        grep -q '^job 00002-m4096-block$' '$T/pass/campaign.txt'"
check "parallel: the job done before is not run again" [ "$(grep -c 'not run again' "$T/pass.par")" -eq 1 ]
check "pass: the serial run passes (exit 0)" [ "$(cat "$T/pass-s.rc")" -eq 0 ]
compare pass "pass"
if [ $have_plot -eq 1 ]; then
    check "pass: quality.png beside the merged JSON" test -s "$T/pass/quality.png"
fi

# an injected shadow corruption: false negatives, exit 1 (3 points, --quiet: the table at the end)
B=(--requests 2000 --m "1024,4096,16384" --gran word --seed 3 --inject keep-set --quiet --no-plot)
campaign inj "${B[@]}"
check "inject: the serial run reports false negatives (exit 1)" \
    bash -c "[ \$(cat '$T/inj-s.rc') -eq 1 ] && grep -q 'FALSE NEGATIVE' '$T/inj-s.err' && \
        grep -q '^gpucoh quality: FAIL: [1-9][0-9]* false negatives' '$T/inj-s.out'"
compare inj "inject"
check "inject: no quality.png with --no-plot" test ! -e "$T/inj/quality.png"

# the merged reports go beside --json FILE
mkdir -p "$T/else"
"$G" campaign merge "$T/pass" --json "$T/else/q.json" > "$T/else.out" 2> /dev/null
check "merge --json FILE: quality.md and .csv beside it, the same JSON" \
    bash -c "[ -s '$T/else/quality.md' ] && [ -s '$T/else/quality.csv' ] && \
        diff <(sed 's#$T/else/q.json#J#' '$T/else/q.json') \
            <(sed 's#$T/pass/result.json#J#; s#$T/pass#$T/else#' '$T/pass/result.json') > /dev/null"

# each comparison fails on a corrupted job result: one more false positive at a point changes
# the lines, the JSON, quality.md and .csv; a false negative the exit status
corrupt() { # NAME SED-EXPR: the pass campaign with its first job's result edited, merged
    rm -rf "${T:?}/$1" && cp -r "$T/pass" "$T/$1" && rm -f "$T/$1/result.json" "$T/$1"/quality.*
    sed -i -E "$2" "$T/$1/jobs/00001-m1024-word/result.json"
    "$G" campaign merge "$T/$1" > "$T/$1.out" 2> /dev/null
    echo $? > "$T/$1.rc"
}
corrupt cfp 's/("raw": .*"fp": )([0-9]+)/\1\29/'
differs() { # MASK A B: both there, and different after MASK
    [ -s "$2" ] && [ -s "$3" ] && ! diff <("$1" "$2") <("$1" "$3") > /dev/null
}
check "a corrupted result (fp): the merge differs from the serial run in stdout" \
    differs mask_out "$T/pass-s.out" "$T/cfp.out"
for f in result.json quality.md quality.csv; do
    check "a corrupted result (fp): the merge differs from the serial run in $f" \
        differs mask_rep "$T/pass-s/$f" "$T/cfp/$f"
done
corrupt cfn 's/("raw": .*"fn": )0/\11/'
check "a corrupted result (fn): the merge's exit status (1) differs from the serial run's (0)" \
    [ "$(cat "$T/cfn.rc")" -eq 1 ]

# merge refuses what it cannot merge (exit 2, the problem named, nothing written)
bad_merge() { # NAME SETUP-CMD PATTERN: on a copy of the pass campaign
    rm -rf "$T/bad" && cp -r "$T/pass" "$T/bad" && rm -f "$T/bad/result.json" "$T/bad"/quality.*
    (cd "$T/bad" && eval "$2")
    "$G" campaign merge "$T/bad" > "$T/bad.out" 2> "$T/bad.err"
    local rc=$?
    if [ $rc -eq 2 ] && grep -q "$3" "$T/bad.err" && [ ! -s "$T/bad.out" ] &&
        ! compgen -G "$T/bad/result.json*" > /dev/null && ! compgen -G "$T/bad/quality.*" > /dev/null; then
        pass "merge refuses $1 (exit 2, nothing written)"
    else
        fail "merge refuses $1 (exit $rc: $(head -c 200 "$T/bad.err"))"
    fi
}
bad_merge "a job not done" "rm jobs/00002-m4096-block/done" "job 00002-m4096-block is not done"
bad_merge "a truncated result" "head -c 1500 jobs/00001-m1024-word/result.json > x && \
    mv x jobs/00001-m1024-word/result.json" "not a whole report of one point"
bad_merge "a result of other options" "sed -i 's/\"seed\": 3/\"seed\": 4/g' \
    jobs/00002-m4096-block/result.json" "other options than the plan's"
bad_merge "a result of another point" "cp jobs/00001-m1024-word/result.json \
    jobs/00002-m4096-block/result.json" "holds the point m = 1024"

# plan refuses bad arguments before writing anything
bad_plan() { # NAME PATTERN ARGS...
    local n=$1 pat=$2
    shift 2
    rm -rf "$T/np"
    "$G" campaign plan quality --dir "$T/np" -- "$@" > "$T/np.out" 2> "$T/np.err"
    local rc=$?
    if [ $rc -eq 2 ] && grep -q -- "$pat" "$T/np.err" && [ ! -e "$T/np" ] && [ ! -s "$T/np.out" ]; then
        pass "plan refuses $n (exit 2, nothing written)"
    else
        fail "plan refuses $n (exit $rc: $(head -c 200 "$T/np.err"))"
    fi
}
bad_plan "--point (each job's)" "is not a campaign's" --quick --point 1024,word
bad_plan "--out (the job sets it)" "is not a campaign's" --quick --out x
bad_plan "--json (the job sets it)" "is not a campaign's" --quick --json x.json
bad_plan "a signature size out of range" "illegal" --m 1000 --no-plot
bad_plan "an unknown granularity" "is not one of" --gran page --no-plot
bad_plan "an unknown option" "unknown option" --requests 10 --bogus
bad_plan "--quick with --m" "chooses its own points" --quick --m 1024
bad_plan "a size list with a space (quality refuses it)" "is not an unsigned number" --m "1024, 2048" --no-plot

# --check-only: the points, nothing run or written; --point: a point of the sweep only
check "quality --check-only lists the points and writes nothing" \
    bash -c "cd '$T' && '$G' quality --m 1024,2048 --gran block --check-only --no-plot --out co > co.out && \
        [ \"\$(grep -c '^  point ' co.out)\" -eq 2 ] && grep -q '^  point 2048,block$' co.out && [ ! -e co ]"
check "quality --point outside the sweep is refused (exit 2)" \
    bash -c "'$G' quality --quick --point 2048,word --no-plot --out '$T/po' > /dev/null 2>&1; \
        [ \$? -eq 2 ] && [ ! -e '$T/po' ]"

echo "$passes passed, $fails failed"
exit $((fails > 0))
