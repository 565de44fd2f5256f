#!/usr/bin/env bash
# The bank half of hLRC's single-owner invariant V1, proven on rtl/hlrc/hlrc_l2.sv with
# yosys-smtbmc and z3 (docs/units/hlrc/hlrc_l2.md section 12), the way
# tools/prove_denovo_l2.sh proves DeNovo's registry.
#
#   tools/prove_hlrc_l2.sh                      the proof: BMC from reset to depth K (the base
#                                               case) and k-induction at depth K; exit 0 when
#                                               both pass, 1 when an assertion fails (a trace
#                                               is written and its path printed)
#   tools/prove_hlrc_l2.sh --mutant-file F      the same proof on a copy of the RTL with the
#                                               mutant F applied (tests/mutants/hlrc_l2/
#                                               formal/*.mut: file, find, replace, as `gpucoh
#                                               mutants` reads them); the BMC goes to depth
#                                               MUT_DEPTH to find a reachable counterexample:
#                                               exit 1 when one is found (the mutant is
#                                               caught), 0 when the proof still passes, 2 on an
#                                               error (a find text not in the RTL exactly once)
#   tools/prove_hlrc_l2.sh --param Name=Value...     the proof at another configuration: the
#                                               harness's parameters (tests/formal/
#                                               hlrc_l2_formal.sv, the unit's names) changed
#                                               (not in make test)
#   tools/prove_hlrc_l2.sh --help               this text
#
# What is proven: every `ASSERT` of hlrc_l2.sv, the V1_* / K01_* assertions of the bank half of
# V1 and the formal-only F_* ones included (its parameter Formal = 1;
# tests/formal/gpucoh_assert_formal.svh, read first, makes each an `assert property`), the RTL
# read as Verilator and Yosys read it, in the harness tests/formal/hlrc_l2_formal.sv: the
# reduced configuration of section 12, reset in the first step, every input free.
# The netlist handed to the solver is Yosys's: prep, flatten, techmap and abc -g AND, as
# prove_denovo_l2.sh (z3 4.8.12 needs the bit-level form).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
K=2           # induction depth (yosys-smtbmc -i -t K): the invariants are 1-inductive
MUT_DEPTH=12  # BMC depth of a mutant run: the four mutants fail at steps 6 and 7
OUT=build/formal/hlrc_l2
for t in yosys yosys-smtbmc z3; do
    command -v "$t" >/dev/null || { echo "prove_hlrc_l2: $t not installed (run make deps)" >&2; exit 2; }
done

RTL=rtl/hlrc/hlrc_l2.sv
NAME=rtl
CHP=""
mf=""
while [ $# -gt 0 ]; do
    case $1 in
    --param)
        kv=${2:?--param needs Name=Value}
        [[ $kv =~ ^[A-Z][A-Za-z0-9]*=[0-9]+$ ]] || { echo "prove_hlrc_l2: bad --param $kv" >&2; exit 2; }
        CHP+=" -chparam ${kv%%=*} ${kv#*=}"
        NAME=rtl-p; shift 2 ;;
    --mutant-file) mf=${2:?--mutant-file needs a file}; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "usage: $0 [--param Name=Value]... [--mutant-file F] [--help]" >&2; exit 2 ;;
    esac
done
if [ -n "$mf" ]; then
    [ -f "$mf" ] || { echo "prove_hlrc_l2: no mutant file $mf" >&2; exit 2; }
    # the keys of tb/engine/mutants.c: "key: value", one space after the colon, value verbatim
    key() { sed -n "s/^$1: \{0,1\}//p" "$mf" | head -1; }
    f=$(key file) from=$(key find) to=$(key replace)
    [ "$f" = hlrc/hlrc_l2.sv ] ||
        { echo "prove_hlrc_l2: $mf mutates $f, not hlrc/hlrc_l2.sv" >&2; exit 2; }
    [ "$(grep -cF -- "$from" "rtl/$f")" = 1 ] ||
        { echo "prove_hlrc_l2: $mf: its find text is not in rtl/$f exactly once" >&2; exit 2; }
    NAME=$(basename "$mf" .mut)
    mkdir -p "$OUT/$NAME"
    RTL=$OUT/$NAME/hlrc_l2.sv
    python3 - "rtl/$f" "$RTL" "$from" "$to" <<'PY'
