#!/usr/bin/env bash
# Tests of tools/steal_sweep.sh (rsteal's steal-rate sweep; `make steal-sweep`). One line
# "PASS name" / "FAIL name: why" per check (tools/run_tests.sh counts them); each can fail:
#   bad-rate       --rates 0,1001: exit 2 naming 1001, before any run, --out DIR not created
#   bad-protocol   --protocol gpu-h,nope: exit 2 naming nope; a family (gpu) refused too
#   bad-out        --out under a directory that does not exist: exit 2 naming the parent
#   bad-forms      --rates=0,0 (a repeat), --scale 0, --config huge, --out without a value,
#                  an unknown option: exit 2 each, nothing created
#   tiny-run       --rates 0,50 --protocol gpu-h,gpu-rsp --scale 10 (--opt=value and --opt value
#                  mixed): exit 0, steal-sweep.md has both rates and both variants with a number
#                  in each cycles and messages cell, the csv 4 rows, the png a PNG
#   truncated-csv  gpucoh replaced (GPUCOH=) by a wrapper that cuts compare.csv's last row in
#                  half (inside its counters: every field is still there): exit 1 naming the
#                  file, an older steal-sweep.md left as it was, no csv written
#   failed-run     the wrapper marks a run's result fail: exit 1 naming the variant and result
# Usage: tests/test_steal_sweep.sh  (needs build/gpucoh; some 5 s)
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 1
S=tools/steal_sweep.sh
REAL=$ROOT/build/gpucoh
[ -x "$REAL" ] || { echo "FAIL setup: no build/gpucoh (make build/gpucoh)"; exit 1; }
T=$(mktemp -d "${TMPDIR:-/tmp}/test-steal-sweep.XXXXXX")
trap 'rm -rf "$T"' EXIT
NF=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; NF=$((NF + 1)); }

# expect2 NAME WORD ARGS...: exit 2, stderr names WORD, $T/new not created
expect2() {
    local name=$1 word=$2 rc=0 err; shift 2
    err=$(bash "$S" "$@" 2>&1 >/dev/null) || rc=$?
    echo "  $name: $* -> exit $rc: $err"
    if [ $rc -ne 2 ]; then fail "$name" "exit $rc, not 2"; return 1; fi
    if ! grep -qF -- "$word" <<< "$err"; then fail "$name" "the message does not name '$word'"; return 1; fi
    if [ -e "$T/new" ]; then fail "$name" "$T/new was created"; return 1; fi
    return 0
}

expect2 bad-rate "'1001'" --rates 0,1001 --out "$T/new" && pass "bad-rate: --rates 0,1001 exits 2 naming 1001, nothing created"
expect2 bad-protocol "'nope'" --protocol gpu-h,nope --out "$T/new" &&
    expect2 bad-protocol "'gpu'" --protocol gpu --out "$T/new" &&
    pass "bad-protocol: an unknown name and a family exit 2 naming them"
expect2 bad-out "$T/no/such" --out "$T/no/such/dir" && [ ! -e "$T/no" ] &&
    pass "bad-out: --out under a missing parent exits 2 naming it, nothing created"
expect2 bad-forms "given twice" --rates=0,0 --out "$T/new" &&
    expect2 bad-forms "--scale" --scale 0 --out "$T/new" &&
    expect2 bad-forms "'huge'" --config=huge --out "$T/new" &&
    expect2 bad-forms "--out needs a value" --out &&
    expect2 bad-forms "unknown option '--rate'" --rate 5 --out "$T/new" &&
    pass "bad-forms: a repeated rate, --scale 0, --config huge, --out alone, --rate exit 2"

