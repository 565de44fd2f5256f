#!/usr/bin/env bash
# tools/fuzz.sh -- run the libFuzzer harnesses of tests/fuzz/ (docs/fuzzing.md).
#
#   tools/fuzz.sh [--seconds N] [--harness NAME]... [--jobs J] [--no-build]
#       each harness for N seconds (default 30), J harnesses at a time (default 1); one line each:
#       PASS fuzz NAME: E execs, C cov, F ft, 0 crashes, 0 hangs (N s)
#       FAIL fuzz NAME: ... (N s): ARTIFACT; replay: build/fuzz/fuzz_NAME ARTIFACT
#   tools/fuzz.sh --regress      every file of tests/fuzz/regress/NAME/ once through its harness
#   tools/fuzz.sh --plant        the -DFUZZ_PLANT_BUG builds (an abort on a prefix the corpus
#                                holds) must each give a FAIL line: the smoke can fail
#   As a campaign (gpucoh campaign plan fuzz --dir ROOT -- [--seconds N] [--harness NAME]...;
#   docs/campaigns.md): --campaign-list (a step per harness), --campaign-step NAME (that
#   harness for N seconds; make fuzz under a lock first), --campaign-merge JSON DIR... (the steps'
#   lines, then the total line the serial run ends with).
#
# Per harness, under build/fuzz/NAME/: seed/ (the project's own files, collected afresh each
# run), corpus/ (what the runs found; kept, so a campaign resumes), the artifacts (crash-*,
# leak-*, timeout-*, oom-*; those of an earlier run are moved to previous/) and log.txt.
# Limits: -timeout (a hang) 5 s, -rss_limit_mb 2048; -close_fd_mask=3 silences the parsers'
# error messages (sanitizer and libFuzzer reports still reach log.txt).
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
B=${FUZZ_OUT:-build/fuzz}
SECONDS_EACH=30
JOBS=1
MODE=run
BUILD=1
HARNESSES=()
BIN_DIR=$B
HANG_S=5
RSS_MB=2048

usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case $1 in
    --seconds) SECONDS_EACH=${2:?}; shift ;;
    --harness) HARNESSES+=("${2:?}"); shift ;;
    --jobs) JOBS=${2:?}; shift ;;
    --regress) MODE=regress ;;
    --plant) MODE=plant ;;
    --no-build) BUILD=0 ;;
    --bin-dir) BIN_DIR=${2:?}; shift ;; # (used by --plant)
    --campaign-list) MODE=clist ;;
    --campaign-step) MODE=cstep; CSTEP=${2:?}; shift ;;
    --campaign-merge) MODE=cmerge; CJSON=${2:?}; shift; shift; CDIRS=("$@"); break ;;
    -h | --help) usage; exit 0 ;;
    *) echo "fuzz.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
    esac
    shift