import sys
s = open(sys.argv[1]).read()
open(sys.argv[2], 'w').write(s.replace(sys.argv[3], sys.argv[4], 1))
PY
fi
D=$OUT/$NAME
mkdir -p "$D"
rm -f "$D"/*.vcd "$D"/*.log "$D"/*.smt2
# Yosys 0.23 parses no implication in `assert property`: the FIFO's one assertion,
# Q2_NoOverUnderflow_A (`rst_ni |-> P`, a property of one state), is read as the same
# `!rst_ni || P` from a copy; the file itself is left as it is (gpu_l1, gpu_l2, tc_l1 and tc_l2's
# synthesis fingerprints hash it)
FIFO=$D/gpucoh_fifo.sv
sed 's/rst_ni |-> (/!rst_ni || (/' rtl/prim/gpucoh_fifo.sv > "$FIFO"
[ "$(grep -c -- '|->' "$FIFO")" = 0 ] && [ "$(grep -c -- '!rst_ni || (' "$FIFO")" = 1 ] ||
    { echo "prove_hlrc_l2: the rewrite of gpucoh_fifo.sv's assertion no longer applies" >&2; exit 2; }

t0=$(date +%s)
yosys -q -l "$D/yosys.log" -p "
read_verilog -defer -sv -formal -Irtl/include tests/formal/gpucoh_assert_formal.svh \
    rtl/gpucoh_atom_pkg.sv rtl/hlrc/hlrc_pkg.sv rtl/prim/gpucoh_ffs.sv \
    rtl/prim/gpucoh_ffs2.sv $FIFO rtl/prim/gpucoh_amo.sv $RTL \
    tests/formal/hlrc_l2_formal.sv
hierarchy -check -top hlrc_l2_formal$CHP
prep -top hlrc_l2_formal
flatten
opt -full
techmap
opt -fast
abc -g AND
opt_clean
async2sync
dffunmap
write_smt2 -wires $D/model.smt2" > /dev/null ||
    { echo "prove_hlrc_l2: yosys failed, see $D/yosys.log" >&2; exit 2; }
n=$(grep -c '^; yosys-smt2-assert ' "$D/model.smt2")
echo "prove_hlrc_l2: $NAME: $n assertions ($(grep '^; yosys-smt2-assert ' "$D/model.smt2" |
    awk '{print $4}' | sed 's/^dut\.//' | tr '\n' ' ' | sed 's/ $//'))"

# run_smtbmc LABEL ARGS...: 0 passed, 1 an assertion failed (trace printed), 2 anything else
run_smtbmc() {
    local label=$1; shift
    local log=$D/$label.log t=$(date +%s)
    yosys-smtbmc -s z3 "$@" --dump-vcd "$D/$label.vcd" "$D/model.smt2" > "$log" 2>&1 || true
    if grep -q 'Status: PASSED' "$log"; then
        echo "prove_hlrc_l2: $NAME: $label passed ($(( $(date +%s) - t )) s)"
        rm -f "$D/$label.vcd"
        return 0
    elif grep -q 'Status: FAILED' "$log" && [ -s "$D/$label.vcd" ]; then
        local step
        step=$(sed -n 's/.*Checking assertions in step \([0-9]*\)\.\..*/\1/p' "$log" | tail -1)
        echo "prove_hlrc_l2: $NAME: $label FAILED ($(( $(date +%s) - t )) s)$([ "$label" = bmc ] &&
            echo " at step $step")"
        grep 'Assert failed in' "$log" | sed 's/.*Assert failed in [^:]*: /  assertion failed: /'
        echo "  counterexample: $D/$label.vcd"
        return 1
    fi
    echo "prove_hlrc_l2: $NAME: $label: no verdict, see $log" >&2
    return 2
}

rc=0
if [ -z "$mf" ]; then
    run_smtbmc bmc -t "$K" || rc=$?
    [ "$rc" -eq 0 ] && { run_smtbmc induction -i -t "$K" || rc=$?; }
    [ "$rc" -eq 0 ] && echo "PROVEN hlrc_l2 single-owner (bank half of V1): base case and" \
        "$K-step induction${CHP:+ at$CHP}, $(( $(date +%s) - t0 )) s"
else
    run_smtbmc bmc -t "$MUT_DEPTH" || rc=$?
    [ "$rc" -eq 1 ] && echo "CAUGHT $NAME: the proof fails ($(( $(date +%s) - t0 )) s)"
    [ "$rc" -eq 0 ] && echo "SURVIVED $NAME: no counterexample within $MUT_DEPTH steps"
fi
exit "$rc"
