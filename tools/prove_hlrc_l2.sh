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
P=prove_hlrc_l2
UNIT=hlrc/hlrc_l2.sv
HELP=1
# shellcheck source=tools/prove_lib.sh
. tools/prove_lib.sh

prove_args "$@"
prove_dir
prove_fifo
prove_model "rtl/gpucoh_atom_pkg.sv rtl/hlrc/hlrc_pkg.sv rtl/prim/gpucoh_ffs.sv \
    rtl/prim/gpucoh_ffs2.sv $FIFO rtl/prim/gpucoh_amo.sv $RTL \
    tests/formal/hlrc_l2_formal.sv" hlrc_l2_formal
prove_run "hlrc_l2 single-owner (bank half of V1)"
