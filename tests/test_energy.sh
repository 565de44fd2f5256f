#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# tests/test_energy.sh -- the fast checks of the energy figures (docs/area-method.md section 8):
# OpenSTA's power against a hand calculation on one flop and one inverter, the page gate
# (docs/energy.md is what the committed results regenerate), the results' freshness, the plot's
# link and script, the systems' traffic filter that the cache controllers' points use (C models
# only), and the negative checks (a tampered result, a tampered page, a tampered fingerprint, bad
# arguments, a re-stamp it cannot trace). No netlist is co-simulated or synthesized (about 10 seconds). Exit 0 if every check
# passes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
LIB=${GPUCOH_LIBERTY:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "PASS $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. OpenSTA against the hand calculation (tests/energy/tiny.v: clk -> DFFPOSX1 -> INVX1 -> 0.01 pF).
# The liberty's DFFPOSX1 CLK internal_power at input transition 0.06 / 0.24 ns: rise 0.006865 /
# 0.006943 pJ, fall 0.11034 / 0.129769 pJ; at the 0.1 ns clock slew (linear): rise 0.0068823,
# fall 0.1146576; one rise and one fall a 10 ns cycle: 0.1215399 pJ / 10 ns = 1.215399e-5 W.
# Switching: 1/2 C V^2 a toggle, 0.5 toggles a cycle: Q's net (INVX1 A, 0.00932456 pF)
# 0.5 * 0.00932456e-12 * 1.8^2 * 0.05e9 = 7.55289e-7 W; the inverter's (0.01 pF) 8.1e-7 W.
if grep -q '"0.006865, 0.006943, 0.030508, 0.076138, 0.112244, 0.183321"' "$LIB" &&
    grep -q '"0.11034, 0.129769, 0.160216, 0.216283, 0.258089, 0.338194"' "$LIB" &&
    grep -q 'capacitance : 0.00932456;' "$LIB"; then
    ok "the liberty holds the table values of the hand calculation"
else
    bad "the liberty holds the table values of the hand calculation ($LIB)"
fi
val=$(bash synth/energy.sh --validate 2> "$tmp/val.err") || true
awk '{ print "     " $0 }' <<< "$val"
check_val() { # NAME ROW COLUMN EXPECTED REL_TOL
    local got
    got=$(awk -v r="$2" -v c="$3" '$1 == r { print $(c + 1) }' <<< "$val")
    if [ -n "$got" ] && awk -v g="$got" -v e="$4" -v t="$5" 'BEGIN { d = (g - e) / e; exit !(d <= t && d >= -t) }'; then
        ok "$1 ($got W, hand $4 W)"
    else
        bad "$1 (got '${got:-nothing}', hand $4 W)"
    fi
}
check_val "OpenSTA charges the flop's clock pin twice the liberty energy (rise + fall per transition)" clk_ff 1 2.430798e-5 0.001
check_val "OpenSTA's switching power of Q's net is 1/2 C V^2 per toggle" tog_ff 2 7.55289e-7 0.001
check_val "OpenSTA's switching power of the output net is 1/2 C V^2 per toggle" tog_inv 2 8.1e-7 0.001
# the per-instance interpolation (synth/energy.sh power_of_run): power at activity 0.5 is the mean of
# the powers at 0 and 1 (set_power_activity -global), and at 0.5 equals the per-pin figures above
for c in ff inv; do
    for col in 1 2; do
        mid=$(awk -v col="$col" -v c="$c" '$1 == "g0_" c { a = $(col + 1) } $1 == "g1_" c { b = $(col + 1) } END { if (a != "" && b != "") printf "%.8e", (a + b) / 2 }' <<< "$val")
        [ "$c" = ff ] && [ "$col" = 1 ] && continue # the flop's D pin toggles under -global, not in tog_ff
        check_val "OpenSTA's $c power (column $col) is linear in the activity: at 0.5 the mean of 0 and 1" "g5_$c" "$col" "${mid:-1}" 0.0001
        check_val "OpenSTA's $c power (column $col) at global activity 0.5 is the per-pin figure" "g5_$c" "$col" "$(awk -v col="$col" -v c="$c" '$1 == "tog_" c { print $(col + 1) }' <<< "$val")" 0.0001
    done
done

# 2. the page gate and 3. freshness
if bash synth/report_energy.sh > "$tmp/page.md" 2> "$tmp/report.err" && diff -u docs/energy.md "$tmp/page.md" > "$tmp/page.diff"; then
    ok "docs/energy.md is what synth/report_energy.sh writes from synth/results"
else
    cat "$tmp/report.err" "$tmp/page.diff" | head -20
    bad "docs/energy.md is what synth/report_energy.sh writes from synth/results"
fi
list=$(bash synth/energy.sh --list 2>&1) || true
awk '{ print "     " $0 }' <<< "$list"
if [ -n "$list" ] && ! grep -qE ' (stale|missing) ' <<< "$list" && grep -q ' up-to-date ' <<< "$list"; then
    ok "every energy point is up to date (synth/energy.sh --list)"
else
    bad "every energy point is up to date (synth/energy.sh --list)"
fi

# 3a. the plot (synth/plot_energy.sh, make energy): the page links it, the image is there, and
# the script refuses results it cannot plot (a directory without them: exit 2, a message)
if grep -q '(energy.png)' docs/energy.md && [ -s docs/energy.png ]; then
    ok "docs/energy.md links docs/energy.png"
else
    bad "docs/energy.md links docs/energy.png (and the image is there)"
fi
mkdir -p "$tmp/empty"
rc=0
bash synth/plot_energy.sh --results "$tmp/empty" "$tmp/e.png" > /dev/null 2> "$tmp/plot.err" || rc=$?
if [ $rc = 2 ] && grep -q 'no energy result' "$tmp/plot.err" && [ ! -e "$tmp/e.png" ]; then
    ok "synth/plot_energy.sh without results: exit 2, $(head -1 "$tmp/plot.err")"
else
    bad "synth/plot_energy.sh without results: exit $rc, not 2 with a message"
fi

# 3b. the traffic's operation filter (tb/sys/traffic.c), which the cache controllers' points use:
# C models only, 3000 cycles (well under a second); the issued counts of each filtered run
G=${GPUCOH_TEST_BIN:-build/gpucoh} # another binary: the check shown failing on one without the filter
issued() { # FILTER PROTOCOL -> "LOAD n STORE n ..." of the run's traffic line
    local envs=(GPUCOH_ROOT="$PWD")
    [ "$1" = unset ] || envs+=(GPUCOH_ENERGY_OPS="$1")
    env "${envs[@]}" "$G" cosim system --impl c --protocol "$2" --cycles 3000 --seed 1 \
        --out "$tmp/sys" 2> /dev/null | sed -n 's/^traffic: issued: //p'
}
only_kinds() { # ISSUED KINDS...: the kinds given issued something, every other kind nothing
    local line=$1 k n any=0; shift
    for k in LOAD STORE ATOMIC FENCE ACQUIRE RELEASE STORE_LINE LOAD_LINE; do
        n=$(awk -v k="$k" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }' <<< "$line")
        [ -n "$n" ] || return 1
        if [[ " $* " == *" $k "* ]]; then any=$((any + n)); elif [ "$n" != 0 ]; then return 1; fi
    done
    [ $any -gt 0 ] || [ $# = 0 ]
}
if [ -x "$G" ]; then
    all=$(issued unset tc-weak) none=$(issued none tc-weak) ld=$(issued load tc-weak)
    st=$(issued store,fence gpu-d) aq=$(issued acquire gpu-d)
    echo "     unfiltered: $all"
    if only_kinds "$none" && only_kinds "$ld" LOAD LOAD_LINE && only_kinds "$st" STORE STORE_LINE FENCE &&
        only_kinds "$aq" ACQUIRE && ! only_kinds "$all" LOAD LOAD_LINE; then
        ok "the traffic filter issues only the classes asked for (none: $none; load: $ld)"
    else
        bad "the traffic filter issues only the classes asked for (none: '$none'; load: '$ld'; store,fence: '$st'; acquire: '$aq')"
    fi
else
    bad "the traffic filter: $G not built (make build)"
fi

# 4. negative checks
mkdir "$tmp/res"
cp synth/results/energy_*.energy.txt "$tmp/res/"
f=$(find "$tmp/res" -name "energy_*.energy.txt" | sort | head -1)
awk '/_pj_per_op / && !done { $2 = $2 * 1.1; done = 1 } { print }' "$f" > "$f.t" && mv "$f.t" "$f"
if ! bash synth/report_energy.sh --results "$tmp/res" > /dev/null 2> "$tmp/neg.err" &&
    grep -q "$(basename "$f")" "$tmp/neg.err"; then
    ok "a result with a tampered pJ/op is refused, the point named: $(head -1 "$tmp/neg.err")"
else
    bad "a result with a tampered pJ/op is refused, the point named"
fi
# shellcheck disable=SC2016 # backquotes of markdown, not an expansion
sed 's/^| `\([a-z_0-9]*\)` | \([0-9]*\) |/| `\1` | 1\2 |/' docs/energy.md > "$tmp/wrong.md"
if ! cmp -s "$tmp/wrong.md" docs/energy.md && ! diff -q "$tmp/wrong.md" "$tmp/page.md" > /dev/null; then
    ok "a page with a wrong cell count differs from what the results regenerate"
else
    bad "a page with a wrong cell count differs from what the results regenerate"
fi
cp synth/results/energy_*.energy.txt "$tmp/res/"
awk '$1 == "inputs_sha256" { $2 = "0" substr($2, 2) } { print }' "$f" > "$f.t" && mv "$f.t" "$f"
stale=$(ENERGY_RESULTS="$tmp/res" bash synth/energy.sh --list 2>&1 | grep -c ' stale ' || true)
if [ "$stale" = 1 ]; then
    ok "a result with another fingerprint is listed stale"
else
    bad "a result with another fingerprint is listed stale ($stale stale)"
fi
# synth/energy_restamp.sh (docs/area-method.md section 8.1, "Re-stamping") refuses a stale result
# it cannot trace to REV's C side: here the tampered fingerprint, traced to HEAD (nothing built)
pt=$(basename "$f" .energy.txt); pt=${pt#energy_}
cp "$f" "$tmp/before"
rc=0
ENERGY_RESULTS="$tmp/res" bash synth/energy_restamp.sh --from HEAD --only "^$pt\$" > "$tmp/rs.out" 2> "$tmp/rs.err" || rc=$?
if [ $rc = 1 ] && grep -q "^energy_restamp: $pt: not measured with REV's C side" "$tmp/rs.err" &&
    grep -q '^energy_restamp: 0 re-stamped, 1 failed' "$tmp/rs.out" && cmp -s "$f" "$tmp/before"; then
    ok "energy_restamp refuses a result it cannot trace to REV, the file unchanged: $(grep "$pt:" "$tmp/rs.err" | head -1 | cut -c1-100)"
else
    bad "energy_restamp refuses a result it cannot trace to REV, the file unchanged (exit $rc): $(tail -1 "$tmp/rs.err")"
fi
rc=0
ENERGY_RESULTS="$tmp/res" bash synth/energy_restamp.sh --from HEAD --only '^no-such-point$' > "$tmp/rs.out" 2> "$tmp/rs.err" || rc=$?
if [ $rc = 0 ] && grep -q 'no stale point' "$tmp/rs.err"; then
    ok "energy_restamp with no stale point selected: exit 0, nothing written"
else
    bad "energy_restamp with no stale point selected: exit $rc"
fi
# refused (exit 2, a message): SCRIPT and its arguments, one word list a case
refused() {
    local script=$1 a rc; shift
    for a in "$@"; do
        rc=0
        # shellcheck disable=SC2086 # the arguments are words on purpose
        bash "$script" $a > /dev/null 2> "$tmp/arg.err" || rc=$?
        if [ $rc = 2 ] && [ -s "$tmp/arg.err" ]; then
            ok "$script $a: exit 2, $(head -1 "$tmp/arg.err")"
        else
            bad "$script $a: exit $rc, not 2 with a message"
        fi
    done
}
if bash synth/energy_restamp.sh --help | grep -q '^Usage: synth/energy_restamp.sh --from REV'; then
    ok "synth/energy_restamp.sh --help prints its usage"
else
    bad "synth/energy_restamp.sh --help prints its usage"
fi
refused synth/energy_restamp.sh "--bogus" "--from" "--from no-such-rev" "--only" "--from HEAD --only (" ""
refused synth/energy.sh "--only no-such-point" "--bogus" "--only"

echo "test_energy: $pass passed, $fail failed"
[ $fail = 0 ]
