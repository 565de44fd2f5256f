// SPDX-License-Identifier: Apache-2.0
//
// gpucoh_ffs -- find first set: the lowest set bit of a vector, as a one-hot vector and as an
// index, in logarithmic depth (a prefix OR, then an OR-tree encoder). No state.
//
// Used for "the lowest free entry", "the first matching way" and similar scans (tc_l2's MSHR
// match and free-entry search; gpucoh_ffs2 for the two lowest). Specification:
// docs/units/prim/primitives.md section 1.
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

  // F2: below[i] = |vec_i[i-1:0] (exclusive prefix OR), word by word: inside each 32-bit word a
  // five-level Kogge-Stone network (x |= x << 1, 2, 4, 8, 16 after a shift by one), across
  // words an OR of the lower words. Log depth in the netlist; in Verilator a few operations on
  // 32-bit words per word (a shift of the whole wide vector costs a library call per level).
  localparam int NW = (Width + 31) / 32;                 // 32-bit words
  logic [NW*32-1:0] vec_pad;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [NW*32-1:0] below_pad;                           // bits >= Width are padding
  /* verilator lint_on UNUSEDSIGNAL */
  logic [Width-1:0] below;
  always_comb begin
    logic        lower;   // some bit of a lower word is set
    logic [31:0] w, p;
    vec_pad   = (NW*32)'(vec_i);
    below_pad = '0;
    lower     = 1'b0;
    for (int k = 0; k < NW; k++) begin
      w = vec_pad[32*k +: 32];
      p = w << 1;
      p = p | (p << 1);
      p = p | (p << 2);
      p = p | (p << 4);
      p = p | (p << 8);
      p = p | (p << 16);
      below_pad[32*k +: 32] = p | {32{lower}};
      lower = lower | (|w);
    end
  end
  assign below = below_pad[Width-1:0];

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
