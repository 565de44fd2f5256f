#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# tests/test_sim_compare.sh -- tools/sim_compare.sh (Verilator's options and Icarus on one replay
# testbench, docs/perf-sim.md) on a small unit, Icarus only (no Verilator build: some 10 s):
# the recorded pins replay with 0 mismatches; the replay can fail (one expected output bit
# flipped after the reset is a mismatch at that cycle); vcd_replay.awk and the tool refuse bad
# input with exit 2 and create no directory. The timed Verilator variants are the tool's own
# runs (docs/perf-sim.md), not part of this test. Exit 0 = all hold.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
# shellcheck source=tests/check_lib.sh
. tests/check_lib.sh # T, fails, pass, fail, expect NAME WANT CMD...
S=tools/sim_compare.sh

expect "an unknown variant is refused" 2 bash $S --variants icarus,v-fast tc_timer
expect "an unknown unit is refused" 2 bash $S --variants icarus tc_nope
expect "a unit without a lockstep of its own is refused" 2 bash $S --variants icarus tc_l1
expect "--cycles below 10 is refused" 2 bash $S --cycles 5 tc_timer
expect "--config other than small or paper is refused" 2 bash $S --config big tc-weak:sm0_l1
expect "an unknown protocol is refused" 2 bash $S --variants icarus nope-proto:sm0_l1
expect "--work under a missing directory is refused" 2 bash $S --work "$T/no/such" tc_timer
if [ -e "$T/no" ]; then fail "the refused --work created $T/no"; else pass "the refused --work created nothing"; fi
# shellcheck disable=SC2016 # a VCD's keywords, not shell expansions
printf '%s\n' '$scope module TOP $end' '$var wire 1 ! clk_i $end' '$var wire 1 " a_i $end' \
    '$var wire 1 # b_o $end' '$upscope $end' '$enddefinitions $end' '#0' '0!' '0"' '0#' '#1' '1!' > "$T/w.vcd"
expect "vcd_replay.awk: a scope the wave lacks" 2 awk -v scope=nope -v dir="$T" -f tools/vcd_replay.awk "$T/w.vcd"
expect "vcd_replay.awk: a one-cycle wave" 0 awk -v scope=TOP -v dir="$T" -f tools/vcd_replay.awk "$T/w.vcd"

W=$T/work
mkdir "$W"
expect "tc_timer replays under Icarus with 0 mismatches" 0 bash $S --cycles 200 --repeat 1 --min-cpu 0 \
    --variants icarus --work "$W" --json "$T/r.json" tc_timer
if grep -q '^PASS tc_timer icarus: [0-9]* cycles, 0 mismatches' "$T/out" &&
    grep -q '"verdict": "PASS"' "$T/r.json"; then
    pass "the summary line and the JSON report say so"
else
    fail "no PASS line or JSON verdict"; sed 's/^/        | /' "$T/out" | tail -n 8
fi

# one output bit of cycle 100 (well after the reset) flipped: the replay must count it
D=$W/tc_timer
if [ -f "$D/expo.hex" ]; then
    awk 'NR == 101 { c = substr($0, length($0), 1); n = index("0123456789abcdef", c) - 1
                     $0 = substr($0, 1, length($0) - 1) substr("1032547698badcfe", n + 1, 1) } 1' \
        "$D/expo.hex" > "$D/expo.new" && mv "$D/expo.new" "$D/expo.hex"
    out=$( (cd "$D" && icarus/sim +repeat=1) 2>&1) || true
    if grep -q '^replay: 200 cycles, 1 mismatches, first at 100' <<< "$out"; then
        pass "a flipped expected bit at cycle 100 is one mismatch, first at 100"
    else
        fail "a flipped expected bit was not caught: $(grep replay: <<< "$out")"
    fi
else
    fail "no recording in $D"
fi

echo "test_sim_compare: $fails failure(s)"
[ "$fails" = 0 ]
