#!/usr/bin/env bash
# The G-TSC bank's lease invariant I1 (docs/units/gtsc/gtsc.md section 11: every V or D line
# has 1 <= wts <= rts), proven on rtl/gtsc/gtsc_l2.sv with yosys-smtbmc and z3
# (docs/units/gtsc/gtsc_l2.md, "Proof"), the way tools/prove_hlrc_l2.sh proves hLRC's bank.
#
#   tools/prove_gtsc_l2.sh                      the proof: BMC from reset to depth K (the base
#                                               case) and k-induction at depth K; exit 0 when
#                                               both pass, 1 when an assertion fails (a trace
#                                               is written and its path printed)
#   tools/prove_gtsc_l2.sh --mutant-file F      the same proof on a copy of the RTL with the
#                                               mutant F applied (tests/mutants/gtsc_l2/
#                                               formal/*.mut); the BMC goes to depth MUT_DEPTH:
#                                               exit 1 when a counterexample is found (the
#                                               mutant is caught), 0 when none, 2 on an error
#   tools/prove_gtsc_l2.sh --param Name=Value...     another configuration of the harness
#                                               (tests/formal/gtsc_l2_formal.sv, the unit's names)
#   tools/prove_gtsc_l2.sh --help               this text
#
# What is proven: B3_Lease_A (I1) and B9_MemTsPos_A (mem_ts >= 1, the auxiliary invariant: a
# fill's wts is mem_ts), in the harness tests/formal/gtsc_l2_formal.sv: reset in the first step,
# every input free (lease_i, tsrst_i, every request field, stray DRAM fills). The unit's other
# assertions are deleted from the model (KEEP, tools/prove_lib.sh): they need invariants of the
# tags and MSHR entries this proof does not carry (B1, B2, R2), or constrain an input (B6); every
# lockstep run checks them. The netlist handed to the solver is Yosys's (prep, flatten, techmap,
# abc -g AND), as for the other proofs.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
K=2           # induction depth (yosys-smtbmc -i -t K): I1 with B9 is 1-inductive
MUT_DEPTH=10  # BMC depth of a mutant run
OUT=build/formal/gtsc_l2
P=prove_gtsc_l2
UNIT=gtsc/gtsc_l2.sv
HELP=1
KEEP="B3_Lease_A B9_MemTsPos_A B10_MshrWays_A B11_LegalKinds_A"
# shellcheck source=tools/prove_lib.sh
. tools/prove_lib.sh

prove_args "$@"
prove_dir
prove_fifo
prove_model "rtl/gpucoh_atom_pkg.sv rtl/gtsc/gtsc_pkg.sv rtl/prim/gpucoh_ffs.sv \
    rtl/prim/gpucoh_rr_ffs.sv $FIFO rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv $RTL \
    tests/formal/gtsc_l2_formal.sv" gtsc_l2_formal
prove_run "gtsc_l2 lease invariant I1 (B3, with B9-B11)"
