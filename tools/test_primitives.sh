#!/usr/bin/env bash
# Run the self-checking testbench of the shared RTL primitives (tests/rtl/tb_primitives.sv) with
# Icarus Verilog, on the primitives of rtl/ or, with --mutant NAME, on a copy with one known bug
# (the testbench must then report failures: tools/run_tests.sh checks both).
#
#   tools/test_primitives.sh                 exit 0 when every check passes
#   tools/test_primitives.sh --mutant ffs    gpucoh_ffs prefix level 3 shifts by 3 instead of 4
#   tools/test_primitives.sh --mutant fifo   gpucoh_fifo head pointer never wraps
#   tools/test_primitives.sh --mutant merge  gpucoh_bytemerge takes byte b from the wrong side
#   tools/test_primitives.sh --mutant amo    gpucoh_amo CAS swaps on a mismatch
#   tools/test_primitives.sh --mutant rr     gpucoh_rr_ffs scan starts one bit late
#   tools/test_primitives.sh --mutant-file F a mutant file of a unit's campaign (tests/mutants/
#                                            **/*.mut, `file: gpucoh_*`) applied the same way:
#                                            every primitive mutant also meets the testbench,
#                                            widest widths included (tools/run_tests.sh)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
OUT=build/primitives
mkdir -p "$OUT"
MUT=$OUT/mutant   # the mutated file of --mutant (none otherwise): emptied on every run
rm -rf "$MUT" "$OUT"/*.sv "$OUT/include"
PRIMS=(gpucoh_ffs gpucoh_ffs2 gpucoh_bytemerge gpucoh_amo gpucoh_fifo gpucoh_rr_ffs)
SRC=()
for p in "${PRIMS[@]}"; do SRC+=("rtl/prim/$p.sv"); done
if [ "${1:-}" = --mutant-file ]; then
    mf=${2:?--mutant-file needs a file}
    [ -f "$mf" ] || { echo "test_primitives: no mutant file $mf" >&2; exit 2; }
    # the keys of tb/engine/mutants.c: "key: value", one space after the colon, value verbatim
    key() { sed -n "s/^$1: \{0,1\}//p" "$mf" | head -1; }
    f=$(key file); from=$(key find); to=$(key replace)
    case $f in prim/gpucoh_*.sv | include/gpucoh_*.svh) ;; *)
        echo "test_primitives: $mf mutates $f, not a shared primitive (rtl/prim/gpucoh_*)" >&2; exit 2 ;;
    esac
    [ "$(grep -cF -- "$from" "rtl/$f")" = 1 ] ||
        { echo "test_primitives: $mf: its find text is not in rtl/$f exactly once" >&2; exit 2; }
    set -- --mutant "file:$mf"
fi
if [ "${1:-}" = --mutant ]; then
    m=${2:?--mutant needs a name}
    case $m in
    file:*) ;; # set above from --mutant-file
    ffs) f=prim/gpucoh_ffs.sv; from='p = p | (p << 4);'; to='p = p | (p << 3);' ;;
    fifo) f=prim/gpucoh_fifo.sv; from="(32'(head_q) == Depth - 32'd1) ? '0 : head_q + PW'(1)"; to="head_q + PW'(1)" ;;
    merge) f=include/gpucoh_bytemerge.svh; from='(old_v & ~bits) | (new_v & bits)'; to='(old_v & bits) | (new_v & ~bits)' ;;
    amo) f=prim/gpucoh_amo.sv; from='(old_o == a_i) ? b_i : old_o'; to='(old_o != a_i) ? b_i : old_o' ;;
    rr) f=prim/gpucoh_rr_ffs.sv; from="pos = 32'(start_i) + 32'(k);"; to="pos = 32'(start_i) + 32'(k) + 32'd1;" ;;
    *) echo "test_primitives: unknown mutant '$m' (ffs, fifo, merge, amo, rr)" >&2; exit 2 ;;
    esac
    grep -qF -- "$from" "rtl/$f" || { echo "test_primitives: mutant $m no longer applies" >&2; exit 2; }
    # the mutated file in a copy of rtl/ (an include file is found there before rtl/include)
    mkdir -p "$MUT/include" "$MUT/prim"
    python3 - "rtl/$f" "$MUT/$f" "$from" "$to" <<'PY'
import sys
s = open(sys.argv[1]).read()
open(sys.argv[2], 'w').write(s.replace(sys.argv[3], sys.argv[4], 1))
PY
    for i in "${!SRC[@]}"; do [ "${SRC[$i]}" = "rtl/$f" ] && SRC[$i]=$MUT/$f; done
fi
# the shared atomic codes first (gpucoh_amo names them)
iverilog -g2012 -I "$MUT/include" -I rtl/include -o "$OUT/tb" rtl/gpucoh_atom_pkg.sv rtl/tc/tc_pkg.sv "${SRC[@]}" \
    tests/rtl/tb_primitives.sv \
    2>&1 | grep -v 'sorry: Case unique\|always_comb process has no sensitivities' || true
[ -f "$OUT/tb" ] || { echo "test_primitives: the testbench did not compile" >&2; exit 2; }
# a mutant run ends at its first failure (+first_fail): it only has to show one
plus=(); [ -n "${m:-}" ] && plus=(+first_fail)
log=$(vvp -n "$OUT/tb" "${plus[@]}" 2>&1 < /dev/null) || true
echo "$log" | tail -12
rm -f "$OUT/tb"
echo "$log" | grep -q 'tb_primitives: [0-9]* checks, 0 failures'
