// SPDX-License-Identifier: Apache-2.0
//
// gpucoh_bytemerge.svh -- the byte-masked merge of docs/units/primitives.md section 3 (rule B1)
// as a function: the one description of the merge, shared by the gpucoh_bytemerge module and
// by a register write that merges (tc_l1's store into its line, rules C07/C08).
//
// Why a function as well as the module: a merge written inside an always_ff under its write
// enable is evaluated by Verilator only when the register is written, a module's continuous
// assignment at every evaluation (three per cycle). For the paper-size L1 (128-byte lines,
// 16 per system) the difference is a third of the L1's simulation time (docs/perf.md). The
// netlist is the same: Yosys inlines both forms into the same byte multiplexers.
//
// Include it inside a module that declares `BmBytes` (bytes per word, 1 .. 256) as a parameter
// or localparam; the function is that module's. No include guard: each module includes it.

// B1: byte b of the result is byte b of new_v where mask[b], else byte b of old_v.
function automatic logic [8*BmBytes-1:0] gpucoh_bytemerge_f(
    input logic [8*BmBytes-1:0] old_v,
    input logic [8*BmBytes-1:0] new_v,
    input logic [BmBytes-1:0]   mask
);
  logic [8*BmBytes-1:0] bits;   // mask with every bit repeated 8 times
  for (int b = 0; b < BmBytes; b++) begin
    bits[8*b +: 8] = {8{mask[b]}};
  end
  gpucoh_bytemerge_f = (old_v & ~bits) | (new_v & bits);   // not return: Yosys 0.23 misparses it
endfunction
