// SPDX-License-Identifier: Apache-2.0
//
// gpucoh_atom_pkg -- the atomic-operation encoding every family uses: the operation code of a
// word atomic (add, exchange, compare-and-swap) on core_aop_i / req_aop and at gpucoh_amo.
//
// The one place this encoding is written in the RTL (issue 26 item 5). TC and GPU encode it
// identically (cmodel/tc/tc_types.h tc_aop_t, cmodel/gpu/gpu_types.h gpu_aop_t), so it lives in a
// package of its own rather than once per family package; and not in gpucoh_pkg.sv, which every
// committed synthesis result fingerprints byte for byte (docs/framework.md, "Encodings").
// Yosys 0.23 cannot name one package's items inside another package, so tc_pkg and gpu_pkg do
// not repeat it: the units (gpu_l1, gpu_l2) and gpucoh_amo name it as gpucoh_atom_pkg::Name.
// Each item equals both C enum constants named beside it; tests/test_encodings.c checks every
// item against both. Read this file before every other package and unit in each tool's list.

package gpucoh_atom_pkg;

  // Atomic operation on one 32-bit word (tc_aop_t, gpu_aop_t); 3 is no operation (gpucoh_amo
  // leaves the word unchanged; tc_l2.md J6, gpu_l2.md I6).
  typedef enum logic [1:0] {
    AopAdd  = 2'd0,   // TC_AOP_ADD, GPU_AOP_ADD
    AopExch = 2'd1,   // TC_AOP_EXCH, GPU_AOP_EXCH
    AopCas  = 2'd2    // TC_AOP_CAS, GPU_AOP_CAS
  } aop_e;

endpackage
