#!/usr/bin/env bash
# The golden tests G1-G6 of docs/units/gtsc/gtsc.md section 10 on the RTL alone
# (tb_gtsc_golden.sv: two gtsc_l1, two gtsc_l2 banks, gtsc_ovf, an interconnect and DRAM in SV),
# run by Verilator with --assert (the units' assertions A1-A14, B1-B8, O1 live), built once per
# variant: Sc 0 (gtsc: G1, G2, G3, G6) and Sc 1 (gtsc-sc: G1-G6).
#   [SC="0 1"] [RTL=dir] [MUTANT=file.mut] [NOASSERT=1] tests/rtl/gtsc_golden/run_gtsc_golden.sh
# RTL: another RTL directory in rtl/'s layout (default rtl/); MUTANT: a tests/mutants/*.mut
# file (file:, find:, replace:) applied to a copy of the RTL first (its find string must occur
# exactly once). SC: the variants to build and run. Prints one line per test and
# "tb_gtsc_golden Sc=V: N checks, M failures" per variant; exit 1 on a failed check or assertion.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
RTL=${RTL:-$ROOT/rtl}
RTL=$(cd "$RTL" && pwd)
SC=${SC:-"0 1"}
OUT=$ROOT/build/rtl_smoke/gtsc_golden${MUTANT:+_$(basename "${MUTANT%.mut}")}
mkdir -p "$OUT"
if [ -n "${MUTANT:-}" ]; then
  rm -rf "$OUT/rtl"
  cp -r "$RTL" "$OUT/rtl"
  RTL=$OUT/rtl
  python3 - "$MUTANT" "$RTL" <<'PY'
import sys
fields = {}
for l in open(sys.argv[1]):
    if l.startswith('#') or ':' not in l:
        continue
    k, v = l.split(':', 1)
    fields[k.strip()] = v[1:].rstrip('\n') if v.startswith(' ') else v.rstrip('\n')
path = sys.argv[2] + '/' + fields['file']
src = open(path).read()
n = src.count(fields['find'])
if n != 1:
    sys.exit('mutant: find string occurs %d times in %s' % (n, path))
open(path, 'w').write(src.replace(fields['find'], fields['replace']))
print('mutant applied: ' + fields['description'])
PY
fi
FILES=("$RTL/gpucoh_atom_pkg.sv" "$RTL/gtsc/gtsc_pkg.sv" "$RTL/prim/gpucoh_fifo.sv"
       "$RTL/prim/gpucoh_ffs.sv" "$RTL/prim/gpucoh_rr_ffs.sv" "$RTL/prim/gpucoh_bytemerge.sv"
       "$RTL/prim/gpucoh_amo.sv" "$RTL/gtsc/gtsc_l1.sv" "$RTL/gtsc/gtsc_l2.sv"
       "$RTL/gtsc/gtsc_ovf.sv" "$ROOT/tests/rtl/gtsc_golden/tb_gtsc_golden.sv")
ASSERT=--assert
[ -z "${NOASSERT:-}" ] || ASSERT=""
fail=0
cd "$OUT"
for sc in $SC; do
  rm -rf "obj_sc$sc"
  nice verilator --binary --timing $ASSERT -Wno-fatal -Wno-lint -Wno-style -GSc=$sc \
      -I"$ROOT/rtl/include" --top-module tb_gtsc_golden "${FILES[@]}" --Mdir "obj_sc$sc" \
      -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0" -o simv > "vl-build-sc$sc.log" 2>&1 || { tail -20 "vl-build-sc$sc.log"; exit 1; }
  "./obj_sc$sc/simv" > "vl-run-sc$sc.log" 2>&1 || fail=1
  grep -E '^(FAIL|tb_gtsc_golden|\[|%Error)' "vl-run-sc$sc.log" | head -40 || true
  grep -q "tb_gtsc_golden: [0-9]* checks, 0 failures" "vl-run-sc$sc.log" || fail=1
  ! grep -q 'Assertion failed\|%Error' "vl-run-sc$sc.log" || fail=1
done
exit $fail
