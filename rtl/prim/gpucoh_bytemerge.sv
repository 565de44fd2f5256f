// SPDX-License-Identifier: Apache-2.0
//
// gpucoh_bytemerge -- byte-masked merge of two equally wide data words: byte b of the result is
// byte b of new_i where mask_i[b], else byte b of old_i. No state.
//
// Used wherever a partial store meets a line: tc_l2 (a write or a merged write into the line);
// tc_l1 calls the same description as a function (rtl/include/gpucoh_bytemerge.svh) inside its
// line write (rules C07/C08). Specification:
// docs/units/prim/primitives.md section 3.
//
// Parameters (an illegal value stops elaboration with a message naming it):
//   Bytes   bytes per word; 1 .. 256 (default 16)
//
// Ports:
//   old_i[8*Bytes], new_i[8*Bytes]   the two words
//   mask_i[Bytes]                    bit b selects byte b of new_i
//   merged_o[8*Bytes]                the merge
//
// Numbered rules:
//   B1 merged_o[8b +: 8] = mask_i[b] ? new_i[8b +: 8] : old_i[8b +: 8].

`include "gpucoh_assert.svh"

module gpucoh_bytemerge #(
  parameter bit [31:0] Bytes = 32'd16
) (
  input  logic [8*Bytes-1:0] old_i,
  input  logic [8*Bytes-1:0] new_i,
  input  logic [Bytes-1:0]   mask_i,
  output logic [8*Bytes-1:0] merged_o
);

  `ASSERT_ELAB(B0_Bytes_A, Bytes >= 1 && Bytes <= 256,
               "gpucoh_bytemerge: illegal Bytes (legal: 1 .. 256)")

  // B1, described once in gpucoh_bytemerge.svh (also used inside registers' write enables)
  localparam bit [31:0] BmBytes = Bytes;
`include "gpucoh_bytemerge.svh"
  assign merged_o = gpucoh_bytemerge_f(old_i, new_i, mask_i);

endmodule
