#!/usr/bin/env bash
# Directed test of rule T12 (the spin bump) in rtl/gtsc/gtsc_l1.sv: golden test G7 of
# docs/units/gtsc/gtsc.md section 15.1 and the spin counter's rows (tb_gtsc_l1_spin.sv), run by
# Verilator (--assert: the L1's assertions A1-A14 live). Icarus 11 only compiles it: vvp does not
# finish a gtsc_l1 simulation once requests flow, already with 3aae33c's RTL (before T12; its
# memory grows, an always_comb re-triggering; not traced).
#   [NOASSERT=1] tests/rtl/gtsc_spin/run_gtsc_spin.sh   (NOASSERT: the testbench's checks alone)
# Prints "tb_gtsc_l1_spin: N checks, M failures"; exit 1 on a failure or a failed assertion.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
OUT=$ROOT/build/rtl_smoke/gtsc_spin
mkdir -p "$OUT"
cd "$OUT"
FILES=(rtl/gpucoh_atom_pkg.sv rtl/gtsc/gtsc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_ffs.sv
       rtl/prim/gpucoh_rr_ffs.sv rtl/prim/gpucoh_bytemerge.sv rtl/gtsc/gtsc_l1.sv
       tests/rtl/gtsc_spin/tb_gtsc_l1_spin.sv)
fail=0
rm -rf obj_dir
ASSERT=--assert
[ -z "${NOASSERT:-}" ] || ASSERT=""
nice verilator --binary --timing $ASSERT -Wno-fatal -Wno-lint -Wno-style \
    -I"$ROOT/rtl/include" --top-module tb_gtsc_l1_spin "${FILES[@]/#/$ROOT/}" \
    -o simv > vl-build.log 2>&1 || { tail -20 vl-build.log; exit 1; }
./obj_dir/simv > vl-run.log 2>&1 || fail=1
grep -E '^(FAIL|tb_gtsc_l1_spin|\[|%Error)' vl-run.log | head -30 || true
grep -q 'tb_gtsc_l1_spin: [0-9]* checks, 0 failures' vl-run.log || fail=1
! grep -q 'Assertion failed\|%Error' vl-run.log || fail=1
# Icarus 11: compile only
nice iverilog -g2012 -I"$ROOT/rtl/include" -s tb_gtsc_l1_spin -o tb.vvp "${FILES[@]/#/$ROOT/}" \
    > iv-build.log 2>&1 || { echo "iverilog: compile failed (see $OUT/iv-build.log)"; fail=1; }
exit $fail