# a tiny run
rc=0
bash "$S" --rates=0,50 --protocol gpu-h,gpu-rsp --scale 10 --out "$T/run" > "$T/run.log" 2>&1 || rc=$?
md=$T/run/steal-sweep.md
cells=$(awk -F'|' '/^### (Cycles to finish|Messages)/ { t = 1; next } /^### / { t = 0 }
    t && $2 ~ /^ (0|50) $/ { for (i = 3; i <= 4; i++) if ($i ~ /^ [0-9]+ $/) n++ } END { print n + 0 }' "$md" 2>/dev/null)
if [ $rc -ne 0 ]; then
    fail tiny-run "exit $rc: $(tail -n 3 "$T/run.log" | tr '\n' ' ')"
elif ! grep -q '^| steal (per mille) | gpu-h | gpu-rsp |$' "$md"; then
    fail tiny-run "steal-sweep.md has no table headed gpu-h | gpu-rsp"
elif [ "$cells" != 8 ]; then
    fail tiny-run "$cells numeric cells for rates 0 and 50 in the cycles and messages tables, not 8"
elif [ "$(grep -cE '^(0|50),gpu-(h|rsp),[0-9]+,[0-9]+,' "$T/run/steal-sweep.csv")" != 4 ]; then
    fail tiny-run "steal-sweep.csv has not 4 rows rate,variant,cycles,messages"
elif command -v gnuplot > /dev/null && ! head -c 8 "$T/run/steal-sweep.png" | grep -q PNG; then
    fail tiny-run "steal-sweep.png is not a PNG"
elif compgen -G "$T/run/.*.tmp.*" > /dev/null; then
    fail tiny-run "a temporary file was left in the output directory"
else
    pass "tiny-run: rates 0,50 x gpu-h,gpu-rsp: md (8 numeric cells), csv (4 rows), png"
fi

# a gpucoh whose compare.csv is damaged after the run (the sweep must notice and write nothing)
cat > "$T/gpucoh" << EOF
#!/usr/bin/env bash
"$REAL" "\$@"; rc=\$?
out=; prev=
for a in "\$@"; do [ "\$prev" = --out ] && out=\$a; prev=\$a; done
f=\$out/compare.csv
if [ -n "\$out" ] && [ -f "\$f" ]; then
    case \${SWEEP_DAMAGE:-} in
    truncate) n=\$(wc -c < "\$f"); l=\$(tail -n 1 "\$f" | wc -c); truncate -s \$((n - l / 2)) "\$f" ;;
    fail) sed -i '3s/,pass,/,fail,/' "\$f" ;;
    esac
fi
exit \$rc
EOF
chmod +x "$T/gpucoh"
mkdir -p "$T/dmg"
echo "older page" > "$T/dmg/steal-sweep.md"
rc=0
err=$(SWEEP_DAMAGE=truncate GPUCOH=$T/gpucoh bash "$S" --rates 0,50 --protocol gpu-h,gpu-rsp --scale 10 \
    --no-plot --out "$T/dmg" 2>&1) || rc=$?
echo "  truncated-csv: exit $rc: $(grep -v '\[.*/.*\] steal' <<< "$err")"
if [ $rc -ne 1 ]; then fail truncated-csv "exit $rc, not 1"
elif ! grep -q 'steal 0: compare.csv ends inside a row' <<< "$err"; then fail truncated-csv "no message naming the cut row"
elif [ "$(cat "$T/dmg/steal-sweep.md")" != "older page" ] || [ -e "$T/dmg/steal-sweep.csv" ]; then
    fail truncated-csv "an output was written"
else pass "truncated-csv: a compare.csv cut short exits 1 naming the row, writes nothing"; fi

rc=0
err=$(SWEEP_DAMAGE=fail GPUCOH=$T/gpucoh bash "$S" --rates 50 --protocol gpu-h,gpu-rsp --scale 10 \
    --no-plot --out "$T/dmg" 2>&1) || rc=$?
echo "  failed-run: exit $rc: $(grep -v '\[.*/.*\] steal' <<< "$err")"
if [ $rc -ne 1 ]; then fail failed-run "exit $rc, not 1"
elif ! grep -q 'steal 50: gpu-rsp: result fail' <<< "$err"; then fail failed-run "no message naming gpu-rsp's result"
else pass "failed-run: a run that did not pass exits 1 naming it"; fi

[ $NF -eq 0 ]