done
case $SECONDS_EACH$JOBS in *[!0-9]*) echo "fuzz.sh: --seconds and --jobs take numbers" >&2; exit 2 ;; esac
if [ "$MODE" = cstep ]; then HARNESSES=("$CSTEP"); fi # a campaign step: its harness alone
if [ ${#HARNESSES[@]} -eq 0 ]; then
    for f in tests/fuzz/fuzz_*.c; do HARNESSES+=("$(basename "$f" .c | sed 's/^fuzz_//')"); done
fi
for h in "${HARNESSES[@]}"; do
    [ -f "tests/fuzz/fuzz_$h.c" ] || { echo "fuzz.sh: no harness tests/fuzz/fuzz_$h.c" >&2; exit 2; }
done
# a campaign's merge: the steps' lines in plan order, the total line, a JSON summary; its list
if [ "$MODE" = cmerge ]; then
    p=0 f=0
    for d in "${CDIRS[@]}"; do
        grep -E '^(PASS|FAIL) ' "$d/stdout"
        p=$((p + $(grep -c '^PASS ' "$d/stdout"))) f=$((f + $(grep -c '^FAIL ' "$d/stdout")))
    done
    echo "fuzz: ${#CDIRS[@]} harnesses, $p passed, $f failed"
    printf '{"tool": "tools/fuzz.sh", "harnesses": %d, "passed": %d, "failed": %d, "verdict": "%s"}\n' \
        "${#CDIRS[@]}" "$p" "$f" "$([ "$f" = 0 ] && echo pass || echo fail)" > "$CJSON.tmp" &&
        mv "$CJSON.tmp" "$CJSON" && echo "  report    $CJSON"
    [ "$f" = 0 ]
    exit $?
fi
if [ "$MODE" = clist ]; then
    for h in "${HARNESSES[@]}"; do echo "  step $h"; done
    exit 0
fi
if [ "$MODE" = cstep ]; then # the steps of one campaign build once, one at a time
    MODE=run
    exec 9> "$ROOT/build/fuzz-build.lock"
    flock 9
fi
if [ "$BUILD" = 1 ]; then
    nice make -s -j2 fuzz > "$ROOT/build/fuzz-build.log" 2>&1 ||
        { echo "FAIL fuzz build: make fuzz failed (build/fuzz-build.log)"; tail -20 build/fuzz-build.log; exit 1; }
fi
exec 9>&- # (a campaign step: the build lock released)

# ---- seed corpora: the project's own files ----------------------------------------------------
seed_litmus() {
    cp litmus/*.litmus "$1"/ 2>/dev/null
    find tests -name '*.litmus' -exec cp {} "$1"/ \; 2>/dev/null
}
seed_mutant() {
    local f
    for f in tests/mutants/*/*.mut tests/mutants/*/netlist/*.mut; do
        [ -f "$f" ] && cp "$f" "$1/$(echo "${f#tests/mutants/}" | tr / _)"
    done
}
# the --param values the tools, tests and docs use, and the names of units and variants
param_words() {
    grep -rhoE -- "--param [a-z_0-9]+=[^ \"'\`),;]+" tools tests docs Makefile 2>/dev/null |
        sed 's/^--param //' | sort -u
}
param_targets() {
    sed -n 's/^GPUCOH_UNIT(unit_\(.*\))$/\1/p' tb/cli/units.def
    grep -rhoE -- "--protocol [a-z]+(-[a-z0-9]+)*" tools tests docs 2>/dev/null | sed 's/^--protocol //' |
        sort -u | grep -v '^both$'
}
seed_param() {
    local t p i=0
    mapfile -t P < <(param_words)
    for t in $(param_targets); do
        printf '%s\n' "$t" > "$1/t-$t"
        printf 'paper:%s\n' "$t" > "$1/paper-$t"
        for p in "${P[@]}"; do printf '%s\n%s\n' "$t" "$p" > "$1/p-$((i++))"; done
    done
}
seed_opts() {
    local i=0 l
    # the command lines of the scripts' gpucoh calls, one word a line behind a mode byte
    grep -rhoE -- '"\$G" [a-z-]+( [a-z-]+)? [^|>&;]*' tools/run_tests.sh 2>/dev/null | head -300 |
        while IFS= read -r l; do
            printf '\001%s\n' "$(echo "${l#\"\$G\" }" | tr ' ' '\n')" > "$1/c-$((i++))"
        done
    printf '\001--seed\n7\n--json=out.json\n--quiet\n' > "$1/basic"
}
seed_known() {
    cp litmus/known-violations.txt "$1/known-violations.txt"
    printf 'tc-weak SB+* rcpc a store buffering outcome # why\n* MP.* * every model\n' > "$1/entries"
    printf '# comment only\n\n   \ngpu-h [a-z]*-x?? ptx reason\n' > "$1/patterns"
}
seed_litgen() {
    local o v i=0
    for o in --shapes --sync --scopes --threads --locs; do
        mapfile -t V < <(grep -rhoE -- "$o [a-zA-Z0-9_.+,-]+" tools tests docs 2>/dev/null |
            sed "s/^$o //" | sort -u | head -8)
        for v in all "${V[@]}"; do printf '%s\n%s\n' "$o" "$v" > "$1/s-$((i++))"; done
    done
    printf -- '--shapes\nMP,SB\n--scopes\ncta,gpu,rm\nno-dedup\n' > "$1/mix"
}
dict_param() {
    { param_words | sed 's/=.*//' | sort -u; param_targets; } | sed 's/.*/"&"/'
}

# ---- one run --------------------------------------------------------------------------------
stat_of() { sed -n "s/^stat::$1: *\([0-9]*\).*/\1/p" "$2" | tail -1; }
run_one() {
    local h=$1 d=$B/$1 bin=$BIN_DIR/fuzz_$1 t0=$SECONDS
    [ -x "$bin" ] || { echo "FAIL fuzz $h: no binary $bin (make fuzz)"; return; }
    mkdir -p "$d/corpus" "$d/previous"
    rm -rf "$d/seed" && mkdir -p "$d/seed" && "seed_$h" "$d/seed"
    find "$d" -maxdepth 1 \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) \
        -exec mv {} "$d/previous/" \;
    local dict=()
    [ -f "tests/fuzz/fuzz_$h.dict" ] && dict=(-dict="tests/fuzz/fuzz_$h.dict")
    if [ "$h" = param ]; then dict_param > "$d/param.dict" && dict=(-dict="$d/param.dict"); fi
    timeout -k 10 $((SECONDS_EACH + 120)) "$bin" -max_total_time="$SECONDS_EACH" -timeout=$HANG_S \
        -rss_limit_mb=$RSS_MB -print_final_stats=1 -close_fd_mask=3 -artifact_prefix="$d/" \
        "${dict[@]}" "$d/corpus" "$d/seed" > "$d/log.txt" 2>&1
    local rc=$? execs cov ft crashes hangs art
    execs=$(stat_of number_of_executed_units "$d/log.txt")
    read -r cov ft < <(sed -n 's/.* cov: \([0-9]*\) ft: \([0-9]*\).*/\1 \2/p' "$d/log.txt" | tail -1)
    crashes=$(find "$d" -maxdepth 1 \( -name 'crash-*' -o -name 'leak-*' -o -name 'oom-*' \) | wc -l)
    hangs=$(find "$d" -maxdepth 1 -name 'timeout-*' | wc -l)
    art=$(find "$d" -maxdepth 1 \( -name 'crash-*' -o -name 'leak-*' -o -name 'oom-*' -o -name 'timeout-*' \) | head -1)
    local line="${execs:-0} execs, ${cov:-0} cov, ${ft:-0} ft, $crashes crashes, $hangs hangs ($((SECONDS - t0)) s)"
    if [ "$rc" -eq 0 ] && [ "$crashes" -eq 0 ] && [ "$hangs" -eq 0 ]; then
        echo "PASS fuzz $h: $line"
    elif [ -n "$art" ]; then
        echo "FAIL fuzz $h: $line: $art; replay: $bin $art"
    else
        echo "FAIL fuzz $h: $line: exit $rc, no artifact ($d/log.txt)"
    fi
}

run_all() { # each harness's line in the order named, then the total line
    local h n=0 p=0 f=0
    for h in "${HARNESSES[@]}"; do
        mkdir -p "$B/$h"
        run_one "$h" > "$B/$h/line.txt" &
        n=$((n + 1))
        if [ "$n" -ge "$JOBS" ]; then wait -n; n=$((n - 1)); fi
    done
    wait
    for h in "${HARNESSES[@]}"; do
        cat "$B/$h/line.txt"
        p=$((p + $(grep -c '^PASS ' "$B/$h/line.txt"))) f=$((f + $(grep -c '^FAIL ' "$B/$h/line.txt")))
    done
    echo "fuzz: ${#HARNESSES[@]} harnesses, $p passed, $f failed"
}

regress() {
    local h f any=0 log
    for h in "${HARNESSES[@]}"; do
        [ -d "tests/fuzz/regress/$h" ] || continue
        mkdir -p "$B/$h"
        for f in tests/fuzz/regress/"$h"/*; do
            [ -f "$f" ] || continue
            any=1
            log="$B/$h/regress-$(basename "$f").log"
            if timeout 60 "$BIN_DIR/fuzz_$h" -timeout=$HANG_S -rss_limit_mb=$RSS_MB "$f" > "$log" 2>&1; then
                echo "PASS fuzz-regress $h/$(basename "$f")"
            else
                echo "FAIL fuzz-regress $h/$(basename "$f"): exit $? ($log); replay: $BIN_DIR/fuzz_$h $f"
            fi
        done
    done
    [ "$any" = 1 ] || echo "PASS fuzz-regress: no regression file yet"
}

# the planted bug: the smoke of each build/fuzz/plant/ harness must say FAIL with an artifact
plant() {
    local h out
    for h in "${HARNESSES[@]}"; do
        out=$(FUZZ_OUT=$B/plant bash "$0" --no-build --bin-dir "$B/plant" --seconds 10 --harness "$h" 2>&1)
        if echo "$out" | grep -q "^FAIL fuzz $h: .* 1 crashes, 0 hangs .*: $B/plant/$h/crash-[0-9a-f]*; replay: "; then
            echo "PASS fuzz-plant $h: the planted bug gives: $out"
        else
            echo "FAIL fuzz-plant $h: the planted bug was not reported: $out"
        fi
    done
}

mkdir -p "$B"
case $MODE in
run) run_all ;;
regress) regress ;;
plant) plant ;;
esac
