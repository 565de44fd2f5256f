// SPDX-License-Identifier: Apache-2.0
//
// gpucoh_ffs2 -- find the two lowest set bits of a vector, in logarithmic depth: two
// gpucoh_ffs, the second on the vector without the first bit. No state.
//
// Used where a request needs up to two free entries (tc_l2: a miss that also evicts takes the
// two lowest free MSHRs, rule M7) and to detect "more than one bit set" (a duplicate match, M1).
// Specification: docs/units/prim/primitives.md section 2.
//
// Parameters (an illegal value stops elaboration with a message naming it):
//   Width   bits of vec_i; 1 .. 1024 (default 8)
//
// Ports:
//   vec_i[Width]                          the vector
//   first_valid_o, first_idx_o[IW]        the lowest set bit (index 0 when none)
//   second_valid_o, second_idx_o[IW]      the second lowest set bit (index 0 when none)
//   IW = max(1, log2 Width)
//
// Numbered rules:
//   S1 first_* = gpucoh_ffs(vec_i).
//   S2 second_* = gpucoh_ffs(vec_i without the first set bit); second_valid_o means at least
//      two bits of vec_i are set.

`include "gpucoh_assert.svh"

module gpucoh_ffs2 #(
  parameter bit [31:0] Width = 32'd8
) (
  input  logic [Width-1:0]                             vec_i,
  output logic                                         first_valid_o,
  output logic [((Width > 1) ? $clog2(Width) : 1)-1:0] first_idx_o,
  output logic                                         second_valid_o,
  output logic [((Width > 1) ? $clog2(Width) : 1)-1:0] second_idx_o
);

  `ASSERT_ELAB(S0_Width_A, Width >= 1 && Width <= 1024,
               "gpucoh_ffs2: illegal Width (legal: 1 .. 1024)")

  logic [Width-1:0] first_oh;    // the lowest set bit alone
  logic [Width-1:0] rest;        // vec_i without it
  /* verilator lint_off UNUSEDSIGNAL */
  logic [Width-1:0] second_oh;   // unused: the index is what callers need
  /* verilator lint_on UNUSEDSIGNAL */

  gpucoh_ffs #(.Width(Width)) u_first (        // S1
    .vec_i   (vec_i),
    .valid_o (first_valid_o),
    .onehot_o(first_oh),
    .idx_o   (first_idx_o)
  );

  assign rest = vec_i & ~first_oh;

  gpucoh_ffs #(.Width(Width)) u_second (       // S2
    .vec_i   (rest),
    .valid_o (second_valid_o),
    .onehot_o(second_oh),
    .idx_o   (second_idx_o)
  );

endmodule
