#!/usr/bin/env bash
# The registry half of DeNovo's single-owner invariant V1, proven on rtl/denovo/denovo_l2.sv with
# yosys-smtbmc and z3 (docs/units/denovo/denovo_l2.md section 11).
#
#   tools/prove_denovo_l2.sh                    the proof: BMC from reset to depth K (the base
#                                               case) and k-induction at depth K; exit 0 when
#                                               both pass, 1 when an assertion fails (a trace
#                                               is written and its path printed)
#   tools/prove_denovo_l2.sh --mutant-file F    the same proof on a copy of the RTL with the
#                                               mutant F applied (tests/mutants/denovo_l2/
#                                               formal/*.mut: file, find, replace, as `gpucoh
#                                               mutants` reads them); the BMC goes to depth
#                                               MUT_DEPTH to find a reachable counterexample:
#                                               exit 1 when one is found (the mutant is
#                                               caught), 0 when the proof still passes, 2 on an
#                                               error (a find text not in the RTL exactly once)
#   tools/prove_denovo_l2.sh --param Name=Value...   the proof at another configuration: the
#                                               harness's parameters (tests/formal/
#                                               denovo_l2_formal.sv, the unit's names) changed
#                                               (not in make test; e.g. NumSm=3 L2Sets=2
#                                               L2Mshrs=2 L2Queue=2 WbQueue=2, about 80 s)
#
# What is proven: every `ASSERT` of denovo_l2.sv, the formal-only F_* ones included (its
# parameter Formal = 1; tests/formal/gpucoh_assert_formal.svh, read first, makes each an
# `assert property`), the RTL read as Verilator and Yosys read it, in the harness
# tests/formal/denovo_l2_formal.sv: the reduced
# configuration of section 11 (AddrWidth 16, the smallest legal value, for section 11's 8),
# reset in the first step, every input free but I5 (req_src_i < NumSm).
# The netlist handed to the solver is Yosys's: prep, flatten, techmap and abc -g AND (an
# and-inverter graph of the same logic); z3 4.8.12 (Debian 12) needs the bit-level form: on the
# word-level SMT-LIB it spends minutes in one define-fun (a Bool ite of the way lookup) before
# the first check.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
K=2           # induction depth (yosys-smtbmc -i -t K): the invariants are 1-inductive
MUT_DEPTH=16  # BMC depth of a mutant run: the two mutants fail at steps 8 and 5
OUT=build/formal/denovo_l2
P=prove_denovo_l2
UNIT=denovo/denovo_l2.sv
# shellcheck source=tools/prove_lib.sh
. tools/prove_lib.sh

prove_args "$@"
prove_dir
prove_model "rtl/gpucoh_atom_pkg.sv rtl/denovo/denovo_pkg.sv rtl/prim/gpucoh_ffs.sv \
    rtl/prim/gpucoh_ffs2.sv rtl/prim/gpucoh_rr_ffs.sv $RTL tests/formal/denovo_l2_formal.sv" \
    denovo_l2_formal
prove_run "denovo_l2 single-owner (registry half of V1)"
