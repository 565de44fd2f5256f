// SPDX-License-Identifier: Apache-2.0
//
// gpucoh_ffs -- find first set: the lowest set bit of a vector, as a one-hot vector and as an
// index, in logarithmic depth (a Kogge-Stone prefix OR, then an OR-tree encoder). No state.
//
// Used for "the lowest free entry", "the first matching way" and similar scans (tc_l2's MSHR
// match and free-entry search; gpucoh_ffs2 for the two lowest). Specification:
// docs/units/primitives.md section 1.
//
// Parameters (an illegal value stops elaboration with a message naming it):
//   Width   bits of vec_i; 1 .. 1024 (default 8)
//
// Ports:
//   vec_i[Width]         the vector
//   valid_o              some bit of vec_i is set
//   onehot_o[Width]      the lowest set bit of vec_i alone (0 when none)
//   idx_o[IW]            its index, IW = max(1, log2 Width) bits (0 when none)
//
// Numbered rules:
//   F1 valid_o = |vec_i.
//   F2 onehot_o[i] = vec_i[i] && !(|vec_i[i-1:0]); at most one bit of onehot_o is set.
//   F3 idx_o = the i with onehot_o[i], 0 when valid_o is 0.

`include "gpucoh_assert.svh"

module gpucoh_ffs #(
  parameter bit [31:0] Width = 32'd8
) (
  input  logic [Width-1:0]                             vec_i,
  output logic                                         valid_o,
  output logic [Width-1:0]                             onehot_o,
  output logic [((Width > 1) ? $clog2(Width) : 1)-1:0] idx_o
);

  `ASSERT_ELAB(F0_Width_A, Width >= 1 && Width <= 1024,
               "gpucoh_ffs: illegal Width (legal: 1 .. 1024)")

  localparam int IW = (Width > 1) ? $clog2(Width) : 1;   // index width
  localparam int Lv = IW;                                // prefix levels

  // F2: below[i] = |vec_i[i-1:0] (exclusive prefix OR) by a Kogge-Stone network: start from
  // vec_i shifted up by one; level l ORs in the vector shifted up by 2^l. Lv levels of
  // whole-vector ORs (fast in Verilator; log depth in the netlist).
  logic [Width-1:0] below;
  always_comb begin
    below = vec_i << 1;
    for (int l = 0; l < Lv; l++) begin
      below = below | (below << (1 << l));
    end
  end

  assign valid_o  = |vec_i;                 // F1
  assign onehot_o = vec_i & ~below;        // F2

  // F3: index bit b is the OR of the one-hot bits whose index has bit b set: a constant mask
  // per index bit (an OR tree each in the netlist; a few word operations in Verilator).
  function automatic logic [Width-1:0] idx_bit_mask(input int b);
    for (int i = 0; i < Width; i++) begin
      idx_bit_mask[i] = ((i >> b) & 1) == 1;
    end
  endfunction

  for (genvar b = 0; b < IW; b++) begin : g_idx
    localparam logic [Width-1:0] Sel = idx_bit_mask(b);
    assign idx_o[b] = |(onehot_o & Sel);
  end

endmodule
