// SPDX-License-Identifier: Apache-2.0
//
// gpucoh_rr_ffs -- rotating find first set: the first set bit of a vector met in the circular
// order start, start+1, .., Width-1, 0, .., start-1, as an index. No state.
//
// Used for the round-robin victim searches from a set's rr pointer: gpu_l1 (L7 rules 2 and 3),
// gpu_l2 (E3 rules 2 and 3) and tc_l1 (L6, the first V way). Specification:
// docs/units/prim/primitives.md section 6. The scan is the loop the three units wrote inline (the
// same description, so the same netlist); the caller keeps the pointer and its update.
//
// Parameters (an illegal value stops elaboration with a message naming it):
//   Width   bits of vec_i; 1 .. 64 (default 8)
//
// Ports:
//   vec_i[Width]    the vector (the ways that qualify)
//   start_i[IW]     where the scan starts, IW = max(1, log2 Width) bits; legal: < Width (the
//                   callers' rr pointers are; see R3 for other values)
//   valid_o         some bit of vec_i is set (R1)
//   idx_o[IW]       the first set bit from start_i, circularly; 0 when none (R2)
//
// Numbered rules:
//   R1 valid_o = |vec_i (for start_i < Width).
//   R2 idx_o = (start_i + k) mod Width for the least k in 0 .. Width-1 with that bit set; 0 when
//      valid_o is 0.
//   R3 Step k looks at bit start_i + k, less Width once when that is >= Width (a bit number
//      beyond Width-1, reachable only with start_i >= Width, reads as 0): the inline scans'
//      exact arithmetic, kept so that the units are bit-identical to what they were.

`include "gpucoh_assert.svh"

module gpucoh_rr_ffs #(
  parameter bit [31:0] Width = 32'd8
) (
  input  logic [Width-1:0]                             vec_i,
  input  logic [((Width > 1) ? $clog2(Width) : 1)-1:0] start_i,
  output logic                                         valid_o,
  output logic [((Width > 1) ? $clog2(Width) : 1)-1:0] idx_o
);

  `ASSERT_ELAB(R0_Width_A, Width >= 1 && Width <= 64,
               "gpucoh_rr_ffs: illegal Width (legal: 1 .. 64)")

  localparam int IW = (Width > 1) ? $clog2(Width) : 1;   // index width

  logic [31:0] pos;   // start_i + k mod Width (loop temporary, R3)
  always_comb begin
    valid_o = 1'b0;
    idx_o   = '0;
    pos     = '0;
    for (int k = 0; k < Width; k++) begin
      pos = 32'(start_i) + 32'(k);
      if (pos >= Width) begin
        pos = pos - Width;
      end
      if (!valid_o && vec_i[pos]) begin
        idx_o   = IW'(pos);
        valid_o = 1'b1;
      end
    end
  end

endmodule
