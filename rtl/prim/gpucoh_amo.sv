// SPDX-License-Identifier: Apache-2.0
//
// gpucoh_amo -- the atomic ALU: one read-modify-write of a 32-bit word of a line (add,
// exchange, compare-and-swap). No state.
//
// Used by the units that perform atomics: tc_l2 (rule C5 of docs/system.md), gpu_l2 (A01)
// and gpu_l1 (CTA-scope atomics, C16; gpu_types.h has the same codes). Specification:
// docs/units/prim/primitives.md section 4. The operation encoding is every family's (0 add,
// 1 exchange, 2 CAS: rtl/gpucoh_atom_pkg.sv, read before this file; tc_aop_t, gpu_aop_t); other
// codes leave the word unchanged.
//
// Parameters (an illegal value stops elaboration with a message naming it):
//   Words   32-bit words per line; 1 .. 64 (default 4)
//
// Ports:
//   line_i[32*Words]       the line before the operation
//   word_i[WI]             the word operated on, WI = max(1, log2 Words) bits (the caller
//                          reduces the request's word number mod Words)
//   aop_i[2]               0 add, 1 exchange, 2 compare-and-swap, 3 none
//   a_i[32], b_i[32]       operands: add a, exchange to a, CAS compare with a and swap in b
//   old_o[32]              the word before the operation (the atomic's return value)
//   line_o[32*Words]       the line after it
//
// Numbered rules:
//   A1 old_o = line_i[32*word_i +: 32].
//   A2 new = old + a (add, modulo 2^32) | a (exchange) | (old == a ? b : old) (CAS) | old.
//   A3 line_o = line_i with word word_i replaced by new.

`include "gpucoh_assert.svh"

module gpucoh_amo #(
  parameter bit [31:0] Words = 32'd4
) (
  input  logic [32*Words-1:0]                          line_i,
  input  logic [((Words > 1) ? $clog2(Words) : 1)-1:0] word_i,
  input  logic [1:0]                                   aop_i,
  input  logic [31:0]                                  a_i,
  input  logic [31:0]                                  b_i,
  output logic [31:0]                                  old_o,
  output logic [32*Words-1:0]                          line_o
);

  `ASSERT_ELAB(A0_Words_A, Words >= 1 && Words <= 64,
               "gpucoh_amo: illegal Words (legal: 1 .. 64)")

  // The operation codes every family uses (tc_aop_t, gpu_aop_t and gsys_aop_t are the same
  // numbers): the shared package rtl/gpucoh_atom_pkg.sv, not a family package.
  localparam logic [1:0] AopAdd  = 2'(gpucoh_atom_pkg::AopAdd);
  localparam logic [1:0] AopExch = 2'(gpucoh_atom_pkg::AopExch);
  localparam logic [1:0] AopCas  = 2'(gpucoh_atom_pkg::AopCas);

  logic [31:0] new_w;
  assign old_o = line_i[32*word_i +: 32];                            // A1
  always_comb begin                                                  // A2
    unique case (aop_i)
      AopAdd:  new_w = old_o + a_i;
      AopExch: new_w = a_i;
      AopCas:  new_w = (old_o == a_i) ? b_i : old_o;
      default: new_w = old_o;
    endcase
  end
  for (genvar w = 0; w < Words; w++) begin : g_word                  // A3
    assign line_o[32*w +: 32] = (32'(word_i) == w) ? new_w : line_i[32*w +: 32];
  end

endmodule
